"""HIT THE DECK: a shedding game scored in penalty points.

Each hand ends when a player goes out; that player scores 0 and everyone else scores the cards left
in hand, either as points the table counted or as a quick count of the cards (number cards by value,
word and Hit the Deck cards by number). The game ends after the hand in which someone reaches the
target; the lowest total wins.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from scorekeeper.i18n import N_, _, _n

from .common import CUSTOM_RULES, KindRules, InvalidEntry, check_whole_number, excerpt
from .common import names_text  # noqa: F401  (still importable from here)
from .rounds import TargetGame

KIND = "hit-the-deck"

NUMBER_VALUES = range(1, 6)  # number cards are 1 to 5, counted at face value
SPECIAL_POINTS = 10  # every word card (Cut the Deck, Flip the Deck) and every Hit the Deck card
# The 110-card deck: per colour (4) four of each number and three word cards; 18 Hit the Deck cards.
NUMBER_CARDS_OF_EACH_VALUE = 4 * 4
SPECIAL_CARDS = 4 * 3 + 18
DECK_POINTS = NUMBER_CARDS_OF_EACH_VALUE * sum(NUMBER_VALUES) + SPECIAL_CARDS * SPECIAL_POINTS  # 540
DECK_CARDS = NUMBER_CARDS_OF_EACH_VALUE * len(NUMBER_VALUES) + SPECIAL_CARDS  # 110
CARDS_DEALT = 7


@dataclass(frozen=True)
class Count:
    """A quick count of the cards left in one hand."""

    numbers: tuple[int, ...]  # the number cards' values, 1 to 5
    specials: int  # word and Hit the Deck cards, 10 points each

    @property
    def points(self) -> int:
        return sum(self.numbers) + SPECIAL_POINTS * self.specials

    @property
    def text(self) -> str:
        """'4 + 2 + 2 × 10 = 26', how the score card shows the count."""
        parts = [str(value) for value in self.numbers]
        if self.specials:
            parts.append(f"{self.specials} × {SPECIAL_POINTS}")
        return f"{' + '.join(parts)} = {self.points}"

    def to_dict(self) -> dict[str, Any]:
        return {"numbers": list(self.numbers), "specials": self.specials}


def _count(number_cards: Any, special_cards: Any, who: str) -> Count:
    """Check a quick count against the card values and the deck; `who` names the player in messages
    (or is translated: "The hand")."""
    if isinstance(number_cards, (str, bytes)) or not isinstance(number_cards, Sequence):
        raise InvalidEntry(_("{name}'s number cards must be a list of their values, 1 to 5.", name=who))
    for value in number_cards:
        if type(value) is not int:
            check_whole_number(value, _("Each of {name}'s number cards", name=who))
        if value not in NUMBER_VALUES:
            raise InvalidEntry(_(
                "{name} has a number card of {value}, but number cards go from 1 to 5: count word and Hit the Deck "
                "cards as {points}-point cards instead.", name=who, value=excerpt(value), points=SPECIAL_POINTS))
    for value in NUMBER_VALUES:
        if number_cards.count(value) > NUMBER_CARDS_OF_EACH_VALUE:
            raise InvalidEntry(_(
                "{name} has {count} number cards of {value}, but the deck has only {most} of each number: check the "
                "count.", name=who, count=number_cards.count(value), value=excerpt(value),
                most=NUMBER_CARDS_OF_EACH_VALUE))
    if type(special_cards) is not int:
        check_whole_number(special_cards, _("{name}'s count of word and Hit the Deck cards", name=who))
    if special_cards < 0:
        raise InvalidEntry(_("{name} can't hold {count} word and Hit the Deck cards: enter 0 or more.",
                             name=who, count=special_cards))
    if special_cards > SPECIAL_CARDS:
        raise InvalidEntry(_(
            "{name} has {count} word and Hit the Deck cards, but the deck has only {most}: check the count.",
            name=who, count=special_cards, most=SPECIAL_CARDS))
    return Count(tuple(number_cards), special_cards)


def hand_points(number_cards: Sequence[int], special_cards: int) -> int:
    """Points of the cards left in a hand: the number cards at face value (each 1 to 5) and
    10 for every word card and Hit the Deck card. 4, 2 and two word cards: 26."""
    # Translators: in a refusal of a quick count of cards: "The hand's number cards must be a list ...".
    return _count(number_cards, special_cards, _("The hand")).points


@dataclass(frozen=True)
class Rules(KindRules):
    """How a table plays: the target is the only thing tables usually change."""

    id: str = "custom"
    name: str = CUSTOM_RULES
    description: str = ""
    target: int = 100  # the game ends after the hand in which someone reaches this
    min_players: int = 2
    max_players: int = 6

    kind = KIND  # not a field: the game kind these rules belong to

    def __post_init__(self) -> None:
        if type(self.target) is not int:
            check_whole_number(self.target, _("Target"))
        if type(self.min_players) is not int:
            check_whole_number(self.min_players, _("Min players"))
        if type(self.max_players) is not int:
            check_whole_number(self.max_players, _("Max players"))
        if self.target < 1:
            raise InvalidEntry(_("The target must be at least 1 point, not {value}.", value=excerpt(self.target)))
        self._check_player_range(2, _("Hit the Deck needs at least 2 players."))
        most = (DECK_CARDS - 1) // CARDS_DEALT  # a card stays to start the discard pile
        if self.max_players > most:
            raise InvalidEntry(_(
                "The {deck}-card deck deals {cards} cards to at most {most} players, not {value}: lower the most "
                "players.", deck=DECK_CARDS, cards=CARDS_DEALT, most=most, value=excerpt(self.max_players)))


    # ----- describing the rules to the table -----

    def rule_lines(self) -> list[str]:
        """The rules in plain words, for the rules screen and the printed score card."""
        return [
            _("{fewest} to {most} players, {cards} cards each", fewest=self.min_players, most=self.max_players,
              cards=CARDS_DEALT),
            _("A hand ends when a player plays their last card: that player scores 0"),
            _("Everyone else scores the cards left in hand: number cards 1 to 5 at face value; word cards "
              "(Cut the Deck, Flip the Deck) and Hit the Deck cards {points} each", points=SPECIAL_POINTS),
            _n("The game ends after the hand in which someone reaches {count} point",
               "The game ends after the hand in which someone reaches {count} points", self.target),
            _("Lowest total wins; equal totals share a place"),
        ]

    # ----- plain data, for storage and export: KindRules.to_dict and from_dict -----


PRESETS: dict[str, Rules] = {
    rules.id: rules
    for rules in (
        Rules(
            id="hit-the-deck",
            name="HIT THE DECK",
            description=N_("Shed your cards first: whoever goes out scores 0, everyone else the cards left "
                           "in hand. The game ends when someone reaches 100; lowest total wins."),
        ),
    )
}
Rules.presets = PRESETS


@dataclass(frozen=True)
class Hand:
    """One played hand."""

    number: int  # 1-based, as the score card shows it
    out: int  # the seat that went out
    points: tuple[int, ...]  # per seat; 0 for the one who went out
    counts: tuple[Count | None, ...]  # per seat, the quick count when one was entered, else None
    absent: frozenset[int] = frozenset()  # seats not in this hand (rules.roster)

    def entry(self, seat: int) -> int | dict[str, Any] | None:
        """What was entered for `seat`, in the shape of an action's "left" list."""
        if seat == self.out or seat in self.absent:
            return None
        count = self.counts[seat]
        return count.to_dict() if count is not None else self.points[seat]


class Game(TargetGame):
    """One game of HIT THE DECK. `set_hand` records (or corrects) a hand; the totals, the end of the
    game and the standings follow from the recorded hands."""

    kind = KIND
    unit = "hand"
    wrong_entry = "a count"  # (a key: rounds.TargetGame words the refusal)
    highest_wins = False
    takes_roster = True
    per_seat = {"points": 0, "counts": None}

    def __init__(self, players: Sequence[str], rules: Rules):
        super().__init__(players, rules)
        self.hands: list[Hand] = []

    @property
    def _played(self) -> Sequence[Hand]:
        return self.hands

    def stats(self) -> list[dict[str, int]]:
        """Per seat, the counters player statistics add up across games."""
        rows = [{"hands_played": 0, "hands_gone_out": 0, "penalty_points": 0} for _seat in self.players]
        for index, hand in enumerate(self.hands):
            playing = self.in_round(index)  # (a hand sat out is not one played)
            for seat, row in enumerate(rows):
                if seat not in playing:
                    continue
                row["hands_played"] += 1
                row["hands_gone_out"] += seat == hand.out
                row["penalty_points"] += hand.points[seat]
        return rows

    # ----- entries -----

    def set_hand(self, index: int, out: int, left: Sequence[int | Mapping[str, Any] | None]) -> None:
        """Record (or correct) hand `index` (0-based): the seat that went out, and for every seat
        (in seat order) the cards left: None for the one who went out, the points the table counted,
        or a quick count {"numbers": [4, 2], "specials": 2}. Checked in full before anything changes."""
        self._check_index(index)
        if type(out) is not int:
            check_whole_number(out, _("The player who went out"))
        if not 0 <= out < len(self.players):
            raise InvalidEntry(_("Mark the player who went out: one of the {count} players.", count=len(self.players)))
        if out not in self.in_round(index):
            raise InvalidEntry(_("{name} is not in hand {number} ({why}): mark the player who went out.",
                                 name=self.players[out], number=index + 1, why=self.absence(index, out)))
        hands = self._with(self.hands, index, self._check_hand(index, out, left))
        self._check_end(hands)
        self.hands = hands

    def _check_hand(self, index: int, out: int, left: Any) -> Hand:
        self._check_per_seat(index, left, "cards left")
        points: list[int] = []
        counts: list[Count | None] = []
        out_name = self.players[out]
        playing = self.in_round(index)
        for seat, entry in enumerate(left):
            name = self.players[seat]
            if seat not in playing:
                if entry is not None:
                    raise InvalidEntry(_("{name} is not in hand {number} ({why}): leave their cards empty.",
                                         name=name, number=index + 1, why=self.absence(index, seat)))
                points.append(0)
                counts.append(None)
                continue
            if seat == out:
                if not (entry is None or (type(entry) is int and entry == 0)):
                    raise InvalidEntry(_("{name} went out and scores 0: clear the points entered for {name}, or mark "
                                         "who really went out.", name=name))
                points.append(0)
                counts.append(None)
                continue
            if entry is None:
                raise InvalidEntry(_("Enter the cards {name} has left: only {out} went out in hand {number}.",
                                     name=name, out=out_name, number=index + 1))
            if isinstance(entry, Mapping):
                unknown = sorted(map(str, set(entry) - {"numbers", "specials"}))
                if unknown:
                    raise InvalidEntry(_("{name}'s count has an unknown part {parts}: use numbers and specials.",
                                         name=name, parts=", ".join(unknown)))
                count = _count(entry.get("numbers", []), entry.get("specials", 0), name)
                counts.append(count)
                value = count.points
            else:
                if type(entry) is not int:
                    check_whole_number(entry, _("{name}'s points", name=name))
                counts.append(None)
                value = entry
            if value < 1:
                raise InvalidEntry(_("{name} did not go out, so {name} holds at least one card, worth 1 point or "
                                     "more: enter {name}'s cards, or mark {name} as the one who went out.", name=name))
            if value > DECK_POINTS:
                raise InvalidEntry(_("{name}'s {value} points are more than the whole deck is worth ({most}): check "
                                     "the count.", name=name, value=excerpt(value), most=DECK_POINTS))
            points.append(value)
        if sum(points) > DECK_POINTS:
            raise InvalidEntry(_("The cards left in hand {number} add up to {points} points, more than the whole deck "
                                 "is worth ({most}): check the counts.", number=index + 1, points=sum(points),
                                 most=DECK_POINTS))
        return Hand(index + 1, out, tuple(points), tuple(counts), frozenset(range(len(self.players))) - playing)

    # ----- one shape for every game kind: storage replays these (RoundsGame.apply) -----

    def _record(self, action: Mapping[str, Any]) -> None:
        """{"type": "hand", "hand": i, "out": seat, "left": [...]} (hand 0-based; "left" per seat: None
        for the one who went out, points, or {"numbers": [4, 2], "specials": 2})."""
        self.set_hand(action.get("hand"), action.get("out"), action.get("left"))
