"""server_rss_mb: the resident memory of `scorekeeper serve` with one browser session open after a
whole game played through it by taps, against the smallest Flet page's server after one session."""
from __future__ import annotations

import dataclasses
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def rss_mb(pid: int) -> float:
    """VmRSS of the process and its children (Flet may start helpers), in MB."""
    pids = [pid]
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                pids.append(int(entry.name))
    total = 0
    for one in pids:
        try:
            for line in (Path("/proc") / str(one) / "status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total / 1024


def _plan(rules, names, seed: int = 11) -> list[tuple[dict[str, int], dict[str, int], int]]:
    """Per hand: bids and tricks as {name: value} in the order the screen asks, and the hand count."""
    from benchmarks.gamegen import random_actions
    from scorekeeper.rules import Game

    game = Game(names, rules, first_dealer=0)
    actions = random_actions(Game(names, rules, first_dealer=0), random.Random(seed))
    plan = []
    for index, hand in enumerate(game.hands):
        order = hand.bidding_order or tuple((hand.dealer + 1 + k) % len(names) for k in range(len(names)))
        bids, tricks = actions[2 * index]["values"], actions[2 * index + 1]["values"]
        plan.append(({names[s]: bids[s] for s in order}, {names[s]: tricks[s] for s in order}, len(game.hands)))
    return plan


def server_rss_figures(quick: bool):
    from e2e.game_steps import NAMES, enter_bids, enter_tricks, seed_game, tap_until
    from e2e.harness import PHONE, AppPage, AppServer, launched_browser
    from scorekeeper.rules import PRESETS

    from benchmarks.figures import Figure

    if quick:  # a short custom game: three hands of 3, 1 and 2 cards
        preset = dataclasses.replace(PRESETS["oh-heck"], id="custom", name="Short", shape="list",
                                     hand_list=(3, 1, 2), hook_min_cards=2)
    else:
        preset = PRESETS["oh-heck"]  # 15 hands for four
    plan = _plan(preset, NAMES)
    minimal = [sys.executable, str(ROOT / "benchmarks" / "minimal_app.py")]
    with launched_browser() as browser:
        with AppServer(command=minimal) as server:
            page = AppPage.new(browser, PHONE)
            try:
                page.open(server.url)
                page.expect_text("Scorekeeper")
                base = rss_mb(server.proc.pid)
            finally:
                page.close()
        with AppServer() as server:
            _seed(server, preset)
            page = AppPage.new(browser, PHONE)
            try:
                page.open(server.url)
                start = rss_mb(server.proc.pid)
                tap_until(page, "resume", lambda: page.exists("hand-title"), "the game to open")
                for number, (bids, tricks, total) in enumerate(plan, start=1):
                    page.wait_until(lambda: page.text_of("hand-title") == f"Hand {number} of {total}", f"hand {number}")
                    enter_bids(page, bids)
                    enter_tricks(page, tricks)
                page.expect_text("wins", timeout=20)
                value = rss_mb(server.proc.pid)
            finally:
                page.close()
    return [Figure("server_rss_mb", value, "MB", 150.0, base, "the minimal Flet page's server after one session",
                   f"after a {len(plan)}-hand game by taps in one session ({start:.0f} MB when the home screen "
                   f"showed)", what="`scorekeeper serve`'s memory after a whole game by taps")]


def _seed(server, preset) -> None:
    from e2e.game_steps import NAMES
    from scorekeeper.storage import Store

    store = Store(server.database_url)
    try:
        store.new_game(list(NAMES), preset, first_dealer=0)
    finally:
        store.close()
