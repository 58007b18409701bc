"""A recap picture of one game (PNG), to send to the family chat: the game and its date, who won, the
standings, the score card in small (the running total after each hand or round), and the awards.

Drawn with Pillow (already in every install through reportlab, and the maintained imaging library for
Python). Everything it shows comes from the engine: `rules.replay`, `rules.outcome`, `rules.awards`.
It is laid out for a messenger that shows it small: one column, big type for the verdict, a 4:5 frame.
"""
from __future__ import annotations

import io
from datetime import datetime
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from scorekeeper.rules import outcome, replay
from scorekeeper.rules.awards import awards
from scorekeeper.rules.common import number_text
from scorekeeper.storage.records import GameRecord

from .pdf_card import font_files

WIDTH = 1080
MARGIN = 64
BACKGROUND, PANEL, WINNER_PANEL = "#14161b", "#1f232b", "#4a3d12"
INK, MUTED, GOLD, GREEN, RED = "#f2f2f2", "#a8adb8", "#ffc94d", "#7bd88f", "#ff8a80"
SERIES = ("#4FC3F7", "#FFB74D", "#81C784", "#F06292", "#BA68C8", "#FFF176", "#4DB6AC", "#E57373")
MOST_ROWS = 20  # the score card in small: more hands than this show the last ones
MOST_COLUMNS = 8  # players on the small card (all of them in the standings)


@lru_cache(maxsize=32)
def _font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    regular, heavy = font_files()
    return ImageFont.truetype(heavy if bold else regular, size)


def _fit(draw: ImageDraw.ImageDraw, text: str, font: ImageFont.FreeTypeFont, width: float) -> str:
    """`text` cut with an ellipsis to fit `width` pixels."""
    if draw.textlength(text, font=font) <= width:
        return text
    while text and draw.textlength(text + "…", font=font) > width:
        text = text[:-1]
    return text + "…"


def recap_png(record: GameRecord, name: str | None = None) -> bytes:
    """The recap of a stored game as PNG bytes. `name`: the game's own name when it has one."""
    game = replay(record)
    verdict = outcome(game, record.status)
    honours = awards(game, verdict)
    players = list(game.players)
    curve = game.running_totals()
    shown_rows = curve[-MOST_ROWS:]
    first_row = len(curve) - len(shown_rows)
    columns = min(len(players), MOST_COLUMNS)

    row_h, card_row_h = 76, 34
    height = (MARGIN + 40 + 12 + 90 + 24 + len(players) * (row_h + 10) + 40
              + (46 + (len(shown_rows) + 1) * card_row_h if shown_rows else 0)
              + (40 + 50 * len(honours) if honours else 0) + 90 + MARGIN)
    height = max(height, int(WIDTH * 5 / 4))  # 4:5, as messengers crop pictures
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    inner = WIDTH - 2 * MARGIN

    y = MARGIN
    when = record.started_at.astimezone() if isinstance(record.started_at, datetime) else None
    title = name or game.rules.display_name
    sub = " · ".join(part for part in (game.rules.display_name if name else "",
                                        f"{when.day} {when:%B %Y}" if when else "") if part)
    draw.text((MARGIN, y), _fit(draw, title, _font(40, True), inner), font=_font(40, True), fill=MUTED)
    y += 52
    if sub:
        draw.text((MARGIN, y), sub, font=_font(30), fill=MUTED)
    y += 50

    headline, colour = verdict.headline(), GOLD if verdict.decided else INK
    size = 76 if draw.textlength(headline, font=_font(76, True)) <= inner else 52  # a longer sentence, smaller
    draw.text((MARGIN, y), _fit(draw, headline, _font(size, True), inner), font=_font(size, True), fill=colour)
    y += 110

    for standing in verdict.standings:
        won = standing.seat in verdict.winners
        draw.rounded_rectangle((MARGIN, y, WIDTH - MARGIN, y + row_h), radius=18, fill=WINNER_PANEL if won else PANEL)
        place = f"{standing.place}."
        draw.text((MARGIN + 24, y + row_h / 2), place, font=_font(38, True), fill=GOLD if won else MUTED, anchor="lm")
        draw.ellipse((MARGIN + 100, y + row_h / 2 - 9, MARGIN + 118, y + row_h / 2 + 9),
                     fill=SERIES[standing.seat % len(SERIES)])
        draw.text((MARGIN + 136, y + row_h / 2), _fit(draw, standing.name, _font(40, True), inner - 360),
                  font=_font(40, True), fill=INK, anchor="lm")
        draw.text((WIDTH - MARGIN - 24, y + row_h / 2), number_text(standing.score), font=_font(44, True),
                  fill=INK, anchor="rm")
        y += row_h + 10
    y += 30

    if shown_rows:
        unit = game.unit.capitalize()
        draw.text((MARGIN, y), f"Running totals · {verdict.progress_text}", font=_font(30, True), fill=MUTED)
        y += 46
        head_w = 90
        col_w = (inner - head_w) / columns
        size = 24 if columns <= 6 else 20
        for column in range(columns):
            x = MARGIN + head_w + col_w * column + col_w / 2
            draw.text((x, y + card_row_h / 2), _fit(draw, players[column], _font(size, True), col_w - 8),
                      font=_font(size, True), fill=SERIES[column % len(SERIES)], anchor="mm")
        y += card_row_h
        for offset, totals in enumerate(shown_rows):
            number = first_row + offset + 1
            if offset % 2 == 0:
                draw.rectangle((MARGIN, y, WIDTH - MARGIN, y + card_row_h), fill=PANEL)
            draw.text((MARGIN + 12, y + card_row_h / 2), f"{unit[0]}{number}", font=_font(size), fill=MUTED, anchor="lm")
            best = max(totals) if verdict.highest_wins else min(totals)  # every player's, shown or not
            for column in range(columns):
                value = totals[column]
                x = MARGIN + head_w + col_w * column + col_w / 2
                draw.text((x, y + card_row_h / 2), number_text(value), anchor="mm",
                          font=_font(size, value == best), fill=GREEN if value == best else (RED if value < 0 else INK))
            y += card_row_h
        y += 30

    if honours:
        draw.text((MARGIN, y), "Awards", font=_font(30, True), fill=MUTED)
        y += 40
        for honour in honours:
            line = f"{honour.title}: {', '.join(verdict.names(honour.seats))} · {honour.detail}"
            draw.text((MARGIN, y), _fit(draw, line, _font(28), inner), font=_font(28), fill=INK)
            y += 50

    draw.text((WIDTH - MARGIN, height - MARGIN + 10), "Scorekeeper", font=_font(26, True), fill=MUTED, anchor="rs")
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
