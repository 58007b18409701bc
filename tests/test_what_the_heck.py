"""WHAT THE HECK?: every example of the rule text and the README, corrections and refused entries."""
import copy
import dataclasses

import pytest

from scorekeeper.rules import kinds
from scorekeeper.rules.common import InvalidEntry
from scorekeeper.rules.what_the_heck import KIND, PRESETS, Game, Rules, cards_text, who_takes

USUAL = PRESETS["what-the-heck"]
THREE = ["Ann", "Bo", "Cy"]
FOUR = ["Ann", "Bo", "Cy", "Di"]
# A short game for whole-game examples: three rounds, five cards each (two are left over).
SHORT = dataclasses.replace(USUAL, point_cards=(-2, 3, 5), player_cards=(1, 2, 3, 4, 5))


def snapshot(game):
    return copy.deepcopy((game.rounds, game._entries)), game.totals(), game.progress()


def play(game, index, point_card, played):
    game.apply({"type": "round", "round": index, "point_card": point_card, "played": played})


# ----- who takes the point card -----

@pytest.mark.parametrize(
    "point_value, played, seat",
    [
        (7, [15, 15, 5], 2),  # the text: two play 15, the third 5; positive card: the "5" takes it
        (-3, [3, 3, 5], 2),  # the text: negative card, two play 3, the third 5: the "5" takes it
        (7, [12, 4, 9], 0),  # no tie: highest
        (-3, [12, 4, 9], 1),  # no tie: lowest
        (0, [2, 6], 1),  # zero counts as positive (README)
        (4, [10, 10, 7, 7], None),  # four players, two pairs: every card tied
        (4, [10, 10, 7, 7, 3], 4),  # five players: only the 3 is left
        (-4, [10, 10, 7, 7, 3], 4),
        (-1, [1, 1, 1], None),  # all the same
        (6, [9, 2, 9, 2, 5, 8], 5),  # the 8 is the highest untied card
        (-6, [9, 2, 9, 2, 5, 8], 4),  # the 5 is the lowest untied card
    ],
)
def test_who_takes(point_value, played, seat):
    assert who_takes(point_value, played) == seat


def test_who_takes_refuses_what_is_not_a_card():
    with pytest.raises(InvalidEntry, match="seat 2"):
        who_takes(3, [4, "5"])
    with pytest.raises(InvalidEntry, match="point card"):
        who_takes(2.5, [4, 5])
    with pytest.raises(InvalidEntry, match="list"):
        who_takes(3, "45")


# ----- whole games -----

def test_ties_cancel_in_a_three_player_round():
    game = Game(THREE, USUAL)
    play(game, 0, 7, [15, 15, 5])
    assert game.rounds[0].taker == 2 and game.rounds[0].cancelled == (0, 1)
    assert game.totals() == [0, 0, 7]
    play(game, 1, -3, [3, 3, 6])  # Cy's 5 is used: the text's example with a 6
    assert game.rounds[1].taker == 2
    assert game.totals() == [0, 0, 4]
    assert game.collected(2) == [7, -3]


def test_a_round_where_every_card_ties_carries_the_point_card_to_the_next_round():
    game = Game(FOUR, USUAL)
    play(game, 0, 6, [10, 10, 7, 7])
    assert game.rounds[0].outcome == "carried" and game.rounds[0].taker is None
    assert game.carried_over() == (6,) and game.totals() == [0, 0, 0, 0]
    # The next round is for 6 + (-4) = 2: zero or more counts as positive, so the highest card takes both.
    play(game, 1, -4, [1, 2, 3, 4])
    assert game.rounds[1].pot == (6, -4) and game.rounds[1].value == 2
    assert game.rounds[1].taker == 3 and game.totals() == [0, 0, 0, 2]
    assert game.collected(3) == [6, -4] and game.carried_over() == ()


def test_a_carried_sum_below_zero_goes_to_the_lowest_card():
    game = Game(THREE, USUAL)
    play(game, 0, -5, [4, 4, 4])
    play(game, 1, 2, [9, 9, 9])  # still all tied: -3 now
    play(game, 2, 1, [8, 1, 6])  # -5 + 2 + 1 = -2: the lowest card takes all three
    assert [r.outcome for r in game.rounds] == ["carried", "carried", "taken"]
    assert game.rounds[2].pot == (-5, 2, 1) and game.rounds[2].taker == 1
    assert game.totals() == [0, -2, 0]


def test_a_sum_of_exactly_zero_counts_as_positive():
    game = Game(THREE, USUAL)
    play(game, 0, -2, [5, 5, 5])
    play(game, 1, 2, [8, 1, 6])
    assert game.rounds[1].value == 0 and game.rounds[1].taker == 0


def test_a_carry_over_on_the_last_round_goes_to_nobody():
    game = Game(THREE, SHORT)
    play(game, 0, 3, [1, 2, 3])
    play(game, 1, 5, [2, 3, 1])
    play(game, 2, -2, [3, 1, 2])
    assert game.totals() == [0, 5 - 2, 3] and game.to_nobody() == ()
    game = Game(THREE, SHORT)
    play(game, 0, 3, [1, 2, 3])
    play(game, 1, 5, [4, 4, 4])  # carried into the last round
    play(game, 2, -2, [5, 5, 5])  # tied again on the last round: nobody takes 5 and -2
    assert game.is_over and game.rounds[-1].outcome == "nobody"
    assert game.to_nobody() == (5, -2) and game.carried_over() == ()
    assert game.totals() == [0, 0, 3]
    assert game.standings()[0].name == "Cy" and game.winners() == [2]


def test_a_whole_game_ends_after_the_last_point_card():
    game = Game(["Ann", "Bo"], USUAL)
    for index, point_card in enumerate(USUAL.point_cards):
        assert game.current == index and not game.is_over
        play(game, index, point_card, [index + 1, 15 - index])
    assert game.is_over and game.current is None and game.progress() == (15, 15)
    # Ann plays 1, 2, ... and Bo 15, 14, ...: Ann's low cards take the minus cards (rounds 1-5), Bo takes
    # 1 and 2; round 8 (the 3) ties 8-8 and carries; Ann takes 3 + 4 and then 5 to 10.
    assert game.rounds[7].outcome == "carried" and game.rounds[8].pot == (3, 4)
    assert game.totals() == [sum(range(-5, 0)) + 3 + sum(range(4, 11)), 1 + 2]
    assert game.final_scores() == game.totals()
    assert game.running_totals()[-1] == game.totals() and len(game.running_totals()) == 15
    with pytest.raises(InvalidEntry, match="no round 16.*15 rounds"):
        play(game, 15, 1, [1, 1])


# ----- refused entries -----

def test_a_player_card_used_twice_is_refused_and_changes_nothing():
    game = Game(THREE, USUAL)
    play(game, 0, 7, [15, 14, 5])
    before = snapshot(game)
    with pytest.raises(InvalidEntry, match=r"Bo already played 14 in round 1.*Bo still holds 1 to 13, 15"):
        play(game, 1, 4, [13, 14, 6])
    assert snapshot(game) == before
    assert game.available_cards(1) == list(range(1, 14)) + [15]


def test_a_point_card_turned_up_twice_is_refused_and_changes_nothing():
    game = Game(THREE, USUAL)
    play(game, 0, 7, [15, 14, 5])
    before = snapshot(game)
    with pytest.raises(InvalidEntry, match=r"point card 7 was already turned up in round 1.*−5 to −1, 1 to 6, 8 to 10"):
        play(game, 1, 7, [1, 2, 3])
    assert snapshot(game) == before
    assert 7 not in game.available_point_cards()


@pytest.mark.parametrize(
    "action, message",
    [
        ({"type": "round", "round": 1, "point_card": 4, "played": [1, 2, 3]}, "Round 2 is not up yet: enter round 1"),
        ({"type": "round", "round": -1, "point_card": 4, "played": [1, 2, 3]}, "no round 0"),
        ({"type": "round", "round": 0, "point_card": 11, "played": [1, 2, 3]},
         "11 is not a point card.*−5 to −1, 1 to 10"),
        ({"type": "round", "round": 0, "point_card": 0, "played": [1, 2, 3]}, "0 is not a point card"),
        ({"type": "round", "round": 0, "point_card": 4, "played": [1, 2]}, "each of the 3 players; got 2"),
        ({"type": "round", "round": 0, "point_card": 4, "played": [1, 16, 3]}, "Bo played 16.*1 to 15"),
        ({"type": "round", "round": 0, "point_card": 4, "played": [1, 2, None]}, "Cy's card must be a whole number"),
        ({"type": "round", "round": 0, "point_card": None, "played": [1, 2, 3]}, "point card must be a whole number"),
        ({"type": "round", "round": "1", "point_card": 4, "played": [1, 2, 3]}, "round number must be a whole number"),
        ({"type": "bids", "hand": 0, "values": [1, 2, 3]}, "Unknown entry 'bids'"),
    ],
)
def test_refused_entries_say_what_is_wrong_and_change_nothing(action, message):
    game = Game(THREE, USUAL)
    before = snapshot(game)
    with pytest.raises(InvalidEntry, match=message):
        game.apply(action)
    assert snapshot(game) == before


# ----- corrections -----

def test_correcting_an_earlier_round_flows_into_the_carry_over_and_the_totals():
    game = Game(THREE, USUAL)
    play(game, 0, 5, [9, 9, 9])  # carried
    play(game, 1, 3, [1, 2, 3])  # Cy takes 5 + 3
    assert game.totals() == [0, 0, 8]
    play(game, 0, 5, [9, 10, 9])  # it was not a tie: Bo took the 5 in round 1
    assert game.rounds[0].taker == 1 and game.rounds[1].pot == (3,)
    assert game.totals() == [0, 5, 3]
    play(game, 0, 6, [9, 10, 9])  # and the card turned up was a 6
    assert game.totals() == [0, 6, 3] and game.available_point_cards() == [
        card for card in USUAL.point_cards if card not in (6, 3)
    ]


def test_a_correction_may_not_reuse_a_card_played_in_a_later_round():
    game = Game(THREE, USUAL)
    play(game, 0, 5, [9, 9, 9])
    play(game, 1, 3, [1, 2, 3])
    before = snapshot(game)
    with pytest.raises(InvalidEntry, match="Ann already played 1 in round 2"):
        play(game, 0, 5, [1, 9, 9])
    with pytest.raises(InvalidEntry, match="point card 3 was already turned up in round 2"):
        play(game, 0, 3, [9, 9, 9])
    assert snapshot(game) == before
    # For the correction screen: round 1 may keep its own card but not the one of round 2.
    assert 9 in game.available_cards(0, for_round=0) and 1 not in game.available_cards(0, for_round=0)
    assert 5 in game.available_point_cards(for_round=0) and 3 not in game.available_point_cards(for_round=0)


def test_available_cards_refuses_a_seat_that_is_not_there():
    with pytest.raises(InvalidEntry, match="no seat 4"):
        Game(THREE, USUAL).available_cards(3)


# ----- score card and statistics -----

def test_stats_count_rounds_cards_taken_and_cancelled():
    game = Game(FOUR, USUAL)
    play(game, 0, 6, [10, 10, 7, 7])  # all tied
    play(game, 1, -4, [1, 2, 3, 4])  # Di takes 6 and -4
    play(game, 2, -5, [5, 5, 6, 8])  # Cy takes -5 (lowest untied); Ann and Bo cancelled
    stats = game.stats()
    assert [row["rounds_played"] for row in stats] == [3, 3, 3, 3]
    assert [row["rounds_taken"] for row in stats] == [0, 0, 1, 1]
    assert [row["point_cards_taken"] for row in stats] == [0, 0, 1, 2]
    assert [row["minus_cards_taken"] for row in stats] == [0, 0, 1, 1]
    assert [row["cards_cancelled"] for row in stats] == [2, 2, 1, 1]
    assert all(isinstance(value, int) for row in stats for value in row.values())


def test_describe_names_the_round():
    game = Game(THREE, USUAL)
    assert game.describe({"type": "round", "round": 2, "point_card": 1, "played": [1, 2, 3]}) == "cards of round 3"
    assert game.describe({"type": "other"}) == "entry"


def test_cards_text_shortens_runs():
    assert cards_text(range(-5, 11)) == "−5 to 10"
    assert cards_text([1, 2, 4, 5, 6, 9]) == "1, 2, 4 to 6, 9"


# ----- rules as data -----

def test_the_preset_is_the_usual_edition():
    assert USUAL.point_cards == tuple(range(-5, 0)) + tuple(range(1, 11)) and USUAL.rounds == 15
    assert USUAL.player_cards == tuple(range(1, 16))
    assert (USUAL.min_players, USUAL.max_players) == (2, 6)
    assert USUAL.kind == KIND == "what-the-heck" and USUAL.is_preset and USUAL.preset_id == "what-the-heck"
    assert any("nobody" in line for line in USUAL.rule_lines())


def test_rules_round_trip_through_plain_data():
    assert Rules.from_dict(USUAL.to_dict()) == USUAL and Rules.from_dict(USUAL.to_dict()).is_preset
    house = dataclasses.replace(USUAL, player_cards=tuple(range(1, 21)), max_players=8)
    again = Rules.from_dict(house.to_dict())
    assert again == house and not again.is_preset and again.preset_id == "custom"
    assert again.display_name == "WHAT THE HECK? (house rules)"
    assert kinds.rules_from_dict(KIND, house.to_dict()) == house


def test_the_same_cards_in_another_order_are_the_same_rules():
    assert dataclasses.replace(USUAL, point_cards=list(reversed(USUAL.point_cards))) == USUAL


@pytest.mark.parametrize(
    "data, message",
    [
        ({"colour": 1}, "Unknown rule option colour"),
        ({"point_cards": "1,2,3"}, "point_cards must be a list"),
        ({"point_cards": [1, "2"]}, "point cards must be a whole number"),
        ({"name": 5}, "name must be text"),
        ({"min_players": "2"}, "Min players must be a whole number"),
    ],
)
def test_rules_from_bad_data_are_refused(data, message):
    with pytest.raises(InvalidEntry, match=message):
        Rules.from_dict({**USUAL.to_dict(), **data})
    with pytest.raises(InvalidEntry):
        Rules.from_dict([1, 2])


@pytest.mark.parametrize(
    "changes, message",
    [
        ({"point_cards": (1, 2, 2)}, "2 is listed twice"),
        ({"point_cards": ()}, "at least one of the point cards"),
        ({"player_cards": tuple(range(1, 10))}, "15 rounds.*at least 15 player cards.*9"),
        ({"min_players": 1}, "at least 2 players"),
        ({"min_players": 4, "max_players": 3}, "can't be fewer"),
    ],
)
def test_impossible_rules_are_refused(changes, message):
    with pytest.raises(InvalidEntry, match=message):
        dataclasses.replace(USUAL, **changes)


@pytest.mark.parametrize(
    "players, message", [(["Ann"], "at least 2 players.*add 1"), (list("ABCDEFG"), "at most 6.*remove 1")]
)
def test_wrong_player_counts_are_refused(players, message):
    with pytest.raises(InvalidEntry, match=message):
        Game(players, USUAL)


def test_the_kind_registry_builds_and_replays_a_game():
    game = kinds.new_game(KIND, THREE, USUAL.to_dict(), {})
    play(game, 0, 7, [15, 15, 5])
    assert game.setup == {} and game.totals() == [0, 0, 7] and game.highest_wins
    assert kinds.find_preset("what-the-heck") == USUAL
