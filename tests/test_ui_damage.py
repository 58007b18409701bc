"""The screens with a damaged database (issue 10, items 5 and 6), drawn from a real store without a
browser: History and Players draw the good games and name the damaged one; after a damaged file was set
aside, Home says where it went and restores a backup made before it, asking first."""
from __future__ import annotations

import sqlite3
from types import SimpleNamespace

from crash_child import scripted_actions
from scorekeeper.rules import PRESETS
from scorekeeper.storage import Store
from scorekeeper.ui.screens.history import HistoryScreen
from scorekeeper.ui.screens.home import HomeScreen
from scorekeeper.ui.screens.players import PlayersScreen
from ui_tree import controls


def texts(root) -> list[str]:
    return [control.value for control in controls(root) if type(control).__name__ == "Text"]


def tap(root, label: str) -> None:
    """Tap the first button with this label (the newest backup, where there are several)."""
    found = [control for control in controls(root) if getattr(control, "content", None) == label]
    found[0].on_click()


def fake_app(store):
    return SimpleNamespace(store=store, may_edit=True, act=lambda handler, **_: handler, width=400,
                           settings=SimpleNamespace(default_preset="oh-heck"))


def finished(store, players):
    state = store.new_game(players, PRESETS["oh-heck"], first_dealer=0)
    for entry in scripted_actions(players):
        state = store.record(state.id, entry, state.version)
    return store.finish(state.id, state.version)


def test_history_and_players_draw_the_good_games_and_name_the_damaged_one(tmp_path):
    path = tmp_path / "scorekeeper.db"
    with Store(f"sqlite:///{path}") as store:
        finished(store, ["Ann", "Bob", "Cy", "Dee"])
        victim = finished(store, ["Dan", "Eve", "Fay", "Gus"])
        with sqlite3.connect(path) as connection:  # a damaged summary and a damaged entry
            connection.execute("UPDATE games SET final_scores = '[1, 2' WHERE id = ?", (victim.id,))
            connection.execute("UPDATE game_players SET counters = 'x' WHERE game_id = ?", (victim.id,))
        app = fake_app(store)
        shown = texts(HistoryScreen(app).build())
        assert any(line.startswith("Oh Heck: Ann, Bob, Cy, Dee") for line in shown)
        assert not any("Dan" in line for line in shown)
        assert f"Stored game {victim.id} could not be read: its summary can't be read" in "\n".join(shown)
        shown = texts(PlayersScreen(app).build())
        assert any(line.startswith(f"Stored game {victim.id} could not be read") for line in shown)
        assert "Ann" in shown and "Dan" in shown
        assert "1 finished game, " in "\n".join(shown)  # Ann's game still counts


def test_home_after_damage_offers_the_backups_and_restores_one_when_asked(tmp_path):
    path = tmp_path / "scorekeeper.db"
    with Store(f"sqlite:///{path}") as store:
        game = finished(store, ["Ann", "Bob", "Cy", "Dee"])
        backup = store.backup()
    with open(path, "r+b") as handle:
        handle.write(b"\x00damaged" * 600)
    with Store(f"sqlite:///{path}") as store:
        home = HomeScreen(fake_app(store))
        drawn = home.build()
        shown = "\n".join(texts(drawn))
        assert f"set aside (nothing was deleted): {store.recovered_from}" in shown
        label = f"Backup of {backup.created_at.strftime('%Y-%m-%d %H:%M UTC')} (1 game)"
        assert label in shown
        tap(drawn, "Restore")
        drawn = home.build()
        assert "Its games take the place of the games in use now" in "\n".join(texts(drawn))
        assert list(store.records()) == []  # asked, not done
        tap(drawn, "Restore it")
        assert [record.id for record in store.records()] == [game.id]
        drawn = home.build()
        shown = "\n".join(texts(drawn))
        assert "Restored the backup of" in shown and "set aside" not in shown
        assert store.load(game.id).game.is_over


def test_home_names_an_unfinished_game_it_can_not_read(tmp_path):
    path = tmp_path / "scorekeeper.db"
    with Store(f"sqlite:///{path}") as store:
        store.new_game(["Ann", "Bob", "Cy"], PRESETS["oh-heck"], first_dealer=0)
        victim = store.new_game(["Dan", "Eve", "Fay"], PRESETS["oh-heck"], first_dealer=0)
        with sqlite3.connect(path) as connection:
            connection.execute("UPDATE games SET totals = 'x' WHERE id = ?", (victim.id,))
        shown = texts(HomeScreen(fake_app(store)).build())
        assert "Ann, Bob, Cy" in shown
        assert any(line.startswith(f"Stored game {victim.id} could not be read") for line in shown)
