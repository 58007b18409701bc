"""tap_to_patch_ms: the Python side of one tap, from the click event reaching the session to the
last message of the UI update handed to the WebSocket (serialized exactly as Flet's web server does),
measured in-process on Flet's real Session with a connection that records what it would send.

The app runs its real main() and screens on a temp SQLite database; the baseline is the same dispatch
on the smallest Flet page (a button that updates a Text), in the same process and run.
"""
from __future__ import annotations

import asyncio
import dataclasses
import os
import random
import statistics
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Iterator

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]


def _recording_connection(loop, hub=None):
    import msgpack
    from flet.controls.base_control import BaseControl
    from flet.messaging.connection import Connection
    from flet.messaging.protocol import MessageAction, configure_encode_object_for_msgpack
    from flet.pubsub.pubsub_hub import PubSubHub

    encode = configure_encode_object_for_msgpack(BaseControl)

    class RecordingConnection(Connection):
        """Serializes every message as flet_web's send_message does and notes when; answers the
        client-side method calls (shared preferences, scrolling) at once with nothing."""

        def __init__(self):
            super().__init__()
            self.loop = loop
            self.executor = ThreadPoolExecutor(2)
            # Sessions that share a hub hear each other, as the devices of one server do.
            self.pubsubhub = hub or PubSubHub(loop=loop, executor=self.executor)
            self.session = None
            self.last_sent = 0.0
            self.sent_bytes = 0
            self.messages = 0
            self.tap_bytes: list[int] = []  # sent per tap
            self.tap_cpu: list[float] = []  # this thread's CPU seconds per tap: the work, without the machine's load
            self.held: list[tuple[int, str]] | None = None  # a list: method calls noted, answered by the caller

        def send_message(self, message):
            body = msgpack.packb([message.action, message.body], default=encode)
            self.sent_bytes += len(body) + 1
            self.messages += 1
            self.last_sent = time.perf_counter()
            self.last_sent_cpu = time.thread_time()
            if message.action == MessageAction.INVOKE_METHOD and self.session is not None:
                call = message.body
                if self.held is not None:
                    self.held.append((call.control_id, call.call_id))
                    return
                loop.call_soon(self.session.handle_invoke_method_results, call.control_id, call.call_id, None, None)

    return RecordingConnection()


async def _new_session(width: float, height: float, hub=None, client_ip: str | None = None):
    from flet.controls.context import _context_page
    from flet.messaging.protocol import Message, MessageAction, RegisterClientResponseBody
    from flet.messaging.session import Session

    connection = _recording_connection(asyncio.get_running_loop(), hub)
    session = Session(connection)
    connection.session = session
    # Who the device is: flet_web sets the page's client_ip, and the server's Guard records the
    # connection's own address for the app (scorekeeper.peer; None: no server between, the device is the
    # host). _run_main runs main() with it.
    session.page.client_ip = client_ip
    connection.client_address = client_ip
    # What flet_web does when a browser registers: the page's size, the first page patch, then main().
    _context_page.set(session.page)
    session.apply_page_patch({"width": width, "height": height})
    connection.send_message(Message(MessageAction.REGISTER_CLIENT, RegisterClientResponseBody(
        session_id=session.id, page_patch=session.get_page_patch(), error="")))
    return connection, session


async def _run_main(session, main) -> None:
    from flet.controls.context import _context_page, context

    from scorekeeper import peer

    _context_page.set(session.page)
    context.reset_auto_update()
    address = getattr(session.connection, "client_address", None)
    token = peer.current.set(None if address is None else peer.Peer(address))
    try:
        await main(session.page)
    finally:
        peer.current.reset(token)
    await session.after_event(session.page)


async def click(session, control) -> None:
    """A click on `control` as the server passes it on from a browser: Flet's dispatch_event, which ends
    with its after_event (the page's update); calling after_event again would update the page once more
    than the server does, and re-send the keys set on reconciled parts."""
    await session.dispatch_event(control._i, "click", None)


async def _tap(connection, session, control) -> float:
    """Seconds from the click reaching the session to the last message it sent."""
    connection.last_sent = 0.0
    sent_before = connection.sent_bytes
    start, start_cpu = time.perf_counter(), time.thread_time()
    await click(session, control)
    if not connection.last_sent:
        raise RuntimeError(f"a tap on {control} sent nothing")
    connection.tap_bytes.append(connection.sent_bytes - sent_before)
    connection.tap_cpu.append(connection.last_sent_cpu - start_cpu)
    return connection.last_sent - start


def walk(control: Any) -> Iterator[Any]:
    """Every control under `control` (content, controls, the app bar's parts)."""
    if control is None:
        return
    yield control
    for name in ("appbar", "content", "controls", "leading", "title", "actions"):
        value = getattr(control, name, None)
        if isinstance(value, list):
            for child in value:
                yield from walk(child)
        elif value is not None and hasattr(value, "_i"):
            yield from walk(value)


def tappables(page) -> dict[str, Any]:
    """label -> tappable control: each control with on_click, named by the first semantics label or
    Semantics identifier in or around it; hidden controls (a stale step kept reachable) left out."""
    found: dict[str, Any] = {}

    def visit(control, identifier=None):
        if control is None or getattr(control, "visible", True) is False:
            return
        identifier = getattr(control, "identifier", None) or identifier
        if getattr(control, "on_click", None) is not None:
            label = identifier or next((getattr(c, "semantics_label", None) for c in walk(control)
                                        if getattr(c, "semantics_label", None)), None)
            if label:
                found.setdefault(label, control)
        for name in ("content", "controls", "leading", "title", "actions"):
            value = getattr(control, name, None)
            children = value if isinstance(value, list) else [value]
            for child in children:
                if child is not None and hasattr(child, "_i"):
                    visit(child, getattr(control, "identifier", None) if type(control).__name__ == "Semantics" else None)

    for root in (page.appbar, *page.controls):
        visit(root)
    return found


def _seed_game(store, hands_to_fill: int) -> str:
    """An 8-player Oh Heck game with two decks (15 hands: 8..1..8), hands 1..`hands_to_fill` entered."""
    from benchmarks.gamegen import random_actions
    from scorekeeper.rules import PRESETS, Game

    rules = dataclasses.replace(PRESETS["oh-heck"], decks=2)
    state = store.new_game(NAMES, rules, first_dealer=0)
    planned = random_actions(Game(NAMES, rules, first_dealer=0), random.Random(5))
    for action in planned[: 2 * hands_to_fill]:
        state = store.record(state.id, action, state.version)
    assert len(state.game.hands) == 15 and state.game.current == hands_to_fill
    return state.id


async def _followers(host_connection, game_id: str, viewers: int, idle: int) -> list:
    """`viewers` devices following the game (a phone each, on its game screen, as viewers) and `idle`
    devices on Home, all on the host's pubsub: each entry of the host redraws every viewer."""
    from scorekeeper.ui import app as app_module

    sessions = []
    for number in range(viewers + idle):
        connection, session = await _new_session(390, 844, hub=host_connection.pubsubhub,
                                                 client_ip=f"192.168.1.{10 + number}")
        await _run_main(session, app_module.main)
        if number < viewers:
            session.page.data.open(f"/game/{game_id}")
        sessions.append((connection, session))
    return sessions


async def _app_taps(folder: Path, taps: int, width: float, height: float, *, viewers: int = 0, idle: int = 0,
                    gap: float = 0.0) -> tuple[list[float], dict]:
    """Chip taps of the host; with `viewers` and `idle` devices connected too, and `gap` seconds between
    taps (a score keeper's rhythm: the viewers redraw meanwhile, on the server's other threads)."""
    os.environ["SCOREKEEPER_DATABASE_URL"] = f"sqlite:///{folder / f'tap-{int(width)}.db'}"
    from scorekeeper import services
    from scorekeeper.ui import app as app_module

    services.forget_shared_store()  # a fresh store on this run's database
    store = services.shared_store()
    game_id = _seed_game(store, 14)
    connection, session = await _new_session(width, height)
    page = session.page
    await _run_main(session, app_module.main)
    app = page.data

    app.open(f"/game/{game_id}")  # the home screen's Resume
    followers = await _followers(connection, game_id, viewers, idle) if viewers or idle else []
    rng = random.Random(3)
    samples: list[float] = []
    kinds = {"bid": 0, "tricks": 0}
    phase = "bids"
    while len(samples) < taps:
        found = tappables(page)
        game = app.screen.game
        hand = game.hands[game.current]
        if phase == "bids":
            # Never the dealer's chips: the last bid would enter the bids (a step, not a chip tap).
            dealer = game.players[hand.dealer]
            open_chips = [label for label in found if " bids " in label and not label.startswith(f"{dealer} bids ")]
            if not open_chips:  # every row folded: open one again (a tap too, not counted)
                folded = [label for label in found if label.startswith("row-bid-") and label != f"row-bid-{dealer}"]
                await _tap(connection, session, found[rng.choice(folded)])
                continue
            label = rng.choice(open_chips)
            if gap:
                await asyncio.sleep(gap)
            samples.append(await _tap(connection, session, found[label]))
            kinds["bid"] += 1
            if kinds["bid"] >= taps // 2:  # enter a valid set of bids and go on to the tricks
                store_state = store.load(game_id)
                bids = [1] * 8
                forbidden = store_state.game.forbidden_bid(game.current, bids)
                if forbidden is not None and bids[hand.dealer] == forbidden:
                    bids[hand.dealer] = 2
                entry = app.screen.entry
                entry.bids = list(bids)
                app.screen.entry.opened.clear()
                app.redraw()
                await _tap(connection, session, tappables(page)["bids-done"])
                assert app.screen.entry.phase == "tricks", app.screen.entry.phase
                phase = "tricks"
        else:
            open_chips = [label for label in found if " took " in label]
            if not open_chips:
                folded = [label for label in found if label.startswith("row-tricks-")]
                await _tap(connection, session, found[rng.choice(folded)])
                continue
            label = rng.choice(open_chips)
            if gap:
                await asyncio.sleep(gap)
            samples.append(await _tap(connection, session, found[label]))
            kinds["tricks"] += 1
    info = {"controls": sum(1 for _ in walk(page.appbar)) + sum(1 for c in page.controls for _ in walk(c)),
            "bytes_per_tap": statistics.median(connection.tap_bytes),
            "cpu_p95": sorted(connection.tap_cpu)[int(0.95 * (len(connection.tap_cpu) - 1))], **kinds,
            "followers": len(followers), "follower_messages": sum(c.messages for c, _ in followers)}
    # The drawings that follow a tap (App.AHEAD_DELAY) and the devices' redraws on the hub's threads end
    # before the database goes: else one of them opens it again as the run's folder is removed.
    await asyncio.sleep(app_module.AHEAD_DELAY + 0.3)
    connection.executor.shutdown(wait=True)
    services.forget_shared_store()
    store.close()
    return samples, info


async def _minimal_taps(taps: int) -> list[float]:
    import flet as ft

    connection, session = await _new_session(390, 844)
    page = session.page
    label = ft.Text("0")

    def click(_event):
        label.value = str(int(label.value) + 1)
        label.update()

    button = ft.Button("Add", on_click=click)

    async def main(page):
        page.add(label, button)

    await _run_main(session, main)
    return [await _tap(connection, session, button) for _ in range(taps)]


def _server_warm_up(folder: Path) -> None:
    """What `scorekeeper serve` does before the first phone connects (imports, the collector's freeze)."""
    from scorekeeper import services
    from scorekeeper.cli import _warm_up

    os.environ["SCOREKEEPER_DATABASE_URL"] = f"sqlite:///{folder / 'warm-up.db'}"
    _warm_up()
    services.shared_store().close()  # (opened by the warm-up)
    services.forget_shared_store()


def tap_samples(folder: Path, taps: int) -> dict[str, Any]:
    """Interleaved: the minimal page, the phone layout, the minimal page, the tablet layout."""

    async def run():
        _server_warm_up(folder)
        base = await _minimal_taps(50)  # warm both paths (imports, first-use caches) before timing
        (folder / "warm").mkdir(exist_ok=True)
        await _app_taps(folder / "warm", 20, 390, 844)
        baseline = await _minimal_taps(taps)
        phone, phone_info = await _app_taps(folder, taps, 390, 844)
        baseline += await _minimal_taps(taps)
        tablet, tablet_info = await _app_taps(folder, taps, 1180, 820)
        return {"baseline": baseline, "phone": phone, "tablet": tablet, "phone_info": phone_info,
                "tablet_info": tablet_info, "warm": len(base)}

    return asyncio.run(run())


def viewer_tap_samples(folder: Path, taps: int, viewers: int = 20, idle: int = 200,
                       gap: float = 0.3) -> dict[str, Any]:
    """The host's chip taps with `viewers` devices following the game and `idle` ones on Home, against
    the same taps with nobody else connected, interleaved, at the same rhythm."""

    async def run():
        _server_warm_up(folder)
        for name in ("warm", "alone", "watched"):
            (folder / name).mkdir(exist_ok=True)
        await _app_taps(folder / "warm", 20, 390, 844)
        alone, _ = await _app_taps(folder / "alone", taps, 390, 844, gap=gap)
        watched, info = await _app_taps(folder / "watched", taps, 390, 844, viewers=viewers, idle=idle, gap=gap)
        return {"alone": alone, "watched": watched, "info": info}

    return asyncio.run(run())


def median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000
