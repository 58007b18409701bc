"""Who may change the games: the table's PIN and its throttle, the store as a viewer's device sees it,
and a viewer's session receiving every event a hand-crafted message could carry (changing nothing)."""
from __future__ import annotations

import logging
import random
import sqlite3
from datetime import datetime, timedelta, timezone
from types import SimpleNamespace

import pytest

from benchmarks import tap as harness
from scorekeeper import services
from scorekeeper.access import RIGHT_LASTS, TABLE_BUDGET, PinRefused, TableAccess, is_this_machine, token_hash
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


class Now:
    """The wall clock of access (rights expire, wrong PINs are counted within an hour)."""

    def __init__(self):
        self.now = datetime(2026, 12, 2, 19, 0, tzinfo=timezone.utc)

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def opened(tmp_path):
    with Store(f"sqlite:///{tmp_path / 'access.db'}") as store:
        yield store


def table_of(store, tmp_path, pin: str | None = None, clock=None, now=None) -> TableAccess:
    table = TableAccess(store, pin_file=tmp_path / "data" / "table-pin", clock=clock or Clock(), now=now or Now())
    if pin is not None:
        table.change_pin(pin)
    return table


def refused(table: TableAccess, address: str, attempt: str) -> str:
    with pytest.raises(PinRefused) as refusal:
        table.check(address, attempt)
    return str(refusal.value)


def test_wrong_pins_make_a_device_wait_longer_each_time_and_the_right_one_clears_it(opened, tmp_path):
    clock = Clock()
    table = table_of(opened, tmp_path, "482913", clock=clock)
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


def test_a_pin_has_six_digits_at_least_and_a_new_one_replaces_the_old(opened, tmp_path):
    table = table_of(opened, tmp_path)
    assert len(table.pin) == 6 and table.pin.isdigit()
    for bad in ("12345", "12345a", "١٢٣٤٥٦"):  # too short, a letter, digits of another script
        with pytest.raises(PinRefused):
            table.change_pin(bad)
    old = table.pin
    table.change_pin("24681357")
    refused(table, "10.0.0.9", old)
    table.check("10.0.0.9", "24681357")


def test_the_pin_is_kept_hashed_across_a_restart_and_so_is_a_devices_right(opened, tmp_path):
    """A restarted server (a new TableAccess on the same database and folder) has the same PIN, and a
    device that had entered it keeps its right. The database holds no PIN digits, only a hash; the
    digits are in a file of the host's, readable by its owner alone."""
    first = table_of(opened, tmp_path, "482913")
    right = token_hash(first.check("10.0.0.7", "482913"))
    again = table_of(opened, tmp_path)
    assert again.pin == "482913"
    assert again.holds(right)
    again.check("10.0.0.8", "482913")
    assert b"482913" not in (tmp_path / "access.db").read_bytes()
    pin_file = tmp_path / "data" / "table-pin"
    assert pin_file.read_text().strip() == "482913" and pin_file.stat().st_mode & 0o777 == 0o600
    pin_file.unlink()  # (made on another machine of a club, say): its digits are not shown, still checked
    elsewhere = table_of(opened, tmp_path)
    assert elsewhere.pin is None
    elsewhere.check("10.0.0.9", "482913")


def test_a_new_pin_ends_every_devices_right_and_a_right_ends_after_an_evening(opened, tmp_path):
    now = Now()
    table = table_of(opened, tmp_path, "482913", now=now)
    ann, bob = (token_hash(table.check(address, "482913")) for address in ("10.0.0.7", "10.0.0.8"))
    assert table.holds(ann) and table.holds(bob) and not table.holds(token_hash("made up"))
    table.revoke(bob)  # the host sends Bob's phone back to viewer
    assert table.holds(ann, fresh=True) and not table.holds(bob, fresh=True)
    now.now += RIGHT_LASTS - timedelta(minutes=1)
    assert table.holds(ann, fresh=True)
    now.now += timedelta(minutes=2)
    assert not table.holds(ann, fresh=True)  # twelve hours after the PIN was entered
    cy = token_hash(table.check("10.0.0.9", "482913"))
    other_process = table_of(opened, tmp_path, now=now)
    assert other_process.holds(cy)
    table.change_pin()
    assert not table.holds(cy, fresh=True) and not other_process.holds(cy, fresh=True)


def test_wrong_pins_from_many_addresses_spend_the_tables_budget_and_stop_the_pin(opened, tmp_path):
    """Throttled per address, a guesser with many addresses (IPv6 gives a device thousands) still had
    three free tries on each: 40 wrong PINs from 40 addresses. After TABLE_BUDGET of them in an hour the
    PIN takes nobody, the right one included, until the host makes a new one; devices that had entered
    it keep their right. Another server process on the database sees the same budget."""
    now = Now()
    table = table_of(opened, tmp_path, "482913", now=now)
    had = token_hash(table.check("10.0.0.1", "482913"))
    other_process = table_of(opened, tmp_path, now=now)
    refusals = [refused(table if number % 2 else other_process, f"2001:db8::{number:x}", f"{number:06d}")
                for number in range(100, 140)]
    assert all("not the table's PIN" in refusal for refusal in refusals[:TABLE_BUDGET - 1])
    assert all("stopped working" in refusal for refusal in refusals[TABLE_BUDGET - 1:])
    assert "stopped working" in refused(table, "2001:db8::ffff", "482913")  # the right PIN too
    assert table.locked and other_process.locked
    assert table.holds(had, fresh=True)
    table.change_pin("13572468")
    assert not table.locked
    table.check("2001:db8::ffff", "13572468")


def test_wrong_pins_older_than_an_hour_leave_the_budget(opened, tmp_path):
    now = Now()
    table = table_of(opened, tmp_path, "482913", now=now)
    for number in range(TABLE_BUDGET - 1):
        refused(table, f"10.1.0.{number}", "000000")
    now.now += timedelta(minutes=61)
    for number in range(TABLE_BUDGET - 1):
        assert "not the table's PIN" in refused(table, f"10.2.0.{number}", "000000")
    assert not table.locked


def test_the_host_is_the_machine_the_server_runs_on():
    assert is_this_machine("127.0.0.1") and is_this_machine("::1")
    assert is_this_machine(None)  # no server between the app and its screen: the device's own app
    assert not is_this_machine("")  # served, but from nowhere the connection said: nobody's
    assert not is_this_machine("192.168.1.20") and not is_this_machine("not an address")


DOOR_LOG = ('INSERT INTO "table_pin"', 'INSERT INTO "pin_attempts"')  # the PIN made, wrong PINs counted


def dump(path) -> list[str]:
    """The database as SQL, but for the table's door log: a viewer's wrong PINs are counted (and the
    first PIN made when one is tried), which is what the budget of wrong PINs is for."""
    with sqlite3.connect(path) as connection:
        return [line for line in connection.iterdump() if not line.startswith(DOOR_LOG)]


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
        ann = next(player for player in guarded.roster() if player.name == "Ann")
        assert guarded.player_page(ann.id, None, None, None).name == "Ann"  # a follower sees the players' pages
        assert dump(tmp_path / "guarded.db") == before
        editing["allowed"] = True  # asked at each call: a device given the PIN writes at once
        guarded.record(state.id, {"type": "bids", "hand": 0, "values": [1, 1, 0]}, state.version)
        assert store.load(state.id).version == state.version + 1


async def _every_event_from_a_viewer(game_id: str, rounds: int, seed: int) -> int:
    """A viewer's session gets a click, change, submit or blur (with made-up data) on every control that
    listens, screen after screen, as hand-crafted WebSocket messages could send them."""
    connection, session = await harness._new_session(390, 844, client_ip="192.168.1.50")
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


def test_every_event_a_viewer_could_craft_changes_nothing_stored(app_store, tmp_path, caplog):
    store = app_store
    state = store.new_game(["Ann", "Bob", "Cy", "Dee"], PRESETS["oh-heck"], first_dealer=0)
    state = store.record(state.id, {"type": "bids", "hand": 0, "values": [2, 2, 1, 0]}, state.version)
    finished = store.new_game(["Ann", "Bob"], score_pad.PRESETS["score-pad"])
    finished = store.record(finished.id, {"type": "round", "round": 0, "points": [3, 1]}, finished.version)
    store.finish(finished.id, finished.version)
    before = dump(tmp_path / "app.db")
    with caplog.at_level(logging.INFO, logger="scorekeeper"):
        sent = run_apart(_every_event_from_a_viewer(state.id, rounds=300, seed=7))
    assert sent >= 250
    assert dump(tmp_path / "app.db") == before
    # Refusing a device without the PIN is ordinary: never an error's traceback in the log.
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR
                and "NotAllowed" in record.getMessage()]


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
        counts.append(len(services.shared_store().deleted_games()))
    return counts[1:]


def test_emptying_the_bin_asks_first_and_any_other_tap_takes_the_question_back(app_store):
    for names in (["Ann", "Bob", "Cy"], ["Dee", "Eve", "Fay"]):
        app_store.delete_game(app_store.new_game(names, PRESETS["oh-heck"], first_dealer=0).id)
    # asked, then "Back to history" drops the question; the bin again: asked again, then emptied
    assert run_apart(_empty_the_bin(["empty-bin", "leave-bin", "bin", "empty-bin", "empty-bin"])) == \
        [2, 2, 2, 2, 0]


def test_an_ordinary_refusal_is_said_on_the_screen_and_is_one_line_in_the_log(caplog):
    """A tap refused in the ordinary run of an evening (a device without the PIN, a screen another device
    overtook) shows the refusal itself, and the log says it in a line; a bug keeps its traceback."""
    screen = SimpleNamespace(message=None)
    with caplog.at_level(logging.INFO, logger="scorekeeper"):
        app_module._failed(screen, NotAllowed("This device follows the game and can't change it."))
    assert screen.message == "This device follows the game and can't change it."
    assert [(record.levelno, record.getMessage()) for record in caplog.records] == [
        (logging.INFO, "tap refused: This device follows the game and can't change it.")]
    caplog.clear()
    with caplog.at_level(logging.INFO, logger="scorekeeper"):
        try:
            raise KeyError("a bug")
        except KeyError as error:
            app_module._failed(screen, error)
    assert screen.message.startswith("That didn't work") and "Traceback" in caplog.records[-1].getMessage()
