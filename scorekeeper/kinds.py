"""Every kind of game whole, found by its id: its rules (scorekeeper/rules/<kind>.py, registry
rules.kinds.KINDS), its part of the file formats (scorekeeper/exchange/kinds/, FORMATS) and its app side
(scorekeeper/ui/kinds/, KIND_UIS). Each layer keeps one line per kind in its own registry, since a lower
layer never imports a higher one; here the three meet, and tests/test_kinds_whole.py checks that every
kind has all its parts."""
from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Any

from scorekeeper.exchange.kinds import FORMATS
from scorekeeper.rules.kinds import KINDS
from scorekeeper.ui.kinds import KIND_UIS


@dataclass(frozen=True)
class Kind:
    id: str  # as stored and exported: "bid-tricks", "what-the-heck", ...
    rules: ModuleType  # KIND, Rules, PRESETS, Game
    formats: Any  # exchange.kinds.KindFormats: its CSV, its JSON details, its PDF card
    ui: Any  # ui.kinds.KindUI: New game's presets and options, its entry, its score card


def kind(kind_id: str) -> Kind:
    """The kind `kind_id`, whole; KeyError naming the kinds there are when there is no such kind."""
    if kind_id not in KINDS:
        raise KeyError(f"no kind {kind_id!r}: the kinds are {', '.join(KINDS)}")
    return Kind(kind_id, KINDS[kind_id], FORMATS.get(kind_id), KIND_UIS.get(kind_id))


def every_kind() -> tuple[Kind, ...]:
    return tuple(kind(kind_id) for kind_id in KINDS)
