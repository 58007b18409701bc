"""Spades' part of the file formats: its CSV columns and rows (no JSON details: the entries say it all)."""
from __future__ import annotations

from scorekeeper.i18n import _
from scorekeeper.rules import spades
from scorekeeper.rules.sheet import SheetRow
from scorekeeper.rules.common import excerpt

from ..common import ExchangeError
from ..csv_cells import Row, YES, whole
from ..csv_kind import KindCsv


class SpadesCsv(KindCsv):
    """Per player and hand: the bid (0: nil), blind_nil (yes), the tricks taken, the partnership's points
    of the hand and its running total (both partners' rows show the partnership's)."""

    kind = spades.KIND
    columns = ("game_id", "started_at", "game", "hand", "player", "seat", "bid", "blind_nil", "tricks", "points",
               "total")
    computed = ("points", "total")
    number_columns = frozenset({"bid", "tricks", "points", "total"})

    def cells(self, game, row: SheetRow, seat: int) -> dict[str, str]:
        hand = row.step
        return {"bid": str(hand.bids[seat]), "blind_nil": YES if hand.blind[seat] else "",
                "tricks": str(hand.tricks[seat]), "points": str(row.points[seat])}

    def action(self, index: int, rows: list[Row], players: list[str], where: str, source: str,
               absent: frozenset[int] = frozenset()) -> dict | None:
        bids = [whole(row["bid"], "bid", row.line, source, required=False) for row in rows]
        tricks = [whole(row["tricks"], "tricks", row.line, source, required=False) for row in rows]
        blind = [row["blind_nil"].lower() for row in rows]
        if all(value is None for value in (*bids, *tricks)) and not any(blind):
            return None
        for seat, row in enumerate(rows):
            if blind[seat] not in (YES, ""):
                raise ExchangeError(_("{where}: blind_nil is {value} on line {line}; write yes for a blind nil and "
                                      "leave the others empty.", where=where, value=excerpt(row["blind_nil"]),
                                      line=row.line))
            if bids[seat] is None or tricks[seat] is None:
                raise ExchangeError(_("{where}: {player} (line {line}) has no bid or no tricks while others do; fill in "
                                      "every player's bid and tricks, or none.", where=where, player=row["player"],
                                      line=row.line))
        return {"type": "hand", "hand": index, "bids": bids, "blind": [s for s, b in enumerate(blind) if b],
                "tricks": tricks}
