"""The Store: every game, player and entry the app keeps, in SQLite or PostgreSQL.

Each public call is one transaction, committed before it returns. Every write to a game names the
version the screen was drawn from; the version is bumped in the same transaction
(`UPDATE games SET version = version + 1 WHERE id = ? AND version = ?`), so a write from a screen
another device has overtaken changes nothing and raises StaleGame. Entries are checked by the rules
engine before anything is written: a refused entry raises InvalidEntry and leaves the database as it was.
"""
from __future__ import annotations

import json
import logging
import pickle
import re
import sqlite3
import tempfile
import threading
from collections import defaultdict
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field, replace
from datetime import datetime
from itertools import groupby
from operator import itemgetter
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping, NamedTuple, Sequence
from uuid import uuid4

from sqlalchemy import bindparam, case, delete, func, insert, select, tuple_, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError, IntegrityError, SQLAlchemyError

from scorekeeper.rules.common import InvalidEntry, check_whole_number, clean_name, excerpt, name_key
from scorekeeper.rules.kinds import KINDS, kind_module

from . import integrity, summary
from .backups import AUTOMATIC_INTERVAL, Backups, copy_database, discard, stage_backup
from .database import (BUSY_TIMEOUT_SECONDS, default_database_url, is_damaged, make_engine, move_aside,
                       parse_url, sqlite_path, utc_now, utc_stamp)
from .errors import GameNotFound, StaleGame, StorageError
from .integrity import DamagedGame
from .migrate import upgrade
from .records import MOST_REF_CHARS, STATUSES, GameRecord, can_finish
from .results import BackupInfo, GameState, GameSummary, ImportResult, KindStats, PlayerInfo, PlayerStats, Readable
from .tables import actions, drafts, game_players, games, players

log = logging.getLogger(__name__)

GAME_ID = re.compile(r"^[0-9a-f]{32}$")
CHUNK = 500  # ids per IN (...) list: well under every database's limit on parameters
FINISHED = ("finished", "abandoned")


@dataclass
class _Loaded:
    """A game read back and replayed inside a transaction."""

    id: str
    version: int
    kind: str
    rules: dict[str, Any]
    setup: dict[str, Any]
    status: str
    started_at: datetime
    finished_at: datetime | None
    names: list[str]
    active: list[dict[str, Any]]  # the entries in order
    redo: list[dict[str, Any]]  # undone entries, the next to redo first
    game: Any
    changed_at: datetime | None = None  # when this write claimed the game
    # The log as stored (integrity.log_hash): the rules and setup text, the entries' text in step with
    # `active` and `redo`. A write keeps them up to date and hashes them, without reading the game again.
    rules_text: str = ""
    setup_text: str = ""
    active_texts: list[str] = field(default_factory=list)
    redo_texts: list[str] = field(default_factory=list)

    def log_hash(self) -> str:
        return integrity.log_hash(self.id, self.kind, self.rules_text, self.setup_text, self.status, self.started_at,
                                  self.finished_at, self.names, integrity.listing(self.active_texts),
                                  integrity.listing(self.redo_texts))


def _json_action(action: Any) -> dict[str, Any]:
    """The action exactly as it will replay from the database (tuples become lists, and so on)."""
    if not isinstance(action, Mapping):
        raise InvalidEntry("An entry must be a set of named values, such as {'type': 'bids', ...}.")
    try:
        return json.loads(json.dumps(dict(action), allow_nan=False))
    except (TypeError, ValueError) as error:
        raise InvalidEntry(f"This entry can't be stored: {error}.") from None


def _game_label(record: Any) -> str:
    """'The game of Ann, Bob and Cy started 2024-05-01 20:15 UTC', for import refusals."""
    names = [str(name) for name in getattr(record, "players", ()) or ()]
    if len(names) > 1:
        who = ", ".join(names[:-1]) + " and " + names[-1]
    else:
        who = names[0] if names else "no players"
    started = getattr(record, "started_at", None)
    when = started.strftime("%Y-%m-%d %H:%M UTC") if isinstance(started, datetime) and started.tzinfo else "an unknown date"
    return f"The game of {who} started {when}"


def _best_of(by_direction: Mapping[bool, list[int]]) -> tuple[int, bool]:
    """(best score, direction) of [games, wins, sum, max, min] per direction: the highest score of the
    highest-wins games when there are any, else the lowest of the lowest-wins ones."""
    if True in by_direction:
        return by_direction[True][3], True
    return by_direction[False][4], False


def finish_refusal(game: Any) -> str | None:
    """Why this game can't be finished yet, in the score keeper's words; None when it can."""
    if can_finish(game):
        return None
    played, total = game.progress()
    if total is None:
        return "No round has been entered yet: enter the first one, or end the game as abandoned."
    return f"The game isn't over yet ({played} of {total} rounds entered): enter the rest, or end it as abandoned."


def _status_refusal(status: str, wanted: str) -> InvalidEntry:
    if wanted == "reopen":
        return InvalidEntry("This game is still being played: there is nothing to reopen.")
    if status == "finished":
        return InvalidEntry("This game is already finished. Reopen it first to change it.")
    return InvalidEntry("This game was abandoned. Reopen it first to change it.")


# The statements of every write, built once: building them per call costs more than running them.
MAX_DRAFT_BYTES = 65_536  # a draft is a hand's taps: a few hundred characters
DROP_DRAFT = delete(drafts).where(drafts.c.game_id == bindparam("g_id"))
GAME_VERSION = select(games.c.version).where(games.c.id == bindparam("g_id"), games.c.deleted_at.is_(None))
GAME_VERSION_LOCKED = GAME_VERSION.with_for_update()  # PostgreSQL: the row, so merged drafts take turns
GAME_DRAFT = (select(drafts.c.data).join(games, games.c.id == drafts.c.game_id)
              .where(drafts.c.game_id == bindparam("g_id"), drafts.c.version == bindparam("g_version"),
                     games.c.deleted_at.is_(None)))
CLAIM = (
    update(games)
    .where(games.c.id == bindparam("g_id"), games.c.version == bindparam("g_version"), games.c.deleted_at.is_(None))
    .values(version=games.c.version + 1, updated_at=bindparam("g_now"))
    .returning(games.c.id, games.c.version, games.c.kind, games.c.rules, games.c.setup, games.c.status,
               games.c.started_at, games.c.finished_at, games.c.log_hash)
)
SEATED_NAMES = (
    select(players.c.name).join(game_players, game_players.c.player_id == players.c.id)
    .where(game_players.c.game_id == bindparam("g_id")).order_by(game_players.c.seat)
)
GAME_ACTIONS = (select(actions.c.data, actions.c.undone)
                .where(actions.c.game_id == bindparam("g_id")).order_by(actions.c.seq))
SUMMARY_KEYS = ("game_name", "preset_id", "highest_wins", "rounds_played", "rounds_total", "totals", "final_scores",
                "leaders")
SAVE_SUMMARY = update(games).where(games.c.id == bindparam("g_id")).values(
    status=bindparam("g_status"), log_hash=bindparam("g_hash"), **{key: bindparam(f"s_{key}") for key in SUMMARY_KEYS})
SAVE_SEAT = (
    update(game_players)
    .where(game_players.c.game_id == bindparam("g_id"), game_players.c.seat == bindparam("g_seat"))
    .values(score=bindparam("g_score"), won=bindparam("g_won"), counters=bindparam("g_counters"))
)
INSERT_ACTION = insert(actions)
DROP_REDO = delete(actions).where(actions.c.game_id == bindparam("g_id"), actions.c.undone.is_(True))
MARK_UNDONE = (update(actions).where(actions.c.game_id == bindparam("g_id"), actions.c.seq == bindparam("g_seq"))
               .values(undone=bindparam("g_undone")))
# records(): a batch of games and their entries, by id.
RECORD_GAMES = (select(games.c.id, games.c.kind, games.c.rules, games.c.setup, games.c.status, games.c.started_at,
                       games.c.finished_at, games.c.log_hash)
                .where(games.c.id.in_(bindparam("g_ids", expanding=True)), games.c.deleted_at.is_(None)))
# Undone entries too: the redo list is part of each game's hash (one pass over the index, not two).
RECORD_ACTIONS = (select(actions.c.game_id, actions.c.undone, actions.c.data)
                  .where(actions.c.game_id.in_(bindparam("g_ids", expanding=True)))
                  .order_by(actions.c.game_id, actions.c.seq))
_third, _game_and_flag = itemgetter(2), itemgetter(0, 1)
# What reading a damaged game's row can raise: the driver's error (text that is not UTF-8), or a
# column's own conversion (a date that is no date).
_UNREADABLE = (StorageError, SQLAlchemyError, ValueError, TypeError, OverflowError, UnicodeError)
_DAMAGED_ROW = (DBAPIError, ValueError, TypeError, OverflowError, UnicodeError)


class Store:
    """Opens (creating or upgrading) the database at `url`; see the package docstring for the calls."""

    def __init__(self, url: str | None = None, *, keep_backups: int = 5, damaged: str = "set aside"):
        """`damaged` says what to do with a SQLite file that is not a database or fails its check:
        "set aside" (the app) renames it to <name>.damaged-<UTC timestamp>, keeps the backups made
        before it for good (store.backups(), before_damage=True) and starts on a new file;
        "refuse" (the command line) raises StorageError and leaves the file where it is."""
        if isinstance(keep_backups, bool) or not isinstance(keep_backups, int) or keep_backups < 0:
            raise StorageError(f"keep_backups must be a whole number of 0 or more, not {keep_backups!r}.")
        if damaged not in ("set aside", "refuse"):
            raise StorageError(f"damaged must be 'set aside' or 'refuse', not {damaged!r}.")
        self.url = url if url is not None else default_database_url()
        parsed = parse_url(self.url)
        self._where = parsed.render_as_string(hide_password=True)
        self._path = sqlite_path(parsed)
        self.recovered_from: Path | None = None
        self.kept_backups: Path | None = None  # where the backups from before the damage were put
        backups = Backups(self._path, keep_backups) if self._path is not None else None
        if self._path is not None and is_damaged(self._path):
            if damaged == "refuse":
                folder = self._path.parent / "backups"
                raise StorageError(
                    f"The score database {self._path} is damaged (it is not a readable SQLite database), so "
                    f"nothing was done; the file was left where it is. `scorekeeper backups` lists the backups "
                    f"made before the damage{f' (in {folder})' if folder.is_dir() else ''} and `scorekeeper "
                    f"restore BACKUP` puts one in its place (the damaged file is kept aside, never deleted); "
                    f"the app offers them too.")
            stamp = utc_stamp()
            try:
                self.recovered_from = move_aside(self._path, "damaged", stamp)
            except OSError as error:
                raise StorageError(
                    f"The score database {self._path} is damaged and can't be set aside ({error.strerror or error}). "
                    "Check that its folder can be written, then start again; nothing was deleted.") from None
            self.kept_backups = backups.keep_before_damage(stamp)
            log.error("damaged database moved aside to %s; starting on a new file%s", self.recovered_from,
                      f"; the backups made before it are kept in {self.kept_backups}" if self.kept_backups else "")
        self._engine = make_engine(parsed)
        # An in-memory database is one shared connection: requests from several threads take turns.
        in_memory = parsed.get_backend_name() == "sqlite" and self._path is None
        self._turns = threading.RLock() if in_memory else nullcontext()
        self._postgres = parsed.get_backend_name() == "postgresql"
        self._write_draft = _draft_writer(parsed.get_backend_name())
        try:
            upgrade(self._engine, where=f"The score database at {self._where}")
            self._backups = backups
            if self._backups is not None and self._has_games():
                self._backups.make_automatic(at_most_every=AUTOMATIC_INTERVAL)
        except DBAPIError as error:
            self._engine.dispose()
            raise StorageError(
                f"The score database at {self._where} can't be opened ({_short(error)}). Check that the "
                f"server is running and the address is right (it comes from SCOREKEEPER_DATABASE_URL when set)."
            ) from None
        except SQLAlchemyError as error:
            self._engine.dispose()
            raise StorageError(
                f"The score database at {self._where} can't be opened ({error.__class__.__name__}: "
                f"{str(error).splitlines()[0] if str(error) else 'no details'}). Nothing was changed: check that "
                "it is a Scorekeeper database, or restore a backup.") from None
        except BaseException:
            self._engine.dispose()
            raise

    def close(self) -> None:
        self._engine.dispose()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *_exc) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Store({self._where!r})"

    # ----- transactions -----

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        """One transaction that holds the write lock from its first statement (SQLite: BEGIN IMMEDIATE)."""
        try:
            with self._turns, self._engine.connect() as connection:
                connection = connection.execution_options(sqlite_begin="BEGIN IMMEDIATE")
                with connection.begin():
                    yield connection
        except DBAPIError as error:
            raise StorageError(
                f"The score database could not save this ({_short(error)}). Nothing was changed: try again, "
                "and if it keeps failing check the free space and the connection to the database."
            ) from None

    @contextmanager
    def _read(self) -> Iterator[Connection]:
        """One transaction, so every query of a request sees the same moment: SQLite's read transaction
        is a snapshot; on PostgreSQL that takes REPEATABLE READ (READ COMMITTED, its default, lets each
        query see the commits made since the one before)."""
        try:
            with self._turns, self._engine.connect() as connection:
                if self._postgres:
                    connection = connection.execution_options(isolation_level="REPEATABLE READ",
                                                              postgresql_readonly=True)
                with connection.begin():
                    yield connection
        except DBAPIError as error:
            raise StorageError(
                f"The score database could not be read ({_short(error)}). Try again; if it keeps failing, "
                "check the connection to the database."
            ) from None

    def _has_games(self) -> bool:
        with self._read() as connection:
            return connection.execute(select(games.c.id).limit(1)).first() is not None

    # ----- players -----

    def roster(self) -> list[PlayerInfo]:
        with self._read() as connection:
            return self._roster(connection)

    def _roster(self, connection: Connection, player_id: int | None = None) -> list[PlayerInfo]:
        counted = games.c.id
        query = (
            select(players.c.id, players.c.name, func.count(counted))
            .select_from(players)
            .outerjoin(game_players, game_players.c.player_id == players.c.id)
            .outerjoin(games, (games.c.id == game_players.c.game_id) & games.c.deleted_at.is_(None))
            .group_by(players.c.id, players.c.name, players.c.name_key)
            .order_by(players.c.name_key, players.c.id)
        )
        if player_id is not None:
            query = query.where(players.c.id == player_id)
        return [PlayerInfo(id=row[0], name=row[1], games=row[2]) for row in connection.execute(query)]

    def add_player(self, name: str) -> PlayerInfo:
        name = clean_name(name)
        with self._write() as connection:
            self._check_name_free(connection, name)
            player_id = self._insert_player(connection, name)
        return PlayerInfo(id=player_id, name=name, games=0)

    def rename_player(self, player_id: int, name: str) -> PlayerInfo:
        name = clean_name(name)
        with self._write() as connection:
            old_name = self._player_row(connection, player_id).name
            self._check_name_free(connection, name, except_id=player_id)
            integrity.restamp_after_rename(connection, player_id, old_name, name)  # names are in each game's hash
            try:
                connection.execute(
                    update(players).where(players.c.id == player_id).values(name=name, name_key=name_key(name)))
            except IntegrityError:
                raise InvalidEntry(f"{name} was just added on another device: pick another name.") from None
            return self._roster(connection, player_id)[0]

    def _player_row(self, connection: Connection, player_id: Any):
        if isinstance(player_id, bool) or not isinstance(player_id, int):
            raise StorageError(f"There is no player {player_id!r}: pick the player from the list.")
        row = connection.execute(select(players.c.id, players.c.name).where(players.c.id == player_id)).first()
        if row is None:
            raise StorageError("That player is no longer on the list (removed on another device?): pick again.")
        return row

    def _check_name_free(self, connection: Connection, name: str, except_id: int | None = None) -> None:
        row = connection.execute(
            select(players.c.id, players.c.name).where(players.c.name_key == name_key(name))).first()
        if row is not None and row.id != except_id:
            raise InvalidEntry(
                f"{row.name} is already on the list of players: pick them from the list, or add an initial "
                "to tell the two apart.")

    def _insert_player(self, connection: Connection, name: str) -> int:
        try:
            result = connection.execute(
                insert(players).values(name=name, name_key=name_key(name), created_at=utc_now()))
        except IntegrityError:
            raise InvalidEntry(f"{name} was just added on another device: pick them from the list.") from None
        return result.inserted_primary_key[0]

    def _player_ids(self, connection: Connection, names: Sequence[str],
                    known: dict[str, tuple[int, str]] | None = None) -> tuple[list[int], list[str]]:
        """Roster ids for these names (matched case-insensitively); new names join the roster.
        Returns the ids and the names as the roster spells them. `known` carries what an import
        has looked up already."""
        known = {} if known is None else known
        for name in names:
            key = name_key(name)
            if key not in known:
                row = connection.execute(select(players.c.id, players.c.name).where(players.c.name_key == key)).first()
                if row is None:
                    name = clean_name(name)
                known[key] = (row.id, row.name) if row else (self._insert_player(connection, name), name)
        found = [known[name_key(name)] for name in names]
        return [player_id for player_id, _ in found], [spelled for _, spelled in found]

    # ----- statistics -----

    def player_stats(self, player_id: int) -> PlayerStats:
        with self._read() as connection:
            self._player_row(connection, player_id)
            return self._stats(connection, player_id)[0]

    def all_player_stats(self) -> Readable:
        with self._read() as connection:
            return self._stats(connection, None)

    def _stats(self, connection: Connection, player_id: int | None) -> Readable:
        """Added up in the database from the per game-player rows; no game is replayed. Rows that can't
        be read (damaged counters or scores) are left out, and their games named (Readable.left_out)."""
        seat = game_players.c
        counted = [games.c.status == "finished", games.c.deleted_at.is_(None)]
        people = select(players.c.id, players.c.name).order_by(players.c.name_key, players.c.id)
        if player_id is not None:
            counted.append(seat.player_id == player_id)
            people = people.where(players.c.id == player_id)
        joined = game_players.join(games, games.c.id == seat.game_id)
        # One pass over the rows: per player, kind, direction of play and distinct counters text.
        # figures[pid][kind][highest_wins] = [games, wins, sum, max, min]
        figures: dict[int, dict[str, dict[bool, list[int]]]] = defaultdict(lambda: defaultdict(dict))
        counters: dict[int, dict[str, dict[str, int]]] = defaultdict(lambda: defaultdict(lambda: defaultdict(int)))
        damaged: dict[str, DamagedGame] = {}
        for pid, kind, high, text, times, wins, total, top, bottom in connection.execute(
                select(seat.player_id, games.c.kind, games.c.highest_wins, seat.counters, func.count(),
                       func.sum(case((seat.won, 1), else_=0)), func.sum(seat.score), func.max(seat.score),
                       func.min(seat.score))
                .select_from(joined).where(*counted)
                .group_by(seat.player_id, games.c.kind, games.c.highest_wins, seat.counters)):
            try:
                read = _counters(text, (times, wins, total, top, bottom))
            except (TypeError, ValueError, RecursionError) as error:  # damaged: its games are left out, named
                for game_id in connection.execute(
                        select(seat.game_id).select_from(joined).where(
                            *counted, seat.player_id == pid, games.c.kind == kind, games.c.highest_wins == high,
                            seat.counters == text)).scalars():
                    damaged.setdefault(game_id, DamagedGame(game_id, f"its player figures can't be read ({error})"))
                continue
            mine = figures[pid][kind].setdefault(bool(high), [0, 0, 0, top, bottom])
            mine[0] += times
            mine[1] += wins
            mine[2] += total
            mine[3], mine[4] = max(mine[3], top), min(mine[4], bottom)
            for key, value in read.items():
                counters[pid][kind][key] += value * times
        # Scores compare only within one direction: the highest-wins games count when there are any
        # (their scores can't be set against penalty points), else the lowest-wins ones.
        best: dict[tuple[int, str], tuple[int, bool]] = {}  # (pid, kind) -> (best score, highest wins)
        for pid, by_kind in figures.items():
            for kind, by_direction in by_kind.items():
                best[pid, kind] = _best_of(by_direction)
        first_game: dict[tuple[int, str], tuple[str, Any]] = {}  # (pid, kind) -> (game id, finished at)
        wanted = [(pid, kind, score, high) for (pid, kind), (score, high) in best.items()]
        for start in range(0, len(wanted), CHUNK):
            for pid, kind, game_id, finished_at in connection.execute(
                    select(seat.player_id, games.c.kind, seat.game_id, games.c.finished_at).select_from(joined).where(
                        *counted, tuple_(seat.player_id, games.c.kind, seat.score, games.c.highest_wins)
                        .in_(wanted[start:start + CHUNK]))
                    .order_by(games.c.finished_at, games.c.id)):  # the first game to reach it
                first_game.setdefault((pid, kind), (game_id, finished_at))
        result = []
        for pid, name in connection.execute(people):
            by_kind: dict[str, KindStats] = {}
            for kind in sorted(figures.get(pid, {})):
                by_direction = figures[pid][kind]
                score, high = best[pid, kind]
                chosen = by_direction[high]
                by_kind[kind] = KindStats(
                    kind=kind, games=sum(row[0] for row in by_direction.values()),
                    wins=sum(row[1] for row in by_direction.values()), average_score=chosen[2] / chosen[0],
                    best_score=score, best_game_id=first_game.get((pid, kind), (None,))[0], highest_wins=high,
                    counters=dict(counters[pid][kind]))
            # Over all kinds: the same rule, across the kinds' own figures.
            merged: dict[bool, list[int]] = {}
            for by_direction in figures.get(pid, {}).values():
                for high, row in by_direction.items():
                    into = merged.setdefault(high, [0, 0, 0, row[3], row[4]])
                    into[0], into[1], into[2] = into[0] + row[0], into[1] + row[1], into[2] + row[2]
                    into[3], into[4] = max(into[3], row[3]), min(into[4], row[4])
            played = sum(row[0] for row in merged.values())
            best_score = best_game = average = None
            if merged:
                best_score, high = _best_of(merged)
                average = merged[high][2] / merged[high][0]
                reached = [first_game[pid, kind] for kind, stats in by_kind.items()
                           if stats.highest_wins == high and stats.best_score == best_score
                           and (pid, kind) in first_game]
                best_game = min(reached, key=lambda found: (found[1], found[0]))[0] if reached else None
            result.append(PlayerStats(
                player_id=pid, name=name, games=played, wins=sum(row[1] for row in merged.values()),
                average_score=average, best_score=best_score, best_game_id=best_game,
                counters={f"{kind}.{key}": value for kind, stats in by_kind.items()
                          for key, value in stats.counters.items()},
                by_kind=by_kind))
        return Readable(result, damaged.values())

    # ----- games: reading -----

    def load(self, game_id: str) -> GameState:
        with self._read() as connection:
            loaded = self._load(connection, self._game_row(connection, game_id))
        return self._state(loaded)

    def _game_row(self, connection: Connection, game_id: Any):
        if not isinstance(game_id, str):
            raise GameNotFound(f"There is no game {game_id!r}: pick the game from the list.")
        try:
            row = connection.execute(
                select(games.c.id, games.c.version, games.c.kind, games.c.rules, games.c.setup, games.c.status,
                       games.c.started_at, games.c.finished_at, games.c.deleted_at, games.c.log_hash)
                .where(games.c.id == game_id)).first()
        except (ValueError, TypeError, OverflowError, UnicodeError) as error:  # a stored value damaged
            raise DamagedGame(game_id, f"its stored values can't be read ({_short(error)[:200]})") from None
        if row is None:
            raise GameNotFound("This game is no longer stored (deleted on another device?). Pick a game from the list.")
        if row.deleted_at is not None:
            raise GameNotFound("This game is in the bin. Restore it from the bin to open it again.")
        return row

    def _load(self, connection: Connection, row) -> _Loaded:
        names = list(connection.execute(SEATED_NAMES, {"g_id": row.id}).scalars())
        entries = connection.execute(GAME_ACTIONS, {"g_id": row.id}).all()
        try:
            integrity.check_rows(row, names, entries)
        except DamagedGame as damage:
            raise _damaged_on_open(row, names, entries, damage) from None
        active, redo, active_texts, redo_texts = [], [], [], []
        for data, undone in entries:
            (redo if undone else active).append(json.loads(data))
            (redo_texts if undone else active_texts).append(data)
        rules, setup = json.loads(row.rules), json.loads(row.setup)
        return _Loaded(id=row.id, version=row.version, kind=row.kind, rules=rules, setup=setup, status=row.status,
                       started_at=row.started_at, finished_at=row.finished_at, names=names, active=active,
                       redo=redo, game=self._replay(row.kind, names, rules, setup, active), rules_text=row.rules,
                       setup_text=row.setup, active_texts=active_texts, redo_texts=redo_texts)

    @staticmethod
    def _replay(kind: str, names: list[str], rules: dict, setup: dict, entries: list[dict]):
        try:
            module = kind_module(kind)
            game = module.Game(names, module.Rules.from_dict(rules), **setup)
            for entry in entries:
                game.apply(entry)
        except (InvalidEntry, TypeError, ValueError) as error:
            raise StorageError(
                f"This game's stored entries no longer fit its rules ({error}). The other games are not "
                "affected: an export of all games leaves this one out and names it. Please report the problem "
                "with this game's id.") from None
        return game

    def _state(self, loaded: _Loaded) -> GameState:
        game = loaded.game
        record = GameRecord(
            id=loaded.id, kind=loaded.kind, rules=loaded.rules, players=tuple(loaded.names), setup=loaded.setup,
            status=loaded.status, started_at=loaded.started_at, finished_at=loaded.finished_at,
            actions=tuple(loaded.active))
        return GameState(
            id=loaded.id, version=loaded.version, status=loaded.status, started_at=loaded.started_at,
            finished_at=loaded.finished_at, game=game, record=record,
            can_undo=bool(loaded.active), can_redo=bool(loaded.redo),
            undo_text=f"Undo {game.describe(loaded.active[-1])}" if loaded.active else None,
            redo_text=f"Redo {game.describe(loaded.redo[0])}" if loaded.redo else None,
        )

    _SUMMARY_COLUMNS = (games.c.id, games.c.kind, games.c.game_name, games.c.preset_id, games.c.status,
                        games.c.started_at, games.c.finished_at, games.c.updated_at, games.c.rounds_played,
                        games.c.rounds_total, games.c.totals, games.c.final_scores, games.c.leaders,
                        games.c.version)

    def _summaries(self, connection: Connection, query) -> Readable:
        """The summaries the query picks; a game whose summary can't be read is left out and named
        (Readable.left_out), so one damaged row never hides the others."""
        left_out: list[DamagedGame] = []
        try:
            rows = connection.execute(query).all()
        except _DAMAGED_ROW:  # a stored value can't be converted: read the rows one by one
            rows = []
            for game_id in connection.execute(query.with_only_columns(games.c.id)).scalars().all():
                try:
                    rows.extend(connection.execute(query.where(games.c.id == game_id)).all())
                except _DAMAGED_ROW as error:
                    left_out.append(DamagedGame(game_id, f"its summary can't be read ({_short(error)[:200]})"))
        names = self._names(connection, [row.id for row in rows])
        result = []
        for row in rows:
            try:
                result.append(_summary(row, names.get(row.id, [])))
            except (TypeError, ValueError, RecursionError) as error:
                left_out.append(DamagedGame(row.id, f"its summary can't be read ({error})"))
        return Readable(result, left_out)

    @staticmethod
    def _names(connection: Connection, game_ids: Sequence[str]) -> dict[str, list[str]]:
        names: dict[str, list[str]] = defaultdict(list)
        for start in range(0, len(game_ids), CHUNK):
            for game_id, name in connection.execute(
                    select(game_players.c.game_id, players.c.name)
                    .join(players, players.c.id == game_players.c.player_id)
                    .where(game_players.c.game_id.in_(game_ids[start:start + CHUNK]))
                    .order_by(game_players.c.game_id, game_players.c.seat)):
                names[game_id].append(name)
        return names

    def unfinished_games(self) -> list[GameSummary]:
        with self._read() as connection:
            return self._summaries(connection, select(*self._SUMMARY_COLUMNS)
                                   .where(games.c.status == "playing", games.c.deleted_at.is_(None))
                                   .order_by(games.c.updated_at.desc(), games.c.id))

    def latest_unfinished(self) -> GameSummary | None:
        with self._read() as connection:
            found = self._summaries(connection, select(*self._SUMMARY_COLUMNS)
                                    .where(games.c.status == "playing", games.c.deleted_at.is_(None))
                                    .order_by(games.c.updated_at.desc(), games.c.id).limit(1))
        return found[0] if found else None

    def finished_games(self, limit: int | None = None, offset: int = 0) -> list[GameSummary]:
        if limit is not None:
            check_whole_number(limit, "The number of games to show")
        check_whole_number(offset, "The number of games to skip")
        if (limit is not None and limit < 0) or offset < 0:
            raise InvalidEntry("The number of games to show and to skip can't be below 0.")
        query = (select(*self._SUMMARY_COLUMNS)
                 # finished_at is set exactly when a game is finished or abandoned; filtering on it
                 # lets the database walk its index newest first instead of sorting every game.
                 .where(games.c.finished_at.is_not(None), games.c.deleted_at.is_(None))
                 .order_by(games.c.finished_at.desc(), games.c.id).offset(offset))
        if limit is not None:
            query = query.limit(limit)
        with self._read() as connection:
            return self._summaries(connection, query)

    def deleted_games(self) -> list[GameSummary]:
        with self._read() as connection:
            return self._summaries(connection, select(*self._SUMMARY_COLUMNS)
                                   .where(games.c.deleted_at.is_not(None))
                                   .order_by(games.c.deleted_at.desc(), games.c.id))

    # ----- games: writing -----

    def new_game(self, players: list[str], rules: Any, **setup: Any) -> GameState:
        kind = getattr(rules, "kind", None)
        module = KINDS.get(kind) if isinstance(kind, str) else None
        if module is None or not isinstance(rules, module.Rules):
            raise InvalidEntry("Choose the rules of the game first: a preset or your own.")
        try:
            game = module.Game(players, rules, **setup)
        except TypeError as error:
            raise InvalidEntry(f"This game can't be set up that way: {error}.") from None
        names = [clean_name(name) for name in game.players]
        rules_data, setup_data = rules.to_dict(), dict(game.setup)
        if module.Rules.from_dict(rules_data) != rules:  # what is stored must rebuild these very rules
            raise InvalidEntry("These rules can't be stored as they are: set them up again from a preset.")
        now = utc_now()
        game_id = uuid4().hex
        with self._write() as connection:
            ids, spelled = self._player_ids(connection, names)
            if spelled != names:  # the roster's spelling of a name ("ann" typed, "Ann" known)
                game = module.Game(spelled, rules, **setup_data)
            loaded = _Loaded(
                id=game_id, version=1, kind=kind, rules=rules_data, setup=setup_data, status="playing", started_at=now,
                finished_at=None, names=spelled, active=[], redo=[], game=game, rules_text=json.dumps(rules_data),
                setup_text=json.dumps(setup_data))
            connection.execute(insert(games).values(
                id=game_id, kind=kind, rules=loaded.rules_text, setup=loaded.setup_text, status="playing",
                started_at=now, finished_at=None, updated_at=now, deleted_at=None, version=1,
                log_hash=loaded.log_hash(), **summary.game_columns(game)))
            connection.execute(insert(game_players), [
                {"game_id": game_id, "player_id": player_id, **seat}
                for player_id, seat in zip(ids, summary.seat_rows(game, "playing"))])
        return self._state(loaded)

    def _claim(self, connection: Connection, game_id: Any, version: Any, allowed: Sequence[str],
               wanted: str) -> _Loaded:
        """Bump the game's version if the screen was drawn from the stored one, then read it back.
        The bump takes the row (PostgreSQL) or the database (SQLite) for this transaction."""
        if not isinstance(game_id, str):
            raise GameNotFound(f"There is no game {game_id!r}: pick the game from the list.")
        check_whole_number(version, "The game's version")
        now = utc_now()
        claimed = connection.execute(CLAIM, {"g_id": game_id, "g_version": version, "g_now": now}).first()
        if claimed is None:
            self._game_row(connection, game_id)  # raises GameNotFound when gone or in the bin
            raise StaleGame(game_id)
        if claimed.status not in allowed:
            raise _status_refusal(claimed.status, wanted)
        loaded = self._load(connection, claimed)
        loaded.changed_at = now
        return loaded

    def _save(self, connection: Connection, loaded: _Loaded) -> None:
        """Rewrite the summary of a game from its replayed engine game."""
        columns = summary.game_columns(loaded.game)
        connection.execute(SAVE_SUMMARY, {"g_id": loaded.id, "g_status": loaded.status, "g_hash": loaded.log_hash(),
                                          **{f"s_{key}": value for key, value in columns.items()}})
        connection.execute(SAVE_SEAT, [
            {"g_id": loaded.id, "g_seat": row["seat"], "g_score": row["score"], "g_won": row["won"],
             "g_counters": row["counters"]} for row in summary.seat_rows(loaded.game, loaded.status)])

    def record(self, game_id: str, action: dict, version: int) -> GameState:
        action = _json_action(action)
        with self._write() as connection:
            loaded = self._claim(connection, game_id, version, ("playing",), "record")
            loaded.game.apply(action)  # InvalidEntry here rolls the version bump back: nothing changes
            if loaded.redo:  # a new entry ends the redo list
                connection.execute(DROP_REDO, {"g_id": loaded.id})
            text = json.dumps(action)
            connection.execute(INSERT_ACTION, {"game_id": loaded.id, "seq": len(loaded.active),
                                               "data": text, "undone": False, "created_at": loaded.changed_at})
            loaded.active.append(action)
            loaded.active_texts.append(text)
            loaded.redo, loaded.redo_texts = [], []
            self._save(connection, loaded)
        return self._state(loaded)

    def change(self, game_id: str, version: int, use_case: Callable[["GameChange"], None]) -> GameState:
        """One use case's writes to one game, in one transaction (scorekeeper/services.py): `use_case`
        gets the game as stored (any status) and records entries on it or sets its status; whatever it
        raises (the rules' InvalidEntry above all) rolls everything back, so nothing stored changes."""
        with self._write() as connection:
            loaded = self._claim(connection, game_id, version, STATUSES, "change")
            was = loaded.status
            work = GameChange(loaded.game, was)
            use_case(work)
            if work.undone:
                if len(loaded.active) < work.undone:
                    raise InvalidEntry("Nothing to undo.")
                for _ in range(work.undone):
                    connection.execute(MARK_UNDONE, {"g_id": loaded.id, "g_seq": len(loaded.active) - 1, "g_undone": True})
                    loaded.redo.insert(0, loaded.active.pop())
                    loaded.redo_texts.insert(0, loaded.active_texts.pop())
                loaded.game = self._replay(loaded.kind, loaded.names, loaded.rules, loaded.setup, loaded.active)
            if work.entries and loaded.redo:  # new entries end the redo list
                connection.execute(DROP_REDO, {"g_id": loaded.id})
                loaded.redo, loaded.redo_texts = [], []
            for action in work.entries:
                text = json.dumps(action)
                connection.execute(INSERT_ACTION, {"game_id": loaded.id, "seq": len(loaded.active), "data": text,
                                                   "undone": False, "created_at": loaded.changed_at})
                loaded.active.append(action)
                loaded.active_texts.append(text)
            if work.status != was:
                if work.status == "playing":
                    connection.execute(update(games).where(games.c.id == loaded.id).values(finished_at=None))
                    loaded.finished_at, loaded.status = None, "playing"
                else:
                    if work.status == "finished":
                        refusal = finish_refusal(loaded.game)
                        if refusal is not None:
                            raise InvalidEntry(refusal)
                    loaded.finished_at = self._set_end(connection, loaded, work.status)
            self._save(connection, loaded)
        if work.status == "finished" and was != "finished" and self._backups is not None:
            self._backups.make_automatic()  # after the commit: the finished game is in the copy
        return self._state(loaded)

    def undo(self, game_id: str, version: int) -> GameState:
        with self._write() as connection:
            loaded = self._claim(connection, game_id, version, ("playing",), "undo")
            if not loaded.active:
                raise InvalidEntry("Nothing to undo.")
            last = len(loaded.active) - 1
            connection.execute(MARK_UNDONE, {"g_id": loaded.id, "g_seq": last, "g_undone": True})
            loaded.redo.insert(0, loaded.active.pop())
            loaded.redo_texts.insert(0, loaded.active_texts.pop())
            loaded.game = self._replay(loaded.kind, loaded.names, loaded.rules, loaded.setup, loaded.active)
            self._save(connection, loaded)
        return self._state(loaded)

    def redo(self, game_id: str, version: int) -> GameState:
        with self._write() as connection:
            loaded = self._claim(connection, game_id, version, ("playing",), "redo")
            if not loaded.redo:
                raise InvalidEntry("Nothing to redo.")
            action = loaded.redo[0]
            try:
                loaded.game.apply(action)
            except InvalidEntry as error:
                raise StorageError(f"The entry to redo no longer fits the game ({error}); enter it again.") from None
            connection.execute(MARK_UNDONE, {"g_id": loaded.id, "g_seq": len(loaded.active), "g_undone": False})
            loaded.active.append(loaded.redo.pop(0))
            loaded.active_texts.append(loaded.redo_texts.pop(0))
            self._save(connection, loaded)
        return self._state(loaded)

    def finish(self, game_id: str, version: int) -> GameState:
        """Mark the game finished: when its rules say it is over, or, for a game without a set number of
        rounds, when the table stops after one round at least (records.can_finish). Otherwise refused:
        abandon it instead."""
        with self._write() as connection:
            loaded = self._claim(connection, game_id, version, ("playing",), "finish")
            refusal = finish_refusal(loaded.game)
            if refusal is not None:
                raise InvalidEntry(refusal)
            loaded.finished_at = self._set_end(connection, loaded, "finished")
            self._save(connection, loaded)
        if self._backups is not None:
            self._backups.make_automatic()  # after the commit: the finished game is in the copy
        return self._state(loaded)

    def abandon(self, game_id: str, version: int) -> GameState:
        with self._write() as connection:
            loaded = self._claim(connection, game_id, version, ("playing",), "abandon")
            loaded.finished_at = self._set_end(connection, loaded, "abandoned")
            self._save(connection, loaded)
        return self._state(loaded)

    def reopen(self, game_id: str, version: int) -> GameState:
        with self._write() as connection:
            loaded = self._claim(connection, game_id, version, FINISHED, "reopen")
            connection.execute(update(games).where(games.c.id == loaded.id).values(finished_at=None))
            loaded.finished_at, loaded.status = None, "playing"
            self._save(connection, loaded)
        return self._state(loaded)

    @staticmethod
    def _set_end(connection: Connection, loaded: _Loaded, status: str) -> datetime:
        ended = loaded.changed_at or utc_now()
        connection.execute(update(games).where(games.c.id == loaded.id).values(finished_at=ended))
        loaded.status = status  # written by _save with the summary
        return ended

    # ----- the bin -----

    def delete_game(self, game_id: str) -> None:
        with self._write() as connection:
            self._game_row(connection, game_id)
            connection.execute(update(games).where(games.c.id == game_id)
                               .values(deleted_at=utc_now(), version=games.c.version + 1))

    def restore_game(self, game_id: str) -> None:
        with self._write() as connection:
            row = connection.execute(select(games.c.deleted_at).where(games.c.id == game_id)).first() \
                if isinstance(game_id, str) else None
            if row is None or row.deleted_at is None:
                raise GameNotFound("That game is not in the bin any more: look for it in the list of games.")
            connection.execute(update(games).where(games.c.id == game_id)
                               .values(deleted_at=None, version=games.c.version + 1))

    def empty_bin(self) -> int:
        with self._write() as connection:
            doomed = games.c.deleted_at.is_not(None)
            # Explicit deletes rather than relying on ON DELETE CASCADE being switched on everywhere.
            binned = select(games.c.id).where(doomed)
            connection.execute(delete(actions).where(actions.c.game_id.in_(binned)))
            connection.execute(delete(game_players).where(game_players.c.game_id.in_(binned)))
            connection.execute(delete(drafts).where(drafts.c.game_id.in_(binned)))
            return connection.execute(delete(games).where(doomed)).rowcount

    # ----- records, for export and import -----

    def records(self, game_ids: Sequence[str] | None = None, *, kind: str | None = None,
                on_damaged: Callable[[DamagedGame], None] | None = None) -> Iterator[GameRecord]:
        """Every game outside the bin (oldest first; with `kind`, every game of that kind), or these games
        in this order. Unknown ids raise GameNotFound here, before the first record; the records are then
        read in batches, each game checked against its hash: a game that can't be read as it was stored
        raises DamagedGame when it is reached, or, with `on_damaged`, is handed to it and left out."""
        with self._read() as connection:
            if game_ids is None:
                query = select(games.c.id).where(games.c.deleted_at.is_(None))
                if kind is not None:
                    query = query.where(games.c.kind == kind)
                ids = list(connection.execute(query.order_by(games.c.started_at, games.c.id)).scalars())
            else:
                if isinstance(game_ids, str) or not isinstance(game_ids, Sequence):
                    raise GameNotFound("Pick the games to export from the list.")
                ids = list(dict.fromkeys(game_ids))
                for game_id in ids:
                    self._game_row(connection, game_id)
        return self._record_batches(ids, on_damaged)

    def _record_batches(self, ids: list[str], on_damaged: Callable[[DamagedGame], None] | None) -> Iterator[GameRecord]:
        for start in range(0, len(ids), CHUNK):
            chunk = ids[start:start + CHUNK]
            try:
                read = self._read_records(chunk)
            except _UNREADABLE:  # some game's stored values can't even be read: one game at a time
                read, failed = [], 0
                for game_id in chunk:
                    try:
                        read.extend(self._read_records([game_id]))
                    except _UNREADABLE as again:
                        failed += 1
                        read.append(DamagedGame(game_id, f"its stored values can't be read ({_short(again)[:200]})"))
                if failed > 1 and failed == len(chunk):
                    raise  # not one game's damage: the database itself can't be read now
            for item in read:
                if isinstance(item, DamagedGame):
                    if on_damaged is None:
                        raise item
                    on_damaged(item)
                    continue
                yield item

    def _read_records(self, chunk: list[str]) -> list[GameRecord | DamagedGame]:
        loads, listing = json.loads, integrity.listing
        with self._read() as connection:  # a short transaction per batch: a slow reader blocks nobody
            rows = connection.execute(RECORD_GAMES, {"g_ids": chunk}).all()
            names = self._names(connection, chunk)
            # (game_id, undone, data) rows in game and seq order, fetched at once: an export of all games
            # reads some 300,000 of them, so no per-row Python work beyond the grouping below.
            entries = connection.execute(RECORD_ACTIONS, {"g_ids": chunk}).all()
        listed: dict[str, list[str]] = {}
        redo: dict[str, list[str]] = {}
        for (game_id, undone), group in groupby(entries, _game_and_flag):  # one run per game and flag
            (redo if undone else listed).setdefault(game_id, []).extend(map(_third, group))
        by_id = {row[0]: row for row in rows}
        read: list[GameRecord | DamagedGame] = []
        for game_id in chunk:
            row = by_id.get(game_id)
            if row is None:  # deleted since the list was read
                continue
            seated, active = names.get(game_id, []), "[]"
            try:
                # Each game's entries as one JSON list: one hash and one json.loads per game.
                active = listing(listed.get(game_id, ()))
                integrity.check(row, seated, active, listing(redo.get(game_id, ())))
                read.append(GameRecord(
                    id=row.id, kind=row.kind, rules=loads(row.rules), players=tuple(seated), setup=loads(row.setup),
                    status=row.status, started_at=row.started_at, finished_at=row.finished_at,
                    actions=tuple(loads(active))))
            except DamagedGame as damage:
                read.append(integrity.explained(damage, row.kind, seated, row.rules, row.setup, active))
            except (TypeError, ValueError, RecursionError) as error:
                read.append(DamagedGame(game_id, f"its stored values can't be read ({error})"))
        return read

    def import_records(self, records: Iterable[GameRecord]) -> ImportResult:
        """Add these games (a list, or an iterator such as exchange.iter_file's, consumed lazily): all
        or nothing. Every game is checked and replayed first, as it comes, and set aside in a temporary
        file; then one write transaction stores them IMPORT_BATCH at a time. So memory does not grow
        with the number of games, and the database is locked only while the checked games are written,
        not while a large file is read (taps on other devices wait at most BUSY_TIMEOUT_SECONDS).
        Games already stored (by id, or by external_ref for a game from a file whose ids were not
        ours) are skipped; so is the same game a second time in the records."""
        if isinstance(records, (str, bytes, Mapping)) or not isinstance(records, Iterable):
            raise InvalidEntry("Nothing to import: the file holds no list of games.")
        added: list[str] = []
        skipped: list[str] = []
        try:
            with tempfile.TemporaryFile(prefix="scorekeeper-import-") as spool:
                count = 0
                for number, record in enumerate(records, start=1):
                    item = _prepare_numbered(number, record)
                    pickle.dump(_Checked(item.record, summary.game_columns(item.game),
                                         summary.seat_rows(item.game, item.record.status)),
                                spool, pickle.HIGHEST_PROTOCOL)
                    count += 1
                spool.seek(0)
                with self._write() as connection:
                    batch = _ImportBatch(utc_now())
                    for _ in range(count):
                        batch.checked.append(pickle.load(spool))  # our own file, written just above
                        if len(batch.checked) == IMPORT_BATCH:
                            self._import_batch(connection, batch, added, skipped)
                            batch = _ImportBatch(batch.now, batch.seen, batch.known)
                    self._import_batch(connection, batch, added, skipped)
        except IntegrityError:
            raise StorageError("Another device stored some of these games at the same moment. Nothing was "
                               "imported: import the file again (games already stored are skipped).") from None
        except OSError as error:  # the temporary file: no space left, say
            raise StorageError(f"The games could not be set aside for the import ({error.strerror or error}). "
                               "Nothing was imported: check the free space and try again.") from None
        return ImportResult(added=added, skipped=skipped)

    def _import_batch(self, connection: Connection, batch: "_ImportBatch", added: list[str],
                      skipped: list[str]) -> None:
        """Write one batch of checked games, skipping the ones stored already."""
        if not batch.checked:
            return
        ids = [item.record.id for item in batch.checked]
        refs = [item.record.external_ref for item in batch.checked if item.record.external_ref is not None]
        stored = set(connection.execute(select(games.c.id).where(games.c.id.in_(ids))).scalars())
        by_ref = dict(connection.execute(select(games.c.external_ref, games.c.id)
                                         .where(games.c.external_ref.in_(refs))).all()) if refs else {}
        game_rows, seat_rows, action_rows = [], [], []
        if len(batch.known) > PLAYER_CACHE:  # the roster look-ups of an import: bounded too
            batch.known.clear()
        for record, columns, seats in batch.checked:
            key = record.id if record.external_ref is None else "ref:" + record.external_ref
            if record.id in stored or record.external_ref in by_ref or key in batch.seen:
                skipped.append(by_ref.get(record.external_ref, record.id))
                continue
            batch.seen.add(key)  # the same game twice in one file: the first one counts
            ids, spelled = self._player_ids(connection, list(record.players), batch.known)
            if spelled != list(record.players):  # the roster's spelling of a name: the game as it will load
                game = _replay_record(replace(record, players=tuple(spelled)))
                columns, seats = summary.game_columns(game), summary.seat_rows(game, record.status)
            rules_text, setup_text = json.dumps(record.rules), json.dumps(record.setup)
            texts = [json.dumps(action) for action in record.actions]
            game_rows.append(dict(
                id=record.id, kind=record.kind, rules=rules_text, setup=setup_text, status=record.status,
                started_at=record.started_at, finished_at=record.finished_at, updated_at=batch.now,
                deleted_at=None, version=1, external_ref=record.external_ref, **columns,
                # hashed from the rows as written (stamping them afterwards rewrote every row: slower reads)
                log_hash=integrity.log_hash(record.id, record.kind, rules_text, setup_text, record.status,
                                            record.started_at, record.finished_at, spelled,
                                            integrity.listing(texts), "[]")))
            seat_rows.extend({"game_id": record.id, "player_id": player_id, **seat}
                             for player_id, seat in zip(ids, seats))
            action_rows.extend({"game_id": record.id, "seq": seq, "data": text, "undone": False,
                                "created_at": batch.now} for seq, text in enumerate(texts))
            added.append(record.id)
        if game_rows:
            connection.execute(insert(games), game_rows)
            connection.execute(insert(game_players), seat_rows)
        if action_rows:
            connection.execute(insert(actions), action_rows)

    # ----- drafts: the taps of a step not yet submitted -----

    def save_draft(self, game_id: str, version: int, draft: Mapping[str, Any] | None, *,
                   merge: bool = False) -> Any:
        """Keep what the app has tapped of the step under way on `version` of the game (None: forget it).
        Not an entry: the game and its version stay as they are. A game no longer stored keeps nothing.

        With `merge` (several devices tapping the same step), `draft` is {"step": which step, "taps":
        {part: value}} holding the parts one device changed (a part is a seat, or another choice of
        the step, as the app names them): they are merged into the draft kept for the same step and
        version, each part's latest tap winning, in one transaction (two devices' taps can't overwrite
        each other's). Returns the draft kept (None when nothing is)."""
        if not isinstance(game_id, str) or type(version) is not int:
            raise InvalidEntry("A draft belongs to a stored game and one of its versions.")
        if merge and draft is not None and not _merged_draft(draft):
            raise InvalidEntry("A merged draft names its step and its taps by part: {\"step\": ..., \"taps\": {...}}.")
        data = None if draft is None else _draft_data(draft)
        with self._write() as connection:
            current = connection.execute(GAME_VERSION_LOCKED, {"g_id": game_id}).scalar()
            if current is None:
                return None  # no such game, or in the bin: nothing to keep
            if current != version:  # taps on an older screen must not replace the taps on the latest
                raise StaleGame(game_id)
            if data is None:
                connection.execute(DROP_DRAFT, {"g_id": game_id})
                return None
            if merge:
                kept = _parsed_draft(connection.execute(GAME_DRAFT, {"g_id": game_id, "g_version": version}).scalar())
                if _merged_draft(kept) and kept["step"] == draft["step"]:
                    data = _draft_data({"step": draft["step"], "taps": {**kept["taps"], **draft["taps"]}})
            self._write_draft(connection, {"g_id": game_id, "g_version": version, "g_data": data, "g_now": utc_now()})
        return json.loads(data)

    def draft(self, game_id: str, version: int) -> Any:
        """The draft kept for `version` of the game, or None (none kept, the game changed since, or it is
        in the bin)."""
        with self._read() as connection:
            data = connection.execute(GAME_DRAFT, {"g_id": game_id, "g_version": version}).scalar()
        parsed = _parsed_draft(data)
        if parsed is None and data is not None:  # a damaged draft is only lost taps: the game opens without them
            log.warning("game %s: its draft can't be read and is left out", game_id)
        return parsed

    # ----- backups of the SQLite file -----

    def backup(self) -> BackupInfo | None:
        """A backup now; None when the games are not in a SQLite file (PostgreSQL has its own tools)."""
        return self._backups.make() if self._backups is not None else None

    def backups(self) -> list[BackupInfo]:
        return self._backups.list() if self._backups is not None else []

    def restore_backup(self, path: Path | str) -> Path:
        """Put a backup's games in place of the current ones; returns where the current ones were kept.

        The backup is checked first (an intact database of ours, from this version or an older one,
        brought up to date in a copy), so a refused backup changes nothing. Then, holding the write lock
        throughout (BEGIN IMMEDIATE), the current games are copied aside (scorekeeper.db.replaced-<UTC
        timestamp>, never deleted) and replaced by the backup's in the same transaction: an entry another
        session saves is either in the copy aside or waits and then finds the restored games. Every restored
        game gets a version no screen has seen, so a screen drawn before the restore gets StaleGame."""
        if self._backups is None or self._path is None:
            raise StorageError("Backups are kept only for a SQLite database file; restore this database "
                               "with its server's own tools.")
        source = self._backups.find(Path(path).expanduser().resolve())
        staged = stage_backup(source, self._path.parent)
        try:
            return self._swap_in(staged)
        finally:
            discard(staged)

    def _swap_in(self, staged: Path) -> Path:
        aside = self._path.with_name(f"{self._path.name}.replaced-{utc_stamp()}")
        count = 1
        while aside.exists():
            count += 1
            aside = self._path.with_name(f"{self._path.name}.replaced-{utc_stamp()}-{count}")
        live = None
        try:
            live = sqlite3.connect(self._path, timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None)
            live.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_SECONDS * 1000}")
            live.execute("ATTACH DATABASE ? AS restored", (str(staged),))  # not possible inside a transaction
            live.execute("BEGIN IMMEDIATE")
            try:
                newest_version = live.execute("SELECT max(version) FROM main.games").fetchone()[0] or 0
                # Another connection reads the committed file (WAL lets it while this one holds the write
                # lock); nothing can be committed between this copy and the replacement below.
                copy_database(self._path, aside)
                for table in ("actions", "game_players", "games", "players"):
                    live.execute(f"DELETE FROM main.{table}")
                for table in ("players", "games", "game_players", "actions"):
                    columns = ", ".join(f'"{row[1]}"' for row in live.execute(f"PRAGMA main.table_info({table})"))
                    live.execute(f"INSERT INTO main.{table} ({columns}) SELECT {columns} FROM restored.{table}")
                live.execute("UPDATE main.games SET version = version + ?", (newest_version,))
                live.execute("COMMIT")
            except BaseException:
                if live.in_transaction:
                    live.execute("ROLLBACK")
                raise
        except (OSError, sqlite3.Error) as error:
            aside.with_name(aside.name + ".part").unlink(missing_ok=True)  # a copy aside cut short
            kept = f" A copy of them is in {aside.name}." if aside.exists() else ""
            raise StorageError(f"The backup could not be restored ({error}). The games are as they were: "
                               f"nothing was changed.{kept}") from None
        finally:
            if live is not None:
                live.close()
        return aside


class GameChange:
    """What a use case may do to a game inside Store.change: record entries through the rules engine
    (each checked as it is applied) and set the status; storage writes it all, or nothing."""

    def __init__(self, game: Any, status: str):
        self.game = game
        self.status = status  # as stored; the use case sets the one to store
        self.entries: list[dict[str, Any]] = []
        self.undone = 0  # entries to take back (the last first), before any recorded here

    def undo_last(self) -> None:
        """Take back the last entry (it goes to the redo list). Before recording: the game replays after."""
        if self.entries:
            raise ValueError("undo_last comes before record in one change")
        self.undone += 1

    def record(self, action: Mapping[str, Any]) -> None:
        action = _json_action(action)
        self.game.apply(action)  # InvalidEntry: the whole change is refused
        self.entries.append(action)


@dataclass(frozen=True)
class _Prepared:
    record: GameRecord  # cleaned: canonical rules and setup, actions as they replay from JSON
    game: Any


def _draft_data(draft: Any) -> str:
    """A draft as stored: plain JSON, not too long."""
    try:
        data = json.dumps(draft, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError):
        raise InvalidEntry("A draft must be plain data (numbers, text, lists).") from None
    if len(data) > MAX_DRAFT_BYTES:
        raise InvalidEntry(f"A draft can't be longer than {MAX_DRAFT_BYTES} characters.")
    return data


def _parsed_draft(data: str | None) -> Any:
    """A stored draft read back, or None (none, or damaged)."""
    if data is None:
        return None
    try:
        return json.loads(data)
    except (ValueError, RecursionError):
        return None


def _merged_draft(draft: Any) -> bool:
    """Is `draft` one that merges (save_draft's `merge`): a step, and taps by part (named by text)?"""
    return (isinstance(draft, Mapping) and "step" in draft and isinstance(draft.get("taps"), Mapping)
            and all(isinstance(part, str) for part in draft["taps"]))


IMPORT_BATCH = 200  # games an import writes at a time (also the most ids in one IN (...) list)
PLAYER_CACHE = 10_000  # roster look-ups an import keeps


class _Checked(NamedTuple):
    """A game of an import, checked: what is written for it (set aside in the import's temporary file)."""

    record: GameRecord  # as _prepare_import leaves it
    columns: dict[str, Any]  # summary.game_columns
    seats: list[dict[str, Any]]  # summary.seat_rows


@dataclass
class _ImportBatch:
    """What an import carries from one batch to the next, and the batch being filled."""

    now: datetime
    seen: set[str] = field(default_factory=set)  # games of this import so far: ids, "ref:" + external refs
    known: dict[str, tuple[int, str]] = field(default_factory=dict)  # name_key -> (player id, name)
    checked: list[_Checked] = field(default_factory=list)


def _prepare_numbered(number: int, record: Any) -> _Prepared:
    """_prepare_import, its refusal naming the game (the `number`th of the import) for the file's reader."""
    if not isinstance(record, GameRecord):
        raise InvalidEntry(f"Entry {number} of the import is not a game. Nothing was imported.")
    try:
        return _prepare_import(record)
    except InvalidEntry as error:
        raise InvalidEntry(f"{_game_label(record)} can't be imported: {error} Nothing was imported.") from None


def _draft_writer(backend: str) -> Callable[[Connection, dict], None]:
    """Writes a game's draft, inserted or replaced, in one statement where the database has one: two
    devices' first taps on a game can't collide (PostgreSQL reads committed rows only, so an
    update-then-insert could)."""
    values = {"game_id": bindparam("g_id"), "version": bindparam("g_version"), "data": bindparam("g_data"),
              "saved_at": bindparam("g_now")}
    if backend not in ("postgresql", "sqlite"):  # another database: delete and insert, one transaction
        plain = insert(drafts).values(values)
        return lambda connection, given: (connection.execute(DROP_DRAFT, given), connection.execute(plain, given))
    if backend == "postgresql":
        from sqlalchemy.dialects.postgresql import insert as dialect_insert
    else:
        from sqlalchemy.dialects.sqlite import insert as dialect_insert
    statement = dialect_insert(drafts).values(values)
    statement = statement.on_conflict_do_update(
        index_elements=[drafts.c.game_id],
        set_={"version": statement.excluded.version, "data": statement.excluded.data,
              "saved_at": statement.excluded.saved_at})
    return lambda connection, given: connection.execute(statement, given)


def _counters(text: Any, figures: tuple) -> dict[str, int]:
    """A game-player row's counters (JSON {name: whole number}) and its added-up figures, checked."""
    for number in figures:
        if type(number) is not int:
            raise TypeError("a score is not a whole number")
    read = json.loads(text)
    if type(read) is not dict:
        raise ValueError("not a set of counts")
    for value in read.values():
        if type(value) is not int:
            raise ValueError("not a set of counts")
    return read


def _whole_numbers(text: Any, count: int | None = None) -> list[int]:
    """A summary's JSON list of whole numbers (scores, seats); ValueError when it is anything else."""
    values = json.loads(text)
    if not isinstance(values, list) or any(type(value) is not int for value in values) or (
            count is not None and len(values) != count):
        raise ValueError("not a list of scores" if count is not None else "not a list of seats")
    return values


def _summary(row, seated: list[str]) -> GameSummary:
    """A game's summary from its stored columns, each checked: ValueError or TypeError when damaged."""
    finished = row.status == "finished"
    scores = _whole_numbers(row.final_scores if finished and row.final_scores else row.totals, len(seated))
    leaders = [seated[seat] for seat in _whole_numbers(row.leaders) if 0 <= seat < len(seated)] if row.rounds_played else []
    winners = leaders if finished else []
    for number in (row.rounds_played, row.version, *(() if row.rounds_total is None else (row.rounds_total,))):
        if type(number) is not int:
            raise TypeError(f"{number!r} is not a whole number")
    return GameSummary(
        id=row.id, kind=row.kind, game_name=str(row.game_name), preset_id=str(row.preset_id), players=seated,
        status=row.status, started_at=row.started_at, finished_at=row.finished_at,
        updated_at=row.updated_at, rounds_played=row.rounds_played, rounds_total=row.rounds_total,
        scores=scores, winners=winners, version=row.version, leaders=leaders)


def _damaged_on_open(row, names: list[str], entries, damage: DamagedGame) -> DamagedGame:
    """Opening or changing a damaged game: what is wrong, and that the other games are not affected."""
    try:
        active = integrity.listing(data for data, undone in entries if not undone)
    except TypeError:
        active = "[]"
    damage = integrity.explained(damage, row.kind, names, row.rules, row.setup, active)
    return DamagedGame(row.id, damage.problem, (
        f"This game could not be read: {damage.problem}. The other games are not affected: an export of all "
        "games leaves this one out and names it. A backup made before the damage has it as it was "
        "(scorekeeper backups lists them)."))


def _replay_record(record: GameRecord):
    try:
        return record.build()
    except InvalidEntry:
        raise
    except (TypeError, ValueError, AttributeError, KeyError) as error:
        raise InvalidEntry(f"its entries can't be read ({error}).") from None


def _aware(moment: Any, what: str) -> datetime:
    if not isinstance(moment, datetime) or moment.tzinfo is None:
        raise InvalidEntry(f"its {what} must be a date and time with a time zone.")
    return moment


def _prepare_import(record: GameRecord) -> _Prepared:
    """Check one record completely before anything is written, and bring it to the stored form."""
    if not isinstance(record.id, str) or not GAME_ID.match(record.id):
        raise InvalidEntry(f"its id {excerpt(record.id)} is not a game id (32 hexadecimal digits).")
    if record.status not in STATUSES:
        raise InvalidEntry(f"its status {excerpt(record.status)} is not one of {', '.join(STATUSES)}.")
    ref = record.external_ref
    if ref is not None and (not isinstance(ref, str) or not ref.strip() or len(ref) > MOST_REF_CHARS):
        raise InvalidEntry(f"its outside id {excerpt(ref)} must be text of 1 to {MOST_REF_CHARS} characters.")
    started = _aware(record.started_at, "start")
    finished = record.finished_at
    if record.status == "playing":
        if finished is not None:
            raise InvalidEntry("it is still being played but has an end time.")
    else:
        finished = _aware(finished, "end")
        if finished < started:
            raise InvalidEntry("it ends before it starts.")
    if not isinstance(record.rules, Mapping) or not isinstance(record.setup, Mapping):
        raise InvalidEntry("its rules and setup must be sets of named values.")
    if isinstance(record.actions, (str, bytes)) or not isinstance(record.actions, Sequence):
        raise InvalidEntry("its entries must be a list.")
    if isinstance(record.players, (str, bytes)) or not isinstance(record.players, Sequence):
        raise InvalidEntry("its players must be a list of names.")
    try:
        entries = tuple(_json_action(action) for action in record.actions)
        rules = json.loads(json.dumps(dict(record.rules), allow_nan=False))
        setup = json.loads(json.dumps(dict(record.setup), allow_nan=False))
    except (TypeError, ValueError) as error:
        raise InvalidEntry(f"it holds values that can't be stored ({error}).") from None
    cleaned = replace(record, rules=rules, setup=setup, actions=entries, started_at=started, finished_at=finished)
    game = _replay_record(cleaned)
    for name in game.players:
        clean_name(name)
    if record.status == "finished" and not can_finish(game):
        played, total = game.progress()
        if total is None:
            raise InvalidEntry("it is marked finished, but no round is entered.")
        raise InvalidEntry(f"it is marked finished, but only {played} of {total} rounds are entered.")
    cleaned = replace(cleaned, kind=game.rules.kind, rules=game.rules.to_dict(), setup=dict(game.setup),
                      players=tuple(game.players))
    return _Prepared(record=cleaned, game=game)


def _short(error: BaseException) -> str:
    """The driver's own words (or the error's), first line only."""
    text = str(getattr(error, "orig", None) or error).strip()
    return text.splitlines()[0] if text else type(error).__name__
