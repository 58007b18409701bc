"""CSV, JSON and PDF for WHAT THE HECK?, HIT THE DECK and the score pad: the documented columns, rows
checked by hand, export -> import giving back the same games (also as a property over random games),
refused imports that change nothing, and score cards that show each kind's grid."""
from __future__ import annotations

import csv
import dataclasses
import io
import json
import random
from datetime import timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_export_samples import START, make_store, mixed_records, new_id, snapshot

from scorekeeper.rules import InvalidEntry
from scorekeeper.rules.kinds import KINDS
from scorekeeper.storage import Store
from scorekeeper.exchange import ExchangeError, export_games, export_records, import_file, read_csv
from scorekeeper.storage.records import GameRecord

import pypdf  # a test dependency: reading the PDF's text

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal"]
WTH, HTD, PAD = (KINDS[kind] for kind in ("what-the-heck", "hit-the-deck", "score-pad"))
HEADERS = {
    "what-the-heck": "game_id,started_at,game,round,point_card,pot,player,seat,played,outcome,points,total",
    "hit-the-deck": "game_id,started_at,game,hand,player,seat,went_out,number_cards,specials,points,total",
    "score-pad": "game_id,started_at,game,round,player,seat,points,total",
}


# ----- random legal games of every kind -----

def what_the_heck_actions(rng: random.Random, game, rounds: int) -> list[dict]:
    """Random cards from each player's hand; now and then players copy a card, so ties and carried
    pots turn up."""
    actions = []
    for index in range(min(rounds, game.rules.rounds)):
        point_card = rng.choice(game.available_point_cards())
        held = [game.available_cards(seat) for seat in range(len(game.players))]
        played = [rng.choice(cards) for cards in held]
        if rng.random() < 0.4:
            shared = [card for card in held[0] if all(card in cards for cards in held)]
            if shared:
                copied = rng.choice(shared)
                played = [copied if seat == 0 or rng.random() < 0.7 else card for seat, card in enumerate(played)]
        action = {"type": "round", "round": index, "point_card": point_card, "played": played}
        game.apply(action)
        actions.append(action)
    return actions


def hit_the_deck_actions(rng: random.Random, game, hands: int) -> list[dict]:
    actions = []
    while len(actions) < hands and not game.is_over:
        out = rng.randrange(len(game.players))
        left = []
        for seat in range(len(game.players)):
            if seat == out:
                left.append(None)
            elif rng.random() < 0.5:
                left.append({"numbers": [rng.randint(1, 5) for _ in range(rng.randint(0, 4))],
                             "specials": rng.randint(1, 3)})
            else:
                left.append(rng.randint(1, 40))
        action = {"type": "hand", "hand": len(actions), "out": out, "left": left}
        game.apply(action)
        actions.append(action)
    return actions


def score_pad_actions(rng: random.Random, game, rounds: int, corrections: bool = False) -> list[dict]:
    actions = []
    played = 0
    while played < rounds and not game.is_over:
        action = {"type": "round", "round": played, "points": [rng.randint(-20, 60) for _ in game.players]}
        game.apply(action)
        actions.append(action)
        played += 1
        if corrections and rng.random() < 0.3:  # the table re-enters the round: CSV keeps the last entry only
            action = {"type": "round", "round": played - 1, "points": [rng.randint(-20, 60) for _ in game.players]}
            game.apply(action)
            actions.append(action)
    return actions


def kind_record(rng: random.Random, kind: str, rules=None, players: int | None = None, rounds: int | None = None,
                status: str | None = None, corrections: bool = False) -> GameRecord:
    """A legal game of `kind`: `rounds` rounds (hands) played, all of them (or until the target) when None.
    A game without a set end that has a round may be finished by the table; `status` forces one."""
    module = KINDS[kind]
    rules = rules or rng.choice(list(module.PRESETS.values()))
    count = players or rng.randint(max(2, rules.min_players), min(rules.max_players, 6))
    names = NAMES[:count]
    game = module.Game(names, rules)
    wanted = 40 if rounds is None else rounds
    if kind == "what-the-heck":
        actions = what_the_heck_actions(rng, game, wanted)
    elif kind == "hit-the-deck":
        actions = hit_the_deck_actions(rng, game, wanted)
    else:
        actions = score_pad_actions(rng, game, wanted, corrections)
    played, total = game.progress()
    if status is None:
        status = "finished" if game.is_over or (total is None and played and rng.random() < 0.5) else "playing"
    started = START + timedelta(days=rng.randrange(900), minutes=rng.randrange(1440),
                                microseconds=rng.randrange(1_000_000))
    return GameRecord(id=new_id(rng), kind=kind, rules=rules.to_dict(), players=tuple(names), setup={},
                      status=status, started_at=started,
                      finished_at=None if status == "playing" else started + timedelta(hours=1),
                      actions=tuple(actions))


def csv_keeps(record: GameRecord) -> GameRecord:
    """What CSV keeps of a game: the end time becomes the start, and a game is finished exactly when
    its rules say it is over (a game the table finished early comes back as still being played)."""
    over = record.build().is_over
    return dataclasses.replace(record, status="finished" if over else "playing",
                               finished_at=record.started_at if over else None)


def rows_of(data: bytes) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(data.decode())))


# ----- games worked by hand -----

SMALL_AUCTION = dataclasses.replace(WTH.PRESETS["what-the-heck"], id="custom", name="Small auction",
                                    point_cards=(-2, 3, 5), player_cards=(1, 2, 3))
AUCTION_ID = "a" * 32


def auction_record(rounds: int = 3) -> GameRecord:
    """Round 1: point card 5, cards 3, 1, 2 -> Ann's 3 is highest: Ann +5.
    Round 2: -2, cards 2, 2, 1 -> Ann and Bob tie and cancel; Cy's 1 is the lowest left: Cy -2.
    Round 3: 3, cards 1, 3, 3 -> Bob and Cy tie; Ann's 1 takes it: Ann +3. Totals 8, 0, -2."""
    actions = ({"type": "round", "round": 0, "point_card": 5, "played": [3, 1, 2]},
               {"type": "round", "round": 1, "point_card": -2, "played": [2, 2, 1]},
               {"type": "round", "round": 2, "point_card": 3, "played": [1, 3, 3]})[:rounds]
    return GameRecord(id=AUCTION_ID, kind="what-the-heck", rules=WTH.PRESETS["what-the-heck"].to_dict(),
                      players=("Ann", "Bob", "Cy"), setup={}, status="playing", started_at=START, actions=actions)


def carried_auction() -> GameRecord:
    """The usual cards. Round 1: 7, everyone plays 15 -> carried. Round 2: 3, cards 1, 2, 3 -> the pot
    7 + 3 = 10 goes to the highest card, Cy's 3: Cy +10."""
    actions = ({"type": "round", "round": 0, "point_card": 7, "played": [15, 15, 15]},
               {"type": "round", "round": 1, "point_card": 3, "played": [1, 2, 3]})
    return GameRecord(id="c" * 32, kind="what-the-heck", rules=WTH.PRESETS["what-the-heck"].to_dict(),
                      players=("Ann", "Bob", "Cy"), setup={}, status="playing", started_at=START, actions=actions)


SHEDDING_ID = "b" * 32


def shedding_record() -> GameRecord:
    """Hand 1: Ann out; Bob counted 4 + 2 + 1 x 10 = 16; Cy's 9 entered as points.
    Hand 2: Bob out; Ann 12; Cy 5 + 5 + 0 x 10 = 10. Totals 12, 16, 19."""
    actions = ({"type": "hand", "hand": 0, "out": 0, "left": [None, {"numbers": [4, 2], "specials": 1}, 9]},
               {"type": "hand", "hand": 1, "out": 1, "left": [12, None, {"numbers": [5, 5], "specials": 0}]})
    return GameRecord(id=SHEDDING_ID, kind="hit-the-deck", rules=HTD.PRESETS["hit-the-deck"].to_dict(),
                      players=("Ann", "Bob", "Cy"), setup={}, status="playing", started_at=START, actions=actions)


PAD_ID = "d" * 32


def pad_record(status: str = "finished") -> GameRecord:
    """Round 1: 12, -3; round 2: 5, 20. Totals 17, 17: Ann and Bob share first place."""
    actions = ({"type": "round", "round": 0, "points": [12, -3]}, {"type": "round", "round": 1, "points": [5, 20]})
    return GameRecord(id=PAD_ID, kind="score-pad", rules=PAD.PRESETS["score-pad"].to_dict(), players=("Ann", "Bob"),
                      setup={}, status=status, started_at=START,
                      finished_at=None if status == "playing" else START + timedelta(hours=1), actions=actions)


def test_what_the_heck_rows_checked_by_hand():
    lines = export_records([auction_record()], "csv").data.decode().splitlines()
    prefix = f"{AUCTION_ID},2024-05-04T19:30:00+00:00,what-the-heck"
    assert lines[0] == HEADERS["what-the-heck"]
    assert lines[1:7] == [
        f"{prefix},1,5,5,Ann,1,3,took,5,5",
        f"{prefix},1,5,5,Bob,2,1,,0,0",
        f"{prefix},1,5,5,Cy,3,2,,0,0",
        f"{prefix},2,-2,-2,Ann,1,2,tied,0,5",
        f"{prefix},2,-2,-2,Bob,2,2,tied,0,0",
        f"{prefix},2,-2,-2,Cy,3,1,took,-2,-2",
    ]
    assert lines[7] == f"{prefix},3,3,3,Ann,1,1,took,3,8"
    # The usual edition has 15 rounds: every round has a row per player, played or not.
    assert len(lines) == 1 + 15 * 3 and lines[-1] == f"{prefix},15,,,Cy,3,,,,"


def test_a_carried_pot_is_stated_on_both_rounds():
    rows = rows_of(export_records([carried_auction()], "csv").data)
    first, second = rows[:3], rows[3:6]
    assert {(row["pot"], row["outcome"], row["points"]) for row in first} == {("7", "carried", "0")}
    assert [(row["pot"], row["outcome"], row["points"], row["total"]) for row in second] == [
        ("7 3", "", "0", "0"), ("7 3", "", "0", "0"), ("7 3", "took", "10", "10")]


def test_a_pot_starting_with_a_minus_is_written_as_text_and_read_back(tmp_path):
    """A spreadsheet takes a cell starting with a minus for a formula: "-5 2" showed as an error. A pot of
    several cards that starts with one gets the text cells' apostrophe; a single card stays a number."""
    actions = ({"type": "round", "round": 0, "point_card": -5, "played": [4, 4, 4]},
               {"type": "round", "round": 1, "point_card": 2, "played": [8, 1, 6]})
    record = GameRecord(id="e" * 32, kind="what-the-heck", rules=WTH.PRESETS["what-the-heck"].to_dict(),
                        players=("Ann", "Bob", "Cy"), setup={}, status="playing", started_at=START, actions=actions)
    data = export_records([record], "csv").data
    rows = rows_of(data)
    assert [row["pot"] for row in rows[:6]] == ["-5"] * 3 + ["'-5 2"] * 3
    assert [row["outcome"] for row in rows[3:6]] == ["", "took", ""]  # -5 + 2 = -3: the lowest card takes it
    store = Store(f"sqlite:///{tmp_path / 'pot.db'}")
    try:
        assert import_file(store, data, name="pot.csv").added
        assert store.load(record.id).game.rounds[1].pot == (-5, 2)
    finally:
        store.close()


def test_hit_the_deck_rows_checked_by_hand():
    lines = export_records([shedding_record()], "csv").data.decode().splitlines()
    prefix = f"{SHEDDING_ID},2024-05-04T19:30:00+00:00,hit-the-deck"
    assert lines == [
        HEADERS["hit-the-deck"],
        f"{prefix},1,Ann,1,yes,,,0,0",
        f"{prefix},1,Bob,2,,4 2,1,16,16",
        f"{prefix},1,Cy,3,,,,9,9",
        f"{prefix},2,Ann,1,,,,12,12",
        f"{prefix},2,Bob,2,yes,,,0,16",
        f"{prefix},2,Cy,3,,5 5,0,10,19",
    ]


def test_score_pad_rows_checked_by_hand():
    lines = export_records([pad_record()], "csv").data.decode().splitlines()
    prefix = f"{PAD_ID},2024-05-04T19:30:00+00:00,score-pad"
    assert lines == [HEADERS["score-pad"], f"{prefix},1,Ann,1,12,12", f"{prefix},1,Bob,2,-3,-3",
                     f"{prefix},2,Ann,1,5,17", f"{prefix},2,Bob,2,20,17"]


@pytest.mark.parametrize("record", [auction_record(), carried_auction(), shedding_record(), pad_record("playing")],
                         ids=["auction", "carried", "shedding", "pad"])
def test_read_back_gives_the_same_entries(record):
    [back] = read_csv(export_records([record], "csv").data.decode(), "games.csv")
    assert back == csv_keeps(record)


@pytest.mark.parametrize("kind", list(HEADERS))
def test_every_column_follows_the_engine(kind):
    rng = random.Random(kind)
    records = [kind_record(rng, kind, rounds=rng.choice([None, 0, 2, 5])) for _ in range(6)]
    rows = rows_of(export_records(records, "csv").data)
    assert list(rows[0]) == HEADERS[kind].split(",")
    for record in records:
        game = record.build()
        mine = [row for row in rows if row["game_id"] == record.id]
        played, total = game.progress()
        # A game without a set length lists its rounds played, or an empty round 1 when none is.
        assert len(mine) == (total if total is not None else max(played, 1)) * len(game.players)
        unit = "hand" if kind == "hit-the-deck" else "round"
        rounds = game.hands if kind == "hit-the-deck" else game.rounds
        for row in mine:
            index, seat = int(row[unit]) - 1, int(row["seat"]) - 1
            assert row["player"] == game.players[seat] and row["game"] == game.rules.preset_id
            if index < played:
                assert int(row["points"]) == rounds[index].points[seat]
                assert int(row["total"]) == game.running_totals()[index][seat]
            else:
                assert row["points"] == row["total"] == ""


@pytest.mark.parametrize("record", [auction_record(), shedding_record(), pad_record()], ids=["wth", "htd", "pad"])
def test_a_file_saved_by_a_spreadsheet_reads_back(record):
    """Byte order mark, CRLF line ends and a trailing blank line, as spreadsheets save CSV."""
    from scorekeeper.exchange import parse_file

    text = export_records([record], "csv").data.decode()
    saved = ("\ufeff" + text.replace("\n", "\r\n") + "\r\n").encode("utf-8")
    assert parse_file(saved, "saved.csv") == read_csv(text, "exported.csv") == [csv_keeps(record)]


def test_a_finished_score_pad_comes_back_from_csv_as_being_played_and_the_export_says_so():
    result = export_records([pad_record("finished")], "csv")
    assert "no set end" in result.note
    [back] = read_csv(result.data.decode(), "pad.csv")
    assert (back.status, back.finished_at) == ("playing", None)


# ----- round trips -----

@pytest.mark.parametrize("kind", list(HEADERS))
@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_round_trip_through_two_databases(tmp_path, kind, fmt):
    rng = random.Random(f"{kind}-{fmt}")
    records = [kind_record(rng, kind, rounds=rounds) for rounds in (None, None, 0, 1, 3, 6)]
    source, target = make_store(tmp_path, "source"), make_store(tmp_path, "target")
    source.import_records(records)
    data = export_games(source, fmt, kind=kind)
    result = import_file(target, data, name=f"games.{fmt}")
    assert sorted(result.added) == sorted(record.id for record in records) and result.skipped == []
    expected = snapshot(source) if fmt == "json" else [csv_keeps(record) for record in snapshot(source)]
    assert snapshot(target) == expected
    again = import_file(target, data, name=f"games.{fmt}")
    assert again.added == [] and len(again.skipped) == len(records)


def test_json_keeps_house_rules_corrections_and_every_status_of_every_kind(tmp_path):
    rng = random.Random(4)
    records = [
        kind_record(rng, "what-the-heck", SMALL_AUCTION, players=3, status="abandoned", rounds=1),
        kind_record(rng, "hit-the-deck", dataclasses.replace(HTD.PRESETS["hit-the-deck"], target=60)),
        kind_record(rng, "score-pad", dataclasses.replace(PAD.PRESETS["score-pad-low"], target=80), corrections=True),
        kind_record(rng, "score-pad", corrections=True, rounds=4, status="finished"),  # finished by the table
    ]
    source, target = make_store(tmp_path, "source"), make_store(tmp_path, "target")
    source.import_records(records)
    import_file(target, export_games(source, "json"), name="all.json")
    assert snapshot(target) == snapshot(source) == sorted(records, key=lambda record: record.id)


@st.composite
def games_of_every_kind(draw, for_csv: bool):
    """One to four games of random kinds: presets only for CSV; house rules, corrections and any
    status for JSON."""
    records = []
    for seed in draw(st.lists(st.integers(0, 2**32), min_size=1, max_size=4, unique=True)):
        rng = random.Random(seed)
        kind = draw(st.sampled_from(list(HEADERS)))
        rules = None
        if not for_csv and draw(st.booleans()):
            rules = {"what-the-heck": SMALL_AUCTION,
                     "hit-the-deck": dataclasses.replace(HTD.PRESETS["hit-the-deck"], target=50),
                     "score-pad": dataclasses.replace(PAD.PRESETS["score-pad"], target=100)}[kind]
        rounds = draw(st.one_of(st.none(), st.integers(0, 12)))
        status = None if for_csv else draw(st.sampled_from([None, None, "abandoned"]))
        records.append(kind_record(rng, kind, rules, rounds=rounds, status=status,
                                   corrections=not for_csv and draw(st.booleans())))
    return records


def property_round_trip(records, fmt: str) -> tuple[list, list]:
    source, target = Store("sqlite://"), Store("sqlite://")
    try:
        source.import_records(records)
        exported = []
        for kind in sorted({record.kind for record in records}) if fmt == "csv" else [None]:
            exported.append(export_games(source, fmt, kind=kind))
        for number, data in enumerate(exported):
            import_file(target, data, name=f"games-{number}.{fmt}")
        return snapshot(source), snapshot(target)
    finally:
        source.close()
        target.close()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games_of_every_kind(for_csv=True))
def test_csv_round_trip_of_random_games_of_every_kind(records):
    before, after = property_round_trip(records, "csv")
    assert after == [csv_keeps(record) for record in before]
    assert before == sorted(records, key=lambda record: record.id)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games_of_every_kind(for_csv=False))
def test_json_round_trip_of_random_games_of_every_kind(records):
    before, after = property_round_trip(records, "json")
    assert after == before == sorted(records, key=lambda record: record.id)


# ----- refused imports -----

@pytest.fixture
def store(tmp_path):
    """A database that already holds games of every kind, so "nothing changed" means something."""
    store = make_store(tmp_path)
    rng = random.Random(21)
    store.import_records(mixed_records(seed=21, count=2) + [kind_record(rng, kind, rounds=2) for kind in HEADERS])
    return store


def refused(store, data: bytes, name: str, *fragments: str) -> str:
    before = snapshot(store)
    with pytest.raises(InvalidEntry) as refusal:
        import_file(store, data, name=name)
    assert snapshot(store) == before
    message = str(refusal.value)
    for fragment in fragments:
        assert fragment in message, f"{fragment!r} not in: {message}"
    return message


def edit(data: bytes, line_number: int, column: str, value: str) -> bytes:
    """The file with one cell changed (line_number counts from 1, the header being line 1)."""
    lines = data.decode().splitlines()
    header = lines[0].split(",")
    cells = lines[line_number - 1].split(",")
    cells[header.index(column)] = value
    lines[line_number - 1] = ",".join(cells)
    return ("\n".join(lines) + "\n").encode()


def csv_of(record: GameRecord) -> bytes:
    return export_records([record], "csv").data


def test_what_the_heck_refusals(store):
    data = csv_of(auction_record())
    # Line 7 is Cy in round 2: the pot of -2 is his.
    refused(store, edit(data, 7, "points", "0"), "auction.csv", "line 7", "round 2", "Cy", "give -2")
    refused(store, edit(data, 7, "total", "-3"), "auction.csv", "line 7", "round 2", "Cy", "add up to -2")
    refused(store, edit(data, 6, "outcome", ""), "auction.csv", "line 6", "Bob", "outcome", "tied")
    refused(store, edit(data, 4, "pot", "5 -2"), "auction.csv", "line 4", "round 1", "Cy", "pot")
    # Broken rules: Ann plays her 3 twice; a point card the rules don't have.
    refused(store, edit(data, 8, "played", "3"), "auction.csv", "round 3", "Ann already played 3 in round 1")
    refused(store, edit(edit(edit(data, 8, "point_card", "11"), 9, "point_card", "11"), 10, "point_card", "11"),
            "auction.csv", "round 3", "11 is not a point card")
    refused(store, edit(data, 9, "played", ""), "auction.csv", "round 3", "Bob (line 9) has no card played")
    refused(store, edit(edit(edit(data, 5, "point_card", ""), 6, "point_card", ""), 7, "point_card", ""),
            "auction.csv", "round 2", "point card is empty")
    # A later round filled in after one that is not: round 2 emptied.
    emptied = data
    for line in (5, 6, 7):
        for column in ("point_card", "pot", "played", "outcome", "points", "total"):
            emptied = edit(emptied, line, column, "")
    refused(store, emptied, "auction.csv", "round 3", "but round 2 before it is not")


def test_hit_the_deck_refusals(store):
    data = csv_of(shedding_record())
    refused(store, edit(data, 3, "points", "17"), "deck.csv", "line 3", "hand 1", "Bob", "17", "give 16")
    refused(store, edit(data, 7, "total", "20"), "deck.csv", "line 7", "hand 2", "Cy", "add up to 19")
    refused(store, edit(data, 3, "went_out", "yes"), "deck.csv", "hand 1", "Ann and Bob all went out")
    refused(store, edit(data, 3, "number_cards", "4 9"), "deck.csv", "hand 1", "Bob has a number card of 9")
    refused(store, edit(data, 3, "specials", ""), "deck.csv", "hand 1", "specials is empty")
    refused(store, edit(data, 4, "points", ""), "deck.csv", "hand 1", "Cy has no points")
    refused(store, edit(data, 2, "went_out", "out"), "deck.csv", "hand 1", "went_out is 'out'")


def test_score_pad_refusals(store):
    data = csv_of(pad_record())
    refused(store, edit(data, 5, "total", "16"), "pad.csv", "line 5", "round 2", "Bob", "add up to 17")
    refused(store, edit(data, 4, "points", "x"), "pad.csv", "line 4", "points 'x' is not a whole number")
    refused(store, edit(edit(data, 3, "seat", "4"), 5, "seat", "4"), "pad.csv", "seats are 1, 4", "seat 2")
    refused(store, edit(data, 3, "points", ""), "pad.csv", "round 1", "Bob (line 3) has no points")


@pytest.mark.parametrize("record", [auction_record(), shedding_record(), pad_record()], ids=["wth", "htd", "pad"])
def test_truncated_damaged_or_custom_files_of_every_kind(store, record):
    data = csv_of(record)
    lines = data.decode().splitlines()
    refused(store, ("\n".join(lines[:-1] + [lines[-1][:-4]]) + "\n").encode(), "cut.csv", "truncated")
    refused(store, ("\n".join(lines[:-1]) + "\n").encode(), "short.csv", "has no row for", "truncated")
    header = lines[0].replace("points", "score")
    refused(store, ("\n".join([header] + lines[1:]) + "\n").encode(), "renamed.csv", "line 1", "missing points",
            "'score'", HEADERS[record.kind])
    custom = dataclasses.replace(record, rules={**record.rules, "id": "custom", "name": "House"})
    refused(store, csv_of(custom), "house.csv", "custom rules", "JSON")


def test_one_bad_game_refuses_a_file_of_many(store):
    rng = random.Random(3)
    good = [kind_record(rng, "score-pad", rounds=3) for _ in range(3)]
    data = export_records(good + [pad_record()], "csv").data
    bad_line = next(number for number, line in enumerate(data.decode().splitlines(), 1) if line.startswith(PAD_ID))
    refused(store, edit(data, bad_line, "total", "99"), "many.csv", f"line {bad_line}")
    assert not {record.id for record in good} & {record.id for record in snapshot(store)}


def test_json_finished_rules(store):
    document = json.loads(export_records([pad_record("finished")], "json").data)
    game = document["games"][0]
    game["actions"] = []
    del game["computed"]  # the scores of no rounds: left out, as another program may
    refused(store, json.dumps(document).encode(), "pad.json", PAD_ID, "finished", "no round is entered")
    document = json.loads(export_records([auction_record(2)], "json").data)
    document["games"][0]["status"], document["games"][0]["finished_at"] = "finished", "2024-05-04T21:00:00+00:00"
    refused(store, json.dumps(document).encode(), "wth.json", AUCTION_ID, "only 2 of 15 rounds")


def test_json_entries_that_break_the_rules(store):
    document = json.loads(export_records([shedding_record()], "json").data)
    document["games"][0]["actions"][1]["left"][0] = None  # Ann did not go out in hand 2
    refused(store, json.dumps(document).encode(), "deck.json", SHEDDING_ID, "entry 2", "points of hand 2",
            "only Bob went out")


# ----- the score cards -----

def card_text(records) -> str:
    return " ".join(" ".join(page.extract_text().split())
                    for page in pypdf.PdfReader(io.BytesIO(export_records(records, "pdf").data)).pages)


def test_what_the_heck_card():
    finished = dataclasses.replace(auction_record(), rules=SMALL_AUCTION.to_dict(), status="finished",
                                   finished_at=START + timedelta(hours=1))
    text = card_text([finished, carried_auction()])
    assert "Small auction" in text and "Point card" in text and "Winner: Ann: 8 points" in text
    assert "Point cards taken" in text and "tied cards cancel each other" in text
    assert "→ carried" in text and "7 + 3 = +10" in text  # the carried pot, and the round that took it
    assert "in play: 2 of 15 rounds played" in text and "the round to play next" in text


def test_hit_the_deck_card():
    text = card_text([shedding_record()])
    assert "Went out" in text and "cards left" in text and "4+2+1×10" in text and "5+5" in text
    assert "To 100 88 84 81" in text  # 100 less the totals 12, 16, 19
    assert "Standings after 2 hands" in text and "Leading: Ann with 12 points" in text  # lowest leads


def test_score_pad_card_with_many_players():
    rng = random.Random(5)
    record = kind_record(rng, "score-pad", PAD.PRESETS["score-pad-low"], rounds=5, status="finished")
    record = dataclasses.replace(record, players=tuple(f"Player {number}" for number in range(1, 13)),
                                 actions=tuple({"type": "round", "round": index,
                                                "points": [rng.randint(-5, 30) for _ in range(12)]}
                                               for index in range(5)))
    game = record.build()
    text = card_text([record])
    assert "players 1–6 of 12" in text and "players 7–12 of 12" in text and "Player 12" in text
    winners = " and ".join(game.players[seat] for seat in game.winners())
    assert f"{winners}" in text and "lowest total wins" in text and "Final standings" in text


def test_pdf_of_every_kind_from_the_store(tmp_path):
    store = make_store(tmp_path)
    rng = random.Random(8)
    records = [kind_record(rng, kind) for kind in HEADERS]
    store.import_records(records)
    data = export_games(store, "pdf")
    pages = pypdf.PdfReader(io.BytesIO(data)).pages
    assert len(pages) >= 3
    text = " ".join(page.extract_text() for page in pages)
    for record in records:
        assert record.id in text and record.build().rules.display_name in text


def test_export_all_as_csv_needs_a_kind_and_a_game_of_a_kind_exports_alone(store):
    with pytest.raises(ExchangeError, match="of 4 kinds"):
        export_games(store, "csv")
    for kind, header in HEADERS.items():
        lines = export_games(store, "csv", kind=kind).decode().splitlines()
        assert lines[0] == header and len(lines) > 1
