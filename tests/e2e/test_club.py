"""A club night (issue 41): several `scorekeeper serve` processes on one PostgreSQL database. What is
entered on a page of one process shows on a page of the other within a second, without a tap, and
both keep doing so after PostgreSQL is restarted mid-evening."""
from __future__ import annotations

import statistics
import time

import pytest

from .game_steps import load, open_waiting, seed_game, shows
from .harness import PHONE, TABLET
from .test_two_devices import open_game

pytestmark = pytest.mark.postgres

# Hand 1 of Oh Heck for four, Ann deals (8 cards): bids in the order asked, Bob first, Ann last.
BIDS = {"Bob": 2, "Cy": 1, "Dee": 3, "Ann": 0}
SHOWN_WITHIN = 1.0  # seconds from a tap on one process's page to the other process's page showing it (median)
# Any one tap, on a machine the test run loads with other browsers and servers (at a load of 19 on 2 cores
# the median was 0.29 s, the slowest 0.41 s; the hop between the processes adds milliseconds:
# tests/test_notices.py).
SHOWN_AT_WORST = 3.0


# Timed in the browser, not by the test's polling (slow on a loaded machine): the tapping page notes the
# moment its pointer goes down, the following page the moment its semantics tree (what a screen reader
# reads: drawn by then) first holds one of the lines looked for. One browser: one clock.
_NOTE_TAP = """() => { window.__tapped = null;
  window.addEventListener('pointerdown', () => { if (window.__tapped === null) window.__tapped = Date.now(); },
                          {capture: true, once: true}); }"""
_WATCH = """(lines) => { window.__shown = null;
  const holds = () => { const host = document.querySelector('flt-semantics-host'); if (!host) return false;
    for (const el of host.querySelectorAll('*')) {
      const texts = [el.getAttribute('aria-label') || ''];
      let own = ''; for (const n of el.childNodes) if (n.nodeType === 3) own += n.textContent; texts.push(own);
      for (const text of texts) for (const part of text.split('\\n')) if (lines.includes(part.trim())) return true;
    }
    return false; };
  if (window.__watch) window.__watch.disconnect();
  window.__watch = new MutationObserver(() => { if (window.__shown === null && holds()) window.__shown = Date.now(); });
  window.__watch.observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true}); }"""


def _tap_and_time(tapping, following, name: str, bid: int, timeout: float = 30) -> float:
    """Tap `name`'s bid on `tapping`; the seconds until `following` shows it (the last bid enters the
    bids: then the tricks step), as the browser tells them."""
    chip = f"{name} bids {bid}"
    open_waiting(tapping, "bid", name, chip)
    lines = [f"{name}'s bid: {bid}", "Tricks taken"]
    following.page.evaluate(_WATCH, lines)
    tapping.page.evaluate(_NOTE_TAP)
    tapping.tap(chip)
    following.wait_until(lambda: following.page.evaluate("() => window.__shown") is not None,
                         f"the other process's page to show {name}'s bid", timeout=timeout)
    tapped, shown = tapping.page.evaluate("() => window.__tapped"), following.page.evaluate("() => window.__shown")
    assert tapped is not None, "the tap's pointer went down unnoticed"
    return (shown - tapped) / 1000


def _two_processes(make_server, url):
    return make_server(database_url=url), make_server(database_url=url)


def test_an_entry_on_one_process_shows_on_the_others_page_within_a_second(make_page, make_server, postgres_server):
    one, other = _two_processes(make_server, postgres_server.new_database())
    game_id = seed_game(one, [])
    a = make_page(PHONE, server=one, name="on-process-1")
    b = make_page(TABLET, server=other, name="on-process-2")
    open_game(a)
    open_game(b)
    seconds = [_tap_and_time(a, b, name, bid) for name, bid in BIDS.items()]
    b.wait_until(lambda: b.exists("bids-summary"), "the bids entered on the other process")
    assert "Bob 2" in b.text_of("bids-summary")
    assert load(one, game_id).record.actions[0]["values"] == [0, 2, 1, 3]
    print(f"entry on one process -> the other's page: {[round(s * 1000) for s in seconds]} ms, "
          f"median {statistics.median(seconds) * 1000:.0f} ms")
    assert statistics.median(seconds) < SHOWN_WITHIN and max(seconds) < SHOWN_AT_WORST, seconds


def test_postgresql_restarted_mid_evening_both_processes_listen_again_and_catch_up(make_page, make_server):
    from conftest import PostgresServer, _postgres_bin

    database = PostgresServer(_postgres_bin())  # its own: restarting the run's would cut other tests off
    database.start()
    try:
        one, other = _two_processes(make_server, database.new_database())
        game_id = seed_game(one, [])
        a = make_page(PHONE, server=one, name="on-process-1")
        b = make_page(TABLET, server=other, name="on-process-2")
        open_game(a)
        open_game(b)
        assert _tap_and_time(a, b, "Bob", 2) < SHOWN_AT_WORST
        database.restart()
        # A change stored while the processes may not listen yet: heard, or caught up on, either way.
        from scorekeeper.storage import Store

        with Store(one.database_url) as store:
            state = store.load(game_id)
            store.record(game_id, {"type": "bids", "hand": 0, "values": [0, 2, 1, 3]}, state.version)
        for page in (a, b):
            page.wait_until(lambda: page.exists("bids-summary"), "the bids stored after the restart", timeout=15)
        # Both listen again: an entry tapped on the second shows on the first.
        b.tap("Bob took 2")
        a.wait_until(lambda: shows(a, "Bob's tricks: 2"), "the first process's page to show the tap", timeout=5)
    finally:
        database.stop()


def test_a_page_whose_process_is_killed_goes_on_through_nginx_on_the_other(make_page, make_server, postgres_server):
    """The repository's nginx config in front of two processes: the one serving the page is killed; the
    page reconnects through nginx to the other and goes on: the same game, the same screen, every tap kept."""
    from .game_steps import tap_bid
    from .harness import Nginx, established_to

    one, other = _two_processes(make_server, postgres_server.new_database())
    game_id = seed_game(one, [])
    with Nginx([one, other]) as proxy:
        page = make_page(PHONE, open=False, name="through-nginx")
        page.open(proxy.url + f"game/{game_id}")
        page.wait_until(lambda: page.exists("hand-title") and page.text_of("hand-title") == "Hand 1 of 15", "hand 1")
        tap_bid(page, "Bob", 2)
        tap_bid(page, "Cy", 1)
        page.wait_until(lambda: established_to(one.port) + established_to(other.port) == 1,
                        "the page's one WebSocket through nginx")
        serving, survivor = (one, other) if established_to(one.port) else (other, one)
        serving.stop(kill=True)
        page.wait_reconnected()
        page.wait_until(lambda: page.exists("hand-title") and page.text_of("hand-title") == "Hand 1 of 15"
                        and shows(page, "Bob's bid: 2") and shows(page, "Cy's bid: 1"),
                        "the same screen, the taps made before kept", timeout=20)
        assert established_to(survivor.port) == 1
        tap_bid(page, "Dee", 3)
        tap_bid(page, "Ann", 0)
        page.wait_until(lambda: page.exists("Tricks taken"), "the bids entered on the other process")
        assert load(survivor, game_id).record.actions[0]["values"] == [0, 2, 1, 3]


def test_the_club_screen_shows_every_tables_game_and_the_leaderboard_live(make_page, make_server, postgres_server,
                                                                            tmp_path):
    """/club on the wall's TV (1920x1080, a device without the PIN), served by one process; hands entered
    by another process (this test's own Store: another process on the database) show on it without a tap."""
    from scorekeeper.rules import PRESETS
    from scorekeeper.storage import Store

    url = postgres_server.new_database()
    tv_server = make_server(database_url=url)
    with Store(url) as store:
        first = store.new_game(["Ann", "Bob", "Cy", "Dee"], PRESETS["oh-heck"], table="Table 1", first_dealer=0)
        second = store.new_game(["Eve", "Fay", "Gus"], PRESETS["oh-heck"], table="Table 2", first_dealer=0)
        tv = make_page((1920, 1080), open=False, name="tv")
        from .harness import ForwardedFor

        tv.open(ForwardedFor(tv_server.url, "192.168.1.50").url + "club")  # a TV on the club's Wi-Fi: no PIN
        tv.expect_text("Table 2")
        tv.expect_text("Tonight's leaderboard")
        assert not tv.exists("Back")  # a display: nothing to go back to
        state = store.record(first.id, {"type": "bids", "hand": 0, "values": [0, 2, 1, 3]}, first.version)
        started = time.monotonic()
        store.record(first.id, {"type": "tricks", "hand": 0, "values": [1, 2, 2, 3]}, state.version)
        tv.wait_until(lambda: "1 of 15 played" in tv.text_of(f"club-table-{first.id}"), "the hand at table 1",
                      timeout=5)
        seconds = time.monotonic() - started
        assert "Not started" in tv.text_of(f"club-table-{second.id}")
        assert "Dee\n16\n2\nBob\n14\n3\nAnn\n−5" in _board(tv)  # by total
        assert seconds < SHOWN_AT_WORST, seconds
        tv.tap("by-places")
        tv.wait_until(lambda: "Dee\n4\n2\nBob\n3\n3\nAnn\n2" in _board(tv), "the night ranked by places")
        tv.screenshot_stable(tmp_path / "club.png")


def _board(page) -> str:
    board = page.find("club-leaderboard")
    return board.get_attribute("aria-label") or page.text_of("club-leaderboard")
