"""CSV and PDF of a score pad and a HIT THE DECK game where the table changed (rules.roster): a late
arrival, a sit-out and a departure. Their CSV takes the table columns of the bid-and-tricks files,
at_table and start (no sits_after: nobody deals), only in a file that needs them; the cells are checked
against values worked out by hand; export -> import into a fresh store rebuilds the same game (players,
totals, who was out of each round), and rows that contradict each other are refused with the line. The
PDF shows the players not in a round as such and lists the changes; the bid-and-tricks PDF counts the
bids made of the hands each player played."""
from __future__ import annotations

import random
import re
from datetime import datetime, timezone

import pytest

from scorekeeper.exchange import ExchangeError, export_games, import_file, read_csv
from scorekeeper.exchange.pdf_card import MADE
from scorekeeper.exchange.kinds.score_pad_card import score_pad_grid
from scorekeeper.rules import PRESETS, InvalidEntry, hit_the_deck, outcome, score_pad
from scorekeeper.storage import Store
from scorekeeper.storage.records import GameRecord
from test_table_roster_exports import cells, csv_of, pdf_lines, refused_with_nothing_stored, rewritten, rows_of

GAME_ID = "0123456789abcdef0123456789abcdef"
START = datetime(2024, 5, 4, 19, 30, tzinfo=timezone.utc)
PAD_HEADER = "game_id,started_at,game,round,player,seat,points,total"
DECK_HEADER = "game_id,started_at,game,hand,player,seat,went_out,number_cards,specials,points,total"
TABLE = ",at_table,start"


def pad_evening() -> list[dict]:
    """A score pad (highest wins), Ann, Bob and Cy. Worked by hand:
    round 1: Ann 5, Bob 3, Cy 1.
    round 2: Dee comes with 3 points; Bob sits it out. Ann 2 (7), Cy 4 (5), Dee 6 (3 + 6 = 9); Bob keeps 3.
    round 3: Ann goes home with her 7. Bob 1 (4), Cy 2 (7), Dee 3 (12)."""
    return [
        {"type": "round", "round": 0, "points": [5, 3, 1]},
        {"type": "join", "round": 1, "name": "Dee", "start": 3},
        {"type": "sit_out", "round": 1, "seat": 1},
        {"type": "round", "round": 1, "points": [2, None, 4, 6]},
        {"type": "leave", "round": 2, "seat": 0},
        {"type": "round", "round": 2, "points": [None, 1, 2, 3]},
    ]


def deck_evening() -> list[dict]:
    """HIT THE DECK (lowest wins), Ann, Bob and Cy. Worked by hand:
    hand 1: Ann goes out (0); Bob counts 4, 2 and a word card (16); Cy has 12 points left.
    hand 2: Cy goes home with 12; Dee comes from the highest total of those at the table (Ann 0, Bob 16:
    16). Bob goes out; Ann 7 (7), Dee 3 (16 + 3 = 19).
    hand 3: Bob sits it out. Dee goes out; Ann counts a 5 (12).
    Then Ann says she will sit out hand 4, not played yet."""
    return [
        {"type": "hand", "hand": 0, "out": 0, "left": [None, {"numbers": [4, 2], "specials": 1}, 12]},
        {"type": "leave", "hand": 1, "seat": 2},
        {"type": "join", "hand": 1, "name": "Dee", "start": "highest"},
        {"type": "hand", "hand": 1, "out": 1, "left": [7, None, None, 3]},
        {"type": "sit_out", "hand": 2, "seat": 1},
        {"type": "hand", "hand": 2, "out": 3, "left": [{"numbers": [5], "specials": 0}, None, None, None]},
        {"type": "sit_out", "hand": 3, "seat": 0},
    ]


def pad_record(actions, players=("Ann", "Bob", "Cy"), rules=None, game_id=GAME_ID) -> GameRecord:
    rules = rules or score_pad.PRESETS["score-pad"]
    return GameRecord(id=game_id, kind=score_pad.KIND, rules=rules.to_dict(), players=tuple(players), setup={},
                      status="playing", started_at=START, actions=tuple(actions))


def deck_record(actions, players=("Ann", "Bob", "Cy"), game_id=GAME_ID) -> GameRecord:
    return GameRecord(id=game_id, kind=hit_the_deck.KIND, rules=hit_the_deck.PRESETS["hit-the-deck"].to_dict(),
                      players=tuple(players), setup={}, status="playing", started_at=START, actions=tuple(actions))










def same_game(back, game) -> None:
    """Everything the table saw: players, totals, the running totals, who was out of each round, the changes."""
    assert back.players == game.players and back.totals() == game.totals()
    assert back.running_totals() == game.running_totals()
    assert [played.absent for played in back.played_rounds] == [played.absent for played in game.played_rounds]
    assert back.joins == game.joins and back.left == game.left and back.sat_out == game.sat_out
    assert back.roster_lines() == game.roster_lines()


# ----- CSV: the columns and cells, worked by hand -----

POINTS = ("points", "total", "at_table", "start")


def test_score_pad_csv_of_a_join_a_sit_out_and_a_leave_worked_by_hand():
    text = csv_of(pad_record(pad_evening()))
    lines = text.splitlines()
    assert lines[0] == PAD_HEADER + TABLE  # no sits_after: nobody deals
    assert len(lines) == 1 + 3 * 4  # every player has a row for every round, Dee from round 1
    rows = rows_of(text)
    assert [(row["round"], row["player"], row["seat"]) for row in rows[:4]] == [
        ("1", "Ann", "1"), ("1", "Bob", "2"), ("1", "Cy", "3"), ("1", "Dee", "4")]
    expected = {
        (1, "Ann"): ("5", "5", "", ""), (1, "Bob"): ("3", "3", "", ""), (1, "Cy"): ("1", "1", "", ""),
        (1, "Dee"): ("", "3", "not yet", ""),  # her start, already: it counts from the round before hers
        (2, "Ann"): ("2", "7", "", ""), (2, "Bob"): ("", "3", "sat out", ""), (2, "Cy"): ("4", "5", "", ""),
        (2, "Dee"): ("6", "9", "joined", "3"),
        (3, "Ann"): ("", "7", "left", ""), (3, "Bob"): ("1", "4", "", ""), (3, "Cy"): ("2", "7", "", ""),
        (3, "Dee"): ("3", "12", "", ""),
    }
    assert {(int(row["round"]), row["player"]): tuple(row[column] for column in POINTS) for row in rows} == expected
    # The documented example (docs/export-format.md) is these rows.
    assert [line.split(",", 3)[3] for line in lines if line.split(",")[3:5] in (
        ["1", "Dee"], ["2", "Bob"], ["2", "Dee"], ["3", "Ann"], ["3", "Dee"])] == [
        "1,Dee,4,,3,not yet,", "2,Bob,2,,3,sat out,", "2,Dee,4,6,9,joined,3", "3,Ann,1,,7,left,", "3,Dee,4,3,12,,"]


DECK = ("went_out", "number_cards", "specials", "points", "total", "at_table", "start")


def test_hit_the_deck_csv_of_a_leave_a_join_from_the_highest_and_sit_outs_worked_by_hand():
    text = csv_of(deck_record(deck_evening()))
    lines = text.splitlines()
    assert lines[0] == DECK_HEADER + TABLE
    # Hands 1 to 3 played, and hand 4, not played yet, for Ann's sit-out entered ahead.
    assert len(lines) == 1 + 4 * 4
    rows = rows_of(text)
    expected = {
        (1, "Ann"): ("yes", "", "", "0", "0", "", ""), (1, "Bob"): ("", "4 2", "1", "16", "16", "", ""),
        (1, "Cy"): ("", "", "", "12", "12", "", ""), (1, "Dee"): ("", "", "", "", "16", "not yet", ""),
        (2, "Ann"): ("", "", "", "7", "7", "", ""), (2, "Bob"): ("yes", "", "", "0", "16", "", ""),
        (2, "Cy"): ("", "", "", "", "12", "left", ""), (2, "Dee"): ("", "", "", "3", "19", "joined", "highest 16"),
        (3, "Ann"): ("", "5", "0", "5", "12", "", ""), (3, "Bob"): ("", "", "", "", "16", "sat out", ""),
        (3, "Cy"): ("", "", "", "", "12", "left", ""), (3, "Dee"): ("yes", "", "", "0", "19", "", ""),
        (4, "Ann"): ("", "", "", "", "", "sat out", ""), (4, "Bob"): ("", "", "", "", "", "", ""),
        (4, "Cy"): ("", "", "", "", "", "left", ""), (4, "Dee"): ("", "", "", "", "", "", ""),
    }
    assert {(int(row["hand"]), row["player"]): tuple(row[column] for column in DECK) for row in rows} == expected
    assert deck_record(deck_evening()).build().totals() == [12, 16, 12, 19]


def test_a_plain_game_keeps_the_documented_header_and_its_rows_in_a_file_with_a_changed_game():
    plain_pad = pad_record(pad_evening()[:1], game_id="f" * 32)
    assert csv_of(plain_pad).splitlines()[0] == PAD_HEADER
    plain_deck = deck_record(deck_evening()[:1], game_id="e" * 32)
    assert csv_of(plain_deck).splitlines()[0] == DECK_HEADER
    # A sit-out alone (three fields, no points) is found by the cheap look at the entries.
    assert csv_of(pad_record([pad_evening()[0], {"type": "sit_out", "round": 1, "seat": 2}])).splitlines()[0] == (
        PAD_HEADER + TABLE)
    # In a file with a changed game, a plain game's rows have the columns, empty.
    both = rows_of(csv_of(plain_pad, pad_record(pad_evening())))
    assert {(row["at_table"], row["start"]) for row in both if row["game_id"] == plain_pad.id} == {("", "")}
    back = read_csv(csv_of(plain_pad, pad_record(pad_evening())), "both.csv")
    assert [record.id for record in back] == [plain_pad.id, GAME_ID]
    same_game(back[0].build(), plain_pad.build())


def test_the_table_columns_come_before_the_adjustment_columns():
    actions = [*pad_evening()[:2], {"type": "adjust", "at": 0, "seat": 3, "points": -2, "note": "late"},
               *pad_evening()[2:]]
    text = csv_of(pad_record(actions))
    assert text.splitlines()[0] == PAD_HEADER + TABLE + ",adjustment,adjustment_note"
    rows = rows_of(text)
    assert cells(rows, 1, "Dee", "total", "at_table", "adjustment", "adjustment_note") == ("1", "not yet", "-2", "late")
    back = read_csv(text, "adjusted.csv")[0].build()
    same_game(back, pad_record(actions).build())
    assert back.totals() == [7, 4, 7, 10] and back.adjustments == pad_record(actions).build().adjustments


# ----- CSV: export -> import into a fresh store -----

def round_trip(tmp_path, players, rules, entries):
    store = Store(f"sqlite:///{tmp_path / 'a.db'}")
    state = store.new_game(list(players), rules)
    for entry in entries:
        state = store.record(state.id, entry, state.version)
    text = export_games(store, "csv", [state.id])
    other = Store(f"sqlite:///{tmp_path / 'x.db'}")
    assert import_file(other, text, name="evening.csv").added == [state.id]
    loaded = other.load(state.id)
    again = export_games(other, "csv", [state.id])
    store.close()
    other.close()
    return state, loaded, text, again


def test_score_pad_round_trip_through_a_fresh_store(tmp_path):
    state, loaded, text, again = round_trip(tmp_path, ["Ann", "Bob", "Cy"], score_pad.PRESETS["score-pad"],
                                            pad_evening())
    assert loaded.record.players == ("Ann", "Bob", "Cy") and loaded.game.players == ["Ann", "Bob", "Cy", "Dee"]
    assert loaded.game.totals() == [7, 4, 7, 12] == state.game.totals()
    assert [played.absent for played in loaded.game.rounds] == [{3}, {1}, {0}]
    same_game(loaded.game, state.game)
    assert loaded.game.joins == {3: (1, 3, 3)}
    assert again == text  # and it writes the same file again


def test_hit_the_deck_round_trip_through_a_fresh_store(tmp_path):
    state, loaded, text, again = round_trip(tmp_path, ["Ann", "Bob", "Cy"], hit_the_deck.PRESETS["hit-the-deck"],
                                            deck_evening())
    assert loaded.record.players == ("Ann", "Bob", "Cy") and loaded.game.players == ["Ann", "Bob", "Cy", "Dee"]
    assert loaded.game.totals() == [12, 16, 12, 19] == state.game.totals()
    assert [hand.absent for hand in loaded.game.hands] == [{3}, {2}, {1, 2}]
    same_game(loaded.game, state.game)
    assert loaded.game.joins == {3: (1, "highest", 16)}  # the table's choice, not only its number
    assert loaded.game.sat_out == {2: {1}, 3: {0}}  # the sit-out entered ahead, for hand 4, too
    # The entries: each change at the table before the entry of its hand.
    actions = list(loaded.record.actions)
    assert [action["type"] for action in actions] == ["hand", "leave", "join", "hand", "sit_out", "hand", "sit_out"]
    assert again == text


def test_a_late_arrival_for_the_round_about_to_be_played_comes_back(tmp_path):
    # Round 1 played (Ann 10, Bob 4, Cy -2); Dee joins from the lowest total for round 2, not played yet.
    entries = [{"type": "round", "round": 0, "points": [10, 4, -2]},
               {"type": "join", "round": 1, "name": "Dee", "start": "lowest"}]
    rules = score_pad.PRESETS["score-pad-low"]
    text = csv_of(pad_record(entries, rules=rules))
    rows = rows_of(text)
    assert len(rows) == 2 * 4  # round 2 is listed, empty but for Dee's arrival
    assert cells(rows, 1, "Dee", *POINTS) == ("", "-2", "not yet", "")
    assert cells(rows, 2, "Dee", *POINTS) == ("", "", "joined", "lowest -2")
    assert cells(rows, 2, "Ann", *POINTS) == ("", "", "", "")
    state, loaded, text, again = round_trip(tmp_path, ["Ann", "Bob", "Cy"], rules, entries)
    assert loaded.game.players == ["Ann", "Bob", "Cy", "Dee"] and loaded.game.joins == {3: (1, "lowest", -2)}
    assert loaded.game.totals() == [10, 4, -2, -2] and len(loaded.game.rounds) == 1
    assert again == text


def random_evening(rng: random.Random, module, rules) -> GameRecord:
    """A score pad or HIT THE DECK game where, before each round, the table may take in a late arrival
    (any start), let someone go, have someone sit this round or one to come out, or give an adjustment
    at an earlier round (a late arrival's before they came too); each round then entered at random."""
    names = [f"P{seat}" for seat in range(rng.randint(rules.min_players, min(rules.max_players, 5)))]
    game = module.Game(names, rules)
    unit = game.unit
    actions: list[dict] = []
    for index in range(rng.randint(1, 6)):
        for _ in range(rng.choice([0, 1, 2, 3])):
            seated = game.seated(index)
            change = rng.choice(["join", "leave", "sit_out", "sit_out_later", "adjust"])
            entry = {
                "join": {"type": "join", unit: index, "name": f"Late {len(game.players)}",
                         "start": rng.choice(["zero", "lowest", "highest", "average", 7, -3])},
                "leave": {"type": "leave", unit: index, "seat": rng.choice(seated)},
                "sit_out": {"type": "sit_out", unit: index, "seat": rng.choice(seated)},
                "sit_out_later": {"type": "sit_out", unit: index + rng.randint(1, 3),
                                  "seat": rng.randrange(len(game.players))},
                "adjust": {"type": "adjust", "at": max(index - 1, 0), "seat": rng.randrange(len(game.players)),
                           "points": rng.choice([-5, 7])},  # (never 0 in all: CSV sums them)
            }[change]
            try:
                game.apply(entry)
                actions.append(entry)
            except InvalidEntry:
                pass  # too few at the table, nothing played yet, not in the round: refused, nothing changed
        if rng.random() < 0.15 or game.is_over:
            break  # (the table stops, maybe with changes for the round to come entered)
        playing = game.seated(index)
        if module is score_pad:
            entry = {"type": "round", "round": index,
                     "points": [rng.randint(-5, 20) if seat in playing else None for seat in range(len(game.players))]}
        else:
            out = rng.choice(playing)
            entry = {"type": "hand", "hand": index, "out": out, "left": [
                None if seat == out or seat not in playing else
                rng.choice([rng.randint(1, 30), {"numbers": [rng.randint(1, 5)], "specials": rng.randint(0, 2)}])
                for seat in range(len(game.players))]}
        try:
            game.apply(entry)
        except InvalidEntry:
            break  # (a target reached before: the game is over)
        actions.append(entry)
    return GameRecord(id=GAME_ID, kind=module.KIND, rules=rules.to_dict(), players=tuple(names), setup={},
                      status="playing", started_at=START, actions=tuple(actions))


@pytest.mark.parametrize("seed", range(30))
def test_any_evening_comes_back_from_csv_as_the_same_game(seed):
    rng = random.Random(seed)
    module, rules = rng.choice([(score_pad, score_pad.PRESETS["score-pad"]),
                                (score_pad, score_pad.PRESETS["score-pad-low"]),
                                (hit_the_deck, hit_the_deck.PRESETS["hit-the-deck"])])
    record = random_evening(rng, module, rules)
    game = record.build()
    back = read_csv(csv_of(record), "evening.csv")[0]
    assert back.players == record.players
    rebuilt = back.build()
    assert rebuilt.players == game.players and rebuilt.totals() == game.totals()
    assert rebuilt.running_totals() == game.running_totals()
    assert [played.absent for played in rebuilt.played_rounds] == [played.absent for played in game.played_rounds]
    assert rebuilt.left == game.left and rebuilt.sat_out == game.sat_out
    assert {seat: points for seat, (_, _, points) in rebuilt.joins.items()} == {
        seat: points for seat, (_, _, points) in game.joins.items()}
    # The same file again, but that a late arrival's start from a total may come back as its number
    # (an adjustment at an earlier round given after they came: docs/export-format.md).
    assert re.sub(r"(lowest|highest|average) ", "", csv_of(back)) == re.sub(r"(lowest|highest|average) ", "",
                                                                           csv_of(record))


# ----- CSV: refused, with the line -----

G = f"game {GAME_ID}"


def changed(round_number: str, player: str, **values):
    return lambda row: {**row, **values} if (row["round"], row["player"]) == (round_number, player) else row


@pytest.mark.parametrize("damage, said", [
    (changed("2", "Bob", points="4"),
     f"pad.csv, line 7 ({G}, round 2, Bob): at_table says Bob sat this round out, but the points are 4; a player "
     "not in the round has no points there: clear them, or correct at_table."),
    (changed("2", "Bob", at_table="away"),
     "pad.csv, line 7: at_table is 'away'; write not yet, joined, sat out or left, or leave it empty for a player "
     "in the round."),
    (changed("2", "Bob", at_table=""),
     f"pad.csv, lines 6-9 ({G}, round 2): Bob (line 7) has no points while others do"),
    (changed("1", "Dee", at_table=""),
     f"pad.csv, line 9 ({G}, round 2, Dee): at_table is joined, but Dee is at the table from round 1 (line 5); a "
     "late arrival joins once, at their first round"),
    (changed("1", "Dee", start="3"),
     f"pad.csv, line 5 ({G}, round 1, Dee): start goes on the row of the round Dee joins at, not on a round before "
     "it (not yet)."),
    (changed("2", "Dee", start="lots"),
     "pad.csv, line 9: the start 'lots' is not a starting score"),
    (changed("1", "Dee", total="50"),
     f"pad.csv, line 5 ({G}, round 1, Dee): the total is 50, but Dee, not in round 1, has 3 then"),
    (changed("2", "Dee", start="average 5"),
     f"pad.csv, line 5 ({G}, round 1, Dee): the total is 3, but Dee, not in round 1, has 5 then"),
    (changed("3", "Ann", total="8"),
     f"pad.csv, line 10 ({G}, round 3, Ann): the total is 8, but Ann, not in round 3, has 7 then"),
    (lambda row: {**row, "seat": {"Ann": "4", "Dee": "1"}.get(row["player"], row["seat"])},
     "Dee joins at round 2 but has seat 1; a late arrival takes the next seat after everyone already in the game"),
])
def test_score_pad_rows_that_contradict_each_other_are_refused_with_the_line(tmp_path, damage, said):
    refused_with_nothing_stored(tmp_path, rewritten(csv_of(pad_record(pad_evening())), damage), "pad.csv", said)


@pytest.mark.parametrize("damage, said", [
    (lambda row: {**row, "went_out": "yes"} if (row["hand"], row["player"]) == ("3", "Cy") else row,
     f"deck.csv, line 12 ({G}, hand 3, Cy): at_table says Cy has left, but the went_out is yes; a player not in the "
     "hand has no went_out, number_cards, specials or points there"),
    (lambda row: {**row, "at_table": ""} if (row["hand"], row["player"]) == ("4", "Cy") else row,
     f"deck.csv, line 16 ({G}, hand 4, Cy): at_table is empty, but Cy left at hand 2 (line 8); a player who leaves "
     "doesn't come back: write left on every later hand."),
    (lambda row: {**row, "start": "highest 19"} if (row["hand"], row["player"]) == ("2", "Dee") else row,
     f"deck.csv, line 5 ({G}, hand 1, Dee): the total is 16, but Dee, not in hand 1, has 19 then"),
])
def test_hit_the_deck_rows_that_contradict_each_other_are_refused_with_the_line(damage, said):
    with pytest.raises(ExchangeError) as refusal:
        read_csv(rewritten(csv_of(deck_record(deck_evening())), damage), "deck.csv")
    assert said in str(refusal.value)


# ----- PDF -----



def test_score_pad_pdf_shows_who_was_out_of_each_round_and_lists_the_changes():
    lines, text = pdf_lines(pad_record(pad_evening()))
    assert "4 players: Ann, Bob, Cy, Dee" in text
    for said in ("Who played", "Round 2: Dee joined, starting from +3", "Round 2: Bob sat out",
                 "Round 3: Ann left, keeping their points", "out: sat the round out"):
        assert said in text
    first = next(at for at in range(len(lines)) if lines[at:at + 2] == ["1", "5"])
    assert lines[first:first + 27] == [
        "1", "5", "5", "3", "3", "1", "1", "—", "3",  # Dee: not come yet, her start as the total
        "2", "2", "7", "sat out", "3", "4", "5", "6", "9",  # Bob sat it out: his total goes on
        "3", "left", "7", "1", "4", "2", "7", "3", "12"]
    assert lines[first + 27:first + 29] == ["4", "—"]  # the round to play next: Ann, gone


def test_score_pad_pdf_shades_the_best_of_those_who_played_the_round():
    # Round 2's points are all below zero: Bob's 0, sitting it out, is no score of the round.
    actions = [*pad_evening()[:3], {"type": "round", "round": 1, "points": [-2, None, -4, -6]}]
    game = pad_record(actions).build()
    grid = score_pad_grid(game, outcome(game))
    assert (0, 0, "BACKGROUND", MADE) in grid.shade(1, 0)  # Ann's -2
    assert not any(MADE in command for command in grid.shade(1, 1))


def test_hit_the_deck_pdf_shows_who_was_out_of_each_hand_and_lists_the_changes():
    lines, text = pdf_lines(deck_record(deck_evening()))
    for said in ("Who played", "Hand 2: Dee joined, starting from +16 (the highest total)",
                 "Hand 2: Cy left, keeping their points", "Hand 3: Bob sat out", "Hand 4: Ann sat out"):
        assert said in text
    first = next(at for at in range(len(lines)) if lines[at:at + 3] == ["1", "Ann", "out"])
    # Hand 1: Ann went out; Bob's count; Cy's 12 (no count); Dee not come yet, her start as the total.
    assert lines[first:first + 12] == ["1", "Ann", "out", "0", "0", "4+2+1×10", "16", "16", "12", "12", "—", "16"]
    # Hand 2: Bob went out; Cy left, his total goes on; Dee plays.
    assert lines[first + 12:first + 23] == ["2", "Bob", "7", "7", "out", "0", "16", "left", "12", "3", "19"]
    # Hand 3: Dee went out; Ann's count of a 5; Bob sat it out (muted 'sat out', no points); Cy gone: a dash.
    assert lines[first + 23:first + 34] == ["3", "Dee", "5", "5", "12", "sat out", "16", "—", "out", "0", "19"]
    assert lines[first + 34:first + 38] == ["4", "sat out", "—", "Total after 3 hands"]  # hand 4: Ann will sit out


def test_pdf_of_a_plain_score_pad_says_nothing_of_the_table():
    _, text = pdf_lines(pad_record(pad_evening()[:1]))
    assert "Who played" not in text and " out " not in f" {text} " and "—" not in text


def test_bid_and_tricks_pdf_counts_the_bids_made_of_the_hands_each_played():
    # Oh Heck, Ann, Bob, Cy, Dee. Hand 1: bids 2, 2, 2, 1, took 2, 2, 2, 2 (Dee missed). Hand 2: Cy sits
    # it out; bids 1, 1, -, 1, took 1, 2, -, 4 (Ann made). Hand 3: everyone; all bid 1, took 1, 1, 1, 3.
    # Played: 3, 3, 2, 3 hands; made: Ann 3, Bob 2, Cy 2, Dee 0.
    actions = [{"type": "bids", "hand": 0, "values": [2, 2, 2, 1]}, {"type": "tricks", "hand": 0, "values": [2, 2, 2, 2]},
               {"type": "sit_out", "hand": 1, "seat": 2},
               {"type": "bids", "hand": 1, "values": [1, 1, None, 1]},
               {"type": "tricks", "hand": 1, "values": [1, 2, None, 4]},
               {"type": "bids", "hand": 2, "values": [1, 1, 1, 1]}, {"type": "tricks", "hand": 2, "values": [1, 1, 1, 3]}]
    record = GameRecord(id=GAME_ID, kind="bid-tricks", rules=PRESETS["oh-heck"].to_dict(),
                        players=("Ann", "Bob", "Cy", "Dee"), setup={"first_dealer": 0}, status="playing",
                        started_at=START, actions=tuple(actions))
    _, text = pdf_lines(record)
    assert "Bids made 3 of 3 2 of 3 2 of 2 0 of 3 " in text
