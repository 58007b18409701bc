"""Reading and writing games and their entries: load, the summaries, new games, entries, undo and redo,
finishing, one use case's change (services.py)."""
from __future__ import annotations

from scorekeeper.i18n import _

import dataclasses
import json
import unicodedata
from collections import defaultdict
from datetime import datetime, timedelta, timezone
from typing import Any, Callable, Sequence
from uuid import uuid4

from sqlalchemy import and_, delete, insert, or_, select, update
from sqlalchemy.engine import Connection

from scorekeeper.rules.common import InvalidEntry, check_whole_number, clean_name, shown_display_name
from scorekeeper.rules.kinds import KINDS, kind_module
from scorekeeper.rules.roster import starting_players

from . import integrity, summary
from .about import clean_table
from .base import StoreBase
from .database import utc_now
from .errors import TAPPED_MESSAGE, DraftSeen, GameNotFound, StaleGame, StorageError
from .integrity import DamagedGame
from .records import STATUSES, GameRecord
from .results import GameState, GameSummary, Readable, undo_label
from .shared import (_DAMAGED_ROW, CHUNK, CLAIM, DROP_REDO, FINISHED, GAME_ACTIONS, GAME_DRAFT, INSERT_ACTION,
                     MARK_UNDONE, SAVE_SEAT, SAVE_SUMMARY, SEATED_NAMES, GameChange, _damaged_on_open, _json_action,
                     _Loaded, _parsed_draft, _short, _status_refusal, _summary, finish_refusal)
from .tables import game_players, games, players


class GamesMixin(StoreBase):
    # ----- games: reading -----

    def load(self, game_id: str) -> GameState:
        with self._read() as connection:
            loaded = self._load(connection, self._game_row(connection, game_id))
        return self._state(loaded)

    def set_table(self, game_id: str, table: str) -> None:
        """Say which table game `game_id` is played at ("Table 3"; "" for none). Changes no score: the
        version stays."""
        table = clean_table(table)
        with self._write() as connection:
            self._game_row(connection, game_id)
            connection.execute(update(games).where(games.c.id == game_id).values(table_name=table))
            self.notices.announce(connection, game_id)

    def table_of(self, game_id: str) -> str:
        """The name of the table game `game_id` is played at ("" for none)."""
        with self._read() as connection:
            self._game_row(connection, game_id)
            return connection.execute(select(games.c.table_name).where(games.c.id == game_id)).scalar() or ""

    def club_night(self, since: datetime) -> Readable:
        """The games of a club night: those started or played since `since`, not in the bin, table by table."""
        query = (select(*self._SUMMARY_COLUMNS)
                 .where(games.c.deleted_at.is_(None), (games.c.started_at >= since) | (games.c.updated_at >= since))
                 .order_by(games.c.table_name, games.c.started_at, games.c.id))
        with self._read() as connection:
            return self._summaries(connection, query)

    def versions(self, game_ids: Sequence[str]) -> dict[str, int]:
        """The stored version of each of these games (those deleted or in the bin are left out)."""
        wanted = [game_id for game_id in game_ids if isinstance(game_id, str)]
        if not wanted:
            return {}
        with self._read() as connection:
            rows = connection.execute(select(games.c.id, games.c.version)
                                      .where(games.c.id.in_(wanted), games.c.deleted_at.is_(None)))
            return {row.id: row.version for row in rows}

    def _game_row(self, connection: Connection, game_id: Any):
        if not isinstance(game_id, str):
            raise GameNotFound(_("There is no game {game}: pick the game from the list.", game=repr(game_id)))
        try:
            row = connection.execute(
                select(games.c.id, games.c.version, games.c.kind, games.c.rules, games.c.setup, games.c.status,
                       games.c.started_at, games.c.finished_at, games.c.deleted_at, games.c.log_hash,
                       games.c.title, games.c.notes)
                .where(games.c.id == game_id)).first()
        except (ValueError, TypeError, OverflowError, UnicodeError) as error:  # a stored value damaged
            raise DamagedGame(game_id, _("its stored values can't be read ({problem})",
                                         problem=_short(error)[:200])) from None
        if row is None:
            raise GameNotFound(_("This game is no longer stored (deleted on another device?). Pick a game from the "
                                 "list."))
        if row.deleted_at is not None:
            raise GameNotFound(_("This game is in the bin. Restore it from the bin to open it again."))
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
        starting = starting_players(names, active) if len(names) > 1 else names
        return _Loaded(id=row.id, version=row.version, kind=row.kind, rules=rules, setup=setup, status=row.status,
                       started_at=row.started_at, finished_at=row.finished_at, names=names, active=active,
                       redo=redo, game=self._replay(row.kind, starting, rules, setup, active), rules_text=row.rules,
                       setup_text=row.setup, active_texts=active_texts, redo_texts=redo_texts,
                       title=str(row.title), notes=str(row.notes), starting=starting)

    @staticmethod
    def _replay(kind: str, names: list[str], rules: dict, setup: dict, entries: list[dict]):
        try:
            module = kind_module(kind)
            game = module.Game(names, module.Rules.from_dict(rules), **setup)
            for entry in entries:
                game.apply(entry)
        except (InvalidEntry, TypeError, ValueError) as error:
            raise StorageError(_(
                "This game's stored entries no longer fit its rules ({problem}). The other games are not affected: "
                "an export of all games leaves this one out and names it. Please report the problem with this "
                "game's id.", problem=error)) from None
        return game

    def _state(self, loaded: _Loaded) -> GameState:
        game = loaded.game
        record = GameRecord(
            id=loaded.id, kind=loaded.kind, rules=loaded.rules, players=tuple(loaded.names), setup=loaded.setup,
            status=loaded.status, started_at=loaded.started_at, finished_at=loaded.finished_at,
            actions=tuple(loaded.active), title=loaded.title, notes=loaded.notes)
        record = dataclasses.replace(record, players=tuple(loaded.starting)) if loaded.starting != loaded.names else record
        return GameState(
            id=loaded.id, version=loaded.version, status=loaded.status, started_at=loaded.started_at,
            finished_at=loaded.finished_at, game=game, record=record,
            can_undo=bool(loaded.active), can_redo=bool(loaded.redo),
            undo_text=undo_label(game, loaded.active[-1]) if loaded.active else None,
            # Translators: {entry} is the rules' description of an entry ("bids of hand 3").
            redo_text=_("Redo {entry}", entry=game.describe(loaded.redo[0])) if loaded.redo else None,
        )

    _SUMMARY_COLUMNS = (games.c.id, games.c.kind, games.c.game_name, games.c.preset_id, games.c.status,
                        games.c.started_at, games.c.finished_at, games.c.updated_at, games.c.rounds_played,
                        games.c.rounds_total, games.c.totals, games.c.final_scores, games.c.leaders,
                        games.c.version, games.c.title, games.c.notes, games.c.table_name, games.c.highest_wins)

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
                    left_out.append(DamagedGame(game_id, _("its summary can't be read ({problem})",
                                                           problem=_short(error)[:200])))
        names = self._names(connection, [row.id for row in rows])
        result = []
        for row in rows:
            try:
                result.append(_summary(row, names.get(row.id, [])))
            except (TypeError, ValueError, RecursionError) as error:
                left_out.append(DamagedGame(row.id, _("its summary can't be read ({problem})", problem=error)))
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

    def unfinished_games(self, search: str = "") -> list[GameSummary]:
        """Games under way, the latest played first; with `search`, those it finds (see search_filter)."""
        query = (select(*self._SUMMARY_COLUMNS)
                 .where(games.c.status == "playing", games.c.deleted_at.is_(None))
                 .order_by(games.c.updated_at.desc(), games.c.id))
        with self._read() as connection:
            return self._summaries(connection, self._searched(connection, query, search))

    def latest_unfinished(self) -> GameSummary | None:
        with self._read() as connection:
            found = self._summaries(connection, select(*self._SUMMARY_COLUMNS)
                                    .where(games.c.status == "playing", games.c.deleted_at.is_(None))
                                    .order_by(games.c.updated_at.desc(), games.c.id).limit(1))
        return found[0] if found else None

    def finished_games(self, limit: int | None = None, offset: int = 0, search: str = "") -> list[GameSummary]:
        """Finished games, newest first; with `search`, those it finds (see search_filter)."""
        if limit is not None:
            check_whole_number(limit, _("The number of games to show"))
        check_whole_number(offset, _("The number of games to skip"))
        if (limit is not None and limit < 0) or offset < 0:
            raise InvalidEntry(_("The number of games to show and to skip can't be below 0."))
        query = (select(*self._SUMMARY_COLUMNS)
                 # finished_at is set exactly when a game is finished or abandoned; filtering on it
                 # lets the database walk its index newest first instead of sorting every game.
                 .where(games.c.finished_at.is_not(None), games.c.deleted_at.is_(None))
                 .order_by(games.c.finished_at.desc(), games.c.id).offset(offset))
        if limit is not None:
            query = query.limit(limit)
        with self._read() as connection:
            return self._summaries(connection, self._searched(connection, query, search))

    @staticmethod
    def _searched(connection: Connection, query, search: str):
        found = search_filter(search, connection)
        return query if found is None else query.where(found)

    def deleted_games(self) -> list[GameSummary]:
        with self._read() as connection:
            return self._summaries(connection, select(*self._SUMMARY_COLUMNS)
                                   .where(games.c.deleted_at.is_not(None))
                                   .order_by(games.c.deleted_at.desc(), games.c.id))

    # ----- games: writing -----

    def new_game(self, players: list[str], rules: Any, *, table: str = "", **setup: Any) -> GameState:
        """A new game of `players` with `rules` (and the kind's `setup`), played at `table` ("Table 3")."""
        table = clean_table(table)
        kind = getattr(rules, "kind", None)
        module = KINDS.get(kind) if isinstance(kind, str) else None
        if module is None or not isinstance(rules, module.Rules):
            raise InvalidEntry(_("Choose the rules of the game first: a preset or your own."))
        try:
            game = module.Game(players, rules, **setup)
        except TypeError as error:
            raise InvalidEntry(_("This game can't be set up that way: {problem}.", problem=error)) from None
        names = [clean_name(name) for name in game.players]
        rules_data, setup_data = rules.to_dict(), dict(game.setup)
        if module.Rules.from_dict(rules_data) != rules:  # what is stored must rebuild these very rules
            raise InvalidEntry(_("These rules can't be stored as they are: set them up again from a preset."))
        now = utc_now()
        game_id = uuid4().hex
        with self._write() as connection:
            ids, spelled = self._player_ids(connection, names)
            if spelled != names:  # the roster's spelling of a name ("ann" typed, "Ann" known)
                game = module.Game(spelled, rules, **setup_data)
            loaded = _Loaded(
                id=game_id, version=1, kind=kind, rules=rules_data, setup=setup_data, status="playing", started_at=now,
                finished_at=None, names=spelled, active=[], redo=[], game=game, rules_text=json.dumps(rules_data),
                setup_text=json.dumps(setup_data), starting=spelled)
            connection.execute(insert(games).values(
                id=game_id, kind=kind, rules=loaded.rules_text, setup=loaded.setup_text, status="playing",
                started_at=now, finished_at=None, updated_at=now, deleted_at=None, version=1,
                log_hash=loaded.log_hash(), table_name=table, **summary.game_columns(game)))
            connection.execute(insert(game_players), [
                {"game_id": game_id, "player_id": player_id, **seat}
                for player_id, seat in zip(ids, summary.seat_rows(game, "playing"))])
            self.notices.announce(connection, game_id, 1)
        return self._state(loaded)

    def _claim(self, connection: Connection, game_id: Any, version: Any, allowed: Sequence[str],
               wanted: str) -> _Loaded:
        """Bump the game's version if the screen was drawn from the stored one, then read it back.
        The bump takes the row (PostgreSQL) or the database (SQLite) for this transaction."""
        if not isinstance(game_id, str):
            raise GameNotFound(_("There is no game {game}: pick the game from the list.", game=repr(game_id)))
        check_whole_number(version, _("The game's version"))
        now = utc_now()
        claimed = connection.execute(CLAIM, {"g_id": game_id, "g_version": version, "g_now": now}).first()
        if claimed is None:
            self._game_row(connection, game_id)  # raises GameNotFound when gone or in the bin
            raise StaleGame(game_id)
        if claimed.status not in allowed:
            raise _status_refusal(claimed.status, wanted)
        loaded = self._load(connection, claimed)
        loaded.changed_at = now
        self.notices.announce(connection, game_id, claimed.version)  # heard once committed (storage/notices.py)
        return loaded

    def _save(self, connection: Connection, loaded: _Loaded) -> None:
        """Rewrite the summary of a game from its replayed engine game."""
        self._seat_late_arrivals(connection, loaded)
        columns = summary.game_columns(loaded.game)
        connection.execute(SAVE_SUMMARY, {"g_id": loaded.id, "g_status": loaded.status, "g_hash": loaded.log_hash(),
                                          **{f"s_{key}": value for key, value in columns.items()}})
        connection.execute(SAVE_SEAT, [{"g_id": loaded.id, **{f"g_{key}": value for key, value in row.items()}}
                                       for row in summary.seat_rows(loaded.game, loaded.status)])

    def _seat_late_arrivals(self, connection: Connection, loaded: _Loaded) -> None:
        """Give the game's seats rows to match its players: a late arrival's seat (rules.roster) joins the
        roster and the game; an undone arrival's seat goes."""
        seated = loaded.game.players
        if len(seated) > len(loaded.names):
            ids, spelled = self._player_ids(connection, seated[len(loaded.names):])
            connection.execute(insert(game_players), [
                {"game_id": loaded.id, "player_id": player_id, "seat": seat}
                for seat, player_id in enumerate(ids, len(loaded.names))])
            loaded.names = [*loaded.names, *spelled]
        elif len(seated) < len(loaded.names):
            connection.execute(delete(game_players).where(game_players.c.game_id == loaded.id,
                                                          game_players.c.seat >= len(seated)))
            loaded.names = loaded.names[:len(seated)]

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

    def change(self, game_id: str, version: int, use_case: Callable[["GameChange"], None], *,
               draft_seen: DraftSeen | None = None) -> GameState:
        """One use case's writes to one game, in one transaction (scorekeeper/services.py): `use_case`
        gets the game as stored (any status) and records entries on it or sets its status; whatever it
        raises (the rules' InvalidEntry above all) rolls everything back, so nothing stored changes.
        `draft_seen`: refused as stale when the taps kept of the step under way are not those the
        device saw (another device tapped since; its taps and this change take turns on the game's row)."""
        with self._write() as connection:
            loaded = self._claim(connection, game_id, version, STATUSES, "change")
            if draft_seen is not None:
                kept = _parsed_draft(connection.execute(GAME_DRAFT, {"g_id": game_id, "g_version": version}).scalar())
                if kept != draft_seen.draft:
                    raise StaleGame(game_id, _(TAPPED_MESSAGE))
            was = loaded.status
            work = GameChange(loaded.game, was)
            use_case(work)
            if work.undone:
                if len(loaded.active) < work.undone:
                    raise InvalidEntry(_("Nothing to undo."))
                for _step in range(work.undone):
                    connection.execute(MARK_UNDONE, {"g_id": loaded.id, "g_seq": len(loaded.active) - 1, "g_undone": True})
                    loaded.redo.insert(0, loaded.active.pop())
                    loaded.redo_texts.insert(0, loaded.active_texts.pop())
                loaded.game = self._replay(loaded.kind, loaded.starting, loaded.rules, loaded.setup, loaded.active)
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
                raise InvalidEntry(_("Nothing to undo."))
            last = len(loaded.active) - 1
            connection.execute(MARK_UNDONE, {"g_id": loaded.id, "g_seq": last, "g_undone": True})
            loaded.redo.insert(0, loaded.active.pop())
            loaded.redo_texts.insert(0, loaded.active_texts.pop())
            loaded.game = self._replay(loaded.kind, loaded.starting, loaded.rules, loaded.setup, loaded.active)
            self._save(connection, loaded)
        return self._state(loaded)

    def redo(self, game_id: str, version: int) -> GameState:
        with self._write() as connection:
            loaded = self._claim(connection, game_id, version, ("playing",), "redo")
            if not loaded.redo:
                raise InvalidEntry(_("Nothing to redo."))
            action = loaded.redo[0]
            try:
                loaded.game.apply(action)
            except InvalidEntry as error:
                raise StorageError(_("The entry to redo no longer fits the game ({problem}); enter it again.",
                                     problem=error)) from None
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


SEARCH_LENGTH = 100


def folded(text: str) -> str:
    """`text` as History's search compares it, case and accents folded in every script: "Émile", "EMILE"
    and "emile" alike, "Straße" as "strasse", "ΣΟΦΊΑ" as "σοφια", Hebrew without its vowel points
    (Unicode casefold and NFKD, the combining marks left out)."""
    if text.isascii():
        return text.lower()
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(char for char in decomposed if not unicodedata.combining(char)).casefold()


def search_filter(search: str, connection: Connection):
    """What History's search finds, as a WHERE clause (None: no search). A date typed as 2026-11-21,
    2026-11 or 2026 finds the games started then; other words find the games whose own name, game
    (preset or kind name) or notes hold them, or that a player of that name sat in; case and accents
    folded (`folded`), so the words are compared here rather than by the database (whose LIKE folds
    neither the same way on SQLite and PostgreSQL). The game's name is kept in English: of the names
    stored, those the reader sees holding the words in their language are found too ("règles maison"
    finds "Oh Heck (house rules)" for a French table)."""
    if not isinstance(search, str):
        raise InvalidEntry(_("Search with words or a date."))
    words = " ".join(search.split())[:SEARCH_LENGTH]
    if not words:
        return None
    span = _date_span(words)
    if span is not None:
        return and_(games.c.started_at >= span[0], games.c.started_at < span[1])
    wanted = folded(words)
    named = [name for name in connection.scalars(select(games.c.game_name).distinct())
             if wanted in folded(name) or wanted in folded(shown_display_name(name))]
    people = [player for player, name in connection.execute(select(players.c.id, players.c.name))
              if wanted in folded(name)]
    about = [game for game, title, notes in connection.execute(
        select(games.c.id, games.c.title, games.c.notes).where(or_(games.c.title != "", games.c.notes != "")))
        if wanted in folded(title) or wanted in folded(notes)]
    seated = select(game_players.c.game_id).where(game_players.c.player_id.in_(people))
    return or_(games.c.id.in_(about), games.c.game_name.in_(named), games.c.id.in_(seated))


def _date_span(words: str) -> tuple[datetime, datetime] | None:
    """[start, end) in UTC of a date typed as YYYY-MM-DD, YYYY-MM or YYYY (the local day, month or year)."""
    for pattern, step in (("%Y-%m-%d", "day"), ("%Y-%m", "month"), ("%Y", "year")):
        try:
            start = datetime.strptime(words, pattern)
        except ValueError:
            continue
        try:
            if step == "day":
                end = start + timedelta(days=1)
            elif step == "month":
                end = start.replace(year=start.year + start.month // 12, month=start.month % 12 + 1)
            else:
                end = start.replace(year=start.year + 1)
            # Naive local times: astimezone applies the local rules of that date (summer time included).
            return start.astimezone(timezone.utc), end.astimezone(timezone.utc)
        except (ValueError, OverflowError):  # the year 9999 or 0001: no game was played then; words instead
            return None
    return None
