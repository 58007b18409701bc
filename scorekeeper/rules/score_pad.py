"""A free score pad: points per round for any game the app has no rules for.

The table chooses whether the highest or the lowest total wins and may set a target: the game ends
after the round in which someone reaches it. Without a target the game is open-ended and the table
finishes it when it wants.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from scorekeeper.i18n import N_, _, _n, number

from .common import CUSTOM_RULES, KindRules, InvalidEntry, check_whole_number, excerpt, leaders
from .common import names_text  # noqa: F401  (still importable from here)
from .rounds import TargetGame

KIND = "score-pad"

MOST_PLAYERS = 20  # what fits on one score card
# A slip of the finger past this, or a doctored file: totals must stay within what a database can sum.
MOST_ROUND_POINTS = 1_000_000


@dataclass(frozen=True)
class Rules(KindRules):
    """How a table keeps score: who wins, and the target that ends the game (None: no target)."""

    id: str = "custom"
    name: str = CUSTOM_RULES
    description: str = ""
    highest_wins: bool = True
    target: int | None = None  # the game ends after the round in which a total reaches this (>= target)
    min_players: int = 1
    max_players: int = MOST_PLAYERS

    kind = KIND  # not a field: the game kind these rules belong to

    def __post_init__(self) -> None:
        if not isinstance(self.highest_wins, bool):
            raise InvalidEntry(_("Whether the highest total wins must be true or false."))
        if type(self.min_players) is not int:
            check_whole_number(self.min_players, _("Min players"))
        if type(self.max_players) is not int:
            check_whole_number(self.max_players, _("Max players"))
        if self.target is not None:
            if type(self.target) is not int:
                check_whole_number(self.target, _("The target"))
            if self.target < 1:
                raise InvalidEntry(_("The target must be at least 1 point, not {value}; or leave it out.",
                                     value=excerpt(self.target)))
        self._check_player_range(1, _("A score pad needs at least 1 player."))
        if self.max_players > MOST_PLAYERS:
            raise InvalidEntry(_("A score pad holds at most {most} players, not {value}.",
                                 most=MOST_PLAYERS, value=excerpt(self.max_players)))


    # ----- describing the rules to the table -----

    def rule_lines(self) -> list[str]:
        """The rules in plain words, for the rules screen and the printed score card."""
        lines = [
            _n("{fewest} to {count} player", "{fewest} to {count} players", self.max_players, fewest=self.min_players),
            _("Each round, enter every player's points (below zero is allowed)"),
            _("Highest total wins") if self.highest_wins else _("Lowest total wins"),
        ]
        if self.target is None:
            lines.append(_("No target: the table ends the game when it wants"))
        elif self.highest_wins:
            lines.append(_n("The game ends after the round in which someone reaches {count} point",
                            "The game ends after the round in which someone reaches {count} points", self.target))
        else:
            lines.append(_n("The game ends after the round in which someone reaches {count} penalty point",
                            "The game ends after the round in which someone reaches {count} penalty points",
                            self.target))
        lines.append(_("Equal totals share a place"))
        return lines

    # ----- plain data, for storage and export: KindRules.to_dict and from_dict -----

    @classmethod
    def _check_options(cls, data: Mapping[str, Any]) -> None:
        if "highest_wins" in data and not isinstance(data["highest_wins"], bool):
            raise InvalidEntry(_("The rule option {name} must be true or false.", name="highest_wins"))


PRESETS: dict[str, Rules] = {
    rules.id: rules
    for rules in (
        Rules(
            id="score-pad",
            name="Score pad",  # (translated where shown: common.GENERIC_NAMES)
            description=N_("Points per round for any game; highest total wins, no target."),
        ),
        Rules(
            id="score-pad-low",
            name="Score pad, lowest wins",
            description=N_("Penalty points per round for any game; lowest total wins, no target."),
            highest_wins=False,
        ),
    )
}
Rules.presets = PRESETS


@dataclass(frozen=True)
class Round:
    number: int  # 1-based, as the score card shows it
    points: tuple[int, ...]  # per seat (0 for a seat not in the round)
    absent: frozenset[int] = frozenset()  # seats not in this round (rules.roster)


class Game(TargetGame):
    """One game on the free score pad. `set_round` records (or corrects) a round's points; without a
    target the game is open-ended and the table finishes it in storage."""

    kind = KIND
    takes_roster = True

    def __init__(self, players: Sequence[str], rules: Rules):
        super().__init__(players, rules)
        self.rounds: list[Round] = []

    @property
    def highest_wins(self) -> bool:
        return self.rules.highest_wins

    def stats(self) -> list[dict[str, int]]:
        """Per seat, the counters player statistics add up across games: rounds played, and rounds in
        which the player scored best (every tied player counts it)."""
        rows = [{"rounds_played": 0, "rounds_best": 0} for _seat in self.players]
        for index, played_round in enumerate(self.rounds):
            playing = sorted(self.in_round(index))  # (a round sat out is not one played)
            best = leaders([played_round.points[seat] for seat in playing], highest_wins=self.highest_wins)
            for seat in playing:
                rows[seat]["rounds_played"] += 1
            for place in best:
                rows[playing[place]]["rounds_best"] += 1
        return rows

    # ----- entries -----

    def set_round(self, index: int, points: Sequence[int]) -> None:
        """Record (or correct) round `index` (0-based): every player's points, in seat order."""
        self._check_index(index)
        self._check_per_seat(index, points, "points")
        playing = self.in_round(index)
        for seat, value in enumerate(points):
            name = self.players[seat]
            if seat not in playing:
                if value is not None:
                    raise InvalidEntry(_("{name} is not in round {number} ({why}): leave their points empty.",
                                         name=name, number=index + 1, why=self.absence(index, seat)))
                continue
            if value is None:
                raise InvalidEntry(_("{name} plays round {number}: enter {name}'s points (0 for none).",
                                     name=name, number=index + 1))
            if type(value) is not int:
                check_whole_number(value, _("{name}'s points", name=name))
            if abs(value) > MOST_ROUND_POINTS:
                raise InvalidEntry(_("{name}'s points in a round can be at most {most} either way, not {points}.",
                                     name=name, most=number(MOST_ROUND_POINTS), points=number(value)))
        points = tuple(0 if value is None else value for value in points)
        absent = frozenset(range(len(self.players))) - playing
        rounds = self._with(self.rounds, index, Round(index + 1, points, absent))
        self._check_end(rounds)
        self.rounds = rounds

    # ----- one shape for every game kind: storage replays these (RoundsGame.apply) -----

    def _record(self, action: Mapping[str, Any]) -> None:
        """{"type": "round", "round": i, "points": [12, -3, 0]} (round 0-based)."""
        self.set_round(action.get("round"), action.get("points"))
