"""Game over: final standings with the winner's bonus and, where the rules settle up, who pays whom."""
from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from scorekeeper import i18n
from scorekeeper.i18n import _
from scorekeeper.rules import PLAYING, Game, InvalidEntry, outcome
from scorekeeper.rules.awards import awards
from ..kinds import kind_ui
from scorekeeper.rules.common import names_text

from .texts import card_text
from .texts import place_texts


@dataclass(frozen=True)
class FinalRow:
    place_text: str
    name: str
    total: int  # before the bonus
    bonus: int
    final: int
    winner: bool

    @property
    def total_text(self) -> str:
        """"−5 + 10" with the winner's bonus, else the total alone (a real minus sign below zero)."""
        return f"{card_text(self.total)} + {self.bonus}" if self.bonus else card_text(self.total)

    @property
    def final_text(self) -> str:
        return card_text(self.final)


def money(amount: Decimal) -> str:
    """An amount as the language writes it, with cents only when there are some: "1,234.50", "12"."""
    rounded = round(Decimal(amount), 2)
    return i18n.number(rounded, decimals=0 if rounded == rounded.to_integral_value() else 2)


class GameOver:
    def __init__(self, game: Game, status: str | None = None):
        self.game = game
        self.status = status  # storage's "playing", "finished" or "abandoned", when known
        self.outcome = outcome(game, status or PLAYING)  # the one verdict every screen and export shows

    def rows(self) -> list[FinalRow]:
        verdict = self.outcome
        return [
            FinalRow(place_text=place_text, name=s.name, total=verdict.totals[s.seat], bonus=verdict.bonus[s.seat],
                     final=verdict.final_scores[s.seat], winner=s.seat in verdict.winners)
            for s, place_text in zip(verdict.standings, place_texts(verdict.standings))
        ]

    @property
    def finished(self) -> bool:
        """Every round is in, or the table finished an open-ended game (a score pad without a target)."""
        return self.outcome.decided

    @property
    def ended_early(self) -> bool:
        return self.outcome.ended_early

    def headline(self) -> str:
        return self.outcome.headline()  # the engine's sentence, as the recap picture says it too

    @property
    def lowest_wins(self) -> bool:
        """The rules engine's direction of play (HIT THE DECK, a score pad with lowest wins)."""
        return not self.outcome.highest_wins

    def about_line(self) -> str:
        """"HIT THE DECK · Ann, Bob, Cy · lowest total wins": the game, the players and, where the
        lowest total wins and the headline does not say so (standings in play, a game ended early), that."""
        name = self.game.rules.display_name
        line = f"{name} · {', '.join(self.game.players)}"
        stored = self.game.rules.stored_name  # (the name in English: "Score pad, lowest wins")
        said = self.finished or "lowest" in stored.lower()  # "Score pad, lowest wins" says it already
        return line + (" · " + _("lowest total wins") if self.lowest_wins and not said else "")

    def bonus_line(self) -> str | None:
        """"Winner's bonus: +10", when the engine gave one (never to a game ended early)."""
        bonus = max(self.outcome.bonus, default=0)
        if not bonus:
            return None
        if len(self.outcome.winners) > 1:
            return _("Winner's bonus: +{bonus} each (tied)", bonus=bonus)
        return _("Winner's bonus: +{bonus}", bonus=bonus)

    def award_lines(self) -> list[tuple[str, str, str]]:
        """(key, "Boldest zero: Bob", "bid 0 and took none with 8 cards in hand 8"): the engine's awards."""
        # Translators: an award and who won it: "Boldest zero: Bob"
        return [(award.key, _("{award}: {names}", award=award.title, names=names_text(self.outcome.names(award.seats))),
                 award.detail)
                for award in awards(self.game, self.outcome)]

    @property
    def has_settlement(self) -> bool:
        return kind_ui(self.game).has_settlement(self.game)

    def parse_stake(self, text: str) -> Decimal | str:
        """A stake per point typed by the table (blank: 1; a decimal comma will do), or why the
        rules can't use it."""
        text = text.strip().replace(",", ".") or "1"
        try:
            return self.game.settlement(text).stake
        except InvalidEntry as error:
            return str(error)

    def settlement_lines(self, stake: Decimal) -> list[str]:
        settlement = self.game.settlement(stake)
        names = self.game.players
        if not settlement.payments:
            return [_("Everyone finished level: nobody pays.")]
        return [_("{payer} pays {payee} {amount}", payer=names[p.payer], payee=names[p.payee], amount=money(p.amount))
                for p in settlement.payments]

    def net_lines(self, stake: Decimal) -> list[str]:
        settlement = self.game.settlement(stake)
        lines = []
        for seat, amount in enumerate(settlement.net):
            name = self.game.players[seat]
            if amount > 0:
                lines.append(_("{name} wins {amount} in all", name=name, amount=money(amount)))
            elif amount < 0:
                lines.append(_("{name} pays {amount} in all", name=name, amount=money(-amount)))
            else:
                lines.append(_("{name} is even", name=name))
        return lines
