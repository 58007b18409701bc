"""When the server can't be reached: the screen says so in the app's colours (never Flet's white
"Working..." page), a tap meanwhile is refused visibly, and once the server is back the page returns
to the screen it showed (the same game, the same hand, the taps kept), not to Home."""
from __future__ import annotations

from .game_steps import seed_game, shows, tap_bid, tap_until

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
