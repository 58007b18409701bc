"""A stored game that no longer replays doesn't block exporting the others: an export of all games
leaves it out and names it; exporting that game by its id refuses with the reason."""
from __future__ import annotations

import json
import sqlite3

import pytest

from scorekeeper.rules import PRESETS
from scorekeeper.storage import StorageError, Store
from scorekeeper.exchange import ExchangeError, SkippedGame, export


def broken_store(tmp_path):
    """Two games; the second's stored bids were changed behind the app's back (9 of 8 cards)."""
    path = tmp_path / "scorekeeper.db"
    store = Store(f"sqlite:///{path}")
    good = store.new_game(["Ann", "Bob", "Cy"], PRESETS["oh-heck"])
    good = store.record(good.id, {"type": "bids", "hand": 0, "values": [1, 2, 3]}, good.version)
    bad = store.new_game(["Dan", "Eve", "Fay"], PRESETS["oh-heck"])
    store.record(bad.id, {"type": "bids", "hand": 0, "values": [1, 2, 3]}, bad.version)
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE actions SET data = ? WHERE game_id = ?",
                            (json.dumps({"type": "bids", "hand": 0, "values": [9, 9, 9]}), bad.id))
    return path, store, good, bad


@pytest.mark.parametrize("fmt", ["json", "csv", "pdf"])
def test_exporting_all_games_leaves_out_the_one_that_no_longer_replays(tmp_path, fmt):
    _, store, good, bad = broken_store(tmp_path)
    with store:
        result = export(store, fmt)
        assert result.games == 1
        [skipped] = result.skipped
        assert isinstance(skipped, SkippedGame) and skipped.id == bad.id
        assert bad.id in skipped.reason and "bid of 9" in skipped.reason
        assert bad.id in result.note
        if fmt != "pdf":
            assert good.id.encode() in result.data and bad.id.encode() not in result.data
        with pytest.raises(ExchangeError, match=f"{bad.id}.*bid of 9"):
            export(store, fmt, [bad.id])
        assert export(store, fmt, [good.id]).skipped == []


def test_opening_such_a_game_says_what_can_be_done(tmp_path):
    _, store, _, bad = broken_store(tmp_path)
    with store:
        with pytest.raises(StorageError) as refused:
            store.load(bad.id)
        assert "export of all games leaves this one out" in str(refused.value)
