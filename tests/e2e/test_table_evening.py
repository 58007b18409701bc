"""A real evening at phone size (issue 14), all by taps: four start, Eve arrives after hand 1 and starts
from the lowest total, Cy sits out hand 2, the table gives Cy 10 for a misdeal, inserts another hand of
6, and Ann goes home after hand 2 keeping her points. The totals on the score card are checked against
values worked out by hand below; the deal and the bidding follow the players actually in each hand."""
from __future__ import annotations

from .game_steps import enter_bids, enter_tricks, from_menu, load, seed_game, tap_until, type_text


def card_totals(page, count: int) -> list[str]:
    return [page.text_of(f"total-{seat}") for seat in range(count)]


def who_is_playing(page) -> None:
    from_menu(page, "Who is playing")
    page.expect_text("Someone joins")


def test_a_five_player_evening_with_a_late_arrival_a_sit_out_an_adjustment_an_inserted_hand_and_a_departure(
        phone, app_server):
    # Oh Heck: made = 10 + 2 per trick bid; missed = -5 per trick off. Ann deals hand 1 (8 cards).
    game_id = seed_game(app_server, [])
    phone.reload()
    tap_until(phone, "resume", lambda: phone.exists("hand-title"), "the game to open")

    # Hand 1: bids Bob 2, Cy 2, Dee 1, Ann 2; tricks 2, 2, 2, 2. Ann, Bob, Cy +14; Dee one off: -5.
    enter_bids(phone, {"Bob": 2, "Cy": 2, "Dee": 1, "Ann": 2})
    enter_tricks(phone, {"Bob": 2, "Cy": 2, "Dee": 2})  # (Ann's 2 is filled in)

    # Eve arrives: she sits after Bob and starts from the lowest total, Dee's -5.
    who_is_playing(phone)
    type_text(phone, "Name", "Eve")
    tap_until(phone, "sits after Bob", lambda: phone.exists("Eve joins at hand 2, sitting after Bob, starting from 0"),
              "Eve seated after Bob")
    tap_until(phone, "starts from the lowest total (−5)",
              lambda: phone.exists("Eve joins at hand 2, sitting after Bob, starting from −5"), "the lowest total")
    tap_until(phone, "save-join", lambda: phone.exists("hand-title"), "the game again")
    phone.expect_text("Eve joins at hand 2, sitting after Bob, starting from −5.")
    # Cy sits out hand 2.
    who_is_playing(phone)
    phone.expect_text("Eve")
    tap_until(phone, "sit-out-Cy", lambda: phone.exists("hand-title"), "the game again")
    phone.expect_text("Cy sits out hand 2 (Undo brings them back in).")
    stored = load(app_server, game_id).game
    assert stored.players == ["Ann", "Bob", "Cy", "Dee", "Eve"] and stored.hands[1].absent == {2}
    assert [stored.players[seat] for seat in stored.hands[1].bidding_order] == ["Eve", "Dee", "Ann", "Bob"]

    # Hand 2 (7 cards, Bob deals and bids last): Eve 1, Dee 1, Ann 1, so the hook forbids Bob 4; he bids 2.
    # Tricks 1, 1, 1 and Bob's 4 filled in: Eve -5 + 12 = 7, Dee -5 + 12 = 7, Ann 26, Bob 14 - 10 = 4.
    assert not phone.exists("Cy bids 0")  # no row for Cy this hand
    enter_bids(phone, {"Eve": 1, "Dee": 1, "Ann": 1, "Bob": 2})
    enter_tricks(phone, {"Eve": 1, "Dee": 1, "Ann": 1})

    # Cy gets 10 for the misdeal at hand 2: 24.
    from_menu(phone, "Adjust a score")
    tap_until(phone, "for Cy", lambda: phone.exists("How many points? Type them or tap one of the amounts."), "Cy")
    tap_until(phone, "10 points", lambda: phone.exists("Cy +10 at hand 2"), "10 points")
    tap_until(phone, "save-adjustment", lambda: phone.exists("hand-title"), "the game again")
    # Another hand of 6 before hand 3.
    from_menu(phone, "Change the hands to come")
    tap_until(phone, "another hand like hand 3 before it", lambda: phone.exists("hand-16"), "the hand inserted")
    tap_until(phone, "save-hands", lambda: phone.exists("hand-title"), "the game again")
    phone.expect_text("Hand 3 of 16")
    # Ann goes home, keeping her 26.
    who_is_playing(phone)
    tap_until(phone, "leave-Ann", lambda: phone.exists("hand-title"), "the game again")
    phone.expect_text("Ann has left, keeping their points (Undo brings them back).")

    # Hand 3 (6 cards): the deal passes from Bob to Eve; Cy bids first. Cy 0, Dee 2, Bob 1, so Eve may not
    # bid 3; she bids 2. Tricks: Cy 0, Dee 2, Bob 2, Eve's 2 filled in.
    # Cy 24 + 10 = 34, Dee 7 + 14 = 21, Bob 4 - 5 = -1, Eve 7 + 14 = 21; Ann stays at 26.
    phone.expect_text("6 cards each")
    assert phone.text_of("deal-line") == "Eve deals"
    enter_bids(phone, {"Cy": 0, "Dee": 2, "Bob": 1, "Eve": 2})
    enter_tricks(phone, {"Cy": 0, "Dee": 2, "Bob": 2})
    phone.expect_text("Hand 4 of 16")  # the inserted hand, dealt by Cy
    phone.wait_until(lambda: phone.text_of("deal-line") == "Cy deals", "Cy to deal the inserted hand")

    tap_until(phone, "tab-card", lambda: phone.exists("Standings"), "the score card")
    assert card_totals(phone, 5) == ["Ann total 26", "Bob total −1", "Cy total 34", "Dee total 21", "Eve total 21"]
    phone.expect_text("Hand 2: Eve joined, starting from −5 (the lowest total)")
    phone.expect_text("Hand 2: Cy sat out")
    phone.expect_text("Hand 3: Ann left, keeping their points")
    phone.expect_text("Hand 2: Cy +10")
    assert load(app_server, game_id).game.totals() == [26, -1, 34, 21, 21]


def test_two_devices_one_seats_a_change_the_other_follows_and_a_stale_tap_is_refused(make_page, app_server):
    from scorekeeper.storage import Store
    from scorekeeper.storage.errors import STALE_MESSAGE

    from .harness import PHONE, TABLET

    game_id = seed_game(app_server, [])
    a, b = make_page(PHONE, name="device-A"), make_page(TABLET, name="device-B")
    for page in (a, b):
        tap_until(page, "resume", lambda page=page: page.exists("hand-title"), "the game to open")
    # A: Bob sits out hand 1 (Ann deals; Bob would have bid first). B, untouched, follows: Cy bids first.
    who_is_playing(a)
    tap_until(a, "sit-out-Bob", lambda: a.exists("hand-title"), "the game again")
    b.wait_until(lambda: b.text_of("lead-line") == "Cy bids first and leads", "B to follow Bob sitting out",
                 timeout=15)
    assert not b.exists("Bob bids 0")

    # A opens the form again; a device this server doesn't hear from stops the game after hand 2 meanwhile.
    who_is_playing(a)
    with Store(app_server.database_url) as store:
        state = store.load(game_id)
        store.record(game_id, {"type": "hands", "from": 2, "sizes": []}, state.version)
    # A's tap, from a screen drawn before that change, is refused with the clear message; nothing changes.
    tap_until(a, "leave-Cy", lambda: a.exists("message"), "the refusal")
    assert STALE_MESSAGE.split(".")[0] in a.text_of("message")
    assert load(app_server, game_id).game.left == {}
    # Tapped again on the latest game, the rules refuse it: with Bob out, hand 1 would have two players.
    a.wait_until(lambda: a.exists("leave-Cy"), "Cy's row again")
    a.tap("leave-Cy")
    a.wait_until(lambda: "Cy can't leave: Oh Heck needs at least 3 players in a hand" in a.text_of("message"),
                 "the rules' refusal")
    stored = load(app_server, game_id)
    assert stored.game.left == {} and stored.game.sat_out == {0: {1}} and len(stored.game.hands) == 2


def test_the_scoring_changes_mid_game_after_the_totals_before_and_after_are_shown(phone, app_server):
    # Hand 1 (8 cards): bids 2,2,1,1, tricks 2,3,2,1: Ann 14, Bob -5, Cy -5 (each one off), Dee 12.
    game_id = seed_game(app_server, [([2, 2, 1, 1], [2, 3, 2, 1])])
    phone.reload()
    tap_until(phone, "resume", lambda: phone.exists("hand-title"), "the game to open")
    from_menu(phone, "Change the scoring")
    phone.expect_text("Change a number above to see what it comes to.")
    # A field left blank says what that means before it is touched, as on New game.
    assert phone.exists("Bid of zero made: points (blank: as any bid made)")
    # 20 for a made bid instead of 10: Ann 24 and Dee 22; the misses stay -5.
    type_text(phone, "Bid made: points", "20")
    phone.press("Enter")
    phone.wait_until(lambda: phone.exists("rescored"), "the totals rescored")
    assert phone.exists("Ann: 14 now, 24 rescored (+10)") and phone.exists("Dee: 12 now, 22 rescored (+10)")
    assert phone.exists("Bob: −5 now, −5 rescored (0)")
    assert load(app_server, game_id).game.rules.made_base == 10  # shown, not yet changed
    tap_until(phone, "save-scoring", lambda: phone.exists("hand-title"), "the game again")
    phone.expect_text("Scoring changed: every hand rescored (Undo brings the old rules back).")
    assert load(app_server, game_id).game.totals() == [24, -5, -5, 22]
    tap_until(phone, "tab-card", lambda: phone.exists("Standings"), "the score card")
    assert card_totals(phone, 4) == ["Ann total 24", "Bob total −5", "Cy total −5", "Dee total 22"]
    phone.expect_text("After hand 1: a bid made 20 (was 10); every hand rescored")


def test_a_score_pad_player_sits_out_a_round_and_a_late_arrival_joins(phone, app_server):
    from .game_steps import card_totals_of, save_round, start_kind, tap_to

    start_kind(phone, "Score pad", ["Ann", "Bob", "Cy"])
    tap_to(phone, "Ann plus 10", "Ann's points: 10")
    tap_to(phone, "Bob plus 5", "Bob's points: 5")
    save_round(phone, 1)  # Ann 10, Bob 5, Cy 0
    # Bob sits out round 2; Dee joins from the average total, (10 + 5 + 0) / 3 = 5.
    who_is_playing(phone)
    tap_until(phone, "sit-out-Bob", lambda: phone.exists("round-done"), "the round again")
    who_is_playing(phone)
    assert not phone.exists("sits after Cy")  # nobody deals on a score pad: where they sit doesn't matter
    type_text(phone, "Name", "Dee")
    tap_until(phone, "starts from the average total (+5)",
              lambda: phone.exists("Dee joins at round 2, starting from +5"), "the average")
    tap_until(phone, "save-join", lambda: phone.exists("round-done"), "the round again")
    assert not phone.exists("Bob plus 1")  # no row for Bob this round
    tap_to(phone, "Dee plus 10", "Dee's points: 10")
    tap_to(phone, "Cy plus 1", "Cy's points: 1")
    save_round(phone, 2)  # Ann 10, Bob 5 (sat out), Cy 1, Dee 5 + 10 = 15
    assert card_totals_of(phone, 4) == ["Ann total 10", "Bob total 5", "Cy total 1", "Dee total 15"]
    assert phone.exists("Bob plus 1")  # back for round 3


def test_an_adjustment_saved_on_a_screen_another_device_overtook_is_refused_and_the_choices_stay(
        make_page, app_server):
    from scorekeeper.storage import Store
    from scorekeeper.storage.errors import STALE_MESSAGE

    from .harness import PHONE, TABLET

    # Hand 1 (8 cards): bids 2,2,1,1, tricks 2,3,2,1: Ann 14, Bob -5, Cy -5, Dee 12.
    game_id = seed_game(app_server, [([2, 2, 1, 1], [2, 3, 2, 1])])
    a, b = make_page(PHONE, name="device-A"), make_page(TABLET, name="device-B")
    for page in (a, b):
        tap_until(page, "resume", lambda page=page: page.exists("hand-title"), "the game to open")
    from_menu(a, "Adjust a score")
    tap_until(a, "for Bob", lambda: a.exists("How many points? Type them or tap one of the amounts."), "Bob")
    tap_until(a, "10 points", lambda: a.exists("Bob +10 at hand 1"), "10 points")
    # Meanwhile a device this server doesn't hear from notes hand 2's trump.
    with Store(app_server.database_url) as store:
        state = store.load(game_id)
        store.record(game_id, {"type": "trump", "hand": 1, "trump": "Clubs"}, state.version)
    tap_until(a, "save-adjustment", lambda: a.exists("message"), "the refusal")
    assert STALE_MESSAGE.split(".")[0] in a.text_of("message")
    assert load(app_server, game_id).game.adjustments == []
    assert a.exists("Bob +10 at hand 1")  # the choices stay: one more tap saves them on the latest game
    tap_until(a, "save-adjustment", lambda: a.exists("hand-title"), "the game again")
    stored = load(app_server, game_id).game
    assert [(x.seat, x.points) for x in stored.adjustments] == [(1, 10)] and stored.hands[1].trump == "Clubs"
    # B, on the game all along, follows: Bob's total on its score card is -5 + 10 = 5.
    b.wait_until(lambda: b.exists("total-1") and b.text_of("total-1") == "Bob total 5", "B to show Bob's 5",
                 timeout=15)
