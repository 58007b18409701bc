"""What the app shows of one kind of game, beside its rules module: its name on screens, what New game
offers and lets a table change, how its score card and standings read, and its player statistics.

Each kind is one module in this package with one `KindUI` subclass, listed once in `KIND_UIS`
(`__init__.py`). Screens and view models ask the registry; none of them compares kind names.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar, Mapping

from scorekeeper.i18n import N_, _

from ..viewmodels.texts import TOTAL_KEYS, away_key, away_word, card_text


def card_row_key(index: int) -> str:
    """The scroll key of the score card's row of hand `index`, which the game screen brings into view.
    Each row keeps its own, so the rows a step leaves as they were are diffed, not redrawn."""
    return f"card-row-{index}"


@dataclass(frozen=True, init=False)
class Option:
    """A rule a table can change: `kind` is "bool", "int", "optional-int" (blank = None) or "choice".

    Its words are marked with N_ where the kind's table of options is written (at import, before any
    language is known); `label`, `blank` and each choice's words read them in the language in force."""

    name: str
    label_words: str
    kind: str
    choice_words: tuple[tuple[str, str], ...]
    blank_words: str  # what a blank optional-int means

    def __init__(self, name: str, label: str, kind: str, choices: tuple[tuple[str, str], ...] = (),
                 blank: str = "") -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "label_words", label)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "choice_words", tuple(choices))
        object.__setattr__(self, "blank_words", blank)

    @property
    def label(self) -> str:
        return _(self.label_words)

    @property
    def blank(self) -> str:
        return _(self.blank_words) if self.blank_words else ""

    @property
    def field_label(self) -> str:
        """The label of its number field, with what a blank means: in the label, not a hint, which would
        change the field's name once focused and say nothing until then."""
        # Translators: a rule's number field; {meaning} says what leaving it blank means ("no limit").
        return _("{option} (blank: {meaning})", option=self.label, meaning=self.blank) if self.blank else self.label

    @property
    def choices(self) -> tuple[tuple[str, str], ...]:
        """(value, words) of each choice; the words are N_ constants (here or in the rules module)."""
        return tuple((value, _(words)) for value, words in self.choice_words)


class Shown:
    """A class attribute's words, marked N_ where written and read in the language in force:
    `head_word = Shown(N_("Round"))` reads "Round", or "Manche" at a French table."""

    def __init__(self, message: str) -> None:
        self.message = message

    def __get__(self, instance: Any, owner: Any = None) -> str:
        return _(self.message)


@dataclass(frozen=True)
class KindCell:
    seat: int
    main: str  # the big text: points, the card played, "out"
    sub: str  # below it: the running total, or what was taken
    mark: str | None  # "good" (took, went out, best of the round), "bad" (tied and cancelled) or None
    label: str  # what a screen reader says


def away_cell(game: Any, played: Any, seat: int, name: str, totals: list[int]) -> KindCell:
    """The cell of a player not in a round (rules.roster, score_card.away_word), with the total going on
    where it says one."""
    index = played.number - 1
    why = game.absence(index, seat) or ""
    word = away_word(game, index, seat, True)  # (a round on the card is a played one)
    key = away_key(game, index, seat, True)
    totalled = key in TOTAL_KEYS
    hand, number = game.unit == "hand", played.number
    if not totalled:
        label = (_("Hand {number}, {name}: {why}", number=number, name=name, why=why) if hand
                 else _("Round {number}, {name}: {why}", number=number, name=name, why=why))
        return KindCell(seat, word, "", None, label)
    total = card_text(totals[seat])
    if key == "sat out":
        label = (_("Hand {number}, {name}: sat out, total {total}", number=number, name=name, total=total) if hand
                 else _("Round {number}, {name}: sat out, total {total}", number=number, name=name, total=total))
    else:
        label = (_("Hand {number}, {name}: {why}, total {total}", number=number, name=name, why=why, total=total)
                 if hand else
                 _("Round {number}, {name}: {why}, total {total}", number=number, name=name, why=why, total=total))
    return KindCell(seat, word, total, None, label)


@dataclass(frozen=True)
class KindRow:
    number: int
    head: str  # the first column: the round number, or WHAT THE HECK?'s point card
    head_label: str
    note: str  # "carried", "Bob out"
    cells: tuple[KindCell, ...]


class KindUI:
    """The app's side of one kind; a subclass per kind overrides what differs."""

    kind: ClassVar[str]
    # The kind's name in player statistics: "HIT THE DECK" (a game's proper name, the same in every
    # language), or Shown(N_("Score pad")) (read in the language in force).
    title: ClassVar[str]
    presets: ClassVar[Mapping[str, Any]]  # every preset of the kind (rules module's PRESETS)
    offered: ClassVar[tuple[str, ...]]  # the presets New game offers, in order
    options: ClassVar[tuple[Option, ...]] = ()  # what a table may change
    house_rules: ClassVar[bool] = False  # options behind a "house rules" switch, a first dealer, worked examples
    # Translators: the heading of a score card's first column (the round's number)
    head_word: ClassVar[str] = Shown(N_("Round"))  # the score card's first column
    entry: ClassVar[type]  # the view model of one hand's or round's entry (viewmodels/entry.py)
    # Its entry has fields typed into: the game screen is drawn whole at each redraw rather than by
    # diff (a field typed into keeps its text and its focus on the control kept across drawings).
    typed_points: ClassVar[bool] = False
    rule_lines_with_options: ClassVar[tuple[int, ...]] = ()  # rule_lines() shown under New game's options

    # ----- New game -----

    def offered_as(self, preset_id: str) -> tuple[str, dict[str, Any]]:
        """The preset New game shows for `preset_id` (a kind's preset may be another's option) and the
        changes that make it."""
        return preset_id, {}

    def option_value(self, rules: Any, name: str) -> Any:
        """The value New game shows for option `name` (virtual options included)."""
        return getattr(rules, name)

    def with_changes(self, base: Any, changes: dict[str, Any]) -> Any:
        """`base` with the table's changes (raises InvalidEntry when they make no rules)."""
        return dataclasses.replace(base, **changes)

    def summary_line(self, rules: Any) -> str:
        """What the game will be, in one line, for a kind without a hand sequence."""
        return ""

    def describes_itself(self, rules: Any) -> bool:
        """Whether the rules' own description still says the game as set."""
        return rules.is_preset

    # ----- in play -----

    def score_row(self, game: Any, played: Any, totals: list[int]) -> KindRow:
        raise NotImplementedError

    def detail(self, game: Any, seat: int) -> str:
        """The line under a player's standing."""
        return ""

    def progress_extra(self, game: Any) -> str:
        """What the progress line adds: "carried over: 5"."""
        return ""

    def legend(self, game: Any) -> str:
        return ""

    # ----- on the game screen (screens/game.py) -----

    def draw_card(self, screen: Any, width: float) -> Any:
        """The score card: rows from score_row(), standings, the legend."""
        from .rounds_drawing import build_kind_card

        return build_kind_card(screen, width)

    # ----- player statistics -----

    def stats_headline(self, counters: Mapping[str, int]) -> list[str]:
        """Lines the kind's counters add to the top of a player's figures (the bid-and-tricks family's
        "Bids made: 15 of 30 (50%)"); a kind that has them needs no line of its own below."""
        return []

    def stats_detail(self, counters: Mapping[str, int]) -> str:
        """The kind's figures after "3 games, 1 win" ("; best in 4 of 9 rounds"), from the engine's counters."""
        return ""
