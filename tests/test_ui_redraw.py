"""The game screen's diffing redraw (App.redraw with Screen.kept), driven through Flet's real Session
the way a browser's taps arrive: whatever parts a tap hands back unchanged, the control tree must stay
one the client can follow.

After every tap of a long random sequence (bids, tricks, folded rows opened again, done buttons, tabs,
undo, redo), on a phone and on a tablet:
- every control in the drawing has its own id, and Flet's index sends a tap on that id to that very
  control (a part paired with the wrong old control would take over another control's id);
- a part kept from the last drawing sits at the same place in the tree as it did there;
- what the screen shows agrees with the stored game (the last hand's bids and the totals).
"""
from __future__ import annotations

import asyncio
import dataclasses
import random

import pytest

from benchmarks import tap as harness
from scorekeeper.ui import app as app_module

pytestmark = pytest.mark.timeout(240)


def _tree(root) -> dict[int, tuple]:
    """id(control) -> its path (field names and list indexes) for every control under `root`."""
    from flet.controls.base_control import BaseControl

    paths: dict[int, tuple] = {}

    def visit(value, path):
        if isinstance(value, list):
            for index, item in enumerate(value):
                visit(item, path + (index,))
        elif isinstance(value, BaseControl):
            assert id(value) not in paths, f"the same control twice in one drawing: {type(value).__name__} at {path}"
            paths[id(value)] = path
            for field in dataclasses.fields(value):
                if field.name.startswith("_") or field.metadata.get("skip", False):
                    continue
                visit(getattr(value, field.name, None), path + (field.name,))
        elif dataclasses.is_dataclass(value) and not isinstance(value, type):
            for field in dataclasses.fields(value):
                if not field.name.startswith("_"):
                    visit(getattr(value, field.name, None), path + (field.name,))

    visit(root, ())
    return paths


def _controls(root) -> list:
    from flet.controls.base_control import BaseControl

    found = []

    def visit(value):
        if isinstance(value, list):
            for item in value:
                visit(item)
        elif isinstance(value, BaseControl):
            found.append(value)
            for field in dataclasses.fields(value):
                if not field.name.startswith("_") and not field.metadata.get("skip", False):
                    visit(getattr(value, field.name, None))

    visit(root)
    return found


def _check_drawing(session, page, before: dict[int, tuple], kept_before: set[int]) -> tuple[dict, set]:
    drawing = [page.appbar, *page.controls]
    controls = [c for root in drawing for c in _controls(root)]
    ids = [c._i for c in controls]
    assert len(ids) == len(set(ids)), "two controls share an id"
    index = session.index
    paths = {}
    for root_name, root in (("appbar", page.appbar), ("frame", page.controls[0])):
        paths.update({key: (root_name, *path) for key, path in _tree(root).items()})
    for control in controls:
        assert index.get(control._i) is control, (
            f"a tap on {type(control).__name__} #{control._i} {getattr(control, 'identifier', '')} at "
            f"{paths.get(id(control))} would reach {index.get(control._i)!r:.80}")
    now = {}
    for root_name, root in (("appbar", page.appbar), ("frame", page.controls[0])):
        now.update({key: (root_name, *path) for key, path in _tree(root).items()})
    kept_now = {id(entry[1]) for entry in page.data.screen._kept.values()} if page.data.screen else set()
    for key in kept_now & kept_before:
        if key in before and key in now:
            assert now[key] == before[key], f"a kept part moved from {before[key]} to {now[key]}"
    return now, kept_now


async def _play(tmp_path, width: float, height: float, taps: int, seed: int) -> int:
    import os

    os.environ["SCOREKEEPER_DATABASE_URL"] = f"sqlite:///{tmp_path / f'redraw-{int(width)}.db'}"
    app_module._store = None
    store = app_module.shared_store()
    try:
        game_id = harness._seed_game(store, 12)
        connection, session = await harness._new_session(width, height)
        page = session.page
        await harness._run_main(session, app_module.main)
        app = page.data
        from scorekeeper.ui.screens.game import GameScreen, open_game

        open_game(app, game_id)
        assert isinstance(app.screen, GameScreen) and app.screen.reconcile
        rng = random.Random(seed)
        before, kept_before = _check_drawing(session, page, {}, set())
        done = 0
        while done < taps and isinstance(app.screen, GameScreen) and app.screen.entry is not None:
            found = harness.tappables(page)
            entry = app.screen.entry
            chips = [label for label in found if (" bids " in label or " took " in label)]
            choices = chips * 4 + [label for label in found if label.startswith(("change-", "tab-"))] * 2
            state = store.load(game_id)
            if entry.phase == "bids" and entry.bids_problem() is None:
                choices += ["bids-done"] * 6
            if entry.phase == "tricks" and entry.tricks_problem() is None:
                choices += ["hand-done"] * 6
            if state.can_undo:
                choices.append("undo")
            if state.can_redo:
                choices.append("redo")
            label = rng.choice([c for c in choices if c in found])
            await session.dispatch_event(found[label]._i, "click", None)  # as the browser sends a tap
            await session.after_event(found[label])
            done += 1
            before, kept_before = _check_drawing(session, page, before, kept_before)
            # The screen shows the stored game: the totals on the card are the engine's.
            shown = app.screen.game
            stored = store.load(game_id).game
            assert shown.totals() == stored.totals() and shown.current == stored.current
        return done
    finally:
        app_module._store = None
        store.close()


@pytest.mark.parametrize("size", [(390, 844), (1180, 820)], ids=["phone", "tablet"])
def test_random_taps_keep_the_drawing_consistent(tmp_path, size):
    done = asyncio.run(_play(tmp_path, *size, taps=150, seed=size[0]))
    assert done >= 60, f"only {done} taps before the game ended"
