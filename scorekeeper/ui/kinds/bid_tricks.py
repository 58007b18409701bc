"""The bid-and-tricks family in the app (OH, MY HECK!, Oh Heck, Oh Pshaw, Wizard, a table's own rules):
its presets, the house rules a table may change behind the switch, its hand entry
(viewmodels/hand_entry.py, drawn by hand_drawing.py) and its score card (hand_card.py)."""
from __future__ import annotations

from scorekeeper.rules import oh_heck
from scorekeeper.rules.common import share_text

from ..viewmodels.hand_entry import HandEntry
from .base import KindUI, Option


class BidTricksUI(KindUI):
    kind = oh_heck.KIND
    title = "Oh Heck family"
    presets = oh_heck.PRESETS
    offered = tuple(oh_heck.PRESETS)
    options = (
        Option("shape", "Hand sequence", "choice", tuple(oh_heck.SHAPE_NAMES.items())),
        Option("peak", "Largest hand (cards)", "optional-int", blank="all the deck allows"),
        Option("max_hands", "At most this many hands", "optional-int", blank="no limit"),
        Option("bids_at_once", "Bids shown all at once", "bool"),
        Option("hook", "Dealer's hook", "bool"),
        Option("trump_turn_up", "Trump turned up", "bool"),
        Option("made_base", "Bid made: points", "int"),
        Option("made_per_trick", "Bid made: points per trick", "int"),
        Option("zero_bid", "Bid of zero made: points", "optional-int", blank="as any bid made"),
        Option("zero_bid_adds_cards", "Zero made: + cards dealt", "bool"),
        Option("missed_per_trick_off", "Bid missed: minus per trick off", "int"),
        Option("missed_per_trick_taken", "Bid missed: plus per trick taken", "int"),
        Option("winner_bonus", "Winner's bonus", "int"),
        Option("settlement", "Settle up at the end", "bool"),
        Option("blind_one_card", "One-card hand played blind", "bool"),
        Option("deck_size", "Cards in the deck", "int"),
    )
    house_rules = True
    head_word = "Hand"
    entry = HandEntry

    def draw_entry(self, screen, entry, drawn, *, title_in_bar):
        from .hand_drawing import hand_entry

        return hand_entry(screen, entry, drawn)  # its header always names the hand

    def draw_card(self, screen, width):
        from .hand_card import build_score_card

        return build_score_card(screen, width)

    def stats_headline(self, counters):
        lines = []
        played, made = counters.get("hands_played", 0), counters.get("hands_made", 0)
        if played:
            lines.append(f"Bids made: {share_text(made, played)}")
        if counters.get("zero_bids_made"):
            lines.append(f"Zero bids made: {counters['zero_bids_made']}")
        return lines
