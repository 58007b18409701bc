"""Schema migrations: a database made by the first revision opens, upgraded, with every game in it;
and the tables the code queries are the tables the migrations make."""
from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext

from crash_child import scripted_actions
from scorekeeper.rules import PRESETS
from scorekeeper.rules.oh_heck import Game
from scorekeeper.storage import Store
from scorekeeper.storage.database import make_engine, parse_url
from scorekeeper.storage.migrate import current_revision, head_revision, upgrade
from scorekeeper.storage.tables import metadata

# The tables as revision 0001 made them (not the current models: those have more columns).
OLD = sa.MetaData()
old_players = sa.Table("players", OLD, sa.Column("id", sa.Integer, primary_key=True), sa.Column("name", sa.String),
                       sa.Column("name_key", sa.String), sa.Column("created_at", sa.DateTime(timezone=True)))
old_games = sa.Table("games", OLD, sa.Column("id", sa.String, primary_key=True), sa.Column("kind", sa.String),
                     sa.Column("rules", sa.Text), sa.Column("setup", sa.Text), sa.Column("status", sa.String),
                     sa.Column("started_at", sa.DateTime(timezone=True)),
                     sa.Column("finished_at", sa.DateTime(timezone=True)),
                     sa.Column("updated_at", sa.DateTime(timezone=True)),
                     sa.Column("deleted_at", sa.DateTime(timezone=True)), sa.Column("version", sa.Integer))
old_seats = sa.Table("game_players", OLD, sa.Column("game_id", sa.String), sa.Column("seat", sa.Integer),
                     sa.Column("player_id", sa.Integer))
old_actions = sa.Table("actions", OLD, sa.Column("id", sa.Integer, primary_key=True), sa.Column("game_id", sa.String),
                       sa.Column("seq", sa.Integer), sa.Column("data", sa.Text), sa.Column("undone", sa.Boolean),
                       sa.Column("created_at", sa.DateTime(timezone=True)))

NAMES = ["Ann", "Bob", "Cy", "Dee"]
START = datetime(2024, 5, 1, 19, 0, tzinfo=timezone.utc)


def store_old_game(connection, game_id: str, status: str, entries: list[dict], undone: int = 0,
                   hours: int = 0, deleted: bool = False) -> None:
    """A game the way revision 0001 stores it: rules, setup, seats and entries, no summary."""
    started = START + timedelta(hours=hours)
    ended = started + timedelta(minutes=40) if status != "playing" else None
    connection.execute(old_games.insert().values(
        id=game_id, kind="bid-tricks", rules=json.dumps(PRESETS["oh-heck"].to_dict()),
        setup=json.dumps({"first_dealer": 0}), status=status, started_at=started, finished_at=ended,
        updated_at=ended or started, deleted_at=started if deleted else None, version=len(entries) + 1))
    connection.execute(old_seats.insert(), [{"game_id": game_id, "seat": seat, "player_id": seat + 1}
                                            for seat in range(len(NAMES))])
    connection.execute(old_actions.insert(), [
        {"game_id": game_id, "seq": seq, "data": json.dumps(entry), "undone": seq >= len(entries) - undone,
         "created_at": started} for seq, entry in enumerate(entries)])


def expected(entries: list[dict]) -> Game:
    game = Game(NAMES, PRESETS["oh-heck"], first_dealer=0)
    for entry in entries:
        game.apply(entry)
    return game


def test_a_first_revision_database_opens_upgraded_with_every_game(store_url):
    engine = make_engine(parse_url(store_url))
    upgrade(engine, "0001")
    assert current_revision(engine) == "0001"
    script = scripted_actions()
    with engine.begin() as connection:
        connection.execute(old_players.insert(), [
            {"id": n + 1, "name": name, "name_key": name.casefold(), "created_at": START} for n, name in enumerate(NAMES)])
        store_old_game(connection, "a" * 32, "finished", script, hours=0)
        store_old_game(connection, "b" * 32, "playing", script[:7], undone=2, hours=1)
        store_old_game(connection, "c" * 32, "abandoned", script[:4], hours=2)
        store_old_game(connection, "d" * 32, "finished", script, hours=3, deleted=True)
    engine.dispose()

    store = Store(store_url)
    try:
        assert current_revision(store._engine) == head_revision() != "0001"
        finished = expected(script)
        assert store.load("a" * 32).game.final_scores() == finished.final_scores()
        [history_a, history_c] = sorted(store.finished_games(), key=lambda game: game.id)
        assert (history_a.scores, history_a.rounds_played, history_a.rounds_total, history_a.game_name) == \
            (finished.final_scores(), 15, 15, "Oh Heck")
        assert history_a.winners == [NAMES[seat] for seat in finished.winners()]
        assert history_c.status == "abandoned" and history_c.scores == expected(script[:4]).totals()
        [playing] = store.unfinished_games()
        assert playing.id == "b" * 32 and playing.scores == expected(script[:5]).totals()
        state = store.load(playing.id)
        assert state.record.actions == tuple(script[:5]) and state.redo_text == "Redo tricks of hand 3"
        state = store.redo(state.id, state.version)  # the undo history came through too
        assert state.record.actions == tuple(script[:6])
        assert [game.id for game in store.deleted_games()] == ["d" * 32]
        ann = store.all_player_stats()[0]
        assert (ann.name, ann.games, ann.counters["bid-tricks.hands_played"]) == ("Ann", 1, 15)
        assert ann.best_score == finished.final_scores()[0]
        # Revision 0007 replayed the games stored before it for the player page: Ann's bids of game "a".
        page = store.player_page(ann.player_id)
        assert (page.record.games, page.record.bids.hands, page.record.bids.made) == (1, 15, finished.made_counts()[0])
        assert page.record.best.place == next(s.place for s in finished.standings() if s.seat == 0)
        assert [player.name for player in page.opponents] == NAMES[1:]
    finally:
        store.close()


def test_the_models_match_the_migrated_schema(store_url):
    store = Store(store_url)
    try:
        with store._engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), metadata)
    finally:
        store.close()
    assert differences == []


def test_opening_again_leaves_an_up_to_date_database_alone(sqlite_url):
    Store(sqlite_url).close()
    store = Store(sqlite_url)
    try:
        assert current_revision(store._engine) == head_revision()
    finally:
        store.close()


def table_counts(engine) -> list[int]:
    with engine.connect() as connection:
        return [connection.execute(sa.text(f"SELECT count(*) FROM {table}")).scalar()
                for table in ("players", "games", "game_players", "actions")]


def test_downgrading_keeps_every_seat_and_entry(store_url):
    """Downgrades run with foreign keys on (as alembic's own command does): no table copy may cascade."""
    from alembic import command

    from scorekeeper.storage.migrate import alembic_config

    store = Store(store_url)
    script = scripted_actions()
    state = store.new_game(NAMES, PRESETS["oh-heck"], first_dealer=0)
    for entry in script[:6]:
        state = store.record(state.id, entry, state.version)
    before = table_counts(store._engine)
    assert before == [4, 1, 4, 6]
    with store._engine.connect() as connection:
        with connection.begin():
            command.downgrade(alembic_config(connection), "0001")
    assert current_revision(store._engine) == "0001"
    assert table_counts(store._engine) == before
    store.close()
    with Store(store_url) as again:  # and up again, with the summaries filled back in
        assert table_counts(again._engine) == before
        assert again.load(state.id).record.actions == tuple(script[:6])
        assert again.unfinished_games()[0].scores == expected(script[:6]).totals()
