"""Two hands of Spades played by taps at phone size: bids with the blind nil and nil chips, the tricks
(the last one suggested), the partnerships' points said before the hand is saved, and the score card's
totals, shared by partners, checked against values worked out by hand below."""
from __future__ import annotations

from .game_steps import card_totals_of, save_round, shows, start_kind, tap_to

NAMES = ["Ann", "Bob", "Cy", "Dee"]  # Ann and Cy against Bob and Dee
# (bids, tricks) per hand, Ann dealing first.
# Hand 1: Ann blind nil and takes none: 200; Cy 4 of 4: 40 -> 240. Bob+Dee bid 8, take 9: 80 + 1 bag -> 81.
# Hand 2: Ann+Cy bid 6, take 7: 61 -> 301. Bob 3 of 3 (30), Dee's nil lost (−100) with 3 bags -> −67 -> 14.
PLAN = [
    (["blind nil", "4", "4", "4"], [0, 5, 4, 4]),
    (["3", "3", "3", "nil"], [4, 3, 3, 3]),
]


def test_two_hands_of_spades_by_taps(phone, app_server):
    phone.expect_text("Scorekeeper")
    start_kind(phone, "Spades", NAMES)
    for index, (bids, tricks) in enumerate(PLAN):
        phone.expect_text(f"Hand {index + 1}")
        order = [(seat + index + 1) % 4 for seat in range(4)]  # from the dealer's left, as the rows open
        for seat in order:
            tap_to(phone, f"{NAMES[seat]} bids {bids[seat]}", f"{NAMES[seat]}'s bid: {bids[seat]}")
        phone.expect_text("Tricks taken")
        for seat in order:
            tap_to(phone, f"{NAMES[seat]} took {tricks[seat]}", f"{NAMES[seat]}'s tricks: {tricks[seat]}")
        if index == 0:
            assert shows(phone, "Ann and Cy: bid 4, took 4: +240")
            assert shows(phone, "Bob and Dee: bid 8, took 9: +81 (1 bag)")
        save_round(phone, index + 1)
    assert card_totals_of(phone, 4) == ["Ann total 301", "Bob total 14", "Cy total 301", "Dee total 14"]
