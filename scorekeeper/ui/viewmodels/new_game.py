"""Setting up a game: the rules (a preset, or a table's own from any preset), the players in seating
order, and the first dealer. The preview (hand sequence, worked examples, the deck's cap) is the engine's."""
from __future__ import annotations

import random
from typing import Any, Sequence

from scorekeeper.i18n import _, _n
from scorekeeper.rules import InvalidEntry, Rules
from scorekeeper.rules.common import check_player_names, clean_name, name_key

from ..kinds import KIND_UIS, Option, kind_ui


# The games New game offers, kind by kind as the registry lists them.
CHOICES: tuple[Any, ...] = tuple(ui.presets[preset_id] for ui in KIND_UIS.values() for preset_id in ui.offered)
CHOICE_IDS = {rules.id: rules for rules in CHOICES}
ALL_PRESETS = {preset_id: rules for ui in KIND_UIS.values() for preset_id, rules in ui.presets.items()}


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
    def ui(self):
        return kind_ui(self.kind)

    @property
    def bid_tricks(self) -> bool:
        """The Oh Heck family: a first dealer, house rules behind a switch, worked examples."""
        return self.ui.house_rules

    @property
    def kind_options(self) -> tuple[Option, ...]:
        """The options the kind shows, always in view (house rules are behind their switch instead)."""
        return () if self.ui.house_rules else self.ui.options

    def choose_preset(self, preset_id: str) -> None:
        known = ALL_PRESETS.get(preset_id)
        changes: dict[str, Any] = {}
        if known is not None and preset_id not in CHOICE_IDS:  # a preset offered as another with an option
            preset_id, changes = kind_ui(known).offered_as(preset_id)
        if preset_id not in CHOICE_IDS:
            raise InvalidEntry(_("There is no game {game}.", game=repr(preset_id)))
        self.preset_id = preset_id
        self.changes = changes
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
        try:
            return self.ui.with_changes(self.base, self.changes)
        except InvalidEntry:
            return self.base

    def option_value(self, name: str) -> Any:
        return self.ui.option_value(self.rules, name)

    def option_text(self, name: str) -> str:
        value = self.option_value(name)
        return "" if value is None else str(value)

    def set_option(self, name: str, value: Any) -> str | None:
        """Change one rule; a text field's text is accepted for numbers. Returns why it is refused."""
        option = {o.name: o for o in self.ui.options}[name]
        if option.kind in ("int", "optional-int") and isinstance(value, str):
            text = value.strip()
            if not text and option.kind == "optional-int":
                value = None
            else:
                try:
                    value = int(text)
                except ValueError:
                    label = option.label
                    self.rules_error = (
                        _("{option}: type a whole number (or leave it blank: {blank})", option=label, blank=option.blank)
                        if option.kind == "optional-int" else _("{option}: type a whole number", option=label))
                    return self.rules_error
        return self.set_option_raw(name, value)

    def set_option_raw(self, name: str, value: Any) -> str | None:
        """Change one rule to a value already parsed (the hand list is a tuple of numbers)."""
        changes = dict(self.changes, **{name: value})
        if changes[name] == self.ui.option_value(self.base, name):
            del changes[name]
        try:
            self.ui.with_changes(self.base, changes)
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
        if self.bid_tricks:  # the preset's words; a table's own changes are said by the switch and the rules below
            return rules.shown_description if rules.is_preset else self.base.shown_description
        if self.ui.describes_itself(rules):
            return rules.shown_description
        line = self.kind_line()
        # (the kind's line as it is: lowering its first letter would be wrong in German)
        return _("House rules: {rules}.", rules=line)

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
            return _("Type a name first.")
        try:
            name = clean_name(name)
        except InvalidEntry as error:
            return str(error)
        key = name_key(name)
        if any(name_key(seated) == key for seated in self.players):
            return _("{name} is already seated.", name=name)
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
            return _("Seat the players first.")
        self.first_dealer = self.rng.randrange(len(self.players))
        self.drawn = True
        return None

    def dealer_line(self) -> str:
        if not self.players:
            return _("Seat the players, then choose who deals first.")
        if self.first_dealer is None:
            return _("First dealer: drawn at random when the game starts")
        name = self.players[self.first_dealer]
        return _("{name} deals first (drawn at random)", name=name) if self.drawn else _("{name} deals first", name=name)

    def roster_choices(self) -> list[tuple[str, bool]]:
        return [(name, name in self.players) for name in self.roster]

    # ----- preview and start -----

    def players_problem(self) -> str | None:
        count = len(self.players)
        if count == 0:
            return _("Seat {least} to {most} players.", least=self.rules.min_players, most=self.rules.max_players)
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
        if self.players_problem() is None:
            return text
        # Translators: {sequence} is the rules' hand sequence: "15 hands: 1, 2, 3 ..."
        return _n("With {count} player, {sequence}", "With {count} players, {sequence}", count, sequence=text)

    def kind_line(self) -> str:
        """What the game will be, for the kinds without a hand sequence."""
        return self.ui.summary_line(self.rules)

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
