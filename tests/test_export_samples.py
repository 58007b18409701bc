"""Sample games for the export and import tests (imported by the other test_export_* and test_import_*
modules), and checks that the samples are what the tests take them for."""
from __future__ import annotations

import dataclasses
import random
import uuid
from datetime import datetime, timedelta, timezone

import pytest

from scorekeeper.rules import PRESETS, Game
from scorekeeper.storage import Store
from scorekeeper.storage.records import GameRecord

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lu", "Max", "Ned", "Oz", "Pia"]
START = datetime(2024, 5, 4, 19, 30, tzinfo=timezone.utc)


def new_id(rng: random.Random) -> str:
    return uuid.UUID(int=rng.getrandbits(128), version=4).hex


def sample_record(rng: random.Random, rules=None, players: int | None = None, hands: int | None = None,
                  bids_only: bool = False, corrections: bool = False, abandoned: bool = False,
                  names: list[str] | None = None, started_at: datetime | None = None) -> GameRecord:
    """A legal game of random entries: `hands` hands played (all when None), then optionally the next
    hand's bids. Entries per hand in the order CSV rebuilds them (bids, trump, tricks), unless
    `corrections` adds a re-entered bid or tricks now and then (which CSV can't keep)."""
    rules = rules or rng.choice(list(PRESETS.values()))
    if players is None:
        players = rng.randint(rules.min_players, min(rules.max_players, 8))
    names = names or NAMES[:players]
    game = Game(names, rules, rng.randrange(players))
    played = len(game.hands) if hands is None else min(hands, len(game.hands))
    actions = []

    def enter(action):
        game.apply(action)
        actions.append(action)

    def legal_bids(index):
        hand = game.hands[index]
        bids = [rng.randint(0, min(hand.cards, 3)) for _ in names]
        forbidden = game.forbidden_bid(index, bids)
        if forbidden is not None and bids[hand.dealer] == forbidden:
            bids[hand.dealer] = forbidden + 1 if forbidden < hand.cards else forbidden - 1
        return bids

    def tricks_for(index, bids):
        # Mostly toward the bids, so made and missed bids both turn up.
        hand = game.hands[index]
        taken = [0] * players
        for _ in range(hand.cards):
            short = [seat for seat in range(players) if taken[seat] < bids[seat]]
            seat = rng.choice(short) if short and rng.random() < 0.8 else rng.randrange(players)
            taken[seat] += 1
        return taken

    for index in range(played + (1 if bids_only and played < len(game.hands) else 0)):
        hand = game.hands[index]
        bids = legal_bids(index)
        enter({"type": "bids", "hand": index, "values": bids})
        if not hand.no_trump and rng.random() < 0.6:
            enter({"type": "trump", "hand": index, "trump": rng.choice(rules.trump_names)})
        if corrections and rng.random() < 0.3:
            bids = legal_bids(index)
            enter({"type": "bids", "hand": index, "values": bids})
        if index < played:
            enter({"type": "tricks", "hand": index, "values": tricks_for(index, bids)})
            if corrections and rng.random() < 0.2:
                enter({"type": "tricks", "hand": index, "values": tricks_for(index, bids)})
    started = started_at or START + timedelta(days=rng.randrange(900), minutes=rng.randrange(1440),
                                              microseconds=rng.randrange(1_000_000))
    if game.is_over:
        status, finished = "finished", started + timedelta(hours=2)
    elif abandoned:
        status, finished = "abandoned", started + timedelta(minutes=45)
    else:
        status, finished = "playing", None
    return GameRecord(id=new_id(rng), kind="bid-tricks", rules=rules.to_dict(), players=tuple(names),
                      setup=dict(game.setup), status=status, started_at=started, finished_at=finished,
                      actions=tuple(actions))


def house_rules():
    """Custom rules: Oh Heck without the hook, a zero bid worth 5 + the cards, a bonus for the winner."""
    return dataclasses.replace(PRESETS["oh-heck"], hook=False, zero_bid=5, zero_bid_adds_cards=True, winner_bonus=10)


def mixed_records(seed: int = 7, count: int = 8) -> list[GameRecord]:
    """Finished, half-played, bids-only and empty games of every preset."""
    rng = random.Random(seed)
    presets = list(PRESETS.values())
    records = []
    for number in range(count):
        rules = presets[number % len(presets)]
        hands = None if number % 3 == 0 else rng.randrange(0, 6)
        records.append(sample_record(rng, rules, hands=hands, bids_only=number % 2 == 1))
    return records


def make_store(tmp_path, name: str = "scores") -> Store:
    return Store(f"sqlite:///{tmp_path / name}.db")


def snapshot(store: Store) -> list[GameRecord]:
    return sorted(store.records(), key=lambda record: record.id)


# ----- the samples are what the tests take them for -----

def test_sample_games_replay_and_cover_every_state():
    records = mixed_records()
    games = [record.build() for record in records]
    assert {record.rules["id"] for record in records} == set(PRESETS)
    assert any(game.is_over for game in games)
    assert any(not game.is_over and game.progress()[0] > 0 for game in games)
    assert any(game.phase == "tricks" for game in games)  # a hand with bids and no tricks yet
    for record, game in zip(records, games):
        assert (record.status == "finished") == game.is_over


@pytest.mark.parametrize("seed", range(5))
def test_corrections_leave_a_legal_game(seed):
    record = sample_record(random.Random(seed), PRESETS["oh-heck"], players=4, corrections=True)
    assert record.build().is_over
