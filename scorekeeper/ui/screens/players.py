"""Players: the roster with each player's statistics; add and rename."""
from __future__ import annotations

import flet as ft

from scorekeeper.i18n import _

from .. import theme as t
from ..screen import Screen
from scorekeeper import services

from ..viewmodels.history import left_out_lines
from ..viewmodels.player_page import page_route
from ..viewmodels.players import stats_lines
from ..widgets import banner, body, button, icon_button, ident, muted, name_field


class PlayersScreen(Screen):
    @property
    def title(self) -> str:
        return _("Players")

    def __init__(self, app):
        super().__init__(app)
        self.name_field = name_field(app.act(self.add))
        self.add_row = ft.Row([self.name_field, self._add_button()])
        self.renaming: int | None = None
        self.rename_field = ft.TextField(label=_("New name"), on_submit=app.act(self.save_name), text_size=t.BODY,
                                         expand=True)

    def _add_button(self) -> ft.Control:
        # Translators: the button beside the new player's name: adds the player.
        return button(_("Add"), self.app.act(self.add), icon=ft.Icons.PERSON_ADD, identifier="add-player")

    def build(self) -> ft.Control:
        store = self.app.store
        items: list[ft.Control] = [*self.messages()]
        # The fields kept from one drawing to the next (they keep what is typed) say their words in the
        # language of this drawing.
        self.name_field.label = _("New player's name")
        self.rename_field.label = _("New name")
        self.add_row.controls[1] = self._add_button()
        if self.app.may_edit:  # (a device that follows adds and renames nobody)
            items.append(self.add_row)
        figures_read = store.all_player_stats()
        items += [banner(line, identifier="left-out") for line in left_out_lines(figures_read)]
        stats = {s.player_id: s for s in figures_read}
        roster = store.roster()
        if not roster:
            items.append(muted(_("No players yet: add them here or when you start a game."), t.BODY))
        for player in roster:
            lines = stats_lines(stats.get(player.id), player.games)
            if self.renaming == player.id:
                head = ft.Row([self.rename_field, button(_("Save"), self.app.act(self.save_name), primary=True)])
            else:
                head = ft.Row([
                    ft.Text(player.name, size=t.TITLE - 2, weight=ft.FontWeight.BOLD, expand=True),
                    *([icon_button(ft.Icons.EDIT, _("Rename {name}", name=player.name),
                                   self.app.act(lambda _e=None, p=player: self.start_rename(p.id, p.name)))]
                      if self.app.may_edit else []),
                    icon_button(ft.Icons.CHEVRON_RIGHT, _("{name}'s figures", name=player.name),
                                self.app.act(lambda _e=None, p=player: self.app.open(page_route(p.id))),
                                identifier=f"open-player-{player.name}"),
                ])
            items.append(ident(f"player-{player.name}", ft.Container(
                content=ft.Column([head] + [ft.Text(line, size=t.BODY) for line in lines], spacing=2),
                padding=ft.Padding.only(left=14, right=6, top=8, bottom=12), border_radius=12,
                bgcolor=ft.Colors.SURFACE_CONTAINER, ink=True,  # the whole card opens the player's page
                on_click=None if self.renaming == player.id
                else self.app.act(lambda _e=None, p=player: self.app.open(page_route(p.id))))))
        return body(self.pane(), self.app.width, items)

    def add(self) -> None:
        if not (self.name_field.value or "").strip():
            self.message = _("Type a name first.")
            return
        try:
            name = services.add_player(self.app.store, self.name_field.value).name  # storage tidies and checks the name
        except services.REFUSALS as error:
            self.message = str(error)
            return
        self.name_field = name_field(self.app.act(self.add), autofocus=True)
        self.add_row.controls[0] = self.name_field
        self.message = None
        self.info = _("{name} added.", name=name)

    def start_rename(self, player_id: int, name: str) -> None:
        self.renaming = player_id
        self.rename_field = ft.TextField(label=_("New name"), value=name, on_submit=self.app.act(self.save_name),
                                         text_size=t.BODY, expand=True, autofocus=True)

    def save_name(self) -> None:
        try:
            services.rename_player(self.app.store, self.renaming, self.rename_field.value or "")
        except services.REFUSALS as error:
            self.message = str(error)
            return
        self.renaming = None
        self.message = None
