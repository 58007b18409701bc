"""What a chip tap sends the browser: properties, not controls.

Each player's row on the game screen is always made of the same parts, the row in one line (entered,
or waiting its turn) and the row open with its chips, and a tap changes which of them shows. The chips
of a row waiting its turn are drawn a moment after the step's first drawing (Screen.hidden_ready and
App's AHEAD_DELAY), hidden, so neither the step nor the tap that opens the row has to build them.
Driven through Flet's real Session, the way a browser's taps arrive (benchmarks/tap.py), at tablet
size, where a 4-player hand of 7 cards shows the rows waiting their turn in one line.
"""
from __future__ import annotations

import asyncio

import pytest

from benchmarks import tap as harness
from scorekeeper.rules import PRESETS
from scorekeeper.ui import app as app_module
from test_ui_redraw import run_apart

pytestmark = pytest.mark.timeout(120)
NAMES = ["Ann", "Bob", "Cy", "Dee"]


SAID = ("message", "info", "problem", "said")  # the slot of what the app says (GameScreen._say_slot)


def _ids(page) -> set[int]:
    """The ids of the controls in the drawing, but for the slot of what the app says: a new node when
    what it says changes kind (a refusal, news, what is missing), as the browser keeps a node's
    identifier."""
    controls = [control for root in (page.appbar, *page.controls) for control in harness.walk(root)]
    said = {inner._i for control in controls if getattr(control, "identifier", None) in SAID
            for inner in harness.walk(control)}
    return {control._i for control in controls} - said


def _labels(page) -> set[str]:
    """Every semantics label in the drawing, shown or hidden."""
    return {control.semantics_label for root in (page.appbar, *page.controls) for control in harness.walk(root)
            if getattr(control, "semantics_label", None)}


async def _taps(store, game_id: str) -> dict[str, object]:
    connection, session = await harness._new_session(1180, 820)
    page = session.page
    await harness._run_main(session, app_module.main)
    app = page.data
    seen: dict[str, object] = {}

    async def tap(label: str) -> set[int]:
        """Tap `label` as the browser does; the ids of the controls the tap added to the drawing."""
        before = _ids(page)
        control = harness.tappables(page)[label]
        await session.dispatch_event(control._i, "click", None)
        await session.after_event(control)
        return _ids(page) - before

    async def settle() -> None:
        await asyncio.sleep(app_module.AHEAD_DELAY + 0.2)

    app.open(f"/game/{game_id}")
    seen["first drawing: Cy's chips"] = "Cy bids 0" in _labels(page)
    await settle()
    seen["a moment later: Cy's chips"] = "Cy bids 0" in _labels(page)
    seen["a moment later: Cy's chips shown"] = "Cy bids 0" in harness.tappables(page)
    seen["Bob bids 1: added"] = await tap("Bob bids 1")
    seen["Bob bids 1: Cy's chips shown"] = "Cy bids 0" in harness.tappables(page)
    seen["Bob bids 1: Bob's line"] = "Bob's bid: 1" in _labels(page)
    seen["Cy bids 0: added"] = await tap("Cy bids 0")
    seen["stored draft"] = store.draft(game_id, app.screen.session.version)
    await tap("Dee bids 0")
    seen["the last bid: added"] = await tap("Ann bids 0")  # a step: the tricks step's rows are new
    seen["phase"] = app.screen.entry.phase
    await settle()
    seen["Bob took 0: added"] = await tap("Bob took 0")
    seen["Bob took 0: Cy's chips shown"] = "Cy took 0" in harness.tappables(page)
    return seen


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_DATABASE_URL", f"sqlite:///{tmp_path / 'patch.db'}")
    app_module._store = None
    opened = app_module.shared_store()
    yield opened
    app_module._store = None
    opened.close()


def test_a_chip_tap_adds_no_control_once_the_step_is_drawn(store):
    game_id = store.new_game(NAMES, PRESETS["oh-heck"], first_dealer=0).id
    seen = run_apart(_taps(store, game_id))
    # The step's first drawing leaves the waiting rows' chips out; a moment later they are there, hidden.
    assert seen["first drawing: Cy's chips"] is False
    assert seen["a moment later: Cy's chips"] is True
    assert seen["a moment later: Cy's chips shown"] is False
    # Bob's tap folds his row and opens Cy's: what shows changes, nothing is added.
    assert seen["Bob bids 1: added"] == set()
    assert seen["Bob bids 1: Cy's chips shown"] is True
    assert seen["Bob bids 1: Bob's line"] is True
    assert seen["Cy bids 0: added"] == set()
    assert seen["stored draft"] is not None  # (each tap stored before it showed)
    # A step draws the new step's rows; its chips, once the step is drawn, again add nothing.
    assert seen["phase"] == "tricks"
    assert seen["the last bid: added"]
    assert seen["Bob took 0: added"] == set()
    assert seen["Bob took 0: Cy's chips shown"] is True


async def _failed_tap(store, game_id: str) -> dict[str, object]:
    connection, session = await harness._new_session(1180, 820)
    page = session.page
    await harness._run_main(session, app_module.main)
    app = page.data
    app.open(f"/game/{game_id}")  # its first drawing: the follow-up with the hidden chips is due

    def said() -> list[str]:
        return [control.content.content.value for root in page.controls for control in harness.walk(root)
                if getattr(control, "identifier", None) == "message"]

    def broken(*_args):
        raise RuntimeError("the disk is full")

    app.screen.play.tap = broken
    control = harness.tappables(page)["Bob bids 1"]
    await session.dispatch_event(control._i, "click", None)
    await session.after_event(control)
    seen = {"at once": said()}
    await asyncio.sleep(app_module.AHEAD_DELAY + 0.2)
    seen["after the follow-up"] = said()
    seen["hidden chips drawn"] = "Cy bids 0" in _labels(page)
    del app.screen.play.tap
    control = harness.tappables(page)["Bob bids 1"]
    await session.dispatch_event(control._i, "click", None)
    await session.after_event(control)
    seen["after the next tap"] = said()
    return seen


def test_a_failed_taps_message_stays_until_the_next_tap(store):
    """The follow-up drawing that brings the hidden chips doesn't take away what the last tap said."""
    game_id = store.new_game(NAMES, PRESETS["oh-heck"], first_dealer=0).id
    seen = run_apart(_failed_tap(store, game_id))
    assert seen["at once"] == ["That didn't work: the disk is full"]
    assert seen["hidden chips drawn"] is True
    assert seen["after the follow-up"] == ["That didn't work: the disk is full"]
    assert seen["after the next tap"] == []


async def _keys(store, game_id: str) -> dict[str, object]:
    connection, session = await harness._new_session(1180, 820)
    page = session.page
    await harness._run_main(session, app_module.main)
    app = page.data
    app.open(f"/game/{game_id}")

    async def press(key: str, **mods) -> None:
        """A key as the browser sends it: the page's keyboard event."""
        data = {"key": key, "shift": False, "ctrl": False, "alt": False, "meta": False, **mods}
        await session.dispatch_event(page._i, "keyboard_event", data)

    seen: dict[str, object] = {}
    for key in ("1", "0", "Numpad 0"):  # Bob, Cy, Dee (Ann deals, bids last)
        await press(key)
    seen["bids typed"] = list(app.screen.entry.bids)
    await press("9")  # 8 cards: no chip 9, nothing happens
    seen["after 9"] = list(app.screen.entry.bids)
    await press("Enter", ctrl=True)  # the step's button: a bid is missing, it says so
    seen["said"] = app.screen.play.message
    await press("2")  # Ann's bid: the last bid enters the bids
    seen["stored bids"] = store.load(game_id).game.hands[0].bids
    await press("z", ctrl=True)
    seen["after undo"] = store.load(game_id).game.hands[0].bids
    await press("z", meta=True, shift=True)
    seen["after redo"] = store.load(game_id).game.hands[0].bids
    return seen


def test_keys_enter_the_next_players_number_and_the_step(store):
    """The chips and the step's button take no keyboard focus (no ripple: widgets.chip): on a device with
    a keyboard, a digit is the next player's chip, Ctrl+Enter the step's button, Ctrl+Z undo."""
    game_id = store.new_game(NAMES, PRESETS["oh-heck"], first_dealer=0).id
    seen = run_apart(_keys(store, game_id))
    assert seen["bids typed"] == [None, 1, 0, 0]
    assert seen["after 9"] == [None, 1, 0, 0]
    assert seen["said"] == "Still to bid: Ann"
    assert seen["stored bids"] == (2, 1, 0, 0)
    assert seen["after undo"] is None
    assert seen["after redo"] == (2, 1, 0, 0)
