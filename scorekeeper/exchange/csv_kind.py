"""One kind's CSV: its columns, how a played round becomes cells and how a round's rows become the
entry the app records (KindCsv). Each kind's own is in its module of exchange.kinds, found there by
kind; csv_format.py reads and writes whole files through them alone.

Writing reads the engine's game (rules.replay); reading rebuilds each hand's or round's entries from its
rows, applies them through the kind's engine (Game.apply, so a refusal names the lines) and compares
every column the rules compute (points, totals, the pot, who took it), so a file that disagrees with
the rules is refused whole. docs/export-format.md lists the columns.
"""
from __future__ import annotations

from scorekeeper.i18n import _

import copy
from dataclasses import dataclass, field
from typing import Any, Sequence

from scorekeeper.rules.adjustments import ADJUST
from scorekeeper.rules.common import InvalidEntry, excerpt
from scorekeeper.rules.kinds import kind_module
from scorekeeper.rules.outcome import FINISHED, PLAYING
from scorekeeper.rules.sheet import SheetRow, score_sheet
from scorekeeper.storage.records import GameRecord

from .common import (ExchangeError, MOST_ROUNDS, MOST_SEATS, csv_text, file_game_id, line_of, parse_time, table_changed,
                     unprotect_cell)
from .csv_cells import (ADJUSTMENT_COLUMNS, CUSTOM, HANDS_COLUMNS, HOOK_COLUMNS, LEFT_EMPTY, Row, TABLE_COLUMNS,
                        adjustment_actions, adjustment_cells, applied, cell_shown, counted, in_game, number_list,
                        players_from_seats, row_place, rows_place, rules_said, step_place, whole, wrong_total)
from .csv_table import TableRows, at_table_status, table_cells, table_reach

@dataclass
class GameRows:
    """One game's rows as read before its entries are replayed (KindCsv.read_game), and the entries
    rebuilt from them so far."""

    stored_id: str
    external_ref: str | None
    where: str  # "game 7": where a refusal points
    started_at: Any
    rules: Any
    players: list[str]  # every player of the file, late arrivals last
    seats: list[int]
    cells: dict[tuple[int, int], Row]  # (hand or round, seat) -> its row
    plan: Any  # who was at the table (csv_table.TablePlan), None in a file without the table columns
    opening: str  # the game's first line, for a refusal of the game as a whole
    actions: list[dict] = field(default_factory=list)
    held: dict[int, list[dict]] = field(default_factory=dict)  # a late arrival's adjustments before they came

    @property
    def starting(self) -> list[str]:
        """The players at the table from the first step."""
        return self.players if self.plan is None else self.players[:self.plan.starting]


class KindCsv(TableRows):
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

    def cells(self, game, row: SheetRow, seat: int) -> dict[str, str]:
        """The kind's cells of one seat in a played round of the score sheet (not the total)."""
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
        sheet = score_sheet(game)
        # A game without a set length lists the rounds played; one with none yet lists an empty round 1,
        # so that its players are in the file.
        count = game.progress()[1] if self.every_round else max(len(sheet), 1)
        table = None
        if self.marks_table and table_changed(game):
            count = max(count, table_reach(game))
            table = table_cells(game, count, self.table_columns)
        unit, columns = self.unit, self.columns[3:]
        lines = []
        for index in range(count):
            line = sheet[index] if index < len(sheet) else None  # (None: a round to come)
            adjusted = adjustment_cells(game, index) if self.adjustable and line else None
            for seat, name in enumerate(game.players):
                row = {unit: str(index + 1), "player": csv_text(name), "seat": str(seat + 1)}
                if line:
                    if line.points[seat] is not None:  # (not in the round: nothing of theirs but the total)
                        row.update(self.cells(game, line, seat))
                    row["total"] = str(line.totals[seat])
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
        return dict(zip(self.columns, map(str.strip, fields)))

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

    def read_game(self, game_id: str, rows: list[Row], source: str) -> GameRows:
        """What every kind reads of a game's rows before replaying its entries: its id, start, rules,
        players and seats, its rows by (hand or round, seat), and who was at the table (a file with the
        table columns: the game starts with the players there from the first, late arrivals join as the
        steps are read)."""
        first = rows[0]
        stored_id, external_ref = file_game_id(game_id, line_of(source, first.line))
        where = _("game {game}", game=game_id)
        started_at, rules = self.game_columns(rows, source, where)
        players, seats = players_from_seats(rows, source, where, self.unit)
        cells = self.cells_by_number(rows, source, where)
        self.check_opening(cells, players, seats, source, where)
        plan = self.table_plan(rows, cells, players, source, where) if self.marks_table else None
        return GameRows(stored_id, external_ref, where, started_at, rules, players, seats, cells, plan,
                        in_game(line_of(source, first.line), where))

    def check_opening(self, cells: dict, players: list[str], seats: list[int], source: str, where: str) -> None:
        """What the kind checks of a game's first step before anything else (nothing here)."""

    def new_game(self, read: GameRows, **setup: Any):
        """The kind's engine game for the players at the table from the first step."""
        try:
            return kind_module(self.kind).Game(read.starting, read.rules, **setup)
        except InvalidEntry as problem:
            raise ExchangeError(rules_said(problem, read.opening)) from None

    def enter(self, game, read: GameRows, entries: Sequence[dict], place: str) -> None:
        """Apply a step's entries rebuilt from its rows, in order; a late arrival's adjustment at a step
        before theirs is kept till they come (`held`), as the app records it."""
        for entry in entries:
            if read.plan is not None and entry["type"] == ADJUST and entry["seat"] >= len(game.players):
                read.held.setdefault(entry["seat"], []).append(entry)
                continue
            applied(game, entry, read.actions, place)

    def checked_record(self, game, read: GameRows, source: str) -> GameRecord:
        """The game read, once its computed columns are checked against its score sheet (after the whole
        game is in: a late arrival's total counts their start from the step before theirs)."""
        for line in score_sheet(game):
            self.check_computed(game, line, [read.cells[(line.number, seat)] for seat in read.seats], source,
                                read.where)
        return self.record(read.stored_id, read.external_ref, read.started_at, game, read.actions)

    def game_from_rows(self, game_id: str, rows: list[Row], source: str) -> GameRecord:
        """Rebuild one game: the players from the seats, then every round's changes at the table (in a
        file with the table columns), entry and adjustments replayed in order, and the file's computed
        columns compared with the rules'."""
        read = self.read_game(game_id, rows, source)
        where, rules, players, seats, cells, plan = (read.where, read.rules, read.players, read.seats, read.cells,
                                                     read.plan)
        game = self.new_game(read)
        numbers = sorted({number for number, _unused in cells})
        last = game.progress()[1] if self.every_round else numbers[-1]
        stray = next((row for row in rows if not 1 <= int(row[self.unit]) <= (last or 0)), None)
        if stray is not None:
            place, number, round_ = in_game(line_of(source, stray.line), where), stray[self.unit], self.unit == "round"
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

        waiting: int | None = None  # the first round with nothing entered
        for number in range(1, last + 1):
            index = number - 1
            round_rows = [cells.get((number, seat)) for seat in seats]
            if None in round_rows:
                missing = players[round_rows.index(None)]
                if self.unit == "round":
                    raise ExchangeError(_("{where}: round {number} has no row for {player}; every round has a row per "
                                          "player. The file may be truncated: export it again.",
                                          where=in_game(source, where), number=number, player=missing))
                raise ExchangeError(_("{where}: hand {number} has no row for {player}; every hand has a row per "
                                      "player. The file may be truncated: export it again.",
                                      where=in_game(source, where), number=number, player=missing))
            place = rows_place(source, where, self.unit, number, round_rows)
            absent: frozenset[int] = frozenset()
            if plan is not None:  # the round's changes at the table first, as the app records them
                self._change_table(game, plan, index, players, [], read.held,
                                   lambda action: applied(game, action, read.actions, place))
                absent = frozenset(range(len(game.players))).difference(game.seated(index))
            # (the rows of the players in the game by then: a late arrival's before they came are not)
            action = self.action(index, round_rows[:len(game.players)], players, place, source, absent)
            if action is None:  # not played yet: only rounds like it may follow
                waiting = waiting or number
                self.check_empty(round_rows, source, where)
                continue
            adjustments = adjustment_actions(index, round_rows, step_place(source, where, self.unit, number))
            if waiting is not None:
                if self.unit == "round":
                    raise ExchangeError(_("{where}: this round is filled in, but round {waiting} before it is not; "
                                          "rounds are played in order.", where=place, waiting=waiting))
                raise ExchangeError(_("{where}: this hand is filled in, but hand {waiting} before it is not; hands "
                                      "are played in order.", where=place, waiting=waiting))
            self.enter(game, read, (action, *adjustments), place)
        return self.checked_record(game, read, source)

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
            if row.started_at == first.started_at and row.game == first.game:
                continue
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
            number = row.number  # (the unit's column, read: parse_row)
            twin = cells.setdefault((number, int(row.seat)), row)
            if twin is not row:
                place = row_place(source, row.line, where, unit, number, row["player"])
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
                    place = row_place(source, row.line, where, self.unit, row[self.unit], row["player"])
                    if self.unit == "round":
                        # Translators: {column} is a CSV column's name as the file has it (points, total, pot ...).
                        raise ExchangeError(_("{where}: the {column} is {value}, but this round is not played yet; "
                                              "leave it empty.", where=place, column=column, value=row[column]))
                    # Translators: {column} is a CSV column's name as the file has it (points, total, pot ...).
                    raise ExchangeError(_("{where}: the {column} is {value}, but this hand is not played yet; leave "
                                          "it empty.", where=place, column=column, value=row[column]))

    def check_computed(self, game, line: SheetRow, rows: list[Row], source: str, where: str) -> None:
        """The file's computed columns of a played round of the score sheet must be what the rules give
        (a seat not in the round: its cells were checked empty, but the total)."""
        number, totals = line.number, line.totals
        for seat, row in enumerate(rows):
            place = row_place(source, row.line, where, self.unit, number, row["player"])
            out = line.points[seat] is None
            expected = {**({} if out else self.cells(game, line, seat)), "total": str(totals[seat])}
            for column in ("total",) if out else self.computed:
                if column in LEFT_EMPTY and not row[column]:  # left empty in a hand-written file: computed
                    continue
                given = self.value(row[column], column, row.line, source)
                right = self.value(expected[column], column, row.line, source)
                if given == right:
                    continue
                shown = cell_shown(row[column])
                if column == "total":
                    raise wrong_total(place, row["player"], self.unit, number, shown, totals[seat], out)
                hint = self.hint(game, line.step, seat)
                # Translators: a computed value a refusal shows, with what the rules made of the entry in brackets
                # ("0 (Ann took the pot of 3 + 5)").
                right = _("{value} ({hint})", value=cell_shown(expected[column]), hint=hint) if hint else \
                    cell_shown(expected[column])
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
