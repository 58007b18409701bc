"""When the server can't be reached: the screen says so in the app's colours (never Flet's white
"Working..." page), a tap meanwhile is refused visibly, and once the server is back the page returns
to the screen it showed (the same game, the same hand, the taps kept), not to Home."""
from __future__ import annotations

import json
import re

import msgpack
from flet.messaging.protocol import MessageAction

from scorekeeper.ui.app import SETTINGS_KEY

from .game_steps import seed_game, shows, tap_bid, tap_until

INVOKE_METHOD = MessageAction.INVOKE_METHOD.value
NOTICE = "document.getElementById('sk-offline')"


def notice_shown(page) -> bool:
    return page.page.evaluate(f"!!{NOTICE} && {NOTICE}.style.display === 'flex'")


def test_a_lost_connection_is_said_in_the_apps_colours_and_the_page_comes_back_where_it_was(phone, app_server):
    game_id = seed_game(app_server, [])
    phone.reload()
    tap_until(phone, "resume", lambda: phone.exists("hand-title"), "the game to open")
    tap_bid(phone, "Bob", 2)

    app_server.stop()
    phone.wait_until(lambda: notice_shown(phone), "the 'Not connected' notice")
    assert "Not connected" in phone.page.evaluate(f"{NOTICE}.innerText")
    assert phone.page.evaluate(f"getComputedStyle({NOTICE}).backgroundColor") == "rgb(17, 20, 23)"  # the dark theme's surface
    phone.page.mouse.click(195, 700)  # a tap meanwhile: refused, and said so
    phone.wait_until(lambda: "was not sent" in phone.page.evaluate("document.getElementById('sk-offline-tap').innerText"),
                     "the refused tap to be said")

    app_server.start()
    phone.wait_reconnected()
    phone.wait_until(lambda: not notice_shown(phone), "the notice to go once the server is back")
    phone.wait_until(lambda: phone.exists("hand-title"), "the same game after reconnecting")
    assert phone.page.url.endswith(f"/game/{game_id}")
    assert phone.text_of("hand-title") == "Hand 1 of 15"
    # The hand's title can reach the semantics DOM a frame before the rows under it.
    phone.wait_until(lambda: shows(phone, "Bob's bid: 2"), "Bob's bid kept through the lost connection", timeout=5)


def _asks_the_browser(message) -> bool:
    """Whether a server-to-browser WebSocket frame is a question the browser must answer (Flet's
    invoke_method: the app reading its settings or the device's language as a session starts)."""
    if not isinstance(message, bytes) or message[:1] != b"\x00":
        return False
    try:
        action, _body = msgpack.unpackb(message[1:], strict_map_key=False)
    except Exception:  # noqa: BLE001 - not a Flet frame: pass it on
        return False
    return action == INVOKE_METHOD


def test_a_page_reloaded_while_its_session_starts_still_gets_its_screen(make_page, app_server):
    """A page reloaded (or reconnected after a server restart) just as its session asked it something
    never answers that question; the reloaded page takes the same session back. The session must not
    wait for that answer forever: the page would stay blank for as long as the server keeps the session."""
    phone = make_page(open=False, name="phone")
    withheld: list[bytes] = []

    def lose_the_first_question(route) -> None:
        server = route.connect_to_server()
        route.on_message(server.send)

        def to_browser(message) -> None:
            if not withheld and _asks_the_browser(message):
                withheld.append(message)  # lost, as with a page reloaded right then
            else:
                route.send(message)

        server.on_message(to_browser)

    # Settings chosen before on this device (French): the session's first question reads them.
    phone.context.add_init_script(f"localStorage.setItem('flutter.{SETTINGS_KEY}', {json.dumps(json.dumps(json.dumps({'language': 'fr'})))})")
    phone.page.route_web_socket(re.compile(r"/ws$"), lose_the_first_question)
    phone.page.goto(app_server.url, wait_until="commit")
    phone.wait_until(lambda: bool(withheld), "the session's first question to the browser")
    phone.reload()  # within its 30 s
    phone.wait_until(lambda: phone.exists("new-game"), "Home, with its New game button")
    phone.expect_text("Nouvelle partie")  # the question was asked again, not given up: the settings hold


def test_the_notice_is_read_across_the_room_on_the_table_display(make_page, app_server):
    """Issue 38, item 14: on a TV showing /table the notice was ~15 px; it grows with the screen there
    (a phone keeps its 17 px)."""
    seed_game(app_server, [])
    tv = make_page((1920, 1080), name="tv", open=False)
    tv.open(app_server.url + "table")
    tv.wait_until(lambda: tv.exists("display-headline"), "the display")
    app_server.stop()
    tv.wait_until(lambda: notice_shown(tv), "the 'Not connected' notice")
    size = tv.page.evaluate(f"parseFloat(getComputedStyle({NOTICE}).fontSize)")
    title = tv.page.evaluate(f"parseFloat(getComputedStyle({NOTICE}.firstChild.firstChild).fontSize)")
    assert size >= 36 and title >= 56, (size, title)
