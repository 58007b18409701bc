"""CSV: one row per player per hand or round, for spreadsheets. One file holds games of one kind, and
its header says which: each kind's columns and rows are its KindCsv (csv_kind.py), found by kind in
exchange.kinds; this module reads and writes whole files through them (reading with the standard
library's csv module).
Games of a preset only (a CSV row can't carry custom rules: JSON does).

Reading rebuilds each game from its rows and applies its entries through the rules engine, so points and
running totals in the file are checked, never trusted. Any problem refuses the whole file.
"""
from __future__ import annotations

from scorekeeper.i18n import _, number

import csv
import io
import itertools
from collections import Counter
from typing import Iterable, Iterator, Sequence, TextIO

from scorekeeper.rules.adjustments import ADJUST
from scorekeeper.rules.common import excerpt
from scorekeeper.rules.roster import JOIN, LEAVE, SIT_OUT
from scorekeeper.storage.records import GameRecord

from .common import (BoundedLines, ExchangeError, MOST_CSV_GAME_CHARS, MOST_GAMES, MOST_ROWS, StoredGames, THE_FILE,
                     csv_text, iso_time, line_of, too_many)
from .csv_cells import CUSTOM
from .csv_kind import KindCsv
from .kinds import KIND_CSVS

__all__ = ["COLUMNS", "CSV_KINDS", "CUSTOM", "HEADER", "KIND_COLUMNS", "iter_csv", "read_csv", "write_csv"]

# Every kind's columns: the header of a file tells its kind.
KIND_COLUMNS: dict[str, tuple[str, ...]] = {kind: layout.columns for kind, layout in KIND_CSVS.items()}
CSV_KINDS = tuple(KIND_COLUMNS)  # the kinds CSV writes and reads
FIRST_KIND = next(iter(KIND_CSVS))  # the kind whose header an export of no games has
COLUMNS = KIND_COLUMNS[FIRST_KIND]  # the bid-and-tricks columns, as documented first
HEADER = ",".join(COLUMNS)


def not_for_csv(record: GameRecord) -> str | None:
    """Why this game has no CSV form (a sentence), or None when it has one."""
    if record.kind not in KIND_CSVS:
        return _("Game {game} is a {kind} game, which this version can't write as CSV: export it as JSON.",
                 game=record.id, kind=record.kind)
    return None


def one_kind(records: Sequence[GameRecord]) -> str:
    """The kind of these games (FIRST_KIND when there are none); refused when they are of several
    kinds, since a CSV file's header holds the columns of one kind."""
    kinds = Counter(record.kind for record in records)
    for record in records:
        problem = not_for_csv(record)
        if problem:
            raise ExchangeError(problem)
    if len(kinds) > 1:
        counts = ", ".join(f"{kind}: {count}" for kind, count in sorted(kinds.items()))
        raise ExchangeError(_(
            "A CSV file holds games of one kind, and these games are of {kinds} kinds ({counts}). Export one kind "
            "at a time (scorekeeper export --format csv --kind KIND), or all of them as JSON.",
            kinds=len(kinds), counts=counts))
    return next(iter(kinds), FIRST_KIND)


def write_csv(records: Iterable[GameRecord], games: StoredGames | None = None) -> str:
    """The CSV file of these games (of one kind), each read through the engine (`games`)."""
    games = games or StoredGames()
    records = list(records)
    layout = KIND_CSVS[one_kind(records)]
    layout = layout.extended(**_columns_needed(records))
    parts = [layout.header, "\n"]
    for record, game in games(records):
        parts.append(game_csv(layout, record, game))
    return "".join(parts)


def _columns_needed(records: Sequence[GameRecord]) -> dict[str, bool]:
    """Which of KindCsv.extended's columns these games need: one look at every entry, kept cheap (an
    export of all games reads hundreds of thousands): only entries of more than three fields (bids
    against the hook, adjustments, late arrivals) and those of three without the "values" of bids and
    tricks or a score pad's "points" (changes of the hands, a player leaving or sitting out, a trump)
    get a second look."""
    hook = hands = table = adjustments = False
    for record in records:
        for action in record.actions:
            if len(action) > 3 or "values" not in action and "points" not in action:
                kind = action.get("type")
                hook = hook or action.get("against_hook") is True
                hands = hands or kind == "hands"
                table = table or kind in (JOIN, LEAVE, SIT_OUT)
                adjustments = adjustments or kind == ADJUST
    return {"hook": hook, "hands": hands, "table": table, "adjustments": adjustments}


def game_csv(layout: KindCsv, record: GameRecord, game) -> str:
    """The rows of one game as CSV text: minimal quoting, lines ending in \\n (docs/export-format.md);
    the kind's rows are its lines, their text cells quoted where they must be (common.csv_text)."""
    start = (record.id, iso_time(record.started_at), csv_text(game.rules.preset_id))
    lines = layout.rows(start, game)
    return "\n".join(lines) + "\n" if lines else ""


# ----- reading -----

def read_csv(text: str, source: str = THE_FILE) -> list[GameRecord]:
    """The games of a CSV export, checked against their rules; ExchangeError names the first problem."""
    return list(iter_csv(io.StringIO(text, newline=""), source))


def iter_csv(text: TextIO, source: str = THE_FILE) -> Iterator[GameRecord]:
    """The games of a CSV export read from a text stream (opened with newline=""), each rebuilt and
    checked as soon as its last row is read: memory holds one game's rows, never the file. A game's
    rows come together (in any order among themselves), as every export writes them."""
    if source == THE_FILE:
        source = _(THE_FILE)
    lines = BoundedLines(text, source)
    reader = csv.reader(lines, strict=True)
    try:
        header = next(reader, None)
        if header is None:
            raise ExchangeError(_("{source} is empty: there is nothing to import.", source=source))
        layout = check_header(header, source)
        lines.row_read()
        done: set[str] = set()  # the ids of the games read so far
        game_id, rows, game_start = None, [], 0
        for fields in reader:
            row_start = lines.row_start
            lines.row_read()
            if not fields or fields == [""] * len(fields):  # blank lines (a trailing one is common)
                continue
            row = layout.parse_row(fields, reader.line_num, source)
            if row.game_id != game_id:
                if rows:
                    yield layout.game_from_rows(game_id, rows, source)
                if row.game_id in done:
                    raise ExchangeError(_(
                        "{where}: this row of game {game} comes after the rows of another game; keep each game's "
                        "rows together (sort the file by game_id) and import it again.",
                        where=line_of(source, reader.line_num), game=excerpt(row.game_id)))
                done.add(row.game_id)
                too_many(len(done), MOST_GAMES, line_of(source, reader.line_num))
                game_id, rows, game_start = row.game_id, [], row_start
            rows.append(row)
            if len(rows) > MOST_ROWS:
                too_many(len(rows), MOST_ROWS, line_of(source, reader.line_num), excerpt(game_id))
            if lines.chars - game_start > MOST_CSV_GAME_CHARS:
                raise ExchangeError(_(
                    "{where}: the rows of game {game} run on for more than {most} characters; no game a table played "
                    "is that long, so this is not a Scorekeeper export (or it is damaged). Nothing was imported.",
                    where=line_of(source, reader.line_num), game=excerpt(game_id), most=number(MOST_CSV_GAME_CHARS)))
        if rows:
            yield layout.game_from_rows(game_id, rows, source)
    except csv.Error as problem:
        raise ExchangeError(_(
            "{where}: this is not valid CSV ({problem}). The file may be truncated or damaged: export it again.",
            where=line_of(source, reader.line_num), problem=problem)) from None
    except UnicodeDecodeError:
        raise ExchangeError(_("{source} is not a text file (after line {line} it is not UTF-8): it is not a "
                              "Scorekeeper CSV or JSON export.", source=source, line=reader.line_num)) from None
    if not done:
        raise ExchangeError(_("{source} has the header but no games: there is nothing to import.", source=source))


def check_header(header: Sequence[str], source: str) -> KindCsv:
    """The layout of the kind whose columns the header is (with the columns only some games need
    last, or without: KindCsv.extended); refused, naming the nearest kind's columns, otherwise."""
    names = [name.strip().lstrip("\ufeff") for name in header]
    for kind, columns in KIND_COLUMNS.items():
        layout = KIND_CSVS[kind]
        hooks, sequences = (False, True) if layout.hooked else (False,), (False, True) if layout.sequenced else (False,)
        tables = (False, True) if layout.seated else (False,)
        for hook, hands, table, adjustments in itertools.product(hooks, sequences, tables, (False, True)):
            layout = KIND_CSVS[kind].extended(hook=hook, hands=hands, table=table, adjustments=adjustments)
            if tuple(names) == layout.columns:
                return layout
    # The kind the header is nearest to: the fewest columns missing or unexpected.
    nearest = min(KIND_COLUMNS.values(), key=lambda columns: len(set(columns) ^ set(names)))
    missing = [name for name in nearest if name not in names]
    unexpected = [name for name in names if name not in nearest]
    details = []
    if missing:
        # Translators: the columns a CSV file's first line lacks ("missing game_id, seat").
        details.append(_("missing {columns}", columns=", ".join(missing)))
    if unexpected:
        # Translators: the columns a CSV file's first line has that no export has ("unexpected 'Score'").
        details.append(_("unexpected {columns}", columns=", ".join(repr(name) for name in unexpected[:5])))
    if not details:
        details.append(_("the columns are in another order"))
    kind = next(kind for kind, columns in KIND_COLUMNS.items() if columns == nearest)
    raise ExchangeError(_(
        "{where}: this is not a Scorekeeper CSV export ({details}). The first line of a {kind} file must be "
        "exactly: {header} (docs/export-format.md lists the columns of every kind).",
        where=line_of(source, 1), details="; ".join(details), kind=kind, header=",".join(nearest)))
