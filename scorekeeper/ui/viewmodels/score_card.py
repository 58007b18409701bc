"""The score card: hands as rows, players as columns, running totals and standings (all from the engine)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper.rules import Game, Outcome, outcome, signed
from scorekeeper.rules.common import plural

from ..kinds import KindRow, kind_ui
from .kind_entry import card_text, played_rounds, rounds_word  # card_text: below zero with a real minus sign: "−15"


@dataclass(frozen=True)
class Cell:
    seat: int
    bid: int | None
    tricks: int | None
    points: int | None
    total: int | None  # running total after this hand (None until the hand is played)
    made: bool | None
    label: str  # for screen readers: "Hand 3, Ann: bid 2, took 2, +14, total 40"
    adjustment: int | None = None  # points the table added at this hand (rules.adjustments), in the total
    away: str = ""  # not in this hand (rules.roster): "sat out", "left", "start" (joins next hand), "—"

    @property
    def adjustment_text(self) -> str:
        return "" if not self.adjustment else f"adj. {signed(self.adjustment)}"

    @property
    def points_text(self) -> str:
        return "" if self.points is None else signed(self.points)

    @property
    def total_text(self) -> str:
        return "" if self.total is None else card_text(self.total)


@dataclass(frozen=True)
class HandRow:
    index: int
    number: int
    cards: int
    dealer: str
    trump: str
    current: bool  # the hand being entered now
    played: bool
    cells: tuple[Cell, ...]
    against_hook: bool = False  # the dealer's forbidden bid, recorded against the hook (the hand was played so)

    @property
    def label(self) -> str:
        bent = ", recorded against the dealer's hook" if self.against_hook else ""
        return f"Hand {self.number}: {plural(self.cards, 'card')}, {self.dealer} deals{bent}"


@dataclass(frozen=True)
class StandingRow:
    place: int
    place_text: str  # "1st", "=2nd" when shared
    seat: int
    name: str
    score: int
    made: int
    played: int
    leader: bool

    @property
    def made_text(self) -> str:
        return f"{self.made} of {self.played} made"

    @property
    def score_text(self) -> str:
        return card_text(self.score)


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def place_texts(standings) -> list[str]:
    """Each standing's place as the screens show it: "1st", "=2nd" when the place is shared."""
    places = [standing.place for standing in standings]
    return [("=" if places.count(place) > 1 else "") + ordinal(place) for place in places]


def leader_line(verdict: Outcome, nothing_yet: str) -> str:
    """"Ann leads with 26", "Ann and Bob share the win with −5": the engine's leaders (or winners of a
    decided game) in words; `nothing_yet` before the first hand (round)."""
    if not verdict.leaders:
        return nothing_yet
    names = verdict.names(verdict.leaders)
    score = card_text(verdict.final_scores[verdict.leaders[0]])
    won = bool(verdict.winners)
    if len(names) > 1:
        return f"{' and '.join([', '.join(names[:-1]), names[-1]])} {'share the win' if won else 'share the lead'} with {score}"
    return f"{names[0]} {'wins' if won else 'leads'} with {score}"


TOTAL_WORDS = ("sat out", "left", "start")  # the away words beside which the total goes on


def away_word(game: Any, index: int, seat: int, played: bool) -> str:
    """The word in the cell of a player not in hand (round) `index` (rules.roster): "sat out"; "left", said
    once, on the first hand gone; "start" on the hand before a late arrival's first (its total is the one
    they join with); "—" for the other hands played before they came or after they left; nothing for a
    hand to come after they left."""
    why = game.absence(index, seat) or ""
    if why.startswith("joins"):
        return "start" if index == game.joins[seat][0] - 1 else "—"
    if why.startswith("left"):
        return "left" if index == game.left[seat] else ("—" if played else "")
    return "sat out"


class ScoreCard:
    def __init__(self, game: Game):
        self.game = game

    @property
    def players(self) -> list[str]:
        return self.game.players

    def rows(self) -> list[HandRow]:
        game = self.game
        current = game.current
        curve = game.running_totals()
        rows = []
        for index, hand in enumerate(game.hands):
            cells = []
            for seat, name in enumerate(game.players):
                bid = hand.bids[seat] if hand.bids is not None else None
                took = hand.tricks[seat] if hand.tricks is not None else None
                points = hand.points[seat] if hand.points is not None else None
                total = curve[index][seat] if index < len(curve) else None
                made = None if hand.made is None else hand.made[seat]
                if seat in hand.absent:
                    cells.append(self._away(index, seat, name, total))
                    continue
                parts = [f"Hand {hand.number}, {name}:"]
                if bid is None:
                    parts.append("no bid yet")
                else:
                    parts.append(f"bid {bid}")
                extra = game.extra(index)
                adjusted = extra[seat] if extra is not None and extra[seat] and took is not None else None
                if took is not None:
                    parts.append(f"took {took}, {signed(points)}"
                                 + (f", adjusted {signed(adjusted)}" if adjusted else "")
                                 + f", total {card_text(total)}")
                cells.append(Cell(seat, bid, took, points, total, made, " ".join(parts), adjusted))
            rows.append(HandRow(index=index, number=hand.number, cards=hand.cards, dealer=game.players[hand.dealer],
                                trump=hand.trump_label, current=index == current, played=hand.played,
                                cells=tuple(cells), against_hook=hand.against_hook))
        return rows

    def _away(self, index: int, seat: int, name: str, total: int | None) -> Cell:
        """The cell of a player not in hand `index` (away_word), with the total going on where it says one."""
        word, why = away_word(self.game, index, seat, total is not None), self.game.absence(index, seat)
        if word not in TOTAL_WORDS:
            return Cell(seat, None, None, None, None, None, f"Hand {index + 1}, {name}: {why}", away=word)
        if word == "start":
            said = f"Hand {index + 1}, {name}: {why}" + ("" if total is None else f", starting from {card_text(total)}")
        else:
            said = f"Hand {index + 1}, {name}: {'sat out' if word == 'sat out' and total is not None else why}" + (
                "" if total is None else f", total {card_text(total)}")
        return Cell(seat, None, None, None, total, None, said, away=word)

    def totals(self) -> list[int]:
        return self.game.totals()

    def total_texts(self) -> list[str]:
        """The totals row as shown (and read out): "−10"."""
        return [card_text(total) for total in self.game.totals()]

    def standings(self) -> list[StandingRow]:
        verdict = outcome(self.game)
        made = self.game.made_counts()
        played = [row["hands_played"] for row in self.game.stats()]  # (a hand sat out is not one played)
        return [
            StandingRow(place=s.place, place_text=place_text, seat=s.seat, name=s.name, score=s.score,
                        made=made[s.seat], played=played[s.seat], leader=s.seat in verdict.leaders)
            for s, place_text in zip(verdict.standings, place_texts(verdict.standings))
        ]

    def leader_line(self) -> str:
        return leader_line(outcome(self.game), "No hand played yet")

    def progress_line(self) -> str:
        played, total = self.game.progress()
        return f"{played} of {total} hands played"


# ----------------------------------------------------------------------------------------------
# The score card of the kinds scored in points per round (each kind's UI module draws its rows)
# ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class KindStanding:
    place_text: str
    seat: int
    name: str
    score: int
    detail: str  # kind-specific: cards collected, hands gone out, rounds best
    leader: bool


class KindCard:
    """Rounds as rows, players as columns: the points and running totals (and, for WHAT THE HECK?, the
    card each played and who took the point cards)."""

    def __init__(self, game: Any):
        self.game = game

    @property
    def players(self) -> list[str]:
        return self.game.players

    @property
    def head_word(self) -> str:
        return kind_ui(self.game).head_word

    def _played(self) -> list[Any]:
        return played_rounds(self.game)

    def rows(self) -> list[KindRow]:
        """One row per round (hand) played, as the kind's UI module draws it."""
        ui, game = kind_ui(self.game), self.game
        return [ui.score_row(game, played, totals) for played, totals in zip(self._played(), game.running_totals())]

    def totals(self) -> list[int]:
        return self.game.totals()

    def detail(self, seat: int) -> str:
        return kind_ui(self.game).detail(self.game, seat)

    def standings(self) -> list[KindStanding]:
        verdict = outcome(self.game)
        return [KindStanding(place_text, s.seat, s.name, s.score, self.detail(s.seat), s.seat in verdict.leaders)
                for s, place_text in zip(verdict.standings, place_texts(verdict.standings))]

    def leader_line(self) -> str:
        return leader_line(outcome(self.game), f"No {rounds_word(self.game, 1)[2:]} played yet")

    def progress_line(self) -> str:
        game = self.game
        line = f"{outcome(game).progress_text} played"
        target = getattr(game.rules, "target", None)
        if target:
            line += f" · the game ends at {target}"
        return line + kind_ui(game).progress_extra(game)

    def legend(self) -> str:
        return kind_ui(self.game).legend(self.game)
