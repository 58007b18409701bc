"""The other kinds in the app: New game for every kind, and the entry, play and score card view models
of the score pad, HIT THE DECK and WHAT THE HECK? (on a real store; no Flet)."""
from types import SimpleNamespace

import pytest

from scorekeeper.rules import hit_the_deck, score_pad, what_the_heck
from scorekeeper.storage import Store
from scorekeeper.ui.viewmodels.game_over import GameOver
from scorekeeper.ui.viewmodels.auction_entry import AuctionEntry
from scorekeeper.ui.viewmodels.deck_entry import DeckEntry
from scorekeeper.ui.viewmodels.pad_entry import PadEntry
from scorekeeper.ui.viewmodels.play import END_CONFIRM, FINISH_CONFIRM, GamePlay
from scorekeeper.ui.viewmodels.score_card import ScoreCard
from scorekeeper.ui.viewmodels.new_game import NewGame
from scorekeeper.ui.viewmodels.session import GameSession
from scorekeeper.ui.viewmodels.summaries import leader_line, progress_line, scores_line

NAMES = ["Ann", "Bob", "Cy"]


@pytest.fixture
def store(sqlite_url):
    with Store(sqlite_url) as opened:
        yield opened


def start(store, preset_id, options=None, names=NAMES):
    vm = NewGame(roster=[])
    vm.choose_preset(preset_id)
    for name, value in (options or {}).items():
        assert vm.set_option(name, value) is None
    for name in names:
        vm.add_player(name)
    players, rules, setup = vm.start_setup()
    state = store.new_game(players, rules, **setup)
    return GamePlay(GameSession(store, state.id, state))


# ----- New game -----


def test_new_game_offers_every_kind_with_its_own_options():
    vm = NewGame()
    ids = [rules.id for rules in vm.presets]
    assert ids == ["oh-my-heck", "oh-heck", "oh-pshaw", "wizard", "nomination-whist", "kachuful", "boerenbridge",
                   "up-and-down-the-river", "skull-king", "what-the-heck", "hit-the-deck", "score-pad", "spades"]
    vm.choose_preset("hit-the-deck")
    assert not vm.bid_tricks and [o.name for o in vm.kind_options] == ["target"]
    assert vm.set_option("target", "150") is None and vm.rules.target == 150
    assert vm.sequence() == [] and vm.examples() == [] and vm.cap_note() is None
    assert vm.set_option("target", "x") is not None  # refused, the rules stay as they were
    assert vm.rules.target == 150


def test_what_the_heck_deck_ranges_and_player_count():
    vm = NewGame()
    vm.choose_preset("what-the-heck")
    assert vm.option_text("point_low") == "-5" and vm.option_text("player_high") == "15"
    assert vm.set_option("point_low", "-2") is None
    assert vm.set_option("point_high", "4") is None
    assert vm.set_option("player_high", "6") is None
    assert vm.rules.point_cards == (-2, -1, 1, 2, 3, 4) and vm.rules.player_cards == (1, 2, 3, 4, 5, 6)
    assert vm.sequence_line().startswith("6 rounds")
    assert "minus card" in vm.set_option("point_low", "2")
    assert "at least 6 player cards" in vm.set_option("player_high", "5")
    assert vm.set_option("player_high", "6") is None and vm.rules_error is None
    for name in ["A", "B", "C", "D", "E", "F", "G"]:
        vm.add_player(name)
    assert "at most 6 players" in vm.problem()
    vm.remove_player(6)
    assert vm.can_start and vm.start_setup()[2] == {}


def test_score_pad_lowest_wins_and_target():
    vm = NewGame()
    vm.choose_preset("score-pad")
    assert vm.option_value("highest_wins") == "high" and vm.option_text("target") == ""
    vm.set_option("highest_wins", "low")
    assert vm.rules == score_pad.PRESETS["score-pad-low"]
    vm.set_option("target", "50")
    assert (vm.rules.highest_wins, vm.rules.target) == (False, 50)
    vm.set_option("target", "")
    assert vm.rules == score_pad.PRESETS["score-pad-low"]
    vm.choose_preset("score-pad-low")  # "the same game again" from a lowest-wins pad
    assert vm.preset_id == "score-pad" and vm.option_value("highest_wins") == "low"


# ----- score pad -----


def test_score_pad_round_by_steppers_and_finish(store):
    play = start(store, "score-pad")
    assert play.open_ended and not play.can_finish
    entry = play.entry
    assert isinstance(entry, PadEntry)
    entry.step(0, 10), entry.step(0, 5), entry.step(1, -5), entry.step(1, -1), entry.step(2, 1)
    assert entry.points == [15, -6, 1] and entry.total_line(1) == "total 0 · after this round −6"
    assert entry.step_label(1, -5) == "Bob minus 5"
    play.submit()
    assert play.wrote and play.info == "Round 1 saved." and play.game.totals() == [15, -6, 1]
    entry = play.entry
    assert entry.index == 1 and entry.type_points(0, "−12") is None and entry.points[0] == -12
    assert "whole number" in entry.type_points(1, "abc")
    assert entry.type_points(1, "") is None and entry.problem() is None
    entry.flip_sign(0)
    assert entry.points[0] == 12
    play.submit()
    assert play.game.totals() == [27, -6, 1]
    play.undo()
    assert play.game.totals() == [15, -6, 1] and play.info == "Undone: points of round 2. Change it and enter it again."
    assert play.entry.index == 1 and play.entry.points == [12, 0, 0]  # the undone round is back to change
    play.redo()
    assert play.game.totals() == [27, -6, 1]
    assert play.can_finish
    play.finish()
    play.finish()  # two taps: the first one asks (see test_finishing_an_open_ended_pad_takes_two_taps)
    assert play.over and play.session.state.status == "finished"
    over = GameOver(play.game, play.session.state.status)
    assert over.finished and over.headline() == "Ann wins!"


def test_score_pad_typed_points(store):
    play = start(store, "score-pad")
    entry = play.entry
    assert entry.field_label(0) == "Type Ann's points" and entry.field_text(0) == ""
    assert entry.type_points(0, "87") is None and entry.points[0] == 87
    assert entry.type_points(1, "-12") is None and entry.points[1] == -12
    assert entry.type_points(2, "-") is None and entry.points[2] == 0  # a minus still being typed
    entry.step(0, 5), entry.flip_sign(1)  # the steppers keep working on typed points; a fresh field shows them
    assert entry.points[:2] == [92, 12] and entry.field_text(0) == "92" and entry.stepped[:2] == [1, 1]
    entry.flip_sign(1)
    assert entry.field_text(1) == "-12"
    refusal = entry.type_points(2, "7.5")
    assert refusal == "Cy's points: type a whole number (below zero: start with a minus)."
    assert entry.errors[2] == refusal and entry.problem() == refusal
    for text in ("abc", "1e3", "--4", "12-"):
        assert "whole number" in entry.type_points(2, text), text
    play.submit()
    assert play.message == refusal and not play.wrote and play.game.totals() == [0, 0, 0]
    assert entry.type_points(2, " −4 ") is None and entry.problem() is None
    play.submit()
    assert play.wrote and play.game.totals() == [92, -12, -4]
    entry = play.entry
    entry.type_points(0, "x")
    entry.step(0, 1)  # a stepper replaces the refused text with the points
    assert entry.problem() is None and entry.points[0] == 1


def test_score_pad_target_ends_the_game(store):
    play = start(store, "score-pad", {"highest_wins": "low", "target": "20"})
    assert not play.open_ended
    play.entry.step(1, 10), play.entry.step(1, 10)
    play.submit()
    assert play.over and play.session.state.status == "finished"
    assert [s.name for s in play.game.standings()][0] in ("Ann", "Cy")


def test_score_pad_card():
    game = score_pad.Game(NAMES, score_pad.PRESETS["score-pad"])
    game.apply({"type": "round", "round": 0, "points": [12, -3, 0]})
    card = ScoreCard(game)
    row = card.rows()[0]
    assert [c.top for c in row.cells] == ["+12", "−3", "0"] and row.cells[0].mark == "good"
    assert row.cells[1].label == "Round 1, Bob: −3, total −3" and row.cells[1].total == "−3"
    assert card.leader_line() == "Ann leads with 12" and card.progress_line() == "1 round played"
    assert card.standings()[0].detail == "best in 1 of 1 round"


# ----- HIT THE DECK -----


def test_hit_the_deck_hand_by_quick_counts_and_typed_points(store):
    play = start(store, "hit-the-deck", {"target": "50"})
    entry = play.entry
    assert isinstance(entry, DeckEntry)
    assert entry.problem() == "Tap who went out first."
    entry.tap_out(0)
    assert entry.summary() == "Ann went out and scores 0."
    entry.add_number(1, 4), entry.add_number(1, 2), entry.add_special(1), entry.add_special(1)
    assert entry.points(1) == 26 and entry.count_line(1) == "4 + 2 + 2 × 10 = 26"
    entry.add_number(1, 5)
    entry.take_back(1)
    assert entry.points(1) == 26
    assert entry.problem() == "Enter the cards Cy has left (count them or type the points)."
    entry.type_points(2, "30")
    assert entry.points(2) == 30 and entry.target_line(2) == "30 of 50"
    entry.add_number(2, 3)  # counting drops the typed points (and the screen draws a fresh field)
    assert entry.typed[2] == "" and entry.cleared[2] == 1 and entry.points(2) == 3
    entry.type_points(2, "30")
    assert entry.action() == {"type": "hand", "hand": 0, "out": 0,
                              "left": [None, {"numbers": [4, 2], "specials": 2}, 30]}
    play.submit()
    assert play.game.totals() == [0, 26, 30]
    card = ScoreCard(play.game)
    assert card.rows()[0].head_sub == "Ann out" and card.rows()[0].cells[1].label == "Hand 1, Bob: 4 + 2 + 2 × 10 = 26, total 26"
    assert card.leader_line() == "Ann leads with 0"  # lowest wins
    entry = play.entry
    entry.tap_out(1)
    entry.type_points(0, "5")
    entry.type_points(2, "25")
    assert entry.ends_game() == ["Cy"] and "Cy reaches 50" in entry.summary()
    play.submit()
    assert play.over and play.session.state.status == "finished"
    over = GameOver(play.game, "finished")
    assert over.headline() == "Ann wins with the lowest total, 5"  # lowest wins, and the screen says so
    assert over.about_line() == "HIT THE DECK (house rules) · Ann, Bob, Cy"  # target 50; the headline says it
    assert [(row.place_text, row.name, row.final_text) for row in over.rows()] == [
        ("1st", "Ann", "5"), ("2nd", "Bob", "26"), ("3rd", "Cy", "55")]


def test_hit_the_deck_refusals_reach_the_screen(store):
    play = start(store, "hit-the-deck")
    entry = play.entry
    entry.tap_out(0)
    entry.type_points(1, "0")
    entry.type_points(2, "7")
    play.submit()
    assert "Bob did not go out" in play.message and play.game.totals() == [0, 0, 0]
    play.end_game()
    assert play.info == END_CONFIRM and not play.over
    play.end_game()
    assert play.over and play.session.state.status == "abandoned"


# ----- WHAT THE HECK? -----


def test_what_the_heck_rounds_with_cancelling_and_carry_over(store):
    play = start(store, "what-the-heck")
    entry = play.entry
    assert isinstance(entry, AuctionEntry) and entry.title() == "Round 1 of 15"
    assert [c.label for c in entry.point_choices()][:2] == ["Point card −5", "Point card −4"]
    entry.pick_point_card(7)
    entry.pick(0, 15), entry.pick(1, 15)
    assert entry.outcome_line() == "Waiting for the card of Cy." and entry.turn() == 2
    assert entry.folded(0) and not entry.folded(2)
    entry.pick(2, 5)
    assert entry.taker() == 2
    assert entry.outcome_line() == "Cy takes the point card 7 with the highest card (5). Ann and Bob tied and cancel out."
    play.submit()
    assert play.game.totals() == [0, 0, 7]
    entry = play.entry
    assert 15 not in [c.value for c in entry.card_choices(0)] and 7 not in [c.value for c in entry.point_choices()]
    assert entry.card_choices(0)[0].label == "Ann plays 1"
    entry.pick_point_card(-3)
    entry.pick(0, 4), entry.pick(1, 4), entry.pick(2, 4)
    assert entry.outcome_line() == "Every card is tied: the point card −3 stays and carries over to the next round."
    play.submit()
    entry = play.entry
    assert entry.carry_line().startswith("Carried over: −3 (worth −3)")
    entry.pick_point_card(-2)
    entry.pick(0, 1), entry.pick(1, 2), entry.pick(2, 3)
    assert entry.value() == -5 and entry.taker() == 0
    assert entry.outcome_line().startswith("Ann takes the point cards −3, −2 (worth −5) with the lowest card (1)")
    play.submit()
    assert play.game.totals() == [-5, 0, 7]
    card = ScoreCard(play.game)
    rows = card.rows()
    assert rows[1].head_sub == "carried" and rows[2].label == "Round 3: point card −2 (for −3, −2)"
    assert rows[0].cells[0].mark == "bad" and rows[0].cells[2].mark == "good" and rows[0].cells[2].total == "+7"
    assert [s.detail for s in card.standings()] == ["collected 7", "no point cards yet", "collected −3, −2 = −5"]
    assert card.progress_line() == "3 of 15 rounds played"


def test_what_the_heck_last_round_tie_goes_to_nobody(store):
    play = start(store, "what-the-heck", {"point_low": "-1", "point_high": "1", "player_high": "2"})
    entry = play.entry
    entry.pick_point_card(1)
    entry.pick(0, 1), entry.pick(1, 2), entry.pick(2, 2)
    play.submit()
    entry = play.entry
    assert entry.last_round
    entry.pick_point_card(-1)
    entry.pick(0, 2), entry.pick(1, 1), entry.pick(2, 1)
    assert entry.taker() == 0  # Bob and Cy tie; Ann's 2 is the only card left, so it is the lowest
    entry.pick(0, 2)  # a second tap takes the card back
    assert entry.played[0] is None


def test_lowest_wins_game_over_says_so_for_a_tie_too():
    """The winners and the places come from the engine's standings: the lowest total first."""
    game = hit_the_deck.Game(NAMES, hit_the_deck.PRESETS["hit-the-deck"])
    game.apply({"type": "hand", "hand": 0, "out": 0, "left": [None, 27, 40]})
    game.apply({"type": "hand", "hand": 1, "out": 1, "left": [27, None, 70]})  # Cy reaches 110
    over = GameOver(game, "finished")
    assert over.finished and game.winners() == [0, 1]
    assert over.headline() == "Ann and Bob share the win with the lowest total, 27"
    assert [(row.place_text, row.name, row.winner) for row in over.rows()] == [
        ("=1st", "Ann", True), ("=1st", "Bob", True), ("3rd", "Cy", False)]
    pad = score_pad.Game(NAMES, score_pad.PRESETS["score-pad-low"])
    pad.apply({"type": "round", "round": 0, "points": [-4, 3, 0]})
    over = GameOver(pad, "finished")
    assert over.headline() == "Ann wins with the lowest total, −4"  # a real minus sign
    assert over.rows()[0].final_text == "−4"
    ended = GameOver(pad, "abandoned")  # no winner's headline: the line under it says which way it goes
    assert ended.about_line() == "Score pad, lowest wins · Ann, Bob, Cy"  # the name says it already
    assert [row.name for row in ended.rows()] == ["Ann", "Cy", "Bob"]
    game = hit_the_deck.Game(NAMES, hit_the_deck.PRESETS["hit-the-deck"])
    game.apply({"type": "hand", "hand": 0, "out": 2, "left": [12, 8, None]})
    assert GameOver(game, "abandoned").about_line() == "HIT THE DECK · Ann, Bob, Cy · lowest total wins"
    high = score_pad.Game(NAMES, score_pad.PRESETS["score-pad"])
    high.apply({"type": "round", "round": 0, "points": [-4, 3, 0]})
    assert GameOver(high, "abandoned").about_line() == "Score pad · Ann, Bob, Cy"


def test_summaries_follow_the_direction_of_play(store):
    """Home and History say who leads as storage keeps it (the engine's outcome), lowest totals included."""
    low = store.new_game(["Ann", "Bob"], score_pad.PRESETS["score-pad-low"])
    store.record(low.id, {"type": "round", "round": 0, "points": [-4, 3]}, low.version)
    deck = start(store, "hit-the-deck", names=["Ann", "Bob"])
    tap(deck, deck.entry.tap_out, 1)
    tap(deck, deck.entry.type_points, 0, "30")
    deck.submit()
    summaries = {summary.kind: summary for summary in store.unfinished_games()}
    below, hit = summaries["score-pad"], summaries["hit-the-deck"]
    assert below.leaders == ["Ann"] and leader_line(below) == "Ann leads with −4" and scores_line(below) == "Ann −4, Bob 3"
    assert leader_line(hit) == "Bob leads with 0" and progress_line(hit) == "1 hand played"
    fresh = store.new_game(["Ann", "Bob"], score_pad.PRESETS["score-pad"])
    assert leader_line(next(s for s in store.unfinished_games() if s.id == fresh.id)) == "Not started"
    store.abandon(low.id, store.load(low.id).version)
    ended = next(s for s in store.finished_games() if s.id == low.id)
    assert leader_line(ended) == "Ended early" and ended.winners == []


def test_each_kinds_ui_module_names_its_rules_kind_and_entry():
    from scorekeeper.ui.kinds import kind_ui

    assert kind_ui(score_pad.KIND).entry is PadEntry and kind_ui(hit_the_deck.KIND).entry is DeckEntry
    assert kind_ui(what_the_heck.KIND).entry is AuctionEntry
    for kind, module in ((score_pad.KIND, score_pad), (hit_the_deck.KIND, hit_the_deck), (what_the_heck.KIND, what_the_heck)):
        ui = kind_ui(kind)
        assert ui.presets is module.PRESETS and set(ui.offered) <= set(module.PRESETS)


def test_player_statistics_per_kind(store):
    from scorekeeper.ui.viewmodels.players import stats_lines

    play = start(store, "hit-the-deck", {"target": "20"})
    play.entry.tap_out(0)
    play.entry.type_points(1, "25")
    play.entry.type_points(2, "5")
    play.submit()
    assert play.session.state.status == "finished"
    stats = {s.name: s for s in store.all_player_stats()}
    lines = stats_lines(stats["Ann"])
    assert lines[0] == "1 finished game, 1 win"
    assert lines[-1] == "HIT THE DECK: 1 game, 1 win; best 0; went out in 1 of 1 hand, 0.0 points a hand"


def test_any_kind_can_be_the_default_game():
    from scorekeeper.ui.viewmodels.settings import Settings

    settings = Settings.from_dict({"default_preset": "what-the-heck"})
    assert settings.default_preset == "what-the-heck"
    assert NewGame(default_preset=settings.default_preset).kind == "what-the-heck"


def test_another_devices_entry_reaches_this_one(store):
    here = start(store, "score-pad")
    there = GamePlay(GameSession(store, here.session.game_id))
    here.entry.step(0, 3)  # taps on this device, not stored yet
    there.entry.step(1, 7)
    there.submit()
    here.remote_changed()
    assert here.info == "Updated: another device made an entry." and here.entry.index == 1
    assert here.game.totals() == [0, 7, 0] and here.entry.points == [0, 0, 0]
    here.entry.step(2, 4)
    here.reload()  # nothing new: the taps stay
    assert here.entry.points == [0, 0, 4]
    there.reload()
    there.finish(), there.finish()
    here.remote_changed()
    assert here.over and here.info == "The game was ended on another device."


# ----- taps kept until the round is done -----


def reopen(play):
    """The server restarts (or the tab is closed and opened again): a new screen on the same store."""
    return GamePlay(GameSession(play.session.store, play.session.game_id))


def tap(play, step, *args):
    """What the screen does with a tap in the entry (screens/game.GameScreen.tap)."""
    return play.tap(None, step, *args)


def test_score_pad_taps_survive_a_restart(store):
    play = start(store, "score-pad")
    tap(play, play.entry.step, 0, 5)
    tap(play, play.entry.type_points, 2, "−12")
    again = reopen(play)
    assert again.entry.points == [5, 0, -12] and again.info.startswith("What was entered of round 1 before")
    assert again.entry.field_text(2) == "-12"
    again.submit()
    assert again.game.totals() == [5, 0, -12] and reopen(again).entry.points == [0, 0, 0]


def test_hit_the_deck_taps_survive_a_restart(store):
    play = start(store, "hit-the-deck")
    tap(play, play.entry.tap_out, 1)
    tap(play, play.entry.add_number, 0, 4)
    tap(play, play.entry.add_special, 0)
    tap(play, play.entry.type_points, 2, "17")
    again = reopen(play)
    entry = again.entry
    assert (entry.out, entry.numbers[0], entry.specials[0], entry.typed[2]) == (1, [4], 1, "17")
    assert [entry.points(s) for s in range(3)] == [14, 0, 17]  # the engine's hand_points: 4 + 10


def test_what_the_heck_taps_survive_a_restart_and_only_cards_on_offer_come_back(store):
    play = start(store, "what-the-heck")
    tap(play, play.entry.pick_point_card, 10)
    tap(play, play.entry.pick, 0, 15)
    again = reopen(play)
    assert again.entry.point_card == 10 and again.entry.played == [15, None, None]
    session = again.session
    store.save_draft(session.game_id, session.version, {"step": ["round", 0], "taps": {"point_card": 10, "0": 16, "1": None, "2": None}})
    assert reopen(again).entry.played == [None, None, None]  # there is no card 16: the draft is left alone
    store.save_draft(session.game_id, session.version, {"step": ["round", 0], "taps": {"point_card": True, "0": None}})
    assert reopen(again).entry.point_card is None


def test_a_kind_tap_that_cannot_be_kept_is_taken_back(store, monkeypatch):
    from scorekeeper.storage import StorageError

    play = start(store, "hit-the-deck")
    tap(play, play.entry.add_number, 0, 4)

    def refuse(*_args, **_kwargs):
        raise StorageError("The score database could not save this (disk full). Nothing was changed: try again.")

    monkeypatch.setattr(store, "save_draft", refuse)
    assert not tap(play, play.entry.type_points, 0, "30")
    assert play.entry.typed[0] == "" and play.entry.numbers[0] == [4] and "disk full" in play.message


def test_a_long_typed_entry_is_kept_like_any_other(store):
    play = start(store, "hit-the-deck")
    tap(play, play.entry.tap_out, 1)
    tap(play, play.entry.add_number, 0, 4)
    tap(play, play.entry.type_points, 2, "123456789012")  # as long as the field takes
    again = reopen(play)
    assert (again.entry.out, again.entry.numbers[0], again.entry.typed[2]) == (1, [4], "123456789012")


# ----- finishing an open-ended game -----


def test_finishing_an_open_ended_pad_takes_two_taps(store):
    play = start(store, "score-pad")
    play.finish()
    assert play.message == "Enter at least one round before finishing the game." and play.info is None
    play.entry.step(0, 3)
    play.submit()
    play.finish()  # the first tap asks
    assert play.info == FINISH_CONFIRM and play.confirm_finish and not play.over
    assert play.session.state.status == "playing"
    tap(play, play.entry.step, 1, 5)  # any other tap drops the question
    assert not play.confirm_finish and play.info is None
    play.finish()
    assert not play.over
    play.finish()
    assert play.over and play.session.state.status == "finished" and play.game.totals() == [3, 0, 0]


# ----- correcting an earlier round -----


def rounds(play, *points):
    for values in points:
        for seat, value in enumerate(values):
            play.entry.type_points(seat, str(value))
        play.submit()
        assert play.message is None, play.message


def test_score_pad_correct_an_earlier_round_keeps_the_current_taps(store):
    play = start(store, "score-pad")
    rounds(play, [10, -5, 1], [3, 4, 5])
    tap(play, play.entry.step, 2, 10)  # round 3 under way, kept as a draft
    play.correct(0)
    entry = play.entry
    assert play.correcting and entry.correcting and entry.index == 0 and entry.points == [10, -5, 1]
    assert entry.field_text(1) == "-5" and entry.total_line(0) == "before this round 0 · after it 10"
    assert play.correcting_text() == "Correcting round 1: change what was wrong, then save."
    version = play.session.version
    tap(play, entry.step, 1, 10)  # no draft while correcting: the one of round 3 stays
    assert store.draft(play.session.game_id, version) == {"step": ["round", 2], "taps": {"2": 10}}
    assert play.game.totals() == [13, -1, 6]  # nothing stored before Save correction
    play.save_correction()
    assert play.message is None and play.info == "Round 1 corrected; the totals follow."
    assert play.game.totals() == [13, 9, 6] and play.game.rounds[0].points == (10, 5, 1)
    assert not play.correcting and play.entry.index == 2 and play.entry.points == [0, 0, 10]
    assert reopen(play).entry.points == [0, 0, 10]  # the taps kept for the game's new version
    # A correction cancelled changes nothing; one saved unchanged only closes it.
    play.correct(1)
    play.entry.step(0, 5)
    play.cancel_correction()
    assert play.game.totals() == [13, 9, 6] and play.entry.index == 2 and play.entry.points == [0, 0, 10]
    version = play.session.version
    play.correct(1)
    play.save_correction()
    assert not play.correcting and play.session.version == version and play.entry.points == [0, 0, 10]


def test_a_refused_correction_changes_nothing(store):
    play = start(store, "score-pad", {"target": "20"})
    rounds(play, [5, 0, 0], [5, 0, 0])
    tap(play, play.entry.step, 1, 1)
    version = play.session.version
    play.correct(0)
    play.entry.step(0, 15)  # Ann would reach 20 in round 1, with round 2 recorded
    play.save_correction()
    assert play.message == ("With this correction Ann reaches 20 in round 1, which ends the game, but 1 later "
                            "round is recorded: undo it first.")
    assert play.session.version == version and play.game.totals() == [10, 0, 0]
    assert play.correcting and play.entry.points == [20, 0, 0]  # still open, to put right
    play.cancel_correction()
    assert play.message is None and play.entry.index == 2 and play.entry.points == [0, 1, 0]


def test_a_finished_open_ended_pad_corrected_is_finished_again(store):
    play = start(store, "score-pad")
    rounds(play, [10, 0, 0], [0, 5, 0])
    play.finish(), play.finish()
    assert play.over
    play.correct(1)  # from the score card of the finished game
    assert play.correcting and play.entry.points == [0, 5, 0]
    play.entry.type_points(1, "15")
    play.save_correction()
    assert play.session.state.status == "finished" and play.over and not play.correcting
    assert play.game.totals() == [10, 15, 0] and play.info == "Round 2 corrected; the totals follow."
    assert GameOver(play.game, "finished").headline() == "Bob wins!"


def test_hit_the_deck_correct_an_earlier_hand(store):
    play = start(store, "hit-the-deck", {"target": "50"})
    entry = play.entry
    entry.tap_out(0), entry.add_number(1, 4), entry.add_special(1), entry.type_points(2, "12")
    play.submit()
    entry = play.entry
    entry.tap_out(1), entry.type_points(0, "5"), entry.type_points(2, "8")
    play.submit()
    assert play.game.totals() == [5, 14, 20]
    tap(play, play.entry.tap_out, 2)
    play.correct(0)
    entry = play.entry
    assert (entry.out, entry.numbers[1], entry.specials[1], entry.typed[2]) == (0, [4], 1, "12")
    assert entry.count_line(1) == "4 + 1 × 10 = 14" and entry.total_line(2) == "before this hand 0 · after it 12"
    entry.add_number(1, 2)
    entry.type_points(2, "7")
    play.save_correction()
    assert play.game.totals() == [5, 16, 15] and play.info == "Hand 1 corrected; the totals follow."
    assert play.entry.index == 2 and play.entry.out == 2  # the taps of hand 3 are back
    # Refused: with Cy's 7 → 50 in hand 1 Cy reaches 50 after hand 1, with hand 2 recorded.
    play.correct(0)
    play.entry.type_points(2, "50")
    version = play.session.version
    play.save_correction()
    assert play.message.startswith("With this correction Cy reaches 50 in hand 1") and play.message.endswith("undo it first.")
    assert play.session.version == version and play.game.totals() == [5, 16, 15] and play.correcting


def test_hit_the_deck_a_finished_game_corrected(store):
    play = start(store, "hit-the-deck", {"target": "50"})
    for out, left in ((0, [None, 20, 30]), (1, [5, None, 25])):  # Cy reaches 55: over
        play.entry.tap_out(out)
        for seat, value in enumerate(left):
            if value is not None:
                play.entry.type_points(seat, str(value))
        play.submit()
    assert play.over and play.session.state.status == "finished"
    play.correct(0)
    play.entry.type_points(1, "21")  # still over: finished again
    play.save_correction()
    assert play.session.state.status == "finished" and play.game.totals() == [5, 21, 55] and play.over
    play.correct(1)
    play.entry.type_points(2, "15")  # Cy 45: nobody reaches 50, the game goes on
    play.save_correction()
    assert play.session.state.status == "playing" and not play.over
    assert play.game.totals() == [5, 21, 45] and play.entry.index == 2 and not play.correcting


def test_what_the_heck_correct_an_earlier_round_offers_the_cards_held_then(store):
    play = start(store, "what-the-heck")
    for point_card, played in ((7, [15, 15, 5]), (-3, [4, 4, 4]), (-2, [1, 2, 3])):
        play.entry.pick_point_card(point_card)
        for seat, card in enumerate(played):
            play.entry.pick(seat, card)
        play.submit()
    assert play.game.totals() == [-5, 0, 7]
    tap(play, play.entry.pick_point_card, 10)
    play.correct(0)
    entry = play.entry
    assert (entry.point_card, entry.played) == (7, [15, 15, 5]) and entry.carry_line() is None
    ann = [c.value for c in entry.card_choices(0)]
    assert 15 in ann and 4 not in ann and 1 not in ann  # her round 1 card, not the ones of rounds 2 and 3
    assert [c.value for c in entry.card_choices(0) if c.selected] == [15]
    points = [c.value for c in entry.point_choices()]
    assert 7 in points and -3 not in points and -2 not in points and 10 in points
    entry.pick(1, 14)  # Bob played 14, not 15: Ann takes the 7
    assert entry.taker() == 0
    play.save_correction()
    assert play.game.totals() == [2, 0, 0] and play.entry.index == 3 and play.entry.point_card == 10
    play.correct(2)  # the round after the carry: for the carried −3 too
    assert play.entry.carry_line().startswith("Carried over: −3 (worth −3)") and play.entry.value() == -5
    # Refused by the engine: Bob's 4 went in round 2 (no chip offers it; the engine checks anyway).
    version = play.session.version
    play.entry.played[1] = 4
    play.save_correction()
    assert play.message.startswith("Bob already played 4 in round 2")
    assert play.session.version == version and play.game.totals() == [2, 0, 0]
    play.cancel_correction()
    assert play.entry.index == 3 and play.entry.point_card == 10


def test_what_the_heck_a_finished_game_corrected_is_finished_again(store):
    play = start(store, "what-the-heck", {"point_low": "-1", "point_high": "1", "player_high": "3"})
    for point_card, played in ((1, [1, 2, 2]), (-1, [2, 1, 1])):  # Ann takes both: 1 - 1
        play.entry.pick_point_card(point_card)
        for seat, card in enumerate(played):
            play.entry.pick(seat, card)
        play.submit()
    assert play.session.state.status == "finished" and play.game.totals() == [0, 0, 0]
    play.correct(0)
    assert play.correcting and play.over  # the screen stays on the correction (GameScreen._shows_final)
    assert [c.value for c in play.entry.card_choices(2)] == [2, 3]  # Cy's 1 went in round 2
    play.entry.pick(2, 3)  # Cy played 3: Cy takes the 1
    play.save_correction()
    assert play.message is None and play.info == "Round 1 corrected; the totals follow."
    assert play.session.state.status == "finished" and play.over and play.game.totals() == [-1, 0, 1]


def test_an_abandoned_game_corrected_stays_ended(store):
    play = start(store, "hit-the-deck")
    play.entry.tap_out(0), play.entry.type_points(1, "9"), play.entry.type_points(2, "4")
    play.submit()
    play.end_game(), play.end_game()
    assert play.session.state.status == "abandoned"
    play.correct(0)
    play.entry.type_points(2, "6")
    play.save_correction()
    assert play.session.state.status == "abandoned" and play.over and play.game.totals() == [0, 9, 6]


def test_another_devices_entry_while_correcting(store):
    here = start(store, "score-pad")
    rounds(here, [1, 2, 3])
    tap(here, here.entry.step, 0, 4)
    here.correct(0)
    here.entry.step(2, 1)
    there = GamePlay(GameSession(store, here.session.game_id))
    assert there.entry.points == [4, 0, 0]  # the draft of round 2 (no draft was kept of the correction)
    there.entry.type_points(1, "7")
    there.submit()  # round 2 stored elsewhere
    here.remote_changed()
    assert here.correcting and here.entry.points == [1, 2, 4]  # the correction stays open, its taps too
    assert here.info == "Updated: another device made an entry."
    here.save_correction()
    assert here.game.totals() == [5, 9, 4] and here.entry.index == 2 and here.entry.points == [0, 0, 0]


@pytest.mark.parametrize("preset_id, taps", [
    ("hit-the-deck", [("tap_out", 1), ("add_number", 0, 4), ("add_special", 0), ("type_points", 2, "17")]),
    ("what-the-heck", [("pick_point_card", 10), ("pick", 0, 15), ("pick", 1, 3), ("pick", 2, 7)]),
    ("score-pad", [("type_points", 0, "12"), ("type_points", 1, "-3")]),
])
def test_undo_brings_the_round_back_to_change_for_every_kind(store, preset_id, taps):
    play = start(store, preset_id)
    for name, *args in taps:
        tap(play, getattr(play.entry, name), *args)
    entered = play.entry.action()
    play.submit()
    assert play.game.progress()[0] == 1
    play.undo()
    assert play.game.progress()[0] == 0 and play.info.endswith("Change it and enter it again.")
    assert play.entry.action() == entered  # filled in as it was entered
    assert reopen(play).entry.action() == entered  # and kept: another device (or a restart) shows it too
