"""What devices that leave cost: a real `scorekeeper serve`, its score keeper in headless Chromium
entering hands, and N followers (raw WebSocket clients speaking Flet's protocol, benchmarks/followers.py)
that follow the game, then hang up. Figures: the server's CPU per hand (8 chip taps and Hand done) alone,
with the followers, just after they left, and after their sessions' deadline; the server's memory at
each point. Baseline: the same hand with nobody else connected, in the same run.

    .venv/bin/python -m benchmarks.departures 200      # or: benchmarks/run.py --only departures
"""
from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

DEADLINE = 6  # seconds a departed session waits here (FLET_SESSION_TIMEOUT; the app's own is 300)


def measure(followers: int) -> dict[str, float]:
    from playwright.sync_api import sync_playwright

    from benchmarks.followers import process_rss_mb
    from tests.e2e.game_steps import seed_game, tap_until
    from tests.e2e.harness import CHROMIUM, CHROMIUM_ARGS, TABLET, AppPage, AppServer
    from tests.e2e.test_departures import Crowd, hand_cpu

    with tempfile.TemporaryDirectory(prefix="scorekeeper-departures-") as folder, sync_playwright() as playwright:
        server = AppServer(Path(folder) / "server", env={"FLET_SESSION_TIMEOUT": str(DEADLINE),
                                                         "FORWARDED_ALLOW_IPS": "127.0.0.0/8"}).start()
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            game_id = seed_game(server, [])
            host = AppPage.new(browser, TABLET, name="host")
            host.open(server.url)
            tap_until(host, "resume", lambda: host.exists("hand-title"), "the game to open")
            pid = server.proc.pid
            figures = {"rss_alone": process_rss_mb(pid), "cpu_alone": hand_cpu(server, host, 0)}
            crowd = Crowd(f"ws://127.0.0.1:{server.port}/ws", f"/game/{game_id}", followers, spread=True)
            figures["rss_followed"] = process_rss_mb(pid)
            figures["cpu_followed"] = hand_cpu(server, host, 1)
            crowd.hang_up()
            time.sleep(1.0)
            figures["cpu_left"] = hand_cpu(server, host, 2)
            time.sleep(DEADLINE + 12)  # the deadline, and Flet's sweep (every 10 s)
            figures["rss_freed"] = process_rss_mb(pid)
            figures["cpu_freed"] = hand_cpu(server, host, 3)
            host.close()
        finally:
            browser.close()
            server.stop(kill=True)
    return figures


def figures(followers: int):
    from benchmarks.figures import Figure

    m = measure(followers)
    alone = f"the same hand with no other device (server at {m['rss_alone']:.0f} MB)"
    return [
        Figure("departed_cpu_per_hand_s", m["cpu_left"], "s", m["cpu_alone"] * 1.5 + 0.2, m["cpu_alone"], alone,
               f"{followers} followers hung up a second before; with them there it was {m['cpu_followed']:.2f} s "
               f"a hand; after their deadline {m['cpu_freed']:.2f} s",
               what="the server's CPU for a hand just after followers hung up"),
        Figure("departed_rss_mb", m["rss_freed"], "MB", None, m["rss_alone"], alone,
               f"after {followers} followers came ({m['rss_followed']:.0f} MB with them) and left, their sessions "
               f"freed at the deadline (the process keeps the memory for the next devices)",
               what="the server's memory once departed followers' sessions were freed"),
    ]


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    for name, value in measure(count).items():
        print(f"{name:>14}: {value:.2f}")
