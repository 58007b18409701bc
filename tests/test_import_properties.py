"""Property: random games, finished or not, of random presets (and house rules for JSON) survive
CSV and JSON export and import into a fresh database unchanged."""
from __future__ import annotations

import dataclasses
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_export_samples import house_rules, sample_record, snapshot

from scorekeeper.rules import PRESETS
from scorekeeper.storage import Store
from scorekeeper.exchange import export_games, import_file


@st.composite
def games(draw, custom: bool):
    """One to three games: any preset, 3 to 8 players, any number of hands played, maybe the next
    hand's bids; for JSON also house rules, corrections and abandoned games."""
    records = []
    for seed in draw(st.lists(st.integers(0, 2**32), min_size=1, max_size=3, unique=True)):  # one id each
        choices = list(PRESETS.values()) + ([house_rules()] if custom else [])
        rules = draw(st.sampled_from(choices))
        players = draw(st.integers(rules.min_players, min(rules.max_players, 8)))
        played = draw(st.one_of(st.none(), st.integers(0, 20)))  # None: the whole game
        records.append(sample_record(
            random.Random(seed), rules, players=players, hands=played,
            bids_only=draw(st.booleans()),
            corrections=custom and draw(st.booleans()),
            abandoned=custom and draw(st.booleans()),
        ))
    return records


def round_trip(records, fmt: str) -> tuple[list, list]:
    source, target = Store("sqlite://"), Store("sqlite://")  # fresh in-memory databases
    try:
        source.import_records(records)
        result = import_file(target, export_games(source, fmt), name=f"games.{fmt}")
        assert sorted(result.added) == sorted(record.id for record in records) and result.skipped == []
        return snapshot(source), snapshot(target)
    finally:
        source.close()
        target.close()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(custom=False))
def test_csv_round_trip(records):
    before, after = round_trip(records, "csv")
    # CSV keeps everything but the end time: a finished game comes back ending when it started.
    assert after == [dataclasses.replace(record, finished_at=record.started_at if record.status == "finished" else None)
                     for record in before]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(custom=True))
def test_json_round_trip(records):
    before, after = round_trip(records, "json")
    assert after == before == sorted(records, key=lambda record: record.id)
