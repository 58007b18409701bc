"""The history screen's lists, from storage: games under way, finished games a page at a time, and the
games left out because storage could not read them (each named in one line), so one damaged game never
hides the others."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scorekeeper.storage.integrity import left_out_line


@dataclass
class HistoryLists:
    unfinished: list[Any]
    finished: list[Any]  # at most `limit`
    more: bool  # more finished games than shown
    left_out: list[str] = field(default_factory=list)  # "Stored game X could not be read: ...; it was left out."


def left_out_lines(*lists: Any) -> list[str]:
    """The lines naming the games storage left out of these lists (storage.results.Readable), once each."""
    lines: dict[str, str] = {}
    for listed in lists:
        for damage in getattr(listed, "left_out", ()):
            lines.setdefault(damage.game_id, left_out_line(damage))
    return list(lines.values())


def history_lists(store: Any, limit: int, search: str = "") -> HistoryLists:
    """The games to list; with `search` (words or a date), only those it finds (storage's search)."""
    unfinished = store.unfinished_games(search=search)
    finished = store.finished_games(limit=limit + 1, search=search)
    return HistoryLists(unfinished=list(unfinished), finished=list(finished[:limit]), more=len(finished) > limit,
                        left_out=left_out_lines(unfinished, finished))
