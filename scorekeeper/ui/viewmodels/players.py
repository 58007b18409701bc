"""The players screen: the roster with each player's figures from storage's PlayerStats."""
from __future__ import annotations

from typing import Any

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
    if stats.hands_played:
        share = f" ({stats.made_share:.0%})" if stats.made_share is not None else ""
        lines.append(f"Bids made: {stats.hands_made} of {stats.hands_played}{share}")
    if stats.zero_bids_made:
        lines.append(f"Zero bids made: {stats.zero_bids_made}")
    return lines + kind_lines(stats)


KIND_NAMES = {"bid-tricks": "Oh Heck family", "what-the-heck": "WHAT THE HECK?", "hit-the-deck": "HIT THE DECK",
              "score-pad": "Score pad"}


def kind_lines(stats: Any) -> list[str]:
    """One line per kind the player has finished games of (when more than one kind, or any other kind):
    the games and wins, and the figures that make sense for that kind."""
    by_kind = getattr(stats, "by_kind", None) or {}
    if not by_kind or set(by_kind) == {"bid-tricks"}:
        return []
    lines = []
    for kind, figures in by_kind.items():
        counters = figures.counters or {}
        games = f"{figures.games} {'game' if figures.games == 1 else 'games'}, {figures.wins} " \
                f"{'win' if figures.wins == 1 else 'wins'}"
        detail = ""
        if kind == "what-the-heck" and counters.get("rounds_played"):
            detail = (f"; took {counters.get('rounds_taken', 0)} of {counters['rounds_played']} rounds, "
                      f"{counters.get('minus_cards_taken', 0)} minus cards")
        elif kind == "hit-the-deck" and counters.get("hands_played"):
            detail = (f"; went out in {counters.get('hands_gone_out', 0)} of {counters['hands_played']} hands, "
                      f"{counters.get('penalty_points', 0) / counters['hands_played']:.1f} points a hand")
        elif kind == "score-pad" and counters.get("rounds_played"):
            detail = f"; best in {counters.get('rounds_best', 0)} of {counters['rounds_played']} rounds"
        best = f"; best {card_text(figures.best_score)}" if figures.best_score is not None else ""
        lines.append(f"{KIND_NAMES.get(kind, kind)}: {games}{best}{detail}")
    return lines
