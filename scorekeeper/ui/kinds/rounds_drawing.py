"""The score card of the kinds scored in points per round (the free score pad, HIT THE DECK and WHAT THE
HECK?), drawn for the one game screen (screens/game.py). Every number comes from the view model
(viewmodels/score_card.py), which takes it from the engine."""
from __future__ import annotations

import flet as ft

from scorekeeper.i18n import _, _p
from scorekeeper.rules.adjustments import adjustment_lines

from .. import theme as t
from ..viewmodels.kind_entry import card_text
from ..viewmodels.score_card import KindCard
from ..widgets import adjustments_list, heading, ident, muted, standing_row, text

GOOD = ft.Colors.TERTIARY
HEAD_COL = 60
ROW_H = 58


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
