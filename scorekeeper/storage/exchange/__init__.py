"""Export games to CSV, JSON or a printable PDF score card, and import CSV or JSON exports.

    export_games(store, "csv" | "json" | "pdf", game_ids=None) -> bytes
    import_file(store, path_or_bytes, name=None) -> ImportResult(added, skipped)

An import is checked whole before anything is written: one bad game, hand or line refuses the file
(ExchangeError names it) and the database stays as it was. docs/export-format.md describes the formats.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

from scorekeeper.storage.errors import StorageError
from scorekeeper.storage.records import GameRecord

from .common import ExchangeError, GameBuilder
from .csv_format import COLUMNS, HEADER, not_for_csv, read_csv, write_csv
from .json_format import FORMAT, VERSION, read_json, write_json
from .pdf_card import render_pdf

FORMATS = ("csv", "json", "pdf")

__all__ = ["COLUMNS", "FORMAT", "FORMATS", "HEADER", "VERSION", "Export", "ExchangeError", "export",
           "export_games", "export_records", "import_file", "parse_file", "read_csv", "read_json", "render_pdf",
           "write_csv", "write_json"]


@dataclass(frozen=True)
class Export:
    data: bytes
    games: int  # games written
    left_out: list[str] = field(default_factory=list)  # ids of games the format can't hold (CSV: other kinds)
    note: str = ""  # why they were left out, for the person exporting


def export_records(records: Sequence[GameRecord], fmt: str, *, only_what_fits: bool = False) -> Export:
    """The file of these games. With `only_what_fits`, games the format can't hold (another kind in
    CSV) are left out and said why, instead of refusing the export."""
    if fmt not in FORMATS:
        raise ExchangeError(f"Unknown export format {fmt!r}: choose {', '.join(FORMATS)}.")
    left_out: list[GameRecord] = []
    if fmt == "csv":
        kept = []
        for record in records:
            problem = not_for_csv(record)
            if problem is None:
                kept.append(record)
            elif only_what_fits:
                left_out.append(record)
            else:
                raise ExchangeError(problem[0].upper() + problem[1:] + ".")
        records = kept
    builder = GameBuilder()
    if fmt == "csv":
        data = write_csv(records, builder).encode("utf-8")
    elif fmt == "json":
        data = write_json(records, builder).encode("utf-8")
    else:
        data = render_pdf(records, builder)
    note = ""
    if left_out:
        kinds = sorted({record.kind for record in left_out})
        note = (f"{len(left_out)} {'game' if len(left_out) == 1 else 'games'} of other kinds ({', '.join(kinds)}) "
                "left out: CSV holds bid-and-tricks games only; export them as JSON")
    return Export(data=data, games=len(records), left_out=[record.id for record in left_out], note=note)


def export(store, fmt: str, game_ids: Sequence[str] | None = None) -> Export:
    """Export stored games: the ones named (each must exist), or all of them (not the bin)."""
    if fmt not in FORMATS:
        raise ExchangeError(f"Unknown export format {fmt!r}: choose {', '.join(FORMATS)}.")
    if game_ids is None:
        records = list(store.records())
    else:
        game_ids = list(game_ids)
        for game_id in game_ids:  # name the id that is wrong; records() checks ids before reading any game
            try:
                store.records([game_id])
            except StorageError:
                raise ExchangeError(
                    f"There is no game {game_id} to export: it is not in the database, or it is in the bin. "
                    "Check the id (JSON and CSV exports show every game's id), or restore the game from the bin."
                ) from None
        records = list(store.records(game_ids))
    return export_records(records, fmt, only_what_fits=game_ids is None)


def export_games(store, fmt: str, game_ids: Sequence[str] | None = None) -> bytes:
    return export(store, fmt, game_ids).data


def parse_file(data: bytes, name: str = "the file") -> list[GameRecord]:
    """The games in an export file, each rebuilt and checked; which format is told by the content."""
    if data.startswith(b"%PDF"):
        raise ExchangeError(f"{name} is a printed score card (PDF), which can't be read back: import the CSV or "
                            "JSON export instead.")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as problem:
        raise ExchangeError(
            f"{name} is not a text file (byte {problem.start + 1} is not UTF-8): it is not a Scorekeeper CSV "
            "or JSON export."
        ) from None
    start = text.lstrip()
    if not start:
        raise ExchangeError(f"{name} is empty: there is nothing to import.")
    if start[0] in "{[":
        return read_json(text, name)
    if "\x00" in text:
        raise ExchangeError(f"{name} is not a text file: it is not a Scorekeeper CSV or JSON export.")
    return read_csv(text, name)


def import_file(store, path_or_bytes: str | os.PathLike | bytes, name: str | None = None):
    """Add the games of an export file. Games already in the database are skipped, not doubled;
    a file with any problem is refused whole and nothing is written."""
    if isinstance(path_or_bytes, (bytes, bytearray)):
        data, name = bytes(path_or_bytes), name or "the file"
    else:
        path = Path(path_or_bytes)
        name = name or path.name
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            raise ExchangeError(f"There is no file {str(path)!r}: check the name and folder.") from None
        except IsADirectoryError:
            raise ExchangeError(f"{str(path)!r} is a folder: give the export file inside it.") from None
        except OSError as problem:
            raise ExchangeError(f"{str(path)!r} can't be read: {problem.strerror}.") from None
    return store.import_records(parse_file(data, name))
