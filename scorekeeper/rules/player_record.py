"""A player's record across games: what the player page shows (docs/statistics.md defines each figure).

Each finished game leaves, per seat, its place and, for the bid-and-tricks family, how the player's
bids went (`seat_records`): plain counts, the hand sizes, and the three lengths a streak of made bids
needs to carry across games. `combine` adds the records of one player's
games, oldest first, into a PlayerRecord; `head_to_head` compares two players' places in the games
they sat in together. Nothing here reads storage: the store hands over rows, the engine says what
they add up to.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, NamedTuple, Sequence

from scorekeeper.i18n import _, _n

# A stored record is at most this many hand sizes (the largest deck a kind deals from is 2 x 52 + 2
# jokers, so no hand is bigger), so a damaged or hand-made record can't make a page unbounded.
MAX_HAND_SIZE = 120


class SeatBids(NamedTuple):
    """How one player's bids went in one game: plain counts the store keeps beside the seat (one
    integer column each, so a page over thousands of games reads numbers, not documents). A named
    tuple: a page builds one per game, thousands at a time."""

    hands: int
    made: int
    zero: int  # zero bids
    zero_made: int
    over: int  # hands where the bid was higher than the tricks taken
    under: int  # hands where the bid was lower than the tricks taken
    hooked: int  # hands the player dealt under the hook with a bid actually forbidden
    hooked_made: int  # ... and made the bid anyway
    # The three lengths a streak of made bids needs to carry across games
    streak_lead: int  # made before the first miss (every hand when none was missed)
    streak_longest: int
    streak_tail: int  # made after the last miss
    sizes: Sequence[int] = ()  # flat: cards, hands played, hands made, for each size, smallest first


SEAT_BID_COUNTS = SeatBids._fields[:-1]  # all but the sizes


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
    over: int
    under: int
    hooked: int
    hooked_made: int
    longest_streak: int  # made bids in a row, across games in the order they were played

    @property
    def lean(self) -> str:
        """"high" when the misses were mostly bids above the tricks taken, "low" when mostly below, "even"."""
        if self.over > self.under:
            return "high"
        if self.under > self.over:
            return "low"
        return "even"


class GameLine(NamedTuple):
    """One finished game of the player, as the store keeps it (a named tuple, as SeatBids)."""

    game_id: str
    score: int  # final score
    place: int  # 1 for the winner(s); shared places are equal
    highest_wins: bool
    won: bool
    bids: SeatBids | None  # seat_records()[seat] of that game, checked(); None for kinds without bids
    # For the games a page names (the best, the worst); the store may leave them out of the others
    finished_at: Any = None  # when the game ended (a datetime), None when not known
    title: str = ""  # the game's own name, "" when none

    def named(self, finished_at: Any, title: str) -> GameLine:
        """The same game with when it ended and its name, for a page that names it."""
        return self._replace(finished_at=finished_at, title=title)


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

def seat_records(game: Any) -> list[SeatBids | None]:
    """Per seat, what the player page needs from this game beyond its score and place: for kinds
    whose hands have bids, the bid figures (`Game.bid_records()`); None for the others."""
    bid_records = getattr(game, "bid_records", None)
    return [None for _seat in game.players] if bid_records is None else bid_records()


def bid_record_of(hands: Iterable[Any], seat: int, forbidden_bid) -> SeatBids:
    """One seat's bid figures over the played hands of one game (each with cards, dealer, hook, bids,
    tricks). `forbidden_bid(cards, others_bids)` is the rules' hook; a hand counts as hooked when the
    seat dealt it and the hook forbade a bid that could be made."""
    sizes: dict[int, list[int]] = {}
    played = made_count = zero = zero_made = over = under = hooked = hooked_made = 0
    run = longest = 0
    lead = None
    for hand in hands:
        bid, took = hand.bids[seat], hand.tricks[seat]
        made = bid == took
        played += 1
        made_count += made
        size = sizes.setdefault(hand.cards, [0, 0])
        size[0] += 1
        size[1] += made
        if bid == 0:
            zero += 1
            zero_made += made
        over += bid > took
        under += bid < took
        if hand.hook and hand.dealer == seat and forbidden_bid(
                hand.cards, [b for other, b in enumerate(hand.bids) if other != seat and b is not None]) is not None:
            hooked += 1
            hooked_made += made
        if made:
            run += 1
            longest = max(longest, run)
        else:
            if lead is None:
                lead = run
            run = 0
    return SeatBids(hands=played, made=made_count, zero=zero, zero_made=zero_made, over=over, under=under,
                    hooked=hooked, hooked_made=hooked_made, streak_lead=run if lead is None else lead,
                    streak_longest=longest, streak_tail=run,
                    sizes=tuple(n for cards, counts in sorted(sizes.items()) for n in (cards, *counts)))


# ----- what many games add up to -----

def checked(bids: SeatBids) -> SeatBids:
    """Stored bid figures, checked to be what bid_record_of() writes (whole counts that agree with
    each other); raises ValueError naming what is wrong. The store leaves a game whose figures fail
    out, named. Run for every game a page reads: kept to plain comparisons."""
    counts = (bids.hands, bids.made, bids.zero, bids.zero_made, bids.over, bids.under, bids.hooked,
              bids.hooked_made, bids.streak_lead, bids.streak_longest, bids.streak_tail)
    for count in counts:
        if type(count) is not int or count < 0:
            raise ValueError(_("a bid figure is not a count"))
    hands, made = bids.hands, bids.made
    if made + bids.over + bids.under != hands:
        raise ValueError(_("its bids made and missed don't add up to its hands"))
    if bids.zero_made > bids.zero or bids.zero > hands or bids.hooked_made > bids.hooked or bids.hooked > hands:
        raise ValueError(_("its zero bids or hooked hands don't fit its hands"))
    if (bids.streak_longest > made or bids.streak_lead > bids.streak_longest
            or bids.streak_tail > bids.streak_longest):
        raise ValueError(_("its streak is longer than its bids made"))
    sizes = bids.sizes
    if type(sizes) is not list and type(sizes) is not tuple or len(sizes) % 3 or len(sizes) > 3 * MAX_HAND_SIZE:
        raise ValueError(_("its hand sizes can't be read"))
    played_total = made_total = 0
    for at in range(0, len(sizes), 3):
        cards, played, made_here = sizes[at], sizes[at + 1], sizes[at + 2]
        if type(cards) is not int or type(played) is not int or type(made_here) is not int:
            raise ValueError(_("a hand size figure is not a count"))
        if not 1 <= cards <= MAX_HAND_SIZE or not 0 <= made_here <= played:
            raise ValueError(_n("it has {made} of {played} bids made in hands of {count} card",
                                "it has {made} of {played} bids made in hands of {count} cards", cards,
                                made=made_here, played=played))
        played_total += played
        made_total += made_here
    if (played_total, made_total) != (hands, made):
        raise ValueError(_("its hand sizes don't add up to its hands"))
    return bids


def combine(lines: Sequence[GameLine]) -> PlayerRecord:
    """The record of a player's games, given oldest first, each line's bids checked()."""
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
                        bids=_bids([line.bids for line in lines if line.bids is not None]))


def _bids(records: Sequence[SeatBids]) -> BidRecord | None:
    if not records:
        return None
    sizes: dict[int, list[int]] = {}
    zero = zero_made = over = under = hooked = hooked_made = 0
    longest = run = 0
    for record in records:
        flat = record.sizes
        for at in range(0, len(flat), 3):
            into = sizes.get(flat[at])
            if into is None:
                sizes[flat[at]] = [flat[at + 1], flat[at + 2]]
            else:
                into[0] += flat[at + 1]
                into[1] += flat[at + 2]
        zero += record.zero
        zero_made += record.zero_made
        hooked += record.hooked
        hooked_made += record.hooked_made
        over += record.over
        under += record.under
        if record.streak_lead == record.hands:  # no miss in this game: the run goes on through it
            run += record.hands
        else:
            longest = max(longest, run + record.streak_lead)
            run = record.streak_tail
        longest = max(longest, record.streak_longest, run)
    by_size = tuple(HandSize(cards, played, made) for cards, (played, made) in sorted(sizes.items()))
    return BidRecord(hands=sum(s.hands for s in by_size), made=sum(s.made for s in by_size), by_size=by_size,
                     zero_bids=zero, zero_made=zero_made, over=over, under=under, hooked=hooked,
                     hooked_made=hooked_made, longest_streak=longest)


def head_to_head(places: Iterable[tuple[int, int]]) -> HeadToHead:
    """(the player's place, the other's place) per game they both finished, into a record."""
    ahead = behind = level = 0
    for mine, theirs in places:
        ahead += mine < theirs
        behind += mine > theirs
        level += mine == theirs
    return HeadToHead(games=ahead + behind + level, ahead=ahead, behind=behind, level=level)
