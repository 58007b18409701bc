"""Devices that leave are let go: 40 phones follow a game (raw WebSocket clients speaking Flet's
protocol), then hang up. The score keeper's next hand costs the server what it cost before they came
(a page with no connection is not redrawn), the server's log holds no error for them, and their sessions
are freed at the deadline (FLET_SESSION_TIMEOUT, shortened here). Before, every departed page was still
rebuilt and diffed at every tap until its session expired, and each redraw logged an AttributeError."""
from __future__ import annotations

import asyncio
import concurrent.futures
import threading
import time

import pytest

from benchmarks.followers import crowd, process_cpu_seconds, process_rss_mb

from .game_steps import enter_bids, enter_tricks, seed_game, tap_until
from .harness import TABLET

pytestmark = pytest.mark.timeout(300)

FOLLOWERS = 40
SWEPT = 6 + 12  # seconds: the sessions' deadline (FLET_SESSION_TIMEOUT below), and Flet's sweep (every 10 s)
HANDS = [({"Bob": 2, "Cy": 1, "Dee": 3, "Ann": 0}, {"Bob": 2, "Cy": 1, "Dee": 3}),  # 8 cards, Ann deals
         ({"Cy": 1, "Dee": 2, "Ann": 2, "Bob": 1}, {"Cy": 1, "Dee": 2, "Ann": 2}),  # 7, Bob deals
         ({"Dee": 0, "Ann": 2, "Bob": 2, "Cy": 0}, {"Dee": 1, "Ann": 2, "Bob": 2}),  # 6, Cy deals
         ({"Ann": 1, "Bob": 1, "Cy": 1, "Dee": 0}, {"Ann": 1, "Bob": 1, "Cy": 2})]  # 5, Dee deals


class Crowd:
    """Followers on a loop of their own (the browser's sync API keeps the test's thread)."""

    def __init__(self, url: str, route: str, count: int, spread: bool = False):
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._thread.start()
        self.leave = asyncio.Event()
        ready = asyncio.run_coroutine_threadsafe(self._start(url, route, count, spread), self._loop)
        self.followers, self.tasks = ready.result(timeout=150)

    async def _start(self, url, route, count, spread):
        return await crowd(url, route, count, self.leave, spread=spread)

    def hang_up(self) -> None:
        async def gone():
            self.leave.set()
            await asyncio.gather(*self.tasks, return_exceptions=True)

        asyncio.run_coroutine_threadsafe(gone(), self._loop).result(timeout=60)
        self._loop.call_soon_threadsafe(self._loop.stop)


def hand_cpu(server, host, number: int) -> float:
    """Seconds of the server's CPU while the host enters hand `number` (eight taps and Hand done)."""
    bids, tricks = HANDS[number]
    before = process_cpu_seconds(server.proc.pid)
    enter_bids(host, bids)
    enter_tricks(host, tricks)
    host.wait_until(lambda: host.text_of("hand-title") == f"Hand {number + 2} of 15", f"hand {number + 2}")
    time.sleep(0.5)  # the other devices' redraws, told after the tap's own answer
    return process_cpu_seconds(server.proc.pid) - before


def test_devices_that_hang_up_cost_nothing_and_are_freed(make_server, make_page):
    server = make_server(env={"FLET_SESSION_TIMEOUT": "6"})
    game_id = seed_game(server, [])
    host = make_page(TABLET, name="host", server=server)
    host.expect_text("Unfinished game")
    tap_until(host, "resume", lambda: host.exists("hand-title"), "the game to open")
    url, route = f"ws://127.0.0.1:{server.port}/ws", f"/game/{game_id}"
    alone = hand_cpu(server, host, 0)

    followers = Crowd(url, route, FOLLOWERS)
    followed = hand_cpu(server, host, 1)
    told = [follower.messages for follower in followers.followers]
    followers.hang_up()
    time.sleep(1.0)  # the server sees them go
    after = hand_cpu(server, host, 2)

    assert followed > alone + 0.5, (alone, followed)  # (40 live followers do cost: the test can tell)
    assert after < alone * 1.5 + 0.2, (alone, followed, after)  # gone: they cost nothing more
    assert min(told) > 10  # each follower was sent the hand as it was entered
    log = server.log_tail(400)
    assert "AttributeError" not in log and "Traceback" not in log, log

    time.sleep(SWEPT)
    host.tap("home")
    host.tap("invite")
    host.expect_text("Connected now")
    assert not host.exists("10.9.0.1 · follows the games")
    host.tap("back")
    # Freed, their memory is the next devices' (the process keeps it from the system: it doesn't grow).
    first_wave = process_rss_mb(server.proc.pid)
    Crowd(url, route, FOLLOWERS).hang_up()
    time.sleep(SWEPT)
    second_wave = process_rss_mb(server.proc.pid)
    assert second_wave < first_wave + 12, (first_wave, second_wave)
    tap_until(host, "resume", lambda: host.exists("hand-title"), "the game to open again")
    final = hand_cpu(server, host, 3)
    assert final < alone * 1.5 + 0.2, (alone, final)
