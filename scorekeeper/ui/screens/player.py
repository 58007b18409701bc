"""One player's page: their figures over the finished games of the game chosen, the best and worst game,
and head to head against another player. At /players/<id>?kind=&preset=&versus= (a reload keeps the choice)."""
from __future__ import annotations

import flet as ft

from scorekeeper.i18n import _

from .. import theme as t
from ..screen import Screen
from scorekeeper import services
from ..viewmodels.player_page import Pick, PlayerPageView, player_page_view
from ..widgets import banner, body, heading, ident, muted, pill, text


class PlayerScreen(Screen):
    def __init__(self, app, player_id: int, kind: str | None = None, preset_id: str | None = None,
                 versus: int | None = None):
        super().__init__(app)
        self.player_id, self.kind, self.preset_id, self.versus = player_id, kind, preset_id, versus
        self.player_name: str | None = None  # the title once the page is drawn

    @property
    def title(self) -> str:  # type: ignore[override]
        return self.player_name or _("Player")

    def build(self) -> ft.Control:
        try:
            view = player_page_view(self.app.store.player_page(self.player_id, self.kind, self.preset_id, self.versus))
        except services.REFUSALS as error:  # removed, or a mistyped address
            return body(self.pane(), self.app.width, [banner(str(error))])
        self.player_name = view.name
        items: list[ft.Control] = [*self.messages()]
        items += [banner(line, identifier="left-out") for line in view.left_out]
        if view.games:
            items.append(self._picks(view.games))
        items.append(ident("player-headline", text(view.headline, t.BODY, weight=ft.FontWeight.W_600)))
        if view.bid_lines:
            items.append(heading(view.figures_title, t.TITLE - 4))
            items += [text(line, t.BODY) for line in view.bid_lines]
        if view.sizes:
            items.append(muted(_("Bids made by cards in the hand"), t.BODY))
            items.append(self._size_strip(view))
        for link in view.game_links:
            items.append(ident(link.identifier, ft.Container(
                content=ft.Row([ft.Text(link.label, size=t.BODY, expand=True),
                                ft.Icon(ft.Icons.CHEVRON_RIGHT, color=ft.Colors.ON_SURFACE_VARIANT)]),
                on_click=self.app.act(lambda _e=None, route=link.route: self.app.open(route)), ink=True,
                bgcolor=ft.Colors.SURFACE_CONTAINER, border_radius=12, height=t.TOUCH,
                padding=ft.Padding.symmetric(horizontal=12))))
        if view.opponents:
            items.append(heading(_("Head to head"), t.TITLE - 4))
            items.append(muted(_("Pick a player to compare places in the games you played together."), t.SMALL))
            items.append(self._picks(view.opponents))
            if view.versus_line:
                items.append(ident("versus-line", text(view.versus_line, t.BODY, weight=ft.FontWeight.W_600)))
        return body(self.pane(), self.app.width, items)

    def _picks(self, picks: tuple[Pick, ...]) -> ft.Control:
        return ft.Row(wrap=True, spacing=t.GAP, run_spacing=t.GAP, controls=[
            ident(pick.identifier, pill(pick.label, pick.label, self.app.act(
                lambda _e=None, route=pick.route: self.app.open(route, replace=True)), pick.selected))
            for pick in picks])

    def _size_strip(self, view: PlayerPageView) -> ft.Control:
        cells = [ft.Semantics(label=cell.label, exclude_semantics=True, content=ft.Container(
            width=52, padding=ft.Padding.symmetric(vertical=6), border_radius=8,
            bgcolor=ft.Colors.with_opacity(0.12 + 0.5 * cell.share, t.MADE),  # the number stays readable on it
            content=ft.Column([ft.Text(cell.cards, size=t.SMALL, color=ft.Colors.ON_SURFACE_VARIANT),
                               ft.Text(cell.made, size=t.BODY, weight=ft.FontWeight.BOLD)],
                              spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER)))
            for cell in view.sizes]
        return ident("hand-sizes", ft.Row(cells, wrap=True, spacing=4, run_spacing=4))
