"""What the CSV, JSON and PDF formats share: the error for refused files, the limits of what a file
may hold, times and text cells as written, and the engine's game of each stored record (rules.replay,
the one reader of stored entries)."""
from __future__ import annotations

from scorekeeper.i18n import N_, _, number

import gc
import re
import threading
import unicodedata
import uuid
from contextlib import contextmanager
from datetime import datetime, timezone
from typing import Any, Callable, Iterable, Iterator, TextIO

from scorekeeper.rules import KindGame, ReplayError, replay
from scorekeeper.rules.common import InvalidEntry, excerpt
from scorekeeper.rules.oh_heck import MAX_HANDS, MAX_PLAYERS
from scorekeeper.rules.rounds import MOST_ROUNDS  # rounds (hands) of the kinds without a set length
from scorekeeper.storage.records import MOST_REF_CHARS, GameRecord, uuid_id

GAME_ID = re.compile(r"[0-9a-f]{32}")  # uuid4 hex, as storage writes ids

# What an import file may hold, checked as it is read and before anything is built from a number in it:
# far beyond what a table could have played, far below what would cost the machine its memory
# (a seat of 10**20 used to make import build a set of that many numbers). The rules' own limits are
# the same numbers: no game the app can store is refused.
MOST_GAMES = 100_000  # per file: ten games a night, every night, for 27 years
MOST_SEATS = MAX_PLAYERS  # the most players any kind's rules allow
MOST_HANDS = MAX_HANDS  # hands of a bid-and-tricks game, and cards per hand
MOST_ROWS = 20_000  # CSV rows of one game: 100 players x 100 hands, 20 players x 1,000 rounds
MOST_LINE_CHARS = 4096  # a CSV line: the longest row of an export is a few hundred characters
MOST_ROW_CHARS = 4 * MOST_LINE_CHARS  # a CSV row, over all its lines (a note's line breaks are quoted)
MOST_CSV_GAME_CHARS = 8_000_000  # the rows of one CSV game: MOST_ROWS rows of 400 characters
MOST_GAME_CHARS = 2_000_000  # one game of a JSON file: a 100-player, 100-hand game with corrections, 260,000
LONGEST_NUMBER = 30  # digits: far beyond any score, count or hand number, far below Python's limit (4300)


class ExchangeError(InvalidEntry):
    """A file that can't be imported, or a game that can't be exported in the asked format.
    The message names the file and line or the game, hand and player, and says how to fix it."""


# What a refusal calls a file given without a name (translated when the refusal is made).
THE_FILE = N_("the file")


def line_of(source: str, line: int) -> str:
    """Where in a file a refusal points: 'data.csv, line 3' (the label before its colon)."""
    # Translators: where in a file a refusal points; {source} is the file's name (or "the file").
    return _("{source}, line {line}", source=source, line=line)


class Later:
    """Text worded when it is shown, not before: an import names the place of every row and hand it
    reads, for a refusal that comes for one of them at most (wording them all took a third of an
    import of ten thousand games). Formats as the text `word(*args)` gives."""

    __slots__ = ("_word", "_args")

    def __init__(self, word: Callable[..., str], *args: Any) -> None:
        self._word, self._args = word, args

    def __str__(self) -> str:
        return self._word(*self._args)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


def at_step(where: str, unit: str, number: object) -> str:
    """'data.json, game 2, hand 3': a place in a game (`unit`: the kind's "hand" or "round")."""
    if unit == "round":
        # Translators: a place in a file's game that a refusal points at ("data.json, game 2, round 3").
        return _("{where}, round {number}", where=where, number=number)
    # Translators: a place in a file's game that a refusal points at ("data.json, game 2, hand 3").
    return _("{where}, hand {number}", where=where, number=number)


_pause_lock = threading.Lock()
_pauses = 0  # exports running with the collector paused
_resume = False  # whether the first of them found it on


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused while an export reads and writes. Ten thousand games are
    a million or so container objects (entries, hands), none in a cycle; the collector's passes over
    them, long-lived as they are, cost as much as the rest of the export. Reference counting still frees
    everything; the collector is switched back on (if it was on) when the last export ends."""
    global _pauses, _resume
    with _pause_lock:
        if _pauses == 0:
            _resume = gc.isenabled()
            gc.disable()
        _pauses += 1
    try:
        yield
    finally:
        with _pause_lock:
            _pauses -= 1
            if _pauses == 0 and _resume:
                gc.enable()


def table_changed(game: object) -> bool:
    """Whether anyone joined late, left or sat out a hand (round) of `game` (rules.roster): what CSV
    (the table columns) and PDF (the players not in a hand, the legend) ask before saying more."""
    return bool(getattr(game, "joins", None) or getattr(game, "left", None) or getattr(game, "sat_out", None))


def iso_time(moment: datetime) -> str:
    """ISO 8601 with the offset; naive times (should storage hand one out) are taken as UTC."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.isoformat()


EXAMPLE_TIME = "2024-05-04T19:30:00+00:00"  # machine text: the same in every language


def parse_time(text: object, what: str) -> datetime:
    """An ISO 8601 time from a file, in UTC. A time without an offset is taken as UTC."""
    if not isinstance(text, str):
        # Translators: {what} names the field and where it is ("data.csv, line 2 (game 7): started_at").
        raise ExchangeError(_("{what} must be an ISO 8601 time like {example}, not {value}.",
                              what=what, example=EXAMPLE_TIME, value=excerpt(text)))
    try:
        moment = datetime.fromisoformat(text.strip())
    except ValueError:
        # Translators: {what} names the field and where it is ("data.csv, line 2 (game 7): started_at").
        raise ExchangeError(_("{what} {value} is not an ISO 8601 time: write it like {example}.",
                              what=what, value=excerpt(text), example=EXAMPLE_TIME)) from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    try:
        return moment.astimezone(timezone.utc)
    except OverflowError:  # 0001-01-01T00:00+14:00 is before the year 1 in UTC
        # Translators: {what} names the field and where it is ("data.csv, line 2 (game 7): started_at").
        raise ExchangeError(_("{what} {value} can't be told in UTC (it falls outside the years 1 to 9999 there): "
                              "write a real time like {example}.",
                              what=what, value=excerpt(text), example=EXAMPLE_TIME)) from None


# A spreadsheet runs a cell that starts with one of these as a formula (=HYPERLINK(...), +cmd|...).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_ESCAPED = FORMULA_STARTS + ("'",)


def protect_cell(text: str) -> str:
    """A text cell (a name, a trump) as CSV writes it: one leading apostrophe when it starts like a formula,
    the usual guard (spreadsheets show the text, not a formula), or with an apostrophe (so that reading
    back can tell the two apart). unprotect_cell undoes it exactly."""
    return "'" + text if text.startswith(_ESCAPED) else text


_QUOTED = re.compile(r'[,"\r\n]')


def csv_text(text: str) -> str:
    """A text cell as a CSV line holds it: protected (protect_cell), and quoted as the csv module's
    minimal quoting does (docs/export-format.md) when it holds a comma, a quote or a line break. The
    file's lines are joined from such cells and numbers directly: the csv module's writer, a call per
    cell, cost as much as the rest of an export of ten thousand games."""
    text = protect_cell(text)
    return '"' + text.replace('"', '""') + '"' if _QUOTED.search(text) else text


def unprotect_cell(text: str) -> str:
    """The text protect_cell was given: one leading apostrophe before a formula start or an apostrophe
    is dropped; anything else (a file written before the guard, or by hand) is read as it is."""
    return text[1:] if len(text) > 1 and text[0] == "'" and text[1] in _ESCAPED else text


def file_game_id(text: str, what: str) -> tuple[str, str | None]:
    """(id, external reference) of a game in a CSV file: an id of ours is kept, and a UUID in any other
    usual form (dashed, braced, upper case) is that id (the text kept as its reference too: an earlier
    version stored such a game under a fresh id, by that reference); any other text (a record keeper's
    "2024-03-01 Smiths") becomes the game's external reference and the game gets a fresh id of ours.
    Storage finds the game again by id or reference, so the file imports once."""
    if GAME_ID.fullmatch(text):
        return text, None
    game_id = uuid_id(text)
    if game_id is not None:
        return game_id, text
    if not text:
        raise ExchangeError(_("{where}: the game_id is empty; give every row of a game the same id (any text, "
                              "like 2024-03-01 Smiths).", where=what))
    if len(text) > MOST_REF_CHARS or any(unicodedata.category(char) in ("Cc", "Cs") for char in text):
        raise ExchangeError(_("{where}: the game_id {value} is not a game id: use at most {most} characters of "
                              "plain text, like 2024-03-01 Smiths.", where=what, value=excerpt(text),
                              most=MOST_REF_CHARS))
    return uuid.uuid4().hex, text


def too_many(count: int, most: int, where: str, game: str | None = None) -> None:
    """Refuse a count beyond what a table could have played, before anything is built from it: the
    games of the file, or (`game`: its id as the file gives it) the rows of one game."""
    if count <= most:
        return
    if game is None:
        raise ExchangeError(_("{where}: the file holds more than {most}; no game a table played has that many, so "
                              "this is not a Scorekeeper export (or it is damaged). Nothing was imported.",
                              where=where, most=number(most)))
    raise ExchangeError(_("{where}: game {game} has more than {most}; no game a table played has that many, so this "
                          "is not a Scorekeeper export (or it is damaged). Nothing was imported.",
                          where=where, game=game, most=number(most)))


class BoundedLines:
    """The lines of a text file one at a time (line breaks kept, for the csv module), each refused
    when longer than MOST_LINE_CHARS or holding NUL: a file is never read whole into memory. A row
    may run over several lines (a quoted cell with line breaks): its reader calls `row_read()` after
    each row, and a row that goes on for more than MOST_ROW_CHARS is refused."""

    def __init__(self, text: TextIO, source: str) -> None:
        self.text, self.source = text, source
        self.chars = self.row_start = 0  # characters read; where the row being read began
        self.count = 0  # lines read
        self.row_line = 1  # the line the row being read began on

    def row_read(self) -> None:
        self.row_start, self.row_line = self.chars, self.count + 1

    def __iter__(self) -> Iterator[str]:
        while True:
            line = self.text.readline(MOST_LINE_CHARS + 1)
            if not line:
                return
            self.count += 1
            self.chars += len(line)
            if len(line) > MOST_LINE_CHARS and not line.endswith(("\n", "\r")):
                raise ExchangeError(_("{source}, line {line} is longer than {most} characters: no row of an export is; "
                                      "this is not a Scorekeeper CSV file (or it is damaged).",
                                      source=self.source, line=self.count, most=number(MOST_LINE_CHARS)))
            if self.chars - self.row_start > MOST_ROW_CHARS:
                raise ExchangeError(_("{source}, line {line}: the row starting there runs on for more than {most} "
                                      "characters: no row of an export does; this is not a Scorekeeper CSV file (or "
                                      "it is damaged).", source=self.source, line=self.row_line,
                                      most=number(MOST_ROW_CHARS)))
            if "\x00" in line:
                raise ExchangeError(_("{source} is not a text file (line {line} holds a NUL byte): it is not a "
                                      "Scorekeeper CSV or JSON export.", source=self.source, line=self.count))
            yield line


def check_game_id(value: object, what: str) -> str:
    """A JSON game's id: a UUID in any usual form (storage.records.uuid_id), as the 32 digits it stands for."""
    game_id = uuid_id(value)
    if game_id is None:
        raise ExchangeError(_(
            "{where}: the game id {value} is not a Scorekeeper id (a UUID: 32 hexadecimal digits, dashes and braces "
            "allowed). Ids come from the app's export: keep them as exported.", where=what, value=excerpt(value)))
    return game_id


def stored_game(record: GameRecord) -> KindGame:
    """The engine's game of a stored record; a stored game that breaks its rules is named."""
    try:
        return replay(record)
    except ReplayError as problem:
        raise ExchangeError(_("Stored game {game} breaks its rules and can't be exported: {problem}",
                              game=record.id, problem=problem)) from None


class StoredGames:
    """The engine's game of each record to export. With `skip_broken` (an export of all games), a game
    that no longer replays is left out and noted in `skipped` as (id, reason); otherwise it refuses."""

    def __init__(self, skip_broken: bool = False) -> None:
        self.skip_broken = skip_broken
        self.skipped: list[tuple[str, str]] = []

    def __call__(self, records: Iterable[GameRecord]) -> Iterator[tuple[GameRecord, KindGame]]:
        for record in records:
            try:
                game = stored_game(record)
            except ExchangeError as problem:
                if not self.skip_broken:
                    raise
                self.skipped.append((record.id, str(problem)))
                continue
            yield record, game
