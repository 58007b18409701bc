"""Who may change the games: the host (the machine the server runs on) and devices with the table's
PIN; every other device follows. Several browser contexts on one server; a device "elsewhere on the
Wi-Fi" is a context whose requests carry X-Forwarded-For, as a TLS proxy on the host sends them (the
server trusts that header from its own machine only)."""
from __future__ import annotations

from .game_steps import enter_bids, load, seed_game, shows, tap_tricks, tap_until
from .harness import PHONE, TABLET, E2EError

BIDS = {"Bob": 2, "Cy": 1, "Dee": 3, "Ann": 0}  # hand 1 of Oh Heck for four, Ann deals


def elsewhere(address: str) -> dict:
    return {"forwarded_for": address}


def open_game(page) -> None:
    page.expect_text("Unfinished game")
    tap_until(page, "resume", lambda: page.exists("hand-title"), "the game to open")


def table_pin(host) -> str:
    host.tap("invite")
    shown = host.text_of("table-pin")  # read aloud digit by digit: "Table PIN 4 0 7 1 9 2"
    host.tap("back")
    assert shown.startswith("Table PIN ")
    return shown.removeprefix("Table PIN ").replace(" ", "")


def enter_pin(page, pin: str) -> None:
    """On the PIN screen (Home's "Enter the PIN" opens it), answered: a refused PIN is cleared from the
    field, a right one leaves the screen (the same refusal twice in a row reads the same: that is how
    the answer is told from the last one)."""
    page.find("The table's PIN").fill(pin)
    page.tap("unlock")

    def answered() -> bool:
        try:
            return page.text_of("The table's PIN", timeout=0.2) == ""
        except E2EError:  # the screen went: the PIN was taken
            return True

    page.wait_until(answered, "the PIN to be answered")


def test_a_viewer_follows_live_is_shown_as_a_follower_and_can_change_nothing(make_page, app_server):
    """A device without the PIN sees the game as it is entered, with nothing that looks as if it could
    change it (it had live chips, Enter, the menu and a full New game form, and was refused only at the
    last tap): one line says what it is, and how to make entries."""
    game_id = seed_game(app_server, [])
    host = make_page(PHONE, name="host")
    viewer = make_page(TABLET, name="viewer", context=elsewhere("192.168.1.31"))
    viewer.expect_text("This device follows the games")
    assert not host.exists("This device follows the games")
    assert not viewer.exists("new-game") and host.exists("new-game")
    viewer.expect_text("Follow the game")
    open_game(host)
    open_game(viewer)
    viewer.expect_text("This device follows the game. To make entries here, enter the table's PIN.")
    assert viewer.exists("enter-pin") and not viewer.exists("menu") and not viewer.exists("bids-done")
    assert host.exists("menu")

    box = viewer.find("Bob bids 2").bounding_box()  # its chips show the score keeper's taps and take none
    viewer.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    viewer.page.wait_for_timeout(800)
    assert not shows(viewer, "Bob's bid: 2")
    enter_bids(host, BIDS)  # the host's entry shows on the viewer without a tap
    viewer.wait_until(lambda: viewer.exists("bids-summary"), "the viewer to show the host's bids", timeout=15)
    assert len(load(app_server, game_id).record.actions) == 1

    viewer.tap("home")  # no game to delete, no bin
    viewer.tap("History")
    viewer.expect_text("Oh Heck")
    assert not viewer.exists("Delete Oh Heck: Ann, Bob, Cy, Dee") and not viewer.exists("bin")
    viewer.open(viewer.page.evaluate("location.origin") + "/new")  # New game by its address: no form
    viewer.expect_text("This device follows the games. To start one here, enter the table's PIN.")
    assert not viewer.exists("start-game")
    assert load(app_server, game_id).record.actions[0]["values"] == [0, 2, 1, 3]


def test_a_wrong_pin_is_refused_and_throttled_and_the_right_one_lets_a_device_enter_a_hand(make_page, app_server):
    game_id = seed_game(app_server, [])
    host = make_page(PHONE, name="host")
    pin = table_pin(host)
    assert len(pin) >= 6 and pin.isdigit()
    guest = make_page(PHONE, name="guest", context=elsewhere("192.168.1.32"))
    wrong = "000000" if pin != "000000" else "111111"
    guest.tap("enter-pin")
    field = guest.find("The table's PIN")
    assert field.get_attribute("type") == "password"  # masked: the neighbour at the table doesn't read it
    for _ in range(2):
        enter_pin(guest, wrong)
        guest.expect_text("That is not the table's PIN")
    enter_pin(guest, wrong)
    guest.expect_text("Try again in 5 seconds")
    guest.find("The table's PIN").fill(pin)  # the right PIN, too soon: still refused
    guest.tap("unlock")
    guest.expect_text("Too many wrong PINs")
    guest.page.wait_for_timeout(5500)
    guest.find("The table's PIN").fill(pin)
    guest.tap("unlock")
    guest.expect_text("This device can make entries now")
    open_game(guest)
    enter_bids(guest, BIDS)
    guest.expect_text("Tricks taken")
    assert load(app_server, game_id).record.actions[0]["values"] == [0, 2, 1, 3]


def test_the_host_sends_an_editing_device_back_to_viewer(make_page, app_server):
    game_id = seed_game(app_server, [])
    host = make_page(TABLET, name="host")
    pin = table_pin(host)
    guest = make_page(PHONE, name="guest", context=elsewhere("192.168.1.33"))
    guest.tap("enter-pin")
    enter_pin(guest, pin)
    guest.expect_text("This device can make entries now")
    open_game(guest)

    host.tap("invite")
    host.expect_text("192.168.1.33 · can make entries")
    host.tap("make-viewer-192.168.1.33")
    host.expect_text("192.168.1.33 · follows the games")
    guest.expect_text("The host made this device a viewer")
    assert guest.exists("enter-pin") and not guest.exists("menu")  # shown as a follower at once
    assert load(app_server, game_id).record.actions == ()


def test_the_table_display_follows_a_hand_as_it_is_entered(make_page, app_server):
    seed_game(app_server, [])
    host = make_page(PHONE, name="host")
    display = make_page((1920, 1080), name="tv", open=False, context=elsewhere("192.168.1.40"))
    display.open(app_server.url + "table")  # a TV's browser, at the display's own address
    display.wait_until(lambda: display.text_of("display-headline") == "Hand 1 of 15 · 8 cards · Ann deals",
                       "the display to show hand 1")
    assert "to bid" in display.text_of("display-Bob")
    open_game(host)
    host.tap("Bob bids 2")  # a tap, not yet submitted: the display shows it already
    display.wait_until(lambda: "bid 2" in display.text_of("display-Bob"), "Bob's bid on the display", timeout=15)
    enter_bids(host, {"Cy": 1, "Dee": 3, "Ann": 0})
    display.wait_until(lambda: "Bids total 6 for 8 tricks: under by 2" in display.text_of("display-detail"),
                       "the bids' balance on the display", timeout=15)
    assert "bid 3" in display.text_of("display-Dee")
    assert not display.exists("Bob bids 2")  # nothing to tap on the display


def test_both_sides_shows_the_game_to_each_side_of_the_table(make_page, app_server):
    seed_game(app_server, [([0, 2, 1, 3], [1, 2, 2, 3])])
    tablet = make_page(TABLET, name="tablet")
    tablet.tap("invite")
    tablet.tap("both-sides")
    headline = tablet.page.locator("flt-semantics-host").get_by_text("Hand 2 of 15 · 7 cards · Bob deals")
    tablet.wait_until(lambda: headline.count() == 2, "the hand on both halves")


def test_the_display_fits_every_player_and_grows_its_type_into_the_room(make_page, app_server):
    """No one can scroll a display: eight players all show on a tablet, down to the last of them, and
    a half of "both sides" before four players takes the type as large as the half holds."""
    eight = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
    seed_game(app_server, [], names=eight)
    display = make_page(TABLET, name="display", open=False)
    display.open(app_server.url + "table")
    display.expect_text("Hand 1 of 11 · 6 cards · Ann deals")
    for name in eight:  # (standings in seat order: nobody has scored yet)
        box = display.find(f"display-{name}").bounding_box()
        assert box is not None and box["y"] + box["height"] <= TABLET[1], f"{name}'s line is off the display: {box}"

    seed_game(app_server, [])  # the latest game: four players
    display.open(app_server.url + "table/both-sides")
    headlines = display.page.locator("flt-semantics-host").get_by_text("Hand 1 of 15 · 8 cards · Ann deals")
    display.wait_until(lambda: headlines.count() == 2, "the hand on both halves")
    near = max((headlines.nth(i).bounding_box() for i in range(2)), key=lambda box: box["y"])
    # At the type's old fixed floor (0.6 of a TV's) its line was 34 px high; the half holds more.
    assert near["height"] >= 38, near
    lines = display.page.locator('[flt-semantics-identifier="display-Dee"]')  # one on each half
    last = max((lines.nth(i).bounding_box() for i in range(lines.count())), key=lambda box: box["y"])
    assert last["y"] > near["y"] and last["y"] + last["height"] <= TABLET[1], last


def test_the_hosts_list_of_devices_drops_one_whose_tab_was_closed(make_page, app_server):
    host = make_page(TABLET, name="host")
    guest = make_page(PHONE, name="guest", context=elsewhere("192.168.1.34"))
    guest.expect_text("This device follows the games")
    host.tap("invite")
    host.expect_text("192.168.1.34 · follows the games")
    guest.close()  # its session lives on a few minutes (it may come back); the list shows who is here
    host.tap("back")
    host.tap("invite")
    host.wait_until(lambda: not host.exists("192.168.1.34 · follows the games"), "the closed tab to leave the list")


def test_the_card_beside_the_hand_catches_up_on_the_tablet_that_entered_it_and_on_a_follower(make_page, app_server):
    """The tablet that taps Hand done shows the next hand first and brings the score card beside it up
    to date a moment later (Screen.brought_up_later); a tablet that follows draws its card at once. Both
    end with the stored totals, without another tap."""
    game_id = seed_game(app_server, [([2, 0, 0, 0], None)])  # Ann bids 2 of 8; she'll take them all: −30
    host = make_page(TABLET, name="host")
    viewer = make_page(TABLET, name="viewer", context=elsewhere("192.168.1.33"))
    open_game(host)
    open_game(viewer)
    def totals(page) -> list[str]:  # the score card beside the hand
        return [page.text_of(f"total-{seat}") for seat in range(4)]

    for page in (host, viewer):
        assert totals(page) == ["Ann total 0", "Bob total 0", "Cy total 0", "Dee total 0"]
    for name in ("Bob", "Cy", "Dee"):
        tap_tricks(host, name, 0)
    host.expect_text("Ann took 8 (filled in)")
    tap_until(host, "hand-done", lambda: host.text_of("hand-title") == "Hand 2 of 15", "hand 2")
    stored = ["Ann total −30", "Bob total 10", "Cy total 10", "Dee total 10"]
    for page in (host, viewer):
        page.wait_until(lambda page=page: totals(page) == stored, f"the {page.name}'s card to show hand 1", timeout=10)
    assert viewer.text_of("hand-title") == "Hand 2 of 15"
    assert load(app_server, game_id).game.hands[0].tricks == (8, 0, 0, 0)


def test_the_pin_and_a_devices_right_outlive_a_restart_and_a_new_pin_ends_the_right(make_page, app_server):
    """The server restarted (a crash, a laptop that slept): the PIN is the same, and the phone that had
    entered it still makes entries without being asked again. A new PIN ends its right, and it is told."""
    game_id = seed_game(app_server, [])
    host = make_page(TABLET, name="host")
    pin = table_pin(host)
    guest = make_page(PHONE, name="guest", context=elsewhere("192.168.1.35"))
    guest.tap("enter-pin")
    enter_pin(guest, pin)
    guest.expect_text("This device can make entries now")
    app_server.restart()
    guest.wait_reconnected()
    host.wait_reconnected()
    assert table_pin(host) == pin
    open_game(guest)
    enter_bids(guest, BIDS)
    guest.expect_text("Tricks taken")
    assert load(app_server, game_id).record.actions[0]["values"] == [0, 2, 1, 3]

    host.tap("invite")
    host.tap("new-pin")
    host.wait_until(lambda: host.text_of("table-pin") != "Table PIN " + " ".join(pin), "a new PIN")
    guest.expect_text("The host made a new PIN")
    assert guest.exists("enter-pin") and not guest.exists("menu")
    guest.reload()  # and after a reload too: the right its browser keeps ended with the old PIN
    guest.expect_text("This device follows the games")
    assert len(load(app_server, game_id).record.actions) == 1
