"""The score card: hands as rows, players as columns, running totals and standings (all from the engine)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper.i18n import _, _n
from scorekeeper.rules import Game, outcome, signed
from scorekeeper.rules.outcome import PLAYING

from ..kinds import KindRow, kind_ui
from .kind_entry import played_rounds
from .texts import TOTAL_KEYS, away_key, away_text, card_text, leader_line, place_texts


@dataclass(frozen=True)
class Cell:
    seat: int
    bid: int | None
    tricks: int | None
    points: int | None
    total: int | None  # running total after this hand (None until the hand is played)
    made: bool | None
    label: str  # for screen readers: "Hand 3, Ann: bid 2, took 2, +14, total 40"
    adjustment: int | None = None  # points the table added at this hand (rules.adjustments), in the total
    away: str = ""  # not in this hand (rules.roster): "sat out", "left", "start" (joins next hand), "—"
    bonus: int = 0  # of the points, what bonuses earned (Skull King's captures)

    @property
    def points_note(self) -> str:
        """The small line under the points: the bonus in them, and what the table added at this hand."""
        parts = []
        if self.bonus:
            # Translators: under a score card cell's points, the part of them bonuses earned: "bonus +10"
            parts.append(_("bonus {points}", points=signed(self.bonus)))
        if self.adjustment:
            # Translators: short for "adjusted", above the points the table added or took off at this hand: "adj. +10"
            parts.append(_("adj. {points}", points=signed(self.adjustment)))
        return " ".join(parts)

    @property
    def points_text(self) -> str:
        return "" if self.points is None else signed(self.points)

    @property
    def total_text(self) -> str:
        return "" if self.total is None else card_text(self.total)


@dataclass(frozen=True)
class HandRow:
    index: int
    number: int
    cards: int
    dealer: str
    trump: str
    current: bool  # the hand being entered now
    played: bool
    cells: tuple[Cell, ...]
    against_hook: bool = False  # the dealer's forbidden bid, recorded against the hook (the hand was played so)

    @property
    def label(self) -> str:
        if self.against_hook:
            return _n("Hand {number}: {count} card, {dealer} deals, recorded against the dealer's hook",
                      "Hand {number}: {count} cards, {dealer} deals, recorded against the dealer's hook",
                      self.cards, number=self.number, dealer=self.dealer)
        return _n("Hand {number}: {count} card, {dealer} deals", "Hand {number}: {count} cards, {dealer} deals",
                  self.cards, number=self.number, dealer=self.dealer)


@dataclass(frozen=True)
class StandingRow:
    place: int
    place_text: str  # "1st", "=2nd" when shared
    seat: int
    name: str
    score: int
    made: int
    played: int
    leader: bool

    @property
    def made_text(self) -> str:
        # Translators: how many of a player's bids were made: "3 of 5 made"
        return _("{made} of {played} made", made=self.made, played=self.played)

    @property
    def score_text(self) -> str:
        return card_text(self.score)


class ScoreCard:
    def __init__(self, game: Game, status: str = PLAYING):
        self.game = game
        self.verdict = outcome(game, status)  # storage's status: a game over has no hand under way, its own verdict

    @property
    def players(self) -> list[str]:
        return self.game.players

    def rows(self) -> list[HandRow]:
        game = self.game
        current = game.current if self.verdict.status == PLAYING else None
        curve = game.running_totals()
        rows = []
        for index, hand in enumerate(game.hands):
            cells = []
            for seat, name in enumerate(game.players):
                bid = hand.bids[seat] if hand.bids is not None else None
                took = hand.tricks[seat] if hand.tricks is not None else None
                points = hand.points[seat] if hand.points is not None else None
                total = curve[index][seat] if index < len(curve) else None
                made = None if hand.made is None else hand.made[seat]
                if seat in hand.absent:
                    cells.append(self._away(index, seat, name, total))
                    continue
                extra = game.extra(index)
                adjusted = extra[seat] if extra is not None and extra[seat] and took is not None else None
                bonus = game.bonus_of(hand, seat) if took is not None else 0
                said = {"number": hand.number, "name": name, "bid": bid, "took": took}
                if bid is None:
                    label = _("Hand {number}, {name}: no bid yet", **said)
                elif took is None:
                    label = _("Hand {number}, {name}: bid {bid}", **said)
                elif adjusted:
                    label = _("Hand {number}, {name}: bid {bid} took {took}, {points}, adjusted {adjusted}, "
                              "total {total}", **said, points=signed(points), adjusted=signed(adjusted),
                              total=card_text(total))
                elif bonus:
                    label = _("Hand {number}, {name}: bid {bid} took {took}, {points} with a bonus of {bonus}, "
                              "total {total}", **said, points=signed(points), bonus=signed(bonus), total=card_text(total))
                else:
                    label = _("Hand {number}, {name}: bid {bid} took {took}, {points}, total {total}", **said,
                              points=signed(points), total=card_text(total))
                cells.append(Cell(seat, bid, took, points, total, made, label, adjusted, bonus=bonus))
            rows.append(HandRow(index=index, number=hand.number, cards=hand.cards, dealer=game.players[hand.dealer],
                                trump=hand.trump_label, current=index == current, played=hand.played,
                                cells=tuple(cells), against_hook=hand.against_hook))
        return rows

    def _away(self, index: int, seat: int, name: str, total: int | None) -> Cell:
        """The cell of a player not in hand `index` (away_word), with the total going on where it says one."""
        key, why = away_key(self.game, index, seat, total is not None), self.game.absence(index, seat)
        word = away_text(key)
        number = index + 1
        if key not in TOTAL_KEYS:
            return Cell(seat, None, None, None, None, None, _("Hand {number}, {name}: {why}", number=number, name=name,
                                                              why=why), away=word)
        if total is None:
            said = _("Hand {number}, {name}: {why}", number=number, name=name, why=why)
        elif key == "start":
            said = _("Hand {number}, {name}: {why}, starting from {total}", number=number, name=name, why=why,
                     total=card_text(total))
        elif key == "sat out":
            said = _("Hand {number}, {name}: sat out, total {total}", number=number, name=name, total=card_text(total))
        else:
            said = _("Hand {number}, {name}: {why}, total {total}", number=number, name=name, why=why,
                     total=card_text(total))
        return Cell(seat, None, None, None, total, None, said, away=word)

    def totals(self) -> list[int]:
        return self.game.totals()

    def total_texts(self) -> list[str]:
        """The totals row as shown (and read out): "−10"."""
        return [card_text(total) for total in self.game.totals()]

    def standings(self) -> list[StandingRow]:
        verdict = self.verdict
        made = self.game.made_counts()
        played = [row["hands_played"] for row in self.game.stats()]  # (a hand sat out is not one played)
        return [
            StandingRow(place=s.place, place_text=place_text, seat=s.seat, name=s.name, score=s.score,
                        made=made[s.seat], played=played[s.seat], leader=s.seat in verdict.leaders)
            for s, place_text in zip(verdict.standings, place_texts(verdict.standings))
        ]

    def leader_line(self) -> str:
        return leader_line(self.verdict, _("No hand played yet"))

    def progress_line(self) -> str:
        played, total = self.game.progress()
        return _n("{played} of {count} hand played", "{played} of {count} hands played", total, played=played)


# ----------------------------------------------------------------------------------------------
# The score card of the kinds scored in points per round (each kind's UI module draws its rows)
# ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class KindStanding:
    place_text: str
    seat: int
    name: str
    score: int
    detail: str  # kind-specific: cards collected, hands gone out, rounds best
    leader: bool


class KindCard:
    """Rounds as rows, players as columns: the points and running totals (and, for WHAT THE HECK?, the
    card each played and who took the point cards)."""

    def __init__(self, game: Any, status: str = PLAYING):
        self.game = game
        self.verdict = outcome(game, status)  # (as ScoreCard's)

    @property
    def players(self) -> list[str]:
        return self.game.players

    @property
    def head_word(self) -> str:
        return kind_ui(self.game).head_word

    def _played(self) -> list[Any]:
        return played_rounds(self.game)

    def rows(self) -> list[KindRow]:
        """One row per round (hand) played, as the kind's UI module draws it."""
        ui, game = kind_ui(self.game), self.game
        return [ui.score_row(game, played, totals) for played, totals in zip(self._played(), game.running_totals())]

    def totals(self) -> list[int]:
        return self.game.totals()

    def detail(self, seat: int) -> str:
        return kind_ui(self.game).detail(self.game, seat)

    def standings(self) -> list[KindStanding]:
        verdict = self.verdict
        return [KindStanding(place_text, s.seat, s.name, s.score, self.detail(s.seat), s.seat in verdict.leaders)
                for s, place_text in zip(verdict.standings, place_texts(verdict.standings))]

    def leader_line(self) -> str:
        nothing_yet = _("No hand played yet") if self.game.unit == "hand" else _("No round played yet")
        return leader_line(self.verdict, nothing_yet)

    def progress_line(self) -> str:
        game = self.game
        # Translators: {progress} is "6 of 15 hands" or "4 rounds"
        line = _("{progress} played", progress=self.verdict.progress_text)
        target = getattr(game.rules, "target", None)
        if target:
            line += " · " + _("the game ends at {target}", target=target)
        return line + kind_ui(game).progress_extra(game)

    def legend(self) -> str:
        return kind_ui(self.game).legend(self.game)
