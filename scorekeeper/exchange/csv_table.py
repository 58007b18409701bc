"""Who was at the table (rules.roster) in a CSV file: the table columns (at_table, start, sits_after)
as written, and as read back into the changes the app records, hand by hand (round by round), for every
kind whose games take them. KindCsv (csv_kind.py) has these as TableRows' methods.
"""
from __future__ import annotations

from scorekeeper.i18n import _

from typing import Any, Callable, NamedTuple, Sequence

from scorekeeper.rules.common import excerpt, name_key
from scorekeeper.rules.roster import JOIN, LEAVE, SIT_OUT, starting_score

from .common import ExchangeError, csv_text, line_of
from .csv_cells import (AT_TABLE, JOINED, LEFT, NOT_YET, SAT_OUT, START_CELL, START_WORDS, TABLE_COLUMNS, cell_shown,
                        in_game, or_list, row_place, whole, with_player)

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
    match = START_CELL.fullmatch(text)
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

class TableRows:
    """The reading of the table columns that every KindCsv whose games take changes at the table shares."""

    unit: str
    table_columns: tuple[str, ...]
    out_columns: tuple[str, ...]

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
                place = row_place(source, row.line, where, unit, number, name)
                status = row.at_table
                arrives = status == JOINED or bool(row.start or row.sits_after)
                if status in (NOT_YET, SAT_OUT, LEFT):
                    filled = self.filled_when_out(row)
                    if filled:
                        raise ExchangeError(self.filled_refusal(status, where=place, name=name, filled=filled,
                                                                columns=or_list(self.out_columns)))
                if gone is not None:
                    if status != LEFT or arrives:
                        said = dict(where=place, status=cell_shown(status), name=name, number=gone.number, line=gone.line)
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
                    said = dict(where=place, status=cell_shown(status), name=name, number=waited.number, line=waited.line)
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
                place = in_game(line_of(source, waited.line), with_player(where, name))
                if unit == "round":
                    raise ExchangeError(_("{where}: {name} is not yet at the table in any round; write joined on the "
                                          "round they joined at, or take their rows out.", where=place, name=name))
                raise ExchangeError(_("{where}: {name} is not yet at the table in any hand; write joined on the hand "
                                      "they joined at, or take their rows out.", where=place, name=name))
        starting = len(players) - len(arrivals)
        for seat in sorted(arrivals):
            row = arrivals[seat]
            if seat < starting:
                said = dict(where=in_game(line_of(source, row.line), where), name=players[seat], number=row.number,
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
                said = dict(where=in_game(line_of(source, later.line), where), later=players[seat + 1],
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
                                    row_place(source, row.line, where, unit, row.number, players[seat]))
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
