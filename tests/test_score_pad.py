"""The free score pad: open-ended or to a target, highest or lowest wins, corrections and refusals."""
import copy
import dataclasses

import pytest

from scorekeeper.rules import kinds
from scorekeeper.rules.common import InvalidEntry
from scorekeeper.rules.score_pad import KIND, PRESETS, Game, Rules

HIGH = PRESETS["score-pad"]
LOW = PRESETS["score-pad-low"]
NAMES = ["Ann", "Bo", "Cy"]


def snapshot(game):
    return copy.deepcopy(game.rounds), game.totals(), game.is_over


def score(game, index, points):
    game.apply({"type": "round", "round": index, "points": points})


def test_the_presets():
    assert HIGH.highest_wins and HIGH.target is None and not LOW.highest_wins and LOW.target is None
    assert (HIGH.min_players, HIGH.max_players) == (1, 20) and HIGH.kind == KIND == "score-pad"
    assert HIGH.is_preset and LOW.preset_id == "score-pad-low"


def test_without_a_target_the_game_is_open_ended():
    game = Game(NAMES, HIGH)
    for index in range(30):
        score(game, index, [100, -40, 0])
    assert not game.is_over and game.current == 30 and game.progress() == (30, None)
    assert game.totals() == [3000, -1200, 0]
    assert game.winners() == [0] and [s.name for s in game.standings()] == ["Ann", "Cy", "Bo"]


def test_lowest_wins_when_the_rules_say_so():
    game = Game(NAMES, LOW)
    score(game, 0, [5, -3, 5])
    assert not game.highest_wins and game.winners() == [1]
    assert [(s.name, s.place) for s in game.standings()] == [("Bo", 1), ("Ann", 2), ("Cy", 2)]


def test_with_a_target_the_game_ends_after_the_round_in_which_someone_reaches_it():
    game = Game(NAMES, dataclasses.replace(HIGH, target=50))
    score(game, 0, [20, 30, 10])
    score(game, 1, [29, 19, 10])
    assert game.totals() == [49, 49, 20] and not game.is_over
    score(game, 2, [1, 5, 0])
    assert game.is_over and game.current is None and game.reached_target() == [0, 1]
    assert game.winners() == [1] and game.final_scores() == [50, 54, 20]
    before = snapshot(game)
    with pytest.raises(InvalidEntry, match="The game is over: Ann and Bo reached 50"):
        score(game, 3, [1, 1, 1])
    assert snapshot(game) == before


def test_a_penalty_target_ends_a_lowest_wins_game_too():
    game = Game(NAMES, dataclasses.replace(LOW, target=100))
    score(game, 0, [40, 99, 0])
    assert not game.is_over
    score(game, 1, [0, 1, 0])
    assert game.is_over and game.reached_target() == [1] and game.winners() == [2]
    assert any("100 penalty points" in line for line in game.rules.rule_lines())


def test_a_single_player_can_keep_score():
    game = Game(["Ann"], dataclasses.replace(HIGH, target=10))
    score(game, 0, [7])
    score(game, 1, [3])
    assert game.is_over and game.winners() == [0] and game.stats() == [{"rounds_played": 2, "rounds_best": 2}]


def test_corrections_flow_into_the_totals_and_may_not_end_the_game_before_recorded_rounds():
    game = Game(NAMES, dataclasses.replace(HIGH, target=100))
    score(game, 0, [10, 20, 30])
    score(game, 1, [10, 20, 30])
    score(game, 0, [15, 20, -5])
    assert game.totals() == [25, 40, 25] and game.running_totals() == [[15, 20, -5], [25, 40, 25]]
    before = snapshot(game)
    with pytest.raises(InvalidEntry, match="Cy reaches 100 in round 1.*but 1 later round is recorded: undo it first"):
        score(game, 0, [15, 20, 100])
    assert snapshot(game) == before
    score(game, 1, [10, 20, 200])  # the last round may end the game
    assert game.is_over


@pytest.mark.parametrize(
    "action, message",
    [
        ({"type": "round", "round": 1, "points": [1, 2, 3]}, "Round 2 is not up yet: enter round 1"),
        ({"type": "round", "round": -1, "points": [1, 2, 3]}, "no round 0"),
        ({"type": "round", "round": 0, "points": [1, 2]}, "each of the 3 players; got 2"),
        ({"type": "round", "round": 0, "points": [1, 2.5, 3]}, "Bo's points must be a whole number"),
        ({"type": "round", "round": 0, "points": [1, True, 3]}, "Bo's points must be a whole number"),
        ({"type": "round", "round": 0, "points": "123"}, "list"),
        ({"type": "round", "round": None, "points": [1, 2, 3]}, "round number must be a whole number"),
        ({"type": "hand", "hand": 0}, "Unknown entry 'hand'"),
    ],
)
def test_refused_entries_say_what_is_wrong_and_change_nothing(action, message):
    game = Game(NAMES, HIGH)
    before = snapshot(game)
    with pytest.raises(InvalidEntry, match=message):
        game.apply(action)
    assert snapshot(game) == before


def test_stats_count_the_best_round_for_every_tied_player():
    game = Game(NAMES, HIGH)
    score(game, 0, [5, 5, 1])
    score(game, 1, [0, 2, 9])
    assert [row["rounds_best"] for row in game.stats()] == [1, 1, 1]
    low = Game(NAMES, LOW)
    score(low, 0, [5, 5, 1])
    score(low, 1, [0, 2, 9])
    assert [row["rounds_best"] for row in low.stats()] == [1, 0, 1]
    assert game.describe({"type": "round", "round": 4}) == "points of round 5"


def test_rules_round_trip_and_refused_rules():
    for rules in (HIGH, LOW):
        assert Rules.from_dict(rules.to_dict()) == rules and Rules.from_dict(rules.to_dict()).is_preset
    house = dataclasses.replace(LOW, target=150)
    again = Rules.from_dict(house.to_dict())
    assert again == house and again.preset_id == "custom" and again.display_name.endswith("(house rules)")
    for bad, message in (
        ({"target": 0}, "target must be at least 1"),
        ({"target": "50"}, "target must be a whole number"),
        ({"highest_wins": "no"}, "true or false"),
        ({"max_players": 21}, "at most 20 players"),
        ({"min_players": 0}, "at least 1 player"),
        ({"rounds": 5}, "Unknown rule option rounds"),
    ):
        with pytest.raises(InvalidEntry, match=message):
            Rules.from_dict({**HIGH.to_dict(), **bad})
    with pytest.raises(InvalidEntry, match="at most 20 players.*remove 1"):
        Game([f"P{i}" for i in range(21)], HIGH)
    game = kinds.new_game(KIND, NAMES, house.to_dict(), {})
    assert game.rules == house and kinds.find_preset("score-pad-low") == LOW


def test_a_rounds_points_past_any_table_are_refused():
    """Totals must stay within what a database sums (a 19-digit score broke every player's statistics)."""
    game = Game(NAMES, HIGH)
    game.set_round(0, [1_000_000, -1_000_000, 0])
    with pytest.raises(InvalidEntry, match="Bo's points in a round can be at most 1,000,000 either way, not 9,223"):
        game.set_round(1, [0, 2 ** 63 - 1, 0])
    assert len(game.rounds) == 1
