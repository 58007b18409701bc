"""Small building blocks shared by the screens. Every tappable thing has a name a screen reader reads
(and the end-to-end tests find): a button's text, a chip's semantics label, or an identifier."""
from __future__ import annotations

from typing import Any, Callable, Sequence

import flet as ft

from scorekeeper.i18n import _

from . import theme as t

Handler = Callable[..., object] | None


def ident(identifier: str, control: ft.Control) -> ft.Control:
    """A stable test/automation identifier on a control (not read aloud). The wrapper takes over the
    control's `expand`, so it lays out the same."""
    return ft.Semantics(identifier=identifier, content=control, expand=getattr(control, "expand", None))


def text(value: str, size: int = t.BODY, *, weight=None, color=None, label: str | None = None,
         italic: bool = False, align=None, selectable: bool = False, max_lines=None, strike: bool = False) -> ft.Text:
    style = ft.TextStyle(decoration=ft.TextDecoration.LINE_THROUGH, decoration_thickness=3,
                         decoration_color=ft.Colors.ERROR) if strike else None
    return ft.Text(value, size=size, weight=weight, color=color, semantics_label=label, italic=italic,
                   text_align=align, selectable=selectable, max_lines=max_lines, style=style)


def heading(value: str, size: int = t.TITLE) -> ft.Text:
    return ft.Text(value, size=size, weight=ft.FontWeight.BOLD)


def muted(value: str, size: int = t.SMALL, **kwargs) -> ft.Text:
    return text(value, size, color=ft.Colors.ON_SURFACE_VARIANT, **kwargs)


def button(label: str, on_click: Handler, *, icon=None, primary: bool = False, disabled: bool = False,
           identifier: str | None = None, expand: bool | int | None = None, danger: bool = False,
           tooltip: str | None = None) -> ft.Control:
    """A big button whose visible text is its accessible name."""
    style = ft.ButtonStyle(
        padding=ft.Padding.symmetric(horizontal=18, vertical=12),
        text_style=ft.TextStyle(size=t.BODY, weight=ft.FontWeight.W_600),
        shape=ft.RoundedRectangleBorder(radius=12),
    )
    kwargs = dict(content=label, icon=icon, on_click=on_click, disabled=disabled, style=style, height=t.TOUCH,
                  expand=expand, tooltip=tooltip)
    if primary:
        control = ft.FilledButton(**kwargs)
    elif danger:
        style.color = ft.Colors.ERROR
        control = ft.OutlinedButton(**kwargs)
    else:
        control = ft.OutlinedButton(**kwargs)
    return ident(identifier, control) if identifier else control


def done_button(label: str, on_click: Handler, *, icon=None, identifier: str | None = None) -> ft.Control:
    """The step's button at the bottom of a game (Bids done, Hand done), tapped every hand: drawn like
    a filled button, without the ripple, which would keep a slow phone drawing frames while the step
    is stored and the next one drawn. (Without ink, Flet's Container takes no keyboard focus.)"""
    face = ft.Row([*([ft.Icon(icon, size=20, color=ft.Colors.ON_PRIMARY)] if icon else []),
                   ft.Text(label, size=t.BODY, weight=ft.FontWeight.W_600, color=ft.Colors.ON_PRIMARY,
                           max_lines=1, overflow=ft.TextOverflow.ELLIPSIS)],
                  spacing=8, tight=True, alignment=ft.MainAxisAlignment.CENTER)
    control = ft.Container(content=face, on_click=on_click, height=t.TOUCH, expand=True, bgcolor=ft.Colors.PRIMARY,
                           border_radius=12, padding=ft.Padding.symmetric(horizontal=18), alignment=ft.Alignment.CENTER)
    return ident(identifier, control) if identifier else control


def icon_button(icon, label: str, on_click: Handler, *, disabled: bool = False, identifier: str | None = None) -> ft.Control:
    # The label goes on the icon itself: a tooltip's label lands on a wrapper, not on the button. (The
    # padding is the button's own, not a style's: Flet copies a style into the button anew on every
    # update, so each tap would send it and rebuild the button in the browser.)
    control = ft.IconButton(icon=ft.Icon(icon, semantics_label=label, size=28), on_click=on_click, disabled=disabled,
                            padding=ft.Padding.all(10))
    return ident(identifier, control) if identifier else control


SLASH_HALF = 0.022  # half the struck slash's width, as a share of the chip's diagonal (3 px wide on a 50 px chip)


def chip(value: str, label: str, on_click: Handler, *, selected: bool = False, disabled: bool = False,
         struck: bool = False, hint: bool = False, marked: bool = False, size: int = t.CHIP, data=None) -> ft.Control:
    """A one-tap number. Its label names the player and the number ("Ann bids 2"). `struck`: barred,
    drawn struck out and not tappable (its reason is said beside it); `marked`: ringed (the player's bid,
    on the tricks step). No ripple: the chip filling in is the answer, and a ripple kept a browser without
    a GPU redrawing the whole screen while that answer was on its way (see done_button)."""
    if selected:
        bg, fg, border = ft.Colors.PRIMARY, ft.Colors.ON_PRIMARY, ft.Colors.PRIMARY
    elif struck:
        bg, fg, border = ft.Colors.ERROR_CONTAINER, ft.Colors.ON_ERROR_CONTAINER, ft.Colors.ERROR
    elif disabled:
        bg, fg, border = ft.Colors.SURFACE_CONTAINER_LOWEST, ft.Colors.ON_SURFACE_VARIANT, ft.Colors.OUTLINE_VARIANT
    elif hint:
        bg, fg, border = ft.Colors.TERTIARY_CONTAINER, ft.Colors.ON_TERTIARY_CONTAINER, ft.Colors.TERTIARY
    else:
        bg, fg, border = ft.Colors.SURFACE_CONTAINER_HIGHEST, ft.Colors.ON_SURFACE, ft.Colors.OUTLINE_VARIANT
    if marked and not selected:
        border = ft.Colors.SECONDARY
    # Struck: a diagonal slash over the number (a plain strike-through makes "1" look like "+"), painted
    # as a stripe across the chip rather than drawn as controls of its own, so striking a chip (the bid
    # before the dealer's brings in the hook) changes its properties, not what it is made of.
    slash = ft.BoxDecoration(border_radius=size // 2, gradient=ft.LinearGradient(
        colors=[ft.Colors.TRANSPARENT, ft.Colors.TRANSPARENT, ft.Colors.ERROR, ft.Colors.ERROR, ft.Colors.TRANSPARENT,
                ft.Colors.TRANSPARENT],
        stops=[0, 0.5 - SLASH_HALF, 0.5 - SLASH_HALF, 0.5 + SLASH_HALF, 0.5 + SLASH_HALF, 1],
        begin=ft.Alignment.TOP_LEFT, end=ft.Alignment.BOTTOM_RIGHT)) if struck else None
    return ft.Container(
        content=ft.Text(value, size=22, weight=ft.FontWeight.BOLD, color=fg, semantics_label=label),
        width=size, height=size, alignment=ft.Alignment.CENTER, bgcolor=bg, foreground_decoration=slash,
        border=ft.Border.all(3 if marked and not selected else 2, border), border_radius=size // 2, data=data,
        on_click=None if struck else on_click, disabled=struck,
    )


def folded_row(content: ft.Control, on_click: Handler, *, height: int) -> ft.Control:
    """A player's entry folded into one line once entered (or waiting its turn), tapped to open it again.
    No ink, as the chips it folds from: it lies under the pointer after nearly every tap, and with a
    mouse its hover highlight fading in and out kept a browser without a GPU redrawing the whole screen
    just as the next tap's answer came (the first tricks chip took twice as long as the others)."""
    return ft.Container(
        content=content, height=height, padding=ft.Padding.symmetric(horizontal=12), border_radius=14,
        bgcolor=ft.Colors.SURFACE_CONTAINER, border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), on_click=on_click,
    )


def pill(shown: str, label: str, on_click: Handler, selected: bool) -> ft.Control:
    """A rounded choice among a few (who went out, the game to look at): ticked and filled when chosen."""
    return ft.Container(
        content=ft.Row([
            ft.Icon(ft.Icons.CHECK_CIRCLE if selected else ft.Icons.CIRCLE_OUTLINED, size=22,
                    color=ft.Colors.ON_PRIMARY if selected else ft.Colors.ON_SURFACE_VARIANT),
            ft.Text(shown, size=t.BODY + 1, weight=ft.FontWeight.BOLD, semantics_label=label,
                    color=ft.Colors.ON_PRIMARY if selected else ft.Colors.ON_SURFACE),
        ], spacing=6, tight=True),
        height=t.TOUCH, padding=ft.Padding.symmetric(horizontal=16), border_radius=t.TOUCH // 2,
        bgcolor=ft.Colors.PRIMARY if selected else ft.Colors.SURFACE_CONTAINER_HIGHEST,
        border=ft.Border.all(2, ft.Colors.PRIMARY if selected else ft.Colors.OUTLINE_VARIANT),
        on_click=on_click, ink=True,
    )


def card(content: ft.Control, *, padding: int = t.PAD, highlight: bool = False, color=None,
         on_click: Handler = None, expand=None) -> ft.Container:
    return ft.Container(
        content=content, padding=padding, border_radius=14, expand=expand,
        bgcolor=color or ft.Colors.SURFACE_CONTAINER,
        border=ft.Border.all(2, ft.Colors.PRIMARY) if highlight else ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        on_click=on_click, ink=on_click is not None,
    )


def banner(message: str, *, error: bool = True, identifier: str = "message") -> ft.Control:
    """A message at the top of a screen (refusals, another device's change, a recovered database)."""
    return ident(identifier, ft.Container(
        content=ft.Row([
            ft.Icon(ft.Icons.ERROR_OUTLINE if error else ft.Icons.INFO_OUTLINE,
                    color=ft.Colors.ON_ERROR_CONTAINER if error else ft.Colors.ON_PRIMARY_CONTAINER),
            ft.Text(message, size=t.BODY, expand=True,
                    color=ft.Colors.ON_ERROR_CONTAINER if error else ft.Colors.ON_PRIMARY_CONTAINER),
        ], vertical_alignment=ft.CrossAxisAlignment.START),
        bgcolor=ft.Colors.ERROR_CONTAINER if error else ft.Colors.PRIMARY_CONTAINER,
        padding=12, border_radius=12,
    ))


def staircase(sizes: Sequence[int], current: int | None = None, *, height: int = 56, played: int = 0,
              label: str | None = None, kept: Callable | None = None, key: Any = "stair",
              number_size: int = 10) -> ft.Control:
    """The hand sequence as a picture: a bar per hand, as tall as its cards; the current one marked.
    `kept`: a reconciling screen's Screen.kept, which hands back each bar that looks as it did (the
    next hand changes two), under (`key`, its index): a key that changes where the staircase moves.
    `number_size`: the type of the cards' numbers in the bars (the table display's grow with it)."""
    if not sizes:
        return ft.Container()
    top = max(sizes)
    bars = []
    for index, cards in enumerate(sizes):
        if index == current:
            color = ft.Colors.PRIMARY
        elif index < played:
            color = ft.Colors.OUTLINE
        else:
            color = ft.Colors.SURFACE_CONTAINER_HIGHEST
        look = (cards, color, index == current, max(number_size + 4, height * cards / top), number_size)
        bars.append(kept((key, index), look, lambda look=look: _bar(*look)) if kept else _bar(*look))
    # Translators: read aloud for the picture of the hands to play; {sizes} is "1, 2, 3, 2, 1".
    words = label or _("Hand sequence: {sizes} cards", sizes=", ".join(str(c) for c in sizes))
    return ft.Semantics(label=words, content=ft.Row(bars, spacing=2, vertical_alignment=ft.CrossAxisAlignment.END,
                                                    height=height), exclude_semantics=True)


def _bar(cards: int, color: str, current: bool, height: float, number_size: int = 10) -> ft.Control:
    """One hand of the staircase."""
    return ft.Container(
        content=ft.Text(str(cards), size=number_size, color=ft.Colors.ON_PRIMARY if current else ft.Colors.ON_SURFACE,
                        text_align=ft.TextAlign.CENTER),
        height=height, expand=True, bgcolor=color,
        border_radius=ft.BorderRadius.only(top_left=4, top_right=4), alignment=ft.Alignment.TOP_CENTER,
    )


def tab_bar(tabs: Sequence[tuple[str, str, str]], selected: str, on_pick: Callable[[str], Handler]) -> ft.Control:
    """A phone's bottom tabs: (name, label, icon) each; `on_pick(name)` is the tab's tap handler."""
    buttons = []
    for name, label, icon in tabs:
        on = name == selected
        buttons.append(ident(f"tab-{name}", ft.Container(
            content=ft.Column([
                ft.Icon(icon, color=ft.Colors.PRIMARY if on else ft.Colors.ON_SURFACE_VARIANT, size=24),
                ft.Text(label, size=t.SMALL, weight=ft.FontWeight.BOLD if on else None,
                        color=ft.Colors.PRIMARY if on else ft.Colors.ON_SURFACE_VARIANT),
            ], spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER, alignment=ft.MainAxisAlignment.CENTER),
            expand=True, height=60, on_click=on_pick(name), ink=True,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH if on else None,
            border=ft.Border.only(top=ft.BorderSide(3, ft.Colors.PRIMARY if on else ft.Colors.TRANSPARENT)),
        )))
    return ft.Container(content=ft.Row(buttons, spacing=0), bgcolor=ft.Colors.SURFACE_CONTAINER_LOW)


class Pane(ft.Column):
    """A screen's scrolling column (scroller), which tells the App (the page's data) when it leaves the
    page: a scroll asked of it whose answer is still to come must find it there (see App.pane_left)."""

    def will_unmount(self) -> None:
        super().will_unmount()
        try:
            app = self.page.data
        except RuntimeError:  # (not on a page any more by its parents either)
            return
        if hasattr(app, "pane_left"):
            app.pane_left(self)


def scroller() -> ft.Column:
    """A scrolling column. Keep one per screen pane and refill it: a new one would jump back to the top.
    Its scrollbar shows while it scrolls but doesn't answer the mouse (it is scrolled by wheel, finger
    or keys): an interactive one redrew the screen each time the pointer left the column, on its way to
    the step's button, just as that tap's answer came."""
    return Pane(scroll=ft.Scrollbar(interactive=False), expand=True, spacing=0)


def content_width(width: float, max_width: int = 760) -> float:
    """How wide a screen's content is drawn: its width less the margins, no wider than `max_width`."""
    return min(width - 2 * t.PAD, max_width)


def body(pane: ft.Column, width: float, controls: list[ft.Control], *, max_width: int = 760,
         spacing: int = 14) -> ft.Control:
    """Fill a screen's scrolling pane: a column, centred and no wider than `max_width` on big screens.
    The pane's inner column is kept from one drawing to the next, so text fields in it keep their focus."""
    inner = content_width(width, max_width)
    column = pane.data
    if column is None:
        column = pane.data = ft.Column(spacing=spacing, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        pane.controls = [ft.Container(content=ft.Row([column], alignment=ft.MainAxisAlignment.CENTER), padding=t.PAD)]
    column.controls = controls
    column.width = inner
    column.spacing = spacing
    return pane


def action_bar(parts: list[ft.Control], width: float, *, key: str | None = None) -> ft.Control:
    """The bar a screen's pane scrolls over, at the bottom, in the thumb zone: its main action, always
    on screen (the step's button of a game, Start the game), `parts` one over the other."""
    return ft.Container(
        content=ft.Row([ft.Column(parts, spacing=6, width=width)], alignment=ft.MainAxisAlignment.CENTER),
        padding=ft.Padding.only(left=t.PAD, right=t.PAD, top=6, bottom=8),
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
        border=ft.Border.only(top=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)), key=key)


def above_action_bar(pane: ft.Control, parts: list[ft.Control], width: float) -> ft.Control:
    """A form's screen: its scrolling pane (body) over its action bar, both as wide as the content."""
    return ft.Column([pane, action_bar(parts, content_width(width))], expand=True, spacing=0)


FILL_SPACING = 10  # between the parts of a filled pane


def fill(pane: ft.Column, controls: list[ft.Control]) -> ft.Control:
    """Fill a scrolling pane edge to edge (the score card and the chart use the whole width)."""
    pane.controls = [ft.Container(content=ft.Column(controls, spacing=FILL_SPACING), padding=t.PAD)]
    return pane


def names_over(pane: ft.Column, above: list[ft.Control], rest: list[ft.Control], names: ft.Control, *,
               stuck: bool, on_measured: Handler, on_scrolled: Handler) -> ft.Control:
    """A score card's pane, filled with what comes `above` its grid, then the grid (its first row names the
    players) and the `rest`; `names`, a copy of that row, lies over the pane's top once the grid's own has
    scrolled past (`stuck`): the columns of a long card stay named, and at its top the names sit on the
    grid, not over the standings a phone shows first. `on_measured` gets the size of what is above
    (names_row_at), `on_scrolled` the pane's scrolling. The copy is always there, see-through and
    passing taps on until stuck (then a tap on it is not one on the cell it covers): showing it
    changes its opacity and whether it takes taps, not what the pane holds."""
    measured = ft.Container(content=ft.Column(above, spacing=FILL_SPACING), on_size_change=on_measured)
    pane.on_scroll, pane.scroll_interval = on_scrolled, 30
    fill(pane, [measured, *rest])
    over = ft.Container(content=names, left=0, top=0, right=0, padding=ft.Padding.symmetric(horizontal=t.PAD),
                        opacity=1.0 if stuck else 0.0, ignore_interactions=not stuck)
    return ft.Stack([pane, over], expand=True, fit=ft.StackFit.EXPAND)


def names_row_at(above_height: float) -> float:
    """How far down its pane the grid's row of names begins (names_over), under what is above it."""
    return t.PAD + above_height + FILL_SPACING


def name_field(on_submit, autofocus: bool = False) -> ft.TextField:
    return ft.TextField(label=_("New player's name"), on_submit=on_submit, text_size=t.BODY, expand=True,
                        capitalization=ft.TextCapitalization.WORDS, autofocus=autofocus)


def standing_row(seat: int, place: str, name: str, score: str, detail: str, leader: bool) -> ft.Control:
    """One line of the standings under a score card: the place, the name (a star for the leader) with
    the kind's detail under it, the total."""
    return ident(f"standing-{seat}", ft.Container(
        content=ft.Row([
            ft.Text(place, size=t.BODY + 1, weight=ft.FontWeight.BOLD, width=52, color=ft.Colors.PRIMARY if leader else None),
            ft.Column([
                ft.Row([ft.Text(name, size=t.BODY + 1, weight=ft.FontWeight.BOLD),
                        # Translators: read aloud for the star beside the name of the player in the lead.
                        ft.Icon(ft.Icons.STAR, color=ft.Colors.PRIMARY, size=20, semantics_label=_("leader"))
                        if leader else ft.Container()], spacing=6),
                ft.Text(detail, size=t.SMALL, color=ft.Colors.ON_SURFACE_VARIANT),
            ], spacing=0, expand=True),
            ft.Text(score, size=t.TITLE - 2, weight=ft.FontWeight.BOLD, width=64, text_align=ft.TextAlign.RIGHT),
        ], vertical_alignment=ft.CrossAxisAlignment.CENTER),
        padding=ft.Padding.symmetric(horizontal=12, vertical=8), border_radius=10,
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH if leader else ft.Colors.SURFACE_CONTAINER))


def field_text(event) -> str:
    """What a text field holds now, as its change event says."""
    return event.data if isinstance(event.data, str) else (event.control.value or "")


def adjustments_list(lines: list[str]) -> list[ft.Control]:
    """The adjustments under a score card (counted in its totals), or nothing when there are none."""
    if not lines:
        return []
    return [heading(_("Adjustments (in the totals)"), t.TITLE - 4),
            ident("adjustments", ft.Column([text(line, t.BODY) for line in lines], spacing=2))]


def labelled_switch(label: str, value: bool, on_change) -> ft.Control:
    """A switch with its words beside it, wrapping onto more lines where a language's words are long
    (Flet's own label runs off the screen's edge). The switch carries the words for screen readers;
    tapping the words switches too."""
    switch = ft.Semantics(label=label, toggled=value, content=ft.Switch(value=value, on_change=on_change))
    words = ft.Container(content=ft.Text(label, size=t.BODY), expand=True, on_click=on_change,
                         padding=ft.Padding.symmetric(vertical=6))
    return ft.Row([switch, ft.Semantics(content=words, exclude_semantics=True, expand=True)],
                  spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER)
