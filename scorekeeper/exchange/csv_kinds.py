"""CSV, kind by kind: one column set per kind, one row per player per hand or round, for spreadsheets.
Each kind is one KindCsv in KIND_CSVS; csv_format.py reads and writes files through them alone.

Writing reads the engine's game (rules.replay); reading rebuilds each hand's or round's entries from its
rows, applies them through the kind's engine (Game.apply, so a refusal names the lines) and compares
every column the rules compute (points, totals, the pot, who took it), so a file that disagrees with
the rules is refused whole. docs/export-format.md lists the columns.
"""
from __future__ import annotations

from scorekeeper import i18n
from scorekeeper.i18n import _

import copy
import re
from itertools import repeat
from typing import Any, Callable, Iterator, NamedTuple, Sequence

from scorekeeper.rules import hit_the_deck, oh_heck, score_pad, skull_king, what_the_heck
from scorekeeper.rules.adjustments import ADJUST
from scorekeeper.rules.common import InvalidEntry, excerpt, name_key
from scorekeeper.rules.kinds import kind_module
from scorekeeper.rules.outcome import FINISHED, PLAYING
from scorekeeper.rules.roster import JOIN, LEAVE, SIT_OUT, starting_score
from scorekeeper.storage.records import GameRecord

from .common import (LONGEST_NUMBER, Later, MOST_HANDS, MOST_ROUNDS, MOST_SEATS, ExchangeError, at_step, file_game_id,
                     csv_text, line_of, parse_time, protect_cell, table_changed, unprotect_cell)

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
_START = re.compile(r"(?:(lowest|highest|average)\s+)?([+-]?\d+)|(lowest|highest|average|zero)", re.IGNORECASE)


# ----- the places and words of refusals (the messages are whole; these name where they point) -----

def _in_game(where: str, place: str) -> str:
    """'data.csv, line 3 (game 7, hand 2)': where in the file, then where in the game."""
    # Translators: a place a refusal points at: where in the CSV file, then in brackets where in the game
    # ("data.csv, line 3 (game 7, hand 2, Ann)").
    return _("{where} ({place})", where=where, place=place)


def _with_player(place: str, player: str) -> str:
    """'game 7, hand 2, Ann': a place in a game and the player."""
    # Translators: a place in a game and the player a refusal points at ("game 7, hand 2, Ann").
    return _("{place}, {player}", place=place, player=player)


def _row_place(source: str, line: int, where: str, unit: str, number: object, player: str | None = None) -> Later:
    """'data.csv, line 3 (game 7, hand 2, Ann)': a row of a hand (round), and its player (worded if shown)."""
    return Later(_worded_row_place, source, line, where, unit, number, player)


def _worded_row_place(source: str, line: int, where: str, unit: str, number: object, player: str | None) -> str:
    step = at_step(where, unit, number)
    return _in_game(line_of(source, line), step if player is None else _with_player(step, player))


def _step_place(source: str, where: str, unit: str, number: int) -> Later:
    """'data.csv (game 7, hand 2)': a hand (round) of a game in the file (worded if shown)."""
    return Later(lambda: _in_game(source, at_step(where, unit, number)))


def _rows_place(source: str, where: str, unit: str, number: int, rows: Sequence[Any]) -> Later:
    """'data.csv, lines 2-5 (game 7, hand 2)': the rows of a hand (round) of a game (worded if shown)."""
    return Later(lambda: _in_game(_lines_of(source, rows), at_step(where, unit, number)))


def _lines_of(source: str, rows: Sequence[Any]) -> str:
    """'data.csv, lines 2-5' (the rows of a hand or round, which a game may list in any order), or
    'data.csv, line 2' for one row."""
    if len(rows) > 1:
        lines = [row.line for row in rows]
        # Translators: the lines of a CSV file a refusal points at ("data.csv, lines 2-5").
        return _("{source}, lines {first}-{last}", source=source, first=min(lines), last=max(lines))
    return line_of(source, rows[0].line)


def _said(problem: object, where: str) -> str:
    """A refusal of the rules (already in the reader's language), with where it points."""
    # Translators: {problem} is the rules' own refusal, {where} the place in the file it is about.
    return _("{where}: {problem}", where=where, problem=problem)


def _shown(value: Any) -> str:
    """A cell as a refusal shows it: 'empty' when there is nothing in it."""
    # Translators: how a refusal shows a CSV cell with nothing in it ("the total is empty, but ...").
    return value or _("empty")


def _or_list(columns: Sequence[str]) -> str:
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


def _numbers_text(values: Sequence[int]) -> str:
    """'7 -2': several whole numbers in one cell, space-separated. Guarded as a text cell (protect_cell)
    when it starts with a minus, which a spreadsheet would take for a formula: "'-2 7"; one number
    alone stays a number."""
    text = " ".join(str(value) for value in values)
    return protect_cell(text) if len(values) > 1 else text


def _texts(values: Sequence[int | None]) -> list[str]:
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


class KindCsv:
    """One kind's CSV: its columns, how a played round becomes cells and how a round's rows become
    the entry the app records. The columns start with game_id, started_at and game, written by
    csv_format.py for every kind; rows() gives the rest. The base class reads and writes the kinds
    whose every round is one entry; a kind that differs overrides rows(), parse_row() and game_from_rows().
    Who was at the table (the table columns: table_plan, then _change_table round by round) is read here
    once for every kind whose games take the changes (`seated`)."""

    kind: str
    columns: tuple[str, ...]
    computed: tuple[str, ...]  # columns the rules compute: checked on import, never taken as entries
    number_columns: frozenset[str]
    list_columns: frozenset[str] = frozenset()  # whole numbers separated by spaces
    every_round: bool = False  # rows for the rounds not played yet too (games of a set length)

    @property
    def header(self) -> str:
        return ",".join(self.columns)

    adjustable = False  # has the adjustment columns
    marks_hook = False  # has the against_hook column
    marks_hands = False  # has the changed_hands column
    marks_table = False  # has the table columns
    hooked = False  # its games may have a dealer's hook (only then may a file have that column)
    sequenced = False  # its games deal hands of a sequence the table may change (changed_hands)
    seated = False  # its games may have players join late, leave or sit out (rules.roster: the table columns)
    table_columns = TABLE_COLUMNS[:2]  # at_table and start; sits_after too in the kinds that deal
    # What a player not in a hand or round has empty (the kind's entries and computed points).
    out_columns: tuple[str, ...] = ("points",)

    def extended(self, *, hook: bool = False, hands: bool = False, table: bool = False,
                 adjustments: bool = False) -> "KindCsv":
        """This layout with the columns only some games need, last: against_hook (a hand recorded
        against the dealer's hook), changed_hands (a game whose hands the table changed), the table
        columns (a game where someone joined late, left or sat out), then the adjustment columns.
        The columns without them are the ones documented from the start, and stay a file's when none of
        its games needs more."""
        hook, hands, table = hook and self.hooked, hands and self.sequenced, table and self.seated
        if not (hook or hands or table or adjustments):
            return self
        extended = copy.copy(self)
        extended.columns = (*self.columns, *(HOOK_COLUMNS if hook else ()), *(HANDS_COLUMNS if hands else ()),
                            *(self.table_columns if table else ()), *(ADJUSTMENT_COLUMNS if adjustments else ()))
        extended.marks_hook, extended.marks_hands, extended.marks_table, extended.adjustable = \
            hook, hands, table, adjustments
        return extended

    @property
    def unit(self) -> str:
        """The game's unit ("hand" or "round"): the numbering column and the word in messages."""
        return kind_module(self.kind).Game.unit

    # ----- the kind's own part -----

    def played(self, game) -> list:
        """The played rounds of the engine's game, in order."""
        raise NotImplementedError

    def cells(self, game, played_round, seat: int) -> dict[str, str]:
        """The kind's cells of one seat in a played round (not the total)."""
        raise NotImplementedError

    def action(self, index: int, rows: list[Row], players: list[str], where: str, source: str,
               absent: frozenset[int] = frozenset()) -> dict | None:
        """The entry of round `index` (0-based) from its rows in seat order; None when nothing is entered.
        `absent`: the seats not in the round (rules.roster), whose rows are empty (table_plan checked)."""
        raise NotImplementedError

    # ----- writing -----

    def rows(self, start: Sequence[str], game) -> list[str]:
        """The game's lines (without their line ends): each `start` (game_id, started_at, game) and then
        the kind's cells, text cells as csv_text makes them. In a file with the table columns, a player
        not in a round has their total alone, and a game whose table changed for rounds to come lists
        those rounds too, empty but for who is at the table."""
        rounds = self.played(game)
        curve = game.running_totals()
        # A game without a set length lists the rounds played; one with none yet lists an empty round 1,
        # so that its players are in the file.
        count = game.progress()[1] if self.every_round else max(len(rounds), 1)
        table = None
        if self.marks_table and table_changed(game):
            count = max(count, table_reach(game))
            table = table_cells(game, count, self.table_columns)
        unit, columns = self.unit, self.columns[3:]
        lines = []
        for index in range(count):
            played = index < len(rounds)
            adjusted = adjustment_cells(game, index) if self.adjustable and played else None
            absent = rounds[index].absent if table is not None and played else ()
            for seat, name in enumerate(game.players):
                row = {unit: str(index + 1), "player": csv_text(name), "seat": str(seat + 1)}
                if played:
                    if seat not in absent:  # (not in the round: nothing of theirs but the total)
                        row.update(self.cells(game, rounds[index], seat))
                    row["total"] = str(curve[index][seat])
                    if adjusted is not None:
                        row["adjustment"], row["adjustment_note"] = adjusted[seat]
                if table is not None:
                    row.update(zip(self.table_columns, table[index][seat]))
                lines.append(",".join((*start, *[row.get(column, "") for column in columns])))
        return lines

    # ----- reading -----

    def values(self, fields: Sequence[str], line: int, source: str) -> dict[str, str]:
        """{column: the cell, stripped} of one row, which has every column."""
        if len(fields) != len(self.columns):
            raise ExchangeError(_(
                "{where} has {count} values where every row has {columns} ({header}). The file may be truncated, or a "
                "name with a comma lost its quotes: export it again.",
                where=line_of(source, line), count=len(fields), columns=len(self.columns), header=self.header))
        return dict(zip(self.columns, (field.strip() for field in fields)))

    def parse_row(self, fields: Sequence[str], line: int, source: str) -> Row:
        values = self.values(fields, line, source)
        values["player"] = unprotect_cell(values["player"])  # written protected from spreadsheet formulas
        values["adjustment_note"] = unprotect_cell(values.get("adjustment_note", ""))
        values["adjustment"] = whole(values.get("adjustment", ""), "adjustment", line, source, required=False)
        number = counted(values[self.unit], self.unit, MOST_ROUNDS, line, source)
        counted(values["seat"], "seat", MOST_SEATS, line, source)
        if self.marks_table:
            values["at_table"] = at_table_status(values["at_table"], line, source, self.unit)
        return Row(line, values, number)

    def game_from_rows(self, game_id: str, rows: list[Row], source: str) -> GameRecord:
        """Rebuild one game: the players from the seats, then every round's changes at the table (in a
        file with the table columns), entry and adjustments replayed in order, and the file's computed
        columns compared with the rules'."""
        first = rows[0]
        stored_id, external_ref = file_game_id(game_id, line_of(source, first.line))
        where = _("game {game}", game=game_id)
        started_at, rules = self.game_columns(rows, source, where)
        players, seats = players_from_seats(rows, source, where, self.unit)
        cells = self.cells_by_number(rows, source, where)
        # Who was at the table, round by round (a file with the table columns): the game starts with the
        # players who were there from round 1, and the late arrivals join as the rounds are read.
        plan = self.table_plan(rows, cells, players, source, where) if self.marks_table else None
        try:
            game = kind_module(self.kind).Game(players if plan is None else players[:plan.starting], rules)
        except InvalidEntry as problem:
            raise ExchangeError(_said(problem, _in_game(line_of(source, first.line), where))) from None
        numbers = sorted({number for number, _unused in cells})
        last = game.progress()[1] if self.every_round else numbers[-1]
        stray = next((row for row in rows if not 1 <= int(row[self.unit]) <= (last or 0)), None)
        if stray is not None:
            place, number, round_ = _in_game(line_of(source, stray.line), where), stray[self.unit], self.unit == "round"
            if self.every_round and round_:
                raise ExchangeError(_("{where}: there is no round {number}; {rules} has rounds 1 to {last}.",
                                      where=place, number=number, rules=rules.shown_name, last=last))
            if self.every_round:
                raise ExchangeError(_("{where}: there is no hand {number}; {rules} has hands 1 to {last}.",
                                      where=place, number=number, rules=rules.shown_name, last=last))
            if round_:
                raise ExchangeError(_("{where}: there is no round {number}; rounds count from 1.",
                                      where=place, number=number))
            raise ExchangeError(_("{where}: there is no hand {number}; hands count from 1.", where=place, number=number))

        actions: list[dict] = []
        waiting: int | None = None  # the first round with nothing entered
        totals = [0] * len(players)
        held: dict[int, list[dict]] = {}  # a late arrival's adjustments at rounds before theirs: kept till they come
        for number in range(1, last + 1):
            index = number - 1
            round_rows = [cells.get((number, seat)) for seat in seats]
            if None in round_rows:
                missing = players[round_rows.index(None)]
                if self.unit == "round":
                    raise ExchangeError(_("{where}: round {number} has no row for {player}; every round has a row per "
                                          "player. The file may be truncated: export it again.",
                                          where=_in_game(source, where), number=number, player=missing))
                raise ExchangeError(_("{where}: hand {number} has no row for {player}; every hand has a row per "
                                      "player. The file may be truncated: export it again.",
                                      where=_in_game(source, where), number=number, player=missing))
            place = _rows_place(source, where, self.unit, number, round_rows)
            absent: frozenset[int] = frozenset()
            if plan is not None:  # the round's changes at the table first, as the app records them
                self._change_table(game, plan, index, players, [], held,
                                   lambda action: _applied(game, action, actions, place))
                absent = frozenset(range(len(game.players))).difference(game.seated(index))
            # (the rows of the players in the game by then: a late arrival's before they came are not)
            action = self.action(index, round_rows[:len(game.players)], players, place, source, absent)
            if action is None:  # not played yet: only rounds like it may follow
                waiting = waiting or number
                self.check_empty(round_rows, source, where)
                continue
            adjustments = adjustment_actions(index, round_rows, _step_place(source, where, self.unit, number))
            if waiting is not None:
                if self.unit == "round":
                    raise ExchangeError(_("{where}: this round is filled in, but round {waiting} before it is not; "
                                          "rounds are played in order.", where=place, waiting=waiting))
                raise ExchangeError(_("{where}: this hand is filled in, but hand {waiting} before it is not; hands "
                                      "are played in order.", where=place, waiting=waiting))
            for entry in (action, *adjustments):
                if plan is not None and entry["type"] == ADJUST and entry["seat"] >= len(game.players):
                    held.setdefault(entry["seat"], []).append(entry)  # not at the table yet: till they come
                    continue
                _applied(game, entry, actions, place)
            if plan is None:
                played_round = self.played(game)[index]
                totals = [total + points for total, points in zip(totals, game.adjusted(played_round.points, index))]
                self.check_computed(game, played_round, number, round_rows, totals, source, where)
        if plan is not None:
            # Checked once everyone has come: a late arrival's total counts their start from the round before theirs.
            for index, (played_round, totals) in enumerate(zip(self.played(game), game.running_totals())):
                self.check_computed(game, played_round, index + 1, [cells[(index + 1, seat)] for seat in seats],
                                    totals, source, where, played_round.absent)
        return self.record(stored_id, external_ref, started_at, game, actions)

    # ----- what reading every kind shares -----

    def record(self, stored_id: str, external_ref: str | None, started_at, game, actions: list[dict]) -> GameRecord:
        # CSV has no end time: a finished game takes its start time as its end (JSON keeps both).
        # The record's players are those the game started with; late arrivals are in its join entries.
        joined = len(getattr(game, "joins", None) or ())
        return GameRecord(
            id=stored_id, kind=self.kind, rules=game.rules.to_dict(),
            players=tuple(game.players[:len(game.players) - joined]),
            setup=dict(game.setup), status=FINISHED if game.is_over else PLAYING, started_at=started_at,
            finished_at=started_at if game.is_over else None, actions=tuple(actions), external_ref=external_ref,
        )

    def game_columns(self, rows: list, source: str, where: str):
        """(started_at, rules) of a game's rows, which all have the same started_at and game."""
        first = rows[0]
        for row in rows:
            for column in ("started_at", "game"):
                if row[column] != first[column]:
                    raise ExchangeError(_(
                        "{where} ({game}): {column} is {value} but {first} on line {line}; every row of a game has "
                        "the same {column}.", where=line_of(source, row.line), game=where, column=column,
                        value=excerpt(row[column]), first=excerpt(first[column]), line=first.line))
        # Translators: the place and the column a refusal points at ("data.csv, line 2 (game 7): started_at").
        started_at = parse_time(first["started_at"], _("{where} ({game}): started_at",
                                                       where=line_of(source, first.line), game=where))
        return started_at, self.preset_rules(first, source, where)

    def cells_by_number(self, rows: list, source: str, where: str) -> dict[tuple[int, int], Any]:
        """{(hand or round, seat): row}: every one exactly once."""
        unit = self.unit
        cells: dict[tuple[int, int], Any] = {}
        for row in rows:
            number = int(row[unit])
            twin = cells.setdefault((number, int(row["seat"])), row)
            if twin is not row:
                place = _row_place(source, row.line, where, unit, number, row["player"])
                if unit == "round":
                    raise ExchangeError(_("{where}: this round of this player is also on line {line}; keep one of the "
                                          "two rows.", where=place, line=twin.line))
                raise ExchangeError(_("{where}: this hand of this player is also on line {line}; keep one of the two "
                                      "rows.", where=place, line=twin.line))
        return cells

    def preset_rules(self, row: Row, source: str, where: str):
        presets = kind_module(self.kind).PRESETS
        if row["game"] == CUSTOM:
            raise ExchangeError(_(
                "{where} ({game}): this game was played with custom rules, which a CSV file can't carry. Export it as "
                "JSON (scorekeeper export --format json) and import that.", where=line_of(source, row.line), game=where))
        rules = presets.get(row["game"])
        if rules is None:
            raise ExchangeError(_(
                "{where} ({game}): the game {value} is none of the {kind} presets this version knows ({presets}, or "
                "custom from a JSON export).", where=line_of(source, row.line), game=where, value=excerpt(row["game"]),
                kind=self.kind, presets=", ".join(presets)))
        return rules

    def check_empty(self, rows: list[Row], source: str, where: str) -> None:
        """A round not played yet has nothing in the columns the rules compute."""
        for row in rows:
            for column in (*self.computed, "adjustment"):
                if row.values.get(column) not in (None, ""):
                    place = _row_place(source, row.line, where, self.unit, row[self.unit], row["player"])
                    if self.unit == "round":
                        # Translators: {column} is a CSV column's name as the file has it (points, total, pot ...).
                        raise ExchangeError(_("{where}: the {column} is {value}, but this round is not played yet; "
                                              "leave it empty.", where=place, column=column, value=row[column]))
                    # Translators: {column} is a CSV column's name as the file has it (points, total, pot ...).
                    raise ExchangeError(_("{where}: the {column} is {value}, but this hand is not played yet; leave "
                                          "it empty.", where=place, column=column, value=row[column]))

    def check_computed(self, game, played_round, number: int, rows: list[Row], totals: list[int],
                       source: str, where: str, absent: frozenset[int] = frozenset()) -> None:
        """The file's computed columns of a played round must be what the rules give; `totals` are the
        running totals after it, `absent` the seats not in it (their cells were checked empty, but the total)."""
        for seat, row in enumerate(rows):
            place = _row_place(source, row.line, where, self.unit, number, row["player"])
            out = seat in absent
            expected = {**({} if out else self.cells(game, played_round, seat)), "total": str(totals[seat])}
            for column in ("total",) if out else self.computed:
                if column in LEFT_EMPTY and not row[column]:  # left empty in a hand-written file: computed
                    continue
                given = self.value(row[column], column, row.line, source)
                right = self.value(expected[column], column, row.line, source)
                if given == right:
                    continue
                shown = _shown(row[column])
                if column == "total":
                    raise wrong_total(place, row["player"], self.unit, number, shown, totals[seat], out)
                hint = self.hint(game, played_round, seat)
                # Translators: a computed value a refusal shows, with what the rules made of the entry in brackets
                # ("0 (Ann took the pot of 3 + 5)").
                right = _("{value} ({hint})", value=_shown(expected[column]), hint=hint) if hint else \
                    _shown(expected[column])
                raise ExchangeError(self.wrong_computed(column.endswith("s"), where=place, column=column, value=shown,
                                                        rules=game.rules.shown_name, right=right))

    def wrong_computed(self, plural: bool, **params: Any) -> str:
        """The refusal of a computed column the rules don't give (`plural`: a column named in the plural,
        like points); the kinds say what the rules compute it from."""
        if plural:
            # Translators: {column} is a CSV column's name as the file has it; {rules} the rules' name.
            return _("{where}: the {column} are {value}, but the entries under {rules} give {right}. The {column} "
                     "are worked out from the entries: correct whichever is wrong.", **params)
        # Translators: {column} is a CSV column's name as the file has it; {rules} the rules' name.
        return _("{where}: the {column} is {value}, but the entries under {rules} give {right}. The {column} is "
                 "worked out from the entries: correct whichever is wrong.", **params)

    def hint(self, game, played_round, seat: int) -> str:
        """What the rules made of this seat's entry, in words, for a refusal; '' when it says nothing more."""
        return ""

    def value(self, text: str, column: str, line: int, source: str) -> Any:
        """A cell as the rules compare it: a number, a list of numbers, or the text."""
        if column in self.number_columns:
            return whole(text, column, line, source, required=False)
        if column in self.list_columns:
            return number_list(text, column, line, source)
        return text

    # ----- who was at the table (a file with the table columns) -----

    def table_plan(self, rows: list, cells: dict, players: list[str], source: str, where: str) -> TablePlan | None:
        """Who was at the table in each hand (round), as the rows' table columns say; None when they say
        nobody joined late, left or sat out. Refused when they contradict each other: a late arrival is
        `not yet` at the table until the row of the hand they joined at (with their start, and in the
        kinds that deal whom they sat after), a player who left is `left` from then on, a player not in a
        hand has nothing of the kind's own there (out_columns), and late arrivals have the seats after the
        players who started, in the order they came."""
        if not any(row.at_table or row.start or row.sits_after for row in rows):
            return None
        unit, after = self.unit, "sits_after" in self.table_columns
        last = max(row.number for row in rows)
        arrivals: dict[int, Any] = {}  # seat -> the row of the hand they came at
        left: dict[int, int] = {}
        sat_out: dict[int, list[int]] = {}
        for seat, name in enumerate(players):
            waited = present = gone = None  # the first row not yet at the table, at it, left
            for number in range(1, last + 1):
                row = cells.get((number, seat + 1))
                if row is None:
                    continue  # (refused as the hands are read)
                place = _row_place(source, row.line, where, unit, number, name)
                status = row.at_table
                arrives = status == JOINED or bool(row.start or row.sits_after)
                if status in (NOT_YET, SAT_OUT, LEFT):
                    filled = self.filled_when_out(row)
                    if filled:
                        raise ExchangeError(self.filled_refusal(status, where=place, name=name, filled=filled,
                                                                columns=_or_list(self.out_columns)))
                if gone is not None:
                    if status != LEFT or arrives:
                        said = dict(where=place, status=_shown(status), name=name, number=gone.number, line=gone.line)
                        if unit == "round":
                            raise ExchangeError(_(
                                "{where}: at_table is {status}, but {name} left at round {number} (line {line}); a "
                                "player who leaves doesn't come back: write left on every later round.", **said))
                        raise ExchangeError(_(
                            "{where}: at_table is {status}, but {name} left at hand {number} (line {line}); a player "
                            "who leaves doesn't come back: write left on every later hand.", **said))
                    continue
                if status == NOT_YET:
                    if present is not None:
                        said = dict(where=place, name=name, number=present.number, line=present.line)
                        if unit == "round":
                            raise ExchangeError(_(
                                "{where}: at_table is not yet, but {name} is at the table from round {number} (line "
                                "{line}); not yet is for the rounds before a late arrival joins.", **said))
                        raise ExchangeError(_(
                            "{where}: at_table is not yet, but {name} is at the table from hand {number} (line "
                            "{line}); not yet is for the hands before a late arrival joins.", **said))
                    if arrives:
                        if after:  # (sits_after: the kinds that deal, played in hands)
                            raise ExchangeError(_("{where}: start and sits_after go on the row of the hand {name} "
                                                  "joins at, not on a hand before it (not yet).", where=place,
                                                  name=name))
                        if unit == "round":
                            raise ExchangeError(_("{where}: start goes on the row of the round {name} joins at, not on "
                                                  "a round before it (not yet).", where=place, name=name))
                        raise ExchangeError(_("{where}: start goes on the row of the hand {name} joins at, not on a "
                                              "hand before it (not yet).", where=place, name=name))
                    waited = waited or row
                    continue
                if arrives:
                    if present is not None:
                        said = dict(where=place, name=name, number=present.number, line=present.line)
                        if status != JOINED and after:  # (sits_after: the kinds that deal, played in hands)
                            raise ExchangeError(_(
                                "{where}: start or sits_after is filled in, but {name} is at the table from hand "
                                "{number} (line {line}); a late arrival joins once, at their first hand, and is not "
                                "yet at the table before it.", **said))
                        if status != JOINED and unit == "round":
                            raise ExchangeError(_(
                                "{where}: the start is filled in, but {name} is at the table from round {number} "
                                "(line {line}); a late arrival joins once, at their first round, and is not yet at "
                                "the table before it.", **said))
                        if status != JOINED:
                            raise ExchangeError(_(
                                "{where}: the start is filled in, but {name} is at the table from hand {number} "
                                "(line {line}); a late arrival joins once, at their first hand, and is not yet at the "
                                "table before it.", **said))
                        if unit == "round":
                            raise ExchangeError(_(
                                "{where}: at_table is joined, but {name} is at the table from round {number} (line "
                                "{line}); a late arrival joins once, at their first round, and is not yet at the "
                                "table before it.", **said))
                        raise ExchangeError(_(
                            "{where}: at_table is joined, but {name} is at the table from hand {number} (line "
                            "{line}); a late arrival joins once, at their first hand, and is not yet at the table "
                            "before it.", **said))
                    arrivals[seat] = row
                elif waited is not None and present is None:
                    said = dict(where=place, status=_shown(status), name=name, number=waited.number, line=waited.line)
                    if after:  # (sits_after: the kinds that deal, played in hands)
                        raise ExchangeError(_(
                            "{where}: at_table is {status}, but {name} is not yet at the table in hand {number} (line "
                            "{line}); write joined on the hand a late arrival joins at, with their start and whom "
                            "they sit after.", **said))
                    if unit == "round":
                        raise ExchangeError(_(
                            "{where}: at_table is {status}, but {name} is not yet at the table in round {number} (line "
                            "{line}); write joined on the round a late arrival joins at, with their start.", **said))
                    raise ExchangeError(_(
                        "{where}: at_table is {status}, but {name} is not yet at the table in hand {number} (line "
                        "{line}); write joined on the hand a late arrival joins at, with their start.", **said))
                present = present or row
                if status == LEFT:
                    gone = row
                    left[seat] = number - 1
                elif status == SAT_OUT:
                    sat_out.setdefault(number - 1, []).append(seat)
            if waited is not None and present is None:
                place = _in_game(line_of(source, waited.line), _with_player(where, name))
                if unit == "round":
                    raise ExchangeError(_("{where}: {name} is not yet at the table in any round; write joined on the "
                                          "round they joined at, or take their rows out.", where=place, name=name))
                raise ExchangeError(_("{where}: {name} is not yet at the table in any hand; write joined on the hand "
                                      "they joined at, or take their rows out.", where=place, name=name))
        starting = len(players) - len(arrivals)
        for seat in sorted(arrivals):
            row = arrivals[seat]
            if seat < starting:
                said = dict(where=_in_game(line_of(source, row.line), where), name=players[seat], number=row.number,
                            seat=seat + 1, starting=starting)
                if unit == "round":
                    raise ExchangeError(_(
                        "{where}: {name} joins at round {number} but has seat {seat}; a late arrival takes the next "
                        "seat after everyone already in the game: the {starting} players who started have seats 1 to "
                        "{starting}, the late arrivals the seats after, in the order they came.", **said))
                raise ExchangeError(_(
                    "{where}: {name} joins at hand {number} but has seat {seat}; a late arrival takes the next seat "
                    "after everyone already in the game: the {starting} players who started have seats 1 to "
                    "{starting}, the late arrivals the seats after, in the order they came.", **said))
            later = arrivals.get(seat + 1)
            if later is not None and later.number < row.number:
                said = dict(where=_in_game(line_of(source, later.line), where), later=players[seat + 1],
                            later_seat=seat + 2, later_number=later.number, name=players[seat], seat=seat + 1,
                            number=row.number)
                if unit == "round":
                    raise ExchangeError(_(
                        "{where}: {later} (seat {later_seat}) joins at round {later_number}, before {name} (seat "
                        "{seat}) at round {number}; late arrivals take seats in the order they came: swap their "
                        "seats.", **said))
                raise ExchangeError(_(
                    "{where}: {later} (seat {later_seat}) joins at hand {later_number}, before {name} (seat {seat}) at "
                    "hand {number}; late arrivals take seats in the order they came: swap their seats.", **said))
        joins = {seat: self.arrival(row, seat, players, source,
                                    _row_place(source, row.line, where, unit, row.number, players[seat]))
                 for seat, row in sorted(arrivals.items())}
        order = list(range(starting))
        for seat, join in joins.items():
            order.insert(len(order) if join.after is None else order.index(join.after) + 1, seat)
        return TablePlan(starting, joins, left, sat_out, order)

    def arrival(self, row, seat: int, players: list[str], source: str, place: str) -> Join:
        """A late arrival's join, from the row of the hand (round) they joined at; in a file without
        sits_after (nobody deals), they sit last, as the app seats them."""
        name, after = players[seat], None
        if "sits_after" in self.table_columns:
            if not row.sits_after:  # (sits_after: the kinds that deal, played in hands)
                raise ExchangeError(_("{where}: {name} joins at hand {number}, but sits_after is empty; write the "
                                      "player {name} sat down after.", where=place, name=name, number=row.number))
            key = name_key(row.sits_after)
            after = next((other for other in range(seat) if name_key(players[other]) == key), None)
            if after is None:
                raise ExchangeError(_("{where}: sits_after is {value}, who is none of the players in the game before "
                                      "{name} ({players}); write the player {name} sat down after.", where=place,
                                      value=excerpt(row.sits_after), name=name, players=", ".join(players[:seat])))
        rule, points = read_start(row.start, row.line, source)
        return Join(row.number - 1, after, rule, points, row.line)

    def filled_when_out(self, row) -> str:
        """What a row of a player not in the hand (round) has that it should not ('the bid is 2'), or ''."""
        for column in self.out_columns:
            if row[column] not in (None, ""):
                if column.endswith("s"):
                    # Translators: what a row has that it should not; {column} is a CSV column's name (tricks, points).
                    return _("the {column} are {value}", column=column, value=row[column])
                # Translators: what a row has that it should not; {column} is a CSV column's name (bid, went_out).
                return _("the {column} is {value}", column=column, value=row[column])
        return ""

    def filled_refusal(self, status: str, **params: Any) -> str:
        """The refusal of a row of a player not in the hand (round) that has something of the kind's own
        (`filled`, a filled_when_out), as at_table's `status` says; `columns` are the out_columns, listed."""
        if self.unit == "round":
            if status == NOT_YET:
                return _("{where}: at_table says {name} is not at the table yet, but {filled}; a player not in the "
                         "round has no {columns} there: clear them, or correct at_table.", **params)
            if status == SAT_OUT:
                return _("{where}: at_table says {name} sat this round out, but {filled}; a player not in the round "
                         "has no {columns} there: clear them, or correct at_table.", **params)
            return _("{where}: at_table says {name} has left, but {filled}; a player not in the round has no "
                     "{columns} there: clear them, or correct at_table.", **params)
        if status == NOT_YET:
            return _("{where}: at_table says {name} is not at the table yet, but {filled}; a player not in the hand "
                     "has no {columns} there: clear them, or correct at_table.", **params)
        if status == SAT_OUT:
            return _("{where}: at_table says {name} sat this hand out, but {filled}; a player not in the hand has no "
                     "{columns} there: clear them, or correct at_table.", **params)
        return _("{where}: at_table says {name} has left, but {filled}; a player not in the hand has no {columns} "
                 "there: clear them, or correct at_table.", **params)

    def _change_table(self, game, plan: TablePlan, index: int, players: list[str], sizes: list[int],
                      waiting: dict[int, list[dict]], apply: Callable[[dict], None]) -> None:
        """Record the changes at the table of hand (round) `index` before its entries, as the app records
        them: the late arrivals in the order they came (each followed by their adjustments at earlier
        hands), those who leave and those who sit the hand out.

        A file doesn't keep the order in which the table entered its changes, and that order can matter:
        for who is at the table when a late arrival starts from the lowest, the highest or the average
        total, and, in the kinds that deal, for how many were seated when the deck capped the hand. Those
        who go come first, unless the arrivals' starts, or then the hand's cards (`sizes`, the file's;
        none for the kinds played in rounds), fit only the other order, or the rules' fewest or most
        players ask for it. A start the totals as replayed don't give is taken as the number the file
        gives (a file written before a start followed the hands before it, or edited by hand);
        BidTricksCsv.game_from_rows deals a hand the deck capped otherwise as the file lists it."""
        unit = self.unit  # (the entries' key: "hand", or "round" on the score pad)
        arriving = [seat for seat, join in plan.joins.items() if join.hand == index]
        going = [{"type": LEAVE, unit: index, "seat": seat} for seat, at in sorted(plan.left.items()) if at == index]
        going += [{"type": SIT_OUT, unit: index, "seat": seat} for seat in plan.sat_out.get(index, ())]
        if not (arriving or going):
            return
        # One who sat out or left the very hand they came at goes right after coming.
        going_too = {entry["seat"]: entry for entry in going if entry["seat"] in arriving}
        going = [entry for entry in going if entry["seat"] not in going_too]

        def starts_fit(leaving_first: bool) -> bool:
            """Whether every arrival's start is the file's number with those going first or last."""
            gone = {entry["seat"] for entry in going} if leaving_first else set()
            seated, totals = [seat for seat in game.seated(index) if seat not in gone], dict(enumerate(game.totals()))
            for seat in arriving:
                join = plan.joins[seat]
                points = (starting_score(join.rule, [totals[other] for other in seated]) if join.rule in START_WORDS
                          else join.points or 0)
                if join.points is not None and points != join.points:
                    return False
                totals[seat] = points
                seated.append(seat)
            return True

        count, rules = len(game.seated(index)), game.rules  # (the players in the hand so far)

        def dealt_as_listed(leaving_first: bool) -> bool:
            """Whether hand `index` gets the file's cards with those going first or last: the deck caps
            it for the most players seated along the way."""
            most = count - len(going) + len(arriving) if leaving_first else count + len(arriving)
            return len(sizes) <= index or min(game.hands[index].cards, rules.max_cards(most)) == sizes[index]

        if going and arriving:
            fits = [order for order in (True, False) if starts_fit(order)] or [True]
            leaving_first = next((order for order in fits if dealt_as_listed(order)), fits[0])
        else:
            leaving_first = bool(going)
        if leaving_first and arriving and count - len(going) < rules.min_players:
            leaving_first = False
        elif not leaving_first and going and count + len(arriving) > rules.max_players:
            leaving_first = True
        if leaving_first:
            for entry in going:
                apply(entry)
        for seat in arriving:
            join = plan.joins[seat]
            rule = join.rule
            if join.points is not None and rule in START_WORDS:
                totals = game.totals()
                if starting_score(rule, [totals[other] for other in game.seated(index)]) != join.points:
                    rule = join.points
            after = {} if join.after is None else {"after": join.after}  # (none: last, as the app seats them)
            apply({"type": JOIN, unit: index, "name": players[seat], **after, "start": rule})
            for adjustment in waiting.pop(seat, ()):
                apply(adjustment)
            if seat in going_too:
                apply(going_too[seat])
        if not leaving_first:
            for entry in going:
                apply(entry)


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
        seat = int(row["seat"])
        known = names.setdefault(seat, row)
        if known["player"] != row["player"]:
            raise ExchangeError(_(
                "{where}: seat {seat} is {player}, but {known} on line {line}; a seat keeps its player for the whole "
                "game.", where=_row_place(source, row.line, where, unit, row[unit]), seat=seat,
                player=excerpt(row["player"]), known=excerpt(known["player"]), line=known.line))
    seats = sorted(names)
    if seats != list(range(1, len(seats) + 1)):
        absent = sorted(set(range(1, max(seats) + 1)) - set(seats)) or seats[:1]
        raise ExchangeError(_("{where}: the seats are {seats}; they must count 1, 2, 3 ... without a gap (seat "
                              "{seat} is missing or wrong).", where=_in_game(source, where),
                              seats=", ".join(map(str, seats)), seat=absent[0]))
    return [names[seat]["player"] for seat in seats], seats


def _all_or_none(rows: list[Row], column: str, where: str, source: str, what: str,
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


def _same_for_the_round(rows: list[Row], column: str, where: str) -> str:
    first = rows[0]
    for row in rows[1:]:
        if row[column] != first[column]:
            # Translators: {column} is a CSV column's name as the file has it (point_card).
            raise ExchangeError(_("{where}: the {column} is {value} on line {line} and {other} on line {other_line}; "
                                  "every row of a round has the same {column}.", where=where, column=column,
                                  value=_shown(first[column]), line=first.line, other=_shown(row[column]),
                                  other_line=row.line))
    return first[column]


# ----- who was at the table (rules.roster): what every kind that takes the changes shares -----

class Join(NamedTuple):
    """A late arrival as a file's rows give them (KindCsv.table_plan)."""

    hand: int  # the index of the hand (round) they joined at
    after: int | None  # the seat they sat down after (None in a file without sits_after: last)
    rule: Any  # their start: "zero", "lowest", "highest", "average" or a number (rules.roster)
    points: int | None  # the points the file says they started from; None when it doesn't say
    line: int


class TablePlan(NamedTuple):
    """Who was at the table in each hand (round) of a game, as its rows' table columns say."""

    starting: int  # the players the game started with: the first seats
    joins: dict[int, Join]  # seat -> their arrival, in seat order (the order they came)
    left: dict[int, int]  # seat -> the index of the first hand they were gone
    sat_out: dict[int, list[int]]  # hand index -> the seats that sat it out
    order: list[int]  # the seats in the order they sat at the end

    def first_dealer(self, dealer: int) -> int:
        """The first dealer that has `dealer` deal hand 1: that player, or for a late arrival who joined
        at hand 1, the nearest player before them at the table who started the game (the deal passed
        that player by: they sat hand 1 out)."""
        if dealer < self.starting:
            return dealer
        at = self.order.index(dealer)
        return next(seat for seat in (self.order[at - step] for step in range(1, len(self.order)))
                    if seat < self.starting)


def table_reach(game) -> int:
    """How many hands (rounds) a game's changes at the table reach: one past the last they are for (a
    late arrival for the round about to be played, a sit-out for one to come)."""
    return max((index for index, *_rest in game.table_changes()), default=-1) + 1


def start_cell(rule: Any, points: int) -> str:
    """A late arrival's start as the start column has it: '-5', or 'lowest -5' / 'average 9' when the
    table chose the lowest, the highest or the average total of the players at the table."""
    return f"{rule} {points}" if rule in START_WORDS else str(points)


def read_start(text: str, line: int, source: str) -> tuple[Any, int | None]:
    """(the start as a join entry gives it, the points the cell says it came to or None) of a start cell:
    empty or 0 (0), a whole number, lowest, highest or average with or without the points."""
    if not text:
        return "zero", None
    match = _START.fullmatch(text)
    if match is None:
        raise ExchangeError(_("{where}: the start {value} is not a starting score; write the points the late arrival "
                              "started from (-5), or lowest, highest or average and the points they came to "
                              "(lowest -5).", where=line_of(source, line), value=excerpt(text)))
    word, number, bare = match.groups()
    if bare:
        return bare.lower(), None
    points = whole(number, "start", line, source, required=True)
    if word:
        return word.lower(), points
    return ("zero" if points == 0 else points), points


def at_table_status(given: str, line: int, source: str, unit: str) -> str:
    """An at_table cell, read: one of AT_TABLE (any case, any spacing)."""
    status = " ".join(given.lower().split())
    if status not in AT_TABLE:
        if unit == "round":
            raise ExchangeError(_("{where}: at_table is {value}; write not yet, joined, sat out or left, or leave it "
                                  "empty for a player in the round.", where=line_of(source, line), value=excerpt(given)))
        raise ExchangeError(_("{where}: at_table is {value}; write not yet, joined, sat out or left, or leave it empty "
                              "for a player in the hand.", where=line_of(source, line), value=excerpt(given)))
    return status


def table_cells(game, count: int, columns: Sequence[str] = TABLE_COLUMNS) -> list[list[tuple[str, ...]]]:
    """Per hand (round) of the first `count`, per seat: the cells of `columns` (at_table, start and
    sits_after, or the first two) of a game where someone joined late, left or sat out (rules.roster)."""
    joins, left, sat_out = game.joins, game.left, game.sat_out
    order, names, after = game.order, game.players, "sits_after" in columns
    arrivals = {}
    for seat, (index, rule, points) in joins.items():
        said = (start_cell(rule, points),)
        if after:
            # Whom they sat down after: the nearest seat before theirs at the table that was there when they
            # came (a late arrival takes the next seat number: one who came later may sit in between).
            at = order.index(seat)
            before = next(other for other in (order[at - step] for step in range(1, len(order))) if other < seat)
            said += (csv_text(names[before]),)
        arrivals[seat] = (index, said)
    blank = ("",) * (len(columns) - 1)
    hands = []
    for index in range(count):
        out = sat_out.get(index, ())
        cells = []
        for seat in range(len(names)):
            arrival = arrivals.get(seat)
            if arrival is not None and arrival[0] > index:
                cells.append((NOT_YET, *blank))
                continue
            status = LEFT if left.get(seat, index + 1) <= index else SAT_OUT if seat in out else ""
            if arrival is not None and arrival[0] == index:  # (one who sat out or left the hand they came at: so said)
                cells.append((status or JOINED, *arrival[1]))
            else:
                cells.append((status, *blank))
        hands.append(cells)
    return hands


def _applied(game, action: dict, actions: list[dict], place: str) -> None:
    """Apply one entry rebuilt from a file, and keep it; the engine's refusal names `place`."""
    try:
        game.apply(action)
    except InvalidEntry as problem:
        raise ExchangeError(_said(problem, place)) from None
    actions.append(action)


# ----- bid-and-tricks games -----

def _place(source: str, where: str, hand_rows: list) -> Later:
    """'the file, lines 2-5 (game x, hand 1)': where a hand's entries are, for a refusal."""
    return _rows_place(source, where, "hand", hand_rows[0].hand, hand_rows)


class BidTricksCsv(KindCsv):
    """Per hand the cards dealt, the dealer and the trump; per player the bid, tricks, points and running
    total. Every hand of the game has its rows, played or not. A hand is entered as the app records it:
    the changes at the table (in a file with the table columns), bids, then trump, then tricks."""

    kind = oh_heck.KIND
    hooked = sequenced = seated = True
    columns = ("game_id", "started_at", "game", "hand", "cards", "dealer", "trump", "player", "seat",
               "bid", "tricks", "points", "total")
    table_columns = TABLE_COLUMNS  # (the deal passes to a late arrival: where they sit matters)
    out_columns = ("bid", "tricks", "points")

    def rows(self, start: Sequence[str], game) -> list[str]:
        # A hand's lines are made column by column, each cell worked out once per seat, and joined in
        # one step (map and zip): ten thousand games are some six hundred thousand rows.
        lines: list[str] = []
        names = [csv_text(name) for name in game.players]  # text cells: no formula (docs/export-format.md)
        count = len(names)
        seats = [str(seat) for seat in range(1, count + 1)]
        curve = game.running_totals()
        nothing = ("",) * count
        changed = "" if not self.marks_hands else (  # (the rules' hands for the players the game started with)
            YES if [hand.cards for hand in game.hands] != game.rules.hand_sizes(count - len(game.joins)) else "")
        table = table_cells(game, len(game.hands)) if self.marks_table and table_changed(game) else None
        nobody_moved = [nothing] * len(self.table_columns)  # (a game where nobody came, went or sat out)
        for index, hand in enumerate(game.hands):
            trump = hand.trump_label
            head = ",".join((*start, str(hand.number), str(hand.cards), names[hand.dealer],
                             csv_text(trump) if trump else "")) + ","
            columns = [names, seats, nothing if hand.bids is None else _texts(hand.bids)]
            if index < len(curve):
                points = hand.points if table is None or not hand.absent else [  # not in the hand: no points
                    None if seat in hand.absent else gained for seat, gained in enumerate(hand.points)]
                columns += [_texts(hand.tricks), *self.bonus_cells(game, hand), _texts(points), map(str, curve[index])]
            else:
                columns += [nothing, *self.bonus_cells(game, hand), nothing, nothing]
            if self.marks_hook:
                columns.append(repeat(YES if hand.against_hook else "", count))
            if self.marks_hands:
                columns.append(repeat(changed, count))
            if self.marks_table:
                columns += nobody_moved if table is None else zip(*table[index])
            if self.adjustable:
                adjusted = adjustment_cells(game, index) if index < len(curve) else None
                columns += zip(*adjusted) if adjusted else (nothing, nothing)
            lines += map(head.__add__, map(",".join, zip(*columns)))
        return lines

    def bonus_cells(self, game, hand) -> tuple:
        """The kind's columns between tricks and points, each as its cells in seat order (none here)."""
        return ()

    def parse_row(self, fields: Sequence[str], line: int, source: str) -> Row:
        values = self.values(fields, line, source)
        self.read_cells(values, line, source)
        return Row(line, values, values["hand"])

    def read_cells(self, values: dict[str, Any], line: int, source: str) -> None:
        """A row's cells read and checked, in place: numbers whole, text unprotected."""
        whole_cells(values, ("cards", "bid", "tricks", "points", "total", "adjustment"), line, source,
                    required=("cards",))
        # Numbers the import builds from (a set of seats, a list of hands): bounded before they are used.
        values["hand"] = counted(values["hand"], "hand", MOST_HANDS, line, source)
        values["seat"] = counted(values["seat"], "seat", MOST_SEATS, line, source)
        if self.marks_table:
            values["at_table"] = at_table_status(values["at_table"], line, source, "hand")
            values["sits_after"] = unprotect_cell(values["sits_after"])
        for column in ("game", "dealer", "trump", "player"):
            values[column] = unprotect_cell(values[column])
        values["adjustment_note"] = unprotect_cell(values.get("adjustment_note", ""))
        values["against_hook"] = values.get("against_hook", "").lower()
        values["changed_hands"] = values.get("changed_hands", "").lower()

    def game_from_rows(self, game_id: str, rows: list[Row], source: str) -> GameRecord:
        """Rebuild one game: players from the seats, the first dealer from hand 1, then every hand's
        changes at the table, bids, trump and tricks applied in order and the file's points and totals
        compared."""
        first = rows[0]
        stored_id, external_ref = file_game_id(game_id, line_of(source, first.line))
        where = _("game {game}", game=game_id)
        started_at, rules = self.game_columns(rows, source, where)
        players, seats = players_from_seats(rows, source, where, self.unit)
        cells = self.cells_by_number(rows, source, where)
        opening = [cells.get((1, seat)) for seat in seats]
        if None in opening:
            raise ExchangeError(_("{where}: hand 1 has no row for {player}; the file may be truncated: export it "
                                  "again.", where=_in_game(source, where), player=players[opening.index(None)]))
        dealer = opening[0].dealer
        if dealer not in players:
            raise ExchangeError(_("{where}: the dealer {dealer} is none of the players ({players}).",
                                  where=_row_place(source, opening[0].line, where, "hand", 1), dealer=excerpt(dealer),
                                  players=", ".join(players)))
        # Who was at the table, hand by hand (a file with the table columns): the game starts with the
        # players who were there from hand 1, and the late arrivals join as the hands are read.
        plan = self.table_plan(rows, cells, players, source, where) if self.marks_table else None
        starting = players if plan is None else players[:plan.starting]
        first_dealer = players.index(dealer) if plan is None else plan.first_dealer(players.index(dealer))
        try:
            game = kind_module(self.kind).Game(starting, rules, first_dealer=first_dealer)
        except InvalidEntry as problem:
            raise ExchangeError(_said(problem, _in_game(line_of(source, first.line), where))) from None

        actions: list[dict] = []
        changed = {row.changed_hands for row in rows}
        if changed not in ({""}, {YES}):
            raise ExchangeError(_("{where}: changed_hands must be yes on every row of a game whose hands the table "
                                  "changed, and empty on every row of the others.",
                                  where=_in_game(line_of(source, first.line), where)))
        sizes = self._sizes_of(rows, cells, players, seats, source, where) if plan is not None or changed == {YES} \
            else []
        if changed == {YES}:  # the file's hands are the game's: taken before the first entry
            # (capped by the deck for the players who started: hands dealt to fewer are dealt as the table changes)
            most = rules.max_cards(len(starting)) if plan is not None else None
            change = {"type": "hands", "from": 0,
                      "sizes": sizes if most is None else [min(cards, most) for cards in sizes]}
            _applied(game, change, actions, _in_game(line_of(source, first.line), where))
        last_hand = max(row.hand for row in rows)
        if last_hand > len(game.hands) or min(row.hand for row in rows) < 1:
            row = next(row for row in rows if not 1 <= row.hand <= len(game.hands))
            raise ExchangeError(_("{where}: there is no hand {number}; {rules} with {players} players has hands 1 to "
                                  "{last}.", where=_in_game(line_of(source, row.line), where), number=row.hand,
                                  rules=rules.shown_name, players=len(starting), last=len(game.hands)))

        uncapped = (sizes if changed == {YES} else rules.hand_sizes(len(starting))) if plan is not None else []
        totals = [0] * len(players)
        waiting: dict[int, list[dict]] = {}  # a late arrival's adjustments at hands before theirs: kept till they come
        for index in range(len(game.hands)):
            number = index + 1
            hand_rows = [cells.get((number, seat)) for seat in seats]
            if None in hand_rows:
                raise ExchangeError(_("{where}: hand {number} has no row for {player}; every hand of the game has a "
                                      "row per player, played or not. The file may be truncated: export it again.",
                                      where=_in_game(source, where), number=number,
                                      player=players[hand_rows.index(None)]))
            if plan is not None:
                self._change_table(game, plan, index, players, sizes, waiting,
                                   lambda action: _applied(game, action, actions, _place(source, where, hand_rows)))
                # A hand the deck capped for more players than the replayed order had at the table (or did
                # not cap for the fewer it had) is dealt as the file lists it, within the rules' own hands.
                if (len(sizes) == len(game.hands) and game.hands[index].cards != sizes[index]
                        and sizes[index] <= uncapped[index]):
                    _applied(game, {"type": "hands", "from": index, "sizes": sizes[index:]}, actions,
                             _place(source, where, hand_rows))
            hand = game.hands[index]  # (as dealt after the changes at the table)
            adjustments = adjustment_actions(index, hand_rows, _step_place(source, where, "hand", number))
            for action in (*self.hand_actions(game, hand, hand_rows, source, where), *adjustments):
                if plan is not None and action["type"] == ADJUST and action["seat"] >= len(game.players):
                    waiting.setdefault(action["seat"], []).append(action)  # not at the table yet: till they come
                    continue
                try:
                    game.apply(action)
                except InvalidEntry as problem:
                    raise ExchangeError(_said(problem, _place(source, where, hand_rows))) from None
                actions.append(action)
            if plan is None:
                if hand.points is not None:
                    totals = [total + gained for total, gained in zip(totals, game.adjusted(hand.points, index))]
                self.check_scores(game, hand, hand_rows, totals, source, where)
        if plan is not None:
            # Checked once everyone has come: a late arrival's total counts their start from the hand before theirs.
            curve = game.running_totals()
            for index, hand in enumerate(game.hands):
                self.check_scores(game, hand, [cells[(index + 1, seat)] for seat in seats],
                                  curve[index] if index < len(curve) else [], source, where)
        return self.record(stored_id, external_ref, started_at, game, actions)

    # ----- who was at the table: KindCsv.table_plan, then the changes as each hand is read -----

    @staticmethod
    def _sizes_of(rows: list[Row], cells: dict, players: list[str], seats: list[int], source: str,
                  where: str) -> list[int]:
        """The cards dealt in each hand the rows list, hand 1 on (each hand's rows are checked to agree
        with the hand as dealt when it is entered)."""
        last = max(row.hand for row in rows)
        if last > MOST_HANDS:
            raise ExchangeError(_("{where}: a game can have at most {most} hands, not {last}.",
                                  where=_in_game(source, where), most=MOST_HANDS, last=last))
        sizes = []
        for number in range(1, last + 1):
            row = cells.get((number, seats[0]))
            if row is None:
                raise ExchangeError(_("{where}: hand {number} has no row for {player}; every hand of the game has a "
                                      "row per player, played or not. The file may be truncated: export it again.",
                                      where=_in_game(source, where), number=number, player=players[0]))
            sizes.append(row.cards)
        return sizes

    def hand_actions(self, game, hand, hand_rows: list[Row], source: str, where: str) -> list[dict]:
        """The entries of one hand as the app records them: bids, then trump, then tricks. `hand_rows`
        are every seat's, a late arrival's before they came too; the entries are for the seats in the game."""
        dealer = game.players[hand.dealer]
        for row in hand_rows:
            place = _row_place(source, row.line, where, "hand", hand.number, row.player)
            if row.cards != hand.cards:
                raise ExchangeError(_("{where}: the file deals {cards} cards, but {rules} with {players} players deals "
                                      "{dealt} in hand {number}.", where=place, cards=row.cards,
                                      rules=game.rules.shown_name, players=len(game.players), dealt=hand.cards,
                                      number=hand.number))
            if row.dealer != dealer:
                raise ExchangeError(_("{where}: the dealer is {value}, but the deal passes to the next seat each hand, "
                                      "so {dealer} deals hand {number}.", where=place, value=excerpt(row.dealer),
                                      dealer=dealer, number=hand.number))
            # (the trumps are written as the file has them, in English: machine text)
            if hand.no_trump and row.trump not in ("", oh_heck.NO_TRUMP):
                raise ExchangeError(_("{where}: the trump is {value}, but this hand is played without trump (the deal "
                                      "uses the whole deck); write {no_trump}.", where=place, value=excerpt(row.trump),
                                      no_trump=repr(oh_heck.NO_TRUMP)))
            if not hand.no_trump and row.trump == oh_heck.NO_TRUMP:
                raise ExchangeError(_("{where}: the trump is {no_trump}, but a card is turned up in this hand; write the "
                                      "trump ({trumps}) or leave it empty.", where=place,
                                      no_trump=repr(oh_heck.NO_TRUMP), trumps=", ".join(game.rules.trump_names)))
        trump = self._same_for_the_hand(hand_rows, "trump", source, where)
        against_hook = self._same_for_the_hand(hand_rows, "against_hook", source, where)
        first_place = _row_place(source, hand_rows[0].line, where, "hand", hand.number)
        if against_hook not in ("", YES):
            raise ExchangeError(_("{where}: against_hook is {value}; write yes for a hand recorded against the dealer's "
                                  "hook, or leave it empty.", where=first_place, value=excerpt(against_hook)))
        seated = hand_rows if len(hand_rows) == len(game.players) else hand_rows[:len(game.players)]
        bids = self._all_or_none(seated, "bid", source, where, hand.absent)
        tricks = self._all_or_none(seated, "tricks", source, where, hand.absent)
        if against_hook and bids is None:
            raise ExchangeError(_("{where}: against_hook is yes but the bids are not filled in; it marks bids recorded "
                                  "against the dealer's hook.", where=first_place))
        if tricks is not None and bids is None:
            raise ExchangeError(_("{where}: the tricks are filled in but the bids are not; a hand is bid before it is "
                                  "played.", where=first_place))
        actions: list[dict] = []
        if bids is not None:
            actions.append({"type": "bids", "hand": hand.number - 1, "values": bids,
                            **({"against_hook": True} if against_hook else {})})
        if trump and not hand.no_trump:
            actions.append({"type": "trump", "hand": hand.number - 1, "trump": trump})
        if tricks is not None:
            actions.append({"type": "tricks", "hand": hand.number - 1, "values": tricks})
        return actions

    @staticmethod
    def _same_for_the_hand(hand_rows: list[Row], column: str, source: str, where: str) -> str | int:
        first = hand_rows[0]
        for row in hand_rows[1:]:
            if row[column] != first[column]:
                # Translators: the two lines of a CSV file a refusal points at ("data.csv, lines 2 and 5").
                lines = _("{source}, lines {first} and {last}", source=source, first=first.line, last=row.line)
                # Translators: {column} is a CSV column's name as the file has it (trump, against_hook).
                raise ExchangeError(_("{where}: the {column} is {value} on one and {other} on the other; every row of "
                                      "a hand has the same {column}.",
                                      where=_in_game(lines, at_step(where, "hand", row.hand)), column=column,
                                      value=excerpt(first[column]), other=excerpt(row[column])))
        return first[column]

    @staticmethod
    def _all_or_none(hand_rows: list[Row], column: str, source: str, where: str,
                     absent: frozenset[int] = frozenset()) -> list[int | None] | None:
        """Every seat's number in `column` (None for a seat not in the hand), or None when none is filled in."""
        values = [row[column] for row in hand_rows]
        playing = [value for seat, value in enumerate(values) if seat not in absent] if absent else values
        if all(value is None for value in playing):
            return None
        if any(value is None for value in playing):
            row = next(row for seat, row in enumerate(hand_rows) if row[column] is None and seat not in absent)
            # Translators: {column} is a CSV column's name as the file has it (bid, tricks).
            raise ExchangeError(_("{where}: {player} has no {column} while others in this hand do; fill in every "
                                  "player's {column}, or none.",
                                  where=_row_place(source, row.line, where, "hand", row.hand, row.player),
                                  player=row.player, column=column))
        return values

    @staticmethod
    def check_scores(game, hand, hand_rows: list[Row], totals: list[int], source: str, where: str) -> None:
        """The file's points and running totals (`totals`, after this hand) must be what the rules give."""
        for seat, row in enumerate(hand_rows):
            place = _row_place(source, row.line, where, "hand", hand.number, row.player)
            if hand.points is None:
                for column in ("points", "total"):
                    if row[column] is not None:
                        # Translators: {column} is a CSV column's name as the file has it (points, total).
                        raise ExchangeError(_("{where}: the {column} is {value}, but the hand has no tricks yet; leave "
                                              "the {column} empty until the tricks are in.", where=place,
                                              column=column, value=row[column]))
                continue
            # Points and totals left empty (a file written by hand) are computed; filled ones must agree.
            if row.points is not None and row.points != hand.points[seat]:
                raise ExchangeError(_("{where}: the points are {points}, but a bid of {bid} with {tricks} tricks scores "
                                      "{right} under {rules}. Points are computed from the bid and tricks: correct "
                                      "whichever is wrong.", where=place, points=row.points, bid=row.bid,
                                      tricks=row.tricks, right=hand.points[seat], rules=game.rules.shown_name))
            if row.total is not None and row.total != totals[seat]:
                raise wrong_total(place, row.player, "hand", hand.number, row.total, totals[seat], seat in hand.absent)


class SkullKingCsv(BidTricksCsv):
    """The family's columns, with one column per bonus (how many of it the player earned in the hand)
    and the points they add (`bonus`, part of `points`) before the points."""

    kind = skull_king.KIND
    hooked = False  # bids shown all at once: no dealer's hook
    counts = tuple(bonus.key for bonus in skull_king.BONUSES)
    columns = BidTricksCsv.columns[:11] + counts + ("bonus", "points", "total")

    def bonus_cells(self, game, hand) -> tuple:
        if hand.points is None:  # (not played yet)
            return (("",) * len(game.players),) * (len(self.counts) + 1)
        absent, bonuses = hand.absent, hand.bonuses
        seats = range(len(game.players))
        counts = [("",) * (len(self.counts) + 1) if seat in absent else  # (a player not in the hand)
                  (*(str((bonuses[seat] if bonuses else {}).get(key, 0)) for key in self.counts),
                   str(game.bonus_of(hand, seat))) for seat in seats]
        return tuple(zip(*counts))

    def read_cells(self, values: dict[str, Any], line: int, source: str) -> None:
        """The family's cells, and the bonus counts (`captures`: None when none is filled in) and points."""
        counts = {key: whole(values[key], key, line, source, required=False) for key in self.counts}
        given = {key: number for key, number in counts.items() if number is not None}
        super().read_cells(values, line, source)
        values["captures"] = {key: number for key, number in given.items() if number} if given else None
        values["bonus"] = whole(values["bonus"], "bonus", line, source, required=False)

    def hand_actions(self, game, hand, hand_rows: list[Row], source: str, where: str) -> list[dict]:
        actions = super().hand_actions(game, hand, hand_rows, source, where)
        captures = [row.captures or {} for row in hand_rows[:len(game.players)]]  # (the seats in the game)
        if actions and actions[-1]["type"] == "tricks" and any(captures):
            actions[-1]["bonuses"] = captures
        elif any(captures):
            raise ExchangeError(_("{where}: bonuses are filled in but the tricks are not; bonuses are counted with the "
                                  "tricks.", where=_row_place(source, hand_rows[0].line, where, "hand", hand.number)))
        return actions

    def filled_when_out(self, row: Row) -> str:
        filled = super().filled_when_out(row)
        if filled:
            return filled
        # Translators: what a row of a player not in the hand has that it should not (Skull King's bonus columns).
        return _("the bonus counts are filled in") if row.captures is not None or row.bonus is not None else ""

    def check_scores(self, game, hand, hand_rows: list[Row], totals: list[int], source: str,
                     where: str) -> None:
        for seat, row in enumerate(hand_rows):
            earned = None if hand.points is None else game.bonus_of(hand, seat)
            if row.bonus is not None and row.bonus != earned:
                place = _row_place(source, row.line, where, "hand", hand.number, row.player)
                if earned is None:
                    raise ExchangeError(_("{where}: the bonus is {bonus}, but the hand has no tricks yet under {rules}. "
                                          "The bonus is worked out from the counts: correct whichever is wrong.",
                                          where=place, bonus=row.bonus, rules=game.rules.shown_name))
                raise ExchangeError(_("{where}: the bonus is {bonus}, but the bonuses counted give {earned} under "
                                      "{rules}. The bonus is worked out from the counts: correct whichever is wrong.",
                                      where=place, bonus=row.bonus, earned=earned, rules=game.rules.shown_name))
        BidTricksCsv.check_scores(game, hand, hand_rows, totals, source, where)


# ----- the kinds played in rounds -----

class WhatTheHeckCsv(KindCsv):
    """Per round the point card turned up and the pot at stake (with cards carried over), per player the
    card played, the outcome (took / tied / carried / nobody), the points and the running total."""

    kind = what_the_heck.KIND
    columns = ("game_id", "started_at", "game", "round", "point_card", "pot", "player", "seat", "played",
               "outcome", "points", "total")
    computed = ("pot", "outcome", "points", "total")
    number_columns = frozenset({"point_card", "played", "points", "total"})
    list_columns = frozenset({"pot"})
    every_round = True  # one round per point card: the length is known

    def played(self, game) -> list:
        return game.rounds

    def cells(self, game, played_round, seat: int) -> dict[str, str]:
        if played_round.taker == seat:
            outcome = "took"
        elif played_round.outcome in ("carried", "nobody"):  # every card tied: a fact of the round
            outcome = played_round.outcome
        else:
            outcome = "tied" if seat in played_round.cancelled else ""
        return {"point_card": str(played_round.point_card), "pot": _numbers_text(played_round.pot),
                "played": str(played_round.played[seat]), "outcome": outcome,
                "points": str(played_round.points[seat])}

    def wrong_computed(self, plural: bool, **params: Any) -> str:
        if plural:
            # Translators: {column} is a CSV column's name as the file has it (points); {rules} the rules' name.
            return _("{where}: the {column} are {value}, but the point card and the cards played under {rules} give "
                     "{right}. The {column} are worked out from the entries: correct whichever is wrong.", **params)
        # Translators: {column} is a CSV column's name as the file has it (pot, outcome); {rules} the rules' name.
        return _("{where}: the {column} is {value}, but the point card and the cards played under {rules} give "
                 "{right}. The {column} is worked out from the entries: correct whichever is wrong.", **params)

    def hint(self, game, played_round, seat: int) -> str:
        pot = " + ".join(str(card) for card in played_round.pot)
        if played_round.taker is not None:
            return _("{name} took the pot of {pot}", name=game.players[played_round.taker], pot=pot)
        if played_round.carried:
            return _("every card tied, so the pot is carried")
        return _("every card tied, so nobody takes the pot")

    def action(self, index: int, rows: list[Row], players: list[str], where: str, source: str,
               absent: frozenset[int] = frozenset()) -> dict | None:
        point_card = _same_for_the_round(rows, "point_card", where)
        played = _all_or_none(rows, "played", where, source, "card played")  # i18n: not shown (the refusal says it)
        if not point_card and played is None:
            return None
        if not point_card:
            raise ExchangeError(_("{where}: cards are played but the point card is empty; fill in the point card "
                                  "turned up.", where=where))
        if played is None:
            raise ExchangeError(_("{where}: the point card is {point_card} but no card is played; fill in the card "
                                  "each player played.", where=where, point_card=point_card))
        return {"type": "round", "round": index,
                "point_card": whole(point_card, "point_card", rows[0].line, source, required=True), "played": played}


class HitTheDeckCsv(KindCsv):
    """Per player and hand: who went out (yes), the quick count of the cards left when one was entered
    (number_cards "4 2", specials 2; empty when the points were entered directly), points and total."""

    kind = hit_the_deck.KIND
    seated = True  # (the table columns at_table and start)
    columns = ("game_id", "started_at", "game", "hand", "player", "seat", "went_out", "number_cards", "specials",
               "points", "total")
    out_columns = ("went_out", "number_cards", "specials", "points")
    computed = ("points", "total")
    number_columns = frozenset({"specials", "points", "total"})
    list_columns = frozenset({"number_cards"})

    def played(self, game) -> list:
        return game.hands

    def cells(self, game, hand, seat: int) -> dict[str, str]:
        count = hand.counts[seat]
        return {"went_out": YES if seat == hand.out else "",
                "number_cards": "" if count is None else _numbers_text(count.numbers),
                "specials": "" if count is None else str(count.specials),
                "points": str(hand.points[seat])}

    def wrong_computed(self, plural: bool, **params: Any) -> str:
        if plural:
            # Translators: {column} is a CSV column's name as the file has it (points); {rules} the rules' name.
            return _("{where}: the {column} are {value}, but the cards counted under {rules} give {right}. The "
                     "{column} are worked out from the entries: correct whichever is wrong.", **params)
        # Translators: {column} is a CSV column's name as the file has it; {rules} the rules' name.
        return _("{where}: the {column} is {value}, but the cards counted under {rules} give {right}. The {column} "
                 "is worked out from the entries: correct whichever is wrong.", **params)

    def hint(self, game, hand, seat: int) -> str:
        name = game.players[seat]
        if seat == hand.out:
            return _("{name} went out and scores 0", name=name)
        count = hand.counts[seat]
        # Translators: {count} is the quick count of the cards left, as the score card shows it ("4 + 2 = 6").
        return _("{name}'s count: {count}", name=name, count=count.text) if count is not None else ""

    def action(self, index: int, rows: list[Row], players: list[str], where: str, source: str,
               absent: frozenset[int] = frozenset()) -> dict | None:
        for row in rows:
            if row["went_out"].lower() not in (YES, ""):
                raise ExchangeError(_("{where}: went_out is {value} on line {line}; write yes for the player who went "
                                      "out and leave the others empty.", where=where, value=excerpt(row["went_out"]),
                                      line=row.line))
        out = [seat for seat, row in enumerate(rows) if row["went_out"].lower() == YES]
        if not out and not any(row["number_cards"] or row["specials"] or row["points"] for row in rows):
            return None
        if len(out) > 1:
            raise ExchangeError(_("{where}: {players} all went out; write yes in went_out for the one player who played "
                                  "their last card.", where=where, players=i18n.listing([players[seat] for seat in out])))
        if not out:
            raise ExchangeError(_("{where}: nobody went out; write yes in went_out for the one player who played their "
                                  "last card.", where=where))
        left: list[Any] = []
        for seat, row in enumerate(rows):
            name = players[seat]
            if seat in absent:  # not in the hand: nothing entered (their row is empty)
                left.append(None)
            elif seat == out[0]:
                if row["number_cards"] or row["specials"]:
                    raise ExchangeError(_("{where}: {name} went out, so no cards are left to count: clear {name}'s "
                                          "number_cards and specials (line {line}).", where=where, name=name,
                                          line=row.line))
                left.append(None)
            elif row["specials"]:
                left.append({"numbers": list(number_list(row["number_cards"], "number_cards", row.line, source)),
                             "specials": whole(row["specials"], "specials", row.line, source, required=True)})
            elif row["number_cards"]:
                raise ExchangeError(_("{where}: {name}'s number cards are counted but specials is empty (line {line}); "
                                      "write 0 when {name} held no word or Hit the Deck card.", where=where, name=name,
                                      line=row.line))
            else:
                points = whole(row["points"], "points", row.line, source, required=False)
                if points is None:
                    raise ExchangeError(_("{where}: {name} has no points (line {line}); enter the points of the cards "
                                          "{name} had left, or count them.", where=where, name=name, line=row.line))
                left.append(points)
        return {"type": "hand", "hand": index, "out": out[0], "left": left}


class ScorePadCsv(KindCsv):
    """Per player and round: the points entered and the running total."""

    kind = score_pad.KIND
    seated = True  # (the table columns at_table and start)
    columns = ("game_id", "started_at", "game", "round", "player", "seat", "points", "total")
    computed = ("total",)
    number_columns = frozenset({"points", "total"})

    def played(self, game) -> list:
        return game.rounds

    def cells(self, game, played_round, seat: int) -> dict[str, str]:
        return {"points": str(played_round.points[seat])}

    def action(self, index: int, rows: list[Row], players: list[str], where: str, source: str,
               absent: frozenset[int] = frozenset()) -> dict | None:
        points = _all_or_none(rows, "points", where, source, "points", absent)
        return None if points is None else {"type": "round", "round": index, "points": points}


# Every kind's CSV, by kind; the first one's header heads an export with no games.
KIND_CSVS: dict[str, KindCsv] = {layout.kind: layout for layout in (
    BidTricksCsv(), SkullKingCsv(), WhatTheHeckCsv(), HitTheDeckCsv(), ScorePadCsv())}
