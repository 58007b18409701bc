"""A device that goes away is let go: while its browser is away its page is not drawn for another
device's entries (it is drawn afresh when it comes back), and once Flet closes its session (the deadline
after it left) the app lets go of its screens. In-process sessions as the server runs them
(tests/e2e/test_departures.py measures the cost and the memory with real connections)."""
from __future__ import annotations

import asyncio

from benchmarks import tap as harness
from scorekeeper.rules import PRESETS
from scorekeeper.ui import app as app_module, devices
from tests.test_ui_redraw import run_apart


async def _follower_away_while_the_host_taps(game_id: str) -> tuple[int, int, bool, bool]:
    """(drawings of the follower while connected, while away, drawn on its return, screens let go after
    close)"""
    host_connection, host_session = await harness._new_session(390, 844, client_ip="127.0.0.1")
    await harness._run_main(host_session, app_module.main)
    host = host_session.page.data
    host.open(f"/game/{game_id}")

    async def follower_life() -> tuple[int, int, bool, weakref.ref]:
        connection, session = await harness._new_session(390, 844, hub=host_connection.pubsubhub,
                                                         client_ip="192.168.1.20")
        await harness._run_main(session, app_module.main)
        follower = session.page.data
        follower.open(f"/game/{game_id}")
        drawings = []
        real = follower._redraw
        follower._redraw = lambda screen: (drawings.append(screen), real(screen))[1]  # counts each drawing
        await harness.click(host_session, harness.tappables(host_session.page)["Bob bids 2"])
        await asyncio.sleep(0.3)  # the other devices are told after the tap's own answer
        while_there = len(drawings)
        await session.disconnect(300)  # its phone went to sleep: the session waits for it
        await harness.click(host_session, harness.tappables(host_session.page)["Cy bids 1"])
        await asyncio.sleep(0.3)
        while_away = len(drawings) - while_there
        session.attach_connection(connection)  # back: what is stored now is drawn
        await session.dispatch_connect_event()
        drawn_again = len(drawings) > while_there + while_away
        await session.disconnect(0)
        session.close()  # the deadline passed: Flet closes the session
        await asyncio.sleep(0.3)
        let_go = not follower.stack and not follower._drawing.controls and follower not in devices.connected()
        return while_there, while_away, drawn_again, let_go

    return await asyncio.create_task(follower_life())


def test_a_page_whose_browser_went_is_not_drawn_and_its_closed_session_lets_go_of_its_screens(app_store):
    state = app_store.new_game(["Ann", "Bob", "Cy", "Dee"], PRESETS["oh-heck"], first_dealer=0)
    while_there, while_away, drawn_again, let_go = run_apart(_follower_away_while_the_host_taps(state.id))
    assert while_there >= 1  # a connected follower is drawn at the host's tap (the test can tell)
    assert while_away == 0
    assert drawn_again
    assert let_go
