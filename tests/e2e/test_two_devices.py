"""Two devices at one table, on one server: what one enters shows on the other without a tap, and a
write from a screen drawn before someone else's change is refused with the clear message, nothing lost."""
from __future__ import annotations

from scorekeeper.storage.errors import STALE_MESSAGE

from .game_steps import enter_bids, load, seed_game, tap_tricks, tap_until
from .harness import PHONE, TABLET

# Hand 1 of Oh Heck for four, Ann deals (8 cards): bids in the order asked, Bob first, Ann last.
BIDS = {"Bob": 2, "Cy": 1, "Dee": 3, "Ann": 0}
OTHER_TRICKS = [1, 2, 2, 3]  # seat order, from a device this server doesn't hear from


def open_game(page) -> None:
    page.expect_text("Unfinished game")
    tap_until(page, "resume", lambda: page.exists("hand-title"), "the game to open")
    page.wait_until(lambda: page.text_of("hand-title") == "Hand 1 of 15", "hand 1")


def test_one_device_sees_the_others_entries_and_a_stale_write_is_refused(make_page, app_server):
    game_id = seed_game(app_server, [])
    a = make_page(PHONE, name="device-A")
    b = make_page(TABLET, name="device-B")
    open_game(a)
    open_game(b)

    # A enters the bids; B, untouched, follows live.
    enter_bids(a, BIDS)
    b.wait_until(lambda: b.exists("bids-summary"), "B to show the bids A entered", timeout=15)
    summary = b.text_of("bids-summary")
    for name, bid in BIDS.items():
        assert f"{name} {bid}" in summary, summary
    b.expect_text("Tricks taken")
    assert b.text_of("hand-title") == "Hand 1 of 15"
    assert load(app_server, game_id).record.actions[0]["values"] == [0, 2, 1, 3]

    # B's screen is now drawn from the stored game. A device this server doesn't hear from (another
    # server on the same database, a broadcast lost on the way) stores hand 1's tricks meanwhile.
    from scorekeeper.storage import Store

    with Store(app_server.database_url) as store:
        state = store.load(game_id)
        store.record(game_id, {"type": "tricks", "hand": 0, "values": OTHER_TRICKS}, state.version)

    # B taps a trick on the old screen: the tap is refused at once (taps are stored as they are made,
    # and this screen is out of date), with the clear message, and B now shows the stored game
    # (hand 2); nothing of either entry is lost or doubled.
    b.tap("Bob took 2")
    b.expect_text(STALE_MESSAGE.split(".")[0])
    b.wait_until(lambda: b.text_of("hand-title") == "Hand 2 of 15", "B to show the latest entries (hand 2)")
    stored = load(app_server, game_id).record.actions
    assert [(action["type"], action["values"]) for action in stored] == [("bids", [0, 2, 1, 3]),
                                                                        ("tricks", OTHER_TRICKS)]

    # B enters hand 2's bids; A, whose screen still shows hand 1 (it heard of no change), follows live.
    enter_bids(b, {"Cy": 1, "Dee": 0, "Ann": 2, "Bob": 1})  # hand 2: Bob deals, Cy bids first
    a.wait_until(lambda: a.text_of("hand-title") == "Hand 2 of 15" and a.exists("bids-summary"),
                 "A to show hand 2 with B's bids", timeout=15)
    assert "Cy 1" in a.text_of("bids-summary")
    assert len(load(app_server, game_id).record.actions) == 3


def test_game_over_undo_names_what_it_takes_back_after_another_devices_correction(make_page, app_server):
    """The hostile tester: a finished game on two phones. B corrects hand 3 from its score card; A, on
    Game over, was told nothing, and "Undo last entry" (meant to reopen the last hand) took back B's
    correction instead, saying "the game is open again" while it stayed over. Now A is told, Undo says
    what it takes back, and taking it back says what was undone."""
    from scorekeeper.rules import PRESETS

    names = ["Ann", "Bob", "Cy", "Dee"]
    sizes = PRESETS["oh-heck"].hand_sizes(len(names))
    game_id = seed_game(app_server, [([0] * 4, [cards, 0, 0, 0]) for cards in sizes])
    from scorekeeper.storage import Store
    with Store(app_server.database_url) as store:
        state = store.load(game_id)
        store.finish(game_id, state.version)
    a, b = make_page(PHONE, name="device-A"), make_page(PHONE, name="device-B")
    a.open(app_server.url + f"game/{game_id}")
    a.wait_until(lambda: a.exists("undo-last"), "A: game over")
    assert a.text_of("undo-last") == "Undo tricks of hand 15"
    b.open(app_server.url + f"game/{game_id}/card")
    tap_until(b, "cell-3-0", lambda: b.exists("save-correction"), "B: hand 3 open to correct")
    tap_tricks(b, "Bob", 1)
    tap_tricks(b, "Ann", sizes[2] - 1)
    tap_until(b, "save-correction", lambda: not b.exists("save-correction"), "B saves")
    a.expect_text("Another device changed this game: it shows as stored now.")
    a.wait_until(lambda: a.text_of("undo-last") == "Undo tricks of hand 3", "A's Undo to name B's correction")
    tap_until(a, "undo-last", lambda: a.exists("Undone: tricks of hand 3."), "A: undo")
    assert list(load(app_server, game_id).game.hands[2].tricks) == [sizes[2], 0, 0, 0]


def test_undo_of_a_tap_takes_back_this_devices_tap_only(make_page, app_server):
    """Undo takes back the last chip tapped on this device (a bid tapped by mistake), kept as any tap so
    the other device shows it; the other device's taps of other seats stay."""
    from .game_steps import shows, tap_bid

    seed_game(app_server, [])
    a = make_page(PHONE, name="device-A")
    b = make_page(TABLET, name="device-B")
    open_game(a)
    open_game(b)
    tap_bid(a, "Bob", 3)  # meant 2
    b.wait_until(lambda: shows(b, "Bob's bid: 3"), "B to show A's tap", timeout=15)
    tap_bid(b, "Cy", 1)
    a.wait_until(lambda: shows(a, "Cy's bid: 1"), "A to show B's tap", timeout=15)
    tap_until(a, "undo", lambda: shows(a, "Bob's bid: none yet"), "A's tap taken back")
    a.expect_text("Tap taken back: Bob.")
    assert shows(a, "Cy's bid: 1")
    b.wait_until(lambda: shows(b, "Bob's bid: none yet") and shows(b, "Cy's bid: 1"), "B to show it", timeout=15)
    tap_bid(a, "Bob", 2)
    b.wait_until(lambda: shows(b, "Bob's bid: 2"), "B to show A's bid again", timeout=15)
