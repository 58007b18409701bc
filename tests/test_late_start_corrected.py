"""A late arrival's start follows the hands before it (issue 38, item 1): a player who joined "from the
average" (or the lowest, the highest total) starts from what the corrected hands give, and every later
total with it, so typing the same entries fresh gives the same totals. The join entry keeps the rule,
not the number; the CSV and JSON round trips keep "average 18" as the rule, and a file whose number the
rule doesn't give (an older export, a hand-made file) still comes back with that number."""
from __future__ import annotations

import dataclasses
import json

import pytest

from scorekeeper import services
from scorekeeper.exchange import export_games, import_file, read_csv
from scorekeeper.rules import PRESETS, InvalidEntry
from scorekeeper.rules import hit_the_deck, score_pad
from scorekeeper.rules.oh_heck import Game
from scorekeeper.storage import Store

NAMES = ["Ann", "Bob", "Cy", "Dee"]
OH_HECK = dataclasses.replace(PRESETS["oh-heck"], random_first_dealer=False)  # made: 10 + 2 a trick; missed: -5 a trick


def evening(hand_one_tricks: list[int]) -> list[dict]:
    """Hand 1 (8 cards, Ann deals): bids 2, 2, 2, 1 and the tricks given; then Eve comes from the average
    and hand 2 (7 cards) is played by five."""
    return [
        {"type": "bids", "hand": 0, "values": [2, 2, 2, 1]},
        {"type": "tricks", "hand": 0, "values": hand_one_tricks},
        {"type": "join", "hand": 1, "name": "Eve", "after": 3, "start": "average"},
        {"type": "bids", "hand": 1, "values": [1, 1, 1, 1, 2]},
        {"type": "tricks", "hand": 1, "values": [1, 1, 1, 2, 2]},
    ]


def played(entries: list[dict], game_class=Game, players=NAMES, rules=OH_HECK, **setup) -> Game:
    game = game_class(list(players), rules, **setup)
    for entry in entries:
        game.apply(entry)
    return game


# Typed wrong: hand 1's tricks 2, 2, 3, 1 -> Ann 14, Bob 14, Cy -5, Dee 12: average 35 / 4 = 8.75, so 9.
WRONG = [2, 2, 3, 1]
# (after Eve came, a hand before hers has her empty place)
CORRECTION = {"type": "tricks", "hand": 0, "values": [1, 2, 3, 2, None]}  # Ann -5, Bob 14, Cy -5, Dee -5


def test_a_correction_of_a_hand_before_the_arrival_moves_her_start_and_every_total_after_it():
    game = played(evening(WRONG))
    assert game.joins[4] == (1, "average", 9) and game.totals()[4] == 9 + 14
    game.apply(CORRECTION)
    # Hand 1 is now Ann -5, Bob 14, Cy -5, Dee -5: average -1 / 4 = -0.25, so 0: Eve starts from 0.
    fresh = played(evening([1, 2, 3, 2]))
    assert fresh.joins[4] == (1, "average", 0)
    assert game.joins == fresh.joins and game.running_totals() == fresh.running_totals()
    assert game.totals() == fresh.totals() == [-5 + 12, 14 + 12, -5 + 12, -5 - 5, 0 + 14]
    assert game.roster_lines() == ["Hand 2: Eve joined, starting from 0 (the average total)"]


@pytest.mark.parametrize("rule", ["lowest", "highest"])
def test_the_lowest_and_the_highest_total_follow_a_correction_too(rule):
    entries = evening(WRONG)
    entries[2] = {**entries[2], "start": rule}
    game = played(entries)
    assert game.joins[4][2] == (-5 if rule == "lowest" else 14)
    # Hand 1 corrected to bids 2, 3, 1, 1 and tricks 2, 3, 0, 3: Ann 14, Bob 16, Cy -5, Dee -10.
    game.apply({"type": "bids", "hand": 0, "values": [2, 3, 1, 1, None]})
    game.apply({"type": "tricks", "hand": 0, "values": [2, 3, 0, 3, None]})
    fresh = played([{"type": "bids", "hand": 0, "values": [2, 3, 1, 1]},
                    {"type": "tricks", "hand": 0, "values": [2, 3, 0, 3]}, *entries[2:]])
    assert game.joins == fresh.joins and game.totals() == fresh.totals()
    assert game.joins[4][2] == (-10 if rule == "lowest" else 16)


def test_an_adjustment_or_a_change_of_the_scoring_before_the_arrival_moves_her_start():
    game = played(evening(WRONG))
    game.apply({"type": "adjust", "at": 0, "seat": 2, "points": 40, "note": ""})  # Cy -5 -> 35: average 19
    assert game.joins[4] == (1, "average", 19) and game.totals()[4] == 19 + 14
    game.apply({"type": "rules", "changes": {"made_per_trick": 5}})  # made: 10 + 5 a trick
    # Hand 1 again: Ann 20, Bob 20, Cy -5 + 40, Dee 15: average 90 / 4 = 22.5, so 23; her hand 2: 10 + 10.
    assert game.joins[4] == (1, "average", 23) and game.totals()[4] == 23 + 20


def test_a_number_start_stays_that_number():
    entries = evening(WRONG)
    entries[2] = {**entries[2], "start": 9}
    game = played(entries)
    game.apply(CORRECTION)
    assert game.joins[4] == (1, 9, 9) and game.totals()[4] == 9 + 14


def test_the_score_pad_and_hit_the_deck_follow_a_correction():
    pad = played([{"type": "round", "round": 0, "points": [10, 5, 0]},
                  {"type": "join", "round": 1, "name": "Dee", "start": "average"},
                  {"type": "round", "round": 1, "points": [1, 2, 3, 4]},
                  {"type": "round", "round": 0, "points": [10, 5, 30, None]}],
                 score_pad.Game, ["Ann", "Bob", "Cy"], score_pad.PRESETS["score-pad"])
    assert pad.joins[3] == (1, "average", 15) and pad.totals() == [11, 7, 33, 19]
    rules = hit_the_deck.PRESETS["hit-the-deck"]  # lowest wins; the game ends when a total reaches 100
    # Dee comes from the highest total, and is given 5 at hand 1 (before she came: as a file may have it).
    deck = played([{"type": "hand", "hand": 0, "out": 0, "left": [None, 10, 20]},
                   {"type": "join", "hand": 1, "name": "Dee", "start": "highest"},
                   {"type": "adjust", "at": 0, "seat": 3, "points": 5, "note": ""},
                   {"type": "hand", "hand": 1, "out": 1, "left": [5, None, 6, 7]}],
                  hit_the_deck.Game, ["Ann", "Bob", "Cy"], rules)
    assert deck.totals() == [5, 10, 26, 32]
    deck.apply({"type": "hand", "hand": 0, "out": 0, "left": [None, 10, 40, None]})
    assert deck.joins[3] == (1, "highest", 40) and deck.totals() == [5, 10, 46, 52]
    # A correction that has Dee start at 96 + 5, ending the game at hand 1 with hand 2 recorded, is refused.
    before = deck.totals()
    with pytest.raises(InvalidEntry, match="Dee reaches 100 in hand 1"):
        deck.apply({"type": "hand", "hand": 0, "out": 0, "left": [None, 10, 96, None]})
    assert deck.totals() == before and deck.joins[3] == (1, "highest", 40)


def test_a_stored_correction_moves_the_start_and_the_summary(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'a.db'}")
    state = store.new_game(NAMES, PRESETS["oh-heck"], first_dealer=0)
    for entry in evening(WRONG):
        state = store.record(state.id, entry, state.version)
    state = services.correct(store, state.id, state.version, [CORRECTION])
    assert store.load(state.id).game.totals() == [7, 26, 7, -10, 14]
    assert store.unfinished_games()[0].scores == [7, 26, 7, -10, 14]
    store.close()


def test_the_csv_round_trip_keeps_the_rule_with_the_number_it_now_comes_to(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'a.db'}")
    state = store.new_game(NAMES, PRESETS["oh-heck"], first_dealer=0)
    for entry in evening(WRONG):
        state = store.record(state.id, entry, state.version)
    state = services.correct(store, state.id, state.version, [CORRECTION])
    text = export_games(store, "csv", [state.id]).decode()
    assert ",joined,average 0," in text
    back = read_csv(text, "evening.csv")[0].build()
    assert back.joins == {4: (1, "average", 0)} and back.totals() == state.game.totals()
    # Typed fresh from the file's hands, and a correction of hand 1 again: it still moves.
    back.apply({"type": "tricks", "hand": 0, "values": [2, 2, 2, 2, None]})
    assert back.joins[4] == (1, "average", 9)
    store.close()


def test_the_json_round_trip_keeps_the_rule_and_an_older_file_keeps_its_number(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'a.db'}")
    state = store.new_game(NAMES, PRESETS["oh-heck"], first_dealer=0)
    for entry in evening(WRONG):
        state = store.record(state.id, entry, state.version)
    state = services.correct(store, state.id, state.version, [CORRECTION])
    text = export_games(store, "json", [state.id])
    document = json.loads(text)
    game = document["games"][0]
    assert game["computed"]["table"][0]["start"] == 0
    other = Store(f"sqlite:///{tmp_path / 'b.db'}")
    import_file(other, text, name="evening.json")
    loaded = other.load(state.id)
    assert loaded.game.joins == {4: (1, "average", 0)} and loaded.game.totals() == state.game.totals()
    other.close()
    # A file written before a start followed its hands: Eve's start stayed the 9 of the hands as first
    # typed, and its totals say so. It still imports, Eve starting from its number.
    older = json.loads(text)
    said = older["games"][0]["computed"]
    said["table"][0]["start"] = 9
    for totals in [said["totals"], said["final_scores"], *(hand["totals"] for hand in said["hands"] if hand["totals"])]:
        totals[4] += 9
    fresh = Store(f"sqlite:///{tmp_path / 'c.db'}")
    import_file(fresh, json.dumps(older).encode(), name="older.json")
    kept = fresh.load(state.id).game
    assert kept.joins == {4: (1, 9, 9)} and kept.totals()[4] == 9 + 14
    fresh.close()
    store.close()
