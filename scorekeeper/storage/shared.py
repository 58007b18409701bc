"""What the Store's parts share: the statements built once, the game read back in a transaction, and the
helpers of imports, drafts and summaries."""
from __future__ import annotations

from scorekeeper.i18n import _, _n

import json
import logging
import re
from dataclasses import dataclass, field, replace
from datetime import datetime
from operator import itemgetter
from typing import Any, Callable, Mapping, NamedTuple, Sequence

from sqlalchemy import bindparam, delete, insert, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError, SQLAlchemyError

from scorekeeper.rules.common import InvalidEntry, clean_name, excerpt

from . import integrity, summary
from .errors import StorageError
from .integrity import DamagedGame
from .records import MOST_REF_CHARS, STATUSES, GameRecord, can_finish
from .results import GameSummary
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
    names: list[str]  # everyone seated in the game, in seat order (late arrivals last: rules.roster)
    active: list[dict[str, Any]]  # the entries in order
    redo: list[dict[str, Any]]  # undone entries, the next to redo first
    game: Any
    changed_at: datetime | None = None  # when this write claimed the game
    # The log as stored (integrity.log_hash): the rules and setup text, the entries' text in step with
    # `active` and `redo`. A write keeps them up to date and hashes them, without reading the game again.
    rules_text: str = ""
    setup_text: str = ""
    active_texts: list[str] = field(default_factory=list)
    title: str = ""  # the table's own name and notes (about.py)
    notes: str = ""
    redo_texts: list[str] = field(default_factory=list)
    starting: list[str] = field(default_factory=list)  # the players the game was set up with: it replays from them

    def log_hash(self) -> str:
        return integrity.log_hash(self.id, self.kind, self.rules_text, self.setup_text, self.status, self.started_at,
                                  self.finished_at, self.names, integrity.listing(self.active_texts),
                                  integrity.listing(self.redo_texts))


def _json_action(action: Any) -> dict[str, Any]:
    """The action exactly as it will replay from the database (tuples become lists, and so on)."""
    if not isinstance(action, Mapping):
        raise InvalidEntry(_("An entry must be a set of named values, such as {example}.",
                                example="{'type': 'bids', ...}"))
    try:
        return _as_stored(action)
    except (TypeError, ValueError) as error:
        raise InvalidEntry(_("This entry can't be stored: {problem}.", problem=error)) from None


# Levels of lists and named values, the entry's own fields the first: no entry, rules or setup has more than 4.
MOST_NESTING = 16


def _as_stored(values: Mapping[str, Any]) -> dict[str, Any]:
    """`values` as JSON gives them back. Refused (ValueError) when no export could write them: NaN, and
    half of a surrogate pair ("\\ud800"), which JSON reads but UTF-8 can't hold; and values nested
    deeper than MOST_NESTING, which no entry holds (some hundred deep, and copying them fails)."""
    _check_nesting(values)
    text = json.dumps(dict(values), allow_nan=False, ensure_ascii=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        raise ValueError(_("it holds half of a surrogate pair (U+{code}), a character no file can hold",
                           code=f"{ord(text[error.start]):04X}")) from None
    return json.loads(text)


def _check_nesting(values: Mapping[str, Any]) -> None:
    """Walked without recursion, so a value nested any deeper is refused in words, not with a crash."""
    waiting = [(values, 1)]
    while waiting:
        value, depth = waiting.pop()
        if isinstance(value, Mapping):
            inside = value.values()
        elif isinstance(value, (list, tuple)):
            inside = value
        else:
            continue
        if depth > MOST_NESTING:
            raise ValueError(_("it nests values more than {most} deep, as no entry does", most=MOST_NESTING))
        waiting.extend((item, depth + 1) for item in inside)


def _refused_import(record: Any, problem: Any) -> str:
    """'The game of Ann, Bob and Cy started 2024-05-01 20:15 UTC can't be imported: <problem> Nothing was
    imported.': an import's refusal naming the game it refuses."""
    names = [str(name) for name in getattr(record, "players", ()) or ()]
    # Translators: the last two names of a list of players ("Ann, Bob and Cy": {names} is "Ann, Bob").
    who = _("{names} and {last}", names=", ".join(names[:-1]), last=names[-1]) if len(names) > 1 else \
        names[0] if names else None
    started = getattr(record, "started_at", None)
    when = started.strftime("%Y-%m-%d %H:%M UTC") if isinstance(started, datetime) and started.tzinfo else None
    # Translators: {problem} says what is wrong with the game, starting in lower case and ending with a full stop.
    if who is not None and when is not None:
        return _("The game of {players} started {time} can't be imported: {problem} Nothing was imported.",
                 players=who, time=when, problem=problem)
    if who is not None:
        return _("The game of {players} started an unknown date can't be imported: {problem} Nothing was "
                 "imported.", players=who, problem=problem)
    if when is not None:
        return _("The game of no players started {time} can't be imported: {problem} Nothing was imported.",
                 time=when, problem=problem)
    return _("The game of no players started an unknown date can't be imported: {problem} Nothing was imported.",
             problem=problem)


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
        return _("No round has been entered yet: enter the first one, or end the game as abandoned.")
    return _n("The game isn't over yet ({played} of {count} round entered): enter the rest, or end it as abandoned.",
              "The game isn't over yet ({played} of {count} rounds entered): enter the rest, or end it as "
              "abandoned.", total, played=played)


def _status_refusal(status: str, wanted: str) -> InvalidEntry:
    if wanted == "reopen":
        return InvalidEntry(_("This game is still being played: there is nothing to reopen."))
    if status == "finished":
        return InvalidEntry(_("This game is already finished. Reopen it first to change it."))
    return InvalidEntry(_("This game was abandoned. Reopen it first to change it."))


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
               games.c.started_at, games.c.finished_at, games.c.log_hash, games.c.title, games.c.notes)
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
    .values(score=bindparam("g_score"), won=bindparam("g_won"), counters=bindparam("g_counters"),
            place=bindparam("g_place"), **{column: bindparam(f"g_{column}") for column in summary.BID_COLUMNS})
)
INSERT_ACTION = insert(actions)
DROP_REDO = delete(actions).where(actions.c.game_id == bindparam("g_id"), actions.c.undone.is_(True))
MARK_UNDONE = (update(actions).where(actions.c.game_id == bindparam("g_id"), actions.c.seq == bindparam("g_seq"))
               .values(undone=bindparam("g_undone")))
# records(): a batch of games and their entries, by id.
RECORD_GAMES = (select(games.c.id, games.c.kind, games.c.rules, games.c.setup, games.c.status, games.c.started_at,
                       games.c.finished_at, games.c.log_hash, games.c.title, games.c.notes)
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
        raise InvalidEntry(_("A draft must be plain data (numbers, text, lists).")) from None
    if len(data) > MAX_DRAFT_BYTES:
        raise InvalidEntry(_("A draft can't be longer than {most} characters.", most=MAX_DRAFT_BYTES))
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
        raise InvalidEntry(_("Entry {number} of the import is not a game. Nothing was imported.", number=number))
    try:
        return _prepare_import(record)
    except InvalidEntry as error:
        raise InvalidEntry(_refused_import(record, error)) from None


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
            raise TypeError(_("a score is not a whole number"))
    read = json.loads(text)
    if type(read) is not dict:
        raise ValueError(_("not a set of counts"))
    for value in read.values():
        if type(value) is not int:
            raise ValueError(_("not a set of counts"))
    return read


def _whole_numbers(text: Any, count: int | None = None) -> list[int]:
    """A summary's JSON list of whole numbers (scores, seats); ValueError when it is anything else."""
    values = json.loads(text)
    if not isinstance(values, list) or any(type(value) is not int for value in values) or (
            count is not None and len(values) != count):
        raise ValueError(_("not a list of scores") if count is not None else _("not a list of seats"))
    return values


def _summary(row, seated: list[str]) -> GameSummary:
    """A game's summary from its stored columns, each checked: ValueError or TypeError when damaged."""
    finished = row.status == "finished"
    scores = _whole_numbers(row.final_scores if finished and row.final_scores else row.totals, len(seated))
    leaders = [seated[seat] for seat in _whole_numbers(row.leaders) if 0 <= seat < len(seated)] if row.rounds_played else []
    winners = leaders if finished else []
    for number in (row.rounds_played, row.version, *(() if row.rounds_total is None else (row.rounds_total,))):
        if type(number) is not int:
            raise TypeError(_("{number} is not a whole number", number=repr(number)))
    if not integrity.sane_version(row.version):
        raise ValueError(_(integrity.BAD_VERSION))
    return GameSummary(
        id=row.id, kind=row.kind, game_name=str(row.game_name), preset_id=str(row.preset_id), players=seated,
        status=row.status, started_at=row.started_at, finished_at=row.finished_at,
        updated_at=row.updated_at, rounds_played=row.rounds_played, rounds_total=row.rounds_total,
        scores=scores, winners=winners, version=row.version, leaders=leaders, title=str(row.title),
        notes=str(row.notes), table=str(getattr(row, "table_name", "") or ""),
        highest_wins=bool(getattr(row, "highest_wins", True)))


def _damaged_on_open(row, names: list[str], entries, damage: DamagedGame) -> DamagedGame:
    """Opening or changing a damaged game: what is wrong, and that the other games are not affected."""
    try:
        active = integrity.listing(data for data, undone in entries if not undone)
    except TypeError:
        active = "[]"
    damage = integrity.explained(damage, row.kind, names, row.rules, row.setup, active)
    # Translators: {problem} says what is wrong, starting in lower case ("its stored log no longer matches ...").
    return DamagedGame(row.id, damage.problem, _(
        "This game could not be read: {problem}. The other games are not affected: an export of all games "
        "leaves this one out and names it. A backup made before the damage has it as it was (scorekeeper "
        "backups lists them).", problem=damage.problem))


def _replay_record(record: GameRecord):
    try:
        return record.build()
    except InvalidEntry:
        raise
    except (TypeError, ValueError, AttributeError, KeyError) as error:
        raise InvalidEntry(_("its entries can't be read ({problem}).", problem=error)) from None


def _aware(moment: Any, refusal: str) -> datetime:
    if not isinstance(moment, datetime) or moment.tzinfo is None:
        raise InvalidEntry(refusal)
    return moment


def _prepare_import(record: GameRecord) -> _Prepared:
    """Check one record completely before anything is written, and bring it to the stored form."""
    if not isinstance(record.id, str) or not GAME_ID.match(record.id):
        raise InvalidEntry(_("its id {id} is not a game id (32 hexadecimal digits).", id=excerpt(record.id)))
    if record.status not in STATUSES:
        raise InvalidEntry(_("its status {status} is not one of {statuses}.", status=excerpt(record.status),
                              statuses=", ".join(STATUSES)))
    ref = record.external_ref
    if ref is not None and (not isinstance(ref, str) or not ref.strip() or len(ref) > MOST_REF_CHARS):
        raise InvalidEntry(_("its outside id {ref} must be text of 1 to {most} characters.", ref=excerpt(ref),
                              most=MOST_REF_CHARS))
    started = _aware(record.started_at, _("its start must be a date and time with a time zone."))
    finished = record.finished_at
    if record.status == "playing":
        if finished is not None:
            raise InvalidEntry(_("it is still being played but has an end time."))
    else:
        finished = _aware(finished, _("its end must be a date and time with a time zone."))
        if finished < started:
            raise InvalidEntry(_("it ends before it starts."))
    if not isinstance(record.rules, Mapping) or not isinstance(record.setup, Mapping):
        raise InvalidEntry(_("its rules and setup must be sets of named values."))
    if isinstance(record.actions, (str, bytes)) or not isinstance(record.actions, Sequence):
        raise InvalidEntry(_("its entries must be a list."))
    if isinstance(record.players, (str, bytes)) or not isinstance(record.players, Sequence):
        raise InvalidEntry(_("its players must be a list of names."))
    try:
        entries = tuple(_json_action(action) for action in record.actions)
        rules, setup = _as_stored(record.rules), _as_stored(record.setup)
    except InvalidEntry:  # (an entry's own refusal, already in words)
        raise
    except (TypeError, ValueError) as error:
        raise InvalidEntry(_("it holds values that can't be stored ({problem}).", problem=error)) from None
    cleaned = replace(record, rules=rules, setup=setup, actions=entries, started_at=started, finished_at=finished)
    game = _replay_record(cleaned)
    for name in game.players:
        clean_name(name)
    if record.status == "finished" and not can_finish(game):
        played, total = game.progress()
        if total is None:
            raise InvalidEntry(_("it is marked finished, but no round is entered."))
        raise InvalidEntry(_n("it is marked finished, but only {played} of {count} round is entered.",
                              "it is marked finished, but only {played} of {count} rounds are entered.", total,
                              played=played))
    started = getattr(game, "rules_at_start", game.rules)  # (a change of the scoring is one of the entries)
    cleaned = replace(cleaned, kind=game.rules.kind, rules=started.to_dict(), setup=dict(game.setup),
                      players=tuple(game.players[:len(record.players)]))  # (late arrivals: in the entries)
    return _Prepared(record=cleaned, game=game)


def _short(error: BaseException) -> str:
    """The driver's own words (or the error's), first line only."""
    text = str(getattr(error, "orig", None) or error).strip()
    return text.splitlines()[0] if text else type(error).__name__
