"""The score card: the paper card made better. Hands as rows, players as columns; each cell shows the
bid, the tricks, the points and the running total, green when made and red when missed. Tap a cell to
correct that hand. Standings with places, hands made and the leader below (beside, on a tablet)."""
from __future__ import annotations

import flet as ft

from scorekeeper.i18n import _, _p
from scorekeeper.rules.adjustments import adjustment_lines

from .. import theme as t
from ..viewmodels.score_card import ScoreCard
from .base import card_row_key
from ..widgets import adjustments_list, heading, ident, muted, standing_row, text

HAND_COL = 50  # the first column: the cards dealt, and who dealt
COL_MIN = 44  # seven players fit a 390 px phone, six a 360 px one, without swiping (see NARROW)
NARROW = 62  # under this column width a cell stacks its points under "10/10", the totals a size smaller
ROOMY = 72  # from this column width up, a cell's first line has its full size
ROW_H = 58


def build_score_card(screen, width: float) -> ft.Control:
    """The card of the screen's game. Beside the hand on a tablet, a chip tap redraws the screen but
    leaves the game as it was: the last card is handed back (Screen.kept), and a reconciling screen
    then sends nothing for it and skips building its ~700 controls."""
    entry = getattr(screen, "entry", None)
    editing = entry.index if entry is not None and entry.correcting else None
    # The game object itself: a new one comes with every stored entry (Game has no __eq__: identity).
    shows_messages = not screen.app.wide
    data = (screen.game, screen.session.state.status, width, editing, screen.message_key() if shows_messages else None, screen.names_stuck)
    later = screen.brought_up_later("score-card", screen.session.version)
    return screen.kept("score-card", data, lambda: _build_score_card(screen, width), hidden=later)


def _build_score_card(screen, width: float) -> ft.Control:
    card = ScoreCard(screen.game, screen.session.state.status)
    players = card.players
    usable = width - 2 * t.PAD
    col = max(COL_MIN, (usable - HAND_COL) / len(players))
    grid_width = HAND_COL + col * len(players)
    correct = getattr(screen, "correct", None)
    entry = getattr(screen, "entry", None)
    editing = entry.index if entry is not None and entry.correcting else None

    # Each part of the card is handed back while it shows the same (Screen.kept): a stored entry
    # rebuilds the rows and lines it changed, not the card.
    def names() -> ft.Row:
        # Translators: the heading of the score card's first column: each row's cards dealt (and who dealt)
        return ft.Row([_head_cell(_p("a score card column", "Cards"), HAND_COL)] + [
            _head_cell(name, col, bold=True, small=col < NARROW) for name in players], spacing=0)

    rows = [screen.kept(("card-names", col), tuple(players), lambda: ident("card-names", names()))]
    # A copy of the names stays in view over the card as it scrolls (GameScreen.card_pane), when every
    # column fits (else they scroll sideways with the columns).
    pinned = grid_width <= usable + 1  # (not by a rounding error: the columns share the width exactly)
    for row in card.rows():
        # A row the step left as it was is handed back (a Bids done tap rebuilds one row, not the card).
        marked = row.index == editing
        rows.append(screen.kept(("card-row", row.index), (row, col, marked, correct is not None),
                                lambda row=row, marked=marked: _row(screen, row, col, marked, correct)))
    totals = card.total_texts()
    rows.append(screen.kept(("card-totals", col), (tuple(players), tuple(totals)), lambda: ft.Row(
        # Translators: the heading of the score card's last row: each player's total
        [_head_cell(_p("a score card row", "Total"), HAND_COL)] + [
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

    above: list[ft.Control] = [] if screen.app.wide else [*screen.messages()]
    lines = (card.leader_line(), card.progress_line() + (" · " + _("tap a cell to correct that hand") if correct else ""))
    above += screen.kept("card-lines", lines, lambda: [
        ident("leader", text(lines[0], t.TITLE - 2, weight=ft.FontWeight.BOLD)), muted(lines[1], t.BODY)])
    places = tuple(card.standings())
    standings = screen.kept("card-standings", places, lambda: [heading(_("Standings"), t.TITLE - 2), _standings(places)])
    if not screen.app.wide:  # a phone shows who stands where first, the card below
        above += standings
    if hint:
        above.append(hint)
    rest = [grid, *(standings if screen.app.wide else [])]
    game = screen.game
    notes = (tuple(adjustment_lines(game)), tuple(game.roster_lines()), tuple(game.rule_change_lines()),
             game.against_hook_line())
    rest += screen.kept("card-notes", notes, lambda: _notes(*notes))
    over = screen.kept(("card-names-over", col), tuple(players), lambda: ident("card-names-over", names())) if pinned else None
    return screen.card_pane(above, rest, over)


def _notes(adjusted, changes, rule_changes, bent) -> list[ft.Control]:
    """What the card says under its grid: the adjustments, who came and went, the scoring changed, a
    hand against the hook, and how to read a cell."""
    items = adjustments_list(list(adjusted))
    if changes:
        items += [heading(_("Who played"), t.TITLE - 4),
                  ident("table-changes", ft.Column([text(line, t.BODY) for line in changes], spacing=2))]
    for line in rule_changes:  # the scoring changed mid-game: every hand rescored
        items.append(text(line, t.BODY, color=ft.Colors.PRIMARY))
    if bent:
        items.append(ident("against-hook-line", text(bent, t.BODY, color=ft.Colors.ERROR)))
    legend = _("Each cell: bid / tricks taken, the points, and the running total below. Green: made. Red: missed.")
    items.append(muted(legend, t.SMALL))
    return items


def _row(screen, row, col: float, editing: bool, correct) -> ft.Control:
    cells = [ft.Container(
        content=ft.Column([
            ft.Text(f"{row.cards}", size=t.BODY + 1, weight=ft.FontWeight.BOLD,
                    semantics_label=row.label),
            ft.Text(row.dealer, size=11, color=ft.Colors.ON_SURFACE_VARIANT, max_lines=1,
                    overflow=ft.TextOverflow.ELLIPSIS),
        ], spacing=0, alignment=ft.MainAxisAlignment.CENTER, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        width=HAND_COL, height=ROW_H, alignment=ft.Alignment.CENTER,
        bgcolor=ft.Colors.PRIMARY_CONTAINER if row.current or editing else ft.Colors.SURFACE_CONTAINER_HIGH,
        # Recorded against the dealer's hook: ringed in the error colour (said under the card)
        border=ft.Border.all(2, ft.Colors.PRIMARY if editing else ft.Colors.ERROR) if editing or row.against_hook else None,
    )]
    for cell in row.cells:
        cells.append(_cell(screen, row, cell, col, correct))
    # The row of the hand under way can be brought into view (GameScreen.scroll_keys).
    return ft.Row(cells, spacing=0, key=ft.ScrollKey(card_row_key(row.index)))


def _narrow_total(total: str) -> int:
    """A total's size in a narrow column (44 px at the least): "−110" a size smaller, or it was cut."""
    return t.BODY + 1 if len(total) <= 3 else t.SMALL + 1


def _head_cell(value: str, width: float, bold: bool = False, small: bool = False) -> ft.Control:
    return ft.Container(
        content=ft.Text(value, size=t.BODY if bold and not small else t.SMALL, weight=ft.FontWeight.BOLD if bold else None,
                        max_lines=1, overflow=ft.TextOverflow.ELLIPSIS, text_align=ft.TextAlign.CENTER),
        width=width, height=40, alignment=ft.Alignment.CENTER, bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
    )


def _cell(screen, row, cell, width: float, correct) -> ft.Control:
    if cell.made is True:
        bg, accent = ft.Colors.TERTIARY_CONTAINER, ft.Colors.TERTIARY
    elif cell.made is False:
        bg, accent = ft.Colors.ERROR_CONTAINER, ft.Colors.ERROR
    else:
        bg, accent = ft.Colors.SURFACE_CONTAINER, ft.Colors.OUTLINE_VARIANT
    # Every cell is made of the same parts, whatever it shows (played, bid only, away, empty): the step
    # that plays a hand changes what its row's cells show, not what they are made of, so the browser
    # gets a few properties instead of new controls.
    played = not cell.away and cell.tricks is not None
    roomy = width >= ROOMY  # (narrower: five players on a phone)
    narrow = width < NARROW  # (six or seven: the points under "10/10", where a note goes in a wider cell)
    line = 13 if roomy else 12  # the first line's size
    if cell.away:  # not in this hand: why, muted, and the total going on
        first, size = cell.away, line
    elif played:
        first, size = f"{cell.bid}/{cell.tricks}", line
    elif cell.bid is not None:
        # Translators: a score card cell of a hand under way: the player's bid, the tricks still to come
        first, size = _("bid {bid}", bid=cell.bid), t.BODY
    else:
        first, size = "", t.BODY
    said = cell.label if cell.away or played or cell.bid is not None or row.current else None
    top = ft.Row([
        ft.Text(first, size=size, italic=bool(cell.away), color=ft.Colors.ON_SURFACE_VARIANT, semantics_label=said),
        ft.Text(cell.points_text, size=line, weight=ft.FontWeight.BOLD, color=accent, visible=played and not narrow),
    ], spacing=6 if roomy else 4, alignment=ft.MainAxisAlignment.CENTER)
    # The bonus in the points, and what the table added here, in the total below it (listed under the card);
    # a narrow cell has no room for the note: its points, on their own line, turn the note's colour.
    noted = played and bool(cell.adjustment or cell.bonus)
    if narrow:
        adjusted = ft.Text(cell.points_text, size=line, weight=ft.FontWeight.BOLD, visible=played,
                           color=ft.Colors.PRIMARY if noted else accent)
    else:
        adjusted = ft.Text(cell.points_note, size=12, weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY, visible=noted)
    # Three lines in the row's height: the total a size smaller under a second line (it was cut at the bottom)
    total = ft.Text(cell.total_text, size=_narrow_total(cell.total_text) if narrow else
                    t.BODY + 3 if played and not noted else t.BODY + 1,
                    weight=ft.FontWeight.BOLD if played else None,
                    color=None if played else ft.Colors.ON_SURFACE_VARIANT,
                    visible=(played or bool(cell.away)) and cell.total is not None)
    content = ft.Column([top, adjusted, total], spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                        alignment=ft.MainAxisAlignment.CENTER)
    tappable = correct is not None and cell.bid is not None
    return ident(f"cell-{row.number}-{cell.seat}", ft.Container(
        content=content, width=width, height=ROW_H, alignment=ft.Alignment.CENTER, bgcolor=bg,
        border=ft.Border.only(left=ft.BorderSide(3, accent)) if cell.made is not None else None,
        on_click=screen.app.act(lambda _e=None, i=row.index: correct(i)) if tappable else None,
        ink=tappable,
    ))


def _standings(places) -> ft.Control:
    return ft.Column([standing_row(s.seat, s.place_text, s.name, s.score_text, s.made_text, s.leader)
                      for s in places], spacing=4)
