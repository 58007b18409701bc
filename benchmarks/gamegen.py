"""Random, valid, finished Oh Heck games as GameRecords, for filling a database quickly."""
from __future__ import annotations

import random
import uuid
from datetime import datetime, timedelta, timezone

from scorekeeper.rules import PRESETS, Game
from scorekeeper.storage.records import GameRecord

ROSTER = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lu"]


def random_actions(game: Game, rng: random.Random) -> list[dict]:
    actions = []
    for index, hand in enumerate(game.hands):
        bids = [rng.randint(0, min(hand.cards, 3)) for _ in game.players]
        forbidden = game.forbidden_bid(index, bids)
        if forbidden is not None and bids[hand.dealer] == forbidden:
            bids[hand.dealer] = forbidden + 1 if forbidden < hand.cards else forbidden - 1
        tricks = [0] * len(game.players)
        for _ in range(hand.cards):
            tricks[rng.randrange(len(game.players))] += 1
        for action in ({"type": "bids", "hand": index, "values": bids},
                       {"type": "tricks", "hand": index, "values": tricks}):
            game.apply(action)
            actions.append(action)
    return actions


def finished_games(count: int, players: int = 4, seed: int = 1, keeper: str | None = None) -> list[GameRecord]:
    """`count` random finished games of 4 from ROSTER; `keeper`, when given, sits in every one of them
    (a family's score keeper), at a random seat."""
    rng = random.Random(seed)
    rules = PRESETS["oh-heck"]
    start = datetime(2024, 1, 1, 19, 0, tzinfo=timezone.utc)
    records = []
    others = [name for name in ROSTER if name != keeper]
    for number in range(count):
        names = rng.sample(others if keeper else ROSTER, players - bool(keeper))
        if keeper:
            names.insert(rng.randrange(players), keeper)
        game = Game(names, rules, first_dealer=rng.randrange(players))
        actions = random_actions(game, rng)
        started = start + timedelta(hours=number * 7)
        records.append(GameRecord(
            id=uuid.UUID(int=rng.getrandbits(128), version=4).hex, kind=rules.kind, rules=rules.to_dict(),
            players=tuple(names), setup=dict(game.setup), status="finished", started_at=started,
            finished_at=started + timedelta(hours=1, minutes=20), actions=tuple(actions)))
    return records
