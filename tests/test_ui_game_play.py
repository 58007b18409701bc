"""GamePlay: the hand being entered, corrections, undo/redo, ending early, other devices; on a real store."""
import pytest

from scorekeeper.rules import PRESETS
from scorekeeper.storage import Store
from scorekeeper.ui.viewmodels.play import END_CONFIRM, GamePlay
from scorekeeper.ui.viewmodels.session import GameSession


@pytest.fixture
def store(sqlite_url):
    with Store(sqlite_url) as opened:
        yield opened


def new_play(store, preset="oh-heck"):
    state = store.new_game(["Ann", "Bob", "Cy"], PRESETS[preset], first_dealer=0)
    return GamePlay(GameSession(store, state.id))


def enter_hand(play, bids, tricks):
    for seat, bid in enumerate(bids):
        play.tap(None, play.entry.tap_bid, seat, bid)
    assert play.entry.phase == "tricks"  # the last bid entered the bids
    for seat, took in enumerate(tricks):
        play.tap(None, play.entry.tap_tricks, seat, took)
    play.submit()


def test_a_hand_is_stored_step_by_step_and_the_screen_is_told(store):
    play = new_play(store)
    play.tap(None, play.entry.tap_bid, 1, 3)
    assert play.wrote  # the tap is kept as a draft: the other devices are told to show it
    play.wrote = False  # as the screen does once it has told them
    play.submit()
    assert play.message == "Still to bid: Cy, Ann" and not play.wrote
    play.tap(None, play.entry.tap_bid, 2, 2)
    play.tap(None, play.entry.tap_bid, 0, 3)  # 3 + 2 + 3 = 8: the dealer's hook
    assert "Ann deals and may not bid 3" in play.message and play.entry.bids[0] is None
    play.tap(None, play.entry.tap_bid, 0, 2)  # the last bid: the bids are entered with it
    assert play.wrote and play.to_top and play.entry.phase == "tricks"
    assert play.info == "Bids entered with the last one: Undo brings them back to change." and play.message is None
    assert store.load(play.session.game_id).game.hands[0].bids == (2, 3, 2)
    play.tap(None, play.entry.tap_tricks, 1, 8)
    play.submit()  # the others took none
    assert store.load(play.session.game_id).game.hands[0].tricks == (0, 8, 0)
    assert play.entry.index == 1 and play.entry.phase == "bids"


def test_the_last_bid_enters_the_bids_and_undo_brings_them_back_to_change(store):
    play = new_play(store)
    version = play.session.state.version
    play.tap(version, play.entry.tap_bid, 1, 3)
    play.tap(version, play.entry.tap_bid, 2, 2)
    assert play.entry.phase == "bids" and store.load(play.session.game_id).game.hands[0].bids is None
    play.tap(version, play.entry.tap_bid, 0, 3)  # barred by the hook: refused, nothing entered
    assert play.entry.phase == "bids" and store.load(play.session.game_id).game.hands[0].bids is None
    play.tap(version, play.entry.tap_bid, 0, 1)
    assert store.load(play.session.game_id).game.hands[0].bids == (1, 3, 2) and play.entry.phase == "tricks"
    play.undo(play.session.state.version)
    assert play.entry.phase == "bids" and play.entry.bids == [1, 3, 2]  # back to change, not cleared
    assert store.load(play.session.game_id).game.hands[0].bids is None
    # Bids brought back to change wait for Bids done: the score keeper may change more than one.
    play.tap(play.session.state.version, play.entry.tap_bid, 1, 4)
    play.tap(play.session.state.version, play.entry.tap_bid, 2, 0)
    assert store.load(play.session.game_id).game.hands[0].bids is None
    play.tap(play.session.state.version, play.entry.open_row, 1)
    play.tap(play.session.state.version, play.entry.tap_bid, 1, 4)  # clearing a bid never enters anything
    assert play.entry.bids == [1, None, 0]
    play.tap(play.session.state.version, play.entry.tap_bid, 1, 5)
    play.submit(play.session.state.version)
    assert store.load(play.session.game_id).game.hands[0].bids == (1, 5, 0)


def test_the_last_bid_from_a_stale_screen_enters_nothing(store):
    play = new_play(store)
    drawn = play.session.state.version
    for seat, bid in ((1, 3), (2, 2)):
        play.tap(drawn, play.entry.tap_bid, seat, bid)
    other = GamePlay(GameSession(store, play.session.game_id))  # another device enters the bids first
    other.tap(None, other.entry.tap_bid, 0, 2)
    assert store.load(play.session.game_id).game.hands[0].bids == (2, 3, 2)
    play.tap(drawn, play.entry.tap_bid, 0, 1)  # drawn before that: refused, nothing changed
    assert play.message and store.load(play.session.game_id).game.hands[0].bids == (2, 3, 2)


def test_the_last_bid_never_enters_bids_another_device_changed_unseen(store):
    # A shows Bob 3 and Cy 2; B changes Bob to 0, and A has not heard of it yet when it taps Ann's bid.
    a = new_play(store)
    a.tap(None, a.entry.tap_bid, 1, 3)
    a.tap(None, a.entry.tap_bid, 2, 2)
    b = GamePlay(GameSession(store, a.session.game_id))
    b.tap(None, b.entry.tap_bid, 1, 0)
    a.tap(a.session.state.version, a.entry.tap_bid, 0, 1)
    # Nothing entered: A shows the bids as they now stand, and Bids done enters them once seen.
    assert store.load(a.session.game_id).game.hands[0].bids is None
    assert a.entry.phase == "bids" and a.entry.bids == [1, 0, 2]
    assert "Another device changed" in (a.info or "") and "Bob" in a.info
    a.submit(a.session.state.version)
    assert store.load(a.session.game_id).game.hands[0].bids == (1, 0, 2)


def test_a_correction_is_never_saved_by_a_bid_tap(store):
    play = new_play(store)
    enter_hand(play, [1, 0, 0], [1, 0, 0])
    play.correct(0)
    play.tap(None, play.entry.tap_bid, 1, 1)
    assert play.correcting and store.load(play.session.game_id).game.hands[0].bids == (1, 0, 0)


def test_a_correction_keeps_the_taps_of_the_current_hand(store):
    play = new_play(store)
    enter_hand(play, [2, 3, 2], [2, 3, 3])
    play.tap(None, play.entry.tap_bid, 2, 1)  # hand 2 under way
    play.correct(0)
    assert play.entry.correcting and play.correcting_text().startswith("Correcting hand 1")  # shown over the entry
    play.tap(None, play.entry.tap_tricks, 1, 3)
    play.tap(None, play.entry.tap_tricks, 1, 4)
    play.tap(None, play.entry.tap_tricks, 2, 2)
    play.save_correction()
    assert play.info == "Hand 1 corrected; the totals follow."
    assert play.game.totals() == [14, -5, 14]
    assert play.entry.index == 1 and play.entry.bids[2] == 1  # back to hand 2, Cy's bid kept


def test_undo_redo_and_the_last_hand_ends_the_game(store):
    play = new_play(store)
    enter_hand(play, [2, 3, 2], [2, 3, 3])
    play.undo()
    assert play.info == "Undone: tricks of hand 1. Change it and enter it again." and play.entry.phase == "tricks"
    assert play.entry.tricks == [2, 3, 3]  # back to change, not cleared
    assert play.session.draft()["taps"] == {"0": 2, "1": 3, "2": 3}  # and kept: other devices show them too
    play.undo()
    assert play.entry.phase == "bids" and play.entry.bids == [2, 3, 2]
    play.redo()
    play.redo()
    assert play.info == "Redone: tricks of hand 1." and play.entry.index == 1
    while not play.over:  # everyone bids 0 (never the dealer's forbidden bid); Bob takes every trick
        enter_hand(play, [0, 0, 0], [0, play.entry.hand.cards, 0])
    assert play.session.state.status == "finished"


def test_ending_early_takes_two_taps(store):
    play = new_play(store)
    play.end_game()
    assert play.info == END_CONFIRM and not play.over
    # Issue 38, item 9: it says what it gives (no winner), unlike stopping after a hand.
    assert END_CONFIRM == "Tap “End the game now” again to end it here, with no winner and no awards."
    play.end_game()
    assert play.over and play.session.state.status == "abandoned"


def test_another_devices_entry_shows_and_local_taps_survive_when_they_still_fit(store):
    here = new_play(store)
    there = GamePlay(GameSession(store, here.session.game_id))
    here.tap(None, here.entry.tap_bid, 1, 3)
    there.record_aside(there.entry.trump_action("Hearts"))
    here.remote_changed()
    assert here.entry.hand.trump == "Hearts" and here.entry.bids[1] == 3 and here.info is None
    for seat, bid in ((0, 2), (2, 2)):  # Bob's 3, tapped here, shows there too (the devices' taps merge)
        there.tap(None, there.entry.tap_bid, seat, bid)
    assert there.entry.bids == [2, 3, 2]
    there.submit()
    here.remote_changed()
    assert here.entry.phase == "tricks" and here.info == "Updated: another device made an entry."
    here.submit()
    assert here.message == "8 tricks still to assign"


def test_taps_not_yet_submitted_survive_a_restart(store):
    play = new_play(store)
    play.tap(None, play.entry.tap_bid, 1, 3)
    play.tap(None, play.entry.tap_bid, 2, 2)
    # The server restarts (or the tab is closed): a new screen on the same store finds the taps.
    again = GamePlay(GameSession(store, play.session.game_id))
    assert again.entry.bids == [None, 3, 2] and again.info == "The bids tapped before are still here: carry on."
    again.tap(None, again.entry.tap_bid, 0, 2)  # the last bid enters the bids
    again.tap(None, again.entry.tap_tricks, 1, 3)
    after = GamePlay(GameSession(store, play.session.game_id))
    assert after.entry.phase == "tricks" and after.entry.tricks == [None, 3, None]
    assert after.entry.bids == [2, 3, 2]


def test_taps_of_an_older_state_of_the_game_are_not_brought_back(store):
    play = new_play(store)
    play.tap(None, play.entry.tap_bid, 1, 3)
    other = GamePlay(GameSession(store, play.session.game_id))  # another device enters the bids meanwhile
    other.tap(None, other.entry.tap_bid, 0, 1)
    other.tap(None, other.entry.tap_bid, 2, 1)
    other.submit()
    fresh = GamePlay(GameSession(store, play.session.game_id))
    assert fresh.entry.phase == "tricks" and fresh.entry.tricks == [None, None, None] and fresh.info is None


def test_a_doctored_draft_is_ignored(store):
    play = new_play(store)
    session = play.session
    for bad in ({"step": [0, "bids"], "taps": {"0": 9, "1": None, "2": None}},  # 8 cards
                {"step": [0, "bids"], "taps": {"0": 1, "3": None}},  # no fourth seat
                {"step": [0, "bids"], "taps": {"0": "1"}},
                {"step": [0, "bids"], "taps": {"00": 1}},
                {"step": [1, "bids"], "taps": {"0": 1}},  # another hand
                {"step": [0, "tricks"], "taps": {"0": 1}},  # another step of the hand
                {"hand": 0, "phase": "bids", "bids": [1, None, None], "tricks": [None] * 3},  # no step, no taps
                ["not", "a", "draft"]):
        store.save_draft(session.game_id, session.version, bad)
        fresh = GamePlay(GameSession(store, session.game_id))
        assert fresh.entry.bids == [None, None, None] and fresh.info is None, bad


def test_a_tap_that_cannot_be_kept_is_taken_back_with_the_reason(store, monkeypatch):
    from scorekeeper.storage import StorageError

    play = new_play(store)
    play.tap(None, play.entry.tap_bid, 1, 3)

    def refuse(*_args, **_kwargs):
        raise StorageError("The score database could not save this (disk full). Nothing was changed: try again.")

    monkeypatch.setattr(store, "save_draft", refuse)
    play.tap(None, play.entry.tap_bid, 2, 2)
    assert play.entry.bids == [None, 3, None] and "disk full" in play.message
    monkeypatch.undo()
    play.tap(None, play.entry.tap_bid, 2, 2)
    play.tap(None, play.entry.tap_bid, 0, 2)
    play.submit()
    monkeypatch.setattr(store, "save_draft", refuse)
    play.tap(None, play.entry.tap_tricks, 0, 4)
    assert play.entry.tricks == [None, None, None] and "disk full" in play.message


def test_taps_are_kept_again_when_the_trump_is_noted_or_another_device_writes(store):
    play = new_play(store)
    play.tap(None, play.entry.tap_bid, 1, 3)
    play.record_aside(play.entry.trump_action("Spades"))  # a write: the game's version moves, the bids tapped stay
    assert GamePlay(GameSession(store, play.session.game_id)).entry.bids == [None, 3, None]
    other = GamePlay(GameSession(store, play.session.game_id))
    other.record_aside(other.entry.trump_action("Hearts"))
    play.remote_changed()
    assert play.entry.bids == [None, 3, None]
    assert GamePlay(GameSession(store, play.session.game_id)).entry.bids == [None, 3, None]


def test_a_tap_on_a_stale_screen_is_refused_and_the_latest_shown(store):
    play = new_play(store)
    other = GamePlay(GameSession(store, play.session.game_id))
    for seat, bid in enumerate([2, 3, 2]):
        other.tap(None, other.entry.tap_bid, seat, bid)
    other.submit()  # the first device hasn't heard yet
    play.tap(None, play.entry.tap_bid, 0, 1)
    assert "changed on another device" in play.message
    assert play.entry.phase == "tricks" and play.entry.bids == [2, 3, 2]


def test_a_correction_of_a_game_ended_early_leaves_it_ended(store):
    play = new_play(store)
    enter_hand(play, [2, 3, 2], [2, 3, 3])
    play.end_game()
    play.end_game()
    assert play.session.state.status == "abandoned"
    play.correct(0)
    play.tap(None, play.entry.tap_tricks, 1, 3)
    play.tap(None, play.entry.tap_tricks, 1, 4)  # Bob took 4, Cy 2: Cy now made his bid
    play.tap(None, play.entry.tap_tricks, 2, 2)
    play.save_correction()
    assert play.info == "Hand 1 corrected; the totals follow."
    assert play.session.state.status == "abandoned" and play.game.totals() == [14, -5, 14]


def test_undo_takes_back_the_taps_of_the_step_one_by_one_before_the_last_entry(store):
    """The UX review: a chip tapped by mistake, Undo said "Nothing to undo". It takes back the taps made
    here on the step open now, the last first, kept as a draft like any tap; then the last entry."""
    play = new_play(store)
    assert play.undo_offer() == (None, False, False)  # nothing tapped, nothing stored
    play.tap(None, play.entry.tap_bid, 1, 3)
    play.tap(None, play.entry.tap_bid, 2, 2)
    assert play.undo_offer() == ("Undo the last tap", True, True)
    play.undo(play.session.state.version)
    assert play.entry.bids == [None, 3, None] and play.info == "Tap taken back: Cy."
    cy = next(row for row in play.entry.bid_rows() if row.seat == 2)
    assert cy.turn and not cy.folded  # Cy's row open again, its chips to tap
    assert GamePlay(GameSession(store, play.session.game_id)).entry.bids == [None, 3, None]  # kept: others see it
    play.undo(play.session.state.version)
    assert play.entry.bids == [None, None, None] and play.undo_offer() == (None, False, False)
    enter_hand(play, [1, 3, 2], [1, 3, 4])
    play.tap(None, play.entry.tap_bid, 2, 0)  # hand 2: Cy bids first
    play.undo()
    assert play.entry.bids == [None, None, None] and play.entry.index == 1  # the tap, not hand 1's tricks
    assert play.undo_offer() == ("Undo tricks of hand 1", True, False)


def test_undo_of_the_last_tricks_tap_takes_back_the_number_filled_in_after_it(store):
    play = new_play(store)
    for seat, bid in enumerate([2, 3, 2]):
        play.tap(None, play.entry.tap_bid, seat, bid)
    play.tap(None, play.entry.tap_tricks, 1, 3)  # Bob leads: his tricks first
    play.tap(None, play.entry.tap_tricks, 2, 2)  # Ann's 3 is filled in: the one number that completes the hand
    assert play.entry.tricks == [None, 3, 2] and play.entry.filled() == {0: 3}
    play.undo()
    assert play.entry.tricks == [None, 3, None] and play.entry.filled() == {} and play.info == "Tap taken back: Cy."
    play.undo()
    play.undo()  # no tap left: the bids, entered with the last one, come back to change
    assert play.entry.phase == "bids" and play.entry.bids == [2, 3, 2]


def test_undo_of_record_against_the_hook_bars_the_dealers_bid_again(store):
    """The review: Undo took back the dealer's bid recorded against the hook but left the hook bent, so a
    plain tap on the forbidden bid was taken without the question."""
    play = new_play(store)
    play.tap(None, play.entry.tap_bid, 1, 3)
    play.tap(None, play.entry.tap_bid, 2, 2)  # Ann, the dealer, may not bid 3
    play.bend_hook()
    play.bend_hook()  # asked, then recorded against the hook
    assert play.entry.bids == [3, 3, 2] and play.entry.bend
    play.undo(play.session.version, True)
    assert play.entry.bids == [None, 3, 2] and not play.entry.bend
    ann = next(row for row in play.entry.bid_rows() if row.seat == 0)
    assert ann.bend_offer  # the question is offered again ...
    play.tap(None, play.entry.tap_bid, 0, 3)  # ... and a plain tap on the forbidden bid is refused
    assert "Ann deals and may not bid 3" in play.message and play.entry.bids[0] is None


def test_undo_offered_for_an_entry_never_takes_back_a_tap_that_came_in_first(store):
    play = new_play(store)
    enter_hand(play, [1, 3, 2], [1, 3, 4])
    offered = play.undo_offer()  # the bar drawn: "Undo tricks of hand 1"
    play.tap(None, play.entry.tap_bid, 2, 0)  # a chip tapped before that bar was redrawn
    play.undo(play.session.version, offered.tap)
    assert play.entry.bids[2] == 0 and len(store.load(play.session.game_id).record.actions) == 2
    assert play.message.startswith("A tap came in before Undo: nothing was undone.")
