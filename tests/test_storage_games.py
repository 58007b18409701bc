"""The Store's games, players, history, bin and records, on SQLite and on PostgreSQL (`store_url`)."""
from __future__ import annotations

import dataclasses
import threading

import pytest

from crash_child import scripted_actions
from scorekeeper.rules import PRESETS, InvalidEntry
from scorekeeper.storage import GameNotFound, GameState, PlayerInfo, StaleGame, StorageError, Store
from scorekeeper.storage.errors import STALE_MESSAGE

# Two hands (2 cards, then 1), no hook: short games whose scores are easy to work out by hand.
# Oh Heck scoring: a made bid scores 10 + 2 per trick bid; a missed one -5 per trick off.
SHORT = dataclasses.replace(PRESETS["oh-heck"], id="custom", name="Short game", shape="list", hand_list=(2, 1),
                            hook=False, random_first_dealer=False)


def bids(hand, values):
    return {"type": "bids", "hand": hand, "values": values}


def tricks(hand, values):
    return {"type": "tricks", "hand": hand, "values": values}


def play(store: Store, state: GameState, *entries) -> GameState:
    for entry in entries:
        state = store.record(state.id, entry, state.version)
    return state


def snapshot(store: Store):
    """Everything a refusal must leave alone."""
    return (list(store.records()), store.roster(), store.unfinished_games(), store.finished_games(),
            store.deleted_games())


# ----- recording a game -----

def test_new_game_joins_the_roster_and_is_resumable(store):
    store.add_player("Ann")
    state = store.new_game(["ann", "Bob", "Cy"], PRESETS["oh-heck"], first_dealer=1)
    assert state.version == 1 and state.status == "playing" and state.finished_at is None
    assert state.record.players == ("Ann", "Bob", "Cy")  # the roster's spelling of a known name
    assert state.game.players == ["Ann", "Bob", "Cy"] and state.game.first_dealer == 1
    assert state.started_at.tzinfo is not None and state.started_at.utcoffset().total_seconds() == 0
    assert not state.can_undo and not state.can_redo and state.undo_text is None
    assert [(p.name, p.games) for p in store.roster()] == [("Ann", 1), ("Bob", 1), ("Cy", 1)]
    assert store.latest_unfinished().id == state.id
    loaded = store.load(state.id)
    assert loaded.record == state.record and loaded.version == state.version


def test_new_game_refusals_store_nothing(store):
    before = snapshot(store)
    with pytest.raises(InvalidEntry, match="at least 3 players"):
        store.new_game(["Ann", "Bob"], PRESETS["oh-heck"])
    with pytest.raises(InvalidEntry, match="Two players are called"):
        store.new_game(["Ann", "Bob", "ann"], PRESETS["oh-heck"])
    with pytest.raises(InvalidEntry, match="first dealer"):
        store.new_game(["Ann", "Bob", "Cy"], PRESETS["oh-heck"], first_dealer=7)
    with pytest.raises(InvalidEntry, match="rules"):
        store.new_game(["Ann", "Bob", "Cy"], {"name": "not rules"})
    with pytest.raises(InvalidEntry, match="set up"):
        store.new_game(["Ann", "Bob", "Cy"], PRESETS["oh-heck"], dealer=0)
    with pytest.raises(InvalidEntry, match="too long"):
        store.new_game(["Ann", "Bob", "C" * 41], PRESETS["oh-heck"])
    assert snapshot(store) == before


def test_record_replays_and_reports_the_scores(store):
    state = store.new_game(["Ann", "Bob", "Cy"], SHORT)
    state = play(store, state, bids(0, [1, 1, 0]), tricks(0, [1, 0, 1]))
    assert state.version == 3
    assert state.game.totals() == [12, -5, -5]  # 10 + 2x1; bid 1 took 0: -5; bid 0 took 1: -5
    assert state.undo_text == "Undo tricks of hand 1"
    assert store.load(state.id).game.totals() == [12, -5, -5]
    summary = store.unfinished_games()[0]
    assert (summary.rounds_played, summary.rounds_total, summary.scores, summary.winners) == (1, 2, [12, -5, -5], [])
    assert (summary.game_name, summary.preset_id, summary.kind) == ("Short game", "custom", "bid-tricks")


def test_refused_entries_change_nothing(store):
    state = play(store, store.new_game(["Ann", "Bob", "Cy"], SHORT), bids(0, [1, 1, 0]))
    before = snapshot(store)
    refused = [
        (tricks(0, [1, 0, 0]), "add up to 1"),  # 2 tricks were played
        (bids(1, [0, 0, 0]), "not up yet"),
        ({"type": "shuffle"}, "Unknown entry"),
        ("bids please", "named values"),
        ({"type": "bids", "hand": 0, "values": {1, 2, 3}}, "can't be stored"),
    ]
    for entry, message in refused:
        with pytest.raises(InvalidEntry, match=message):
            store.record(state.id, entry, state.version)
    with pytest.raises(InvalidEntry, match="Nothing to redo"):
        store.redo(state.id, state.version)
    with pytest.raises(InvalidEntry, match="isn't over"):
        store.finish(state.id, state.version)
    assert snapshot(store) == before
    assert store.load(state.id).version == state.version  # no refused write used up a version


def test_unknown_games_are_reported(store):
    with pytest.raises(GameNotFound, match="no longer stored"):
        store.load("0" * 32)
    with pytest.raises(GameNotFound):
        store.record("0" * 32, bids(0, [0, 0, 0]), 1)
    with pytest.raises(GameNotFound):
        store.load(None)


def test_undo_redo_and_a_new_entry_clears_redo(store):
    state = play(store, store.new_game(["Ann", "Bob", "Cy"], SHORT), bids(0, [1, 1, 0]), tricks(0, [1, 0, 1]))
    state = store.undo(state.id, state.version)
    assert state.game.totals() == [0, 0, 0] and state.game.phase == "tricks"
    assert (state.undo_text, state.redo_text) == ("Undo bids of hand 1", "Redo tricks of hand 1")
    state = store.undo(state.id, state.version)
    assert not state.can_undo and state.can_redo and state.redo_text == "Redo bids of hand 1"
    with pytest.raises(InvalidEntry, match="Nothing to undo"):
        store.undo(state.id, state.version)
    state = store.redo(state.id, state.version)
    assert state.record.actions == (bids(0, [1, 1, 0]),) and state.redo_text == "Redo tricks of hand 1"
    state = store.record(state.id, tricks(0, [2, 0, 0]), state.version)  # a different entry: redo list gone
    assert not state.can_redo and state.game.totals() == [-5, -5, 10]
    with pytest.raises(InvalidEntry, match="Nothing to redo"):
        store.redo(state.id, state.version)
    assert store.unfinished_games()[0].scores == [-5, -5, 10]


def test_undo_and_redo_survive_a_restart(store_url):
    first = Store(store_url)
    state = play(first, first.new_game(["Ann", "Bob", "Cy"], SHORT), bids(0, [1, 1, 0]), tricks(0, [1, 0, 1]))
    state = first.undo(state.id, state.version)
    first.close()
    second = Store(store_url)
    try:
        again = second.load(state.id)
        assert again.version == state.version and again.redo_text == "Redo tricks of hand 1"
        again = second.redo(again.id, again.version)
        assert again.game.totals() == [12, -5, -5]
        again = second.undo(again.id, again.version)
        assert again.record.actions == (bids(0, [1, 1, 0]),)
    finally:
        second.close()


def test_stale_writes_are_refused_on_a_second_store(store_url):
    tablet, phone = Store(store_url), Store(store_url)
    try:
        drawn = tablet.new_game(["Ann", "Bob", "Cy"], SHORT)
        on_phone = phone.record(drawn.id, bids(0, [1, 1, 0]), drawn.version)
        before = list(phone.records())
        for write in (lambda: tablet.record(drawn.id, bids(0, [0, 0, 0]), drawn.version),
                      lambda: tablet.undo(drawn.id, drawn.version),
                      lambda: tablet.abandon(drawn.id, drawn.version)):
            with pytest.raises(StaleGame) as refused:
                write()
            assert str(refused.value) == STALE_MESSAGE and isinstance(refused.value, StorageError)
        assert list(tablet.records()) == before
        latest = tablet.load(drawn.id)  # what the screen redraws from
        assert latest.version == on_phone.version
        assert tablet.record(drawn.id, tricks(0, [1, 1, 0]), latest.version).game.totals() == [12, 12, 10]
    finally:
        tablet.close()
        phone.close()


def test_concurrent_writers_from_one_version_only_one_wins(store_url):
    stores = [Store(store_url) for _ in range(4)]
    try:
        state = stores[0].new_game(["Ann", "Bob", "Cy"], SHORT)
        outcomes: list[str] = []
        gate = threading.Barrier(len(stores))

        def write(store, values):
            gate.wait()
            try:
                store.record(state.id, bids(0, values), state.version)
                outcomes.append("stored")
            except StaleGame:
                outcomes.append("stale")

        threads = [threading.Thread(target=write, args=(store, [n % 3, 0, 0])) for n, store in enumerate(stores)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        assert sorted(outcomes) == ["stale", "stale", "stale", "stored"]
        final = stores[0].load(state.id)
        assert final.version == state.version + 1 and len(final.record.actions) == 1
    finally:
        for store in stores:
            store.close()


# ----- ending games, history, the bin -----

def test_finish_abandon_reopen(store):
    state = play(store, store.new_game(["Ann", "Bob", "Cy"], SHORT),
                 bids(0, [1, 1, 0]), tricks(0, [1, 0, 1]), bids(1, [0, 1, 0]), tricks(1, [0, 1, 0]))
    state = store.finish(state.id, state.version)
    assert state.status == "finished" and state.finished_at >= state.started_at
    with pytest.raises(InvalidEntry, match="already finished"):
        store.record(state.id, bids(1, [0, 0, 0]), state.version)
    with pytest.raises(InvalidEntry, match="already finished"):
        store.undo(state.id, state.version)
    [done] = store.finished_games()
    assert (done.status, done.scores, done.winners, done.rounds_played) == ("finished", [22, 7, 5], ["Ann"], 2)
    assert store.unfinished_games() == [] and store.latest_unfinished() is None
    state = store.reopen(state.id, state.version)
    assert state.status == "playing" and state.finished_at is None
    state = store.undo(state.id, state.version)
    with pytest.raises(InvalidEntry, match="still being played"):
        store.reopen(state.id, state.version)
    state = store.abandon(state.id, state.version)
    [gone] = store.finished_games()
    assert (gone.status, gone.winners, gone.scores) == ("abandoned", [], [12, -5, -5])  # hand 2 undone


def test_winner_bonus_counts_only_in_final_scores(store):
    # Oh Pshaw: made bids score 10 + the bid, missed ones nothing, the winner gets 10 more.
    rules = dataclasses.replace(PRESETS["oh-pshaw"], max_hands=1)
    state = play(store, store.new_game(["Ann", "Bob", "Cy"], rules), bids(0, [1, 0, 1]), tricks(0, [1, 0, 0]))
    assert store.unfinished_games()[0].scores == [11, 10, 0]
    store.finish(state.id, state.version)
    assert store.finished_games()[0].scores == [21, 10, 0]


def test_history_order_and_paging(store):
    ids = []
    for number in range(5):
        state = play(store, store.new_game(["Ann", "Bob", f"P{number}"], SHORT),
                     bids(0, [1, 1, 0]), tricks(0, [1, 0, 1]), bids(1, [0, 1, 0]), tricks(1, [0, 1, 0]))
        state = store.finish(state.id, state.version) if number != 2 else store.abandon(state.id, state.version)
        ids.append(state.id)
    newest_first = list(reversed(ids))
    assert [game.id for game in store.finished_games()] == newest_first
    assert [game.id for game in store.finished_games(limit=2)] == newest_first[:2]
    assert [game.id for game in store.finished_games(limit=2, offset=2)] == newest_first[2:4]
    assert store.finished_games(limit=2, offset=10) == []
    with pytest.raises(InvalidEntry):
        store.finished_games(limit=-1)
    # Resume list: the game changed last comes first.
    older = store.new_game(["Ann", "Bob", "Cy"], SHORT)
    newer = store.new_game(["Ann", "Bob", "Dee"], SHORT)
    assert [game.id for game in store.unfinished_games()] == [newer.id, older.id]
    store.record(older.id, bids(0, [0, 0, 0]), older.version)
    assert [game.id for game in store.unfinished_games()] == [older.id, newer.id]
    assert store.latest_unfinished().id == older.id


def test_the_bin(store):
    keep = store.new_game(["Ann", "Bob", "Cy"], SHORT)
    binned = play(store, store.new_game(["Ann", "Bob", "Dee"], SHORT), bids(0, [1, 1, 0]))
    store.delete_game(binned.id)
    assert [game.id for game in store.unfinished_games()] == [keep.id]
    assert [game.id for game in store.deleted_games()] == [binned.id]
    assert [record.id for record in store.records()] == [keep.id]
    assert {p.name: p.games for p in store.roster()}["Dee"] == 0
    with pytest.raises(GameNotFound, match="in the bin"):
        store.load(binned.id)
    with pytest.raises(GameNotFound, match="in the bin"):
        store.record(binned.id, tricks(0, [1, 1, 0]), binned.version)
    with pytest.raises(GameNotFound, match="in the bin"):
        list(store.records([binned.id]))
    store.restore_game(binned.id)
    restored = store.load(binned.id)
    assert restored.record.actions == binned.record.actions and store.deleted_games() == []
    store.record(binned.id, tricks(0, [1, 1, 0]), restored.version)  # carries on where it was
    with pytest.raises(GameNotFound, match="not in the bin"):
        store.restore_game(binned.id)
    store.delete_game(binned.id)
    store.delete_game(keep.id)
    assert store.empty_bin() == 2
    assert store.deleted_games() == [] and list(store.records()) == []
    assert store.empty_bin() == 0
    with pytest.raises(GameNotFound):
        store.restore_game(binned.id)
    assert [p.name for p in store.roster()] == ["Ann", "Bob", "Cy", "Dee"]  # players stay on the list


# ----- players and statistics -----

def test_roster_add_and_rename(store):
    bob = store.add_player("  Bob ")
    assert bob == PlayerInfo(id=bob.id, name="Bob", games=0)
    store.add_player("anna")
    with pytest.raises(InvalidEntry, match="already on the list"):
        store.add_player("BOB")
    with pytest.raises(InvalidEntry, match="name that shows"):
        store.add_player("   ")
    with pytest.raises(InvalidEntry, match="text"):
        store.add_player(None)
    assert [p.name for p in store.roster()] == ["anna", "Bob"]  # by name, case-insensitive
    with pytest.raises(InvalidEntry, match="already on the list"):
        store.rename_player(bob.id, "Anna")
    with pytest.raises(StorageError, match="no longer on the list"):
        store.rename_player(bob.id + 100, "Zed")
    assert store.rename_player(bob.id, "bob").name == "bob"  # a change of case is a rename too


def test_rename_keeps_the_history(store):
    state = play(store, store.new_game(["Ann", "Bob", "Cy"], SHORT),
                 bids(0, [1, 1, 0]), tricks(0, [1, 0, 1]), bids(1, [0, 1, 0]), tricks(1, [0, 1, 0]))
    store.finish(state.id, state.version)
    ann = next(p for p in store.roster() if p.name == "Ann")
    before = store.player_stats(ann.id)
    renamed = store.rename_player(ann.id, "Annie")
    assert renamed == PlayerInfo(id=ann.id, name="Annie", games=1)
    assert store.finished_games()[0].players == ["Annie", "Bob", "Cy"]
    assert store.finished_games()[0].winners == ["Annie"]
    assert store.load(state.id).record.players == ("Annie", "Bob", "Cy")
    assert store.player_stats(ann.id) == dataclasses.replace(before, name="Annie")
    # The old name is free again and is somebody new.
    newcomer = store.new_game(["Ann", "Annie", "Bob"], SHORT)
    assert {p.name: p.games for p in store.roster()} == {"Ann": 1, "Annie": 2, "Bob": 2, "Cy": 1}
    assert newcomer.record.players == ("Ann", "Annie", "Bob")


def test_statistics_match_a_hand_worked_example(store):
    # Game A (finished): Ann, Bob, Cy.
    #   hand 1, 2 cards: bids 1,1,0 took 1,0,1 -> Ann made 1: 12; Bob missed by 1: -5; Cy missed by 1: -5
    #   hand 2, 1 card:  bids 0,1,0 took 0,1,0 -> all made: Ann 10 (zero), Bob 12, Cy 10 (zero)
    #   totals Ann 22, Bob 7, Cy 5; Ann wins.
    a = play(store, store.new_game(["Ann", "Bob", "Cy"], SHORT),
             bids(0, [1, 1, 0]), tricks(0, [1, 0, 1]), bids(1, [0, 1, 0]), tricks(1, [0, 1, 0]))
    a = store.finish(a.id, a.version)
    # Game B (finished): Bob, Ann, Dee.
    #   hand 1: bids 2,0,0 took 2,0,0 -> Bob 14, Ann 10 (zero), Dee 10 (zero)
    #   hand 2: bids 1,0,0 took 0,1,0 -> Bob -5, Ann -5, Dee 10 (zero)
    #   totals Bob 9, Ann 5, Dee 20; Dee wins.
    b = play(store, store.new_game(["Bob", "Ann", "Dee"], SHORT),
             bids(0, [2, 0, 0]), tricks(0, [2, 0, 0]), bids(1, [1, 0, 0]), tricks(1, [0, 1, 0]))
    b = store.finish(b.id, b.version)
    # Not counted: an abandoned game, a finished game in the bin, a game still being played.
    c = play(store, store.new_game(["Ann", "Bob", "Cy"], SHORT), bids(0, [0, 0, 2]), tricks(0, [0, 0, 2]))
    store.abandon(c.id, c.version)
    d = play(store, store.new_game(["Ann", "Bob", "Cy"], SHORT),
             bids(0, [2, 0, 0]), tricks(0, [2, 0, 0]), bids(1, [1, 0, 0]), tricks(1, [1, 0, 0]))
    store.finish(d.id, d.version)
    store.delete_game(d.id)
    play(store, store.new_game(["Ann", "Cy", "Dee"], SHORT), bids(0, [2, 0, 0]), tricks(0, [2, 0, 0]))
    store.add_player("Eve")

    stats = {s.name: s for s in store.all_player_stats()}
    assert list(stats) == ["Ann", "Bob", "Cy", "Dee", "Eve"]
    ann, bob, cy, dee, eve = (stats[name] for name in ["Ann", "Bob", "Cy", "Dee", "Eve"])
    assert (ann.games, ann.wins, ann.average_score, ann.best_score, ann.best_game_id) == (2, 1, 13.5, 22, a.id)
    assert ann.counters_by_kind["bid-tricks"] == {"hands_played": 4, "hands_made": 3, "zero_bids_made": 2}
    assert (bob.games, bob.wins, bob.average_score, bob.best_score, bob.best_game_id) == (2, 0, 8.0, 9, b.id)
    assert bob.counters_by_kind["bid-tricks"] == {"hands_played": 4, "hands_made": 2, "zero_bids_made": 0}
    assert (cy.games, cy.wins, cy.average_score, cy.best_score) == (1, 0, 5.0, 5)
    assert (cy.counters["bid-tricks.hands_made"], cy.counters["bid-tricks.zero_bids_made"]) == (1, 1)
    assert (dee.games, dee.wins, dee.average_score, dee.best_game_id) == (1, 1, 20.0, b.id)
    assert dee.counters == {"bid-tricks.hands_played": 2, "bid-tricks.hands_made": 2,
                            "bid-tricks.zero_bids_made": 2}
    assert dee.counters_by_kind == {"bid-tricks": {"hands_played": 2, "hands_made": 2, "zero_bids_made": 2}}
    assert (dee.by_kind["bid-tricks"].games, dee.by_kind["bid-tricks"].best_score) == (1, 20)
    assert (eve.games, eve.wins, eve.average_score, eve.best_score, eve.counters, eve.by_kind) == \
        (0, 0, None, None, {}, {})
    assert store.player_stats(ann.player_id) == ann
    with pytest.raises(StorageError):
        store.player_stats(10_000)


def test_tied_winners_all_win(store):
    state = play(store, store.new_game(["Ann", "Bob", "Cy"], SHORT),
                 bids(0, [1, 1, 0]), tricks(0, [1, 1, 0]), bids(1, [0, 0, 0]), tricks(1, [0, 0, 1]))
    state = store.finish(state.id, state.version)
    assert store.finished_games()[0].winners == ["Ann", "Bob"]
    assert [s.wins for s in store.all_player_stats()] == [1, 1, 0]


# ----- records and import -----

def test_records_round_trip_through_import(store_url, tmp_path):
    source = Store(store_url)
    try:
        whole = play(source, source.new_game(["Ann", "Bob", "Cy", "Dee"], PRESETS["oh-heck"], first_dealer=0),
                     *scripted_actions())
        whole = source.finish(whole.id, whole.version)
        part = play(source, source.new_game(["Ann", "Bob", "Cy"], SHORT), bids(0, [1, 1, 0]), tricks(0, [2, 0, 0]))
        part = source.undo(part.id, part.version)  # undone entries are not part of the record
        records = list(source.records())
        assert [r.id for r in records] == [whole.id, part.id]
        assert records[1].actions == (bids(0, [1, 1, 0]),)
        assert [r.id for r in source.records([part.id, whole.id])] == [part.id, whole.id]
        with pytest.raises(GameNotFound):
            source.records(["f" * 32])
    finally:
        source.close()
    target = Store(f"sqlite:///{tmp_path / 'other' / 'scorekeeper.db'}")
    try:
        target.add_player("ann")
        result = target.import_records(records)
        assert (result.added, result.skipped) == ([whole.id, part.id], [])
        again = target.import_records(records + [records[0]])
        assert (again.added, again.skipped) == ([], [whole.id, part.id, whole.id])
        imported = list(target.records())
        assert [dataclasses.replace(r, players=()) for r in imported] == \
            [dataclasses.replace(r, players=()) for r in records]
        assert imported[0].players == ("ann", "Bob", "Cy", "Dee")  # joined the roster's "ann"
        assert target.load(whole.id).game.final_scores() == whole.game.final_scores()
        [finished] = target.finished_games()
        assert finished.scores == whole.game.final_scores() and finished.rounds_played == 15
        assert target.all_player_stats()[0].counters["bid-tricks.hands_played"] == 15
    finally:
        target.close()


def test_a_broken_record_imports_nothing(store):
    source_game = play(store, store.new_game(["Ann", "Bob", "Cy"], SHORT), bids(0, [1, 1, 0]))
    [good] = list(store.records())
    store.delete_game(good.id)
    store.empty_bin()
    before = snapshot(store)
    fresh = dataclasses.replace(good, id="a" * 32, players=("Xan", "Yul", "Zed"))
    broken = dataclasses.replace(good, id="b" * 32, players=("Kim", "Lou", "Max"),
                                 actions=good.actions + (tricks(0, [2, 1, 0]),))
    with pytest.raises(InvalidEntry) as refused:
        store.import_records([fresh, broken])
    message = str(refused.value)
    assert "Kim, Lou and Max" in message and good.started_at.strftime("%Y-%m-%d") in message
    assert "add up to 3" in message and "Nothing was imported" in message
    assert snapshot(store) == before
    for bad, problem in [
        (dataclasses.replace(good, id="not-an-id"), "not a game id"),
        (dataclasses.replace(good, status="won"), "status"),
        (dataclasses.replace(good, status="finished", finished_at=good.started_at), "only 0 of 2"),
        (dataclasses.replace(good, finished_at=good.started_at), "still being played"),
        (dataclasses.replace(good, started_at=good.started_at.replace(tzinfo=None)), "time zone"),
        (dataclasses.replace(good, kind="chess"), "Unknown game kind"),
        (dataclasses.replace(good, rules={**good.rules, "hook": "yes"}), "true or false"),
        (dataclasses.replace(good, setup={"dealer": 0}), "can't be read"),
        (dataclasses.replace(good, actions=("bids",)), "named values"),
    ]:
        with pytest.raises(InvalidEntry, match=problem):
            store.import_records([fresh, bad])
        assert snapshot(store) == before
    with pytest.raises(InvalidEntry, match="not a game"):
        store.import_records([fresh, {"id": "c" * 32}])
    assert snapshot(store) == before
    assert source_game.id == good.id
