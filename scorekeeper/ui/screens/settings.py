"""Settings of this device: its language, light, dark or system theme, the game a new game starts from."""
from __future__ import annotations

import flet as ft

from scorekeeper import capabilities
from scorekeeper.i18n import LANGUAGES, _, _n

from .. import theme as t
from ..screen import Screen
from ..viewmodels.settings import DEVICE, THEMES
from ..widgets import body, button, heading, ident, muted, text
from ..viewmodels.new_game import CHOICE_IDS


class SettingsScreen(Screen):
    @property
    def title(self) -> str:
        return _("Settings")

    def build(self) -> ft.Control:
        settings = self.app.settings
        items: list[ft.Control] = [*self.messages()]
        items.append(heading(_("Language"), t.TITLE - 2))
        items.append(muted(_("The app speaks the device's language unless you choose one here."), t.BODY))
        # Each language is named in its own words, so whoever reads it finds theirs.
        choices = {DEVICE: _("As the device"), **LANGUAGES}
        items.append(ft.Row(wrap=True, spacing=t.GAP, run_spacing=t.GAP, controls=[
            button(label, self.app.act_async(lambda _e=None, k=key: self.app.save_settings(settings.with_language(k))),
                   primary=settings.language == key, icon=ft.Icons.CHECK if settings.language == key else None,
                   identifier=f"language-{key}")
            for key, label in choices.items()]))
        items.append(heading(_("Theme"), t.TITLE - 2))
        items.append(muted(_("Dark suits a dim room; these settings are kept on this device."), t.BODY))
        items.append(ident("theme-current", text(_("Now: {theme}", theme=_(THEMES[settings.theme])),
                                                 weight=ft.FontWeight.W_600)))
        items.append(ft.Row(wrap=True, spacing=t.GAP, run_spacing=t.GAP, controls=[
            button(_(label), self.app.act_async(lambda _e=None, k=key: self.app.save_settings(settings.with_theme(k))),
                   primary=settings.theme == key, icon=ft.Icons.CHECK if settings.theme == key else None,
                   identifier=f"theme-{key}")
            for key, label in THEMES.items()]))
        items.append(heading(_("Default game"), t.TITLE - 2))
        items.append(muted(_("A new game starts with these rules chosen."), t.BODY))
        items.append(ft.Row(wrap=True, spacing=t.GAP, run_spacing=t.GAP, controls=[
            button(rules.shown_name, self.app.act_async(lambda _e=None, k=pid: self.app.save_settings(settings.with_default_preset(k))),
                   primary=settings.default_preset == pid, icon=ft.Icons.CHECK if settings.default_preset == pid else None)
            for pid, rules in CHOICE_IDS.items()]))
        items.extend(self._backups())
        return body(self.pane(), self.app.width, items)

    def _backups(self) -> list[ft.Control]:
        """Every game to a file, and a file's games back: a phone moved or wiped keeps its games, and a game
        exported on a phone imports on a computer (scorekeeper import) and the other way round."""
        items: list[ft.Control] = [heading(_("Games on this device"), t.TITLE - 2)]
        if capabilities.storage_persisted is not None:  # the browser's copy of the app (scorekeeper/web)
            items.append(ident("storage-kept", muted(
                _("The browser promised to keep these games, even when space runs low.")
                if capabilities.storage_persisted else
                _("The browser did not promise to keep these games: it may clear them when space runs low. "
                  "Install the app on the home screen, and export the games now and then."), t.BODY)))
        items.append(muted(_("Export every game to a file, and import such a file here or on another device."),
                           t.BODY))
        items.append(ft.Row(wrap=True, spacing=t.GAP, run_spacing=t.GAP, controls=[
            button(_("Export all (JSON)"), self.app.act_async(lambda _e=None: self.export_all("json")),
                   icon=ft.Icons.DATA_OBJECT, identifier="export-all-json"),
            button(_("Export all (CSV)"), self.app.act_async(lambda _e=None: self.export_all("csv")),
                   icon=ft.Icons.TABLE_CHART, identifier="export-all-csv"),
            button(_("Import a file"), self.app.act_async(self.import_games), icon=ft.Icons.UPLOAD_FILE,
                   identifier="import-games"),
        ]))
        return items

    async def export_all(self, fmt: str) -> None:
        from scorekeeper.exchange import export

        result = export(self.app.store, fmt)
        name = f"scorekeeper-games.{fmt}"
        saved = await ft.FilePicker().save_file(file_name=name, src_bytes=result.data, dialog_title=_("Save the games"))
        if saved or self.app.page.web:
            self.notify(_n("Exported {count} game to {name}", "Exported {count} games to {name}", result.games,
                           name=name) + (f" ({result.note})" if result.note else ""))

    async def import_games(self) -> None:
        from scorekeeper.exchange import import_file

        files = await ft.FilePicker().pick_files(dialog_title=_("Import games"), with_data=True,
                                                 allowed_extensions=["csv", "json"])
        if not files or files[0].bytes is None:
            return
        result = import_file(self.app.store, files[0].bytes, name=files[0].name)
        added, already = len(result.added), len(result.skipped)
        self.notify(_n("Imported {count} game, {already} already there", "Imported {count} games, {already} already there",
                       added, already=already))
