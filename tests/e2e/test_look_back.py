"""Looking back by taps: a finished game named and noted on its game over screen, then found in History
by its name, by a player and by the day it was played; and a name saved on one device refusing a stale
save from another."""
from __future__ import annotations

import dataclasses
from datetime import datetime

from scorekeeper.rules import PRESETS
from scorekeeper.storage import Store

from .game_steps import shows, tap_until, type_text

SHORT = dataclasses.replace(PRESETS["oh-heck"], shape="list", hand_list=(1,), hook=False)
TITLE_FIELD = "Name of the game"
SEARCH_FIELD = "Find a game"


def finished_game(server, names) -> str:
    store = Store(server.database_url)
    try:
        state = store.new_game(list(names), SHORT, first_dealer=0)
        state = store.record(state.id, {"type": "bids", "hand": 0, "values": [1] + [0] * (len(names) - 1)}, state.version)
        state = store.record(state.id, {"type": "tricks", "hand": 0, "values": [1] + [0] * (len(names) - 1)}, state.version)
        return store.finish(state.id, state.version).id
    finally:
        store.close()


def stored_title(server, game_id) -> tuple[str, str]:
    store = Store(server.database_url)
    try:
        record = store.load(game_id).record
        return record.title, record.notes
    finally:
        store.close()


def search(page, words: str) -> None:
    type_text(page, SEARCH_FIELD, words)
    tap_until(page, "search", lambda: page.exists(f"Found: “{words}”"), f"the games found for {words!r}")


def found_titles(page) -> list[str]:
    return [text for text in page.visible_texts() if " · Oh Heck (house rules): " in text or text.startswith("Oh Heck")]


def test_a_game_named_on_game_over_is_found_in_history(phone, app_server):
    ann = finished_game(app_server, ["Ann", "Bob", "Cy"])
    finished_game(app_server, ["Dee", "Eve", "Fay"])
    store = Store(app_server.database_url)
    try:  # and a game under way, which a search finds as well
        store.new_game(["Eve", "Gus", "Hal"], SHORT, first_dealer=0)
    finally:
        store.close()
    phone.reload()
    tap_until(phone, "History", lambda: phone.exists("Finished or ended early"), "History")
    tap_until(phone, "Oh Heck (house rules): Ann, Bob, Cy", lambda: phone.exists("save-about"), "the game over screen")
    type_text(phone, TITLE_FIELD, "Friday at Ann's")
    tap_until(phone, "save-about", lambda: shows(phone, "Name and notes saved: History finds the game by them."),
              "the name to be saved")
    assert stored_title(app_server, ann) == ("Friday at Ann's", "")
    phone.tap("back")
    phone.expect_text("Finished or ended early")
    search(phone, "friday")
    assert phone.exists("Friday at Ann's · Oh Heck (house rules): Ann, Bob, Cy")
    assert not phone.exists("Oh Heck (house rules): Dee, Eve, Fay")
    assert not phone.exists("Oh Heck (house rules): Eve, Gus, Hal")
    search(phone, "Eve")  # a player: the game under way, then the finished one
    assert phone.exists("Oh Heck (house rules): Dee, Eve, Fay") and not phone.exists("Friday at Ann's · Oh Heck (house rules): Ann, Bob, Cy")
    assert phone.exists("Oh Heck (house rules): Eve, Gus, Hal") and phone.exists("Unfinished") and phone.exists("Finished or ended early")
    search(phone, "nobody")
    assert phone.exists("No game found.") and not phone.exists("Unfinished")
    search(phone, datetime.now().astimezone().strftime("%Y-%m-%d"))  # the day they were played: both
    assert phone.exists("Oh Heck (house rules): Dee, Eve, Fay") and phone.exists("Friday at Ann's · Oh Heck (house rules): Ann, Bob, Cy")
    tap_until(phone, "clear-search", lambda: phone.exists("Finished or ended early"), "the whole history")


def test_a_name_saved_on_another_device_refuses_the_stale_save(make_page, app_server):
    game_id = finished_game(app_server, ["Ann", "Bob", "Cy"])
    first, second = make_page(name="first"), make_page(name="second")
    for page in (first, second):
        tap_until(page, "History", lambda page=page: page.exists("Finished or ended early"), "History")
        tap_until(page, "Oh Heck (house rules): Ann, Bob, Cy", lambda page=page: page.exists("save-about"), "game over")
    type_text(second, TITLE_FIELD, "Saturday")  # typed, not saved yet
    type_text(first, TITLE_FIELD, "Friday at Ann's")
    tap_until(first, "save-about", lambda: shows(first, "Name and notes saved: History finds the game by them."), "saved")
    # The second device's save was typed over the name it showed before: refused, its words kept to decide.
    tap_until(second, "save-about", lambda: any("changed on another device" in text for text in second.visible_texts()),
              "the stale save to be refused")
    assert stored_title(app_server, game_id) == ("Friday at Ann's", "")
    field = second.page.locator(f'input[aria-label="{TITLE_FIELD}"]')
    field.click()  # (Flutter puts a field's text in the page once it has the focus)
    second.wait_until(lambda: field.input_value() == "Saturday", "the second device's words to be kept")
    # Saving again, having been told, means it.
    tap_until(second, "save-about", lambda: stored_title(app_server, game_id)[0] == "Saturday", "the second save")


def test_a_player_s_page_is_reached_from_players_and_compares_two_players(phone, app_server):
    # Two one-hand games Ann made her bid of 1 in (bids 1,0,0; tricks 1,0,0): Ann first each time.
    first = finished_game(app_server, ["Ann", "Bob", "Cy"])
    finished_game(app_server, ["Ann", "Dee", "Eve"])
    with Store(app_server.database_url) as store:  # and one under way, which no figure counts: said
        store.new_game(["Ann", "Gus", "Hal"], SHORT, first_dealer=0)
    phone.reload()
    tap_until(phone, "Players", lambda: phone.exists("open-player-Ann"), "Players")
    phone.expect_text("No finished game yet (1 game ended early or under way)")
    tap_until(phone, "open-player-Ann", lambda: phone.exists("player-headline"), "Ann's page")
    for line in ("Oh Heck (house rules): 2 finished games, 2 wins", "Bids made: 2 of 2 (100%)",
                 "Longest streak: 2 made bids in a row", "Hooked as the dealer: not yet"):
        assert phone.exists(line), line
    tap_until(phone, "versus-Bob", lambda: phone.exists("versus-line"), "Ann against Bob")
    assert phone.exists("Against Bob: 1 game · Ann ahead in 1, Bob ahead in 0, level in 0")
    phone.wait_until(lambda: "versus=" in phone.page.url, "the address to keep the comparison")
    phone.open(phone.page.url)  # a reload at that address
    phone.expect_text("Against Bob: 1 game · Ann ahead in 1, Bob ahead in 0, level in 0")
    tap_until(phone, "best-game", lambda: phone.exists("save-about"), "the best game's standings")
    phone.wait_until(lambda: phone.page.url.endswith(f"/game/{first}"), "the best game (the first to reach it) to open")
