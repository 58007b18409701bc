"""The one drawing of the score card, for every kind of game: hands (rounds) as rows, players as
columns; each cell what the player entered, the points it came to and the running total below, green
made (took, went out, best) and red missed (tied). A tap on a played hand opens it for a correction.
Standings with places and the kind's own detail below (beside, on a tablet), then what the card says
under its grid. Drawn from the view model (viewmodels/score_card.py); no kind is named here."""
from __future__ import annotations

import flet as ft

from scorekeeper.i18n import _, _p

from .. import theme as t
from ..kinds import CardCell, CardRow
from ..viewmodels.score_card import ScoreCard
from ..widgets import adjustments_list, heading, ident, muted, standing_row, text

HEAD_COL = 50  # the first column: the cards dealt and who dealt, the round's number, a point card
COL_MIN = 44  # seven players fit a 390 px phone, six a 360 px one, without swiping (see NARROW)
NARROW = 62  # under this column width a cell stacks its points under its first line, the totals a size smaller
ROOMY = 72  # from this column width up, a cell's first line has its full size
ROW_H = 58


def card_row_key(index: int) -> str:
    """The scroll key of the card's row of hand `index`, which the game screen brings into view. Each row
    keeps its own, so the rows a step leaves as they were are diffed, not redrawn."""
    return f"card-row-{index}"


def draw_card(screen, width: float) -> ft.Control:
    """The card of the screen's game. Beside the hand on a tablet, a chip tap redraws the screen but
    leaves the game as it was: the last card is handed back (Screen.kept), and a reconciling screen
    then sends nothing for it and skips building its hundreds of controls."""
    entry = getattr(screen, "entry", None)
    editing = entry.index if entry is not None and entry.correcting else None
    # The game object itself: a new one comes with every stored entry (a game has no __eq__: identity).
    shows_messages = not screen.app.wide
    data = (screen.game, screen.session.state.status, width, editing, screen.message_key() if shows_messages else None,
            screen.names_stuck, screen.correct is not None)
    later = screen.brought_up_later("score-card", screen.session.version)
    return screen.kept("score-card", data, lambda: _card(screen, width, editing), hidden=later)


def _card(screen, width: float, editing: int | None) -> ft.Control:
    card = ScoreCard(screen.game, screen.session.state.status)
    players = card.players
    usable = width - 2 * t.PAD
    col = max(COL_MIN, (usable - HEAD_COL) / max(1, len(players)))
    grid_width = HEAD_COL + col * len(players)
    correct = screen.correct

    # Each part of the card is handed back while it shows the same (Screen.kept): a stored entry
    # rebuilds the rows and lines it changed, not the card.
    def names() -> ft.Row:
        return ft.Row([_head_cell(card.head, HEAD_COL, lines=2)] + [
            _head_cell(name, col, bold=True, small=col < NARROW) for name in players], spacing=0)

    rows = [screen.kept(("card-names", col, card.head), tuple(players), lambda: ident("card-names", names()))]
    # A copy of the names stays in view over the card as it scrolls (GameScreen.card_pane), when every
    # column fits (else they scroll sideways with the columns).
    pinned = grid_width <= usable + 1  # (not by a rounding error: the columns share the width exactly)
    card_rows = card.rows()
    for row in card_rows:
        # A row the step left as it was is handed back (a Bids done tap rebuilds one row, not the card).
        marked = row.index == editing
        rows.append(screen.kept(("card-row", row.index), (row, col, marked, correct is not None),
                                lambda row=row, marked=marked: _row(screen, row, col, marked, correct)))
    totals = card.total_texts()
    rows.append(screen.kept(("card-totals", col), (tuple(players), tuple(totals)), lambda: ft.Row(
        # Translators: the heading of the score card's last row: each player's total
        [_head_cell(_p("a score card row", "Total"), HEAD_COL)] + [
            ident(f"total-{seat}", ft.Container(
                content=ft.Text(total, size=t.TITLE if col >= NARROW else _narrow_total(total), weight=ft.FontWeight.BOLD,
                                semantics_label=_("{name} total {total}", name=players[seat], total=total)),
                width=col, height=ROW_H, alignment=ft.Alignment.CENTER, bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
                border=ft.Border.only(top=ft.BorderSide(2, ft.Colors.PRIMARY))))
            for seat, total in enumerate(totals)], spacing=0)))
    grid = ft.Column(rows, spacing=2, width=grid_width)
    hint = None
    if not pinned:  # (the names scroll sideways with the columns)
        grid = ft.Row([grid], scroll=ft.ScrollMode.ALWAYS)
        hint = muted(_("Swipe the card sideways to see every player."), t.SMALL + 1)

    above: list[ft.Control] = [] if screen.app.wide else [*screen.messages(), *screen.name_line()]
    tap_hint = _("tap a hand to correct it") if screen.game.unit == "hand" else _("tap a round to correct it")
    lines = (card.leader_line(), card.progress_line() + (" · " + tap_hint if correct and card_rows else ""))
    above += screen.kept("card-lines", lines, lambda: [
        ident("leader", text(lines[0], t.TITLE - 2, weight=ft.FontWeight.BOLD)), muted(lines[1], t.BODY)])
    places = tuple(card.standings())
    standings = screen.kept("card-standings", places, lambda: [heading(_("Standings"), t.TITLE - 2), ft.Column(
        [standing_row(s.seat, s.place_text, s.name, s.score_text, s.detail, s.leader) for s in places], spacing=4)])
    if not screen.app.wide:  # a phone shows who stands where first, the card below
        above += standings
    if hint:
        above.append(hint)
    rest = [grid, *(standings if screen.app.wide else [])]
    notes = (tuple(card.adjustments()), tuple(card.table_changes()), tuple(card.notes()), card.legend())
    rest += screen.kept("card-notes", notes, lambda: _notes(*notes))
    over = (screen.kept(("card-names-over", col, card.head), tuple(players), lambda: ident("card-names-over", names()))
            if pinned else None)
    return screen.card_pane(above, rest, over)


def _notes(adjusted, changes, noted, legend) -> list[ft.Control]:
    """What the card says under its grid: the adjustments, who came and went, the scoring changed and the
    hands marked (against the dealer's hook), and how to read a cell."""
    items = adjustments_list(list(adjusted))
    if changes:
        items += [heading(_("Who played"), t.TITLE - 4),
                  ident("table-changes", ft.Column([text(line, t.BODY) for line in changes], spacing=2))]
    for number, line in enumerate(noted):
        items.append(ident(f"card-note-{number}", text(line, t.BODY, color=ft.Colors.PRIMARY)))
    if legend:
        items.append(muted(legend, t.SMALL))
    return items


def _row(screen, row: CardRow, col: float, editing: bool, correct) -> ft.Control:
    tap = screen.app.act(lambda _e=None, i=row.index: correct(i)) if correct is not None and row.head_taps else None
    cells = [ident(f"row-{row.number}", ft.Container(
        content=ft.Column([
            ft.Text(row.head, size=t.BODY + 1, weight=ft.FontWeight.BOLD, semantics_label=row.label),
            ft.Text(row.head_sub, size=11, color=ft.Colors.ON_SURFACE_VARIANT, max_lines=1,
                    overflow=ft.TextOverflow.ELLIPSIS),
        ], spacing=0, alignment=ft.MainAxisAlignment.CENTER, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        width=HEAD_COL, height=ROW_H, alignment=ft.Alignment.CENTER,
        bgcolor=ft.Colors.PRIMARY_CONTAINER if row.current or editing else ft.Colors.SURFACE_CONTAINER_HIGH,
        # Ringed in the error colour when marked (recorded against the dealer's hook: said under the card)
        border=ft.Border.all(2, ft.Colors.PRIMARY if editing else ft.Colors.ERROR) if editing or row.ringed else None,
        on_click=tap, ink=tap is not None))]
    for cell in row.cells:
        cells.append(_cell(screen, row, cell, col, correct))
    # The row of the hand under way can be brought into view (GameScreen.scroll_keys).
    return ft.Row(cells, spacing=0, key=ft.ScrollKey(card_row_key(row.index)))


def _narrow_total(total: str) -> int:
    """A total's size in a narrow column (44 px at the least): "−110" a size smaller, or it was cut."""
    return t.BODY + 1 if len(total) <= 3 else t.SMALL + 1


def _head_cell(value: str, width: float, bold: bool = False, small: bool = False, lines: int = 1) -> ft.Control:
    size = t.BODY if bold and not small else (t.SMALL if lines == 1 or " " not in value else t.SMALL - 2)
    return ft.Container(
        content=ft.Text(value, size=size, weight=ft.FontWeight.BOLD if bold else None,
                        max_lines=lines, overflow=ft.TextOverflow.ELLIPSIS, text_align=ft.TextAlign.CENTER),
        width=width, height=40, alignment=ft.Alignment.CENTER, bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
    )


def _cell(screen, row: CardRow, cell: CardCell, width: float, correct) -> ft.Control:
    if cell.mark == "good":
        bg, accent = ft.Colors.TERTIARY_CONTAINER, ft.Colors.TERTIARY
    elif cell.mark == "bad":
        bg, accent = ft.Colors.ERROR_CONTAINER, ft.Colors.ERROR
    else:
        bg, accent = ft.Colors.SURFACE_CONTAINER, ft.Colors.OUTLINE_VARIANT
    # Every cell is made of the same parts, whatever it shows (played, under way, away, empty): the step
    # that plays a hand changes what its row's cells show, not what they are made of, so the browser
    # gets a few properties instead of new controls.
    played = cell.played and not cell.away
    roomy = width >= ROOMY  # (narrower: five players on a phone)
    narrow = width < NARROW  # (six or seven: the points under the first line, where a note goes in a wider cell)
    line = 13 if roomy else 12  # the first line's size
    size = line if played or cell.away else t.BODY  # a hand under way: the bid, larger
    said = cell.label if cell.top or row.current else None
    top = ft.Row([
        ft.Text(cell.top, size=size, italic=cell.away, color=ft.Colors.ON_SURFACE_VARIANT, semantics_label=said),
        ft.Text(cell.points, size=line, weight=ft.FontWeight.BOLD, color=accent, visible=bool(cell.points) and not narrow),
    ], spacing=6 if roomy else 4, alignment=ft.MainAxisAlignment.CENTER)
    # A bonus or the table's adjustment in a small line under the points (listed under the card); a narrow
    # cell has no room for it: its points, on their own line, take the note's colour.
    noted = bool(cell.note)
    if narrow:
        under = ft.Text(cell.points, size=line, weight=ft.FontWeight.BOLD, visible=bool(cell.points),
                        color=ft.Colors.PRIMARY if noted else accent)
    else:
        under = ft.Text(cell.note, size=12, weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY, visible=noted)
    # Three lines in the row's height: the total a size smaller under a second line (it was cut at the bottom)
    busy = noted or (narrow and bool(cell.points))
    total = ft.Text(cell.total, size=_narrow_total(cell.total) if narrow else t.BODY + 3 if played and not busy else t.BODY + 1,
                    weight=ft.FontWeight.BOLD if played else None,
                    color=None if played else ft.Colors.ON_SURFACE_VARIANT, visible=bool(cell.total))
    content = ft.Column([top, under, total], spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                        alignment=ft.MainAxisAlignment.CENTER)
    tappable = correct is not None and cell.tappable
    return ident(f"cell-{row.number}-{cell.seat}", ft.Container(
        content=content, width=width, height=ROW_H, alignment=ft.Alignment.CENTER, bgcolor=bg,
        border=ft.Border.only(left=ft.BorderSide(3, accent)) if cell.mark else None,
        on_click=screen.app.act(lambda _e=None, i=row.index: correct(i)) if tappable else None,
        ink=tappable,
    ))
