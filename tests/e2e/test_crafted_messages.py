"""A device that is not the host sends hand-crafted WebSocket messages straight to the real server (no
browser): it patches the page's client address to the host's before the app has read it, then clicks,
changes and submits every control id there is. It stays a device that follows: the host's Invite screen
lists it at its own address, and nothing stored changes. A device that floods the server is held back and
closed, while the host's taps are answered as quickly as ever. (The patch was checked to make the device
the host before the app took the address from the connection; the flood, before connections were paced,
held every tap for seconds.)"""
from __future__ import annotations

import asyncio
import concurrent.futures
import sqlite3
import time

import msgpack
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from scorekeeper.rules import PRESETS, score_pad
from scorekeeper.storage import Store

from tests.test_ui_redraw import run_apart

from .game_steps import load, seed_game, tap_bid
from .harness import TABLET

pytestmark = pytest.mark.timeout(240)

DOOR_LOG = ('INSERT INTO "table_pin"', 'INSERT INTO "pin_attempts"')  # wrong PINs are counted: that is their use


def frame(action: int, body: dict) -> bytes:
    """A client message as Flet's web client sends it: a 0 byte, then msgpack [action, body]."""
    return b"\x00" + msgpack.packb([action, body])


REGISTER = {"session_id": "", "page_name": "", "page": {"width": 390, "height": 844, "route": "/"}}


async def attack(url: str, address: str, events: int, pace: float | None) -> tuple[int, int | None]:
    """Register as a device at `address`; at the server's first call (it asks the browser for its stored
    settings before it builds the app) patch the page's client_ip to the host's; then answer its calls
    as a browser does and send `events` clicks, changes and submits to every control id, `pace` a second
    (None: as fast as the socket takes them). (events sent, close code when the server closed it)"""
    sent, closed = 0, None
    # (No keepalive pings of its own: held back by the server, it would give up on them first.)
    async with connect(url, additional_headers={"X-Forwarded-For": address}, max_size=None,
                       ping_interval=None) as socket:
        patched = asyncio.Event()

        async def answer() -> None:
            async for message in socket:
                if isinstance(message, bytes) and message[:1] == b"\x00":
                    action, body = msgpack.unpackb(message[1:], strict_map_key=False)
                    if action == 5:  # the server calls the browser
                        if not patched.is_set():
                            for target in (1, 2, 3):  # the page, whatever its id: "I am the host"
                                await socket.send(frame(4, {"id": target, "props": {"client_ip": "127.0.0.1"}}))
                            patched.set()
                        await socket.send(frame(5, {"control_id": body["control_id"], "call_id": body["call_id"],
                                                    "result": None, "error": None}))

        reader = asyncio.create_task(answer())
        await socket.send(frame(1, REGISTER))
        await asyncio.wait_for(patched.wait(), 20)
        await asyncio.sleep(1.0)  # the app starts, Home is drawn
        try:
            for number in range(events):
                target = 1 + number % 1500
                name = ("click", "click", "change", "submit", "long_press")[number % 5]
                data = None if name == "click" else ("3" if target % 2 else "999999")
                await socket.send(frame(3, {"target": target, "name": name, "data": data}))
                sent += 1
                if pace:
                    await asyncio.sleep(1 / pace)
            if pace:
                await asyncio.sleep(1.0)
            else:  # sent into the socket's buffers at once: the server reads them at its pace, then closes it
                await asyncio.wait_for(socket.wait_closed(), 60)
        except ConnectionClosed as closing:
            closed = closing.rcvd.code if closing.rcvd else None
        if closed is None and socket.close_code is not None:
            closed = socket.close_code
        reader.cancel()
    return sent, closed


def in_background(coroutine) -> concurrent.futures.Future:
    """Run `coroutine` on a thread and loop of its own while the test drives the browser (Playwright's
    sync API keeps the main thread)."""
    return concurrent.futures.ThreadPoolExecutor(1).submit(asyncio.run, coroutine)


def dump(path) -> list[str]:
    with sqlite3.connect(path) as connection:
        return [line for line in connection.iterdump() if not line.startswith(DOOR_LOG)]


def test_a_device_that_patches_its_address_follows_and_its_crafted_events_change_nothing(make_server, make_page):
    server = make_server()
    game_id = seed_game(server, [([0, 2, 1, 3], None)])  # a game in play, its bids in
    with Store(server.database_url) as store:
        pad = store.new_game(["Ann", "Bob"], score_pad.PRESETS["score-pad"])
        pad = store.record(pad.id, {"type": "round", "round": 0, "points": [3, 1]}, pad.version)
        store.finish(pad.id, pad.version)  # a finished game: History offers to delete it
    host = make_page(TABLET, name="host", server=server)
    before = dump(server.db_path)
    url = f"ws://127.0.0.1:{server.port}/ws"

    async def patched_and_waiting(listed: asyncio.Event | None = None) -> None:
        """The device connects, patches its address and stays connected until the host has looked."""
        async with connect(url, additional_headers={"X-Forwarded-For": "192.168.1.77"}, max_size=None) as socket:
            answered = asyncio.Event()

            async def answer() -> None:
                async for message in socket:
                    if isinstance(message, bytes) and message[:1] == b"\x00":
                        action, body = msgpack.unpackb(message[1:], strict_map_key=False)
                        if action == 5:
                            if not answered.is_set():
                                for target in (1, 2, 3):
                                    await socket.send(frame(4, {"id": target, "props": {"client_ip": "127.0.0.1"}}))
                                answered.set()
                            await socket.send(frame(5, {"control_id": body["control_id"], "call_id": body["call_id"],
                                                        "result": None, "error": None}))

            reader = asyncio.create_task(answer())
            await socket.send(frame(1, REGISTER))
            await asyncio.wait_for(answered.wait(), 20)
            await asyncio.sleep(12)  # connected while the host opens Invite
            reader.cancel()

    device = in_background(patched_and_waiting())
    host.tap("invite")
    host.expect_text("192.168.1.77 · follows the games", timeout=12)
    assert host.text_of("table-pin").startswith("Table PIN ")  # the host's own Invite screen, PIN and all
    device.result(timeout=30)
    # At a person's pace the crafted events reach the app's controls; none of them changes a game.
    sent, closed = run_apart(attack(url, "192.168.1.78", events=400, pace=15))
    assert sent == 400 and closed is None
    assert dump(server.db_path) == before
    with Store(server.database_url) as store:  # and both games are where they were
        assert store.load(game_id).record.actions[0]["values"] == [0, 2, 1, 3]
        assert store.load(pad.id).status == "finished"
        assert store.load(game_id).version == load(server, game_id).version


def test_a_flood_from_one_device_is_closed_and_the_hosts_taps_are_answered_meanwhile(make_server, make_page):
    server = make_server()
    game_id = seed_game(server, [])
    host = make_page(TABLET, name="host", server=server)
    host.expect_text("Unfinished game")
    host.tap("resume")
    host.expect_text("Bob bids")
    url = f"ws://127.0.0.1:{server.port}/ws"
    flood = {}

    def answered(name: str, bid: int) -> float:
        """Seconds from the tap to the browser showing it (the harness polls; a loaded machine adds its own)."""
        started = time.monotonic()
        tap_bid(host, name, bid)
        return time.monotonic() - started

    calm = answered("Bob", 2)  # before the flood, on this machine as loaded as it is now
    attacker = in_background(attack(url, "192.168.1.79", events=6000, pace=None))
    time.sleep(3.0)  # the flood is under way
    answers = [answered(name, bid) for name, bid in (("Cy", 1), ("Dee", 3))]
    flood["sent"], flood["closed"] = attacker.result(timeout=60)
    # Unpaced, the flood stalled the server until every connection dropped (tens of seconds); paced, a tap
    # costs at most a little more than before it (3 s leaves room for the other test workers' load).
    assert max(answers) < calm + 3.0, (calm, answers)
    assert flood["closed"] == 1008, flood  # the flood was cut off
    tap_bid(host, "Ann", 0)  # the last bid enters them
    assert load(server, game_id).record.actions[0]["values"] == [0, 2, 1, 3]
