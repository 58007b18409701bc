"""The game screen's diffing redraw (App.redraw with Screen.kept), driven through Flet's real Session
the way a browser's taps arrive: whatever parts a tap hands back unchanged, the control tree must stay
one the client can follow.

After every tap of a long random sequence (bids, tricks, folded rows opened again, done buttons, tabs,
undo, redo; now and then a pause, long or short, in which the parts a step's first drawing left out
come in), on a phone and on a tablet:
- every control in the drawing has its own id, and Flet's index sends a tap on that id to that very
  control (a part paired with the wrong old control would take over another control's id);
- a part kept from the last drawing sits under the same parents as it did there, at the same key in
  each list (Flet pairs a list's items by key, so a sibling gone before it moves nothing);
- what the screen shows agrees with the stored game (the last hand's bids and the totals).
"""
from __future__ import annotations

import asyncio
import dataclasses
import random
import threading

import pytest

from benchmarks import tap as harness
from scorekeeper import services
from scorekeeper.ui import app as app_module
from ui_tree import controls as _controls, public_fields

pytestmark = pytest.mark.timeout(240)


def _tree(root) -> dict[int, tuple]:
    """id(control) -> its path (field names, and list items by key, else index) for every control under
    `root`."""
    from flet.controls.base_control import BaseControl

    paths: dict[int, tuple] = {}

    def visit(value, path):
        if value is None or isinstance(value, (str, int, float)):  # no control below a plain value
            return
        if isinstance(value, list):
            for index, item in enumerate(value):
                key = getattr(item, "key", None) if isinstance(item, BaseControl) else None
                visit(item, path + (index if key is None else key,))
            return
        if isinstance(value, BaseControl):
            assert id(value) not in paths, f"the same control twice in one drawing: {type(value).__name__} at {path}"
            paths[id(value)] = path
        elif not (dataclasses.is_dataclass(value) and not isinstance(value, type)):
            return
        for name in public_fields(type(value)):
            visit(getattr(value, name, None), path + (name,))

    visit(root, ())
    return paths


def _check_drawing(session, page, before: dict[int, tuple], kept_before: dict[int, object]) -> tuple[dict, dict]:
    """`kept_before`: id -> part of the parts the last drawing kept, held so that no new control takes
    one of their ids meanwhile (the check would take it for the kept part moved)."""
    drawing = [page.appbar, *page.controls]
    controls = [c for root in drawing for c in _controls(root)]
    ids = [c._i for c in controls]
    assert len(ids) == len(set(ids)), "two controls share an id"
    index = session.index
    now = {}
    for root_name, root in (("appbar", page.appbar), ("frame", page.controls[0])):
        now.update({key: (root_name, *path) for key, path in _tree(root).items()})
    # Flet sends a tap to the control its index holds for the id, or else finds the id in the live tree
    # (unique, checked above): the index may forget a control, never hold another under its id.
    for control in controls:
        assert index.get(control._i) in (None, control), (
            f"a tap on {type(control).__name__} #{control._i} {getattr(control, 'identifier', '')} at "
            f"{now.get(id(control))} would reach {index.get(control._i)!r:.80}")
    kept_now = ({id(part): part for _, part, _ in page.data.screen._kept.values() if not isinstance(part, list)}
                if page.data.screen else {})
    for key in kept_now.keys() & kept_before.keys():
        if key in before and key in now:
            assert now[key] == before[key], f"a kept part moved from {before[key]} to {now[key]}: {[k for k, v in page.data.screen._kept.items() if id(v[1]) == key]}"
    return now, kept_now


def _seed(store, names: list[str], hands: int) -> str:
    """An Oh Heck game with `hands` hands entered (everyone bids 0, the leader takes every trick)."""
    from scorekeeper.rules import PRESETS

    state = store.new_game(names, PRESETS["oh-heck"], first_dealer=0)
    for index in range(hands):
        hand = state.game.hands[index]
        state = store.record(state.id, {"type": "bids", "hand": index, "values": [0] * len(names)}, state.version)
        tricks = [0] * len(names)
        tricks[hand.leader] = hand.cards
        state = store.record(state.id, {"type": "tricks", "hand": index, "values": tricks}, state.version)
    return state.id


async def _corrections(store, game_id: str, width: float, height: float, corrected: list[int]) -> list[str]:
    """Correct `hands` one after the other, then tap every bid chip: the taps that changed another
    player's bid (or nothing)."""
    connection, session = await harness._new_session(width, height)
    page = session.page
    await harness._run_main(session, app_module.main)
    app = page.data

    app.open(f"/game/{game_id}")
    names = app.screen.game.players
    before, kept_before = _check_drawing(session, page, {}, {})
    for index in corrected:
        app.act(lambda _e=None, i=index: app.screen.correct(i))()
        before, kept_before = _check_drawing(session, page, before, kept_before)
    wrong = []
    for label in [label for label in harness.tappables(page) if " bids " in label]:
        found = harness.tappables(page)
        old = list(app.screen.entry.bids)
        await harness.click(session, found[label])
        new = app.screen.entry.bids
        seat = names.index(label.partition(" bids ")[0])
        if [s for s in range(len(names)) if new[s] != old[s]] != [seat]:
            wrong.append(label)
    return wrong


async def _play(store, game_id: str, width: float, height: float, taps: int, seed: int) -> int:
    connection, session = await harness._new_session(width, height)
    page = session.page
    await harness._run_main(session, app_module.main)
    app = page.data
    from scorekeeper.ui.screens.game import GameScreen

    app.open(f"/game/{game_id}")
    assert isinstance(app.screen, GameScreen) and app.screen.reconcile
    names = app.screen.game.players
    rng = random.Random(seed)
    before, kept_before = _check_drawing(session, page, {}, {})
    done = 0
    while done < taps and isinstance(app.screen, GameScreen) and app.screen.entry is not None:
        found = harness.tappables(page)
        entry = app.screen.entry
        chips = [label for label in found if (" bids " in label or " took " in label)]
        cells = [label for label in found if label.startswith("cell-")]  # a correction (the card beside)
        choices = chips * 4 + [label for label in found if label.startswith(("row-", "tab-"))] * 2 + cells
        state = store.load(game_id)
        if entry.phase == "bids" and entry.bids_problem() is None:
            choices += ["bids-done"] * 6
        if entry.phase == "tricks" and entry.tricks_problem() is None:
            choices += ["hand-done"] * 6
        if entry.phase == "correct":
            choices += ["cancel-correction", "save-correction"] * 2
        if state.can_undo:
            choices.append("undo")
        if state.can_redo:
            choices.append("redo")
        label = rng.choice([c for c in choices if c in found])
        pause = rng.random()
        if pause < 0.3:  # a score keeper's pause: the parts a step's first drawing left out come in
            # (a short pause lets some of them in, after the tap or before it, as the server's load decides)
            await asyncio.sleep(app_module.AHEAD_DELAY + 0.05 if pause < 0.2 else rng.uniform(0, app_module.AHEAD_DELAY))
            before, kept_before = _check_drawing(session, page, before, kept_before)
            found = harness.tappables(page)
            if label not in found:
                continue
        values_before = (list(entry.bids), list(entry.tricks))
        await harness.click(session, found[label])  # as the browser sends a tap
        done += 1
        if label in chips and app.screen.entry is entry and not app.screen.play.message:
            # The tap reached the chip it was aimed at: that player's value and no one else's changed.
            took = " took " in label
            name, _, value = label.partition(" took " if took else " bids ")
            values = entry.tricks if took else entry.bids
            seat = names.index(name)
            old = values_before[1 if took else 0]
            assert [s for s in range(len(names)) if values[s] != old[s]] == [seat], f"tap {label!r} reached another row"
            assert values[seat] in (int(value), None)
        before, kept_before = _check_drawing(session, page, before, kept_before)
        # The screen shows the stored game: the totals on the card are the engine's.
        shown = app.screen.game
        stored = store.load(game_id).game
        assert shown.totals() == stored.totals() and shown.current == stored.current
    return done


def _run(tmp_path, monkeypatch, names, entered, size, play=None, **options):
    monkeypatch.setenv("SCOREKEEPER_DATABASE_URL", f"sqlite:///{tmp_path / 'redraw.db'}")
    services.forget_shared_store()
    store = services.shared_store()
    try:
        return run_apart((play or _play)(store, _seed(store, names, entered), *size, **options))
    finally:
        services.forget_shared_store()
        store.close()


def run_apart(coroutine):
    """asyncio.run on a thread of its own: the end-to-end tests' browser (Playwright's sync API) keeps an
    event loop running on the main thread for the whole session."""
    results: list = []

    def run():
        try:
            results.append((True, asyncio.run(coroutine)))
        except BaseException as error:  # noqa: BLE001 - raised again on the test's thread
            results.append((False, error))

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    ok, value = results[0]
    if not ok:
        raise value
    return value


PHONE, TABLET = (390, 844), (1180, 820)


@pytest.mark.parametrize("size", [PHONE, TABLET], ids=["phone", "tablet"])
def test_random_taps_keep_the_drawing_consistent(tmp_path, monkeypatch, size):
    names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]  # six: 15 hands, 8 cards down to 1 and back
    done = _run(tmp_path, monkeypatch, names, 12, size, taps=150, seed=size[0])
    assert done >= 60, f"only {done} taps before the game ended"


@pytest.mark.parametrize("seed", [1, 2])
def test_corrections_of_hands_alike_on_a_tablet_keep_every_tap_on_its_row(tmp_path, monkeypatch, seed):
    """Five players, 14 of 15 hands in: correcting one hand after another of the same size (the card
    beside the hand on a tablet) shows rows equal but for their place in the bidding order."""
    done = _run(tmp_path, monkeypatch, ["Ann", "Bob", "Cy", "Dee", "Eve"], 14, TABLET, taps=60, seed=seed)
    assert done >= 30, f"only {done} taps before the game ended"


def test_correcting_two_hands_of_the_same_size_one_after_the_other_keeps_each_tap_on_its_row(tmp_path, monkeypatch):
    """Hands 2 and 14 of five players both have 7 cards; the bidding order turns with the deal, so equal
    rows (same bid) sit in other places: none may be handed back where another player's row was."""
    wrong = _run(tmp_path, monkeypatch, ["Ann", "Bob", "Cy", "Dee", "Eve"], 14, TABLET, play=_corrections,
                 corrected=[1, 13])
    assert wrong == []


async def _stale_clicks(store, game_id: str, width: float, height: float) -> dict:
    """The hand's screen is drawn for the bids; another device stores them; this one hears of it and
    redraws (the tricks step, its controls in the same places); then the clicks its browser sent on
    the old screen arrive: Bids done and a bid chip."""
    connection, session = await harness._new_session(width, height)
    page = session.page
    await harness._run_main(session, app_module.main)
    app = page.data

    app.open(f"/game/{game_id}")
    drawn = harness.tappables(page)
    old_done, old_chip = drawn["bids-done"], next(control for label, control in drawn.items() if label.endswith(" bids 1"))
    state = store.load(game_id)
    store.record(game_id, {"type": "bids", "hand": state.game.current, "values": [1, 0, 0]}, state.version)
    app._on_pubsub({"game": game_id})  # the other device's broadcast
    assert app.screen.entry.phase == "tricks"
    now = harness.tappables(page)
    _check_drawing(session, page, {}, {})
    for old in (old_done, old_chip):
        await session.dispatch_event(old._i, "click", None)
    return {"message": app.screen.play.message, "tricks": list(app.screen.entry.tricks),
            "actions": len(store.load(game_id).record.actions),
            "reused": {old_done._i, old_chip._i} & {control._i for control in now.values()}}


@pytest.mark.parametrize("size", [PHONE, TABLET], ids=["phone", "tablet"])
def test_clicks_sent_on_a_screen_drawn_before_another_devices_entry_are_refused(tmp_path, monkeypatch, size):
    """The ids of the old step's controls are not handed to the new step's (they would take the clicks
    meant for the old step): the old controls take them, and refuse them as stale."""
    from scorekeeper.storage.errors import STALE_MESSAGE

    seen = _run(tmp_path, monkeypatch, ["Ann", "Bob", "Cy"], 2, size, play=_stale_clicks)
    assert seen == {"message": STALE_MESSAGE, "tricks": [None, None, None], "actions": 5, "reused": set()}


async def _trump_clicks(store, game_id: str, width: float, height: float) -> dict:
    """A tablet shows the trump picker in the hand's header. Another device stores the bids (the header
    shows the same hand, the same trump): a trump click sent on the old drawing still means the same and
    is recorded. Then another device notes Clubs: a click on Hearts drawn before it is refused."""
    connection, session = await harness._new_session(width, height)
    page = session.page
    await harness._run_main(session, app_module.main)
    app = page.data
    app.open(f"/game/{game_id}")
    spades = harness.tappables(page)["Trump Spades"]
    hearts = harness.tappables(page)["Trump Hearts"]
    state = store.load(game_id)
    hand = state.game.current
    state = store.record(game_id, {"type": "bids", "hand": hand, "values": [1, 0, 0]}, state.version)
    app._on_pubsub({"game": game_id})
    assert app.screen.entry.phase == "tricks"
    await session.dispatch_event(spades._i, "click", None)
    after_bids = {"message": app.screen.play.message, "trump": store.load(game_id).game.hands[hand].trump}
    state = store.load(game_id)
    store.record(game_id, {"type": "trump", "hand": hand, "trump": "Clubs"}, state.version)
    app._on_pubsub({"game": game_id})
    await session.dispatch_event(hearts._i, "click", None)
    return {"after_bids": after_bids, "message": app.screen.play.message,
            "trump": store.load(game_id).game.hands[hand].trump}


def test_a_trump_tap_drawn_before_the_bids_came_in_is_recorded_one_drawn_before_another_trump_is_not(tmp_path, monkeypatch):
    from scorekeeper.storage.errors import STALE_MESSAGE

    seen = _run(tmp_path, monkeypatch, ["Ann", "Bob", "Cy"], 2, TABLET, play=_trump_clicks)
    assert seen == {"after_bids": {"message": None, "trump": "Spades"}, "message": STALE_MESSAGE, "trump": "Clubs"}
