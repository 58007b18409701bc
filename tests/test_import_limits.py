"""Import in bounded memory: tiny files that claim a huge game (a seat of 10**12, a round of a
billion), a JSON game of ten million entries and files of many games are imported or refused in a
child process whose peak memory is measured (and capped with RLIMIT_AS, so a bomb fails fast instead
of taking the machine's memory); and the hand-written CSV of a record keeper moving from paper."""
from __future__ import annotations

import json
import os
import random
import resource
import subprocess
import sys
from pathlib import Path

import pytest
import sqlalchemy as sa
from test_export_samples import sample_record

from scorekeeper.rules import PRESETS, InvalidEntry
from scorekeeper.rules.rounds import MOST_ROUNDS
from scorekeeper.rules.score_pad import PRESETS as PAD_PRESETS
from scorekeeper.rules.score_pad import Game as PadGame
from scorekeeper.storage import Store
from scorekeeper.exchange import ExchangeError, export_records, import_file, read_csv
from scorekeeper.exchange.common import MOST_LINE_CHARS

CAP_MB = 1024  # address space of the child: a bomb hits it in a second instead of taking gigabytes
START = "2024-05-04T19:30:00+00:00"


# The child reads its own peak (VmHWM): ru_maxrss of a child started from this process also counts
# the memory of this process at the fork (Linux keeps the larger high-water mark across exec).
CHILD = """
import sys
from scorekeeper.cli import main
try:
    code = main(["import", sys.argv[2]])
finally:
    with open("/proc/self/status") as status, open(sys.argv[1], "w") as report:
        report.write(next(line.split()[1] for line in status if line.startswith("VmHWM:")))
sys.exit(code)
"""


def run_import(path: Path, database: Path, timeout: float = 120) -> tuple[int, str, float]:
    """`scorekeeper import path` in a child process: (exit status, standard error, peak RSS in MB)."""
    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (CAP_MB << 20, CAP_MB << 20))

    env = {**os.environ, "SCOREKEEPER_DATABASE_URL": f"sqlite:///{database}"}
    peak_path = database.with_suffix(".peak")
    try:
        child = subprocess.run([sys.executable, "-c", CHILD, str(peak_path), str(path)], env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, preexec_fn=cap, timeout=timeout)
    except subprocess.TimeoutExpired:
        pytest.fail(f"import of {path.name} still running after {timeout} s")
    return child.returncode, child.stderr.decode(errors="replace"), int(peak_path.read_text()) / 1024


def one_line_refusal(status: int, stderr: str, *fragments: str) -> None:
    assert status == 1, stderr[-2000:]
    assert "Traceback" not in stderr and stderr.count("\n") == 1, stderr[-2000:]
    assert stderr.startswith("scorekeeper import: ")
    for fragment in fragments:
        assert fragment in stderr, stderr


BOMBS = {
    # the file of the issue: one row, a seat number of twelve digits
    "seat.csv": "game_id,started_at,game,hand,cards,dealer,trump,player,seat,bid,tricks,points,total\n"
                f"0123456789abcdef0123456789abcdef,{START},oh-heck,1,8,Ann,,Ann,999999999999,1,1,12,12\n",
    "hand.csv": "game_id,started_at,game,hand,cards,dealer,trump,player,seat,bid,tricks,points,total\n"
                f"g1,{START},oh-heck,999999999999,8,Ann,,Ann,1,1,1,12,12\n",
    "round.csv": "game_id,started_at,game,round,player,seat,points,total\n"
                 f"g1,{START},score-pad,1,Ann,1,5,5\ng1,{START},score-pad,999999999999,Ann,1,5,10\n",
    "deck.csv": "game_id,started_at,game,hand,player,seat,went_out,number_cards,specials,points,total\n"
                f"g1,{START},hit-the-deck,1,Ann,123456789012345,yes,,,0,0\n",
    "auction.csv": "game_id,started_at,game,round,point_card,pot,player,seat,played,outcome,points,total\n"
                   f"g1,{START},what-the-heck,1,7,7,Ann,99999999999999,15,took,7,7\n",
}


@pytest.mark.parametrize("name", sorted(BOMBS))
def test_a_tiny_file_claiming_a_huge_game_is_refused_in_bounded_memory(tmp_path, name):
    path = tmp_path / name
    path.write_text(BOMBS[name])
    assert path.stat().st_size < 300
    status, stderr, peak = run_import(path, tmp_path / "bomb.db")
    one_line_refusal(status, stderr, "line ", "no game a table played")
    assert peak < 150, f"{peak:.0f} MB"


def test_a_json_game_of_ten_million_entries_is_refused_in_bounded_memory(tmp_path):
    path = tmp_path / "entries.json"
    path.write_text('{"format": "scorekeeper", "version": 1, "games": [{"id": "0123456789abcdef0123456789abcdef", '
                    '"actions": [' + "{}," * 10_000_000 + '{}]}]}\n')  # 30 MB
    status, stderr, peak = run_import(path, tmp_path / "bomb.db")
    one_line_refusal(status, stderr, "game 1", "longer than")
    assert peak < 200, f"{peak:.0f} MB"


def test_a_line_longer_than_any_row_is_refused(tmp_path):
    path = tmp_path / "long.csv"
    path.write_text("game_id,started_at,game,round,player,seat,points,total\n" + "9" * (MOST_LINE_CHARS * 2000) + "\n")
    status, stderr, peak = run_import(path, tmp_path / "long.db")
    one_line_refusal(status, stderr, "line 2", "longer than")
    assert peak < 150, f"{peak:.0f} MB"


def test_a_csv_row_run_over_millions_of_quoted_line_breaks_is_refused_in_bounded_memory(tmp_path):
    """Each line is short, but one quoted cell after another keeps the row open: the csv module held
    every cell of it (1.3 GB for 16 million)."""
    path = tmp_path / "one-row.csv"
    path.write_text("game_id,started_at,game,round,player,seat,points,total\n" + 'g1,"\n' + '","\n' * 4_000_000 + '"\n')
    status, stderr, peak = run_import(path, tmp_path / "one-row.db")
    one_line_refusal(status, stderr, "line 2: the row starting there runs on for more than")
    assert peak < 150, f"{peak:.0f} MB"


def test_a_csv_game_of_wide_rows_is_refused_in_bounded_memory(tmp_path):
    """20,000 rows (what a game may have) of 3,000 characters each, every one of them readable (the
    start time padded with spaces): 60 MB of one game, held until its last row (416 MB for 80 MB)."""
    padded = START + " " * 3000
    rows = (f"g1,{padded},score-pad,{round_},P{seat},{seat},1,\n" for round_ in range(1, 1001) for seat in range(1, 21))
    path = tmp_path / "wide.csv"
    path.write_text("game_id,started_at,game,round,player,seat,points,total\n" + "".join(rows))
    status, stderr, peak = run_import(path, tmp_path / "wide.db")
    one_line_refusal(status, stderr, "game 'g1'", "run on for more than")
    assert peak < 150, f"{peak:.0f} MB"


def test_a_json_file_of_unknown_top_level_fields_is_read_past_in_bounded_memory(tmp_path):
    """Fields a newer app may add at the top are read and dropped: kept, a million of them took 300 MB."""
    record = sample_record(random.Random(7), PRESETS["oh-heck"], players=4)
    export = json.loads(export_records([record], "json").data)
    path = tmp_path / "unknown.json"
    with path.open("w") as out:
        out.write('{"format": "scorekeeper", "version": %d, ' % export["version"])
        out.write("".join(f'"extra{number}": [{number}], ' for number in range(1_000_000)))
        out.write('"games": ' + json.dumps(export["games"]) + "}\n")
    status, stderr, peak = run_import(path, tmp_path / "unknown.db")
    assert status == 0 and "Imported 1 game" in stderr, stderr
    assert peak < 150, f"{peak:.0f} MB"


@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_memory_does_not_grow_with_the_number_of_games(tmp_path, fmt):
    """Fifty games and 600 (4 MB) take about the same memory: before, every row and every game
    of the file was held at once (and a million-row CSV took 1.5 GB)."""
    rng = random.Random(4)
    records = [sample_record(rng, PRESETS["oh-heck"], players=4) for _ in range(600)]
    peaks = []
    for count in (50, 600):
        path = tmp_path / f"{count}.{fmt}"
        path.write_bytes(export_records(records[:count], fmt).data)
        status, stderr, peak = run_import(path, tmp_path / f"{count}-{fmt}.db")
        assert status == 0 and f"Imported {count} games" in stderr, stderr
        peaks.append(peak)
    assert peaks[1] - peaks[0] < 25, f"{peaks[0]:.0f} MB for 50 games, {peaks[1]:.0f} MB for 600"


# ----- a record keeper's own spreadsheet -----

PAPER = """game_id,started_at,game,round,player,seat,points,total
2024-03-01 Smiths,2024-03-01T20:00:00+00:00,score-pad,1,Ann,1,12,
2024-03-01 Smiths,2024-03-01T20:00:00+00:00,score-pad,1,Bob,2,-3,
2024-03-01 Smiths,2024-03-01T20:00:00+00:00,score-pad,2,Ann,1,5,17
2024-03-01 Smiths,2024-03-01T20:00:00+00:00,score-pad,2,Bob,2,8,
Tuesday at Jo's,2024-03-05T19:00:00+00:00,score-pad,1,Jo,1,4,
Tuesday at Jo's,2024-03-05T19:00:00+00:00,score-pad,1,Ann,2,6,
"""

def paper_hands(record) -> tuple[bytes, list[int]]:
    """The record's CSV as a record keeper would type it: their own game id, points and totals left
    empty; and the totals the rules give."""
    lines = export_records([record], "csv").data.decode().splitlines()
    typed = [lines[0]]
    for line in lines[1:]:
        cells = line.split(",")
        cells[0], cells[-2], cells[-1] = "Friday 1", "", ""
        typed.append(",".join(cells))
    return ("\n".join(typed) + "\n").encode(), record.build().totals()


def external_refs(store) -> dict[str, str]:
    engine = sa.create_engine(store.url)
    try:
        with engine.connect() as connection:
            return dict(connection.execute(sa.text("SELECT external_ref, id FROM games "
                                                   "WHERE external_ref IS NOT NULL")).all())
    finally:
        engine.dispose()


def test_a_hand_written_csv_with_free_form_ids_imports_once(store):
    first = import_file(store, PAPER.encode(), name="paper.csv")
    again = import_file(store, PAPER.encode(), name="paper.csv")
    assert len(first.added) == 2 and again.added == []
    refs = external_refs(store)
    assert sorted(refs) == ["2024-03-01 Smiths", "Tuesday at Jo's"] and sorted(again.skipped) == sorted(refs.values())
    smiths = next(store.records([refs["2024-03-01 Smiths"]]))
    assert len(smiths.id) == 32 and smiths.id != "2024-03-01 Smiths"
    assert smiths.players == ("Ann", "Bob") and smiths.build().totals() == [17, 5]  # totals computed
    data, totals = paper_hands(sample_record(random.Random(2), PRESETS["oh-heck"], players=3, hands=4,
                                             names=["Ann", "Bob", "Cy"]))
    assert len(import_file(store, data, name="hands.csv").added) == 1
    assert import_file(store, data, name="hands.csv").added == []
    friday = next(store.records([external_refs(store)["Friday 1"]]))
    assert friday.build().totals() == totals  # points computed from bids and tricks


@pytest.mark.parametrize("cell, wrong", [("12,", "12,99"), (",17", ",18")])
def test_points_and_totals_filled_in_by_hand_are_still_checked(store, cell, wrong):
    data = PAPER.replace(cell, wrong, 1).encode()
    with pytest.raises(ExchangeError, match="line 2|line 4"):
        import_file(store, data, name="paper.csv")
    assert list(store.records()) == []


def test_a_game_whose_rows_are_not_together_is_refused():
    lines = PAPER.splitlines()
    mixed = "\n".join([lines[0], lines[1], lines[5], lines[2], lines[3], lines[4], lines[6]]) + "\n"
    with pytest.raises(ExchangeError, match="line 4.*keep each game's rows together"):
        read_csv(mixed, "mixed.csv")


def test_an_empty_or_overlong_game_id_is_refused():
    with pytest.raises(ExchangeError, match="game_id is empty"):
        read_csv(PAPER.replace("2024-03-01 Smiths", ""), "paper.csv")
    with pytest.raises(ExchangeError, match="not a game id") as refusal:
        read_csv(PAPER.replace("2024-03-01 Smiths", "x" * 1000), "paper.csv")
    assert len(str(refusal.value)) < 300


def test_an_open_ended_game_stops_at_the_most_rounds_the_import_takes():
    game = PadGame(["Ann", "Bob"], PAD_PRESETS["score-pad"])
    for index in range(MOST_ROUNDS):
        game.apply({"type": "round", "round": index, "points": [1, 2]})
    with pytest.raises(InvalidEntry, match=f"at most {MOST_ROUNDS} rounds"):
        game.apply({"type": "round", "round": MOST_ROUNDS, "points": [1, 2]})


# ----- all or nothing, with the games written in batches as they are read -----

def test_a_bad_game_after_several_written_batches_leaves_the_database_as_it_was(store):
    rng = random.Random(6)
    kept = [sample_record(rng, PRESETS["oh-heck"], players=3, hands=1) for _ in range(3)]
    store.import_records(kept)
    before = sorted(store.records(), key=lambda record: record.id)
    records = [sample_record(rng, PRESETS["oh-heck"], players=3, hands=2) for _ in range(450)]  # 3 batches
    lines = export_records(records, "csv").data.decode().splitlines()
    cells = lines[-1].split(",")
    cells[-1] = "999"  # the last game's last total
    lines[-1] = ",".join(cells)
    with pytest.raises(ExchangeError, match=f"line {len(lines)}"):
        import_file(store, ("\n".join(lines) + "\n").encode(), name="many.csv")
    assert sorted(store.records(), key=lambda record: record.id) == before


def test_json_whose_envelope_follows_the_games(store):
    """Keys sorted (json.tool --sort-keys puts "games" before "version"): still imported; and a wrong
    format found only after the games refuses them all."""
    records = [sample_record(random.Random(seed), PRESETS["oh-heck"], players=3, hands=1) for seed in (1, 2)]
    document = json.loads(export_records(records, "json").data)
    assert len(import_file(store, json.dumps(document, sort_keys=True, indent=1).encode(), name="s.json").added) == 2
    other = sample_record(random.Random(3), PRESETS["oh-heck"], players=3, hands=1)
    document = json.loads(export_records([other], "json").data)
    document = {"games": document["games"], "format": "spreadsheet", "version": 1}
    with pytest.raises(ExchangeError, match="not a Scorekeeper export"):
        import_file(store, json.dumps(document).encode(), name="other.json")
    assert {record.id for record in store.records()} == {record.id for record in records}


@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_bytes_that_are_not_utf8_after_the_first_chunk_are_refused_in_one_line(tmp_path, fmt):
    """The format is told from the first 64 kB; a bad byte further on is found while streaming."""
    rng = random.Random(8)
    data = export_records([sample_record(rng, PRESETS["oh-heck"], players=4) for _ in range(40)], fmt).data
    assert len(data) > 150_000
    store = Store(f"sqlite:///{tmp_path / 'utf8.db'}")
    try:
        with pytest.raises(ExchangeError, match="not UTF-8") as refusal:
            import_file(store, data[:150_000] + b"\xff" + data[150_000:], name=f"bad.{fmt}")
        assert "\n" not in str(refusal.value) and list(store.records()) == []
    finally:
        store.close()
