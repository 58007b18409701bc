"""The table display: what a tablet in the middle of the table or a TV on the wall shows of the game in
play, read-only and large: the hand (cards, dealer, trump, the bids and tricks as they are tapped in),
the standings, the staircase; at game over the final standings, the winner's bonus and the awards, until
the next game starts. Every figure comes from the engine and the stored taps (HandEntry reads the draft
as the entry screen does)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper.i18n import _, _n
from scorekeeper.rules import balance_text, outcome
from scorekeeper.rules.common import names_text

from .game_over import GameOver
from .hand_entry import HandEntry
from .kind_entry import card_text
from .texts import away_key, place_texts


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
    hands = getattr(game, "hands", None)
    current = game.current if state.status == "playing" else None
    entry = None
    if hands is not None and current is not None and hasattr(hands[current], "bids"):
        entry = HandEntry(game, current)
        entry.restore(draft)
    now = {standing.seat: _now_text(entry, standing.seat) for standing in standings}
    dealer = hands[current].dealer if entry is not None else None
    players = tuple(
        PlayerLine(place_text=place_text, name=standing.name, total_text=card_text(standing.score),
                   leader=standing.seat in verdict.leaders, now_text=now[standing.seat], dealer=standing.seat == dealer)
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
    if entry is None:
        number = played + 1
        if game.unit == "hand":
            step = (_("Hand {number}", number=number) if total is None
                    else _("Hand {number} of {hands}", number=number, hands=total))
        else:
            step = (_("Round {number}", number=number) if total is None
                    else _("Round {number} of {rounds}", number=number, rounds=total))
        return TableDisplay(name, step, "", players)
    hand = entry.hand
    headline = " · ".join((_("Hand {number} of {hands}", number=hand.number, hands=len(hands)),
                           _n("{count} card", "{count} cards", hand.cards),
                           _("{dealer} deals", dealer=game.players[hand.dealer])))
    # Translators: the trump of the hand on the table display: "Trump Hearts"
    details = [_("Trump {trump}", trump=hand.trump_text) if hand.trump_label else ""]
    if all(entry.bids[seat] is not None for seat in entry.order):
        details.append(balance_text(entry.bids, hand.cards))
    return TableDisplay(name, headline, " · ".join(part for part in details if part), players,
                        sizes=tuple(h.cards for h in hands), current=current, played=played)


def _now_text(entry: HandEntry | None, seat: int) -> str:
    if entry is None:
        return ""
    if seat in entry.hand.absent:
        return _("sits out") if away_key(entry.game, entry.index, seat, True) == "sat out" else ""
    bid, took = entry.bids[seat], entry.entered_tricks()[seat]
    if bid is None:
        # Translators: on the table display, beside a player who has still to bid this hand
        return _("to bid")
    return _("bid {bid}", bid=bid) if took is None else _("bid {bid} · took {took}", bid=bid, took=took)
