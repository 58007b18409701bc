"""Who is at the table, hand by hand: a player who comes late, one who leaves, one who sits out a hand.

Each change is an entry of the game, replayed like any other:

- {"type": "join", "hand": i, "name": "Eve", "after": s, "start": "zero" | "lowest" | "highest" |
  "average" | n}: Eve plays from hand i on, seated after seat s in the table's order (last when "after"
  is left out), starting from 0, the lowest, the highest or the average total of the players at the
  table then (rounded to the nearest point, halves up), or n points. She takes the next seat number:
  the seats of everyone else never change. The entry keeps the rule, not the number it came to: the
  totals work it out again from the hands before hers as they stand, so a correction of one of them
  (an adjustment there, a change of the scoring) moves her start and every total after it, as typing
  the corrected hands first would have.
- {"type": "leave", "hand": i, "seat": s}: seat s plays no more from hand i on, and keeps their points.
- {"type": "sit_out", "hand": i, "seat": s}: seat s sits out hand i only.

"hand" is the kind's unit: "round" for the score pad. The kinds that deal (the Oh Heck family, Skull
King) and the score pad and HIT THE DECK take them (`Roster`); WHAT THE HECK? does not: every player
holds the same cards, each played once over the game.

A seat that is not in a hand has no bid, no tricks and no points there (None in the hand's per-seat
lists, 0 points), and the deal, the bidding order, the dealer's hook and the tricks total follow the
players actually in the hand. A stored game is rebuilt from the players it started with
(`starting_players`) and its entries.
"""
from __future__ import annotations

from typing import Any, ClassVar, Mapping, Sequence

from scorekeeper.i18n import N_, _, _n, number

from .common import InvalidEntry, check_whole_number, clean_name, excerpt, name_key, shown_name, signed

JOIN, LEAVE, SIT_OUT = "join", "leave", "sit_out"
ROSTER_ENTRIES = (JOIN, LEAVE, SIT_OUT)
START_RULES = ("zero", "lowest", "highest", "average")
# Where a late arrival starts from, in words (English: translate where shown, _(START_WORDS[rule]); "0" is no word).
START_WORDS = {"zero": "0", "lowest": N_("the lowest total"), "highest": N_("the highest total"),
               "average": N_("the average total")}
MOST_START = 100_000  # a starting score past this is a slip of the finger
MOST_SEATS = 100  # everyone who ever sat in one game


def starting_players(names: Sequence[str], actions: Sequence[Mapping[str, Any]]) -> list[str]:
    """The players a game was set up with, given everyone who sat in it (seat order: late arrivals
    come last, in the order they joined) and its active entries."""
    joined = sum(1 for action in actions if isinstance(action, Mapping) and action.get("type") == JOIN)
    return list(names[:len(names) - joined])


def seated_names(players: Sequence[str], actions: Sequence[Mapping[str, Any]]) -> list[str]:
    """Everyone who sits in a game, in seat order: the players it was set up with, then each late
    arrival named by its entries (what storage seats; the engine checks the names as it replays)."""
    return [*players, *(action.get("name") for action in actions
                        if isinstance(action, Mapping) and action.get("type") == JOIN)]


def starting_score(rule: Any, totals: Sequence[int]) -> int:
    """The points a late arrival starts with: `rule` is one of START_RULES or a whole number; `totals`
    are those of the players at the table when they join."""
    if isinstance(rule, str):
        if rule not in START_RULES:
            raise InvalidEntry(_("A late arrival starts from 0, the lowest, the highest or the average total, or a "
                                 "number; not {value}.", value=excerpt(rule)))
        if rule == "zero" or not totals:
            return 0
        if rule == "lowest":
            return min(totals)
        if rule == "highest":
            return max(totals)
        count = len(totals)
        return (2 * sum(totals) + count) // (2 * count)  # the nearest whole point, halves up
    if type(rule) is not int:
        check_whole_number(rule, _("A starting score"))
    if abs(rule) > MOST_START:
        raise InvalidEntry(_("A starting score can be at most {most} points either way, not {points}.",
                             most=number(MOST_START), points=number(rule)))
    return rule


def start_words(rule: Any, points: int) -> str:
    """'+35 (the lowest total)', '0', '−20': how a late arrival's start is said on the score card."""
    said = signed(points)
    if rule == "lowest":
        return _("{points} (the lowest total)", points=said)
    if rule == "highest":
        return _("{points} (the highest total)", points=said)
    if rule == "average":
        return _("{points} (the average total)", points=said)
    return said


class Roster:
    """Who is at the table, hand by hand, for a kind's Game. The kind calls `_init_roster(count)` when
    built, routes ROSTER_ENTRIES to `_roster_change`, and says:

    - `first_unentered()`: the first hand (round) nothing is entered in yet: changes apply from there;
    - `_roster_span()`: how many hands (rounds) the game can have (a change may be for any to come);
    - `_seat_joined(index, seat)`: give the hands (rounds) before `index` an empty place for a new seat;
    - `_roster_changed(index)`: what follows from hand `index` on (the Oh Heck family deals again).

    Everything else (the checks, the starts, the words) is here, once for every kind."""

    players: list[str]
    unit: str
    rules: Any
    _extra: dict[int, list[int]]
    takes_roster: ClassVar[bool] = True  # (a kind whose players can't change says False)

    def _init_roster(self, count: int) -> None:
        self.order: list[int] = list(range(count))  # the seats in the order they sit
        self.joins: dict[int, tuple[int, Any, int]] = {}  # seat -> (hand index, start rule, start points)
        # hand index -> the late arrivals whose start counts in the totals after it, in the order they came:
        # (seat, start rule, the seats at the table then, whose totals the rule takes)
        self._starts: dict[int, list[tuple[int, Any, tuple[int, ...]]]] = {}
        self.left: dict[int, int] = {}  # seat -> the first hand index they are gone
        self.sat_out: dict[int, set[int]] = {}  # hand index -> seats sitting it out

    def first_unentered(self) -> int:
        raise NotImplementedError

    def _roster_span(self) -> int:
        raise NotImplementedError

    def _seat_joined(self, index: int, seat: int) -> None:
        raise NotImplementedError

    def _roster_changed(self, index: int) -> None:
        """Nothing follows by default: the players of each hand (round) are looked up as it is entered."""

    # ----- who plays when -----

    def seated(self, index: int) -> list[int]:
        """The seats playing hand (round) `index`, in the order they sit."""
        out = self.sat_out.get(index, ())
        return [seat for seat in self.order
                if self.joins.get(seat, (0,))[0] <= index and self.left.get(seat, index + 1) > index
                and seat not in out]

    def absence(self, index: int, seat: int) -> str | None:
        """Why `seat` is not in hand `index` ('sits out', 'left after hand 6', 'joins at hand 5'), or None;
        in the reader's language (`sits_out` says whether it is a sit-out)."""
        hands = self.unit == "hand"
        joined = self.joins.get(seat)
        if joined is not None and joined[0] > index:
            return (_("joins at hand {number}", number=joined[0] + 1) if hands
                    else _("joins at round {number}", number=joined[0] + 1))
        if seat in self.left and self.left[seat] <= index:
            if not self.left[seat]:
                return _("left")
            return (_("left after hand {number}", number=self.left[seat]) if hands
                    else _("left after round {number}", number=self.left[seat]))
        if seat in self.sat_out.get(index, ()):
            return _("sits out")
        return None

    def sits_out(self, index: int, seat: int) -> bool:
        """Whether `seat` sits out hand (round) `index` only (absence() says so in words)."""
        joined = self.joins.get(seat)
        if joined is not None and joined[0] > index or seat in self.left and self.left[seat] <= index:
            return False
        return seat in self.sat_out.get(index, ())

    def _started(self, totals: list[int], index: int) -> list[int]:
        """`totals` after hand (round) `index` with the starts of the late arrivals whose first is the next
        one, each worked out by its rule from these very totals (the kind's running totals call this)."""
        starts = self._starts.get(index)
        if not starts:
            return totals
        totals = list(totals)
        for seat, rule, table in starts:  # (one who came earlier to the same hand may count in a later one's)
            totals[seat] += starting_score(rule, [totals[other] for other in table])
        return totals

    def _restart(self) -> None:
        """Bring each late arrival's start in `joins` up to date with the totals as they now stand (the kind
        calls this after every entry: a correction of an earlier hand may have moved it)."""
        if not self._starts:
            return
        curve = self.running_totals()  # type: ignore[attr-defined]
        for index, starts in self._starts.items():
            for seat, rule, table in starts:
                if index < len(curve):
                    joined = self.joins[seat]
                    self.joins[seat] = (joined[0], rule, starting_score(rule, [curve[index][other] for other in table]))

    def starting_points(self, rule: Any) -> int:
        """What a late arrival joining now starts from by `rule` (starting_score): 0, the lowest, the
        highest or the average total of the players at the table for the hand about to be played."""
        totals, index = self.totals(), self.first_unentered()  # type: ignore[attr-defined]
        return starting_score(rule, [totals[seat] for seat in self.seated(index)])

    # ----- in words -----

    def table_changes(self) -> list[tuple[int, int, str, int | None]]:
        """Who joined, left or sat out, in hand order: (hand index, seat, "joined" | "left" | "sat out",
        the start of a late arrival or None). The change is a key (exported as is): roster_lines words it."""
        changes = [(index, seat, "joined", points) for seat, (index, _rule, points) in self.joins.items()]
        changes += [(index, seat, "left", None) for seat, index in self.left.items()]
        changes += [(index, seat, "sat out", None) for index, seats in self.sat_out.items()
                    for seat in self.order if seat in seats]
        return sorted(changes, key=lambda change: (change[0], ("joined", "left", "sat out").index(change[2])))

    def roster_lines(self) -> list[str]:
        """The table's changes as score cards list them: 'Hand 5: Eve joined, starting from +35 (the lowest
        total)', 'Hand 7: Bob left, keeping their points', 'Hand 6: Cy sat out'."""
        lines = []
        hands = self.unit == "hand"
        for index, seat, change, points in self.table_changes():
            values = {"number": index + 1, "name": self.players[seat]}
            if change == "joined":
                start = start_words(self.joins[seat][1], points)
                lines.append(_("Hand {number}: {name} joined, starting from {start}", start=start, **values) if hands
                             else _("Round {number}: {name} joined, starting from {start}", start=start, **values))
            elif change == "left":
                lines.append(_("Hand {number}: {name} left, keeping their points", **values) if hands
                             else _("Round {number}: {name} left, keeping their points", **values))
            else:
                lines.append(_("Hand {number}: {name} sat out", **values) if hands
                             else _("Round {number}: {name} sat out", **values))
        return lines

    def _describe_roster(self, action: Mapping[str, Any]) -> str | None:
        """'Eve joining at hand 2', 'Bob leaving from hand 7', 'Cy sitting out hand 6' (undo, redo)."""
        kind, index, seat = action.get("type"), action.get(self.unit), action.get("seat")
        name = action.get("name") if kind == JOIN else (
            self.players[seat] if type(seat) is int and 0 <= seat < len(self.players) else None)
        if type(index) is not int or not isinstance(name, str):
            return None
        values = {"name": name, "number": index + 1}
        if self.unit == "hand":
            if kind == JOIN:
                return _("{name} joining at hand {number}", **values)
            if kind == LEAVE:
                return _("{name} leaving from hand {number}", **values)
            return _("{name} sitting out hand {number}", **values)
        if kind == JOIN:
            return _("{name} joining at round {number}", **values)
        if kind == LEAVE:
            return _("{name} leaving from round {number}", **values)
        return _("{name} sitting out round {number}", **values)

    # ----- the entries -----

    def _roster_change(self, action: Mapping[str, Any]) -> None:
        """Record a join, leave or sit_out entry; refused and nothing changed when the hand (round) is
        entered already, the seat can't do that then, or too few or too many players would be left."""
        kind, unit = action.get("type"), self.unit
        hands = unit == "hand"
        index = action.get(unit)
        if type(index) is not int:
            index = check_whole_number(index, _("The hand of a change at the table") if hands
                                       else _("The round of a change at the table"))
        first_open, span = self.first_unentered(), self._roster_span()
        if not 0 <= index < span:
            raise InvalidEntry(
                _n("There is no hand {number}: this game has {count} hand.",
                   "There is no hand {number}: this game has {count} hands.", span, number=index + 1) if hands else
                _n("There is no round {number}: this game has {count} round.",
                   "There is no round {number}: this game has {count} rounds.", span, number=index + 1))
        if index < first_open:
            values = {"number": index + 1, "first": first_open + 1}
            raise InvalidEntry(
                _("Hand {number} is entered already: who plays can change from hand {first} on (undo that hand's "
                  "entries first).", **values) if hands else
                _("Round {number} is entered already: who plays can change from round {first} on (undo that "
                  "round's entries first).", **values))
        seated = self.seated(index)
        if kind == JOIN:
            current = self.current  # type: ignore[attr-defined]
            if index != first_open or index != current:
                values = {"current": (current or 0) + 1, "number": index + 1}
                raise InvalidEntry(
                    _("A late arrival joins at the hand about to be played, hand {current}, not hand {number}.",
                      **values) if hands else
                    _("A late arrival joins at the round about to be played, round {current}, not round {number}.",
                      **values))
            self._join(index, action, seated)
            return
        seat = action.get("seat")
        if type(seat) is not int:
            seat = check_whole_number(seat, _("The player"))
        if not 0 <= seat < len(self.players):
            raise InvalidEntry(_("There is no player in seat {seat}.", seat=seat + 1))
        name = self.players[seat]
        if seat not in seated:
            values = {"name": name, "number": index + 1, "why": self.absence(index, seat)}
            raise InvalidEntry(_("{name} is not in hand {number} ({why}).", **values) if hands
                               else _("{name} is not in round {number} ({why}).", **values))
        if kind == LEAVE:  # (every hand to come counts: some may have a player sitting out)
            fewest = min(len(self.seated(later)) for later in [index, *self.sat_out] if later >= index)
        else:
            fewest = len(seated)
        if fewest - 1 < self.rules.min_players:
            values = {"name": name, "game": shown_name(self.rules.name)}
            least = self.rules.min_players
            if kind == LEAVE:
                raise InvalidEntry(
                    _n("{name} can't leave: {game} needs at least {count} player in a hand.",
                       "{name} can't leave: {game} needs at least {count} players in a hand.", least, **values)
                    if hands else
                    _n("{name} can't leave: {game} needs at least {count} player in a round.",
                       "{name} can't leave: {game} needs at least {count} players in a round.", least, **values))
            raise InvalidEntry(
                _n("{name} can't sit out: {game} needs at least {count} player in a hand.",
                   "{name} can't sit out: {game} needs at least {count} players in a hand.", least, **values)
                if hands else
                _n("{name} can't sit out: {game} needs at least {count} player in a round.",
                   "{name} can't sit out: {game} needs at least {count} players in a round.", least, **values))
        if kind == LEAVE:
            self.left[seat] = index
            for later in list(self.sat_out):  # a sit-out after leaving says nothing more
                if later >= index:
                    self.sat_out[later].discard(seat)
                    if not self.sat_out[later]:
                        del self.sat_out[later]
        else:
            self.sat_out.setdefault(index, set()).add(seat)
        self._roster_changed(index)

    def _join(self, index: int, action: Mapping[str, Any], seated: list[int]) -> None:
        name = clean_name(action.get("name"))
        if any(name_key(name) == name_key(other) for other in self.players):
            raise InvalidEntry(_("{name} is already in this game: give the new player another name (an initial will "
                                 "do).", name=name))
        if len(seated) + 1 > self.rules.max_players or len(self.players) >= MOST_SEATS:
            raise InvalidEntry(_n("{game} is played by at most {count} player: {name} can't join.",
                                  "{game} is played by at most {count} players: {name} can't join.",
                                  self.rules.max_players, game=shown_name(self.rules.name), name=name))
        after = action.get("after", self.order[-1])
        if type(after) is not int:
            after = check_whole_number(after, _("Where {name} sits", name=name))
        if not 0 <= after < len(self.players):
            raise InvalidEntry(_("{name} sits after one of the {count} players, not seat {seat}.",
                                 name=name, count=len(self.players), seat=after + 1))
        rule = action.get("start", "zero")
        if isinstance(rule, str) and rule not in START_RULES or not isinstance(rule, (str, int)):
            raise InvalidEntry(_("{name} starts from 0, the lowest, the highest or the average total, or a number; "
                                 "not {value}.", name=name, value=excerpt(rule)))
        points = self.starting_points(rule)
        if points and index == 0:
            raise InvalidEntry(_("Nobody has played yet: {name} starts from 0.", name=name))
        seat = len(self.players)
        self.players.append(name)
        self._seat_joined(index, seat)
        for extra in self._extra.values():
            extra.append(0)
        if index:  # the start counts in the totals from the hand before theirs on
            self._starts.setdefault(index - 1, []).append((seat, rule, tuple(seated)))
        self.order.insert(self.order.index(after) + 1, seat)
        self.joins[seat] = (index, rule, points)
        self._roster_changed(index)
