"""A game's id in a file (issue 38, item 1b): a UUID in any usual form (dashed, braced, upper case,
32 hex digits) is that id, so a hand-made CSV's dashed id is the game's own and a JSON round trip into a
fresh database keeps every id; `scorekeeper export --game` takes any of those forms, and finds a game
by the id its imported file gave it ("2024-03-01 Smiths", or a UUID an earlier version stored so)."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from scorekeeper.exchange import ExchangeError, export_games, import_file
from scorekeeper.storage import Store

DASHED = "8a6f2c1e-1b7d-4c7e-9f3a-0d2b5e6c7a11"
HEX = DASHED.replace("-", "")
FORMS = [DASHED, DASHED.upper(), "{" + DASHED + "}", HEX.upper(), "urn:uuid:" + DASHED]


def pad_csv(game_id: str) -> bytes:
    lines = ["game_id,started_at,game,round,player,seat,points,total"]
    for seat, (name, points) in enumerate((("Ann", 10), ("Bob", 5), ("Cy", 0)), 1):
        lines.append(f"{game_id},2024-05-04T19:30:00+00:00,score-pad,1,{name},{seat},{points},{points}")
    return ("\n".join(lines) + "\n").encode()


@pytest.fixture
def store(tmp_path):
    opened = Store(f"sqlite:///{tmp_path / 'games.db'}")
    yield opened
    opened.close()


@pytest.mark.parametrize("form", FORMS)
def test_a_uuid_in_any_usual_form_is_that_game_id(store, form):
    assert import_file(store, pad_csv(form), name="pad.csv").added == [HEX]
    assert store.load(HEX).game.totals() == [10, 5, 0]
    # The same file, or the same game with its id in another form, is there already.
    assert import_file(store, pad_csv(DASHED), name="again.csv").added == []


def test_text_that_is_no_uuid_still_gets_an_id_of_ours(store):
    for text in ("2024-03-01 Smiths", "8a6f2c1e-1b7d4c7e-9f3a-0d2b5e6c7a11", "{" + HEX, "8a6f2c1e" * 5):
        added = import_file(store, pad_csv(text), name="pad.csv").added
        assert len(added) == 1 and added[0] != HEX and len(added[0]) == 32


def test_a_json_round_trip_into_a_fresh_database_keeps_the_ids(store, tmp_path):
    import_file(store, pad_csv(DASHED), name="pad.csv")
    import_file(store, pad_csv("2024-03-01 Smiths"), name="smiths.csv")
    text = export_games(store, "json")
    ids = [game["id"] for game in json.loads(text)["games"]]
    assert HEX in ids
    fresh = Store(f"sqlite:///{tmp_path / 'fresh.db'}")
    assert sorted(import_file(fresh, text, name="games.json").added) == sorted(ids)
    fresh.close()
    # A JSON file whose id is written in another usual form is that game too.
    document = json.loads(text)
    for game in document["games"]:
        game["id"] = "{" + DASHED.upper() + "}" if game["id"] == HEX else game["id"]
    other = Store(f"sqlite:///{tmp_path / 'other.db'}")
    assert HEX in import_file(other, json.dumps(document).encode(), name="braced.json").added
    other.close()
    with pytest.raises(ExchangeError, match="is not a Scorekeeper id"):
        document["games"][0]["id"] = "2024-03-01 Smiths"
        import_file(store, json.dumps(document).encode(), name="bad.json")


def run(database, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "SCOREKEEPER_DATABASE_URL": f"sqlite:///{database}", "LANGUAGE": "en"}
    return subprocess.run([sys.executable, "-m", "scorekeeper", *args], capture_output=True, env=env, timeout=120)


def test_export_game_takes_any_form_of_the_id_and_the_id_the_file_gave(store, tmp_path):
    import_file(store, pad_csv(DASHED), name="pad.csv")
    import_file(store, pad_csv("2024-03-01 Smiths"), name="smiths.csv")
    database = tmp_path / "games.db"
    for form in [*FORMS, HEX]:
        done = run(database, "export", "--format", "csv", "--game", form)
        assert done.returncode == 0, done.stderr
        assert done.stdout.decode().splitlines()[1].startswith(HEX + ",")
    done = run(database, "export", "--format", "json", "--game", "2024-03-01 Smiths")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["games"][0]["players"] == ["Ann", "Bob", "Cy"]
    done = run(database, "export", "--format", "csv", "--game", "8a6f2c1e-0000-4c7e-9f3a-0d2b5e6c7a11")
    assert done.returncode == 1 and b"There is no game 8a6f2c1e-0000-4c7e-9f3a-0d2b5e6c7a11" in done.stderr


def test_a_game_an_earlier_version_imported_under_a_new_id_is_found_by_its_uuid(store, tmp_path):
    # Before, a dashed id was kept as the game's outside id and the game got a new one: the file is
    # still that game (not imported twice), and --game finds it by the dashed id in any form.
    from scorekeeper.storage.records import GameRecord
    from scorekeeper.exchange import read_csv

    record = read_csv(pad_csv("2024-03-01 Smiths").decode(), "old.csv")[0]
    old = GameRecord(**{**record.__dict__, "external_ref": DASHED})
    store.import_records([old])
    assert import_file(store, pad_csv(DASHED), name="pad.csv").added == []
    done = run(tmp_path / "games.db", "export", "--format", "csv", "--game", DASHED.upper())
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode().splitlines()[1].startswith(old.id + ",")


def test_a_device_that_only_follows_the_games_exports_one_by_its_id(store):
    from scorekeeper.storage.readonly import GuardedStore

    import_file(store, pad_csv(DASHED), name="pad.csv")
    viewer = GuardedStore(store, lambda: False)
    assert export_games(viewer, "csv", [HEX]).decode().splitlines()[1].startswith(HEX + ",")
