"""The players screen: the roster with each player's figures from storage's PlayerStats."""
from __future__ import annotations

from typing import Any

from ..kinds import kind_ui
from .kind_entry import card_text


def stats_lines(stats: Any) -> list[str]:
    if not stats.games:
        return ["No finished game yet"]
    lines = [f"{stats.games} finished {'game' if stats.games == 1 else 'games'}, {stats.wins} "
             f"{'win' if stats.wins == 1 else 'wins'}"]
    if stats.average_score is not None:
        average = round(stats.average_score, 1) or 0.0  # one decimal, and never "−0.0"
        lines.append(f"Average score {card_text(average)}" + (
            f", best {card_text(stats.best_score)}" if stats.best_score is not None else ""))
    for kind, figures in (getattr(stats, "by_kind", None) or {}).items():
        lines += kind_ui(kind).stats_headline(figures.counters or {})
    return lines + kind_lines(stats)


def kind_lines(stats: Any) -> list[str]:
    """One line per kind the player has finished games of (when more than one kind, or any kind whose
    figures are not the page's main lines): the games and wins, and the figures that kind counts."""
    by_kind = getattr(stats, "by_kind", None) or {}
    if not by_kind or all(kind_ui(kind).stats_headline(figures.counters or {}) for kind, figures in by_kind.items()):
        return []  # the main lines say it all
    lines = []
    for kind, figures in by_kind.items():
        ui = kind_ui(kind)
        games = f"{figures.games} {'game' if figures.games == 1 else 'games'}, {figures.wins} " \
                f"{'win' if figures.wins == 1 else 'wins'}"
        best = f"; best {card_text(figures.best_score)}" if figures.best_score is not None else ""
        lines.append(f"{ui.title}: {games}{best}{ui.stats_detail(figures.counters or {})}")
    return lines
