"""Adjustments (rules.adjustments): a one-off bonus or penalty with a note, in every kind. Worked
examples by hand, refusals, the property that totals are the hand points plus the adjustments, undo in
storage, and every export: CSV (each kind, with the adjustment columns only when needed; a file
without them still imports), JSON version 2 (version 1 files still import) and the PDF card."""
from __future__ import annotations

import csv
import dataclasses
import io
import json
import random

import pypdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.gamegen import random_actions
from scorekeeper.exchange import HEADER, KIND_COLUMNS, export_games, import_file
from scorekeeper.rules import PRESETS, InvalidEntry
from scorekeeper.rules.adjustments import Adjustment
from scorekeeper.rules.hit_the_deck import Game as HitGame, PRESETS as HIT_PRESETS
from scorekeeper.rules.oh_heck import Game
from scorekeeper.rules.score_pad import Game as PadGame, PRESETS as PAD_PRESETS
from scorekeeper.rules.what_the_heck import Game as WthGame, PRESETS as WTH_PRESETS
from scorekeeper.storage import Store
from test_kinds_export import what_the_heck_actions

SHORT = dataclasses.replace(PRESETS["oh-heck"], id="custom", shape="list", hand_list=(3, 2), hook=False,
                            random_first_dealer=False)
OH_HECK = dataclasses.replace(PRESETS["oh-heck"], random_first_dealer=False)


def adjust(at: int, seat: int, points: int, note: str = "") -> dict:
    return {"type": "adjust", "at": at, "seat": seat, "points": points, "note": note}


def test_adjust_adds_to_the_total_from_its_hand_on():
    # Oh Heck (made: 10 + 2 per trick bid; missed: -5 per trick off), 3 cards then 2, Ann deals first.
    #   hand 1: bids 1,1,0 took 1,2,0 -> Ann 12, Bob -5 (one off), Cy 10 (a zero made)
    #   Bob gets +10 at hand 1 ("misdeal"): totals 12, 5, 10
    #   hand 2: bids 1,0,0 took 1,0,1 -> Ann 12, Bob 10, Cy -5: totals 24, 15, 5
    #   Cy gets -5 at hand 2 ("late"): 24, 15, 0
    game = Game(["Ann", "Bob", "Cy"], SHORT, first_dealer=0)
    game.apply({"type": "bids", "hand": 0, "values": [1, 1, 0]})
    game.apply({"type": "tricks", "hand": 0, "values": [1, 2, 0]})
    assert game.totals() == [12, -5, 10]
    game.apply(adjust(0, 1, 10, "  a   misdeal "))
    assert game.totals() == [12, 5, 10] and game.running_totals() == [[12, 5, 10]]
    game.apply({"type": "bids", "hand": 1, "values": [1, 0, 0]})
    game.apply({"type": "tricks", "hand": 1, "values": [1, 0, 1]})
    game.apply(adjust(1, 2, -5, "late"))
    assert game.running_totals() == [[12, 5, 10], [24, 15, 0]]
    assert game.adjustments == [Adjustment(0, 1, 10, "a misdeal"), Adjustment(1, 2, -5, "late")]
    assert [s.name for s in game.standings()] == ["Ann", "Bob", "Cy"] and game.winners() == [0]
    assert game.describe(adjust(1, 2, -5)) == "−5 for Cy at hand 2"  # a real minus, as the card shows points


def test_adjust_in_a_game_played_in_rounds():
    # Score pad: round 1 Ann 3, Bob 8; Ann -2 at round 1: 1, 8.
    pad = PadGame(["Ann", "Bob"], PAD_PRESETS["score-pad"])
    pad.apply({"type": "round", "round": 0, "points": [3, 8]})
    pad.apply(adjust(0, 0, -2, "peeked"))
    assert (pad.totals(), pad.running_totals(), pad.describe(adjust(0, 0, -2))) == ([1, 8], [[1, 8]], "−2 for Ann at round 1")


@pytest.mark.parametrize("entry, said", [
    (adjust(1, 0, 5), "hand 1, not 2"),  # hand 2 not played
    (adjust(-1, 0, 5), "hand 1, not 0"),
    (adjust(0, 3, 5), "one of the 3 players"),
    (adjust(0, 0, 0), "changes nothing"),
    (adjust(0, 0, 10_001), "at most 10,000"),
    ({**adjust(0, 0, 5), "points": 2.5}, "whole number"),
    ({**adjust(0, 0, 5), "points": True}, "whole number"),
    (adjust(0, 0, 5, "x" * 61), "at most 60 characters"),
    (adjust(0, 0, 5, "bad\x1bnote"), "can't be shown"),
    ({**adjust(0, 0, 5), "note": 7}, "must be text"),
])
def test_adjust_refused_changes_nothing(entry, said):
    game = Game(["Ann", "Bob", "Cy"], SHORT, first_dealer=0)
    game.apply({"type": "bids", "hand": 0, "values": [1, 1, 0]})
    game.apply({"type": "tricks", "hand": 0, "values": [1, 2, 0]})
    with pytest.raises(InvalidEntry) as refusal:
        game.apply(entry)
    assert said in str(refusal.value)
    assert game.totals() == [12, -5, 10] and game.adjustments == []


def test_adjust_before_any_hand_is_refused():
    with pytest.raises(InvalidEntry, match="play hand 1 first"):
        Game(["Ann", "Bob", "Cy"], SHORT, first_dealer=0).apply(adjust(0, 0, 5))


def test_adjust_that_reaches_the_target_before_later_rounds_is_refused():
    # HIT THE DECK ends after the hand in which a total reaches the target (100): Bob's 30 with 70 more
    # at hand 1 would have ended it there, with hand 2 recorded: refused, nothing changed. At hand 2, the
    # last one, 60 + 50 ends the game there.
    hit = HitGame(["Ann", "Bob"], HIT_PRESETS["hit-the-deck"])
    hit.apply({"type": "hand", "hand": 0, "out": 0, "left": [None, 30]})
    hit.apply({"type": "hand", "hand": 1, "out": 0, "left": [None, 30]})
    with pytest.raises(InvalidEntry, match="ends the game"):
        hit.apply(adjust(0, 1, 70))
    assert hit.totals() == [0, 60] and hit.adjustments == [] and not hit.is_over
    hit.apply(adjust(1, 1, 50))
    assert hit.is_over and hit.totals() == [0, 110]


# ----- totals are the hand points plus the adjustments -----

@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False), st.lists(st.tuples(st.integers(0, 20), st.integers(0, 7),
                                                             st.integers(-50, 50).filter(bool)), max_size=12))
def test_totals_are_the_hand_points_plus_the_adjustments(rng, wanted):
    players = ["Ann", "Bob", "Cy", "Dee"][: rng.randint(3, 4)]
    game = Game(players, OH_HECK, first_dealer=0)
    for action in random_actions(Game(players, OH_HECK, first_dealer=0), rng)[: 2 * rng.randint(1, 10)]:
        game.apply(action)
    played = game.progress()[0]
    expected = [sum(hand.points[seat] for hand in game.hands if hand.points is not None) for seat in range(len(players))]
    for at, seat, points in wanted:
        if at < played and seat < len(players):
            game.apply(adjust(at, seat, points))
            expected[seat] += points
    assert game.totals() == expected
    assert (game.running_totals()[-1] if game.running_totals() else [0] * len(players)) == expected


# ----- storage and every export -----

@pytest.fixture()
def adjusted(sqlite_url):
    store = Store(sqlite_url)
    # Oh Heck's preset (a CSV file carries presets only), 8 cards in hand 1 for three.
    state = store.new_game(["Ann", "Bob", "Cy"], PRESETS["oh-heck"], first_dealer=0)
    for entry in ({"type": "bids", "hand": 0, "values": [2, 3, 1]}, {"type": "tricks", "hand": 0, "values": [2, 5, 1]},
                  adjust(0, 1, 10, "=misdeal, again"), adjust(0, 1, -3, "late"), adjust(0, 2, 4)):
        state = store.record(state.id, entry, state.version)
    pad = store.new_game(["Ann", "Bob"], PAD_PRESETS["score-pad"])
    for entry in ({"type": "round", "round": 0, "points": [3, 8]}, adjust(0, 0, -2, "peeked")):
        pad = store.record(pad.id, entry, pad.version)
    yield store, state, pad
    store.close()


def test_adjust_is_undone_and_redone_like_any_entry(adjusted):
    store, state, _ = adjusted
    # Hand 1 gives 14, -10 (two off), 12; Bob +10 and -3, Cy +4.
    assert state.game.totals() == [14, -3, 16] and state.undo_text == "Undo +4 for Cy at hand 1"
    undone = store.undo(state.id, state.version)
    assert undone.game.totals() == [14, -3, 12] and undone.redo_text == "Redo +4 for Cy at hand 1"
    assert store.redo(state.id, undone.version).game.totals() == [14, -3, 16]


def test_csv_carries_adjustments_summed_per_player_and_hand(adjusted, tmp_path):
    store, state, pad = adjusted
    text = export_games(store, "csv", [state.id]).decode()
    rows = list(csv.DictReader(io.StringIO(text)))
    assert text.splitlines()[0] == HEADER + ",adjustment,adjustment_note"
    hand_1 = {row["player"]: row for row in rows if row["hand"] == "1"}
    # Bob: -10 for the hand, +10 and -3 adjusted: -3; the notes joined, the formula-like one protected.
    assert (hand_1["Bob"]["points"], hand_1["Bob"]["total"], hand_1["Bob"]["adjustment"],
            hand_1["Bob"]["adjustment_note"]) == ("-10", "-3", "7", "'=misdeal, again; late")
    assert (hand_1["Cy"]["adjustment"], hand_1["Cy"]["adjustment_note"], hand_1["Ann"]["adjustment"]) == ("4", "", "")
    other = Store(f"sqlite:///{tmp_path / 'other.db'}")
    import_file(other, text.encode(), name="adjusted.csv")
    back = other.load(state.id).game
    assert back.totals() == [14, -3, 16]
    assert back.adjustments == [Adjustment(0, 1, 7, "=misdeal, again; late"), Adjustment(0, 2, 4, "")]
    pad_text = export_games(store, "csv", [pad.id]).decode()
    assert pad_text.splitlines()[1].endswith(",1,Ann,1,3,1,-2,peeked")
    import_file(other, pad_text.encode(), name="pad.csv")
    assert other.load(pad.id).game.totals() == [1, 8]
    other.close()


def test_csv_without_adjustments_keeps_the_documented_columns_and_both_import(adjusted, tmp_path):
    store, state, pad = adjusted
    plain = store.new_game(["Ann", "Bob"], PAD_PRESETS["score-pad"])
    store.record(plain.id, {"type": "round", "round": 0, "points": [1, 2]}, plain.version)
    assert export_games(store, "csv", [plain.id]).decode().splitlines()[0] == ",".join(KIND_COLUMNS["score-pad"])
    other = Store(f"sqlite:///{tmp_path / 'other.db'}")
    import_file(other, export_games(store, "csv", [plain.id]), name="plain.csv")
    assert other.load(plain.id).game.totals() == [1, 2]
    other.close()


@pytest.mark.parametrize("damage, said", [
    (lambda row: {**row, "adjustment": "ten"}, "not a whole number"),
    (lambda row: {**row, "adjustment": "", "adjustment_note": "why"}, "adjustment is empty"),
    (lambda row: {**row, "adjustment": "0"}, "changes nothing"),
])
def test_csv_with_a_wrong_adjustment_is_refused(adjusted, tmp_path, damage, said):
    store, state, _ = adjusted
    rows = list(csv.DictReader(io.StringIO(export_games(store, "csv", [state.id]).decode())))
    rows = [damage(row) if row["player"] == "Bob" and row["hand"] == "1" else row for row in rows]
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    other = Store(f"sqlite:///{tmp_path / 'other.db'}")
    with pytest.raises(InvalidEntry) as refusal:
        import_file(other, out.getvalue().encode(), name="bad.csv")
    assert said in str(refusal.value) and list(other.records()) == []
    other.close()


def test_json_lists_adjustments_since_version_2_and_version_1_still_imports(adjusted, tmp_path):
    store, state, pad = adjusted
    document = json.loads(export_games(store, "json", [state.id]))
    assert document["version"] == 3  # (2 added adjustments; 3 changes at the table)
    assert document["games"][0]["computed"]["adjustments"] == [
        {"hand": 1, "player": "Bob", "points": 10, "note": "=misdeal, again"},
        {"hand": 1, "player": "Bob", "points": -3, "note": "late"}, {"hand": 1, "player": "Cy", "points": 4, "note": ""}]
    other = Store(f"sqlite:///{tmp_path / 'other.db'}")
    import_file(other, json.dumps(document).encode(), name="v2.json")
    assert other.load(state.id).game.adjustments == store.load(state.id).game.adjustments
    # A version 1 file (written before adjustments) of a game without them
    plain = json.loads(export_games(store, "json", [pad.id]))
    plain["version"] = 1
    game = plain["games"][0]
    game["actions"] = [action for action in game["actions"] if action["type"] != "adjust"]
    del game["computed"]
    import_file(other, json.dumps(plain).encode(), name="v1.json")
    assert other.load(pad.id).game.totals() == [3, 8]
    other.close()


def test_pdf_card_lists_every_adjustment(adjusted):
    store, state, _ = adjusted
    text = " ".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(export_games(store, "pdf", [state.id]))).pages)
    text = " ".join(text.split())
    assert "Adjustments (in the totals)" in text
    assert "Hand 1: Bob +10 (=misdeal, again)" in text and "Hand 1: Bob −3 (late)" in text and "Hand 1: Cy +4" in text


def test_what_the_heck_adjusted_round_trips_through_csv(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'a.db'}")
    rules = WTH_PRESETS["what-the-heck"]
    state = store.new_game(["Ann", "Bob", "Cy"], rules)
    for action in what_the_heck_actions(random.Random(4), WthGame(["Ann", "Bob", "Cy"], rules), 3):
        state = store.record(state.id, action, state.version)
    state = store.record(state.id, adjust(1, 2, 3, "a good sport"), state.version)
    text = export_games(store, "csv", [state.id])
    other = Store(f"sqlite:///{tmp_path / 'b.db'}")
    import_file(other, text, name="wth.csv")
    assert other.load(state.id).game.totals() == state.game.totals()
    assert other.load(state.id).game.adjustments == [Adjustment(1, 2, 3, "a good sport")]
    store.close()
    other.close()


# ----- the screen's form (ui.viewmodels.adjust): what it records and says -----

def test_the_form_records_a_signed_adjustment_at_the_hand_just_played():
    from scorekeeper.ui.viewmodels.adjust import AdjustForm

    game = Game(["Ann", "Bob", "Cy"], SHORT, first_dealer=0)
    game.apply({"type": "bids", "hand": 0, "values": [1, 1, 0]})
    game.apply({"type": "tricks", "hand": 0, "values": [1, 2, 0]})
    form = AdjustForm(game)
    assert (form.at, form.hands(), form.preview()) == (0, [(0, "Hand 1")], "Choose the player the points are for.")
    form.seat = 1
    assert form.preview() == "How many points? Type them or tap one of the amounts."
    for typed in ("ten", "1.5", "99999999"):
        form.points_text = typed
        with pytest.raises(InvalidEntry, match="whole number"):
            form.action()
    form.points_text, form.penalty, form.note = "+10", True, "late"
    assert form.action() == adjust(0, 1, -10, "late") and form.preview() == "Bob −10 at hand 1"
    game.apply(form.action())
    assert game.totals() == [12, -15, 10]
