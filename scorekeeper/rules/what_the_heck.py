"""WHAT THE HECK? (AMIGO): a point-card auction.

Each round a point card is turned up and every player plays one of their own player cards at once.
The score keeper enters the point card and the card each player played; who takes the point card,
the carry-overs and the scores all follow from those entries and the rules.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from scorekeeper.i18n import N_, _, _n

from .common import CUSTOM_RULES, KindRules, InvalidEntry, check_whole_number, number_text
from .rounds import RoundsGame

KIND = "what-the-heck"

# The usual edition; the rule text itself does not list the cards (README).
USUAL_POINT_CARDS = tuple(range(-5, 0)) + tuple(range(1, 11))
USUAL_PLAYER_CARDS = tuple(range(1, 16))


def who_takes(point_value: int, played: Sequence[int]) -> int | None:
    """The seat that takes a point card worth `point_value` (the sum, when cards carried over) when
    the players played `played`, in seat order. Tied player cards cancel each other; of the cards
    left, the highest takes a value of zero or more and the lowest a negative one. None when every
    card is tied."""
    if type(point_value) is not int:
        check_whole_number(point_value, _("The point card"))
    if isinstance(played, (str, bytes)) or not isinstance(played, Sequence):
        raise InvalidEntry(_("The cards played must be a list with one card per player."))
    cards = [card if type(card) is int else check_whole_number(card, _("The card of seat {seat}", seat=seat + 1))
             for seat, card in enumerate(played)]
    untied = [card for card in cards if cards.count(card) == 1]
    if not untied:
        return None
    taking_card = max(untied) if point_value >= 0 else min(untied)
    return cards.index(taking_card)


def cards_text(cards: Sequence[int]) -> str:
    """'−5 to −1, 1 to 10': sorted cards with runs of three or more shortened."""
    values = sorted(cards)
    parts: list[str] = []
    start = 0
    while start < len(values):
        end = start
        while end + 1 < len(values) and values[end + 1] == values[end] + 1:
            end += 1
        if end - start >= 2:
            # Translators: a run of cards: "1 to 10", "−5 to −1".
            parts.append(_("{first} to {last}", first=number_text(values[start]), last=number_text(values[end])))
        else:
            parts.extend(number_text(value) for value in values[start:end + 1])
        start = end + 1
    return ", ".join(parts)




def _check_cards(cards: Any, what: str) -> tuple[int, ...]:
    """`what` is "point cards" or "player cards" (a key: each has its own messages)."""
    points = what == "point cards"
    if isinstance(cards, (str, bytes)) or not isinstance(cards, (list, tuple)):
        raise InvalidEntry(_("The point cards must be a list of whole numbers.") if points
                           else _("The player cards must be a list of whole numbers."))
    for card in cards:
        if type(card) is not int:
            check_whole_number(card, _("Each of the point cards") if points else _("Each of the player cards"))
    if not cards:
        raise InvalidEntry(_("List at least one of the point cards.") if points
                           else _("List at least one of the player cards."))
    doubles = sorted({card for card in cards if cards.count(card) > 1})
    if doubles:
        raise InvalidEntry(
            _("Each of the point cards is listed once; {cards} is listed twice.", cards=cards_text(doubles)) if points
            else _("Each of the player cards is listed once; {cards} is listed twice.", cards=cards_text(doubles)))
    # Sorted, so the same cards always make equal rules (and presets are recognised).
    return tuple(sorted(cards))


@dataclass(frozen=True)
class Rules(KindRules):
    """How a table plays. The preset is in PRESETS; a table's own cards are
    `dataclasses.replace(PRESETS["what-the-heck"], point_cards=..., player_cards=...)`."""

    id: str = "custom"
    name: str = CUSTOM_RULES
    description: str = ""
    point_cards: tuple[int, ...] = USUAL_POINT_CARDS  # one round per point card
    player_cards: tuple[int, ...] = USUAL_PLAYER_CARDS  # the set each player holds
    min_players: int = 2
    max_players: int = 6

    kind = KIND  # not a field: the game kind these rules belong to

    def __post_init__(self) -> None:
        if type(self.min_players) is not int:
            check_whole_number(self.min_players, _("Min players"))
        if type(self.max_players) is not int:
            check_whole_number(self.max_players, _("Max players"))
        self._check_player_range(2, _("An auction needs at least 2 players."))
        object.__setattr__(self, "point_cards", _check_cards(self.point_cards, "point cards"))
        object.__setattr__(self, "player_cards", _check_cards(self.player_cards, "player cards"))
        if len(self.player_cards) < len(self.point_cards):
            raise InvalidEntry(_(
                "Every player plays a card in each of the {rounds} rounds (one per point card), so each needs at "
                "least {rounds} player cards; the rules give {count}: add player cards or remove point cards.",
                rounds=len(self.point_cards), count=len(self.player_cards)))

    @property
    def rounds(self) -> int:
        return len(self.point_cards)


    # ----- describing the rules to the table -----

    def rule_lines(self) -> list[str]:
        """The rules in plain words, for the rules screen and the printed score card."""
        return [
            _n("{fewest} to {count} player", "{fewest} to {count} players", self.max_players, fewest=self.min_players),
            _n("Point cards: {cards} ({count} card, so {count} round); each is turned up once",
               "Point cards: {cards} ({count} cards, so {count} rounds); each is turned up once",
               self.rounds, cards=cards_text(self.point_cards)),
            _("Each player holds {cards} and plays each card once", cards=cards_text(self.player_cards)),
            _("Everyone plays a card at once: the highest card takes a positive point card, the lowest a negative one"),
            _("Tied cards cancel each other: the next highest (or lowest) card that is not tied takes it"),
            _("When every card is tied the point card stays and the next round is for the sum of the point cards "
              "(zero or more counts as positive)"),
            _("When every card is tied in the last round, nobody takes the point cards"),
            _("Final score: the sum of the point cards collected; highest wins"),
        ]

    # ----- plain data, for storage and export: KindRules.to_dict and from_dict -----

    @classmethod
    def _check_options(cls, data: Mapping[str, Any]) -> None:
        for name in ("point_cards", "player_cards"):
            if name in data and not isinstance(data[name], (list, tuple)):
                raise InvalidEntry(_("The rule option {name} must be a list.", name=name))


PRESETS: dict[str, Rules] = {
    rules.id: rules
    for rules in (
        Rules(
            id="what-the-heck",
            name="WHAT THE HECK?",
            description=N_("AMIGO's point-card auction: everyone bids a player card at once for the point "
                           "card turned up; tied cards cancel each other out."),
        ),
    )
}
Rules.presets = PRESETS


@dataclass(frozen=True)
class Round:
    """One played round, with everything the score card shows about it."""

    number: int  # 1-based, as the score card shows it
    point_card: int  # the point card turned up this round
    played: tuple[int, ...]  # the player cards, in seat order
    pot: tuple[int, ...]  # the point cards at stake: the ones carried over, then this round's
    taker: int | None  # the seat that takes the pot; None when every card is tied
    carried: bool  # every card tied: the pot stays for the next round
    points: tuple[int, ...]  # per seat: the pot's value for the taker, 0 for everyone else
    absent: frozenset[int] = frozenset()  # (no seat is ever away: every player plays every round)

    @property
    def value(self) -> int:
        return sum(self.pot)

    @property
    def outcome(self) -> str:
        """'taken', 'carried' (to the next round) or 'nobody' (all tied in the last round)."""
        return "taken" if self.taker is not None else "carried" if self.carried else "nobody"

    @property
    def cancelled(self) -> tuple[int, ...]:
        """Seats whose card tied with another's and so took no part."""
        return tuple(seat for seat, card in enumerate(self.played) if self.played.count(card) > 1)


class Game(RoundsGame):
    """One game of WHAT THE HECK?.

    `set_round` records (or corrects) a round's point card and the cards played; `rounds` holds the
    played rounds with their outcome, and everything on the score card is derived from them."""

    kind = KIND
    entered = "cards"  # (a key of RoundsGame.ENTERED_WORDS)

    def __init__(self, players: Sequence[str], rules: Rules):
        super().__init__(players, rules)
        self._entries: list[tuple[int, tuple[int, ...]]] = []  # (point card, cards played) per round
        self.rounds: list[Round] = []

    # ----- where the game stands -----

    @property
    def is_over(self) -> bool:
        """Every round is played: one per point card."""
        return len(self._entries) == self.rules.rounds

    def progress(self) -> tuple[int, int | None]:
        """(rounds played, rounds in the game)."""
        return len(self._entries), self.rules.rounds

    def collected(self, seat: int) -> list[int]:
        """The point cards a player has taken, in the order taken."""
        return [card for played_round in self.rounds if played_round.taker == seat for card in played_round.pot]

    def carried_over(self) -> tuple[int, ...]:
        """The point cards waiting for the next round after all cards tied (empty when none)."""
        if self.rounds and self.rounds[-1].carried:
            return self.rounds[-1].pot
        return ()

    def to_nobody(self) -> tuple[int, ...]:
        """The point cards nobody took: every card tied in the last round."""
        if self.rounds and self.rounds[-1].outcome == "nobody":
            return self.rounds[-1].pot
        return ()

    def available_cards(self, seat: int, for_round: int | None = None) -> list[int]:
        """The player cards `seat` still holds for round `for_round` (0-based; the next round when None):
        every card but those played in the other rounds."""
        if type(seat) is not int:
            check_whole_number(seat, _("The seat"))
        if not 0 <= seat < len(self.players):
            raise InvalidEntry(_n("There is no seat {seat}: this game has {count} player.",
                                  "There is no seat {seat}: this game has {count} players.",
                                  len(self.players), seat=seat + 1))
        used = {played[seat] for index, (_point_card, played) in enumerate(self._entries) if index != for_round}
        return [card for card in self.rules.player_cards if card not in used]

    def available_point_cards(self, for_round: int | None = None) -> list[int]:
        """The point cards not turned up in any round other than `for_round` (the next round when None)."""
        used = {point_card for index, (point_card, _played) in enumerate(self._entries) if index != for_round}
        return [card for card in self.rules.point_cards if card not in used]

    def stats(self) -> list[dict[str, int]]:
        """Per seat, the counters player statistics add up across games."""
        rows = [
            {"rounds_played": 0, "rounds_taken": 0, "point_cards_taken": 0, "minus_cards_taken": 0,
             "cards_cancelled": 0}
            for _seat in self.players
        ]
        for played_round in self.rounds:
            for row in rows:
                row["rounds_played"] += 1
            for seat in played_round.cancelled:
                rows[seat]["cards_cancelled"] += 1
            if played_round.taker is not None:
                row = rows[played_round.taker]
                row["rounds_taken"] += 1
                row["point_cards_taken"] += len(played_round.pot)
                row["minus_cards_taken"] += sum(card < 0 for card in played_round.pot)
        return rows

    # ----- entries -----

    def set_round(self, index: int, point_card: int, played: Sequence[int]) -> None:
        """Record (or correct) round `index` (0-based): the point card turned up and the card each
        player played, in seat order. Checked in full before anything changes."""
        self._check_index(index)
        self._check_point_card(index, point_card)
        played = self._check_played(index, played)
        entries = self._with(self._entries, index, (point_card, played))
        self.rounds = self._outcomes(entries)
        self._entries = entries

    def _check_exists(self, index: int) -> None:
        if not 0 <= index < self.rules.rounds:
            raise InvalidEntry(_n("There is no round {number}: this game has {count} round, one per point card.",
                                  "There is no round {number}: this game has {count} rounds, one per point card.",
                                  self.rules.rounds, number=index + 1))

    def _check_point_card(self, index: int, point_card: int) -> None:
        if type(point_card) is not int:
            check_whole_number(point_card, _("The point card"))
        if point_card not in self.rules.point_cards:
            raise InvalidEntry(_("{card} is not a point card of this game: the point cards are {cards}. Check the "
                                 "card turned up.", card=number_text(point_card), cards=cards_text(self.rules.point_cards)))
        for other, (used, _played) in enumerate(self._entries):
            if other != index and used == point_card:
                raise InvalidEntry(_("The point card {card} was already turned up in round {number}, and each point "
                                     "card comes up once. Still to come: {cards}.", card=number_text(point_card),
                                     number=other + 1, cards=cards_text(self.available_point_cards(index))))

    def _check_played(self, index: int, played: Sequence[int]) -> tuple[int, ...]:
        self._check_per_seat(index, played, "cards played")
        for seat, card in enumerate(played):
            name = self.players[seat]
            if type(card) is not int:
                check_whole_number(card, _("{name}'s card", name=name))
            if card not in self.rules.player_cards:
                raise InvalidEntry(_("{name} played {card}, but the player cards are {cards}: enter one of those.",
                                     name=name, card=number_text(card), cards=cards_text(self.rules.player_cards)))
            for other, (_point_card, cards) in enumerate(self._entries):
                if other != index and cards[seat] == card:
                    raise InvalidEntry(_("{name} already played {card} in round {number}, and each card is played "
                                         "once. {name} still holds {cards}.", name=name, card=number_text(card),
                                         number=other + 1, cards=cards_text(self.available_cards(seat, index))))
        return tuple(played)

    def _outcomes(self, entries: Sequence[tuple[int, tuple[int, ...]]]) -> list[Round]:
        """Who takes what, round by round: a pot nobody takes stays for the next round."""
        rounds = []
        carried: tuple[int, ...] = ()
        last = self.rules.rounds - 1
        for index, (point_card, played) in enumerate(entries):
            pot = carried + (point_card,)
            taker = who_takes(sum(pot), played)
            points = tuple(sum(pot) if seat == taker else 0 for seat in range(len(self.players)))
            stays = taker is None and index < last
            rounds.append(Round(index + 1, point_card, played, pot, taker, stays, points))
            carried = pot if stays else ()
        return rounds

    # ----- one shape for every game kind: storage replays these (RoundsGame.apply) -----

    def _record(self, action: Mapping[str, Any]) -> None:
        """{"type": "round", "round": i, "point_card": 7, "played": [15, 15, 5]} (round 0-based)."""
        self.set_round(action.get("round"), action.get("point_card"), action.get("played"))
