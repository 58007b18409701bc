"""Notices of committed changes (storage/notices.py) and their relay to the pages (ui/live.py): two
Stores on one PostgreSQL database stand for two server processes; one on SQLite keeps them in-process."""
from __future__ import annotations

import queue
import time

import psycopg
import pytest

from scorekeeper.rules import PRESETS, InvalidEntry
from scorekeeper.storage import Store
from scorekeeper.storage.notices import Notice, PostgresNotices
from scorekeeper.ui import live

from conftest import PostgresServer, _postgres_bin


def _heard(store: Store) -> "queue.Queue[Notice]":
    heard: "queue.Queue[Notice]" = queue.Queue()
    store.notices.subscribe(heard.put)
    return heard


def _next(heard: "queue.Queue[Notice]", seconds: float = 5.0) -> Notice:
    return heard.get(timeout=seconds)


def _listening(store: Store) -> None:
    assert store.notices.listening.wait(10), "the store never listened"


def _bid(state) -> dict:
    return {"type": "bids", "hand": 0, "values": [0, 0, 0]}


def test_a_notice_carries_ids_and_the_version_only():
    notice = Notice("abc123", 7, "origin1")
    assert Notice.parse(notice.payload()) == notice
    assert Notice.parse(Notice(None, None, "o").payload()) == Notice(None, None, "o")
    assert Notice.parse("nonsense") is None
    assert Notice.caught_up().missed and not Notice(None, None, "o").missed


def test_sqlite_hands_committed_changes_to_its_own_process(sqlite_url):
    with Store(sqlite_url) as store:
        assert not store.notices.crosses_processes
        heard = _heard(store)
        state = store.new_game(["Ann", "Bob", "Cy"], PRESETS["oh-heck"], first_dealer=0)
        assert _next(heard) == Notice(state.id, 1, store.notices.origin)
        with pytest.raises(InvalidEntry):  # refused: rolled back, nothing announced
            store.record(state.id, {"type": "bids", "hand": 0, "values": [9, 9, 9]}, state.version)
        state = store.record(state.id, _bid(state), state.version)
        assert _next(heard) == Notice(state.id, state.version, store.notices.origin)
        assert heard.empty()


@pytest.mark.postgres
def test_a_change_on_one_process_is_heard_by_the_other(postgres_server):
    url = postgres_server.new_database()
    with Store(url) as one, Store(url) as other:
        assert other.notices.crosses_processes
        heard = _heard(other)
        _listening(other)
        state = one.new_game(["Ann", "Bob", "Cy"], PRESETS["oh-heck"], first_dealer=0)
        assert _next(heard) == Notice(state.id, 1, one.notices.origin)
        with pytest.raises(InvalidEntry):
            one.record(state.id, {"type": "bids", "hand": 0, "values": [9, 9, 9]}, state.version)
        started = time.monotonic()
        state = one.record(state.id, _bid(state), state.version)
        notice = _next(heard)
        assert notice == Notice(state.id, state.version, one.notices.origin)  # the refused one never came
        assert time.monotonic() - started < 1.0
        one.save_draft(state.id, state.version, {"step": "x", "taps": {"0": 1}}, merge=True)
        assert _next(heard) == Notice(state.id, state.version, one.notices.origin)
        one.name_game(state.id, "Friday", "", shown=("", ""))
        assert _next(heard).game == state.id
        assert other.versions([state.id, "nope"]) == {state.id: state.version}
        assert heard.empty()


@pytest.mark.postgres
def test_a_dropped_listener_listens_again_and_says_it_may_have_missed_some(postgres_server):
    url = postgres_server.new_database()
    with Store(url) as one, Store(url) as other:
        other.notices._retry_first = 0.05
        heard = _heard(other)
        _listening(other)
        with psycopg.connect(f"host=127.0.0.1 port={postgres_server.port} user=postgres dbname=postgres",
                             autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                          "WHERE query LIKE 'LISTEN%' OR query = 'SELECT 1'")
        assert _next(heard, 10) == Notice.caught_up()
        assert other.notices.reconnects == 1
        state = one.new_game(["Ann", "Bob", "Cy"], PRESETS["oh-heck"], first_dealer=0)
        assert _next(heard) == Notice(state.id, 1, one.notices.origin)


@pytest.mark.postgres
def test_postgres_restarted_the_listeners_catch_up():
    """Its own server: restarting the session's would cut every other test's connections."""
    server = PostgresServer(_postgres_bin())
    server.start()
    try:
        url = server.new_database()
        with Store(url) as one, Store(url) as other:
            other.notices._retry_first = 0.05
            heard = _heard(other)
            _listening(other)
            state = one.new_game(["Ann", "Bob", "Cy"], PRESETS["oh-heck"], first_dealer=0)
            assert _next(heard).version == 1
            server.restart()
            assert _next(heard, 20) == Notice.caught_up()
            state = one.record(state.id, _bid(state), state.version)  # the pool's connections were cut: a fresh one
            assert _next(heard) == Notice(state.id, state.version, one.notices.origin)
    finally:
        server.stop()


def test_the_relay_skips_this_process_own_changes_and_asks_to_catch_up():
    assert live.message_for(Notice("g", 3, "here"), "here") is None
    assert live.message_for(Notice("g", 3, "there"), "here") == {"game": "g", "version": 3}
    assert live.message_for(Notice.caught_up(), "here") == {"caught_up": True}
    assert live.message_for(Notice(None, None, "there"), "here") == {"caught_up": True}
    assert live.message_for(Notice("~pin", None, "there"), "here") == {"access": "all"}
    assert live.message_for(Notice("~viewer", None, "there"), "here") == {"access": "ended"}
