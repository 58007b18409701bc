"""One verdict per game: who stands where, who won, what the bonus was, and whether it ended early.

Every screen, the history, player statistics and every export read this one value; none of them
works out a winner, a leader or a verdict itself.

What a game ended early means (the one rule, everywhere): it has no winner and nobody gets the
winner's bonus; its standings are the totals when the table stopped (shared places for ties), the
players ahead then are its leaders, and it counts in nobody's wins.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from scorekeeper.i18n import _, _n

from .common import Standing, leaders, names_text, number_text, standings

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
        """"6 of 15 hands", or "4 rounds" for a game without a set length (in the reader's language)."""
        hands, played = self.unit == "hand", self.played
        if self.total is None:
            return (_n("{count} hand", "{count} hands", played) if hands
                    else _n("{count} round", "{count} rounds", played))
        return (_n("{played} of {count} hand", "{played} of {count} hands", self.total, played=played) if hands
                else _n("{played} of {count} round", "{played} of {count} rounds", self.total, played=played))

    def _progress_sentence(self) -> str:
        """"Ended early after 6 of 15 hands", "In play: 4 rounds entered": one whole message per case."""
        hands, played, total = self.unit == "hand", self.played, self.total
        if self.ended_early:
            if total is None:
                return (_n("Ended early after {count} hand", "Ended early after {count} hands", played) if hands
                        else _n("Ended early after {count} round", "Ended early after {count} rounds", played))
            return (_n("Ended early after {played} of {count} hand", "Ended early after {played} of {count} hands",
                       total, played=played) if hands
                    else _n("Ended early after {played} of {count} round", "Ended early after {played} of {count} rounds",
                            total, played=played))
        if total is None:
            return (_n("In play: {count} hand entered", "In play: {count} hands entered", played) if hands
                    else _n("In play: {count} round entered", "In play: {count} rounds entered", played))
        return (_n("In play: {played} of {count} hand entered", "In play: {played} of {count} hands entered",
                   total, played=played) if hands
                else _n("In play: {played} of {count} round entered", "In play: {played} of {count} rounds entered",
                        total, played=played))

    def headline(self) -> str:
        """The verdict in one sentence, as game over and the recap picture say it: "Bob wins!", "Ann and
        Cy share the win!", "Dee wins with the lowest total, 27", "Ended early after 6 of 15 hands"."""
        if self.ended_early or not self.decided:
            return self._progress_sentence()
        names = self.names(self.winners)
        if not self.highest_wins:  # said: a table used to "most points wins" would read 27 as last
            best_text = number_text(self.final_scores[self.winners[0]])
            if len(names) == 1:
                return _("{name} wins with the lowest total, {points}", name=names[0], points=best_text)
            return _("{names} share the win with the lowest total, {points}", names=names_text(names), points=best_text)
        if len(names) == 1:
            return _("{name} wins!", name=names[0])
        return _("{names} share the win!", names=names_text(names))

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


def standings_before(game: Any, index: int) -> tuple[Standing, ...]:
    """Who stood where before hand (round) `index` was played, as the table saw it then (what a hand
    opened again for a correction shows): the running totals after the one before it (nothing before the
    first), among the players at the table by then (a late arrival who came later is left out)."""
    if index <= 0:
        return ()
    totals = game.running_totals()[index - 1]
    joins = getattr(game, "joins", {})
    seats = [seat for seat in range(len(game.players)) if joins.get(seat, (0,))[0] <= index]
    ranked = standings([game.players[seat] for seat in seats], [totals[seat] for seat in seats],
                       bool(game.highest_wins))
    return tuple(replace(standing, seat=seats[standing.seat]) for standing in ranked)
