"""The device's screen stays on while a game is entered (or followed on the table display) and may
sleep again on Home and on the final standings: Flet's Wakelock, driven through the real session."""
from __future__ import annotations

import asyncio

from benchmarks import tap as harness
from scorekeeper.rules import PRESETS
from scorekeeper.ui import app as app_module
from tests.test_ui_redraw import run_apart


async def _wake_lock_calls(game_id: str) -> list[tuple[str, str]]:
    """(screen reached, wake lock calls sent to the browser since the one before)."""
    from flet.messaging.protocol import MessageAction

    connection, session = await harness._new_session(390, 844, client_ip="127.0.0.1")
    calls: list[str] = []
    send = connection.send_message

    def recording(message):
        if message.action == MessageAction.INVOKE_METHOD and message.body.name in ("enable", "disable"):
            calls.append(message.body.name)
        send(message)

    connection.send_message = recording
    await harness._run_main(session, app_module.main)
    app = session.page.data

    seen = []

    async def reached(name: str) -> None:
        for _ in range(20):  # the call goes out from a task of the session's loop
            await asyncio.sleep(0.01)
        seen.append((name, ",".join(calls)))
        calls.clear()

    await reached("home")
    app.open(f"/game/{game_id}")
    await reached("game")
    app.redraw()  # a tap on the game screen: no second call
    await reached("tap")
    app.home()
    await reached("home again")
    return seen


def test_the_screen_stays_on_during_a_game_and_may_sleep_on_home(app_store):
    game_id = app_store.new_game(["Ann", "Bob", "Cy"], PRESETS["oh-heck"], first_dealer=0).id
    assert run_apart(_wake_lock_calls(game_id)) == [
        ("home", ""), ("game", "enable"), ("tap", ""), ("home again", "disable")]
