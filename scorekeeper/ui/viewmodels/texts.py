"""Words and numbers as every screen writes them: a total with a real minus sign, places ("=2nd"), who
leads, and the word in a score card's cell of a player not in a hand. Plain Python, from the engine's
figures; screens and view models of every kind share them."""
from __future__ import annotations

from typing import Any

from scorekeeper import i18n
from scorekeeper.i18n import _, _p
from scorekeeper.rules import Outcome
from scorekeeper.rules.common import names_text, number_text

card_text = number_text  # a total or a card as printed: below zero with a real minus sign: "−15"


def place_texts(standings) -> list[str]:
    """Each standing's place as the screens show it: "1st", "=2nd" when the place is shared."""
    places = [standing.place for standing in standings]
    return [("=" if places.count(place) > 1 else "") + i18n.ordinal(place) for place in places]


def leader_line(verdict: Outcome, nothing_yet: str) -> str:
    """"Ann leads with 26", "Ann and Bob share the win with −5": the engine's leaders (or winners of a
    decided game) in words; `nothing_yet` before the first hand (round)."""
    if not verdict.leaders:
        return nothing_yet
    names = verdict.names(verdict.leaders)
    score = card_text(verdict.final_scores[verdict.leaders[0]])
    won = bool(verdict.winners)
    if verdict.ended_early:  # no winner: who was ahead when the table stopped
        if len(names) > 1:
            return _("{names} were level in front with {score} when the game ended", names=names_text(names),
                     score=score)
        return _("{name} was in front with {score} when the game ended", name=names[0], score=score)
    if len(names) > 1:
        if won:
            return _("{names} share the win with {score}", names=names_text(names), score=score)
        return _("{names} share the lead with {score}", names=names_text(names), score=score)
    if won:
        return _("{name} wins with {score}", name=names[0], score=score)
    return _("{name} leads with {score}", name=names[0], score=score)


def away_text(key: str) -> str:
    """An away word (its key, `away_key`) in the language in force; "—" and "" as they are."""
    if key == "sat out":
        return _p("a score card cell: the player sat this hand (round) out", "sat out")
    if key == "left":
        return _p("a score card cell: the player left the game at this hand (round)", "left")
    if key == "start":
        return _p("a score card cell: the total a late arrival starts from", "start")
    return key


TOTAL_KEYS = ("sat out", "left", "start")  # the away words (away_key) beside which the total goes on  # i18n: not shown


def away_key(game: Any, index: int, seat: int, played: bool) -> str:
    """away_word's choice, by its key: "sat out", "left", "start", "—" or "" (the roster's own records, so
    that it doesn't hang on the words of rules.roster's absence)."""
    joined = game.joins.get(seat)
    if joined is not None and joined[0] > index:
        return "start" if index == joined[0] - 1 else "—"
    if seat in game.left and game.left[seat] <= index:
        return "left" if index == game.left[seat] else ("—" if played else "")
    return "sat out"  # i18n: not shown (a key: away_text words it)


def away_word(game: Any, index: int, seat: int, played: bool) -> str:
    """The word in the cell of a player not in hand (round) `index` (rules.roster): "sat out"; "left", said
    once, on the first hand gone; "start" on the hand before a late arrival's first (its total is the one
    they join with); "—" for the other hands played before they came or after they left; nothing for a
    hand to come after they left. In the language in force."""
    return away_text(away_key(game, index, seat, played))
