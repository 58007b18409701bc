"""Drafts: the taps of a step not yet submitted, kept per game and version, on SQLite and PostgreSQL."""
import pytest

from scorekeeper.rules import PRESETS, InvalidEntry
from scorekeeper.storage import StaleGame


def new_game(store):
    return store.new_game(["Ann", "Bob", "Cy"], PRESETS["oh-heck"], first_dealer=0)


def test_a_draft_is_kept_for_the_version_it_was_tapped_on(store):
    state = new_game(store)
    draft = {"hand": 0, "phase": "bids", "bids": [None, 3, 2], "tricks": [None, None, None]}
    store.save_draft(state.id, state.version, draft)
    assert store.draft(state.id, state.version) == draft
    assert store.load(state.id).version == state.version  # a draft is not an entry
    later = store.record(state.id, {"type": "bids", "hand": 0, "values": [2, 3, 2]}, state.version)
    assert store.draft(state.id, later.version) is None  # the game moved on: the old taps don't apply
    store.save_draft(state.id, later.version, {"hand": 0, "phase": "tricks", "bids": [2, 3, 2], "tricks": [1, None, None]})
    assert store.draft(state.id, later.version)["tricks"] == [1, None, None]
    store.save_draft(state.id, later.version, None)
    assert store.draft(state.id, later.version) is None


def test_a_draft_that_is_not_plain_data_is_refused_and_the_kept_one_stays(store):
    state = new_game(store)
    kept = {"hand": 0, "bids": [1, None, None]}
    store.save_draft(state.id, state.version, kept)
    for bad in ({"x": object()}, {"x": float("nan")}, {"x": "y" * 70_000}):
        with pytest.raises(InvalidEntry):
            store.save_draft(state.id, state.version, bad)
    with pytest.raises(InvalidEntry):
        store.save_draft(state.id, "1", kept)
    assert store.draft(state.id, state.version) == kept


def test_drafts_go_with_their_game(store):
    state = new_game(store)
    store.save_draft("0" * 32, 1, {"hand": 0})  # no such game: nothing kept, nothing refused
    assert store.draft("0" * 32, 1) is None
    store.save_draft(state.id, state.version, {"hand": 0})
    store.delete_game(state.id)
    store.save_draft(state.id, state.version + 1, {"hand": 0})  # in the bin: nothing new is kept
    assert store.draft(state.id, state.version + 1) is None
    assert store.empty_bin() == 1
    assert store.draft(state.id, state.version) is None


def test_taps_on_an_older_screen_do_not_replace_the_latest(store):
    state = new_game(store)
    later = store.record(state.id, {"type": "trump", "hand": 0, "trump": "Hearts"}, state.version)
    store.save_draft(state.id, later.version, {"hand": 0, "bids": [1, None, None]})
    with pytest.raises(StaleGame):  # a device still showing the game before the trump was noted
        store.save_draft(state.id, state.version, {"hand": 0, "bids": [None, 2, None]})
    assert store.draft(state.id, later.version) == {"hand": 0, "bids": [1, None, None]}


def test_a_damaged_draft_is_left_out_and_the_game_still_opens(store):
    from sqlalchemy import update

    from scorekeeper.storage.tables import drafts

    state = new_game(store)
    store.save_draft(state.id, state.version, {"hand": 0})
    for damage in ("{not json", "[" * 100_000 + "]" * 100_000, "9" * 5000):
        with store._engine.begin() as connection:
            connection.execute(update(drafts).values(data=damage))
        assert store.draft(state.id, state.version) is None
        assert store.load(state.id).version == state.version
