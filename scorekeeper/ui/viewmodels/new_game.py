"""Setting up a game: the rules (a preset, or a table's own from any preset), the players in seating
order, and the first dealer. The preview (hand sequence, worked examples, the deck's cap) is the engine's."""
from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from typing import Any, Sequence

from scorekeeper.rules import PRESETS, InvalidEntry, Rules
from scorekeeper.rules import hit_the_deck, score_pad, what_the_heck
from scorekeeper.rules.common import check_player_names, clean_name, name_key
from scorekeeper.rules.oh_heck import SHAPE_NAMES


@dataclass(frozen=True)
class Option:
    """A rule a table can change: `kind` is "bool", "int", "optional-int" (blank = None) or "choice"."""

    name: str
    label: str
    kind: str
    choices: tuple[tuple[str, str], ...] = ()
    blank: str = ""  # what a blank optional-int means


OPTIONS: tuple[Option, ...] = (
    Option("shape", "Hand sequence", "choice", tuple(SHAPE_NAMES.items())),
    Option("peak", "Largest hand (cards)", "optional-int", blank="all the deck allows"),
    Option("max_hands", "At most this many hands", "optional-int", blank="no limit"),
    Option("bids_at_once", "Bids shown all at once", "bool"),
    Option("hook", "Dealer's hook", "bool"),
    Option("trump_turn_up", "Trump turned up", "bool"),
    Option("made_base", "Bid made: points", "int"),
    Option("made_per_trick", "Bid made: points per trick", "int"),
    Option("zero_bid", "Bid of zero made: points", "optional-int", blank="as any bid made"),
    Option("zero_bid_adds_cards", "Zero made: + cards dealt", "bool"),
    Option("missed_per_trick_off", "Bid missed: minus per trick off", "int"),
    Option("missed_per_trick_taken", "Bid missed: plus per trick taken", "int"),
    Option("winner_bonus", "Winner's bonus", "int"),
    Option("settlement", "Settle up at the end", "bool"),
    Option("blind_one_card", "One-card hand played blind", "bool"),
    Option("deck_size", "Cards in the deck", "int"),
)
OPTION_NAMES = {option.name: option for option in OPTIONS}

# The other kinds: their own few options, always shown (the deck ranges of WHAT THE HECK? are
# "virtual" options, turned into the card lists by `_replace`).
KIND_OPTIONS: dict[str, tuple[Option, ...]] = {
    what_the_heck.KIND: (
        Option("point_low", "Lowest point card (a minus card)", "int"),
        Option("point_high", "Highest point card", "int"),
        Option("player_high", "Player cards: 1 to", "int"),
    ),
    hit_the_deck.KIND: (Option("target", "The game ends at (points)", "int"),),
    score_pad.KIND: (
        Option("highest_wins", "Who wins", "choice", (("high", "Highest total wins"), ("low", "Lowest total wins"))),
        Option("target", "Target score (blank: no target)", "optional-int", blank="no target"),
    ),
}
# The games New game offers: the bid-and-tricks presets, then one of each other kind.
CHOICES: tuple[Any, ...] = (*PRESETS.values(), what_the_heck.PRESETS["what-the-heck"],
                            hit_the_deck.PRESETS["hit-the-deck"], score_pad.PRESETS["score-pad"])
CHOICE_IDS = {rules.id: rules for rules in CHOICES}
ALL_PRESETS = {**PRESETS, **what_the_heck.PRESETS, **hit_the_deck.PRESETS, **score_pad.PRESETS}


def _virtual(rules: Any, name: str) -> Any:
    """The value of an option of `rules`, virtual ones included."""
    if name == "point_low":
        return min(rules.point_cards)
    if name == "point_high":
        return max(rules.point_cards)
    if name == "player_high":
        return max(rules.player_cards)
    if name == "highest_wins":
        return "high" if rules.highest_wins else "low"
    return getattr(rules, name)


def _replace(base: Any, changes: dict[str, Any]) -> Any:
    """`base` with the changes, virtual options turned into real ones (raises InvalidEntry)."""
    changes = dict(changes)
    if base.kind == what_the_heck.KIND and {"point_low", "point_high", "player_high"} & set(changes):
        low = changes.pop("point_low", min(base.point_cards))
        high = changes.pop("point_high", max(base.point_cards))
        top = changes.pop("player_high", max(base.player_cards))
        if low > -1:
            raise InvalidEntry(f"The lowest point card must be a minus card (−1 or lower), not {low}.")
        if high < 1:
            raise InvalidEntry(f"The highest point card must be 1 or more, not {high}.")
        if top < 1:
            raise InvalidEntry(f"Player cards go from 1 to at least 1, not {top}.")
        if high - low > 60 or top > 60:
            raise InvalidEntry("That is more cards than a table can play: keep the ranges within 60 cards.")
        changes["point_cards"] = tuple(range(low, 0)) + tuple(range(1, high + 1))
        changes["player_cards"] = tuple(range(1, top + 1))
    if base.kind == score_pad.KIND and "highest_wins" in changes:
        changes["highest_wins"] = changes["highest_wins"] == "high"
    return dataclasses.replace(base, **changes)


class NewGame:
    def __init__(self, roster: Sequence[str] = (), default_preset: str = "oh-heck", rng: random.Random | None = None):
        self.roster = list(roster)
        self.rng = rng or random.Random()
        self.preset_id = default_preset if default_preset in CHOICE_IDS else "oh-heck"
        self.custom = False
        self.changes: dict[str, Any] = {}
        self.rules_error: str | None = None
        self.players: list[str] = []
        self.first_dealer: int | None = None  # None: drawn at random when the game starts
        self.drawn = False  # the first dealer was drawn by the app

    # ----- the game -----

    @property
    def presets(self) -> list[Any]:
        return list(CHOICES)

    @property
    def kind(self) -> str:
        return self.base.kind

    @property
    def bid_tricks(self) -> bool:
        """The Oh Heck family: a first dealer, house rules behind a switch, worked examples."""
        return self.kind not in KIND_OPTIONS

    @property
    def kind_options(self) -> tuple[Option, ...]:
        return KIND_OPTIONS.get(self.kind, ())

    def choose_preset(self, preset_id: str) -> None:
        low = ALL_PRESETS.get(preset_id) is score_pad.PRESETS["score-pad-low"]
        if preset_id not in CHOICE_IDS and preset_id in ALL_PRESETS:
            preset_id = "score-pad"  # the lowest-wins score pad is the score pad with that option
        if preset_id not in CHOICE_IDS:
            raise InvalidEntry(f"There is no game {preset_id!r}.")
        self.preset_id = preset_id
        self.changes = {"highest_wins": "low"} if low else {}
        self.fields_version = getattr(self, "fields_version", 0) + 1
        self.rules_error = None

    def set_custom(self, on: bool) -> None:
        self.custom = on
        if not on:
            self.changes = {}
            self.rules_error = None

    @property
    def base(self) -> Any:
        return CHOICE_IDS[self.preset_id]

    @property
    def rules(self) -> Any:
        """The rules as set up now (the preset when a change doesn't make valid rules)."""
        if not self.changes:
            return self.base
        changes = dict(self.changes)
        base = self.base
        if self.kind == score_pad.KIND and changes.pop("highest_wins", "high") == "low":
            base = score_pad.PRESETS["score-pad-low"]  # lowest wins is a preset of its own
        try:
            return _replace(base, changes)
        except InvalidEntry:
            return self.base

    def option_value(self, name: str) -> Any:
        return _virtual(self.rules, name)

    def option_text(self, name: str) -> str:
        value = self.option_value(name)
        return "" if value is None else str(value)

    def set_option(self, name: str, value: Any) -> str | None:
        """Change one rule; a text field's text is accepted for numbers. Returns why it is refused."""
        option = OPTION_NAMES.get(name) or {o.name: o for o in self.kind_options}[name]
        if option.kind in ("int", "optional-int") and isinstance(value, str):
            text = value.strip()
            if not text and option.kind == "optional-int":
                value = None
            else:
                try:
                    value = int(text)
                except ValueError:
                    label = option.label.split(" (blank")[0]  # the label says what a blank means
                    self.rules_error = f"{label}: type a whole number" + (
                        f" (or leave it blank: {option.blank})" if option.kind == "optional-int" else "")
                    return self.rules_error
        return self.set_option_raw(name, value)

    def set_option_raw(self, name: str, value: Any) -> str | None:
        """Change one rule to a value already parsed (the hand list is a tuple of numbers)."""
        changes = dict(self.changes, **{name: value})
        if changes[name] == _virtual(self.base, name):
            del changes[name]
        try:
            _replace(self.base, changes)
        except InvalidEntry as error:
            self.rules_error = str(error)
            return self.rules_error
        self.changes = changes
        self.rules_error = None
        return None

    def description(self) -> str:
        """What the game is, under the game buttons. A preset's own words; once a table changes a
        number they would state (HIT THE DECK's 100, the score pad's target or winner), the game as set."""
        rules = self.rules
        if self.bid_tricks:
            return self.base.description
        if rules.is_preset or self.kind == what_the_heck.KIND:  # WHAT THE HECK?'s words name no number
            return rules.description
        line = self.kind_line()
        return f"House rules: {line[0].lower()}{line[1:]}."

    def rule_lines(self) -> list[str]:
        return self.rules.rule_lines()

    def examples(self) -> list[str]:
        """Worked examples: 'bid 2, take 2: +14' (the bid-and-tricks family only)."""
        rules = self.rules
        if not self.bid_tricks:
            return []
        cards = 5
        return [rules.example(2, 2, cards), rules.example(2, 1, cards), rules.example(0, 0, cards),
                rules.example(1, 3, cards)]

    # ----- the players -----

    def add_player(self, name: str) -> str | None:
        """Seat a player (the roster's spelling when known). Returns why not, or None."""
        if not name.strip():
            return "Type a name first."
        try:
            name = clean_name(name)
        except InvalidEntry as error:
            return str(error)
        key = name_key(name)
        if any(name_key(seated) == key for seated in self.players):
            return f"{name} is already seated."
        known = next((r for r in self.roster if name_key(r) == key), None)
        self.players.append(known or name)
        if known is None:
            self.roster.append(name)
        self._dealer_follows()
        return None

    def toggle_player(self, name: str) -> None:
        if name in self.players:
            self.remove_player(self.players.index(name))
        else:
            self.add_player(name)

    def remove_player(self, seat: int) -> None:
        dealer_name = self.players[self.first_dealer] if self.first_dealer is not None else None
        del self.players[seat]
        self.first_dealer = self.players.index(dealer_name) if dealer_name in self.players else None
        self.drawn = self.drawn and self.first_dealer is not None

    def move(self, seat: int, step: int) -> None:
        """Move a player up (-1) or down (+1) the seating order; the first dealer stays the same person."""
        other = seat + step
        if not (0 <= seat < len(self.players) and 0 <= other < len(self.players)):
            return
        dealer_name = self.players[self.first_dealer] if self.first_dealer is not None else None
        self.players[seat], self.players[other] = self.players[other], self.players[seat]
        if dealer_name is not None:
            self.first_dealer = self.players.index(dealer_name)

    def _dealer_follows(self) -> None:
        if self.first_dealer is not None and self.first_dealer >= len(self.players):
            self.first_dealer = None

    def set_dealer(self, seat: int) -> None:
        self.first_dealer = seat
        self.drawn = False

    def draw_dealer(self) -> str | None:
        if not self.players:
            return "Seat the players first."
        self.first_dealer = self.rng.randrange(len(self.players))
        self.drawn = True
        return None

    def dealer_line(self) -> str:
        if not self.players:
            return "Seat the players, then choose who deals first."
        if self.first_dealer is None:
            return "First dealer: drawn at random when the game starts"
        name = self.players[self.first_dealer]
        return f"{name} deals first" + (" (drawn at random)" if self.drawn else "")

    def roster_choices(self) -> list[tuple[str, bool]]:
        return [(name, name in self.players) for name in self.roster]

    # ----- preview and start -----

    def players_problem(self) -> str | None:
        count = len(self.players)
        if count == 0:
            return f"Seat {self.rules.min_players} to {self.rules.max_players} players."
        try:
            check_player_names(self.players)
            self.rules.check_players(count)
        except InvalidEntry as error:
            return str(error)
        return None

    def sequence(self) -> list[int]:
        """The hand sizes (the staircase), for the players seated (or the fewest the rules take)."""
        if not self.bid_tricks:
            return []
        count = len(self.players) if self.players_problem() is None else self.rules.min_players
        try:
            return self.rules.hand_sizes(count)
        except InvalidEntry:
            return []

    def sequence_line(self) -> str:
        if not self.bid_tricks:
            return self.kind_line()
        count = len(self.players) if self.players_problem() is None else self.rules.min_players
        try:
            text = self.rules.sequence_text(count)
        except InvalidEntry as error:
            return str(error)
        return text if self.players_problem() is None else f"With {count} players, {text}"

    def kind_line(self) -> str:
        """What the game will be, for the kinds without a hand sequence."""
        rules = self.rules
        if self.kind == what_the_heck.KIND:
            return f"{rules.rounds} rounds, one per point card ({what_the_heck.cards_text(rules.point_cards)})"
        if self.kind == hit_the_deck.KIND:
            return f"Hands until someone reaches {rules.target}; lowest total wins"
        wins = "highest" if rules.highest_wins else "lowest"
        target = f"the game ends when someone reaches {rules.target}" if rules.target else "no target: finish when you like"
        return f"Rounds of points, {wins} total wins; {target}"

    def cap_note(self) -> str | None:
        if not self.bid_tricks:
            return None
        if self.players_problem() is not None:
            return None
        return self.rules.cap_note(len(self.players))

    def problem(self) -> str | None:
        return self.rules_error or self.players_problem()

    @property
    def can_start(self) -> bool:
        return self.problem() is None

    def start_setup(self) -> tuple[list[str], Any, dict[str, Any]]:
        """(players, rules, setup) for storage's new_game, for any kind (a first dealer for the
        bid-and-tricks family, drawn now when not chosen)."""
        if self.bid_tricks:
            players, rules, dealer = self.start_values()
            return players, rules, {"first_dealer": dealer}
        problem = self.problem()
        if problem:
            raise InvalidEntry(problem)
        return list(self.players), self.rules, {}

    def start_values(self) -> tuple[list[str], Rules, int]:
        """(players, rules, first dealer) for storage; draws the dealer now when not chosen."""
        problem = self.problem()
        if problem:
            raise InvalidEntry(problem)
        if self.first_dealer is None:
            self.draw_dealer()
        return list(self.players), self.rules, int(self.first_dealer)
