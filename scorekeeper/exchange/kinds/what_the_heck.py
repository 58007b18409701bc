"""WHAT THE HECK?'s part of the file formats: its CSV columns and rows."""
from __future__ import annotations

from scorekeeper.i18n import _

from typing import Any

from scorekeeper.rules import what_the_heck
from scorekeeper.rules.sheet import SheetRow

from ..common import ExchangeError
from ..csv_cells import Row, all_or_none, numbers_text, same_for_the_round, whole
from ..csv_kind import KindCsv

class WhatTheHeckCsv(KindCsv):
    """Per round the point card turned up and the pot at stake (with cards carried over), per player the
    card played, the outcome (took / tied / carried / nobody), the points and the running total."""

    kind = what_the_heck.KIND
    columns = ("game_id", "started_at", "game", "round", "point_card", "pot", "player", "seat", "played",
               "outcome", "points", "total")
    computed = ("pot", "outcome", "points", "total")
    number_columns = frozenset({"point_card", "played", "points", "total"})
    list_columns = frozenset({"pot"})
    every_round = True  # one round per point card: the length is known

    def cells(self, game, row: SheetRow, seat: int) -> dict[str, str]:
        played_round = row.step
        if played_round.taker == seat:
            outcome = "took"
        elif played_round.outcome in ("carried", "nobody"):  # every card tied: a fact of the round
            outcome = played_round.outcome
        else:
            outcome = "tied" if seat in played_round.cancelled else ""
        return {"point_card": str(played_round.point_card), "pot": numbers_text(played_round.pot),
                "played": str(played_round.played[seat]), "outcome": outcome,
                "points": str(row.points[seat])}

    def wrong_computed(self, plural: bool, **params: Any) -> str:
        if plural:
            # Translators: {column} is a CSV column's name as the file has it (points); {rules} the rules' name.
            return _("{where}: the {column} are {value}, but the point card and the cards played under {rules} give "
                     "{right}. The {column} are worked out from the entries: correct whichever is wrong.", **params)
        # Translators: {column} is a CSV column's name as the file has it (pot, outcome); {rules} the rules' name.
        return _("{where}: the {column} is {value}, but the point card and the cards played under {rules} give "
                 "{right}. The {column} is worked out from the entries: correct whichever is wrong.", **params)

    def hint(self, game, played_round, seat: int) -> str:
        pot = " + ".join(str(card) for card in played_round.pot)
        if played_round.taker is not None:
            return _("{name} took the pot of {pot}", name=game.players[played_round.taker], pot=pot)
        if played_round.carried:
            return _("every card tied, so the pot is carried")
        return _("every card tied, so nobody takes the pot")

    def action(self, index: int, rows: list[Row], players: list[str], where: str, source: str,
               absent: frozenset[int] = frozenset()) -> dict | None:
        point_card = same_for_the_round(rows, "point_card", where)
        played = all_or_none(rows, "played", where, source, "card played")  # i18n: not shown (the refusal says it)
        if not point_card and played is None:
            return None
        if not point_card:
            raise ExchangeError(_("{where}: cards are played but the point card is empty; fill in the point card "
                                  "turned up.", where=where))
        if played is None:
            raise ExchangeError(_("{where}: the point card is {point_card} but no card is played; fill in the card "
                                  "each player played.", where=where, point_card=point_card))
        return {"type": "round", "round": index,
                "point_card": whole(point_card, "point_card", rows[0].line, source, required=True), "played": played}
