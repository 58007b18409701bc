"""Restoring a backup and recovering from a damaged file: nothing acknowledged is lost, a backup that
isn't ours (or is from a newer version) changes nothing, and the backups from before damage stay."""
from __future__ import annotations

import json
import sqlite3
import threading
import time
from pathlib import Path

import pytest

import scorekeeper.storage.restore as store_module  # where the restore copies the live file
from scorekeeper.rules import PRESETS
from scorekeeper.storage import GameNotFound, StaleGame, StorageError, Store
from scorekeeper.storage.database import make_engine, parse_url
from scorekeeper.storage.migrate import current_revision, head_revision, upgrade

PLAYERS = ["Ann", "Bob", "Cy"]
BIDS = {"type": "bids", "hand": 0, "values": [1, 1, 1]}


def database_file(url: str) -> Path:
    return Path(url.removeprefix("sqlite:///"))


def file_state(path: Path) -> bytes:
    with sqlite3.connect(path) as connection:
        rows = [connection.execute(f"SELECT * FROM {table} ORDER BY 1").fetchall()
                for table in ("players", "games", "game_players", "actions", "alembic_version")]
    return json.dumps(rows, default=str).encode()


def set_revision(path: Path, revision: str) -> None:
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE alembic_version SET version_num = ?", (revision,))


# ----- a restore never loses an acknowledged entry -----

def test_an_entry_saved_during_a_restore_is_in_the_copy_aside_or_refused(sqlite_url, monkeypatch):
    store, other = Store(sqlite_url), Store(sqlite_url)  # two sessions on one file
    try:
        store.new_game(PLAYERS, PRESETS["oh-heck"])
        snapshot = store.backup()
        late = store.new_game(["Dan", "Eve", "Fay"], PRESETS["oh-heck"])
        outcome: list[object] = []

        def enter_bids():
            try:
                outcome.append(other.record(late.id, BIDS, late.version))
            except StorageError as error:  # StaleGame / GameNotFound: not acknowledged, so not lost
                outcome.append(error)

        writer = threading.Thread(target=enter_bids)
        copy = store_module.copy_database

        def copy_while_another_table_writes(source, target):
            copy(source, target)
            writer.start()  # another table's score keeper enters bids right after the copy aside
            time.sleep(0.5)

        monkeypatch.setattr(store_module, "copy_database", copy_while_another_table_writes)
        store.restore_backup(snapshot.path)
        writer.join(timeout=30)
        [result] = outcome
        aside = next(database_file(sqlite_url).parent.glob("scorekeeper.db.replaced-*"))
        with sqlite3.connect(aside) as connection:
            aside_actions = connection.execute("SELECT count(*) FROM actions WHERE game_id = ?", (late.id,)).fetchone()[0]
        if isinstance(result, StorageError):
            assert isinstance(result, (StaleGame, GameNotFound)), result
        else:  # acknowledged: it must be somewhere
            live = [] if not any(g.id == late.id for g in store.unfinished_games()) else store.load(late.id).record.actions
            assert aside_actions == 1 or len(live) == 1, "an acknowledged entry is in neither file"
        assert [game.id for game in store.unfinished_games()] != [] and late.id not in \
            [game.id for game in store.unfinished_games()]
    finally:
        store.close()
        other.close()


def test_restore_returns_the_copy_of_what_it_replaced(sqlite_url):
    with Store(sqlite_url) as store:
        first = store.new_game(PLAYERS, PRESETS["oh-heck"])
        snapshot = store.backup()
        second = store.new_game(["Dan", "Eve", "Fay"], PRESETS["oh-heck"])
        aside = store.restore_backup(snapshot.path)
        assert [game.id for game in store.unfinished_games()] == [first.id]
        with sqlite3.connect(aside) as connection:
            assert {row[0] for row in connection.execute("SELECT id FROM games")} == {first.id, second.id}


# ----- backups that are not ours, or not for this version, change nothing -----

def test_restore_refuses_another_programs_games_table(sqlite_url, tmp_path):
    with Store(sqlite_url) as store:
        store.new_game(PLAYERS, PRESETS["oh-heck"])
        before = file_state(database_file(sqlite_url))
        foreign = tmp_path / "other.db"
        with sqlite3.connect(foreign) as connection:
            connection.execute("CREATE TABLE games (x)")
        with pytest.raises(StorageError, match="no Scorekeeper games"):
            store.restore_backup(foreign)
        assert file_state(database_file(sqlite_url)) == before
        assert len(store.unfinished_games()) == 1
        assert not list(database_file(sqlite_url).parent.glob("scorekeeper.db.replaced-*"))
    Store(sqlite_url).close()  # and it still opens


def test_restore_refuses_a_backup_from_a_newer_version(sqlite_url):
    with Store(sqlite_url) as store:
        store.new_game(PLAYERS, PRESETS["oh-heck"])
        newer = store.backup().path
        set_revision(newer, "0099")
        store.new_game(["Dan", "Eve", "Fay"], PRESETS["oh-heck"])
        before = file_state(database_file(sqlite_url))
        with pytest.raises(StorageError, match="newer version of Scorekeeper"):
            store.restore_backup(newer)
        assert file_state(database_file(sqlite_url)) == before
        assert not list(database_file(sqlite_url).parent.glob("scorekeeper.db.replaced-*"))
    with Store(sqlite_url) as again:
        assert len(again.unfinished_games()) == 2


def test_restore_refuses_a_backup_whose_tables_are_not_ours(sqlite_url, tmp_path):
    with Store(sqlite_url) as store:
        store.new_game(PLAYERS, PRESETS["oh-heck"])
        before = file_state(database_file(sqlite_url))
        fake = tmp_path / "fake.db"
        with sqlite3.connect(fake) as connection:  # says revision 0001, holds something else
            connection.execute("CREATE TABLE alembic_version (version_num VARCHAR(32) NOT NULL)")
            connection.execute("INSERT INTO alembic_version VALUES ('0001')")
            connection.execute("CREATE TABLE games (x)")
        with pytest.raises(StorageError, match="can't be restored") as refused:
            store.restore_backup(fake)
        assert "Traceback" not in str(refused.value)
        assert file_state(database_file(sqlite_url)) == before
        assert not list(tmp_path.glob("data/.restoring-*"))  # the working copy is cleaned up


def test_restore_brings_a_backup_of_an_older_version_up_to_date(sqlite_url, tmp_path):
    old = tmp_path / "old.db"
    engine = make_engine(parse_url(f"sqlite:///{old}"))
    upgrade(engine, "0001")
    with engine.begin() as connection:
        connection.exec_driver_sql(
            "INSERT INTO players (id, name, name_key, created_at) VALUES (1, 'Ann', 'ann', '2024-05-01 19:00:00'),"
            " (2, 'Bob', 'bob', '2024-05-01 19:00:00'), (3, 'Cy', 'cy', '2024-05-01 19:00:00')")
        connection.exec_driver_sql(
            "INSERT INTO games VALUES ('" + "a" * 32 + "', 'bid-tricks', ?, '{\"first_dealer\": 0}', 'playing', "
            "'2024-05-01 19:00:00', NULL, '2024-05-01 19:00:00', NULL, 2)", (json.dumps(PRESETS["oh-heck"].to_dict()),))
        connection.exec_driver_sql("INSERT INTO game_players VALUES ('" + "a" * 32 + "', 0, 1), ('" + "a" * 32
                                   + "', 1, 2), ('" + "a" * 32 + "', 2, 3)")
        connection.exec_driver_sql("INSERT INTO actions (game_id, seq, data, undone, created_at) VALUES (?, 0, ?, 0, "
                                   "'2024-05-01 19:00:00')", ("a" * 32, json.dumps(BIDS)))
    engine.dispose()
    before = old.read_bytes()
    with Store(sqlite_url) as store:
        store.new_game(["Dan", "Eve", "Fay"], PRESETS["oh-heck"])
        store.restore_backup(old)
        [game] = store.unfinished_games()
        assert game.id == "a" * 32 and game.rounds_played == 0 and store.load(game.id).record.actions == (BIDS,)
        assert current_revision(store._engine) == head_revision()
    assert old.read_bytes() == before  # the backup itself is left as it was


# ----- a database the app can't use is refused clearly at start-up, and left alone -----

def test_a_database_from_a_newer_version_is_refused_at_start(sqlite_url):
    Store(sqlite_url).close()
    path = database_file(sqlite_url)
    set_revision(path, "0099")
    before = file_state(path)
    with pytest.raises(StorageError, match="newer version of Scorekeeper"):
        Store(sqlite_url)
    assert file_state(path) == before


@pytest.mark.parametrize("versioned", [False, True])
def test_another_programs_database_is_refused_at_start(sqlite_url, versioned):
    """`versioned`: the other program keeps its schema version with alembic too."""
    path = database_file(sqlite_url)
    path.parent.mkdir(parents=True)
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE games (x)")
        connection.execute("INSERT INTO games VALUES (1)")
        if versioned:
            connection.execute("CREATE TABLE alembic_version (version_num VARCHAR(32) NOT NULL)")
            connection.execute("INSERT INTO alembic_version VALUES ('ab12cd34ef56')")
            connection.execute("CREATE TABLE invoices (x)")
    original = path.read_bytes()
    with pytest.raises(StorageError, match="not a Scorekeeper database" if not versioned else "newer version"):
        Store(sqlite_url)
    # Nothing changed, as the refusal says: not even the journal mode (it used to be switched to WAL).
    assert path.read_bytes() == original and not path.with_name(path.name + "-wal").exists()
    with sqlite3.connect(path) as connection:
        assert connection.execute("SELECT * FROM games").fetchall() == [(1,)]
        tables = connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
        assert tables == ([("games",), ("alembic_version",), ("invoices",)] if versioned else [("games",)])
        assert connection.execute("PRAGMA journal_mode").fetchone() == ("delete",)


def test_a_database_folder_that_cant_be_made_is_explained(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    with pytest.raises(StorageError, match="can't be made"):
        Store(f"sqlite:///{blocker}/sub/scorekeeper.db")


# ----- the backups from before a damaged file are kept -----

def quick_finished_game(store: Store, names=PLAYERS):
    import dataclasses
    quick = dataclasses.replace(PRESETS["oh-heck"], shape="list", hand_list=(1,))
    state = store.new_game(names, quick)
    state = store.record(state.id, {"type": "bids", "hand": 0, "values": [1, 1, 1]}, state.version)
    state = store.record(state.id, {"type": "tricks", "hand": 0, "values": [1, 0, 0]}, state.version)
    return store.finish(state.id, state.version)


def test_backups_from_before_damage_outlive_the_new_files_backups(sqlite_url):
    with Store(sqlite_url, keep_backups=2) as store:
        games = [quick_finished_game(store) for _ in range(3)]  # each finish makes a backup
    path = database_file(sqlite_url)
    with open(path, "r+b") as handle:
        handle.write(b"garbage!" * 4)
    with Store(sqlite_url, keep_backups=2) as store:
        assert store.recovered_from is not None and store.kept_backups is not None
        for _ in range(5):  # the table plays on: each finished game makes a backup, 2 are kept
            quick_finished_game(store, ["Dan", "Eve", "Fay"])
        listed = store.backups()
        before = [info for info in listed if info.before_damage]
        assert len([info for info in listed if not info.before_damage]) == 2
        assert len(before) == 2 and all(info.path.parent == store.kept_backups for info in before)
        newest_good = before[0]  # newest first
        with sqlite3.connect(newest_good.path) as connection:
            assert connection.execute("SELECT count(*) FROM games").fetchone() == (3,)
        store.restore_backup(newest_good.path)
        assert sorted(game.id for game in store.finished_games()) == sorted(game.id for game in games)


def test_refuse_mode_leaves_a_damaged_file_where_it_is(sqlite_url):
    Store(sqlite_url).close()
    path = database_file(sqlite_url)
    path.write_bytes(b"this is not a database" * 100)
    with pytest.raises(StorageError, match="damaged") as refused:
        Store(sqlite_url, damaged="refuse")
    assert str(path) in str(refused.value)
    assert path.read_bytes() == b"this is not a database" * 100
    assert not list(path.parent.glob("scorekeeper.db.damaged-*"))


def test_a_database_whose_tables_dont_match_its_version_is_refused_at_start(sqlite_url):
    path = database_file(sqlite_url)
    path.parent.mkdir(parents=True)
    with sqlite3.connect(path) as connection:  # says revision 0001, holds something else
        connection.execute("CREATE TABLE alembic_version (version_num VARCHAR(32) NOT NULL)")
        connection.execute("INSERT INTO alembic_version VALUES ('0001')")
        connection.execute("CREATE TABLE games (x)")
    before = path.read_bytes()
    with pytest.raises(StorageError, match="can't be brought up to this version") as refused:
        Store(sqlite_url)
    assert "Traceback" not in str(refused.value) and "[SQL" not in str(refused.value)
    with sqlite3.connect(path) as connection:
        assert sorted(row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")) \
            == ["alembic_version", "games"]
        assert connection.execute("SELECT version_num FROM alembic_version").fetchall() == [("0001",)]


@pytest.mark.postgres
def test_a_postgres_database_from_a_newer_version_or_with_clashing_tables_is_refused(postgres_server):
    import sqlalchemy as sa

    url = postgres_server.new_database()
    Store(url).close()
    engine = make_engine(parse_url(url))
    with engine.begin() as connection:
        connection.execute(sa.text("UPDATE alembic_version SET version_num = '0099'"))
    with pytest.raises(StorageError, match="newer version of Scorekeeper"):
        Store(url)
    engine.dispose()
    other = postgres_server.new_database()  # someone else's `games` table, no Scorekeeper version
    engine = make_engine(parse_url(other))
    with engine.begin() as connection:
        connection.execute(sa.text("CREATE TABLE games (x int)"))
        connection.execute(sa.text("CREATE TABLE invoices (x int)"))
    with pytest.raises(StorageError, match="not a Scorekeeper database"):
        Store(other)
    with engine.begin() as connection:
        connection.execute(sa.text("DROP TABLE games"))
    with Store(other) as store:  # a shared database with unrelated tables is fine
        assert store.unfinished_games() == []
    engine.dispose()


def test_a_restore_that_fails_half_way_changes_nothing(sqlite_url, monkeypatch):
    with Store(sqlite_url) as store:
        store.new_game(PLAYERS, PRESETS["oh-heck"])
        snapshot = store.backup()
        store.new_game(["Dan", "Eve", "Fay"], PRESETS["oh-heck"])
        before = file_state(database_file(sqlite_url))

        def disk_full(source, target):
            Path(f"{target}.part").write_bytes(b"half a copy")
            raise OSError(28, "No space left on device")

        monkeypatch.setattr(store_module, "copy_database", disk_full)
        with pytest.raises(StorageError, match="No space left.*nothing was changed"):
            store.restore_backup(snapshot.path)
        assert file_state(database_file(sqlite_url)) == before
        assert len(store.unfinished_games()) == 2
        leftovers = [path.name for path in database_file(sqlite_url).parent.iterdir()
                     if ".replaced-" in path.name or path.name.startswith(".restoring-")]
        assert leftovers == []
