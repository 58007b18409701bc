"""The score sheet (rules.sheet): the one row model the score card, CSV, PDF, JSON and the chart read.
A worked example with a player sitting out and an adjustment, computed by hand, and properties over
random games of every kind (hypothesis)."""
from __future__ import annotations

import dataclasses

from hypothesis import given, settings

from scorekeeper.rules import PRESETS, spades
from scorekeeper.rules.oh_heck import Game
from scorekeeper.rules.sheet import played_rows, score_sheet

from test_kinds_properties import deck_games, heck_games, pad_games
from test_table_roster import evenings

OH_HECK = dataclasses.replace(PRESETS["oh-heck"], random_first_dealer=False)  # 8 down to 1 and back; hook


def test_worked_example_a_sit_out_an_adjustment_and_the_hands_to_come():
    # Oh Heck: made = 10 + 2 per trick bid; missed = -5 per trick off.
    game = Game(["Ann", "Bob", "Cy", "Dee"], OH_HECK, first_dealer=0)
    # Hand 1, 8 cards: bids 2,2,2,1, tricks 2,2,2,2: Ann, Bob, Cy +14; Dee took one more than bid: -5.
    game.apply({"type": "bids", "hand": 0, "values": [2, 2, 2, 1]})
    game.apply({"type": "tricks", "hand": 0, "values": [2, 2, 2, 2]})
    # Hand 2, 7 cards, Dee sits it out: Ann 2 of 2 (+14), Bob bid 2 took 3 (-5), Cy 2 of 2 (+14).
    game.apply({"type": "sit_out", "hand": 1, "seat": 3})
    game.apply({"type": "bids", "hand": 1, "values": [2, 2, 2, None]})
    game.apply({"type": "tricks", "hand": 1, "values": [2, 3, 2, None]})
    # The table gives Ann 3 points at hand 2: in her total, not in the hand's points.
    game.apply({"type": "adjust", "at": 1, "seat": 0, "points": 3})

    sheet = score_sheet(game)
    assert len(sheet) == len(game.hands)  # the hands to come are rows too
    first, second, third = sheet[:3]
    assert (first.number, first.played, tuple(first.points), tuple(first.totals)) == (1, True, (14, 14, 14, -5),
                                                                                     (14, 14, 14, -5))
    assert (second.number, tuple(second.points), tuple(second.totals)) == (2, (14, -5, 14, None), (31, 9, 28, -5))
    assert second.absent == {3} and second.step is game.hands[1]
    assert (third.played, third.points, third.totals) == (False, None, None)
    assert all(not row.played for row in sheet[2:])
    assert [tuple(row.totals) for row in played_rows(game)] == [(14, 14, 14, -5), (31, 9, 28, -5)]


def test_a_spades_row_gives_both_partners_the_partnerships_points():
    rules = spades.PRESETS["spades"]
    game = spades.Game(["Ann", "Bob", "Cy", "Dee"], rules)
    # Ann and Cy bid 3 + 2 and take 3 + 3: 50 and a bag; Bob and Dee bid 4 + 3 and take 4 + 3: 70.
    game.apply({"type": "hand", "hand": 0, "bids": [3, 4, 2, 3], "tricks": [3, 4, 3, 3]})
    (row,) = score_sheet(game)
    assert tuple(row.points) == (51, 70, 51, 70)
    assert tuple(row.totals) == (51, 70, 51, 70)


def check_sheet(game) -> None:
    """The sheet's rows are the game's steps in order, the played ones first, their totals the game's
    running totals, their points the step's with None exactly in the seats not in it."""
    sheet = score_sheet(game)
    curve = game.running_totals()
    assert [row.step for row in sheet] == list(game.steps)
    assert [row.index for row in sheet] == list(range(len(sheet)))
    assert [row.totals for row in sheet if row.played] == curve
    assert all(row.played for row in sheet[:len(curve)]) and not any(row.played for row in sheet[len(curve):])
    for row in sheet[:len(curve)]:
        assert {seat for seat, points in enumerate(row.points) if points is None} == set(row.step.absent)
        assert all(points == row.step.points[seat] for seat, points in enumerate(row.points) if points is not None)
    for row in sheet[len(curve):]:
        assert row.points is None and row.totals is None


@settings(max_examples=60, deadline=None)
@given(evenings())
def test_the_sheet_of_an_evening_with_arrivals_departures_and_sit_outs(game):
    check_sheet(game)


@settings(max_examples=60, deadline=None)
@given(heck_games())
def test_the_sheet_of_what_the_heck(game_and_actions):
    check_sheet(game_and_actions[0])


@settings(max_examples=60, deadline=None)
@given(deck_games())
def test_the_sheet_of_hit_the_deck(game_and_actions):
    check_sheet(game_and_actions[0])


@settings(max_examples=60, deadline=None)
@given(pad_games())
def test_the_sheet_of_the_score_pad(game_and_actions):
    game = game_and_actions[0]
    check_sheet(game)
    # No one joins, leaves or sits out here: each row's totals are the last ones plus its points.
    before = [0] * len(game.players)
    for row in score_sheet(game):
        assert list(row.totals) == [total + points for total, points in zip(before, row.points)]
        before = row.totals
