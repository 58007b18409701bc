"""New game with house rules, the end of a game (bonus, settlement, export), OH, MY HECK!'s blind hand,
history, players and settings: driven by taps in the real app."""
from __future__ import annotations

from .game_steps import enter_bids, enter_tricks, seed_game, tap_bid, type_text


def test_house_rules_a_short_oh_pshaw_with_tied_winners_and_settlement(phone):
    phone.tap("new-game")
    phone.tap("Oh Pshaw")
    phone.tap("Change the rules (house rules)")
    type_text(phone, "Largest hand (cards) (blank: all the deck allows)", "2")  # Oh Pshaw goes up from 1 to the largest hand
    phone.press("Enter")
    for name in ("Ann", "Bob", "Cy"):
        type_text(phone, "New player's name", name)
        phone.press("Enter")
        phone.expect_text(f"{name} deals first")
    phone.tap("Ann deals first")
    phone.wait_until(lambda: phone.text_of("sequence") == "2 hands: 1, 2", "the preview of the sequence")
    phone.expect_text("bid 2, take 2: +12")  # the worked example follows the rules
    phone.tap("start-game")
    phone.expect_text("Hand 1 of 2")
    phone.tap("hand-details")  # a phone folds the sequence and the trump picker away until asked
    assert phone.text_of("trump").startswith("Trump: not noted")
    for name, bid in {"Bob": 1, "Cy": 0, "Ann": 0}.items():
        tap_bid(phone, name, bid)
    phone.expect_text("Bids: Bob 1 · Cy 0 · Ann 0 — even")  # the last bid entered them: how they stand, on top

    enter_tricks(phone, {"Bob": 1, "Cy": 0, "Ann": 0})  # made: 10 + the bid: Bob 11, Cy 10, Ann 10
    phone.expect_text("Hand 2 of 2")
    phone.expect_text("Trump Hearts")  # still opened: the picker stays in view from hand to hand
    phone.tap("Trump Hearts")
    phone.wait_until(lambda: phone.text_of("trump").startswith("Trump: Hearts"), "the trump to be noted")
    enter_bids(phone, {"Cy": 1, "Ann": 1, "Bob": 1})
    enter_tricks(phone, {"Cy": 1, "Ann": 1, "Bob": 0})  # Cy 11, Ann 11, Bob missed: 0
    # Totals Ann 21, Bob 11, Cy 21: both winners get the bonus of 10.
    phone.expect_text("Ann and Cy share the win!")
    assert phone.text_of("final-Ann").endswith("31") and phone.text_of("final-Cy").endswith("31")
    assert phone.text_of("final-Bob").endswith("11")
    settlement = phone.text_of("settlement")
    assert "Bob pays Ann 20" in settlement and "Bob pays Cy 20" in settlement
    type_text(phone, "Stake per point (blank: 1)", "0.5")
    phone.press("Enter")
    phone.wait_until(lambda: "Bob pays Ann 10" in phone.text_of("settlement"), "the settlement at half a point")
    for fmt, starts in (("csv", None), ("json", None), ("pdf", b"%PDF")):
        with phone.page.expect_download(timeout=15000) as download:
            phone.tap(f"export-{fmt}")
        assert download.value.suggested_filename.endswith(f".{fmt}")
        phone.wait_until(lambda: phone.text_of("info").endswith(f".{fmt}"), f"the {fmt} export to be reported")
        data = open(download.value.path(), "rb").read()
        assert data.startswith(starts) if starts else b"Ann" in data


def test_oh_my_heck_bids_at_once_and_the_blind_hand(phone, app_server):
    hands = [([1, 1, 1], [1, 1, 5]), ([1, 1, 1], [1, 1, 4]), ([1, 1, 1], [1, 1, 3]), ([1, 1, 1], [1, 1, 2]),
             ([1, 1, 1], [1, 1, 1]), ([0, 1, 1], [0, 1, 1])]
    seed_game(app_server, hands, preset="oh-my-heck", names=["Ann", "Bob", "Cy"])
    phone.reload()
    phone.tap("resume")
    phone.expect_text("Hand 7 of 13")
    assert phone.text_of("lead-line").startswith("Bids shown all at once")
    phone.expect_text("Blind hand: don't look at your card!")
    phone.tap("hand-details")
    phone.expect_text("Trump Red")
    tap_bid(phone, "Ann", 1)
    tap_bid(phone, "Bob", 0)
    tap_bid(phone, "Cy", 0)  # the bids add up to the tricks: allowed, no hook in OH, MY HECK! (and entered)
    phone.expect_text("1 trick still to assign")


def test_history_players_and_settings(phone, app_server):
    seed_game(app_server, [([2, 3, 2, 2], [2, 3, 2, 1])])
    phone.reload()
    phone.tap("Players")
    phone.expect_text("Ann")
    type_text(phone, "New player's name", "Eve")
    phone.press("Enter")
    phone.expect_text("Eve added.")
    phone.tap("back")
    phone.tap("History")
    phone.expect_text("Unfinished")
    phone.expect_text("Oh Heck: Ann, Bob, Cy, Dee")
    phone.tap("Delete Oh Heck: Ann, Bob, Cy, Dee")
    phone.expect_text("Moved to the bin")
    phone.tap("bin")
    phone.tap("Restore Oh Heck: Ann, Bob, Cy, Dee")
    phone.expect_text("Restored.")
    phone.tap("back")
    phone.tap("Settings")
    assert phone.text_of("theme-current") == "Now: Dark"  # dark by default
    phone.tap("theme-light")
    phone.wait_until(lambda: phone.text_of("theme-current") == "Now: Light", "the light theme")
    phone.tap("Wizard")
    phone.tap("back")
    phone.tap("new-game")
    phone.expect_text("Wizard's scoring")  # the default game is chosen for a new game


def test_a_switch_tapped_while_a_number_field_has_the_focus_switches(phone):
    """The field's blur redraws New game as the switch is tapped: the tap must still reach it."""
    phone.tap("new-game")
    phone.tap("Oh Heck")
    phone.tap("Change the rules (house rules)")
    type_text(phone, "Winner's bonus", "7")  # no Enter: the field keeps the focus
    assert "• Dealer's hook: the dealer may not bid so that the bids add up to the tricks" in phone.visible_texts()
    phone.scroll_to("Dealer's hook")
    phone.tap("Dealer's hook")
    phone.expect_text("No dealer's hook: the bids may add up to the tricks")
    assert phone.text_of("Winner's bonus") == "7"  # what was typed stays
