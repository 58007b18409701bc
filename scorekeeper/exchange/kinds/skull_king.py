"""Skull King's part of the file formats: the family's, with each player's bonuses in the hand."""
from __future__ import annotations

from scorekeeper.i18n import _

from typing import Any

from scorekeeper.rules import skull_king
from scorekeeper.rules.sheet import SheetRow

from ..common import ExchangeError
from ..csv_cells import Row, row_place, whole

from . import bid_tricks
from .bid_tricks import BidTricksCsv

class SkullKingCsv(BidTricksCsv):
    """The family's columns, with one column per bonus (how many of it the player earned in the hand)
    and the points they add (`bonus`, part of `points`) before the points."""

    kind = skull_king.KIND
    hooked = False  # bids shown all at once: no dealer's hook
    counts = tuple(bonus.key for bonus in skull_king.BONUSES)
    columns = BidTricksCsv.columns[:11] + counts + ("bonus", "points", "total")

    def bonus_cells(self, game, hand) -> tuple:
        if hand.points is None:  # (not played yet)
            return (("",) * len(game.players),) * (len(self.counts) + 1)
        absent, bonuses = hand.absent, hand.bonuses
        seats = range(len(game.players))
        counts = [("",) * (len(self.counts) + 1) if seat in absent else  # (a player not in the hand)
                  (*(str((bonuses[seat] if bonuses else {}).get(key, 0)) for key in self.counts),
                   str(game.bonus_of(hand, seat))) for seat in seats]
        return tuple(zip(*counts))

    def read_cells(self, values: dict[str, Any], line: int, source: str) -> None:
        """The family's cells, and the bonus counts (`captures`: None when none is filled in) and points."""
        counts = {key: whole(values[key], key, line, source, required=False) for key in self.counts}
        given = {key: number for key, number in counts.items() if number is not None}
        super().read_cells(values, line, source)
        values["captures"] = {key: number for key, number in given.items() if number} if given else None
        values["bonus"] = whole(values["bonus"], "bonus", line, source, required=False)

    def hand_actions(self, game, hand, hand_rows: list[Row], source: str, where: str) -> list[dict]:
        actions = super().hand_actions(game, hand, hand_rows, source, where)
        captures = [row.captures or {} for row in hand_rows[:len(game.players)]]  # (the seats in the game)
        if actions and actions[-1]["type"] == "tricks" and any(captures):
            actions[-1]["bonuses"] = captures
        elif any(captures):
            raise ExchangeError(_("{where}: bonuses are filled in but the tricks are not; bonuses are counted with the "
                                  "tricks.", where=row_place(source, hand_rows[0].line, where, "hand", hand.number)))
        return actions

    def filled_when_out(self, row: Row) -> str:
        filled = super().filled_when_out(row)
        if filled:
            return filled
        # Translators: what a row of a player not in the hand has that it should not (Skull King's bonus columns).
        return _("the bonus counts are filled in") if row.captures is not None or row.bonus is not None else ""

    def check_computed(self, game, line: SheetRow, hand_rows: list[Row], source: str, where: str) -> None:
        hand = line.step
        for seat, row in enumerate(hand_rows):
            earned = game.bonus_of(hand, seat) if line.played else None
            if row.bonus is not None and row.bonus != earned:
                place = row_place(source, row.line, where, "hand", hand.number, row.player)
                if earned is None:
                    raise ExchangeError(_("{where}: the bonus is {bonus}, but the hand has no tricks yet under {rules}. "
                                          "The bonus is worked out from the counts: correct whichever is wrong.",
                                          where=place, bonus=row.bonus, rules=game.rules.shown_name))
                raise ExchangeError(_("{where}: the bonus is {bonus}, but the bonuses counted give {earned} under "
                                      "{rules}. The bonus is worked out from the counts: correct whichever is wrong.",
                                      where=place, bonus=row.bonus, earned=earned, rules=game.rules.shown_name))
        super().check_computed(game, line, hand_rows, source, where)

# ----- JSON -----

def json_details(game) -> dict[str, list[dict[str, Any]]]:
    """The family's hands, each with the bonuses earned: what each player's captures were, and the
    points they added (included in the hand's points)."""
    details = bid_tricks.json_details(game)
    for hand, shown in zip(game.hands, details["hands"]):
        shown["bonuses"] = None if hand.bonuses is None else [dict(captured) for captured in hand.bonuses]
        shown["bonus_points"] = None if hand.points is None else [
            game.bonus_of(hand, seat) for seat in range(len(game.players))]
    return details
