"""A whole game of Skull King for two, played by taps at phone size, with bonuses counted on the tricks
step; the totals checked against values worked out by hand below."""
from __future__ import annotations

from PIL import Image

from .game_steps import enter_bids, enter_tricks, seat_players, shows, tap_until

NAMES = ["Ann", "Bob"]
# Hand n deals n cards. (bids, Ann's tricks (Bob's are filled in), bonuses counted as (who, counter)).
# Classic scoring: a bid of 1+ made 20 a trick, missed -10 a trick off; zero made 10 x cards, missed -10 x cards.
PLAN = [
    ([1, 0], 1, [("Ann", "standard 14 captured")]),  # Ann 20 + 10, Bob 10 -> [30, 10]
    ([1, 1], 1, [("Bob", "Skull King taken by a mermaid")]),  # Ann 20, Bob 20 + 40 -> [50, 70]
    ([2, 0], 3, []),  # Ann -10, Bob 30 -> [40, 100]
    ([0, 4], 0, []),  # Ann 40, Bob 80 -> [80, 180]
    ([2, 2], 3, []),  # Ann -10, Bob 40 -> [70, 220]
    ([0, 3], 1, []),  # Ann -60, Bob took 5: -20 -> [10, 200]
    ([4, 3], 4, [("Bob", "pirate taken by the Skull King")]),  # Ann 80, Bob 60 + 30 -> [90, 290]
    ([8, 0], 8, []),  # Ann 160, Bob 80 -> [250, 370]
    ([5, 4], 5, []),  # Ann 100, Bob 80 -> [350, 450]
    ([10, 0], 9, []),  # Ann -10, Bob -100 -> [340, 350]
]
AFTER_2 = [50, 70]
FINAL = [340, 350]


def test_a_skull_king_game_with_bonuses_by_taps(phone, app_server):
    phone.expect_text("Scorekeeper")
    seat_players(phone, NAMES)
    tap_until(phone, "Skull King", lambda: "10 hands: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10" in " ".join(phone.visible_texts()),
              "Skull King to be chosen")
    phone.expect_text("bid 0, take 0: +50")  # the worked examples, 5 cards dealt
    tap_until(phone, "start-game", lambda: phone.exists("bids-done"), "the first hand")
    for index, (bids, took, bonuses) in enumerate(PLAN):
        number = index + 1
        phone.wait_until(lambda: phone.text_of("hand-title") == f"Hand {number} of 10", f"hand {number}")
        enter_bids(phone, dict(zip(NAMES, bids)))
        if not bonuses:
            enter_tricks(phone, {"Ann": took})
            continue
        tap_until(phone, f"Ann took {took}", lambda: shows(phone, f"Ann's tricks: {took}"), "Ann's tricks")
        for name, counter in bonuses:
            tap_until(phone, f"bonus-{name}", lambda: phone.exists(f"{name}: one more {counter}"), f"{name}'s counters")
            points = {"standard 14 captured": 10, "Skull King taken by a mermaid": 40,
                      "pirate taken by the Skull King": 30}[counter]
            tap_until(phone, f"{name}: one more {counter}", lambda: shows(phone, f"{name}'s bonus: +{points}"),
                      f"{name}'s bonus of {points}")
        tap_until(phone, "hand-done", lambda: not phone.exists("Tricks taken"), "the next hand")
        if number == 2:
            phone.wait_until(lambda: phone.text_of("hand-title") == "Hand 3 of 10", "hand 3")
            tap_until(phone, "tab-card", lambda: phone.exists("Standings"), "the score card")
            assert [phone.text_of(f"total-{seat}") for seat in range(2)] == [
                f"{name} total {total}" for name, total in zip(NAMES, AFTER_2)]
            tap_until(phone, "tab-entry", lambda: not phone.exists("Standings"), "the hand")
    phone.expect_text("Bob wins!")
    for name, total in zip(NAMES, FINAL):
        assert phone.text_of(f"final-{name}").endswith(str(total)), phone.text_of(f"final-{name}")
    # The awards, worked out by hand from the plan: Bob trailed 30 to 10 after hand 1; Ann's 160 in hand 8
    # is the best hand; bids made: Ann 6 (hands 1, 2, 4, 7, 8, 9), Bob 8 (all but 6 and 10); zeros made:
    # Bob in hands 1, 3 and 8, Ann in hand 4, so Bob's with 8 cards is the boldest.
    assert phone.text_of("award-comeback") == "Comeback of the night: Bob won from 20 behind after hand 1"
    assert phone.text_of("award-best-hand") == "Hand of the night: Ann +160 in hand 8"
    assert phone.text_of("award-exact-bidder") == "Exact bidder of the night: Bob made 8 of 10 bids"
    assert phone.text_of("award-boldest-zero") == "Boldest zero: Bob bid 0 and took none with 8 cards in hand 8"
    # The recap picture: a PNG the width a messenger expects, in a 4:5 frame or taller.
    with phone.page.expect_download(timeout=15000) as download:
        phone.tap("share-recap")
    assert download.value.suggested_filename.endswith(".png")
    with Image.open(download.value.path()) as picture:
        assert picture.format == "PNG" and picture.width == 1080 and picture.height >= 1350
