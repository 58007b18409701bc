"""Who may change the games: the table's PIN and its throttle, the store as a viewer's device sees it,
and a viewer's session receiving every event a hand-crafted message could carry (changing nothing)."""
from __future__ import annotations

import random
import sqlite3

import pytest

from benchmarks import tap as harness
from scorekeeper.access import PinRefused, TableAccess, is_this_machine
from scorekeeper.rules import PRESETS, score_pad
from scorekeeper.storage import Store
from scorekeeper.storage.readonly import READS, GuardedStore, NotAllowed
from scorekeeper.ui import app as app_module
from tests.test_ui_redraw import run_apart


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def refused(table: TableAccess, address: str, attempt: str) -> str:
    with pytest.raises(PinRefused) as refusal:
        table.check(address, attempt)
    return str(refusal.value)


def test_wrong_pins_make_a_device_wait_longer_each_time_and_the_right_one_clears_it():
    clock = Clock()
    table = TableAccess("482913", clock=clock)
    assert "not the table's PIN" in refused(table, "10.0.0.7", "111111")
    assert "not the table's PIN" in refused(table, "10.0.0.7", "222222")
    assert "Try again in 5 seconds" in refused(table, "10.0.0.7", "333333")  # the third wrong one
    assert "Too many wrong PINs" in refused(table, "10.0.0.7", "482913")  # even the right one, too soon
    assert table.wait_for("10.0.0.7") == pytest.approx(5)
    table.check("10.0.0.8", "482913")  # another device is not held up
    clock.now += 5
    assert "Try again in 10 seconds" in refused(table, "10.0.0.7", "444444")
    clock.now += 10
    assert "Try again in 20 seconds" in refused(table, "10.0.0.7", "555555")
    for _ in range(8):  # never longer than five minutes
        clock.now += 400
        refused(table, "10.0.0.7", "666666")
    assert table.wait_for("10.0.0.7") == pytest.approx(300)
    clock.now += 300
    table.check("10.0.0.7", " 482913 ")
    assert table.wait_for("10.0.0.7") == 0
    assert "not the table's PIN" in refused(table, "10.0.0.7", "777777")  # a fresh count


def test_a_pin_has_six_digits_at_least_and_a_new_one_replaces_the_old():
    table = TableAccess()
    assert len(table.pin) == 6 and table.pin.isdigit()
    for bad in ("12345", "12345a", "١٢٣٤٥٦"):  # too short, a letter, digits of another script
        with pytest.raises(PinRefused):
            table.change_pin(bad)
    old = table.pin
    table.change_pin("24681357")
    refused(table, "10.0.0.9", old)
    table.check("10.0.0.9", "24681357")


def test_the_host_is_the_machine_the_server_runs_on():
    assert is_this_machine("127.0.0.1") and is_this_machine("::1") and is_this_machine("")
    assert not is_this_machine("192.168.1.20") and not is_this_machine("not an address")


def dump(path) -> list[str]:
    with sqlite3.connect(path) as connection:
        return list(connection.iterdump())


def test_a_viewers_store_refuses_every_write_and_changes_nothing(tmp_path):
    url = f"sqlite:///{tmp_path / 'guarded.db'}"
    with Store(url) as store:
        state = store.new_game(["Ann", "Bob", "Cy"], PRESETS["oh-heck"], first_dealer=0)
        editing = {"allowed": False}
        guarded = GuardedStore(store, lambda: editing["allowed"])
        before = dump(tmp_path / "guarded.db")
        writes = [name for name in dir(store) if not name.startswith("_") and callable(getattr(store, name))
                  and name not in READS]
        assert {"record", "undo", "delete_game", "empty_bin", "restore_backup", "import_records", "save_draft",
                "new_game", "add_player", "close"} <= set(writes)
        for name in writes:
            with pytest.raises(NotAllowed):
                getattr(guarded, name)(state.id, {"type": "bids", "hand": 0, "values": [1, 1, 1]}, state.version)
        assert guarded.load(state.id).version == state.version  # reads go through
        assert dump(tmp_path / "guarded.db") == before
        editing["allowed"] = True  # asked at each call: a device given the PIN writes at once
        guarded.record(state.id, {"type": "bids", "hand": 0, "values": [1, 1, 0]}, state.version)
        assert store.load(state.id).version == state.version + 1


async def _every_event_from_a_viewer(game_id: str, rounds: int, seed: int) -> int:
    """A viewer's session gets a click, change, submit or blur (with made-up data) on every control that
    listens, screen after screen, as hand-crafted WebSocket messages could send them."""
    connection, session = await harness._new_session(390, 844)
    session.page.client_ip = "192.168.1.50"  # what the server sets as the session starts
    await harness._run_main(session, app_module.main)
    app = session.page.data
    assert not app.may_edit and not app.is_host

    rng = random.Random(seed)
    sent = 0
    for step in range(rounds):
        if step % 40 == 0:
            app.open(f"/game/{game_id}")  # the game screen, with its chips and Done buttons, again and again
        listening = [(control, event) for root in (session.page.appbar, *session.page.controls)
                     for control in harness.walk(root)
                     for event in ("click", "change", "submit", "blur", "long_press")
                     if getattr(control, f"on_{event}", None) is not None]
        if not listening:
            app.open(f"/game/{game_id}")
            continue
        control, event = rng.choice(listening)
        data = rng.choice([None, "", "3", "-1", "999999", "x" * 300, '{"type": "bids"}'])
        if event == "change" and hasattr(control, "value"):
            session.apply_patch(control._i, {"value": data})  # the server's own path for a crafted property patch
        await session.dispatch_event(control._i, event, data)  # (it ends with Flet's after_event: see harness.click)
        sent += 1
    return sent


def test_every_event_a_viewer_could_craft_changes_nothing_stored(app_store, tmp_path):
    store = app_store
    state = store.new_game(["Ann", "Bob", "Cy", "Dee"], PRESETS["oh-heck"], first_dealer=0)
    state = store.record(state.id, {"type": "bids", "hand": 0, "values": [2, 2, 1, 0]}, state.version)
    finished = store.new_game(["Ann", "Bob"], score_pad.PRESETS["score-pad"])
    finished = store.record(finished.id, {"type": "round", "round": 0, "points": [3, 1]}, finished.version)
    store.finish(finished.id, finished.version)
    before = dump(tmp_path / "app.db")
    sent = run_apart(_every_event_from_a_viewer(state.id, rounds=300, seed=7))
    assert sent >= 250
    assert dump(tmp_path / "app.db") == before


async def _empty_the_bin(taps: list[str]) -> list[int]:
    """The host on History's bin taps `taps` in turn: the number of games in the bin after each."""
    connection, session = await harness._new_session(390, 844, client_ip="127.0.0.1")
    await harness._run_main(session, app_module.main)
    app = session.page.data
    from scorekeeper.ui.screens.history import HistoryScreen

    app.go(HistoryScreen(app))
    counts = []
    for label in ["bin", *taps]:
        control = harness.tappables(session.page)[label]
        await harness.click(session, control)
        counts.append(len(app_module.shared_store().deleted_games()))
    return counts[1:]


def test_emptying_the_bin_asks_first_and_any_other_tap_takes_the_question_back(app_store):
    for names in (["Ann", "Bob", "Cy"], ["Dee", "Eve", "Fay"]):
        app_store.delete_game(app_store.new_game(names, PRESETS["oh-heck"], first_dealer=0).id)
    # asked, then "Back to history" drops the question; the bin again: asked again, then emptied
    assert run_apart(_empty_the_bin(["empty-bin", "leave-bin", "bin", "empty-bin", "empty-bin"])) == \
        [2, 2, 2, 2, 0]
