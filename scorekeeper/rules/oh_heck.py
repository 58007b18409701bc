"""The bid-and-tricks family: OH, MY HECK!, Oh Heck, Oh Pshaw, Wizard and a table's own variants.

Pure game logic: a `Rules` value says how a table plays, a `Game` holds one game's entries and
answers every question the score card asks (points, totals, standings, settlement). Nothing here
knows about screens, files or databases.
"""
from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from enum import Enum
from functools import lru_cache
from itertools import repeat
from typing import Any, Mapping, Sequence

from scorekeeper.i18n import _, _n, number

from .common import (InvalidEntry, Standing, check_player_names, check_whole_number, excerpt, leaders, shown_name,
                     signed, standings)
from .adjustments import ADJUST, Adjustable
from .player_record import SeatBids, bid_record_of
from .roster import JOIN, LEAVE, SIT_OUT, Roster
from .scoring_change import RULES, ScoringChange
from .settlement import Payment, Settlement, settle  # noqa: F401 (Payment: oh_heck.Payment stays where callers find it)
# The family's rules live in oh_heck_rules.py; oh_heck.Rules, oh_heck.PRESETS, ... stay where callers find them.
from .oh_heck_rules import (COLOURS, KIND, MAX_DECK_SIZE, MAX_DECKS, MAX_HANDS, MAX_PLAYERS, NO_TRUMP, OPTION_WORDS,
                            PRESETS, SCORING, SCORING_POINTS, SCORING_WORDS,
                            SHAPE_NAMES, SHAPES, SUITS, Rules, shown_trump)


class Balance(str, Enum):
    OVER = "over"
    UNDER = "under"
    EVEN = "even"


def bid_balance(bids: Sequence[int | None], cards: int) -> Balance:
    """How the bids compare with the tricks in play (Oh Pshaw's announcement)."""
    total = sum(bid for bid in bids if bid is not None)
    return Balance.OVER if total > cards else Balance.UNDER if total < cards else Balance.EVEN


def balance_text(bids: Sequence[int | None], cards: int) -> str:
    """'Bids total 3 for 5 tricks: under by 2', for the line above the bid chips (in the reader's language)."""
    total = sum(bid for bid in bids if bid is not None)
    balance = bid_balance(bids, cards)
    if balance is Balance.EVEN:
        return _n("Bids total {total} for {count} trick: even", "Bids total {total} for {count} tricks: even", cards,
                  total=total)
    if balance is Balance.OVER:
        return _n("Bids total {total} for {count} trick: over by {by}",
                  "Bids total {total} for {count} tricks: over by {by}", cards, total=total, by=total - cards)
    return _n("Bids total {total} for {count} trick: under by {by}",
              "Bids total {total} for {count} tricks: under by {by}", cards, total=total, by=cards - total)


def balance_word(bids: Sequence[int | None], cards: int) -> str:
    """'even', 'under by 2', 'over by 1': how the bids stand against the tricks (in the reader's language)."""
    total = sum(bid for bid in bids if bid is not None)
    balance = bid_balance(bids, cards)
    if balance is Balance.EVEN:
        # Translators: the bids add up to the tricks in play.
        return _("even")
    if balance is Balance.OVER:
        return _("over by {by}", by=total - cards)
    return _("under by {by}", by=cards - total)


@dataclass
class Hand:
    """One hand of a game: what is dealt and by whom, and what was entered."""

    number: int  # 1-based, as the score card shows it
    cards: int
    dealer: int  # seat index
    bidding_order: tuple[int, ...]  # empty when bids are shown at once
    leader: int  # seat that leads the first trick
    no_trump: bool
    blind: bool  # the one-card hand of OH, MY HECK!
    hook: bool  # the dealer's hook applies to this hand
    bids: tuple[int, ...] | None = None
    tricks: tuple[int, ...] | None = None
    points: tuple[int, ...] | None = None
    trump: str | None = None  # as recorded by the score keeper; None when not recorded
    against_hook: bool = False  # the dealer's bid is the one the hook forbids: recorded anyway, marked
    # Seats not in this hand (not arrived yet, gone, sitting it out: rules.roster): None in bids and
    # tricks, 0 points.
    absent: frozenset[int] = frozenset()

    @property
    def played(self) -> bool:
        return self.tricks is not None

    @property
    def bid_total(self) -> int | None:
        return None if self.bids is None else sum(bid for bid in self.bids if bid is not None)

    @property
    def balance(self) -> Balance | None:
        return None if self.bids is None else bid_balance(self.bids, self.cards)

    @property
    def made(self) -> tuple[bool, ...] | None:
        if self.bids is None or self.tricks is None:
            return None
        return tuple(None if bid is None else bid == took for bid, took in zip(self.bids, self.tricks))

    @property
    def trump_label(self) -> str:
        """The trump as recorded (the English data exports write): empty when not recorded; `trump_text`
        shows it."""
        return NO_TRUMP if self.no_trump else (self.trump or "")

    @property
    def trump_text(self) -> str:
        """What the score card shows in the trump column, in the reader's language: empty when not recorded."""
        label = self.trump_label
        return shown_trump(label) if label else ""


@lru_cache(maxsize=64)
def _deals(rules: Rules, count: int, first_dealer: int) -> tuple[tuple, ...]:
    """Each hand as dealt (Hand's fields before any entry), worked out once per rules, table size and
    first dealer: exports and imports rebuild thousands of games of a few presets."""
    return tuple(_deal(rules, count, first_dealer, index, cards) for index, cards in enumerate(rules.hand_sizes(count)))


def _deal(rules: Rules, count: int, first_dealer: int, index: int, cards: int) -> tuple:
    """Hand `index` of `cards` cards as dealt: the deal passes to the next seat each hand."""
    dealer = (first_dealer + index) % count
    left_of_dealer = (dealer + 1) % count
    return (
        index + 1,  # number
        cards,
        dealer,
        () if rules.bids_at_once else tuple((left_of_dealer + k) % count for k in range(count)),  # bidding order
        left_of_dealer,  # leader
        rules.is_no_trump(count, cards),
        rules.blind_one_card and cards == 1,  # blind
        rules.hook_applies(cards),  # hook
    )


class Game(Roster, ScoringChange, Adjustable):
    """One game of the bid-and-tricks family.

    `hands[i]` says what is dealt; `set_bids` and `set_tricks` record a hand (again, for a correction);
    everything on the score card is derived from those entries and the rules."""

    kind = KIND
    unit = "hand"
    open_ended = False  # the hand sequence ends it
    SCORING = SCORING
    SCORING_WORDS = SCORING_WORDS
    hand_class: type[Hand] = Hand  # what a hand holds (a kind of the family may hold more: Skull King's bonuses)

    def __init__(self, players: Sequence[str], rules: Rules, first_dealer: int = 0):
        self.rules = rules
        self._init_scoring_change(rules)
        self.players = check_player_names(players)
        count = len(self.players)
        rules.check_players(count)
        if type(first_dealer) is not int:
            check_whole_number(first_dealer, _("The first dealer"))
        if not 0 <= first_dealer < count:
            raise InvalidEntry(_("The first dealer must be one of the {count} seats.", count=count))
        self.first_dealer = first_dealer
        self.setup = {"first_dealer": first_dealer}  # what rebuilds this game with its players and rules
        self._unplayed = 0  # every hand before this one is played (tricks, once in, are only ever corrected)
        self.hands: list[Hand] = [self.hand_class(*deal) for deal in _deals(rules, count, first_dealer)]
        self._init_adjustments()
        self._init_roster(count)  # who is at the table: the deal passes along their order

    # ----- where the game stands -----

    @property
    def steps(self) -> Sequence[Hand]:
        """The score sheet's rows (rules.sheet): every hand of the game, played or to come."""
        return self.hands

    @property
    def current(self) -> int | None:
        """Index of the first hand not yet played, or None when every hand is played."""
        # From the last answer on, not from hand 1: replaying a game asks before every entry.
        index, hands = self._unplayed, self.hands
        while index < len(hands) and hands[index].tricks is not None:
            index += 1
        self._unplayed = index
        return index if index < len(hands) else None

    @property
    def is_over(self) -> bool:
        return self.current is None

    @property
    def phase(self) -> str:
        """'bids', 'tricks' or 'over': what the score keeper enters next."""
        current = self.current
        if current is None:
            return "over"
        return "tricks" if self.hands[current].bids is not None else "bids"

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """Each seat scores on its own."""
        return tuple((seat,) for seat in range(len(self.players)))

    def totals(self) -> list[int]:
        """Running totals in seat order, over the hands played so far."""
        curve = self.running_totals()  # (played hands come first: tricks, once in, are only ever corrected)
        return curve[-1] if curve else [0] * len(self.players)

    def running_totals(self) -> list[list[int]]:
        """The totals after each played hand (the score curve)."""
        totals = [0] * len(self.players)
        curve = []
        adjusted = self.adjusted if self._extra else lambda points, _index: points  # (the common case: none)
        starts = self._starts  # (a late arrival's start, worked out from the totals before their first hand)
        for index, hand in enumerate(self.hands):
            if hand.points is None:
                break
            totals = [total + points for total, points in zip(totals, adjusted(hand.points, index))]
            if index in starts:
                totals = self._started(totals, index)
            curve.append(totals)
        return curve

    def standings(self) -> list[Standing]:
        return standings(self.players, self.final_scores() if self.is_over else self.totals())

    def winners(self) -> list[int]:
        return leaders(self.totals())

    def final_scores(self) -> list[int]:
        """Totals with the winner's bonus (every tied winner gets it)."""
        totals = self.totals()
        for seat in leaders(totals):
            totals[seat] += self.rules.winner_bonus
        return totals

    def against_hook_line(self) -> str | None:
        """'Recorded against the dealer's hook: hands 3, 7' (the hands the table played with the dealer's
        forbidden bid, recorded so), or None."""
        bent = [str(hand.number) for hand in self.hands if hand.against_hook]
        if not bent:
            return None
        # Translators: {numbers} lists the hands' numbers: "3" or "3, 7".
        return _n("Recorded against the dealer's hook: hand {numbers}", "Recorded against the dealer's hook: hands {numbers}",
                  len(bent), numbers=", ".join(bent))

    def made_counts(self) -> list[int]:
        counts = [0] * len(self.players)
        for hand in self.hands:
            for seat, made in enumerate(hand.made or ()):
                counts[seat] += bool(made)
        return counts

    highest_wins = True

    def progress(self) -> tuple[int, int | None]:
        """(hands played, hands in the game)."""
        return sum(hand.played for hand in self.hands), len(self.hands)

    def stats(self) -> list[dict[str, int]]:
        """Per seat, the counters player statistics add up across games."""
        rows = [{"hands_played": 0, "hands_made": 0, "zero_bids_made": 0} for _seat in self.players]
        for hand in self.hands:
            if not hand.played:
                continue
            for seat, row in enumerate(rows):
                if seat in hand.absent:  # a hand sat out is not a hand played
                    continue
                made = hand.bids[seat] == hand.tricks[seat]
                row["hands_played"] += 1
                row["hands_made"] += made
                row["zero_bids_made"] += made and hand.bids[seat] == 0
        return rows

    def bid_records(self) -> list[SeatBids]:
        """Per seat, how the bids of this game went: the player page's figures (player_record)."""
        played = [hand for hand in self.hands if hand.played]
        return [bid_record_of([hand for hand in played if seat not in hand.absent], seat, self.rules.forbidden_bid)
                for seat in range(len(self.players))]

    def kind_awards(self) -> list["Award"]:
        """The family's awards (docs/awards.md): the exact bidder (most bids made) and the boldest zero
        (a zero bid made in the largest hand anyone made one), each shared when tied."""
        from .awards import Award  # (awards reads any kind; this module only lends it the family's two)

        found = []
        made = self.made_counts()
        if max(made, default=0) > 0:
            best = max(made)
            seats = tuple(seat for seat, count in enumerate(made) if count == best)
            rows = self.stats()
            played = {rows[seat]["hands_played"] for seat in seats}  # (a hand sat out is not one bid)
            found.append(Award("exact-bidder", _("Exact bidder of the night"), seats,
                               _n("made {made} of {count} bid", "made {made} of {count} bids", played.pop(), made=best)
                               if len(played) == 1 else _n("made {count} bid", "made {count} bids", best)))
        zeros = [(hand.cards, hand.number, seat) for hand in self.hands if hand.played
                 for seat in range(len(self.players)) if hand.bids[seat] == 0 and hand.tricks[seat] == 0]
        if zeros:
            cards = max(z[0] for z in zeros)
            first = min(number for c, number, _seat in zeros if c == cards)
            seats = tuple(dict.fromkeys(seat for c, number, seat in zeros if c == cards and number == first))
            found.append(Award("boldest-zero", _("Boldest zero"), seats,
                               _n("bid 0 and took none with {count} card in hand {number}",
                                  "bid 0 and took none with {count} cards in hand {number}", cards, number=first)))
        return found

    def settlement(self, stake: Decimal | int | float | str = 1) -> Settlement:
        """Oh Pshaw's settlement of the final scores at `stake` per point (rules.settlement)."""
        return settle(self.final_scores(), stake)

    # ----- entries -----

    def _hand(self, index: int) -> Hand:
        hands = self.hands
        if type(index) is int and 0 <= index < len(hands):  # the common case first: replay asks for every entry
            return hands[index]
        check_whole_number(index, _("The hand number"))
        if not 0 <= index < len(self.hands):
            raise InvalidEntry(_n("There is no hand {number}: this game has {count} hand.",
                                  "There is no hand {number}: this game has {count} hands.", len(self.hands),
                                  number=index + 1))
        return self.hands[index]

    def _check_reachable(self, index: int) -> Hand:
        hand = self._hand(index)
        current = self.current
        if current is not None and index > current:
            raise InvalidEntry(_("Hand {number} is not up yet: finish hand {current} first.", number=index + 1,
                                 current=current + 1))
        return hand

    def _check_counts(self, values: Sequence[int], hand: Hand, what: str) -> tuple[int, ...]:
        """One whole number from 0 to the cards dealt per player; `what` is "bids" or "tricks"."""
        if type(values) is not list and type(values) is not tuple and (
                isinstance(values, (str, bytes)) or not isinstance(values, Sequence)):
            raise InvalidEntry(_("The bids must be a list with one number per player.") if what == "bids"
                               else _("The tricks must be a list with one number per player."))
        if len(values) != len(self.players):
            counts = {"number": hand.number, "count": len(self.players), "got": len(values)}
            raise InvalidEntry(_("Hand {number} needs bids for all {count} players; got {got}.", **counts)
                               if what == "bids" else
                               _("Hand {number} needs tricks for all {count} players; got {got}.", **counts))
        cards, absent = hand.cards, hand.absent
        for seat, value in enumerate(values):
            if type(value) is int and 0 <= value <= cards and (not absent or seat not in absent):  # the common case
                continue
            name = self.players[seat]
            bids = what == "bids"
            values_of = {"name": name, "number": hand.number}
            if seat in absent:
                if value is None:
                    continue
                why = self.absence(hand.number - 1, seat)
                raise InvalidEntry(_("{name} is not in hand {number} ({why}): leave their bid empty.", why=why, **values_of)
                                   if bids else
                                   _("{name} is not in hand {number} ({why}): leave their tricks empty.", why=why,
                                     **values_of))
            if value is None:
                raise InvalidEntry(_("{name} plays hand {number}: enter a bid for {name}.", **values_of) if bids
                                   else _("{name} plays hand {number}: enter the tricks for {name}.", **values_of))
            if type(value) is not int:
                check_whole_number(value, _("{name}'s bid", name=name) if bids else _("{name}'s tricks", name=name))
            if value < 0:
                raise InvalidEntry(_("{name}'s bid can't be below 0.", name=name) if bids
                                   else _("{name}'s tricks can't be below 0.", name=name))
            if value > hand.cards and bids:
                raise InvalidEntry(_n(
                    "{name}'s bid of {value} is more than the {count} card dealt in hand {number}: bid 0 to {count}.",
                    "{name}'s bid of {value} is more than the {count} cards dealt in hand {number}: bid 0 to {count}.",
                    hand.cards, value=excerpt(value), **values_of))
            if value > hand.cards:
                raise InvalidEntry(_n(
                    "{name} can't have taken {value} tricks: hand {number} had only {count} trick. Enter 0 to {count}.",
                    "{name} can't have taken {value} tricks: hand {number} had only {count} tricks. Enter 0 to {count}.",
                    hand.cards, value=excerpt(value), **values_of))
        return tuple(values)

    def forbidden_bid(self, index: int, bids: Sequence[int | None] | None = None) -> int | None:
        """The dealer's forbidden bid in hand `index`, given the others' bids (those recorded when
        `bids` is not given). None when the dealer is free or the others have not all bid."""
        hand = self._hand(index)
        bids = hand.bids if bids is None else bids
        if bids is None:
            return None
        others = [bid for seat, bid in enumerate(bids) if seat != hand.dealer and seat not in hand.absent]
        if any(bid is None for bid in others):
            return None
        return self.rules.forbidden_bid(hand.cards, others)

    def set_bids(self, index: int, bids: Sequence[int], against_hook: bool = False) -> None:
        """Record (or correct) the bids of a hand, in seat order. `against_hook`: the table played the
        hand with the dealer's forbidden bid and records it so, marked (it must be the forbidden bid)."""
        hand = self._check_reachable(index)
        bids = self._check_counts(bids, hand, "bids")
        # forbidden_bid(index, bids) without asking again for the hand and bids just checked
        others = bids[:hand.dealer] + bids[hand.dealer + 1:]
        forbidden = self.rules.forbidden_bid(
            hand.cards, [bid for bid in others if bid is not None] if hand.absent else others) if hand.hook else None
        breaks_hook = forbidden is not None and bids[hand.dealer] == forbidden
        if against_hook is not False:
            if against_hook is not True:
                raise InvalidEntry(_("{name} must be true or false, not {value}.", name="against_hook",
                                     value=excerpt(against_hook)))
            if not breaks_hook:
                raise InvalidEntry(_("These bids of hand {number} don't go against the dealer's hook: record them "
                                     "without the mark.", number=hand.number))
        elif breaks_hook:
            values = {"dealer": self.players[hand.dealer], "bid": forbidden, "cards": hand.cards, "number": hand.number}
            raise InvalidEntry(
                _("{dealer} deals and may not bid {bid}: the bids would add up to {cards}, the tricks in hand {number} "
                  "(the dealer's hook). {dealer} can bid {other} instead.", other=1 - forbidden, **values)
                if hand.cards == 1 else
                _("{dealer} deals and may not bid {bid}: the bids would add up to {cards}, the tricks in hand {number} "
                  "(the dealer's hook). {dealer} can bid anything else from 0 to {cards}.", **values))
        hand.bids = bids
        hand.against_hook = against_hook
        if hand.tricks is not None:
            hand.points = self._points(hand)

    def set_tricks(self, index: int, tricks: Sequence[int]) -> None:
        """Record (or correct) the tricks each player took in a hand, in seat order."""
        hand = self._check_reachable(index)
        if hand.bids is None:
            raise InvalidEntry(_("Enter the bids of hand {number} before its tricks.", number=hand.number))
        tricks = self._check_counts(tricks, hand, "tricks")
        total = sum(took for took in tricks if took is not None) if hand.absent else sum(tricks)
        if total != hand.cards:
            gap = hand.cards - total
            fix = (_n("{count} trick still to assign", "{count} tricks still to assign", gap) if gap > 0
                   else _n("{count} trick too many", "{count} tricks too many", -gap))
            # Translators: {fix} is "2 tricks still to assign" or "1 trick too many".
            raise InvalidEntry(_n("The tricks add up to {total}, but hand {number} had {count} trick: {fix}.",
                                  "The tricks add up to {total}, but hand {number} had {count} tricks: {fix}.",
                                  hand.cards, total=total, number=hand.number, fix=fix))
        hand.tricks = tricks
        hand.points = self._points(hand)

    def set_trump(self, index: int, trump: str | None) -> None:
        """Record the trump turned up (optional; None clears it)."""
        hand = self._hand(index)
        if trump is not None and hand.no_trump:
            raise InvalidEntry(_("Hand {number} is played without trump: the deal uses the whole deck.",
                                 number=hand.number))
        if trump is not None and trump not in self.rules.trump_names:
            raise InvalidEntry(_("Trump must be one of {names}, not {value}.",
                                 names=", ".join(shown_trump(name) for name in self.rules.trump_names),
                                 value=excerpt(trump)))
        self._check_reachable(index)
        hand.trump = trump

    def change_hands(self, start: int, sizes: Sequence[int]) -> None:
        """The table changes the hands still to come: from hand `start` on (none of them entered yet)
        the game deals `sizes`: a hand inserted, skipped or resized, the game stopped after a hand
        (none), another round after the last. The deal still passes seat by seat; the deck caps a hand."""
        if type(start) is not int:
            check_whole_number(start, _("The first hand to change"))
        first_open = self.first_unentered()
        if not first_open <= start <= len(self.hands):
            raise InvalidEntry(
                _("Only hands not entered yet can change: from hand {first} on, not hand {number}.",
                  first=first_open + 1, number=start + 1)
                if start < first_open else
                _n("There is no hand {number} to change: this game has {count} hand.",
                   "There is no hand {number} to change: this game has {count} hands.", len(self.hands),
                   number=start + 1))
        if isinstance(sizes, (str, bytes)) or not isinstance(sizes, Sequence):
            raise InvalidEntry(_("The hands to come must be a list of hand sizes."))
        if start + len(sizes) > MAX_HANDS:
            raise InvalidEntry(_("A game can have at most {most} hands, not {count}.", most=MAX_HANDS,
                                 count=start + len(sizes)))
        if start + len(sizes) == 0:
            raise InvalidEntry(_("A game needs at least one hand."))
        count = len(self.seated(start))
        limit = self.rules.max_cards(count)
        for cards in sizes:
            if type(cards) is not int:
                check_whole_number(cards, _("A hand size"))
            if not 1 <= cards <= limit:
                raise InvalidEntry(_n("A hand of {value} cards can't be dealt: with {players} players the deck deals 1 "
                                      "to {count} card each.",
                                      "A hand of {value} cards can't be dealt: with {players} players the deck deals 1 "
                                      "to {count} cards each.", limit, value=excerpt(cards), players=count))
        self._redeal(start, sizes)
        for index in [index for index in self.sat_out if index >= len(self.hands)]:
            del self.sat_out[index]  # (a sit-out for a hand the table no longer plays says nothing)

    def first_unentered(self) -> int:
        """The first hand nothing is entered in yet (no bids, tricks or trump): hands from here on may change."""
        return next((index for index, hand in enumerate(self.hands)
                     if hand.bids is None and hand.tricks is None and hand.trump is None), len(self.hands))

    def _redeal(self, start: int, sizes: Sequence[int]) -> None:
        """Deal hands `start` on again with `sizes` cards (capped by the deck for the players in each),
        for the players at the table in each: the deal passes along the table to the next player in the
        hand, the bidding goes round from the dealer's left, the dealer bidding last."""
        rules, order = self.rules, self.order
        dealer = self.hands[start - 1].dealer if start > 0 else None
        hands = []
        for index, cards in enumerate(sizes, start):
            seated = self.seated(index)
            if dealer is None:  # the first hand: the first dealer, or the next one at the table
                at = order.index(self.first_dealer)
                dealer = next(seat for seat in order[at:] + order[:at] if seat in seated)
            else:
                at = order.index(dealer) + 1
                dealer = next(seat for seat in order[at:] + order[:at] if seat in seated)
            place = seated.index(dealer)
            bidding = tuple(seated[place + 1:] + seated[:place + 1])
            cards = min(cards, rules.max_cards(len(seated)))
            hand = self.hand_class(index + 1, cards, dealer, () if rules.bids_at_once else bidding, bidding[0],
                                   rules.is_no_trump(len(seated), cards), rules.blind_one_card and cards == 1,
                                   rules.hook_applies(cards))
            hand.absent = frozenset(range(len(self.players))) - frozenset(seated)
            hands.append(hand)
        self.hands[start:] = hands
        self._unplayed = min(self._unplayed, start)

    # ----- who is at the table (rules.roster.Roster) -----

    def most_cards(self, index: int) -> int:
        """The most cards the deck deals each of the players in hand `index`."""
        return self.rules.max_cards(len(self.seated(index)))

    def _roster_span(self) -> int:
        return len(self.hands)

    def _seat_joined(self, index: int, seat: int) -> None:
        for hand in self.hands[:index]:  # earlier hands: not there
            hand.absent = hand.absent | {seat}
            if hand.bids is not None:
                hand.bids = (*hand.bids, None)
            if hand.tricks is not None:
                hand.tricks = (*hand.tricks, None)
                hand.points = (*hand.points, 0)
            if getattr(hand, "bonuses", None) is not None:
                hand.bonuses = (*hand.bonuses, {})

    def _roster_changed(self, index: int) -> None:
        self._redeal(index, [hand.cards for hand in self.hands[index:]])

    def _value_text(self, value: Any) -> str:
        return _("the same as any made bid") if value is None else super()._value_text(value)  # (zero_bid's None)

    def _scoring_changed(self) -> None:
        for hand in self.hands:  # every hand played, scored again
            if hand.tricks is not None:
                hand.points = self._points(hand)

    def bonus_of(self, hand: Hand, seat: int) -> int:
        """The part of seat's points this hand that bonuses earned (Skull King's captures); 0 here."""
        return 0

    def _points(self, hand: Hand) -> tuple[int, ...]:
        assert hand.bids is not None and hand.tricks is not None
        score, cards = self.rules._checked_score, hand.cards  # both checked by _check_counts as entered
        if hand.absent:
            return tuple(0 if bid is None else score(bid, took, cards) for bid, took in zip(hand.bids, hand.tricks))
        return tuple(map(score, hand.bids, hand.tricks, repeat(cards)))

    # ----- one shape for every game kind: storage replays these -----

    def apply(self, action: Mapping[str, Any]) -> None:
        """Apply one recorded action: {"type": "bids"|"tricks", "hand": i, "values": [...]} (bids may
        carry "against_hook": true, see set_bids),
        {"type": "trump", "hand": i, "trump": "Hearts"|None} or an adjustment (rules.adjustments)."""
        kind = action.get("type")
        if kind == "bids":
            self.set_bids(action.get("hand"), action.get("values"), action.get("against_hook", False))
        elif kind == "tricks":
            self.set_tricks(action.get("hand"), action.get("values"))
        elif kind == "trump":
            self.set_trump(action.get("hand"), action.get("trump"))
        elif kind == ADJUST:
            self._adjust(action)
        elif kind == "hands":
            self.change_hands(action.get("from"), action.get("sizes"))
        elif kind in (JOIN, LEAVE, SIT_OUT):
            self._roster_change(action)
        elif kind == RULES:
            self.change_scoring(action.get("changes"))
        else:
            raise InvalidEntry(_("Unknown entry {entry} for {game}.", entry=excerpt(kind), game=shown_name(self.rules.name)))
        self._restart()

    def describe(self, action: Mapping[str, Any]) -> str:
        """An action in words, for undo and redo: 'bids of hand 3'."""
        index, kind = action.get("hand"), action.get("type")
        if kind == ADJUST:
            return self._describe_adjustment(action)
        if kind == RULES:
            return _("change of the scoring")
        if kind == "hands" and type(action.get("from")) is int:
            return _("change of the hands from hand {number}", number=action["from"] + 1)
        if kind in (JOIN, LEAVE, SIT_OUT):
            said = self._describe_roster(action)
            if said:
                return said
        number = index + 1 if type(index) is int else "?"
        if kind == "bids":
            return _("bids of hand {number}", number=number)
        if kind == "tricks":
            return _("tricks of hand {number}", number=number)
        if kind == "trump":
            return _("trump of hand {number}", number=number)
        return _("entry of hand {number}", number=number)
