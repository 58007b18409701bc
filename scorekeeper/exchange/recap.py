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

from PIL import Image, ImageDraw, ImageFont, features

from scorekeeper import i18n
from scorekeeper.i18n import _
from scorekeeper.rules import outcome, replay
from scorekeeper.rules.awards import awards
from scorekeeper.rules.common import number_text
from scorekeeper.storage.records import GameRecord

from . import fonts

WIDTH = 1080
MARGIN = 64
BACKGROUND, PANEL, WINNER_PANEL = "#14161b", "#1f232b", "#4a3d12"
INK, MUTED, GOLD, GREEN, RED = "#f2f2f2", "#a8adb8", "#ffc94d", "#7bd88f", "#ff8a80"
SERIES = ("#4FC3F7", "#FFB74D", "#81C784", "#F06292", "#BA68C8", "#FFF176", "#4DB6AC", "#E57373")
MOST_ROWS = 20  # the score card in small: more hands than this show the last ones
MOST_COLUMNS = 8  # players on the small card (all of them in the standings)


RAQM = features.check("raqm")  # Pillow's own shaping and right-to-left layout (libraqm with FriBiDi)


@lru_cache(maxsize=32)
def _font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    regular, heavy = fonts.font_files()
    return ImageFont.truetype(heavy if bold else regular, size)


@lru_cache(maxsize=32)
def _face_font(face: fonts.Face, size: int, bold: bool) -> ImageFont.FreeTypeFont:
    if face is fonts.primary():
        return _font(size, bold)
    return ImageFont.truetype(face.file(bold), size, index=face.index)


def _pieces(text: str, size: int, bold: bool) -> list[tuple[str, ImageFont.FreeTypeFont, str | None]]:
    """`text` as (letters, font, direction) left to right: each run in a font that has its letters; with
    raqm, a right-to-left run is given in logical order for raqm to lay out and join, else reversed."""
    pieces = []
    for run in fonts.runs(text):
        if RAQM:
            pieces.append((run.text, _face_font(run.face, size, bold), "rtl" if run.rtl else None))
        else:
            pieces.append((fonts.visual(run), _face_font(run.face, size, bold), None))
    return pieces


def _length(draw: ImageDraw.ImageDraw, text: str, size: int, bold: bool) -> float:
    if fonts.simple(text):
        return draw.textlength(text, font=_font(size, bold))
    return sum(draw.textlength(letters, font=font, direction=direction)
               for letters, font, direction in _pieces(text, size, bold))


def _fit(draw: ImageDraw.ImageDraw, text: str, size: int, bold: bool, width: float) -> str:
    """`text` cut with an ellipsis to fit `width` pixels."""
    if _length(draw, text, size, bold) <= width:
        return text
    while text and _length(draw, text + "…", size, bold) > width:
        text = text[:-1]
    return text + "…"


def _text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, bold: bool = False,
          fill: str = INK, anchor: str = "la", width: float | None = None) -> None:
    """`text` in any script at `xy` (Pillow's `anchor`), cut to `width` pixels when given: run by run, each
    in a font that has its letters, right-to-left runs in reading order."""
    if width is not None:
        text = _fit(draw, text, size, bold, width)
    if fonts.simple(text):
        draw.text(xy, text, font=_font(size, bold), fill=fill, anchor=anchor)
        return
    x, y = xy
    total = _length(draw, text, size, bold)
    x -= {"l": 0, "m": total / 2, "r": total}.get(anchor[0], 0)
    first = _font(size, bold)  # the line's baseline, from where the first font puts it for this anchor
    baseline = y + first.getbbox("x", anchor="l" + anchor[1])[1] - first.getbbox("x", anchor="ls")[1]
    for letters, font, direction in _pieces(text, size, bold):
        draw.text((x, baseline), letters, font=font, fill=fill, anchor="ls", direction=direction)
        x += draw.textlength(letters, font=font, direction=direction)


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
                                        i18n.day(when, size="long") if when else "") if part)
    _text(draw, (MARGIN, y), title, 40, True, fill=MUTED, width=inner)
    y += 52
    if sub:
        _text(draw, (MARGIN, y), sub, 30, fill=MUTED, width=inner)
    y += 50

    headline, colour = verdict.headline(), GOLD if verdict.decided else INK
    size = 76 if _length(draw, headline, 76, True) <= inner else 52  # a longer sentence, smaller
    _text(draw, (MARGIN, y), headline, size, True, fill=colour, width=inner)
    y += 110

    for standing in verdict.standings:
        won = standing.seat in verdict.winners
        draw.rounded_rectangle((MARGIN, y, WIDTH - MARGIN, y + row_h), radius=18, fill=WINNER_PANEL if won else PANEL)
        place = f"{standing.place}."
        draw.text((MARGIN + 24, y + row_h / 2), place, font=_font(38, True), fill=GOLD if won else MUTED, anchor="lm")
        draw.ellipse((MARGIN + 100, y + row_h / 2 - 9, MARGIN + 118, y + row_h / 2 + 9),
                     fill=SERIES[standing.seat % len(SERIES)])
        _text(draw, (MARGIN + 136, y + row_h / 2), standing.name, 40, True, fill=INK, anchor="lm", width=inner - 360)
        draw.text((WIDTH - MARGIN - 24, y + row_h / 2), number_text(standing.score), font=_font(44, True),
                  fill=INK, anchor="rm")
        y += row_h + 10
    y += 30

    if shown_rows:
        hands = game.unit == "hand"
        _text(draw, (MARGIN, y), " · ".join((_("Running totals"), verdict.progress_text)), 30, True, fill=MUTED,
              width=inner)
        y += 46
        head_w = 90
        col_w = (inner - head_w) / columns
        size = 24 if columns <= 6 else 20
        for column in range(columns):
            x = MARGIN + head_w + col_w * column + col_w / 2
            _text(draw, (x, y + card_row_h / 2), players[column], size, True, fill=SERIES[column % len(SERIES)],
                  anchor="mm", width=col_w - 8)
        y += card_row_h
        for offset, totals in enumerate(shown_rows):
            number = first_row + offset + 1
            if offset % 2 == 0:
                draw.rectangle((MARGIN, y, WIDTH - MARGIN, y + card_row_h), fill=PANEL)
            # Translators: the recap picture's row labels, short: H1 (hand 1), R1 (round 1).
            label = _("H{number}", number=number) if hands else _("R{number}", number=number)
            draw.text((MARGIN + 12, y + card_row_h / 2), label, font=_font(size), fill=MUTED, anchor="lm")
            best = max(totals) if verdict.highest_wins else min(totals)  # every player's, shown or not
            for column in range(columns):
                value = totals[column]
                x = MARGIN + head_w + col_w * column + col_w / 2
                draw.text((x, y + card_row_h / 2), number_text(value), anchor="mm",
                          font=_font(size, value == best), fill=GREEN if value == best else (RED if value < 0 else INK))
            y += card_row_h
        y += 30

    if honours:
        draw.text((MARGIN, y), _("Awards"), font=_font(30, True), fill=MUTED)
        y += 40
        for honour in honours:
            # Translators: an award on the recap picture: 'Sharpshooter: Ann, Bob · 9 of 10 bids made'.
            line = _("{award}: {names} · {detail}", award=honour.title, names=", ".join(verdict.names(honour.seats)),
                     detail=honour.detail)
            _text(draw, (MARGIN, y), line, 28, fill=INK, width=inner)
            y += 50

    draw.text((WIDTH - MARGIN, height - MARGIN + 10), "Scorekeeper", font=_font(26, True), fill=MUTED, anchor="rs")
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
