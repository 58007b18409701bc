"""The Game contract: entries, corrections, refusals that change nothing, standings and rules data."""
import copy
import dataclasses

import pytest

from scorekeeper.rules import PRESETS, Game, InvalidEntry, Rules, standings

HECK = PRESETS["oh-heck"]
NAMES = ["Ann", "Bo", "Cy", "Di"]


def snapshot(game):
    return copy.deepcopy([dataclasses.astuple(hand) for hand in game.hands]), game.totals()


def test_a_new_game_lays_out_every_hand():
    game = Game(NAMES, HECK, first_dealer=1)
    assert [hand.cards for hand in game.hands] == HECK.hand_sizes(4)
    assert [hand.number for hand in game.hands] == list(range(1, 16))
    assert game.current == 0 and game.phase == "bids" and not game.is_over
    assert game.totals() == [0, 0, 0, 0]


def test_corrections_of_an_earlier_hand_flow_into_the_totals():
    game = Game(NAMES, HECK)
    game.set_bids(0, [2, 2, 2, 1])
    game.set_tricks(0, [2, 2, 2, 2])
    game.set_bids(1, [1, 1, 1, 1])
    game.set_tricks(1, [1, 1, 1, 4])
    assert game.totals() == [14 + 12, 14 + 12, 14 + 12, -5 - 15]
    game.set_tricks(0, [2, 2, 3, 1])  # Cy took one more, Di one fewer
    assert game.hands[0].points == (14, 14, -5, 12)
    assert game.totals() == [26, 26, 7, -3]
    game.set_bids(0, [2, 2, 3, 0])  # Cy actually bid 3: the hook still holds (total 7 of 8)
    assert game.hands[0].points == (14, 14, 16, -5)
    assert game.running_totals() == [[14, 14, 16, -5], [26, 26, 28, -20]]


def test_a_correction_is_checked_like_a_fresh_entry():
    game = Game(NAMES, HECK)
    game.set_bids(0, [2, 2, 2, 1])
    game.set_tricks(0, [2, 2, 2, 2])
    before = snapshot(game)
    with pytest.raises(InvalidEntry, match="Ann deals and may not bid 2"):
        game.set_bids(0, [2, 2, 2, 2])
    with pytest.raises(InvalidEntry, match="still to assign"):
        game.set_tricks(0, [2, 2, 2, 1])
    assert snapshot(game) == before


def test_the_hook_message_says_what_the_dealer_can_bid_instead():
    game = Game(NAMES, HECK)
    game.set_bids(0, [2, 2, 2, 1])
    game.set_tricks(0, [2, 2, 2, 2])
    with pytest.raises(InvalidEntry, match="Bo deals and may not bid 7.*anything else from 0 to 7"):
        game.set_bids(1, [0, 7, 0, 0])
    one_card = Game(NAMES, dataclasses.replace(HECK, shape="list", hand_list=(1,)))
    with pytest.raises(InvalidEntry, match="Ann deals and may not bid 1.*Ann can bid 0 instead"):
        one_card.set_bids(0, [1, 0, 0, 0])


@pytest.mark.parametrize(
    "method, hand, values, message",
    [
        ("set_bids", 0, [1, 2, 3], "needs bids for all 4 players; got 3"),
        ("set_bids", 0, [1, 2, 3, 0, 0], "got 5"),
        ("set_bids", 0, [9, 0, 0, 0], "Ann's bid of 9 is more than the 8 cards dealt in hand 1: bid 0 to 8"),
        ("set_bids", 0, [0, -1, 0, 0], "Bo's bid can't be below 0"),
        ("set_bids", 0, [0, 1.5, 0, 0], "Bo's bid must be a whole number"),
        ("set_bids", 0, [0, True, 0, 0], "whole number"),
        ("set_bids", 0, "1234", "must be a list"),
        ("set_bids", 2, [0, 0, 0, 0], "Hand 3 is not up yet: finish hand 1 first"),
        ("set_bids", 15, [0, 0, 0, 0], "There is no hand 16: this game has 15 hands"),
        ("set_bids", -1, [0, 0, 0, 0], "There is no hand 0"),
        ("set_tricks", 0, [2, 2, 2, 2], "Enter the bids of hand 1 before its tricks"),
        ("set_trump", 0, "Purple", "Trump must be one of Spades, Hearts, Diamonds, Clubs"),
    ],
)
def test_refused_entries_say_what_is_wrong_and_change_nothing(method, hand, values, message):
    game = Game(NAMES, HECK)
    before = snapshot(game)
    with pytest.raises(InvalidEntry, match=message):
        getattr(game, method)(hand, values)
    assert snapshot(game) == before


def test_tricks_out_of_range_name_the_player():
    game = Game(NAMES, HECK)
    game.set_bids(0, [2, 2, 2, 1])
    with pytest.raises(InvalidEntry, match="Cy can't have taken 9 tricks: hand 1 had only 8 tricks. Enter 0 to 8"):
        game.set_tricks(0, [0, 0, 9, 0])


@pytest.mark.parametrize(
    "players, message",
    [
        (["Ann", "Bo"], "Oh Heck needs at least 3 players, and there are 2: add 1 more"),
        ([f"P{i}" for i in range(9)], "Oh Heck takes at most 8 players, and there are 9: remove 1"),
        (["Ann", "Bo", "ann"], "Two players are called ann"),
        (["Ann", " ", "Cy"], "Every player needs a name"),
    ],
)
def test_wrong_players_are_refused(players, message):
    with pytest.raises(InvalidEntry, match=message):
        Game(players, HECK)


def test_first_dealer_must_be_a_seat():
    with pytest.raises(InvalidEntry, match="one of the 4 seats"):
        Game(NAMES, HECK, first_dealer=4)


def test_standings_share_places_when_tied():
    table = standings(["A", "B", "C", "D"], [30, 50, 30, 10])
    assert [(s.place, s.name, s.score) for s in table] == [(1, "B", 50), (2, "A", 30), (2, "C", 30), (4, "D", 10)]
    lowest = standings(["A", "B", "C"], [5, 5, 9], highest_wins=False)
    assert [(s.place, s.name) for s in lowest] == [(1, "A"), (1, "B"), (3, "C")]


def test_a_finished_game_has_final_scores_winners_and_made_counts():
    game = Game(["Ann", "Bo", "Cy"], dataclasses.replace(HECK, shape="list", hand_list=(2, 1), winner_bonus=5, hook=False))
    game.set_bids(0, [1, 1, 1])
    game.set_tricks(0, [1, 1, 0])
    assert game.phase == "bids" and game.current == 1
    game.set_bids(1, [0, 0, 1])
    assert game.phase == "tricks"
    game.set_tricks(1, [0, 0, 1])
    assert game.is_over and game.phase == "over" and game.current is None
    assert game.totals() == [22, 22, 7]
    assert game.winners() == [0, 1]
    assert game.final_scores() == [27, 27, 7]
    assert [(s.place, s.score) for s in game.standings()] == [(1, 27), (1, 27), (3, 7)]
    assert game.made_counts() == [2, 2, 1]
    assert game.progress() == (2, 2)
    assert game.stats() == [
        {"hands_played": 2, "hands_made": 2, "zero_bids_made": 1},
        {"hands_played": 2, "hands_made": 2, "zero_bids_made": 1},
        {"hands_played": 2, "hands_made": 1, "zero_bids_made": 0},
    ]
    game.set_tricks(0, [1, 0, 1])  # a correction after the end still works
    assert game.totals() == [22, 5, 24]


def test_apply_replays_recorded_actions():
    game = Game(NAMES, HECK)
    game.apply({"type": "bids", "hand": 0, "values": [2, 2, 2, 1]})
    game.apply({"type": "trump", "hand": 0, "trump": "Hearts"})
    game.apply({"type": "tricks", "hand": 0, "values": [2, 2, 2, 2]})
    assert game.hands[0].trump == "Hearts" and game.totals() == [14, 14, 14, -5]
    with pytest.raises(InvalidEntry, match="Unknown entry"):
        game.apply({"type": "shuffle"})
    assert game.describe({"type": "tricks", "hand": 0}) == "tricks of hand 1"


def test_rules_round_trip_through_plain_data():
    for rules in PRESETS.values():
        assert Rules.from_dict(rules.to_dict()) == rules
        assert Rules.from_dict(rules.to_dict()).is_preset
    custom = dataclasses.replace(HECK, shape="list", hand_list=(3, 2, 1), zero_bid=5)
    assert Rules.from_dict(custom.to_dict()) == custom
    assert custom.preset_id == "custom"


@pytest.mark.parametrize(
    "changes, message",
    [
        ({"shape": "sideways"}, "hand sequence must be one of"),
        ({"min_players": 1}, "at least 2 players"),
        ({"max_players": 2}, "can't be fewer than the fewest"),
        ({"peak": 0}, "at least 1 card"),
        ({"shape": "list", "hand_list": ()}, "Give the list of hands"),
        ({"shape": "list", "hand_list": (3, 0)}, "Every hand needs 1 to 100 cards"),
        ({"deck_size": 30_000_000}, "at most 10 decks of at most 1000 cards"),
        ({"decks": 11}, "at most 10 decks"),
        ({"max_players": 101}, "at most 100 players"),
        ({"peak": 101}, "at most 100 hands"),
        ({"shape": "list", "hand_list": (1,) * 101}, "at most 100 hands"),
        ({"made_base": "ten"}, "Made base must be a whole number"),
        ({"hook_min_cards": 0}, "from 1 card"),
    ],
)
def test_impossible_rules_are_refused(changes, message):
    with pytest.raises(InvalidEntry, match=message):
        dataclasses.replace(HECK, **changes)


def test_rules_from_bad_data_are_refused():
    with pytest.raises(InvalidEntry, match="Unknown rule option colour"):
        Rules.from_dict({**HECK.to_dict(), "colour": 1})
    with pytest.raises(InvalidEntry, match="must be true or false"):
        Rules.from_dict({**HECK.to_dict(), "hook": "yes"})
    with pytest.raises(InvalidEntry):
        Rules.from_dict([1, 2])


def test_explicit_and_other_shapes_and_the_hand_limit():
    assert dataclasses.replace(HECK, shape="up-down", peak=3).hand_sizes(4) == [1, 2, 3, 2, 1]
    assert dataclasses.replace(HECK, shape="down", peak=3).hand_sizes(4) == [3, 2, 1]
    assert dataclasses.replace(HECK, shape="up", peak=3).hand_sizes(4) == [1, 2, 3]
    assert dataclasses.replace(HECK, shape="list", hand_list=(10, 15, 1)).hand_sizes(4) == [10, 13, 1]
    assert dataclasses.replace(HECK, max_hands=4).hand_sizes(4) == [8, 7, 6, 5]
    assert dataclasses.replace(HECK, shape="list", hand_list=(15,)).cap_note(4).startswith("With 4 players")


def test_every_preset_has_a_name_a_description_and_readable_rules():
    assert {"oh-my-heck", "oh-heck", "oh-pshaw", "wizard"} <= set(PRESETS)
    for key, rules in PRESETS.items():
        assert rules.id == key and rules.name and len(rules.description) > 30
        assert rules.is_preset and rules.preset_id == key
        lines = rules.rule_lines()
        assert any(line.startswith("Bid made") for line in lines)
    assert PRESETS["oh-my-heck"].example(2, 2) == "bid 2, take 2: +30"
    assert PRESETS["oh-my-heck"].example(2, 1) == "bid 2, take 1: −5"
    assert PRESETS["oh-pshaw"].example(2, 1) == "bid 2, take 1: 0"


@pytest.mark.parametrize(
    "players, message",
    [
        (["Ann", None, "Cy"], "must be text, not None"),
        (["Ann", 3.5, "Cy"], "must be text, not 3.5"),
        (["Ann", "\u200b", "Cy"], "needs a name that shows"),
        (["Zo\u00eb", "Zoe\u0308", "Cy"], "Two players are called Zoë"),  # the same name typed two ways
        (["Ann", "x" * 41, "Cy"], "at most 40 characters"),
    ],
)
def test_names_that_are_not_names_are_refused(players, message):
    with pytest.raises(InvalidEntry, match=message):
        Game(players, HECK)


def test_names_are_tidied():
    game = Game(["  Ann   Lee ", "Zoe\u0308", "Cy"], HECK)
    assert game.players == ["Ann Lee", "Zo\u00eb", "Cy"]


@pytest.mark.parametrize("stake", ["abc", "NaN", "-1", float("inf")])
def test_a_stake_that_is_not_a_sum_of_money_is_refused(stake):
    with pytest.raises(InvalidEntry, match="stake per point"):
        Game(NAMES, PRESETS["oh-pshaw"]).settlement(stake)


def test_describe_survives_odd_actions():
    game = Game(NAMES, HECK)
    assert game.describe({"type": "bids", "hand": "0"}) == "bids of hand ?"
    assert game.describe({"type": ["bids"], "hand": 2}) == "entry of hand 3"
    with pytest.raises(InvalidEntry, match="hand number must be a whole number"):
        game.apply({"type": "bids", "hand": "0", "values": [0, 0, 0, 0]})
