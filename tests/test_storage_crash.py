"""Nothing acknowledged is lost: a score keeper process killed with SIGKILL mid-game, at random
moments, restarts on the same file with every acknowledged entry in place and carries on."""
from __future__ import annotations

import os
import random
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from crash_child import script_of
from scorekeeper.storage import Store

CHILD = Path(__file__).with_name("crash_child.py")
RUNS = 25  # per kind: ~10 s each on a loaded 2-core machine
CHILD_DEADLINE = 30  # seconds for one run of the child, start-up included


def run_child_and_kill(url: str, rng: random.Random, kind: str) -> tuple[int, int, bool]:
    """Start the child, kill it after a random number of acknowledgements (sometimes before the first)
    plus a random few milliseconds. Returns the highest entry it acknowledged, the highest draft (the
    taps before an entry) and whether it ran to the end."""
    kill_after = rng.randint(0, 5)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(Path(__file__).resolve().parent.parent),
                                                         os.environ.get("PYTHONPATH", "")])}
    child = subprocess.Popen([sys.executable, str(CHILD), url, kind], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             env=env, bufsize=0)
    output = b""
    deadline = time.monotonic() + CHILD_DEADLINE
    try:
        while output.count(b"ACK") < kill_after and time.monotonic() < deadline:
            ready, _, _ = select.select([child.stdout], [], [], 0.5)
            if ready:
                chunk = os.read(child.stdout.fileno(), 4096)
                if not chunk:  # the child ended on its own
                    break
                output += chunk
            elif child.poll() is not None:
                break
        time.sleep(rng.uniform(0, 0.004))
    finally:
        if child.poll() is None:
            child.send_signal(signal.SIGKILL)
        child.wait(timeout=10)
    output += child.stdout.read()  # whatever it printed before it died
    errors = child.stderr.read().decode(errors="replace")
    child.stdout.close()
    child.stderr.close()
    assert "Traceback" not in errors, errors
    lines = output.decode().splitlines()
    acks = [int(line.split()[1]) for line in lines if line.startswith("ACK")]
    drafts = [int(line.split()[1]) for line in lines if line.startswith("DRAFT")]
    return (max(acks) if acks else 0), (max(drafts) if drafts else 0), b"DONE" in output


@pytest.mark.timeout(240)
# a fixed-length game; an open-ended one; one whose table changes (a late arrival seated by its entry)
@pytest.mark.parametrize("kind", ["bid-tricks", "score-pad", "evening"])
def test_acknowledged_entries_survive_sigkill_and_the_game_resumes(sqlite_url, kind):
    seed = int(os.environ.get("CRASH_TEST_SEED", random.randrange(1 << 30)))
    rng = random.Random(seed)
    script = script_of(kind)
    confirmed = 0  # entries of the current game known to be stored before this run
    games_played = 0
    for run in range(RUNS):
        acked, drafted, done = run_child_and_kill(sqlite_url, rng, kind)
        acked = max(acked, confirmed)  # ACK numbers count from the start of the game
        store = Store(sqlite_url)
        try:
            latest = store.latest_unfinished()
            if latest is None:  # killed before the game was created
                assert acked == 0, f"seed {seed}, run {run}: acknowledged entries but no game"
                continue
            state = store.load(latest.id)
            entries = list(state.record.actions)
            context = f"seed {seed}, run {run}: acknowledged {acked}, stored {len(entries)}"
            # Every acknowledged entry is there; at most one more (committed, killed before it said so).
            assert acked <= len(entries) <= acked + 1, context
            assert entries == script[:len(entries)], context
            assert not done or len(entries) == len(script), context
            if drafted > acked and len(entries) == drafted - 1:  # killed between the taps and the entry
                assert store.draft(state.id, state.version) == {"next": drafted}, context + ": the taps were lost"
            if len(entries) < len(script):  # the game carries on from where it stopped
                state = store.record(state.id, script[len(entries)], state.version)
                assert list(state.record.actions) == script[:len(entries) + 1], context
            if len(state.record.actions) == len(script):  # the next run starts a new game
                store.finish(state.id, state.version)
                games_played += 1
                confirmed = 0
            else:
                confirmed = len(state.record.actions)
            assert store.load(state.id).game.totals() == state.game.totals()
        finally:
            store.close()
    assert confirmed > 0 or games_played > 0, f"seed {seed}: no run got as far as one entry"
