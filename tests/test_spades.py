"""Spades: the rules' worked examples (pagat.com's scoring, Hoyle's and Bicycle's), the house rules as
options, and the invariants of partnership scoring and bags."""
from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import spades
from scorekeeper.rules.common import InvalidEntry
from scorekeeper.rules.kinds import KINDS, new_game, replay
from scorekeeper.rules.outcome import PLAYING, outcome
from scorekeeper.rules.spades import PRESETS, Game, Rules

NAMES = ["Ann", "Bob", "Cy", "Dee"]  # Ann and Cy against Bob and Dee
STANDARD = PRESETS["spades"]


def hand(index, bids, tricks, blind=()):
    return {"type": "hand", "hand": index, "bids": list(bids), "tricks": list(tricks), "blind": list(blind)}


def team(rules, bids, tricks, blind=(False, False), bags=0):
    return rules.team_score(bids, blind, tricks, bags)


def test_registered_and_plain_data_round_trip():
    assert KINDS["spades"] is spades
    assert Rules.from_dict(STANDARD.to_dict()) == STANDARD and STANDARD.is_preset
    changed = dataclasses.replace(STANDARD, target=300, mercy=200, blind_nil_points=None, bag_points=-1)
    assert Rules.from_dict(changed.to_dict()) == changed and not changed.is_preset
    assert changed.rule_lines() and STANDARD.rule_lines()


# ----- worked examples -----

def test_contract_made_scores_ten_a_trick_bid_and_one_a_bag():
    # Ann bids 4 and Cy 3: a contract of 7; they take 8: 70 and a bag.
    score = team(STANDARD, [4, 3], [5, 3])
    assert (score.contract, score.made, score.bags, score.points, score.bags_after) == (7, True, 1, 71, 1)


def test_contract_missed_loses_ten_a_trick_bid():
    score = team(STANDARD, [4, 2], [3, 2])
    assert (score.made, score.bags, score.points) == (False, 0, -60)


def test_nil_made_and_missed():
    # Ann nil, takes none; Cy bids 4 and takes 5: 100 + 40 + 1 bag.
    assert team(STANDARD, [0, 4], [0, 5]).points == 141
    # Ann nil but takes 2: −100; Cy makes his 4; Ann's 2 tricks don't help him but are bags: 40 + 2.
    score = team(STANDARD, [0, 4], [2, 4])
    assert (score.points, score.bags, score.nil_points) == (-58, 2, -100)
    # ... and they don't save a missed bid of the partner either.
    assert team(STANDARD, [0, 4], [2, 3]).points == -100 - 40 + 2


def test_blind_nil_is_worth_twice_a_nil():
    assert team(STANDARD, [0, 3], [0, 3], blind=(True, False)).points == 200 + 30
    assert team(STANDARD, [0, 3], [1, 3], blind=(True, False)).points == -200 + 30 + 1


def test_ten_bags_cost_a_hundred_and_the_count_goes_down_by_ten():
    score = team(STANDARD, [3, 2], [5, 3], bags=8)  # 3 bags: 8 + 3 = 11
    assert (score.bags, score.penalty, score.points, score.bags_after) == (3, 100, 50 + 3 - 100, 1)


def test_both_nil_every_trick_is_a_bag():
    score = team(STANDARD, [0, 0], [0, 1])
    assert (score.contract, score.made, score.points, score.bags) == (0, True, 100 - 100 + 1, 1)


def test_house_rules():
    helping = dataclasses.replace(STANDARD, nil_tricks_help=True)
    assert team(helping, [0, 4], [1, 3]).points == -100 + 40  # Ann's trick makes Cy's 4
    assert team(dataclasses.replace(STANDARD, bag_points=0), [3, 2], [4, 3]).points == 50
    assert team(dataclasses.replace(STANDARD, bag_points=-1), [3, 2], [4, 3]).points == 48
    ten = dataclasses.replace(STANDARD, ten_for_two_hundred=True)
    assert team(ten, [6, 4], [6, 4]).points == 200 and team(ten, [6, 4], [6, 3]).points == -200
    assert team(dataclasses.replace(STANDARD, bag_limit=None), [1, 1], [6, 6], bags=9).points == 20 + 10
    assert team(dataclasses.replace(STANDARD, nil_points=50), [0, 1], [0, 1]).points == 60


def test_a_game_both_partners_show_the_partnerships_total_and_share_a_place():
    game = Game(NAMES, STANDARD)
    game.apply(hand(0, [4, 3, 3, 2], [5, 3, 3, 2]))  # Ann+Cy 7 take 8: 71; Bob+Dee 5 take 5: 50
    assert game.totals() == [71, 50, 71, 50]
    assert [(s.place, s.name) for s in game.standings()] == [(1, "Ann"), (1, "Cy"), (3, "Bob"), (3, "Dee")]
    assert game.played_hands[0].dealer == 0 and game.dealer(1) == 1 and game.bags() == (1, 0)
    game.apply(hand(1, [0, 4, 4, 4], [0, 5, 4, 4], blind=[0]))  # Ann blind nil: 200 + 40; Bob+Dee 8 take 9
    assert game.totals() == [311, 131, 311, 131] and game.bags() == (1, 1)


def test_the_game_ends_at_the_target_and_the_higher_total_wins():
    game = Game(NAMES, dataclasses.replace(STANDARD, target=100))
    game.apply(hand(0, [5, 5, 1, 1], [5, 6, 1, 1]))  # Ann+Cy 6 take 6: 60; Bob+Dee 6 take 7: 61
    assert game.totals() == [60, 61, 60, 61] and not game.is_over
    game.apply(hand(1, [4, 4, 0, 0], [4, 4, 5, 0]))  # Ann+Cy 40 − 100 (Cy's nil) + 5 bags; Bob+Dee 40 + 100
    assert game.totals() == [5, 201, 5, 201] and game.is_over and game.current is None
    assert outcome(game, PLAYING).winners == (1, 3)
    with pytest.raises(InvalidEntry, match="over"):
        game.apply(hand(2, [3, 3, 3, 3], [4, 3, 3, 3]))


def test_a_tie_over_the_target_plays_another_hand():
    game = Game(NAMES, dataclasses.replace(STANDARD, target=100, bag_limit=None))
    game.apply(hand(0, [0, 0, 1, 2], [0, 0, 11, 2]))  # Ann nil, Cy 1 takes 11: 120; Bob nil, Dee 2: 120
    assert game.totals() == [120, 120, 120, 120] and not game.is_over and game.current == 1
    game.apply(hand(1, [3, 3, 3, 3], [3, 4, 3, 3]))
    assert game.is_over and outcome(game, PLAYING).winners == (1, 3)


def test_mercy_rule_ends_the_game_for_a_partnership_far_behind():
    game = Game(NAMES, dataclasses.replace(STANDARD, mercy=200))
    game.apply(hand(0, [7, 1, 6, 1], [3, 2, 3, 5]))  # Ann+Cy 13 take 6: −130; Bob+Dee 2 take 7: 25
    assert game.totals() == [-130, 25, -130, 25] and not game.is_over
    game.apply(hand(1, [7, 1, 6, 1], [3, 2, 3, 5]))
    assert game.is_over and outcome(game, PLAYING).winners == (1, 3)
    assert not Game(NAMES, STANDARD).is_over


def test_refusals():
    game = Game(NAMES, STANDARD)
    for bad, said in (
        (hand(0, [4, 3, 3, 2], [5, 3, 3, 3]), "add up to 14"),
        (hand(0, [14, 3, 3, 2], [5, 3, 3, 2]), "nil \\(0\\) to 13"),
        (hand(0, [4, 3, 3], [5, 3, 3, 2]), "one number per player"),
        (hand(0, [4, 3, 3, 2], [5, 3, 3, 2], blind=[0]), "only a bid of nil"),
        (hand(1, [4, 3, 3, 2], [5, 3, 3, 2]), "not up yet"),
    ):
        with pytest.raises(InvalidEntry, match=said):
            game.apply(bad)
        assert game.played_hands == []
    with pytest.raises(InvalidEntry, match="no blind nil"):
        Game(NAMES, dataclasses.replace(STANDARD, blind_nil_points=None)).apply(hand(0, [0, 3, 3, 2], [0, 3, 5, 5], [0]))
    with pytest.raises(InvalidEntry, match="4 players"):
        Game(NAMES[:3], STANDARD)
    with pytest.raises(InvalidEntry):
        Rules.from_dict({**STANDARD.to_dict(), "bag_points": 2})


def test_a_correction_scores_the_later_hands_again():
    game = Game(NAMES, STANDARD)
    game.apply(hand(0, [3, 3, 3, 3], [8, 2, 1, 2]))  # Ann+Cy 6 take 9: 63, 3 bags
    game.apply(hand(1, [3, 3, 3, 3], [8, 2, 1, 2]))  # 63 more, 6 bags
    game.apply(hand(2, [3, 3, 3, 3], [7, 3, 1, 2]))  # 62, 8 bags
    assert game.totals()[0] == 188 and game.bags()[0] == 8
    game.apply(hand(0, [3, 3, 3, 3], [10, 0, 1, 2]))  # now 5 bags in hand 1: 10 in all at hand 3
    assert game.bags()[0] == 0 and game.totals()[0] == 65 + 63 + 62 - 100


def test_an_adjustment_goes_to_the_partnership():
    game = Game(NAMES, STANDARD)
    game.apply(hand(0, [4, 3, 3, 2], [5, 3, 3, 2]))
    game.apply({"type": "adjust", "at": 0, "seat": 2, "points": -10, "note": "renege"})
    assert game.totals() == [61, 50, 61, 50]


def test_replay_rebuilds_the_game():
    game = Game(NAMES, STANDARD)
    actions = [hand(0, [4, 3, 3, 2], [5, 3, 3, 2]), hand(1, [0, 4, 4, 4], [0, 5, 4, 4], blind=[0])]
    for action in actions:
        game.apply(action)

    class Record:
        kind, players, rules, setup = "spades", NAMES, STANDARD.to_dict(), {}

    Record.actions = actions
    again = replay(Record)
    assert again.totals() == game.totals() and again.stats() == game.stats()
    assert new_game("spades", NAMES, STANDARD.to_dict(), {}).totals() == [0, 0, 0, 0]


# ----- invariants -----

@st.composite
def hands(draw):
    tricks = draw(st.lists(st.integers(0, 13), min_size=3, max_size=3).filter(lambda t: sum(t) <= 13))
    tricks.append(13 - sum(tricks))
    bids = draw(st.lists(st.integers(0, 13), min_size=4, max_size=4))
    blind = [seat for seat in range(4) if bids[seat] == 0 and draw(st.booleans())]
    return bids, tricks, blind


@settings(max_examples=150, deadline=None)
@given(st.lists(hands(), max_size=12), st.sampled_from([1, 0, -1]), st.booleans(), st.booleans())
def test_totals_are_the_sum_of_the_hands_and_bags_stay_below_the_limit(played, bag_points, help_, ten):
    rules = dataclasses.replace(STANDARD, target=100_000, bag_points=bag_points, nil_tricks_help=help_,
                                ten_for_two_hundred=ten)
    game = Game(NAMES, rules)
    gathered = [0, 0]
    for index, (bids, tricks, blind) in enumerate(played):
        game.apply(hand(index, bids, tricks, blind))
        last = game.played_hands[-1]
        for t in (0, 1):
            score = last.teams[t]
            gathered[t] += score.bags
            assert 0 <= score.bags_after < 10 and score.bags_after == gathered[t] % 10
            assert score.penalty % 100 == 0
    totals = game.totals()
    assert totals[0] == totals[2] and totals[1] == totals[3]
    for t in (0, 1):
        assert totals[t] == sum(h.teams[t].points for h in game.played_hands)
        assert sum(h.teams[t].penalty for h in game.played_hands) == 100 * (gathered[t] // 10)
    assert game.running_totals()[-1:] == ([totals] if played else [])


def test_the_table_changes_the_target_or_the_mercy_rule_mid_game():
    game = Game(NAMES, STANDARD)
    game.apply(hand(0, [4, 3, 3, 2], [5, 3, 3, 2]))  # 71 to 50
    with pytest.raises(InvalidEntry):
        game.apply({"type": "rules", "changes": {"nil_points": 50}})  # the scoring of what was played stays
    game.apply({"type": "rules", "changes": {"target": 60}})
    assert game.is_over and game.rules.target == 60 and game.totals() == [71, 50, 71, 50]
    assert game.rule_change_lines() == ["After hand 1: the target 60 (was 500)"]
    game = Game(NAMES, STANDARD)
    game.apply({"type": "rules", "changes": {"mercy": 200}})
    assert game.rules.mercy == 200 and not game.is_over


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from(["type", "hand", "bids", "tricks", "blind"]),
                       st.one_of(st.none(), st.integers(-2, 14), st.text(max_size=3),
                                 st.lists(st.one_of(st.none(), st.integers(-1, 14), st.booleans()), max_size=5))))
def test_garbage_entries_are_refused_and_change_nothing(action):
    game = Game(NAMES, STANDARD)
    game.apply(hand(0, [4, 3, 3, 2], [5, 3, 3, 2]))
    before = (game.totals(), list(game.played_hands))
    try:
        game.apply(action)
    except InvalidEntry as refused:
        assert str(refused) and (game.totals(), list(game.played_hands)) == before
    assert isinstance(game.describe(action), str)
