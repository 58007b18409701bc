"""A tap made right after typing is never lost. Typing into a field and then tapping a choice (on a
phone, the tap that closes the keyboard) used to redraw the form as the field lost its focus: the tap,
sent a moment later for a control that drawing had replaced, was dropped without a word, and the new
player dealt in the wrong place. Each tap here is one click, never repeated."""
from __future__ import annotations

from .game_steps import enter_bids, enter_tricks, from_menu, load, seed_game, shows, start_kind, tap_until
from .harness import PHONE


def test_a_seat_tapped_right_after_typing_the_name_is_the_seat_taken(make_page, app_server):
    game_id = seed_game(app_server, [])
    phone = make_page(PHONE, name="phone")
    tap_until(phone, "resume", lambda: phone.exists("hand-title"), "the game to open")
    enter_bids(phone, {"Bob": 2, "Cy": 2, "Dee": 1, "Ann": 2})
    enter_tricks(phone, {"Bob": 2, "Cy": 2, "Dee": 2})
    from_menu(phone, "Who is playing")
    phone.expect_text("Someone joins")
    name = phone.page.locator('input[aria-label="Name"]')
    name.click()
    phone.page.wait_for_timeout(300)
    phone.page.keyboard.type("Chloé", delay=30)
    box = phone.find("sits after Cy").bounding_box()  # at once: the field loses its focus to this tap
    phone.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    phone.wait_until(lambda: phone.exists("Chloé joins at hand 2, sitting after Cy, starting from 0"),
                     "the preview to name the seat tapped", timeout=5)
    phone.tap("save-join")
    phone.expect_text("Chloé joins at hand 2, sitting after Cy, starting from 0.")
    stored = load(app_server, game_id).game
    assert stored.players == ["Ann", "Bob", "Cy", "Dee", "Chloé"]
    # Bob deals hand 2: the bidding starts at his left, and Chloé sits between Cy and Dee.
    assert [stored.players[seat] for seat in stored.hands[1].bidding_order] == ["Cy", "Chloé", "Dee", "Ann", "Bob"]


def test_a_stepper_tapped_right_after_typing_points_counts_on_the_score_pad(make_page, app_server):
    """The score pad's game screen is drawn whole (its fields keep their focus), so the drawing that
    followed a field losing its focus replaced the stepper the finger was on."""
    phone = make_page(PHONE, name="phone")
    start_kind(phone, "Score pad", ["Ann", "Bob", "Cy"])
    phone.expect_text("Round 1")
    field = phone.page.locator('input[aria-label="Type Ann\'s points"]')
    field.click()
    phone.page.wait_for_timeout(300)
    phone.page.keyboard.type("12", delay=30)
    box = phone.find("Bob plus 5").bounding_box()  # at once: Ann's field loses its focus to this tap
    phone.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    phone.wait_until(lambda: shows(phone, "Bob's points: 5"), "Bob's 5", timeout=5)
    assert shows(phone, "Ann's points: 12")
