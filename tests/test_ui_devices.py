"""Several devices on one game, without a browser: the taps each device makes of the step under way are
merged part by part in storage (on SQLite and PostgreSQL), every device shows the merge and is told when
a tap of its own was overtaken; a step submitted from a screen drawn before another device's entry is
refused as stale and stores nothing."""
from __future__ import annotations

import threading

import pytest

from scorekeeper.rules import PRESETS, InvalidEntry
from scorekeeper.storage import StaleGame, Store
from scorekeeper.storage.errors import STALE_MESSAGE, TAPPED_MESSAGE
from scorekeeper.ui.viewmodels.play import GamePlay
from scorekeeper.ui.viewmodels.new_game import NewGame
from scorekeeper.ui.viewmodels.session import GameSession


def heck(store):
    return store.new_game(["Ann", "Bob", "Cy"], PRESETS["oh-heck"], first_dealer=0)


def pad(store):
    vm = NewGame(roster=[])
    vm.choose_preset("score-pad")
    for name in ("Ann", "Bob", "Cy"):
        vm.add_player(name)
    players, rules, setup = vm.start_setup()
    return store.new_game(players, rules, **setup)


def device(store, game_id, kind=GamePlay):
    return kind(GameSession(store, game_id))


def first_hand_played(store, bids, tricks):
    """A 3-player Oh Heck game with hand 1 stored: `bids`, and `tricks`, None for the seat that took the
    rest of the cards. Returns (state, the hand's cards)."""
    state = heck(store)
    cards = state.game.hands[0].cards
    tricks = [cards - sum(value or 0 for value in tricks) if value is None else value for value in tricks]
    state = store.record(state.id, {"type": "bids", "hand": 0, "values": bids}, state.version)
    return store.record(state.id, {"type": "tricks", "hand": 0, "values": tricks}, state.version), cards


# ----- storage: merged drafts -----


def test_merged_drafts_keep_every_part_and_the_latest_tap_of_each(store):
    state = heck(store)
    step = [0, "bids"]
    assert store.save_draft(state.id, state.version, {"step": step, "taps": {"1": 3}}, merge=True) == \
        {"step": step, "taps": {"1": 3}}
    kept = store.save_draft(state.id, state.version, {"step": step, "taps": {"2": 2}}, merge=True)
    assert kept == {"step": step, "taps": {"1": 3, "2": 2}}
    store.save_draft(state.id, state.version, {"step": step, "taps": {"1": 1}}, merge=True)  # Bob's again
    assert store.draft(state.id, state.version) == {"step": step, "taps": {"1": 1, "2": 2}}
    # Another step's taps replace them (the bids step is over); a plain draft is kept as it is.
    store.save_draft(state.id, state.version, {"step": [0, "tricks"], "taps": {"0": 4}}, merge=True)
    assert store.draft(state.id, state.version) == {"step": [0, "tricks"], "taps": {"0": 4}}
    for bad in ({"taps": {"0": 1}}, {"step": step, "taps": [1]}, {"step": step, "taps": {"0": object()}}, [1]):
        with pytest.raises(InvalidEntry):
            store.save_draft(state.id, state.version, bad, merge=True)
    with pytest.raises(StaleGame):
        store.save_draft(state.id, state.version - 1, {"step": [0, "tricks"], "taps": {"1": 4}}, merge=True)
    assert store.draft(state.id, state.version) == {"step": [0, "tricks"], "taps": {"0": 4}}


def test_devices_tapping_at_once_lose_no_tap(store_url):
    """Four devices (four stores: server processes, say) tap different parts at the same moment, many
    times: the merges take turns, so every part keeps its last tap (storage merges parts whatever
    they stand for)."""
    with Store(store_url) as first:
        state = heck(first)
    step = [0, "bids"]
    errors: list[BaseException] = []

    def taps(seats: tuple[str, ...]) -> None:
        try:
            with Store(store_url) as store:
                for value in range(40):
                    for seat in seats:
                        store.save_draft(state.id, state.version, {"step": step, "taps": {seat: value}}, merge=True)
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=taps, args=(seats,)) for seats in (("0",), ("1",), ("2",), ("3",))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    with Store(store_url) as store:
        assert store.draft(state.id, state.version) == {"step": step, "taps": {part: 39 for part in "0123"}}


# ----- view models: two devices on one step -----


@pytest.fixture
def sqlite_store(sqlite_url):
    with Store(sqlite_url) as opened:
        yield opened


def test_taps_from_two_devices_are_merged_and_shown_on_both(sqlite_store):
    store = sqlite_store
    state = heck(store)
    a, b = device(store, state.id), device(store, state.id)
    a.tap(None, a.entry.tap_bid, 1, 3)  # Bob bids first (Ann deals)
    b.tap(None, b.entry.tap_bid, 2, 2)
    assert b.entry.bids == [None, 3, 2]  # B's tap comes back merged with A's
    a.remote_changed()  # A hears of B's tap
    assert a.entry.bids == [None, 3, 2] and a.info is None
    draft = store.draft(state.id, state.version)
    assert draft == {"step": [0, "bids"], "taps": {"1": 3, "2": 2}}  # the parts tapped
    third = device(store, state.id)  # a third device (or a restarted server) finds both taps
    assert third.entry.bids == [None, 3, 2]
    a.tap(None, a.entry.tap_bid, 0, 1)  # the last bid, on A: the merged bids are entered with it
    assert [x["values"] for x in store.load(state.id).record.actions] == [[1, 3, 2]]
    b.remote_changed()
    assert b.entry.phase == "tricks" and b.entry.bids == [1, 3, 2]


def test_a_device_whose_tap_was_overtaken_is_told(sqlite_store):
    store = sqlite_store
    state = pad(store)
    a, b = device(store, state.id, GamePlay), device(store, state.id, GamePlay)

    def tap(play, seat, delta):
        before = play.entry.snapshot()
        play.entry.step(seat, delta)
        assert play.keep_taps(before)

    tap(a, 0, 5)  # Ann +5 on A
    tap(b, 2, -1)  # Cy -1 on B
    a.remote_changed()
    assert a.entry.points == [5, 0, -1] and a.info is None  # B's tap shows; nothing of A's was changed
    tap(b, 0, 2)  # B changes Ann's points (5 + 2, as B shows them)
    a.remote_changed()
    assert a.entry.points == [7, 0, -1]
    assert a.info == "Another device changed what was tapped here for Ann: the latest is shown."
    b.remote_changed()
    assert b.info is None  # B's own taps stand
    b.submit()
    assert store.load(state.id).record.actions[0]["points"] == [7, 0, -1]


def test_a_step_entered_before_another_devices_tap_of_it_showed_is_refused_and_shows_that_tap(sqlite_store):
    """The hostile tester: B taps Bob's tricks, and A taps Hand done a moment later, before B's tap has
    reached A's screen. The step was stored with A's values and B's tap, shown as kept on B, was lost.
    Now A's step is refused (A's screen didn't show the taps as kept), and A sees B's tap."""
    store = sqlite_store
    state = heck(store)
    a, b = device(store, state.id), device(store, state.id)
    for seat, bid in ((1, 3), (2, 2), (0, 1)):
        a.tap(a.session.version, a.entry.tap_bid, seat, bid)  # the last bid enters the bids
    b.remote_changed()
    cards = state.game.hands[0].cards
    for seat, took in ((1, 3), (2, 2), (0, cards - 5)):
        a.tap(a.session.version, a.entry.tap_tricks, seat, took)
    b.remote_changed()
    assert b.entry.tricks == a.entry.tricks
    b.tap(b.session.version, b.entry.tap_tricks, 1, 4)  # B: Bob took 4, kept (A hasn't heard yet)
    version = a.session.version
    a.submit(version)  # A's Hand done, from a screen showing Bob's 3
    assert a.message == TAPPED_MESSAGE
    assert a.entry.tricks[1] == 4  # A's screen shows B's tap now
    stored = store.load(state.id)
    assert stored.version == version and [x["type"] for x in stored.record.actions] == ["bids"]
    assert store.draft(state.id, version)["taps"]["1"] == 4  # B's tap is kept
    # The tricks don't add up now: A fixes Ann's, and the step goes in with B's tap
    a.tap(a.session.version, a.entry.tap_tricks, 0, cards - 6)
    a.submit(a.session.version)
    assert a.message is None
    assert store.load(state.id).record.actions[-1]["values"] == [cards - 6, 4, 2]


def test_two_devices_correcting_one_hand_keep_both_corrections(sqlite_store):
    """The hostile tester: A and B open hand 1 for a correction; B moves a trick from Cy to Ann and saves;
    A, who changed Bob's bid, saved the whole hand as A had opened it, and B's correction was undone
    without a word. Now A's correction takes in B's, keeps A's own change, and says so."""
    store = sqlite_store
    state, cards = first_hand_played(store, [1, 3, 2], [None, 3, 2])
    a, b = device(store, state.id), device(store, state.id)
    a.correct(0)
    b.correct(0)
    a.entry.bids[1] = 2  # A: Bob bid 2
    b.entry.tricks[0], b.entry.tricks[2] = cards - 4, 1  # B: a trick from Cy to Ann
    b.save_correction(b.session.version)
    assert b.message is None
    a.remote_changed()
    assert a.entry.bids == [1, 2, 2] and a.entry.tricks == [cards - 4, 3, 1]
    assert a.info == "Another device corrected hand 1 meanwhile: its changes show beside yours."
    a.save_correction(a.session.version)
    assert a.message is None
    hand = store.load(state.id).game.hands[0]
    assert list(hand.bids) == [1, 2, 2] and list(hand.tricks) == [cards - 4, 3, 1]


def test_a_correction_overtaken_on_the_same_seat_shows_the_saved_one_and_says_so(sqlite_store):
    store = sqlite_store
    state, cards = first_hand_played(store, [1, 3, 2], [None, 3, 2])
    a, b = device(store, state.id), device(store, state.id)
    a.correct(0)
    b.correct(0)
    drawn = a.session.version
    a.entry.tricks[0], a.entry.tricks[2] = cards - 3, 0  # A: two of Cy's tricks to Ann
    b.entry.tricks[0], b.entry.tricks[2] = cards - 4, 1  # B: one of them
    b.save_correction(b.session.version)
    a.save_correction(drawn)  # A's Save from the screen drawn before B's (not heard of yet): refused
    assert a.message == STALE_MESSAGE and a.correcting  # the correction stays open, on the hand as saved
    assert a.entry.tricks == [cards - 4, 3, 1]
    assert a.info == ("Another device corrected hand 1 meanwhile, some of what you changed too: what it saved "
                      "shows there. Check before saving.")
    assert list(store.load(state.id).game.hands[0].tricks) == [cards - 4, 3, 1]


# ----- view models: a step from a screen drawn before another device's entry -----


def test_a_step_drawn_before_another_devices_entry_is_refused_and_stores_nothing(sqlite_store):
    store = sqlite_store
    state = pad(store)
    a, b = device(store, state.id, GamePlay), device(store, state.id, GamePlay)
    drawn = b.session.version  # B's screen is drawn
    before = b.entry.snapshot()
    b.entry.step(1, 1)  # Bob +1 on B
    b.keep_taps(before)
    a.remote_changed()
    a.submit(a.session.version)  # A's Round done first: round 1 with Bob's point
    b.remote_changed()  # B hears of it before B's tap on its old screen arrives
    b.submit(drawn)  # B's Round done, from the screen drawn for round 1
    assert b.message == STALE_MESSAGE
    b.finish(drawn)
    assert b.message == STALE_MESSAGE and not b.confirm_finish
    rounds = [x["points"] for x in store.load(state.id).record.actions]
    assert rounds == [[0, 1, 0]]  # no second round that nobody entered
    b.undo(drawn)  # B's Undo said "Nothing to undo" when drawn: round 1 is not undone
    assert b.message == STALE_MESSAGE and len(store.load(state.id).record.actions) == 1
    # Unheard of (a lost broadcast): storage refuses it the same way.
    c = device(store, state.id, GamePlay)
    a.submit(a.session.version)
    c.submit(c.session.version)
    assert c.message == STALE_MESSAGE
    assert len(store.load(state.id).record.actions) == 2


def test_bid_and_trick_steps_and_taps_drawn_before_another_devices_entry_are_refused(sqlite_store):
    store = sqlite_store
    state = heck(store)
    a, b = device(store, state.id), device(store, state.id)
    drawn = b.session.version
    for seat, bid in ((1, 3), (2, 2), (0, 1)):
        a.tap(a.session.version, a.entry.tap_bid, seat, bid)
    a.submit(a.session.version)
    b.remote_changed()
    assert b.entry.phase == "tricks"
    for step in (lambda: b.submit(drawn), lambda: b.tap(drawn, b.entry.tap_tricks, 1, 3), lambda: b.submit(drawn),
                 lambda: b.record_aside(b.entry.trump_action("Hearts"), drawn)):
        step()
        assert b.message == STALE_MESSAGE
    assert b.entry.tricks == [None, None, None]  # B's old bid tap didn't land on the tricks
    assert [x["type"] for x in store.load(state.id).record.actions] == ["bids"]
    b.tap(b.session.version, b.entry.tap_tricks, 1, 3)  # drawn afresh: taken
    assert b.entry.tricks[1] == 3 and b.message is None


def test_game_overs_undo_from_a_screen_drawn_before_another_devices_correction_is_refused(sqlite_store):
    """Game over's Undo acts on the game as its screen showed it: after another device's correction (its
    redraw not arrived yet), the tap meant the last hand, not the correction, and is refused."""
    from types import SimpleNamespace

    from scorekeeper.ui.screens.game_over import GameOverScreen

    store = sqlite_store
    state = heck(store)
    for index, hand in enumerate(state.game.hands):
        state = store.record(state.id, {"type": "bids", "hand": index, "values": [0, 0, 0]}, state.version)
        state = store.record(state.id, {"type": "tricks", "hand": index, "values": [hand.cards, 0, 0]}, state.version)
    state = store.finish(state.id, state.version)
    screen = GameOverScreen(SimpleNamespace(act=lambda handler: handler, typed=lambda _event=None: None, may_edit=True),
                            GameSession(store, state.id))
    drawn = screen.session.version
    other = device(store, state.id)
    other.correct(2)
    other.entry.tricks = [state.game.hands[2].cards - 1, 1, 0]
    other.save_correction(other.session.version)
    screen.on_game_changed()
    screen.undo(drawn)
    assert screen.message == STALE_MESSAGE
    stored = store.load(state.id)
    assert stored.status == "finished" and list(stored.game.hands[2].tricks) == [state.game.hands[2].cards - 1, 1, 0]


def test_a_step_paused_behind_a_correction_takes_in_another_devices_taps(sqlite_store):
    """The review: A's step waited behind A's correction and never took in B's tap of it; saved, the
    correction resumed the step and kept A's old tap over B's for the game's new version."""
    store = sqlite_store
    state, cards = first_hand_played(store, [0, 1, 0], [0, None, 0])
    a, b = device(store, state.id), device(store, state.id)
    a.tap(a.session.version, a.entry.tap_bid, 2, 1)  # A: Cy bids 1 in hand 2
    b.remote_changed()
    a.correct(0)
    b.tap(b.session.version, b.entry.tap_bid, 2, 2)  # B: Cy bids 2, kept
    a.remote_changed()
    a.entry.bids[0], a.entry.bids[1] = 1, 0
    a.save_correction(a.session.version)
    assert a.message is None and a.entry.bids[2] == 2  # resumed with B's tap
    assert store.draft(state.id, a.session.version)["taps"]["2"] == 2


def test_a_row_opened_in_a_correction_stays_open_when_another_device_taps(sqlite_store):
    store = sqlite_store
    state, cards = first_hand_played(store, [1, 3, 2], [None, 3, 2])
    a, b = device(store, state.id), device(store, state.id)
    a.correct(0)
    a.tap(a.session.version, a.entry.open_row, 1, "tricks")
    b.tap(b.session.version, b.entry.tap_bid, 1, 0)  # B taps the step under way: A redraws
    a.remote_changed()
    assert a.entry.opened_tricks == {1}


def test_a_step_after_a_refused_undo_is_not_refused_for_taps_it_showed(sqlite_store):
    """The review: after an undo refused as stale, the taps kept were still those of the version before,
    and the step was refused once ("Another device tapped this step just now") for nothing."""
    store = sqlite_store
    state = pad(store)
    a, b = device(store, state.id, GamePlay), device(store, state.id, GamePlay)
    a.tap(a.session.version, a.entry.step, 0, 5)  # A taps round 1
    b.remote_changed()
    b.tap(b.session.version, b.entry.step, 1, 5)
    b.submit(b.session.version)  # B enters round 1, A not told yet
    a.undo(a.session.version)  # A's Undo, from before it: refused, the game loaded again
    assert a.message == STALE_MESSAGE
    a.submit(a.session.version)  # round 2 as it shows, untapped
    assert a.message is None and len(store.load(state.id).record.actions) == 2


def test_merged_changes_take_a_seats_values_together_and_the_saved_ones_on_a_conflict():
    from scorekeeper.ui.viewmodels.play import _merged_changes

    was = {"bids": [1, 3, 2], "tricks": [3, 3, 2], "bend": False}
    mine = {"bids": [0, 3, 2], "tricks": [3, 3, 2], "bend": False}  # Ann's bid changed here
    now = {"bids": [1, 3, 2], "tricks": [4, 3, 1], "bend": False}  # Ann's and Cy's tricks saved elsewhere
    merged, overtaken = _merged_changes(was, mine, now, 3)
    assert merged == now and overtaken  # one seat, one part: Ann's values as saved, and said
    mine = {"bids": [1, 2, 2], "tricks": [3, 3, 2], "bend": True}  # Bob's bid and the bend, here only
    assert _merged_changes(was, mine, now, 3) == ({"bids": [1, 2, 2], "tricks": [4, 3, 1], "bend": True}, False)
    joined = {"bids": [1, 3, 2, None], "tricks": [4, 3, 1, None], "bend": False}  # a player came since
    assert _merged_changes(was, mine, joined, 3) == ({**joined, "bend": True}, True)  # the lists whole, as saved


def test_undo_takes_back_a_tap_made_on_this_device_never_another_devices(sqlite_store):
    store = sqlite_store
    state, _cards = first_hand_played(store, [2, 3, 2], [2, 3, None])  # hand 2 under way: Cy bids first
    a, b = device(store, state.id), device(store, state.id)
    a.tap(None, a.entry.tap_bid, 2, 3)
    b.tap(None, b.entry.tap_bid, 0, 2)
    a.remote_changed()
    assert a.entry.bids == [2, None, 3] and b.undo_offer() == a.undo_offer() == ("Undo the last tap", True, True)
    b.undo(b.session.state.version, True)  # B takes back its own tap: A's stands
    assert b.entry.bids == [None, None, 3] and b.info == "Tap taken back: Ann."
    a.remote_changed()
    assert a.entry.bids == [None, None, 3]
    assert store.draft(state.id, state.version)["taps"] == {"0": None, "2": 3}
    # B changes the bid A tapped: A's Undo no longer takes it back (it would undo B's tap) ...
    b.tap(None, b.entry.open_row, 2)
    b.tap(None, b.entry.tap_bid, 2, 4)
    a.remote_changed()
    assert a.undo_offer() == ("Undo tricks of hand 1", True, False)  # (as A's screen says once redrawn)
    # ... and a tap on A's Undo drawn before it heard of B's tap takes back nothing, not hand 1's tricks
    a.undo(a.session.state.version, True)
    assert a.message == "What that tap entered has changed since: nothing was taken back."
    assert len(store.load(state.id).record.actions) == 2 and a.entry.bids == [None, None, 4]
    assert store.draft(state.id, state.version)["taps"] == {"0": None, "2": 4}


def test_undo_never_overwrites_another_devices_tap_it_has_not_shown_yet(sqlite_store):
    """The review: B changed the bid A tapped, and A's Undo, before B's tap reached A's screen, wrote A's
    old value over B's. It is refused, and A shows B's tap."""
    store = sqlite_store
    state = heck(store)
    a, b = device(store, state.id), device(store, state.id)
    a.tap(None, a.entry.tap_bid, 1, 3)
    b.take_in_stored()
    b.tap(None, b.entry.open_row, 1)
    b.tap(None, b.entry.tap_bid, 1, 2)
    a.undo(a.session.version, True)  # A still shows its own 3 for Bob
    assert a.message == "What that tap entered has changed since: nothing was taken back."
    assert a.entry.bids[1] == 2 and store.draft(state.id, state.version)["taps"] == {"1": 2}


def test_undo_after_points_typed_takes_back_nothing_typed_over(sqlite_store):
    """The review: a pad's points typed over a tapped value, and Undo (still offering the tap, the bar is
    not redrawn while typing) took back the tap under what was typed, or said another device changed it."""
    play = device(sqlite_store, pad(sqlite_store).id)
    play.tap(None, play.entry.step, 0, 5)
    offered = play.undo_offer()
    assert offered.tap
    before = play.entry.snapshot()
    play.entry.type_points(1, "12")  # as the points field does: kept outside tap()
    play.keep_taps(before)
    play.undo(play.session.version, offered.tap)
    assert play.entry.points[:2] == [5, 12]
    assert play.message == "What that tap entered has changed since: nothing was taken back."
