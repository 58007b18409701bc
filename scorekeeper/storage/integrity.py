"""A hash of each game's stored log, so a damaged game is named instead of shown or exported wrong.

The hash (games.log_hash, revision 0005) covers the game as stored: its id, kind, rules and setup
text, status and times, its players' names in seat order, and its entries' text in order with the
undone ones apart. Every write to a game stores the hash of the log it leaves, in the same
transaction (the store hashes the texts it read and wrote; a rename and revision 0005's backfill read
them back: restamp_after_rename, stamp_all); every read of a game checks it (log_hash over the text
already read, once per game). A game whose hash doesn't match, or whose stored values can't even be read, raises
DamagedGame on its own: the other games are read and written as before.

The summary columns (totals, leaders, counters) are not covered: they are derived from the log and
rewritten on every write; whoever reads them skips a game whose summary can't be read.
"""
from __future__ import annotations

from scorekeeper.i18n import N_, _

import hashlib
import json
from datetime import datetime, timezone
from itertools import groupby
from operator import itemgetter
from typing import Any, Iterable, Sequence

from sqlalchemy import bindparam, select, update
from sqlalchemy.engine import Connection

from scorekeeper.rules.common import InvalidEntry
from scorekeeper.rules.kinds import new_game
from scorekeeper.rules.roster import starting_players

from .errors import StorageError
from .tables import actions, game_players, games, players

CHUNK = 500  # games per batch of reads: well under every database's limit on parameters

_first = itemgetter(0)


class DamagedGame(StorageError):
    """A stored game that can't be read as it was written (its stored log no longer matches its
    hash, or its values can't be read at all). The message names the game and says so."""

    def __init__(self, game_id: Any, problem: str, message: str | None = None):
        self.game_id = str(game_id)
        self.problem = problem  # what is wrong, without the game's name: "its stored entries were changed ..."
        super().__init__(message or damage_line(game_id, problem))


def damage_line(game_id: Any, problem: str) -> str:
    """The one line that names a damaged game: "Stored game X could not be read: ..."."""
    # Translators: {problem} says what is wrong, starting in lower case ("its stored log no longer matches ...").
    return _("Stored game {game} could not be read: {problem}", game=game_id, problem=problem)


def left_out_line(damage: "DamagedGame") -> str:
    """A list of games (history, statistics) that goes on without it: "...; it was left out."."""
    # Translators: {problem} says what is wrong, starting in lower case ("its stored log no longer matches ...").
    return _("Stored game {game} could not be read: {problem}; it was left out.",
             game=damage.game_id, problem=damage.problem)


MISMATCH = N_("its stored log no longer matches its checksum (the database file was damaged or changed "
            "outside the app)")
UNHASHED = N_("it has no checksum (the database file was damaged or changed outside the app)")
BAD_VERSION = N_("its version is no count of its changes (the database file was damaged or changed outside the app)")
# No game is changed this many times; a version near SQLite's limit (2**63 - 1) would become a REAL at its
# next bump, and the game could not be changed again.
MOST_VERSION = 2**53


def sane_version(version: Any) -> bool:
    """Can `version` (a game row's) be a count of the game's changes?"""
    return type(version) is int and 0 < version < MOST_VERSION


def listing(texts: Iterable[str]) -> str:
    """Entries' stored JSON texts as one JSON list, the form records() loads at once."""
    return "[" + ",".join(texts) + "]"


def _moment(moment: datetime | None) -> str:
    if moment is None:
        return ""
    if moment.tzinfo is timezone.utc:  # as storage hands them out: no conversion
        return moment.isoformat()
    if moment.tzinfo is None:  # storage hands out aware times; a naive one is UTC (tables.UTCDateTime)
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.astimezone(timezone.utc).isoformat()


def log_hash(game_id: str, kind: str, rules: str, setup: str, status: str, started_at: datetime | None,
             finished_at: datetime | None, names: Sequence[str], active: str, undone: str) -> str:
    """The hash of a game's log as stored. `rules` and `setup` are the stored JSON texts; `active` and
    `undone` the listing() of the entries' texts (not undone, then undone), each in seq order.
    Raises TypeError (or UnicodeError) for values no write stores: the caller reads that as damage."""
    digest = hashlib.sha256()
    head = "\x1e".join((game_id, kind, rules, setup, status, _moment(started_at), _moment(finished_at),
                        "\x1f".join(names)))
    for part in (head, active, undone):
        digest.update(part.encode("utf-8", "surrogatepass"))
        digest.update(b"\x1d")
    return digest.hexdigest()


def check(row: Any, names: Sequence[str], active: str, undone: str) -> None:
    """Raise DamagedGame unless the stored hash of this game row (id, kind, rules, setup, status,
    started_at, finished_at, log_hash) matches its log."""
    if row.log_hash is None:
        raise DamagedGame(row.id, _(UNHASHED))
    try:
        computed = log_hash(row.id, row.kind, row.rules, row.setup, row.status, row.started_at, row.finished_at,
                            names, active, undone)
    except (TypeError, ValueError, AttributeError, OverflowError):  # a value of the wrong type: damage
        raise DamagedGame(row.id, _(MISMATCH)) from None
    if computed != row.log_hash:
        raise DamagedGame(row.id, _(MISMATCH))


def explained(damage: DamagedGame, kind: Any, names: Sequence[str], rules: Any, setup: Any, active: str) -> DamagedGame:
    """The damage with what the engine says of the game as it now reads, when the entries no longer fit
    its rules ("Hand 1: a bid of 9 ..."): that tells the score keeper which entry was hit."""
    try:
        entries = json.loads(active)
        game = new_game(kind, starting_players(names, entries), json.loads(rules), json.loads(setup))
        for action in entries:
            game.apply(action)
    except InvalidEntry as refusal:
        # Translators: {problem} says what is wrong ("its stored log no longer matches its checksum ..."),
        # {refusal} is the rules' refusal of an entry.
        return DamagedGame(damage.game_id, _("{problem}, and its entries no longer fit its rules ({refusal})",
                                             problem=damage.problem, refusal=refusal))
    except Exception:  # noqa: BLE001 - only the explanation is lost: the damage is named all the same
        pass
    return damage


def check_rows(row: Any, names: Sequence[str], entries: Iterable[tuple[str, Any]]) -> None:
    """check() from (data, undone) rows in seq order, as a game's load reads them; and the row's version."""
    if not sane_version(row.version):
        raise DamagedGame(row.id, _(BAD_VERSION))
    rows = list(entries)
    try:
        active = listing(data for data, undone in rows if not undone)
        redo = listing(data for data, undone in rows if undone)
    except TypeError:
        raise DamagedGame(row.id, _(MISMATCH)) from None
    check(row, names, active, redo)


# ----- stamping: every write, the migration's backfill, a rename -----

_HASHED = (games.c.id, games.c.kind, games.c.rules, games.c.setup, games.c.status, games.c.started_at,
           games.c.finished_at)
_GAMES = select(*_HASHED).where(games.c.id.in_(bindparam("g_ids", expanding=True)))
_NAMES = (select(game_players.c.game_id, players.c.name).join(players, players.c.id == game_players.c.player_id)
          .where(game_players.c.game_id.in_(bindparam("g_ids", expanding=True)))
          .order_by(game_players.c.game_id, game_players.c.seat))
_ENTRIES = (select(actions.c.game_id, actions.c.data, actions.c.undone)
            .where(actions.c.game_id.in_(bindparam("g_ids", expanding=True)))
            .order_by(actions.c.game_id, actions.c.seq))
_SAVE = update(games).where(games.c.id == bindparam("g_id")).values(log_hash=bindparam("g_hash"))


def hashes(connection: Connection, game_ids: Sequence[str],
           renamed: dict[str, str] | None = None) -> dict[str, str]:
    """{game id: log_hash} of these games as this transaction reads them (names changed by `renamed`,
    {stored name: name}: what the hash will be once a rename is written)."""
    found: dict[str, str] = {}
    for start in range(0, len(game_ids), CHUNK):
        chunk = list(game_ids[start:start + CHUNK])
        names: dict[str, list[str]] = {game_id: [] for game_id in chunk}
        for game_id, name in connection.execute(_NAMES, {"g_ids": chunk}):
            names[game_id].append(renamed.get(name, name) if renamed else name)
        entries = {game_id: list(group) for game_id, group in
                   groupby(connection.execute(_ENTRIES, {"g_ids": chunk}), _first)}
        for row in connection.execute(_GAMES, {"g_ids": chunk}):
            rows = entries.get(row.id, ())
            found[row.id] = log_hash(
                row.id, row.kind, row.rules, row.setup, row.status, row.started_at, row.finished_at, names[row.id],
                listing(data for _game, data, undone in rows if not undone),
                listing(data for _game, data, undone in rows if undone))
    return found


def stamp(connection: Connection, game_ids: Sequence[str]) -> None:
    """Write the hash of these games' logs as this transaction leaves them: after every write."""
    computed = hashes(connection, game_ids)
    if computed:
        connection.execute(_SAVE, [{"g_id": game_id, "g_hash": value} for game_id, value in computed.items()])


def stamp_all(connection: Connection) -> None:
    """Hash every game that has no hash yet (revision 0005's backfill: games stored before it)."""
    missing = list(connection.execute(select(games.c.id).where(games.c.log_hash.is_(None))).scalars())
    stamp(connection, missing)


def restamp_after_rename(connection: Connection, player_id: int, old_name: str, new_name: str) -> None:
    """A player's name is part of each of their games' hash: call before the new name is written. The
    games whose hash matches under the old name get the hash under the new one; a game that was already
    damaged keeps its old hash, so the rename can't make it look whole."""
    game_ids = list(connection.execute(
        select(game_players.c.game_id).where(game_players.c.player_id == player_id).distinct()).scalars())
    if not game_ids or old_name == new_name:
        return
    stored = {}
    for start in range(0, len(game_ids), CHUNK):
        stored.update(connection.execute(select(games.c.id, games.c.log_hash)
                                         .where(games.c.id.in_(game_ids[start:start + CHUNK]))).all())
    try:
        before = hashes(connection, game_ids)
        after = hashes(connection, game_ids, renamed={old_name: new_name})
    except (TypeError, ValueError, AttributeError, OverflowError):  # some game's values are damaged
        before, after = {}, {}
        for game_id in game_ids:
            try:
                before.update(hashes(connection, [game_id]))
                after.update(hashes(connection, [game_id], renamed={old_name: new_name}))
            except (TypeError, ValueError, AttributeError, OverflowError):
                continue
    fresh = [{"g_id": game_id, "g_hash": after[game_id]} for game_id in game_ids
             if game_id in after and stored.get(game_id) == before.get(game_id)]
    if fresh:
        connection.execute(_SAVE, fresh)
