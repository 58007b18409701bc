"""A game's own name and notes, and History's search, on a real SQLite file and a PostgreSQL server."""
import dataclasses
from datetime import datetime, timedelta, timezone

import pytest

from scorekeeper.exchange import export_games, import_file
from scorekeeper.rules import PRESETS, InvalidEntry
from scorekeeper.rules.kinds import KINDS
from scorekeeper.storage import Store
from scorekeeper.storage.errors import StaleGame


def finished(store, names, preset=PRESETS["oh-pshaw"]):
    state = store.new_game(names, preset, first_dealer=0)
    while not state.game.is_over:
        index = state.game.current
        cards = state.game.hands[index].cards
        state = store.record(state.id, {"type": "bids", "hand": index, "values": [cards] + [0] * (len(names) - 1)},
                             state.version)
        state = store.record(state.id, {"type": "tricks", "hand": index, "values": [cards] + [0] * (len(names) - 1)},
                             state.version)
    return store.finish(state.id, state.version)


def test_a_game_is_named_and_noted_and_a_change_from_a_stale_screen_is_refused(store):
    state = store.new_game(["Ann", "Bob", "Cy"], PRESETS["oh-heck"], first_dealer=0)
    store.name_game(state.id, "  Friday   at Ann's ", "Bob's birthday\r\nCy left at 11", shown=("", ""))
    [summary] = store.unfinished_games()
    assert (summary.title, summary.notes) == ("Friday at Ann's", "Bob's birthday\nCy left at 11")
    assert store.load(state.id).version == state.version  # a name changes no score: a tap elsewhere stays valid
    with pytest.raises(StaleGame, match="changed on another device"):
        store.name_game(state.id, "Saturday", "", shown=("", ""))  # drawn before the first change
    assert store.unfinished_games()[0].title == "Friday at Ann's"
    for title, notes, problem in (("x" * 81, "", "at most 80"), ("ok", "y" * 2001, "at most 2000"),
                                  ("a\x00b", "", "can't be shown"), (3, "", "must be text")):
        with pytest.raises(InvalidEntry, match=problem):
            store.name_game(state.id, title, notes, shown=("Friday at Ann's", "Bob's birthday\nCy left at 11"))
    assert store.unfinished_games()[0].title == "Friday at Ann's"


def test_history_finds_games_by_name_game_player_notes_and_date(store):
    ann = finished(store, ["Ann", "Bob", "Cy"])
    store.name_game(ann.id, "Friday at Ann's", "the 100% game", shown=("", ""))
    dee = finished(store, ["Dee", "Eve", "Zoë"], KINDS["bid-tricks"].PRESETS["wizard"])

    def found(search):
        return [summary.id for summary in store.finished_games(search=search)]

    assert found("") == [dee.id, ann.id]
    assert found("friday") == [ann.id]  # its own name, any case
    assert found("WIZARD") == [dee.id]  # the game
    assert found("zoë") == [dee.id] and found("bob") == [ann.id]  # a player
    assert found("100%") == [ann.id] and found("%") == [ann.id]  # notes; % is a character, not a wildcard
    assert found("_") == []
    today = datetime.now().astimezone()
    assert set(found(today.strftime("%Y-%m-%d"))) == {ann.id, dee.id}
    assert set(found(today.strftime("%Y-%m"))) == {ann.id, dee.id}
    assert found("nobody") == []
    assert found("x" * 10_000) == []  # bounded: the search is cut to 100 characters


def test_history_search_folds_case_and_accents_in_every_script(store):
    """Issue 38, item 3: "émile", "Emile", "chloe", "CHLOÉ" find the games they should, whatever the
    case and the accents, in any script (Unicode casefold, NFKD, combining marks left out)."""
    emile = finished(store, ["Émile", "Fanny", "Gus"])
    chloe = finished(store, ["Chloé", "Hal", "Ivy"])
    store.name_game(chloe.id, "Chez Zoé", "Straße 5; Σοφία était là; שָׁלוֹם", shown=("", ""))
    greek = finished(store, ["ΣΟΦΊΑ", "Åsa", "Jo"])

    def found(search):
        return {summary.id for summary in store.finished_games(search=search)}

    for search in ("émile", "Emile", "EMILE", "ÉMILE", "emi"):
        assert found(search) == {emile.id}, search
    for search in ("chloe", "CHLOÉ", "Chloé", "chloé"):
        assert found(search) == {chloe.id}, search
    assert found("fanny") == found("FANNY") == {emile.id}
    assert found("chez zoe") == found("ZOÉ") == {chloe.id}  # its own name
    assert found("strasse") == found("STRASSE") == {chloe.id}  # notes: ß folds to ss
    assert found("σοφια") == {chloe.id, greek.id}  # a name and notes in Greek, accent and case folded
    assert found("שלום") == {chloe.id}  # Hebrew without its vowel points
    assert found("asa") == found("ÅSA") == {greek.id}
    assert found("etait la") == {chloe.id}


def test_history_finds_games_under_way_too(store):
    """A table looking for a game finds the one it has not finished as well, by the same words."""
    done = finished(store, ["Ann", "Bob", "Cy"])
    playing = store.new_game(["Dee", "Eve", "Ann"], PRESETS["oh-heck"], first_dealer=0)
    store.name_game(playing.id, "Saturday", "", shown=("", ""))
    store.new_game(["Fay", "Gus", "Hal"], PRESETS["oh-heck"], first_dealer=0)

    def found(search):
        return {summary.id for summary in store.unfinished_games(search=search)}

    assert len(found("")) == 2  # no search: every game under way
    assert found("eve") == {playing.id} and found("SATURDAY") == {playing.id}  # a player; its own name
    assert found("ann") == {playing.id} and {s.id for s in store.finished_games(search="ann")} == {done.id}
    assert found(datetime.now().astimezone().strftime("%Y-%m")) == found("")  # a date
    assert found("nobody") == set()

def test_history_finds_a_game_by_its_name_as_the_reader_sees_it(store):
    """The game's name is kept in English; a French table searches for it as its list shows it."""
    from scorekeeper import i18n

    pshaw = PRESETS["oh-pshaw"]
    house = finished(store, ["Ann", "Bob", "Cy"], type(pshaw).from_dict(dataclasses.replace(pshaw, made_base=11).to_dict()))
    custom = finished(store, ["Dee", "Eve", "Fay"], type(pshaw).from_dict(
        dataclasses.replace(pshaw, id="custom", name="Custom rules", made_base=12).to_dict()))
    plain = finished(store, ["Gus", "Hal", "Ivy"])

    def found(search):
        return {summary.id for summary in store.finished_games(search=search)}

    with i18n.use("fr"):
        assert found("RÈGLES MAISON") == {house.id, custom.id}  # "Oh Pshaw (règles maison)", "Règles maison"
        assert found("pshaw (règles") == {house.id}
        assert found("oh pshaw") == {house.id, plain.id}  # a proper name reads the same in every language
        assert found("house rules") == {house.id}  # the words it is stored with find it too
    assert found("règles maison") == set()  # an English reader sees no such words


def test_name_and_notes_go_through_json_and_are_checked_on_import(tmp_path):
    with Store(f"sqlite:///{tmp_path / 'a.db'}") as source, Store(f"sqlite:///{tmp_path / 'b.db'}") as target:
        state = finished(source, ["Ann", "Bob", "Cy"])
        source.name_game(state.id, "Friday at Ann's", "Cy left at 11", shown=("", ""))
        data = export_games(source, "json")
        import_file(target, data, name="games.json")
        [summary] = target.finished_games()
        assert (summary.title, summary.notes) == ("Friday at Ann's", "Cy left at 11")
        bad = data.replace(b'"title": "Friday at Ann\'s"', b'"title": "' + b"x" * 500 + b'"')
        with Store(f"sqlite:///{tmp_path / 'c.db'}") as other:
            with pytest.raises(Exception, match="at most 80 characters"):
                import_file(other, bad, name="bad.json")
            assert other.finished_games() == []


def pad_game(started_at: datetime, game_id: str):
    from scorekeeper.storage.records import GameRecord

    return GameRecord(id=game_id, kind="score-pad", rules=KINDS["score-pad"].PRESETS["score-pad"].to_dict(),
                      players=("Ann", "Bob"), setup={}, status="finished", started_at=started_at,
                      finished_at=started_at + timedelta(hours=1),
                      actions=({"type": "round", "round": 0, "points": [1, 2]},))


def test_dates_search_the_local_day_month_and_year_summer_time_included(store, monkeypatch):
    import time

    monkeypatch.setenv("TZ", "Europe/Berlin")
    time.tzset()
    try:
        # 22:30 UTC on 15 July is 00:30 on 16 July in Berlin (summer time, UTC+2), whatever the season now;
        # 20:00 UTC on 31 December is 21:00 there, still in December.
        summer = pad_game(datetime(2026, 7, 15, 22, 30, tzinfo=timezone.utc), "a" * 32)
        new_year = pad_game(datetime(2025, 12, 31, 20, 0, tzinfo=timezone.utc), "b" * 32)
        store.import_records([summer, new_year])

        def found(search):
            return {summary.id for summary in store.finished_games(search=search)}

        assert found("2026-07-16") == {summer.id} and found("2026-07-15") == set()
        assert found("2025-12") == {new_year.id} and found("2026-01") == set()
        assert found("2025") == {new_year.id} and found("2026") == {summer.id}
        assert found("9999") == found("9999-12") == found("0001") == set()  # no such year: no game, no error
    finally:
        monkeypatch.undo()
        time.tzset()
