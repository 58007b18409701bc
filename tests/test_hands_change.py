"""The hands to come, changed mid-game (issue 14, item 5): a hand inserted, skipped or resized, the game
stopped after a hand, another round; the deal keeps passing seat by seat and the deck still caps a
hand. Worked examples, refusals, undo, CSV (with changed_hands only when needed; a truncated file of
an unchanged game still refused) and JSON round trips, and the screen's form."""
from __future__ import annotations

import csv
import io

import pytest

from scorekeeper.exchange import HEADER, export_games, import_file
from scorekeeper.rules import PRESETS, InvalidEntry
from scorekeeper.rules.oh_heck import Game
from scorekeeper.storage import Store
from scorekeeper.ui.viewmodels.hands import HandsForm

NAMES = ["Ann", "Bob", "Cy", "Dee"]
OH_HECK = PRESETS["oh-heck"]  # four players: 8 down to 1 and back up to 8 (15 hands), at most 13 cards


def hands(game) -> list[tuple[int, int, str]]:
    return [(hand.number, hand.cards, game.players[hand.dealer]) for hand in game.hands]


def test_insert_skip_hand_and_the_deal_passes_on():
    game = Game(NAMES, OH_HECK, first_dealer=0)
    game.apply({"type": "bids", "hand": 0, "values": [2, 2, 1, 1]})
    game.apply({"type": "tricks", "hand": 0, "values": [2, 2, 2, 2]})
    # From hand 2 on: 7, then a second 7 inserted, 5 (6 skipped), and stop: 4 hands in all.
    game.apply({"type": "hands", "from": 1, "sizes": [7, 7, 5]})
    assert hands(game) == [(1, 8, "Ann"), (2, 7, "Bob"), (3, 7, "Cy"), (4, 5, "Dee")]
    assert game.progress() == (1, 4) and game.describe({"type": "hands", "from": 1}) == "change of the hands from hand 2"
    # Another round after the last: the whole sequence again, the deal going on round the table.
    game.apply({"type": "hands", "from": 4, "sizes": OH_HECK.hand_sizes(4)})
    assert game.progress() == (1, 19) and hands(game)[4] == (5, 8, "Ann") and hands(game)[-1] == (19, 8, "Cy")


def test_stop_after_the_hand_under_way():
    game = Game(NAMES, OH_HECK, first_dealer=0)
    game.apply({"type": "bids", "hand": 0, "values": [2, 2, 1, 1]})
    game.apply({"type": "hands", "from": 1, "sizes": []})  # hand 1's bids are in: it is the last
    assert game.progress() == (0, 1) and not game.is_over
    game.apply({"type": "tricks", "hand": 0, "values": [2, 2, 2, 2]})
    assert game.is_over and game.totals() == [14, 14, -5, -5]  # Cy and Dee bid 1, took 2: one off


@pytest.mark.parametrize("change, said", [
    ({"from": 0, "sizes": [3]}, "from hand 2 on, not hand 1"),  # hand 1 has its bids
    ({"from": 20, "sizes": [3]}, "There is no hand 21"),
    ({"from": 1, "sizes": [14]}, "deals 1 to 13 cards each"),  # the deck caps a hand
    ({"from": 1, "sizes": [0]}, "deals 1 to 13 cards each"),
    ({"from": 1, "sizes": [2.5]}, "whole number"),
    ({"from": 1, "sizes": "55"}, "list of hand sizes"),
    ({"from": 1, "sizes": [1] * 100}, "at most 100 hands"),
])
def test_a_change_of_what_was_entered_or_the_deck_cant_deal_is_refused(change, said):
    game = Game(NAMES, OH_HECK, first_dealer=0)
    game.apply({"type": "bids", "hand": 0, "values": [2, 2, 1, 1]})
    with pytest.raises(InvalidEntry, match=said):
        game.apply({"type": "hands", **change})
    assert [hand.cards for hand in game.hands] == OH_HECK.hand_sizes(4)


@pytest.fixture
def store(sqlite_url):
    with Store(sqlite_url) as opened:
        yield opened


def changed_game(store):
    state = store.new_game(NAMES, OH_HECK, first_dealer=0)
    for entry in ({"type": "bids", "hand": 0, "values": [2, 2, 1, 1]}, {"type": "tricks", "hand": 0, "values": [2, 2, 2, 2]},
                  {"type": "hands", "from": 1, "sizes": [5, 3]}):
        state = store.record(state.id, entry, state.version)
    return state


def test_undo_brings_the_hands_back(store):
    state = changed_game(store)
    assert state.undo_text == "Undo change of the hands from hand 2"
    assert [hand.cards for hand in store.undo(state.id, state.version).game.hands] == OH_HECK.hand_sizes(4)


def test_csv_and_json_carry_the_changed_hands(store, tmp_path):
    state = changed_game(store)
    text = export_games(store, "csv", [state.id]).decode()
    assert text.splitlines()[0] == HEADER + ",changed_hands"
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [row["cards"] for row in rows[::4]] == ["8", "5", "3"] and {row["changed_hands"] for row in rows} == {"yes"}
    for fmt in ("csv", "json"):
        other = Store(f"sqlite:///{tmp_path / f'{fmt}.db'}")
        import_file(other, export_games(store, fmt, [state.id]), name=f"changed.{fmt}")
        assert [hand.cards for hand in other.load(state.id).game.hands] == [8, 5, 3]
        other.close()


def test_a_truncated_csv_of_an_unchanged_game_is_still_refused(store, tmp_path):
    state = store.new_game(NAMES, OH_HECK, first_dealer=0)
    store.record(state.id, {"type": "bids", "hand": 0, "values": [2, 2, 1, 1]}, state.version)
    lines = export_games(store, "csv", [state.id]).decode().splitlines()
    assert lines[0] == HEADER  # no game changed its hands: the documented columns
    other = Store(f"sqlite:///{tmp_path / 'other.db'}")
    with pytest.raises(InvalidEntry, match="truncated"):
        import_file(other, ("\n".join(lines[:-8]) + "\n").encode(), name="cut.csv")  # the last two hands cut off
    other.close()


def test_the_form_edits_the_hands_to_come():
    game = Game(NAMES, OH_HECK, first_dealer=0)
    game.apply({"type": "bids", "hand": 0, "values": [2, 2, 1, 1]})
    form = HandsForm(game)
    assert (form.start, form.sizes[:3], form.limit, form.changed) == (1, [7, 6, 5], 13, False)
    form.resize(0, 10)  # capped by the deck
    form.remove(1)  # hand 3 (6 cards) skipped
    form.insert(0)  # another like hand 2 before it
    assert form.sizes[:3] == [13, 13, 5] and form.changed
    form.stop()
    assert form.summary() == "The game ends after hand 1." and form.action() == {"type": "hands", "from": 1, "sizes": []}
    form.another_round()
    assert form.summary() == "Hands 2 to 16: " + ", ".join(map(str, OH_HECK.hand_sizes(4))) + " cards; 16 hands in all."
    game.apply(form.action())
    assert game.progress() == (0, 16)


def test_stop_after_a_hand_says_what_it_gives_and_what_end_the_game_now_gives_instead():
    # Issue 38, item 9: the two ways to end early give two results; each says so where it is chosen.
    game = Game(NAMES, OH_HECK, first_dealer=0)
    game.apply({"type": "bids", "hand": 0, "values": [2, 2, 1, 1]})
    form = HandsForm(game)
    assert form.stop_note() == (
        "Stop after hand 1: the game is over after it, as after its last hand: a winner, the awards and the "
        "statistics. “End the game now” (the game's menu) stops at once instead, with no winner.")
