"""How one device's app looks and reads (App's part): its theme, the fonts its players' names need,
its language (the one chosen in Settings, else the device's own)."""
from __future__ import annotations

import logging
from typing import Any

import flet as ft

from scorekeeper import i18n

from . import fonts, theme

log = logging.getLogger(__name__)


class Looks:
    # What App holds: its page, settings, lock, store and the fonts fetched so far.
    page: Any
    settings: Any
    lock: Any
    store: Any
    language: str
    device_language: str | None
    _scripts: tuple[int, ...]

    def redraw(self) -> None:
        raise NotImplementedError

    def _apply_theme(self) -> None:
        theme.apply(self.page, self.settings.theme, tuple(fonts.family(position) for position in self._scripts))

    def fit_fonts(self) -> None:
        """Fetch the fonts the table's names need on screen (Arabic, Hebrew, Devanagari, CJK: ui/fonts.py),
        each once: the players known to this server, read as a screen opens."""
        try:
            names = [player.name for player in self.store.roster()]
        except Exception:  # a damaged database says so elsewhere; the names then show as they can
            log.info("the players' names could not be read for their fonts", exc_info=True)
            return
        wanted = tuple(sorted(set(self._scripts) | set(fonts.needed(names))))
        if wanted == self._scripts:
            return
        self._scripts = wanted
        self.page.fonts = {fonts.family(position): fonts.ROUTE + str(position) for position in wanted}
        self._apply_theme()

    def _apply_language(self) -> None:
        """The language chosen holds at once: for what runs from here on, and for Flutter's own words
        (a text field's menu, the reader's announcements) through the page's locale."""
        i18n.activate(self.language)
        language = self.language if self.language in i18n.LANGUAGES else i18n.SOURCE
        self.page.locale_configuration = ft.LocaleConfiguration(
            supported_locales=[ft.Locale(code) for code in i18n.LANGUAGES], current_locale=ft.Locale(language))

    def _on_locale_change(self, event) -> None:
        """The device's language changed (the phone's settings): followed unless one was chosen here."""
        with self.lock:
            if event.locales:
                self.device_language = event.locales[0].language_code
            self._apply_language()
            self.redraw()
