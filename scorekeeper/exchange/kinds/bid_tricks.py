"""The bid-and-tricks family's part of the file formats (Oh Heck, Oh My Heck, Wizard ...): its CSV
columns and rows, and its hands in JSON's "computed" (its PDF card: bid_tricks_card.py)."""
from __future__ import annotations

from scorekeeper.i18n import _

from itertools import repeat
from typing import Any, Sequence

from scorekeeper.rules import oh_heck
from scorekeeper.rules.common import excerpt
from scorekeeper.rules.sheet import SheetRow, score_sheet
from scorekeeper.storage.records import GameRecord

from ..common import (ExchangeError, Later, MOST_HANDS, MOST_SEATS, at_step, csv_text, line_of, table_changed,
                      unprotect_cell)
from ..csv_cells import (Row, YES, adjustment_actions, adjustment_cells, applied, counted, in_game, number_cells,
                         row_place, rows_place, step_place, whole_cells, wrong_total)
from ..csv_kind import KindCsv
from ..csv_table import TABLE_COLUMNS, at_table_status, table_cells

def _place(source: str, where: str, hand_rows: list) -> Later:
    """'the file, lines 2-5 (game x, hand 1)': where a hand's entries are, for a refusal."""
    return rows_place(source, where, "hand", hand_rows[0].hand, hand_rows)

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
        nothing = ("",) * count
        changed = "" if not self.marks_hands else (  # (the rules' hands for the players the game started with)
            YES if [hand.cards for hand in game.hands] != game.rules.hand_sizes(count - len(game.joins)) else "")
        table = table_cells(game, len(game.hands)) if self.marks_table and table_changed(game) else None
        nobody_moved = [nothing] * len(self.table_columns)  # (a game where nobody came, went or sat out)
        for line in score_sheet(game):
            index, hand = line.index, line.step
            trump = hand.trump_label
            head = ",".join((*start, str(hand.number), str(hand.cards), names[hand.dealer],
                             csv_text(trump) if trump else "")) + ","
            columns = [names, seats, nothing if hand.bids is None else number_cells(hand.bids)]
            if line.played:  # (a seat not in the hand: no points)
                columns += [number_cells(hand.tricks), *self.bonus_cells(game, hand), number_cells(line.points),
                            map(str, line.totals)]
            else:
                columns += [nothing, *self.bonus_cells(game, hand), nothing, nothing]
            if self.marks_hook:
                columns.append(repeat(YES if hand.against_hook else "", count))
            if self.marks_hands:
                columns.append(repeat(changed, count))
            if self.marks_table:
                columns += nobody_moved if table is None else zip(*table[index])
            if self.adjustable:
                adjusted = adjustment_cells(game, index) if line.played else None
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
        read = self.read_game(game_id, rows, source)
        where, rules, players, seats, cells, plan = (read.where, read.rules, read.players, read.seats, read.cells,
                                                     read.plan)
        starting, actions = read.starting, read.actions
        dealer = players.index(cells[(1, seats[0])].dealer)  # (check_opening: one of the players)
        game = self.new_game(read, first_dealer=dealer if plan is None else plan.first_dealer(dealer))
        changed = {row.changed_hands for row in rows}
        if changed not in ({""}, {YES}):
            raise ExchangeError(_("{where}: changed_hands must be yes on every row of a game whose hands the table "
                                  "changed, and empty on every row of the others.",
                                  where=read.opening))
        sizes = self._sizes_of(rows, cells, players, seats, source, where) if plan is not None or changed == {YES} \
            else []
        if changed == {YES}:  # the file's hands are the game's: taken before the first entry
            # (capped by the deck for the players who started: hands dealt to fewer are dealt as the table changes)
            most = rules.max_cards(len(starting)) if plan is not None else None
            change = {"type": "hands", "from": 0,
                      "sizes": sizes if most is None else [min(cards, most) for cards in sizes]}
            applied(game, change, actions, read.opening)
        last_hand = max(row.hand for row in rows)
        if last_hand > len(game.hands) or min(row.hand for row in rows) < 1:
            row = next(row for row in rows if not 1 <= row.hand <= len(game.hands))
            raise ExchangeError(_("{where}: there is no hand {number}; {rules} with {players} players has hands 1 to "
                                  "{last}.", where=in_game(line_of(source, row.line), where), number=row.hand,
                                  rules=rules.shown_name, players=len(starting), last=len(game.hands)))

        uncapped = (sizes if changed == {YES} else rules.hand_sizes(len(starting))) if plan is not None else []
        for index in range(len(game.hands)):
            number = index + 1
            hand_rows = [cells.get((number, seat)) for seat in seats]
            if None in hand_rows:
                raise ExchangeError(_("{where}: hand {number} has no row for {player}; every hand of the game has a "
                                      "row per player, played or not. The file may be truncated: export it again.",
                                      where=in_game(source, where), number=number,
                                      player=players[hand_rows.index(None)]))
            if plan is not None:
                self._change_table(game, plan, index, players, sizes, read.held,
                                   lambda action: applied(game, action, actions, _place(source, where, hand_rows)))
                # A hand the deck capped for more players than the replayed order had at the table (or did
                # not cap for the fewer it had) is dealt as the file lists it, within the rules' own hands.
                if (len(sizes) == len(game.hands) and game.hands[index].cards != sizes[index]
                        and sizes[index] <= uncapped[index]):
                    applied(game, {"type": "hands", "from": index, "sizes": sizes[index:]}, actions,
                             _place(source, where, hand_rows))
            hand = game.hands[index]  # (as dealt after the changes at the table)
            adjustments = adjustment_actions(index, hand_rows, step_place(source, where, "hand", number))
            self.enter(game, read, (*self.hand_actions(game, hand, hand_rows, source, where), *adjustments),
                       _place(source, where, hand_rows))
        return self.checked_record(game, read, source)

    def check_opening(self, cells: dict, players: list[str], seats: list[int], source: str, where: str) -> None:
        """Hand 1 has every player's row, and its dealer is one of them (the deal starts there)."""
        opening = [cells.get((1, seat)) for seat in seats]
        if None in opening:
            raise ExchangeError(_("{where}: hand 1 has no row for {player}; the file may be truncated: export it "
                                  "again.", where=in_game(source, where), player=players[opening.index(None)]))
        dealer = opening[0].dealer
        if dealer not in players:
            raise ExchangeError(_("{where}: the dealer {dealer} is none of the players ({players}).",
                                  where=row_place(source, opening[0].line, where, "hand", 1), dealer=excerpt(dealer),
                                  players=", ".join(players)))

    # ----- who was at the table: KindCsv.table_plan, then the changes as each hand is read -----

    @staticmethod
    def _sizes_of(rows: list[Row], cells: dict, players: list[str], seats: list[int], source: str,
                  where: str) -> list[int]:
        """The cards dealt in each hand the rows list, hand 1 on (each hand's rows are checked to agree
        with the hand as dealt when it is entered)."""
        last = max(row.hand for row in rows)
        if last > MOST_HANDS:
            raise ExchangeError(_("{where}: a game can have at most {most} hands, not {last}.",
                                  where=in_game(source, where), most=MOST_HANDS, last=last))
        sizes = []
        for number in range(1, last + 1):
            row = cells.get((number, seats[0]))
            if row is None:
                raise ExchangeError(_("{where}: hand {number} has no row for {player}; every hand of the game has a "
                                      "row per player, played or not. The file may be truncated: export it again.",
                                      where=in_game(source, where), number=number, player=players[0]))
            sizes.append(row.cards)
        return sizes

    def hand_actions(self, game, hand, hand_rows: list[Row], source: str, where: str) -> list[dict]:
        """The entries of one hand as the app records them: bids, then trump, then tricks. `hand_rows`
        are every seat's, a late arrival's before they came too; the entries are for the seats in the game."""
        dealer = game.players[hand.dealer]
        for row in hand_rows:
            place = row_place(source, row.line, where, "hand", hand.number, row.player)
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
        first_place = row_place(source, hand_rows[0].line, where, "hand", hand.number)
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
                                      where=in_game(lines, at_step(where, "hand", row.hand)), column=column,
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
                                  where=row_place(source, row.line, where, "hand", row.hand, row.player),
                                  player=row.player, column=column))
        return values

    def check_computed(self, game, line: SheetRow, hand_rows: list[Row], source: str, where: str) -> None:
        """The file's points and running totals of a hand of the score sheet must be what the rules give."""
        hand, totals = line.step, line.totals
        for seat, row in enumerate(hand_rows):
            place = row_place(source, row.line, where, "hand", hand.number, row.player)
            if not line.played:
                for column in ("points", "total"):
                    if row[column] is not None:
                        # Translators: {column} is a CSV column's name as the file has it (points, total).
                        raise ExchangeError(_("{where}: the {column} is {value}, but the hand has no tricks yet; leave "
                                              "the {column} empty until the tricks are in.", where=place,
                                              column=column, value=row[column]))
                continue
            # Points and totals left empty (a file written by hand) are computed; filled ones must agree.
            if row.points is not None and row.points != line.points[seat]:  # (a seat not in the hand: no points)
                raise ExchangeError(_("{where}: the points are {points}, but a bid of {bid} with {tricks} tricks scores "
                                      "{right} under {rules}. Points are computed from the bid and tricks: correct "
                                      "whichever is wrong.", where=place, points=row.points, bid=row.bid,
                                      tricks=row.tricks, right=line.points[seat], rules=game.rules.shown_name))
            if row.total is not None and row.total != totals[seat]:
                raise wrong_total(place, row.player, "hand", hand.number, row.total, totals[seat], seat in hand.absent)

# ----- JSON -----

def json_details(game) -> dict[str, list[dict[str, Any]]]:
    """The hands in JSON's "computed": each as dealt and entered, with its points and the running totals
    after it."""
    names = list(game.players)
    return {"hands": [_hand_details(line, names) for line in score_sheet(game)]}

def _hand_details(line: SheetRow, names: list[str]) -> dict[str, Any]:
    hand = line.step
    return {
        "hand": hand.number,
        "cards": hand.cards,
        "dealer": names[hand.dealer],
        "trump": hand.trump_label,
        "bids": None if hand.bids is None else list(hand.bids),
        "tricks": None if hand.tricks is None else list(hand.tricks),
        "points": None if hand.points is None else list(hand.points),  # (the rules' own: 0 for a seat not in it)
        "totals": list(line.totals) if line.played else None,
        **({"against_hook": True} if hand.against_hook else {}),  # (only where it is: older files have none)
        **({"out": [names[seat] for seat in sorted(hand.absent)]} if hand.absent else {}),  # not in the hand
    }
