"""A score keeper that gets killed: records a scripted game (Oh Heck, or a score pad) through the
Store and prints "ACK <n>" (flushed) once entry n is committed, after "DRAFT <n>" once the taps
before it (a draft) are. tests/test_storage_crash.py kills it
with SIGKILL at random moments and checks that every acknowledged entry survived.

    python tests/crash_child.py DATABASE_URL [bid-tricks|score-pad|evening]

("evening": Oh Heck whose table changes: a late arrival, a sit-out, a departure.)
"""
from __future__ import annotations

import random
import sys

from scorekeeper.rules import PRESETS
from scorekeeper.rules.oh_heck import Game

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
SEED = 20240501


def scripted_actions(players=PLAYERS, seed: int = SEED, rules=PRESETS["oh-heck"], first_dealer: int = 0) -> list[dict]:
    """Every entry of a whole game the rules accept (bids that respect the hook, tricks that add up),
    the same list for the same seed."""
    rng = random.Random(seed)
    game = Game(players, rules, first_dealer=first_dealer)
    entries = []
    for index, hand in enumerate(game.hands):
        while True:
            bids = [rng.randint(0, min(hand.cards, 3)) for _ in players]
            forbidden = game.forbidden_bid(index, bids)
            if forbidden is None or bids[hand.dealer] != forbidden:
                break
        tricks = [0] * len(players)
        for _ in range(hand.cards):
            tricks[rng.randrange(len(players))] += 1
        for entry in ({"type": "bids", "hand": index, "values": bids},
                      {"type": "tricks", "hand": index, "values": tricks}):
            game.apply(entry)
            entries.append(entry)
    return entries


def scripted_evening_actions(seed: int = SEED) -> list[dict]:
    """A whole game of Oh Heck whose table changes (rules.roster): Eve joins at hand 3 from the lowest
    total, Cy sits out hand 5, Ann leaves from hand 7; the bids and tricks of the players in each hand."""
    rng = random.Random(seed)
    game = Game(PLAYERS, PRESETS["oh-heck"], first_dealer=0)
    changes = {2: [{"type": "join", "hand": 2, "name": "Eve", "after": 1, "start": "lowest"}],
               4: [{"type": "sit_out", "hand": 4, "seat": 2}], 6: [{"type": "leave", "hand": 6, "seat": 0}]}
    entries = []
    for index in range(len(game.hands)):
        for change in changes.get(index, []):
            game.apply(change)
            entries.append(change)
        hand = game.hands[index]
        playing = [seat for seat in range(len(game.players)) if seat not in hand.absent]
        while True:
            bids = [rng.randint(0, min(hand.cards, 3)) if seat in playing else None for seat in range(len(game.players))]
            forbidden = game.forbidden_bid(index, bids)
            if forbidden is None or bids[hand.dealer] != forbidden:
                break
        tricks = [0 if seat in playing else None for seat in range(len(game.players))]
        for _ in range(hand.cards):
            tricks[rng.choice(playing)] += 1
        for entry in ({"type": "bids", "hand": index, "values": bids},
                      {"type": "tricks", "hand": index, "values": tricks}):
            game.apply(entry)
            entries.append(entry)
    return entries


def scripted_pad_actions(players=PLAYERS, seed: int = SEED, rounds: int = 30) -> list[dict]:
    """Every entry of an open-ended score pad game: `rounds` rounds of points, the same for the same seed."""
    rng = random.Random(seed)
    return [{"type": "round", "round": index, "points": [rng.randint(-10, 50) for _ in players]}
            for index in range(rounds)]


def script_of(kind: str) -> list[dict]:
    if kind == "evening":
        return scripted_evening_actions()
    return scripted_pad_actions() if kind == "score-pad" else scripted_actions()


def main(url: str, kind: str = "bid-tricks") -> None:
    from scorekeeper.rules.kinds import KINDS
    from scorekeeper.storage import Store

    store = Store(url)
    latest = store.latest_unfinished()
    if latest:
        state = store.load(latest.id)
    elif kind == "score-pad":
        state = store.new_game(PLAYERS, KINDS["score-pad"].PRESETS["score-pad"])
    else:
        state = store.new_game(PLAYERS, PRESETS["oh-heck"], first_dealer=0)
    script = script_of(kind)
    for number in range(len(state.record.actions), len(script)):
        # The taps of the entry come first (a draft, as the app keeps them), then the entry itself.
        store.save_draft(state.id, state.version, {"next": number + 1})
        print(f"DRAFT {number + 1}", flush=True)
        state = store.record(state.id, script[number], state.version)
        print(f"ACK {number + 1}", flush=True)
    print("DONE", flush=True)


if __name__ == "__main__":
    main(*sys.argv[1:3])
