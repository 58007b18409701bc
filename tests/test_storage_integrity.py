"""One damaged game never takes the others down (issue 10, item 5): each game's stored log carries a hash
(storage.integrity) checked on every read, so a game changed behind the app's back is named rather than
opened, exported or counted wrong; export, history and statistics go on with the others."""
from __future__ import annotations

import json
import re

import pytest
import sqlalchemy as sa
from alembic import command

from crash_child import scripted_actions
from scorekeeper.rules import PRESETS
from scorekeeper.storage import StorageError, Store
from scorekeeper.storage.database import make_engine, parse_url
from scorekeeper.exchange import ExchangeError, export
from scorekeeper.storage.integrity import DamagedGame
from scorekeeper.storage.migrate import alembic_config, current_revision
from scorekeeper.ui.viewmodels.history import history_lists, left_out_lines

SCRIPT = scripted_actions(["Ann", "Bob", "Cy", "Dee"])


def finished_game(store, players, entries=SCRIPT):
    state = store.new_game(players, PRESETS["oh-heck"], first_dealer=0)
    for entry in entries:
        state = store.record(state.id, entry, state.version)
    return store.finish(state.id, state.version)


def three_games(store):
    """Two good games and one to damage: all finished, four players each."""
    first = finished_game(store, ["Ann", "Bob", "Cy", "Dee"])
    victim = finished_game(store, ["Eve", "Fay", "Gus", "Hal"])
    last = finished_game(store, ["Ann", "Fay", "Cy", "Hal"])
    return first, victim, last


def run_sql(url: str, statement: str, **values) -> None:
    """Change the database behind the app's back, as damage or another program would."""
    engine = make_engine(parse_url(url))
    try:
        with engine.begin() as connection:
            connection.execute(sa.text(statement), values)
    finally:
        engine.dispose()


def swap_first_tricks(url: str, game_id: str) -> None:
    """A stored entry changed to another the rules accept: nothing but the hash can tell."""
    tricks = SCRIPT[1]["values"]
    swapped = [tricks[1], tricks[0], *tricks[2:]]
    assert swapped != tricks
    run_sql(url, "UPDATE actions SET data = :data WHERE game_id = :id AND seq = 1",
            data=json.dumps({"type": "tricks", "hand": 0, "values": swapped}), id=game_id)


@pytest.mark.parametrize("fmt", ["csv", "json", "pdf"])
def test_a_changed_entry_is_named_and_the_others_export(store_url, fmt):
    with Store(store_url) as store:
        first, victim, last = three_games(store)
        swap_first_tricks(store_url, victim.id)
        result = export(store, fmt)
        assert result.games == 2
        [skipped] = result.skipped
        assert skipped.id == victim.id
        assert re.fullmatch(rf"Stored game {victim.id} could not be read: [^\n]+", skipped.reason)
        assert "checksum" in skipped.reason and victim.id in result.note
        if fmt != "pdf":
            assert first.id.encode() in result.data and last.id.encode() in result.data
            assert victim.id.encode() not in result.data
        with pytest.raises(ExchangeError) as refused:  # exporting it alone says what is wrong, in one line
            export(store, fmt, [victim.id])
        assert victim.id in str(refused.value) and "checksum" in str(refused.value) and "\n" not in str(refused.value)
        assert export(store, fmt, [first.id, last.id]).games == 2


def test_a_changed_entry_is_not_opened_nor_written_over(store_url):
    with Store(store_url) as store:
        first, victim, _ = three_games(store)
        state = store.reopen(victim.id, victim.version)
        swap_first_tricks(store_url, victim.id)
        with pytest.raises(DamagedGame, match="could not be read.*checksum.*export of all games leaves this one out"):
            store.load(victim.id)
        # A write would stamp a fresh hash over the damage: it is refused, and the game stays named.
        with pytest.raises(StorageError, match="could not be read"):
            store.finish(victim.id, state.version)
        with pytest.raises(DamagedGame):
            store.load(victim.id)
        assert store.load(first.id).game.is_over


def test_every_write_keeps_the_hash_whole(store_url):
    """New game, entries, undo, redo, finish, reopen, abandon, rename, bin and back, import: the game
    still reads as whole after each."""
    with Store(store_url) as store:
        state = store.new_game(["Ann", "Bob", "Cy"], PRESETS["oh-heck"], first_dealer=0)
        script = scripted_actions(["Ann", "Bob", "Cy"])
        for entry in script[:4]:
            state = store.record(state.id, entry, state.version)
        state = store.undo(state.id, state.version)
        assert store.load(state.id).can_redo
        state = store.undo(state.id, state.version)
        state = store.redo(state.id, state.version)
        state = store.abandon(state.id, state.version)
        state = store.reopen(state.id, state.version)
        bob = next(player for player in store.roster() if player.name == "Bob")
        store.rename_player(bob.id, "Robert")
        assert store.load(state.id).record.players == ("Ann", "Robert", "Cy")
        store.delete_game(state.id)
        store.restore_game(state.id)
        [record] = store.records([state.id])
        assert record.actions == tuple(script[:3])
        assert export(store, "json").skipped == []
    with Store(store_url) as other:
        other.empty_bin()
        run_sql(store_url, "DELETE FROM actions")
        run_sql(store_url, "DELETE FROM game_players")
        run_sql(store_url, "DELETE FROM games")
        result = other.import_records([record])
        assert result.added == [record.id]
        assert other.load(record.id).record.actions == record.actions


def test_a_rename_does_not_make_a_damaged_game_look_whole(store_url):
    with Store(store_url) as store:
        _, victim, last = three_games(store)
        swap_first_tricks(store_url, victim.id)
        fay = next(player for player in store.roster() if player.name == "Fay")
        store.rename_player(fay.id, "Faye")  # Fay plays in both
        with pytest.raises(DamagedGame):
            store.load(victim.id)
        assert store.load(last.id).record.players == ("Ann", "Faye", "Cy", "Hal")


@pytest.mark.parametrize("column, value", [("totals", "[1, 2"), ("final_scores", '{"a": 1}'), ("leaders", "null"),
                                           ("final_scores", "[1, 2]")])
def test_a_damaged_summary_leaves_history_and_statistics_to_the_others(store_url, column, value):
    with Store(store_url) as store:
        first, victim, last = three_games(store)
        playing = store.new_game(["Ann", "Bob", "Cy"], PRESETS["oh-heck"], first_dealer=0)
        if column == "totals":
            victim = playing
        run_sql(store_url, f"UPDATE games SET {column} = :value WHERE id = :id", value=value, id=victim.id)
        lists = history_lists(store, limit=30)
        shown = [summary.id for summary in lists.unfinished + lists.finished]
        assert victim.id not in shown and first.id in shown and last.id in shown
        assert lists.left_out == [f"Stored game {victim.id} could not be read: its summary can't be read "
                                  f"({lists.left_out[0].split('(', 1)[1]}"]
        assert lists.left_out[0].endswith("; it was left out.")
        assert [stats.games for stats in store.all_player_stats() if stats.name == "Ann"] == [2]


def test_a_version_edited_to_sqlites_limit_is_named_before_its_next_change_breaks_the_game(sqlite_url):
    """The hostile tester: a version set to 2**63 - 1 by hand was taken; the next entry's bump made it a
    REAL in SQLite, and from then on every tap was refused with a message that explained nothing."""
    with Store(sqlite_url) as store:
        first, victim, last = three_games(store)
        playing = store.new_game(["Ann", "Bob", "Cy"], PRESETS["oh-heck"], first_dealer=0)
        run_sql(sqlite_url, "UPDATE games SET version = 9223372036854775807 WHERE id = :id", id=playing.id)
        lists = history_lists(store, limit=30)
        assert playing.id not in [summary.id for summary in lists.unfinished] and len(lists.finished) == 3
        assert lists.left_out[0].startswith(f"Stored game {playing.id} could not be read: its summary can't be read")
        with pytest.raises(DamagedGame, match="its version is no count of its changes"):
            store.load(playing.id)
        with pytest.raises(DamagedGame):
            store.record(playing.id, {"type": "bids", "hand": 0, "values": [1, 1, 1]}, 9223372036854775807)
        assert store.load(first.id).version == first.version


def test_a_damaged_player_row_leaves_the_statistics_to_the_others(store_url):
    with Store(store_url) as store:
        first, victim, last = three_games(store)
        run_sql(store_url, "UPDATE game_players SET counters = '{\"hands_played\": ' WHERE game_id = :id AND seat = 1",
                id=victim.id)
        stats = store.all_player_stats()
        assert [line.split(":")[0] for line in left_out_lines(stats)] == [f"Stored game {victim.id} could not be read"]
        by_name = {figures.name: figures for figures in stats}
        assert by_name["Ann"].games == 2 and by_name["Eve"].games == 1  # Fay's row was the damaged one
        assert by_name["Fay"].games == 1  # her other game still counts
        history = history_lists(store, limit=30)
        assert history.left_out == [] and len(history.finished) == 3


def test_a_damaged_date_is_named_not_a_traceback(sqlite_url):
    with Store(sqlite_url) as store:
        first, victim, last = three_games(store)
        run_sql(sqlite_url, "UPDATE games SET started_at = 'not a date', finished_at = 'x' WHERE id = :id",
                id=victim.id)
        result = export(store, "csv")
        assert [skipped.id for skipped in result.skipped] == [victim.id] and result.games == 2
        assert "could not be read" in result.skipped[0].reason
        lists = history_lists(store, limit=30)
        assert {summary.id for summary in lists.finished} == {first.id, last.id}
        assert len(lists.left_out) == 1 and victim.id in lists.left_out[0]
        with pytest.raises(StorageError, match=f"{victim.id} could not be read"):
            store.load(victim.id)


def test_games_stored_before_the_hash_open_and_export(store_url):
    """Revision 0005 hashes the games already stored: they open, and damage to them is caught from then on."""
    with Store(store_url) as store:
        first, victim, _ = three_games(store)
    engine = make_engine(parse_url(store_url))  # back to the revision before: the games as 0004 kept them
    with engine.begin() as connection:
        command.downgrade(alembic_config(connection), "0004")
    assert current_revision(engine) == "0004"
    engine.dispose()
    with Store(store_url) as store:  # upgraded again: backfilled
        assert store.load(first.id).game.is_over
        assert export(store, "json").skipped == []
        swap_first_tricks(store_url, victim.id)
        assert [skipped.id for skipped in export(store, "json").skipped] == [victim.id]


def test_a_game_without_a_hash_is_named(store_url):
    with Store(store_url) as store:
        _, victim, _ = three_games(store)
        run_sql(store_url, "UPDATE games SET log_hash = NULL WHERE id = :id", id=victim.id)
        with pytest.raises(DamagedGame, match="no checksum"):
            store.load(victim.id)
        assert [skipped.id for skipped in export(store, "csv").skipped] == [victim.id]


def test_the_command_line_names_the_damaged_game_in_one_line(store_url, monkeypatch, capsys, tmp_path):
    from scorekeeper import cli

    with Store(store_url) as store:
        first, victim, last = three_games(store)
    swap_first_tricks(store_url, victim.id)
    monkeypatch.setenv("SCOREKEEPER_DATABASE_URL", store_url)
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    assert cli.main(["export", "--format", "json", "--game", victim.id]) == 1
    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith(f"scorekeeper export: Stored game {victim.id} could not be read: ")
    assert cli.main(["export", "--format", "pdf", "--output", str(tmp_path / "cards.pdf")]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err[0] == f"Exported 2 games as PDF to {tmp_path / 'cards.pdf'}"
    assert f"Left out: Stored game {victim.id} could not be read: " in "\n".join(err)
