"""Per-device settings: the language, the theme and the game a new game starts from."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from scorekeeper import i18n

from .new_game import CHOICE_IDS as PRESETS  # every game New game offers

THEMES = {"dark": i18n.N_("Dark"), "light": i18n.N_("Light"), "system": i18n.N_("As the device")}
DEVICE = "device"  # the language: the device's own (the browser's or the phone's first language)
LANGUAGE_CHOICES = (DEVICE, *i18n.LANGUAGES)


@dataclass(frozen=True)
class Settings:
    theme: str = "dark"  # dark by default: tables are often dimly lit
    default_preset: str = "oh-heck"
    language: str = DEVICE  # DEVICE or a code of i18n.LANGUAGES

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> "Settings":
        data = data or {}
        theme = data.get("theme") if data.get("theme") in THEMES else cls.theme
        preset = data.get("default_preset") if data.get("default_preset") in PRESETS else cls.default_preset
        language = data.get("language") if data.get("language") in LANGUAGE_CHOICES else cls.language
        return cls(theme=theme, default_preset=preset, language=language)

    def to_dict(self) -> dict[str, str]:
        return {"theme": self.theme, "default_preset": self.default_preset, "language": self.language}

    def language_for(self, device_language: str | None) -> str:
        """The language the app speaks on this device: the one chosen, else the device's own."""
        return i18n.supported(device_language if self.language == DEVICE else self.language)

    def with_language(self, language: str) -> "Settings":
        return replace(self, language=language if language in LANGUAGE_CHOICES else self.language)

    def with_theme(self, theme: str) -> "Settings":
        return replace(self, theme=theme if theme in THEMES else self.theme)

    def with_default_preset(self, preset_id: str) -> "Settings":
        return replace(self, default_preset=preset_id if preset_id in PRESETS else self.default_preset)
