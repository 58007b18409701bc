"""The one shape every game kind implements, published for storage, export and the app.

A kind is one module in this package, listed once in `kinds.KINDS`, that defines:

- `KIND`: its id as stored and exported ("bid-tricks", "what-the-heck", ...);
- `Rules`: a frozen dataclass (see `common.KindRules`) with `to_dict()`, `Rules.from_dict(data)`,
  `id`, `name`, `display_name`, `preset_id`, `min_players`, `max_players` and `rule_lines()`;
- `PRESETS`: its named rule sets, by id;
- `Game`: see `KindGame` below.

`outcome.outcome(game, status)` turns any such game into its one verdict, and `kinds.replay`
rebuilds one from stored entries.
"""
from __future__ import annotations

from typing import Any, Mapping, Protocol, Sequence, runtime_checkable

from .common import Standing


@runtime_checkable
class KindGame(Protocol):
    """A game of one kind: its players and rules, and everything derived from its entries."""

    kind: str
    unit: str  # what one step of play is called on the card: "hand" or "round"
    players: list[str]
    rules: Any
    setup: dict[str, Any]  # the keyword arguments that rebuild it besides players and rules
    highest_wins: bool
    open_ended: bool  # no end of its own (no set length, no target): only the table ends it
    takes_roster: bool  # players may join, leave or sit out (rules.roster)
    joins: dict[int, tuple[int, Any, int]]  # late arrivals: seat -> (first hand, start rule, start points)
    SCORING: tuple[str, ...]  # the rules a table may change mid-game (rules.scoring_change); () for none

    @property
    def is_over(self) -> bool: ...

    @property
    def current(self) -> int | None:
        """The index of the next hand (round) to enter, or None when the game is over."""

    def apply(self, action: Mapping[str, Any]) -> None:
        """Record one entry; raises InvalidEntry and changes nothing when the rules refuse it."""

    def describe(self, action: Mapping[str, Any]) -> str:
        """The entry in words, for undo and redo ("Hand 3: bids")."""

    @property
    def steps(self) -> Sequence[Any]:
        """The hands (rounds) the score sheet lists (rules.sheet), each with per-seat `points` (None in a
        hand to come) and `absent`: the played ones, then those to come of a kind dealt in a sequence."""

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats that score as one, by side: each seat alone in most kinds, Spades' two partnerships
        (whose partners' seats both carry the partnership's points). What is counted per player, such as
        a hand of the night, is counted once per side."""

    def totals(self) -> list[int]: ...

    def running_totals(self) -> list[list[int]]:
        """The totals after each played hand (round): the score curve."""

    def final_scores(self) -> list[int]:
        """The totals with any winner's bonus (a game over)."""

    def standings(self) -> list[Standing]: ...

    def winners(self) -> list[int]: ...

    def progress(self) -> tuple[int, int | None]:
        """(hands played, hands in the game or None when it has no set length)."""

    def stats(self) -> list[dict[str, int]]:
        """Per seat, whole-number counters that player statistics add up across games."""


class Recorded(Protocol):
    """What `kinds.replay` needs of a stored or imported game (storage's GameRecord is one)."""

    kind: str
    players: Sequence[str]
    rules: Mapping[str, Any]
    setup: Mapping[str, Any]
    actions: Sequence[Mapping[str, Any]]
