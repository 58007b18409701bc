"""HIT THE DECK's part of the file formats: its CSV columns and rows."""
from __future__ import annotations

from scorekeeper import i18n
from scorekeeper.i18n import _

from typing import Any

from scorekeeper.rules import hit_the_deck
from scorekeeper.rules.sheet import SheetRow
from scorekeeper.rules.common import excerpt

from ..common import ExchangeError
from ..csv_cells import Row, YES, number_list, numbers_text, whole
from ..csv_kind import KindCsv

class HitTheDeckCsv(KindCsv):
    """Per player and hand: who went out (yes), the quick count of the cards left when one was entered
    (number_cards "4 2", specials 2; empty when the points were entered directly), points and total."""

    kind = hit_the_deck.KIND
    seated = True  # (the table columns at_table and start)
    columns = ("game_id", "started_at", "game", "hand", "player", "seat", "went_out", "number_cards", "specials",
               "points", "total")
    out_columns = ("went_out", "number_cards", "specials", "points")
    computed = ("points", "total")
    number_columns = frozenset({"specials", "points", "total"})
    list_columns = frozenset({"number_cards"})

    def cells(self, game, row: SheetRow, seat: int) -> dict[str, str]:
        hand = row.step
        count = hand.counts[seat]
        return {"went_out": YES if seat == hand.out else "",
                "number_cards": "" if count is None else numbers_text(count.numbers),
                "specials": "" if count is None else str(count.specials),
                "points": str(row.points[seat])}

    def wrong_computed(self, plural: bool, **params: Any) -> str:
        if plural:
            # Translators: {column} is a CSV column's name as the file has it (points); {rules} the rules' name.
            return _("{where}: the {column} are {value}, but the cards counted under {rules} give {right}. The "
                     "{column} are worked out from the entries: correct whichever is wrong.", **params)
        # Translators: {column} is a CSV column's name as the file has it; {rules} the rules' name.
        return _("{where}: the {column} is {value}, but the cards counted under {rules} give {right}. The {column} "
                 "is worked out from the entries: correct whichever is wrong.", **params)

    def hint(self, game, hand, seat: int) -> str:
        name = game.players[seat]
        if seat == hand.out:
            return _("{name} went out and scores 0", name=name)
        count = hand.counts[seat]
        # Translators: {count} is the quick count of the cards left, as the score card shows it ("4 + 2 = 6").
        return _("{name}'s count: {count}", name=name, count=count.text) if count is not None else ""

    def action(self, index: int, rows: list[Row], players: list[str], where: str, source: str,
               absent: frozenset[int] = frozenset()) -> dict | None:
        for row in rows:
            if row["went_out"].lower() not in (YES, ""):
                raise ExchangeError(_("{where}: went_out is {value} on line {line}; write yes for the player who went "
                                      "out and leave the others empty.", where=where, value=excerpt(row["went_out"]),
                                      line=row.line))
        out = [seat for seat, row in enumerate(rows) if row["went_out"].lower() == YES]
        if not out and not any(row["number_cards"] or row["specials"] or row["points"] for row in rows):
            return None
        if len(out) > 1:
            raise ExchangeError(_("{where}: {players} all went out; write yes in went_out for the one player who played "
                                  "their last card.", where=where, players=i18n.listing([players[seat] for seat in out])))
        if not out:
            raise ExchangeError(_("{where}: nobody went out; write yes in went_out for the one player who played their "
                                  "last card.", where=where))
        left: list[Any] = []
        for seat, row in enumerate(rows):
            name = players[seat]
            if seat in absent:  # not in the hand: nothing entered (their row is empty)
                left.append(None)
            elif seat == out[0]:
                if row["number_cards"] or row["specials"]:
                    raise ExchangeError(_("{where}: {name} went out, so no cards are left to count: clear {name}'s "
                                          "number_cards and specials (line {line}).", where=where, name=name,
                                          line=row.line))
                left.append(None)
            elif row["specials"]:
                left.append({"numbers": list(number_list(row["number_cards"], "number_cards", row.line, source)),
                             "specials": whole(row["specials"], "specials", row.line, source, required=True)})
            elif row["number_cards"]:
                raise ExchangeError(_("{where}: {name}'s number cards are counted but specials is empty (line {line}); "
                                      "write 0 when {name} held no word or Hit the Deck card.", where=where, name=name,
                                      line=row.line))
            else:
                points = whole(row["points"], "points", row.line, source, required=False)
                if points is None:
                    raise ExchangeError(_("{where}: {name} has no points (line {line}); enter the points of the cards "
                                          "{name} had left, or count them.", where=where, name=name, line=row.line))
                left.append(points)
        return {"type": "hand", "hand": index, "out": out[0], "left": left}
