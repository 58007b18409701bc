"""JSON export: the versioned envelope, the full record of every game and the computed scores for
readers; export -> import gives back exactly the same games."""
from __future__ import annotations

import json
import random

import pytest
from test_export_samples import START, house_rules, make_store, mixed_records, sample_record, snapshot

from scorekeeper.rules import PRESETS
from scorekeeper.rules.kinds import KINDS
from scorekeeper.exchange import ExchangeError, export_games, export_records, import_file, parse_file, read_json
from scorekeeper.storage.records import GameRecord


def document(records) -> dict:
    return json.loads(export_records(records, "json").data)


def test_envelope_is_versioned():
    data = document(mixed_records(count=3))
    assert data["format"] == "scorekeeper" and data["version"] == 3  # 3: changes at the table (rules.roster)
    assert len(data["games"]) == 3


def test_a_game_carries_its_record_and_what_the_rules_make_of_it():
    record = sample_record(random.Random(4), PRESETS["oh-pshaw"], players=4, hands=5, bids_only=True)
    game = record.build()
    entry = document([record])["games"][0]
    assert entry["id"] == record.id and entry["kind"] == "bid-tricks" and entry["game"] == "oh-pshaw"
    assert entry["players"] == list(record.players)
    assert entry["rules"] == PRESETS["oh-pshaw"].to_dict()
    assert entry["setup"] == record.setup and entry["status"] == "playing" and entry["finished_at"] is None
    assert entry["actions"] == [dict(action) for action in record.actions]
    computed = entry["computed"]
    assert computed["totals"] == game.totals() and computed["progress"] == [5, len(game.hands)]
    assert computed["hands"][2]["points"] == list(game.hands[2].points)
    assert computed["hands"][2]["totals"] == game.running_totals()[2]
    assert computed["hands"][5]["bids"] == list(game.hands[5].bids) and computed["hands"][5]["points"] is None
    assert computed["hands"][12]["trump"] == "No trump"  # 4 players x 13 cards: the whole deck


def test_custom_rules_are_kept_whole():
    record = sample_record(random.Random(5), house_rules(), players=5)
    entry = document([record])["games"][0]
    assert entry["game"] == "custom" and entry["rules"] == house_rules().to_dict()
    assert entry["computed"]["final_scores"] == record.build().final_scores()


def test_round_trip_keeps_everything(tmp_path):
    rng = random.Random(12)
    records = mixed_records(seed=3, count=8) + [
        sample_record(rng, house_rules(), players=4, corrections=True),
        sample_record(rng, PRESETS["oh-heck"], players=6, hands=3, abandoned=True),
        sample_record(rng, PRESETS["wizard"], players=3, corrections=True, hands=9, bids_only=True),
    ]
    source, target = make_store(tmp_path, "source"), make_store(tmp_path, "target")
    source.import_records(records)
    data = export_games(source, "json")
    result = import_file(target, data, name="scores.json")
    assert sorted(result.added) == sorted(record.id for record in records)
    assert snapshot(target) == snapshot(source) == sorted(records, key=lambda record: record.id)
    again = import_file(target, data, name="scores.json")
    assert again.added == [] and len(again.skipped) == len(records)


def test_every_kind_round_trips(tmp_path):
    source, target = make_store(tmp_path, "source"), make_store(tmp_path, "target")
    pad = source.new_game(["Ann", "Bob"], next(iter(KINDS["score-pad"].PRESETS.values())))
    source.record(pad.id, {"type": "round", "round": 0, "points": [12, -3]}, pad.version)
    auction = source.new_game(["Ann", "Bob", "Cy"], next(iter(KINDS["what-the-heck"].PRESETS.values())))
    source.record(auction.id, {"type": "round", "round": 0, "point_card": 7, "played": [15, 14, 5]}, auction.version)
    shedding = source.new_game(["Ann", "Bob", "Cy"], next(iter(KINDS["hit-the-deck"].PRESETS.values())))
    source.record(shedding.id, {"type": "hand", "hand": 0, "out": 0, "left": [None, 12, 30]}, shedding.version)
    data = export_games(source, "json")
    assert {entry["kind"] for entry in json.loads(data)["games"]} == {"score-pad", "what-the-heck", "hit-the-deck"}
    import_file(target, data)
    assert snapshot(target) == snapshot(source)


def test_reading_needs_no_database():
    records = mixed_records(count=4)
    assert read_json(export_records(records, "json").data, "scores.json") == records


def test_a_trump_before_the_previous_hands_tricks_is_refused_even_after_a_valid_game():
    """Export reads every game through the engine, which refuses a trump for a hand not up yet, also
    right after a valid game of the same rules and table (a reader that remembered the deal once let it by)."""
    def record_of(actions, game_id):
        return GameRecord(id=game_id, kind="bid-tricks", rules=PRESETS["oh-heck"].to_dict(), players=("Ann", "Bob", "Cy"),
                          setup={"first_dealer": 0}, status="playing", started_at=START, actions=tuple(actions))

    early_trump = record_of([{"type": "bids", "hand": 0, "values": [1, 2, 3]},
                             {"type": "trump", "hand": 1, "trump": "Hearts"},
                             {"type": "tricks", "hand": 0, "values": [2, 3, 3]}], "d" * 32)
    valid = record_of([], "e" * 32)
    for records in ([valid, early_trump], [early_trump]):
        for fmt in ("csv", "json"):
            with pytest.raises(ExchangeError, match="d{32} breaks its rules.*not up yet"):
                export_records(records, fmt)
    parse_file(export_records([valid], "json").data)


def test_the_verdict_is_the_one_outcome():
    """winners and final_scores are rules.outcome's: a game ended early or still played has no winner and
    no bonus; a decided game has its winners, each with the winner's bonus."""
    rng = random.Random(8)
    ended = sample_record(rng, PRESETS["oh-pshaw"], players=4, hands=5, abandoned=True)
    playing = sample_record(rng, PRESETS["oh-pshaw"], players=4, hands=5)
    finished = sample_record(rng, PRESETS["oh-pshaw"], players=4)
    entries = document([ended, playing, finished])["games"]
    for record, entry in zip((ended, playing), entries):
        game = record.build()
        assert entry["status"] == record.status and game.winners() and game.final_scores() != game.totals()
        assert entry["computed"]["winners"] == [] and entry["computed"]["final_scores"] == game.totals()
    game = finished.build()
    assert entries[2]["status"] == "finished"
    assert entries[2]["computed"]["winners"] == [game.players[seat] for seat in game.winners()] != []
    assert entries[2]["computed"]["final_scores"] == [total + (10 if seat in game.winners() else 0)
                                                      for seat, total in enumerate(game.totals())]


def test_a_file_stating_the_verdict_as_earlier_releases_did_still_imports(tmp_path):
    """Earlier releases wrote, for a game not decided, the players ahead so far as winners (every player
    before the first hand) and gave them the bonus. Such a file imports; a wrong verdict is still refused."""
    rng = random.Random(9)
    records = [sample_record(rng, PRESETS["oh-pshaw"], players=4, hands=5, abandoned=True),
               sample_record(rng, PRESETS["oh-pshaw"], players=3, hands=0)]
    data = json.loads(export_records(records, "json").data)
    for record, entry in zip(records, data["games"]):
        game = record.build()
        entry["computed"]["winners"] = [game.players[seat] for seat in game.winners()]
        entry["computed"]["final_scores"] = game.final_scores()
    assert data["games"][1]["computed"]["winners"] == ["Ann", "Bob", "Cy"]
    assert [record.id for record in read_json(json.dumps(data))] == [record.id for record in records]
    wrong = next(name for name in records[0].players if name not in data["games"][0]["computed"]["winners"])
    data["games"][0]["computed"]["winners"] = [wrong]
    with pytest.raises(ExchangeError, match=r"the winners in \"computed\" are .*but the entries and rules give \[\]"):
        read_json(json.dumps(data))
