"""The player page's figures beside each seat: the place in the standings and the player's bid
figures (rules.player_record.SeatBids, one integer column per count), filled in for the games already
stored.

Revision ID: 0007
Revises: 0006
"""
import json
import logging
from types import SimpleNamespace

import sqlalchemy as sa
from alembic import op

from scorekeeper.rules.kinds import ReplayError, replay
from scorekeeper.storage import summary

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

log = logging.getLogger(__name__)

# Written out, not imported: a revision keeps the schema it made even if the code's names move on.
COUNTS = ("bid_hands", "bid_made", "bid_zero", "bid_zero_made", "bid_over", "bid_under", "bid_hooked",
          "bid_hooked_made", "bid_streak_lead", "bid_streak_longest", "bid_streak_tail")


def upgrade() -> None:
    # Plain ADD COLUMN, as in 0002: a batch would copy the tables, and copying games cascades.
    # A place of 0 is none: a game that can't be replayed here is left out of the player page, named.
    op.add_column("game_players", sa.Column("place", sa.Integer, nullable=False, server_default="0"))
    for column in COUNTS:
        # bid_hands None: no bids (a kind without them, or a game not replayed here)
        op.add_column("game_players", sa.Column(column, sa.Integer, nullable=column == "bid_hands",
                                                server_default=None if column == "bid_hands" else "0"))
    op.add_column("game_players", sa.Column("bid_sizes", sa.Text, nullable=False, server_default="[]"))
    fill_records(op.get_bind())


def fill_records(connection) -> None:
    """Replay every stored game once and write each seat's place and record, as the store writes them."""
    for game_id, kind, rules, setup, status in connection.execute(sa.text(
            "SELECT id, kind, rules, setup, status FROM games")).all():
        names = [name for (name,) in connection.execute(sa.text(
            "SELECT p.name FROM game_players gp JOIN players p ON p.id = gp.player_id "
            "WHERE gp.game_id = :id ORDER BY gp.seat"), {"id": game_id})]
        try:
            entries = tuple(json.loads(data) for (data,) in connection.execute(sa.text(
                "SELECT data FROM actions WHERE game_id = :id AND undone = :no ORDER BY seq"),
                {"id": game_id, "no": False}))
            game = replay(SimpleNamespace(kind=kind, players=tuple(names), rules=json.loads(rules),
                                          setup=json.loads(setup), actions=entries))
        except (ReplayError, ValueError, RecursionError) as error:
            # Left with the defaults rather than stopping every start-up; opening it names the problem.
            log.warning("game %s can't be replayed for its player records: %s", game_id, error)
            continue
        columns = ("place", *COUNTS, "bid_sizes")
        connection.execute(
            sa.text(f"UPDATE game_players SET {', '.join(f'{column} = :{column}' for column in columns)} "
                    "WHERE game_id = :id AND seat = :seat"),
            [{**{column: row[column] for column in columns}, "id": game_id, "seat": row["seat"]}
             for row in summary.seat_rows(game, status)])


def downgrade() -> None:
    for column in ("bid_sizes", *reversed(COUNTS), "place"):
        op.drop_column("game_players", column)
