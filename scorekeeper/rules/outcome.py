"""One verdict per game: who stands where, who won, what the bonus was, and whether it ended early.

Every screen, the history, player statistics and every export read this one value; none of them
works out a winner, a leader or a verdict itself.

What a game ended early means (the one rule, everywhere): it has no winner and nobody gets the
winner's bonus; its standings are the totals when the table stopped (shared places for ties), the
players ahead then are its leaders, and it counts in nobody's wins.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .common import Standing, leaders, names_text, number_text, plural, standings

# Where a game stands, as storage keeps it ("abandoned" is the stored word for ended early).
PLAYING, FINISHED, ENDED_EARLY = "playing", "finished", "abandoned"


@dataclass(frozen=True)
class Outcome:
    players: tuple[str, ...]
    status: str  # PLAYING, FINISHED or ENDED_EARLY, as stored (a game with every hand in may still be PLAYING)
    decided: bool  # the game is over (every hand in, the target reached, or finished by the table)
    highest_wins: bool
    unit: str  # "hand" or "round": what one step of play is called
    played: int  # hands (rounds) entered
    total: int | None  # hands (rounds) in the game; None when the game has no set length
    totals: tuple[int, ...]  # points entered, per seat
    bonus: tuple[int, ...]  # the winner's bonus per seat (0 unless the game is decided)
    final_scores: tuple[int, ...]  # totals + bonus
    standings: tuple[Standing, ...]  # best first by final score, ties sharing a place
    leaders: tuple[int, ...]  # seats with the best final score now (none before the first hand)
    winners: tuple[int, ...]  # the leaders of a decided game; none while playing or when ended early

    @property
    def ended_early(self) -> bool:
        return self.status == ENDED_EARLY

    @property
    def started(self) -> bool:
        return self.played > 0

    @property
    def progress_text(self) -> str:
        """"6 of 15 hands", or "4 rounds" for a game without a set length."""
        if self.total is None:
            return plural(self.played, self.unit)
        return f"{self.played} of {plural(self.total, self.unit)}"

    def headline(self) -> str:
        """The verdict in one sentence, as game over and the recap picture say it: "Bob wins!", "Ann and
        Cy share the win!", "Dee wins with the lowest total, 27", "Ended early after 6 of 15 hands"."""
        if self.ended_early:
            return f"Ended early after {self.progress_text}"
        if not self.decided:
            return f"In play: {self.progress_text} entered"
        names = self.names(self.winners)
        if not self.highest_wins:  # said: a table used to "most points wins" would read 27 as last
            best_text = number_text(self.final_scores[self.winners[0]])
            if len(names) == 1:
                return f"{names[0]} wins with the lowest total, {best_text}"
            return f"{names_text(names)} share the win with the lowest total, {best_text}"
        if len(names) == 1:
            return f"{names[0]} wins!"
        return f"{names_text(names)} share the win!"

    def names(self, seats: tuple[int, ...] | list[int]) -> list[str]:
        return [self.players[seat] for seat in seats]

    def place(self, seat: int) -> int:
        return next(standing.place for standing in self.standings if standing.seat == seat)


def outcome(game: Any, status: str = PLAYING) -> Outcome:
    """The verdict on `game` (any kind's Game, see protocol.KindGame) stored with `status`."""
    played, total = game.progress()
    ended_early = status == ENDED_EARLY
    decided = not ended_early and (status == FINISHED or bool(game.is_over))
    totals = tuple(game.totals())
    final = tuple(game.final_scores()) if decided else totals
    highest_wins = bool(game.highest_wins)
    best = tuple(leaders(final, highest_wins)) if played else ()
    return Outcome(
        players=tuple(game.players), status=status,
        decided=decided, highest_wins=highest_wins, unit=game.unit, played=played, total=total, totals=totals,
        bonus=tuple(f - t for f, t in zip(final, totals)), final_scores=final,
        standings=tuple(standings(game.players, final, highest_wins)), leaders=best,
        winners=best if decided else (),
    )
