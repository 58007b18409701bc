"""One rule for what a player name may hold (rules.common.clean_name), whichever way the name comes in:
typed in the app, in a JSON or CSV file, or read back from the database; and every name it accepts
survives the app's own CSV and JSON export and import unchanged."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_export_samples import sample_record

from scorekeeper.rules import PRESETS, Game
from scorekeeper.rules.common import InvalidEntry, clean_name, name_key
from scorekeeper.storage import Store
from scorekeeper.exchange import export_records, import_file


def accepted(text: str) -> bool:
    try:
        return clean_name(text) == text
    except InvalidEntry:
        return False


# Any text clean_name takes as it is: every Unicode character hypothesis draws (controls, surrogates,
# line and paragraph separators, formula starts, quotes, commas, apostrophes ...).
# What a CSV file or a spreadsheet treats specially is drawn often.
SPECIAL = "\x00\x07\x1b\x7f\x85\ud800\u2028\ufeff\u200d,;\"'=+-@\t\r\n "
names = st.text(st.one_of(st.characters(), st.sampled_from(SPECIAL)), min_size=1, max_size=12).filter(accepted)


@pytest.mark.parametrize("fmt", ["csv", "json"])
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(players=st.lists(names, min_size=3, max_size=3, unique_by=name_key))
def test_every_name_clean_name_accepts_survives_export_and_import(players, fmt):
    record = sample_record(random.Random(5), PRESETS["oh-heck"], players=3, hands=2, names=players)
    source, target = Store("sqlite://"), Store("sqlite://")
    try:
        source.import_records([record])
        data = export_records(list(source.records()), fmt).data
        result = import_file(target, data, name=f"names.{fmt}")
        assert result.added == [record.id]
        assert list(target.records())[0].players == tuple(players)
    finally:
        source.close()
        target.close()


@pytest.mark.parametrize("name", ["Ann\x00", "A\x07nn", "Ann\x1b[31m", "\ud800Ann", "Ann\x7f"])
def test_a_control_character_is_refused_everywhere(tmp_path, name):
    """The name the issue found (NUL accepted from JSON, then its CSV export refused) and its cousins:
    refused by the app, by a JSON import and by a CSV import alike, with one clear line."""
    store = Store(f"sqlite:///{tmp_path / 'names.db'}")
    try:
        with pytest.raises(InvalidEntry, match="control character"):
            store.add_player(name)
        with pytest.raises(InvalidEntry, match="control character"):
            store.new_game([name, "Bob", "Cy"], PRESETS["oh-heck"])
        good = sample_record(random.Random(3), PRESETS["oh-heck"], players=3, hands=1, names=["Ann", "Bob", "Cy"])
        document = json.loads(export_records([good], "json").data)
        document["games"][0]["players"][0] = name
        document["games"][0].pop("computed")
        with pytest.raises(InvalidEntry, match="control character") as refusal:
            import_file(store, json.dumps(document).encode(), name="names.json")
        assert "\n" not in str(refusal.value)
        if "\x00" not in name and "\ud800" not in name:  # NUL: the CSV reader refuses the file itself
            text = export_records([good], "csv").data.decode().replace(",Ann,", f",{name},")
            with pytest.raises(InvalidEntry, match="control character"):
                import_file(store, text.encode(), name="names.csv")
        assert list(store.records()) == [] and store.roster() == []
    finally:
        store.close()


def test_whitespace_of_any_kind_is_tidied_not_refused():
    assert clean_name(" Ann\tMarie\u2028 ") == "Ann Marie"


def test_a_refusal_quotes_a_short_excerpt(tmp_path):
    """A 10,000-digit number in a file used to be quoted whole (a 10,088-character message)."""
    good = sample_record(random.Random(3), PRESETS["oh-heck"], players=3, hands=1, names=["Ann", "Bob", "Cy"])
    lines = export_records([good], "csv").data.decode().splitlines()
    cells = lines[1].split(",")
    cells[9] = "9" * 10_000  # Ann's bid
    lines[1] = ",".join(cells)
    store = Store(f"sqlite:///{tmp_path / 'long.db'}")
    try:
        with pytest.raises(InvalidEntry) as refusal:
            import_file(store, ("\n".join(lines) + "\n").encode(), name="long.csv")
        assert len(str(refusal.value)) < 300 and "line 2" in str(refusal.value)
        # and every layer's own refusals: a rule's, storage's, a JSON file's
        with pytest.raises(InvalidEntry) as refusal:
            store.new_game(["Ann", "Bob", "Cy"], PRESETS["oh-heck"], first_dealer=10 ** 10_000)
        assert len(str(refusal.value)) < 300
        game = Game(["Ann", "Bob", "Cy"], PRESETS["oh-heck"], first_dealer=0)
        for action in ({"type": "bids", "hand": 0, "values": [10 ** 5000, 0, 0]},
                       {"type": "trump", "hand": 0, "trump": "x" * 10_000}):
            with pytest.raises(InvalidEntry) as refusal:  # was a ValueError: str() of 5,000 digits fails
                game.apply(action)
            assert len(str(refusal.value)) < 300
        document = json.loads(export_records([good], "json").data)
        document["games"][0]["status"] = "x" * 10_000
        with pytest.raises(InvalidEntry) as refusal:
            import_file(store, json.dumps(document).encode(), name="long.json")
        assert len(str(refusal.value)) < 300 and "status" in str(refusal.value)
        document["games"][0]["status"] = "finished"
        document["games"][0]["actions"][0]["trump"] = "♥" * 10_000
        document["games"][0]["actions"][0]["type"] = "trump"
        with pytest.raises(InvalidEntry) as refusal:
            import_file(store, json.dumps(document).encode(), name="long.json")
        assert len(str(refusal.value)) < 400
    finally:
        store.close()


def test_clean_names_are_stored_as_given():
    assert clean_name("=Zoë, 'the' \"Ace\"") == "=Zoë, 'the' \"Ace\""
