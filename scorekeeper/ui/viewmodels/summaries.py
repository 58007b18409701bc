"""Lines for the home and history screens, from storage's GameSummary: the same for every game kind."""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from babel.dates import format_datetime, format_skeleton

from scorekeeper import i18n
from scorekeeper.i18n import _, _n
from scorekeeper.rules import KINDS
from scorekeeper.rules.common import names_text

from .texts import card_text  # scores below zero with a real minus sign: "−4"


def when(moment: datetime | None, now: datetime | None = None) -> str:
    """As short as stays clear on a phone's tile, in local time: "08:24" today, "Tue 20:15" in the six
    days before, "12 Nov" earlier this year, "12 Nov 2023" before that (each language as it writes them)."""
    if moment is None:
        return ""
    local = moment.astimezone()
    today = (now or datetime.now(timezone.utc)).astimezone().date()
    days = (today - local.date()).days
    if days == 0:
        return _moment(local, "Hm")  # i18n: not shown (CLDR skeletons, not words)
    if 0 < days < 7:
        return _moment(local, "EHm")  # i18n: not shown
    return _moment(local, "MMMd" if local.year == today.year else "yMMMd")  # i18n: not shown


# English as the tiles have always said it ("12 Nov", not CLDR's "Nov 12"); other languages by CLDR's skeletons.
_ENGLISH_PATTERNS = {"Hm": "HH:mm", "EHm": "EEE HH:mm", "MMMd": "d MMM", "yMMMd": "d MMM y"}  # i18n: not shown


def _moment(local: datetime, skeleton: str) -> str:
    """`local` (a local time) as the language in force writes what `skeleton` (CLDR) asks for."""
    locale, naive = i18n.locale_name(), local.replace(tzinfo=None)  # (naive: printed as it is, no conversion)
    if locale == i18n.SOURCE:
        return format_datetime(naive, _ENGLISH_PATTERNS[skeleton], locale=locale)
    return format_skeleton(skeleton, naive, locale=locale)


def players_line(players: list[str]) -> str:
    return ", ".join(players)


def progress_line(summary: Any) -> str:
    played, total = summary.rounds_played, summary.rounds_total
    if total is None:
        if unit_of(summary.kind) == "hand":
            return _n("{count} hand played", "{count} hands played", played)
        return _n("{count} round played", "{count} rounds played", played)
    # Translators: how much of a game was played: "5 of 15 played"
    return _("{played} of {total} played", played=played, total=total)


def unit_of(kind: str) -> str:
    """What the kind's rounds are called ("hand", "round": a key, not shown); a kind this version doesn't
    know: "round"."""
    return KINDS[kind].Game.unit if kind in KINDS else "round"


def leader_line(summary: Any) -> str:
    """The storage's verdict in words: the winners of a finished game, "Ended early", or who leads."""
    if summary.status == "finished":
        if not summary.winners:
            return ""
        return _n("Winner: {names}", "Winners: {names}", len(summary.winners), names=", ".join(summary.winners))
    if summary.status == "abandoned":
        return _("Ended early")
    leaders = getattr(summary, "leaders", None) or []
    if not summary.rounds_played or not leaders or not summary.scores:
        return _("Not started")
    best = summary.scores[summary.players.index(leaders[0])]
    return _n("{names} leads with {score}", "{names} lead with {score}", len(leaders), names=names_text(leaders),
              score=card_text(best))


def scores_line(summary: Any) -> str:
    return ", ".join(f"{name} {card_text(score)}" for name, score in zip(summary.players, summary.scores))
