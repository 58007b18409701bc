"""The database tables (SQLModel), as the latest migration leaves them.

Alembic migrations in `migrations/versions/` create and change the schema; these classes describe it
for queries, and tests/test_storage_migrations.py checks the two agree.

JSON goes into TEXT columns (rules, setup, actions, scores, counters) so SQLite and PostgreSQL store
the same thing. Per-game summary columns and per game-player rows are rewritten on every write, so the
history and the statistics never replay a game.
"""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Optional

from sqlalchemy import Boolean, Column, DateTime, ForeignKey, Index, Integer, String, Text, UniqueConstraint, false, true
from sqlalchemy.types import TypeDecorator
from sqlmodel import Field, SQLModel

NAME_LENGTH = 40  # the longest player name
ID_LENGTH = 32  # uuid4().hex


class UTCDateTime(TypeDecorator):
    """Timezone-aware UTC in and out, on SQLite (which keeps no zone) as on PostgreSQL."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value, dialect):
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("timestamps are stored timezone-aware")
        value = value.astimezone(timezone.utc)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value, dialect):
        if value is None:
            return None
        return value.replace(tzinfo=timezone.utc) if value.tzinfo is None else value.astimezone(timezone.utc)


class Player(SQLModel, table=True):
    __tablename__ = "players"

    id: Optional[int] = Field(default=None, sa_column=Column(Integer, primary_key=True, autoincrement=True))
    # Text (revision 0003): a name has at most NAME_LENGTH characters (rules.common.clean_name), but its
    # key can be longer ("ﬃ" folds to "ffi"), and PostgreSQL counts characters of VARCHAR(n) strictly.
    name: str = Field(sa_column=Column(Text, nullable=False))
    name_key: str = Field(sa_column=Column(Text, nullable=False, unique=True))  # rules.common.name_key(name)
    created_at: datetime = Field(sa_column=Column(UTCDateTime, nullable=False))


class Game(SQLModel, table=True):
    __tablename__ = "games"
    __table_args__ = (
        Index("ix_games_status_updated", "status", "updated_at"),
        Index("ix_games_finished_at", "finished_at"),  # history, newest first
        Index("ix_games_external_ref", "external_ref", unique=True),  # revision 0005
    )

    id: str = Field(sa_column=Column(String(ID_LENGTH), primary_key=True))
    kind: str = Field(sa_column=Column(String(40), nullable=False))
    rules: str = Field(sa_column=Column(Text, nullable=False))  # JSON: kind.Rules.to_dict()
    setup: str = Field(sa_column=Column(Text, nullable=False))  # JSON: game.setup
    status: str = Field(sa_column=Column(String(16), nullable=False))
    started_at: datetime = Field(sa_column=Column(UTCDateTime, nullable=False))
    finished_at: Optional[datetime] = Field(default=None, sa_column=Column(UTCDateTime, nullable=True))
    updated_at: datetime = Field(sa_column=Column(UTCDateTime, nullable=False))
    deleted_at: Optional[datetime] = Field(default=None, sa_column=Column(UTCDateTime, nullable=True))  # in the bin
    version: int = Field(sa_column=Column(Integer, nullable=False))
    # Summary, rewritten on every write (revision 0002)
    game_name: str = Field(sa_column=Column(Text, nullable=False, server_default=""))  # custom names: any length
    preset_id: str = Field(sa_column=Column(Text, nullable=False, server_default=""))
    highest_wins: bool = Field(sa_column=Column(Boolean, nullable=False, server_default=true()))
    rounds_played: int = Field(sa_column=Column(Integer, nullable=False, server_default="0"))
    rounds_total: Optional[int] = Field(default=None, sa_column=Column(Integer, nullable=True))
    totals: str = Field(sa_column=Column(Text, nullable=False, server_default="[]"))  # JSON list, seat order
    final_scores: Optional[str] = Field(default=None, sa_column=Column(Text, nullable=True))  # JSON, when over
    leaders: str = Field(sa_column=Column(Text, nullable=False, server_default="[]"))  # JSON seats
    # Integrity and outside references (revision 0005)
    log_hash: Optional[str] = Field(default=None, sa_column=Column(Text, nullable=True))  # None: not hashed yet
    external_ref: Optional[str] = Field(default=None, sa_column=Column(Text, nullable=True))
    # The table's own name for the game and its notes (revision 0006); empty when none
    title: str = Field(sa_column=Column(Text, nullable=False, server_default=""))
    notes: str = Field(sa_column=Column(Text, nullable=False, server_default=""))
    # The table it is played at, by name ("Table 3": a club night's; revision 0009); empty when none
    table_name: str = Field(sa_column=Column(Text, nullable=False, server_default=""))


class GamePlayer(SQLModel, table=True):
    __tablename__ = "game_players"

    game_id: str = Field(sa_column=Column(String(ID_LENGTH), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True))
    seat: int = Field(sa_column=Column(Integer, primary_key=True, autoincrement=False))
    player_id: int = Field(sa_column=Column(Integer, ForeignKey("players.id"), nullable=False, index=True))
    # Summary, rewritten on every write (revision 0002)
    score: int = Field(sa_column=Column(Integer, nullable=False, server_default="0"))  # final when over, else total
    won: bool = Field(sa_column=Column(Boolean, nullable=False, server_default=false()))  # only in finished games
    counters: str = Field(sa_column=Column(Text, nullable=False, server_default="{}"))  # JSON: game.stats()[seat]
    # The player page's figures (revision 0007): the place in the standings, and
    # rules.player_record.seat_records(game)[seat], one integer column per count (bid_<count>) so a page
    # over thousands of games adds numbers up; bid_hands is None for kinds without bids.
    place: int = Field(sa_column=Column(Integer, nullable=False, server_default="0"))  # 0: not known (damaged)
    bid_hands: Optional[int] = Field(default=None, sa_column=Column(Integer, nullable=True))
    bid_made: int = Field(sa_column=Column(Integer, nullable=False, server_default="0"))
    bid_zero: int = Field(sa_column=Column(Integer, nullable=False, server_default="0"))
    bid_zero_made: int = Field(sa_column=Column(Integer, nullable=False, server_default="0"))
    bid_over: int = Field(sa_column=Column(Integer, nullable=False, server_default="0"))
    bid_under: int = Field(sa_column=Column(Integer, nullable=False, server_default="0"))
    bid_hooked: int = Field(sa_column=Column(Integer, nullable=False, server_default="0"))
    bid_hooked_made: int = Field(sa_column=Column(Integer, nullable=False, server_default="0"))
    bid_streak_lead: int = Field(sa_column=Column(Integer, nullable=False, server_default="0"))
    bid_streak_longest: int = Field(sa_column=Column(Integer, nullable=False, server_default="0"))
    bid_streak_tail: int = Field(sa_column=Column(Integer, nullable=False, server_default="0"))
    bid_sizes: str = Field(sa_column=Column(Text, nullable=False, server_default="[]"))  # JSON: SeatBids.sizes


class Action(SQLModel, table=True):
    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("game_id", "seq", name="uq_actions_game_seq"),)

    id: Optional[int] = Field(default=None, sa_column=Column(Integer, primary_key=True, autoincrement=True))
    game_id: str = Field(sa_column=Column(String(ID_LENGTH), ForeignKey("games.id", ondelete="CASCADE"), nullable=False))
    seq: int = Field(sa_column=Column(Integer, nullable=False))  # 0, 1, 2 ... within the game
    data: str = Field(sa_column=Column(Text, nullable=False))  # JSON: the action as the kind's Game.apply takes it
    undone: bool = Field(sa_column=Column(Boolean, nullable=False))  # the redo list: always the tail of seq
    created_at: datetime = Field(sa_column=Column(UTCDateTime, nullable=False))


class Draft(SQLModel, table=True):
    """What the score keeper has tapped of the step under way (bids or tricks not yet submitted), so a
    server restart or a closed browser tab loses nothing. Opaque JSON from the app; it applies only to
    the game version it was tapped on (revision 0004)."""

    __tablename__ = "drafts"

    game_id: str = Field(sa_column=Column(String(ID_LENGTH), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True))
    version: int = Field(sa_column=Column(Integer, nullable=False))  # the game's version when tapped
    data: str = Field(sa_column=Column(Text, nullable=False))
    saved_at: datetime = Field(sa_column=Column(UTCDateTime, nullable=False))


players = Player.__table__
games = Game.__table__
game_players = GamePlayer.__table__
actions = Action.__table__
drafts = Draft.__table__


class TablePin(SQLModel, table=True):
    """The table's PIN, which lets a device other than the host make entries (scorekeeper.access): one
    row, kept across restarts and shared by every server process on the database (revision 0008). Only
    its hash is stored; `generation` counts new PINs, and a device's right holds for one generation."""

    __tablename__ = "table_pin"

    id: int = Field(sa_column=Column(Integer, primary_key=True, autoincrement=False))  # always 1
    pin_hash: str = Field(sa_column=Column(Text, nullable=False))  # hex scrypt of the PIN
    salt: str = Field(sa_column=Column(Text, nullable=False))  # hex
    generation: int = Field(sa_column=Column(Integer, nullable=False))
    made_at: datetime = Field(sa_column=Column(UTCDateTime, nullable=False))
    locked_at: Optional[datetime] = Field(default=None, sa_column=Column(UTCDateTime, nullable=True))


class PinAttempt(SQLModel, table=True):
    """A wrong PIN entered at the table, from any device (the table-wide budget: revision 0008)."""

    __tablename__ = "pin_attempts"

    id: Optional[int] = Field(default=None, sa_column=Column(Integer, primary_key=True, autoincrement=True))
    at: datetime = Field(sa_column=Column(UTCDateTime, nullable=False, index=True))


class DeviceRight(SQLModel, table=True):
    """A device's right to make entries, granted when it entered the PIN (revision 0008). The device
    keeps a random token; only the token's hash is stored."""

    __tablename__ = "device_rights"

    token_hash: str = Field(sa_column=Column(String(64), primary_key=True))
    generation: int = Field(sa_column=Column(Integer, nullable=False))  # the PIN's generation it was granted in
    granted_at: datetime = Field(sa_column=Column(UTCDateTime, nullable=False))
    expires_at: datetime = Field(sa_column=Column(UTCDateTime, nullable=False))


table_pin = TablePin.__table__
pin_attempts = PinAttempt.__table__
device_rights = DeviceRight.__table__
metadata = SQLModel.metadata
