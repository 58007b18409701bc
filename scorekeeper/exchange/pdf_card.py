"""The parts every PDF score card is made of (pdf_format.py puts them together; each kind's card
module in exchange/kinds/ draws its grid, with pdf_grid.py): the page, the font, the title, the grid's
place on the page beside the standings, and the standings with the one verdict (rules.outcome) and
the rules the table played.
"""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Callable
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import Flowable, KeepTogether, PageBreak, Paragraph, Spacer, Table

from scorekeeper import i18n
from scorekeeper.i18n import _, _n, _p
from scorekeeper.rules import Outcome
from scorekeeper.rules.adjustments import adjustment_lines
from scorekeeper.rules.common import number_text
from scorekeeper.rules.outcome import FINISHED
from scorekeeper.storage.records import GameRecord

from . import fonts
from .fonts import BOLD, REGULAR, font_files  # noqa: F401 - font_files: the recap picture draws with them

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

# The fonts (exchange/fonts.py): DejaVu Sans for most scripts, Devanagari and CJK fonts for theirs; a name
# in another script is drawn run by run, each run in the font that has its letters, right to left where it reads so.


def _fonts() -> frozenset[int]:
    """Register the card's first font once; returns the characters it can draw."""
    return fonts.primary().chars


def clean(text: object) -> str:
    """Text the first font can draw: a letter it lacks becomes '?' rather than an empty box (for the card's
    own words and markup; names go through markup, fit and Line, which draw any script)."""
    drawable = _fonts()
    return "".join(ch if ord(ch) in drawable or ch in "\n\t" else "?" for ch in str(text))


def markup(text: object, bold: bool = False) -> str:
    """`text` (plain: a name, or a sentence with names in it) as paragraph markup: escaped, each run of
    letters the first font lacks in a font that has them, right-to-left runs in reading order."""
    text = str(text)
    if fonts.simple(text):
        return escape(text)
    parts = []
    for run in fonts.runs(text):
        drawn = escape(fonts.glyphs(run, bold))
        parts.append(drawn if run.face is fonts.primary() else f'<font face="{run.face.name()}">{drawn}</font>')
    return "".join(parts)


def width_of(text: str, size: float, bold: bool = False) -> float:
    if fonts.simple(text):
        return pdfmetrics.stringWidth(text, BOLD if bold else REGULAR, size)
    return sum(pdfmetrics.stringWidth(fonts.glyphs(run, bold), fonts.font_name(run, bold), size)
               for run in fonts.runs(text))


def fit(text: str, room: float, size: float, bold: bool = False) -> "str | Line":
    """Cut a long name to the room it has, with an ellipsis: the text itself when the first font draws
    it as it is, else a Line that draws it run by run (a table cell takes either)."""
    text = str(text)
    if fonts.simple(text):
        text = clean(text)
        if width_of(text, size, bold) <= room:
            return text
        while text and width_of(text + "…", size, bold) > room:
            text = text[:-1]
        return text.rstrip() + "…"
    if width_of(text, size, bold) > room:
        while text and width_of(text + "…", size, bold) > room:
            text = text[:-1]
        text = text.rstrip() + "…"
    return Line(text, size, bold)


class Line(Flowable):
    """One line of text in any script, in a table cell: each run in its font, right-to-left runs in
    reading order, shaped. It draws in the cell's own type size, weight and colour."""

    def __init__(self, text: str, size: float, bold: bool = False) -> None:
        super().__init__()
        self.text, self.size, self.bold = text, size, bold

    def wrap(self, *_):
        self.width = width_of(self.text, self.size, self.bold)
        return self.width, self.size

    def draw(self) -> None:
        canvas = self.canv
        size = canvas._fontsize or self.size
        bold = canvas._fontname.endswith("-Bold") if canvas._fontname else self.bold
        draw_text(canvas, 0, self.size * 0.2, self.text, size=size, bold=bold)

    def __str__(self) -> str:
        return self.text


def draw_text(canvas, x: float, y: float, text: str, size: float, bold: bool = False, right: bool = False) -> None:
    """`text` on the canvas at (x, y), from x (or ending at x: `right`), in the canvas's colour."""
    if right:
        x -= width_of(text, size, bold)
    for run in fonts.runs(text):
        drawn, font = fonts.glyphs(run, bold), fonts.font_name(run, bold)
        canvas.setFont(font, size)
        canvas.drawString(x, y, drawn)
        x += pdfmetrics.stringWidth(drawn, font, size)


def _style(name: str, size: float, bold: bool = False, colour=INK, leading: float | None = None, **more) -> ParagraphStyle:
    return ParagraphStyle(name, fontName=BOLD if bold else REGULAR, fontSize=size,
                          leading=leading or size * 1.25, textColor=colour, **more)


def _date(moment: datetime, long: bool = True) -> str:
    """'Saturday, May 4, 2024' (long) or 'May 4, 2024', as the language writes it."""
    return i18n.day(moment, size="full") if long else i18n.day(moment)


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
            first, last, count = seats[0] + 1, seats[-1] + 1, len(game.players)
            caption = (_("{rules}, continued: players {first}–{last} of {count}", rules=game.rules.display_name,
                         first=first, last=last, count=count) if number
                       else _("players {first}–{last} of {count}", first=first, last=last, count=count))
            story.append(Paragraph(markup(caption, bold=True), _style("group", 9, True, MUTED)))
            story.append(Spacer(0, 1.5 * mm))
        story.append(grid(seats, row_height))
        story.append(Spacer(0, GAP_AFTER_GRID))
        story.append(legend)
    story.append(Spacer(0, GAP_AFTER_LEGEND))
    story.append(KeepTogether([summary]))
    return story


def _ended_early_after(verdict: Outcome) -> str:
    """The title's word on a game ended early: 'ended early after 6 of 15 hands' (whole messages,
    one per unit and per game with or without a set length)."""
    hands, played, total = verdict.unit == "hand", verdict.played, verdict.total
    if total is None:
        return (_n("ended early after {count} hand", "ended early after {count} hands", played) if hands
                else _n("ended early after {count} round", "ended early after {count} rounds", played))
    return (_n("ended early after {played} of {count} hand",
               "ended early after {played} of {count} hands", total, played=played) if hands
            else _n("ended early after {played} of {count} round",
                    "ended early after {played} of {count} rounds", total, played=played))


def _in_play(verdict: Outcome) -> str:
    """The title's word on a game in play: 'in play: 6 of 15 hands played'."""
    hands, played, total = verdict.unit == "hand", verdict.played, verdict.total
    if total is None:
        return (_n("in play: {count} hand played", "in play: {count} hands played", played) if hands
                else _n("in play: {count} round played", "in play: {count} rounds played", played))
    return (_n("in play: {played} of {count} hand played",
               "in play: {played} of {count} hands played", total, played=played) if hands
            else _n("in play: {played} of {count} round played",
                    "in play: {played} of {count} rounds played", total, played=played))


def _ended_early_standings(verdict: Outcome) -> str:
    """The standings' heading of a game ended early: 'Ended early: standings after 6 of 15 hands'."""
    hands, played, total = verdict.unit == "hand", verdict.played, verdict.total
    if total is None:
        return (_n("Ended early: standings after {count} hand",
                   "Ended early: standings after {count} hands", played) if hands
                else _n("Ended early: standings after {count} round",
                        "Ended early: standings after {count} rounds", played))
    return (_n("Ended early: standings after {played} of {count} hand",
               "Ended early: standings after {played} of {count} hands", total, played=played) if hands
            else _n("Ended early: standings after {played} of {count} round",
                    "Ended early: standings after {played} of {count} rounds", total, played=played))


def _standings_after(verdict: Outcome) -> str:
    """The standings' heading of a game in play: 'Standings after 6 of 15 hands'."""
    hands, played, total = verdict.unit == "hand", verdict.played, verdict.total
    if total is None:
        return (_n("Standings after {count} hand", "Standings after {count} hands", played) if hands
                else _n("Standings after {count} round", "Standings after {count} rounds", played))
    return (_n("Standings after {played} of {count} hand",
               "Standings after {played} of {count} hands", total, played=played) if hands
            else _n("Standings after {played} of {count} round",
                    "Standings after {played} of {count} rounds", total, played=played))


def title_block(record: GameRecord, game, verdict: Outcome) -> list[Flowable]:
    rules = game.rules
    started = _local(record.started_at)
    if verdict.ended_early:
        state = _ended_early_after(verdict)
    elif record.status == FINISHED:
        state = _("finished")
        if record.finished_at is not None:
            ended = _local(record.finished_at)
            state = (_("finished {time}", time=i18n.time_of_day(ended)) if ended.date() == started.date()
                     else _("finished {date}, {time}", date=_date(ended), time=i18n.time_of_day(ended)))
    elif verdict.decided:  # over by its rules, not finished by the table yet
        state = (_("over") if verdict.total is None
                 else _("every hand played") if verdict.unit == "hand" else _("every round played"))
    else:
        state = _in_play(verdict)
    names = ", ".join(game.players)
    title = Table(
        [[Paragraph(markup(rules.display_name, bold=True), _style("title", 20, True, leading=24)),
          # Translators: the kicker at the top right of the printed score card, in capitals.
          Paragraph(escape(_("SCORE CARD")), _style("kicker", 9, True, MUTED, alignment=TA_RIGHT))]],
        colWidths=[WIDTH * 0.75, WIDTH * 0.25],
        style=[("VALIGN", (0, 0), (-1, -1), "BOTTOM"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
               ("RIGHTPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 0)],
    )
    # Translators: when the game started on the score card: 'Saturday, May 4, 2024, 8:05 PM'.
    when = _("{date}, {time}", date=_date(started), time=i18n.time_of_day(started))
    players = _n("{count} player: {names}", "{count} players: {names}", len(game.players), names=names)
    line = " · ".join((when, state, players))
    return [title, Spacer(0, 1.5 * mm), Paragraph(markup(line), _style("subtitle", 9.5, colour=INK)),
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




HEADING = _style("heading", 11, True, leading=13, spaceAfter=3)
TEXT = _style("text", 8.5, leading=11)


def summary_block(game, verdict: Outcome, after_standings: list[Flowable]) -> Table:
    """Standings and the verdict on the left, then `after_standings` (the kind's own: Oh Pshaw's
    settlement); the rules the table played on the right."""
    rules = game.rules
    left: list[Flowable] = []
    if not verdict.started:
        left.append(Paragraph(escape(_("Standings")), HEADING))
        left.append(Paragraph(escape(_("No hand has been played yet.") if verdict.unit == "hand"
                                     else _("No round has been played yet.")), TEXT))
        if verdict.ended_early:
            left.append(Paragraph(escape(_("No winner: the game ended early.")), TEXT))
    elif verdict.decided:
        left.append(Paragraph(escape(_("Final standings")), HEADING))
    elif verdict.ended_early:
        left.append(Paragraph(escape(_ended_early_standings(verdict)), HEADING))
    else:
        left.append(Paragraph(escape(_standings_after(verdict)),
            HEADING))
    # Bold: the winners, or the players ahead of a game still in play; a game ended early has no winner.
    ahead = () if verdict.ended_early else verdict.winners or verdict.leaders
    if verdict.started:
        bonus = any(verdict.bonus)
        # Translators: the standings' column headers on the printed card (Final: the final score).
        rows = [["", _("Player"), _("Total")] + ([_("Bonus"), _("Final")] if bonus else [])]
        for standing in verdict.standings:
            seat = standing.seat
            row = [i18n.ordinal(standing.place), fit(standing.name, 120, 9, seat in ahead), number_text(verdict.totals[seat])]
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
        left.append(Paragraph(escape(_("Adjustments (in the totals)")), HEADING))
        for said in adjustment_lines(game):
            left.append(Paragraph(markup(said), _style("adjustment", 8.5, leading=11)))
    changes = game.roster_lines() if hasattr(game, "roster_lines") else []
    if changes:  # who joined late, left or sat out (rules.roster), hand by hand
        left.append(Spacer(0, 3 * mm))
        left.append(Paragraph(escape(_("Who played")), HEADING))
        for said in changes:
            left.append(Paragraph(markup(said), _style("table-change", 8.5, leading=11)))
    bent = game.against_hook_line() if hasattr(game, "against_hook_line") else None
    if bent:
        left.append(Spacer(0, 3 * mm))
        left.append(Paragraph(markup(bent), _style("against-hook", 8.5, leading=11)))
    left.extend(after_standings)

    right: list[Flowable] = [Paragraph(markup(_("Rules: {name}", name=rules.display_name), bold=True), HEADING)]
    for line in rules.rule_lines():
        right.append(Paragraph(markup(line), _style("rule", 8, leading=10.5, leftIndent=8, bulletIndent=0),
                               bulletText="•"))
    for said in game.rule_change_lines() if hasattr(game, "rule_change_lines") else []:  # changed mid-game
        right.append(Paragraph(markup(said), _style("rule-change", 8, leading=10.5, leftIndent=8)))
    note = rules.cap_note(len(game.players)) if hasattr(rules, "cap_note") else None
    if note:
        right.append(Paragraph(markup(note), _style("note", 8, colour=MUTED, leading=10.5, leftIndent=8)))
    return Table([[left, right]], colWidths=[WIDTH * 0.48, WIDTH * 0.52], hAlign="LEFT",
                 style=[("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                        ("RIGHTPADDING", (0, 0), (0, -1), 8 * mm), ("LINEBEFORE", (1, 0), (1, -1), 0.6, RULE),
                        ("LEFTPADDING", (1, 0), (1, -1), 6 * mm)])


def verdict_line(verdict: Outcome) -> Paragraph:
    """'Winner: Ann: 120 points, with the winner's bonus of 10.', who leads a game in play, or that a
    game ended early has no winner (and who was ahead when it stopped)."""
    def names(seats, bold: bool = False) -> str:
        return markup(i18n.listing(verdict.names(seats)), bold)

    best = verdict.final_scores[verdict.leaders[0]]
    points, count = number_text(best), abs(best)  # the plural by the points' number
    if verdict.winners:
        who = names(verdict.winners, bold=True)
        bonus = verdict.bonus[verdict.winners[0]]
        tied = len(verdict.winners) > 1
        if bonus:
            line = (_n("<b>Winners: {names}</b> (tied): {points} point, with the winner's bonus of {bonus}.",
                       "<b>Winners: {names}</b> (tied): {points} points, with the winner's bonus of {bonus}.",
                       count, names=who, points=points, bonus=bonus) if tied
                    else _n("<b>Winner: {names}</b>: {points} point, with the winner's bonus of {bonus}.",
                            "<b>Winner: {names}</b>: {points} points, with the winner's bonus of {bonus}.",
                            count, names=who, points=points, bonus=bonus))
        else:
            line = (_n("<b>Winners: {names}</b> (tied): {points} point.",
                       "<b>Winners: {names}</b> (tied): {points} points.", count, names=who, points=points) if tied
                    else _n("<b>Winner: {names}</b>: {points} point.", "<b>Winner: {names}</b>: {points} points.",
                            count, names=who, points=points))
        return Paragraph(line, _style("winner", 10, leading=13))
    if verdict.ended_early:
        return Paragraph(_n("No winner: the game ended early. Ahead when the table stopped: {names} with {points} "
                            "point.",
                            "No winner: the game ended early. Ahead when the table stopped: {names} with {points} "
                            "points.", count, names=names(verdict.leaders), points=points), TEXT)
    return Paragraph(_n("Leading: <b>{names}</b> with {points} point.", "Leading: <b>{names}</b> with {points} points.",
                        count, names=names(verdict.leaders, bold=True), points=points), TEXT)
