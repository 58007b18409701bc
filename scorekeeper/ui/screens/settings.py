"""Settings of this device: its language, light, dark or system theme, the game a new game starts from."""
from __future__ import annotations

import flet as ft

from scorekeeper.i18n import LANGUAGES, _

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
        return body(self.pane(), self.app.width, items)
