"""What every kind's CSV shares: the columns only some files have, the row as read (Row), cells read
as numbers and text, and the places and words of refusals (the messages are whole; these name where
they point). Each kind's columns and rows are its KindCsv (csv_kind.py), found through exchange.kinds.
"""
from __future__ import annotations

from scorekeeper import i18n
from scorekeeper.i18n import _

import re
from typing import Any, Sequence

from scorekeeper.rules.common import InvalidEntry, excerpt

from .common import ExchangeError, LONGEST_NUMBER, Later, at_step, csv_text, line_of, protect_cell, unprotect_cell

CUSTOM = "custom"  # the `game` of rules that are no preset
YES = "yes"
LEFT_EMPTY = ("points", "total")  # computed columns a hand-written file may leave empty: they are computed
# A player's adjustments at the hand or round (rules.adjustments), summed, and their notes: every kind's
# last two columns in a file that has an adjusted game (KindCsv.extended).
ADJUSTMENT_COLUMNS = ("adjustment", "adjustment_note")
NO_ADJUSTMENT = ("", "")
# A hand whose bids were recorded against the dealer's hook ("yes" on each of its rows), in a
# bid-and-tricks file that has one.
HOOK_COLUMNS = ("against_hook",)
# A game whose hands the table changed while playing ("yes" on each of its rows): its rows list the
# hands as changed, which import then takes for the game's hands (without it, the rules' own are expected).
HANDS_COLUMNS = ("changed_hands",)
# Who was at the table (rules.roster), in a file with a game where someone joined late, left or sat out
# a hand or round: per row whether the player was in it (empty: playing), and on the row of the hand or
# round a late arrival joined at, the points they started from, and in the kinds that deal (where the
# deal passes to them) whom they sat down after. The score pad and HIT THE DECK have the first two.
TABLE_COLUMNS = ("at_table", "start", "sits_after")
NOT_YET, JOINED, SAT_OUT, LEFT = "not yet", "joined", "sat out", "left"
AT_TABLE = ("", NOT_YET, JOINED, SAT_OUT, LEFT)  # the values of at_table
# The starts a table chooses by the totals at the table (rules.roster), said in the start column.
START_WORDS = ("lowest", "highest", "average")
START_CELL = re.compile(r"(?:(lowest|highest|average)\s+)?([+-]?\d+)|(lowest|highest|average|zero)", re.IGNORECASE)

def in_game(where: str, place: str) -> str:
    """'data.csv, line 3 (game 7, hand 2)': where in the file, then where in the game."""
    # Translators: a place a refusal points at: where in the CSV file, then in brackets where in the game
    # ("data.csv, line 3 (game 7, hand 2, Ann)").
    return _("{where} ({place})", where=where, place=place)

def with_player(place: str, player: str) -> str:
    """'game 7, hand 2, Ann': a place in a game and the player."""
    # Translators: a place in a game and the player a refusal points at ("game 7, hand 2, Ann").
    return _("{place}, {player}", place=place, player=player)

def row_place(source: str, line: int, where: str, unit: str, number: object, player: str | None = None) -> Later:
    """'data.csv, line 3 (game 7, hand 2, Ann)': a row of a hand (round), and its player (worded if shown)."""
    return Later(_worded_row_place, source, line, where, unit, number, player)

def _worded_row_place(source: str, line: int, where: str, unit: str, number: object, player: str | None) -> str:
    step = at_step(where, unit, number)
    return in_game(line_of(source, line), step if player is None else with_player(step, player))

def step_place(source: str, where: str, unit: str, number: int) -> Later:
    """'data.csv (game 7, hand 2)': a hand (round) of a game in the file (worded if shown)."""
    return Later(lambda: in_game(source, at_step(where, unit, number)))

def rows_place(source: str, where: str, unit: str, number: int, rows: Sequence[Any]) -> Later:
    """'data.csv, lines 2-5 (game 7, hand 2)': the rows of a hand (round) of a game (worded if shown)."""
    return Later(lambda: in_game(lines_of(source, rows), at_step(where, unit, number)))

def lines_of(source: str, rows: Sequence[Any]) -> str:
    """'data.csv, lines 2-5' (the rows of a hand or round, which a game may list in any order), or
    'data.csv, line 2' for one row."""
    if len(rows) > 1:
        lines = [row.line for row in rows]
        # Translators: the lines of a CSV file a refusal points at ("data.csv, lines 2-5").
        return _("{source}, lines {first}-{last}", source=source, first=min(lines), last=max(lines))
    return line_of(source, rows[0].line)

def rules_said(problem: object, where: str) -> str:
    """A refusal of the rules (already in the reader's language), with where it points."""
    # Translators: {problem} is the rules' own refusal, {where} the place in the file it is about.
    return _("{where}: {problem}", where=where, problem=problem)

def cell_shown(value: Any) -> str:
    """A cell as a refusal shows it: 'empty' when there is nothing in it."""
    # Translators: how a refusal shows a CSV cell with nothing in it ("the total is empty, but ...").
    return value or _("empty")

def or_list(columns: Sequence[str]) -> str:
    """'bid, tricks or points': CSV columns (machine names) a refusal lists."""
    if len(columns) < 2:
        return ", ".join(columns)
    # Translators: the last of a list of CSV column names ("bid, tricks or points"); {columns} are the others.
    return _("{columns} or {last}", columns=", ".join(columns[:-1]), last=columns[-1])

def adjustment_cells(game, index: int) -> list[tuple[Any, str]] | None:
    """Per seat, the cells (points, notes) of the adjustments at hand (round) `index`; None when there are none."""
    if game.extra(index) is None:
        return None
    cells = []
    for seat in range(len(game.players)):
        mine = [adjustment for adjustment in game.adjustments_at(index) if adjustment.seat == seat]
        points = sum(adjustment.points for adjustment in mine)
        notes = "; ".join(adjustment.note for adjustment in mine if adjustment.note)
        cells.append((str(points), csv_text(notes)) if points else NO_ADJUSTMENT)
    return cells

def adjustment_actions(index: int, rows: Sequence[Any], where: str | Later) -> list[dict]:
    """The adjustments a hand's (round's) rows give, in seat order (each row's `adjustment`, read)."""
    actions = []
    for seat, row in enumerate(rows):
        if row.adjustment is not None:
            actions.append({"type": "adjust", "at": index, "seat": seat, "points": row.adjustment,
                            "note": row.adjustment_note})
        elif row.adjustment_note:
            raise ExchangeError(_("{where}: adjustment_note is filled in but adjustment is empty; write the points "
                                  "the note is for, or clear the note.", where=line_of(where, row.line)))
    return actions

def numbers_text(values: Sequence[int]) -> str:
    """'7 -2': several whole numbers in one cell, space-separated. Guarded as a text cell (protect_cell)
    when it starts with a minus, which a spreadsheet would take for a formula: "'-2 7"; one number
    alone stays a number."""
    text = " ".join(str(value) for value in values)
    return protect_cell(text) if len(values) > 1 else text

def number_cells(values: Sequence[int | None]) -> list[str]:
    """Whole numbers as their cells, None (nothing entered, not in the hand) as an empty one."""
    if None not in values:
        return list(map(str, values))
    return ["" if value is None else str(value) for value in values]

class Row:
    """A row of a CSV file as read: the one model of the rows of every kind. Its line, the number of its
    hand or round, and its cells by column, stripped; each kind reads some of them further (its
    parse_row: whole numbers, text cells unprotected). A cell is row[column], or row.column where the
    name reads well (row.bid, row.player): the cells are the row's attributes, read as fast as a
    dataclass's (an import reads millions)."""

    # The columns only some files have (KindCsv.extended): a row of a file without them reads them empty.
    adjustment: int | None = None
    adjustment_note = against_hook = changed_hands = at_table = start = sits_after = ""

    def __init__(self, line: int, cells: dict[str, Any], number: int = 0) -> None:
        self.__dict__.update(cells)
        self.line, self.number = line, number

    def __getitem__(self, column: str) -> Any:
        return getattr(self, column)

    @property
    def values(self) -> dict[str, Any]:
        """The cells by column (and the line and number)."""
        return self.__dict__

def whole_cells(values: dict[str, Any], columns: Sequence[str], line: int, source: str,
                required: Sequence[str] = ()) -> None:
    """Read `columns` of a row's cells as whole numbers, in place: None when empty (refused when
    `required`), and refused as whole() refuses them. (int() alone for a cell of a few digits: an
    import reads millions of them.)"""
    for column in columns:
        text = values.get(column, "")
        if text and len(text) <= LONGEST_NUMBER:
            try:
                values[column] = int(text)
                continue
            except ValueError:
                pass
        values[column] = whole(text, column, line, source, required=column in required)

def wrong_total(place: str, player: str, unit: str, number: int, given: Any, total: int,
                absent: bool) -> ExchangeError:
    """The refusal of a running total the rules don't give (`total`), of a player in the hand (round)
    or not in it (`absent`)."""
    said = dict(where=place, given=given, player=player, number=number, total=total)
    if absent and unit == "round":
        return ExchangeError(_(
            "{where}: the total is {given}, but {player}, not in round {number}, has {total} then (a late arrival's "
            "start counts from the round before theirs). Correct the total, or the start or points before it.", **said))
    if absent:
        return ExchangeError(_(
            "{where}: the total is {given}, but {player}, not in hand {number}, has {total} then (a late arrival's "
            "start counts from the hand before theirs). Correct the total, or the start or points before it.", **said))
    if unit == "round":
        return ExchangeError(_("{where}: the total is {given}, but {player}'s points up to round {number} add up to "
                               "{total}. Correct the total or the points before it.", **said))
    return ExchangeError(_("{where}: the total is {given}, but {player}'s points up to hand {number} add up to "
                           "{total}. Correct the total or the points before it.", **said))

def whole(value: str, column: str, line: int, source: str, required: bool) -> int | None:
    value = value.strip()
    if not value:
        if required:
            # Translators: {column} is a CSV column's name as the file has it (points, seat, hand ...).
            raise ExchangeError(_("{where}: the {column} is empty; every row needs one.", where=line_of(source, line),
                                  column=column))
        return None
    if len(value.lstrip("+-")) > LONGEST_NUMBER:
        raise ExchangeError(_("{where}: the {column} {value} has {digits} digits; no score, count or number of a game "
                              "is that long. Check the file.", where=line_of(source, line), column=column,
                              value=excerpt(value), digits=i18n.number(len(value.lstrip("+-")))))
    try:
        return int(value)
    except ValueError:
        raise ExchangeError(_("{where}: the {column} {value} is not a whole number.", where=line_of(source, line),
                              column=column, value=excerpt(value))) from None

def counted(value: str, column: str, most: int, line: int, source: str) -> int:
    """A seat, hand or round number: 1 to `most`, refused before anything is built from it."""
    number = whole(value, column, line, source, required=True)
    if not 1 <= number <= most:
        where, most = line_of(source, line), i18n.number(most)
        if column == "seat":
            raise ExchangeError(_("{where}: the seat is {number}; seats count from 1 to {most} at most, and no game a "
                                  "table played has more. Check the file.", where=where, number=number, most=most))
        if column == "round":
            raise ExchangeError(_("{where}: the round is {number}; rounds count from 1 to {most} at most, and no game "
                                  "a table played has more. Check the file.", where=where, number=number, most=most))
        raise ExchangeError(_("{where}: the hand is {number}; hands count from 1 to {most} at most, and no game a "
                              "table played has more. Check the file.", where=where, number=number, most=most))
    return number

def number_list(text: str, column: str, line: int, source: str) -> tuple[int, ...]:
    try:
        return tuple(int(part) for part in unprotect_cell(text).split())
    except ValueError:
        raise ExchangeError(_("{where}: the {column} {value} must be whole numbers separated by spaces, like 4 2.",
                              where=line_of(source, line), column=column, value=excerpt(text))) from None

def players_from_seats(rows: list[Row], source: str, where: str, unit: str) -> tuple[list[str], list[int]]:
    names: dict[int, Row] = {}
    for row in rows:
        seat = int(row.seat)
        known = names.setdefault(seat, row)
        if known.player != row.player:
            raise ExchangeError(_(
                "{where}: seat {seat} is {player}, but {known} on line {line}; a seat keeps its player for the whole "
                "game.", where=row_place(source, row.line, where, unit, row[unit]), seat=seat,
                player=excerpt(row["player"]), known=excerpt(known["player"]), line=known.line))
    seats = sorted(names)
    if seats != list(range(1, len(seats) + 1)):
        absent = sorted(set(range(1, max(seats) + 1)) - set(seats)) or seats[:1]
        raise ExchangeError(_("{where}: the seats are {seats}; they must count 1, 2, 3 ... without a gap (seat "
                              "{seat} is missing or wrong).", where=in_game(source, where),
                              seats=", ".join(map(str, seats)), seat=absent[0]))
    return [names[seat]["player"] for seat in seats], seats

def all_or_none(rows: list[Row], column: str, where: str, source: str, what: str,
                 absent: frozenset[int] = frozenset()) -> list[int | None] | None:
    """Every player's number in `column` (None for a seat in `absent`, not in the round), None when
    nobody's is filled in. (`what`, the column in words, is said by the refusal of each column: played, points.)"""
    values = [whole(row[column], column, row.line, source, required=False) for row in rows]
    playing = [value for seat, value in enumerate(values) if seat not in absent] if absent else values
    if all(value is None for value in playing):
        return None
    if any(value is None for value in playing):
        row = next(row for seat, row in enumerate(rows) if values[seat] is None and seat not in absent)
        said = dict(where=where, player=row["player"], line=row.line)
        if column == "played":
            raise ExchangeError(_("{where}: {player} (line {line}) has no card played while others do; fill in every "
                                  "player's card played, or none.", **said))
        raise ExchangeError(_("{where}: {player} (line {line}) has no points while others do; fill in every player's "
                              "points, or none.", **said))
    return values

def same_for_the_round(rows: list[Row], column: str, where: str) -> str:
    first = rows[0]
    for row in rows[1:]:
        if row[column] != first[column]:
            # Translators: {column} is a CSV column's name as the file has it (point_card).
            raise ExchangeError(_("{where}: the {column} is {value} on line {line} and {other} on line {other_line}; "
                                  "every row of a round has the same {column}.", where=where, column=column,
                                  value=cell_shown(first[column]), line=first.line, other=cell_shown(row[column]),
                                  other_line=row.line))
    return first[column]

def applied(game, action: dict, actions: list[dict], place: str) -> None:
    """Apply one entry rebuilt from a file, and keep it; the engine's refusal names `place`."""
    try:
        game.apply(action)
    except InvalidEntry as problem:
        raise ExchangeError(rules_said(problem, place)) from None
    actions.append(action)
