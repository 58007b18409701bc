"""The entry and the score card of the kinds scored in points per round (the free score pad, HIT THE
DECK and WHAT THE HECK?), drawn for the one game screen (screens/game.py) by each kind's UI module.
Every number comes from the view models (viewmodels/kind_entry.py, score_card.py), which take it
from the engine."""
from __future__ import annotations

import flet as ft

from scorekeeper.i18n import _, _p
from scorekeeper.rules.adjustments import adjustment_lines
from scorekeeper.rules.common import signed

from .. import theme as t
from ..viewmodels.kind_entry import NUMBER_BUTTONS, PAD_STEPS, AuctionEntry, DeckEntry, PadEntry, TYPED_LENGTH, card_text
from ..viewmodels.score_card import KindCard
from ..widgets import adjustments_list, chip, folded_row, heading, icon_button, ident, muted, pill, standing_row, text

GOOD = ft.Colors.TERTIARY
HEAD_COL = 60
ROW_H = 58


def title_line(entry, title_in_bar: bool) -> list[ft.Control]:
    """The round's name over its entry, unless the app bar says it already."""
    return [] if title_in_bar else [ft.Row([ident("round-title", heading(entry.title(), t.TITLE + 2))])]


def entry_part(screen, entry, drawn: int, taps: list[ft.Control], title_in_bar: bool) -> list[ft.Control]:
    """A kind's entry as the game screen shows it: its title, then its taps, acting on version `drawn`."""
    return [*title_line(entry, title_in_bar), screen.for_version(drawn, "taps", ft.Column(
        taps, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH))]


# ----- score pad -----


def pad_entry(screen, entry: PadEntry, drawn: int) -> list[ft.Control]:
    items: list[ft.Control] = []
    line = entry.target_line()
    if line:
        items.append(muted(line, t.BODY))
    playing = entry.playing
    for seat, name in enumerate(entry.players):
        if seat not in playing:  # sitting out, gone, or not come yet
            continue
        value = entry.points[seat]
        colour = ft.Colors.ERROR if value < 0 else (GOOD if value > 0 else ft.Colors.ON_SURFACE_VARIANT)
        head = ft.Row([
            ft.Column([
                ft.Text(name, size=t.BODY + 2, weight=ft.FontWeight.BOLD, overflow=ft.TextOverflow.ELLIPSIS),
                ft.Text(entry.total_line(seat), size=t.SMALL + 1, color=ft.Colors.ON_SURFACE_VARIANT),
            ], spacing=0, expand=True),
            ft.Text(signed(value), size=t.BIG, weight=ft.FontWeight.BOLD, color=colour, width=76,
                    text_align=ft.TextAlign.RIGHT, semantics_label=_("{name}'s points: {points}", name=name,
                                                                      points=card_text(value))),
        ], vertical_alignment=ft.CrossAxisAlignment.CENTER)
        steps = ft.Row([
            _step_button(signed(delta), entry.step_label(seat, delta),
                         screen.app.act(lambda _e=None, s=seat, d=delta: screen.tap(drawn, entry.step, s, d)), expand=True)
            for delta in PAD_STEPS], spacing=4)
        field = _points_field(screen, entry, seat, label=entry.field_label(seat), shown=entry.stepped[seat],
                                   value=entry.field_text(seat), error=entry.errors[seat])
        sign = _step_button("±", _("{name} change sign", name=name),
                            screen.app.act(lambda _e=None, s=seat: screen.tap(drawn, entry.flip_sign, s)), width=t.TOUCH + 8)
        items.append(_box([head, steps, ft.Row([field, sign], spacing=t.GAP,
                                               vertical_alignment=ft.CrossAxisAlignment.CENTER)]))
    return items


# ----- HIT THE DECK -----


def deck_entry(screen, entry: DeckEntry, drawn: int) -> list[ft.Control]:
    items: list[ft.Control] = [text(_("Who went out?"), t.TITLE - 4, weight=ft.FontWeight.BOLD)]
    items.append(ft.Row(wrap=True, spacing=t.GAP, run_spacing=t.GAP, controls=[
        pill(c.shown, c.label, screen.app.act(lambda _e=None, s=c.value: screen.tap(drawn, entry.tap_out, s)), c.selected)
        for c in entry.out_choices()]))
    items.append(ident("hand-summary", callout(entry.summary())))
    if entry.out is None:
        return items
    target = screen.game.rules.target
    items.append(ft.Column([
        text(_("Cards left in hand"), t.TITLE - 4, weight=ft.FontWeight.BOLD),
        muted(_("Lowest total wins; the game ends when someone reaches {target}.", target=target), t.SMALL + 1),
    ], spacing=2))
    playing = entry.playing
    for seat, name in enumerate(entry.players):
        if seat == entry.out or seat not in playing:
            continue
        points = entry.points(seat)
        new_total = entry.new_total(seat)
        head = ft.Row([
            ft.Column([
                ft.Text(name, size=t.BODY + 2, weight=ft.FontWeight.BOLD, overflow=ft.TextOverflow.ELLIPSIS),
                ft.Text(entry.total_line(seat), size=t.SMALL + 1,
                        color=ft.Colors.ERROR if new_total >= target else ft.Colors.ON_SURFACE_VARIANT),
            ], spacing=0, expand=True),
            ft.Text("–" if points is None else str(points), size=t.BIG, weight=ft.FontWeight.BOLD, width=76,
                    text_align=ft.TextAlign.RIGHT,
                    color=ft.Colors.PRIMARY if points is not None else ft.Colors.ON_SURFACE_VARIANT,
                    semantics_label=(_("{name}'s points: none yet", name=name) if points is None
                                     else _("{name}'s points: {points}", name=name, points=card_text(points)))),
        ], vertical_alignment=ft.CrossAxisAlignment.CENTER)
        progress = ft.ProgressBar(value=min(1.0, new_total / target), height=6, border_radius=3,
                                  color=ft.Colors.ERROR if new_total >= target else ft.Colors.PRIMARY,
                                  bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST)
        numbers = ft.Row([
            _step_button(f"+{value}", entry.number_label(seat, value),
                         screen.app.act(lambda _e=None, s=seat, v=value: screen.tap(drawn, entry.add_number, s, v)), expand=True)
            for value in NUMBER_BUTTONS], spacing=4)
        specials = ft.Row([
            # Translators: a button adding 10 points: a word card or a Hit card left in a player's hand
            _step_button(_("Word or Hit card +10"), entry.special_label(seat),
                         screen.app.act(lambda _e=None, s=seat: screen.tap(drawn, entry.add_special, s)), expand=True),
            icon_button(ft.Icons.BACKSPACE_OUTLINED, _("{name} take back a card", name=name),
                        screen.app.act(lambda _e=None, s=seat: screen.tap(drawn, entry.take_back, s))),
            icon_button(ft.Icons.CLEAR, _("{name} clear", name=name),
                        screen.app.act(lambda _e=None, s=seat: screen.tap(drawn, entry.clear, s))),
        ], spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER)
        field = _points_field(screen, entry, seat, label=_("Or type {name}'s points", name=name), shown=entry.cleared[seat],
                                   value=entry.typed[seat])
        items.append(_box([
            head, progress,
            ident(f"count-{seat}", text(entry.count_line(seat), t.BODY, weight=ft.FontWeight.W_600)),
            numbers, specials,
            ft.Row([field]),
        ]))
    return items


def _points_field(screen, entry: DeckEntry | PadEntry, seat: int, *, label: str, shown: int, value: str,
                  error: str | None = None) -> ft.TextField:
    """A field for typed points, kept across redraws (so it keeps the focus and what is typed);
    a fresh one is drawn when `shown` changes (the points were changed another way).
    `entry.type_points(seat, text)` takes each change; what it returns (a refusal) shows under it."""
    drawn = screen.session.version
    fields_of = screen.fields_of
    if fields_of[0] is not entry or fields_of[1] != drawn:  # a new hand (or the same one after an undo),
        screen.fields, screen.fields_of = {}, (entry, drawn)  # or another version of the game (see for_version)
    key = (seat, shown)
    field = screen.fields.get(key)
    if field is None:

        def changed(e, s=seat):
            if screen.play.stale(drawn):  # typed on a screen drawn before another device's entry
                screen.app.redraw()
                return
            before = entry.snapshot()
            refusal = entry.type_points(s, e.control.value or "")
            if not screen.play.keep_taps(before):
                refusal = screen.play.message
            if refusal != e.control.error:  # the refusal shows at once, without a redraw
                e.control.error = refusal
                e.control.update()

        field = ft.TextField(
            label=label, value=value, error=error, error_max_lines=3, text_size=t.BODY, expand=True,
            max_length=TYPED_LENGTH, counter="",  # a limit the drafts rely on, without a counter shown
            keyboard_type=ft.KeyboardType.NUMBER,
            on_change=screen.app.act(changed, redraw=False),
            on_blur=screen.app.typed, on_submit=screen.app.act(lambda: None))
        screen.fields[key] = field
    return field


# ----- WHAT THE HECK? -----


def auction_entry(screen, entry: AuctionEntry, drawn: int) -> list[ft.Control]:
    items: list[ft.Control] = []
    carry = entry.carry_line()
    if carry:
        items.append(ident("carried", callout(carry, strong=True)))
    chosen = entry.point_card
    items.append(ft.Row([
        text(_("Point card turned up"), t.TITLE - 4, weight=ft.FontWeight.BOLD, ),
        ft.Container(expand=True),
        ft.Text("–" if chosen is None else entry.choice_text(chosen), size=t.BIG, weight=ft.FontWeight.BOLD,
                color=ft.Colors.PRIMARY, semantics_label=(_("Point card: none yet") if chosen is None
                                                          else _("Point card: {card}", card=chosen))),
    ]))
    items.append(ft.Row(wrap=True, spacing=6, run_spacing=6, controls=[
        chip(c.shown, c.label, screen.app.act(lambda _e=None, v=c.value: screen.tap(drawn, entry.pick_point_card, v)),
             selected=c.selected)
        for c in entry.point_choices()]))
    items.append(text(_("Cards played"), t.TITLE - 4, weight=ft.FontWeight.BOLD))
    cancelled = set(entry.cancelled())
    for seat, name in enumerate(entry.players):
        card = entry.played[seat]
        shown = "–" if card is None else entry.choice_text(card)
        tied = seat in cancelled
        head = ft.Row([
            ft.Text(name, size=t.BODY + 2, weight=ft.FontWeight.BOLD, expand=True, overflow=ft.TextOverflow.ELLIPSIS),
            muted(_("tied: cancelled"), t.BODY) if tied else ft.Container(),
            ft.Text(shown, size=t.BIG, weight=ft.FontWeight.BOLD, width=60, text_align=ft.TextAlign.RIGHT,
                    color=ft.Colors.ERROR if tied else (ft.Colors.PRIMARY if card is not None else ft.Colors.ON_SURFACE_VARIANT),
                    semantics_label=(_("{name}'s card: none yet", name=name) if card is None
                                     else _("{name}'s card: {card}", name=name, card=card))),
        ], vertical_alignment=ft.CrossAxisAlignment.CENTER, expand=True)
        if entry.folded(seat):
            items.append(ident(f"change-card-{name}", folded_row(
                ft.Row([head, ft.Icon(ft.Icons.EDIT, size=18, color=ft.Colors.ON_SURFACE_VARIANT,
                                      semantics_label=_("change {name}'s card", name=name))]),
                screen.app.act(lambda _e=None, s=seat: screen.tap(drawn, entry.open_row, s)), height=t.TOUCH + 4)))
            continue
        chips = ft.Row(wrap=True, spacing=6, run_spacing=6, controls=[
            chip(c.shown, c.label, screen.app.act(lambda _e=None, s=seat, v=c.value: screen.tap(drawn, entry.pick, s, v)),
                 selected=c.selected)
            for c in entry.card_choices(seat)])
        items.append(_box([head, chips], highlight=entry.turn() == seat))
    taker = entry.taker()
    items.append(ident("outcome", callout(entry.outcome_line(), strong=taker is not None or entry.problem() is None)))
    return items


# ----- small pieces -----


def _step_button(shown: str, label: str, on_click, *, expand: bool = False, width: int | None = None) -> ft.Control:
    return ft.Container(
        content=ft.Text(shown, size=t.BODY + 1, weight=ft.FontWeight.BOLD, semantics_label=label,
                        text_align=ft.TextAlign.CENTER),
        height=t.TOUCH, width=width, expand=expand, alignment=ft.Alignment.CENTER, border_radius=12,
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST, border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        on_click=on_click, ink=True,
    )


def callout(message: str, *, strong: bool = False) -> ft.Control:
    return ft.Container(
        content=ft.Text(message, size=t.BODY + 2, weight=ft.FontWeight.BOLD,
                        color=ft.Colors.ON_PRIMARY_CONTAINER if strong else ft.Colors.ON_SURFACE),
        padding=12, border_radius=12,
        bgcolor=ft.Colors.PRIMARY_CONTAINER if strong else ft.Colors.SURFACE_CONTAINER_HIGHEST)


def _box(parts: list[ft.Control], highlight: bool = False) -> ft.Control:
    return ft.Container(
        content=ft.Column(parts, spacing=8), padding=12, border_radius=14,
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH if highlight else ft.Colors.SURFACE_CONTAINER,
        border=ft.Border.all(2, ft.Colors.PRIMARY) if highlight else ft.Border.all(1, ft.Colors.OUTLINE_VARIANT))


# ----- the score card -----


def build_kind_card(screen, width: float) -> ft.Control:
    card = KindCard(screen.game, screen.session.state.status)
    players = card.players
    correct = getattr(screen, "correct", None)  # a tap on a round opens it for a correction
    entry = getattr(screen, "entry", None)
    editing = entry.index if entry is not None and entry.correcting else None
    usable = width - 2 * t.PAD
    col = max(66, (usable - HEAD_COL) / max(1, len(players)))
    grid_width = HEAD_COL + col * len(players)
    def names() -> ft.Row:
        return ft.Row([_head(card.head_word, HEAD_COL, lines=2)] + [_head(name, col, bold=True) for name in players],
                      spacing=0)

    # A copy of the names stays in view over the card as it scrolls (GameScreen.card_pane), when every
    # column fits (else they scroll sideways with the columns).
    pinned = grid_width <= usable + 1  # (not by a rounding error: the columns share the width exactly)
    rows = [ident("card-names", names())]
    card_rows = card.rows()
    for row in card_rows:
        index = row.number - 1
        tap = screen.app.act(lambda _e=None, i=index: correct(i)) if correct is not None else None
        cells = [ident(f"row-{row.number}", ft.Container(
            content=ft.Column([
                ft.Text(row.head, size=t.BODY + 1, weight=ft.FontWeight.BOLD, semantics_label=row.head_label),
                ft.Text(row.note, size=11, color=ft.Colors.ON_SURFACE_VARIANT, max_lines=1,
                        overflow=ft.TextOverflow.ELLIPSIS),
            ], spacing=0, alignment=ft.MainAxisAlignment.CENTER, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
            width=HEAD_COL, height=ROW_H, alignment=ft.Alignment.CENTER,
            bgcolor=ft.Colors.PRIMARY_CONTAINER if index == editing else ft.Colors.SURFACE_CONTAINER_HIGH,
            border=ft.Border.all(2, ft.Colors.PRIMARY) if index == editing else None,
            on_click=tap, ink=tap is not None))]
        for cell in row.cells:
            if cell.mark == "good":
                bg, accent = ft.Colors.TERTIARY_CONTAINER, ft.Colors.TERTIARY
            elif cell.mark == "bad":
                bg, accent = ft.Colors.ERROR_CONTAINER, ft.Colors.ERROR
            else:
                bg, accent = ft.Colors.SURFACE_CONTAINER, None
            cells.append(ident(f"cell-{row.number}-{cell.seat}", ft.Container(
                content=ft.Column([
                    ft.Text(cell.main, size=t.SMALL + 1, color=ft.Colors.ON_SURFACE_VARIANT, semantics_label=cell.label),
                    ft.Text(cell.sub, size=t.BODY + 3, weight=ft.FontWeight.BOLD),
                ], spacing=0, alignment=ft.MainAxisAlignment.CENTER, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
                width=col, height=ROW_H, alignment=ft.Alignment.CENTER, bgcolor=bg,
                border=ft.Border.only(left=ft.BorderSide(3, accent)) if accent else None,
                on_click=tap, ink=tap is not None)))
        rows.append(ft.Row(cells, spacing=0))
    # Translators: the heading of the score card's last row: each player's total
    rows.append(ft.Row([_head(_p("a score card row", "Total"), HEAD_COL)] + [
        ident(f"total-{seat}", ft.Container(
            content=ft.Text(card_text(total), size=t.TITLE, weight=ft.FontWeight.BOLD,
                            semantics_label=_("{name} total {total}", name=players[seat], total=card_text(total))),
            width=col, height=ROW_H, alignment=ft.Alignment.CENTER, bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
            border=ft.Border.only(top=ft.BorderSide(2, ft.Colors.PRIMARY))))
        for seat, total in enumerate(card.totals())], spacing=0))
    grid: ft.Control = ft.Column(rows, spacing=2, width=grid_width)
    above: list[ft.Control] = [] if screen.app.wide else [*screen.messages(), *screen.name_line()]
    above.append(ident("leader", text(card.leader_line(), t.TITLE - 2, weight=ft.FontWeight.BOLD)))
    hint = " · " + (_("tap a hand to correct it") if screen.game.unit == "hand" else _("tap a round to correct it"))
    above.append(muted(card.progress_line() + (hint if correct is not None and card_rows else ""), t.BODY))
    if not pinned:  # (the names scroll sideways with the columns)
        grid = ft.Row([grid], scroll=ft.ScrollMode.ALWAYS)
        above.append(muted(_("Swipe the card sideways to see every player."), t.SMALL + 1))
    standings = [heading(_("Standings"), t.TITLE - 2),
                 ft.Column([standing_row(s.seat, s.place_text, s.name, card_text(s.score), s.detail, s.leader)
                            for s in card.standings()], spacing=4)]
    # A phone shows who stands where first, the card below (a tablet has the card beside the entry).
    rest = [grid, *standings] if screen.app.wide else [grid]
    above += [] if screen.app.wide else standings
    rest += adjustments_list(adjustment_lines(screen.game))
    rest.append(muted(card.legend(), t.SMALL))
    return screen.card_pane(above, rest, ident("card-names-over", names()) if pinned else None)


def _head(value: str, width: float, bold: bool = False, lines: int = 1) -> ft.Control:
    size = t.BODY if bold else (t.SMALL if lines == 1 or " " not in value else t.SMALL - 2)
    return ft.Container(
        content=ft.Text(value, size=size, weight=ft.FontWeight.BOLD if bold else None,
                        max_lines=lines, overflow=ft.TextOverflow.ELLIPSIS, text_align=ft.TextAlign.CENTER),
        width=width, height=40, alignment=ft.Alignment.CENTER, bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST)
