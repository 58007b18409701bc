"""The taps of a step under way as a draft: {"step": which step, "taps": {part: value}}, a part being
a seat ("0", "1", ...) or another choice of the step by name. Storage merges the drafts of several
devices part by part (Store.save_draft); each entry says what its step and parts are."""
from __future__ import annotations

from typing import Any


def draft_of(step: Any, seats: list[Any], **others: Any) -> dict[str, Any]:
    """A draft: one part per seat, then the step's other choices."""
    return {"step": step, "taps": {**{str(seat): value for seat, value in enumerate(seats)}, **others}}


def step_taps(draft: Any, step: Any) -> dict[str, Any] | None:
    """The taps of a kept draft ({part: value}, unchecked) when it is one of `step`; None otherwise (another
    step's, or not a draft at all)."""
    if not isinstance(draft, dict) or draft.get("step") != step or not isinstance(draft.get("taps"), dict):
        return None
    return draft["taps"]


def taps_of(draft: Any, step: Any, count: int, others: tuple[str, ...] = ()) -> tuple[dict[int, Any], dict[str, Any]] | None:
    """The parts of a kept draft of this very step: ({seat: value}, {other choice: value}); None when
    the draft is of another step or names parts this step hasn't (values are the entry's to check)."""
    taps = step_taps(draft, step)
    if taps is None:
        return None
    seats: dict[int, Any] = {}
    named: dict[str, Any] = {}
    for part, value in taps.items():
        if part in others:
            named[part] = value
        elif isinstance(part, str) and part.isdecimal() and int(part) < count and part == str(int(part)):
            seats[int(part)] = value
        else:
            return None
    return seats, named
