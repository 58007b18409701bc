"""Score card, chart, game over, new game and settings view models."""
import dataclasses
import random
from decimal import Decimal
from types import SimpleNamespace

import flet as ft

from scorekeeper.rules import PRESETS, Game, score_pad, what_the_heck
from scorekeeper.ui.viewmodels.chart import ScoreChart
from scorekeeper.ui.viewmodels.game_over import GameOver
from scorekeeper.ui.viewmodels.new_game import NewGame
from scorekeeper.ui.viewmodels.players import stats_lines
from scorekeeper.i18n import ordinal
from scorekeeper.ui.viewmodels.score_card import ScoreCard
from scorekeeper.ui.viewmodels.settings import Settings
from scorekeeper.ui.viewmodels.summaries import leader_line, progress_line, scores_line, when

NAMES = ["Ann", "Bob", "Cy"]


def played_game():
    game = Game(NAMES, PRESETS["oh-heck"], first_dealer=0)
    game.set_bids(0, [2, 3, 2])  # 8 cards: Ann deals, may not bid 3
    game.set_tricks(0, [2, 4, 2])
    game.set_bids(1, [1, 2, 3])
    game.set_tricks(1, [1, 2, 4])
    return game


def test_score_card_rows_cells_and_totals():
    card = ScoreCard(played_game())
    rows = card.rows()
    assert len(rows) == 15 and rows[0].head_sub == "Ann" and rows[1].head_sub == "Bob" and rows[0].head == "8"
    first = rows[0].cells
    assert [(c.top, c.points, c.mark) for c in first] == [("2/2", "+14", "good"), ("3/4", "−5", "bad"), ("2/2", "+14", "good")]
    assert [c.total for c in rows[1].cells] == ["26", "9", "9"]  # Ann 14+12; Bob −5+14; Cy 14−5
    assert rows[2].current and rows[2].cells[0].total == "" and not rows[2].cells[0].played
    assert rows[1].cells[2].label == "Hand 2, Cy: bid 3 took 4, −5, total 9"
    assert card.totals() == [26, 9, 9]
    standings = card.standings()
    assert [(s.place_text, s.name, s.score, s.detail) for s in standings] == [
        ("1st", "Ann", 26, "2 of 2 made"), ("=2nd", "Bob", 9, "1 of 2 made"), ("=2nd", "Cy", 9, "1 of 2 made")]
    assert standings[0].leader and card.leader_line() == "Ann leads with 26"
    assert card.progress_line() == "2 of 15 hands played"


def test_scores_below_zero_show_a_real_minus_sign():
    """Every score shown below zero reads "−5" (U+2212), as the points already did, never "-5"."""
    game = Game(NAMES, PRESETS["oh-heck"], first_dealer=0)
    game.set_bids(0, [2, 3, 2])
    game.set_tricks(0, [2, 4, 2])  # Bob bid 3 took 4: −5
    game.set_bids(1, [1, 2, 3])
    game.set_tricks(1, [0, 0, 7])  # everyone misses: Ann −5, Bob −10, Cy −20
    card = ScoreCard(game)
    bob = card.rows()[0].cells[1]
    assert (bob.points, bob.total) == ("−5", "−5")
    assert bob.label == "Hand 1, Bob: bid 3 took 4, −5, total −5"
    assert card.totals() == [9, -15, -6] and card.total_texts() == ["9", "−15", "−6"]
    assert [s.score_text for s in card.standings()] == ["9", "−6", "−15"]
    game = Game(NAMES, PRESETS["oh-heck"], first_dealer=0)
    game.set_bids(0, [0, 0, 2])
    game.set_tricks(0, [1, 1, 6])  # everyone misses: Ann −5, Bob −5, Cy −20
    assert ScoreCard(game).leader_line() == "Ann and Bob share the lead with −5"
    summary = SimpleNamespace(rounds_played=1, rounds_total=15, status="playing", players=["Ann", "Bob"],
                              scores=[-5, -20], winners=[], leaders=["Ann"])
    assert leader_line(summary) == "Ann leads with −5" and scores_line(summary) == "Ann −5, Bob −20"
    assert "-" not in "".join([ScoreCard(game).leader_line(), *ScoreCard(game).total_texts()])


def test_a_game_over_card_marks_no_hand_under_way_and_says_its_verdict():
    game = played_game()  # two hands in, hand 3 under way: Ann 26, Bob 9, Cy 9
    playing = ScoreCard(game)
    assert [row.current for row in playing.rows()][:3] == [False, False, True]
    assert playing.leader_line() == "Ann leads with 26"
    ended = ScoreCard(game, "abandoned")  # the table stopped here: no winner, nothing under way
    assert not any(row.current for row in ended.rows())
    assert ended.leader_line() == "Ann was in front with 26 when the game ended"
    assert [s.place_text for s in ended.standings()] == ["1st", "=2nd", "=2nd"]
    level = Game(NAMES, PRESETS["oh-heck"], first_dealer=0)
    level.set_bids(0, [2, 2, 2])
    level.set_tricks(0, [2, 2, 4])
    assert ScoreCard(level, "abandoned").leader_line() == "Ann and Bob were level in front with 14 when the game ended"
    finished = ScoreCard(game, "finished")  # finished by the table: decided, its winner said
    assert not any(row.current for row in finished.rows())
    assert finished.leader_line() == "Ann wins with 26"


def test_when_is_short_enough_for_a_phone_tile():
    from datetime import datetime, timedelta

    now = datetime(2025, 11, 20, 21, 0).astimezone()  # a Thursday, local time
    assert when(None, now) == ""
    assert when(now.replace(hour=8, minute=24), now) == "08:24"  # today: the time alone
    assert when(now - timedelta(days=2, hours=0, minutes=45), now) == "Tue 20:15"  # this week: the day too
    assert when(now - timedelta(days=6), now) == "Fri 21:00"
    assert when(now - timedelta(days=8), now) == "12 Nov"  # earlier: the date
    assert when(datetime(2025, 3, 2, 12, 0).astimezone(), now) == "2 Mar"
    assert when(datetime(2024, 11, 12, 12, 0).astimezone(), now) == "12 Nov 2024"  # another year: with it
    assert when(now + timedelta(days=1), now) == "21 Nov"  # another device's clock ahead: a plain date


def test_shared_places_and_ordinals():
    game = Game(NAMES, PRESETS["oh-heck"], first_dealer=0)
    assert ScoreCard(game).leader_line() == "No hand played yet"
    game.set_bids(0, [2, 2, 2])
    game.set_tricks(0, [2, 2, 4])
    assert [s.place_text for s in ScoreCard(game).standings()] == ["=1st", "=1st", "3rd"]
    assert ScoreCard(game).leader_line() == "Ann and Bob share the lead with 14"
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)] == ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd"]


def test_chart_scales_the_running_totals():
    chart = ScoreChart(played_game())
    assert chart.series[0].totals == (0, 14, 26)
    low, high = chart.y_range()
    assert low <= -5 and high >= 26
    points = chart.points(0, 150, 100)
    assert points[0][0] == 0 and points[1][0] == 10  # 15 hands across 150 px
    assert points[2][1] < points[1][1] < points[0][1]  # higher totals are drawn higher
    assert chart.describe() == "Score chart after 2 of 15 hands: Ann 26, Bob 9, Cy 9"


def test_chart_lines_of_equal_totals_run_side_by_side():
    """The UX review: players level on points (Bob and Cy at 9 here; everyone at 0 to start) drew one
    line, the others hidden under the last one drawn."""
    chart = ScoreChart(played_game())
    assert chart.series[1].totals[::2] == chart.series[2].totals[::2] == (0, 9)  # level at the start and the end
    bob, cy = chart.points(1, 150, 100), chart.points(2, 150, 100)
    for index in (0, 2):
        assert 0 < abs(bob[index][1] - cy[index][1]) <= 3  # apart by a line's width, not by another value
    eight = ScoreChart(Game([f"P{n}" for n in range(8)], PRESETS["oh-heck"], first_dealer=0))
    starts = sorted(eight.points(seat, 150, 100)[0][1] for seat in range(8))
    assert len(set(starts)) == 8 and starts[-1] - starts[0] <= 12  # a ribbon, never wider than 12 px


def test_the_charts_hand_numbers_never_crowd_and_are_readable():
    """The screenshot review: 11 px numbers, every one of 15 hands along a phone's 306 px. Now 13 px, and
    every hand only where each number has 24 px of its own."""
    import flet.canvas as cv
    from scorekeeper.ui.screens.chart import chart_canvas

    def hand_numbers(width):
        canvas = chart_canvas(ScoreChart(played_game()), width, 300).content.content
        texts = [shape for shape in canvas.shapes if isinstance(shape, cv.Text)]
        assert {shape.style.size for shape in texts} == {13}
        return [shape.value for shape in texts if shape.alignment == ft.Alignment.TOP_CENTER]

    assert hand_numbers(362) == [str(n) for n in range(0, 16, 2)]  # a phone
    assert hand_numbers(560) == [str(n) for n in range(16)]  # beside the hand on a tablet


def test_chart_writes_negative_totals_with_a_true_minus():
    game = Game(NAMES, PRESETS["oh-heck"], first_dealer=0)  # −5 a trick off the bid
    game.set_bids(0, [2, 3, 2])
    game.set_tricks(0, [0, 6, 2])
    chart = ScoreChart(game)
    assert [s.totals[-1] for s in chart.series] == [-10, -15, 14]
    assert chart.describe() == "Score chart after 1 of 15 hands: Ann −10, Bob −15, Cy 14"


def test_every_kind_has_its_chart_in_its_own_words():
    pad = score_pad.Game(NAMES, dataclasses.replace(score_pad.PRESETS["score-pad"], highest_wins=False))
    for points in ([5, 12, 0], [7, -3, 4]):
        pad.apply({"type": "round", "round": pad.current, "points": points})
    chart = ScoreChart(pad)
    assert chart.steps == 2 and [s.totals for s in chart.series] == [(0, 5, 12), (0, 12, 9), (0, 0, 4)]
    assert chart.describe() == "Score chart after 2 rounds: Ann 12, Bob 9, Cy 4 (lowest wins)"
    assert chart.caption().endswith("the total after each round. The dashed line is 0. Lowest total wins.")
    assert chart.points(0, 100, 100)[-1][0] == 100  # an open-ended game spans what was played
    heck = what_the_heck.Game(NAMES, what_the_heck.PRESETS["what-the-heck"])
    assert ScoreChart(heck).describe() == "Score chart: no round played yet"
    assert ScoreChart(heck).steps == 15  # its set length: one round per point card


def test_game_over_with_bonus_and_settlement():
    game = Game(NAMES, PRESETS["oh-pshaw"], first_dealer=0)
    for index, hand in enumerate(game.hands):
        cards = hand.cards
        game.set_bids(index, [cards, 0, 0])
        game.set_tricks(index, [cards, 0, 0])
    over = GameOver(game)
    rows = over.rows()
    assert rows[0].name == "Ann" and rows[0].bonus == 10 and rows[0].final == rows[0].total + 10
    assert over.headline() == "Ann wins!" and over.bonus_line() == "Winner's bonus: +10"
    assert over.about_line() == "Oh Pshaw · Ann, Bob, Cy"  # highest wins, as everyone expects
    assert rows[0].total_text == f"{rows[0].total} + 10" and rows[1].total_text == str(rows[1].total)
    assert over.has_settlement
    stake = over.parse_stake("0,5")
    assert stake == Decimal("0.5")
    lines = over.settlement_lines(stake)
    assert lines[0].startswith("Bob pays Ann") and len(lines) == 2
    assert over.parse_stake("x").startswith("The stake per point must be a number")
    assert over.parse_stake("-1").startswith("The stake per point must be a number of 0 or more")
    assert over.parse_stake(" ") == 1


def test_a_game_ended_early_has_one_verdict_no_winner_no_bonus():
    # Oh Pshaw (winner's bonus 10), ended after 2 hands with Ann ahead: no winner, no bonus, anywhere.
    game = Game(NAMES, PRESETS["oh-pshaw"], first_dealer=0)
    for index in range(2):
        cards = game.hands[index].cards
        game.set_bids(index, [cards, 0, 0])
        game.set_tricks(index, [cards, 0, 0])
    over = GameOver(game, "abandoned")
    assert not over.finished and over.ended_early
    assert over.headline() == f"Ended early after 2 of {len(game.hands)} hands"
    assert over.bonus_line() is None
    rows = over.rows()
    assert [row.name for row in rows][0] == "Ann" and not any(row.winner for row in rows)
    assert all(row.bonus == 0 and row.final == row.total for row in rows)
    state = SimpleNamespace(game=game, status="abandoned")
    from scorekeeper.ui.viewmodels.table_display import table_display
    assert table_display(state).headline == f"Game over: ended early after 2 of {len(game.hands)} hands, no winner"


def test_new_game_seats_players_and_previews_the_sequence():
    vm = NewGame(roster=["Ann", "Bob"], default_preset="oh-heck", rng=random.Random(1))
    assert vm.problem() == "Seat 3 to 8 players."
    vm.toggle_player("Ann")
    vm.add_player("bob")  # the roster's spelling
    assert vm.players == ["Ann", "Bob"]
    assert vm.add_player("Ann") == "Ann is already seated."
    vm.add_player("Cy")
    vm.add_player("Dee")
    assert vm.roster == ["Ann", "Bob", "Cy", "Dee"]
    assert vm.can_start
    assert vm.sequence() == [8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8]
    vm.set_dealer(1)
    vm.move(1, 1)
    assert vm.players == ["Ann", "Cy", "Bob", "Dee"] and vm.dealer_line() == "Bob deals first"
    vm.remove_player(2)
    assert vm.first_dealer is None and vm.dealer_line().startswith("First dealer: drawn")
    players, rules, dealer = vm.start_values()
    assert players == ["Ann", "Cy", "Dee"] and rules == PRESETS["oh-heck"] and 0 <= dealer < 3


def test_new_game_custom_rules_with_examples_and_cap_note():
    vm = NewGame(default_preset="oh-my-heck")
    assert vm.examples()[0] == "bid 2, take 2: +30"
    vm.set_custom(True)
    assert vm.set_option("made_base", "10") is None
    assert vm.examples()[0] == "bid 2, take 2: +20"
    assert vm.rules.display_name == "OH, MY HECK! (house rules)"
    assert vm.set_option("made_base", "ten").startswith("Bid made: points: type a whole number")
    assert vm.problem().startswith("Bid made")
    assert vm.set_option("peak", "") is None and vm.rules.peak is None
    vm.set_custom(False)
    assert vm.rules == PRESETS["oh-my-heck"]
    vm.choose_preset("oh-heck")
    for name in ("A", "B", "C", "D", "E", "F", "G"):
        vm.add_player(name)
    assert "cut to 7" in vm.cap_note()
    assert vm.sequence_line().startswith("13 hands: 7, 6")


def test_settings_round_trip_and_defaults():
    assert Settings.from_dict(None) == Settings(theme="dark", default_preset="oh-heck")
    assert Settings.from_dict({"theme": "light", "default_preset": "wizard"}).to_dict() == {
        "theme": "light", "default_preset": "wizard", "language": "device"}
    assert Settings.from_dict({"theme": "purple"}).theme == "dark"
    # The language: the device's unless one was chosen; an unknown one stored is the device's again.
    assert Settings.from_dict({"language": "de"}).language_for("fr-FR") == "de"
    assert Settings.from_dict({"language": "klingon"}).language_for("fr-FR") == "fr"
    assert Settings().language_for("pt-BR") == "pt"
    assert Settings().language_for("ja-JP") == "en"
    assert Settings().with_language("nl").to_dict()["language"] == "nl"


def test_summary_lines_are_kind_agnostic():
    summary = SimpleNamespace(kind="score-pad", rounds_played=3, rounds_total=None, status="playing",
                              players=["Ann", "Bob"], scores=[4, 9], winners=[], leaders=["Bob"])
    assert progress_line(summary) == "3 rounds played"
    assert leader_line(summary) == "Bob leads with 9"
    heck = SimpleNamespace(games=2, wins=1, best_score=70, counters={"hands_played": 30, "hands_made": 15, "zero_bids_made": 0})
    stats = SimpleNamespace(games=2, wins=1, scored_games=2, average_score=50.5, best_score=70, by_kind={"bid-tricks": heck})
    assert stats_lines(stats) == ["2 finished games, 1 win", "Average score 50.5, best 70", "Bids made: 15 of 30 (50%)"]
    losing = SimpleNamespace(games=2, wins=0, scored_games=2, average_score=-12.25, best_score=-3, by_kind={})
    assert stats_lines(losing) == ["2 finished games, 0 wins", "Average score −12.2, best −3"]
    nearly_even = SimpleNamespace(games=3, wins=1, scored_games=3, average_score=-0.04, best_score=0, by_kind={})
    assert stats_lines(nearly_even)[1] == "Average score 0.0, best 0"
    figures = SimpleNamespace(games=1, wins=0, best_score=-7, counters={})
    by_kind = SimpleNamespace(games=1, wins=0, scored_games=1, average_score=-7.0, best_score=-7, by_kind={"score-pad": figures})
    assert stats_lines(by_kind) == ["1 finished game, 0 wins", "Average score −7.0, best −7",
                                    "Score pad: 1 game, 0 wins; best −7"]
    # Without a finished game: the games ended early or under way, which the figures leave out, are said
    none_yet = SimpleNamespace(games=0, wins=0, scored_games=0, average_score=None, best_score=None, by_kind={})
    assert stats_lines(none_yet) == stats_lines(None) == ["No finished game yet"]
    assert stats_lines(none_yet, 2) == ["No finished game yet (2 games ended early or under way)"]


def test_view_models_are_plain_python():
    """Screens draw view models; the view models know nothing of Flet (so they are unit-tested here)."""
    import ast
    from pathlib import Path

    folder = Path(__file__).resolve().parent.parent / "scorekeeper" / "ui" / "viewmodels"
    files = sorted(folder.glob("*.py"))
    assert len(files) >= 8
    for path in files:
        tree = ast.parse(path.read_text())
        imported = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
        imported |= {node.module.split(".")[0] for node in ast.walk(tree)
                     if isinstance(node, ast.ImportFrom) and node.module and node.level == 0}
        assert "flet" not in imported, f"{path.name} imports flet"


def test_final_standings_serve_every_kind_of_game():
    from scorekeeper.rules import score_pad

    game = score_pad.Game(["Ann", "Bob"], score_pad.PRESETS["score-pad"])
    game.apply({"type": "round", "round": 0, "points": [12, -3]})
    over = GameOver(game)
    assert not over.has_settlement and over.bonus_line() is None
    assert over.headline().startswith("In play: 1")
    assert [(row.name, row.final, row.final_text) for row in over.rows()] == [("Ann", 12, "12"), ("Bob", -3, "−3")]
    assert over.about_line() == "Score pad · Ann, Bob"  # highest wins: nothing to point out


def test_a_narrow_score_card_column_writes_a_four_character_total_a_size_smaller():
    """Seven players on a 390 px phone (44 px columns): "−110" at the totals' size was cut to "−11"
    (seen in a screenshot); totals of up to three characters keep it."""
    from scorekeeper.ui import theme
    from scorekeeper.ui.drawing.card import _narrow_total

    assert _narrow_total("−90") == _narrow_total("110") == theme.BODY + 1
    assert _narrow_total("−110") == _narrow_total("1040") == theme.SMALL + 1
