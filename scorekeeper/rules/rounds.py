"""What the game kinds scored in points per round share on the Game side.

`RoundsGame` is the plumbing of WHAT THE HECK?, HIT THE DECK and the score pad: the players and the
rules, totals, the score curve, standings and winners from the per-seat `points` of the played
rounds, the checks on which round an entry is for, and the one action shape storage replays.
`TargetGame` adds the end of a game after the round in which a total reaches the rules' target.
What is played in a round, how it is checked and scored, and the statistics stay in each kind's module.
"""
from __future__ import annotations

import dataclasses
from typing import Any, ClassVar, Iterator, Mapping, Sequence

from scorekeeper.i18n import N_, _, _n

from .adjustments import ADJUST, Adjustable
from .roster import ROSTER_ENTRIES, Roster
from .scoring_change import RULES, ScoringChange
from .common import (
    InvalidEntry, Standing, check_player_names, check_whole_number, excerpt, leaders, names_text, shown_name, standings,
)


# A game without a set length (a score pad, Hit the Deck) ends when the table says so; past this many
# rounds it is no game a table played, and a file claiming one is refused before anything is built.
MOST_ROUNDS = 1000


def _running(game: "RoundsGame", rounds: Sequence[Any]) -> Iterator[list[int]]:
    """The totals after each of `rounds` (each with per-seat `points`), adjustments and late arrivals'
    starts counted."""
    totals = [0] * len(game.players)
    for index, played_round in enumerate(rounds):
        totals = [total + points for total, points in zip(totals, game.adjusted(played_round.points, index))]
        totals = game._started(totals, index)
        yield totals


class RoundsGame(Roster, ScoringChange, Adjustable):
    """One game scored in points per round. A kind's Game sets `kind`, `unit` (the word on the score
    card, which is also the type and the index key of its actions), `entered` (what an action enters,
    for undo and redo) and `highest_wins`, keeps its played rounds in `rounds`, and records an action
    in `_record`."""

    kind: ClassVar[str]
    unit: ClassVar[str] = "round"
    entered: ClassVar[str] = "points"
    highest_wins = True
    # Players may join, leave or sit out a round (rules.roster) in the kinds that say so (their rounds
    # then keep the seats not in them, `absent`); a round's per-seat fields, and what such a seat has there.
    takes_roster: ClassVar[bool] = False
    per_seat: ClassVar[dict[str, Any]] = {"points": 0}

    def __init__(self, players: Sequence[str], rules: Any):
        self.rules = rules
        self.players = check_player_names(players)
        rules.check_players(len(self.players))
        self.setup: dict[str, Any] = {}  # nothing beyond players and rules rebuilds this game
        self._init_adjustments()
        self._init_roster(len(self.players))
        self._init_scoring_change(rules)

    @property
    def _played(self) -> Sequence[Any]:
        """The played rounds, each with per-seat `points`."""
        return self.rounds

    @property
    def open_ended(self) -> bool:
        """No end of its own: only the table ends the game. Kinds with a set length or a target: False."""
        return False

    @property
    def played_rounds(self) -> Sequence[Any]:
        """The played rounds (hands), each with per-seat `points`, as the score card lists them."""
        return self._played

    @property
    def steps(self) -> Sequence[Any]:
        """The score sheet's rows (rules.sheet): the played rounds, nothing to come."""
        return self._played

    # ----- who is at the table (rules.roster.Roster) -----

    def first_unentered(self) -> int:
        return len(self._played)

    def _roster_span(self) -> int:
        return MOST_ROUNDS

    def _seat_joined(self, index: int, seat: int) -> None:
        self._played[:] = [dataclasses.replace(played, absent=played.absent | {seat},
                                               **{name: (*getattr(played, name), empty)
                                                  for name, empty in self.per_seat.items()})
                           for played in self._played]

    def in_round(self, index: int) -> set[int]:
        """The seats playing round `index` (all of them unless the table changed)."""
        return set(self.seated(index)) if self.joins or self.left or self.sat_out else set(range(len(self.players)))

    # ----- where the game stands -----

    @property
    def is_over(self) -> bool:
        raise NotImplementedError

    @property
    def current(self) -> int | None:
        """Index of the next round to enter, or None when the game is over."""
        return None if self.is_over else len(self._played)

    def progress(self) -> tuple[int, int | None]:
        """(rounds played, None): how many rounds a game takes is not known in advance."""
        return len(self._played), None

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """Each seat scores on its own (a kind of partnerships says otherwise)."""
        return tuple((seat,) for seat in range(len(self.players)))

    def totals(self) -> list[int]:
        curve = self.running_totals()
        return curve[-1] if curve else [0] * len(self.players)

    def running_totals(self) -> list[list[int]]:
        """The totals after each played round (the score curve)."""
        return list(_running(self, self._played))

    def final_scores(self) -> list[int]:
        return self.totals()

    def standings(self) -> list[Standing]:
        return standings(self.players, self.final_scores(), highest_wins=self.highest_wins)

    def winners(self) -> list[int]:
        return leaders(self.final_scores(), highest_wins=self.highest_wins)

    # ----- entries -----

    def _check_index(self, index: int) -> None:
        """Refuse an entry for a round that does not exist or is not up yet."""
        hands = self.unit == "hand"
        if type(index) is not int:
            check_whole_number(index, _("The hand number") if hands else _("The round number"))
        self._check_exists(index)
        if index > len(self._played):
            values = {"number": index + 1, "next": len(self._played) + 1}
            raise InvalidEntry(_("Hand {number} is not up yet: enter hand {next} first.", **values) if hands
                               else _("Round {number} is not up yet: enter round {next} first.", **values))

    def _check_exists(self, index: int) -> None:
        hands = self.unit == "hand"
        if index < 0:
            raise InvalidEntry(_("There is no hand {number}: hands are numbered from 1.", number=index + 1) if hands
                               else _("There is no round {number}: rounds are numbered from 1.", number=index + 1))
        if index >= MOST_ROUNDS:
            raise InvalidEntry(
                _("A game can have at most {most} hands: finish this one and start a new game.", most=MOST_ROUNDS)
                if hands else
                _("A game can have at most {most} rounds: finish this one and start a new game.", most=MOST_ROUNDS))

    # What a kind's entry lists per seat, for _check_per_seat's refusals (one whole message each).
    PER_SEAT_REFUSALS: ClassVar[dict[str, tuple[str, str, str]]] = {
        # what: (not a list, a hand's count wrong, a round's count wrong)
        "points": (N_("The points must be a list with one number per player."),
                   N_("Hand {number} needs points for each of the {count} players; got {got}."),
                   N_("Round {number} needs points for each of the {count} players; got {got}.")),
        "cards left": (N_("The cards left must be a list with one entry per player."),
                       N_("Hand {number} needs an entry for each of the {count} players; got {got}."),
                       N_("Round {number} needs an entry for each of the {count} players; got {got}.")),
        "cards played": (N_("The cards played must be a list with one card per player."),
                         N_("Hand {number} needs the card of each of the {count} players; got {got}."),
                         N_("Round {number} needs the card of each of the {count} players; got {got}.")),
    }

    def _check_per_seat(self, index: int, values: Any, what: str) -> None:
        """Refuse an entry for round `index` that is not a list with one value per seat; `what` is a key
        of PER_SEAT_REFUSALS: "The points must be a list with one number per player." / "Round 3 needs …"."""
        not_a_list, hand_count, round_count = self.PER_SEAT_REFUSALS[what]
        if isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
            raise InvalidEntry(_(not_a_list))  # (the N_ messages above)
        if len(values) != len(self.players):
            message = hand_count if self.unit == "hand" else round_count
            raise InvalidEntry(_(message, number=index + 1, count=len(self.players), got=len(values)))

    @staticmethod
    def _with(entries: Sequence[Any], index: int, entry: Any) -> list[Any]:
        """`entries` with `entry` added as the next one (index == len) or in place of entry `index`."""
        changed = list(entries)
        if index == len(changed):
            changed.append(entry)
        else:
            changed[index] = entry
        return changed

    # ----- one shape for every game kind: storage replays these -----

    def apply(self, action: Mapping[str, Any]) -> None:
        """Apply one recorded action: {"type": unit, unit: index (0-based), ...}; see `_record`."""
        if not isinstance(action, Mapping):
            raise InvalidEntry(_("An entry must be a set of named values."))
        if action.get("type") == ADJUST:
            self._adjust(action)
        elif action.get("type") == RULES:
            self.change_scoring(action.get("changes"))
        elif action.get("type") in ROSTER_ENTRIES:
            if not self.takes_roster:
                raise InvalidEntry(_("In {game} every player holds the same cards, each played once over the game: "
                                     "players can't join, leave or sit out mid-game.", game=shown_name(self.rules.name)))
            self._roster_change(action)
        elif action.get("type") != self.unit:
            raise InvalidEntry(_("Unknown entry {entry} for {game}.", entry=excerpt(action.get("type")),
                                 game=shown_name(self.rules.name)))
        else:
            self._record(action)
        self._restart()

    def _record(self, action: Mapping[str, Any]) -> None:
        raise NotImplementedError

    # What an entry of the kind enters, in words for undo and redo: (of a hand, of a round), by `entered`.
    ENTERED_WORDS: ClassVar[dict[str, tuple[str, str]]] = {
        "points": (N_("points of hand {number}"), N_("points of round {number}")),
        "cards": (N_("cards of hand {number}"), N_("cards of round {number}")),
    }

    def describe(self, action: Mapping[str, Any]) -> str:
        """An action in words, for undo and redo: 'points of round 3'."""
        if action.get("type") == ADJUST:
            return self._describe_adjustment(action)
        if action.get("type") in ROSTER_ENTRIES:
            return self._describe_roster(action) or _("change at the table")
        if action.get("type") == RULES:
            return _("change of the scoring")
        number = action.get(self.unit)
        if action.get("type") != self.unit or isinstance(number, bool) or not isinstance(number, int):
            return _("entry")
        of_hand, of_round = self.ENTERED_WORDS[self.entered]
        return _(of_hand if self.unit == "hand" else of_round, number=number + 1)  # (the N_ messages above)


class TargetGame(RoundsGame):
    """A game that ends after the round in which a total reaches `rules.target` (None: no target, the
    table finishes the game). `wrong_entry` names what a correction puts right: 'a score'."""

    wrong_entry: ClassVar[str] = "a score"  # "a score" or "a count": which refusal _check_index words
    # The table may change the target mid-game ("let's play to 150"): the points stay, the end moves.
    SCORING = ("target",)
    SCORING_WORDS = {"target": N_("the target")}
    rescores = False

    def _scoring_changed(self) -> None:
        self._check_end(self._played, "target")  # (a lower one may not end the game before rounds recorded)

    def _end(self, rounds: Sequence[Any]) -> int | None:
        """Index of the round after which someone had reached the target, or None."""
        if self.rules.target is None:
            return None
        for index, totals in enumerate(_running(self, rounds)):
            if max(totals) >= self.rules.target:
                return index
        return None

    @property
    def is_over(self) -> bool:
        return self._end(self._played) is not None

    @property
    def open_ended(self) -> bool:
        """Without a target only the table ends the game (a score pad so set up)."""
        return self.rules.target is None

    def reached_target(self) -> list[int]:
        """Seats at or over the target (the ones who ended the game; empty without a target)."""
        if self.rules.target is None:
            return []
        return [seat for seat, total in enumerate(self.totals()) if total >= self.rules.target]

    def _check_index(self, index: int) -> None:
        super()._check_index(index)
        if index == len(self._played) and self.is_over:
            values = {"names": names_text([self.players[s] for s in self.reached_target()]), "target": self.rules.target}
            hands, count = self.unit == "hand", self.wrong_entry == "a count"
            if hands:
                raise InvalidEntry(
                    _("The game is over: {names} reached {target}. Correct an earlier hand if a count was wrong.",
                      **values) if count else
                    _("The game is over: {names} reached {target}. Correct an earlier hand if a score was wrong.",
                      **values))
            raise InvalidEntry(
                _("The game is over: {names} reached {target}. Correct an earlier round if a count was wrong.",
                  **values) if count else
                _("The game is over: {names} reached {target}. Correct an earlier round if a score was wrong.",
                  **values))

    def _check_adjusted(self) -> None:
        self._check_end(self._played)

    def _check_end(self, rounds: Sequence[Any], cause: str = "correction") -> None:
        """Refuse a correction that ends the game before rounds that are already recorded; `cause` is
        "correction" or "target" (a change of the target)."""
        end = self._end(rounds)
        if end is None or end == len(rounds) - 1:
            return
        later = len(rounds) - end - 1
        totals = list(_running(self, rounds[:end + 1]))[-1]
        reached = [self.players[seat] for seat, total in enumerate(totals) if total >= self.rules.target]
        values = {"names": names_text(reached), "target": self.rules.target, "number": end + 1}
        one, hands = len(reached) == 1, self.unit == "hand"
        # One whole message per cause, unit and whether one player or several reach it.
        if cause == "correction" and hands and one:
            said = _n("With this correction {names} reaches {target} in hand {number}, which ends the game, "
                      "but {count} later hand is recorded: undo it first.",
                      "With this correction {names} reaches {target} in hand {number}, which ends the game, "
                      "but {count} later hands are recorded: undo them first.", later, **values)
        elif cause == "correction" and hands and not one:
            said = _n("With this correction {names} reach {target} in hand {number}, which ends the game, "
                      "but {count} later hand is recorded: undo it first.",
                      "With this correction {names} reach {target} in hand {number}, which ends the game, "
                      "but {count} later hands are recorded: undo them first.", later, **values)
        elif cause == "correction" and not hands and one:
            said = _n("With this correction {names} reaches {target} in round {number}, which ends the game, "
                      "but {count} later round is recorded: undo it first.",
                      "With this correction {names} reaches {target} in round {number}, which ends the game, "
                      "but {count} later rounds are recorded: undo them first.", later, **values)
        elif cause == "correction" and not hands and not one:
            said = _n("With this correction {names} reach {target} in round {number}, which ends the game, "
                      "but {count} later round is recorded: undo it first.",
                      "With this correction {names} reach {target} in round {number}, which ends the game, "
                      "but {count} later rounds are recorded: undo them first.", later, **values)
        elif cause == "target" and hands and one:
            said = _n("With this target {names} reaches {target} in hand {number}, which ends the game, "
                      "but {count} later hand is recorded: undo it first.",
                      "With this target {names} reaches {target} in hand {number}, which ends the game, "
                      "but {count} later hands are recorded: undo them first.", later, **values)
        elif cause == "target" and hands and not one:
            said = _n("With this target {names} reach {target} in hand {number}, which ends the game, "
                      "but {count} later hand is recorded: undo it first.",
                      "With this target {names} reach {target} in hand {number}, which ends the game, "
                      "but {count} later hands are recorded: undo them first.", later, **values)
        elif cause == "target" and not hands and one:
            said = _n("With this target {names} reaches {target} in round {number}, which ends the game, "
                      "but {count} later round is recorded: undo it first.",
                      "With this target {names} reaches {target} in round {number}, which ends the game, "
                      "but {count} later rounds are recorded: undo them first.", later, **values)
        else:
            said = _n("With this target {names} reach {target} in round {number}, which ends the game, "
                      "but {count} later round is recorded: undo it first.",
                      "With this target {names} reach {target} in round {number}, which ends the game, "
                      "but {count} later rounds are recorded: undo them first.", later, **values)
        raise InvalidEntry(said)
