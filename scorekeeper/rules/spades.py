"""Spades: four players in two fixed partnerships (seats 1 and 3 against 2 and 4), 13 cards each every
hand, spades always trump. Each player bids; a partnership's contract is the sum of its bids other than
nil. Made (the partners took at least the contract): 10 a trick bid and 1 a trick over (a bag); missed:
minus 10 a trick bid. Every 10 bags a partnership gathers cost it 100 points, and the count of bags goes
down by 10. A nil bid (0: the bidder takes no trick) wins 100 or loses 100, a blind nil (bid before
looking at the cards) 200; a nil bidder's tricks don't help the partner's bid but count as bags. The
game ends after the hand in which a partnership reaches 500; the higher total wins, and a tie plays on.

Sources: pagat.com's Spades page (John McLeod), Hoyle's and Bicycle's rules; the house rules they name
are options of `Rules` (docs/games.md cites each one and says what the app chose where they are silent).

One entry per hand: {"type": "hand", "hand": i, "bids": [4 ints 0-13], "blind": [seats that bid blind
nil], "tricks": [4 ints, adding up to 13]}. Both partners show their partnership's points and total.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from scorekeeper.i18n import N_, _, _n

from .common import CUSTOM_RULES, InvalidEntry, KindRules, check_whole_number, excerpt, names_text
from .rounds import TargetGame, _running

KIND = "spades"
PLAYERS = 4
CARDS = 13  # each player's hand, every deal: the whole 52-card pack
TEAMS = ((0, 2), (1, 3))  # the partnerships, by seat: partners sit opposite each other
# What an overtrick (a bag) scores, by the option's value, with its words (English: translated where shown).
BAG_POINTS = {1: N_("1 point a bag"), 0: N_("bags score nothing"), -1: N_("bags count down: −1 a bag")}


def team_of(seat: int) -> int:
    """The partnership (0: seats 1 and 3, 1: seats 2 and 4) of a seat."""
    return seat % 2


def partner_of(seat: int) -> int:
    return (seat + 2) % PLAYERS


@dataclass(frozen=True)
class Rules(KindRules):
    """Spades as the table plays it: pagat.com's rules, with the common house rules as options."""

    id: str = "custom"
    name: str = CUSTOM_RULES
    description: str = ""
    target: int = 500  # the game ends after the hand in which a partnership reaches this
    mercy: int | None = None  # a partnership at or below minus this loses at once (None: no such rule)
    nil_points: int = 100  # a nil made, or lost when missed
    blind_nil_points: int | None = 200  # a blind nil made or missed; None: no blind nil
    bag_points: int = 1  # what each overtrick scores: 1, 0 or −1 (BAG_POINTS)
    bag_limit: int | None = 10  # every this many bags cost bag_penalty; None: bags cost nothing
    bag_penalty: int = 100
    ten_for_two_hundred: bool = False  # a contract of 10 tricks or more counts 20 a trick (10 for 200)
    nil_tricks_help: bool = False  # a nil bidder's tricks count towards the partner's bid (else only as bags)
    min_players: int = PLAYERS
    max_players: int = PLAYERS

    kind = KIND  # not a field: the game kind these rules belong to

    def __post_init__(self) -> None:
        for field, what in (("target", _("Target")), ("nil_points", _("The points of a nil")),
                            ("bag_points", _("The points of a bag")), ("bag_penalty", _("The bags penalty")),
                            ("min_players", _("Min players")), ("max_players", _("Max players"))):
            if type(getattr(self, field)) is not int:
                check_whole_number(getattr(self, field), what)
        for field, what in (("mercy", _("The mercy rule")), ("blind_nil_points", _("The points of a blind nil")),
                            ("bag_limit", _("The bags limit"))):
            if getattr(self, field) is not None and type(getattr(self, field)) is not int:
                check_whole_number(getattr(self, field), what)
        for field in ("ten_for_two_hundred", "nil_tricks_help"):
            if not isinstance(getattr(self, field), bool):
                raise InvalidEntry(_("The rule option {name} must be yes or no.", name=field))
        if not 1 <= self.target <= 100_000:
            raise InvalidEntry(_("The target must be from 1 to 100000 points, not {value}.",
                                 value=excerpt(self.target)))
        if self.mercy is not None and not 1 <= self.mercy <= 100_000:
            raise InvalidEntry(_("The mercy rule ends the game at minus 1 to 100000 points, not minus {value}.",
                                 value=excerpt(self.mercy)))
        if not 0 <= self.nil_points <= 10_000 or (self.blind_nil_points is not None
                                                  and not 0 <= self.blind_nil_points <= 10_000):
            raise InvalidEntry(_("A nil is worth 0 to 10000 points."))
        if self.bag_points not in BAG_POINTS:
            raise InvalidEntry(_("A bag scores 1, 0 or −1 points, not {value}.", value=excerpt(self.bag_points)))
        if self.bag_limit is not None and not 1 <= self.bag_limit <= 100:
            raise InvalidEntry(_("The bags limit must be from 1 to 100 bags, not {value}.",
                                 value=excerpt(self.bag_limit)))
        if not 0 <= self.bag_penalty <= 10_000:
            raise InvalidEntry(_("The bags penalty must be from 0 to 10000 points, not {value}.",
                                 value=excerpt(self.bag_penalty)))
        if self.min_players != PLAYERS or self.max_players != PLAYERS:
            raise InvalidEntry(_("Spades is played by 4 players in two partnerships."))

    @property
    def blind_nil(self) -> bool:
        return self.blind_nil_points is not None

    def trick_value(self, contract: int) -> int:
        """What each trick of a contract is worth: 10, or 20 for 10 tricks or more with 10-for-200."""
        return 20 if self.ten_for_two_hundred and contract >= 10 else 10

    def rule_lines(self) -> list[str]:
        """The rules in plain words, for the rules screen and the printed score card."""
        lines = [
            _("4 players, partners sitting opposite: seats 1 and 3 against 2 and 4; 13 cards each, spades are trump"),
            _("A partnership's bid is the sum of its players' bids; made: 10 a trick bid, missed: −10 a trick bid"),
            _("Each trick over the bid is a bag: {bags}", bags=_(BAG_POINTS[self.bag_points])),  # (N_ words)
        ]
        if self.bag_limit is not None:
            lines.append(_n("Every {count} bag gathered costs {penalty} points",
                            "Every {count} bags gathered cost {penalty} points", self.bag_limit,
                            penalty=self.bag_penalty))
        lines.append(_("Nil (bid 0, take no trick): +{points} made, −{points} missed", points=self.nil_points))
        if self.blind_nil:
            lines.append(_("Blind nil (bid before looking at the cards): +{points} made, −{points} missed",
                           points=self.blind_nil_points))
        else:
            lines.append(_("No blind nil"))
        lines.append(_("A nil bidder's tricks count towards the partner's bid") if self.nil_tricks_help
                     else _("A nil bidder's tricks don't count towards the partner's bid; they are bags"))
        if self.ten_for_two_hundred:
            lines.append(_("10 for 200: a partnership bid of 10 or more counts 20 a trick, made or missed"))
        lines.append(_n("The game ends after the hand in which a partnership reaches {count} point",
                        "The game ends after the hand in which a partnership reaches {count} points", self.target))
        if self.mercy is not None:
            lines.append(_("A partnership that falls to −{points} or below loses", points=self.mercy))
        lines.append(_("Higher total wins; tied, the partnerships play another hand"))
        return lines

    # ----- scoring one hand: the one place it is worked out -----

    def nil_score(self, blind: bool, took: int) -> int:
        """What a nil (blind: a blind nil) wins when its bidder took no trick, or loses."""
        worth = (self.blind_nil_points or 0) if blind else self.nil_points
        return worth if took == 0 else -worth

    def team_score(self, bids: Sequence[int], blind: Sequence[bool], tricks: Sequence[int], bags_before: int
                   ) -> "TeamScore":
        """One partnership's hand: its two players' bids (0: nil), whether each bid blind nil, their tricks
        and the bags it held before. Checked entries only (Game checks them)."""
        nil_points = 0
        contract = counted = nil_tricks = 0
        for bid, went_blind, took in zip(bids, blind, tricks):
            if bid == 0:
                nil_points += self.nil_score(went_blind, took)
                if self.nil_tricks_help:
                    counted += took
                else:
                    nil_tricks += took
            else:
                contract += bid
                counted += took
        value = self.trick_value(contract)
        if counted >= contract:
            made = True
            bags = counted - contract + nil_tricks
            points = value * contract
        else:
            made = False
            bags = nil_tricks
            points = -value * contract
        points += self.bag_points * bags + nil_points
        gathered, penalties = bags_before + bags, 0
        if self.bag_limit is not None:
            while gathered >= self.bag_limit:
                gathered -= self.bag_limit
                penalties += 1
        points -= penalties * self.bag_penalty
        return TeamScore(contract, sum(tricks), made, bags, nil_points, penalties * self.bag_penalty, points, gathered)


@dataclass(frozen=True)
class TeamScore:
    """What one partnership's hand came to."""

    contract: int  # the tricks its players bid, nil bids aside
    tricks: int  # the tricks its players took
    made: bool  # took at least the contract (a contract of 0 is always made)
    bags: int  # the overtricks of this hand (a nil bidder's tricks included, unless they help the partner)
    nil_points: int  # what its nil bids won or lost
    penalty: int  # what its bags cost this hand (0, 100, ...)
    points: int  # the hand's points, all of it
    bags_after: int  # the bags it holds after the hand (below the limit)


PRESETS: dict[str, Rules] = {
    rules.id: rules
    for rules in (
        Rules(
            id="spades",
            name="Spades",
            description=N_("Two partnerships bid the tricks they will take; 10 a trick bid, 1 a bag, every 10 bags "
                           "cost 100; nil and blind nil. The first partnership to 500 wins."),
        ),
    )
}
Rules.presets = PRESETS


@dataclass(frozen=True)
class Hand:
    """One played hand: what each seat bid (0: nil) and took, and each partnership's score."""

    number: int  # 1-based, as the score card shows it
    dealer: int
    bids: tuple[int, ...]
    blind: tuple[bool, ...]  # per seat: bid blind nil
    tricks: tuple[int, ...]
    teams: tuple[TeamScore, ...] = ()  # the two partnerships' scores, in TEAMS order (Game._scored fills them)
    absent: frozenset[int] = frozenset()  # (no seat is ever away: every player plays every hand)

    @property
    def points(self) -> tuple[int, ...]:
        """Per seat, the partnership's points: both partners show them."""
        return tuple(self.teams[team_of(seat)].points for seat in range(PLAYERS))

    def made(self, seat: int) -> bool:
        """A seat's hand went well: its partnership made its bid and, a nil bidder, it took no trick."""
        return self.teams[team_of(seat)].made and not (self.bids[seat] == 0 and self.tricks[seat])

    def bid_text(self, seat: int) -> str:
        """"4", "nil", "blind nil": a seat's bid in words (the reader's language)."""
        if self.bids[seat]:
            return str(self.bids[seat])
        # Translators: the card game's bids of zero tricks in Spades: "nil" and "blind nil" (bid before looking).
        return _("blind nil") if self.blind[seat] else _("nil")


class Game(TargetGame):
    """One game of Spades. `set_hand` records (or corrects) a hand; every later hand is scored again
    (the bags carry from hand to hand)."""

    kind = KIND
    unit = "hand"
    entered = "points"
    highest_wins = True
    SCORING = ("target", "mercy")
    SCORING_WORDS = {"target": N_("the target"), "mercy": N_("the mercy rule")}

    def __init__(self, players: Sequence[str], rules: Rules):
        if not isinstance(rules, Rules):
            raise InvalidEntry(_("Spades is played with Spades rules."))
        super().__init__(players, rules)
        self.played_hands: list[Hand] = []

    @property
    def _played(self) -> Sequence[Hand]:
        return self.played_hands

    def dealer(self, index: int) -> int:
        """Who deals hand `index`: seat 1 first, then to the left."""
        return index % PLAYERS

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The two partnerships: both partners' seats carry the partnership's points."""
        return TEAMS

    def partners(self, team: int) -> str:
        """"Ann and Cy": a partnership's names."""
        return names_text([self.players[seat] for seat in TEAMS[team]])

    # ----- the partnerships' totals: an adjustment goes to the partnership -----

    def adjusted(self, points: Sequence[int], index: int) -> Sequence[int]:
        extra = self.extra(index)
        if extra is None:
            return points
        return [value + extra[seat] + extra[partner_of(seat)] for seat, value in enumerate(points)]

    def bags(self) -> tuple[int, int]:
        """The bags each partnership holds now (below the limit)."""
        if not self.played_hands:
            return 0, 0
        last = self.played_hands[-1]
        return last.teams[0].bags_after, last.teams[1].bags_after

    # ----- the end: a target, the mercy rule; a tie plays on -----

    def _end(self, rounds: Sequence[Any]) -> int | None:
        for index, totals in enumerate(_running(self, rounds)):
            if totals[0] != totals[1] and (max(totals) >= self.rules.target
                                           or (self.rules.mercy is not None and min(totals) <= -self.rules.mercy)):
                return index
        return None

    def reached_target(self) -> list[int]:
        totals = self.totals()
        return [seat for seat, total in enumerate(totals)
                if total >= self.rules.target or (self.rules.mercy is not None and total <= -self.rules.mercy)]

    @property
    def open_ended(self) -> bool:
        return False

    def _check_index(self, index: int) -> None:
        if type(index) is int and index == len(self._played) and self.is_over:
            totals = self.totals()
            winner = 0 if totals[0] > totals[1] else 1
            raise InvalidEntry(_("The game is over: {names} won, {points} to {other}. Correct an earlier hand if "
                                 "something was wrong.", names=self.partners(winner), points=totals[winner],
                                 other=totals[1 - winner]))
        super()._check_index(index)

    # ----- entries -----

    def set_hand(self, index: int, bids: Any, blind: Any, tricks: Any) -> None:
        """Record (or correct) hand `index` (0-based): each seat's bid (0: nil), the seats that bid blind
        nil, each seat's tricks. Checked in full before anything changes; later hands are scored again."""
        self._check_index(index)
        hand = self._check_hand(index, bids, blind, tricks)
        hands = self._scored(self._with(self.played_hands, index, hand))
        self._check_end(hands)
        self.played_hands = hands

    def _check_hand(self, index: int, bids: Any, blind: Any, tricks: Any) -> Hand:
        number = index + 1
        for values, what in ((bids, _("The bids")), (tricks, _("The tricks"))):
            if isinstance(values, (str, bytes)) or not isinstance(values, Sequence) or len(values) != PLAYERS:
                raise InvalidEntry(_("{what} of hand {number} must be a list with one number per player.",
                                     what=what, number=number))
        for seat, (bid, took) in enumerate(zip(bids, tricks)):
            name = self.players[seat]
            if type(bid) is not int:
                check_whole_number(bid, _("{name}'s bid", name=name))
            if type(took) is not int:
                check_whole_number(took, _("{name}'s tricks", name=name))
            if not 0 <= bid <= CARDS:
                raise InvalidEntry(_("{name} bid {value}: a bid is nil (0) to 13 tricks.", name=name,
                                     value=excerpt(bid)))
            if not 0 <= took <= CARDS:
                raise InvalidEntry(_("{name} took {value} tricks: there are 13.", name=name, value=excerpt(took)))
        if sum(tricks) != CARDS:
            raise InvalidEntry(_("The tricks of hand {number} add up to {count}, not 13: check them.", number=number,
                                 count=sum(tricks)))
        if blind is None:
            blind = []
        if isinstance(blind, (str, bytes, Mapping)) or not isinstance(blind, Sequence):
            raise InvalidEntry(_("The blind nil bids of hand {number} must be a list of seats.", number=number))
        blinds = [False] * PLAYERS
        for seat in blind:
            if type(seat) is not int or not 0 <= seat < PLAYERS:
                raise InvalidEntry(_("The blind nil bids name seats 0 to 3, not {value}.", value=excerpt(seat)))
            if not self.rules.blind_nil:
                raise InvalidEntry(_("These rules have no blind nil: {name} bids nil or a number.",
                                     name=self.players[seat]))
            if bids[seat] != 0:
                raise InvalidEntry(_("{name} bid {bid}: only a bid of nil can be blind.", name=self.players[seat],
                                     bid=bids[seat]))
            blinds[seat] = True
        return Hand(number, self.dealer(index), tuple(bids), tuple(blinds), tuple(tricks))

    def _scored(self, hands: Sequence[Hand]) -> list[Hand]:
        """The hands with each partnership's score worked out in order (the bags carry over)."""
        scored: list[Hand] = []
        bags = [0, 0]
        for hand in hands:
            teams = tuple(self.rules.team_score([hand.bids[s] for s in seats], [hand.blind[s] for s in seats],
                                                [hand.tricks[s] for s in seats], bags[team])
                          for team, seats in enumerate(TEAMS))
            bags = [teams[0].bags_after, teams[1].bags_after]
            scored.append(dataclasses.replace(hand, teams=teams))
        return scored

    def preview(self, index: int, bids: Sequence[int], blind: Sequence[int], tricks: Sequence[int]
                ) -> tuple[TeamScore, TeamScore]:
        """What hand `index` would come to as entered (for the screen before it is stored); InvalidEntry
        when it can't be entered so."""
        hand = self._check_hand(index, bids, blind, tricks)
        return self._scored(self._with(self.played_hands[:index], index, hand))[index].teams

    def _scoring_changed(self) -> None:
        self.played_hands = self._scored(self.played_hands)
        super()._scoring_changed()

    def _record(self, action: Mapping[str, Any]) -> None:
        """{"type": "hand", "hand": i, "bids": [...], "blind": [seats], "tricks": [...]} (hand 0-based)."""
        self.set_hand(action.get("hand"), action.get("bids"), action.get("blind", []), action.get("tricks"))

    # ----- player statistics -----

    def stats(self) -> list[dict[str, int]]:
        """Per seat, the counters player statistics add up across games."""
        rows = [{"hands_played": 0, "team_bids_made": 0, "nils_bid": 0, "nils_made": 0, "bags": 0}
                for _seat in self.players]
        for hand in self.played_hands:
            for seat, row in enumerate(rows):
                team = hand.teams[team_of(seat)]
                row["hands_played"] += 1
                row["team_bids_made"] += team.made
                row["nils_bid"] += hand.bids[seat] == 0
                row["nils_made"] += hand.bids[seat] == 0 and hand.tricks[seat] == 0
                row["bags"] += team.bags
        return rows
