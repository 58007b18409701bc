"""`scorekeeper export` and `scorekeeper import`, run as commands on temporary SQLite databases."""
from __future__ import annotations

import os
import pty
import subprocess
import sys

import pytest
from test_export_samples import make_store, mixed_records, snapshot

from scorekeeper.exchange import export_games

HEADER = "game_id,started_at,game,hand,cards,dealer,trump,player,seat,bid,tricks,points,total"


def run(database, *args: str, stdin: bytes | None = None, stdout=subprocess.PIPE) -> subprocess.CompletedProcess:
    env = {**os.environ, "SCOREKEEPER_DATABASE_URL": f"sqlite:///{database}"}
    return subprocess.run([sys.executable, "-m", "scorekeeper", *args], input=stdin, stdout=stdout,
                          stderr=subprocess.PIPE, env=env, timeout=120)


@pytest.fixture
def source(tmp_path):
    store = make_store(tmp_path, "source")
    records = mixed_records(seed=17, count=4)
    store.import_records(records)
    return tmp_path / "source.db", store, records


def test_export_csv_to_standard_output(source):
    database, store, records = source
    done = run(database, "export", "--format", "csv")
    assert done.returncode == 0, done.stderr
    assert done.stdout == export_games(store, "csv")
    assert done.stdout.decode().splitlines()[0] == HEADER
    assert done.stderr.decode().strip() == "Exported 4 games as CSV"


def test_export_json_then_import_twice(source, tmp_path):
    database, store, records = source
    target = tmp_path / "target.db"
    exported = tmp_path / "games.json"
    done = run(database, "export", "--format", "json", "--output", str(exported))
    assert done.returncode == 0 and done.stdout == b"", done.stderr
    assert done.stderr.decode().strip() == f"Exported 4 games as JSON to {exported}"
    make_store(tmp_path, "target").import_records(records[:1])  # one of them is there already
    done = run(target, "import", str(exported))
    assert done.returncode == 0, done.stderr
    assert done.stderr.decode().strip() == "Imported 3 games, 1 already there"
    done = run(target, "import", str(exported))
    assert done.stderr.decode().strip() == "Imported 0 games, 4 already there"
    assert snapshot(make_store(tmp_path, "target")) == snapshot(store)


def test_import_from_standard_input(source, tmp_path):
    database, store, _ = source
    csv = export_games(store, "csv")
    done = run(tmp_path / "target.db", "import", "-", stdin=csv)
    assert done.returncode == 0, done.stderr
    assert done.stderr.decode().strip() == "Imported 4 games"


def test_a_refused_import_says_why_and_changes_nothing(source, tmp_path):
    database, store, _ = source
    broken = tmp_path / "broken.csv"
    lines = export_games(store, "csv").decode().splitlines()
    broken.write_text("\n".join(lines[:-1] + [lines[-1][:-3]]) + "\n")  # the last row cut short
    before = snapshot(store)
    done = run(database, "import", str(broken))
    assert done.returncode == 1
    message = done.stderr.decode().strip()
    assert message.startswith("scorekeeper import: broken.csv, line") and "truncated" in message
    assert len(message.splitlines()) == 1
    assert snapshot(store) == before


def test_pdf_to_a_file_and_through_a_pipe(source, tmp_path):
    database, _, _ = source
    card = tmp_path / "cards.pdf"
    done = run(database, "export", "--format", "pdf", "--output", str(card))
    assert done.returncode == 0, done.stderr
    assert card.read_bytes().startswith(b"%PDF")
    piped = run(database, "export", "--format", "pdf")  # standard output is a pipe here, not a terminal
    assert piped.returncode == 0 and piped.stdout.startswith(b"%PDF")


def test_pdf_is_not_written_to_a_terminal(source):
    database, _, _ = source
    leader, follower = pty.openpty()
    try:
        done = run(database, "export", "--format", "pdf", stdout=follower)
    finally:
        os.close(follower)
        os.close(leader)
    assert done.returncode == 2
    assert "--output" in done.stderr.decode()


def test_one_game_and_an_unknown_game(source):
    database, _, records = source
    done = run(database, "export", "--format", "csv", "--game", records[1].id)
    assert done.returncode == 0
    assert {line.split(",")[0] for line in done.stdout.decode().splitlines()[1:]} == {records[1].id}
    done = run(database, "export", "--format", "csv", "--game", "0" * 32)
    assert done.returncode == 1 and "0" * 32 in done.stderr.decode() and done.stdout == b""


def test_usage_errors(source, tmp_path):
    database, _, _ = source
    assert run(database, "export").returncode == 2  # --format is required
    assert run(database, "export", "--format", "xml").returncode == 2
    assert run(database, "import").returncode == 2
    missing = run(database, "import", str(tmp_path / "nothing.json"))
    assert missing.returncode == 1 and "nothing.json" in missing.stderr.decode()


def test_csv_of_several_kinds_needs_a_kind(source, tmp_path):
    from scorekeeper.rules.kinds import KINDS

    database, store, records = source
    pad = store.new_game(["Ann", "Bob"], KINDS["score-pad"].PRESETS["score-pad"])
    store.record(pad.id, {"type": "round", "round": 0, "points": [12, -3]}, pad.version)
    done = run(database, "export", "--format", "csv")
    assert done.returncode == 1 and done.stdout == b""
    assert "of 2 kinds (bid-tricks: 4, score-pad: 1)" in done.stderr.decode() and "--kind" in done.stderr.decode()
    done = run(database, "export", "--format", "csv", "--kind", "score-pad")
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode().splitlines()[0] == "game_id,started_at,game,round,player,seat,points,total"
    assert done.stderr.decode().strip() == "Exported 1 game as CSV"
    done = run(database, "export", "--format", "csv", "--kind", "bid-tricks")
    assert done.stdout == export_games(store, "csv", kind="bid-tricks")
    assert {line.split(",")[0] for line in done.stdout.decode().splitlines()[1:]} == {record.id for record in records}
    assert run(database, "export", "--format", "csv", "--kind", "chess").returncode == 2
    # The file of one kind imports into another database.
    target = tmp_path / "target.db"
    done = run(target, "import", "-", stdin=export_games(store, "csv", kind="score-pad"))
    assert done.returncode == 0 and done.stderr.decode().strip() == "Imported 1 game"


def test_export_and_import_refuse_a_damaged_database_and_leave_it_alone(tmp_path):
    database = tmp_path / "scorekeeper.db"
    junk = b"this is not a database" * 100
    database.write_bytes(junk)
    exported = tmp_path / "games.json"
    exported.write_text('{"format": "scorekeeper-export", "version": 1, "games": []}')
    for args in (("export", "--format", "json"), ("import", str(exported))):
        done = run(database, *args)
        message = done.stderr.decode()
        assert done.returncode == 1 and done.stdout == b"", message
        assert "damaged" in message and str(database) in message and "Exported" not in message
        assert "Traceback" not in message
    assert database.read_bytes() == junk  # left where it is, for the app to set aside and recover
    assert sorted(path.name for path in tmp_path.iterdir()) == ["games.json", "scorekeeper.db"]


def test_export_of_all_games_names_the_game_it_left_out(tmp_path):
    from test_export_skipped import broken_store

    database, store, good, bad = broken_store(tmp_path)
    store.close()
    done = run(database, "export", "--format", "json")
    assert done.returncode == 0, done.stderr
    message = done.stderr.decode()
    assert message.startswith("Exported 1 game as JSON")
    assert f"Left out: Stored game {bad.id}" in message and "bid of 9" in message
    assert good.id.encode() in done.stdout and bad.id.encode() not in done.stdout
    done = run(database, "export", "--format", "json", "--game", bad.id)
    assert done.returncode == 1 and bad.id in done.stderr.decode()
