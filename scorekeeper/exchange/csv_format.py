"""CSV: one row per player per hand or round, for spreadsheets. One file holds games of one kind, and
its header says which: the bid-and-tricks columns here (HEADER), the other kinds' in csv_kinds.py.
Games of a preset only (a CSV row can't carry custom rules: JSON does).

Reading rebuilds each game from its rows and replays it through the rules engine, so points and
running totals in the file are checked, never trusted. Any problem refuses the whole file.
"""
from __future__ import annotations

import csv
import io
from collections import Counter
from dataclasses import dataclass
from operator import add
from typing import Iterable, Iterator, Sequence, TextIO

from scorekeeper.rules.common import InvalidEntry, excerpt
from scorekeeper.rules.oh_heck import NO_TRUMP, PRESETS, Game
from scorekeeper.storage.records import GameRecord

from .common import (BID_TRICKS, MOST_GAMES, MOST_HANDS, MOST_ROWS, MOST_SEATS, ExchangeError, GameBuilder,
                     bounded_lines, file_game_id, iso_time, parse_time, protect_cell, too_many, unprotect_cell)
from .csv_kinds import KIND_CSVS, counted, whole

COLUMNS = ("game_id", "started_at", "game", "hand", "cards", "dealer", "trump", "player", "seat",
           "bid", "tricks", "points", "total")
HEADER = ",".join(COLUMNS)
CUSTOM = "custom"  # the `game` of rules that are no preset
# Every kind's columns: the header of a file tells its kind.
KIND_COLUMNS: dict[str, tuple[str, ...]] = {BID_TRICKS: COLUMNS, **{kind: layout.columns
                                                                    for kind, layout in KIND_CSVS.items()}}
CSV_KINDS = tuple(KIND_COLUMNS)


def not_for_csv(record: GameRecord) -> str | None:
    """Why this game has no CSV form, or None when it has one."""
    if record.kind not in KIND_COLUMNS:
        return f"game {record.id} is a {record.kind} game, which this version can't write as CSV: export it as JSON"
    return None


def one_kind(records: Sequence[GameRecord]) -> str:
    """The kind of these games (bid-and-tricks when there are none); refused when they are of several
    kinds, since a CSV file's header holds the columns of one kind."""
    kinds = Counter(record.kind for record in records)
    for record in records:
        problem = not_for_csv(record)
        if problem:
            raise ExchangeError(problem[0].upper() + problem[1:] + ".")
    if len(kinds) > 1:
        counts = ", ".join(f"{kind}: {count}" for kind, count in sorted(kinds.items()))
        raise ExchangeError(
            f"A CSV file holds games of one kind, and these games are of {len(kinds)} kinds ({counts}). Export "
            "one kind at a time (scorekeeper export --format csv --kind KIND), or all of them as JSON."
        )
    return next(iter(kinds), BID_TRICKS)


def write_csv(records: Iterable[GameRecord], builder: GameBuilder | None = None) -> str:
    builder = builder or GameBuilder()
    records = list(records)
    kind = one_kind(records)
    if kind != BID_TRICKS:
        layout = KIND_CSVS[kind]
        return "".join([layout.header, "\n", *(layout.game_lines(record, sheet)
                                               for record, sheet in builder.sheets(records))])
    parts = [HEADER, "\n"]
    for record, sheet in builder.sheets(records):
        parts.append(game_lines(record, sheet))
    return "".join(parts)


def quote(text: str) -> str:
    """A field as the csv module writes it (minimal quoting), without its per-row overhead: export of
    ten thousand games writes some six hundred thousand rows."""
    if "," in text or '"' in text or "\n" in text or "\r" in text:
        return '"' + text.replace('"', '""') + '"'
    return text


def game_lines(record: GameRecord, game) -> str:
    """The rows of one game: every hand, played or not, one row per seat."""
    start = f"{quote(record.id)},{quote(iso_time(record.started_at))},{quote(protect_cell(game.rules.preset_id))},"
    names = [quote(protect_cell(name)) for name in game.players]  # text cells: no formula (docs/export-format.md)
    players = [f"{name},{seat}," for seat, name in enumerate(names, 1)]
    totals = [0] * len(players)
    lines: list[str] = []
    for hand in game.hands:
        trump = hand.trump_label
        if trump:
            trump = quote(protect_cell(trump))
        head = f"{start}{hand.number},{hand.cards},{names[hand.dealer]},{trump},"
        points = hand.points
        if points is not None:
            totals = list(map(add, totals, points))
            lines += [f"{head}{player}{bid},{took},{gained},{total}\n"
                      for player, bid, took, gained, total in zip(players, hand.bids, hand.tricks, points, totals)]
        elif hand.bids is not None:
            lines += [f"{head}{player}{bid},,,\n" for player, bid in zip(players, hand.bids)]
        else:
            lines += [f"{head}{player},,,\n" for player in players]
    return "".join(lines)


# ----- reading -----

@dataclass(frozen=True)
class Row:
    line: int
    game_id: str
    started_at: str
    game: str
    hand: int
    cards: int
    dealer: str
    trump: str
    player: str
    seat: int
    bid: int | None
    tricks: int | None
    points: int | None
    total: int | None


def read_csv(text: str, source: str = "the file") -> list[GameRecord]:
    """The games of a CSV export, checked against their rules; ExchangeError names the first problem."""
    return list(iter_csv(io.StringIO(text, newline=""), source))


def iter_csv(text: TextIO, source: str = "the file") -> Iterator[GameRecord]:
    """The games of a CSV export read from a text stream (opened with newline=""), each rebuilt and
    checked as soon as its last row is read: memory holds one game's rows, never the file. A game's
    rows come together (in any order among themselves), as every export writes them."""
    reader = csv.reader(bounded_lines(text, source), strict=True)
    try:
        header = next(reader, None)
        if header is None:
            raise ExchangeError(f"{source} is empty: there is nothing to import.")
        kind = check_header(header, source)
        layout = KIND_CSVS.get(kind)
        parse = parse_row if layout is None else layout.parse_row
        build = game_from_rows if layout is None else layout.game_from_rows
        done: set[str] = set()  # the ids of the games read so far
        game_id, rows = None, []
        for fields in reader:
            if not fields or fields == [""] * len(fields):  # blank lines (a trailing one is common)
                continue
            row = parse(fields, reader.line_num, source)
            row_id = row.game_id if layout is None else row["game_id"]
            if row_id != game_id:
                if rows:
                    yield build(game_id, rows, source)
                if row_id in done:
                    raise ExchangeError(
                        f"{source}, line {reader.line_num}: this row of game {excerpt(row_id)} comes after the rows "
                        "of another game; keep each game's rows together (sort the file by game_id) and import "
                        "it again.")
                done.add(row_id)
                too_many(len(done), MOST_GAMES, "the file holds", f"{source}, line {reader.line_num}")
                game_id, rows = row_id, []
            rows.append(row)
            if len(rows) > MOST_ROWS:
                too_many(len(rows), MOST_ROWS, f"game {excerpt(game_id)} has", f"{source}, line {reader.line_num}")
        if rows:
            yield build(game_id, rows, source)
    except csv.Error as problem:
        raise ExchangeError(
            f"{source}, line {reader.line_num}: this is not valid CSV ({problem}). "
            "The file may be truncated or damaged: export it again."
        ) from None
    except UnicodeDecodeError:
        raise ExchangeError(f"{source} is not a text file (after line {reader.line_num} it is not UTF-8): it is "
                            "not a Scorekeeper CSV or JSON export.") from None
    if not done:
        raise ExchangeError(f"{source} has the header but no games: there is nothing to import.")


def check_header(header: Sequence[str], source: str) -> str:
    """The kind whose columns the header is; refused, naming the nearest kind's columns, otherwise."""
    names = [name.strip().lstrip("\ufeff") for name in header]
    for kind, columns in KIND_COLUMNS.items():
        if tuple(names) == columns:
            return kind
    # The kind the header is nearest to: the fewest columns missing or unexpected.
    nearest = min(KIND_COLUMNS.values(), key=lambda columns: len(set(columns) ^ set(names)))
    missing = [name for name in nearest if name not in names]
    unexpected = [name for name in names if name not in nearest]
    details = []
    if missing:
        details.append("missing " + ", ".join(missing))
    if unexpected:
        details.append("unexpected " + ", ".join(repr(name) for name in unexpected[:5]))
    if not details:
        details.append("the columns are in another order")
    kind = next(kind for kind, columns in KIND_COLUMNS.items() if columns == nearest)
    raise ExchangeError(
        f"{source}, line 1: this is not a Scorekeeper CSV export ({'; '.join(details)}). "
        f"The first line of a {kind} file must be exactly: {','.join(nearest)} "
        "(docs/export-format.md lists the columns of every kind)."
    )


def parse_row(fields: Sequence[str], line: int, source: str) -> Row:
    if len(fields) != len(COLUMNS):
        raise ExchangeError(
            f"{source}, line {line} has {len(fields)} values where every row has {len(COLUMNS)} ({HEADER}). "
            "The file may be truncated, or a name with a comma lost its quotes: export it again."
        )
    values = dict(zip(COLUMNS, (field.strip() for field in fields)))
    numbers = {column: whole(values[column], column, line, source, required=column == "cards")
               for column in ("cards", "bid", "tricks", "points", "total")}
    # Numbers the import builds from (a set of seats, a list of hands): bounded before they are used.
    numbers["hand"] = counted(values["hand"], "hand", MOST_HANDS, line, source)
    numbers["seat"] = counted(values["seat"], "seat", MOST_SEATS, line, source)
    return Row(line=line, game_id=values["game_id"], started_at=values["started_at"],
               game=unprotect_cell(values["game"]), dealer=unprotect_cell(values["dealer"]),
               trump=unprotect_cell(values["trump"]), player=unprotect_cell(values["player"]), **numbers)


def game_from_rows(game_id: str, rows: list[Row], source: str) -> GameRecord:
    """Rebuild one game: players from the seats, the first dealer from hand 1, then every hand's
    bids, trump and tricks replayed in order and the file's points and totals compared."""
    first = rows[0]
    stored_id, external_ref = file_game_id(game_id, f"{source}, line {first.line}")
    where = f"game {game_id}"

    for row in rows:
        for column in ("started_at", "game"):
            if getattr(row, column) != getattr(first, column):
                raise ExchangeError(
                    f"{source}, line {row.line} ({where}): {column} is {excerpt(getattr(row, column))} but "
                    f"{excerpt(getattr(first, column))} on line {first.line}; every row of a game has the same {column}."
                )
    started_at = parse_time(first.started_at, f"{source}, line {first.line} ({where}): started_at")
    rules = preset_rules(first, source, where)

    # The players, from the seats.
    names: dict[int, Row] = {}
    for row in rows:
        known = names.setdefault(row.seat, row)
        if known.player != row.player:
            raise ExchangeError(
                f"{source}, line {row.line} ({where}, hand {row.hand}): seat {row.seat} is {excerpt(row.player)}, but "
                f"{excerpt(known.player)} on line {known.line}; a seat keeps its player for the whole game."
            )
    seats = sorted(names)
    if seats != list(range(1, len(seats) + 1)):
        absent = sorted(set(range(1, max(seats) + 1)) - set(seats)) or seats[:1]
        raise ExchangeError(
            f"{source} ({where}): the seats are {', '.join(map(str, seats))}; they must count 1, 2, 3 ... "
            f"without a gap (seat {absent[0]} is missing or wrong)."
        )
    players = [names[seat].player for seat in seats]

    # The hands: every (hand, seat) exactly once.
    cells: dict[tuple[int, int], Row] = {}
    for row in rows:
        twin = cells.setdefault((row.hand, row.seat), row)
        if twin is not row:
            raise ExchangeError(
                f"{source}, line {row.line} ({where}, hand {row.hand}, {row.player}): this hand of this "
                f"player is also on line {twin.line}; keep one of the two rows."
            )
    opening = [cells.get((1, seat)) for seat in seats]
    if None in opening:
        raise ExchangeError(
            f"{source} ({where}): hand 1 has no row for {players[opening.index(None)]}; the file may be "
            "truncated: export it again."
        )
    dealer = opening[0].dealer
    if dealer not in players:
        raise ExchangeError(
            f"{source}, line {opening[0].line} ({where}, hand 1): the dealer {excerpt(dealer)} is none of the players "
            f"({', '.join(players)})."
        )
    try:
        game = Game(players, rules, first_dealer=players.index(dealer))
    except InvalidEntry as problem:
        raise ExchangeError(f"{source}, line {first.line} ({where}): {problem}") from None

    last_hand = max(row.hand for row in rows)
    if last_hand > len(game.hands) or min(row.hand for row in rows) < 1:
        row = next(row for row in rows if not 1 <= row.hand <= len(game.hands))
        raise ExchangeError(
            f"{source}, line {row.line} ({where}): there is no hand {row.hand}; {rules.name} with "
            f"{len(players)} players has hands 1 to {len(game.hands)}."
        )

    actions: list[dict] = []
    totals = [0] * len(players)
    for hand in game.hands:
        hand_rows = [cells.get((hand.number, seat)) for seat in seats]
        if None in hand_rows:
            missing = players[hand_rows.index(None)]
            raise ExchangeError(
                f"{source} ({where}): hand {hand.number} has no row for {missing}; every hand of the game has "
                "a row per player, played or not. The file may be truncated: export it again."
            )
        for action in hand_actions(game, hand, hand_rows, source, where):
            try:
                game.apply(action)
            except InvalidEntry as problem:
                lines = f"lines {hand_rows[0].line}-{hand_rows[-1].line}" if len(hand_rows) > 1 else f"line {hand_rows[0].line}"
                raise ExchangeError(f"{source}, {lines} ({where}, hand {hand.number}): {problem}") from None
            actions.append(action)
        if hand.points is not None:
            totals = [total + gained for total, gained in zip(totals, hand.points)]
        check_scores(game, hand, hand_rows, totals, source, where)

    # CSV has no end time: a finished game takes its start time as its end (JSON keeps both).
    return GameRecord(
        id=stored_id, kind=BID_TRICKS, rules=rules.to_dict(), players=tuple(game.players), setup=dict(game.setup),
        status="finished" if game.is_over else "playing", started_at=started_at,
        finished_at=started_at if game.is_over else None, actions=tuple(actions), external_ref=external_ref,
    )


def preset_rules(row: Row, source: str, where: str):
    if row.game == CUSTOM:
        raise ExchangeError(
            f"{source}, line {row.line} ({where}): this game was played with custom rules, which a CSV file "
            "can't carry. Export it as JSON (scorekeeper export --format json) and import that."
        )
    rules = PRESETS.get(row.game)
    if rules is None:
        raise ExchangeError(
            f"{source}, line {row.line} ({where}): the game {excerpt(row.game)} is none of the presets this version "
            f"knows ({', '.join(PRESETS)}, or custom from a JSON export)."
        )
    return rules


def _same_for_the_hand(hand_rows: list[Row], column: str, source: str, where: str) -> str | int:
    first = hand_rows[0]
    for row in hand_rows[1:]:
        if getattr(row, column) != getattr(first, column):
            raise ExchangeError(
                f"{source}, lines {first.line} and {row.line} ({where}, hand {row.hand}): the {column} is "
                f"{excerpt(getattr(first, column))} on one and {excerpt(getattr(row, column))} on the other; every row of a "
                f"hand has the same {column}."
            )
    return getattr(first, column)


def _all_or_none(hand_rows: list[Row], column: str, source: str, where: str) -> list[int] | None:
    values = [getattr(row, column) for row in hand_rows]
    if all(value is None for value in values):
        return None
    if any(value is None for value in values):
        row = next(row for row in hand_rows if getattr(row, column) is None)
        raise ExchangeError(
            f"{source}, line {row.line} ({where}, hand {row.hand}, {row.player}): {row.player} has no {column} "
            f"while others in this hand do; fill in every player's {column}, or none."
        )
    return values


def hand_actions(game, hand, hand_rows: list[Row], source: str, where: str) -> list[dict]:
    """The entries of one hand as the app records them: bids, then trump, then tricks."""
    dealer = game.players[hand.dealer]
    for row in hand_rows:
        place = f"{source}, line {row.line} ({where}, hand {hand.number}, {row.player})"
        if row.cards != hand.cards:
            raise ExchangeError(
                f"{place}: the file deals {row.cards} cards, but {game.rules.name} with {len(game.players)} "
                f"players deals {hand.cards} in hand {hand.number}."
            )
        if row.dealer != dealer:
            raise ExchangeError(
                f"{place}: the dealer is {excerpt(row.dealer)}, but the deal passes to the next seat each hand, so "
                f"{dealer} deals hand {hand.number}."
            )
        if hand.no_trump and row.trump not in ("", NO_TRUMP):
            raise ExchangeError(
                f"{place}: the trump is {excerpt(row.trump)}, but this hand is played without trump (the deal uses "
                f"the whole deck); write {NO_TRUMP!r}."
            )
        if not hand.no_trump and row.trump == NO_TRUMP:
            raise ExchangeError(
                f"{place}: the trump is {NO_TRUMP!r}, but a card is turned up in this hand; write the trump "
                f"({', '.join(game.rules.trump_names)}) or leave it empty."
            )
    trump = _same_for_the_hand(hand_rows, "trump", source, where)
    bids = _all_or_none(hand_rows, "bid", source, where)
    tricks = _all_or_none(hand_rows, "tricks", source, where)
    if tricks is not None and bids is None:
        raise ExchangeError(
            f"{source}, line {hand_rows[0].line} ({where}, hand {hand.number}): the tricks are filled in but the bids "
            "are not; a hand is bid before it is played."
        )
    actions: list[dict] = []
    if bids is not None:
        actions.append({"type": "bids", "hand": hand.number - 1, "values": bids})
    if trump and not hand.no_trump:
        actions.append({"type": "trump", "hand": hand.number - 1, "trump": trump})
    if tricks is not None:
        actions.append({"type": "tricks", "hand": hand.number - 1, "values": tricks})
    return actions


def check_scores(game, hand, hand_rows: list[Row], totals: list[int], source: str, where: str) -> None:
    """The file's points and running totals must be what the rules give."""
    for seat, row in enumerate(hand_rows):
        place = f"{source}, line {row.line} ({where}, hand {hand.number}, {row.player})"
        if hand.points is None:
            for column in ("points", "total"):
                if getattr(row, column) is not None:
                    raise ExchangeError(
                        f"{place}: the {column} is {getattr(row, column)}, but the hand has no tricks yet; "
                        f"leave the {column} empty until the tricks are in."
                    )
            continue
        # Points and totals left empty (a file written by hand) are computed; filled ones must agree.
        if row.points is not None and row.points != hand.points[seat]:
            raise ExchangeError(
                f"{place}: the points are {_text(row.points)}, but a bid of {row.bid} with {row.tricks} "
                f"tricks scores {hand.points[seat]} under {game.rules.name}. Points are computed from the bid "
                "and tricks: correct whichever is wrong."
            )
        if row.total is not None and row.total != totals[seat]:
            raise ExchangeError(
                f"{place}: the total is {_text(row.total)}, but {row.player}'s points up to hand {hand.number} "
                f"add up to {totals[seat]}. Correct the total or the points before it."
            )


def _text(value: int | None) -> str:
    return "empty" if value is None else str(value)
