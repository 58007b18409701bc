"""The phone alone (issue 40): the static site `scorekeeper build-web` writes, served by a plain static
server, opened once, then used with no network at all: its Python runs in the page, its games stay in
the browser's storage across reloads, new pages and a browser killed and started again, and a game
exported there as CSV imports with the CLI on a computer with the same totals.

The site is built once per test session (build_web below); the wheels come from PyPI the first time and
from the build's cache after that.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.storage import Store

from .game_steps import enter_bids, enter_tricks, seat_players, tap_until
from .harness import CHROMIUM, CHROMIUM_ARGS, PHONE, SITE_KEPT, AppPage, StaticSite, _local_only, go_offline
from .test_game_flow import NAMES, PLAN, card_totals, in_bidding_order, shown

START = 400.0  # seconds: Pyodide's first start with the tests' other workers on 2 cores (82 s seen at load 15: benchmarks/web.py)
AFTER_2 = [-20, 5, 26, 0]  # test_game_flow.PLAN's first two hands


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("site") / "web"
    subprocess.run([sys.executable, "-m", "scorekeeper", "build-web", str(folder)], check=True, timeout=900)
    return folder


def asked_of_the_network(left: list[str], site: StaticSite, folder: Path) -> list[str]:
    """The site's own files that the page asked of the network while offline (none: its copy answered).
    (Flet's client also asks for files that it does not ship, online as offline: fallback fonts, a CDN's.)"""
    return [url for url in left if url.startswith(site.url)
            and (folder / url[len(site.url):].split("?")[0]).is_file()]


def assert_self_contained(site: Path) -> None:
    """The page names no other host for what it loads, and the service worker keeps every file."""
    index = (site / "index.html").read_text()
    assert "cdn.jsdelivr" not in index and "flet.noCdn=true" in index and "./pyodide/pyodide.mjs" in index
    names = {str(path.relative_to(site)) for path in site.rglob("*") if path.is_file()}
    assert {"sw.js", "manifest.json", "app.tar.gz", "pyodide/pyodide.asm.wasm", "icons/icon-192.png"} <= names
    worker = (site / "sw.js").read_text()
    assert all(f'"{name}"' in worker for name in names - {"sw.js"})


def computer_export(folder: Path) -> Path:
    """A game played on a computer (stored through storage, as `scorekeeper` stores it), exported there
    with `scorekeeper export --format json`."""
    from scorekeeper.rules import PRESETS

    database = f"sqlite:///{folder / 'elsewhere.db'}"
    with Store(database) as store:
        state = store.new_game(["Eve", "Fay", "Gus"], PRESETS["oh-heck"], first_dealer=0)
        store.record(state.id, {"type": "bids", "hand": 0, "values": [1, 0, 0]}, state.version)
    target = folder / "computer.json"
    env = {**os.environ, "SCOREKEEPER_DATABASE_URL": database}
    subprocess.run([sys.executable, "-m", "scorekeeper", "export", "--format", "json", "--output", str(target)],
                   env=env, check=True, capture_output=True, timeout=120)
    return target


def launch(browser, profile: Path):
    """A persistent Chromium profile, as a phone's browser keeps it across restarts."""
    context = browser.browser_type.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS, viewport={"width": PHONE[0], "height": PHONE[1]},
        accept_downloads=True)
    context.route("**/*", _local_only)
    return context


def app_page(context) -> AppPage:
    return AppPage(context.pages[0] if context.pages else context.new_page(), timeout=60.0, name="phone-alone")


def opened(page: AppPage, url: str, shown: str = "Settings") -> AppPage:
    """The page at `url`, once the Python in the page drew `shown` (Home's Settings, a game's hand-title)."""
    page.open(url, timeout=START)
    page.find(shown, timeout=START)
    return page


@pytest.mark.timeout(1200)
def test_opened_once_then_played_offline_kept_and_exported(browser, built_site, tmp_path):
    assert_self_contained(built_site)
    profile = tmp_path / "profile"
    site = StaticSite(built_site).start()
    context = launch(browser, profile)
    try:
        phone = opened(app_page(context), site.url)
        phone.wait_until(lambda: phone.page.evaluate(SITE_KEPT), "the service worker to keep the site", timeout=300)
        assert phone.exists("New game") and not phone.exists("Invite a device")  # no table to serve from a phone

        # Airplane mode: the static server goes too, so nothing can answer but the page's own copy.
        site.stop()
        left = go_offline(context)
        opened(phone, site.url)
        seat_players(phone)
        phone.tap("Oh Heck")
        phone.tap("start-game")
        for index, (bids, tricks) in enumerate(PLAN[:2]):
            phone.wait_until(lambda: phone.text_of("hand-title") == f"Hand {index + 1} of 15", f"hand {index + 1}")
            enter_bids(phone, in_bidding_order(bids, index % 4))
            enter_tricks(phone, in_bidding_order(tricks, index % 4))
        phone.wait_until(lambda: phone.text_of("hand-title") == "Hand 3 of 15", "hand 3")
        expected = [f"{name} total {shown(total)}" for name, total in zip(NAMES, AFTER_2)]
        assert card_totals(phone) == expected

        # A reload, then a new page of the same browser: both hands are there.
        game_url = phone.page.url
        assert "#/game/" in game_url, game_url
        opened(phone, game_url, "hand-title")
        phone.wait_until(lambda: phone.text_of("hand-title") == "Hand 3 of 15", "hand 3 after the reload")
        assert card_totals(phone) == expected
        second = opened(AppPage(context.new_page(), timeout=60.0, name="second"), game_url, "hand-title")
        second.wait_until(lambda: second.text_of("hand-title") == "Hand 3 of 15", "hand 3 on a new page")
        assert card_totals(second) == expected
        second.page.close()
        assert not asked_of_the_network(left, site, built_site)
    finally:
        context.close()  # the browser killed (its profile stays, as a phone's does)

    # The browser started again, still offline: the game is there; export every game as CSV from Settings.
    context = launch(browser, profile)
    try:
        left = go_offline(context)
        phone = opened(app_page(context), site.url)
        phone.expect_text("2 of 15 hands played")  # Home: the game kept through the browser's restart
        # Looking back works offline too: the chart, History, a player's page.
        tap_until(phone, "resume", lambda: phone.exists("hand-title"), "the game")
        tap_until(phone, "tab-chart", lambda: phone.exists("chart"), "the chart")
        tap_until(phone, "home", lambda: phone.exists("Settings"), "Home")
        tap_until(phone, "History", lambda: phone.exists("Ann, Bob, Cy, Dee") or phone.exists("Unfinished"), "History")
        phone.expect_text("Ann, Bob, Cy, Dee")
        tap_until(phone, "back", lambda: phone.exists("Settings"), "Home")
        tap_until(phone, "Players", lambda: phone.exists("open-player-Ann"), "Players")
        tap_until(phone, "open-player-Ann", lambda: phone.exists("player-headline"), "Ann's page")
        tap_until(phone, "back", lambda: not phone.exists("player-headline"), "Players")
        tap_until(phone, "back", lambda: phone.exists("Settings"), "Home")
        phone.tap("Settings")
        phone.expect_text("Games on this device")
        phone.expect_text("The browser")  # what it said of keeping the storage
        with phone.page.expect_download(timeout=60_000) as download:
            phone.tap("export-all-csv")
        exported = tmp_path / "games.csv"
        download.value.save_as(exported)
        # And the other way round: a computer's export imported on the phone, offline.
        with phone.page.expect_file_chooser(timeout=60_000) as chooser:
            phone.tap("import-games")
        chooser.value.set_files(str(computer_export(tmp_path)))
        phone.expect_text("Imported 1 game, 0 already there")
        tap_until(phone, "back", lambda: phone.exists("Settings"), "Home")
        phone.expect_text("Eve, Fay, Gus")
        assert not asked_of_the_network(left, site, built_site)
    finally:
        context.close()

    # On a computer: the CLI imports the phone's file into a fresh database, with the same totals.
    database = f"sqlite:///{tmp_path / 'computer.db'}"
    env = {**os.environ, "SCOREKEEPER_DATABASE_URL": database}
    result = subprocess.run([sys.executable, "-m", "scorekeeper", "import", str(exported)], env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    with Store(database) as store:
        [game] = store.unfinished_games()
    assert game.players == NAMES and game.rounds_played == 2 and game.scores == AFTER_2
