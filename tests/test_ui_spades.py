"""Spades in the app: New game's house rules, a hand entered by taps (bids, then tricks), what the step
and the score card show, taps kept across a restart, a correction (on a real store; no Flet)."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.storage import Store
from scorekeeper.ui.kinds import kind_ui
from scorekeeper.ui.viewmodels.game_over import GameOver
from scorekeeper.ui.viewmodels.new_game import NewGame
from scorekeeper.ui.viewmodels.play import GamePlay
from scorekeeper.ui.viewmodels.score_card import ScoreCard
from scorekeeper.ui.viewmodels.session import GameSession
from scorekeeper.ui.viewmodels.spades_entry import BLIND, SpadesEntry
from scorekeeper.ui.viewmodels.step import Chips, Section

NAMES = ["Ann", "Bob", "Cy", "Dee"]


@pytest.fixture
def store(sqlite_url):
    with Store(sqlite_url) as opened:
        yield opened


def start(store, options=None):
    vm = NewGame(roster=[])
    vm.choose_preset("spades")
    for name, value in (options or {}).items():
        assert vm.set_option(name, value) is None, name
    for name in NAMES:
        vm.add_player(name)
    players, rules, setup = vm.start_setup()
    state = store.new_game(players, rules, **setup)
    return GamePlay(GameSession(store, state.id, state))


def tap(play, step, *args):
    return play.tap(None, step, *args)


def enter_hand(play, bids, tricks):
    for seat, bid in enumerate(bids):
        if play.entry.bids[seat] != bid:  # (a chip tapped again takes the bid back)
            tap(play, play.entry.tap_bid, seat, bid)
    for seat, took in enumerate(tricks):
        tap(play, play.entry.tap_tricks, seat, took)
    assert play.entry.problem() is None, play.entry.problem()
    play.submit()


def test_new_game_offers_the_house_rules():
    vm = NewGame()
    vm.choose_preset("spades")
    assert [o.name for o in vm.kind_options] == ["target", "mercy", "nil_points", "blind_nil_points", "bag_points",
                                                 "bag_limit", "bag_penalty", "nil_tricks_help", "ten_for_two_hundred"]
    assert vm.set_option("target", "300") is None and vm.rules.target == 300
    assert vm.set_option("blind_nil_points", "") is None and vm.rules.blind_nil_points is None
    assert vm.set_option("bag_points", "-1") is None and vm.rules.bag_points == -1
    assert vm.set_option("ten_for_two_hundred", "on") is None and vm.rules.ten_for_two_hundred
    assert vm.option_value("nil_tricks_help") == "bags"
    assert vm.set_option("target", "x") is not None and vm.rules.target == 300


def test_a_hand_by_taps_the_step_and_the_score_card(store):
    play = start(store)
    entry = play.entry
    assert isinstance(entry, SpadesEntry) and entry.problem() == "Tap Bob's bid."  # Ann deals: Bob bids first
    view = entry.view()
    assert [section.key for section in view.sections] == ["bid"]
    nils, chips = view.sections[0].rows[0].parts
    assert isinstance(chips, Chips) and [c.shown for c in nils.choices] == ["nil", "blind nil"] and nils.style == "pill"
    assert [c.shown for c in chips.choices] == [str(bid) for bid in range(1, 14)]
    assert view.sections[0].rows[1].turn and view.sections[0].rows[2].waiting
    for seat, bid in enumerate([BLIND, 4, 4, 4]):
        tap(play, play.entry.tap_bid, seat, bid)
    entry = play.entry
    assert entry.bids_line() == "Ann and Cy bid 4 · Bob and Dee bid 8"
    assert [s.key for s in entry.view().sections] == ["bid", "tricks"]
    assert entry.problem() == "Tap the tricks Bob took."
    for seat, took in enumerate([0, 5, 4]):
        tap(play, play.entry.tap_tricks, seat, took)
    tricks = play.entry.view().sections[1]
    assert isinstance(tricks, Section) and [c.value for c in tricks.rows[3].parts[0].choices if c.hint] == [4]
    tap(play, play.entry.tap_tricks, 3, 4)
    assert play.entry.team_lines() == ["Ann and Cy: bid 4, took 4: +240", "Bob and Dee: bid 8, took 9: +81 (1 bag)"]
    assert play.entry.view().sections[1].rows[0].badge.text == "+200"
    play.submit()
    assert play.game.totals() == [240, 81, 240, 81]
    card = ScoreCard(play.game)
    row = card.rows()[0]
    assert row.head_sub == "Ann" and row.cells[0].top == "0/0" and row.cells[0].points == "+240"
    assert row.cells[0].note == "blind nil" and row.label == "Hand 1, Ann deals"
    assert row.cells[1].note == "1 bag" and row.cells[3].total == "81" and row.cells[1].mark == "good"
    assert [(s.place, s.name) for s in play.game.standings()] == [(1, "Ann"), (1, "Cy"), (3, "Bob"), (3, "Dee")]
    assert kind_ui(play.game).detail(play.game, 1) == "with Dee · 1 bag"
    assert play.entry.problem() == "Tap Cy's bid."  # Bob deals hand 2


def test_refused_tricks_reach_the_screen(store):
    play = start(store)
    for seat in range(4):
        tap(play, play.entry.tap_bid, seat, 3)
    for seat in range(4):
        tap(play, play.entry.tap_tricks, seat, 4)
    assert play.entry.problem() == "The tricks of hand 1 add up to 16, not 13: check them."
    assert play.entry.view().sections[1].countdown.text == "3 tricks too many"


def test_taps_survive_a_restart_and_a_correction(store):
    play = start(store)
    tap(play, play.entry.tap_bid, 1, 3)
    tap(play, play.entry.tap_bid, 2, 0)
    again = GamePlay(GameSession(play.session.store, play.session.game_id))
    assert again.entry.bids == [None, 3, 0, None] and again.info.startswith("What was entered of hand 1 before")
    enter_hand(again, [3, 3, 0, 4], [4, 3, 0, 6])  # Ann+Cy 3 take 4, Cy's nil: 131; Bob+Dee 7 take 9: 72
    assert again.game.totals() == [131, 72, 131, 72]
    again.correct(0)
    tap(again, again.entry.tap_tricks, 0, 3)
    tap(again, again.entry.tap_tricks, 1, 4)
    assert again.entry.correction_actions()
    again.submit()
    assert again.game.totals() == [130, 73, 130, 73]
    again.undo()
    assert again.game.totals() == [131, 72, 131, 72]


def test_a_game_to_the_end(store):
    play = start(store, {"target": "100"})
    enter_hand(play, [4, 4, 0, 0], [4, 4, 5, 0])  # Ann+Cy 40 − 100 + 5; Bob+Dee 40 + 100
    assert play.over
    over = GameOver(play.game, play.session.state.status)
    assert over.headline() == "Bob and Dee share the win!"


def test_the_scoring_form_changes_the_target(store):
    from scorekeeper.ui.viewmodels.scoring import ScoringForm

    play = start(store)
    enter_hand(play, [3, 3, 3, 3], [4, 3, 3, 3])
    form = ScoringForm(play.game)
    assert [option.name for option in form.options] == ["target", "mercy"] and not form.rescores
    form.texts["target"] = "300"
    assert form.changes() == {"target": 300} and form.preview()[0].change == "0"


@settings(max_examples=100, deadline=None)
@given(st.dictionaries(st.text(max_size=2), st.one_of(st.none(), st.integers(-1, 14), st.booleans(),
                                                      st.dictionaries(st.sampled_from(["bid", "blind", "tricks"]),
                                                                      st.one_of(st.none(), st.integers(-1, 14),
                                                                                st.booleans())))))
def test_a_kept_draft_comes_back_only_when_it_could_have_been_tapped(taps):
    from scorekeeper.rules.spades import PRESETS, Game

    entry = SpadesEntry(Game(NAMES, PRESETS["spades"]), 0)
    if entry.restore({"step": ["hand", 0], "taps": taps}):
        entry.view()
        entry.problem()
        assert all(bid is None or 0 <= bid <= 13 for bid in entry.bids)
    again = SpadesEntry(entry.game, 0)
    assert again.restore(entry.draft()) == (any(b is not None for b in entry.bids)
                                            or any(t is not None for t in entry.tricks))
    assert again.action() == entry.action()


def test_the_table_display_shows_the_bids_and_tricks_as_tapped(store):
    play = start(store)
    tap(play, play.entry.tap_bid, 1, 4)
    tap(play, play.entry.tap_bid, 2, 0)
    step = kind_ui(play.game).table_step(play.game, 0, play.entry.draft())
    assert step.headline == "Hand 1 · Ann deals" and step.dealer == 0
    assert step.now == {0: "to bid", 1: "bid 4", 2: "bid nil", 3: "to bid"}
    assert step.detail == "Ann and Cy: bids to come · Bob and Dee: bids to come"


def test_a_players_page_counts_the_partnership_bids_and_nils(store):
    from scorekeeper.ui.viewmodels.player_page import player_page_view

    play = start(store, {"target": "100"})
    enter_hand(play, [4, 4, 0, 0], [4, 4, 5, 0])  # Bob+Dee make 4 and Dee's nil; Cy's nil lost
    assert play.over
    dee = next(p.id for p in store.roster() if p.name == "Dee")
    page = store.player_page(dee)
    assert page.kind == "spades" and page.counters["nils_made"] == 1
    view = player_page_view(page)
    assert "Partnership bids made: 1 of 1 (100%); nils made: 1 of 1 (100%)" in view.bid_lines
