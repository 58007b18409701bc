"""Lines for the home and history screens, from storage's GameSummary: the same for every game kind."""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from scorekeeper.rules import KINDS
from scorekeeper.rules.common import plural

from .kind_entry import card_text  # scores below zero with a real minus sign: "−4"


def when(moment: datetime | None, now: datetime | None = None) -> str:
    """As short as stays clear on a phone's tile, in local time: "08:24" today, "Tue 20:15" in the six
    days before, "12 Nov" earlier this year, "12 Nov 2023" before that."""
    if moment is None:
        return ""
    local = moment.astimezone()
    today = (now or datetime.now(timezone.utc)).astimezone().date()
    days = (today - local.date()).days
    if days == 0:
        return local.strftime("%H:%M")
    if 0 < days < 7:
        return local.strftime("%a %H:%M")
    day = f"{local.day} {local.strftime('%b')}"
    return day if local.year == today.year else f"{day} {local.year}"


def players_line(players: list[str]) -> str:
    return ", ".join(players)


def progress_line(summary: Any) -> str:
    played, total = summary.rounds_played, summary.rounds_total
    if total is None:
        return f"{plural(played, unit_of(summary.kind))} played"
    return f"{played} of {total} played"


def unit_of(kind: str) -> str:
    """What the kind's rounds are called ("hand", "round"); a kind this version doesn't know: "round"."""
    return KINDS[kind].Game.unit if kind in KINDS else "round"


def leader_line(summary: Any) -> str:
    """The storage's verdict in words: the winners of a finished game, "Ended early", or who leads."""
    if summary.status == "finished":
        if not summary.winners:
            return ""
        return ("Winner: " if len(summary.winners) == 1 else "Winners: ") + ", ".join(summary.winners)
    if summary.status == "abandoned":
        return "Ended early"
    leaders = getattr(summary, "leaders", None) or []
    if not summary.rounds_played or not leaders or not summary.scores:
        return "Not started"
    best = summary.scores[summary.players.index(leaders[0])]
    return f"{' and '.join(leaders)} {'leads' if len(leaders) == 1 else 'lead'} with {card_text(best)}"


def scores_line(summary: Any) -> str:
    return ", ".join(f"{name} {card_text(score)}" for name, score in zip(summary.players, summary.scores))
