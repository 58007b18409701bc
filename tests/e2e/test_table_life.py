"""The table as it really is (issue 14), by taps at phone size: an adjustment from the game's menu (a
bonus for one player with a note, a save without a player refused first), listed on the score card in
the totals, then undone from the bar; a hand already played against the dealer's hook, recorded so
after a question."""
from __future__ import annotations

from scorekeeper.rules.adjustments import Adjustment

from .game_steps import from_menu, load, seed_game, shows, tap_bid, tap_until, type_text


def card_totals(page) -> list[str]:
    return [page.text_of(f"total-{seat}") for seat in range(4)]


def test_a_bonus_with_a_note_counts_on_the_card_and_is_undone(phone, app_server):
    # Hand 1 (8 cards): bids 2,2,1,1, tricks 2,3,2,1: Ann 14, Bob -5, Cy -5 (each one off), Dee 12.
    game_id = seed_game(app_server, [([2, 2, 1, 1], [2, 3, 2, 1])])
    phone.reload()
    tap_until(phone, "resume", lambda: phone.exists("hand-title"), "the game to open")
    from_menu(phone, "Adjust a score")
    phone.expect_text("Bonus or penalty")
    # Nobody chosen: refused in a banner (the line above Save says what is missing before any tap)
    tap_until(phone, "save-adjustment", lambda: phone.exists("message"), "the refusal")
    assert "Choose the player the points are for." in phone.text_of("message")
    assert load(app_server, game_id).game.adjustments == []
    # Save sits in the bar at the bottom, the refusal just over it; the hand to choose comes before them
    # (Save used to stand between the note and "At hand").
    height = phone.page.viewport_size["height"]
    save, refusal = phone.find("save-adjustment").bounding_box(), phone.find("message").bounding_box()
    assert save["y"] + save["height"] > height - 120 and refusal["y"] < save["y"] < refusal["y"] + 200
    assert phone.find("at hand 1").bounding_box()["y"] < save["y"]
    # (tap_until: a busy machine can drop a tap the page was redrawing)
    tap_until(phone, "for Bob", lambda: phone.exists("How many points? Type them or tap one of the amounts."),
              "Bob chosen")
    tap_until(phone, "10 points", lambda: phone.exists("Bob +10 at hand 1"), "10 points chosen")
    type_text(phone, "Note (why, for the score card)", "misdeal")
    tap_until(phone, "save-adjustment", lambda: phone.exists("hand-title"), "the game again")
    phone.expect_text("Adjusted: Bob +10 at hand 1.")
    assert load(app_server, game_id).game.adjustments == [Adjustment(0, 1, 10, "misdeal")]

    # By hand: Bob -5 + 10 = 5; the others as they were.
    tap_until(phone, "tab-card", lambda: phone.exists("Standings"), "the score card")
    assert card_totals(phone) == ["Ann total 14", "Bob total 5", "Cy total −5", "Dee total 12"]
    phone.expect_text("Hand 1: Bob +10 (misdeal)")
    tap_until(phone, "tab-entry", lambda: phone.exists("undo"), "the entry")

    tap_until(phone, "undo", lambda: not load(app_server, game_id).game.adjustments, "the adjustment undone")
    tap_until(phone, "tab-card", lambda: phone.exists("Standings"), "the score card")
    phone.wait_until(lambda: card_totals(phone)[1] == "Bob total −5", "Bob's total without the bonus")
    assert not phone.exists("Hand 1: Bob +10 (misdeal)")


def test_a_hand_played_against_the_hook_is_recorded_after_a_question(phone, app_server):
    # Hand 1 (8 cards), Ann deals and bids last: Bob, Cy and Dee bid 2 each, so the hook forbids Ann 2.
    # The table already played it with Ann bidding 2: recorded so, marked, after a second tap.
    game_id = seed_game(app_server, [])
    phone.reload()
    tap_until(phone, "resume", lambda: phone.exists("hand-title"), "the game to open")
    for name in ("Bob", "Cy", "Dee"):
        tap_bid(phone, name, 2)
    phone.expect_text("Ann may not bid 2")
    tap_until(phone, "against-hook",
              lambda: any("again to record Ann's bid of 2" in line for line in phone.visible_texts()), "the question")
    assert load(app_server, game_id).game.hands[0].bids is None  # asked, nothing recorded
    tap_until(phone, "against-hook", lambda: shows(phone, "Ann's bid: 2"), "Ann's bid against the hook")
    tap_until(phone, "bids-done", lambda: phone.exists("Tricks taken"), "the tricks step")
    stored = load(app_server, game_id)
    assert stored.game.hands[0].bids == (2, 2, 2, 2) and stored.game.hands[0].against_hook
    tap_until(phone, "tab-card", lambda: phone.exists("Standings"), "the score card")
    phone.expect_text("Recorded against the dealer's hook: hand 1")


def test_the_table_stops_after_the_hand_under_way(phone, app_server):
    # Hand 1 played, hand 2's bids in (Bob deals; 7 cards): the table stops after hand 2.
    game_id = seed_game(app_server, [([2, 2, 1, 1], [2, 2, 2, 2]), ([1, 1, 1, 1], None)])
    phone.reload()
    tap_until(phone, "resume", lambda: phone.exists("hand-title"), "the game to open")
    from_menu(phone, "Change the hands to come")
    phone.expect_text("Hands already entered stay as they are")
    tap_until(phone, "stop-after", lambda: phone.exists("The game ends after hand 2."), "the stop")
    tap_until(phone, "save-hands", lambda: phone.exists("hand-title"), "the game again")
    phone.expect_text("Hand 2 of 2")
    assert load(app_server, game_id).game.progress() == (1, 2)
