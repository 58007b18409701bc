"""The hand entry view model: chips, the dealer's hook, the balance line, the tricks countdown."""
from scorekeeper.rules import PRESETS, Game
from scorekeeper.ui.viewmodels.hand_entry import HandEntry

NAMES = ["Ann", "Bob", "Cy", "Dee"]


def oh_heck(first_dealer=0):
    return Game(NAMES, PRESETS["oh-heck"], first_dealer=first_dealer)


def test_header_names_the_hand_the_dealer_and_who_bids_first():
    entry = HandEntry(oh_heck(), 0)
    assert entry.phase == "bids"
    assert entry.title() == "Hand 1 of 15"
    assert entry.deal_line() == "8 cards each · Ann deals"
    assert entry.lead_line() == "Bob bids first and leads"
    assert [row.name for row in entry.bid_rows()] == ["Bob", "Cy", "Dee", "Ann"]
    assert entry.bid_rows()[0].turn and entry.bid_rows()[0].roles == "leads"
    assert entry.bid_rows()[-1].roles == "deals"


def test_chips_run_from_zero_to_the_cards_and_name_player_and_number():
    row = HandEntry(oh_heck(), 0).bid_rows()[0]
    assert [chip.value for chip in row.chips] == list(range(9))
    assert row.chips[2].label == "Bob bids 2"


def test_the_dealers_forbidden_bid_is_struck_out_once_the_others_have_bid():
    entry = HandEntry(oh_heck(), 0)
    for seat, bid in ((1, 3), (2, 2)):
        assert entry.tap_bid(seat, bid) is None
    assert not any(chip.disabled for chip in entry.bid_rows()[-1].chips)  # Dee still to bid
    entry.tap_bid(3, 2)
    dealer = entry.bid_rows()[-1]
    barred = [chip for chip in dealer.chips if chip.disabled]
    assert [chip.value for chip in barred] == [1] and barred[0].struck
    assert barred[0].label == "Ann may not bid 1"
    assert "dealer's hook" in barred[0].reason
    refusal = entry.tap_bid(0, 1)
    assert refusal and "may not bid 1" in refusal
    assert entry.bids[0] is None
    assert entry.tap_bid(0, 0) is None
    assert entry.can_submit_bids
    assert entry.bids_action() == {"type": "bids", "hand": 0, "values": [0, 3, 2, 2]}


def test_balance_line_comes_from_the_engine():
    entry = HandEntry(oh_heck(), 0)
    entry.tap_bid(1, 3)
    assert entry.balance() == "Bids total 3 for 8 tricks: under by 5"


def test_tapping_a_chosen_bid_again_clears_it():
    entry = HandEntry(oh_heck(), 0)
    entry.tap_bid(1, 3)
    entry.open_row(1)  # (entered, the row folded: opened again to change it)
    entry.tap_bid(1, 3)
    assert entry.bids[1] is None
    assert entry.bids_problem() == "Still to bid: Bob, Cy, Dee, Ann"


def test_a_second_tap_sent_before_the_row_folded_keeps_the_value():
    """A quick double tap: the second reaches the chip after the first folded its row (its chips are
    no longer on screen), so it can only be the same tap again, never "clear it"."""
    entry = HandEntry(oh_heck(), 0)
    entry.tap_bid(1, 3)
    assert entry.bid_rows()[0].folded
    entry.tap_bid(1, 3)
    assert entry.bids[1] == 3
    entry.tap_bid(1, 2)  # another number tapped as fast: the latest tap is the bid
    assert entry.bids[1] == 2
    game = oh_heck()
    game.set_bids(0, [0, 3, 2, 2])
    tricks = HandEntry(game, 0)
    tricks.tap_tricks(1, 4)
    tricks.tap_tricks(1, 4)
    assert tricks.tricks[1] == 4
    tricks.open_row(1)
    tricks.tap_tricks(1, 4)
    assert tricks.tricks[1] is None


def test_bids_at_once_have_no_order_and_no_hook():
    game = Game(NAMES, PRESETS["oh-my-heck"], first_dealer=2)
    entry = HandEntry(game, 0)
    assert [row.name for row in entry.bid_rows()] == NAMES
    assert entry.lead_line() == "Bids shown all at once · Dee leads"
    for seat in range(4):
        entry.tap_bid(seat, 7 if seat == 0 else 0)
    assert entry.can_submit_bids  # the bids add up, and that's allowed


def test_the_tricks_step_says_who_dealt_but_no_longer_who_led():
    """Once the hand is played, who led no longer matters; on a phone its badge cut short where the
    player stands (Skull King's "30 · =…")."""
    game = oh_heck()
    game.set_bids(0, [0, 3, 2, 2])
    rows = {row.name: row for row in HandEntry(game, 0).trick_rows()}
    assert rows["Ann"].roles == "deals" and rows["Bob"].roles == ""


def test_tricks_count_down_and_the_hand_finishes_only_when_they_add_up():
    game = oh_heck()
    game.set_bids(0, [0, 3, 2, 2])
    entry = HandEntry(game, 0)
    assert entry.phase == "tricks"
    assert entry.tricks_line() == "8 tricks still to assign"
    assert not entry.can_finish
    entry.tap_tricks(1, 3)
    entry.tap_tricks(2, 2)
    assert entry.tricks_line() == "3 tricks still to assign" and not entry.can_finish
    entry.tap_tricks(3, 2)
    # Only one number completes the hand for Ann, the last one: the app fills it in, marked, changeable.
    assert entry.tricks_line() == "All 8 tricks assigned: Ann took 1 (filled in)"
    rows = {row.name: row for row in entry.trick_rows()}
    assert rows["Ann"].filled and rows["Ann"].chosen == 1 and rows["Ann"].chips[1].selected and rows["Ann"].chips[1].hint
    assert rows["Ann"].note == "bid 0" and rows["Ann"].filled and rows["Ann"].points == "−5" and not rows["Ann"].made
    assert rows["Bob"].points == "+16" and rows["Bob"].made and not rows["Bob"].filled
    assert entry.can_finish and entry.tricks_action()["values"] == [1, 3, 2, 2]
    assert entry.draft()["taps"] == {"0": None, "1": 3, "2": 2, "3": 2}  # a fill is no tap: not kept
    entry.tap_tricks(0, 2)
    assert entry.tricks_line() == "1 trick too many: the hand had 8 tricks"
    assert not entry.can_finish and "too many" in entry.tricks_problem()
    entry.tap_tricks(0, 1)
    assert entry.can_finish
    assert {row.name: row.points for row in entry.trick_rows()}["Ann"] == "−5"
    assert entry.tricks_action() == {"type": "tricks", "hand": 0, "values": [1, 3, 2, 2]}
    assert entry.tricks_line() == "All 8 tricks assigned"


def test_the_one_card_hand_says_its_one_trick_in_words():
    game = oh_heck()
    one = next(index for index, hand in enumerate(game.hands) if hand.cards == 1)
    for index in range(one + 1):  # everyone bids 0, Ann takes every trick
        game.set_bids(index, [0, 0, 0, 0])
        if index < one:
            game.set_tricks(index, [game.hands[index].cards, 0, 0, 0])
    entry = HandEntry(game, one)
    assert entry.tricks_line() == "1 trick still to assign"
    for seat, took in enumerate([1, 0, 0, 0]):
        entry.tap_tricks(seat, took)
    assert entry.tricks_line() == "The one trick is assigned"  # never "All 1 trick assigned"


def test_when_the_tricks_add_up_the_rest_took_zero_filled_in():
    game = oh_heck()
    game.set_bids(0, [0, 3, 2, 2])
    entry = HandEntry(game, 0)
    entry.tap_tricks(1, 8)
    assert entry.filled() == {2: 0, 3: 0, 0: 0} and entry.tricks_line() == "All tricks assigned: the rest took 0"
    assert entry.tricks_problem() is None and entry.can_finish
    assert entry.tricks_action()["values"] == [0, 8, 0, 0] and entry.tricks == [None, 8, None, None]
    entry.tap_tricks(1, 7)  # Bob took 7 after all: one trick to assign among three, nothing is filled in
    assert entry.filled() == {} and entry.tricks_line() == "1 trick still to assign" and not entry.can_finish
    entry.tap_tricks(2, 0)
    entry.tap_tricks(3, 0)
    assert entry.filled() == {0: 1} and entry.tricks_action()["values"] == [1, 7, 0, 0]
    entry.tap_tricks(0, 0)  # the filled-in number changed by a tap: the tap wins, and is checked
    assert entry.filled() == {} and entry.tricks_line() == "1 trick still to assign" and not entry.can_finish


def test_blind_hand_reminder_and_no_trump_when_the_deck_is_used_up():
    game = Game(NAMES, PRESETS["oh-my-heck"])
    assert HandEntry(game, 6).blind_reminder().startswith("Blind hand")
    assert HandEntry(game, 0).blind_reminder() is None
    pshaw = Game(NAMES, PRESETS["oh-pshaw"])
    last = HandEntry(pshaw, len(pshaw.hands) - 1)
    assert last.trump_line() == "No trump: this deal uses the whole deck" and last.trump_choices == []
    assert HandEntry(game, 0).trump_choices == ["Red", "Green", "Blue", "Black"]


def test_a_correction_submits_only_what_changed():
    game = oh_heck()
    game.set_bids(0, [0, 3, 2, 2])
    game.set_tricks(0, [1, 3, 2, 2])
    entry = HandEntry(game, 0, correcting=True)
    assert entry.correction_actions() == []
    entry.open_row(0, "tricks")  # a correction's rows are folded: opened to change
    entry.tap_tricks(0, 1)  # clear
    assert entry.correction_problem() == "1 trick still to assign"
    entry.tap_tricks(0, 0)
    entry.tap_tricks(1, 3)
    entry.tap_tricks(1, 4)
    assert entry.correction_problem() is None
    assert entry.correction_actions() == [{"type": "tricks", "hand": 0, "values": [0, 4, 2, 2]}]


def test_entered_rows_fold_away_and_open_again():
    entry = HandEntry(oh_heck(), 0)
    entry.tap_bid(1, 3)
    rows = {row.name: row for row in entry.bid_rows()}
    assert rows["Bob"].folded and not rows["Cy"].folded and rows["Cy"].turn
    entry.open_row(1)
    assert not {row.name: row for row in entry.bid_rows()}["Bob"].folded
    entry.tap_bid(1, 2)
    assert {row.name: row for row in entry.bid_rows()}["Bob"].folded
    game = oh_heck()
    game.set_bids(0, [0, 3, 2, 2])
    game.set_tricks(0, [1, 3, 2, 2])
    # A correction: the whole hand folded on one screen; a row of bids or of tricks opens by itself
    correcting = HandEntry(game, 0, correcting=True)
    assert all(row.folded for row in correcting.bid_rows() + correcting.trick_rows())
    correcting.open_row(1, "tricks")
    bids, tricks = ({row.name: row.folded for row in rows} for rows in (correcting.bid_rows(), correcting.trick_rows()))
    assert bids["Bob"] and not tricks["Bob"] and tricks["Cy"]
    correcting.tap_tricks(1, 4)  # chosen: folded again
    assert all(row.folded for row in correcting.trick_rows()) and correcting.tricks[1] == 4


def test_a_number_typed_on_a_keyboard_is_the_next_players_chip():
    entry = HandEntry(oh_heck(), 0)  # Ann deals: Bob bids first
    step, seat, value = entry.keyed(2)
    assert (step, seat, value) == (entry.tap_bid, 1, 2)
    step(seat, value)
    assert entry.keyed(0)[1] == 2  # then Cy
    assert entry.keyed(9) is None  # 8 cards: no chip 9
    game = oh_heck()
    game.set_bids(0, [0, 3, 2, 2])
    tricks = HandEntry(game, 0)
    assert tricks.keyed(3) == (tricks.tap_tricks, 1, 3)
    correcting = HandEntry(game, 0, correcting=True)
    assert correcting.keyed(1) is None  # bids and tricks both open: which one is meant?


def test_the_likely_entry_guesses_the_one_missing_bid_as_the_lowest_the_hook_allows():
    """What the next step is drawn ahead from (GamePlay.likely_step): no guess while two bids are
    missing; the one missing guessed lowest, but never so that the dealer's bid breaks the hook."""
    entry = HandEntry(oh_heck(), 0)  # 8 cards; Ann deals
    entry.tap_bid(1, 3)
    entry.tap_bid(2, 3)
    assert entry.likely_action() is None  # Dee and Ann still to bid
    entry.tap_bid(3, 1)
    assert entry.likely_action() == {"type": "bids", "hand": 0, "values": [0, 3, 3, 1]}  # Ann may not bid 1
    entry.tap_bid(3, 1)  # Dee's bid cleared; Ann bid 2 out of turn: Dee's 0 would make Ann's 2 the forbidden bid
    entry.tap_bid(0, 2)
    assert entry.likely_action() == {"type": "bids", "hand": 0, "values": [2, 3, 3, 1]}


def test_the_likely_entry_is_the_step_as_tapped_once_it_is_whole():
    game = oh_heck()
    entry = HandEntry(game, 0)
    for seat, bid in ((1, 3), (2, 3), (3, 0)):
        entry.tap_bid(seat, bid)
    entry.bend = True  # the table played the dealer's forbidden bid: recorded against the hook
    entry.bids[0] = 2
    assert entry.likely_action() == entry.bids_action() == {"type": "bids", "hand": 0, "values": [2, 3, 3, 0],
                                                           "against_hook": True}
    game.apply(entry.likely_action())
    tricks = HandEntry(game, 0)
    tricks.tap_tricks(1, 3)
    assert tricks.likely_action() is None  # 5 tricks still to assign between three players
    for seat, took in ((2, 3), (3, 0)):
        tricks.tap_tricks(seat, took)
    assert tricks.likely_action() == {"type": "tricks", "hand": 0, "values": [2, 3, 3, 0]}  # Ann's 2 filled in
    assert HandEntry(game, 0, correcting=True).likely_action() is None


def test_a_corrected_hand_shows_the_totals_before_it_not_after_the_latest_hand():
    # Issue 38, item 8. Oh Heck (made: 10 + 2 a trick; missed: -5 a trick off), Ann deals hand 1 (8 cards).
    game = oh_heck()
    game.apply({"type": "bids", "hand": 0, "values": [2, 2, 2, 1]})
    game.apply({"type": "tricks", "hand": 0, "values": [2, 2, 2, 2]})  # Ann, Bob, Cy 14; Dee -5
    game.apply({"type": "bids", "hand": 1, "values": [0, 0, 3, 3]})  # 7 cards, Bob deals
    game.apply({"type": "tricks", "hand": 1, "values": [1, 0, 3, 3]})  # Ann -5 (9), Bob 10 (24), Cy 16 (30), Dee 16 (11)
    game.apply({"type": "join", "hand": 2, "name": "Eve", "start": "zero"})
    game.apply({"type": "bids", "hand": 2, "values": [0, 0, 0, 0, 1]})
    game.apply({"type": "tricks", "hand": 2, "values": [0, 1, 0, 4, 1]})  # 6 cards
    second = HandEntry.from_stored(game, 1)
    assert {row.name: row.standing for row in second.bid_rows()} == {
        "Ann": "14 · =1st", "Bob": "14 · =1st", "Cy": "14 · =1st", "Dee": "−5 · 4th"}
    assert {row.name: row.standing for row in second.trick_rows()}["Dee"] == "−5 · 4th"
    assert {row.name: row.standing for row in HandEntry.from_stored(game, 2).bid_rows()} == {
        "Ann": "9 · 4th", "Bob": "24 · 2nd", "Cy": "30 · 1st", "Dee": "11 · 3rd", "Eve": "0 · 5th"}
    assert all(row.standing == "" for row in HandEntry.from_stored(game, 0).bid_rows())  # nothing before hand 1
    # The hand under way still shows the totals now.
    assert {row.name: row.standing for row in HandEntry(game, 3).bid_rows()}["Cy"] == "40 · 1st"  # 30 + 10
