"""The one drawing of the step being entered, for every kind of game: what the entry's view says
(viewmodels/step.py: a dealt hand's header, then sections of lines and players' rows), for the one game
screen (screens/game.py). No kind is named here, and no rule: each tap goes back to the screen with the
entry's method it names.

Fixed slots: the parts a tap leaves as they were are handed back unchanged (Screen.kept) and always sit
at the same place. Every tap in them acts on the game's version they were drawn from (Screen.for_version):
one drawn before another device's entry is refused, never applied to the step open now. A player's row is
always made of the same two parts, the row in one line and the row open, one of them hidden, so a tap
that folds one row and opens the next changes what each shows, not what it is made of; the next step is
drawn ahead while this one is entered (Screen.draw_ahead), so the tap that enters it only shows it.
"""
from __future__ import annotations

from typing import Any, Callable

import flet as ft

from scorekeeper.i18n import _, _n

from .. import theme as t
from ..viewmodels.step import (TYPED_LENGTH, Badge, Buttons, Chips, Counter, Field, Header, Line, Meter, Offer,
                               PlayerRow, Section, StepView, Tap, Value)
from ..widgets import chip, content_width, folded_row, heading, icon_button, ident, muted, pill, staircase, text

# What rows_fit reckons with (px): a player's open row, and what else a phone's game screen shows
# (app bar, hand header, the line above the rows, the bar at the bottom, the tabs).
ROW_PAD, ROW_HEAD, CHIP_GAP, ROWS_GAP = 12, 38, 6, 12
ONE_LINE_ROW = 46  # a row entered (folded) or waiting its turn: one line, still a finger's height
COUNTDOWN_HEIGHT = 40  # two lines of a countdown (15 px)
SHORT_NAME = 7  # letters: a name this short never needs to give way in a player's row
APP_BAR, HEADER_FOLDED, HEADER_OPEN, STEP_LINE, BOTTOM_BAR, TABS = 56, 90, 200, 50, 136, 60
SLOTS = {"number": 36, "card": 60, "points": 76}  # the width of a row's value on its right
TONES = {"primary": ft.Colors.PRIMARY, "muted": ft.Colors.ON_SURFACE_VARIANT, "good": ft.Colors.TERTIARY,
         "error": ft.Colors.ERROR}


def draw_step(screen, entry, drawn: int, *, title_in_bar: bool) -> list[ft.Control]:
    """The step of `entry` as the game screen shows it, every tap acting on version `drawn`."""
    view = entry.view()
    opened = screen.details_open or screen.app.wide
    # The next step, drawn ahead while this one is entered (Screen.draw_ahead): the tap that enters it only
    # shows it; one that deals a new hand brings its trump picker too. (Before the parts they go beside.)
    likely = screen.likely_step()
    token = likely and likely.token
    screen.draw_ahead("rows", drawn + 1, token, lambda: _sections(screen, screen.play.entry_after(likely), drawn + 1))
    if opened and view.header is not None and likely is not None:
        after = screen.play.entry_after(likely)
        if after is not None and after.index != entry.index:
            screen.draw_ahead("trump", drawn + 1, token, lambda: _trump_part(screen, after.header(), drawn + 1))
    items: list[ft.Control] = []
    if view.header is not None:
        # The header stays as it was while what it shows does (Bids done leaves it): drawn once, from the
        # version it first showed; its taps check that it still shows what it did (the trump picker).
        data = (view.header, opened, entry.correcting, screen.app.wide)
        since = screen.unchanged_since("header", data, drawn)
        items.append(_header_block(screen, view.header, since, opened, data))
    elif not title_in_bar:
        items.append(ft.Row([ident("round-title", heading(view.title, t.TITLE + 2))]))
    items.append(screen.for_version(drawn, "rows", _sections(screen, entry, drawn)))
    return items


# ----- the header of a dealt hand -----


def _header_block(screen, header: Header, since: int, opened: bool, data: tuple) -> ft.Control:
    """The hand's header: its lines, handed back while they read the same, and (opened) the trump picker,
    whose taps act on the version it was drawn from: drawn for each hand (Screen.for_version), the next
    hand's ahead. One key for the header of every hand: the next hand's is diffed against it."""
    panel = [screen.kept(("header", since), data, lambda: _header(screen, header, opened))]
    if opened:
        panel.append(screen.for_version(since, "trump", _trump_part(screen, header, since)))
    blind = [screen.kept("blind", header.blind, lambda: ident("blind", ft.Container(
        content=ft.Row([ft.Icon(ft.Icons.VISIBILITY_OFF, size=36, color=ft.Colors.ON_PRIMARY_CONTAINER),
                        ft.Text(header.blind, size=t.BODY + 1, weight=ft.FontWeight.BOLD, expand=True,
                                color=ft.Colors.ON_PRIMARY_CONTAINER)]),
        bgcolor=ft.Colors.PRIMARY_CONTAINER, padding=14, border_radius=14)))] if header.blind else []
    return screen.kept_around("hand-header", panel + blind, lambda: ft.Column([
        ft.Container(content=ft.Column(panel, spacing=6), padding=ft.Padding.symmetric(horizontal=t.PAD, vertical=8),
                     border_radius=14, bgcolor=ft.Colors.SURFACE_CONTAINER),
        *blind], spacing=12, key="hand-header"))


def _header(screen, header: Header, opened: bool) -> ft.Control:
    """Who deals and leads, always; the sequence when opened (a phone keeps it and the trump picker
    folded, so the players' chips and the step's button fit without scrolling)."""
    count = header.cards
    badge = ft.Container(content=ft.Column([
        ft.Text(f"{count}", size=t.TITLE - 4, weight=ft.FontWeight.BOLD, color=ft.Colors.ON_PRIMARY),
        # Translators: under the number of cards dealt, in the hand's header (a badge "3 / cards").
        ft.Text(_n("card", "cards", count), size=t.SMALL - 2, weight=ft.FontWeight.W_600, color=ft.Colors.ON_PRIMARY),
    ], spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        bgcolor=ft.Colors.PRIMARY, width=52, height=46, border_radius=10, alignment=ft.Alignment.CENTER)
    cards = ft.Semantics(label=_n("{count} card each", "{count} cards each", count), content=badge,
                         exclude_semantics=True)
    toggle = ident("hand-details", ft.IconButton(
        icon=ft.Icon(ft.Icons.EXPAND_LESS if opened else ft.Icons.EXPAND_MORE, size=28,
                     semantics_label=(_("Hide the sequence and the trump") if opened
                                      else _("Show the sequence and the trump"))),
        on_click=screen.app.act(screen.toggle_details)))
    # Folded, the trump noted (or nothing to note) is said beside the title, in one word or two.
    trump = [ident("trump", ft.Text(header.trump_word, size=t.SMALL + 1, color=ft.Colors.PRIMARY,
                                    weight=ft.FontWeight.BOLD, semantics_label=header.trump_line, max_lines=1,
                                    overflow=ft.TextOverflow.ELLIPSIS))] if not opened and header.trump_noted else []
    title = ft.Row([
        ident("hand-title", ft.Text(header.title, size=t.TITLE, weight=ft.FontWeight.BOLD)),
        ft.Row([*trump, cards, *([] if screen.app.wide else [toggle])], spacing=6, tight=True,
               vertical_alignment=ft.CrossAxisAlignment.CENTER),
    ], alignment=ft.MainAxisAlignment.SPACE_BETWEEN, vertical_alignment=ft.CrossAxisAlignment.CENTER)
    if opened and not screen.app.wide:
        lines: list[ft.Control] = [
            title,
            ident("deal-line", text(header.deal_line, t.BODY, weight=ft.FontWeight.W_600)),
            ident("lead-line", text(header.lead_line, t.SMALL + 1)),
        ]
    else:  # one line (a phone's folds the cards dealt into the badge): "Ann deals · Bob bids first and leads"
        dealt = header.deal_line if screen.app.wide else header.dealer_line
        lines = [title, ft.Row([
            ident("deal-line", ft.Text(dealt, size=t.BODY, weight=ft.FontWeight.W_600, no_wrap=True)),
            ft.Text("·", size=t.BODY),
            ft.Container(content=ident("lead-line", ft.Text(header.lead_line, size=t.SMALL + 1, max_lines=1,
                                                             overflow=ft.TextOverflow.ELLIPSIS)), expand=True),
        ], spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER)]
    if opened:
        lines.append(staircase(list(header.sequence), header.index, height=36, played=header.played,
                               label=_("Hand {number} of {hands} in the sequence {sequence}",
                                       number=header.index + 1, hands=len(header.sequence),
                                       sequence=", ".join(str(size) for size in header.sequence)),
                               kept=screen.kept, key=("stair", screen.entry is not None and screen.entry.correcting)))
    return ft.Column(lines, spacing=2 if not opened else 6, key="hand-lines")


def _trump_part(screen, header: Header | None, drawn: int) -> ft.Control:
    """The trump picker of a hand (None: the game is over), acting on version `drawn`; handed back while
    the header reads the same, and keyed by the version, so the one drawn ahead for the next hand
    (Screen.draw_ahead) is the one its drawing hands back."""
    if header is None:
        return ft.Row([], key=f"trump:{drawn}")
    return screen.kept(("trump", drawn), header, lambda: _trump(screen, header, drawn))


def _trump(screen, header: Header, drawn: int) -> ft.Control:
    if header.trump is None:
        said = ident("trump", text(header.trump_line, t.BODY, weight=ft.FontWeight.W_600, color=ft.Colors.PRIMARY))
        said.key = f"trump:{drawn}"
        return said
    tiles = []
    for choice in header.trump.choices:
        on = choice.selected
        face = ft.Row([
            ft.Container(width=14, height=14, border_radius=7, bgcolor=choice.swatch,
                         border=ft.Border.all(1, ft.Colors.OUTLINE)) if choice.swatch else ft.Container(width=0),
            ft.Text(choice.shown, size=t.SMALL, weight=ft.FontWeight.BOLD, semantics_label=choice.label,
                    color="#FF6E6E" if choice.red and not on else (ft.Colors.ON_PRIMARY_CONTAINER if on else ft.Colors.ON_SURFACE)),
        ], spacing=6, tight=True)
        tiles.append(ft.Container(
            content=face, height=t.TOUCH - 4, padding=ft.Padding.symmetric(horizontal=10, vertical=12),
            border_radius=10, ink=True,
            bgcolor=ft.Colors.PRIMARY_CONTAINER if on else ft.Colors.SURFACE_CONTAINER_HIGHEST,
            border=ft.Border.all(2, ft.Colors.PRIMARY if on else ft.Colors.OUTLINE_VARIANT),
            on_click=_on_tap(screen, choice.tap, drawn, shown=header)))
    # One line with its label where the tiles fit beside it (a tablet), else the tiles under it. The label
    # reads the same whatever is chosen (the chosen tile says it; screen readers hear it): one that named
    # the choice changed width and moved every tile under the finger.
    said = ident("trump", ft.Text(header.trump.label, size=t.SMALL + 1, color=ft.Colors.ON_SURFACE_VARIANT,
                                  semantics_label=header.trump.label_said))
    return ft.Row([said, *tiles], spacing=6, run_spacing=6, wrap=True, vertical_alignment=ft.CrossAxisAlignment.CENTER,
                  key=f"trump:{drawn}")


# ----- taps -----


def _on_tap(screen, tap: Tap | None, drawn: int, *, shown: Header | None = None) -> Callable | None:
    """The handler of a tap on a part drawn for version `drawn` of the game (None: not tappable)."""
    if tap is None:
        return None
    if tap.on_screen:
        return screen.app.act(lambda _e=None: getattr(screen, tap.method)(drawn, *tap.args))
    if tap.aside:  # an entry recorded at once (the trump): taken while the header shows what it did
        return screen.app.act(lambda _e=None: screen.aside(
            getattr(screen.entry, tap.method)(*tap.args), drawn,
            unchanged=lambda: screen.entry is not None and screen.entry.header() == shown))
    return screen.app.act(lambda _e=None: screen.tap(drawn if tap.checked else None,
                                                     getattr(screen.entry, tap.method), *tap.args))


# ----- the sections -----


def _sections(screen, entry, drawn: int) -> ft.Control:
    """The sections of the step of `entry` (None: the game is over), keyed by the version they act on:
    drawn ahead (Screen.draw_ahead), they are the ones its drawing hands back."""
    controls: list[ft.Control] = []
    if entry is not None:
        view: StepView = entry.view()
        for section in view.sections:
            controls += _section(screen, entry, section, drawn)
    return ft.Column(controls, spacing=6, key=f"rows:{drawn}")


def _section(screen, entry, section: Section, drawn: int) -> list[ft.Control]:
    wide = screen.app.wide
    above = [part for part in section.above if _shown_here(part, wide)]
    items: list[ft.Control] = []
    for number, part in enumerate(above):
        key = (section.key, "above", number, entry.index, drawn)
        if number == 0 and section.countdown is not None:  # the countdown beside the heading, in a fixed slot
            items.append(screen.kept(key, (part, section.countdown), lambda part=part: _with_countdown(part, section.countdown)))
        else:
            items.append(screen.kept(key, (part, wide), lambda part=part: _part(screen, part, drawn)))
    compact = section.foldable and not rows_fit(screen, section)
    for row in section.rows:
        key = (section.key, entry.index, row.seat, drawn)
        items.append(screen.kept(key, (row, compact, _chips_ready(screen, row, compact, drawn)),
                                 lambda row=row, key=key: _player_row(screen, section, row, drawn, compact, key)))
    for number, part in enumerate(section.below):
        key = (section.key, "below", number, entry.index, drawn)
        items.append(screen.kept(key, (part, wide), lambda part=part: _part(screen, part, drawn)))
    return items


def _shown_here(part: Any, wide: bool) -> bool:
    only = getattr(part, "only", "")
    return not only or only == ("tablet" if wide else "phone")


def _with_countdown(heading_line: Line, countdown: Line) -> ft.Control:
    """A heading with its countdown beside it, in a slot of two lines whatever it says: the line that says
    a number was filled in is longer, and a slot that grew with it moved every row below under the finger."""
    said = ident(countdown.identifier, ft.Text(countdown.text, size=t.SMALL + 1, weight=ft.FontWeight.BOLD,
                                               color=TONES.get(countdown.style), text_align=ft.TextAlign.RIGHT,
                                               max_lines=2, overflow=ft.TextOverflow.ELLIPSIS))
    return ft.Row([heading(heading_line.text, t.TITLE - 4),
                   ft.Container(content=said, expand=True, height=COUNTDOWN_HEIGHT, alignment=ft.Alignment.CENTER_RIGHT)],
                  vertical_alignment=ft.CrossAxisAlignment.CENTER, spacing=12)


def rows_fit(screen, section: Section) -> bool:
    """Would every row of the section, open, fit the screen without scrolling? Else the rows waiting their
    turn are drawn in one line each (a tap opens one), so a phone shows six players' hand at once."""
    app = screen.app
    width = content_width(app.width * t.ENTRY_SHARE if app.wide else app.width, 720) - 2 * ROW_PAD - 2
    per_line = max(1, int((width + CHIP_GAP) // (t.CHIP + CHIP_GAP)))
    lines = -(-section.chips_per_row // per_line)
    open_row = 2 * ROW_PAD + ROW_HEAD + 8 + lines * t.CHIP + (lines - 1) * CHIP_GAP + ROWS_GAP
    header = HEADER_OPEN if screen.details_open or app.wide else HEADER_FOLDED
    chrome = APP_BAR + header + STEP_LINE + BOTTOM_BAR + (0 if app.wide else TABS)
    return len(section.rows) * open_row <= app.height - chrome


# ----- a player's row -----


def _player_row(screen, section: Section, row: PlayerRow, drawn: int, compact: bool, key: tuple) -> ft.Control:
    """A player's row, always of the same parts: the row in one line (entered, or waiting its turn where
    the open rows wouldn't fit; a tap opens it) and the row open with its parts, one of them shown. The
    part hidden stays as it was until shown again; the open parts of a row in one line come a moment
    after the step's first drawing (Screen.hidden_ready), which they would only slow."""
    in_line = _in_line(row, compact)
    line = None
    if row.open_tap is not None:
        line = screen.kept((key, "line"), row, lambda: _one_line_row(screen, row, key, drawn), hidden=not in_line)
    opened = None
    if _chips_ready(screen, row, compact, drawn) or screen.has_kept((key, "open")):
        opened = screen.kept((key, "open"), row, lambda: _player_box(screen, row, key, drawn), hidden=in_line)
    shown_end = (screen.app.act(lambda _e=None: screen.bring_end_into_view((row.seat, drawn)), redraw=False)
                 if row.bring_into_view and drawn == screen.session.version else None)
    return ft.Column([ft.Container(content=line, visible=in_line),
                      ft.Container(content=opened, visible=not in_line, on_size_change=shown_end)], spacing=0)


def _in_line(row: PlayerRow, compact: bool) -> bool:
    """Is the row shown in one line (entered, or waiting its turn where the open rows wouldn't fit)?"""
    return row.open_tap is not None and (row.folded or (compact and row.waiting))


def _chips_ready(screen, row: PlayerRow, compact: bool, drawn: int) -> bool:
    """Are the row's open parts drawn: shown, or hidden once the step's first drawing is on screen?"""
    return not _in_line(row, compact) or screen.hidden_ready(drawn)


def _player_box(screen, row: PlayerRow, key: tuple, drawn: int) -> ft.Control:
    parts = [_row_header(screen, row, key), *[_part(screen, part, drawn, key=key, seat=row.seat) for part in row.parts]]
    return ft.Container(
        content=ft.Column(parts, spacing=8), padding=12, border_radius=14,
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH if row.turn else ft.Colors.SURFACE_CONTAINER,
        border=ft.Border.all(2, ft.Colors.PRIMARY) if row.turn else ft.Border.all(1, ft.Colors.OUTLINE_VARIANT))


def _row_header(screen, row: PlayerRow, key: tuple) -> ft.Control:
    """The player's line over their parts, with what they entered at its end; handed back while it reads
    the same (the row's turn ending changes its frame, not its line)."""
    shown = (row.name, row.roles, row.standing, row.detail, row.detail_error, row.value, row.note, row.badge, row.filled)
    if row.detail:  # two lines: the name, and where the player's total stands with this step
        return screen.kept((key, "head"), shown, lambda: ft.Row([
            ft.Column([ft.Text(row.name, size=t.BODY + 2, weight=ft.FontWeight.BOLD, overflow=ft.TextOverflow.ELLIPSIS),
                       ft.Text(row.detail, size=t.SMALL + 1,
                               color=ft.Colors.ERROR if row.detail_error else ft.Colors.ON_SURFACE_VARIANT)],
                      spacing=0, expand=True),
            *_right(row)], vertical_alignment=ft.CrossAxisAlignment.CENTER))
    # A fixed height: what appears on the right (a points badge) must not move the parts below.
    return screen.kept((key, "head"), shown, lambda: ft.Container(
        content=ft.Row([_who(row, t.BODY + 2), *_right(row)], vertical_alignment=ft.CrossAxisAlignment.CENTER),
        height=38))


def _who(row: PlayerRow, size: int) -> ft.Control:
    """The player: name, their role in the hand, and where they stand (total and place) before it."""
    # Where the player stands gives way (cut short) to what the row shows on the right. A long name gives
    # way too (at 360 px it drew over the value beside it): it then shares the room left with the standing,
    # three times its share by their lengths (a name matters more). A short name never needs to.
    long_name = len(row.name) > SHORT_NAME
    name: list[ft.Control] = [ft.Text(row.name, size=size, weight=ft.FontWeight.BOLD, overflow=ft.TextOverflow.ELLIPSIS,
                                      no_wrap=True, expand=3 * len(row.name) * size if long_name else None,
                                      expand_loose=True)]
    if row.roles:
        name.append(ft.Container(content=ft.Text(row.roles, size=t.SMALL, color=ft.Colors.ON_SECONDARY),
                                 bgcolor=ft.Colors.SECONDARY, padding=ft.Padding.symmetric(horizontal=8, vertical=2),
                                 border_radius=8))
    if row.standing:
        name.append(ft.Text(row.standing, size=t.SMALL, color=ft.Colors.ON_SURFACE_VARIANT, no_wrap=True,
                            expand=len(row.standing) * t.SMALL if long_name else True, expand_loose=long_name,
                            overflow=ft.TextOverflow.ELLIPSIS,
                            semantics_label=_("{name} stands at {standing}", name=row.name,
                                              standing=row.standing.replace(' · ', ', '))))
    return ft.Row(name, spacing=8, expand=True, wrap=False)


def _right(row: PlayerRow) -> list[ft.Control]:
    """What the row says on its right: a note, the points badge, the mark of a value filled in, the value.
    The same parts whether entered or not (some hidden), so entering it changes what they show."""
    note = muted(row.note, t.BODY)
    note.visible = bool(row.note)
    parts: list[ft.Control] = [note, _badge(row.badge, t.BODY + 3, ft.Padding.symmetric(horizontal=10, vertical=4),
                                            labelled=True), _filled_mark(row)]
    if row.value is not None:
        parts.append(_value(row.value, t.BIG, shown=True))
    return parts


def _value(value: Value, size: int, *, shown: bool) -> ft.Control:
    return ft.Text(value.shown, size=size, weight=ft.FontWeight.BOLD, width=SLOTS[value.slot],
                   text_align=ft.TextAlign.RIGHT, color=TONES.get(value.tone), semantics_label=value.label,
                   visible=shown)


def _filled_mark(row: PlayerRow) -> ft.Control:
    """Beside a number the app filled in (the one that completes the hand): a mark, not words, so the
    player's total and place keep their room on a phone (the countdown above says it in words)."""
    # Translators: read aloud for the mark beside a count of tricks the app filled in (the one number
    # that completes the hand)
    return ft.Icon(ft.Icons.AUTO_FIX_HIGH, size=20, color=ft.Colors.TERTIARY, semantics_label=_("filled in"),
                   visible=row.filled)


def _badge(badge: Badge | None, size: int, padding: ft.Padding, *, labelled: bool = False) -> ft.Control:
    """The points of the player's step, green made or red missed; hidden until they are known.
    `labelled`: says made or missed to screen readers (the one-line row says it in its merged line)."""
    made = badge is not None and badge.made
    return ft.Container(
        content=ft.Text(badge.text if badge else "", size=size, weight=ft.FontWeight.BOLD,
                        color=ft.Colors.ON_TERTIARY if made else ft.Colors.ON_ERROR,
                        semantics_label=badge.label if badge and labelled else None),
        bgcolor=ft.Colors.TERTIARY if made else ft.Colors.ERROR, border_radius=8, padding=padding,
        visible=badge is not None)


def _one_line_row(screen, row: PlayerRow, key: tuple, drawn: int) -> ft.Control:
    """The row in one line, the same height entered or waiting (nothing below moves as rows turn from one
    to the other): entered, with what was entered; waiting its turn, with an arrow to enter it out of turn.
    Who the player is stays as it was when the row folds (handed back)."""
    who = screen.kept((key, "who"), (row.name, row.roles, row.standing), lambda: _who(row, t.BODY + 1))
    entered = row.value is not None and row.value.tone != "muted"
    value = [_value(row.value, t.BIG - 2, shown=entered)] if row.value is not None else []
    icon = ft.Icon(ft.Icons.EDIT if entered else ft.Icons.EXPAND_MORE, size=18 if entered else 24,
                   color=ft.Colors.ON_SURFACE_VARIANT, semantics_label=row.open_said)
    note = muted(row.note, t.BODY)
    note.visible = bool(row.note)
    parts = [who, note, _badge(row.badge, t.BODY + 1, ft.Padding.symmetric(horizontal=8, vertical=2)),
             _filled_mark(row), *value, icon]
    return ident(row.identifier, folded_row(ft.Row(parts, vertical_alignment=ft.CrossAxisAlignment.CENTER),
                                            _on_tap(screen, row.open_tap, drawn), height=ONE_LINE_ROW))


# ----- the parts -----


def _part(screen, part: Any, drawn: int, *, key: tuple = (), seat: int | None = None) -> ft.Control:
    if isinstance(part, Line):
        return _line(part)
    if isinstance(part, Chips):
        return _chips(screen, part, drawn, key)
    if isinstance(part, Buttons):
        return ft.Row([_button(screen, button, drawn) for button in part.buttons], spacing=4,
                      vertical_alignment=ft.CrossAxisAlignment.CENTER)
    if isinstance(part, Field):
        field = _points_field(screen, part)
        if part.beside is None:
            return ft.Row([field])
        return ft.Row([field, _button(screen, part.beside, drawn)], spacing=t.GAP,
                      vertical_alignment=ft.CrossAxisAlignment.CENTER)
    if isinstance(part, Meter):
        return ft.ProgressBar(value=part.share, height=6, border_radius=3,
                              color=ft.Colors.ERROR if part.reached else ft.Colors.PRIMARY,
                              bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST)
    if isinstance(part, Counter):
        return ft.Container(content=ft.Row([
            ft.Text(part.text, size=t.BODY, expand=True),
            _button(screen, part.fewer, drawn),
            ft.Text(str(part.count), size=t.BODY + 3, weight=ft.FontWeight.BOLD, width=28, text_align=ft.TextAlign.CENTER,
                    semantics_label=part.count_label),
            _button(screen, part.more, drawn),
        ], vertical_alignment=ft.CrossAxisAlignment.CENTER, spacing=2), padding=ft.Padding.only(left=16))
    if isinstance(part, Offer):
        # Drawn hidden until it applies, so the tap that brings it in shows it rather than builds it.
        offer = ident(part.identifier, ft.TextButton(part.text, icon=ft.Icons.GAVEL, on_click=_on_tap(screen, part.tap, drawn)))
        offer.visible = part.shown
        return offer
    raise TypeError(f"no drawing for {type(part).__name__}")  # i18n: not shown (a bug)


def _line(line: Line) -> ft.Control:
    style = line.style
    if style in ("callout", "callout-strong"):
        drawn = callout(line.text, strong=style == "callout-strong")
    elif style == "balance":
        drawn = ft.Container(
            content=ft.Text(line.text, size=t.BODY + 1, weight=ft.FontWeight.BOLD, color=ft.Colors.ON_SURFACE),
            padding=ft.Padding.symmetric(horizontal=12, vertical=6), border_radius=10,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST)
    elif style == "heading":
        drawn = text(line.text, t.TITLE - 4, weight=ft.FontWeight.BOLD)
    elif style == "muted":
        drawn = muted(line.text, t.BODY)
    elif style in ("note", "note-barred"):
        barred = style == "note-barred"
        drawn = text(line.text, t.SMALL + 1, color=ft.Colors.ERROR if barred else ft.Colors.ON_SURFACE_VARIANT,
                     weight=ft.FontWeight.W_600 if barred else None)
    else:
        drawn = text(line.text, t.BODY, weight=ft.FontWeight.W_600 if style == "strong" else None,
                     color=TONES.get(style), label=line.label)
    if line.identifier:
        drawn = ident(line.identifier, drawn)
    if line.value is not None:
        return ft.Row([drawn, ft.Container(expand=True), _value(line.value, t.BIG, shown=True)])
    return drawn


def callout(message: str, *, strong: bool = False) -> ft.Control:
    return ft.Container(
        content=ft.Text(message, size=t.BODY + 2, weight=ft.FontWeight.BOLD,
                        color=ft.Colors.ON_PRIMARY_CONTAINER if strong else ft.Colors.ON_SURFACE),
        padding=12, border_radius=12,
        bgcolor=ft.Colors.PRIMARY_CONTAINER if strong else ft.Colors.SURFACE_CONTAINER_HIGHEST)


def _chips(screen, chips: Chips, drawn: int, key: tuple) -> ft.Control:
    """Choices to tap. Round chips are each handed back while they show the same (a tap redraws the one
    or two chips it changed, not the row), keyed by the row's key, which names the version their taps act
    on (Screen.for_version)."""
    if chips.style == "pill":
        return ft.Row([pill(c.shown, c.label, _on_tap(screen, c.tap, drawn), c.selected) for c in chips.choices],
                      wrap=True, spacing=t.GAP, run_spacing=t.GAP)
    if chips.style == "bonus":
        return ft.Row([ft.Text(chips.label, size=t.BODY, weight=ft.FontWeight.BOLD),
                       *[_bonus_pill(screen, c, drawn) for c in chips.choices]],
                      wrap=True, spacing=6, run_spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER)
    return ft.Row([
        screen.kept((key, "chip", c.value), c, lambda c=c: chip(
            c.shown, c.label, _on_tap(screen, c.tap, drawn), selected=c.selected, disabled=c.disabled,
            struck=c.struck, hint=c.hint, marked=c.marked)) if key else chip(
            c.shown, c.label, _on_tap(screen, c.tap, drawn), selected=c.selected)
        for c in chips.choices
    ], wrap=True, spacing=6, run_spacing=6)


def _bonus_pill(screen, choice, drawn: int) -> ft.Control:
    on = choice.selected
    return ident(choice.identifier, ft.Container(
        content=ft.Row([
            ft.Text(choice.shown, size=t.BODY, weight=ft.FontWeight.BOLD,
                    color=ft.Colors.ON_PRIMARY_CONTAINER if on else None, semantics_label=choice.label),
            ft.Icon(getattr(ft.Icons, choice.icon), size=18,
                    color=ft.Colors.ON_PRIMARY_CONTAINER if on else ft.Colors.ON_SURFACE_VARIANT,
                    semantics_label=choice.icon_label),
        ], spacing=4, tight=True),
        height=t.TOUCH - 4, padding=ft.Padding.symmetric(horizontal=12), border_radius=12, ink=True,
        bgcolor=ft.Colors.PRIMARY_CONTAINER if on else ft.Colors.SURFACE_CONTAINER_HIGH,
        border=ft.Border.all(1, ft.Colors.TERTIARY if choice.marked else ft.Colors.OUTLINE_VARIANT),
        on_click=_on_tap(screen, choice.tap, drawn)))


def _button(screen, button, drawn: int) -> ft.Control:
    on_click = _on_tap(screen, button.tap, drawn)
    if button.icon:
        return icon_button(getattr(ft.Icons, button.icon), button.label, on_click, disabled=button.disabled)
    return ft.Container(
        content=ft.Text(button.shown, size=t.BODY + 1, weight=ft.FontWeight.BOLD, semantics_label=button.label,
                        text_align=ft.TextAlign.CENTER),
        height=t.TOUCH, width=t.TOUCH + 8 if button.narrow else None, expand=not button.narrow,
        alignment=ft.Alignment.CENTER, border_radius=12, bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), on_click=on_click, ink=True)


def _points_field(screen, field: Field) -> ft.TextField:
    """A field for typed points, kept across redraws (so it keeps the focus and what is typed); a fresh
    one is drawn when `field.fresh` changes (the points were changed another way). Each change goes to the
    entry's method, whose refusal shows under the field at once."""
    drawn = screen.session.version
    entry = screen.entry
    if screen.fields_of[0] is not entry or screen.fields_of[1] != drawn:  # a new step (or the same after an
        screen.fields, screen.fields_of = {}, (entry, drawn)  # undo), or another version of the game
    key = (field.seat, field.fresh)
    kept = screen.fields.get(key)
    if kept is None:

        def changed(e, seat=field.seat, method=field.method):
            if screen.play.stale(drawn):  # typed on a screen drawn before another device's entry
                screen.app.redraw()
                return
            before = screen.entry.snapshot()
            refusal = getattr(screen.entry, method)(seat, e.control.value or "")
            if not screen.play.keep_taps(before):
                refusal = screen.play.message
            if refusal != e.control.error:  # the refusal shows at once, without a redraw
                e.control.error = refusal
                e.control.update()

        kept = ft.TextField(
            label=field.label, value=field.value, error=field.error, error_max_lines=3, text_size=t.BODY, expand=True,
            max_length=TYPED_LENGTH, counter="",  # a limit the drafts rely on, without a counter shown
            keyboard_type=ft.KeyboardType.NUMBER,
            on_change=screen.app.act(changed, redraw=False),
            on_blur=screen.app.typed, on_submit=screen.app.act(lambda: None))
        screen.fields[key] = kept
    return kept

