"""GameSession: every write through storage with the version the screen was drawn from."""
from scorekeeper.rules import PRESETS
from scorekeeper.storage import Store
from scorekeeper.ui.viewmodels.hand_entry import HandEntry
from scorekeeper.ui.viewmodels.session import GameSession


def new_session(store):
    state = store.new_game(["Ann", "Bob", "Cy"], PRESETS["oh-heck"], first_dealer=0)
    return GameSession(store, state.id)


def test_entries_are_stored_and_refusals_change_nothing(sqlite_url):
    with Store(sqlite_url) as store:
        session = new_session(store)
        entry = HandEntry(session.game, 0)
        for seat, bid in ((1, 3), (2, 2), (0, 2)):
            assert entry.tap_bid(seat, bid) is None
        assert session.record(entry.bids_action()).ok
        assert store.load(session.game_id).game.hands[0].bids == (2, 3, 2)
        version = session.version
        refused = session.record({"type": "tricks", "hand": 0, "values": [1, 1, 1]})
        assert not refused.ok and "still to assign" in refused.message
        assert session.version == version and store.load(session.game_id).version == version


def test_a_stale_screen_reloads_and_says_so(sqlite_url):
    with Store(sqlite_url) as store:
        here = new_session(store)
        there = GameSession(store, here.game_id)
        assert there.record({"type": "bids", "hand": 0, "values": [2, 3, 2]}).ok
        outcome = here.record({"type": "bids", "hand": 0, "values": [1, 1, 1]})
        assert not outcome.ok and outcome.stale and "another device" in outcome.message
        assert here.game.hands[0].bids == (2, 3, 2)  # the latest is shown now


def test_the_last_hand_finishes_the_game_and_undo_reopens_it(sqlite_url):
    with Store(sqlite_url) as store:
        rules = PRESETS["oh-heck"].__class__(**{**PRESETS["oh-heck"].to_dict(), "max_hands": 1})
        state = store.new_game(["Ann", "Bob", "Cy"], rules, first_dealer=0)
        session = GameSession(store, state.id)
        assert session.record({"type": "bids", "hand": 0, "values": [2, 3, 2]}).ok
        assert session.record({"type": "tricks", "hand": 0, "values": [2, 3, 3]}).ok  # and finishes it, at once
        assert session.state.status == "finished"
        assert session.undo().ok
        assert session.state.status == "playing" and session.game.hands[0].tricks is None
        assert session.redo().ok and session.game.is_over
