"""The app's entry point: one page, the home screen first."""
from __future__ import annotations

from pathlib import Path

import flet as ft

from scorekeeper.rules import PRESETS

ASSETS_DIR = str(Path(__file__).resolve().parent.parent.parent / "assets")


def main(page: ft.Page) -> None:
    page.title = "Scorekeeper"
    page.theme_mode = ft.ThemeMode.DARK
    page.add(
        ft.SafeArea(
            ft.Column(
                [
                    ft.Text("Scorekeeper", size=32, weight=ft.FontWeight.BOLD),
                    ft.Text("The score card for Oh Heck and its family."),
                    *[ft.ListTile(title=ft.Text(rules.name), subtitle=ft.Text(rules.description)) for rules in PRESETS.values()],
                ]
            )
        )
    )
