"""Game over: final standings, the winner's bonus, the settlement at a stake the table sets, and export
(CSV, JSON, PDF) through the platform's save dialog."""
from __future__ import annotations

from typing import Callable

import flet as ft

from scorekeeper import capabilities
from scorekeeper.i18n import N_, _
from scorekeeper.rules import FINISHED

from .. import theme as t

from ..screen import Screen
from ..viewmodels.game_over import GameOver
from ..viewmodels.session import GameSession
from ..widgets import banner, body, button, field_text, heading, ident, muted, text

# Translators: the names of the file formats on the export buttons (CSV, JSON, PDF).
EXPORTS = (("csv", N_("CSV"), ft.Icons.TABLE_CHART), ("json", N_("JSON"), ft.Icons.DATA_OBJECT),
           ("pdf", N_("PDF"), ft.Icons.PICTURE_AS_PDF))


class GameOverScreen(Screen):
    @property
    def title(self) -> str:  # type: ignore[override]
        return _("Game over") if self.session.state.status != "playing" else _("Standings")

    def __init__(self, app, session: GameSession):
        super().__init__(app)
        self.session = session
        self.game_id = session.game_id
        self.typed: dict[str, str] = {}  # the name and notes as typed, not saved yet
        self.typed_from: tuple[str, str] | None = None  # the stored (name, notes) when typing began
        self.saves = 0
        self.stake_field = ft.TextField(width=240, text_size=t.BODY,  # (its label: _settlement)
                                        # not KeyboardType.NUMBER: in the browser it drops "0." of "0.5"
                                        on_blur=app.typed,
                                        on_submit=app.act(lambda: None))

    def on_game_changed(self) -> None:
        version = self.session.version
        self.session.reload()
        if self.session.state.status == "playing" and not self.session.game.is_over:
            self.info = _("Another device reopened this game.")
        elif self.session.version != version:  # a correction, say: the standings and Undo follow it
            self.info = _("Another device changed this game: it shows as stored now.")

    def on_show(self) -> None:
        self.session.reload()

    def build(self) -> ft.Control:
        state = self.session.state
        game = self.session.game
        vm = GameOver(game, state.status)
        items: list[ft.Control] = [*self.messages()]
        if not vm.finished:  # in play, or ended early: no winner to celebrate
            items.append(ident("headline", heading(vm.headline(), t.TITLE)))
        else:
            items.append(ident("headline", ft.Row([
                ft.Icon(ft.Icons.EMOJI_EVENTS, size=44, color=ft.Colors.PRIMARY),
                ft.Text(vm.headline(), size=t.BIG + 2, weight=ft.FontWeight.BOLD, expand=True)])))
        items.append(muted(vm.about_line(), t.BODY))
        bonus = vm.bonus_line()
        rows = []
        for row in vm.rows():
            cells = [ft.Text(row.place_text, size=t.BODY + 2, weight=ft.FontWeight.BOLD, width=52,
                             color=ft.Colors.PRIMARY if row.winner else None),
                     ft.Text(row.name, size=t.BODY + 2, weight=ft.FontWeight.BOLD, expand=True)]
            if bonus:
                cells.append(muted(row.total_text, t.BODY))
            cells.append(ft.Text(row.final_text, size=t.TITLE + 2, weight=ft.FontWeight.BOLD, width=72,
                                 text_align=ft.TextAlign.RIGHT))
            rows.append(ident(f"final-{row.name}", ft.Container(
                content=ft.Row(cells, vertical_alignment=ft.CrossAxisAlignment.CENTER),
                padding=ft.Padding.symmetric(horizontal=14, vertical=10), border_radius=12,
                bgcolor=ft.Colors.PRIMARY_CONTAINER if row.winner else ft.Colors.SURFACE_CONTAINER)))
        items.append(ft.Column(rows, spacing=6))
        if bonus:
            items.append(text(bonus, t.BODY, weight=ft.FontWeight.W_600))
        items += self._awards(vm)  # the table's honours right under the standings, before settling up
        items += self._about()
        if vm.has_settlement:
            items += self._settlement(vm)
        items += self._look_back()
        return self._finish(items)

    def _about(self) -> list[ft.Control]:
        """The game's own name and notes, typed and saved (History finds the game by them). What is typed
        stays in its field while another device saves; the save then says so instead of writing over it."""
        record = self.session.state.record
        if not self.app.may_edit:  # a device that follows reads them (if any), and types nothing
            return [heading(_("Name and notes"), t.TITLE - 4),
                    *[text(words, t.BODY) for words in (record.title, record.notes) if words]] \
                if record.title or record.notes else []
        title = self.typed.get("title", record.title)
        notes = self.typed.get("notes", record.notes)
        return [heading(_("Name and notes"), t.TITLE - 4), ft.Column([
            ft.TextField(label=_("Name of the game"), value=title, text_size=t.BODY,
                         key=f"title:{self.saves}", max_length=80,
                         on_change=self.app.act(lambda e: self.typing("title", field_text(e)), redraw=False)),
            ft.TextField(label=_("Notes"), value=notes, text_size=t.BODY, key=f"notes:{self.saves}", multiline=True,
                         min_lines=2, max_lines=6, max_length=2000,
                         on_change=self.app.act(lambda e: self.typing("notes", field_text(e)), redraw=False)),
            ft.Row([button(_("Save name and notes"), self.app.act(self.save_about), icon=ft.Icons.SAVE, expand=True,
                           identifier="save-about")]),
        ], spacing=8)]

    def typing(self, field: str, value: str) -> None:
        if self.typed_from is None:  # the stored words the typing started from: what a save claims to change
            record = self.session.state.record
            self.typed_from = (record.title, record.notes)
        self.typed[field] = value

    def save_about(self) -> None:
        record = self.session.state.record
        shown = self.typed_from or (record.title, record.notes)
        outcome = self.session.name_game(self.typed.get("title", shown[0]), self.typed.get("notes", shown[1]), shown)
        if not outcome.ok:
            self.message = outcome.message
            if outcome.stale:  # said once: saving again now means it, over the new words
                record = self.session.state.record
                self.typed_from = (record.title, record.notes)
            return
        self.typed, self.typed_from = {}, None
        self.saves += 1  # fresh fields, showing what is stored
        self.app.changed(self.game_id)
        self.info = _("Name and notes saved: History finds the game by them.")

    def _awards(self, vm: GameOver) -> list[ft.Control]:
        lines = vm.award_lines()
        if not lines:
            return []
        return [heading(_("Awards"), t.TITLE - 4), ft.Column([
            ident(f"award-{key}", ft.Container(
                content=ft.Row([
                    ft.Icon(ft.Icons.MILITARY_TECH, size=28, color=ft.Colors.PRIMARY),
                    ft.Column([text(title, t.BODY + 1, weight=ft.FontWeight.BOLD), muted(detail, t.BODY)],
                              spacing=0, expand=True, tight=True),
                ], vertical_alignment=ft.CrossAxisAlignment.CENTER, spacing=12),
                padding=ft.Padding.symmetric(horizontal=14, vertical=8), border_radius=12,
                bgcolor=ft.Colors.SURFACE_CONTAINER))
            for key, title, detail in lines], spacing=6)]

    def _look_back(self) -> list[ft.Control]:
        items: list[ft.Control] = [heading(_("Look back"), t.TITLE - 4)]
        items.append(ft.Row([
            button(_("Score card"), self.app.act(lambda: self._open("card")), icon=ft.Icons.GRID_ON, expand=True,
                   identifier="see-card"),
            # Translators: a button that opens the game's chart of the running totals.
            button(_("Chart"), self.app.act(lambda: self._open("chart")), icon=ft.Icons.SHOW_CHART, expand=True,
                   identifier="see-chart"),
        ], spacing=t.GAP))
        return items

    def _finish(self, items: list[ft.Control]) -> ft.Control:
        items.append(heading(_("Export and share"), t.TITLE - 4))
        if capabilities.PRINTS:  # (the browser's copy of the app has no Pillow: scorekeeper/capabilities.py)
            items.append(ft.Row([button(_("Recap picture to share"), self.app.act_async(lambda _e=None: self.share_recap()),
                                        icon=ft.Icons.IMAGE, expand=True, identifier="share-recap")]))
        items.append(ft.Row([
            button(_(label), self.app.act_async(lambda _e=None, f=fmt: self.export(f)), icon=icon, expand=True,
                   identifier=f"export-{fmt}")
            for fmt, label, icon in EXPORTS if fmt != "pdf" or capabilities.PRINTS], spacing=t.GAP))
        # Undo names what it takes back (another device may have corrected a hand since the end), and acts
        # on the game as this screen shows it
        state, drawn = self.session.state, self.session.version
        home = button(_("Home"), self.app.home, icon=ft.Icons.HOME, expand=True, identifier="go-home")
        if not self.app.may_edit:  # a device that follows: nothing to take back or start
            items.append(ft.Row([home]))
            return body(self.pane(), self.app.width, items)
        undo = state.undo_text if state.status == FINISHED and state.undo_text else _("Undo last entry")
        items.append(ft.Row([
            button(undo, self.app.act(lambda: self.undo(drawn)), icon=ft.Icons.UNDO, expand=True,
                   identifier="undo-last"),
            home,
        ], spacing=t.GAP))
        items.append(ft.Row([button(_("New game"), self.app.act(self.new_game), icon=ft.Icons.ADD, primary=True,
                                    expand=True, identifier="new-game")]))
        return body(self.pane(), self.app.width, items)

    def _settlement(self, vm: GameOver) -> list[ft.Control]:
        self.stake_field.label = _("Stake per point (blank: 1)")  # in the language of this drawing
        items: list[ft.Control] = [heading(_("Settling up"), t.TITLE - 4),
                                   muted(_("Everyone settles with everyone else on the difference of their final scores."), t.BODY),
                                   ft.Row([self.stake_field])]
        stake = vm.parse_stake(self.stake_field.value or "")
        if isinstance(stake, str):
            items.append(banner(stake, identifier="stake-problem"))
            return items
        items.append(ident("settlement", ft.Column(
            [text(line, t.BODY, weight=ft.FontWeight.W_600) for line in vm.settlement_lines(stake)]
            + [muted(line, t.BODY) for line in vm.net_lines(stake)], spacing=4)))
        return items

    # ----- taps -----

    def _open(self, tab: str) -> None:
        self.app.open(f"/game/{self.game_id}/{tab}")

    def undo(self, drawn: int) -> None:
        """Undo, on a screen drawn from version `drawn` of the game: refused when another device changed
        it since (the tap meant another entry). A finished game's last entry is taken back; a game ended
        early opens again where it was ended."""
        what = self.session.last_entry_text() if self.session.state.status == FINISHED else None
        outcome = self.session.undo(drawn)
        if not outcome.ok:
            self.message = outcome.message
            return
        self.app.changed(self.game_id)
        self.app.open(f"/game/{self.game_id}", replace=True)
        self.app.screen.notify(_("Undone: {entry}.", entry=what) if what else _("Undone: the game is open again."))

    def new_game(self) -> None:
        """The same game again, with the same players (a table's own rules start from their preset)."""
        self.app.open(f"/new?like={self.game_id}", replace=True)

    async def share_recap(self) -> None:
        from scorekeeper.exchange import recap

        await self._save(recap(self.app.store, self.game_id), "recap", "png", _("Save the recap picture"),
                         lambda name: _("Saved {name}: send it to the table's chat", name=name))

    async def export(self, fmt: str) -> None:
        from scorekeeper.exchange import export_games

        await self._save(export_games(self.app.store, fmt, [self.game_id]), self.session.game.rules.id, fmt,
                         _("Save the game"), lambda name: _("Exported {name}", name=name))

    async def _save(self, data: bytes, what: str, suffix: str, dialog_title: str, done: Callable[[str], str]) -> None:
        """Through the platform's save dialog, as scorekeeper-<what>-<the day it started>.<suffix>."""
        stamp = self.session.state.started_at.astimezone().strftime("%Y-%m-%d")
        name = f"scorekeeper-{what}-{stamp}.{suffix}"
        saved = await ft.FilePicker().save_file(file_name=name, src_bytes=data, dialog_title=dialog_title)
        self.info = done(name) if saved or self.app.page.web else None
