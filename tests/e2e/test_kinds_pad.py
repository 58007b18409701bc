"""A short free score pad game for three, played by taps in the real app: steppers, the sign toggle,
typed points (a refused entry first), running totals, an earlier round corrected from the score card
(the taps of the round under way kept), finishing an open-ended game (two taps), the final standings."""
from __future__ import annotations

from scorekeeper.storage import Store

from .game_steps import ask_from_menu, card_totals_of, correct_round, save_correction, save_round, shows, start_kind, tap_to, tap_until, type_points

NAMES = ["Ann", "Bob", "Cy"]


def test_a_score_pad_game_by_taps(phone, app_server):
    phone.expect_text("Scorekeeper")
    start_kind(phone, "Score pad", NAMES)
    phone.expect_text("Round 1")
    # Round 1: Ann +10 +5 = 15; Bob -5 -1 = -6; Cy +1 = 1.
    tap_to(phone, "Ann plus 10", "Ann's points: 10")
    tap_to(phone, "Ann plus 5", "Ann's points: 15")
    tap_to(phone, "Bob minus 5", "Bob's points: −5")
    tap_to(phone, "Bob minus 1", "Bob's points: −6")
    tap_to(phone, "Cy plus 1", "Cy's points: 1")
    save_round(phone, 1)
    # Round 2: Ann -10; Bob +10 +10 = 20; Cy +5 then the sign toggle = -5.
    tap_to(phone, "Ann minus 10", "Ann's points: −10")
    tap_to(phone, "Bob plus 10", "Bob's points: 10")
    tap_to(phone, "Bob plus 10", "Bob's points: 20")
    tap_to(phone, "Cy plus 5", "Cy's points: 5")
    tap_to(phone, "Cy change sign", "Cy's points: −5")
    save_round(phone, 2)
    # By hand: Ann 15 - 10 = 5; Bob -6 + 20 = 14; Cy 1 - 5 = -4.
    assert card_totals_of(phone, 3) == ["Ann total 5", "Bob total 14", "Cy total −4"]
    # Round 3, typed: Ann 87, then +1 by the stepper = 88 (the field follows); Bob -12; Cy "1.5" is
    # refused inline (the round can't be saved), then 3.
    type_points(phone, "Type Ann's points", "87")
    tap_to(phone, "Ann plus 1", "Ann's points: 88")
    # The field follows the stepper (Flutter puts an unfocused field's value in the DOM once it has the focus).
    ann = phone.page.locator('input[aria-label="Type Ann\'s points"]')
    ann.click()
    phone.wait_until(lambda: ann.input_value() == "88", "Ann's field to show 88")
    type_points(phone, "Type Bob's points", "-12")
    type_points(phone, "Type Cy's points", "1.5")
    phone.expect_text("Cy's points: type a whole number")
    phone.tap("round-done")  # refused: still round 3 (save_round below waits for round 4)
    phone.expect_text("Round 3")
    type_points(phone, "Type Cy's points", "3")
    save_round(phone, 3)
    # By hand: Ann 5 + 88 = 93; Bob 14 - 12 = 2; Cy -4 + 3 = -1.
    assert card_totals_of(phone, 3) == ["Ann total 93", "Bob total 2", "Cy total −1"]
    # Round 4 under way (Cy +5), then round 1 corrected from the score card: Bob had −6, really +4.
    tap_to(phone, "Cy plus 5", "Cy's points: 5")
    correct_round(phone, 1, seat=1)
    phone.expect_text("Correcting round 1: change what was wrong, then save.")
    assert shows(phone, "Bob's points: −6")  # pre-filled with what was stored
    tap_to(phone, "Bob plus 10", "Bob's points: 4")
    save_correction(phone, 1)
    assert shows(phone, "Cy's points: 5")  # round 4's taps are still here
    # By hand: Bob 2 - (-6) + 4 = 12; Ann and Cy as they were.
    assert card_totals_of(phone, 3) == ["Ann total 93", "Bob total 12", "Cy total −1"]
    tap_to(phone, "Cy minus 5", "Cy's points: 0")  # round 4 not played after all
    ask_from_menu(phone, "Finish the game")  # the first tap asks
    phone.expect_text("Tap “Finish the game” again to end it here; the standings become final.")
    phone.tap("end-now")  # the answer, in the bar
    phone.expect_text("Ann wins!")
    for name, total in zip(NAMES, ("93", "12", "−1")):  # below zero with a real minus sign
        assert phone.text_of(f"final-{name}").endswith(total), phone.text_of(f"final-{name}")
    # The chart of a score pad, as every kind has one (its words for a screen reader).
    tap_until(phone, "see-chart", lambda: phone.exists("chart"), "the chart")
    assert phone.text_of("chart") == "Score chart after 3 rounds: Ann 93, Bob 12, Cy −1"
    store = Store(app_server.database_url)
    try:
        games = store.finished_games()
        assert len(games) == 1 and games[0].scores == [93, 12, -1] and games[0].winners == ["Ann"]
    finally:
        store.close()
