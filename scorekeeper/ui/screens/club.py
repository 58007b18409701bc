"""The club screen: for a TV on the wall of a club night (/club; /club?by=places ranks the night by
placement points). Every table's game live (its table, kind, how far it is and its standings) and the
night's leaderboard, in type read from across the room, dark whatever the device's theme. It follows every
game: an entry at any table, on any server process of the club, shows here at once."""
from __future__ import annotations

import asyncio
import math

import flet as ft

from scorekeeper.i18n import _

from ..screen import Screen
from ..viewmodels.club import WAYS_SHOWN, ClubNight, ClubTable, points_text
from ..widgets import ident

# Painted, not taken from the theme (as the table display): dark even on a device set to light.
BACKGROUND, CARD, INK, MUTED, ACCENT, LEADER_BG = "#0B0D10", "#171B21", "#F2F2F2", "#A9B0B8", "#FFC94D", "#2A2410"
# Type at scale 1, a 1920 px wide screen with up to 12 tables: read from 3 m.
TABLE, KIND, LINE, HEAD, BOARD = 34, 24, 30, 38, 30
BOARD_SHARE = 0.3  # of the width, the leaderboard on the right
BOARD_LINES = 16
SMALLEST = 0.8  # the type's scale never goes below this (read from 3 m): more tables take turns instead
TURN_SECONDS = 12.0  # more tables than fit: each screenful shows this long, then the next


class ClubScreen(Screen):
    size_dependent = True
    follows_any_game = True  # every table's game
    keeps_awake = True

    @property
    def title(self) -> str:
        return _("Club night")

    def __init__(self, app, by: str | None = None):
        super().__init__(app)
        self.root = len(app.stack) == 0  # opened at /club: nothing to go back to
        self.night: ClubNight | None = None
        self.by = by
        self.first = 0  # the first table shown, when they take turns (more than fit on the screen)
        self._turning = False
        self.on_show()

    def on_show(self) -> None:
        self.message = None
        try:
            self.night = ClubNight(self.app.store, self.by)
        except Exception as error:  # the database can't be read now: said, and tried again at the next change
            self.message = str(error)

    def on_game_changed(self) -> None:
        self.on_show()

    def _choose(self, by: str) -> None:
        self.by = by
        if self.night is not None:
            self.night.choose(by)

    def _chooser(self, by: str):
        return lambda: self._choose(by)

    def build(self) -> ft.Control:
        width = float(self.app.page.width or 1920)
        height = float(self.app.page.height or 1080) - 60
        night = self.night
        if night is None:
            return ft.Container(ft.Column(self.messages()), bgcolor=BACKGROUND, expand=True)
        board_width = max(300.0, width * BOARD_SHARE) if width >= 900 else width
        tables_width = width - board_width if width >= 900 else width
        scale = fit_scale(tables_width, height, night.tables)
        fit = fitting(tables_width, height, night.tables, scale)
        if self.first >= len(night.tables):
            self.first = 0
        shown = night.tables[self.first:self.first + fit]
        tables = [self._table(table, scale, tables_width) for table in shown] or [
            ft.Text(_("No game tonight yet: the games started at the tables show here."), size=LINE, color=MUTED)]
        turns = []
        if len(night.tables) > fit:  # more tables than fit: they take turns
            turns = [ft.Text(_("Tables {first}–{last} of {count}", first=self.first + 1,
                               last=self.first + len(shown), count=len(night.tables)), size=KIND, color=MUTED)]
            self._take_turns(fit)
        tables_part = ft.Container(ft.Column([*turns, ft.Row(tables, wrap=True, spacing=16, run_spacing=16,
                                                             vertical_alignment=ft.CrossAxisAlignment.START)],
                                             spacing=8),
                                   width=tables_width, padding=20)
        board_part = self._board(night, board_width)
        parts = [tables_part, board_part] if width >= 900 else [board_part, tables_part]
        content = (ft.Row(parts, vertical_alignment=ft.CrossAxisAlignment.START, spacing=0) if width >= 900
                   else ft.Column(parts, spacing=0))
        pane = self.pane()
        pane.controls = [*self.messages(), content]
        return ft.Container(pane, bgcolor=BACKGROUND, expand=True)

    def _take_turns(self, fit: int) -> None:
        """Show the next screenful of tables every TURN_SECONDS while this screen is on top."""
        self._fit = fit
        if self._turning:
            return
        self._turning = True
        try:
            self.app.page.run_task(self._turn)
        except Exception:  # no browser to draw for now: the next drawing starts the turns again
            self._turning = False

    async def _turn(self) -> None:
        try:
            while True:
                await asyncio.sleep(TURN_SECONDS)
                with self.app.lock:
                    night = self.night
                    if self.app.screen is not self or night is None or len(night.tables) <= self._fit:
                        return
                    self.first = self.first + self._fit if self.first + self._fit < len(night.tables) else 0
                    self.app.redraw()
        finally:
            self._turning = False

    def _table(self, table: ClubTable, scale: float, tables_width: float) -> ft.Control:
        columns = max(1, min(3, int(tables_width // (440 * scale))))  # (as fitting() counts them)
        card_width = (tables_width - 40 - 16 * (columns - 1)) / columns
        rows = [ft.Row([ft.Text(str(line.place), size=LINE * scale, color=MUTED, width=LINE * scale * 1.3),
                        ft.Text(line.name, size=LINE * scale, color=INK, expand=True, max_lines=1,
                                overflow=ft.TextOverflow.ELLIPSIS,
                                weight=ft.FontWeight.BOLD if line.leads else None),
                        ft.Text(line.score, size=LINE * scale, color=ACCENT if line.leads else INK,
                                weight=ft.FontWeight.BOLD)],
                       spacing=8)
                for line in table.lines]
        head = ft.Text(table.table, size=TABLE * scale, weight=ft.FontWeight.BOLD, color=ACCENT, max_lines=1,
                       overflow=ft.TextOverflow.ELLIPSIS)
        kind = ft.Text(f"{table.kind} · {table.progress}", size=KIND * scale, color=MUTED, max_lines=1,
                       overflow=ft.TextOverflow.ELLIPSIS)
        return ident(f"club-table-{table.game_id}", ft.Container(
            ft.Column([head, kind, *rows], spacing=4 * scale), width=card_width, padding=16 * scale,
            bgcolor=CARD, border_radius=14))

    def _board(self, night: ClubNight, width: float) -> ft.Control:
        choices = ft.Row([ident(key, ft.TextButton(
            _("By total") if way == "total" else _("By places"),
            on_click=self.app.act(self._chooser(way)),
            style=ft.ButtonStyle(color=ACCENT if way == night.by else MUTED,
                                 text_style=ft.TextStyle(size=KIND, weight=ft.FontWeight.BOLD if way == night.by else None))))
            for way, key in WAYS_SHOWN], spacing=4)
        lines = [ft.Container(ft.Row([
            ft.Text(str(line.place), size=BOARD, color=MUTED, width=BOARD * 1.5),
            ft.Text(line.name, size=BOARD, color=INK, expand=True, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS,
                    weight=ft.FontWeight.BOLD if line.place == 1 else None),
            ft.Text(points_text(line.points), size=BOARD, color=ACCENT if line.place == 1 else INK, weight=ft.FontWeight.BOLD)],
            spacing=8), bgcolor=LEADER_BG if line.place == 1 else None, padding=ft.Padding.symmetric(horizontal=8, vertical=2),
            border_radius=8)
            for line in night.board[:BOARD_LINES]]
        if not night.board:
            lines = [ft.Text(_("The leaderboard fills as the first hands are entered."), size=KIND, color=MUTED)]
        return ident("club-leaderboard", ft.Container(ft.Column([
            ft.Text(_("Tonight's leaderboard"), size=HEAD, weight=ft.FontWeight.BOLD, color=INK),
            choices, *lines], spacing=6),
            width=width, padding=20))


def fit_scale(width: float, height: float, tables: list[ClubTable]) -> float:
    """The type's scale: 1 for up to a screenful of tables (3 across, 3 down on 1920x1080), smaller as more
    tables share the screen, never below SMALLEST (the rest take turns: ClubScreen._take_turns)."""
    if not tables:
        return 1.0
    across = max(1, min(3, int(width // 440)))
    rows = math.ceil(len(tables) / across)
    tallest = max(len(table.lines) for table in tables)
    needed = rows * ((TABLE + KIND) * 1.5 + tallest * LINE * 1.45 + 48)
    return max(SMALLEST, min(1.0, (height - 40) / needed)) if needed else 1.0


def fitting(width: float, height: float, tables: list[ClubTable], scale: float) -> int:
    """How many tables fit on the screen at `scale` (at least one screenful's row)."""
    across = max(1, min(3, int(width // (440 * scale))))
    tallest = max((len(table.lines) for table in tables), default=4)
    card = ((TABLE + KIND) * 1.5 + tallest * LINE * 1.45 + 48) * scale + 16
    return across * max(1, int((height - 80) // card))
