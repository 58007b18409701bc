"""A hand of the bid-and-tricks family: who deals, bids and leads, the trump, then one-tap chips for the
bids and the tricks (drawn for the one game screen, screens/game.py, by kinds/bid_tricks.py)."""
from __future__ import annotations

from typing import Callable

import flet as ft

from scorekeeper.i18n import _, _n
from scorekeeper.rules.oh_heck import shown_trump

from .. import theme as t
from ..viewmodels.hand_entry import HandEntry, Row
from ..widgets import chip, content_width, folded_row, heading, ident, muted, staircase, text

# What _rows_fit reckons with (px): a player's open row, and what else a phone's game screen shows
# (app bar, hand header, the line above the rows, the bar at the bottom, the tabs).
ROW_PAD, ROW_HEAD, CHIP_GAP, ROWS_GAP = 12, 38, 6, 12
ONE_LINE_ROW = 46  # a row entered (folded) or waiting its turn: one line, still a finger's height
COUNTDOWN_HEIGHT = 40  # two lines of the tricks' countdown (15 px)
SHORT_NAME = 7  # letters: a name this short never needs to give way in a player's row
APP_BAR, HEADER_FOLDED, HEADER_OPEN, STEP_LINE, BOTTOM_BAR, TABS = 56, 90, 200, 50, 136, 60

COLOUR_SWATCH = {"Red": "#E53935", "Green": "#43A047", "Blue": "#1E88E5", "Black": "#212121"}


def hand_entry(screen, entry: HandEntry, drawn: int) -> list[ft.Control]:
    """The hand as the game screen shows it: its header (who deals, bids and leads, the trump), then the
    rows of the step under way. Fixed slots: the parts a tap leaves as they were are handed back
    unchanged (Screen.kept) and always sit at the same place. Every tap in them acts on the game's
    version they were drawn from (Screen.for_version): one drawn before another device's entry is
    refused, never applied to the step open now."""
    opened = screen.details_open or screen.app.wide
    # The header stays as it was while what it shows does (Bids done leaves it): drawn once, from the
    # version it first showed; its taps check that it still shows what it did (the trump picker).
    # (A correction's callout sits over it; a tablet's has no fold button.)
    data = (_header_data(entry), opened, entry.correcting, screen.app.wide)
    since = screen.unchanged_since("header", data, drawn)
    # The next step, drawn ahead while this one is entered (Screen.draw_ahead): the tap that enters it
    # only shows it.
    likely = screen.likely_step()
    token = likely and likely.token
    screen.draw_ahead("rows", drawn + 1, token, lambda: _rows(screen, screen.play.entry_after(likely), drawn + 1))
    if opened and entry.phase == "tricks":  # Hand done opens the next hand: its trump picker too
        screen.draw_ahead("trump", drawn + 1, token,
                          lambda: _trump_part(screen, screen.play.entry_after(likely), drawn + 1))
    return [_header_block(screen, entry, since, opened, data),
            screen.for_version(drawn, "rows", _rows(screen, entry, drawn))]


def _rows(screen, entry: HandEntry | None, drawn: int) -> ft.Control:
    """The rows of the step of `entry` (None: the game is over), keyed by the version they act on: drawn
    ahead (Screen.draw_ahead), they are the ones its drawing hands back."""
    return ft.Column(_phase_rows(screen, entry, drawn) if entry is not None else [], spacing=6, key=f"rows:{drawn}")


def _phase_rows(screen, entry: HandEntry, drawn: int) -> list[ft.Control]:
    if entry.phase == "correct":
        return _bids_section(screen, entry, drawn) + _tricks_section(screen, entry, drawn, correcting=True)
    if entry.phase == "bids":
        return _bids_section(screen, entry, drawn)
    # The bids stay as they are while the tricks are tapped: handed back.
    wide = screen.app.wide
    shown = (tuple(entry.players), tuple(entry.order), tuple(entry.bids), entry.balance(), wide)
    summary = screen.kept(("bids-summary", drawn), shown, lambda: _bids_summary(entry, wide))
    return [summary, *_tricks_section(screen, entry, drawn)]


def _header_data(entry: HandEntry) -> tuple:
    """Everything the header is drawn from."""
    game = entry.game
    return (entry.title(), entry.hand.cards, entry.deal_line(), entry.lead_line(), entry.index,
            tuple(h.cards for h in game.hands), sum(h.played for h in game.hands), entry.trump_line(),
            entry.hand.trump, tuple(entry.trump_choices or ()), entry.blind_reminder())


def _header_block(screen, entry: HandEntry, since: int, opened: bool, data: tuple) -> ft.Control:
    """The hand's header: its lines, handed back while they read the same, and (opened) the trump picker,
    whose taps act on the version it was drawn from: drawn for each hand (Screen.for_version), the next
    hand's ahead. One key for the header of every hand: the next hand's is diffed against it (its lines
    change in place, the staircase's bars that look the same are handed back)."""
    panel = [screen.kept(("header", since), data, lambda: _header(screen, entry, opened))]
    if opened:
        panel.append(screen.for_version(since, "trump", _trump_part(screen, entry, since)))
    reminder = entry.blind_reminder()
    blind = [screen.kept("blind", reminder, lambda: ident("blind", ft.Container(
        content=ft.Row([ft.Icon(ft.Icons.VISIBILITY_OFF, size=36, color=ft.Colors.ON_PRIMARY_CONTAINER),
                        ft.Text(reminder, size=t.BODY + 1, weight=ft.FontWeight.BOLD, expand=True,
                                color=ft.Colors.ON_PRIMARY_CONTAINER)]),
        bgcolor=ft.Colors.PRIMARY_CONTAINER, padding=14, border_radius=14)))] if reminder else []
    # Handed back whole while its parts are (a chip tap leaves the header as it was).
    return screen.kept_around("hand-header", panel + blind, lambda: ft.Column([
        ft.Container(content=ft.Column(panel, spacing=6), padding=ft.Padding.symmetric(horizontal=t.PAD, vertical=8),
                     border_radius=14, bgcolor=ft.Colors.SURFACE_CONTAINER),
        *blind], spacing=12, key="hand-header"))


def _header(screen, entry: HandEntry, opened: bool) -> ft.Control:
    """Who deals and leads, always; the sequence when opened (a phone keeps it and the trump picker
    folded, so the players' chips and the step's button fit without scrolling)."""
    game = entry.game
    played = sum(h.played for h in game.hands)
    # The cards dealt, with their unit: a bare number beside the trump read as a card ("Hearts 3").
    count = entry.hand.cards
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
    noted = not opened and (entry.hand.trump is not None or not entry.trump_choices)
    trump = [ident("trump", ft.Text(_trump_word(entry), size=t.SMALL + 1, color=ft.Colors.PRIMARY,
                                    weight=ft.FontWeight.BOLD, semantics_label=entry.trump_line(), max_lines=1,
                                    overflow=ft.TextOverflow.ELLIPSIS))] if noted else []
    title = ft.Row([
        ident("hand-title", ft.Text(entry.title(), size=t.TITLE, weight=ft.FontWeight.BOLD)),
        ft.Row([*trump, cards, *([] if screen.app.wide else [toggle])], spacing=6, tight=True,
               vertical_alignment=ft.CrossAxisAlignment.CENTER),
    ], alignment=ft.MainAxisAlignment.SPACE_BETWEEN, vertical_alignment=ft.CrossAxisAlignment.CENTER)
    if opened and not screen.app.wide:
        lines: list[ft.Control] = [
            title,
            ident("deal-line", text(entry.deal_line(), t.BODY, weight=ft.FontWeight.W_600)),
            ident("lead-line", text(entry.lead_line(), t.SMALL + 1)),
        ]
    else:  # one line (a phone's folds the cards dealt into the badge): "Ann deals · Bob bids first and leads"
        dealt = entry.deal_line() if screen.app.wide else entry.dealer_line()
        lines = [title, ft.Row([
            ident("deal-line", ft.Text(dealt, size=t.BODY, weight=ft.FontWeight.W_600, no_wrap=True)),
            ft.Text("·", size=t.BODY),
            ft.Container(content=ident("lead-line", ft.Text(entry.lead_line(), size=t.SMALL + 1, max_lines=1,
                                                             overflow=ft.TextOverflow.ELLIPSIS)), expand=True),
        ], spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER)]
    if opened:
        lines.append(staircase([h.cards for h in game.hands], entry.index, height=36, played=played,
                               label=_("Hand {number} of {hands} in the sequence {sequence}",
                                       number=entry.hand.number, hands=len(game.hands),
                                       sequence=", ".join(str(h.cards) for h in game.hands)),
                               kept=screen.kept, key=("stair", entry.correcting)))  # (a correction's callout moves it)
    return ft.Column(lines, spacing=2 if not opened else 6, key="hand-lines")


def _trump_part(screen, entry: HandEntry | None, drawn: int) -> ft.Control:
    """The trump picker of `entry`'s hand (None: the game is over), acting on version `drawn`; handed
    back while the header reads the same, and keyed by the version, so the one drawn ahead for the next
    hand (Screen.draw_ahead) is the one its drawing hands back."""
    if entry is None:
        return ft.Row([], key=f"trump:{drawn}")
    return screen.kept(("trump", drawn), _header_data(entry), lambda: _trump(screen, entry, drawn))


def _trump_word(entry: HandEntry) -> str:
    """The trump in a word or two, beside the folded header's title."""
    return entry.trump_word()


def _trump(screen, entry: HandEntry, drawn: int) -> ft.Control:
    choices = entry.trump_choices
    if not choices:
        said = ident("trump", text(entry.trump_line(), t.BODY, weight=ft.FontWeight.W_600, color=ft.Colors.PRIMARY))
        said.key = f"trump:{drawn}"
        return said
    current = entry.hand.trump
    shown = _header_data(entry)
    chips = []
    for name in choices:
        on = name == current
        swatch = COLOUR_SWATCH.get(name)
        red = name in ("Hearts", "Diamonds")
        face = ft.Row([
            ft.Container(width=14, height=14, border_radius=7, bgcolor=swatch,
                         border=ft.Border.all(1, ft.Colors.OUTLINE)) if swatch else ft.Container(width=0),
            # A suit or a colour, stored in English (rules.oh_heck SUITS, COLOURS, marked there), or a table's own.
            ft.Text(shown_trump(name), size=t.SMALL, weight=ft.FontWeight.BOLD, semantics_label=_("Trump {suit}", suit=shown_trump(name)),
                    color="#FF6E6E" if red and not on else (ft.Colors.ON_PRIMARY_CONTAINER if on else ft.Colors.ON_SURFACE)),
        ], spacing=6, tight=True)
        chips.append(ft.Container(
            content=face, height=t.TOUCH - 4, padding=ft.Padding.symmetric(horizontal=10, vertical=12),
            border_radius=10,
            bgcolor=ft.Colors.PRIMARY_CONTAINER if on else ft.Colors.SURFACE_CONTAINER_HIGHEST,
            border=ft.Border.all(2, ft.Colors.PRIMARY if on else ft.Colors.OUTLINE_VARIANT),
            on_click=screen.app.act(lambda _e=None, n=None if on else name: screen.aside(
                entry.trump_action(n), drawn, unchanged=lambda: _header_data(screen.entry) == shown)),
            ink=True))
    # One line with its label where the chips fit beside it (a tablet), else the chips under it. The label
    # reads the same whatever is chosen (the chosen chip says it; screen readers hear it): one that
    # named the choice changed width and moved every chip under the finger.
    said = ident("trump", ft.Text(_("Trump (optional):"), size=t.SMALL + 1, color=ft.Colors.ON_SURFACE_VARIANT,
                                  semantics_label=entry.trump_line()))
    return ft.Row([said, *chips], spacing=6, run_spacing=6, wrap=True, vertical_alignment=ft.CrossAxisAlignment.CENTER,
                  key=f"trump:{drawn}")


def _who(row: Row, size: int) -> ft.Control:
    """The player: name, their role in the hand, and where they stand (total and place) before it."""
    # Where the player stands gives way (cut short) to what the row shows on the right. A long name gives
    # way too (at 360 px it drew over the bid beside it): it then shares the room left with the standing,
    # three times its share by their lengths (a name matters more). A short name never needs to: it keeps
    # its width, and the standing all the rest.
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


def _row_header(screen, row: Row, key: tuple, right: Callable[[Row], list[ft.Control]]) -> ft.Control:
    """The player's line over their chips, with `right(row)` at its end; handed back while it reads the
    same (the row's turn ending changes its frame, not its line)."""
    shown = (row.name, row.roles, row.standing, row.chosen, row.note, row.points, row.made, row.filled)
    # A fixed height: what appears on the right (a points badge) must not move the chips below.
    return screen.kept((key, "head"), shown, lambda: ft.Container(
        content=ft.Row([_who(row, t.BODY + 2), *right(row)], vertical_alignment=ft.CrossAxisAlignment.CENTER),
        height=38))


def _chips(screen, row: Row, key: tuple, on_tap) -> ft.Control:
    """The row's chips, each handed back while it shows the same (a tap redraws the one or two chips it
    changed, not the row): keyed by the row's key, which names the version their taps act on
    (Screen.for_version)."""
    return ft.Row([
        screen.kept((key, c.value), c, lambda c=c: chip(
            str(c.value), c.label, screen.app.act(lambda _e=None, s=row.seat, v=c.value: on_tap(s, v)),
            selected=c.selected, disabled=c.disabled, struck=c.struck, hint=c.hint, marked=c.bid))
        for c in row.chips
    ], wrap=True, spacing=6, run_spacing=6)


def _rows_fit(screen, rows: list[Row], cards: int) -> bool:
    """Would every row of the step, open, fit the screen without scrolling? Else the rows waiting their
    turn are drawn in one line each (a tap opens one), so a phone shows six players' hand at once."""
    app = screen.app
    width = content_width(app.width * t.ENTRY_SHARE if app.wide else app.width, 720) - 2 * ROW_PAD - 2
    per_line = max(1, int((width + CHIP_GAP) // (t.CHIP + CHIP_GAP)))
    lines = -(-(cards + 1) // per_line)
    open_row = 2 * ROW_PAD + ROW_HEAD + 8 + lines * t.CHIP + (lines - 1) * CHIP_GAP + ROWS_GAP
    header = HEADER_OPEN if screen.details_open or app.wide else HEADER_FOLDED
    chrome = APP_BAR + header + STEP_LINE + BOTTOM_BAR + (0 if app.wide else TABS)
    return len(rows) * open_row <= app.height - chrome


def _bids_section(screen, entry: HandEntry, drawn: int) -> list[ft.Control]:
    rows = entry.bid_rows()
    compact = not _rows_fit(screen, rows, entry.hand.cards)
    # Where the bids stand, above the rows in one line of its own (the hand's header says who bids
    # first, or that the bids are shown all at once).
    items: list[ft.Control] = [_balance_line(entry)]
    for row in rows:
        key = ("bid", entry.phase, entry.index, row.seat, drawn)
        items.append(screen.kept(key, (row, compact, _chips_ready(screen, row, compact, drawn)),
                                 lambda row=row, key=key: _bid_row(screen, row, drawn, compact, key)))
    return items


def _bid_row(screen, row: Row, drawn: int, compact: bool, key: tuple) -> ft.Control:
    def box() -> list[ft.Control]:
        parts = [_row_header(screen, row, key, _bid_shown),
                 _chips(screen, row, key, lambda s, v: screen.tap(drawn, screen.entry.tap_bid, s, v))]
        if row.note:
            barred = any(c.struck for c in row.chips)
            parts.append(text(row.note, t.SMALL + 1, color=ft.Colors.ERROR if barred else ft.Colors.ON_SURFACE_VARIANT,
                              weight=ft.FontWeight.W_600 if barred else None))
        if row.hooked:  # a hand the table already played with the forbidden bid: recorded so, after a question
            # Drawn hidden until a bid is barred, so the tap that bars one shows it rather than builds it.
            offer = ident("against-hook", ft.TextButton(
                _("Record against the hook"), icon=ft.Icons.GAVEL,
                on_click=screen.app.act(lambda: screen.bend_hook(drawn))))
            offer.visible = row.bend_offer
            parts.append(offer)
        return parts

    # The dealer bids last, the hook's words under the chips: brought into view once laid out, not left
    # under the bar (six players on a phone)
    shown = (screen.app.act(lambda _e=None: screen.bring_end_into_view((row.seat, drawn)), redraw=False)
             if row.turn and row.hooked and row.note and drawn == screen.session.version else None)
    return _player_row(screen, row, "bid", drawn, compact, box, row.turn, key, on_shown=shown)


def _balance_line(entry: HandEntry) -> ft.Control:
    return ident("balance", ft.Container(
        content=ft.Text(entry.balance(), size=t.BODY + 1, weight=ft.FontWeight.BOLD, color=ft.Colors.ON_SURFACE),
        padding=ft.Padding.symmetric(horizontal=12, vertical=6), border_radius=10,
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST))


def _bids_summary(entry: HandEntry, wide: bool) -> ft.Control:
    parts = [f"{entry.players[s]} {entry.bids[s]}" for s in entry.order]
    if not wide:  # a phone keeps it short (each row says its bid), with how the bids stand at its end
        return ident("bids-summary", text(_("Bids: {bids} — {balance}", bids=" · ".join(parts),
                                            balance=entry.balance_word()), t.BODY, weight=ft.FontWeight.W_600))
    said = ident("bids-summary", text(_("Bids: {bids}", bids=" · ".join(parts)), t.BODY, weight=ft.FontWeight.W_600))
    return ft.Column([said, muted(entry.balance(), t.BODY)], spacing=2)


def _tricks_section(screen, entry: HandEntry, drawn: int, correcting: bool = False) -> list[ft.Control]:
    left = entry.tricks_left()
    colour = ft.Colors.PRIMARY if left > 0 else (ft.Colors.ERROR if left < 0 else ft.Colors.TERTIARY)
    # The countdown beside the heading, in a slot of two lines whatever it says: the line that says a
    # number was filled in is longer, and a slot that grew with it moved every row below under the finger.
    countdown = ident("tricks-left", ft.Text(entry.tricks_line(), size=t.SMALL + 1, weight=ft.FontWeight.BOLD,
                                             color=colour, text_align=ft.TextAlign.RIGHT, max_lines=2,
                                             overflow=ft.TextOverflow.ELLIPSIS))
    items: list[ft.Control] = [ft.Row([heading(_("Tricks taken"), t.TITLE - 4),
                                       ft.Container(content=countdown, expand=True, height=COUNTDOWN_HEIGHT,
                                                    alignment=ft.Alignment.CENTER_RIGHT)],
                                      vertical_alignment=ft.CrossAxisAlignment.CENTER, spacing=12)]
    rows = entry.trick_rows()
    compact = not correcting and not _rows_fit(screen, rows, entry.hand.cards)
    for row in rows:
        key = ("tricks", entry.phase, entry.index, row.seat, drawn)
        items.append(screen.kept(key, (row, correcting, compact, _chips_ready(screen, row, compact, drawn)),
                                 lambda row=row, key=key: _tricks_row(screen, row, correcting, drawn, compact, key)))
    return items


def _bid_shown(row: Row) -> list[ft.Control]:
    """The bid, right of the player's name."""
    return [_chosen(row, _("{name}'s bid: none yet", name=row.name),
                    _("{name}'s bid: {bid}", name=row.name, bid=row.chosen))]


def _tricks_shown(row: Row) -> list[ft.Control]:
    """What the player's bid comes to, then the tricks, right of the player's name. The same parts
    whether entered or not (some hidden), so entering the tricks changes what they show."""
    note = muted(row.note or "", t.BODY)
    note.visible = bool(row.note)
    points = _points_badge(row, t.BODY + 3, ft.Padding.symmetric(horizontal=10, vertical=4), labelled=True)
    return [note, points, _filled_mark(row), _chosen(row, _("{name}'s tricks: none yet", name=row.name),
                                                     _("{name}'s tricks: {tricks}", name=row.name, tricks=row.chosen))]


def _filled_mark(row: Row) -> ft.Control:
    """Beside a number the app filled in (the one that completes the hand): a mark, not words, so the
    player's total and place keep their room on a phone (the tricks line above says it in words)."""
    # Translators: read aloud for the mark beside a count of tricks the app filled in (the one number
    # that completes the hand)
    return ft.Icon(ft.Icons.AUTO_FIX_HIGH, size=20, color=ft.Colors.TERTIARY, semantics_label=_("filled in"),
                   visible=row.filled)


def _chosen(row: Row, none_yet: str, said: str) -> ft.Control:
    """The number entered for the player ("–" while there is none) at the end of their open row."""
    return ft.Text("–" if row.chosen is None else str(row.chosen), size=t.BIG, weight=ft.FontWeight.BOLD, width=36,
                   text_align=ft.TextAlign.RIGHT,
                   color=ft.Colors.PRIMARY if row.chosen is not None else ft.Colors.ON_SURFACE_VARIANT,
                   semantics_label=none_yet if row.chosen is None else said)


def _points_badge(row: Row, size: int, padding: ft.Padding, *, labelled: bool = False) -> ft.Control:
    """The points of the player's hand, green made or red missed; hidden until the tricks are in.
    `labelled`: says made or missed to screen readers (the one-line row says it in its merged line)."""
    label = None
    if labelled and row.points is not None:
        label = (_("{name}: made, {points}", name=row.name, points=row.points) if row.made
                 else _("{name}: missed, {points}", name=row.name, points=row.points))
    return ft.Container(
        content=ft.Text(row.points or "", size=size, weight=ft.FontWeight.BOLD,
                        color=ft.Colors.ON_TERTIARY if row.made else ft.Colors.ON_ERROR, semantics_label=label),
        bgcolor=ft.Colors.TERTIARY if row.made else ft.Colors.ERROR, border_radius=8, padding=padding,
        visible=row.points is not None)


def _tricks_row(screen, row: Row, correcting: bool, drawn: int, compact: bool, key: tuple) -> ft.Control:
    def box() -> list[ft.Control]:
        return [_row_header(screen, row, key, _tricks_shown),
                _chips(screen, row, key, lambda s, v: screen.tap(drawn, screen.entry.tap_tricks, s, v))]

    return _player_row(screen, row, "tricks", drawn, compact, box, row.turn and not correcting, key)


def _player_row(screen, row: Row, what: str, drawn: int, compact: bool, box: Callable[[], list[ft.Control]],
                turn: bool, key: tuple, on_shown: Callable | None = None) -> ft.Control:
    """A player's row, always of the same parts: the row in one line (entered, or waiting its turn where
    the open rows wouldn't fit; a tap opens it) and the row open with its chips, one of them shown. A tap
    that folds one row and opens the next changes what each shows, not what it is made of: the redrawn
    rows are diffed against the last ones (Screen.reconcile) and the browser gets a few properties, not
    new controls, so the tap shows as fast as a tap can. The part hidden stays as it was until shown
    again; the chips of a row in one line come a moment after the step's first drawing
    (Screen.hidden_ready), which they would only slow. `on_shown`: told once the open row is laid out."""
    in_line = _in_line(row, compact)
    line = screen.kept((key, "line"), (row, what), lambda: _one_line_row(screen, row, what, key), hidden=not in_line)
    opened = None
    if _chips_ready(screen, row, compact, drawn) or screen.has_kept((key, "open")):
        opened = screen.kept((key, "open"), (row, turn), lambda: _player_box(box(), turn), hidden=in_line)
    return ft.Column([ft.Container(content=line, visible=in_line),
                      ft.Container(content=opened, visible=not in_line, on_size_change=on_shown)], spacing=0)


def _in_line(row: Row, compact: bool) -> bool:
    """Is the row shown in one line (entered, or waiting its turn where the open rows wouldn't fit)?"""
    return row.folded or (compact and row.waiting)


def _chips_ready(screen, row: Row, compact: bool, drawn: int) -> bool:
    """Are the row's chips drawn: shown, or hidden once the step's first drawing is on screen?"""
    return not _in_line(row, compact) or screen.hidden_ready(drawn)


def _one_line_row(screen, row: Row, what: str, key: tuple) -> ft.Control:
    """The row in one line, the same height entered or waiting (nothing below moves as rows turn from one
    to the other): entered, with the number and (tricks) the points; waiting its turn, with an arrow to
    enter it out of turn; on the tricks step with the player's bid. Who the player is stays as it was
    when the row folds (handed back: the tap changes what the row says they chose)."""
    who = screen.kept((key, "who"), (row.name, row.roles, row.standing), lambda: _who(row, t.BODY + 1))
    entered = row.chosen is not None
    note = muted(row.note or "", t.BODY)
    note.visible = bool(row.note) and what == "tricks"
    points = _points_badge(row, t.BODY + 1, ft.Padding.symmetric(horizontal=8, vertical=2))
    if what == "bid":
        said = _("{name}'s bid: {bid}", name=row.name, bid=row.chosen) if entered else None
        action = _("change bid") if entered else _("enter {name}'s bid now", name=row.name)
    else:
        said = _("{name}'s tricks: {tricks}", name=row.name, tricks=row.chosen) if entered else None
        action = _("change tricks") if entered else _("enter {name}'s tricks now", name=row.name)
    chosen = ft.Text("" if row.chosen is None else str(row.chosen), size=t.BIG - 2, weight=ft.FontWeight.BOLD,
                     color=ft.Colors.PRIMARY, width=36, text_align=ft.TextAlign.RIGHT, semantics_label=said,
                     visible=entered)
    icon = ft.Icon(ft.Icons.EDIT if entered else ft.Icons.EXPAND_MORE, size=18 if entered else 24,
                   color=ft.Colors.ON_SURFACE_VARIANT, semantics_label=action)
    return ident(f"row-{what}-{row.name}", folded_row(
        ft.Row([who, note, points, _filled_mark(row), chosen, icon], vertical_alignment=ft.CrossAxisAlignment.CENTER),
        screen.app.act(lambda _e=None, s=row.seat: screen.tap(None, screen.entry.open_row, s, what)), height=ONE_LINE_ROW))


def _player_box(parts: list[ft.Control], turn: bool) -> ft.Control:
    return ft.Container(
        content=ft.Column(parts, spacing=8), padding=12, border_radius=14,
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH if turn else ft.Colors.SURFACE_CONTAINER,
        border=ft.Border.all(2, ft.Colors.PRIMARY) if turn else ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
    )
