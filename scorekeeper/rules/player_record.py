"""A player's record across games: what the player page shows (docs/statistics.md defines each figure).

Each finished game leaves, per seat, its place and a small record the store keeps beside it
(`seat_records`): for the
bid-and-tricks family, how the player's bids went hand by hand, boiled down to counts and the three
lengths a streak of made bids needs to carry across games. `combine` adds the records of one player's
games, oldest first, into a PlayerRecord; `head_to_head` compares two players' places in the games
they sat in together. Nothing here reads storage: the store hands over rows, the engine says what
they add up to.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

# A stored record is at most this many hand sizes (the largest deck a kind deals from is 2 x 52 + 2
# jokers, so no hand is bigger), so a damaged or hand-made record can't make a page unbounded.
MAX_HAND_SIZE = 120


@dataclass(frozen=True)
class HandSize:
    cards: int  # cards dealt to each player
    hands: int  # hands of this size the player bid in
    made: int  # ... and made the bid


@dataclass(frozen=True)
class BidRecord:
    """How a player's bids went over many hands (bid-and-tricks games only)."""

    hands: int
    made: int
    by_size: tuple[HandSize, ...]  # smallest hand first; only sizes the player bid in
    zero_bids: int
    zero_made: int
    over: int  # hands where the bid was higher than the tricks taken
    under: int  # hands where the bid was lower than the tricks taken
    hooked: int  # hands the player dealt under the hook with a bid actually forbidden
    hooked_made: int  # ... and made the bid anyway
    longest_streak: int  # made bids in a row, across games in the order they were played

    @property
    def lean(self) -> str:
        """"high" when the misses were mostly bids above the tricks taken, "low" when mostly below, "even"."""
        if self.over > self.under:
            return "high"
        if self.under > self.over:
            return "low"
        return "even"


@dataclass(frozen=True)
class GameLine:
    """One finished game of the player, as the store keeps it."""

    game_id: str
    finished_at: Any  # when the game ended (a datetime), None when not known
    title: str  # the game's own name, "" when none
    score: int  # final score
    place: int  # 1 for the winner(s); shared places are equal
    highest_wins: bool
    won: bool
    record: Mapping[str, Any]  # seat_records()[seat] of that game


@dataclass(frozen=True)
class PlayerRecord:
    games: int
    wins: int
    best: GameLine | None  # the best score, first game to reach it; scores compare within one direction
    worst: GameLine | None  # the worst score, first game to reach it
    bids: BidRecord | None  # None when none of the games is a bid-and-tricks game


@dataclass(frozen=True)
class HeadToHead:
    games: int  # finished games both players sat in
    ahead: int  # games the player finished in a better place than the other
    behind: int
    level: int  # the same place (a shared win, a shared second place...)


# ----- what one game leaves -----

def seat_records(game: Any) -> list[dict[str, Any]]:
    """Per seat, what the player page needs from this game beyond its score and place: for kinds
    whose hands have bids, the bid figures (`Game.bid_records()`); nothing for the others."""
    bid_records = getattr(game, "bid_records", None)
    if bid_records is None:
        return [{} for _ in game.players]
    return [{"bids": figures} for figures in bid_records()]


def bid_record_of(hands: Iterable[Any], seat: int, forbidden_bid) -> dict[str, Any]:
    """One seat's bid figures over the played hands of one game (each with cards, dealer, hook, bids,
    tricks), as JSON-ready counts. `forbidden_bid(cards, others_bids)` is the rules' hook; a hand
    counts as hooked when the seat dealt it and the hook forbade a bid that could be made.

    "streak" is [made before the first miss, longest run, made after the last miss]: enough to
    chain runs across games (a game with no miss is all three at once)."""
    sizes: dict[int, list[int]] = {}
    zero = [0, 0]
    over = under = 0
    hooked = [0, 0]
    run = longest = 0
    lead = None
    for hand in hands:
        bid, took = hand.bids[seat], hand.tricks[seat]
        made = bid == took
        size = sizes.setdefault(hand.cards, [0, 0])
        size[0] += 1
        size[1] += made
        if bid == 0:
            zero[0] += 1
            zero[1] += made
        over += bid > took
        under += bid < took
        if hand.hook and hand.dealer == seat and forbidden_bid(
                hand.cards, [b for other, b in enumerate(hand.bids) if other != seat]) is not None:
            hooked[0] += 1
            hooked[1] += made
        if made:
            run += 1
            longest = max(longest, run)
        else:
            if lead is None:
                lead = run
            run = 0
    return {"sizes": {str(cards): counts for cards, counts in sorted(sizes.items())}, "zero": zero,
            "over": over, "under": under, "hooked": hooked,
            "streak": [run if lead is None else lead, longest, run]}


# ----- what many games add up to -----

def checked(record: Any) -> dict[str, Any]:
    """A stored seat record, checked to be what seat_records() writes (counts, not anything else);
    raises ValueError naming what is wrong. The store leaves a game whose record fails out, named."""
    if type(record) is not dict:
        raise ValueError("its player record is not a set of figures")
    if "bids" in record:
        bids = record["bids"]
        if type(bids) is not dict:
            raise ValueError("its bid figures can't be read")
        sizes = bids.get("sizes")
        if type(sizes) is not dict or len(sizes) > MAX_HAND_SIZE:
            raise ValueError("its hand sizes can't be read")
        hands = 0
        for cards, counts in sizes.items():
            if not (cards.isascii() and cards.isdigit() and 1 <= int(cards) <= MAX_HAND_SIZE):
                raise ValueError(f"it has a hand of {cards[:20]!r} cards")
            hands += _pair(counts, "hand size")[0]
        _pair(bids.get("zero"), "zero bid")
        _pair(bids.get("hooked"), "hook")
        _count(bids.get("over"), "over")
        _count(bids.get("under"), "under")
        lead, longest, tail = (_count(value, "streak") for value in _list(bids.get("streak"), 3, "streak"))
        if max(lead, longest, tail) > hands or lead > longest or tail > longest:
            raise ValueError("its streak is longer than its hands")
    return record


def combine(lines: Sequence[GameLine]) -> PlayerRecord:
    """The record of a player's games, given oldest first, each line's record checked()."""
    if not lines:
        return PlayerRecord(games=0, wins=0, best=None, worst=None, bids=None)
    # Scores compare within one direction: the highest-wins games when there are any, else the lowest-wins.
    high = any(line.highest_wins for line in lines)
    scored = [line for line in lines if line.highest_wins == high]
    best = worst = scored[0]
    for line in scored[1:]:  # strictly better or worse: the first game to reach a score keeps it
        if (line.score > best.score) == high and line.score != best.score:
            best = line
        if (line.score < worst.score) == high and line.score != worst.score:
            worst = line
    return PlayerRecord(games=len(lines), wins=sum(line.won for line in lines), best=best, worst=worst,
                        bids=_bids([line.record["bids"] for line in lines if "bids" in line.record]))


def _bids(records: Sequence[Mapping[str, Any]]) -> BidRecord | None:
    if not records:
        return None
    sizes: dict[int, list[int]] = {}
    zero, hooked = [0, 0], [0, 0]
    over = under = 0
    longest = run = 0
    for record in records:
        hands = 0
        for cards, (played, made) in record["sizes"].items():
            hands += played
            into = sizes.setdefault(int(cards), [0, 0])
            into[0] += played
            into[1] += made
        for into, key in ((zero, "zero"), (hooked, "hooked")):
            into[0] += record[key][0]
            into[1] += record[key][1]
        over += record["over"]
        under += record["under"]
        lead, longest_here, tail = record["streak"]
        if lead == hands:  # no miss in this game: the run goes on through it
            run += hands
        else:
            longest = max(longest, run + lead)
            run = tail
        longest = max(longest, longest_here, run)
    by_size = tuple(HandSize(cards, played, made) for cards, (played, made) in sorted(sizes.items()))
    return BidRecord(hands=sum(s.hands for s in by_size), made=sum(s.made for s in by_size), by_size=by_size,
                     zero_bids=zero[0], zero_made=zero[1], over=over, under=under, hooked=hooked[0],
                     hooked_made=hooked[1], longest_streak=longest)


def head_to_head(places: Iterable[tuple[int, int]]) -> HeadToHead:
    """(the player's place, the other's place) per game they both finished, into a record."""
    ahead = behind = level = 0
    for mine, theirs in places:
        ahead += mine < theirs
        behind += mine > theirs
        level += mine == theirs
    return HeadToHead(games=ahead + behind + level, ahead=ahead, behind=behind, level=level)


def _count(value: Any, what: str) -> int:
    if type(value) is not int or value < 0:
        raise ValueError(f"its {what} figure is not a count")
    return value


def _list(value: Any, length: int, what: str) -> list:
    if type(value) is not list or len(value) != length:
        raise ValueError(f"its {what} figures are not {length} counts")
    return value


def _pair(value: Any, what: str) -> tuple[int, int]:
    """[played, made], checked (run for every hand size of every game a page reads: kept plain)."""
    if type(value) is not list or len(value) != 2:
        raise ValueError(f"its {what} figures are not 2 counts")
    played, made = value
    if type(played) is not int or type(made) is not int or made < 0:
        raise ValueError(f"its {what} figure is not a count")
    if made > played:
        raise ValueError(f"its {what} figures make more bids than were played")
    return played, made
