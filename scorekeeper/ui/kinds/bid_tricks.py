"""The bid-and-tricks family in the app (OH, MY HECK!, Oh Heck, Oh Pshaw, Wizard, a table's own rules):
its presets, the house rules a table may change behind the switch, its hand entry
(viewmodels/hand_entry.py) and its score card rows (every hand of the sequence)."""
from __future__ import annotations

from typing import Any

from scorekeeper.i18n import N_, _, _n, _p
from scorekeeper.rules import balance_text, oh_heck, signed
from scorekeeper.rules.sheet import SheetRow, score_sheet

from ..viewmodels.hand_entry import HandEntry
from ..viewmodels.texts import away_key, card_text
from .base import CardCell, CardRow, KindUI, Option, Shown, TableStep, away_cell


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
    deals_hands = True

    def has_settlement(self, game: Any) -> bool:
        return bool(game.rules.settlement)

    def table_step(self, game: Any, current: int, draft: Any) -> TableStep:
        """The hand's cards, dealer and trump, and each player's bid and tricks as they are tapped in."""
        entry = HandEntry(game, current)
        entry.restore(draft)
        hand = entry.hand
        headline = " · ".join((_("Hand {number} of {hands}", number=hand.number, hands=len(game.hands)),
                               _n("{count} card", "{count} cards", hand.cards),
                               _("{dealer} deals", dealer=game.players[hand.dealer])))
        # Translators: the trump of the hand on the table display: "Trump Hearts"
        details = [_("Trump {trump}", trump=hand.trump_text) if hand.trump_label else ""]
        if all(entry.bids[seat] is not None for seat in entry.order):
            details.append(balance_text(entry.bids, hand.cards))
        return TableStep(headline, " · ".join(part for part in details if part),
                         {seat: _now_text(entry, seat) for seat in range(len(game.players))},
                         dealer=hand.dealer, sizes=tuple(h.cards for h in game.hands))

    # ----- the score card: every hand of the sequence, those to come too -----

    def card_rows(self, game: Any, current: int | None) -> list[CardRow]:
        return [_card_row(game, row, current) for row in score_sheet(game)]

    def card_head(self, game: Any) -> str:
        # Translators: the heading of the score card's first column: each row's cards dealt (and who dealt)
        return _p("a score card column", "Cards")

    def detail(self, game: Any, seat: int) -> str:
        """Bids made of the hands played (a hand sat out is not one played)."""
        # Translators: how many of a player's bids were made: "3 of 5 made"
        return _("{made} of {played} made", made=game.made_counts()[seat], played=game.stats()[seat]["hands_played"])

    def progress_extra(self, game: Any) -> str:
        return ""

    def card_lines(self, game: Any) -> list[str]:
        bent = game.against_hook_line()
        return [bent] if bent else []

    def legend(self, game: Any) -> str:
        return _("Each cell: bid / tricks taken, the points, and the running total below. Green: made. Red: missed.")

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


def _hand_label(game: Any, hand: Any) -> str:
    dealer = game.players[hand.dealer]
    if hand.against_hook:
        return _n("Hand {number}: {count} card, {dealer} deals, recorded against the dealer's hook",
                  "Hand {number}: {count} cards, {dealer} deals, recorded against the dealer's hook",
                  hand.cards, number=hand.number, dealer=dealer)
    return _n("Hand {number}: {count} card, {dealer} deals", "Hand {number}: {count} cards, {dealer} deals",
              hand.cards, number=hand.number, dealer=dealer)


def _card_row(game: Any, row: SheetRow, current: int | None) -> CardRow:
    """A hand of the card, played or to come: the cards dealt and the dealer, then a cell per player."""
    hand = row.step
    return CardRow(row.index, str(hand.cards), game.players[hand.dealer], _hand_label(game, hand),
                   tuple(_cell(game, row, seat, name) for seat, name in enumerate(game.players)),
                   current=row.index == current, ringed=hand.against_hook, head_taps=False)


def _cell(game: Any, row: SheetRow, seat: int, name: str) -> CardCell:
    """A player in a hand: bid / tricks, the points (a bonus and the table's adjustment noted), the total."""
    hand, index = row.step, row.index
    total = row.totals[seat] if row.played else None
    if seat in hand.absent:
        return away_cell(game, index, seat, name, total)
    bid = hand.bids[seat] if hand.bids is not None else None
    took = hand.tricks[seat] if hand.tricks is not None else None
    said = {"number": hand.number, "name": name, "bid": bid, "took": took}
    if bid is None:
        return CardCell(seat, "", "", None, _("Hand {number}, {name}: no bid yet", **said), played=False,
                        tappable=False)
    if took is None:
        # Translators: a score card cell of a hand under way: the player's bid, the tricks still to come
        return CardCell(seat, _("bid {bid}", bid=bid), "", None, _("Hand {number}, {name}: bid {bid}", **said),
                        played=False)
    points = row.points[seat]
    extra = game.extra(index)
    adjusted = extra[seat] if extra is not None and extra[seat] else None
    bonus = game.bonus_of(hand, seat)
    if adjusted:
        label = _("Hand {number}, {name}: bid {bid} took {took}, {points}, adjusted {adjusted}, total {total}", **said,
                  points=signed(points), adjusted=signed(adjusted), total=card_text(total))
    elif bonus:
        label = _("Hand {number}, {name}: bid {bid} took {took}, {points} with a bonus of {bonus}, total {total}",
                  **said, points=signed(points), bonus=signed(bonus), total=card_text(total))
    else:
        label = _("Hand {number}, {name}: bid {bid} took {took}, {points}, total {total}", **said,
                  points=signed(points), total=card_text(total))
    # The bonus in the points, and what the table added here (listed under the card), in a small line.
    notes = []
    if bonus:
        # Translators: under a score card cell's points, the part of them bonuses earned: "bonus +10"
        notes.append(_("bonus {points}", points=signed(bonus)))
    if adjusted:
        # Translators: short for "adjusted", above the points the table added or took off at this hand: "adj. +10"
        notes.append(_("adj. {points}", points=signed(adjusted)))
    return CardCell(seat, f"{bid}/{took}", card_text(total), "good" if bid == took else "bad", label,
                    points=signed(points), note=" ".join(notes))


def _now_text(entry: HandEntry, seat: int) -> str:
    if seat in entry.hand.absent:
        return _("sits out") if away_key(entry.game, entry.index, seat, True) == "sat out" else ""
    bid, took = entry.bids[seat], entry.entered_tricks()[seat]
    if bid is None:
        # Translators: on the table display, beside a player who has still to bid this hand
        return _("to bid")
    return _("bid {bid}", bid=bid) if took is None else _("bid {bid} · took {took}", bid=bid, took=took)
