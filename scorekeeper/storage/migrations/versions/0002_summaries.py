"""Summary columns for the history and the statistics, filled in for the games already stored.

The history and player statistics read these instead of replaying every game; the store rewrites
them on every write. Games stored before this revision are replayed once, here.

Revision ID: 0002
Revises: 0001
"""
import json
import logging

import sqlalchemy as sa
from alembic import op

from scorekeeper.rules.common import InvalidEntry
from scorekeeper.rules.kinds import kind_module

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

log = logging.getLogger(__name__)


def upgrade() -> None:
    # Plain ADD COLUMN (SQLite has it): a batch would copy the tables, and copying games cascades.
    op.add_column("games", sa.Column("game_name", sa.String(120), nullable=False, server_default=""))
    op.add_column("games", sa.Column("preset_id", sa.String(40), nullable=False, server_default=""))
    op.add_column("games", sa.Column("highest_wins", sa.Boolean, nullable=False, server_default=sa.true()))
    op.add_column("games", sa.Column("rounds_played", sa.Integer, nullable=False, server_default="0"))
    op.add_column("games", sa.Column("rounds_total", sa.Integer, nullable=True))
    op.add_column("games", sa.Column("totals", sa.Text, nullable=False, server_default="[]"))
    op.add_column("games", sa.Column("final_scores", sa.Text, nullable=True))
    op.add_column("games", sa.Column("leaders", sa.Text, nullable=False, server_default="[]"))
    op.create_index("ix_games_finished_at", "games", ["finished_at"])
    op.add_column("game_players", sa.Column("score", sa.Integer, nullable=False, server_default="0"))
    op.add_column("game_players", sa.Column("won", sa.Boolean, nullable=False, server_default=sa.false()))
    op.add_column("game_players", sa.Column("counters", sa.Text, nullable=False, server_default="{}"))
    fill_summaries(op.get_bind())


def fill_summaries(connection) -> None:
    """Replay every stored game once and write its summary (the same figures the store keeps)."""
    games = connection.execute(sa.text("SELECT id, kind, rules, setup, status FROM games")).all()
    for game_id, kind, rules_json, setup_json, status in games:
        names = [name for (name,) in connection.execute(sa.text(
            "SELECT p.name FROM game_players gp JOIN players p ON p.id = gp.player_id "
            "WHERE gp.game_id = :id ORDER BY gp.seat"), {"id": game_id})]
        entries = [json.loads(data) for (data,) in connection.execute(sa.text(
            "SELECT data FROM actions WHERE game_id = :id AND undone = :no ORDER BY seq"), {"id": game_id, "no": False})]
        try:
            module = kind_module(kind)
            rules = module.Rules.from_dict(json.loads(rules_json))
            game = module.Game(names, rules, **json.loads(setup_json))
            for entry in entries:
                game.apply(entry)
        except (InvalidEntry, TypeError, ValueError) as error:
            # Left with empty figures rather than stopping every start-up; opening it names the problem.
            log.warning("game %s can't be replayed for its summary: %s", game_id, error)
            continue
        played, total = game.progress()
        over = game.is_over
        totals = game.totals()
        final = game.final_scores() if over else None
        leaders = game.winners()
        connection.execute(sa.text(
            "UPDATE games SET game_name = :name, preset_id = :preset, highest_wins = :highest, "
            "rounds_played = :played, rounds_total = :total, totals = :totals, final_scores = :final, "
            "leaders = :leaders WHERE id = :id"), {
                "name": rules.stored_name, "preset": rules.preset_id, "highest": bool(game.highest_wins),
                "played": played, "total": total, "totals": json.dumps(totals),
                "final": None if final is None else json.dumps(final), "leaders": json.dumps(leaders), "id": game_id})
        for seat, counters in enumerate(game.stats()):
            connection.execute(sa.text(
                "UPDATE game_players SET score = :score, won = :won, counters = :counters "
                "WHERE game_id = :id AND seat = :seat"), {
                    "score": (final or totals)[seat], "won": status == "finished" and seat in leaders,
                    "counters": json.dumps(counters), "id": game_id, "seat": seat})


def downgrade() -> None:
    # Plain DROP COLUMN (SQLite has it since 3.35), like the upgrade's ADD COLUMN: a batch would copy
    # the tables, and with foreign keys on, dropping the old `games` cascades to every seat and entry.
    for column in ("counters", "won", "score"):
        op.drop_column("game_players", column)
    op.drop_index("ix_games_finished_at", table_name="games")
    for column in ("leaders", "final_scores", "totals", "rounds_total", "rounds_played", "highest_wins",
                   "preset_id", "game_name"):
        op.drop_column("games", column)
