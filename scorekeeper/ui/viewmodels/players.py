"""The players screen: the roster with each player's figures from storage's PlayerStats."""
from __future__ import annotations

from typing import Any


def stats_lines(stats: Any) -> list[str]:
    if not stats.games:
        return ["No finished game yet"]
    lines = [f"{stats.games} finished {'game' if stats.games == 1 else 'games'}, {stats.wins} "
             f"{'win' if stats.wins == 1 else 'wins'}"]
    if stats.average_score is not None:
        lines.append(f"Average score {stats.average_score:.1f}" + (
            f", best {stats.best_score}" if stats.best_score is not None else ""))
    if stats.hands_played:
        share = f" ({stats.made_share:.0%})" if stats.made_share is not None else ""
        lines.append(f"Bids made: {stats.hands_made} of {stats.hands_played}{share}")
    if stats.zero_bids_made:
        lines.append(f"Zero bids made: {stats.zero_bids_made}")
    return lines
