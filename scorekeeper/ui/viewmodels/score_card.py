"""The score card: hands as rows, players as columns, running totals and standings (all from the engine)."""
from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.rules import Game, signed
from scorekeeper.rules.common import plural

from .kind_entry import card_text  # every score below zero with a real minus sign: "−15"


@dataclass(frozen=True)
class Cell:
    seat: int
    bid: int | None
    tricks: int | None
    points: int | None
    total: int | None  # running total after this hand (None until the hand is played)
    made: bool | None
    label: str  # for screen readers: "Hand 3, Ann: bid 2, took 2, +14, total 40"

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

    @property
    def label(self) -> str:
        return f"Hand {self.number}: {plural(self.cards, 'card')}, {self.dealer} deals"


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
                parts = [f"Hand {hand.number}, {name}:"]
                if bid is None:
                    parts.append("no bid yet")
                else:
                    parts.append(f"bid {bid}")
                if took is not None:
                    parts.append(f"took {took}, {signed(points)}, total {card_text(total)}")
                cells.append(Cell(seat, bid, took, points, total, made, " ".join(parts)))
            rows.append(HandRow(index=index, number=hand.number, cards=hand.cards, dealer=game.players[hand.dealer],
                                trump=hand.trump_label, current=index == current, played=hand.played,
                                cells=tuple(cells)))
        return rows

    def totals(self) -> list[int]:
        return self.game.totals()

    def total_texts(self) -> list[str]:
        """The totals row as shown (and read out): "−10"."""
        return [card_text(total) for total in self.game.totals()]

    def standings(self) -> list[StandingRow]:
        game = self.game
        made = game.made_counts()
        played = sum(hand.played for hand in game.hands)
        standings = game.standings()
        leaders = set(game.winners()) if played else set()
        return [
            StandingRow(place=s.place, place_text=place_text, seat=s.seat, name=s.name, score=s.score,
                        made=made[s.seat], played=played, leader=s.seat in leaders)
            for s, place_text in zip(standings, place_texts(standings))
        ]

    def leader_line(self) -> str:
        played, total = self.game.progress()
        if not played:
            return "No hand played yet"
        names = [self.game.players[seat] for seat in self.game.winners()]
        score = card_text(self.game.totals()[self.game.winners()[0]])
        verb = "wins" if self.game.is_over else "leads"
        if len(names) > 1:
            verb = "share the win" if self.game.is_over else "share the lead"
            return f"{' and '.join([', '.join(names[:-1]), names[-1]])} {verb} with {score}"
        return f"{names[0]} {verb} with {score}"

    def progress_line(self) -> str:
        played, total = self.game.progress()
        return f"{played} of {total} hands played"
