"""A club night's games, table by table (storage: table names, revision 0009; club_night), on SQLite and
PostgreSQL."""
from datetime import timedelta

import pytest

from scorekeeper.rules import PRESETS, InvalidEntry
from scorekeeper.storage.database import utc_now


def test_games_carry_their_table_and_the_night_lists_them_table_by_table(store):
    later = store.new_game(["Eve", "Fay", "Gus"], PRESETS["oh-heck"], table="Table 2", first_dealer=0)
    first = store.new_game(["Ann", "Bob", "Cy"], PRESETS["oh-heck"], table="  Table   1 ", first_dealer=0)
    loose = store.new_game(["Hal", "Ivy", "Jo"], PRESETS["oh-heck"], first_dealer=0)
    assert store.table_of(first.id) == "Table 1" and store.table_of(loose.id) == ""
    store.set_table(loose.id, "Table 3")
    assert store.load(loose.id).version == 1  # a table's name changes no score
    night = store.club_night(utc_now() - timedelta(hours=12))
    assert [(game.table, game.players[0]) for game in night] == [("Table 1", "Ann"), ("Table 2", "Eve"),
                                                                 ("Table 3", "Hal")]
    assert night[0].highest_wins is True
    assert store.club_night(utc_now() + timedelta(minutes=1)) == []
    store.delete_game(later.id)
    assert [game.table for game in store.club_night(utc_now() - timedelta(hours=12))] == ["Table 1", "Table 3"]
    with pytest.raises(InvalidEntry):
        store.set_table(first.id, "x" * 41)


def test_a_players_page_gathers_their_games_from_every_table_and_names_the_table(store):
    from test_storage_games import SHORT, bids, play, tricks

    for table, took in (("Table 1", [2, 0, 0]), ("Table 2", [0, 2, 0])):
        state = play(store, store.new_game(["Ann", "Bob", "Cy"], SHORT, table=table), bids(0, [2, 0, 0]),
                     tricks(0, took), bids(1, [0, 0, 0]), tricks(1, [0, 0, 1]))
        store.finish(state.id, state.version)
    ann = next(player for player in store.roster() if player.name == "Ann")
    page = store.player_page(ann.id)
    assert page.record.games == 2
    assert {page.record.best.title, page.record.worst.title} == {"Table 1", "Table 2"}
