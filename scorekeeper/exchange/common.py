"""What the CSV, JSON and PDF formats share: the error for refused files, times as text, and games
built from records once (export of many games must stay fast)."""
from __future__ import annotations

import gc
import json
import re
import threading
import unicodedata
import uuid
from contextlib import contextmanager
from datetime import datetime, timezone
from typing import Any, Iterable, Iterator, Mapping, NamedTuple, TextIO

from scorekeeper.rules.common import InvalidEntry, clean_name, excerpt, leaders, name_key
from scorekeeper.rules.kinds import kind_module
from scorekeeper.rules.oh_heck import MAX_HANDS, MAX_PLAYERS, NO_TRUMP
from scorekeeper.rules.rounds import MOST_ROUNDS  # rounds (hands) of the kinds without a set length
from scorekeeper.storage.records import MOST_REF_CHARS, GameRecord

BID_TRICKS = "bid-tricks"  # the kind CSV and the full PDF score card are made for
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
MOST_GAME_CHARS = 2_000_000  # one game of a JSON file: a 100-player, 100-hand game with corrections, 260,000
LONGEST_NUMBER = 30  # digits: far beyond any score, count or hand number, far below Python's limit (4300)


class ExchangeError(InvalidEntry):
    """A file that can't be imported, or a game that can't be exported in the asked format.
    The message names the file and line or the game, hand and player, and says how to fix it."""


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


def iso_time(moment: datetime) -> str:
    """ISO 8601 with the offset; naive times (should storage hand one out) are taken as UTC."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.isoformat()


def parse_time(text: object, what: str) -> datetime:
    """An ISO 8601 time from a file, in UTC. A time without an offset is taken as UTC."""
    if not isinstance(text, str):
        raise ExchangeError(f"{what} must be an ISO 8601 time like 2024-05-04T19:30:00+00:00, not {excerpt(text)}.")
    try:
        moment = datetime.fromisoformat(text.strip())
    except ValueError:
        raise ExchangeError(
            f"{what} {excerpt(text)} is not an ISO 8601 time: write it like 2024-05-04T19:30:00+00:00."
        ) from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    try:
        return moment.astimezone(timezone.utc)
    except OverflowError:  # 0001-01-01T00:00+14:00 is before the year 1 in UTC
        raise ExchangeError(
            f"{what} {excerpt(text)} can't be told in UTC (it falls outside the years 1 to 9999 there): write a real "
            "time like 2024-05-04T19:30:00+00:00."
        ) from None


# A spreadsheet runs a cell that starts with one of these as a formula (=HYPERLINK(...), +cmd|...).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_ESCAPED = FORMULA_STARTS + ("'",)


def protect_cell(text: str) -> str:
    """A text cell (a name, a trump) as CSV writes it: one leading apostrophe when it starts like a formula,
    the usual guard (spreadsheets show the text, not a formula), or with an apostrophe (so that reading
    back can tell the two apart). unprotect_cell undoes it exactly."""
    return "'" + text if text.startswith(_ESCAPED) else text


def unprotect_cell(text: str) -> str:
    """The text protect_cell was given: one leading apostrophe before a formula start or an apostrophe
    is dropped; anything else (a file written before the guard, or by hand) is read as it is."""
    return text[1:] if len(text) > 1 and text[0] == "'" and text[1] in _ESCAPED else text


def file_game_id(text: str, what: str) -> tuple[str, str | None]:
    """(id, external reference) of a game in a CSV file: an id of ours is kept; any other text (a
    record keeper's "2024-03-01 Smiths") becomes the game's external reference and the game gets a
    fresh id of ours. Storage finds the game again by that reference, so the file imports once."""
    if GAME_ID.fullmatch(text):
        return text, None
    if not text:
        raise ExchangeError(f"{what}: the game_id is empty; give every row of a game the same id (any text, "
                            "like 2024-03-01 Smiths).")
    if len(text) > MOST_REF_CHARS or any(unicodedata.category(char) in ("Cc", "Cs") for char in text):
        raise ExchangeError(f"{what}: the game_id {excerpt(text)} is not a game id: use at most {MOST_REF_CHARS} "
                            "characters of plain text, like 2024-03-01 Smiths.")
    return uuid.uuid4().hex, text


def too_many(count: int, most: int, what: str, where: str) -> None:
    """Refuse a count beyond what a table could have played, before anything is built from it."""
    if count > most:
        raise ExchangeError(f"{where}: {what} more than {most:,}; no game a table played has that many, so this "
                            "is not a Scorekeeper export (or it is damaged). Nothing was imported.")


def bounded_lines(text: TextIO, source: str) -> Iterator[str]:
    """The lines of a text file one at a time (line breaks kept, for the csv module), each refused
    when longer than MOST_LINE_CHARS or holding NUL: a file is never read whole into memory."""
    number = 0
    while True:
        line = text.readline(MOST_LINE_CHARS + 1)
        if not line:
            return
        number += 1
        if len(line) > MOST_LINE_CHARS and not line.endswith(("\n", "\r")):
            raise ExchangeError(f"{source}, line {number} is longer than {MOST_LINE_CHARS:,} characters: no row "
                                "of an export is; this is not a Scorekeeper CSV file (or it is damaged).")
        if "\x00" in line:
            raise ExchangeError(f"{source} is not a text file (line {number} holds a NUL byte): it is not a "
                                "Scorekeeper CSV or JSON export.")
        yield line


def check_game_id(value: object, what: str) -> str:
    if not isinstance(value, str) or not GAME_ID.fullmatch(value):
        raise ExchangeError(
            f"{what}: the game id {excerpt(value)} is not a Scorekeeper id (32 lowercase hexadecimal digits). "
            "Ids come from the app's export: keep them as exported."
        )
    return value


def _rules_key(rules: Mapping[str, Any]) -> object:
    key = tuple(sorted((name, tuple(value) if isinstance(value, list) else value) for name, value in rules.items()))
    try:
        hash(key)
    except TypeError:  # nested values (another kind's rules): slower, still exact
        return json.dumps(rules, sort_keys=True, default=str)
    return key


class GameBuilder:
    """Builds the engine's game of a record. Rules are checked and built once per distinct rule set,
    not once per game: most stored games share a handful of presets."""

    def __init__(self, skip_broken: bool = False) -> None:
        self._rules: dict[object, Any] = {}
        self._last_rules: tuple = (None, None, None)  # (kind, data, rules) of the last game: games come in runs
        self._layouts: dict[tuple, list[_Deal]] = {}  # (rules, players, first dealer) -> each hand's _Deal
        self._points: dict[tuple, _Points] = {}  # (id(rules), cards) -> {(bid, tricks): points}
        self._rules_data: dict[int, dict] = {}  # id(rules) -> rules.to_dict()
        self._players: dict[Any, str] = {}  # name -> its name_key, "" when the engine would refuse or tidy it
        # With skip_broken, sheets() and games() leave out a game that no longer replays and note it here
        # as (id, reason) instead of refusing the export.
        self.skip_broken = skip_broken
        self.skipped: list[tuple[str, str]] = []

    def sheets(self, records: Iterable[GameRecord]) -> Iterator[tuple[GameRecord, Any]]:
        """(record, sheet()) for each record that can be exported."""
        return self._each(records, self.sheet)

    def games(self, records: Iterable[GameRecord]) -> Iterator[tuple[GameRecord, Any]]:
        """(record, build()) for each record that can be exported."""
        return self._each(records, self.build)

    def _each(self, records, make) -> Iterator[tuple[GameRecord, Any]]:
        for record in records:
            if not self.skip_broken:
                yield record, make(record)
                continue
            try:
                made = make(record)
            except ExchangeError as problem:
                self.skipped.append((record.id, str(problem)))
                continue
            yield record, made

    def rules(self, kind: str, rules: Mapping[str, Any]):
        last_kind, last_data, last = self._last_rules
        if kind == last_kind and rules == last_data:  # equal flat data has an equal key: no sorting per game
            return last
        key = (kind, _rules_key(rules))
        built = self._rules.get(key)
        if built is None:
            built = self._rules[key] = kind_module(kind).Rules.from_dict(rules)
        if type(key[1]) is tuple:  # a copy: the caller's dict may change
            self._last_rules = (kind, {name: value[:] if isinstance(value, list) else value
                                       for name, value in rules.items()}, built)
        return built

    def rules_data(self, rules) -> dict[str, Any]:
        """rules.to_dict(), once per rule set (a fresh copy for each caller that may change it)."""
        data = self._rules_data.get(id(rules))
        if data is None:
            data = self._rules_data[id(rules)] = rules.to_dict()
        return data

    def sheet(self, record: GameRecord):
        """What export reads of a game: for bid-and-tricks games a Sheet read from the entries (each
        checked in order as the engine would), for other kinds, or entries a Sheet can't vouch for, the
        engine's game with every entry replayed."""
        if record.kind != BID_TRICKS or set(record.setup) - {"first_dealer"}:
            return self.build(record)
        try:
            rules = self.rules(record.kind, record.rules)
        except InvalidEntry as problem:
            raise ExchangeError(f"Stored game {record.id} has rules this version can't read: {problem}") from None
        players, first_dealer = record.players, record.setup.get("first_dealer", 0)
        if type(players) is not tuple or type(first_dealer) is not int:
            return self.build(record)
        if not self._names_as_engine_keeps(players):  # names the engine would refuse or tidy: the engine
            return self.build(record)
        key = (id(rules), len(players), first_dealer)
        layout = self._layouts.get(key)
        if layout is None:
            game = self.build(record)  # also checks the players and the first dealer
            layout = self._layouts[key] = [
                _Deal(hand.number, hand.cards, hand.dealer, hand.no_trump, hand.blind, rules.hook_applies(hand.cards),
                      self._points_table(rules, hand.cards))
                for hand in game.hands]
        sheet = _sheet_or_none(record, rules, layout)
        return sheet if sheet is not None else self.build(record)

    def _points_table(self, rules, cards: int) -> _Points:
        table = self._points.get((id(rules), cards))
        if table is None:
            table = self._points[(id(rules), cards)] = _Points(rules, cards)
        return table

    def _names_as_engine_keeps(self, players: tuple) -> bool:
        """Whether rules.common.check_player_names takes these names exactly as they are (each name
        checked once per export, not once per game)."""
        keys = set()
        for name in players:
            key = self._players.get(name)
            if key is None:
                try:
                    key = name_key(name) if type(name) is str and clean_name(name) == name else ""
                except InvalidEntry:
                    key = ""
                self._players[name] = key
            if not key or key in keys:
                return False
            keys.add(key)
        return True

    def build(self, record: GameRecord):
        """The game with every action replayed; a stored game that breaks its rules is named."""
        try:
            game = kind_module(record.kind).Game(record.players, self.rules(record.kind, record.rules), **record.setup)
            for action in record.actions:
                game.apply(action)
        except (InvalidEntry, TypeError, ValueError, KeyError, AttributeError) as problem:
            raise ExchangeError(f"Stored game {record.id} breaks its rules and can't be exported: {problem}") from None
        return game


# ----- the fast path for bid-and-tricks games -----

class SheetHand:
    """One hand of a score sheet: the same attributes export reads from the engine's Hand."""

    __slots__ = ("number", "cards", "dealer", "no_trump", "blind", "bids", "tricks", "points", "trump")

    def __init__(self, number: int, cards: int, dealer: int, no_trump: bool, blind: bool, bids: tuple | None,
                 tricks: tuple | None, points: tuple | None, trump: str | None) -> None:
        self.number, self.cards, self.dealer, self.no_trump, self.blind = number, cards, dealer, no_trump, blind
        self.bids, self.tricks, self.points, self.trump = bids, tricks, points, trump

    @property
    def played(self) -> bool:
        return self.tricks is not None

    @property
    def trump_label(self) -> str:
        return NO_TRUMP if self.no_trump else (self.trump or "")


class Sheet:
    """A bid-and-tricks game's score sheet, read straight from its final entries: what CSV and JSON
    export need, without replaying every entry through the engine (ten times faster)."""

    kind = BID_TRICKS
    highest_wins = True

    def __init__(self, rules, players: list[str], hands: list[SheetHand]) -> None:
        self.rules, self.players, self.hands = rules, players, hands

    @property
    def is_over(self) -> bool:
        return all(hand.tricks is not None for hand in self.hands)

    def progress(self) -> tuple[int, int]:
        return sum(hand.tricks is not None for hand in self.hands), len(self.hands)

    def totals(self) -> list[int]:
        totals = [0] * len(self.players)
        for hand in self.hands:
            if hand.points is not None:
                totals = [total + gained for total, gained in zip(totals, hand.points)]
        return totals

    def final_scores(self) -> list[int]:
        totals = self.totals()
        for seat in leaders(totals):
            totals[seat] += self.rules.winner_bonus
        return totals

    def winners(self) -> list[int]:
        return leaders(self.totals())


class _Deal(NamedTuple):
    """A hand of a layout (rules, players, first dealer) as dealt, before any entry."""

    number: int
    cards: int
    dealer: int
    no_trump: bool
    blind: bool
    hook: bool  # the dealer's hook applies
    points: _Points  # its points table


class _Points(dict):
    """{(bid, tricks): points} of one hand size under one rule set, filled as pairs come up."""

    def __init__(self, rules, cards: int) -> None:
        super().__init__()
        self.rules, self.cards = rules, cards

    def __missing__(self, key: tuple[int, int]) -> int:
        points = self[key] = self.rules.score(key[0], key[1], self.cards)
        return points


def _sheet_or_none(record: GameRecord, rules, layout: list[_Deal]) -> Sheet | None:
    """The sheet when the entries are, one by one in their order, what the engine accepts (Game.apply:
    set_bids / set_tricks / set_trump). None means "not certain: replay it in the engine", which then
    names what is wrong; so a Sheet is never built for entries the engine would refuse. Only the plain
    shapes of entries are read here; anything unusual goes to the engine."""
    count = len(record.players)
    last = len(layout) - 1
    bids_of: list = [None] * len(layout)
    tricks_of: list = [None] * len(layout)
    trumps: list = [None] * len(layout)
    # The engine's Game.current: the first hand without tricks. Tricks can only be entered for it or an
    # earlier hand, and are never taken away, so it moves on by one when its own tricks come.
    current = 0
    for action in record.actions:
        if type(action) is not dict:
            return None
        index = action.get("hand")
        if type(index) is not int or index < 0 or index > current or index > last:
            return None  # no such hand, or a hand not up yet
        kind = action.get("type")
        if kind == "bids" or kind == "tricks":
            # One whole number from 0 to the cards dealt per seat (the engine's _check_counts).
            values = action.get("values")
            if (type(values) is not list and type(values) is not tuple) or len(values) != count:
                return None
            cards = layout[index].cards
            for number in values:
                if type(number) is not int or number < 0 or number > cards:
                    return None
            if kind == "bids":
                # The dealer's hook, checked on every entry of bids as the engine does: the dealer's bid
                # may not make the bids add up to the cards.
                if layout[index].hook and sum(values) == cards:
                    return None
                bids_of[index] = tuple(values)
            else:
                if bids_of[index] is None or sum(values) != cards:
                    return None
                tricks_of[index] = tuple(values)
                if index == current:
                    current += 1
        elif kind == "trump":
            trump = action.get("trump")
            if trump is not None and (layout[index].no_trump or trump not in rules.trump_names):
                return None
            trumps[index] = trump
        else:
            return None
    hands = []
    for deal, bids, tricks, trump in zip(layout, bids_of, tricks_of, trumps):
        points = None if tricks is None else tuple(map(deal.points.__getitem__, zip(bids, tricks)))
        hands.append(SheetHand(deal.number, deal.cards, deal.dealer, deal.no_trump, deal.blind, bids, tricks, points,
                               trump))
    return Sheet(rules, list(record.players), hands)
