"""HIT THE DECK: counting the cards left, the target that ends the game, lowest wins, refused entries."""
import copy
import dataclasses

import pytest

from scorekeeper.rules import kinds
from scorekeeper.rules.common import InvalidEntry
from scorekeeper.rules.hit_the_deck import DECK_POINTS, KIND, PRESETS, Count, Game, Rules, hand_points

HIT = PRESETS["hit-the-deck"]
NAMES = ["Ann", "Bo", "Cy"]


def snapshot(game):
    return copy.deepcopy(game.hands), game.totals(), game.is_over


def hand(game, index, out, left):
    game.apply({"type": "hand", "hand": index, "out": out, "left": left})


# ----- counting a hand -----

@pytest.mark.parametrize(
    "numbers, specials, points",
    [
        ([4, 2], 2, 26),  # a 4, a 2 and two word cards
        ([4], 0, 4),  # "a NUMBER 4 CARD counts as 4 points"
        ([], 1, 10),  # one word or Hit the Deck card
        ([1, 2, 3, 4, 5], 0, 15),
        ([5, 5, 5], 3, 45),
        ([], 0, 0),
    ],
)
def test_hand_points(numbers, specials, points):
    assert hand_points(numbers, specials) == points


@pytest.mark.parametrize(
    "numbers, specials, message",
    [
        ([6], 0, "number card of 6.*1 to 5"),
        ([0, 2], 0, "number card of 0.*1 to 5"),
        ([2.5], 0, "whole number"),
        ([1], -1, "can't hold -1"),
        ([1], 31, "31 word and Hit the Deck cards.*only 30"),
        ([3] * 17, 0, "17 number cards of 3.*only 16"),
        ("42", 0, "list"),
        ([1], "2", "whole number"),
    ],
)
def test_hand_points_refuses_what_no_hand_holds(numbers, specials, message):
    with pytest.raises(InvalidEntry, match=message):
        hand_points(numbers, specials)


def test_the_whole_deck_is_worth_540():
    assert DECK_POINTS == hand_points([1, 2, 3, 4, 5] * 16, 30) == 540


# ----- hands and the game -----

def test_the_player_who_went_out_scores_0_and_the_others_their_cards():
    game = Game(NAMES, HIT)
    hand(game, 0, 1, [{"numbers": [4, 2], "specials": 2}, None, 17])
    assert game.hands[0].points == (26, 0, 17)
    assert game.totals() == [26, 0, 17]
    # The quick count stays in the record, so the score card can show how the 26 was counted.
    assert game.hands[0].counts[0] == Count((4, 2), 2) and game.hands[0].counts[0].text == "4 + 2 + 2 × 10 = 26"
    assert game.hands[0].counts[2] is None and game.hands[0].entry(0) == {"numbers": [4, 2], "specials": 2}
    assert [game.hands[0].entry(seat) for seat in (1, 2)] == [None, 17]


def test_the_one_who_went_out_may_also_be_entered_as_0():
    game = Game(NAMES, HIT)
    hand(game, 0, 0, [0, 5, 6])
    assert game.totals() == [0, 5, 6]


def test_the_game_ends_after_the_hand_in_which_someone_reaches_the_target_and_not_before():
    game = Game(NAMES, HIT)
    hand(game, 0, 0, [None, 50, 30])
    hand(game, 1, 0, [None, 49, 30])
    assert game.totals() == [0, 99, 60] and not game.is_over and game.current == 2
    hand(game, 2, 2, [10, 1, None])  # Bo reaches exactly 100
    assert game.is_over and game.current is None and game.reached_target() == [1]
    assert game.progress() == (3, None)
    # Lowest total wins.
    assert game.winners() == [0] and [s.name for s in game.standings()] == ["Ann", "Cy", "Bo"]
    assert game.final_scores() == [10, 100, 60]
    before = snapshot(game)
    with pytest.raises(InvalidEntry, match="The game is over: Bo reached 100"):
        hand(game, 3, 0, [None, 5, 5])
    assert snapshot(game) == before


def test_a_table_can_play_to_another_target():
    game = Game(NAMES, dataclasses.replace(HIT, target=50))
    hand(game, 0, 0, [None, 49, 30])
    assert not game.is_over
    hand(game, 1, 1, [1, None, 30])
    assert game.is_over and game.reached_target() == [2]


def test_tied_totals_share_places():
    game = Game(["Ann", "Bo", "Cy", "Di"], HIT)
    hand(game, 0, 0, [None, 12, 12, 100])
    hand(game, 0, 0, [None, 12, 12, 100])  # a correction with the same values is fine
    assert game.is_over
    places = {s.name: s.place for s in game.standings()}
    assert places == {"Ann": 1, "Bo": 2, "Cy": 2, "Di": 4}
    game = Game(NAMES, HIT)
    hand(game, 0, 2, [100, 8, None])
    hand(game, 0, 1, [100, None, 8])  # corrected: Bo went out, Cy held 8
    assert game.totals() == [100, 0, 8] and game.winners() == [1]


def test_equal_lowest_totals_are_all_winners():
    game = Game(NAMES, HIT)
    hand(game, 0, 0, [None, 5, 50])
    hand(game, 1, 1, [5, None, 60])
    assert game.is_over and game.totals() == [5, 5, 110]
    assert game.winners() == [0, 1] and [s.place for s in game.standings()] == [1, 1, 3]


def test_a_correction_of_an_earlier_hand_flows_into_the_totals():
    game = Game(["Ann", "Bo", "Cy", "Di"], HIT)
    hand(game, 0, 0, [None, 5, 5, 3])
    hand(game, 1, 3, [5, 20, 20, None])
    hand(game, 2, 1, [80, None, 80, 2])
    assert game.totals() == [85, 25, 105, 5] and game.is_over
    hand(game, 0, 3, [5, 5, 5, None])  # Di went out in hand 1, Ann held 5
    assert game.totals() == [90, 25, 105, 2] and game.winners() == [3]


# ----- refused entries -----

@pytest.mark.parametrize(
    "action, message",
    [
        ({"type": "hand", "hand": 1, "out": 0, "left": [None, 5, 5]}, "Hand 2 is not up yet: enter hand 1"),
        ({"type": "hand", "hand": -1, "out": 0, "left": [None, 5, 5]}, "no hand 0"),
        ({"type": "hand", "hand": 0, "out": 3, "left": [None, 5, 5]}, "Mark the player who went out.*3 players"),
        ({"type": "hand", "hand": 0, "out": None, "left": [None, 5, 5]}, "who went out must be a whole number"),
        ({"type": "hand", "hand": 0, "out": 0, "left": [4, 5, 5]}, "Ann went out and scores 0.*clear the points"),
        ({"type": "hand", "hand": 0, "out": 0, "left": [None, None, 5]},
         "Enter the cards Bo has left: only Ann went out"),
        ({"type": "hand", "hand": 0, "out": 0, "left": [None, 0, 5]}, "Bo did not go out.*at least one card"),
        ({"type": "hand", "hand": 0, "out": 0, "left": [None, -5, 5]}, "Bo did not go out"),
        ({"type": "hand", "hand": 0, "out": 0, "left": [None, 5]}, "each of the 3 players; got 2"),
        ({"type": "hand", "hand": 0, "out": 0, "left": [None, 5, "7"]}, "Cy's points must be a whole number"),
        ({"type": "hand", "hand": 0, "out": 0, "left": [None, 5, 541]}, "Cy's 541 points.*whole deck.*540"),
        ({"type": "hand", "hand": 0, "out": 0, "left": [None, 300, 300]}, "add up to 600.*540"),
        ({"type": "hand", "hand": 0, "out": 0, "left": [None, {"numbers": [7]}, 5]}, "Bo has a number card of 7"),
        ({"type": "hand", "hand": 0, "out": 0, "left": [None, {"numbers": [], "specials": 0}, 5]}, "Bo did not go out"),
        ({"type": "hand", "hand": 0, "out": 0, "left": [None, {"special": 2}, 5]},
         "Bo's count has an unknown part special"),
        ({"type": "hand", "hand": 0, "out": 0, "left": [None, {"specials": -1}, 5]}, "Bo can't hold -1"),
        ({"type": "round", "round": 0, "points": [1, 2, 3]}, "Unknown entry 'round'"),
    ],
)
def test_refused_entries_say_what_is_wrong_and_change_nothing(action, message):
    game = Game(NAMES, HIT)
    before = snapshot(game)
    with pytest.raises(InvalidEntry, match=message):
        game.apply(action)
    assert snapshot(game) == before


def test_a_correction_that_would_end_the_game_earlier_is_refused_while_later_hands_stand():
    game = Game(NAMES, HIT)
    hand(game, 0, 0, [None, 60, 10])
    hand(game, 1, 0, [None, 30, 10])
    hand(game, 2, 1, [10, None, 10])
    before = snapshot(game)
    with pytest.raises(InvalidEntry, match="Bo reaches 100 in hand 2.*but 1 later hand is recorded: undo it first"):
        hand(game, 1, 0, [None, 40, 10])
    assert snapshot(game) == before
    hand(game, 2, 1, [10, None, 10])  # correcting the last hand is fine
    hand(game, 2, 0, [None, 10, 10])  # Bo reaches 100 in the last hand: the game ends
    assert game.is_over


def test_refused_rules_and_player_counts():
    with pytest.raises(InvalidEntry, match="target must be at least 1"):
        dataclasses.replace(HIT, target=0)
    with pytest.raises(InvalidEntry, match="at least 2 players"):
        dataclasses.replace(HIT, min_players=1)
    with pytest.raises(InvalidEntry, match="at most 15 players"):
        dataclasses.replace(HIT, max_players=16)
    with pytest.raises(InvalidEntry, match="at least 2 players.*add 1"):
        Game(["Ann"], HIT)
    with pytest.raises(InvalidEntry, match="at most 6 players.*remove 1"):
        Game(list("ABCDEFG"), HIT)


# ----- score card, statistics, rules as data -----

def test_running_totals_and_stats():
    game = Game(NAMES, HIT)
    hand(game, 0, 1, [{"numbers": [4, 2], "specials": 2}, None, 17])
    hand(game, 1, 1, [3, None, {"numbers": [5], "specials": 0}])
    hand(game, 2, 0, [None, 8, 9])
    assert game.running_totals() == [[26, 0, 17], [29, 0, 22], [29, 8, 31]]
    assert game.stats() == [
        {"hands_played": 3, "hands_gone_out": 1, "penalty_points": 29},
        {"hands_played": 3, "hands_gone_out": 2, "penalty_points": 8},
        {"hands_played": 3, "hands_gone_out": 0, "penalty_points": 31},
    ]
    assert game.describe({"type": "hand", "hand": 2}) == "points of hand 3"
    assert game.describe({"type": "nonsense"}) == "entry"
    assert not game.highest_wins and game.setup == {}


def test_rules_round_trip_and_presets():
    assert HIT.target == 100 and (HIT.min_players, HIT.max_players) == (2, 6) and HIT.kind == KIND
    assert Rules.from_dict(HIT.to_dict()) == HIT and Rules.from_dict(HIT.to_dict()).is_preset
    house = dataclasses.replace(HIT, target=250)
    again = Rules.from_dict(house.to_dict())
    assert again == house and again.preset_id == "custom" and again.display_name == "HIT THE DECK (house rules)"
    assert any("250" in line for line in again.rule_lines())
    for bad, message in (({"target": "100"}, "Target must be a whole number"), ({"jokers": 2}, "Unknown rule option"),
                         ({"id": 3}, "id must be text")):
        with pytest.raises(InvalidEntry, match=message):
            Rules.from_dict({**HIT.to_dict(), **bad})
    game = kinds.new_game(KIND, NAMES, house.to_dict(), {})
    assert game.rules == house and kinds.find_preset("hit-the-deck") == HIT
