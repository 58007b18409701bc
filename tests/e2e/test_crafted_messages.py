"""A device that is not the host sends hand-crafted WebSocket messages straight to the real server
(no browser): it claims to be the host, and clicks, changes and submits every control id there is,
screen after screen. Nothing stored changes. (The same messages from the host change the games: that
is how this test was checked to be able to fail.)"""
from __future__ import annotations

import asyncio
import sqlite3

import msgpack
import pytest
from websockets.asyncio.client import connect

from scorekeeper.rules import PRESETS, score_pad
from scorekeeper.storage import Store

from tests.test_ui_redraw import run_apart

from .game_steps import seed_game

pytestmark = pytest.mark.timeout(180)


def frame(action: int, body: dict) -> bytes:
    """A client message as Flet's web client sends it: a 0 byte, then msgpack [action, body]."""
    return b"\x00" + msgpack.packb([action, body])


async def attack(url: str, address: str, rounds: int, ids: int) -> int:
    sent = 0
    async with connect(url, additional_headers={"X-Forwarded-For": address}, max_size=None) as socket:
        async def answer() -> None:
            """Read what the server sends, and answer its calls (shared preferences: nothing kept), as a
            browser does: the app waits for them before it draws Home."""
            async for message in socket:
                if isinstance(message, bytes) and message[:1] == b"\x00":
                    action, body = msgpack.unpackb(message[1:], strict_map_key=False)
                    if action == 5:
                        await socket.send(frame(5, {"control_id": body["control_id"], "call_id": body["call_id"],
                                                    "result": None, "error": None}))

        reader = asyncio.create_task(answer())
        await socket.send(frame(1, {"session_id": "", "page_name": "", "page": {"width": 390, "height": 844,
                                                                                 "route": "/"}}))
        await asyncio.sleep(1.5)
        for target in range(1, 6):  # "I am the host": the page's client address, patched
            await socket.send(frame(4, {"id": target, "props": {"client_ip": "127.0.0.1"}}))
        for round_number in range(rounds):
            for target in range(1, ids):
                name = ("click", "click", "change", "submit", "long_press")[(target + round_number) % 5]
                data = None if name == "click" else ("3" if target % 2 else "999999")
                await socket.send(frame(3, {"target": target, "name": name, "data": data}))
                sent += 1
                if target % 50 == 0:
                    await asyncio.sleep(0.05)  # let the server act on them: each may open another screen
            await asyncio.sleep(0.5)
        reader.cancel()
    return sent


def dump(path) -> list[str]:
    with sqlite3.connect(path) as connection:
        return list(connection.iterdump())


def test_a_viewers_hand_crafted_messages_change_nothing(make_server):
    server = make_server()
    game_id = seed_game(server, [([0, 2, 1, 3], None)])  # a game in play, its bids in
    with Store(server.database_url) as store:
        pad = store.new_game(["Ann", "Bob"], score_pad.PRESETS["score-pad"])
        pad = store.record(pad.id, {"type": "round", "round": 0, "points": [3, 1]}, pad.version)
        store.finish(pad.id, pad.version)  # a finished game: History offers to delete it
    before = dump(server.db_path)
    # On a thread of its own: when a browser test ran first on this worker, Playwright's loop runs here.
    sent = run_apart(attack(f"ws://127.0.0.1:{server.port}/ws", "192.168.1.77", rounds=4, ids=1500))
    assert sent > 5000
    assert dump(server.db_path) == before
    with Store(server.database_url) as store:  # and both games are where they were
        assert store.load(game_id).record.actions[0]["values"] == [0, 2, 1, 3]
        assert store.load(pad.id).status == "finished"
        assert PRESETS["oh-heck"].name == store.load(game_id).game.rules.name
