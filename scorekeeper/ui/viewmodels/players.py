"""The players screen: the roster with each player's figures from storage's PlayerStats."""
from __future__ import annotations

from typing import Any

from scorekeeper import i18n
from scorekeeper.i18n import _, _n

from ..kinds import kind_ui
from .texts import card_text


def stats_lines(stats: Any | None, seated: int = 0) -> list[str]:
    """A player's figures in a few lines (storage's PlayerStats; None: none yet). `seated`: the games they
    sit in, whatever their status: without a finished one, those ended early or under way are said (the
    figures leave them out, and the history's list of games over would read as a contradiction)."""
    if stats is None or not stats.games:
        if not seated:
            return [_("No finished game yet")]
        return [_n("No finished game yet ({count} game ended early or under way)",
                   "No finished game yet ({count} games ended early or under way)", seated)]
    lines = [_n("{count} finished game, {wins}", "{count} finished games, {wins}", stats.games, wins=_wins(stats.wins))]
    if stats.average_score is not None:
        average = _average(stats.average_score)
        if stats.scored_games < stats.games:  # scores of games won by the lowest total don't mix in: say how many
            lines.append(_n("Average score {average} over {count} game, best {best}",
                            "Average score {average} over {count} games, best {best}", stats.scored_games,
                            average=average, best=card_text(stats.best_score)))
        else:
            lines.append(_("Average score {average}, best {best}", average=average, best=card_text(stats.best_score))
                         if stats.best_score is not None else _("Average score {average}", average=average))
    for kind, figures in (getattr(stats, "by_kind", None) or {}).items():
        lines += kind_ui(kind).stats_headline(figures.counters or {})
    return lines + kind_lines(stats)


def _wins(count: int) -> str:
    return _n("{count} win", "{count} wins", count)


def _average(value: float) -> str:
    """One decimal as the language writes it, below zero with a real minus sign ("−12.2"), never "−0.0"."""
    average = round(value, 1) or 0.0
    text = i18n.number(abs(average), decimals=1)
    return f"−{text}" if average < 0 else text


def kind_lines(stats: Any) -> list[str]:
    """One line per kind the player has finished games of (when more than one kind, or any kind whose
    figures are not the page's main lines): the games and wins, and the figures that kind counts."""
    by_kind = getattr(stats, "by_kind", None) or {}
    if not by_kind or all(kind_ui(kind).stats_headline(figures.counters or {}) for kind, figures in by_kind.items()):
        return []  # the main lines say it all
    lines = []
    for kind, figures in by_kind.items():
        ui = kind_ui(kind)
        said = {"kind": ui.title, "wins": _wins(figures.wins)}
        if figures.best_score is not None:
            line = _n("{kind}: {count} game, {wins}; best {best}", "{kind}: {count} games, {wins}; best {best}",
                      figures.games, best=card_text(figures.best_score), **said)
        else:
            line = _n("{kind}: {count} game, {wins}", "{kind}: {count} games, {wins}", figures.games, **said)
        lines.append(line + ui.stats_detail(figures.counters or {}))  # (the kind's figures: "; 3 rounds best")
    return lines
