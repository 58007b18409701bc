"""Who is at the table, hand by hand: a player who comes late, one who leaves, one who sits out a hand.

Each change is an entry of the game, replayed like any other:

- {"type": "join", "hand": i, "name": "Eve", "after": s, "start": "zero" | "lowest" | "average" | n}:
  Eve plays from hand i on, seated after seat s in the table's order, starting from 0, the lowest or
  the average total of the players at the table then (rounded to the nearest point, halves up), or n
  points. She takes the next seat number: the seats of everyone else never change.
- {"type": "leave", "hand": i, "seat": s}: seat s plays no more from hand i on, and keeps their points.
- {"type": "sit_out", "hand": i, "seat": s}: seat s sits out hand i only.

A seat that is not in a hand has no bid, no tricks and no points there (None in the hand's per-seat
lists, 0 points), and the deal, the bidding order, the dealer's hook and the tricks total follow the
players actually in the hand. A stored game is rebuilt from the players it started with
(`starting_players`) and its entries.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from .common import InvalidEntry, check_whole_number, excerpt, signed

JOIN, LEAVE, SIT_OUT = "join", "leave", "sit_out"
ROSTER_ENTRIES = (JOIN, LEAVE, SIT_OUT)
START_RULES = ("zero", "lowest", "average")
START_WORDS = {"zero": "0", "lowest": "the lowest total", "average": "the average total"}
MOST_START = 100_000  # a starting score past this is a slip of the finger


def starting_players(names: Sequence[str], actions: Sequence[Mapping[str, Any]]) -> list[str]:
    """The players a game was set up with, given everyone who sat in it (seat order: late arrivals
    come last, in the order they joined) and its active entries."""
    joined = sum(1 for action in actions if isinstance(action, Mapping) and action.get("type") == JOIN)
    return list(names[:len(names) - joined])


def seated_names(players: Sequence[str], actions: Sequence[Mapping[str, Any]]) -> list[str]:
    """Everyone who sits in a game, in seat order: the players it was set up with, then each late
    arrival named by its entries (what storage seats; the engine checks the names as it replays)."""
    return [*players, *(action.get("name") for action in actions
                        if isinstance(action, Mapping) and action.get("type") == JOIN)]


def starting_score(rule: Any, totals: Sequence[int]) -> int:
    """The points a late arrival starts with: `rule` is one of START_RULES or a whole number; `totals`
    are those of the players at the table when they join."""
    if isinstance(rule, str):
        if rule not in START_RULES:
            raise InvalidEntry(f"A late arrival starts from 0, the lowest or the average total, or a number; "
                               f"not {excerpt(rule)}.")
        if rule == "zero" or not totals:
            return 0
        if rule == "lowest":
            return min(totals)
        count = len(totals)
        return (2 * sum(totals) + count) // (2 * count)  # the nearest whole point, halves up
    check_whole_number(rule, "A starting score")
    if abs(rule) > MOST_START:
        raise InvalidEntry(f"A starting score can be at most {MOST_START:,} points either way, not {rule:,}.")
    return rule


def start_words(rule: Any, points: int) -> str:
    """'+35 (the lowest total)', '0', '−20': how a late arrival's start is said on the score card."""
    said = signed(points)
    return f"{said} ({START_WORDS[rule]})" if isinstance(rule, str) and rule != "zero" else said
