"""The table display: a read-only screen for a tablet in the middle of the table or a TV on the wall.
It follows the game in play live (what any device enters shows at once), in type readable across the
table, dark whatever the device's theme, with nothing to tap by mistake. "Both sides" splits it for a
tablet lying between the players: the far half is turned to face the other side.

Open it from Invite a device, or at the address /table (/table/both-sides) of the server: a TV's
browser goes there once and stays."""
from __future__ import annotations

import math

import flet as ft

from scorekeeper.i18n import _

from ..screen import Screen
from ..viewmodels.table_display import TableDisplay, displayed_game, table_display
from ..widgets import ident, staircase

# Painted, not taken from the theme: the display is dark even on a device set to light.
BACKGROUND, INK, MUTED, ACCENT, LEADER_BG = "#0B0D10", "#F2F2F2", "#A9B0B8", "#FFC94D", "#2A2410"

# The type and room of a face at scale 1, a 1180 px wide face; fit_scale grows or shrinks them together.
TITLE, HEADLINE, DETAIL, STAIRS, TOTAL, ROW_PAD, GAP, EDGE = 20, 40, 28, 44, 46, 4, 8, 20
STAIR_NUMBER = 20  # the cards' numbers in the staircase's bars (10 px, as on a phone, were 8 at 3 m)
LINE = 1.45  # a line of text is this many times its type's size high (measured: 1.43 in Chromium)
WIDTH = 1180  # the headline and a row's name, bid and total fit this at scale 1


class TableDisplayScreen(Screen):
    @property
    def title(self) -> str:
        return _("Table display")

    size_dependent = True  # the type follows the screen's size
    follows_any_game = True  # a game started or ended on another device shows here too
    keeps_awake = True  # a TV or tablet showing the game must not go dark

    def __init__(self, app, *, both_sides: bool = False):
        super().__init__(app)
        self.both_sides = both_sides
        self.root = len(app.stack) == 0  # opened at /table: nothing to go back to
        self.shown: TableDisplay | None = None
        self.on_show()

    def on_show(self) -> None:
        self.message = None
        state = displayed_game(self.app.store)  # the game in play, or the one just over until the next starts
        self.game_id = state.id if state else None
        if state is None:
            self.shown = None
            return
        self.shown = table_display(state, self.app.store.draft(state.id, state.version))

    def on_game_changed(self) -> None:
        self.on_show()

    def build(self) -> ft.Control:
        height = float(self.app.page.height or 820) - 60  # below the app bar
        if self.both_sides:
            half = height / 2
            far = ft.Container(self._half(half), rotate=ft.Rotate(angle=math.pi), expand=True)
            near = ft.Container(self._half(half), expand=True)
            divider = ft.Container(height=2, bgcolor=ACCENT)
            content: ft.Control = ft.Column([far, divider, near], spacing=0, expand=True)
        else:
            content = self._half(height)
        return ft.Container(content, bgcolor=BACKGROUND, expand=True, padding=0)

    def _half(self, height: float) -> ft.Control:
        """One face of the display, its type as large as its width and `height` hold every line."""
        shown = self.shown
        scale = fit_scale(self.app.width, height, shown)
        size = lambda base: round(base * scale)  # noqa: E731 - type sizes on this face
        if shown is None:
            return ft.Container(ft.Text(_("No game in play. Start one on the score keeper's device: it shows here."),
                                        size=size(30), color=MUTED, text_align=ft.TextAlign.CENTER),
                                alignment=ft.Alignment.CENTER, expand=True, padding=size(24))
        rows: list[ft.Control] = [
            ft.Text(shown.title, size=size(TITLE), color=MUTED, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
            ident("display-headline", ft.Text(shown.headline, size=size(HEADLINE), weight=ft.FontWeight.BOLD,
                                              color=INK)),
        ]
        if shown.detail:  # the trump and the bids' balance: what the players look up for
            rows.append(ident("display-detail", ft.Text(shown.detail, size=size(DETAIL), color=ACCENT,
                                                        weight=ft.FontWeight.W_600)))
        if shown.sizes:
            rows.append(ident("display-stairs", staircase(list(shown.sizes), shown.current, height=size(STAIRS),
                                                          played=shown.played, number_size=size(STAIR_NUMBER))))
        for line in shown.players:
            rows.append(ident(f"display-{line.name}", ft.Container(ft.Row([
                ft.Text(line.place_text, size=size(26), color=MUTED, width=size(70)),
                # Translators: on the table display, beside the name of the player who deals this hand.
                ft.Text(_("{name} · deals", name=line.name) if line.dealer else line.name, size=size(36), color=INK,
                        weight=ft.FontWeight.W_600, expand=True, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
                ft.Text(line.now_text, size=size(28), color=ACCENT if line.now_text else MUTED),
                ft.Text(line.total_text, size=size(TOTAL), color=INK, weight=ft.FontWeight.BOLD,
                        width=size(150), text_align=ft.TextAlign.RIGHT),
            ], vertical_alignment=ft.CrossAxisAlignment.CENTER, spacing=size(16)),
                bgcolor=LEADER_BG if line.leader else None, border_radius=size(12),
                padding=ft.Padding.symmetric(horizontal=size(14), vertical=size(ROW_PAD)))))
        if shown.bonus:
            rows.append(ident("display-bonus", ft.Text(shown.bonus, size=size(DETAIL), color=ACCENT,
                                                       weight=ft.FontWeight.W_600)))
        for number, (award, detail) in enumerate(shown.awards):  # at game over: who won what
            rows.append(ident(f"display-award-{number}", ft.Column([
                ft.Text(award, size=size(DETAIL), color=INK, weight=ft.FontWeight.W_600),
                ft.Text(detail, size=size(TITLE), color=MUTED),
            ], spacing=0)))
        return ft.Container(ft.Column(rows, spacing=size(GAP), scroll=ft.ScrollMode.HIDDEN), padding=size(EDGE),
                            expand=True)


def fit_scale(width: float, height: float, shown: TableDisplay | None) -> float:
    """The largest scale at which every line of `shown` fits a face of `width` x `height`: a tablet
    between four players gets large type on each half, a TV or tablet showing eight players still
    shows the last of them (no one can scroll a display)."""
    if shown is None:
        return max(0.6, min(width / WIDTH, height / 640))  # (one line of words)
    lines = [TITLE * LINE, HEADLINE * LINE, *([DETAIL * LINE] if shown.detail else []),
             *([STAIRS] if shown.sizes else []), *[TOTAL * LINE + 2 * ROW_PAD] * len(shown.players),
             *([DETAIL * LINE] if shown.bonus else []), *[(DETAIL + TITLE) * LINE] * len(shown.awards)]
    needed = sum(lines) + GAP * (len(lines) - 1) + 2 * EDGE
    return max(0.4, min(width / WIDTH, height / needed))
