"""The game kinds, by name. Storage, export and the app serve every kind through this one shape:

- `kind.Rules`: a frozen dataclass with `to_dict()`, `Rules.from_dict(data)`, `name`, `id`, `preset_id`,
  `display_name`, `min_players`, `max_players` and `rule_lines()`;
- `kind.Game(players, rules, **setup)`: `players`, `rules`, `apply(action)` (raises InvalidEntry and
  changes nothing when refused), `describe(action)`, `totals()`, `final_scores()`, `standings()`,
  `winners()`, `is_over`, `highest_wins`, `setup` (the keyword arguments that rebuild it),
  `progress()` -> (rounds played, rounds in all or None when open-ended) and `stats()` -> per seat a
  dict of whole-number counters that player statistics add up across games (kind-specific);
- `kind.PRESETS`: the named rule sets of that kind.

A new kind is one new module here and one entry screen.
"""
from __future__ import annotations

from types import ModuleType
from typing import Any, Mapping, Sequence

from . import hit_the_deck, oh_heck, score_pad, what_the_heck
from .common import InvalidEntry, excerpt

KINDS: dict[str, ModuleType] = {
    module.KIND: module for module in (oh_heck, what_the_heck, hit_the_deck, score_pad)
}


def kind_module(kind: str) -> ModuleType:
    try:
        return KINDS[kind]
    except KeyError:
        raise InvalidEntry(f"Unknown game kind {excerpt(kind)}; this version knows {', '.join(sorted(KINDS))}.") from None


def rules_from_dict(kind: str, data: Mapping[str, Any]):
    return kind_module(kind).Rules.from_dict(data)


def new_game(kind: str, players: Sequence[str], rules_data: Mapping[str, Any], setup: Mapping[str, Any]):
    """Rebuild a game (before its actions are replayed) from plain data."""
    module = kind_module(kind)
    return module.Game(players, module.Rules.from_dict(rules_data), **dict(setup))


def find_preset(preset_id: str):
    """The preset of any kind with this id, or None."""
    for module in KINDS.values():
        if preset_id in module.PRESETS:
            return module.PRESETS[preset_id]
    return None
