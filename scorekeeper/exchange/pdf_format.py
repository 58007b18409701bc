"""PDF: the printable score card, one or more landscape pages per game.

Every card has the same make: the title (the rules, when, where the game stands, the players), the
kind's grid of hands or rounds by players (found through exchange.kinds), its legend, then the standings with the
one verdict (rules.outcome: winners, bonus, or that the game ended early) and the rules the table
played. The shared drawing parts are in pdf_card.py.
"""
from __future__ import annotations

import io
from datetime import datetime, timezone
from typing import Iterable
from xml.sax.saxutils import escape

from reportlab.lib.units import mm
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageBreak, PageTemplate, Paragraph

from scorekeeper.i18n import _
from scorekeeper.rules import outcome
from scorekeeper.storage.records import GameRecord

from .common import StoredGames
from .pdf_card import (FRAME_HEIGHT, MARGIN, MUTED, PAGE, WIDTH, _date, _fonts, _local, _style, draw_text,
                       grids_and_summary, player_groups, summary_block, title_block)
from .kinds import pdf_card


def render_pdf(records: Iterable[GameRecord], games: StoredGames | None = None, compress: bool = True,
               printed_at: datetime | None = None) -> bytes:
    """The score cards of these games, each starting on a new page."""
    _fonts()
    games = games or StoredGames()
    printed_at = printed_at or datetime.now(timezone.utc)
    out = io.BytesIO()
    footer = {"label": ""}
    doc = BaseDocTemplate(
        out, pagesize=PAGE, leftMargin=MARGIN, rightMargin=MARGIN, topMargin=MARGIN, bottomMargin=MARGIN,
        title=_("Scorekeeper score cards"), author="Scorekeeper", creator="Scorekeeper", pageCompression=compress,
    )

    def draw_footer(canvas, document) -> None:
        canvas.saveState()
        canvas.setFillColor(MUTED)
        draw_text(canvas, MARGIN, MARGIN - 2 * mm, footer["label"], size=7.5)
        # Translators: the printed card's footer, at the bottom right of every page.
        draw_text(canvas, PAGE[0] - MARGIN, MARGIN - 2 * mm,
                  _("Scorekeeper · printed {date} · page {page}", date=_date(_local(printed_at), long=False),
                    page=document.page), size=7.5, right=True)
        canvas.restoreState()

    frame = Frame(MARGIN, MARGIN + 4 * mm, WIDTH, FRAME_HEIGHT, id="card",
                  leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
    doc.addPageTemplates([PageTemplate(id="card", frames=[frame], onPageEnd=draw_footer)])

    story: list[Flowable] = []
    for record, game in games(records):
        if story:
            story.append(PageBreak())
        # Translators: the printed card's footer, at the bottom left: the rules' name, the day, the game's id.
        label = _("{rules} · {date} · game {id}", rules=game.rules.display_name,
                  date=_date(_local(record.started_at), long=False), id=record.id)
        story.append(_FooterLabel(footer, label))
        story.extend(score_card(record, game))
    if not story:
        story.append(Paragraph(escape(_("No games to print.")), _style("empty", 14)))
    doc.build(story)
    return out.getvalue()


class _FooterLabel(Flowable):
    """Zero-size marker: pages from here on are footed with this game's name and id."""

    def __init__(self, footer: dict, label: str) -> None:
        super().__init__()
        self.footer, self.label = footer, label

    def wrap(self, *_):
        return 0, 0

    def draw(self) -> None:
        self.footer["label"] = self.label


def score_card(record: GameRecord, game) -> list[Flowable]:
    """The whole card of one game: title, grid (split over pages for many players), legend, summary."""
    verdict = outcome(game, record.status)
    card = pdf_card(game.kind)(game, verdict)
    story = title_block(record, game, verdict)
    summary = summary_block(game, verdict, card.after_standings)
    return grids_and_summary(story, game, player_groups(len(game.players)), card.legend, summary,
                             max(1, card.rows), card.fixed, card.grid)
