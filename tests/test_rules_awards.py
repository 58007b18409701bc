"""Awards on game over (rules/awards.py, docs/awards.md), each with a game worked out by hand."""
import dataclasses

from scorekeeper.rules import PRESETS, Game, outcome, score_pad, spades
from scorekeeper.rules.awards import awards
from scorekeeper.rules.outcome import ENDED_EARLY, FINISHED, PLAYING


def oh_heck(plan, names=("Ann", "Bob", "Cy")):
    """An Oh Heck game cut to len(plan) hands (10 + 2 a trick made, -5 a trick off), first dealer Ann."""
    rules = dataclasses.replace(PRESETS["oh-heck"], hook=False, shape="list", hand_list=tuple(c for c, _, _ in plan))
    game = Game(list(names), rules, first_dealer=0)
    for index, (_, bids, tricks) in enumerate(plan):
        game.apply({"type": "bids", "hand": index, "values": bids})
        game.apply({"type": "tricks", "hand": index, "values": tricks})
    return game


def by_key(game, status=FINISHED):
    return {award.key: award for award in awards(game, outcome(game, status))}


def test_the_family_awards_worked_by_hand():
    game = oh_heck([
        (3, [3, 0, 0], [3, 0, 0]),  # Ann +16, Bob +10, Cy +10           -> 16, 10, 10
        (2, [0, 1, 0], [0, 0, 2]),  # Ann +10, Bob -5, Cy -10            -> 26, 5, 0
        (4, [0, 2, 2], [0, 2, 2]),  # Ann +10 (zero with 4 cards), Bob +14, Cy +14 -> 36, 19, 14
        (5, [1, 0, 4], [0, 1, 4]),  # Ann -5, Bob -5, Cy +18             -> 31, 14, 32
    ])
    assert game.totals() == [31, 14, 32]
    found = by_key(game)
    # Cy won; after hand 2 he trailed Ann by 26, the most he ever did.
    assert found["comeback"].seats == (2,) and found["comeback"].detail == "won from 26 behind after hand 2"
    assert found["best-hand"].seats == (2,) and found["best-hand"].detail == "+18 in hand 4"
    # Bids made: Ann 3 (hands 1-3), Bob 2 (1, 3), Cy 3 (1, 3, 4): Ann and Cy share it.
    assert found["exact-bidder"].seats == (0, 2) and found["exact-bidder"].detail == "made 3 of 4 bids"
    # Zero bids made: Bob and Cy in hand 1 (3 cards), Ann in hands 2 and 3 (4 cards): Ann's in hand 3.
    assert found["boldest-zero"].seats == (0,)
    assert found["boldest-zero"].detail == "bid 0 and took none with 4 cards in hand 3"
    assert [award.key for award in awards(game, outcome(game, FINISHED))] == [
        "comeback", "best-hand", "exact-bidder", "boldest-zero"]


def test_no_comeback_for_a_winner_who_led_all_along_and_no_awards_without_a_winner():
    game = oh_heck([(2, [2, 0, 0], [2, 0, 0]), (1, [1, 1, 0], [1, 0, 0])])  # Ann 14 then +12: always ahead
    assert "comeback" not in by_key(game)
    assert by_key(game, ENDED_EARLY) == {}  # ended early: nobody won
    rules = dataclasses.replace(PRESETS["oh-heck"], hook=False, shape="list", hand_list=(2, 2))
    playing = Game(["Ann", "Bob", "Cy"], rules, first_dealer=0)
    playing.apply({"type": "bids", "hand": 0, "values": [2, 0, 0]})
    playing.apply({"type": "tricks", "hand": 0, "values": [2, 0, 0]})
    assert by_key(playing, PLAYING) == {}  # in play: not decided


def test_a_score_pad_gets_the_awards_read_from_its_totals_only():
    game = score_pad.Game(["Ann", "Bob"], score_pad.PRESETS["score-pad"])
    for points in ([10, 0], [0, 25], [0, 5]):  # 10, 0 -> 10, 25 -> 10, 30
        game.apply({"type": "round", "round": game.current, "points": points})
    found = by_key(game, FINISHED)
    assert set(found) == {"comeback", "best-hand"}
    assert found["comeback"].seats == (1,) and found["comeback"].detail == "won from 10 behind after round 1"
    assert found["best-hand"].title == "Round of the night" and found["best-hand"].detail == "+25 in round 2"
    low = score_pad.Game(["Ann", "Bob"], dataclasses.replace(score_pad.PRESETS["score-pad"], highest_wins=False))
    low.apply({"type": "round", "round": 0, "points": [5, 9]})
    assert "best-hand" not in by_key(low, FINISHED)  # "the most points" is no honour where the lowest wins


def test_a_best_hand_scored_several_times_is_shared_in_seat_order():
    game = oh_heck([
        (2, [0, 0, 2], [0, 0, 2]),  # Cy +14 (and Ann, Bob +10)        -> 10, 10, 14
        (2, [2, 0, 0], [2, 0, 0]),  # Ann +14                          -> 24, 20, 24
        (1, [0, 1, 0], [0, 1, 0]),  # Bob +12: Ann and Cy tie on 34, 32, 34
    ])
    found = by_key(game)
    assert found["best-hand"].seats == (0, 2) and found["best-hand"].detail == "+14, 2 times"


def test_a_comeback_two_tied_winners_made_is_shared():
    game = score_pad.Game(["Ann", "Bob", "Cy"], score_pad.PRESETS["score-pad"])
    for points in ([0, 0, 20], [20, 0, -20], [0, 20, 0]):  # 0,0,20 -> 20,0,0 -> 20,20,0
        game.apply({"type": "round", "round": game.current, "points": points})
    found = by_key(game, FINISHED)
    # After round 1 Ann and Bob trailed Cy by 20 (and Bob trailed Ann by 20 after round 2): both won from 20 behind.
    assert found["comeback"].seats == (0, 1) and found["comeback"].detail == "won from 20 behind after round 1"


def test_a_partnership_hand_counts_once_though_both_partners_carry_its_points():
    # Spades: Ann and Cy against Bob and Dee; both partners' seats carry the partnership's points.
    game = spades.Game(["Ann", "Bob", "Cy", "Dee"], spades.PRESETS["spades"])
    for index, (bids, tricks) in enumerate([
        ([4, 3, 3, 2], [4, 3, 4, 2]),  # Ann and Cy bid 7, take 8: 71; Bob and Dee bid 5, take 5: 50  -> 71, 50
        ([4, 0, 4, 4], [4, 0, 4, 5]),  # Ann and Cy 80; Bob's nil made 100, Dee's 4 and a bag 41: 141 -> 151, 191
    ]):
        game.apply({"type": "hand", "hand": index, "bids": bids, "blind": [], "tricks": tricks})
    assert game.running_totals() == [[71, 50, 71, 50], [151, 191, 151, 191]]
    found = by_key(game)
    # Bob and Dee's 141 is one hand of one partnership, not "+141, 2 times" (once per partner).
    assert found["best-hand"].seats == (1, 3) and found["best-hand"].detail == "+141 in hand 2"
    assert found["comeback"].seats == (1, 3) and found["comeback"].detail == "won from 21 behind after hand 1"
    game.apply({"type": "hand", "hand": 2, "bids": [4, 0, 4, 4], "blind": [], "tricks": [4, 0, 4, 5]})  # the same
    # Twice the 141 now, by one partnership: 2 times, not 4.
    assert by_key(game)["best-hand"].detail == "+141, 2 times" and by_key(game)["best-hand"].seats == (1, 3)
