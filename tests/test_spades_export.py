"""Spades through every format: CSV and JSON give back the same game (blind nil, adjustments included), the
PDF prints its card, and a CSV whose points disagree with the rules is refused whole."""
from __future__ import annotations

import csv
import dataclasses
import io

import pypdf
import pytest
from test_export_samples import START, make_store, snapshot

from scorekeeper.exchange import ExchangeError, export_games, export_records, import_file, read_csv
from scorekeeper.rules import replay, spades
from scorekeeper.storage.records import GameRecord

NAMES = ("Ann", "Bob", "Cy", "Dee")
ACTIONS = (
    # Ann blind nil, takes none: 200 + Cy's 40; Bob+Dee bid 8, take 9: 81.
    {"type": "hand", "hand": 0, "bids": [0, 4, 4, 4], "blind": [0], "tricks": [0, 5, 4, 4]},
    {"type": "adjust", "at": 0, "seat": 1, "points": -10, "note": "renege"},
    # Ann+Cy 6 take 7: 61; Bob 3 of 3, Dee's nil lost with 3 tricks: 30 − 100 + 3.
    {"type": "hand", "hand": 1, "bids": [3, 3, 3, 0], "blind": [], "tricks": [4, 3, 3, 3]},
)


def record(rules=None, actions=ACTIONS, status="playing") -> GameRecord:
    rules = rules or spades.PRESETS["spades"]
    return GameRecord(id="7" * 32, kind="spades", rules=rules.to_dict(), players=NAMES, setup={}, status=status,
                      started_at=START, finished_at=START if status == "finished" else None, actions=actions)


def test_csv_rows_carry_the_partnerships_points_checked_by_hand():
    rows = list(csv.DictReader(io.StringIO(export_records([record()], "csv").data.decode())))
    ann_1, bob_1, dee_2 = rows[0], rows[1], rows[7]
    assert (ann_1["bid"], ann_1["blind_nil"], ann_1["tricks"], ann_1["points"], ann_1["total"]) == ("0", "yes", "0", "240", "240")
    assert (bob_1["points"], bob_1["total"], bob_1["adjustment"]) == ("81", "71", "-10")
    assert (dee_2["bid"], dee_2["blind_nil"], dee_2["points"], dee_2["total"]) == ("0", "", "-67", "4")


@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_csv_and_json_give_back_the_game(tmp_path, fmt):
    source = make_store(tmp_path, "source")
    source.import_records([record()])
    target = make_store(tmp_path, f"target-{fmt}")
    import_file(target, export_games(source, fmt), name=f"games.{fmt}")
    [back] = snapshot(target)
    assert back.kind == "spades" and back.players == NAMES and back.rules == spades.PRESETS["spades"].to_dict()
    assert replay(back).totals() == replay(record()).totals() == [301, 4, 301, 4]
    assert [dict(action) for action in back.actions] == [dict(action) for action in ACTIONS]


def test_json_keeps_house_rules_and_a_finished_game(tmp_path):
    rules = dataclasses.replace(spades.PRESETS["spades"], target=250, blind_nil_points=None, bag_points=0)
    game = (
        {"type": "hand", "hand": 0, "bids": [0, 4, 4, 4], "blind": [], "tricks": [0, 5, 4, 4]},  # 140 to 80
        {"type": "hand", "hand": 1, "bids": [5, 1, 5, 1], "blind": [], "tricks": [5, 1, 6, 1]},  # 240 to 100
        {"type": "hand", "hand": 2, "bids": [1, 1, 1, 1], "blind": [], "tricks": [2, 4, 3, 4]},  # 260 to 120
    )
    source = make_store(tmp_path, "source")
    source.import_records([record(rules, game, "finished")])
    target = make_store(tmp_path, "target")
    import_file(target, export_games(source, "json"), name="games.json")
    [back] = snapshot(target)
    assert back.rules == rules.to_dict() and back.status == "finished" and replay(back).is_over


def test_points_that_disagree_with_the_rules_are_refused():
    data = export_records([record()], "csv").data.decode().splitlines()
    header = data[0].split(",")
    cells = data[1].split(",")
    cells[header.index("points")] = "140"  # as if Ann's blind nil were a nil
    with pytest.raises(ExchangeError, match="the points are 140, but the entries under Spades give 240"):
        read_csv("\n".join([data[0], ",".join(cells), *data[2:]]), "games.csv")


def test_the_pdf_prints_the_card():
    pdf = pypdf.PdfReader(io.BytesIO(export_records([record()], "pdf").data))
    text = " ".join(page.extract_text() for page in pdf.pages)
    assert "Spades" in text and "blind nil/0" in text and "301" in text
