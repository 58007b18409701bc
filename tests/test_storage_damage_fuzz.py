"""Randomly damaged database files (flipped bytes, damaged values): `scorekeeper export` either refuses
in one line or exports exactly what was stored, leaving out and naming the games it could not read;
never a traceback, never a game that differs from what was stored (issue 10, item 5)."""
from __future__ import annotations

import json
import random
import shutil
import sqlite3

import pytest
from test_export_samples import mixed_records

from scorekeeper import cli
from scorekeeper.rules import PRESETS
from scorekeeper.storage import Store

FLIPPED_FILES = 60
DAMAGED_VALUE_FILES = 60


@pytest.fixture(scope="module")
def source(tmp_path_factory):
    """A database of a dozen games of every state (one with entries undone), and its JSON export by id."""
    folder = tmp_path_factory.mktemp("fuzz-source")
    path = folder / "scorekeeper.db"
    with Store(f"sqlite:///{path}", keep_backups=0) as store:
        store.import_records(mixed_records(seed=11, count=10))
        state = store.new_game(["Ann", "Bob", "Cy"], PRESETS["oh-heck"], first_dealer=1)
        state = store.record(state.id, {"type": "bids", "hand": 0, "values": [1, 2, 3]}, state.version)
        state = store.record(state.id, {"type": "tricks", "hand": 0, "values": [1, 2, 5]}, state.version)
        store.undo(state.id, state.version)
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # everything in the one file the damage hits
    connection.execute("PRAGMA journal_mode=DELETE")
    connection.close()
    stored = exported_games(path, "json")
    assert stored[0] == 0 and len(stored[1]) == 11
    return path, stored[1]


def exported_games(path, fmt: str, output=None, monkeypatch=None, capsys=None):
    """(exit status, {id: game} of a JSON export or the raw bytes, stderr lines) of `scorekeeper export`."""
    patch = monkeypatch or pytest.MonkeyPatch()
    patch.setenv("SCOREKEEPER_DATABASE_URL", f"sqlite:///{path}")
    patch.setenv("XDG_STATE_HOME", str(path.parent / "state"))  # the notes of exports under way
    target = output or path.with_name(f"export.{fmt}")
    target.unlink(missing_ok=True)
    try:
        status = cli.main(["export", "--format", fmt, "--output", str(target)])  # a traceback fails the test
    finally:
        if monkeypatch is None:
            patch.undo()
    if status != 0:
        return status, None
    data = target.read_bytes()
    if fmt == "json":
        return status, {game["id"]: game for game in json.loads(data)["games"]}
    return status, data


def flip_bytes(path, rng: random.Random) -> None:
    data = bytearray(path.read_bytes())
    for _ in range(rng.randint(1, 3)):
        at = rng.randrange(len(data))
        data[at] ^= 1 << rng.randrange(8)
    path.write_bytes(bytes(data))


COLUMNS = {
    "games": ["id", "kind", "rules", "setup", "status", "started_at", "finished_at", "log_hash", "totals",
              "final_scores", "leaders", "rounds_played", "version"],
    "actions": ["data", "seq", "undone", "game_id"],
    "game_players": ["seat", "player_id", "counters", "score", "won"],
    "players": ["name", "name_key"],
}


def damage_values(path, rng: random.Random) -> None:
    """One to three stored values changed as a bad disk or another program might: a character changed,
    garbage, a number, NULL, text cut short."""
    connection = sqlite3.connect(path)
    try:
        for _ in range(rng.randint(1, 3)):
            table = rng.choice(list(COLUMNS))
            column = rng.choice(COLUMNS[table])
            rows = connection.execute(f"SELECT rowid, {column} FROM {table}").fetchall()
            if not rows:
                continue
            rowid, value = rng.choice(rows)
            text = str(value) if value is not None else ""
            choice = rng.randrange(6)
            if choice == 0 and text:
                at = rng.randrange(len(text))
                new = text[:at] + rng.choice("0123456789abcxyz{}[],\":é") + text[at + 1:]
            elif choice == 1:
                new = rng.choice(["", "garbage", "{", "[1, 2", "null", "\x00", "9" * 30])
            elif choice == 2:
                new = rng.randint(-5, 40)
            elif choice == 3:
                new = None
            elif choice == 4 and text:
                new = text[:rng.randrange(len(text))]
            else:
                new = text.encode("utf-8")  # a blob where text was
            try:
                connection.execute(f"UPDATE {table} SET {column} = ? WHERE rowid = ?", (new, rowid))
            except sqlite3.IntegrityError:  # NOT NULL, UNIQUE: the damage disks do and SQL can't
                continue
        connection.commit()
    finally:
        connection.close()


def check_export(path, stored, monkeypatch, capsys, fmt: str) -> str:
    capsys.readouterr()
    status, exported = exported_games(path, fmt, monkeypatch=monkeypatch)
    lines = capsys.readouterr().err.splitlines()
    if status != 0:
        assert status == 1 and len(lines) == 1 and lines[0].startswith("scorekeeper export: "), lines
        return "refused"
    left_out = [line for line in lines if line.startswith("Left out: ")]
    if fmt == "json":
        for game_id, game in exported.items():
            assert game_id in stored and game == stored[game_id], f"{game_id} exported unlike it was stored"
        missing = set(stored) - set(exported)
        assert len(left_out) >= len(missing), (missing, lines)  # every game not exported is named
        assert all(" could not be read: " in line or "breaks its rules" in line for line in left_out), lines
    return "left out" if left_out else "whole"


@pytest.mark.parametrize("damage, files", [(flip_bytes, FLIPPED_FILES), (damage_values, DAMAGED_VALUE_FILES)])
def test_damaged_files_export_what_was_stored_or_refuse(source, tmp_path, monkeypatch, capsys, damage, files):
    path, stored = source
    outcomes: dict[str, int] = {}
    for seed in range(files):
        copy = tmp_path / f"damaged-{seed}.db"
        shutil.copyfile(path, copy)
        damage(copy, random.Random(seed))
        for fmt in ("json", "csv", "pdf") if seed % 5 == 0 else ("json",):
            outcome = check_export(copy, stored, monkeypatch, capsys, fmt)
            outcomes[outcome] = outcomes.get(outcome, 0) + 1
    # The damage reached the games often enough for the test to mean something.
    assert outcomes.get("left out", 0) + outcomes.get("refused", 0) >= files // 10, outcomes
