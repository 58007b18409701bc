"""The bid-and-tricks family in the app (OH, MY HECK!, Oh Heck, Oh Pshaw, Wizard, a table's own rules):
its presets, the house rules a table may change behind the switch, its hand entry
(viewmodels/hand_entry.py, drawn by hand_drawing.py) and its score card (hand_card.py)."""
from __future__ import annotations

from scorekeeper.i18n import N_, _
from scorekeeper.rules import oh_heck

from ..viewmodels.hand_entry import HandEntry
from .base import KindUI, Option, Shown


class BidTricksUI(KindUI):
    kind = oh_heck.KIND
    title = Shown(N_("Oh Heck family"))
    presets = oh_heck.PRESETS
    offered = tuple(oh_heck.PRESETS)
    options = (
        Option("shape", N_("Hand sequence"), "choice", tuple(oh_heck.SHAPE_NAMES.items())),
        Option("peak", N_("Largest hand (cards)"), "optional-int", blank=N_("all the deck allows")),
        Option("max_hands", N_("At most this many hands"), "optional-int", blank=N_("no limit")),
        Option("bids_at_once", N_("Bids shown all at once"), "bool"),
        Option("hook", N_("Dealer's hook"), "bool"),
        Option("trump_turn_up", N_("Trump turned up"), "bool"),
        Option("made_base", N_("Bid made: points"), "int"),
        Option("made_per_trick", N_("Bid made: points per trick"), "int"),
        Option("zero_bid", N_("Bid of zero made: points"), "optional-int", blank=N_("as any bid made")),
        Option("zero_bid_adds_cards", N_("Zero made: + cards dealt"), "bool"),
        Option("missed_per_trick_off", N_("Bid missed: minus per trick off"), "int"),
        Option("missed_per_trick_taken", N_("Bid missed: plus per trick taken"), "int"),
        Option("winner_bonus", N_("Winner's bonus"), "int"),
        Option("settlement", N_("Settle up at the end"), "bool"),
        Option("blind_one_card", N_("One-card hand played blind"), "bool"),
        Option("deck_size", N_("Cards in the deck"), "int"),
    )
    house_rules = True
    # Translators: the heading of a score card's first column (the hand's number)
    head_word = Shown(N_("Hand"))
    entry = HandEntry

    def draw_card(self, screen, width):
        from .hand_card import build_score_card

        return build_score_card(screen, width)

    def stats_headline(self, counters):
        lines = []
        played, made = counters.get("hands_played", 0), counters.get("hands_made", 0)
        if played:
            # Translators: a player's statistics: "Bids made: 15 of 30 (50%)"
            lines.append(_("Bids made: {made} of {played} ({percent}%)", made=made, played=played,
                           percent=f"{made / played * 100:.0f}"))
        if counters.get("zero_bids_made"):
            lines.append(_("Zero bids made: {count}", count=counters["zero_bids_made"]))
        return lines
