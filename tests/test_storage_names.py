"""Player names and rule set names of any valid length on both databases, and one player per name
however it is typed (rules.common.clean_name and name_key)."""
from __future__ import annotations

import dataclasses
import unicodedata

import pytest
import sqlalchemy as sa

from scorekeeper.rules import PRESETS
from scorekeeper.rules.common import InvalidEntry
from scorekeeper.storage import Store
from scorekeeper.storage.database import make_engine, parse_url
from scorekeeper.storage.migrate import current_revision, head_revision, upgrade

NFC = unicodedata.normalize("NFC", "Zoë")
NFD = unicodedata.normalize("NFD", "Zoë")


def test_names_whose_key_is_longer_than_the_name_are_stored(store):
    ligatures = "ﬃ" * 40  # 40 characters; its key "ffi" * 40 has 120
    assert store.add_player(ligatures).name == ligatures
    long_fold = "Straße" * 6 + "ßßßß"  # 40 characters, folds to 48
    state = store.new_game([long_fold, "Bob", "Cy"], PRESETS["oh-heck"])
    assert state.record.players[0] == long_fold
    assert {p.name for p in store.roster()} == {ligatures, long_fold, "Bob", "Cy"}


def test_a_custom_rule_set_name_of_any_length_is_stored(store):
    rules = dataclasses.replace(PRESETS["oh-heck"], name="Friday night at the club " * 8)
    state = store.new_game(["Ann", "Bob", "Cy"], rules)
    [summary] = store.unfinished_games()
    assert summary.game_name == rules.display_name and store.load(state.id).record.rules["name"] == rules.name


def test_a_name_typed_two_ways_is_one_player(store):
    store.add_player(NFC)
    with pytest.raises(InvalidEntry, match="already on the list"):
        store.add_player(NFD)
    state = store.new_game([NFD, "Bob", "Cy"], PRESETS["oh-heck"])
    assert state.record.players[0] == NFC  # the roster's spelling
    assert [p.name for p in store.roster()].count(NFC) == 1 and len(store.roster()) == 3


def test_names_are_tidied_and_invisible_names_refused(store):
    assert store.add_player("  Ann   Lee ").name == "Ann Lee"
    with pytest.raises(InvalidEntry, match="name that shows"):
        store.add_player("\u200b")
    with pytest.raises(InvalidEntry, match="too long"):
        store.add_player("A" * 41)
    with pytest.raises(InvalidEntry, match="must be text"):
        store.add_player(None)
    assert [p.name for p in store.roster()] == ["Ann Lee"]


def test_upgrading_recomputes_name_keys_and_keeps_both_of_two_that_meet(store_url):
    engine = make_engine(parse_url(store_url))
    upgrade(engine, "0002")
    now = "2024-05-01 19:00:00+00:00"
    with engine.begin() as connection:
        for name, key in ((NFC, NFC.casefold()), (NFD, NFD.casefold()),  # the same name typed another way
                          ("Bob", "bob"), ("ﬁn", "ﬁn")):
            connection.execute(sa.text("INSERT INTO players (name, name_key, created_at) VALUES (:name, :key, :at)"),
                               {"name": name, "key": key, "at": now})
    engine.dispose()
    with Store(store_url) as store:
        assert current_revision(store._engine) == head_revision()
        assert sorted(p.name for p in store.roster()) == sorted([NFC, NFD, "Bob", "ﬁn"])  # nothing lost
        with pytest.raises(InvalidEntry, match="already on the list"):
            store.add_player("ZOË")
        with pytest.raises(InvalidEntry, match="already on the list"):
            store.add_player("FIN")  # "ﬁn" folds to "fin" now
        state = store.new_game([NFD, "bob", "Cy"], PRESETS["oh-heck"])
        assert state.record.players[:2] == (NFC, "Bob")  # the earlier player
        with store._engine.connect() as connection:
            keys = [key for _, key in connection.execute(sa.text("SELECT id, name_key FROM players ORDER BY id"))]
        assert keys[0] == "zoë" and keys[1] != keys[0] and keys[1].startswith("zoë")
