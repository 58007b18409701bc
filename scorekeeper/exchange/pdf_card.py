"""The parts every PDF score card is made of (pdf_format.py puts them together, pdf_kinds.py draws each
kind's grid): the page, the font, the title, the grid's place on the page beside the standings, and the
standings with the one verdict (rules.outcome) and the rules the table played.
"""
from __future__ import annotations

from datetime import datetime, timezone
from functools import lru_cache
from pathlib import Path
from typing import Callable
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import Flowable, KeepTogether, PageBreak, Paragraph, Spacer, Table

from scorekeeper.rules import Outcome
from scorekeeper.rules.adjustments import adjustment_lines
from scorekeeper.rules.common import number_text, plural
from scorekeeper.rules.outcome import FINISHED
from scorekeeper.storage.records import GameRecord

PAGE = landscape(A4)
MARGIN = 12 * mm
WIDTH = PAGE[0] - 2 * MARGIN
FRAME_HEIGHT = PAGE[1] - 2 * MARGIN - 4 * mm  # the footer sits below the frame
MIN_ROW, MAX_ROW = 12, 19  # hand rows: never cramped, never sprawling
HEADER_ROWS = (16, 12)  # player names; bid, took, pts, total
FOOT_ROW = 15
GAP_AFTER_GRID, GAP_AFTER_LEGEND, GROUP_CAPTION = 2 * mm, 5 * mm, 16
PLAYERS_PER_GRID = 8  # more players: the grid repeats with the next players beside the same hands

INK = colors.HexColor("#1d1d1f")
MUTED = colors.HexColor("#6b6b70")
RULE = colors.HexColor("#b9b9bf")
HEAD = colors.HexColor("#ececf0")
MADE = colors.HexColor("#d8eed3")  # a made bid: prints as a light grey on a black-and-white printer
MADE_INK = colors.HexColor("#1f6b2a")
MISSED_INK = colors.HexColor("#b3261e")
NEXT = colors.HexColor("#fff6d6")  # the hand to play next, on the card of a game in progress
WINNER = colors.HexColor("#f3dc8b")

# DejaVu Sans (Debian's fonts-dejavu-core, which the test script installs) covers most names' letters;
# reportlab's own Vera, its ancestor with the same shapes, is the fallback that is always there.
FONT_CANDIDATES = (
    ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"),
    ("/usr/share/fonts/dejavu/DejaVuSans.ttf", "/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf"),
    ("/usr/share/fonts/TTF/DejaVuSans.ttf", "/usr/share/fonts/TTF/DejaVuSans-Bold.ttf"),
)
REGULAR, BOLD = "ScorecardSans", "ScorecardSans-Bold"


@lru_cache(maxsize=1)
def font_files() -> tuple[str, str]:
    """(regular, bold): the font files the printed card and the recap picture draw with."""
    import reportlab

    bundled = Path(reportlab.__file__).parent / "fonts"
    pairs = [*FONT_CANDIDATES, (str(bundled / "Vera.ttf"), str(bundled / "VeraBd.ttf"))]
    return next((pair for pair in pairs if all(Path(path).is_file() for path in pair)))


@lru_cache(maxsize=1)
def _fonts() -> frozenset[int]:
    """Register the card's font once; returns the characters it can draw."""
    regular, bold = font_files()
    pdfmetrics.registerFont(TTFont(REGULAR, regular))
    pdfmetrics.registerFont(TTFont(BOLD, bold))
    pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD, italic=REGULAR, boldItalic=BOLD)
    return frozenset(pdfmetrics.getFont(REGULAR).face.charToGlyph)


def clean(text: object) -> str:
    """Text the font can draw: a letter it lacks becomes '?' rather than an empty box."""
    drawable = _fonts()
    return "".join(ch if ord(ch) in drawable or ch in "\n\t" else "?" for ch in str(text))


def width_of(text: str, size: float, bold: bool = False) -> float:
    return pdfmetrics.stringWidth(text, BOLD if bold else REGULAR, size)


def fit(text: str, room: float, size: float, bold: bool = False) -> str:
    """Cut a long name to the room it has, with an ellipsis."""
    text = clean(text)
    if width_of(text, size, bold) <= room:
        return text
    while text and width_of(text + "…", size, bold) > room:
        text = text[:-1]
    return text.rstrip() + "…"


def _style(name: str, size: float, bold: bool = False, colour=INK, leading: float | None = None, **more) -> ParagraphStyle:
    return ParagraphStyle(name, fontName=BOLD if bold else REGULAR, fontSize=size,
                          leading=leading or size * 1.25, textColor=colour, **more)


def _date(moment: datetime, long: bool = True) -> str:
    """'Saturday 4 May 2024' (long) or '4 May 2024'."""
    return f"{moment:%A} {moment.day} {moment:%B %Y}" if long else f"{moment.day} {moment:%b %Y}"


def _local(moment: datetime) -> datetime:
    """Times print in the printing machine's zone: what the table saw on its clock."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.astimezone()


def grids_and_summary(story: list[Flowable], game, groups: list[list[int]], legend: Flowable, summary: Flowable,
                      rows: int, fixed: float, grid: Callable[[list[int], float], Flowable]) -> list[Flowable]:
    """The grid of `rows` rows (one per group of players: `grid(seats, row_height)`), each followed by
    the legend, then the summary, after `story`. The rows share the page with the standings and rules
    when rows of a readable height allow it; otherwise the grid takes the page and the standings follow
    on the next."""
    above = sum(flowable.wrap(WIDTH, FRAME_HEIGHT)[1] for flowable in story)
    below = legend.wrap(WIDTH, FRAME_HEIGHT)[1] + GAP_AFTER_GRID + GAP_AFTER_LEGEND
    summary_height = summary.wrap(WIDTH, FRAME_HEIGHT)[1]
    together = (FRAME_HEIGHT - above - below - fixed - summary_height - 2) / rows
    if len(groups) == 1 and together >= MIN_ROW:
        row_height = min(MAX_ROW, together)
    else:
        row_height = max(MIN_ROW, min(MAX_ROW, (FRAME_HEIGHT - above - below - fixed - 2 - GROUP_CAPTION) / rows))
    for number, seats in enumerate(groups):
        if len(groups) > 1:
            if number:
                story.append(PageBreak())
            continued = f"{escape(clean(game.rules.display_name))}, continued: " if number else ""
            story.append(Paragraph(f"{continued}players {seats[0] + 1}–{seats[-1] + 1} of {len(game.players)}",
                                   _style("group", 9, True, MUTED)))
            story.append(Spacer(0, 1.5 * mm))
        story.append(grid(seats, row_height))
        story.append(Spacer(0, GAP_AFTER_GRID))
        story.append(legend)
    story.append(Spacer(0, GAP_AFTER_LEGEND))
    story.append(KeepTogether([summary]))
    return story


def progress_text(game, verdict: Outcome) -> str:
    """'6 of 15 hands', or '4 rounds' for a game without a set end."""
    played, total = verdict.played, verdict.total
    return plural(played, game.unit) if total is None else f"{played} of {plural(total, game.unit)}"


def title_block(record: GameRecord, game, verdict: Outcome) -> list[Flowable]:
    rules = game.rules
    started = _local(record.started_at)
    if verdict.ended_early:
        state = f"ended early after {progress_text(game, verdict)}"
    elif record.status == FINISHED:
        state = "finished"
        if record.finished_at is not None:
            ended = _local(record.finished_at)
            state += f" {ended:%H:%M}" if ended.date() == started.date() else f" {_date(ended)}, {ended:%H:%M}"
    elif verdict.decided:  # over by its rules, not finished by the table yet
        state = "over" if verdict.total is None else f"every {game.unit} played"
    else:
        state = f"in play: {progress_text(game, verdict)} played"
    names = ", ".join(escape(clean(name)) for name in game.players)
    title = Table(
        [[Paragraph(escape(clean(rules.display_name)), _style("title", 20, True, leading=24)),
          Paragraph("SCORE CARD", _style("kicker", 9, True, MUTED, alignment=TA_RIGHT))]],
        colWidths=[WIDTH * 0.75, WIDTH * 0.25],
        style=[("VALIGN", (0, 0), (-1, -1), "BOTTOM"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
               ("RIGHTPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 0)],
    )
    line = (f"{_date(started)}, {started:%H:%M} · {state} · {plural(len(game.players), 'player')}: {names}")
    return [title, Spacer(0, 1.5 * mm), Paragraph(line, _style("subtitle", 9.5, colour=INK)),
            _Rule(), Spacer(0, 3 * mm)]


class _Rule(Flowable):
    def wrap(self, available_width, _):
        self.width = available_width
        return available_width, 2 * mm

    def draw(self) -> None:
        self.canv.setStrokeColor(INK)
        self.canv.setLineWidth(1.2)
        self.canv.line(0, 0.5 * mm, self.width, 0.5 * mm)


def player_groups(count: int) -> list[list[int]]:
    """Seats per grid: all of them up to 8, else split evenly (12 players: 6 and 6)."""
    grids = -(-count // PLAYERS_PER_GRID)
    size = -(-count // grids)
    return [list(range(start, min(start + size, count))) for start in range(0, count, size)]




def _ordinal(place: int) -> str:
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


HEADING = _style("heading", 11, True, leading=13, spaceAfter=3)
TEXT = _style("text", 8.5, leading=11)


def summary_block(game, verdict: Outcome, after_standings: list[Flowable]) -> Table:
    """Standings and the verdict on the left, then `after_standings` (the kind's own: Oh Pshaw's
    settlement); the rules the table played on the right."""
    rules = game.rules
    left: list[Flowable] = []
    if not verdict.started:
        left.append(Paragraph("Standings", HEADING))
        left.append(Paragraph(f"No {game.unit} has been played yet.", TEXT))
        if verdict.ended_early:
            left.append(Paragraph("No winner: the game ended early.", TEXT))
    elif verdict.decided:
        left.append(Paragraph("Final standings", HEADING))
    elif verdict.ended_early:
        left.append(Paragraph(f"Ended early: standings after {progress_text(game, verdict)}", HEADING))
    else:
        left.append(Paragraph(f"Standings after {progress_text(game, verdict)}", HEADING))
    # Bold: the winners, or the players ahead of a game still in play; a game ended early has no winner.
    ahead = () if verdict.ended_early else verdict.winners or verdict.leaders
    if verdict.started:
        bonus = any(verdict.bonus)
        rows = [["", "Player", "Total"] + (["Bonus", "Final"] if bonus else [])]
        for standing in verdict.standings:
            seat = standing.seat
            row = [_ordinal(standing.place), fit(standing.name, 120, 9, seat in ahead), number_text(verdict.totals[seat])]
            if bonus:
                row += [f"+{verdict.bonus[seat]}" if verdict.bonus[seat] else "", number_text(verdict.final_scores[seat])]
            rows.append(row)
        table_style = [
            ("FONT", (0, 0), (-1, -1), REGULAR, 9), ("FONT", (0, 0), (-1, 0), REGULAR, 7.5),
            ("TEXTCOLOR", (0, 0), (-1, 0), MUTED), ("ALIGN", (2, 0), (-1, -1), "RIGHT"),
            ("LINEBELOW", (0, 0), (-1, 0), 0.6, INK), ("LINEBELOW", (0, 1), (-1, -1), 0.25, RULE),
            ("TOPPADDING", (0, 0), (-1, -1), 1), ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
            ("LEFTPADDING", (0, 0), (-1, -1), 3), ("RIGHTPADDING", (0, 0), (-1, -1), 3),
        ]
        for position, standing in enumerate(verdict.standings, 1):
            if standing.seat in ahead:
                table_style.append(("FONT", (0, position), (-1, position), BOLD, 9))
            if standing.seat in verdict.winners:
                table_style.append(("BACKGROUND", (0, position), (-1, position), WINNER))
        left.append(Table(rows, colWidths=[28, 128, 44] + ([40, 44] if bonus else []), style=table_style,
                          hAlign="LEFT"))
        left.append(Spacer(0, 3 * mm))
        left.append(verdict_line(verdict))
    if game.adjustments:  # counted in the totals above; each said here with its note
        left.append(Spacer(0, 3 * mm))
        left.append(Paragraph("Adjustments (in the totals)", HEADING))
        for said in adjustment_lines(game):
            left.append(Paragraph(escape(clean(said)), _style("adjustment", 8.5, leading=11)))
    changes = game.roster_lines() if hasattr(game, "roster_lines") else []
    if changes:  # who joined late, left or sat out (rules.roster), hand by hand
        left.append(Spacer(0, 3 * mm))
        left.append(Paragraph("Who played", HEADING))
        for said in changes:
            left.append(Paragraph(escape(clean(said)), _style("table-change", 8.5, leading=11)))
    bent = game.against_hook_line() if hasattr(game, "against_hook_line") else None
    if bent:
        left.append(Spacer(0, 3 * mm))
        left.append(Paragraph(escape(bent), _style("against-hook", 8.5, leading=11)))
    left.extend(after_standings)

    right: list[Flowable] = [Paragraph(f"Rules: {escape(clean(rules.display_name))}", HEADING)]
    for line in rules.rule_lines():
        right.append(Paragraph(escape(clean(line)), _style("rule", 8, leading=10.5, leftIndent=8, bulletIndent=0),
                               bulletText="•"))
    for said in game.rule_change_lines() if hasattr(game, "rule_change_lines") else []:  # changed mid-game
        right.append(Paragraph(escape(clean(said)), _style("rule-change", 8, leading=10.5, leftIndent=8)))
    note = rules.cap_note(len(game.players)) if hasattr(rules, "cap_note") else None
    if note:
        right.append(Paragraph(escape(clean(note)), _style("note", 8, colour=MUTED, leading=10.5, leftIndent=8)))
    return Table([[left, right]], colWidths=[WIDTH * 0.48, WIDTH * 0.52], hAlign="LEFT",
                 style=[("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                        ("RIGHTPADDING", (0, 0), (0, -1), 8 * mm), ("LINEBEFORE", (1, 0), (1, -1), 0.6, RULE),
                        ("LEFTPADDING", (1, 0), (1, -1), 6 * mm)])


def verdict_line(verdict: Outcome) -> Paragraph:
    """'Winner: Ann: 120 points, with the winner's bonus of 10.', who leads a game in play, or that a
    game ended early has no winner (and who was ahead when it stopped)."""
    def names(seats) -> str:
        return " and ".join(escape(clean(name)) for name in verdict.names(seats))

    best = verdict.final_scores[verdict.leaders[0]]
    if verdict.winners:
        tie = " (tied)" if len(verdict.winners) > 1 else ""
        bonus = verdict.bonus[verdict.winners[0]]
        extra = f", with the winner's bonus of {bonus}" if bonus else ""
        return Paragraph(f"<b>Winner{'s' if len(verdict.winners) > 1 else ''}: {names(verdict.winners)}</b>{tie}: "
                         f"{number_text(best)} points{extra}.", _style("winner", 10, leading=13))
    if verdict.ended_early:
        return Paragraph(f"No winner: the game ended early. Ahead when the table stopped: {names(verdict.leaders)} "
                         f"with {number_text(best)} points.", TEXT)
    return Paragraph(f"Leading: <b>{names(verdict.leaders)}</b> with {number_text(best)} points.", TEXT)
