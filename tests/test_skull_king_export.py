"""Skull King through every format: CSV and JSON give back the same game with its bonuses, the PDF lists
them, and a file whose bonus column disagrees with the counts is refused whole."""
from __future__ import annotations

import csv
import io

import pypdf
import pytest
from test_export_samples import START, make_store, snapshot

from scorekeeper.exchange import ExchangeError, export_games, export_records, import_file, read_csv
from scorekeeper.rules import replay, skull_king
from scorekeeper.storage.records import GameRecord

ACTIONS = (
    {"type": "bids", "hand": 0, "values": [1, 0, 0]},
    {"type": "tricks", "hand": 0, "values": [1, 0, 0], "bonuses": [{"fourteens": 1}, {}, {}]},
    {"type": "bids", "hand": 1, "values": [1, 1, 0]},
    {"type": "tricks", "hand": 1, "values": [1, 1, 0], "bonuses": [{}, {"skull_king_by_mermaid": 1}, {}]},
    {"type": "bids", "hand": 2, "values": [0, 2, 1]},
)


def record(rules="skull-king") -> GameRecord:
    return GameRecord(id="5" * 32, kind="skull-king", rules=skull_king.PRESETS[rules].to_dict(),
                      players=("Ann", "Bob", "Cy"), setup={"first_dealer": 0}, status="playing", started_at=START,
                      actions=ACTIONS)


def test_csv_rows_carry_each_bonus_and_its_points_checked_by_hand():
    rows = list(csv.DictReader(io.StringIO(export_records([record()], "csv").data.decode())))
    ann_1, bob_2 = rows[0], rows[4]
    # Hand 1: Ann bid 1, took 1 = 20, with a standard 14 = 30. Hand 2: Bob 20 + 40 for the Skull King = 60.
    assert (ann_1["fourteens"], ann_1["bonus"], ann_1["points"], ann_1["total"]) == ("1", "10", "30", "30")
    assert (bob_2["skull_king_by_mermaid"], bob_2["bonus"], bob_2["points"], bob_2["total"]) == ("1", "40", "60", "70")
    assert rows[6]["bid"] == "0" and rows[6]["points"] == ""  # hand 3: bid, not played


@pytest.mark.parametrize("rules", ["skull-king", "skull-king-rascal"])
def test_csv_and_json_give_back_the_game_with_its_bonuses(tmp_path, rules):
    source = make_store(tmp_path, "source")
    source.import_records([record(rules)])
    for fmt in ("csv", "json"):
        target = make_store(tmp_path, f"target-{fmt}")
        import_file(target, export_games(source, fmt), name=f"games.{fmt}")
        [back] = snapshot(target)
        assert back.actions == ACTIONS and back.rules == skull_king.PRESETS[rules].to_dict()
        assert replay(back).totals() == replay(record(rules)).totals()


def test_a_bonus_column_that_disagrees_with_the_counts_is_refused():
    data = export_records([record()], "csv").data.decode().splitlines()
    header = data[0].split(",")
    cells = data[1].split(",")
    cells[header.index("bonus")] = "20"  # the counts say one standard 14: 10
    with pytest.raises(ExchangeError, match="the bonus is 20, but the bonuses counted give 10"):
        read_csv("\n".join([data[0], ",".join(cells), *data[2:]]), "games.csv")


def test_the_pdf_lists_every_bonus_earned():
    pdf = export_records([record()], "pdf").data
    text = " ".join(" ".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf)).pages).split())
    assert "hand 1: Ann +10 (standard 14 captured)" in text
    assert "hand 2: Bob +40 (Skull King taken by a mermaid)" in text


def test_a_bid_corrected_after_its_bonus_goes_through_csv(tmp_path):
    """Hand 1's bid corrected to a miss after its bonus was counted: the bonus is dropped, and the CSV of
    the game as it stands imports to the same scores."""
    corrected = GameRecord(id="6" * 32, kind="skull-king", rules=skull_king.PRESETS["skull-king"].to_dict(),
                           players=("Ann", "Bob", "Cy"), setup={"first_dealer": 0}, status="playing", started_at=START,
                           actions=ACTIONS[:2] + ({"type": "bids", "hand": 0, "values": [0, 0, 0]},))
    rows = list(csv.DictReader(io.StringIO(export_records([corrected], "csv").data.decode())))
    assert (rows[0]["fourteens"], rows[0]["bonus"], rows[0]["points"]) == ("0", "0", "-10")
    [back] = read_csv(export_records([corrected], "csv").data.decode(), "games.csv")
    assert replay(back).totals() == replay(corrected).totals() == [-10, 10, 10]
