"""The club night's leaderboard (rules/club.py): by total and by placement points."""
import pytest

from scorekeeper.rules.club import BY_PLACES, BY_TOTAL, BoardLine, NightGame, leaderboard, placement_points

NIGHT = [
    NightGame(["Ann", "Bob", "Cy", "Dee"], [40, 25, 25, 10], played=3),  # table 1
    NightGame(["Eve", "Ann", "Fay"], [12, 30, 5], played=2),  # table 2
    NightGame(["Gus", "Hal"], [0, 0], played=0),  # table 3: not started, counts for nobody
]


def test_by_total_adds_each_players_points_over_the_night():
    assert leaderboard(NIGHT, BY_TOTAL) == [
        BoardLine(1, "Ann", 70, 2), BoardLine(2, "Bob", 25, 1), BoardLine(2, "Cy", 25, 1),
        BoardLine(4, "Eve", 12, 1), BoardLine(5, "Dee", 10, 1), BoardLine(6, "Fay", 5, 1)]


def test_by_places_gives_one_point_per_player_behind_plus_one_and_ties_share():
    assert placement_points(4, 1) == 4 and placement_points(4, 4) == 1
    board = {line.name: line.points for line in leaderboard(NIGHT, BY_PLACES)}
    assert board == {"Ann": 4 + 3, "Bob": 3, "Cy": 3, "Dee": 1, "Eve": 2, "Fay": 1}
    assert leaderboard(NIGHT, BY_PLACES)[0] == BoardLine(1, "Ann", 7, 2)


def test_a_lowest_wins_game_counts_against_its_points_by_total_and_for_its_leader_by_places():
    night = [NightGame(["Ann", "Bob"], [10, 30], highest_wins=False, played=1)]
    assert [(line.name, line.points) for line in leaderboard(night, BY_TOTAL)] == [("Ann", -10), ("Bob", -30)]
    assert [(line.name, line.points) for line in leaderboard(night, BY_PLACES)] == [("Ann", 2), ("Bob", 1)]


def test_only_the_two_ways():
    with pytest.raises(ValueError):
        leaderboard(NIGHT, "wins")
