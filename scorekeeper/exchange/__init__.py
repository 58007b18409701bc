"""Export games to CSV, JSON or a printable PDF score card, and import CSV or JSON exports.

    export_games(store, "csv" | "json" | "pdf", game_ids=None, kind=None) -> bytes
    import_file(store, path_bytes_or_binary_stream, name=None) -> ImportResult(added, skipped)

An import is all or nothing: one bad game, hand or line refuses the file (ExchangeError names it) and
the database stays as it was. The file is read as a stream, one game at a time, and storage writes
the games in batches inside one transaction, so memory does not grow with the file. docs/export-format.md describes the formats.
"""
from __future__ import annotations

from scorekeeper.i18n import _, _n

import codecs
import io
import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import BinaryIO, Iterable, Iterator, Sequence

from scorekeeper import services
from scorekeeper.rules.common import excerpt
from scorekeeper.rules.kinds import KINDS
from scorekeeper.rules.outcome import FINISHED
from scorekeeper.storage.errors import GameNotFound
from scorekeeper.storage.integrity import DamagedGame
from scorekeeper.storage.records import GameRecord

from .common import THE_FILE, ExchangeError, StoredGames, collector_paused
from .csv_format import COLUMNS, CSV_KINDS, CUSTOM, HEADER, KIND_COLUMNS, iter_csv, read_csv, write_csv
from .json_format import FORMAT, VERSION, iter_json, read_json, write_json
# The PDF card and the recap picture (reportlab, Pillow) are imported when first used: the browser's copy of
# the app (scorekeeper/capabilities.py) has no Pillow, and CSV and JSON need neither.

FORMATS = ("csv", "json", "pdf")

__all__ = ["COLUMNS", "CSV_KINDS", "FORMAT", "FORMATS", "HEADER", "KIND_COLUMNS", "VERSION", "Export", "SkippedGame",
           "ExchangeError", "export", "export_games", "export_records", "import_file", "iter_file", "parse_file", "read_csv",
           "read_json", "recap", "recap_png", "render_pdf", "write_csv", "write_json"]


@dataclass(frozen=True)
class SkippedGame:
    """A stored game left out of an export of all games because it no longer replays, or can't be read
    as it was stored (storage.integrity)."""

    id: str
    reason: str  # the engine's refusal, naming the game, hand and player; or what is damaged


@dataclass(frozen=True)
class Export:
    data: bytes
    games: int  # games written
    left_out: list[str] = field(default_factory=list)  # ids of games of another kind than the one asked for
    note: str = ""  # what the person exporting should know about the file (CSV: games it can't carry back)
    # Games an export of all games left out because their stored entries no longer fit their rules
    # (exporting such a game by its id refuses, with the same reason). Empty when every game was written.
    skipped: list[SkippedGame] = field(default_factory=list)


def export_records(records: Sequence[GameRecord], fmt: str, *, kind: str | None = None,
                   skip_broken: bool = False) -> Export:
    """The file of these games. A CSV file holds one kind: games of several kinds are refused with
    advice, unless `kind` picks the ones to write (the others are then left out and named).
    A game that no longer replays refuses the export (ExchangeError names it), unless `skip_broken`:
    then it is left out and listed in Export.skipped with the reason."""
    if fmt not in FORMATS:
        raise _unknown_format(fmt)
    with collector_paused():
        return _export_records(list(records), fmt, kind, skip_broken)


def _unknown_format(fmt: object) -> ExchangeError:
    # Translators: {formats} are the formats' names as the command takes them (csv, json, pdf).
    return ExchangeError(_("Unknown export format {format}: choose {formats}.", format=excerpt(fmt),
                           formats=", ".join(FORMATS)))


def _export_records(records: list[GameRecord], fmt: str, kind: str | None, skip_broken: bool) -> Export:
    left_out: list[GameRecord] = []
    if kind is not None:
        check_kind(kind)
        left_out = [record for record in records if record.kind != kind]
        records = [record for record in records if record.kind == kind]
    games = StoredGames(skip_broken=skip_broken)
    notes = []
    if fmt == "csv":
        kept = _WhatCsvKeeps(games)
        data = write_csv(records, kept).encode("utf-8")
        # (the notes are joined with "; " into one note: each starts in lower case and has no full stop)
        if kept.custom:
            notes.append(_n("{count} game uses custom rules, written as \"custom\": a CSV import can't read them "
                            "back; export them as JSON for that",
                            "{count} games use custom rules, written as \"custom\": a CSV import can't read them "
                            "back; export them as JSON for that", kept.custom))
        if kept.reopened:
            notes.append(_n("{count} finished game has no set end (the table finished it): a CSV import brings such a "
                            "game back as still being played",
                            "{count} finished games have no set end (the table finished it): a CSV import brings "
                            "such a game back as still being played", kept.reopened))
    elif fmt == "json":
        data = write_json(records, games).encode("utf-8")
    else:
        from .pdf_format import render_pdf

        data = render_pdf(records, games)
    skipped = [SkippedGame(id=game_id, reason=reason) for game_id, reason in games.skipped]
    if left_out:
        kinds = sorted({record.kind for record in left_out})
        # Translators: {kinds} and {kind} are kinds' ids (oh_heck, score_pad ...).
        notes.append(_n("{count} game of other kinds ({kinds}) left out: only {kind} games were asked for",
                        "{count} games of other kinds ({kinds}) left out: only {kind} games were asked for",
                        len(left_out), kinds=", ".join(kinds), kind=kind))
    if skipped:
        notes.append(_n("{count} game left out because its stored entries no longer fit the rules: {games}",
                        "{count} games left out because their stored entries no longer fit the rules: {games}",
                        len(skipped), games=", ".join(game.id for game in skipped)))
    return Export(data=data, games=len(records) - len(skipped), left_out=[record.id for record in left_out],
                  note="; ".join(notes), skipped=skipped)


class _WhatCsvKeeps:
    """The engine's games as CSV writes them, counting those a CSV import can't bring back as they are."""

    def __init__(self, games: StoredGames) -> None:
        self.games = games
        self.custom = 0  # rules that are no preset: written as "custom", which import refuses
        self.reopened = 0  # finished by the table before their rules end them: imported as being played

    def __call__(self, records: Iterable[GameRecord]) -> Iterator[tuple[GameRecord, object]]:
        for record, game in self.games(records):
            self.custom += game.rules.preset_id == CUSTOM
            self.reopened += record.status == FINISHED and not game.is_over
            yield record, game


def check_kind(kind: object) -> str:
    if kind not in KINDS:
        # Translators: {kinds} are the kinds' ids as the command takes them (oh_heck, score_pad ...).
        raise ExchangeError(_("Unknown game kind {kind}: choose {kinds}.", kind=excerpt(kind), kinds=", ".join(KINDS)))
    return kind


def recap(store, game_id: str) -> bytes:
    """The recap picture (PNG) of one stored game (GameNotFound when there is none)."""
    [record] = list(store.records([game_id]))
    from .recap import recap_png

    return recap_png(record, name=record.title or None)


def export(store, fmt: str, game_ids: Sequence[str] | None = None, kind: str | None = None) -> Export:
    """Export stored games: the ones named (each must exist), or all of them (not the bin); with `kind`,
    only the games of that kind (the games named must all be of it). Exporting all games leaves out a
    game that no longer replays and lists it in Export.skipped; a game named by id refuses instead."""
    if fmt not in FORMATS:
        raise _unknown_format(fmt)
    if kind is not None:
        check_kind(kind)
    if game_ids is None:
        damaged: list[DamagedGame] = []
        with collector_paused():  # while reading too: see collector_paused
            result = export_records(store.records(kind=kind, on_damaged=damaged.append), fmt, skip_broken=True)
        return _with_damaged(result, damaged)
    given, game_ids = list(game_ids), []
    try:
        for game_id in given:  # name the id that is wrong; records() checks ids before reading any game
            found = store.game_id_for(game_id) if isinstance(game_id, str) else None  # (any form, or the file's id)
            try:
                store.records([found or game_id])
                game_ids.append(found or game_id)
            except GameNotFound:
                raise ExchangeError(_(
                    "There is no game {game} to export: it is not in the database, or it is in the bin. Check the id "
                    "(JSON and CSV exports show every game's id), or restore the game from the bin.", game=game_id
                )) from None
        records = list(store.records(game_ids))
    except DamagedGame as damage:
        # Translators: {damage} is storage's sentence on what is damaged (without its full stop).
        raise ExchangeError(_("{damage}. Nothing was exported: a backup made before the damage has the game as it was "
                              "(scorekeeper backups lists them).", damage=damage)) from None
    other = next((record for record in records if kind is not None and record.kind != kind), None)
    if other is not None:
        # Translators: {kind} and {asked} are kinds' ids (oh_heck, score_pad ...).
        raise ExchangeError(_("Game {game} is a {kind} game, not {asked}: leave out --kind, or that game.",
                              game=other.id, kind=other.kind, asked=kind))
    return export_records(records, fmt)


def _with_damaged(result: Export, damaged: list[DamagedGame]) -> Export:
    """The export of all games, naming the games storage could not read (left out, not refused)."""
    if not damaged:
        return result
    note = _n("{count} game left out because it could not be read as stored: {games}",
              "{count} games left out because they could not be read as stored: {games}",
              len(damaged), games=", ".join(damage.game_id for damage in damaged))
    return replace(result, note="; ".join(part for part in (result.note, note) if part),
                   skipped=[SkippedGame(id=damage.game_id, reason=str(damage)) for damage in damaged] + result.skipped)


def export_games(store, fmt: str, game_ids: Sequence[str] | None = None, kind: str | None = None) -> bytes:
    return export(store, fmt, game_ids, kind).data


def parse_file(data: bytes, name: str = THE_FILE) -> list[GameRecord]:
    """The games in an export file, each rebuilt and checked; which format is told by the content."""
    return list(iter_file(io.BytesIO(data), name))


HEAD_BYTES = 1 << 16  # what is read first to tell the format


def iter_file(stream: BinaryIO, name: str = THE_FILE) -> Iterator[GameRecord]:
    """The games of an export file read from a binary stream, one at a time (never the whole file in
    memory); which format it is, is told by its first bytes."""
    if name == THE_FILE:  # (a file given without a name: so called in the reader's language)
        name = _(THE_FILE)
    head = stream.read(HEAD_BYTES)
    if head.startswith(b"%PDF"):
        raise ExchangeError(_("{source} is a printed score card (PDF), which can't be read back: import the CSV or "
                              "JSON export instead.", source=name))
    try:
        start = codecs.getincrementaldecoder("utf-8-sig")().decode(head, final=len(head) < HEAD_BYTES)
    except UnicodeDecodeError as problem:
        raise ExchangeError(_("{source} is not a text file (byte {byte} is not UTF-8): it is not a Scorekeeper CSV or "
                              "JSON export.", source=name, byte=problem.start + 1)) from None
    while not start.strip():  # white space only so far: the format is told by what follows
        if len(head) < HEAD_BYTES:
            raise ExchangeError(_("{source} is empty: there is nothing to import.", source=name))
        head = stream.read(HEAD_BYTES)
        start = head.decode("utf-8", errors="replace")
    text = io.TextIOWrapper(io.BufferedReader(_Rejoined(head, stream)), encoding="utf-8-sig", newline="")
    if start.lstrip()[0] in "{[":
        return iter_json(text, name)
    if "\x00" in start:
        raise ExchangeError(_("{source} is not a text file: it is not a Scorekeeper CSV or JSON export.", source=name))
    return iter_csv(text, name)


class _Rejoined(io.RawIOBase):
    """The bytes already read (`head`) followed by the rest of the stream, read as one stream again."""

    def __init__(self, head: bytes, rest: BinaryIO) -> None:
        super().__init__()
        self._head, self._rest = memoryview(head), rest

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        if self._head:
            count = min(len(buffer), len(self._head))
            buffer[:count] = self._head[:count]
            self._head = self._head[count:]
            return count
        data = self._rest.read(len(buffer))
        buffer[:len(data)] = data
        return len(data)


def import_file(store, path_or_bytes: str | os.PathLike | bytes | BinaryIO, name: str | None = None):
    """Add the games of an export file (a path, the bytes, or a binary stream such as standard input).
    Games already in the database are skipped, not doubled; a file with any problem is refused whole
    and nothing is written. The file is read as it is imported, in bounded memory."""
    if isinstance(path_or_bytes, (bytes, bytearray)):
        return services.store_imported(store, iter_file(io.BytesIO(bytes(path_or_bytes)), name or THE_FILE))
    if hasattr(path_or_bytes, "read"):
        return services.store_imported(store, iter_file(path_or_bytes, name or THE_FILE))
    path = Path(path_or_bytes)
    name = name or path.name
    try:
        opened = path.open("rb")
    except FileNotFoundError:
        raise ExchangeError(_("There is no file {path}: check the name and folder.", path=repr(str(path)))) from None
    except IsADirectoryError:
        raise _a_folder(path) from None
    except OSError as problem:
        raise _unreadable(path, problem) from None
    with opened:
        try:
            return services.store_imported(store, iter_file(opened, name))
        except IsADirectoryError:
            raise _a_folder(path) from None
        except OSError as problem:  # reading the file failed half-way (a disk error, a removed drive)
            raise _unreadable(path, problem) from None


def _a_folder(path: Path) -> ExchangeError:
    return ExchangeError(_("{path} is a folder: give the export file inside it.", path=repr(str(path))))


def _unreadable(path: Path, problem: OSError) -> ExchangeError:
    # Translators: {problem} is the system's own words on why (English).
    return ExchangeError(_("{path} can't be read: {problem}.", path=repr(str(path)), problem=problem.strerror))


def __getattr__(name: str):
    """render_pdf and recap_png, imported on first use (see above)."""
    if name == "render_pdf":
        from .pdf_format import render_pdf

        return render_pdf
    if name == "recap_png":
        from .recap import recap_png

        return recap_png
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
