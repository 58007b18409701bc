"""The table display: what a tablet in the middle of the table or a TV on the wall shows of the game in
play, read-only and large: the hand (cards, dealer, trump, the bids and tricks as they are tapped in),
the standings, the staircase; at game over the final standings, the winner's bonus and the awards, until
the next game starts. Every figure comes from the engine and the stored taps (the kind's table_step reads
the draft as the entry screen does)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper.i18n import _, _n
from scorekeeper.rules import outcome
from scorekeeper.rules.common import names_text

from ..kinds import kind_ui
from .game_over import GameOver
from .texts import card_text, place_texts


@dataclass(frozen=True)
class PlayerLine:
    place_text: str  # "1st", "=2nd"
    name: str
    total_text: str  # "−15" with a true minus
    leader: bool
    now_text: str  # this hand so far: "to bid", "bid 2", "bid 2 · took 1", "" (other kinds)
    dealer: bool


@dataclass(frozen=True)
class TableDisplay:
    title: str  # the game's name
    headline: str  # "Hand 6 of 15 · 3 cards · Bob deals"
    detail: str  # "Trump Hearts · Bids total 2 for 3 tricks: under by 1"; "" when nothing to add
    players: tuple[PlayerLine, ...]  # in standings order
    sizes: tuple[int, ...] = ()  # the staircase (bid-and-tricks games), empty otherwise
    current: int | None = None
    played: int = 0
    bonus: str = ""  # at game over: "Winner's bonus: +10", when there was one
    awards: tuple[tuple[str, str], ...] = ()  # at game over: ("Boldest zero: Bob", "bid 0 and took none ...")


def displayed_game(store: Any) -> Any:
    """The stored game the display shows (storage's GameState), or None when there is none: the game in
    play, or the game finished (or ended early) after it was last played, until the next one starts; a
    game left unfinished earlier doesn't take the place of the one the table has just finished."""
    playing = store.latest_unfinished()
    over = next(iter(store.finished_games(limit=1)), None)
    summary = over if over is not None and (playing is None or over.finished_at >= playing.updated_at) else playing
    return None if summary is None else store.load(summary.id)


def table_display(state: Any, draft: Any = None) -> TableDisplay:
    """The display of a stored game (`state`: storage's GameState) with the taps of its step under way."""
    game = state.game
    verdict = outcome(game, state.status)
    standings, played, total = verdict.standings, verdict.played, verdict.total
    current = game.current if state.status == "playing" else None
    step = kind_ui(game).table_step(game, current, draft) if current is not None else None
    now = step.now if step is not None else {}
    dealer = step.dealer if step is not None else None
    players = tuple(
        PlayerLine(place_text=place_text, name=standing.name, total_text=card_text(standing.score),
                   leader=standing.seat in verdict.leaders, now_text=now.get(standing.seat, ""),
                   dealer=standing.seat == dealer)
        for standing, place_text in zip(standings, place_texts(standings)))
    name = game.rules.display_name
    if verdict.ended_early:
        # Translators: {progress} is "6 of 15 hands" or "4 rounds"
        return TableDisplay(name, _("Game over: ended early after {progress}, no winner",
                                    progress=verdict.progress_text), "", players)
    if verdict.decided:
        winners = verdict.names(verdict.winners)
        over = GameOver(game, state.status)
        return TableDisplay(name, _n("Game over: {names} wins", "Game over: {names} win", len(winners),
                                     names=names_text(winners)), "", players, bonus=over.bonus_line() or "",
                            awards=tuple((title, detail) for _key, title, detail in over.award_lines()))
    if step is None:
        number = played + 1
        if game.unit == "hand":
            headline = (_("Hand {number}", number=number) if total is None
                        else _("Hand {number} of {hands}", number=number, hands=total))
        else:
            headline = (_("Round {number}", number=number) if total is None
                        else _("Round {number} of {rounds}", number=number, rounds=total))
        return TableDisplay(name, headline, "", players)
    return TableDisplay(name, step.headline, step.detail, players, sizes=step.sizes, current=current, played=played)
