"""The player page's figures (rules.player_record), each against a worked example done by hand, and the
streak's carrying across games against the longest run over all hands at once."""
from __future__ import annotations

import dataclasses
from types import SimpleNamespace

import pytest
from hypothesis import given, strategies as st

from scorekeeper.rules import PRESETS
from scorekeeper.rules.oh_heck import Game
from scorekeeper.rules.player_record import (BidRecord, GameLine, HandSize, HeadToHead, SeatBids, bid_record_of,
                                             checked, combine, head_to_head, seat_records)
from scorekeeper.rules.score_pad import Game as PadGame, PRESETS as PAD_PRESETS

FOUR_HANDS = dataclasses.replace(PRESETS["oh-heck"], id="custom", shape="list", hand_list=(7, 6, 5, 4), hook=True,
                                 random_first_dealer=False)


def played(game: Game, *hands: tuple[list[int], list[int]]) -> Game:
    for index, (bids, tricks) in enumerate(hands):
        game.apply({"type": "bids", "hand": index, "values": bids})
        game.apply({"type": "tricks", "hand": index, "values": tricks})
    return game


def test_one_game_s_bid_figures_match_the_hand_worked_example():
    # Ann, Bob, Cy; Ann deals hand 1, Bob hand 2, Cy hand 3, Ann hand 4. Bids and tricks in seat order.
    #   hand 1, 7 cards: bids 2,3,1; the others bid 4, so Ann (dealing) may not bid 3: hooked. Took 2,4,1:
    #            Ann made (hooked, made it), Bob under (bid 3, took 4), Cy made.
    #   hand 2, 6 cards: bids 0,2,3; Bob deals, the others bid 3, 3 forbidden: Bob hooked. Took 0,1,5:
    #            Ann made a zero, Bob over (bid 2, took 1; hooked, missed), Cy under.
    #   hand 3, 5 cards: bids 0,5,1; Cy deals, the others bid 5, 0 forbidden: Cy hooked. Took 1,3,1:
    #            Ann's zero missed (under), Bob over, Cy made (hooked, made it).
    #   hand 4, 4 cards: bids 0,3,2; Ann deals, the others bid 5 > 4 cards: no bid forbidden, not hooked.
    #            Took 0,2,2: Ann made a zero, Bob over, Cy made.
    game = played(Game(["Ann", "Bob", "Cy"], FOUR_HANDS, first_dealer=0),
                  ([2, 3, 1], [2, 4, 1]), ([0, 2, 3], [0, 1, 5]), ([0, 5, 1], [1, 3, 1]), ([0, 3, 2], [0, 2, 2]))
    ann, bob, cy = game.bid_records()
    # Ann: made, made, missed, made -> 2 made before the first miss, longest run 2, 1 after the last miss.
    assert ann == SeatBids(hands=4, made=3, zero=3, zero_made=2, over=0, under=1, hooked=1, hooked_made=1,
                           streak_lead=2, streak_longest=2, streak_tail=1, sizes=(4, 1, 1, 5, 1, 0, 6, 1, 1, 7, 1, 1))
    assert bob == SeatBids(hands=4, made=0, zero=0, zero_made=0, over=3, under=1, hooked=1, hooked_made=0,
                           streak_lead=0, streak_longest=0, streak_tail=0, sizes=(4, 1, 0, 5, 1, 0, 6, 1, 0, 7, 1, 0))
    # Cy: made, missed, made, made.
    assert cy == SeatBids(hands=4, made=3, zero=0, zero_made=0, over=0, under=1, hooked=1, hooked_made=1,
                          streak_lead=1, streak_longest=2, streak_tail=2, sizes=(4, 1, 1, 5, 1, 1, 6, 1, 0, 7, 1, 1))
    assert seat_records(game) == [ann, bob, cy]
    assert all(checked(bids) == bids for bids in seat_records(game))


def test_a_hand_without_the_hook_never_counts_as_hooked():
    free = dataclasses.replace(FOUR_HANDS, hook=False)
    game = played(Game(["Ann", "Bob", "Cy"], free, first_dealer=0), ([3, 3, 1], [2, 4, 1]))
    assert [(bids.hooked, bids.hooked_made) for bids in game.bid_records()] == [(0, 0), (0, 0), (0, 0)]


def test_a_kind_without_bids_leaves_an_empty_record():
    pad = PadGame(["Ann", "Bob"], PAD_PRESETS["score-pad"])
    assert seat_records(pad) == [None, None]


def line(game_id: str, score: int, bids: SeatBids | None = None, highest_wins: bool = True, won: bool = False,
         place: int = 1) -> GameLine:
    return GameLine(game_id=game_id, score=score, place=place, highest_wins=highest_wins, won=won, bids=bids)


def bids(sizes: dict, streak: list[int], zero=(0, 0), over=0, under=0, hooked=(0, 0)) -> SeatBids:
    """SeatBids from the hand sizes ({cards: [played, made]}) and the rest, as a person writes them down."""
    played = sum(counts[0] for counts in sizes.values())
    made = sum(counts[1] for counts in sizes.values())
    return SeatBids(played, made, *zero, over, under, *hooked, *streak,
                    sizes=[n for cards, counts in sorted(sizes.items()) for n in (cards, *counts)])


def test_games_add_up_and_a_streak_carries_across_them():
    # Game 1: 6 hands of 3 cards, 4 made; made before the first miss 2, longest run 3, after the last miss 1.
    # Game 2: 4 hands of 2 cards, all made: the run from game 1 goes on, 1 + 4 = 5.
    # Game 3: 5 hands (2 of 3 cards, 3 of 1), 2 made, both before its first miss: 5 + 2 = 7, the longest.
    first = bids({3: [6, 4]}, [2, 3, 1], zero=(2, 1), over=1, under=1, hooked=(1, 0))
    second = bids({2: [4, 4]}, [4, 4, 4], zero=(1, 1), hooked=(1, 1))
    third = bids({1: [3, 1], 3: [2, 1]}, [2, 2, 0], zero=(3, 1), over=3)
    assert all(checked(game) == game for game in (first, second, third))
    record = combine([line("g1", 40, first, won=True), line("g2", 55, second), line("g3", 12, third)])
    assert record.bids == BidRecord(
        hands=15, made=10, by_size=(HandSize(1, 3, 1), HandSize(2, 4, 4), HandSize(3, 8, 5)), zero_bids=6,
        zero_made=3, over=4, under=1, hooked=2, hooked_made=1, longest_streak=7)
    assert record.bids.lean == "high"
    assert (record.games, record.wins, record.best.game_id, record.worst.game_id) == (3, 1, "g2", "g3")


def test_the_longest_run_inside_one_game_counts_when_nothing_carries():
    record = combine([line("g1", 1, bids({5: [5, 3]}, [0, 2, 1], over=2)),
                      line("g2", 1, bids({5: [5, 3]}, [0, 3, 0], under=2))])
    assert record.bids.longest_streak == 3  # game 2's own run; game 1's tail (1) + game 2's lead (0) is 1


def test_best_and_worst_compare_within_one_direction_and_the_first_game_to_reach_a_score_keeps_it():
    # Highest-wins games count when there are any: the lowest-wins game's 3 is neither best nor worst.
    mixed = combine([line("a", 30), line("b", 3, highest_wins=False), line("c", 50), line("d", 50), line("e", 30)])
    assert (mixed.best.game_id, mixed.worst.game_id) == ("c", "a")
    # Only lowest-wins games (penalty points): the best is the lowest.
    low = combine([line("a", 30, highest_wins=False), line("b", 12, highest_wins=False),
                   line("c", 44, highest_wins=False), line("d", 12, highest_wins=False)])
    assert (low.best.game_id, low.worst.game_id, low.bids) == ("b", "c", None)


def test_no_games_is_an_empty_record():
    empty = combine([])
    assert (empty.games, empty.wins, empty.best, empty.worst, empty.bids) == (0, 0, None, None, None)


def test_head_to_head_compares_places():
    # Ahead in game 1 (1st vs 2nd), behind in games 2 and 4, level in game 3 (a shared win).
    assert head_to_head([(1, 2), (2, 1), (1, 1), (3, 2)]) == HeadToHead(games=4, ahead=1, behind=2, level=1)
    assert head_to_head([]) == HeadToHead(0, 0, 0, 0)


GOOD = bids({3: [2, 1], 5: [3, 2]}, [1, 2, 1], zero=(1, 1), over=1, under=1, hooked=(1, 1))


@pytest.mark.parametrize("damage", [
    {"hands": "5"}, {"made": -1}, {"zero": True}, {"over": 1.0}, {"streak_tail": None},
    {"over": 2},  # made 3 + over 2 + under 1 is not 5 hands
    {"zero": 6}, {"zero_made": 2}, {"hooked": 6}, {"hooked_made": 2},  # more than there were
    {"streak_longest": 4},  # longer than the bids made
    {"streak_lead": 3},  # longer than the longest
    {"sizes": "3,2,1,5,3,2"}, {"sizes": [3, 2, 1, 5, 3]}, {"sizes": [3, 2, 1, 5, 3, "2"]},
    {"sizes": [0, 2, 1, 5, 3, 2]}, {"sizes": [121, 2, 1, 5, 3, 2]},  # no hand of 0 or 121 cards
    {"sizes": [3, 2, 3, 5, 3, 0]},  # more made than played in a size
    {"sizes": [3, 2, 1, 5, 3, 1]},  # the sizes make 2 bids, the game 3
    {"sizes": [n for cards in range(1, 122) for n in (cards, 0, 0)]},  # unbounded
])
def test_figures_not_as_written_are_refused(damage):
    assert checked(GOOD) == GOOD
    with pytest.raises(ValueError):
        checked(GOOD._replace(**damage))


# ----- the streak across games equals the longest run over every hand at once -----

outcomes = st.lists(st.lists(st.booleans(), min_size=1, max_size=12), min_size=1, max_size=8)


@given(outcomes)
def test_the_streak_across_games_is_the_longest_run_of_made_bids_in_order(games):
    lines = []
    for number, made_flags in enumerate(games):
        hands = [SimpleNamespace(cards=3, dealer=1, hook=False, bids=(1,), tricks=(1 if made else 0,))
                 for made in made_flags]
        lines.append(line(f"g{number}", 0, checked(bid_record_of(hands, 0, lambda cards, others: None))))
    every_hand = [made for flags in games for made in flags]
    longest = run = 0
    for made in every_hand:
        run = run + 1 if made else 0
        longest = max(longest, run)
    record = combine(lines).bids
    assert record.longest_streak == longest
    assert (record.hands, record.made, record.under) == (len(every_hand), sum(every_hand), 0)
    assert record.over == len(every_hand) - sum(every_hand)
