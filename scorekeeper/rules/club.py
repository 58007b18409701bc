"""A club night's leaderboard across its tables: one verdict, computed here, that every screen shows.

Two ways to rank the night, the club chooses:
- by total: each player's points added up over the night's games (the games' scores as they stand,
  with the winner's bonus once a game is over). A game won with the lowest total counts against its
  players: its points are taken off, so more is better on the whole board.
- by places: each game gives its players placement points, one for every player they finished ahead
  of, plus one (4 players: 4, 3, 2, 1; tied players share the better place's points), so a game of six
  weighs more than a game of three. A game counts once its first hand (round) is in.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from .common import standings

BY_TOTAL, BY_PLACES = "total", "places"
WAYS = (BY_TOTAL, BY_PLACES)


@dataclass(frozen=True)
class NightGame:
    """What the leaderboard needs of a game: its players, scores as they stand, and its direction."""

    players: Sequence[str]
    scores: Sequence[int]
    highest_wins: bool = True
    played: int = 0  # hands (rounds) entered: a game with none counts for nobody yet


@dataclass(frozen=True)
class BoardLine:
    place: int  # 1 = first; tied players share a place
    name: str
    points: int
    games: int  # the night's games this player counts in


def placement_points(players: int, place: int) -> int:
    """Points for finishing at `place` of `players`: one per player behind, plus one."""
    return players - place + 1


def leaderboard(games: Iterable[NightGame], by: str = BY_TOTAL) -> list[BoardLine]:
    """The night's players, best first (ties share a place), ranked `by` BY_TOTAL or BY_PLACES."""
    if by not in WAYS:
        raise ValueError(f"a leaderboard is by {' or '.join(WAYS)}, not {by!r}")
    points: dict[str, int] = {}
    counted: dict[str, int] = {}
    for game in games:
        if game.played <= 0 or not game.players:
            continue
        if by == BY_TOTAL:
            sign = 1 if game.highest_wins else -1
            gained = {name: sign * score for name, score in zip(game.players, game.scores)}
        else:
            gained = {standing.name: placement_points(len(game.players), standing.place)
                      for standing in standings(game.players, game.scores, game.highest_wins)}
        for name, value in gained.items():
            points[name] = points.get(name, 0) + value
            counted[name] = counted.get(name, 0) + 1
    names = sorted(points, key=str.casefold)
    ranked = standings(names, [points[name] for name in names], True)
    return [BoardLine(place=line.place, name=line.name, points=line.score, games=counted[line.name]) for line in ranked]
