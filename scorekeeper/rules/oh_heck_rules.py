"""The bid-and-tricks family's rules: what a table chooses (the hands' shape, the deck, the hook, the
scoring, the trump) as one `Rules` value, its worded lines, and the named presets (OH, MY HECK!, Oh
Heck, Oh Pshaw, Wizard). rules/oh_heck.py plays a game by them."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from scorekeeper.i18n import N_, _, _n, number

from .common import CUSTOM_RULES, KindRules, InvalidEntry, check_whole_number, check_rules_words, excerpt, signed
from .adjustments import MOST_POINTS


KIND = "bid-tricks"

SHAPES = ("down-up", "up-down", "down", "up", "list")
# The hand sequences' words (English, marked N_: translate where shown, _(SHAPE_NAMES[shape])).
SHAPE_NAMES = {
    "down-up": N_("down to 1 and back up"),
    "up-down": N_("up from 1 and back down"),
    "down": N_("down to 1"),
    "up": N_("up from 1"),
    "list": N_("your own list"),
}
# Trump names are data (kept in the rules and the entries, written in exports) in English; shown_trump()
# words them in the reader's language.
SUITS = (N_("Spades"), N_("Hearts"), N_("Diamonds"), N_("Clubs"))
COLOURS = (N_("Red"), N_("Green"), N_("Blue"), N_("Black"))
NO_TRUMP = N_("No trump")
_TRUMP_WORDS = frozenset((*SUITS, *COLOURS, NO_TRUMP))


def shown_trump(name: str) -> str:
    """A trump as the reader sees it: 'Hearts' (or 'No trump') in their language; a name a table gave
    its own rules as it is."""
    return _(name) if name in _TRUMP_WORDS else name  # (the N_ names above)


MAX_DECK_SIZE, MAX_DECKS, MAX_PLAYERS, MAX_HANDS = 1000, 10, 100, 100
# What a table may change mid-game ({"type": "rules", "changes": {...}}): the scoring only, which rescores
# every hand; the deck, the hands and the hook shaped what was dealt and bid, so they stay.
SCORING = ("made_base", "made_per_trick", "zero_bid", "zero_bid_adds_cards", "missed_per_trick_off",
           "missed_per_trick_taken", "winner_bonus")
SCORING_POINTS = tuple(name for name in SCORING if name != "zero_bid_adds_cards")  # (its numbers of points)
SCORING_WORDS = {"made_base": N_("a bid made"), "made_per_trick": N_("per trick bid and made"),
                 "zero_bid": N_("a bid of zero made"), "zero_bid_adds_cards": N_("the cards dealt added to a zero"),
                 "missed_per_trick_off": N_("lost per trick off"),
                 "missed_per_trick_taken": N_("won per trick on a missed bid"), "winner_bonus": N_("the winner's bonus")}
# The options' names as a refusal of a value says them: "Deck size must be a whole number, not 'x'."
OPTION_WORDS = {"deck_size": N_("Deck size"), "decks": N_("Decks"), "min_players": N_("Min players"),
                "max_players": N_("Max players"), "hook_min_cards": N_("Hook min cards"), "made_base": N_("Made base"),
                "made_per_trick": N_("Made per trick"), "missed_per_trick_off": N_("Missed per trick off"),
                "missed_per_trick_taken": N_("Missed per trick taken"), "winner_bonus": N_("Winner bonus"),
                "peak": N_("Peak"), "max_hands": N_("Max hands"), "extra_deck_above": N_("Extra deck above"),
                "zero_bid": N_("Zero bid")}


@dataclass(frozen=True)
class Rules(KindRules):
    """How a table plays. Presets are in PRESETS; a table's own rules are
    `dataclasses.replace(PRESETS[...], ...)`."""

    id: str = "custom"  # the preset these rules are (or started from)
    name: str = CUSTOM_RULES
    description: str = ""

    # The deck
    deck_size: int = 52  # cards in one deck
    decks: int = 1
    extra_deck_above: int | None = None  # with more players than this, one more deck is shuffled in
    trump_names: tuple[str, ...] = SUITS  # what the turn-up names: suits or colours
    min_players: int = 3
    max_players: int = 8

    # The hands
    shape: str = "down-up"
    peak: int | None = 8  # first hand (down-up, down) or largest hand (up-down, up); None: all the deck allows
    hand_list: tuple[int, ...] = ()  # the hands, when shape is "list"
    max_hands: int | None = None  # never more hands than this (Oh Pshaw: 15)
    trump_turn_up: bool = True

    # Bidding
    bids_at_once: bool = False  # everyone shows their bid together: no bidding order
    hook: bool = False  # the dealer may not make the bids add up to the tricks
    hook_min_cards: int = 1  # the hook applies to hands of at least this many cards

    # Scoring
    made_base: int = 10
    made_per_trick: int = 2
    zero_bid: int | None = None  # points for a made bid of zero; None: the same as any made bid
    zero_bid_adds_cards: bool = False  # add the cards dealt to `zero_bid` ("5 + the cards dealt")
    missed_per_trick_off: int = 5  # lost per trick over or under the bid
    missed_per_trick_taken: int = 0  # won per trick taken on a missed bid (Oh Pshaw's table option)
    winner_bonus: int = 0  # added to the final score of the winner (each of them, when tied)
    settlement: bool = False  # players settle up on the differences of their final scores
    blind_one_card: bool = False  # the one-card hand is held to the forehead, unseen (OH, MY HECK!)
    random_first_dealer: bool = False  # the text asks for the first dealer to be drawn at random

    kind = KIND  # not a field: the game kind these rules belong to

    def __post_init__(self) -> None:
        for name in (
            "deck_size", "decks", "min_players", "max_players", "hook_min_cards", "made_base",
            "made_per_trick", "missed_per_trick_off", "missed_per_trick_taken", "winner_bonus",
        ):
            if type(getattr(self, name)) is not int:
                check_whole_number(getattr(self, name), _(OPTION_WORDS[name]))  # (the N_ words above)
        for name in ("peak", "max_hands", "extra_deck_above", "zero_bid"):
            if getattr(self, name) is not None and type(getattr(self, name)) is not int:
                check_whole_number(getattr(self, name), _(OPTION_WORDS[name]))
        for name in SCORING_POINTS:  # (what a hand scores: far past any table, a slip or a doctored file)
            value = getattr(self, name)
            if value is not None and abs(value) > MOST_POINTS:
                raise InvalidEntry(_("{option} can be at most {most} points either way, not {points}.",
                                     option=_(OPTION_WORDS[name]), most=number(MOST_POINTS), points=number(value)))
        if self.shape not in SHAPES:
            raise InvalidEntry(_("The hand sequence must be one of {shapes}, not {value}.", shapes=", ".join(SHAPES),
                                 value=excerpt(self.shape)))
        if self.deck_size < 1 or self.decks < 1:
            raise InvalidEntry(_("A game needs at least one deck of at least one card."))
        # Limits far past any real table keep a typo (or a doctored file) from costing the server its memory.
        if self.deck_size > MAX_DECK_SIZE or self.decks > MAX_DECKS:
            raise InvalidEntry(_("A game can have at most {decks} decks of at most {cards} cards.", decks=MAX_DECKS,
                                 cards=MAX_DECK_SIZE))
        if self.max_players > MAX_PLAYERS:
            raise InvalidEntry(_("A game can have at most {most} players.", most=MAX_PLAYERS))
        if (self.peak or 0) > MAX_HANDS or (self.max_hands or 0) > MAX_HANDS or len(self.hand_list) > MAX_HANDS:
            raise InvalidEntry(_("A game can have at most {most} hands, of at most {most} cards each.", most=MAX_HANDS))
        if self.min_players < 2:
            raise InvalidEntry(_("A trick-taking game needs at least 2 players."))
        if self.max_players < self.min_players:
            raise InvalidEntry(_("The most players ({most}) can't be fewer than the fewest ({fewest}).",
                                 most=self.max_players, fewest=self.min_players))
        if self.peak is not None and self.peak < 1:
            raise InvalidEntry(_("The largest hand must be at least 1 card."))
        if self.shape == "list":
            if not self.hand_list:
                raise InvalidEntry(_("Give the list of hands, for example 5, 4, 3, 2, 1."))
            for cards in self.hand_list:
                if type(cards) is not int:
                    check_whole_number(cards, _("A hand size"))
                if not 1 <= cards <= MAX_HANDS:
                    raise InvalidEntry(_("Every hand needs 1 to {most} cards; the list has {cards}.", most=MAX_HANDS,
                                         cards=cards))
        if self.max_hands is not None and self.max_hands < 1:
            raise InvalidEntry(_("The game needs at least one hand."))
        if self.hook_min_cards < 1:
            raise InvalidEntry(_("The hook can start from 1 card at the earliest."))
        if not self.trump_names:
            raise InvalidEntry(_("Name at least one trump suit or colour."))
        # Tuples keep the rules hashable even when built from lists (JSON, forms).
        object.__setattr__(self, "hand_list", tuple(self.hand_list))
        object.__setattr__(self, "trump_names", tuple(self.trump_names))

    # ----- the deck and the hands -----

    def decks_for(self, players: int) -> int:
        extra = self.extra_deck_above is not None and players > self.extra_deck_above
        return self.decks + (1 if extra else 0)

    def deck_cards(self, players: int) -> int:
        return self.deck_size * self.decks_for(players)

    def max_cards(self, players: int) -> int:
        """The largest hand the deck allows. A deal that takes the whole deck has no turn-up and
        is played without trump, so the turn-up card does not lower this limit."""
        return self.deck_cards(players) // players

    def check_players(self, players: int) -> None:
        super().check_players(players)
        if self.max_cards(players) < 1:
            raise InvalidEntry(_("{cards} cards are not enough to deal {players} players a card each.",
                                 cards=self.deck_cards(players), players=players))

    def hand_sizes(self, players: int) -> list[int]:
        """Cards dealt to each player in each hand, capped by what the deck holds."""
        self.check_players(players)
        limit = self.max_cards(players)
        top = min(self.peak or limit, limit)
        if self.shape == "down-up":
            sizes = list(range(top, 0, -1)) + list(range(2, top + 1))
        elif self.shape == "up-down":
            sizes = list(range(1, top + 1)) + list(range(top - 1, 0, -1))
        elif self.shape == "down":
            sizes = list(range(top, 0, -1))
        elif self.shape == "up":
            sizes = list(range(1, top + 1))
        else:
            sizes = [min(cards, limit) for cards in self.hand_list]
        if self.max_hands is not None:
            sizes = sizes[: self.max_hands]
        return sizes

    def cap_note(self, players: int) -> str | None:
        """Why the sequence is shorter than the rules' own, in words, or None when it is not."""
        limit = self.max_cards(players)
        wanted = max(self.hand_list) if self.shape == "list" else self.peak
        if wanted is None or wanted <= limit:
            return None
        return _n("With {players} players the {deck}-card deck deals at most {count} card each, so hands of more "
                  "than {count} are cut to {count}.",
                  "With {players} players the {deck}-card deck deals at most {count} cards each, so hands of more "
                  "than {count} are cut to {count}.", limit, players=players, deck=self.deck_cards(players))

    def is_no_trump(self, players: int, cards: int) -> bool:
        """A deal that uses the whole deck leaves no card to turn up."""
        return not self.trump_turn_up or players * cards >= self.deck_cards(players)

    def hook_applies(self, cards: int) -> bool:
        return self.hook and cards >= self.hook_min_cards

    # ----- scoring -----

    def score(self, bid: int, tricks: int, cards: int) -> int:
        """Points for one player's hand."""
        if type(cards) is not int:
            check_whole_number(cards, _("The hand size"))
        if cards < 1:
            raise InvalidEntry(_("A hand has at least 1 card."))
        for value, what in ((bid, "bid"), (tricks, "tricks")):
            if type(value) is not int:
                check_whole_number(value, _("The bid") if what == "bid" else _("The tricks"))
            if not 0 <= value <= cards:
                values = {"cards": cards, "value": excerpt(value)}
                raise InvalidEntry(
                    _("The bid must be between 0 and {cards}, the cards in the hand; got {value}.", **values)
                    if what == "bid" else
                    _("The tricks must be between 0 and {cards}, the cards in the hand; got {value}.", **values))
        return self._checked_score(bid, tricks, cards)

    def _checked_score(self, bid: int, tricks: int, cards: int) -> int:
        """score() of a bid and tricks already checked (Game checks every entry as it is made)."""
        if bid == tricks:
            if bid == 0 and self.zero_bid is not None:
                return self.zero_bid + (cards if self.zero_bid_adds_cards else 0)
            return self.made_base + self.made_per_trick * bid
        return -self.missed_per_trick_off * abs(bid - tricks) + self.missed_per_trick_taken * tricks

    def forbidden_bid(self, cards: int, others_bids: Sequence[int]) -> int | None:
        """The dealer's forbidden bid under the hook, or None when the dealer may bid anything."""
        if not self.hook_applies(cards):
            return None
        forbidden = cards - sum(others_bids)
        return forbidden if 0 <= forbidden <= cards else None

    def example(self, bid: int, tricks: int, cards: int | None = None) -> str:
        """A worked example for the rules screen: 'bid 2, take 2: +30'."""
        cards = max(bid, tricks, 1) if cards is None else cards
        return _("bid {bid}, take {tricks}: {points}", bid=bid, tricks=tricks, points=signed(self.score(bid, tricks, cards)))

    # ----- describing the rules to the table -----

    def sequence_text(self, players: int) -> str:
        sizes = self.hand_sizes(players)
        return _n("{count} hand: {sizes}", "{count} hands: {sizes}", len(sizes),
                  sizes=", ".join(str(cards) for cards in sizes))

    def _hands_line(self) -> str:
        """'Hands: 8 cards, down to 1 and back up, at most 15 hands; capped when the deck runs short'."""
        peak, shape = self.peak, self.shape
        if shape == "list":
            hands = _("Hands: {sizes} cards", sizes=", ".join(str(c) for c in self.hand_list))
        elif peak is None:
            hands = {"down-up": _("Hands: as many cards as the deck allows, down to 1 and back up"),
                     "down": _("Hands: as many cards as the deck allows, down to 1"),
                     "up-down": _("Hands: up from 1 and back down to as many cards as the deck allows"),
                     "up": _("Hands: up from 1 to as many cards as the deck allows")}[shape]
        elif shape == "down-up":
            hands = _n("Hands: {count} card, down to 1 and back up", "Hands: {count} cards, down to 1 and back up", peak)
        elif shape == "down":
            hands = _n("Hands: {count} card, down to 1", "Hands: {count} cards, down to 1", peak)
        elif shape == "up-down":
            hands = _n("Hands: up from 1 and back down to {count} card", "Hands: up from 1 and back down to {count} cards",
                       peak)
        else:
            hands = _n("Hands: up from 1 to {count} card", "Hands: up from 1 to {count} cards", peak)
        if self.max_hands is not None:
            # Translators: {hands} is the line "Hands: 8 cards, down to 1 and back up".
            hands = _n("{hands}, at most {count} hand", "{hands}, at most {count} hands", self.max_hands, hands=hands)
        # Translators: {hands} is the line "Hands: 8 cards, down to 1 and back up" (maybe with "at most 15 hands").
        return _("{hands}; capped when the deck runs short", hands=hands)

    def rule_lines(self) -> list[str]:
        """The rules in plain words, for the rules screen and the printed score card (in the reader's language)."""
        values = {"fewest": self.min_players, "most": self.max_players, "decks": self.decks, "cards": self.deck_size,
                  "above": self.extra_deck_above}
        if self.decks > 1:
            players = (_("{fewest} to {most} players, {decks} × {cards}-card deck", **values)
                       if self.extra_deck_above is None else
                       _("{fewest} to {most} players, {decks} × {cards}-card deck (a second one with more than {above} "
                         "players)", **values))
        else:
            players = (_("{fewest} to {most} players, {cards}-card deck", **values) if self.extra_deck_above is None else
                       _("{fewest} to {most} players, {cards}-card deck (a second one with more than {above} players)",
                         **values))
        lines = [
            players,
            self._hands_line(),
            _("Trump turned up each hand; a deal that uses the whole deck is played without trump")
            if self.trump_turn_up else _("No trump"),
            _("Bids shown all at once") if self.bids_at_once else
            _("Bids in turn from the dealer's left; the dealer bids last"),
        ]
        if self.hook:
            lines.append(_("Dealer's hook: the dealer may not bid so that the bids add up to the tricks")
                         if self.hook_min_cards <= 1 else
                         _("Dealer's hook in hands of {cards} cards or more: the dealer may not bid so that the bids "
                           "add up to the tricks", cards=self.hook_min_cards))
        else:
            lines.append(_("No dealer's hook: the bids may add up to the tricks"))
        lines.append(_("Bid made: {base} + {per} per trick", base=self.made_base, per=self.made_per_trick)
                     if self.made_per_trick else _("Bid made: {base}", base=self.made_base))
        if self.zero_bid is not None and self.zero_bid_adds_cards:
            lines.append(_("Bid of zero made: {points} + the cards dealt", points=self.zero_bid))
        else:
            lines.append(_("Bid of zero made: {points}",
                           points=self.made_base if self.zero_bid is None else self.zero_bid))
        missed = []
        if self.missed_per_trick_off:
            missed.append(_("−{points} per trick over or under", points=self.missed_per_trick_off))
        if self.missed_per_trick_taken:
            missed.append(_("+{points} per trick taken", points=self.missed_per_trick_taken))
        # Translators: {missed} lists what a missed bid scores: "−5 per trick over or under, +1 per trick taken".
        lines.append(_("Bid missed: {missed}", missed=", ".join(missed)) if missed else _("Bid missed: nothing"))
        if self.winner_bonus:
            lines.append(_("Winner's bonus: {points} (each winner gets it when tied)", points=self.winner_bonus))
        if self.settlement:
            lines.append(_("Players settle with each other on the difference of their final scores"))
        if self.blind_one_card:
            lines.append(_("The one-card hand is played blind: the card is held to the forehead"))
        return lines

    # ----- plain data, for storage and export -----

    def to_dict(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["hand_list"] = list(self.hand_list)
        data["trump_names"] = list(self.trump_names)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Rules":
        if not isinstance(data, Mapping):
            raise InvalidEntry(_("The rules must be a set of named values."))
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise InvalidEntry(_("Unknown rule option {names}.", names=", ".join(unknown)))
        values = dict(data)
        for name in ("hand_list", "trump_names"):
            if name in values:
                if not isinstance(values[name], (list, tuple)):
                    raise InvalidEntry(_("The rule option {name} must be a list.", name=name))
                values[name] = tuple(values[name])
        for name in ("id", "name", "description", "shape"):
            if name in values and not isinstance(values[name], str):
                raise InvalidEntry(_("The rule option {name} must be text.", name=name))
        for name in ("trump_turn_up", "bids_at_once", "hook", "zero_bid_adds_cards", "settlement",
                     "blind_one_card", "random_first_dealer"):
            if name in values and not isinstance(values[name], bool):
                raise InvalidEntry(_("The rule option {name} must be true or false.", name=name))
        check_rules_words(values)
        return cls(**values)


PRESETS: dict[str, Rules] = {
    rules.id: rules
    for rules in (
        Rules(
            id="oh-my-heck",
            name="OH, MY HECK!",
            description=N_("Sunrise's family game: 7 cards down to 1 and back, bids shown at once, "
                           "20 + 5 per trick when you make it, −5 per trick off."),
            deck_size=57,
            extra_deck_above=8,
            trump_names=COLOURS,
            min_players=3,
            max_players=16,
            shape="down-up",
            peak=7,
            bids_at_once=True,
            made_base=20,
            made_per_trick=5,
            missed_per_trick_off=5,
            blind_one_card=True,
        ),
        Rules(
            id="oh-heck",
            name="Oh Heck",
            description=N_("The classic: 8 cards down to 1 and back, the dealer can't make the bids fit, "
                           "10 + 2 per trick bid, −5 per trick off."),
            min_players=3,
            max_players=8,
            shape="down-up",
            peak=8,
            hook=True,
            random_first_dealer=True,
            made_base=10,
            made_per_trick=2,
            missed_per_trick_off=5,
        ),
        Rules(
            id="oh-pshaw",
            name="Oh Pshaw",
            description=N_("Bicycle's rules: 1 card, then 2, up to all the deck allows; 10 + your bid when "
                           "you make it, nothing when you miss; the winner gets 10 and everyone settles up."),
            min_players=3,
            max_players=7,
            shape="up",
            peak=None,
            max_hands=15,
            made_base=10,
            made_per_trick=1,
            missed_per_trick_off=0,
            winner_bonus=10,
            settlement=True,
        ),
        Rules(
            id="wizard",
            name="Wizard",
            description=N_("Wizard's scoring: 1 card, then 2, up to all 60 cards; 20 + 10 per trick when "
                           "you make it, −10 per trick off."),
            deck_size=60,
            min_players=3,
            max_players=6,
            shape="up",
            peak=None,
            made_base=20,
            made_per_trick=10,
            missed_per_trick_off=10,
        ),
        # The regional presets: their sources and what the app decided where a source is silent are in
        # docs/games.md.
        Rules(
            id="nomination-whist",
            name="Nomination Whist",
            description=N_("The British pub game: 10 cards down to 1 and back, the dealer can't make the bids "
                           "fit; a trick is a point, and 10 more when you make your bid."),
            min_players=3,
            max_players=7,
            shape="down-up",
            peak=10,
            hook=True,
            made_base=10,
            made_per_trick=1,
            missed_per_trick_off=0,
            missed_per_trick_taken=1,
        ),
        Rules(
            id="kachuful",
            name="Kachuful (Judgement)",
            description=N_("India's Judgement: as many cards as the deck allows, down to 1; the last bidder can't "
                           "make the bids fit; 10 + your bid when you make it, nothing when you miss."),
            trump_names=(N_("Spades"), N_("Diamonds"), N_("Clubs"), N_("Hearts")),  # Ka-chu-fu-l: the order trumps rotate in
            min_players=3,
            max_players=8,
            shape="down",
            peak=None,
            hook=True,
            made_base=10,
            made_per_trick=1,
            missed_per_trick_off=0,
        ),
        Rules(
            id="boerenbridge",
            name="Boerenbridge",
            description=N_("The Dutch game: 1 card up to all the deck allows and back, the one-card hand blind, "
                           "the hook from 4 cards; 10 + 2 per trick made, −2 per trick off."),
            min_players=3,
            max_players=7,
            shape="up-down",
            peak=None,
            hook=True,
            hook_min_cards=4,
            blind_one_card=True,
            made_base=10,
            made_per_trick=2,
            missed_per_trick_off=2,
        ),
        Rules(
            id="up-and-down-the-river",
            name="Up and Down the River",
            description=N_("Australia's and New Zealand's name for the game: all the cards the deck allows down "
                           "to 1 and back, the dealer's hook; 10 + your bid when you make it, nothing when you miss."),
            min_players=3,
            max_players=7,
            shape="down-up",
            peak=None,
            hook=True,
            made_base=10,
            made_per_trick=1,
            missed_per_trick_off=0,
        ),
    )
}
Rules.presets = PRESETS
