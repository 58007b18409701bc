#!/usr/bin/env python3
"""Draws the app's icon (a score card: a yellow sheet with three rows and a column line) at every size
the packaged and installed app needs, from one drawing: assets/icon.png (1024, what `flet build` makes
every platform's icon and splash from), assets/favicon.png, and the web app's manifest icons in
assets/icons/ (what a phone's browser shows after "Add to home screen").

    .venv/bin/python scripts/icons.py
"""
from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

ASSETS = Path(__file__).resolve().parent.parent / "assets"
BACKGROUND, CARD, INK = "#16181C", "#FFC83D", "#16181C"


def draw(size: int, *, maskable: bool = False) -> Image.Image:
    """The icon on a 192-unit grid scaled to `size`. A maskable icon keeps its drawing inside the middle
    80% (the safe zone a launcher may crop to a circle)."""
    image = Image.new("RGB", (size, size), BACKGROUND)
    pen = ImageDraw.Draw(image)
    unit = size / 192 * (0.8 if maskable else 1.0)
    offset = (size - 192 * unit) / 2

    def box(x0: float, y0: float, x1: float, y1: float, colour: str) -> None:
        pen.rectangle([offset + x0 * unit, offset + y0 * unit, offset + x1 * unit - 1, offset + y1 * unit - 1],
                      fill=colour)

    box(43, 27, 150, 166, CARD)
    for top in (62, 97, 131):  # the rows of the score card
        box(54, top, 139, top + 7, INK)
    box(82, 43, 88, 154, INK)  # the names column
    return image


def main() -> None:
    (ASSETS / "icons").mkdir(exist_ok=True)
    draw(1024).save(ASSETS / "icon.png", optimize=True)
    draw(64).save(ASSETS / "favicon.png", optimize=True)
    for size in (192, 512):
        draw(size).save(ASSETS / "icons" / f"icon-{size}.png", optimize=True)
        draw(size, maskable=True).save(ASSETS / "icons" / f"icon-maskable-{size}.png", optimize=True)


if __name__ == "__main__":
    main()
