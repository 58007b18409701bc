"""Skull King's PDF score card: the family's, with the bonuses each player earned."""
from __future__ import annotations

import dataclasses
from xml.sax.saxutils import escape

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Spacer

from scorekeeper.i18n import _
from scorekeeper.rules import Outcome, skull_king
from scorekeeper.rules.oh_heck import signed

from ..pdf_card import HEADING, TEXT, markup
from ..pdf_grid import Card, heading_with_note
from . import bid_tricks_card

def card(game, verdict: Outcome) -> Card:
    """Skull King's card is the family's grid (its points include the bonuses), with every bonus
    earned listed below the standings, hand by hand, so each point on the card can be explained."""
    family = bid_tricks_card.card(game, verdict)
    # Translators: a Skull King bonus on the printed card: 'hand 3: Ann +30 (captured a mermaid)'.
    earned = [_("hand {number}: {name} {points} ({bonuses})", number=hand.number, name=game.players[seat],
                points=signed(game.bonus_of(hand, seat)), bonuses=skull_king.bonus_text(hand.bonuses[seat]))
              for hand in game.hands if hand.played and hand.bonuses
              for seat in range(len(game.players)) if game.bonus_of(hand, seat)]
    heading = heading_with_note(_("Bonuses"), _("(in the points of their hand)"))
    lines: list[Flowable] = [Spacer(0, 3 * mm), Paragraph(heading, HEADING),
                             Paragraph(markup(" · ".join(earned)) if earned else escape(_("None earned yet.")), TEXT)]
    return dataclasses.replace(family, after_standings=family.after_standings + lines)
