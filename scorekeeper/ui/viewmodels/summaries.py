"""Lines for the home and history screens, from storage's GameSummary: the same for every game kind."""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

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
        noun = "hand" if getattr(summary, "kind", "") == "hit-the-deck" else "round"
        return f"{played} {noun}{'' if played == 1 else 's'} played"
    return f"{played} of {total} played"


def leader_line(summary: Any) -> str:
    if summary.status == "finished":
        if not summary.winners:
            return ""
        return ("Winner: " if len(summary.winners) == 1 else "Winners: ") + ", ".join(summary.winners)
    if summary.status == "abandoned":
        return "Abandoned"
    if not summary.rounds_played or not summary.scores:
        return "Not started"
    best = max(summary.scores) if highest_wins(summary) else min(summary.scores)
    names = [name for name, score in zip(summary.players, summary.scores) if score == best]
    return f"{' and '.join(names)} {'leads' if len(names) == 1 else 'lead'} with {card_text(best)}"


def scores_line(summary: Any) -> str:
    return ", ".join(f"{name} {card_text(score)}" for name, score in zip(summary.players, summary.scores))



def highest_wins(summary: Any) -> bool:
    """Whether the highest total leads (storage keeps it per game; older summaries: by kind and preset)."""
    known = getattr(summary, "highest_wins", None)
    if isinstance(known, bool):
        return known
    return not (getattr(summary, "kind", "") == "hit-the-deck" or getattr(summary, "preset_id", "") == "score-pad-low")
