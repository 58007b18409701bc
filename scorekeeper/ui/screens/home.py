"""Home: resume the unfinished game with one tap; new game, history, players, settings."""
from __future__ import annotations

import flet as ft

from scorekeeper import capabilities
from scorekeeper.i18n import _, _n
from scorekeeper.rules.common import shown_display_name

from .. import theme as t
from ..screen import Screen
from scorekeeper import services

from ..viewmodels import summaries
from ..viewmodels.history import left_out_lines
from ..viewmodels.recovery import Recovery
from ..widgets import banner, body, button, card, heading, ident, muted, text


def progress_text(summary) -> str:
    """"5 of 15 hands played" ("5 of 15 played" alone leaves the table guessing what was counted)."""
    if summary.rounds_total is None:
        return summaries.progress_line(summary)  # "3 hands played" already names them
    played, total = summary.rounds_played, summary.rounds_total
    if summaries.unit_of(summary.kind) == "hand":
        return _n("{played} of {count} hand played", "{played} of {count} hands played", total, played=played)
    return _n("{played} of {count} round played", "{played} of {count} rounds played", total, played=played)


class HomeScreen(Screen):
    root = True  # (its title: the app's name, Screen.title)

    def build(self) -> ft.Control:
        app = self.app
        items: list[ft.Control] = [*self.messages()]
        try:
            store = app.store
            unfinished = store.unfinished_games()
        except Exception as error:  # the database can't be opened: say so, keep the screen
            items.append(banner(str(error)))
            store, unfinished = None, []
        if store is not None and store.recovered_from is not None:
            items += self._recovery(store)
        items += [banner(line, identifier="left-out") for line in left_out_lines(unfinished)]
        if not app.may_edit:
            items.append(card(ft.Column([
                text(_("This device follows the games"), weight=ft.FontWeight.BOLD),
                muted(_("To make entries here, enter the table's PIN."), t.BODY),
                ft.Row([button(_("Enter the PIN"), app.act(self.pin), icon=ft.Icons.LOCK_OPEN, identifier="enter-pin",
                               expand=True)]),
            ], spacing=6)))
        # The app bar already says "Scorekeeper": no second heading. What the app is for is said only
        # while there is nothing to resume (a first visit); after that the game in play comes first.
        if unfinished:
            items.append(self._resume_card(unfinished[0]))
        else:
            items.append(ident("about", muted(
                # Translators: Oh Heck, Skull King, WHAT THE HECK? and HIT THE DECK are the games' names: keep them as
                # they are.
                _("The score card for Oh Heck and its family, Skull King, WHAT THE HECK?, HIT THE DECK and any other "
                  "game. Start a new game to begin."), t.BODY)))
        if app.may_edit:  # (a device that follows has the PIN's card above instead)
            items.append(ft.Row([button(_("New game"), app.act(self.new_game), icon=ft.Icons.ADD,
                                        primary=not unfinished, identifier="new-game", expand=True)]))
        items.append(ft.Row([
            button(_("History"), app.act(self.history), icon=ft.Icons.HISTORY, expand=True),
            button(_("Players"), app.act(self.players), icon=ft.Icons.PEOPLE, expand=True),
        ], spacing=t.GAP))
        items.append(ft.Row([
            # (the browser's copy of the app serves no other device: scorekeeper/capabilities.py)
            *([button(_("Invite a device"), app.act(self.invite), icon=ft.Icons.QR_CODE_2, expand=True,
                      identifier="invite")] if capabilities.SERVES_TABLE else []),
            button(_("Settings"), app.act(self.settings), icon=ft.Icons.SETTINGS, expand=True),
        ], spacing=t.GAP))
        if len(unfinished) > 1:
            items.append(heading(_("Other unfinished games"), t.BODY + 2))
            for summary in unfinished[1:]:
                items.append(self._game_tile(summary))
        return body(self.pane(), app.width, items)

    def _recovery(self, store) -> list[ft.Control]:
        """Where the damaged file went, and the backups made before it, each to restore (asked first)."""
        if getattr(self, "recovery", None) is None or self.recovery.store is not store:
            self.recovery = Recovery(store)
        vm = self.recovery
        notice = vm.notice()
        if notice is None:
            return []
        shown: list[ft.Control] = [banner(notice, identifier="recovered")]
        question = vm.question()
        if question is not None:
            shown.append(card(ft.Column([
                text(question),
                ft.Row([button(_("Restore it"), self.app.act(self.restore_backup), danger=True, expand=True,
                               identifier="restore-confirm"),
                        button(_("Cancel"), self.app.act(vm.cancel), expand=True)], spacing=t.GAP),
            ], spacing=6), highlight=True))
            return shown
        for offer in vm.offers():
            shown.append(ft.Row([
                ft.Text(offer.label, size=t.BODY, expand=True),
                button(_("Restore"), self.app.act(lambda _e=None, path=offer.path: vm.ask(path)),
                       icon=ft.Icons.RESTORE, identifier=f"restore-{offer.path.name}"),
            ]))
        return shown

    def restore_backup(self) -> None:
        try:
            self.info = self.recovery.confirm()
        except services.REFUSALS as error:
            self.message = str(error)
            return
        self.message = None  # screens elsewhere drawn from the replaced games get StaleGame on their next write

    def _resume_card(self, summary) -> ft.Control:
        lines = ft.Column([
            muted(_("Unfinished game"), t.SMALL),
            text(shown_display_name(summary.game_name), t.TITLE, weight=ft.FontWeight.BOLD),
            text(summaries.players_line(summary.players)),
            text(f"{progress_text(summary)} · {summaries.leader_line(summary)}", color=ft.Colors.ON_SURFACE_VARIANT),
            # Translators: on Home, for a device that follows the games (no PIN): open the game to watch it.
            ft.Row([button(_("Resume") if self.app.may_edit else _("Follow the game"),
                           self.app.act(lambda: self.open(summary.id)), icon=ft.Icons.PLAY_ARROW,
                           primary=True, identifier="resume", expand=True)]),
        ], spacing=6)
        return card(lines, highlight=True)

    def _game_tile(self, summary) -> ft.Control:
        return ft.ListTile(
            title=ft.Text(f"{shown_display_name(summary.game_name)}: {summaries.players_line(summary.players)}", size=t.BODY),
            subtitle=ft.Text(f"{progress_text(summary)} · {summaries.leader_line(summary)} · "
                             f"{summaries.when(summary.updated_at)}", size=t.SMALL),
            on_click=self.app.act(lambda: self.open(summary.id)),
            bgcolor=ft.Colors.SURFACE_CONTAINER, shape=ft.RoundedRectangleBorder(radius=12),
        )

    def open(self, game_id: str) -> None:
        self.app.open(f"/game/{game_id}")

    def new_game(self) -> None:
        self.app.open("/new")

    def history(self) -> None:
        self.app.open("/history")

    def players(self) -> None:
        self.app.open("/players")

    def settings(self) -> None:
        self.app.open("/settings")

    def pin(self) -> None:
        self.app.open("/pin")

    def invite(self) -> None:
        self.app.open("/invite")

    def on_show(self) -> None:
        self.message = None
