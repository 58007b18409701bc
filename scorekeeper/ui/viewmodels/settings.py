"""Per-device settings: the theme and the game a new game starts from."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from .new_game import CHOICE_IDS as PRESETS  # every game New game offers

THEMES = {"dark": "Dark", "light": "Light", "system": "As the device"}


@dataclass(frozen=True)
class Settings:
    theme: str = "dark"  # dark by default: tables are often dimly lit
    default_preset: str = "oh-heck"

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> "Settings":
        data = data or {}
        theme = data.get("theme") if data.get("theme") in THEMES else cls.theme
        preset = data.get("default_preset") if data.get("default_preset") in PRESETS else cls.default_preset
        return cls(theme=theme, default_preset=preset)

    def to_dict(self) -> dict[str, str]:
        return {"theme": self.theme, "default_preset": self.default_preset}

    def with_theme(self, theme: str) -> "Settings":
        return replace(self, theme=theme if theme in THEMES else self.theme)

    def with_default_preset(self, preset_id: str) -> "Settings":
        return replace(self, default_preset=preset_id if preset_id in PRESETS else self.default_preset)
