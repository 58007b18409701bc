"""On PostgreSQL every read request sees one moment (REPEATABLE READ), as it does on SQLite: an export
never writes a game marked finished with half its entries."""
from __future__ import annotations

import dataclasses

import pytest
from sqlalchemy import func, select

import scorekeeper.storage.store as store_module
from scorekeeper.rules import PRESETS
from scorekeeper.storage import Store
from scorekeeper.exchange import export_records, parse_file
from scorekeeper.storage.tables import games

QUICK = dataclasses.replace(PRESETS["oh-heck"], shape="list", hand_list=(1, 1))


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def two_sessions(request, tmp_path):
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'scorekeeper.db'}"
    else:
        url = request.getfixturevalue("postgres_server").new_database()
    first, second = Store(url), Store(url)
    yield first, second
    first.close()
    second.close()


def test_one_read_sees_one_moment(two_sessions):
    store, other = two_sessions
    with store._read() as connection:
        before = connection.execute(select(func.count()).select_from(games)).scalar()
        other.new_game(["Ann", "Bob", "Cy"], PRESETS["oh-heck"])  # committed meanwhile
        after = connection.execute(select(func.count()).select_from(games)).scalar()
    assert before == after == 0
    assert len(store.unfinished_games()) == 1


def test_an_export_never_mixes_two_moments_of_a_game(two_sessions, monkeypatch):
    store, other = two_sessions
    state = store.new_game(["Ann", "Bob", "Cy"], QUICK)
    for hand in (0, 1):
        state = store.record(state.id, {"type": "bids", "hand": hand, "values": [1, 1, 1]}, state.version)
        state = store.record(state.id, {"type": "tricks", "hand": hand, "values": [1, 0, 0]}, state.version)
    state = store.finish(state.id, state.version)
    names = store_module.Store._names
    corrected = []

    def names_then_another_table_corrects(connection, game_ids):
        found = names(connection, game_ids)
        if not corrected:  # between reading the games and their entries: reopen and undo the last hand
            latest = other.load(state.id)
            latest = other.reopen(state.id, latest.version)
            corrected.append(other.undo(state.id, latest.version))
        return found

    monkeypatch.setattr(store_module.Store, "_names", staticmethod(names_then_another_table_corrects))
    [record] = list(store.records())
    assert corrected
    assert record.status == "finished" and record.build().is_over  # the moment before the correction
    parse_file(export_records([record], "json").data)  # and its export imports back
