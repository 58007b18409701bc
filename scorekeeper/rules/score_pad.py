"""A free score pad: points per round for any game the app has no rules for.

The table chooses whether the highest or the lowest total wins and may set a target: the game ends
after the round in which someone reaches it. Without a target the game is open-ended and the table
finishes it when it wants.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from .common import KindRules, InvalidEntry, Standing, check_player_names, check_whole_number, leaders, plural, standings

KIND = "score-pad"

MOST_PLAYERS = 20  # what fits on one score card


def names_text(names: Sequence[str]) -> str:
    """'Ann', 'Ann and Bo', 'Ann, Bo and Cy'."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


@dataclass(frozen=True)
class Rules(KindRules):
    """How a table keeps score: who wins, and the target that ends the game (None: no target)."""

    id: str = "custom"
    name: str = "Custom rules"
    description: str = ""
    highest_wins: bool = True
    target: int | None = None  # the game ends after the round in which a total reaches this (>= target)
    min_players: int = 1
    max_players: int = MOST_PLAYERS

    kind = KIND  # not a field: the game kind these rules belong to

    def __post_init__(self) -> None:
        if not isinstance(self.highest_wins, bool):
            raise InvalidEntry("Whether the highest total wins must be true or false.")
        check_whole_number(self.min_players, "Min players")
        check_whole_number(self.max_players, "Max players")
        if self.target is not None:
            check_whole_number(self.target, "The target")
            if self.target < 1:
                raise InvalidEntry(f"The target must be at least 1 point, not {self.target}; or leave it out.")
        if self.min_players < 1:
            raise InvalidEntry("A score pad needs at least 1 player.")
        if self.max_players < self.min_players:
            raise InvalidEntry(
                f"The most players ({self.max_players}) can't be fewer than the fewest ({self.min_players})."
            )
        if self.max_players > MOST_PLAYERS:
            raise InvalidEntry(f"A score pad holds at most {MOST_PLAYERS} players, not {self.max_players}.")


    # ----- describing the rules to the table -----

    def rule_lines(self) -> list[str]:
        """The rules in plain words, for the rules screen and the printed score card."""
        lines = [
            f"{self.min_players} to {self.max_players} players",
            "Each round, enter every player's points (below zero is allowed)",
            "Highest total wins" if self.highest_wins else "Lowest total wins",
        ]
        if self.target is None:
            lines.append("No target: the table ends the game when it wants")
        elif self.highest_wins:
            lines.append(f"The game ends after the round in which someone reaches {self.target} points")
        else:
            lines.append(
                f"The game ends after the round in which someone reaches {self.target} penalty points"
            )
        lines.append("Equal totals share a place")
        return lines

    # ----- plain data, for storage and export -----

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Rules":
        if not isinstance(data, Mapping):
            raise InvalidEntry("The rules must be a set of named values.")
        unknown = sorted(set(data) - {f.name for f in dataclasses.fields(cls)})
        if unknown:
            raise InvalidEntry(f"Unknown rule option {', '.join(map(str, unknown))}.")
        for name in ("id", "name", "description"):
            if name in data and not isinstance(data[name], str):
                raise InvalidEntry(f"The rule option {name} must be text.")
        if "highest_wins" in data and not isinstance(data["highest_wins"], bool):
            raise InvalidEntry("The rule option highest_wins must be true or false.")
        return cls(**data)  # __post_init__ checks the numbers


PRESETS: dict[str, Rules] = {
    rules.id: rules
    for rules in (
        Rules(
            id="score-pad",
            name="Score pad",
            description="Points per round for any game; highest total wins, no target.",
        ),
        Rules(
            id="score-pad-low",
            name="Score pad, lowest wins",
            description="Penalty points per round for any game; lowest total wins, no target.",
            highest_wins=False,
        ),
    )
}
Rules.presets = PRESETS


@dataclass(frozen=True)
class Round:
    number: int  # 1-based, as the score card shows it
    points: tuple[int, ...]  # per seat


class Game:
    """One game on the free score pad. `set_round` records (or corrects) a round's points."""

    kind = KIND

    def __init__(self, players: Sequence[str], rules: Rules):
        self.rules = rules
        self.players = check_player_names(players)
        rules.check_players(len(self.players))
        self.setup: dict[str, Any] = {}  # nothing beyond players and rules rebuilds this game
        self.rounds: list[Round] = []

    @property
    def highest_wins(self) -> bool:
        return self.rules.highest_wins

    # ----- where the game stands -----

    def _end(self, rounds: Sequence[Round]) -> int | None:
        """Index of the round after which someone had reached the target, or None."""
        if self.rules.target is None:
            return None
        totals = [0] * len(self.players)
        for index, played_round in enumerate(rounds):
            totals = [total + points for total, points in zip(totals, played_round.points)]
            if max(totals) >= self.rules.target:
                return index
        return None

    @property
    def is_over(self) -> bool:
        """Only a target ends the game here; without one the table finishes it in storage."""
        return self._end(self.rounds) is not None

    @property
    def current(self) -> int | None:
        """Index of the next round to enter, or None when the target has ended the game."""
        return None if self.is_over else len(self.rounds)

    def progress(self) -> tuple[int, int | None]:
        """(rounds played, None): a score pad has no set number of rounds."""
        return len(self.rounds), None

    def totals(self) -> list[int]:
        totals = [0] * len(self.players)
        for played_round in self.rounds:
            totals = [total + points for total, points in zip(totals, played_round.points)]
        return totals

    def running_totals(self) -> list[list[int]]:
        """The totals after each round (the score curve)."""
        totals = [0] * len(self.players)
        curve = []
        for played_round in self.rounds:
            totals = [total + points for total, points in zip(totals, played_round.points)]
            curve.append(list(totals))
        return curve

    def final_scores(self) -> list[int]:
        return self.totals()

    def standings(self) -> list[Standing]:
        return standings(self.players, self.final_scores(), highest_wins=self.highest_wins)

    def winners(self) -> list[int]:
        return leaders(self.final_scores(), highest_wins=self.highest_wins)

    def reached_target(self) -> list[int]:
        """Seats at or over the target (empty without one)."""
        if self.rules.target is None:
            return []
        return [seat for seat, total in enumerate(self.totals()) if total >= self.rules.target]

    def stats(self) -> list[dict[str, int]]:
        """Per seat, the counters player statistics add up across games: rounds played, and rounds in
        which the player scored best (every tied player counts it)."""
        rows = [{"rounds_played": 0, "rounds_best": 0} for _ in self.players]
        for played_round in self.rounds:
            best = set(leaders(played_round.points, highest_wins=self.highest_wins))
            for seat, row in enumerate(rows):
                row["rounds_played"] += 1
                row["rounds_best"] += seat in best
        return rows

    # ----- entries -----

    def set_round(self, index: int, points: Sequence[int]) -> None:
        """Record (or correct) round `index` (0-based): every player's points, in seat order."""
        check_whole_number(index, "The round number")
        if index < 0:
            raise InvalidEntry(f"There is no round {index + 1}: rounds are numbered from 1.")
        if index > len(self.rounds):
            raise InvalidEntry(f"Round {index + 1} is not up yet: enter round {len(self.rounds) + 1} first.")
        if index == len(self.rounds) and self.is_over:
            raise InvalidEntry(
                f"The game is over: {names_text([self.players[s] for s in self.reached_target()])} reached "
                f"{self.rules.target}. Correct an earlier round if a score was wrong."
            )
        if isinstance(points, (str, bytes)) or not isinstance(points, Sequence):
            raise InvalidEntry("The points must be a list with one number per player.")
        if len(points) != len(self.players):
            raise InvalidEntry(
                f"Round {index + 1} needs points for each of the {len(self.players)} players; got {len(points)}."
            )
        for seat, value in enumerate(points):
            check_whole_number(value, f"{self.players[seat]}'s points")
        rounds = list(self.rounds)
        entry = Round(index + 1, tuple(points))
        if index == len(rounds):
            rounds.append(entry)
        else:
            rounds[index] = entry
        end = self._end(rounds)
        if end is not None and end < len(rounds) - 1:
            later = len(rounds) - end - 1
            totals = [sum(r.points[seat] for r in rounds[:end + 1]) for seat in range(len(self.players))]
            reached = [self.players[seat] for seat, total in enumerate(totals) if total >= self.rules.target]
            raise InvalidEntry(
                f"With this correction {names_text(reached)} reach{'es' if len(reached) == 1 else ''} "
                f"{self.rules.target} in round {end + 1}, which ends the game, but {plural(later, 'later round')} "
                f"{'is' if later == 1 else 'are'} recorded: undo {'it' if later == 1 else 'them'} first."
            )
        self.rounds = rounds

    # ----- one shape for every game kind: storage replays these -----

    def apply(self, action: Mapping[str, Any]) -> None:
        """Apply one recorded action: {"type": "round", "round": i, "points": [12, -3, 0]} (round 0-based)."""
        if not isinstance(action, Mapping):
            raise InvalidEntry("An entry must be a set of named values.")
        if action.get("type") != "round":
            raise InvalidEntry(f"Unknown entry {action.get('type')!r} for {self.rules.name}.")
        self.set_round(action.get("round"), action.get("points"))

    def describe(self, action: Mapping[str, Any]) -> str:
        """An action in words, for undo and redo: 'points of round 3'."""
        number = action.get("round")
        if action.get("type") != "round" or isinstance(number, bool) or not isinstance(number, int):
            return "entry"
        return f"points of round {number + 1}"
