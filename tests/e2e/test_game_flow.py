"""A whole Oh Heck game for four players, played by taps in the real app, and the refusals on the way."""
from __future__ import annotations

import time

from scorekeeper.storage import Store

from .game_steps import NAMES, ask_from_menu, change, enter_bids, enter_tricks, load, seat_players, seed_game, shows, tap_bid, tap_tricks, tap_until

# (bids, tricks) in seat order Ann, Bob, Cy, Dee; Ann deals first. Oh Heck: made = 10 + 2 per trick bid,
# missed = -5 per trick off. Points worked out by hand, then the running totals:
PLAN = [
    ([2, 1, 3, 0], [5, 0, 3, 0]),  # 8 cards: [-15, -5, 16, 10] -> [-15, -5, 16, 10]
    ([1, 0, 0, 3], [2, 0, 0, 5]),  # 7: [-5, 10, 10, -10] -> [-20, 5, 26, 0]
    ([0, 0, 1, 0], [0, 4, 2, 0]),  # 6: [10, -20, -5, 10] -> [-10, -15, 21, 10]
    ([0, 1, 2, 3], [0, 0, 3, 2]),  # 5: [10, -5, -5, -5] -> [0, -20, 16, 5]
    ([0, 0, 0, 1], [1, 0, 1, 2]),  # 4: [-5, 10, -5, -5] -> [-5, -10, 11, 0]
    ([3, 2, 2, 1], [0, 1, 1, 1]),  # 3: [-15, -5, -5, 12] -> [-20, -15, 6, 12]
    ([0, 2, 2, 0], [0, 0, 2, 0]),  # 2: [10, -10, 14, 10] -> [-10, -25, 20, 22]
    ([1, 1, 1, 0], [0, 1, 0, 0]),  # 1: [-5, 12, -5, 10] -> [-15, -13, 15, 32]
    ([1, 0, 2, 0], [0, 0, 2, 0]),  # 2: [-5, 10, 14, 10] -> [-20, -3, 29, 42]
    ([0, 0, 1, 1], [0, 0, 1, 2]),  # 3: [10, 10, 12, -5] -> [-10, 7, 41, 37]
    ([0, 0, 3, 2], [0, 1, 2, 1]),  # 4: [10, -5, -5, -5] -> [0, 2, 36, 32]
    ([2, 3, 3, 1], [1, 1, 3, 0]),  # 5: [-5, -10, 16, -5] -> [-5, -8, 52, 27]
    ([0, 1, 0, 1], [0, 1, 4, 1]),  # 6: [10, 12, -20, 12] -> [5, 4, 32, 39]
    ([2, 1, 2, 3], [1, 1, 2, 3]),  # 7: [-5, 12, 14, 16] -> [0, 16, 46, 55]
    ([2, 0, 0, 0], [1, 0, 0, 7]),  # 8: [-5, 10, 10, -35] -> [-5, 26, 56, 20]
]
AFTER_5 = [-5, -10, 11, 0]
FINAL = [-5, 26, 56, 20]


def shown(total: int) -> str:
    """A score as the screens show it: below zero with a real minus sign ("−5")."""
    return str(total).replace("-", "−")


def in_bidding_order(values, dealer):
    """Seat-order values as {name: value} starting left of the dealer (the order the screen asks)."""
    order = [(dealer + 1 + k) % 4 for k in range(4)]
    return {NAMES[seat]: values[seat] for seat in order}


def card_totals(page):
    tap_until(page, "tab-card", lambda: page.exists("Standings"), "the score card")
    totals = [page.text_of(f"total-{seat}") for seat in range(4)]
    tap_until(page, "tab-entry", lambda: not page.exists("Standings"), "the hand")
    return totals


def test_a_whole_oh_heck_game_for_four_by_taps(phone, app_server):
    phone.expect_text("Scorekeeper")
    seat_players(phone)
    assert phone.is_current("Oh Heck") and not phone.is_current("OH, MY HECK!")  # the default, told to screen readers
    phone.tap("Oh Heck")
    phone.expect_text("15 hands: 8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8")
    phone.tap("start-game")
    for index, (bids, tricks) in enumerate(PLAN):
        number = index + 1
        dealer = index % 4
        phone.wait_until(lambda: phone.text_of("hand-title") == f"Hand {number} of 15", f"hand {number}")
        assert phone.text_of("deal-line").endswith(f"{NAMES[dealer]} deals")
        enter_bids(phone, in_bidding_order(bids, dealer))
        enter_tricks(phone, in_bidding_order(tricks, dealer))
        if number == 5:
            phone.wait_until(lambda: phone.text_of("hand-title") == "Hand 6 of 15", "hand 6")
            assert card_totals(phone) == [f"{name} total {shown(total)}" for name, total in zip(NAMES, AFTER_5)]
    phone.expect_text("Cy wins!")
    for name, total in zip(NAMES, FINAL):
        assert phone.text_of(f"final-{name}").endswith(shown(total)), phone.text_of(f"final-{name}")
    phone.tap("see-card")
    phone.expect_text("Standings")
    assert [phone.text_of(f"total-{seat}") for seat in range(4)] == [
        f"{name} total {shown(total)}" for name, total in zip(NAMES, FINAL)]
    assert "Cy wins with 56" in phone.text_of("leader")
    games = [s for s in __import__("scorekeeper.storage", fromlist=["Store"]).Store(app_server.database_url).finished_games()]
    assert len(games) == 1 and games[0].scores == FINAL and games[0].winners == ["Cy"]


def test_the_dealers_forbidden_bid_is_refused(phone, app_server):
    game_id = seed_game(app_server, [])
    phone.reload()  # the game was stored after the page opened
    phone.tap("resume")
    phone.expect_text("Hand 1 of 15")
    for name, bid in (("Bob", 3), ("Cy", 2), ("Dee", 2)):
        tap_bid(phone, name, bid)
    phone.expect_text("Ann may not bid 1")  # struck out, with the reason beside it
    phone.expect_text("May not bid 1: the bids would add up to 8")
    barred = [line for line in phone.semantics_dump().splitlines() if '"Ann may not bid 1"' in line]
    assert barred and all("[button]" not in line for line in barred), barred  # not tappable at all
    assert "Ann's bid: none yet" in phone.visible_texts()
    phone.tap("bids-done")
    phone.wait_until(lambda: phone.text_of("message") == "Still to bid: Ann", "the refusal, at the button")
    assert load(app_server, game_id).game.hands[0].bids is None  # nothing was stored
    tap_bid(phone, "Ann", 0)  # the last bid enters the bids
    phone.expect_text("8 tricks still to assign")
    assert load(app_server, game_id).game.hands[0].bids == (0, 3, 2, 2)


def test_tricks_that_do_not_add_up_are_refused(phone, app_server):
    game_id = seed_game(app_server, [([0, 3, 2, 2], None)])
    phone.reload()  # the game was stored after the page opened
    phone.tap("resume")
    phone.expect_text("8 tricks still to assign")
    for name, took in (("Bob", 3), ("Cy", 2), ("Dee", 1), ("Ann", 1)):
        tap_tricks(phone, name, took)
    phone.wait_until(lambda: phone.text_of("tricks-left") == "1 trick still to assign", "the countdown")
    phone.tap("hand-done")
    assert "1 trick still to assign" in phone.text_of("message")
    change(phone, "tricks", "Ann")  # entered rows fold to one line on a phone: open Ann's again
    tap_tricks(phone, "Ann", 3)
    phone.wait_until(lambda: phone.text_of("tricks-left") == "1 trick too many: the hand had 8 tricks", "too many")
    phone.tap("hand-done")
    assert "too many" in phone.text_of("message")
    assert load(app_server, game_id).game.hands[0].tricks is None  # nothing was stored
    change(phone, "tricks", "Dee")
    tap_tricks(phone, "Dee", 0)
    phone.wait_until(lambda: phone.text_of("tricks-left") == "All 8 tricks assigned", "all assigned")
    phone.tap("hand-done")
    phone.wait_until(lambda: phone.text_of("hand-title") == "Hand 2 of 15", "hand 2")
    assert load(app_server, game_id).game.hands[0].tricks == (3, 3, 2, 0)


def test_undo_of_the_tricks_brings_them_back_to_change(phone, app_server):
    game_id = seed_game(app_server, [([0, 3, 2, 2], [1, 3, 2, 2])])
    phone.reload()  # the game was stored after the page opened
    phone.tap("resume")
    phone.expect_text("Hand 2 of 15")
    phone.tap("undo")  # "Undo tricks of hand 1"
    phone.expect_text("All 8 tricks assigned")
    for name, took in (("Ann", 1), ("Bob", 3), ("Cy", 2), ("Dee", 2)):  # back as they were, not cleared
        phone.wait_until(lambda: shows(phone, f"{name}'s tricks: {took}"), f"{name}'s tricks back")
    assert load(app_server, game_id).game.hands[0].tricks is None  # undone in storage
    change(phone, "tricks", "Dee")
    tap_tricks(phone, "Dee", 1)
    change(phone, "tricks", "Ann")
    tap_tricks(phone, "Ann", 2)
    phone.tap("hand-done")
    phone.wait_until(lambda: phone.text_of("hand-title") == "Hand 2 of 15", "hand 2")
    assert load(app_server, game_id).game.hands[0].tricks == (2, 3, 2, 1)


def test_a_correction_of_an_earlier_hand_flows_into_the_totals(phone, app_server):
    seed_game(app_server, PLAN[:3])
    phone.reload()  # the game was stored after the page opened
    phone.tap("resume")
    phone.expect_text("Hand 4 of 15")
    assert card_totals(phone) == ["Ann total −10", "Bob total −15", "Cy total 21", "Dee total 10"]
    tap_until(phone, "tab-card", lambda: phone.exists("Standings"), "the score card")
    phone.tap("cell-1-0")  # hand 1, Ann: bid 2 took 5; really she took 2 and Bob 3
    phone.expect_text("Correcting hand 1")
    # The whole hand within the screen's height (the last rows a short scroll from over the bar), each
    # row in one line, a tap away from its chips (all open, the last row was three screens down)
    phone.wait_until(lambda: phone.exists("row-tricks-Ann"), "the last row of tricks")
    last, height = phone.find("row-tricks-Ann").bounding_box(), phone.page.viewport_size["height"]
    assert last["y"] + last["height"] <= height, f"the last row of tricks ends at {last['y'] + last['height']:.0f}"
    tap_tricks(phone, "Ann", 2)
    tap_tricks(phone, "Bob", 3)
    phone.wait_until(lambda: phone.text_of("tricks-left") == "All 8 tricks assigned", "the tricks to add up")
    phone.tap("save-correction")
    phone.expect_text("Hand 1 corrected")
    # Hand 1 now: Ann bid 2 took 2: +14 (was -15); Bob bid 1 took 3: -10 (was -5).
    assert card_totals(phone) == ["Ann total 19", "Bob total −20", "Cy total 21", "Dee total 10"]
    assert phone.text_of("hand-title") == "Hand 4 of 15"


def test_the_server_restarts_mid_game_and_the_game_resumes_exactly(phone, app_server):
    seed_game(app_server, PLAN[:2])
    phone.reload()  # the game was stored after the page opened
    phone.tap("resume")
    phone.expect_text("Hand 3 of 15")
    bids = list(in_bidding_order(PLAN[2][0], 2).items())
    for name, bid in bids[:2]:  # half the bids tapped, not yet submitted
        tap_bid(phone, name, bid)
    _restart_and_resume(phone, app_server)
    phone.expect_text("The bids tapped before are still here: carry on.")
    for name, bid in bids[:2]:
        assert shows(phone, f"{name}'s bid: {bid}")  # every tap was kept, not only the submitted steps
    enter_bids(phone, dict(bids[2:]))
    tap_tricks(phone, "Dee", 0)
    before = phone.text_of("bids-summary")
    _restart_and_resume(phone, app_server)
    assert phone.text_of("bids-summary") == before == "Bids: Dee 0 · Ann 0 · Bob 0 · Cy 1 — under by 5"
    assert shows(phone, "Dee's tricks: 0")
    phone.expect_text("6 tricks still to assign")
    enter_tricks(phone, {name: took for name, took in in_bidding_order(PLAN[2][1], 2).items() if name != "Dee"})
    phone.wait_until(lambda: phone.text_of("hand-title") == "Hand 4 of 15", "hand 4")
    assert card_totals(phone) == ["Ann total −10", "Bob total −15", "Cy total 21", "Dee total 10"]


def _restart_and_resume(phone, app_server) -> None:
    app_server.restart()
    phone.reload()  # as the page reconnects by itself (test_connection: the session it takes back answers)
    phone.tap("resume")
    phone.expect_text("Hand 3 of 15")


def test_undo_and_redo_are_one_tap_away(phone, app_server):
    seed_game(app_server, PLAN[:1])
    phone.reload()  # the game was stored after the page opened
    phone.tap("resume")
    phone.expect_text("Hand 2 of 15")
    phone.expect_text("Undo tricks of hand 1")  # the undo button says what it undoes
    tap_until(phone, "undo", lambda: phone.text_of("hand-title") == "Hand 1 of 15", "hand 1 again")
    phone.expect_text("Undone: tricks of hand 1. Change it and enter it again.")
    phone.expect_text("All 8 tricks assigned")  # the undone tricks are back to change
    tap_until(phone, "redo", lambda: phone.text_of("hand-title") == "Hand 2 of 15", "hand 2 again")
    assert card_totals(phone) == ["Ann total −15", "Bob total −5", "Cy total 16", "Dee total 10"]


def test_a_second_device_sees_the_entries_at_once(app_server, make_page):
    from .harness import PHONE, TABLET

    seed_game(app_server, [])
    phone, tablet = make_page(PHONE, name="phone"), make_page(TABLET, name="tablet")
    for page in (phone, tablet):
        page.tap("resume")
        page.expect_text("Hand 1 of 15")
    enter_bids(phone, {"Bob": 3, "Cy": 2, "Dee": 2, "Ann": 0})
    tablet.expect_text("8 tricks still to assign")
    tablet.expect_text("another device made an entry")


def test_undo_takes_back_a_chip_tapped_by_mistake(phone, app_server):
    """The UX review: a bid tapped by mistake, and Undo said "Nothing to undo". It takes back the taps of
    the hand under way, the last first, and the row opens again for the right chip; the step's taps gone,
    it takes back the last entry again."""
    game_id = seed_game(app_server, PLAN[:1])
    phone.reload()
    phone.tap("resume")
    phone.expect_text("Hand 2 of 15")
    tap_bid(phone, "Cy", 1)
    tap_bid(phone, "Dee", 3)  # meant 2
    phone.wait_until(lambda: phone.exists("Undo the last tap"), "Undo offering the tap")
    phone.tap("undo")
    phone.expect_text("Tap taken back: Dee.")
    phone.wait_until(lambda: shows(phone, "Dee's bid: none yet") and phone.exists("Dee bids 2"), "Dee's row open again")
    assert shows(phone, "Cy's bid: 1")
    with Store(app_server.database_url) as store:  # kept as the taps are: the other devices show it too
        assert store.draft(game_id, store.load(game_id).version)["taps"] == {"2": 1, "3": None}
    tap_bid(phone, "Dee", 2)
    assert shows(phone, "Cy's bid: 1") and shows(phone, "Dee's bid: 2")


def test_ending_a_game_early_takes_two_taps(phone, app_server):
    game_id = seed_game(app_server, PLAN[:2])
    phone.reload()
    phone.tap("resume")
    phone.expect_text("Hand 3 of 15")
    ask_from_menu(phone, "End the game now")  # in the menu, away from the buttons used every hand
    phone.expect_text("again to end it here")
    assert load(app_server, game_id).status == "playing"
    # The answer waits in the bar, in the thumb zone (the review: the menu had to be opened again for
    # it); any other tap drops the question, as Cancel does
    assert phone.find("end-now").bounding_box()["y"] > phone.page.viewport_size["height"] - 200
    phone.tap("keep-playing")
    phone.wait_until(lambda: phone.exists("hand-done") or phone.exists("bids-done"), "the step's button back")
    ask_from_menu(phone, "End the game now")
    phone.tap("end-now")
    phone.expect_text("Ended early after 2 of 15 hands")
    stored = load(app_server, game_id)
    assert stored.status == "abandoned"
    # Its card says who was in front when the table stopped, not who "leads" a game still under way
    phone.tap("see-card")
    phone.wait_until(lambda: phone.exists("total-0"), "the score card")
    best = max(stored.game.totals())
    ahead = [name for name, total in zip(stored.game.players, stored.game.totals()) if total == best]
    assert len(ahead) == 1  # (the plan's two hands leave one player in front)
    phone.expect_text(f"{ahead[0]} was in front with {best} when the game ended")


def test_a_reload_comes_back_to_the_same_screen_with_its_address(phone, app_server):
    """Every screen has an address in the browser: a reload of a game in play comes back to its hand
    (not Home), with the bids tapped before still there; the browser's back button goes back."""
    game_id = seed_game(app_server, [])
    phone.reload()  # Home, with the game stored meanwhile
    phone.expect_text("Unfinished game")
    tap_until(phone, "resume", lambda: phone.exists("hand-title"), "the game to open")
    phone.wait_until(lambda: phone.page.url.endswith(f"/game/{game_id}"), "the game's address in the browser")
    tap_bid(phone, "Bob", 2)
    phone.open(phone.page.url)  # a reload at the game's address
    phone.wait_until(lambda: phone.exists("hand-title"), "the game again after the reload")
    assert phone.text_of("hand-title") == "Hand 1 of 15"
    assert shows(phone, "Bob's bid: 2")  # the bid tapped before the reload, kept as a draft
    phone.page.go_back()  # the browser's back button: Home, which the reload put under the game
    phone.wait_until(lambda: phone.exists("Unfinished game"), "Home after the browser's back button")


def test_a_keyboard_enters_a_whole_hand(phone, app_server):
    """The chips and the step's button take no keyboard focus; on a device with a keyboard the digits are
    the next player's chip, Ctrl+Enter the step's button and Ctrl+Z undo."""
    game_id = seed_game(app_server, [])
    phone.reload()
    phone.tap("resume")
    phone.expect_text("Hand 1 of 15")
    for key in "1002":  # Bob, Cy, Dee, then Ann, who deals: the last bid enters the bids
        phone.press(key)
    phone.expect_text("Tricks taken")
    assert load(app_server, game_id).game.hands[0].bids == (2, 1, 0, 0)
    for key in "125":  # Bob 1, Cy 2, Dee 5: Ann's 0 is filled in, the one number that completes the hand
        phone.press(key)
    phone.expect_text("Ann's tricks: 0")
    phone.press("Control+Enter")
    phone.expect_text("Hand 2 of 15")
    assert load(app_server, game_id).game.hands[0].tricks == (0, 1, 2, 5)
    phone.press("Control+z")
    phone.expect_text("Undone: tricks of hand 1. Change it and enter it again.")
    assert load(app_server, game_id).game.hands[0].tricks is None


# Counts the frames Flutter asks the browser for (each one redraws the whole screen).
_COUNT_FRAMES = r"""() => {
  if (window.__frames !== undefined) return;
  window.__frames = 0;
  const request = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) => request((time) => { window.__frames += 1; callback(time); });
}"""


def test_a_mouse_moving_over_the_hand_draws_no_frame(phone, app_server):
    """With a mouse, nothing the pointer passes on its way to the next tap may draw: each frame is a
    whole screen for a browser without a GPU to draw, and one drawn just as a tap's answer comes holds
    that answer up. An entered row lies under the pointer after nearly every tap (the chips fold into
    it): its hover highlight faded in and out (the first tricks chip took twice as long as the others).
    The scrolling hand's scrollbar redrew as the pointer left it for the step's button (Hand done took
    15 ms more). See benchmarks/tap_frame.py."""
    seed_game(app_server, [])
    phone.reload()
    phone.tap("resume")
    tap_bid(phone, "Bob", 1)
    phone.expect_text("Bob's bid: 1")
    spots = {label: phone.find(label).bounding_box() for label in ("hand-title", "row-bid-Bob", "bids-done")}
    mouse = phone.page.mouse

    def move_to(label: str) -> None:
        box = spots[label]
        mouse.move(box["x"] + box["width"] / 3, box["y"] + box["height"] / 2)
        time.sleep(0.4)

    move_to("hand-title")
    phone.page.evaluate(_COUNT_FRAMES)
    time.sleep(0.5)  # whatever was still being drawn
    before = phone.page.evaluate("() => window.__frames")
    for _ in range(2):
        for label in ("row-bid-Bob", "hand-title", "bids-done", "row-bid-Bob"):
            move_to(label)
    assert phone.page.evaluate("() => window.__frames") == before
