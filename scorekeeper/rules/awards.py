"""Awards on game over: small honours a table enjoys, each defined exactly (docs/awards.md) and worked out
here from the engine's game and verdict, never by a screen.

Every kind gets the ones read from the running totals (the comeback, the best hand or round); a kind adds
its own through `Game.kind_awards()` when it has one (the bid-and-tricks family: the exact bidder, the
boldest zero). A game that is not decided (in play, or ended early) has no awards: nobody won it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper.i18n import _, _n

from .outcome import Outcome


@dataclass(frozen=True)
class Award:
    key: str  # "comeback", "best-hand", "exact-bidder", "boldest-zero"
    title: str  # "Comeback of the night", in the language in force when it was worked out
    seats: tuple[int, ...]  # who gets it (several when tied)
    detail: str  # why, in a few words: "from 25 behind after hand 4" (translated too)


def awards(game: Any, verdict: Outcome) -> list[Award]:
    """The awards of a decided game, in the order the game over screen shows them."""
    if not verdict.decided or not verdict.played:
        return []
    found = [award for award in (_comeback(game, verdict), _best_step(game)) if award is not None]
    kind_awards = getattr(game, "kind_awards", None)
    if kind_awards is not None:
        found += kind_awards()
    return found


def _comeback(game: Any, verdict: Outcome) -> Award | None:
    """Comeback of the night: a winner who was behind after some hand (round) before the last, by the
    most points any winner trailed the leader then (shared by every winner who trailed as much; the hand
    named is the first where one did). None when every winner led (or shared the lead) all along."""
    curve = game.running_totals()
    deepest: dict[int, tuple[int, int]] = {}  # winner -> (most points behind, first hand it happened)
    for index, totals in enumerate(curve[:-1]):
        leader = max(totals) if verdict.highest_wins else min(totals)
        for seat in verdict.winners:
            behind = leader - totals[seat] if verdict.highest_wins else totals[seat] - leader
            if behind > deepest.get(seat, (0, 0))[0]:
                deepest[seat] = (behind, index)
    if not deepest:
        return None
    best = max(behind for behind, _index in deepest.values())
    seats = tuple(sorted(seat for seat, (behind, _index) in deepest.items() if behind == best))
    when = min(index for behind, index in deepest.values() if behind == best)
    detail = (_("won from {points} behind after hand {number}", points=best, number=when + 1) if game.unit == "hand"
              else _("won from {points} behind after round {number}", points=best, number=when + 1))
    return Award("comeback", _("Comeback of the night"), seats, detail)


def _best_step(game: Any) -> Award | None:
    """Hand (round) of the night, in a game the highest total wins: the most points one side (a player,
    or a partnership whose partners' seats both carry its points) scored in one hand (round), shared by
    every side that scored as many; None when nobody scored more than 0. A side's hand counts once."""
    if not game.highest_wins:
        return None
    curve = game.running_totals()
    sides = [side for side in game.sides if side]
    previous = [0] * len(game.players)
    best = 0
    holders: list[tuple[tuple[int, ...], int]] = []  # (side, index)
    for index, totals in enumerate(curve):
        for side in sides:
            points = totals[side[0]] - previous[side[0]]  # (the partners' seats carry the same points)
            if points > best:
                best, holders = points, [(side, index)]
            elif points == best and best > 0:
                holders.append((side, index))
        previous = totals
    if not holders:
        return None
    seats = tuple(sorted({seat for side, _index in holders for seat in side}))
    hands = game.unit == "hand"
    if len(holders) == 1:
        detail = (_("+{points} in hand {number}", points=best, number=holders[0][1] + 1) if hands
                  else _("+{points} in round {number}", points=best, number=holders[0][1] + 1))
    else:
        detail = _n("+{points}, {count} time", "+{points}, {count} times", len(holders), points=best)
    return Award("best-hand", _("Hand of the night") if hands else _("Round of the night"), seats, detail)
