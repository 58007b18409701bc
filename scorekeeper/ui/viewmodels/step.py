"""What the step being entered shows, for every kind of game: plain data the one step drawing
(ui/drawing/step.py) puts on the screen. A kind's entry says what its step holds (Entry.view()): a
header for a dealt hand, then sections of lines and of players' rows, each row with its parts (chips,
buttons, a field, ...). Every tap names the entry's method it calls and what it passes, so the drawing
knows no kind and no rule: it draws, and passes each tap on to the game screen.

No Flet here (tests/test_layers.py): colours and sizes are the drawing's; this says what, not how.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union

TYPED_LENGTH = 12  # a points field takes at most this many characters (a limit the drafts rely on)


class Icon:
    """The icons a part may show, by the name of Material's (the drawing looks them up)."""

    ADD = "ADD"  # i18n: not shown
    REMOVE = "REMOVE"  # i18n: not shown
    HIDE = "EXPAND_LESS"  # i18n: not shown
    TAKE_BACK = "BACKSPACE_OUTLINED"  # i18n: not shown
    CLEAR = "CLEAR"  # i18n: not shown


@dataclass(frozen=True)
class Tap:
    """A tap: the entry's method `method` called with `args` on the step as the screen showed it.
    `checked`: refused when the game has moved on since the screen was drawn (every tap that changes the
    step); not for a tap that only opens a row. `aside`: the method returns an entry recorded at once,
    the step staying open (the hand's trump): it is refused only if what the part showed changed."""

    method: str
    args: tuple[Any, ...] = ()
    checked: bool = True
    aside: bool = False
    on_screen: bool = False  # the game screen's method (it asks first: the bid against the hook), not the entry's


@dataclass(frozen=True)
class Choice:
    """One value to tap: a chip (a number, a card) or a pill (a player, a suit)."""

    value: Any
    shown: str
    label: str  # what a screen reader says: "Ann bids 2"
    tap: Tap | None = None  # None: not tappable (struck, or only shown)
    selected: bool = False
    struck: bool = False  # drawn struck out: barred (the dealer's forbidden bid); the reason is said beside it
    disabled: bool = False
    hint: bool = False  # the value the app suggests (the tricks that complete the hand)
    marked: bool = False  # ringed: the player's bid, on the tricks step (a pill: it has earned points)
    swatch: str = ""  # a colour to show beside its words (a trump colour), "" for none
    red: bool = False  # its words in red (Hearts, Diamonds)
    identifier: str = ""  # for a pill a test or a screen reader finds by name
    icon: str = ""  # a pill's icon after its words (a Material icon's name), with what a screen reader says
    icon_label: str = ""


@dataclass(frozen=True)
class Chips:
    """A row of choices: round chips (numbers, cards), pills (players) or trump tiles."""

    choices: tuple[Choice, ...]
    style: str = "chip"  # "chip", "pill", "trump"
    label: str = ""  # words before the choices, on the same line where they fit ("Trump (optional):")
    label_said: str = ""  # what a screen reader says for those words


@dataclass(frozen=True)
class Button:
    shown: str  # its words ("+5", "Word or Hit card +10"), or "" for an icon
    label: str  # what a screen reader says
    tap: Tap
    icon: str = ""  # a Material icon's name ("ADD", "REMOVE", "BACKSPACE_OUTLINED", "CLEAR")
    disabled: bool = False
    narrow: bool = False  # a finger's width, beside a field (else it shares its line with the others)


@dataclass(frozen=True)
class Buttons:
    buttons: tuple[Button, ...]


@dataclass(frozen=True)
class Line:
    """Words. `style`: "body", "strong", "muted", "note", "note-barred", "heading", "callout",
    "callout-strong", "balance" (on a tile of its own), "good", "primary", "error" (a countdown's)."""

    text: str
    style: str = "body"
    identifier: str | None = None
    label: str | None = None  # what a screen reader says instead of the words
    value: "Value | None" = None  # at the line's end (the point card chosen, beside its heading)
    only: str = ""  # "phone" or "tablet": shown on that layout only


@dataclass(frozen=True)
class Field:
    """Points typed. A fresh field is drawn when `fresh` changes (the points were changed another way);
    each change goes to the entry's `method` (seat, text), which returns why it can't be used, or None."""

    seat: int
    label: str
    value: str
    method: str
    fresh: int
    error: str | None = None
    beside: Button | None = None  # a button on the field's line (the sign toggle)


@dataclass(frozen=True)
class Meter:
    """How far a total has gone towards the target that ends the game."""

    share: float
    reached: bool


@dataclass(frozen=True)
class Counter:
    """A count changed by one: "Mermaid (+20)  −  1  +"."""

    text: str
    count: int
    count_label: str
    fewer: Button
    more: Button


@dataclass(frozen=True)
class Offer:
    """A text button offered under a row (the dealer's bid recorded against the hook), drawn hidden until
    it applies, so the tap that brings it in shows it rather than builds it."""

    text: str
    identifier: str
    tap: Tap
    shown: bool


Part = Union[Line, Chips, Buttons, Field, Meter, Counter, Offer]


@dataclass(frozen=True)
class Value:
    """What a player's row (or a heading) says on its right: the number, card or points entered ("–"
    while none). `tone`: "primary" (entered), "muted" (none yet), "good", "error" (below zero, or a card
    tied and cancelled). `slot`: how wide its place is: "number" (a chip's), "card", "points"."""

    shown: str
    label: str  # "Ann's bid: 2", "Ann's bid: none yet"
    tone: str = "primary"
    slot: str = "number"


@dataclass(frozen=True)
class Badge:
    """The points a row comes to, green when made and red when missed."""

    text: str
    made: bool
    label: str


@dataclass(frozen=True)
class PlayerRow:
    """A player's row of a section. Open, it shows its parts; `folded` (entered) or, where the open rows
    wouldn't fit, `waiting` (not its turn yet), it is one line a tap opens (`open_tap`)."""

    seat: int
    name: str
    value: Value | None = None
    parts: tuple[Part, ...] = ()
    roles: str = ""  # "deals · leads", beside the name
    standing: str = ""  # where the player stands before this step: "41 · 1st"
    detail: str = ""  # a line under the name: "total 12 · after this round 17"
    detail_error: bool = False
    note: str = ""  # beside the value: "bid 2"
    badge: Badge | None = None
    filled: bool = False  # the app filled the value in (a mark beside it)
    turn: bool = False  # the row to enter next: ringed
    folded: bool = False
    waiting: bool = False
    open_tap: Tap | None = None
    open_said: str = ""  # the folded line's words for its tap: "change bid", "enter Ann's bid now"
    identifier: str = ""  # the folded line's: "row-bid-Ann"
    bring_into_view: bool = False  # once laid out, the pane scrolls to its end (the hook's words under it)


@dataclass(frozen=True)
class Section:
    """A part of the step: lines over its rows (a heading, a balance), the rows, lines under them."""

    key: str  # "bid", "tricks", "points", ...: names the rows' parts from one drawing to the next
    rows: tuple[PlayerRow, ...] = ()
    above: tuple[Part, ...] = ()
    below: tuple[Part, ...] = ()
    countdown: Line | None = None  # beside the heading (the first of `above`), in a slot of two lines
    foldable: bool = False  # rows waiting their turn fold to one line where the open ones wouldn't fit
    chips_per_row: int = 0  # (the chips of an open row: how tall it is, for the fold)


@dataclass(frozen=True)
class Header:
    """The header of a dealt hand: its number, the cards, who deals, bids and leads, the sequence of
    hands and the trump (a picker, opened on a phone, always on a tablet)."""

    title: str
    cards: int
    deal_line: str  # "8 cards each · Ann deals"
    dealer_line: str  # "Ann deals"
    lead_line: str
    trump_word: str  # folded: the trump in a word or two
    trump_line: str  # said: "Trump: Hearts"
    trump: Chips | None  # the picker (None: nothing to pick: said in trump_line)
    trump_noted: bool  # a trump was noted, or there is none to note: the folded header says it
    sequence: tuple[int, ...]
    index: int
    played: int
    blind: str | None = None  # the reminder of a hand played blind


@dataclass(frozen=True)
class StepView:
    title: str  # over the step, unless the app bar says it or the header does
    sections: tuple[Section, ...]
    header: Header | None = None
