"""Backups are reachable (issue 10, item 6): `scorekeeper backups` lists them (file, date, games),
`scorekeeper restore BACKUP` restores one keeping the current games aside, and after a damaged file was
set aside the app says where it went and offers the backups made before it, asking before it restores."""
from __future__ import annotations

import sqlite3

import pytest

from scorekeeper import cli
from scorekeeper.rules import PRESETS
from scorekeeper.storage import StorageError, Store
from scorekeeper.ui.viewmodels.recovery import Recovery


def game(store, players):
    state = store.new_game(players, PRESETS["oh-heck"], first_dealer=0)
    return store.record(state.id, {"type": "bids", "hand": 0, "values": [1, 2, 3]}, state.version)


@pytest.fixture
def database(tmp_path, monkeypatch):
    """A database file with two games and a backup of them, then a third game; the CLI's database."""
    path = tmp_path / "scorekeeper.db"
    monkeypatch.setenv("SCOREKEEPER_DATABASE_URL", f"sqlite:///{path}")
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    with Store(f"sqlite:///{path}") as store:
        first, second = game(store, ["Ann", "Bob", "Cy"]), game(store, ["Dan", "Eve", "Fay"])
        backup = store.backup()
        third = game(store, ["Gus", "Hal", "Ivy"])
    return path, backup, [first.id, second.id], third.id


def stored_ids(path):
    connection = sqlite3.connect(path)
    try:
        return sorted(row[0] for row in connection.execute("SELECT id FROM games"))
    finally:
        connection.close()


def damage(path):
    """The file's first pages overwritten, as a bad disk or a copy cut short would."""
    with open(path, "r+b") as handle:
        handle.write(b"\x00garbage" * 600)
    for suffix in ("-wal", "-shm"):
        path.with_name(path.name + suffix).unlink(missing_ok=True)


def test_backups_lists_file_date_and_games(database, capsys):
    path, backup, _, _ = database
    assert cli.main(["backups"]) == 0
    out = capsys.readouterr().out.splitlines()
    [line] = [line for line in out if str(backup.path) in line]
    assert line == f"{backup.path}  {backup.created_at.strftime('%Y-%m-%d %H:%M:%S UTC')}  2 games"


def test_restore_from_the_command_line_keeps_the_current_games_aside(database, capsys):
    path, backup, before, third = database
    assert cli.main(["restore", str(backup.path)]) == 0
    said = capsys.readouterr().err.strip()
    assert said.startswith(f"Restored 2 games from {backup.path}; the games that were in use are kept in ")
    aside = said.rsplit(" kept in ", 1)[1].rstrip(".")
    assert stored_ids(path) == sorted(before)
    assert stored_ids(aside) == sorted(before + [third])  # nothing deleted
    with Store(f"sqlite:///{path}") as store:
        assert sorted(record.id for record in store.records()) == sorted(before)


def test_restore_refuses_a_file_that_is_no_backup_in_one_line(database, tmp_path, capsys):
    path, _, before, third = database
    other = tmp_path / "notes.txt"
    other.write_text("hello")
    assert cli.main(["restore", str(other)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("scorekeeper restore: ") and "can't be restored" in err[0]
    assert stored_ids(path) == sorted(before + [third])


def test_after_damage_the_command_line_points_to_the_backups_and_restores_one(database, capsys):
    path, backup, before, _ = database
    damage(path)
    assert cli.main(["export", "--format", "json"]) == 1
    refusal = capsys.readouterr().err
    assert "scorekeeper backups" in refusal and "scorekeeper restore BACKUP" in refusal
    assert cli.main(["backups"]) == 0
    assert f"{backup.path}  " in capsys.readouterr().out
    assert cli.main(["restore", str(backup.path)]) == 0  # moved into before-damage-*/ as the file is set aside
    said = capsys.readouterr().err
    assert "was damaged: it was set aside as" in said and "Restored 2 games" in said
    assert stored_ids(path) == sorted(before)
    assert list(path.parent.glob("scorekeeper.db.damaged-*"))  # kept, never deleted


def test_the_app_says_where_the_damaged_file_went_and_restores_a_backup_when_asked(database):
    path, backup, before, _ = database
    damage(path)
    with Store(f"sqlite:///{path}") as store:  # the app's way: the damaged file is set aside
        recovery = Recovery(store)
        assert str(store.recovered_from) in recovery.notice()
        [offer] = recovery.offers()
        assert offer.path.name == backup.path.name and offer.games == 2
        assert offer.label == f"Backup of {backup.created_at.strftime('%Y-%m-%d %H:%M UTC')} (2 games)"
        recovery.ask(offer.path)
        assert "Restore the backup of" in recovery.question() and "kept aside" in recovery.question()
        assert store.records() is not None and list(store.records()) == []  # nothing replaced by asking
        recovery.cancel()
        assert recovery.question() is None and list(store.records()) == []
        recovery.ask(offer.path)
        done = recovery.confirm()
        assert done.startswith("Restored the backup of") and "(2 games)" in done
        assert sorted(record.id for record in store.records()) == sorted(before)
        assert recovery.notice() is None and recovery.offers() == []


def test_the_app_without_backups_says_so(tmp_path):
    path = tmp_path / "scorekeeper.db"
    with Store(f"sqlite:///{path}", keep_backups=0) as store:
        game(store, ["Ann", "Bob", "Cy"])
    damage(path)
    with Store(f"sqlite:///{path}") as store:
        recovery = Recovery(store)
        assert "No backup was made before the damage" in recovery.notice() and recovery.offers() == []
        with pytest.raises(StorageError):
            store.restore_backup(tmp_path / "missing.db")
