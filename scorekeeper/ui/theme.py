"""Looks: dark by default (tables are dimly lit), high contrast, big type, 48 px touch targets at least."""
from __future__ import annotations

import flet as ft

TOUCH = 52  # touch target of chips and buttons (at least 48)
CHIP = 50
GAP = 8
PAD = 14
BODY = 17
SMALL = 14
TITLE = 24
BIG = 30
WIDE = 900  # from this width up: tablet / desktop layout, two panes side by side
ENTRY_SHARE = 0.5  # of a tablet's width, the game's entry (nine chips in a line: a hand of 8 cards); the card beside

# Each player's colour on the chart and the legend: distinct in both themes.
SERIES = ["#4FC3F7", "#FFB74D", "#81C784", "#F06292", "#BA68C8", "#FFF176", "#4DB6AC", "#E57373",
          "#90A4AE", "#AED581", "#9575CD", "#FF8A65", "#64B5F6", "#DCE775", "#A1887F", "#F48FB1"]

MADE = ft.Colors.TERTIARY  # green in both themes (see the schemes below)
MISSED = ft.Colors.ERROR
ACCENT = ft.Colors.PRIMARY


def _scheme(dark: bool) -> ft.ColorScheme:
    if dark:
        return ft.ColorScheme(
            primary="#FFC94D", on_primary="#1A1300", primary_container="#5C4300", on_primary_container="#FFE6A8",
            secondary="#9FC9FF", on_secondary="#00213F",
            tertiary="#6EE08A", on_tertiary="#00391A", tertiary_container="#0F3D22", on_tertiary_container="#B9F6C6",
            error="#FF8A80", on_error="#3B0000", error_container="#4A1512", on_error_container="#FFDAD6",
            surface="#111417", on_surface="#F2F2F2", on_surface_variant="#C9CDD2",
            surface_container_lowest="#0B0D10", surface_container_low="#171B1F", surface_container="#1C2126",
            surface_container_high="#252B31", surface_container_highest="#2F363D",
            outline="#8A9199", outline_variant="#3A4148",
        )
    return ft.ColorScheme(
        primary="#7A5300", on_primary="#FFFFFF", primary_container="#FFDEA3", on_primary_container="#261900",
        secondary="#0B5CAD", on_secondary="#FFFFFF",
        tertiary="#17692F", on_tertiary="#FFFFFF", tertiary_container="#C9F2D2", on_tertiary_container="#002109",
        error="#B3261E", on_error="#FFFFFF", error_container="#FFDAD6", on_error_container="#410002",
        surface="#FCFCFC", on_surface="#111417", on_surface_variant="#3F464D",
        surface_container_lowest="#FFFFFF", surface_container_low="#F4F5F7", surface_container="#EDEFF2",
        surface_container_high="#E4E7EB", surface_container_highest="#DADEE3",
        outline="#5F666D", outline_variant="#C3C8CE",
    )


TEXT_STYLES = ("display_large", "display_medium", "display_small", "headline_large", "headline_medium",
               "headline_small", "title_large", "title_medium", "title_small", "body_large", "body_medium",
               "body_small", "label_large", "label_medium", "label_small")


def theme(dark: bool, fallbacks: tuple[str, ...] = ()) -> ft.Theme:
    """The app's theme; `fallbacks`: font families for the letters Roboto lacks (ui/fonts.py)."""
    if not fallbacks:
        return ft.Theme(color_scheme=_scheme(dark))
    # (Roboto: the font a page without CDN has)
    style = ft.TextStyle(font_family="Roboto", font_family_fallback=list(fallbacks))  # i18n: not shown
    return ft.Theme(color_scheme=_scheme(dark), text_theme=ft.TextTheme(**{name: style for name in TEXT_STYLES}),
                    primary_text_theme=ft.TextTheme(**{name: style for name in TEXT_STYLES}))


THEME_MODES = {"dark": ft.ThemeMode.DARK, "light": ft.ThemeMode.LIGHT, "system": ft.ThemeMode.SYSTEM}


def apply(page: ft.Page, mode: str, fallbacks: tuple[str, ...] = ()) -> None:
    page.theme = theme(dark=False, fallbacks=fallbacks)
    page.dark_theme = theme(dark=True, fallbacks=fallbacks)
    page.theme_mode = THEME_MODES.get(mode, ft.ThemeMode.DARK)
