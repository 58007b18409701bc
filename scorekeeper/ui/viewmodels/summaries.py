"""Lines for the home and history screens, from storage's GameSummary: the same for every game kind."""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Any


def when(moment: datetime | None, now: datetime | None = None) -> str:
    if moment is None:
        return ""
    now = now or datetime.now(timezone.utc)
    local = moment.astimezone()
    if local.date() == now.astimezone().date():
        return "today " + local.strftime("%H:%M")
    return local.strftime("%d %b %Y")


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
    return f"{' and '.join(names)} {'leads' if len(names) == 1 else 'lead'} with {best}"


def scores_line(summary: Any) -> str:
    return ", ".join(f"{name} {score}" for name, score in zip(summary.players, summary.scores))



def highest_wins(summary: Any) -> bool:
    """Whether the highest total leads (storage keeps it per game; older summaries: by kind and preset)."""
    known = getattr(summary, "highest_wins", None)
    if isinstance(known, bool):
        return known
    return not (getattr(summary, "kind", "") == "hit-the-deck" or getattr(summary, "preset_id", "") == "score-pad-low")
