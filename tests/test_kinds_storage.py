"""Storage of WHAT THE HECK?, HIT THE DECK and the score pad through the Store's one shape, on SQLite
and PostgreSQL (`store`): entries, undo and redo, when a game may be finished, the history, imported
records, and player statistics per kind, checked against figures worked out by hand."""
from __future__ import annotations

import dataclasses
from datetime import timedelta

import pytest
from test_export_samples import START
from test_kinds_export import SMALL_AUCTION, auction_record
from test_storage_games import SHORT, bids, play, snapshot, tricks

from scorekeeper.rules import InvalidEntry
from scorekeeper.rules.kinds import KINDS
from scorekeeper.storage import Store
from scorekeeper.storage.records import GameRecord
from scorekeeper.ui.viewmodels.players import stats_lines

HTD, PAD = KINDS["hit-the-deck"], KINDS["score-pad"]
TO_30 = dataclasses.replace(HTD.PRESETS["hit-the-deck"], id="custom", name="Hit the Deck to 30", target=30)
LOW_PAD = PAD.PRESETS["score-pad-low"]


def card_round(index, point_card, played):
    return {"type": "round", "round": index, "point_card": point_card, "played": played}


def hand(index, out, left):
    return {"type": "hand", "hand": index, "out": out, "left": left}


def pad_round(index, points):
    return {"type": "round", "round": index, "points": points}


AUCTION = [action for action in auction_record().actions]  # totals 8, 0, -2 (worked in test_kinds_export)
# Ann and Bob to 30: hand 1 Ann out, Bob counted 4 + 2 + 1 x 10 = 16; hand 2 Bob out, Ann 12;
# hand 3 Ann out, Bob 20 -> Bob 36 reaches 30 and ends the game: Ann wins with the lower 12.
SHEDDING = [hand(0, 0, [None, {"numbers": [4, 2], "specials": 1}]), hand(1, 1, [12, None]), hand(2, 0, [None, 20])]


# ----- entries, undo and redo, the end of the game -----

def test_what_the_heck_entries_undo_redo_and_finish(store):
    state = play(store, store.new_game(["Ann", "Bob", "Cy"], SMALL_AUCTION), *AUCTION[:2])
    assert state.game.totals() == [5, 0, -2] and state.undo_text == "Undo cards of round 2"
    [resumable] = store.unfinished_games()
    assert (resumable.kind, resumable.game_name, resumable.rounds_played, resumable.rounds_total, resumable.scores) == (
        "what-the-heck", "Small auction", 2, 3, [5, 0, -2])
    before = snapshot(store)
    with pytest.raises(InvalidEntry, match="Ann already played 3 in round 1"):
        store.record(state.id, card_round(2, 3, [3, 1, 2]), state.version)
    with pytest.raises(InvalidEntry, match=r"isn't over yet \(2 of 3 rounds"):
        store.finish(state.id, state.version)
    assert snapshot(store) == before and store.load(state.id).version == state.version
    state = store.undo(state.id, state.version)
    assert state.game.totals() == [5, 0, 0] and state.redo_text == "Redo cards of round 2"
    state = store.redo(state.id, state.version)
    state = store.record(state.id, AUCTION[2], state.version)
    assert state.game.is_over and state.game.totals() == [8, 0, -2]
    state = store.finish(state.id, state.version)
    [done] = store.finished_games()
    assert (done.kind, done.scores, done.winners, done.rounds_played, done.rounds_total) == (
        "what-the-heck", [8, 0, -2], ["Ann"], 3, 3)
    assert store.load(state.id).record.actions == tuple(AUCTION)


def test_hit_the_deck_ends_at_the_target_and_the_lowest_total_wins(store):
    state = play(store, store.new_game(["Ann", "Bob"], TO_30), *SHEDDING)
    assert state.game.totals() == [12, 36] and state.game.is_over
    with pytest.raises(InvalidEntry, match="The game is over: Bob reached 30"):
        store.record(state.id, hand(3, 0, [None, 5]), state.version)
    state = store.undo(state.id, state.version)
    assert state.undo_text == "Undo points of hand 2" and state.redo_text == "Redo points of hand 3"
    state = store.redo(state.id, state.version)
    store.finish(state.id, state.version)
    [done] = store.finished_games()
    assert (done.scores, done.winners, done.rounds_played, done.rounds_total) == ([12, 36], ["Ann"], 3, None)


def test_a_game_without_a_set_end_is_finished_by_the_table(store):
    """A score pad without a target never ends by itself; nor does Hit the Deck before the target. The
    table may finish either once a round is played; before that only abandoning it is possible."""
    pad = store.new_game(["Ann", "Bob"], LOW_PAD)
    before = snapshot(store)
    with pytest.raises(InvalidEntry, match="No round has been entered yet"):
        store.finish(pad.id, pad.version)
    assert snapshot(store) == before
    pad = store.record(pad.id, pad_round(0, [7, 3]), pad.version)
    assert not pad.game.is_over
    pad = store.finish(pad.id, pad.version)
    assert pad.status == "finished" and pad.finished_at is not None
    [done] = store.finished_games()
    assert (done.scores, done.winners) == ([7, 3], ["Bob"])  # lowest wins on this pad
    pad = store.reopen(pad.id, pad.version)
    pad = store.record(pad.id, pad_round(1, [0, 9]), pad.version)
    store.finish(pad.id, pad.version)
    assert store.finished_games()[0].winners == ["Ann"]  # 7 against 12
    shedding = play(store, store.new_game(["Ann", "Bob"], TO_30), SHEDDING[0])
    store.finish(shedding.id, shedding.version)  # before anyone reached 30: the standings as they are
    assert store.finished_games()[0].winners == ["Ann"] and store.finished_games()[0].scores == [0, 16]


def test_an_imported_record_may_be_finished_without_a_set_end_but_not_before_its_first_round(store):
    record = GameRecord(id="e" * 32, kind="score-pad", rules=PAD.PRESETS["score-pad"].to_dict(), players=("Ann", "Bob"),
                        setup={}, status="finished", started_at=START, finished_at=START + timedelta(hours=1),
                        actions=(pad_round(0, [4, 6]),))
    before = snapshot(store)
    with pytest.raises(InvalidEntry, match="marked finished, but no round is entered"):
        store.import_records([dataclasses.replace(record, actions=())])
    with pytest.raises(InvalidEntry, match="only 2 of 15"):
        store.import_records([GameRecord(
            id="f" * 32, kind="what-the-heck", rules=auction_record().rules, players=("Ann", "Bob", "Cy"), setup={},
            status="finished", started_at=START, finished_at=START, actions=tuple(AUCTION[:2]))])
    assert snapshot(store) == before
    assert store.import_records([record]).added == [record.id]
    [done] = store.finished_games()
    assert (done.status, done.scores, done.winners) == ("finished", [4, 6], ["Bob"])
    assert list(store.records()) == [record]


# ----- statistics -----

def finished(store: Store, players, rules, *entries):
    state = play(store, store.new_game(players, rules), *entries)
    return store.finish(state.id, state.version)


def test_statistics_per_kind_match_a_hand_worked_example(store):
    # Bid and tricks (the short game of test_storage_games): Ann 22 (made 2 bids, one of zero), Bob 7, Cy 5.
    short = finished(store, ["Ann", "Bob", "Cy"], SHORT,
                     bids(0, [1, 1, 0]), tricks(0, [1, 0, 1]), bids(1, [0, 1, 0]), tricks(1, [0, 1, 0]))
    # WHAT THE HECK?: Ann 8 (took 2 pots, 1 card cancelled), Bob 0 (2 cancelled), Cy -2 (took the -2).
    auction = finished(store, ["Ann", "Bob", "Cy"], SMALL_AUCTION, *AUCTION)
    # Hit the Deck to 30: Ann 12 (went out twice), Bob 36. Lowest wins: Ann.
    shedding = finished(store, ["Ann", "Bob"], TO_30, *SHEDDING)
    # Low score pads: Ann 5 / Bob 3 (Bob wins); Dee 12 / Eve 5 (Eve wins); Dee 3 / Eve 9 (Dee wins).
    low_pad = finished(store, ["Ann", "Bob"], LOW_PAD, pad_round(0, [5, 3]))
    finished(store, ["Dee", "Eve"], LOW_PAD, pad_round(0, [10, 4]), pad_round(1, [2, 1]))
    dee_best = finished(store, ["Dee", "Eve"], LOW_PAD, pad_round(0, [3, 9]))
    # Not counted: an abandoned game.
    dropped = play(store, store.new_game(["Ann", "Bob"], TO_30), SHEDDING[0])
    store.abandon(dropped.id, dropped.version)

    stats = {s.name: s for s in store.all_player_stats()}
    ann, bob, cy, dee = (stats[name] for name in ["Ann", "Bob", "Cy", "Dee"])
    assert (ann.games, ann.wins) == (4, 3)
    # Scores compare within one direction: Ann's highest-wins games are the bid-and-tricks 22 and the
    # auction's 8, so her average is 15 and her best 22; penalty points stay out of it.
    assert (ann.average_score, ann.best_score, ann.best_game_id) == (15.0, 22, short.id)
    assert ann.scored_games == 2  # of her 4: what her page says the average is over
    assert stats_lines(ann)[:2] == ["4 finished games, 3 wins", "Average score 15.0 over 2 games, best 22"]
    # Bid-and-tricks figures count bid-and-tricks hands only, not Hit the Deck's.
    assert ann.by_kind["bid-tricks"].counters == {"hands_played": 2, "hands_made": 2, "zero_bids_made": 1}
    kinds = ann.by_kind
    assert sorted(kinds) == ["bid-tricks", "hit-the-deck", "score-pad", "what-the-heck"]
    figures = {kind: (k.games, k.wins, k.average_score, k.best_score, k.best_game_id, k.highest_wins)
               for kind, k in kinds.items()}
    assert figures == {
        "bid-tricks": (1, 1, 22.0, 22, short.id, True),
        "what-the-heck": (1, 1, 8.0, 8, auction.id, True),
        "hit-the-deck": (1, 1, 12.0, 12, shedding.id, False),
        "score-pad": (1, 0, 5.0, 5, low_pad.id, False),
    }
    assert ann.counters_by_kind == {
        "bid-tricks": {"hands_played": 2, "hands_made": 2, "zero_bids_made": 1},
        "what-the-heck": {"rounds_played": 3, "rounds_taken": 2, "point_cards_taken": 2, "minus_cards_taken": 0,
                          "cards_cancelled": 1},
        "hit-the-deck": {"hands_played": 3, "hands_gone_out": 2, "penalty_points": 12},
        "score-pad": {"rounds_played": 1, "rounds_best": 0},
    }
    assert ann.counters["hit-the-deck.hands_played"] == 3 and ann.counters["bid-tricks.hands_played"] == 2
    assert len(ann.counters) == sum(len(counters) for counters in ann.counters_by_kind.values())

    assert (bob.games, bob.wins, bob.average_score, bob.best_score) == (4, 1, 3.5, 7)  # 7 and 0
    assert (bob.by_kind["score-pad"].wins, bob.by_kind["score-pad"].best_score) == (1, 3)
    assert bob.by_kind["hit-the-deck"].counters == {"hands_played": 3, "hands_gone_out": 1, "penalty_points": 36}
    assert bob.by_kind["what-the-heck"].counters["cards_cancelled"] == 2
    assert (cy.games, cy.wins, cy.average_score, cy.best_score) == (2, 0, 1.5, 5)  # 5 and -2
    assert cy.by_kind["what-the-heck"].counters["minus_cards_taken"] == 1
    # Only lowest-wins games: the best is the lowest total, the average over them.
    assert (dee.games, dee.wins, dee.average_score, dee.best_score, dee.best_game_id) == (2, 1, 7.5, 3, dee_best.id)
    assert dee.scored_games == 2 and stats_lines(dee)[1] == "Average score 7.5, best 3"  # all of them
    assert "bid-tricks" not in dee.by_kind and dee.by_kind["score-pad"].highest_wins is False
    assert store.player_stats(ann.player_id) == ann
