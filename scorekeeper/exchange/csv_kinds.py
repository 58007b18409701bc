"""CSV, kind by kind: one column set per kind, one row per player per hand or round, for spreadsheets.
Each kind is one KindCsv in KIND_CSVS; csv_format.py reads and writes files through them alone.

Writing reads the engine's game (rules.replay); reading rebuilds each hand's or round's entries from its
rows, applies them through the kind's engine (Game.apply, so a refusal names the lines) and compares
every column the rules compute (points, totals, the pot, who took it), so a file that disagrees with
the rules is refused whole. docs/export-format.md lists the columns.
"""
from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from itertools import repeat
from typing import Any, Callable, Iterator, NamedTuple, Sequence

from scorekeeper.rules import hit_the_deck, oh_heck, score_pad, skull_king, what_the_heck
from scorekeeper.rules.adjustments import ADJUST
from scorekeeper.rules.common import InvalidEntry, excerpt, name_key
from scorekeeper.rules.kinds import kind_module
from scorekeeper.rules.outcome import FINISHED, PLAYING
from scorekeeper.rules.roster import JOIN, LEAVE, SIT_OUT, starting_score
from scorekeeper.storage.records import GameRecord

from .common import (LONGEST_NUMBER, MOST_HANDS, MOST_ROUNDS, MOST_SEATS, ExchangeError, file_game_id, parse_time,
                     protect_cell, table_changed, unprotect_cell)

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


def adjustment_cells(game, index: int) -> list[tuple[Any, str]] | None:
    """Per seat, (points, notes) of the adjustments at hand (round) `index`; None when there are none."""
    if game.extra(index) is None:
        return None
    cells = []
    for seat in range(len(game.players)):
        mine = [adjustment for adjustment in game.adjustments_at(index) if adjustment.seat == seat]
        points = sum(adjustment.points for adjustment in mine)
        notes = "; ".join(adjustment.note for adjustment in mine if adjustment.note)
        cells.append((points, protect_cell(notes)) if points else NO_ADJUSTMENT)
    return cells


def adjustment_actions(index: int, rows: Sequence[Any], where: str) -> list[dict]:
    """The adjustments a hand's (round's) rows give, in seat order (each row's `adjustment`, read)."""
    actions = []
    for seat, row in enumerate(rows):
        if row.adjustment is not None:
            actions.append({"type": "adjust", "at": index, "seat": seat, "points": row.adjustment,
                            "note": row.adjustment_note})
        elif row.adjustment_note:
            raise ExchangeError(f"{where}, line {row.line}: adjustment_note is filled in but adjustment is empty; "
                                f"write the points the note is for, or clear the note.")
    return actions


def _numbers_text(values: Sequence[int]) -> str:
    """'-2 7': several whole numbers in one cell, space-separated."""
    return " ".join(str(value) for value in values)


@dataclass(frozen=True)
class Row:
    line: int
    values: dict[str, str]  # column -> the cell, stripped
    number: int = 0  # the hand's or round's number, read

    def __getitem__(self, column: str) -> str:
        return self.values[column]

    @property
    def game_id(self) -> str:
        return self.values["game_id"]

    @property
    def adjustment(self) -> int | None:
        """The adjustment's points (checked to be a whole number by parse_row); None when empty."""
        text = self.values.get("adjustment", "")
        return int(text) if text else None

    @property
    def adjustment_note(self) -> str:
        return self.values.get("adjustment_note", "")

    # The table columns (read by KindCsv.table_plan, as a HandRowAtTable's fields): empty when the file has none.

    @property
    def at_table(self) -> str:
        return self.values.get("at_table", "")

    @property
    def start(self) -> str:
        return self.values.get("start", "")

    @property
    def sits_after(self) -> str:
        return self.values.get("sits_after", "")


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
    computed_from = "the entries"  # ends "... under <rules> give ...": what the rules read

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
    row_class: type = Row
    table_row_class: type = Row  # a row of a file with the table columns

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
        extended.marks_hook, extended.marks_hands, extended.adjustable = hook, hands, adjustments
        if table:
            extended.marks_table, extended.row_class = True, self.table_row_class
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

    def rows(self, start: list[str], game) -> Iterator[list]:
        """The game's rows, each `start` (game_id, started_at, game) and then the kind's cells. In a file
        with the table columns, a player not in a round has their total alone, and a game whose table
        changed for rounds to come lists those rounds too, empty but for who is at the table."""
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
        for index in range(count):
            played = index < len(rounds)
            adjusted = adjustment_cells(game, index) if self.adjustable and played else None
            absent = rounds[index].absent if table is not None and played else ()
            for seat, name in enumerate(game.players):
                row = {unit: str(index + 1), "player": protect_cell(name), "seat": str(seat + 1)}
                if played:
                    if seat not in absent:  # (not in the round: nothing of theirs but the total)
                        row.update(self.cells(game, rounds[index], seat))
                    row["total"] = str(curve[index][seat])
                    if adjusted is not None:
                        row["adjustment"], row["adjustment_note"] = adjusted[seat]
                if table is not None:
                    row.update(zip(self.table_columns, table[index][seat]))
                yield start + [row.get(column, "") for column in columns]

    # ----- reading -----

    def values(self, fields: Sequence[str], line: int, source: str) -> dict[str, str]:
        """{column: the cell, stripped} of one row, which has every column."""
        if len(fields) != len(self.columns):
            raise ExchangeError(
                f"{source}, line {line} has {len(fields)} values where every row has {len(self.columns)} "
                f"({self.header}). The file may be truncated, or a name with a comma lost its quotes: export it again."
            )
        return dict(zip(self.columns, (field.strip() for field in fields)))

    def parse_row(self, fields: Sequence[str], line: int, source: str) -> Row:
        values = self.values(fields, line, source)
        values["player"] = unprotect_cell(values["player"])  # written protected from spreadsheet formulas
        values["adjustment_note"] = unprotect_cell(values.get("adjustment_note", ""))
        whole(values.get("adjustment", ""), "adjustment", line, source, required=False)
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
        stored_id, external_ref = file_game_id(game_id, f"{source}, line {first.line}")
        where = f"game {game_id}"
        started_at, rules = self.game_columns(rows, source, where)
        players, seats = players_from_seats(rows, source, where, self.unit)
        cells = self.cells_by_number(rows, source, where)
        # Who was at the table, round by round (a file with the table columns): the game starts with the
        # players who were there from round 1, and the late arrivals join as the rounds are read.
        plan = self.table_plan(rows, cells, players, source, where) if self.marks_table else None
        try:
            game = kind_module(self.kind).Game(players if plan is None else players[:plan.starting], rules)
        except InvalidEntry as problem:
            raise ExchangeError(f"{source}, line {first.line} ({where}): {problem}") from None
        numbers = sorted({number for number, _ in cells})
        last = game.progress()[1] if self.every_round else numbers[-1]
        stray = next((row for row in rows if not 1 <= int(row[self.unit]) <= (last or 0)), None)
        if stray is not None:
            raise ExchangeError(
                f"{source}, line {stray.line} ({where}): there is no {self.unit} {stray[self.unit]}; "
                + (f"{rules.name} has {self.unit}s 1 to {last}." if self.every_round else
                   f"{self.unit}s count from 1.")
            )

        actions: list[dict] = []
        waiting: int | None = None  # the first round with nothing entered
        totals = [0] * len(players)
        held: dict[int, list[dict]] = {}  # a late arrival's adjustments at rounds before theirs: kept till they come
        for number in range(1, last + 1):
            index = number - 1
            round_rows = [cells.get((number, seat)) for seat in seats]
            if None in round_rows:
                raise ExchangeError(
                    f"{source} ({where}): {self.unit} {number} has no row for {players[round_rows.index(None)]}; "
                    f"every {self.unit} has a row per player. The file may be truncated: export it again."
                )
            lines = f"lines {round_rows[0].line}-{round_rows[-1].line}" if len(round_rows) > 1 \
                else f"line {round_rows[0].line}"
            place = f"{source}, {lines} ({where}, {self.unit} {number})"
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
            adjustments = adjustment_actions(index, round_rows, f"{source} ({where}, {self.unit} {number})")
            if waiting is not None:
                raise ExchangeError(
                    f"{place}: this {self.unit} is filled in, but {self.unit} {waiting} before it is not; "
                    f"{self.unit}s are played in order."
                )
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
                    raise ExchangeError(
                        f"{source}, line {row.line} ({where}): {column} is {excerpt(row[column])} but {excerpt(first[column])} "
                        f"on line {first.line}; every row of a game has the same {column}."
                    )
        started_at = parse_time(first["started_at"], f"{source}, line {first.line} ({where}): started_at")
        return started_at, self.preset_rules(first, source, where)

    def cells_by_number(self, rows: list, source: str, where: str) -> dict[tuple[int, int], Any]:
        """{(hand or round, seat): row}: every one exactly once."""
        unit = self.unit
        cells: dict[tuple[int, int], Any] = {}
        for row in rows:
            number = int(row[unit])
            twin = cells.setdefault((number, int(row["seat"])), row)
            if twin is not row:
                raise ExchangeError(
                    f"{source}, line {row.line} ({where}, {unit} {number}, {row['player']}): this {unit} "
                    f"of this player is also on line {twin.line}; keep one of the two rows."
                )
        return cells

    def preset_rules(self, row: Row, source: str, where: str):
        presets = kind_module(self.kind).PRESETS
        if row["game"] == CUSTOM:
            raise ExchangeError(
                f"{source}, line {row.line} ({where}): this game was played with custom rules, which a CSV file "
                "can't carry. Export it as JSON (scorekeeper export --format json) and import that."
            )
        rules = presets.get(row["game"])
        if rules is None:
            raise ExchangeError(
                f"{source}, line {row.line} ({where}): the game {excerpt(row['game'])} is none of the {self.kind} presets "
                f"this version knows ({', '.join(presets)}, or custom from a JSON export)."
            )
        return rules

    def check_empty(self, rows: list[Row], source: str, where: str) -> None:
        """A round not played yet has nothing in the columns the rules compute."""
        for row in rows:
            for column in (*self.computed, "adjustment"):
                if row.values.get(column):
                    raise ExchangeError(
                        f"{source}, line {row.line} ({where}, {self.unit} {row[self.unit]}, {row['player']}): the "
                        f"{column} is {row[column]}, but this {self.unit} is not played yet; leave it empty."
                    )

    def check_computed(self, game, played_round, number: int, rows: list[Row], totals: list[int],
                       source: str, where: str, absent: frozenset[int] = frozenset()) -> None:
        """The file's computed columns of a played round must be what the rules give; `totals` are the
        running totals after it, `absent` the seats not in it (their cells were checked empty, but the total)."""
        for seat, row in enumerate(rows):
            place = f"{source}, line {row.line} ({where}, {self.unit} {number}, {row['player']})"
            out = seat in absent
            expected = {**({} if out else self.cells(game, played_round, seat)), "total": str(totals[seat])}
            for column in ("total",) if out else self.computed:
                if column in LEFT_EMPTY and not row[column]:  # left empty in a hand-written file: computed
                    continue
                given = self.value(row[column], column, row.line, source)
                right = self.value(expected[column], column, row.line, source)
                if given == right:
                    continue
                shown = row[column] or "empty"
                if column == "total":
                    raise wrong_total(place, row["player"], self.unit, number, shown, totals[seat], out)
                verb = "are" if column.endswith("s") else "is"
                hint = self.hint(game, played_round, seat)
                raise ExchangeError(
                    f"{place}: the {column} {verb} {shown}, but {self.computed_from} under {game.rules.name} give "
                    f"{expected[column] or 'empty'}{f' ({hint})' if hint else ''}. The {column} {verb} worked out "
                    "from the entries: correct whichever is wrong."
                )

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
                place = f"{source}, line {row.line} ({where}, {unit} {number}, {name})"
                status = row.at_table
                arrives = status == JOINED or bool(row.start or row.sits_after)
                if status in (NOT_YET, SAT_OUT, LEFT):
                    filled = self.filled_when_out(row)
                    if filled:
                        said = {NOT_YET: "is not at the table yet", SAT_OUT: f"sat this {unit} out", LEFT: "has left"}
                        raise ExchangeError(
                            f"{place}: at_table says {name} {said[status]}, but {filled}; a player not in the {unit} "
                            f"has no {', '.join(self.out_columns[:-1])}{' or ' if len(self.out_columns) > 1 else ''}"
                            f"{self.out_columns[-1]} there: clear them, or correct at_table.")
                if gone is not None:
                    if status != LEFT or arrives:
                        raise ExchangeError(
                            f"{place}: at_table is {status or 'empty'}, but {name} left at {unit} {gone.number} (line "
                            f"{gone.line}); a player who leaves doesn't come back: write left on every later {unit}.")
                    continue
                if status == NOT_YET:
                    if present is not None:
                        raise ExchangeError(
                            f"{place}: at_table is not yet, but {name} is at the table from {unit} {present.number} "
                            f"(line {present.line}); not yet is for the {unit}s before a late arrival joins.")
                    if arrives:
                        raise ExchangeError(
                            f"{place}: {'start and sits_after go' if after else 'start goes'} on the row of the {unit} "
                            f"{name} joins at, not on a {unit} before it (not yet).")
                    waited = waited or row
                    continue
                if arrives:
                    if present is not None:
                        said = "at_table is joined" if status == JOINED else (
                            "start or sits_after is filled in" if after else "the start is filled in")
                        raise ExchangeError(
                            f"{place}: {said}, but {name} is at the table from {unit} {present.number} (line "
                            f"{present.line}); a late arrival joins once, at their first {unit}, and is not yet at "
                            "the table before it.")
                    arrivals[seat] = row
                elif waited is not None and present is None:
                    raise ExchangeError(
                        f"{place}: at_table is {status or 'empty'}, but {name} is not yet at the table in {unit} "
                        f"{waited.number} (line {waited.line}); write joined on the {unit} a late arrival joins at, "
                        f"with their start{' and whom they sit after' if after else ''}.")
                present = present or row
                if status == LEFT:
                    gone = row
                    left[seat] = number - 1
                elif status == SAT_OUT:
                    sat_out.setdefault(number - 1, []).append(seat)
            if waited is not None and present is None:
                raise ExchangeError(f"{source}, line {waited.line} ({where}, {name}): {name} is not yet at the table "
                                    f"in any {unit}; write joined on the {unit} they joined at, or take their rows "
                                    "out.")
        starting = len(players) - len(arrivals)
        for seat in sorted(arrivals):
            row = arrivals[seat]
            if seat < starting:
                raise ExchangeError(
                    f"{source}, line {row.line} ({where}): {players[seat]} joins at {unit} {row.number} but has seat "
                    f"{seat + 1}; a late arrival takes the next seat after everyone already in the game: the "
                    f"{starting} players who started have seats 1 to {starting}, the late arrivals the seats after, in "
                    "the order they came.")
            later = arrivals.get(seat + 1)
            if later is not None and later.number < row.number:
                raise ExchangeError(
                    f"{source}, line {later.line} ({where}): {players[seat + 1]} (seat {seat + 2}) joins at {unit} "
                    f"{later.number}, before {players[seat]} (seat {seat + 1}) at {unit} {row.number}; late arrivals "
                    "take seats in the order they came: swap their seats.")
        joins = {seat: self.arrival(row, seat, players, source, f"{source}, line {row.line} ({where}, {unit} "
                                    f"{row.number}, {players[seat]})") for seat, row in sorted(arrivals.items())}
        order = list(range(starting))
        for seat, join in joins.items():
            order.insert(len(order) if join.after is None else order.index(join.after) + 1, seat)
        return TablePlan(starting, joins, left, sat_out, order)

    def arrival(self, row, seat: int, players: list[str], source: str, place: str) -> Join:
        """A late arrival's join, from the row of the hand (round) they joined at; in a file without
        sits_after (nobody deals), they sit last, as the app seats them."""
        name, after = players[seat], None
        if "sits_after" in self.table_columns:
            if not row.sits_after:
                raise ExchangeError(f"{place}: {name} joins at {self.unit} {row.number}, but sits_after is empty; "
                                    f"write the player {name} sat down after.")
            key = name_key(row.sits_after)
            after = next((other for other in range(seat) if name_key(players[other]) == key), None)
            if after is None:
                raise ExchangeError(f"{place}: sits_after is {excerpt(row.sits_after)}, who is none of the players "
                                    f"in the game before {name} ({', '.join(players[:seat])}); write the player {name} "
                                    "sat down after.")
        rule, points = read_start(row.start, row.line, source)
        return Join(row.number - 1, after, rule, points, row.line)

    def filled_when_out(self, row) -> str:
        """What a row of a player not in the hand (round) has that it should not ('the bid is 2'), or ''."""
        for column in self.out_columns:
            if row[column] not in (None, ""):
                return f"the {column} {'are' if column.endswith('s') else 'is'} {row[column]}"
        return ""

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
        gives (an adjustment given after the arrival, say); BidTricksCsv.game_from_rows deals a hand the
        deck capped otherwise as the file lists it."""
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
    if absent:
        return ExchangeError(
            f"{place}: the total is {given}, but {player}, not in {unit} {number}, has {total} then (a late "
            f"arrival's start counts from the {unit} before theirs). Correct the total, or the start or points "
            "before it.")
    return ExchangeError(f"{place}: the total is {given}, but {player}'s points up to {unit} {number} add up to "
                         f"{total}. Correct the total or the points before it.")


def whole(value: str, column: str, line: int, source: str, required: bool) -> int | None:
    value = value.strip()
    if not value:
        if required:
            raise ExchangeError(f"{source}, line {line}: the {column} is empty; every row needs one.")
        return None
    if len(value.lstrip("+-")) > LONGEST_NUMBER:
        raise ExchangeError(f"{source}, line {line}: the {column} {excerpt(value)} has {len(value.lstrip('+-')):,} "
                            "digits; no score, count or number of a game is that long. Check the file.")
    try:
        return int(value)
    except ValueError:
        raise ExchangeError(f"{source}, line {line}: the {column} {excerpt(value)} is not a whole number.") from None


def counted(value: str, column: str, most: int, line: int, source: str) -> int:
    """A seat, hand or round number: 1 to `most`, refused before anything is built from it."""
    number = whole(value, column, line, source, required=True)
    if not 1 <= number <= most:
        raise ExchangeError(f"{source}, line {line}: the {column} is {number}; {column}s count from 1 to {most:,} "
                            "at most, and no game a table played has more. Check the file.")
    return number


def number_list(text: str, column: str, line: int, source: str) -> tuple[int, ...]:
    try:
        return tuple(int(part) for part in text.split())
    except ValueError:
        raise ExchangeError(
            f"{source}, line {line}: the {column} {excerpt(text)} must be whole numbers separated by spaces, like 4 2."
        ) from None


def players_from_seats(rows: list[Row], source: str, where: str, unit: str) -> tuple[list[str], list[int]]:
    names: dict[int, Row] = {}
    for row in rows:
        seat = int(row["seat"])
        known = names.setdefault(seat, row)
        if known["player"] != row["player"]:
            raise ExchangeError(
                f"{source}, line {row.line} ({where}, {unit} {row[unit]}): seat {seat} is {excerpt(row['player'])}, but "
                f"{excerpt(known['player'])} on line {known.line}; a seat keeps its player for the whole game."
            )
    seats = sorted(names)
    if seats != list(range(1, len(seats) + 1)):
        absent = sorted(set(range(1, max(seats) + 1)) - set(seats)) or seats[:1]
        raise ExchangeError(
            f"{source} ({where}): the seats are {', '.join(map(str, seats))}; they must count 1, 2, 3 ... "
            f"without a gap (seat {absent[0]} is missing or wrong)."
        )
    return [names[seat]["player"] for seat in seats], seats


def _all_or_none(rows: list[Row], column: str, where: str, source: str, what: str,
                 absent: frozenset[int] = frozenset()) -> list[int | None] | None:
    """Every player's number in `column` (None for a seat in `absent`, not in the round), None when
    nobody's is filled in."""
    values = [whole(row[column], column, row.line, source, required=False) for row in rows]
    playing = [value for seat, value in enumerate(values) if seat not in absent] if absent else values
    if all(value is None for value in playing):
        return None
    if any(value is None for value in playing):
        row = next(row for seat, row in enumerate(rows) if values[seat] is None and seat not in absent)
        raise ExchangeError(
            f"{where}: {row['player']} (line {row.line}) has no {what} while others do; fill in every "
            f"player's {what}, or none."
        )
    return values


def _same_for_the_round(rows: list[Row], column: str, where: str) -> str:
    first = rows[0]
    for row in rows[1:]:
        if row[column] != first[column]:
            raise ExchangeError(
                f"{where}: the {column} is {first[column] or 'empty'} on line {first.line} and "
                f"{row[column] or 'empty'} on line {row.line}; every row of a round has the same {column}."
            )
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
    return max((index for index, *_ in game.table_changes()), default=-1) + 1


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
        raise ExchangeError(f"{source}, line {line}: the start {excerpt(text)} is not a starting score; write the "
                            "points the late arrival started from (-5), or lowest, highest or average and the "
                            "points they came to (lowest -5).")
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
        raise ExchangeError(f"{source}, line {line}: at_table is {excerpt(given)}; write not yet, joined, sat out or "
                            f"left, or leave it empty for a player in the {unit}.")
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
            said += (protect_cell(names[before]),)
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
        raise ExchangeError(f"{place}: {problem}") from None
    actions.append(action)


# ----- bid-and-tricks games -----

@dataclass(frozen=True)
class HandRow:
    """A row of a bid-and-tricks file, its numbers read."""

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
    adjustment: int | None = None
    adjustment_note: str = ""
    against_hook: str = ""  # "yes" on the rows of a hand recorded against the dealer's hook
    changed_hands: str = ""  # "yes" on the rows of a game whose hands the table changed

    def __getitem__(self, column: str) -> Any:
        return getattr(self, column)

    @property
    def number(self) -> int:
        return self.hand


@dataclass(frozen=True)
class HandRowAtTable(HandRow):
    """A row of a file with the table columns (the rows of any other file stay without these fields:
    an import reads hundreds of thousands)."""

    at_table: str = ""  # one of AT_TABLE: "" when the player is in the hand
    start: str = ""  # on the row of the hand a late arrival joined at: the points they started from
    sits_after: str = ""  # ... and whom they sat down after


def _place(source: str, where: str, hand_rows: list) -> str:
    """'the file, lines 2-5 (game x, hand 1)': where a hand's entries are, for a refusal."""
    first, last = hand_rows[0], hand_rows[-1]
    lines = f"lines {first.line}-{last.line}" if len(hand_rows) > 1 else f"line {first.line}"
    return f"{source}, {lines} ({where}, hand {first.hand})"


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

    def rows(self, start: list[str], game) -> Iterator[tuple]:
        # Numbers go to the csv module as they are and None as an empty cell, each row made in one step
        # (map and zip): ten thousand games are some six hundred thousand rows.
        names = [protect_cell(name) for name in game.players]  # text cells: no formula (docs/export-format.md)
        seats = range(1, len(names) + 1)
        curve = game.running_totals()
        nothing = [None] * len(names)
        unadjusted = [NO_ADJUSTMENT] * len(names)
        marks_hook, marks_hands, marks_table, adjustable = self.marks_hook, self.marks_hands, self.marks_table, \
            self.adjustable
        changed = "" if not marks_hands else (  # (the rules' hands for the players the game started with)
            YES if [hand.cards for hand in game.hands] != game.rules.hand_sizes(len(names) - len(game.joins)) else "")
        table = table_cells(game, len(game.hands)) if marks_table and table_changed(game) else None
        at_the_table = ("",) * len(self.table_columns)  # (a game where nobody came, went or sat out)
        for index, hand in enumerate(game.hands):
            trump = hand.trump_label
            head = (*start, hand.number, hand.cards, names[hand.dealer], protect_cell(trump) if trump else "")
            if index < len(curve):
                points = hand.points if table is None or not hand.absent else [  # not in the hand: no points
                    None if seat in hand.absent else gained for seat, gained in enumerate(hand.points)]
                cells = zip(names, seats, hand.bids, hand.tricks, points, curve[index])
                adjusted = (adjustment_cells(game, index) or unadjusted) if adjustable else unadjusted
            else:
                cells = zip(names, seats, hand.bids or nothing, nothing, nothing, nothing)
                adjusted = unadjusted
            if marks_hook:
                cells = map(tuple.__add__, cells, repeat((YES if hand.against_hook else "",)))
            if marks_hands:
                cells = map(tuple.__add__, cells, repeat((changed,)))
            if marks_table:
                cells = map(tuple.__add__, cells, repeat(at_the_table) if table is None else table[index])
            yield from map(head.__add__, map(tuple.__add__, cells, adjusted) if adjustable else cells)

    row_class: type[HandRow] = HandRow
    table_row_class: type[HandRow] = HandRowAtTable  # a row of a file with the table columns

    def parse_row(self, fields: Sequence[str], line: int, source: str) -> HandRow:
        return self.row_class(**self.row_fields(self.values(fields, line, source), line, source))

    def row_fields(self, values: dict[str, str], line: int, source: str) -> dict[str, Any]:
        """The fields of a row (HandRow's) from its cells, read and checked."""
        numbers = {column: whole(values.get(column, ""), column, line, source, required=column == "cards")
                   for column in ("cards", "bid", "tricks", "points", "total", "adjustment")}
        # Numbers the import builds from (a set of seats, a list of hands): bounded before they are used.
        numbers["hand"] = counted(values["hand"], "hand", MOST_HANDS, line, source)
        numbers["seat"] = counted(values["seat"], "seat", MOST_SEATS, line, source)
        if self.marks_table:  # (a HandRowAtTable's text fields)
            numbers.update(at_table=at_table_status(values["at_table"], line, source, "hand"), start=values["start"],
                           sits_after=unprotect_cell(values["sits_after"]))
        return dict(line=line, game_id=values["game_id"], started_at=values["started_at"],
                    game=unprotect_cell(values["game"]), dealer=unprotect_cell(values["dealer"]),
                    trump=unprotect_cell(values["trump"]), player=unprotect_cell(values["player"]),
                    adjustment_note=unprotect_cell(values.get("adjustment_note", "")),
                    against_hook=values.get("against_hook", "").lower(),
                    changed_hands=values.get("changed_hands", "").lower(), **numbers)

    def game_from_rows(self, game_id: str, rows: list[HandRow], source: str) -> GameRecord:
        """Rebuild one game: players from the seats, the first dealer from hand 1, then every hand's
        changes at the table, bids, trump and tricks applied in order and the file's points and totals
        compared."""
        first = rows[0]
        stored_id, external_ref = file_game_id(game_id, f"{source}, line {first.line}")
        where = f"game {game_id}"
        started_at, rules = self.game_columns(rows, source, where)
        players, seats = players_from_seats(rows, source, where, self.unit)
        cells = self.cells_by_number(rows, source, where)
        opening = [cells.get((1, seat)) for seat in seats]
        if None in opening:
            raise ExchangeError(
                f"{source} ({where}): hand 1 has no row for {players[opening.index(None)]}; the file may be "
                "truncated: export it again."
            )
        dealer = opening[0].dealer
        if dealer not in players:
            raise ExchangeError(
                f"{source}, line {opening[0].line} ({where}, hand 1): the dealer {excerpt(dealer)} is none of the "
                f"players ({', '.join(players)})."
            )
        # Who was at the table, hand by hand (a file with the table columns): the game starts with the
        # players who were there from hand 1, and the late arrivals join as the hands are read.
        plan = self.table_plan(rows, cells, players, source, where) if self.marks_table else None
        starting = players if plan is None else players[:plan.starting]
        first_dealer = players.index(dealer) if plan is None else plan.first_dealer(players.index(dealer))
        try:
            game = kind_module(self.kind).Game(starting, rules, first_dealer=first_dealer)
        except InvalidEntry as problem:
            raise ExchangeError(f"{source}, line {first.line} ({where}): {problem}") from None

        actions: list[dict] = []
        changed = {row.changed_hands for row in rows}
        if changed not in ({""}, {YES}):
            raise ExchangeError(f"{source}, line {first.line} ({where}): changed_hands must be yes on every row of a "
                                "game whose hands the table changed, and empty on every row of the others.")
        sizes = self._sizes_of(rows, cells, players, seats, source, where) if plan is not None or changed == {YES} \
            else []
        if changed == {YES}:  # the file's hands are the game's: taken before the first entry
            # (capped by the deck for the players who started: hands dealt to fewer are dealt as the table changes)
            most = rules.max_cards(len(starting)) if plan is not None else None
            change = {"type": "hands", "from": 0,
                      "sizes": sizes if most is None else [min(cards, most) for cards in sizes]}
            _applied(game, change, actions, f"{source}, line {first.line} ({where})")
        last_hand = max(row.hand for row in rows)
        if last_hand > len(game.hands) or min(row.hand for row in rows) < 1:
            row = next(row for row in rows if not 1 <= row.hand <= len(game.hands))
            raise ExchangeError(
                f"{source}, line {row.line} ({where}): there is no hand {row.hand}; {rules.name} with "
                f"{len(starting)} players has hands 1 to {len(game.hands)}."
            )

        uncapped = (sizes if changed == {YES} else rules.hand_sizes(len(starting))) if plan is not None else []
        totals = [0] * len(players)
        waiting: dict[int, list[dict]] = {}  # a late arrival's adjustments at hands before theirs: kept till they come
        for index in range(len(game.hands)):
            number = index + 1
            hand_rows = [cells.get((number, seat)) for seat in seats]
            if None in hand_rows:
                missing = players[hand_rows.index(None)]
                raise ExchangeError(
                    f"{source} ({where}): hand {number} has no row for {missing}; every hand of the game has "
                    "a row per player, played or not. The file may be truncated: export it again."
                )
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
            adjustments = adjustment_actions(index, hand_rows, f"{source} ({where}, hand {number})")
            for action in (*self.hand_actions(game, hand, hand_rows, source, where), *adjustments):
                if plan is not None and action["type"] == ADJUST and action["seat"] >= len(game.players):
                    waiting.setdefault(action["seat"], []).append(action)  # not at the table yet: till they come
                    continue
                try:
                    game.apply(action)
                except InvalidEntry as problem:
                    raise ExchangeError(f"{_place(source, where, hand_rows)}: {problem}") from None
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
    def _sizes_of(rows: list[HandRow], cells: dict, players: list[str], seats: list[int], source: str,
                  where: str) -> list[int]:
        """The cards dealt in each hand the rows list, hand 1 on (each hand's rows are checked to agree
        with the hand as dealt when it is entered)."""
        last = max(row.hand for row in rows)
        if last > MOST_HANDS:
            raise ExchangeError(f"{source} ({where}): a game can have at most {MOST_HANDS} hands, not {last}.")
        sizes = []
        for number in range(1, last + 1):
            row = cells.get((number, seats[0]))
            if row is None:
                raise ExchangeError(f"{source} ({where}): hand {number} has no row for {players[0]}; every hand of "
                                    "the game has a row per player, played or not. The file may be truncated: export "
                                    "it again.")
            sizes.append(row.cards)
        return sizes

    def hand_actions(self, game, hand, hand_rows: list[HandRow], source: str, where: str) -> list[dict]:
        """The entries of one hand as the app records them: bids, then trump, then tricks. `hand_rows`
        are every seat's, a late arrival's before they came too; the entries are for the seats in the game."""
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
                    f"{place}: the dealer is {excerpt(row.dealer)}, but the deal passes to the next seat each hand, "
                    f"so {dealer} deals hand {hand.number}."
                )
            if hand.no_trump and row.trump not in ("", oh_heck.NO_TRUMP):
                raise ExchangeError(
                    f"{place}: the trump is {excerpt(row.trump)}, but this hand is played without trump (the deal "
                    f"uses the whole deck); write {oh_heck.NO_TRUMP!r}."
                )
            if not hand.no_trump and row.trump == oh_heck.NO_TRUMP:
                raise ExchangeError(
                    f"{place}: the trump is {oh_heck.NO_TRUMP!r}, but a card is turned up in this hand; write the "
                    f"trump ({', '.join(game.rules.trump_names)}) or leave it empty."
                )
        trump = self._same_for_the_hand(hand_rows, "trump", source, where)
        against_hook = self._same_for_the_hand(hand_rows, "against_hook", source, where)
        if against_hook not in ("", YES):
            raise ExchangeError(f"{source}, line {hand_rows[0].line} ({where}, hand {hand.number}): against_hook is "
                                f"{excerpt(against_hook)}; write yes for a hand recorded against the dealer's hook, or "
                                "leave it empty.")
        seated = hand_rows if len(hand_rows) == len(game.players) else hand_rows[:len(game.players)]
        bids = self._all_or_none(seated, "bid", source, where, hand.absent)
        tricks = self._all_or_none(seated, "tricks", source, where, hand.absent)
        if against_hook and bids is None:
            raise ExchangeError(
                f"{source}, line {hand_rows[0].line} ({where}, hand {hand.number}): against_hook is yes but the "
                "bids are not filled in; it marks bids recorded against the dealer's hook.")
        if tricks is not None and bids is None:
            raise ExchangeError(
                f"{source}, line {hand_rows[0].line} ({where}, hand {hand.number}): the tricks are filled in but the "
                "bids are not; a hand is bid before it is played."
            )
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
    def _same_for_the_hand(hand_rows: list[HandRow], column: str, source: str, where: str) -> str | int:
        first = hand_rows[0]
        for row in hand_rows[1:]:
            if row[column] != first[column]:
                raise ExchangeError(
                    f"{source}, lines {first.line} and {row.line} ({where}, hand {row.hand}): the {column} is "
                    f"{excerpt(first[column])} on one and {excerpt(row[column])} on the other; every row of a "
                    f"hand has the same {column}."
                )
        return first[column]

    @staticmethod
    def _all_or_none(hand_rows: list[HandRow], column: str, source: str, where: str,
                     absent: frozenset[int] = frozenset()) -> list[int | None] | None:
        """Every seat's number in `column` (None for a seat not in the hand), or None when none is filled in."""
        values = [row[column] for row in hand_rows]
        playing = [value for seat, value in enumerate(values) if seat not in absent] if absent else values
        if all(value is None for value in playing):
            return None
        if any(value is None for value in playing):
            row = next(row for seat, row in enumerate(hand_rows) if row[column] is None and seat not in absent)
            raise ExchangeError(
                f"{source}, line {row.line} ({where}, hand {row.hand}, {row.player}): {row.player} has no {column} "
                f"while others in this hand do; fill in every player's {column}, or none."
            )
        return values

    @staticmethod
    def check_scores(game, hand, hand_rows: list[HandRow], totals: list[int], source: str, where: str) -> None:
        """The file's points and running totals (`totals`, after this hand) must be what the rules give."""
        for seat, row in enumerate(hand_rows):
            place = f"{source}, line {row.line} ({where}, hand {hand.number}, {row.player})"
            if hand.points is None:
                for column in ("points", "total"):
                    if row[column] is not None:
                        raise ExchangeError(
                            f"{place}: the {column} is {row[column]}, but the hand has no tricks yet; "
                            f"leave the {column} empty until the tricks are in."
                        )
                continue
            # Points and totals left empty (a file written by hand) are computed; filled ones must agree.
            if row.points is not None and row.points != hand.points[seat]:
                raise ExchangeError(
                    f"{place}: the points are {row.points}, but a bid of {row.bid} with {row.tricks} "
                    f"tricks scores {hand.points[seat]} under {game.rules.name}. Points are computed from the bid "
                    "and tricks: correct whichever is wrong."
                )
            if row.total is not None and row.total != totals[seat]:
                raise wrong_total(place, row.player, "hand", hand.number, row.total, totals[seat], seat in hand.absent)


@dataclass(frozen=True)
class SkullKingRow(HandRow):
    """A row of a Skull King file: the family's, with the player's bonuses in the hand."""

    captures: dict[str, int] | None = None  # None: no count filled in
    bonus: int | None = None  # the points the bonuses add (computed)


@dataclass(frozen=True)
class SkullKingRowAtTable(SkullKingRow):
    """A row of a Skull King file with the table columns."""

    at_table: str = ""
    start: str = ""
    sits_after: str = ""


class SkullKingCsv(BidTricksCsv):
    """The family's columns, with one column per bonus (how many of it the player earned in the hand)
    and the points they add (`bonus`, part of `points`) before the points."""

    kind = skull_king.KIND
    hooked = False  # bids shown all at once: no dealer's hook
    counts = tuple(bonus.key for bonus in skull_king.BONUSES)
    columns = BidTricksCsv.columns[:11] + counts + ("bonus", "points", "total")

    def rows(self, start: list[str], game) -> Iterator[tuple]:
        for head in super().rows(start, game):  # ... bid, tricks, points, total, adjustment, adjustment_note
            seat, index = head[len(start) + 5] - 1, head[len(start)] - 1
            hand = game.hands[index]
            if hand.points is None or seat in hand.absent:  # (not played yet; a player not in the hand)
                extra = ("",) * (len(self.counts) + 1)
            else:
                captured = hand.bonuses[seat] if hand.bonuses else {}
                extra = (*(captured.get(key, 0) for key in self.counts), game.bonus_of(hand, seat))
            # points, total (and the optional columns)
            tail = (2 + self.marks_hook + self.marks_hands + len(self.table_columns) * self.marks_table
                    + 2 * self.adjustable)
            yield (*head[:-tail], *extra, *head[-tail:])

    row_class = SkullKingRow
    table_row_class = SkullKingRowAtTable

    def row_fields(self, values: dict[str, str], line: int, source: str) -> dict[str, Any]:
        counts = {key: whole(values[key], key, line, source, required=False) for key in self.counts}
        given = {key: number for key, number in counts.items() if number is not None}
        return {**super().row_fields(values, line, source),
                "captures": {key: number for key, number in given.items() if number} if given else None,
                "bonus": whole(values["bonus"], "bonus", line, source, required=False)}

    def hand_actions(self, game, hand, hand_rows: list[SkullKingRow], source: str, where: str) -> list[dict]:
        actions = super().hand_actions(game, hand, hand_rows, source, where)
        captures = [row.captures or {} for row in hand_rows[:len(game.players)]]  # (the seats in the game)
        if actions and actions[-1]["type"] == "tricks" and any(captures):
            actions[-1]["bonuses"] = captures
        elif any(captures):
            raise ExchangeError(f"{source}, line {hand_rows[0].line} ({where}, hand {hand.number}): bonuses are "
                                "filled in but the tricks are not; bonuses are counted with the tricks.")
        return actions

    def filled_when_out(self, row: SkullKingRow) -> str:
        return super().filled_when_out(row) or (
            "the bonus counts are filled in" if row.captures is not None or row.bonus is not None else "")

    def check_scores(self, game, hand, hand_rows: list[SkullKingRow], totals: list[int], source: str,
                     where: str) -> None:
        for seat, row in enumerate(hand_rows):
            earned = None if hand.points is None else game.bonus_of(hand, seat)
            if row.bonus is not None and row.bonus != earned:
                raise ExchangeError(
                    f"{source}, line {row.line} ({where}, hand {hand.number}, {row.player}): the bonus is {row.bonus}, "
                    f"but {'the hand has no tricks yet' if earned is None else f'the bonuses counted give {earned}'} "
                    f"under {game.rules.name}. The bonus is worked out from the counts: correct whichever is wrong.")
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
    computed_from = "the point card and the cards played"

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

    def hint(self, game, played_round, seat: int) -> str:
        pot = " + ".join(str(card) for card in played_round.pot)
        if played_round.taker is not None:
            return f"{game.players[played_round.taker]} took the pot of {pot}"
        return f"every card tied, so {'the pot is carried' if played_round.carried else 'nobody takes the pot'}"

    def action(self, index: int, rows: list[Row], players: list[str], where: str, source: str,
               absent: frozenset[int] = frozenset()) -> dict | None:
        point_card = _same_for_the_round(rows, "point_card", where)
        played = _all_or_none(rows, "played", where, source, "card played")
        if not point_card and played is None:
            return None
        if not point_card:
            raise ExchangeError(f"{where}: cards are played but the point card is empty; fill in the point card "
                                "turned up.")
        if played is None:
            raise ExchangeError(f"{where}: the point card is {point_card} but no card is played; fill in the card "
                                "each player played.")
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
    computed_from = "the cards counted"

    def played(self, game) -> list:
        return game.hands

    def cells(self, game, hand, seat: int) -> dict[str, str]:
        count = hand.counts[seat]
        return {"went_out": YES if seat == hand.out else "",
                "number_cards": "" if count is None else _numbers_text(count.numbers),
                "specials": "" if count is None else str(count.specials),
                "points": str(hand.points[seat])}

    def hint(self, game, hand, seat: int) -> str:
        name = game.players[seat]
        if seat == hand.out:
            return f"{name} went out and scores 0"
        count = hand.counts[seat]
        return f"{name}'s count: {count.text}" if count is not None else ""

    def action(self, index: int, rows: list[Row], players: list[str], where: str, source: str,
               absent: frozenset[int] = frozenset()) -> dict | None:
        for row in rows:
            if row["went_out"].lower() not in (YES, ""):
                raise ExchangeError(f"{where}: went_out is {excerpt(row['went_out'])} on line {row.line}; write yes for "
                                    "the player who went out and leave the others empty.")
        out = [seat for seat, row in enumerate(rows) if row["went_out"].lower() == YES]
        if not out and not any(row["number_cards"] or row["specials"] or row["points"] for row in rows):
            return None
        if len(out) != 1:
            who = " and ".join(players[seat] for seat in out)
            raise ExchangeError(
                f"{where}: " + (f"{who} all went out" if out else "nobody went out")
                + "; write yes in went_out for the one player who played their last card."
            )
        left: list[Any] = []
        for seat, row in enumerate(rows):
            name = players[seat]
            if seat in absent:  # not in the hand: nothing entered (their row is empty)
                left.append(None)
            elif seat == out[0]:
                if row["number_cards"] or row["specials"]:
                    raise ExchangeError(f"{where}: {name} went out, so no cards are left to count: clear "
                                        f"{name}'s number_cards and specials (line {row.line}).")
                left.append(None)
            elif row["specials"]:
                left.append({"numbers": list(number_list(row["number_cards"], "number_cards", row.line, source)),
                             "specials": whole(row["specials"], "specials", row.line, source, required=True)})
            elif row["number_cards"]:
                raise ExchangeError(f"{where}: {name}'s number cards are counted but specials is empty (line "
                                    f"{row.line}); write 0 when {name} held no word or Hit the Deck card.")
            else:
                points = whole(row["points"], "points", row.line, source, required=False)
                if points is None:
                    raise ExchangeError(f"{where}: {name} has no points (line {row.line}); enter the points of "
                                        f"the cards {name} had left, or count them.")
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
