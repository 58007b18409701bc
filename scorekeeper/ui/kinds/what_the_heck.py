"""WHAT THE HECK? in the app: the point card turned up, the card each player played, who took the pot."""
from __future__ import annotations

from typing import Any, Mapping

from scorekeeper.i18n import N_, _, _n, _p
from scorekeeper.rules import InvalidEntry, what_the_heck
from scorekeeper.rules.sheet import SheetRow

from ..viewmodels.auction_entry import AuctionEntry, collected_text
from ..viewmodels.texts import card_text
from .base import CardCell, CardRow, KindUI, Option, Shown

MOST_CARDS = 60  # a range a table could hold in its hands


class WhatTheHeckUI(KindUI):
    kind = what_the_heck.KIND
    title = "WHAT THE HECK?"  # i18n: not shown (a game's proper name, the same in every language)
    presets = what_the_heck.PRESETS
    offered = ("what-the-heck",)
    # The deck's ranges are "virtual" options, turned into the card lists by with_changes.
    options = (
        Option("point_low", N_("Lowest point card (a minus card)"), "int"),
        Option("point_high", N_("Highest point card"), "int"),
        Option("player_high", N_("Player cards: 1 to"), "int"),
    )
    # Translators: the heading of a score card's first column (the point card turned up in each round)
    head_word = Shown(N_("Point card"))
    entry = AuctionEntry

    rule_lines_with_options = (1, 2)  # the deck's two lines, beside the fields that set them

    def option_value(self, rules: Any, name: str) -> Any:
        if name == "point_low":
            return min(rules.point_cards)
        if name == "point_high":
            return max(rules.point_cards)
        if name == "player_high":
            return max(rules.player_cards)
        return getattr(rules, name)

    def with_changes(self, base: Any, changes: dict[str, Any]) -> Any:
        changes = dict(changes)
        if {"point_low", "point_high", "player_high"} & set(changes):
            low = changes.pop("point_low", min(base.point_cards))
            high = changes.pop("point_high", max(base.point_cards))
            top = changes.pop("player_high", max(base.player_cards))
            if low > -1:
                raise InvalidEntry(_("The lowest point card must be a minus card (−1 or lower), not {value}.",
                                     value=low))
            if high < 1:
                raise InvalidEntry(_("The highest point card must be 1 or more, not {value}.", value=high))
            if top < 1:
                raise InvalidEntry(_("Player cards go from 1 to at least 1, not {value}.", value=top))
            if high - low > MOST_CARDS or top > MOST_CARDS:
                raise InvalidEntry(_("That is more cards than a table can play: keep the ranges within {most} cards.",
                                     most=MOST_CARDS))
            changes["point_cards"] = tuple(range(low, 0)) + tuple(range(1, high + 1))
            changes["player_cards"] = tuple(range(1, top + 1))
        return super().with_changes(base, changes)

    def summary_line(self, rules: Any) -> str:
        return _n("{count} round, one per point card ({cards})", "{count} rounds, one per point card ({cards})",
                  rules.rounds, cards=what_the_heck.cards_text(rules.point_cards))

    def describes_itself(self, rules: Any) -> bool:
        return True  # its words name no number a table changes

    def score_row(self, game: Any, row: SheetRow) -> CardRow:
        played, totals = row.step, row.totals
        cells = []
        for seat, name in enumerate(game.players):
            card = played.played[seat]
            took = played.taker == seat
            tied = seat in played.cancelled
            sub = f"+{played.value}" if took and played.value >= 0 else (card_text(played.value) if took else "")
            said = {"number": played.number, "name": name, "card": card_text(card), "total": card_text(totals[seat])}
            if took:
                label = _("Round {number}, {name}: played {card}, took {taken}, total {total}",
                          taken=card_text(played.value), **said)
            elif tied:
                label = _("Round {number}, {name}: played {card}, tied, total {total}", **said)
            else:
                label = _("Round {number}, {name}: played {card}, total {total}", **said)
            cells.append(CardCell(seat, card_text(card), sub, "good" if took else ("bad" if tied else None), label))
        pot = ", ".join(card_text(c) for c in played.pot)
        if played.outcome == "carried":
            # Translators: under a round's point card on the score card: nobody took it, it goes to the next round
            note = _p("a score card row", "carried")
        elif played.outcome == "nobody":
            # Translators: under a round's point card on the score card: nobody took it (the game's last round)
            note = _p("a score card row", "nobody")
        elif len(played.pot) > 1:  # taken, and the carried cards went with it
            # Translators: under a round's point card on the score card: what the cards taken were worth
            note = _("for {value}", value=card_text(played.value))
        else:
            note = ""
        point_card = card_text(played.point_card)
        if len(played.pot) > 1:
            head_label = _("Round {number}: point card {card} (for {pot})", number=played.number, card=point_card,
                           pot=pot)
        else:
            head_label = _("Round {number}: point card {card}", number=played.number, card=point_card)
        return CardRow(played.number - 1, point_card, note, head_label, tuple(cells))

    def detail(self, game: Any, seat: int) -> str:
        return collected_text(game, seat)

    def progress_extra(self, game: Any) -> str:
        carried = game.carried_over()
        if not carried:
            return ""
        return " · " + _("carried over: {cards}", cards=", ".join(card_text(c) for c in carried))

    def legend(self, game: Any) -> str:
        return _("Each row: the point card turned up, then the card each player played; green took the point "
                 "cards (their worth below), red tied and cancelled out.")

    def stats_detail(self, counters: Mapping[str, int]) -> str:
        if not counters.get("rounds_played"):
            return ""
        return "; " + ", ".join((
            _n("took {taken} of {count} round", "took {taken} of {count} rounds", counters["rounds_played"],
               taken=counters.get("rounds_taken", 0)),
            _n("{count} minus card", "{count} minus cards", counters.get("minus_cards_taken", 0))))
