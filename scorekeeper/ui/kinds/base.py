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
from scorekeeper.rules.sheet import SheetRow, score_sheet

from ..viewmodels.texts import TOTAL_KEYS, away_key, away_word, card_text


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
class CardCell:
    """A cell of the score card: a player in a hand (round). Read top to bottom: what they entered
    ("2/2", the card played, "out", "bid 2" for a hand under way, or why they weren't in it), the points it
    came to beside it, a note under them (a bonus, an adjustment), and the running total."""

    seat: int
    top: str
    total: str  # "" while not known (a hand under way)
    mark: str | None  # "good" (made, took, went out, best of the round), "bad" (missed, tied), None
    label: str  # what a screen reader says
    points: str = ""  # "+14", beside `top`
    note: str = ""  # "bonus +50 adj. +10"
    away: bool = False  # not in this hand: `top` says why
    played: bool = True  # played (else a hand under way or to come: `top` is what is entered so far)
    tappable: bool = True  # opens its hand (round) for a correction


def away_cell(game: Any, index: int, seat: int, name: str, total: int | None) -> CardCell:
    """The cell of a player not in hand (round) `index` (rules.roster, texts.away_word), with the total
    going on where it says one (`total`: the running total after it, None while not played)."""
    why = game.absence(index, seat) or ""
    key = away_key(game, index, seat, total is not None)
    word = away_word(game, index, seat, total is not None)
    hand, number = game.unit == "hand", index + 1
    if key not in TOTAL_KEYS or total is None:
        label = (_("Hand {number}, {name}: {why}", number=number, name=name, why=why) if hand
                 else _("Round {number}, {name}: {why}", number=number, name=name, why=why))
        return CardCell(seat, word, "", None, label, away=True, tappable=False)
    shown = card_text(total)
    if key == "start":
        label = (_("Hand {number}, {name}: {why}, starting from {total}", number=number, name=name, why=why, total=shown)
                 if hand else
                 _("Round {number}, {name}: {why}, starting from {total}", number=number, name=name, why=why,
                   total=shown))
    elif key == "sat out":
        label = (_("Hand {number}, {name}: sat out, total {total}", number=number, name=name, total=shown) if hand
                 else _("Round {number}, {name}: sat out, total {total}", number=number, name=name, total=shown))
    else:
        label = (_("Hand {number}, {name}: {why}, total {total}", number=number, name=name, why=why, total=shown)
                 if hand else
                 _("Round {number}, {name}: {why}, total {total}", number=number, name=name, why=why, total=shown))
    return CardCell(seat, word, shown, None, label, away=True, tappable=False)


@dataclass(frozen=True)
class CardRow:
    """A row of the score card: one hand (round), its first column and a cell per player."""

    index: int
    head: str  # the first column: the cards dealt, the round's number, WHAT THE HECK?'s point card
    head_sub: str  # under it: who dealt, "carried", "Bob out"
    label: str  # what a screen reader says of the first column
    cells: tuple[CardCell, ...]
    current: bool = False  # the hand under way
    ringed: bool = False  # marked (recorded against the dealer's hook): said under the card
    head_taps: bool = True  # a tap on the first column opens the row for a correction

    @property
    def number(self) -> int:
        return self.index + 1


@dataclass(frozen=True)
class TableStep:
    """The step under way as the table display shows it (a kind that says more than its number)."""

    headline: str  # "Hand 6 of 15 · 3 cards · Bob deals"
    detail: str  # "Trump Hearts · Bids total 2 for 3 tricks: under by 1"; "" when nothing to add
    now: dict[int, str]  # per seat, the step so far: "to bid", "bid 2 · took 1", "sits out"
    dealer: int | None = None
    sizes: tuple[int, ...] = ()  # the staircase of hands, when the kind deals one


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
    # Dealt in a sequence of hands the table may change as it goes ("Change the hands to come"), the deal
    # and the bids going round the table, so where a newcomer sits matters.
    deals_hands: ClassVar[bool] = False
    ends_at_target: ClassVar[bool] = False  # its rules may set a total that ends the game (rules.target)

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

    # ----- the score card (viewmodels/score_card.py, drawn by ui/drawing/card.py) -----

    def card_rows(self, game: Any, current: int | None) -> list[CardRow]:
        """The card's rows: one per round played (a kind dealt in a sequence of hands lists those to come
        too; `current`: the one under way, None for a game over)."""
        return [self.score_row(game, row) for row in score_sheet(game)]

    def score_row(self, game: Any, row: SheetRow) -> CardRow:
        """The card's row of a played round of the score sheet."""
        raise NotImplementedError

    def card_head(self, game: Any) -> str:
        """The heading of the card's first column."""
        return self.head_word

    def detail(self, game: Any, seat: int) -> str:
        """The line under a player's standing."""
        return ""

    def progress_extra(self, game: Any) -> str:
        """What the progress line adds: " · the game ends at 100", " · carried over: 5"."""
        if self.ends_at_target and game.rules.target:
            return " · " + _("the game ends at {target}", target=game.rules.target)
        return ""

    def card_lines(self, game: Any) -> list[str]:
        """What the card says under its grid besides the adjustments and the table's changes (the hands
        recorded against the dealer's hook)."""
        return []

    def legend(self, game: Any) -> str:
        return ""

    # ----- player statistics -----

    def stats_headline(self, counters: Mapping[str, int]) -> list[str]:
        """Lines the kind's counters add to the top of a player's figures (the bid-and-tricks family's
        "Bids made: 15 of 30 (50%)"); a kind that has them needs no line of its own below."""
        return []

    def stats_detail(self, counters: Mapping[str, int]) -> str:
        """The kind's figures after "3 games, 1 win" ("; best in 4 of 9 rounds"), from the engine's counters."""
        return ""

    # ----- the game over and the table display -----

    def has_settlement(self, game: Any) -> bool:
        """Do the players settle up in money on the differences of their final scores?"""
        return False

    def table_step(self, game: Any, current: int, draft: Any) -> TableStep | None:
        """The step under way on the table display, with the taps of `draft` (None: its number says enough)."""
        return None
