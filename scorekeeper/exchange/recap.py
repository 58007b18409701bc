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
from scorekeeper.rules.common import names_text, number_text
from scorekeeper.rules.sheet import played_rows
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


def _wrapped(draw: ImageDraw.ImageDraw, text: str, size: int, bold: bool, width: float) -> list[str]:
    """`text` in lines of at most `width` pixels, broken between words (a word longer than a line is cut)."""
    lines, line = [], ""
    for word in text.split():
        longer = f"{line} {word}" if line else word
        if line and _length(draw, longer, size, bold) > width:
            lines.append(line)
            line = word
        else:
            line = longer
    return [*lines, line] if line else lines


NOT_THERE, SAT_OUT, TOTAL = "–", "sat out", "total"  # how a cell of the small card reads  # i18n: not shown


def small_card(game, rows: range) -> list[list[tuple[str, str]]]:
    """The small card's cells for the hands (rounds) `rows`, per player: (text, how), `how` being TOTAL,
    SAT_OUT (the total, greyed: sat that hand out) or NOT_THERE (a dash: before a late arrival came, and
    from the hand a player left on), as the engine's roster has it (rules.roster)."""
    played = played_rows(game)
    joins, left, sat_out = getattr(game, "joins", {}), getattr(game, "left", {}), getattr(game, "sat_out", {})
    cells = []
    for index in rows:
        row = []
        for seat in range(len(game.players)):
            came, gone = joins.get(seat, (0,))[0], left.get(seat)
            if came > index or gone is not None and gone <= index:
                row.append((NOT_THERE, NOT_THERE))
            else:
                row.append((number_text(played[index].totals[seat]), SAT_OUT if seat in sat_out.get(index, ()) else TOTAL))
        cells.append(row)
    return cells


def award_lines(draw: ImageDraw.ImageDraw, honours, verdict, width: float) -> list[list[tuple[str, bool]]]:
    """Each award as lines of (text, the detail?): the award and who won it, then what earned it, each
    broken between words to `width` (a long language's words are not cut)."""
    said = []
    for honour in honours:
        # Translators: an award on the recap picture: 'Sharpshooter: Ann and Bob'; its detail goes below it.
        title = _("{award}: {names}", award=honour.title, names=names_text(verdict.names(honour.seats)))
        said.append([(line, False) for line in _wrapped(draw, title, 28, True, width)]
                    + [(line, True) for line in _wrapped(draw, honour.detail, 24, False, width)])
    return said


def recap_png(record: GameRecord, name: str | None = None) -> bytes:
    """The recap of a stored game as PNG bytes. `name`: the game's own name when it has one."""
    game = replay(record)
    verdict = outcome(game, record.status)
    honours = awards(game, verdict)
    players = list(game.players)
    sheet = played_rows(game)
    shown_rows = [line.totals for line in sheet[-MOST_ROWS:]]
    first_row = len(sheet) - len(shown_rows)
    columns = min(len(players), MOST_COLUMNS)

    row_h, card_row_h = 76, 34
    inner = WIDTH - 2 * MARGIN
    honoured = award_lines(ImageDraw.Draw(Image.new("RGB", (1, 1))), honours, verdict, inner)
    cells = small_card(game, range(first_row, len(sheet)))
    marked = any(how != TOTAL for row in cells for _text_, how in row[:columns])
    height = (MARGIN + 40 + 12 + 90 + 24 + len(players) * (row_h + 10) + 40
              + (46 + (len(shown_rows) + 1) * card_row_h + (40 if marked else 0) if shown_rows else 0)
              + (40 + sum(38 * len(lines) + 16 for lines in honoured) if honours else 0) + 90 + MARGIN)
    height = max(height, int(WIDTH * 5 / 4))  # 4:5, as messengers crop pictures
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)

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
        for offset, (totals, row) in enumerate(zip(shown_rows, cells)):
            number = first_row + offset + 1
            if offset % 2 == 0:
                draw.rectangle((MARGIN, y, WIDTH - MARGIN, y + card_row_h), fill=PANEL)
            # Translators: the recap picture's row labels, short: H1 (hand 1), R1 (round 1).
            label = _("H{number}", number=number) if hands else _("R{number}", number=number)
            draw.text((MARGIN + 12, y + card_row_h / 2), label, font=_font(size), fill=MUTED, anchor="lm")
            # The best total of the players at the table then (every one's, shown or not)
            there = [totals[seat] for seat, (_said, how) in enumerate(row) if how != NOT_THERE] or [0]
            best = max(there) if verdict.highest_wins else min(there)
            for column in range(columns):
                value, (said, how) = totals[column], row[column]
                x = MARGIN + head_w + col_w * column + col_w / 2
                leads = how == TOTAL and value == best
                colour = MUTED if how != TOTAL else GREEN if leads else (RED if value < 0 else INK)
                draw.text((x, y + card_row_h / 2), said, anchor="mm", font=_font(size, leads), fill=colour)
            y += card_row_h
        if marked:  # what the greyed totals and the dashes mean
            said = (_("Grey: sat the hand out · –: not at the table") if hands
                    else _("Grey: sat the round out · –: not at the table"))
            _text(draw, (MARGIN, y + 8), said, 24, fill=MUTED, width=inner)
            y += 40
        y += 30

    if honours:
        draw.text((MARGIN, y), _("Awards"), font=_font(30, True), fill=MUTED)
        y += 40
        for lines in honoured:
            for line, detail in lines:
                _text(draw, (MARGIN, y), line, 24 if detail else 28, bold=not detail, fill=MUTED if detail else INK,
                      width=inner)
                y += 38
            y += 16

    draw.text((WIDTH - MARGIN, height - MARGIN + 10), "Scorekeeper", font=_font(26, True), fill=MUTED, anchor="rs")
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
