"""Entering a hand of Spades: each player's bid (nil, blind nil, 1 to 13) before the play, then the
tricks each took, one step entered with the hand's button. What the hand comes to for each partnership
is the engine's (`Game.preview`): this only shows it."""
from __future__ import annotations

import copy
from typing import Any

from scorekeeper.i18n import _, _n
from scorekeeper.rules import InvalidEntry
from scorekeeper.rules.common import signed
from scorekeeper.rules.spades import CARDS, TEAMS, TeamScore, partner_of

from .drafts import draft_of, taps_of
from .entry import Entry
from .step import Badge, Choice, Chips, Line, PlayerRow, Section, StepView, Tap, Value

BLIND = "blind"  # i18n: not shown (the blind nil chip's value)


class SpadesEntry(Entry):
    """One hand of Spades: the bids (0: nil; `blind`: bid blind nil), then the tricks."""

    noun = "Hand"  # i18n: not shown
    correcting = False
    problem_shown = False  # the bar under the step says what is still missing

    def __init__(self, game: Any, index: int):
        self.game = game
        self.index = index
        self.bids: list[int | None] = [None] * len(game.players)
        self.blind: list[bool] = [False] * len(game.players)
        self.tricks: list[int | None] = [None] * len(game.players)
        self.opened: tuple[str, int] | None = None  # an entered row opened again to change it

    # ----- what play.GamePlay asks of every entry -----

    @property
    def players(self) -> list[str]:
        return self.game.players

    @classmethod
    def from_stored(cls, game: Any, index: int) -> "SpadesEntry":
        entry = cls(game, index)
        entry.correcting = True
        entry._fill(game.played_rounds[index])
        return entry

    @staticmethod
    def correctable(game: Any, index: int) -> bool:
        return 0 <= index < len(game.played_rounds)

    def _fill(self, played: Any) -> None:
        self.bids, self.blind, self.tricks = list(played.bids), list(played.blind), list(played.tricks)

    def title(self) -> str:
        return _("Hand {number}", number=self.index + 1)

    def header(self) -> None:
        return None

    def done_label(self) -> tuple[str, str]:
        return _("Hand done"), "round-done"

    def enters_on(self, step: Any) -> str | None:
        return None  # entered by its button: tricks are often changed after the last one

    def restored_text(self) -> str:
        return _("What was entered of hand {number} before is still here: carry on.", number=self.index + 1)

    def saved_text(self) -> str | None:
        return _("Hand {number} saved.", number=self.index + 1)

    def action(self) -> dict[str, Any]:
        return {"type": "hand", "hand": self.index, "bids": list(self.bids),
                "blind": [seat for seat, blind in enumerate(self.blind) if blind], "tricks": list(self.tricks)}

    def correction_actions(self) -> list[dict[str, Any]]:
        action = self.action()
        return [] if action == type(self).from_stored(self.game, self.index).action() else [action]

    def draft(self) -> dict[str, Any]:
        return draft_of(["hand", self.index], [{"bid": bid, "blind": blind, "tricks": took}
                                               for bid, blind, took in zip(self.bids, self.blind, self.tricks)])

    def restore(self, draft: Any) -> bool:
        taps = taps_of(draft, ["hand", self.index], len(self.players))
        if taps is None:
            return False
        seats = taps[0]
        for kept in seats.values():
            if not isinstance(kept, dict) or set(kept) != {"bid", "blind", "tricks"}:
                return False
            bid, blind, took = kept["bid"], kept["blind"], kept["tricks"]
            if not (bid is None or (type(bid) is int and 0 <= bid <= CARDS)) or type(blind) is not bool:
                return False
            if not (took is None or (type(took) is int and 0 <= took <= CARDS)) or (blind and bid != 0):
                return False
        for seat, kept in seats.items():
            self.bids[seat], self.blind[seat], self.tricks[seat] = kept["bid"], kept["blind"], kept["tricks"]
        return any(bid is not None for bid in self.bids) or any(took is not None for took in self.tricks)

    def refill(self, undone: Any) -> bool:
        """This hand's entry just undone comes back as its taps (replayed on a copy: the engine checks it)."""
        game = copy.deepcopy(self.game)
        try:
            game.apply(undone)
        except (InvalidEntry, TypeError, ValueError, AttributeError):
            return False
        if len(game.played_rounds) <= self.index:
            return False
        self._fill(game.played_rounds[self.index])
        return True

    def snapshot(self) -> dict[str, Any]:
        return copy.deepcopy({name: value for name, value in vars(self).items() if name != "game"})

    def put_back(self, snapshot: dict[str, Any]) -> None:
        vars(self).update(copy.deepcopy(snapshot))

    def take_taps(self, other: Any) -> None:
        self.put_back(other.snapshot())

    # ----- taps -----

    def tap_bid(self, seat: int, value: Any) -> None:
        """A bid chip: 0 (nil) to 13, or BLIND (blind nil); the chip tapped again takes the bid back."""
        blind = value == BLIND
        bid = 0 if blind else value
        if self.bids[seat] == bid and self.blind[seat] == blind:
            self.bids[seat], self.blind[seat] = None, False
        else:
            self.bids[seat], self.blind[seat] = bid, blind
        self.opened = None

    def tap_tricks(self, seat: int, value: int) -> None:
        self.tricks[seat] = None if self.tricks[seat] == value else value
        self.opened = None

    def open_row(self, seat: int, what: str) -> None:
        self.opened = (what, seat)

    # ----- what it comes to -----

    @property
    def bids_in(self) -> bool:
        return all(bid is not None for bid in self.bids)

    def order(self) -> list[int]:
        """The seats in bidding order: from the dealer's left."""
        dealer = self.game.dealer(self.index)
        return [(dealer + step) % len(self.players) for step in range(1, len(self.players) + 1)]

    def bid_text(self, seat: int) -> str:
        bid = self.bids[seat]
        if bid is None:
            return "–"
        if bid:
            return str(bid)
        return _("blind nil") if self.blind[seat] else _("nil")

    def tricks_left(self) -> int:
        return CARDS - sum(took for took in self.tricks if took is not None)

    def problem(self) -> str | None:
        for seat in self.order():
            if self.bids[seat] is None:
                return _("Tap {name}'s bid.", name=self.players[seat])
        for seat in self.order():
            if self.tricks[seat] is None:
                return _("Tap the tricks {name} took.", name=self.players[seat])
        try:
            self.preview()
        except InvalidEntry as refused:
            return str(refused)
        return None

    def preview(self) -> tuple[TeamScore, TeamScore]:
        """The partnerships' scores of the hand as tapped, worked out by the engine."""
        action = self.action()
        return self.game.preview(self.index, action["bids"], action["blind"], action["tricks"])

    def team_line(self, team: int, score: TeamScore) -> str:
        values = {"names": self.game.partners(team), "bid": score.contract, "took": score.tricks,
                  "points": signed(score.points)}
        line = (_("{names}: bid {bid}, took {took}: {points}", **values) if score.made
                else _("{names}: bid {bid}, took {took}, set: {points}", **values))
        extra = []
        if score.bags:
            extra.append(_n("{count} bag", "{count} bags", score.bags))
        if score.penalty:
            extra.append(_("bags penalty −{points}", points=score.penalty))
        return line + (f" ({', '.join(extra)})" if extra else "")

    # ----- the step as the screen shows it -----

    def _folded(self, what: str, seat: int, entered: bool) -> bool:
        return entered and self.opened != (what, seat)

    def _waiting(self, what: str, seat: int, entered: bool, turn: int | None) -> bool:
        """Not entered, not next, not opened: a phone may draw it in one line until tapped."""
        return not entered and seat != turn and self.opened != (what, seat) and not self.correcting

    def _turn(self, values: list[Any]) -> int | None:
        return next((seat for seat in self.order() if values[seat] is None), None)

    def view(self) -> StepView:
        sections = [self._bids_view()]
        if self.bids_in:
            sections.append(self._tricks_view())
        return StepView(self.title(), tuple(sections))

    def _bids_view(self) -> Section:
        dealer, turn = self.game.dealer(self.index), self._turn(self.bids)
        rows = []
        for seat, name in enumerate(self.players):
            # The nil bids as pills (their words don't fit a round chip), then the numbers.
            nils = [Choice(0, _("nil"), _("{name} bids nil", name=name), Tap("tap_bid", (seat, 0)),
                           selected=self.bids[seat] == 0 and not self.blind[seat])]
            if self.game.rules.blind_nil:
                nils.append(Choice(BLIND, _("blind nil"), _("{name} bids blind nil", name=name),
                                   Tap("tap_bid", (seat, BLIND)), selected=self.blind[seat]))
            chips = [Choice(bid, str(bid), _("{name} bids {bid}", name=name, bid=bid), Tap("tap_bid", (seat, bid)),
                            selected=self.bids[seat] == bid) for bid in range(1, CARDS + 1)]
            entered = self.bids[seat] is not None
            rows.append(PlayerRow(
                seat, name, Value("–" if not entered else str(self.bids[seat]),
                                  _("{name}'s bid: {bid}", name=name, bid=self.bid_text(seat)) if entered
                                  else _("{name}'s bid: none yet", name=name), "primary" if entered else "muted"),
                (Chips(tuple(nils), style="pill"), Chips(tuple(chips))), roles=_("deals") if seat == dealer else "",
                detail=_("partner: {name}", name=self.players[partner_of(seat)]), turn=seat == turn,
                note=self.bid_text(seat) if entered and not self.bids[seat] else "",
                folded=self._folded("bid", seat, entered), waiting=self._waiting("bid", seat, entered, turn),
                open_tap=Tap("open_row", (seat, "bid"), checked=False),
                open_said=_("change bid") if entered else _("enter {name}'s bid now", name=name),
                identifier=f"row-bid-{name}"))
        return Section("bid", tuple(rows), above=(Line(_("Bids"), "heading"), Line(self.bids_line(), "muted",
                                                                                     identifier="bids-line")),
                       foldable=True, chips_per_row=CARDS + 2)

    def bids_line(self) -> str:
        """"Ann and Cy bid 7 · Bob and Dee bid 5" once a partnership's bids are in."""
        parts = []
        for team, seats in enumerate(TEAMS):
            if all(self.bids[seat] is not None for seat in seats):
                contract = sum(self.bids[seat] for seat in seats)
                parts.append(_("{names} bid {bid}", names=self.game.partners(team), bid=contract))
            else:
                parts.append(_("{names}: bids to come", names=self.game.partners(team)))
        return " · ".join(parts)

    def _tricks_view(self) -> Section:
        left, turn = self.tricks_left(), self._turn(self.tricks)
        missing = [seat for seat in range(len(self.players)) if self.tricks[seat] is None]
        rows = []
        for seat, name in enumerate(self.players):
            chips = Chips(tuple(
                Choice(took, str(took), _("{name} took {count}", name=name, count=took),
                       Tap("tap_tricks", (seat, took)),
                       selected=self.tricks[seat] == took, hint=missing == [seat] and took == left,
                       marked=took == self.bids[seat])
                for took in range(CARDS + 1)))
            entered = self.tricks[seat] is not None
            rows.append(PlayerRow(
                seat, name, Value("–" if not entered else str(self.tricks[seat]),
                                  _("{name}'s tricks: {tricks}", name=name, tricks=self.tricks[seat]) if entered
                                  else _("{name}'s tricks: none yet", name=name), "primary" if entered else "muted"),
                (chips,), note=_("bid {bid}", bid=self.bid_text(seat)), turn=seat == turn,
                folded=self._folded("tricks", seat, entered), waiting=self._waiting("tricks", seat, entered, turn),
                open_tap=Tap("open_row", (seat, "tricks"), checked=False),
                open_said=_("change tricks") if entered else _("enter {name}'s tricks now", name=name),
                identifier=f"row-tricks-{name}", badge=self._badge(seat)))
        tone = "primary" if left > 0 else ("error" if left < 0 else "good")
        below = [Line(line, "callout-strong", identifier=f"team-{team}") for team, line in enumerate(self.team_lines())]
        return Section("tricks", tuple(rows), above=(Line(_("Tricks taken"), "heading"),),
                       below=tuple(below),
                       foldable=True, chips_per_row=CARDS + 1,
                       countdown=Line(_n("{count} trick left", "{count} tricks left", left) if left >= 0
                                      else _("{count} tricks too many", count=-left), tone, identifier="tricks-left"))

    def team_lines(self) -> list[str]:
        if any(took is None for took in self.tricks):
            return []
        try:
            scores = self.preview()
        except InvalidEntry:
            return []
        return [self.team_line(team, score) for team, score in enumerate(scores)]

    def _badge(self, seat: int) -> Badge | None:
        """A nil bidder's own verdict: the nil made or lost."""
        if self.bids[seat] != 0 or self.tricks[seat] is None:
            return None
        made = self.tricks[seat] == 0
        points = signed(self.game.rules.nil_score(self.blind[seat], self.tricks[seat]))
        name = self.players[seat]
        return Badge(points, made, _("{name}: nil made, {points}", name=name, points=points) if made
                     else _("{name}: nil lost, {points}", name=name, points=points))
