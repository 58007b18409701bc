"""Where the database lives, a damaged SQLite file, and backups."""
from __future__ import annotations

import os
import random
import sqlite3
import threading
from pathlib import Path

import pytest

from crash_child import scripted_actions
from scorekeeper.rules import PRESETS
from scorekeeper.storage import StaleGame, StorageError, Store, default_database_url
from scorekeeper.storage.database import sqlite_url

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]


def finished_game(store: Store):
    state = store.new_game(PLAYERS, PRESETS["oh-heck"], first_dealer=0)
    for entry in scripted_actions():
        state = store.record(state.id, entry, state.version)
    return store.finish(state.id, state.version)


def database_file(url: str) -> Path:
    return Path(url.removeprefix("sqlite:///"))


# ----- the default location -----

def test_default_database_url(monkeypatch, tmp_path):
    monkeypatch.setenv("SCOREKEEPER_DATABASE_URL", "postgresql://table@server/scores")
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path / "flet"))
    assert default_database_url() == "postgresql://table@server/scores"
    monkeypatch.delenv("SCOREKEEPER_DATABASE_URL")
    assert default_database_url() == sqlite_url(tmp_path / "flet" / "scorekeeper.db")
    assert (tmp_path / "flet").is_dir()
    monkeypatch.delenv("FLET_APP_STORAGE_DATA")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    url = default_database_url()
    assert url.startswith("sqlite:///") and url.endswith("/scorekeeper.db")
    assert database_file(url).parent.is_dir()


@pytest.mark.parametrize("folder", ["Club?", "50%20off", "Club #2"])
def test_the_default_database_is_in_the_app_folder_whatever_its_name(monkeypatch, tmp_path, folder):
    """The address was written unescaped: "Club?" made SQLAlchemy read "?" as the start of the
    address's query (the file went to "Club"), and "%20" as a space."""
    monkeypatch.delenv("SCOREKEEPER_DATABASE_URL", raising=False)
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path / folder))
    with Store(default_database_url()) as store:
        store.new_game(["Ann", "Bob", "Cy"], PRESETS["oh-heck"])
    assert (tmp_path / folder / "scorekeeper.db").is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == [folder]  # nothing made beside the folder
    with Store(sqlite_url(tmp_path / folder / "scorekeeper.db")) as store:
        assert len(store.unfinished_games()) == 1


def test_bad_database_addresses_are_explained(tmp_path):
    with pytest.raises(StorageError, match="SQLite or PostgreSQL"):
        Store("mysql://somewhere/scores")
    with pytest.raises(StorageError, match="can't be read"):
        Store("not a url at all")
    with pytest.raises(StorageError, match="can't be opened"):
        Store("postgresql://nobody@127.0.0.1:1/none")


def test_sqlite_is_set_up_for_safe_shared_use(sqlite_url):
    store = Store(sqlite_url)
    try:
        with store._engine.connect() as connection:
            settings = {name: connection.exec_driver_sql(f"PRAGMA {name}").scalar()
                        for name in ("journal_mode", "synchronous", "foreign_keys", "busy_timeout")}
    finally:
        store.close()
    assert settings["journal_mode"] == "wal" and settings["synchronous"] == 2  # FULL
    assert settings["foreign_keys"] == 1 and settings["busy_timeout"] >= 5000


def test_an_in_memory_database_works():
    store = Store("sqlite://")
    try:
        state = store.new_game(PLAYERS, PRESETS["oh-heck"])
        assert store.load(state.id).record == state.record
        assert store.backup() is None and store.backups() == []
    finally:
        store.close()


# ----- a damaged file -----

def test_a_file_of_random_bytes_is_moved_aside(sqlite_url):
    path = database_file(sqlite_url)
    path.parent.mkdir(parents=True)
    junk = random.Random(7).randbytes(20_000)
    path.write_bytes(junk)
    store = Store(sqlite_url)
    try:
        aside = store.recovered_from
        assert aside is not None and aside.name.startswith("scorekeeper.db.damaged-")
        assert aside.read_bytes() == junk  # kept, never deleted
        assert store.unfinished_games() == []
        state = store.new_game(PLAYERS, PRESETS["oh-heck"])
        assert store.load(state.id).version == 1
    finally:
        store.close()
    again = Store(sqlite_url)  # the fresh file is healthy: nothing more is moved
    try:
        assert again.recovered_from is None and len(again.unfinished_games()) == 1
    finally:
        again.close()


@pytest.mark.parametrize("folder", ["Club #2", "50% off"])
def test_a_damaged_file_in_a_folder_named_like_a_uri_is_moved_aside(tmp_path, folder):
    """SQLite opens the file by a URI: unescaped, "#2" was a fragment and "%" an escape, so the damage
    check read another file (and created a stray "Club "), and the damaged file was never set aside."""
    path = tmp_path / folder / "scorekeeper.db"
    path.parent.mkdir()
    path.write_bytes(b"SQLite format 3\x00" + random.Random(3).randbytes(8_000))  # a header, then junk
    store = Store(sqlite_url(path))
    try:
        assert store.recovered_from is not None and store.recovered_from.parent == path.parent
        assert store.unfinished_games() == []
    finally:
        store.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == [folder]  # nothing written beside the folder


def test_a_truncated_database_is_moved_aside_with_its_log(sqlite_url):
    store = Store(sqlite_url, keep_backups=0)
    for _ in range(6):
        finished_game(store)
    store.close()
    path = database_file(sqlite_url)
    with sqlite3.connect(path) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    size = path.stat().st_size
    with open(path, "r+b") as handle:
        handle.truncate(size // 2)
    Path(f"{path}-wal").write_bytes(b"")  # a leftover log goes aside with it
    store = Store(sqlite_url)
    try:
        assert store.recovered_from is not None and store.recovered_from.stat().st_size == size // 2
        assert Path(f"{store.recovered_from}-wal").exists()
        assert store.finished_games() == [] and store.roster() == []
    finally:
        store.close()


# ----- backups -----

def test_backups_at_start_up_and_on_finish_and_restore(sqlite_url):
    store = Store(sqlite_url, keep_backups=3)
    assert store.backups() == []  # an empty database is not worth a copy
    first = finished_game(store)
    [on_finish] = store.backups()
    assert on_finish.path.parent == database_file(sqlite_url).parent / "backups"
    assert on_finish.size == on_finish.path.stat().st_size > 0
    playing = store.new_game(PLAYERS, PRESETS["oh-heck"])
    playing = store.record(playing.id, scripted_actions()[0], playing.version)
    store.close()

    store = Store(sqlite_url, keep_backups=3)  # a start-up within the hour makes no new copy
    try:
        assert store.backups() == [on_finish]
        for _ in range(3):
            store.backup()
        kept = store.backups()
        assert len(kept) == 3 and on_finish not in kept  # only the newest three
        assert [b.created_at for b in kept] == sorted((b.created_at for b in kept), reverse=True)

        snapshot, records_then = kept[0], list(store.records())
        second = finished_game(store)  # its automatic backup pushes out the oldest, not `snapshot`
        store.delete_game(first.id)
        assert snapshot in store.backups()
        store.restore_backup(snapshot.path)
        assert list(store.records()) == records_then
        assert [game.id for game in store.finished_games()] == [first.id]
        aside = sorted(database_file(sqlite_url).parent.glob("scorekeeper.db.replaced-*"))
        assert aside, "the current games must be kept before a restore"
        with sqlite3.connect(aside[-1]) as connection:  # ... and they hold what was replaced
            assert connection.execute("SELECT deleted_at IS NOT NULL FROM games WHERE id = ?", (first.id,)).fetchone() == (1,)
            assert connection.execute("SELECT status FROM games WHERE id = ?", (second.id,)).fetchone() == ("finished",)
        with pytest.raises(StaleGame):  # a screen drawn before the restore must redraw
            store.record(playing.id, scripted_actions()[1], playing.version)
        latest = store.load(playing.id)
        assert latest.record == playing.record
        state = store.record(playing.id, scripted_actions()[1], latest.version)  # and play goes on
        assert len(state.record.actions) == 2
    finally:
        store.close()


def test_start_up_backup_of_a_file_with_games(sqlite_url):
    store = Store(sqlite_url, keep_backups=2)
    store.new_game(PLAYERS, PRESETS["oh-heck"])
    store.close()
    store = Store(sqlite_url, keep_backups=2)
    try:
        [made] = store.backups()
        with sqlite3.connect(made.path) as connection:
            assert connection.execute("SELECT count(*) FROM games").fetchone() == (1,)
            assert connection.execute("PRAGMA journal_mode").fetchone() == ("delete",)  # one self-contained file
    finally:
        store.close()


def test_restore_refuses_what_is_not_a_backup(sqlite_url, tmp_path):
    store = Store(sqlite_url)
    try:
        finished_game(store)
        before = list(store.records())
        junk = tmp_path / "junk.db"
        junk.write_bytes(b"not a database" * 100)
        other = tmp_path / "other.db"
        with sqlite3.connect(other) as connection:
            connection.execute("CREATE TABLE notes (text)")
        for path, problem in [(junk, "can't be read"), (other, "no Scorekeeper games"),
                              (tmp_path / "missing.db", "no such file")]:
            with pytest.raises(StorageError, match=problem):
                store.restore_backup(path)
        assert list(store.records()) == before
        assert not list(database_file(sqlite_url).parent.glob("scorekeeper.db.replaced-*"))
    finally:
        store.close()


@pytest.mark.postgres
def test_postgres_has_no_file_backups(postgres_url):
    store = Store(postgres_url)
    try:
        assert store.backup() is None and store.backups() == [] and store.recovered_from is None
        with pytest.raises(StorageError, match="server's own tools"):
            store.restore_backup("/tmp/anything.db")
    finally:
        store.close()


def test_keep_backups_must_be_sensible(sqlite_url):
    with pytest.raises(StorageError, match="keep_backups"):
        Store(sqlite_url, keep_backups=-1)
    assert not os.path.exists(database_file(sqlite_url))


def test_an_in_memory_database_serves_several_threads():
    store = Store("sqlite://")
    try:
        states = [store.new_game(PLAYERS, PRESETS["oh-heck"], first_dealer=0) for _ in range(3)]
        failures = []

        def play_through(state):
            try:
                for entry in scripted_actions()[:10]:
                    state = store.record(state.id, entry, state.version)
            except Exception as error:  # reported below, with the thread's own error
                failures.append(error)

        threads = [threading.Thread(target=play_through, args=(state,)) for state in states]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        assert failures == []
        assert [len(store.load(state.id).record.actions) for state in states] == [10, 10, 10]
    finally:
        store.close()
