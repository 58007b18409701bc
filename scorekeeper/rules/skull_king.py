"""Skull King (Grandpa Beck's Games): bid and tricks with pirates, mermaids and the Skull King.

Ten hands, hand n deals n cards, everyone shows their bid at once (no dealer's hook). A made bid of one
or more scores 20 a trick, a missed one −10 a trick off; a bid of zero scores 10 times the cards dealt,
made, or loses as much, missed. Bonuses for cards captured count only on a made bid. Rascal's scoring
(a table option in the rule book) pays 10 a card dealt for a direct hit, half that for a glancing blow
(one trick off) and nothing for a complete miss.

(Rascal's scoring halves the bonuses on a glancing blow.) Source: the 2021 rule book of Grandpa Beck's
Games (grandpabecksgames.com/pages/skull-king); docs/games.md says what the app decided where it is silent.

The bid-and-tricks engine (`oh_heck.Game`) deals, rotates the dealer and checks bids and tricks; this
module adds the scoring and the bonuses each player earned, entered with the tricks.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from scorekeeper.i18n import N_, _, _n

from . import oh_heck
from .common import InvalidEntry, check_whole_number, excerpt

KIND = "skull-king"
# The scorings by key, with their words (English: translate where shown, _(SCORINGS[key])).
SCORINGS = {"classic": N_("classic scoring"), "rascal": N_("Rascal's scoring")}


@dataclass(frozen=True)
class Bonus:
    """A kind of bonus the rule book pays for: its key as stored, its name, points and how many of it
    one hand can hold (the deck has that many of the card). A capture is of a card in a trick the
    player took; Loot is an alliance, earned by the Loot player too (who may have taken nothing)."""

    key: str
    title: str  # its name, as a label shows it (English, marked N_: `name` translates it)
    points: int
    most: int  # one player in one hand
    capture: bool = True
    hand_most: int | None = None  # all players in one hand, when not `most` (a Loot alliance counts on both sides)
    in_sentence: str = ""  # its name inside a sentence (English, marked N_: `said` translates it)
    # A counter's buttons as a screen reader says them, whole (each language agrees them with the bonus:
    # "une sirène de plus"), with {name} the player's; English, marked N_: one_more / one_fewer translate.
    more: str = ""
    fewer: str = ""

    @property
    def name(self) -> str:
        """The name as a label shows it, in the reader's language: "Pirate taken by the Skull King"."""
        return _(self.title)  # (the N_ titles of BONUSES)

    @property
    def said(self) -> str:
        """The name inside a sentence, in the reader's language: "pirate taken by the Skull King"."""
        return _(self.in_sentence)  # (the N_ words of BONUSES)

    def one_more(self, name: str) -> str:
        """"Ann: one more pirate taken by the Skull King", in the reader's language."""
        return _(self.more, name=name)  # (the N_ words of BONUSES)

    def one_fewer(self, name: str) -> str:
        return _(self.fewer, name=name)  # (the N_ words of BONUSES)


# Translators: the bonuses of Skull King, each as a label ("Standard 14 captured") and inside a sentence
# ("2 × standard 14 captured"); the Skull King is the game's card (a proper name).
BONUSES: tuple[Bonus, ...] = (
    Bonus("fourteens", N_("Standard 14 captured"), 10, 3, in_sentence=N_("standard 14 captured"),
          more=N_("{name}: one more standard 14 captured"), fewer=N_("{name}: one fewer standard 14 captured")),
    Bonus("black_fourteen", N_("Black 14 captured"), 20, 1, in_sentence=N_("black 14 captured"),
          more=N_("{name}: one more black 14 captured"), fewer=N_("{name}: one fewer black 14 captured")),
    Bonus("mermaids_by_pirate", N_("Mermaid taken by a pirate"), 20, 2, in_sentence=N_("mermaid taken by a pirate"),
          more=N_("{name}: one more mermaid taken by a pirate"), fewer=N_("{name}: one fewer mermaid taken by a pirate")),
    Bonus("pirates_by_skull_king", N_("Pirate taken by the Skull King"), 30, 5,
          in_sentence=N_("pirate taken by the Skull King"), more=N_("{name}: one more pirate taken by the Skull King"),
          fewer=N_("{name}: one fewer pirate taken by the Skull King")),
    Bonus("skull_king_by_mermaid", N_("Skull King taken by a mermaid"), 40, 1,
          in_sentence=N_("Skull King taken by a mermaid"), more=N_("{name}: one more Skull King taken by a mermaid"),
          fewer=N_("{name}: one fewer Skull King taken by a mermaid")),
    Bonus("loot", N_("Loot alliance"), 20, 2, capture=False, hand_most=4, in_sentence=N_("loot alliance"),
          more=N_("{name}: one more loot alliance"), fewer=N_("{name}: one fewer loot alliance")),
)
BONUS_BY_KEY = {bonus.key: bonus for bonus in BONUSES}


@dataclass(frozen=True)
class Rules(oh_heck.Rules):
    """Skull King's rules: the bid-and-tricks rules with the deal fixed by the game (66 cards, hands 1
    to 10, bids at once, no trump turned up) and one choice, the scoring."""

    id: str = "custom"
    name: str = "Skull King"
    deck_size: int = 70  # the 2021 edition without its optional cards: 8 players get at most 8 cards
    trump_names: tuple[str, ...] = (N_("Black"),)
    min_players: int = 2
    max_players: int = 8
    shape: str = "list"
    peak: int | None = None
    hand_list: tuple[int, ...] = tuple(range(1, 11))  # capped by the deck: 8 players' last hands are 8, 8, 8
    trump_turn_up: bool = False
    bids_at_once: bool = True
    scoring: str = "classic"  # "classic" or "rascal"

    kind = KIND

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.scoring not in SCORINGS:
            raise InvalidEntry(_("The scoring must be one of {keys}, not {value}.", keys=", ".join(SCORINGS),
                                 value=excerpt(self.scoring)))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Rules":
        if isinstance(data, Mapping) and "scoring" in data and not isinstance(data["scoring"], str):
            raise InvalidEntry(_("The rule option {name} must be text.", name="scoring"))
        return super().from_dict(data)

    def _checked_score(self, bid: int, tricks: int, cards: int) -> int:
        """The points of a bid and tricks before any bonus."""
        if self.scoring == "rascal":
            potential = 10 * cards
            off = abs(bid - tricks)
            return potential if off == 0 else potential // 2 if off == 1 else 0
        if bid == 0:
            return 10 * cards if tricks == 0 else -10 * cards
        return 20 * bid if bid == tricks else -10 * abs(bid - tricks)

    def bonus_counts(self, bid: int, tricks: int) -> bool:
        """Whether a player's bonuses can score: on a made bid (classic), on a direct hit or a glancing
        blow (Rascal's)."""
        return abs(bid - tricks) <= (1 if self.scoring == "rascal" else 0)

    def points(self, bid: int, tricks: int, cards: int, captured: Mapping[str, int]) -> int:
        """A player's points for a hand: the score of the bid and tricks, and the bonuses that count."""
        return self.score(bid, tricks, cards) + self.bonus_score(bid, tricks, captured)

    def bonus_rule(self) -> str:
        """When bonuses count, in words (for the screen that counts them), in the reader's language."""
        return _("on a direct hit or a glancing blow") if self.scoring == "rascal" else _("on a made bid")

    def bonus_score(self, bid: int, tricks: int, captured: Mapping[str, int]) -> int:
        """What a player's bonuses add: all of them on a made bid; Rascal's glancing blow halves the
        captures and loses the Loot (an alliance pays only on an exact bid); nothing otherwise."""
        if bid == tricks:
            return bonus_points(captured)
        if not self.bonus_counts(bid, tricks):
            return 0
        return bonus_points(captured, captures_only=True) // 2

    def rule_lines(self) -> list[str]:
        lines = [
            _("{fewest} to {most} players, {cards}-card Skull King deck", fewest=self.min_players,
              most=self.max_players, cards=self.deck_size),
            _("Hands: {sizes} cards; capped when the deck runs short",
              sizes=", ".join(str(cards) for cards in self.hand_list)),
            _("Bids shown all at once (Yo-ho-ho!); no dealer's hook"),
        ]
        if self.scoring == "rascal":
            lines += [
                _("Rascal's scoring: each hand is worth 10 points a card dealt"),
                _("Direct hit (bid made): all of it; glancing blow (one trick off): half; complete miss: nothing"),
                _("Bonuses: all on a direct hit, half on a glancing blow (Loot only on a direct hit)"),
            ]
        else:
            lines += [
                _("Bid of 1 or more made: 20 a trick; missed: −10 a trick off"),
                _("Bid of zero made: 10 × the cards dealt; missed: −10 × the cards dealt"),
                _("Bonuses only on a made bid"),
            ]
        # Translators: one bonus and its points in the list of bonuses: "mermaid taken by a pirate +20".
        bonuses = ", ".join(_("{bonus} +{points}", bonus=bonus.said, points=bonus.points) for bonus in BONUSES)
        lines.append(_("Bonuses: {bonuses}", bonuses=bonuses))
        return lines


PRESETS: dict[str, Rules] = {
    rules.id: rules
    for rules in (
        Rules(
            id="skull-king",
            name="Skull King",
            description=N_("Grandpa Beck's pirate game: 10 hands of 1 to 10 cards, bids at once; 20 a trick "
                           "made, −10 a trick off, zero bids worth 10 a card, bonuses for captures."),
        ),
        Rules(
            id="skull-king-rascal",
            name="Skull King, Rascal's scoring",  # (translated where shown: common.GENERIC_NAMES)
            description=N_("Skull King with Rascal's scoring: 10 a card dealt for a direct hit, half for one "
                           "trick off, nothing for more; bonuses for captures."),
            scoring="rascal",
        ),
    )
}
Rules.presets = PRESETS


def bonus_points(captured: Mapping[str, int], captures_only: bool = False) -> int:
    """What these bonuses are worth; `captures_only`: the cards captured, without the Loot alliances."""
    return sum(BONUS_BY_KEY[key].points * count for key, count in captured.items()
               if not captures_only or BONUS_BY_KEY[key].capture)


def bonus_text(captured: Mapping[str, int]) -> str:
    """'2 × standard 14 captured, skull king taken by a mermaid': a player's captures in words."""
    parts = []
    for bonus in BONUSES:
        count = captured.get(bonus.key, 0)
        if count:
            parts.append(bonus.said if count == 1 else _("{count} × {bonus}", count=count, bonus=bonus.said))
    return ", ".join(parts)


@dataclass
class Hand(oh_heck.Hand):
    # Per seat, the bonus cards captured ({} when none), recorded with the tricks; None before them.
    bonuses: tuple[dict[str, int], ...] | None = None

    @property
    def trump_label(self) -> str:
        return ""  # the black suit is always trump: nothing is turned up or recorded


class Game(oh_heck.Game):
    """A game of Skull King. Entries are the family's: {"type": "bids", ...} and {"type": "tricks",
    "hand": i, "values": [...], "bonuses": [{"fourteens": 1, ...}, {}, ...]} (bonuses optional)."""

    kind = KIND
    hand_class = Hand
    SCORING = ()  # Skull King's scoring is the game's own: it doesn't change mid-game

    def __init__(self, players: Sequence[str], rules: Rules, first_dealer: int = 0):
        if not isinstance(rules, Rules):
            raise InvalidEntry(_("Skull King is played with Skull King's rules."))
        super().__init__(players, rules, first_dealer)

    def bonus_of(self, hand: Hand, seat: int) -> int:
        """The points seat's bonuses add to its score this hand."""
        if hand.bonuses is None or hand.bids is None or hand.tricks is None or seat in hand.absent:
            return 0
        return self.rules.bonus_score(hand.bids[seat], hand.tricks[seat], hand.bonuses[seat])

    def _points(self, hand: Hand) -> tuple[int, ...]:
        base = super()._points(hand)
        if not hand.bonuses:
            return base
        return tuple(points + self.bonus_of(hand, seat) for seat, points in enumerate(base))

    def check_bonuses(self, hand: Hand, tricks: Sequence[int], bonuses: Any) -> tuple[dict[str, int], ...]:
        """The captures of a hand, one set per seat, checked against the deck and the tricks: a player
        captures cards only in tricks they took, and only a bid that counts earns them."""
        count = len(self.players)
        if bonuses is None:
            return tuple({} for _seat in range(count))
        if isinstance(bonuses, (str, bytes, Mapping)) or not isinstance(bonuses, Sequence) or len(bonuses) != count:
            raise InvalidEntry(_("The bonuses of hand {number} must be a list with one set per player.",
                                 number=hand.number))
        checked: list[dict[str, int]] = []
        in_hand = dict.fromkeys(BONUS_BY_KEY, 0)
        for seat, captured in enumerate(bonuses):
            name = self.players[seat]
            if not isinstance(captured, Mapping):
                raise InvalidEntry(_("{name}'s bonuses in hand {number} must be a set of named counts.",
                                     name=name, number=hand.number))
            if seat in hand.absent:
                if captured:
                    raise InvalidEntry(_("{name} is not in hand {number}, so captured no card for a bonus.",
                                         name=name, number=hand.number))
                checked.append({})
                continue
            kept: dict[str, int] = {}
            for key, number in captured.items():
                bonus = BONUS_BY_KEY.get(key) if isinstance(key, str) else None
                if bonus is None:
                    raise InvalidEntry(_("There is no bonus {key}; the bonuses are {keys}.", key=excerpt(key),
                                         keys=", ".join(BONUS_BY_KEY)))
                if type(number) is not int:
                    # Translators: a player's count of one bonus: "Ann's mermaid taken by a pirate".
                    check_whole_number(number, _("{name}'s {bonus}", name=name, bonus=bonus.said))
                if not 0 <= number <= bonus.most:
                    raise InvalidEntry(_("{name}'s {bonus}: {value} can't be; count 0 to {most}.", name=name,
                                         bonus=bonus.said, value=excerpt(number), most=bonus.most))
                if number:
                    kept[key] = number
                    in_hand[key] += number
            captures = sum(number for key, number in kept.items() if BONUS_BY_KEY[key].capture)
            if captures and tricks[seat] == 0:
                raise InvalidEntry(_("{name} took no trick in hand {number}, so captured no card for a bonus.",
                                     name=name, number=hand.number))
            if kept and not self.rules.bonus_counts(hand.bids[seat], tricks[seat]):
                values = {"name": name, "bid": hand.bids[seat], "took": tricks[seat]}
                raise InvalidEntry(
                    _("{name} bid {bid} and took {took}: bonuses count only on a direct hit or a glancing blow.",
                      **values) if self.rules.scoring == "rascal" else
                    _("{name} bid {bid} and took {took}: bonuses count only on a made bid.", **values))
            if captures > tricks[seat] * count:  # the cards of the tricks they took
                raise InvalidEntry(_n("{name} took {count} trick in hand {number}: too few cards for that many bonuses.",
                                      "{name} took {count} tricks in hand {number}: too few cards for that many "
                                      "bonuses.", tricks[seat], name=name, number=hand.number))
            checked.append(kept)
        for key, number in in_hand.items():
            bonus = BONUS_BY_KEY[key]
            most = bonus.hand_most or bonus.most
            if number > most:
                values = {"hand": hand.number, "number": number, "bonus": bonus.said}
                raise InvalidEntry(
                    _("Hand {hand} counts {number} × {bonus}, but the deck has only one: correct the bonuses.",
                      **values) if most == 1 else
                    _("Hand {hand} counts {number} × {bonus}, but the deck has only {most}: correct the bonuses.",
                      most=most, **values))
        if in_hand["pirates_by_skull_king"] > count - 1:
            raise InvalidEntry(_n("The Skull King can take at most {count} pirate in one trick with {players} players.",
                                  "The Skull King can take at most {count} pirates in one trick with {players} players.",
                                  count - 1, players=count))
        if in_hand["pirates_by_skull_king"] and in_hand["skull_king_by_mermaid"]:
            raise InvalidEntry(_("Hand {number} had one Skull King: it can't both take pirates and be taken by a "
                                 "mermaid. Correct the bonuses.", number=hand.number))
        return tuple(checked)

    def set_tricks(self, index: int, tricks: Sequence[int], bonuses: Any = None) -> None:
        """Record (or correct) the tricks of a hand with the bonus cards each player captured."""
        hand = self._check_reachable(index)
        if hand.bids is None:
            raise InvalidEntry(_("Enter the bids of hand {number} before its tricks.", number=hand.number))
        checked = self.check_bonuses(hand, self._check_counts(tricks, hand, "tricks"), bonuses)
        before = hand.bonuses
        hand.bonuses = checked
        try:
            super().set_tricks(index, tricks)
        except InvalidEntry:
            hand.bonuses = before
            raise

    def set_bids(self, index: int, bids: Sequence[int], against_hook: bool = False) -> None:
        """Record (or correct) the bids; a correction after which a player's bid no longer lets their
        bonuses count drops those bonuses (the score card never keeps counts that score nothing)."""
        super().set_bids(index, bids, against_hook)
        hand = self.hands[index]
        if hand.bonuses and hand.tricks is not None:
            kept = tuple(captured if seat in hand.absent or self.rules.bonus_counts(hand.bids[seat], hand.tricks[seat])
                         else {}
                         for seat, captured in enumerate(hand.bonuses))
            if kept != hand.bonuses:
                hand.bonuses = kept
                hand.points = self._points(hand)

    def apply(self, action: Mapping[str, Any]) -> None:
        if action.get("type") == "tricks":
            self.set_tricks(action.get("hand"), action.get("values"), action.get("bonuses"))
            self._restart()
        else:
            super().apply(action)

    def stats(self) -> list[dict[str, int]]:
        rows = super().stats()
        for seat, row in enumerate(rows):
            row["bonus_points"] = sum(self.bonus_of(hand, seat) for hand in self.hands if hand.played)
        return rows
