"""Games as records for export, and imports stored in batches in one transaction."""
from __future__ import annotations

from scorekeeper.i18n import _

import json
import pickle
import tempfile
from dataclasses import replace
from itertools import groupby
from typing import Callable, Iterable, Iterator, Mapping, Sequence

from sqlalchemy import insert, select
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from scorekeeper.rules.common import InvalidEntry
from scorekeeper.rules.roster import seated_names, starting_players

from . import integrity, summary
from .about import clean_notes, clean_title
from .base import StoreBase
from .database import utc_now
from .errors import GameNotFound, StorageError
from .integrity import DamagedGame
from .records import GameRecord, uuid_id
from .results import ImportResult
from .shared import (_UNREADABLE, CHUNK, IMPORT_BATCH, PLAYER_CACHE, RECORD_ACTIONS, RECORD_GAMES, _Checked,
                     _game_and_flag, _ImportBatch, _prepare_numbered, _replay_record, _short, _third)
from .tables import actions, game_players, games


class RecordsMixin(StoreBase):
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
                    raise GameNotFound(_("Pick the games to export from the list."))
                ids = list(dict.fromkeys(game_ids))
                for game_id in ids:
                    self._game_row(connection, game_id)
        return self._record_batches(ids, on_damaged)

    def game_id_for(self, text: str) -> str | None:
        """The id of the game `text` names (in the bin or not), or None: its id, in any usual UUID form
        (records.uuid_id), or the id the file it was imported from gave it (a game's external_ref: as
        written there, or a UUID written there in another form)."""
        game_id = uuid_id(text)
        with self._read() as connection:
            if game_id is not None and connection.execute(select(games.c.id).where(games.c.id == game_id)).first():
                return game_id
            found = connection.execute(select(games.c.id).where(games.c.external_ref == text)).scalar()
            if found is not None or game_id is None:
                return found
            refs = connection.execute(select(games.c.id, games.c.external_ref).where(games.c.external_ref.is_not(None)))
            return next((found for found, ref in refs if uuid_id(ref) == game_id), None)

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
                        read.append(DamagedGame(game_id, _("its stored values can't be read ({problem})",
                                                              problem=_short(again)[:200])))
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
            if row is None:  # listed, then not found: deleted since, or a damaged file (its id no longer
                # matches its index): either way named, never left out without a word
                read.append(DamagedGame(game_id, _("it was listed but can't be found now: deleted meanwhile, or "
                                                   "the database file is damaged")))
                continue
            seated, active = names.get(game_id, []), "[]"
            try:
                # Each game's entries as one JSON list: one hash and one json.loads per game.
                active = listing(listed.get(game_id, ()))
                integrity.check(row, seated, active, listing(redo.get(game_id, ())))
                entries = tuple(loads(active))
                starting = starting_players(seated, entries) if '"join"' in active else seated  # (rarely any)
                read.append(GameRecord(
                    id=row.id, kind=row.kind, rules=loads(row.rules), players=tuple(starting), setup=loads(row.setup),
                    status=row.status, started_at=row.started_at, finished_at=row.finished_at,
                    actions=entries, title=row.title, notes=row.notes))
            except DamagedGame as damage:
                read.append(integrity.explained(damage, row.kind, seated, row.rules, row.setup, active))
            except (TypeError, ValueError, RecursionError) as error:
                read.append(DamagedGame(game_id, _("its stored values can't be read ({problem})", problem=error)))
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
            raise InvalidEntry(_("Nothing to import: the file holds no list of games."))
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
                    for _number in range(count):
                        batch.checked.append(pickle.load(spool))  # our own file, written just above
                        if len(batch.checked) == IMPORT_BATCH:
                            self._import_batch(connection, batch, added, skipped)
                            batch = _ImportBatch(batch.now, batch.seen, batch.known)
                    self._import_batch(connection, batch, added, skipped)
                    self.notices.announce(connection, None)
        except IntegrityError:
            raise StorageError(_("Another device stored some of these games at the same moment. Nothing was "
                                 "imported: import the file again (games already stored are skipped).")) from None
        except OSError as error:  # the temporary file: no space left, say
            raise StorageError(_("The games could not be set aside for the import ({problem}). Nothing was "
                                 "imported: check the free space and try again.",
                                 problem=error.strerror or error)) from None
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
            seated = seated_names(record.players, record.actions)  # with any late arrivals (rules.roster)
            ids, spelled = self._player_ids(connection, seated, batch.known)
            if spelled != seated:  # the roster's spelling of a name: the game as it will load
                game = _replay_record(replace(record, players=tuple(spelled[:len(record.players)])))
                columns, seats = summary.game_columns(game), summary.seat_rows(game, record.status)
            rules_text, setup_text = json.dumps(record.rules), json.dumps(record.setup)
            texts = [json.dumps(action) for action in record.actions]
            game_rows.append(dict(
                id=record.id, kind=record.kind, rules=rules_text, setup=setup_text, status=record.status,
                started_at=record.started_at, finished_at=record.finished_at, updated_at=batch.now,
                deleted_at=None, version=1, external_ref=record.external_ref, title=clean_title(record.title),
                notes=clean_notes(record.notes), **columns,
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
