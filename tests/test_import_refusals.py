"""Refused imports: a file that is damaged, not ours, or disagrees with the rules is refused whole,
with a message naming the line or the game, hand and player, and the database stays as it was."""
from __future__ import annotations

import json
import random

import pytest
from test_export_csv import GAME_ID, hand_checked_game
from test_export_samples import house_rules, make_store, mixed_records, sample_record, snapshot

from scorekeeper.rules import PRESETS, InvalidEntry
from scorekeeper.exchange import VERSION, ExchangeError, export_records, import_file


@pytest.fixture
def store(tmp_path):
    """A database that already holds games, so "nothing changed" means something."""
    store = make_store(tmp_path)
    store.import_records(mixed_records(seed=21, count=3))
    return store


def refused(store, data: bytes, name: str, *fragments: str) -> str:
    """Import must fail, change nothing, and say each fragment."""
    before = snapshot(store)
    with pytest.raises(InvalidEntry) as refusal:
        import_file(store, data, name=name)
    assert snapshot(store) == before
    message = str(refusal.value)
    for fragment in fragments:
        assert fragment in message, f"{fragment!r} not in: {message}"
    return message


def csv_lines(records=None) -> list[str]:
    return export_records(records or [hand_checked_game()], "csv").data.decode().splitlines()


def edit(lines: list[str], line_number: int, column: str, value: str) -> bytes:
    """Change one cell (line_number counts from 1, the header being line 1)."""
    header = lines[0].split(",")
    cells = lines[line_number - 1].split(",")
    cells[header.index(column)] = value
    changed = list(lines)
    changed[line_number - 1] = ",".join(cells)
    return ("\n".join(changed) + "\n").encode()


# ----- CSV that disagrees with the rules -----

def test_points_that_disagree(store):
    # Line 3 is Bob in hand 1: bid 3, took 3 -> 16, not 18.
    message = refused(store, edit(csv_lines(), 3, "points", "18"), "cards.csv", "line 3", "hand 1", "Bob", "18", "16")
    assert GAME_ID in message


def test_total_that_disagrees(store):
    # Line 7 is Cy in hand 2: -5 then -15 make -20.
    refused(store, edit(csv_lines(), 7, "total", "-25"), "cards.csv", "line 7", "hand 2", "Cy", "-25", "-20")


def test_the_dealers_hook(store):
    # Hand 1: Bob bid 3 and Cy 2, so Ann, dealing 8 cards, may not bid 3.
    refused(store, edit(csv_lines(), 2, "bid", "3"), "cards.csv", "hand 1", "Ann", "may not bid 3")


def test_tricks_that_dont_add_up(store):
    refused(store, edit(csv_lines(), 4, "tricks", "2"), "cards.csv", "hand 1", "add up to 9", "8")


def test_a_hands_rows_in_another_order_are_pointed_at_first_line_first(store):
    """A game's rows may come in any order: the refusal named hand 1's rows "lines 4-2"."""
    lines = csv_lines()
    lines[1:4] = reversed(lines[1:4])
    data = edit(lines, 2, "tricks", "2")  # Cy took 2, not 1: the hand's tricks add up to 9
    refused(store, data, "cards.csv", "hand 1", "lines 2-4", "add up to 9")


def test_a_bid_above_the_cards(store):
    refused(store, edit(csv_lines(), 5, "bid", "9"), "cards.csv", "hand 2", "Ann", "9")


def test_a_dealer_out_of_turn(store):
    lines = csv_lines()
    data = edit(lines, 5, "dealer", "Cy")
    refused(store, data, "cards.csv", "line 5", "hand 2", "Bob deals hand 2")


def test_a_trump_in_a_hand_without_one(store):
    record = sample_record(random.Random(8), PRESETS["oh-pshaw"], players=4, hands=1)
    lines = csv_lines([record])
    last = len(lines)  # hand 13: the whole deck is dealt
    refused(store, edit(lines, last, "trump", "Hearts"), "pshaw.csv", f"line {last}", "hand 13", "without trump")


def test_a_missing_bid_in_a_bid_hand(store):
    refused(store, edit(csv_lines(), 9, "bid", ""), "cards.csv", "line 9", "hand 3", "Bob has no bid")


# ----- CSV that is damaged or not ours -----

def test_wrong_header(store):
    lines = csv_lines()
    lines[0] = lines[0].replace("tricks", "took")
    refused(store, ("\n".join(lines) + "\n").encode(), "cards.csv", "line 1", "tricks", "took",
            "game_id,started_at,game,hand")


@pytest.mark.parametrize("keep", [0.97, 0.8, 0.5, 0.2, 0.05])
def test_truncated_anywhere(store, keep):
    data = export_records(mixed_records(seed=4, count=1), "csv").data
    cut = data[: int(len(data) * keep)]
    message = refused(store, cut, "cards.csv")
    assert "truncated" in message or "line" in message


def test_truncated_between_hands_names_the_missing_hand(store):
    lines = csv_lines()
    message = refused(store, ("\n".join(lines[:31]) + "\n").encode(), "cards.csv", "hand 11", "truncated")
    assert GAME_ID in message


def test_garbage_bytes(store):
    refused(store, bytes(range(256)) * 4, "photo.jpg", "photo.jpg", "not a text file")


def test_a_pdf_is_not_an_export(store):
    refused(store, export_records([hand_checked_game()], "pdf").data, "card.pdf", "PDF", "CSV or JSON")


def test_empty_file(store):
    refused(store, b"", "empty.csv", "empty")


def test_custom_game_in_csv_is_sent_to_json(store):
    record = sample_record(random.Random(9), house_rules(), players=3, hands=2)
    refused(store, export_records([record], "csv").data, "house.csv", "custom rules", "JSON", record.id)


def test_one_bad_game_refuses_the_whole_file(store):
    good = mixed_records(seed=30, count=2)
    lines = csv_lines(good + [hand_checked_game()])
    bad_line = next(number for number, line in enumerate(lines, 1) if line.startswith(GAME_ID))
    data = edit(lines, bad_line, "points", "99")
    refused(store, data, "many.csv", f"line {bad_line}")
    assert not {record.id for record in good} & {record.id for record in snapshot(store)}


# ----- JSON -----

def json_document(records=None) -> dict:
    return json.loads(export_records(records or [hand_checked_game()], "json").data)


def encoded(document: dict) -> bytes:
    return json.dumps(document).encode()


def test_json_of_another_format(store):
    refused(store, b'{"format": "spreadsheet", "games": []}', "other.json", "not a Scorekeeper export")
    refused(store, b'[1, 2, 3]', "list.json", "not a Scorekeeper export")


def test_json_of_a_later_version(store):
    document = json_document()
    document["version"] = VERSION + 1
    refused(store, encoded(document), "new.json", f"version {VERSION + 1}", "update Scorekeeper")


def test_json_version_and_words_of_the_wrong_type_are_refused(store):
    """Found by the hostile tester: a version of 3.0 (or true) passed for 3, and a title or notes of
    false, 0 or [] for none."""
    for version in (float(VERSION), True):
        document = json_document()
        document["version"] = version
        refused(store, encoded(document), "version.json", "format version")
    for field, value in (("title", False), ("title", 0), ("notes", [])):
        document = json_document()
        document["games"][0][field] = value
        refused(store, encoded(document), "words.json", "must be text")
    document = json_document()
    document["games"][0]["title"] = None  # null: no name, as when left out
    assert import_file(store, encoded(document), name="null.json").added


def test_truncated_json(store):
    data = export_records(mixed_records(count=2), "json").data
    refused(store, data[: len(data) // 2], "cut.json", "cut.json", "not complete JSON", "truncated")


def test_json_points_that_disagree(store):
    document = json_document()
    document["games"][0]["computed"]["hands"][1]["points"][2] = -10  # Cy, hand 2: the rules give -15
    refused(store, encoded(document), "scores.json", GAME_ID, "hand 2", "Cy", "points", "-15")


def test_json_total_that_disagrees(store):
    document = json_document()
    document["games"][0]["computed"]["totals"][0] = 100
    refused(store, encoded(document), "scores.json", GAME_ID, "Ann", "totals")


def test_json_entry_that_breaks_the_hook(store):
    document = json_document()
    document["games"][0]["actions"][0]["values"] = [3, 3, 2]  # Ann deals hand 1: 3 + 3 + 2 = 8
    refused(store, encoded(document), "scores.json", GAME_ID, "entry 1", "bids of hand 1", "Ann deals and may not bid 3")


def test_json_tricks_that_dont_add_up(store):
    document = json_document()
    document["games"][0]["actions"][2]["values"] = [4, 3, 2]
    refused(store, encoded(document), "scores.json", GAME_ID, "entry 3", "tricks of hand 1", "add up to 9")


def test_json_game_marked_finished_too_soon(store):
    document = json_document()
    game = document["games"][0]
    game["status"], game["finished_at"] = "finished", "2024-05-04T21:00:00+00:00"
    refused(store, encoded(document), "scores.json", GAME_ID, "finished", "2 of 15")


def test_json_unknown_rule_option(store):
    document = json_document()
    document["games"][0]["rules"]["jokers"] = True
    refused(store, encoded(document), "scores.json", GAME_ID, "jokers")


def test_json_missing_fields_and_bad_ids(store):
    document = json_document()
    del document["games"][0]["players"]
    refused(store, encoded(document), "scores.json", GAME_ID, "players")
    document = json_document()
    document["games"][0]["id"] = "game-1"
    refused(store, encoded(document), "scores.json", "game-1", "id")


def test_refusals_are_exchange_errors():
    with pytest.raises(ExchangeError):
        from scorekeeper.exchange import parse_file

        parse_file(b"not,a,csv\n1,2,3\n", "x.csv")


def test_tricks_without_bids(store):
    lines = csv_lines()
    for line, tricks in ((8, "2"), (9, "2"), (10, "2")):  # hand 3: tricks for all, bids for none
        lines = edit(edit(lines, line, "bid", "").decode().splitlines(), line, "tricks", tricks).decode().splitlines()
    refused(store, ("\n".join(lines) + "\n").encode(), "cards.csv", "line 8", "hand 3", "bids")


# ----- altered files that used to crash instead of being refused -----

def test_json_entries_with_the_wrong_kind_of_value(store):
    document = json_document()
    document["games"][0]["actions"][0]["hand"] = "0"
    refused(store, encoded(document), "scores.json", GAME_ID, "entry 1", "hand number")
    document = json_document()
    document["games"][0]["actions"][0]["type"] = ["bids"]
    refused(store, encoded(document), "scores.json", GAME_ID, "entry 1")


def test_json_with_a_number_of_thousands_of_digits(store):
    text = encoded(json_document()).decode()
    first = json_document()["games"][0]["actions"][0]["values"][0]
    huge = text.replace(f'"values": [{first},', '"values": [' + "9" * 5000 + ",", 1)
    assert huge != text
    refused(store, huge.encode(), "scores.json", "scores.json", "5000 digits")
    refused(store, b"[" * 100_000, "deep.json", "deep.json")


@pytest.mark.parametrize("field, moment", [("started_at", "0001-01-01T00:00:00+14:00"),
                                           ("finished_at", "9999-12-31T23:59:59-12:00")])
def test_json_times_that_cant_be_told_in_utc(store, field, moment):
    document = json_document()
    game = document["games"][0]
    game["status"], game["finished_at"] = "abandoned", "2024-05-04T21:00:00+00:00"
    game[field] = moment
    refused(store, encoded(document), "scores.json", GAME_ID, field, moment, "UTC")


def test_csv_time_that_cant_be_told_in_utc(store):
    lines = csv_lines()
    data = "\n".join([lines[0]] + [edit(lines, number, "started_at", "0001-01-01T00:00:00+14:00").decode()
                                   .splitlines()[number - 1] for number in range(2, len(lines) + 1)]) + "\n"
    refused(store, data.encode(), "cards.csv", "started_at", "UTC")


# ----- words and numbers no export, statistic or refusal could handle (found by a hostile tester) -----

def test_json_rules_whose_words_no_export_could_write(store):
    """Custom rules' words are shown, printed and exported as they are: half a surrogate pair broke every
    later JSON export of the database, a 40,000-character name its PDF, an escape code a terminal."""
    for option, value, said in (("description", "\ud800", "can't be shown"), ("name", "x" * 40_000, "at most 200"),
                                ("name", "Oh \x1b[31mHeck", "can't be shown"), ("trump_names", ["Hearts", 5], "list of words"),
                                ("trump_names", ["Hearts", "\ud83d"], "can't be shown")):
        document = json_document()
        document["games"][0]["rules"][option] = value
        refused(store, encoded(document), "rules.json", GAME_ID, option, said)


def test_json_entry_holding_half_a_surrogate_pair(store):
    document = json_document()
    document["games"][0]["actions"][0]["note"] = "\ud800"  # JSON reads it; no UTF-8 file can hold it
    refused(store, encoded(document), "entry.json", "surrogate pair (U+D800)")


def test_json_entry_nesting_values_hundreds_deep_is_refused_in_words(store):
    """An entry's field unknown to the rules is stored as it is; nested 500 deep it crashed the import
    (RecursionError) on copying it. 16 levels are the most kept, the entry's own fields the first; no entry
    has more than 4."""
    for depth, accepted in ((500, False), (16, False), (15, True)):
        document = json_document()
        document["games"][0]["actions"][0]["extra"] = "NEST"
        data = encoded(document).replace(b'"NEST"', b"[" * depth + b"]" * depth)
        if accepted:
            assert import_file(store, data, name="nest.json").added
        else:
            refused(store, data, "nest.json", "nests values more than 16 deep")


def test_json_numbers_past_any_table_are_refused_in_words(store):
    document = json_document()
    document["games"][0]["rules"]["made_base"] = 10 ** 18  # (SQLite's integers overflowed on it)
    refused(store, encoded(document), "rules.json", "Made base can be at most 10,000 points either way",
            "1,000,000,000,000,000,000")
    document = json_document()  # 29 digits, within what an entry may have: quoted in the refusal as written
    document["games"][0]["actions"].append({"type": "adjust", "at": 1, "seat": 0, "points": 10 ** 29, "note": ""})
    refused(store, encoded(document), "adjust.json", "at most 10,000 points", "100,000,000,000,000,000,000,000,000,000")
