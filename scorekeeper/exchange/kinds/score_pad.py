"""The score pad's part of the file formats: its CSV columns and rows."""
from __future__ import annotations



from scorekeeper.rules import score_pad
from scorekeeper.rules.sheet import SheetRow

from ..csv_cells import Row, all_or_none
from ..csv_kind import KindCsv

class ScorePadCsv(KindCsv):
    """Per player and round: the points entered and the running total."""

    kind = score_pad.KIND
    seated = True  # (the table columns at_table and start)
    columns = ("game_id", "started_at", "game", "round", "player", "seat", "points", "total")
    computed = ("total",)
    number_columns = frozenset({"points", "total"})

    def cells(self, game, row: SheetRow, seat: int) -> dict[str, str]:
        return {"points": str(row.points[seat])}

    def action(self, index: int, rows: list[Row], players: list[str], where: str, source: str,
               absent: frozenset[int] = frozenset()) -> dict | None:
        points = all_or_none(rows, "points", where, source, "points", absent)
        return None if points is None else {"type": "round", "round": index, "points": points}
