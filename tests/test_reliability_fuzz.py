"""Many mutated export files (CSV and JSON): each is either imported correctly or refused with a clear
message, and a refusal never changes the database."""
import random

import pytest
from test_export_samples import make_store, mixed_records, snapshot

from scorekeeper.rules import InvalidEntry
from scorekeeper.storage import StorageError
from scorekeeper.exchange import export_records, import_file

MUTANTS_PER_FORMAT = 150
MUTANTS_PER_KIND = 150  # CSV of each other game kind


def mutate(data: bytes, rng: random.Random) -> bytes:
    """One to three of the damages a file meets: edits by hand, a bad copy, a cut-off download."""
    text = data.decode("utf-8")
    for _ in range(rng.randint(1, 3)):
        lines = text.split("\n")
        choice = rng.randrange(9)
        if choice == 0 and len(text) > 1:  # cut off
            text = text[: rng.randrange(1, len(text))]
        elif choice == 1 and len(lines) > 2:  # a line lost
            del lines[rng.randrange(len(lines))]
            text = "\n".join(lines)
        elif choice == 2:  # a line twice
            index = rng.randrange(len(lines))
            lines.insert(index, lines[index])
            text = "\n".join(lines)
        elif choice == 3 and len(lines) > 2:  # two lines swapped
            a, b = rng.sample(range(len(lines)), 2)
            lines[a], lines[b] = lines[b], lines[a]
            text = "\n".join(lines)
        elif choice == 4:  # a digit changed
            digits = [i for i, c in enumerate(text) if c.isdigit()]
            if digits:
                i = rng.choice(digits)
                text = text[:i] + str(rng.randrange(10)) + text[i + 1:]
        elif choice == 5:  # a character deleted
            i = rng.randrange(len(text))
            text = text[:i] + text[i + 1:]
        elif choice == 6:  # garbage typed in
            i = rng.randrange(len(text) + 1)
            text = text[:i] + rng.choice([",", '"', "{", "]", "-1", "x", "\x00", "é", "\n", "null"]) + text[i:]
        elif choice == 7:  # a name changed
            for old in ("Ann", "Bo", "Cy", "Di"):
                if old in text:
                    text = text.replace(old, rng.choice(["Zed", "", "ann", "Bo"]), 1)
                    break
        else:  # a field emptied
            i = rng.randrange(len(text))
            j = text.find(",", i)
            k = text.find(",", j + 1)
            if j != -1 and k != -1:
                text = text[: j + 1] + text[k:]
    raw = text.encode("utf-8")
    if rng.random() < 0.05:  # bytes that are not text at all
        i = rng.randrange(len(raw) + 1)
        raw = raw[:i] + bytes([rng.randrange(128, 256)]) + raw[i:]
    return raw


@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_mutated_files_are_imported_or_refused_cleanly(tmp_path, fmt):
    records = [record for record in mixed_records(seed=11, count=6) if fmt == "json" or record.rules.get("id") != "custom"]
    original = export_records(records, fmt).data
    store = make_store(tmp_path, "fuzz")
    rng = random.Random(2026)
    outcomes = {"imported": 0, "refused": 0}
    for number in range(MUTANTS_PER_FORMAT):
        damaged = mutate(original, rng)
        before = snapshot(store)
        try:
            result = import_file(store, damaged, name=f"mutant {number}.{fmt}")
        except (InvalidEntry, StorageError) as refused:
            message = str(refused)
            assert message and "Traceback" not in message and len(message) < 2000, message
            assert snapshot(store) == before, f"mutant {number} was refused but the database changed"
            outcomes["refused"] += 1
        else:
            after = snapshot(store)
            assert len(after) == len(before) + len(result.added)
            for record in after:
                record.build()  # whatever was let in obeys its rules
            outcomes["imported"] += 1
    # The mutations must exercise both paths, or the test proves little.
    assert outcomes["refused"] > MUTANTS_PER_FORMAT // 3, outcomes
    assert outcomes["imported"] > 0, outcomes


@pytest.mark.parametrize("kind", ["what-the-heck", "hit-the-deck", "score-pad"])
def test_mutated_csv_files_of_the_other_kinds_are_imported_or_refused_cleanly(tmp_path, kind):
    from test_kinds_export import kind_record

    rng = random.Random(f"fuzz {kind}")  # a str seed: the same mutants on every run
    records = [kind_record(rng, kind, rounds=rng.choice([2, 4, None])) for _ in range(4)]
    original = export_records(records, "csv").data
    store = make_store(tmp_path, "fuzz")
    outcomes = {"imported": 0, "refused": 0}
    for number in range(MUTANTS_PER_KIND):
        damaged = mutate(original, rng)
        before = snapshot(store)
        try:
            result = import_file(store, damaged, name=f"mutant {number}.csv")
        except (InvalidEntry, StorageError) as refused:
            message = str(refused)
            assert message and "Traceback" not in message and len(message) < 2000, message
            assert snapshot(store) == before, f"{kind} mutant {number} was refused but the database changed"
            outcomes["refused"] += 1
        else:
            after = snapshot(store)
            assert len(after) == len(before) + len(result.added)
            for record in after:
                assert record.kind == kind
                record.build()  # whatever was let in obeys its rules
            outcomes["imported"] += 1
    assert outcomes["refused"] > MUTANTS_PER_KIND // 3, outcomes
    assert outcomes["imported"] > 0, outcomes
