"""The registry of game kinds, and the one `replay` that rebuilds a game from its stored entries.

Every kind implements the shape in `protocol.py`; storage, export and the app reach a kind only
through this registry and that shape. A new kind is one module in this package and one line in KINDS.
"""
from __future__ import annotations

from types import ModuleType
from typing import Any, Mapping, Sequence

from scorekeeper.i18n import _

from . import hit_the_deck, oh_heck, score_pad, skull_king, spades, what_the_heck
from .common import InvalidEntry, excerpt
from .protocol import KindGame, Recorded

KINDS: dict[str, ModuleType] = {
    module.KIND: module for module in (oh_heck, skull_king, what_the_heck, hit_the_deck, score_pad, spades)
}


def kind_module(kind: str) -> ModuleType:
    try:
        return KINDS[kind]
    except KeyError:
        raise InvalidEntry(_("Unknown game kind {kind}; this version knows {kinds}.", kind=excerpt(kind),
                             kinds=", ".join(sorted(KINDS)))) from None


# Rules built from plain data, by (kind, repr of the data): stored games share a handful of rule sets,
# and Rules are frozen, so one value serves every game of a set (replaying 10,000 games builds a few).
_BUILT_RULES: dict[tuple[str, str], Any] = {}
MOST_BUILT_RULES, LONGEST_RULES_KEY = 256, 4096  # bounded: an import of many odd rule sets keeps no more


def rules_from_dict(kind: str, data: Mapping[str, Any]):
    """kind's Rules.from_dict(data), built once per distinct data (repr tells 1 from 1.0 and True)."""
    module = kind_module(kind)
    try:
        key = (kind, repr(data))
    except ValueError:  # an integer too long to print: build it, and let the rules refuse it
        return module.Rules.from_dict(data)
    rules = _BUILT_RULES.get(key)
    if rules is None:
        rules = module.Rules.from_dict(data)
        if len(key[1]) <= LONGEST_RULES_KEY:
            if len(_BUILT_RULES) >= MOST_BUILT_RULES:
                _BUILT_RULES.clear()
            _BUILT_RULES[key] = rules
    return rules


def new_game(kind: str, players: Sequence[str], rules_data: Mapping[str, Any], setup: Mapping[str, Any]):
    """Rebuild a game (before its actions are replayed) from plain data."""
    return kind_module(kind).Game(players, rules_from_dict(kind, rules_data), **dict(setup))


def find_preset(preset_id: str):
    """The preset of any kind with this id, or None."""
    for module in KINDS.values():
        if preset_id in module.PRESETS:
            return module.PRESETS[preset_id]
    return None


class ReplayError(InvalidEntry):
    """A stored or imported game whose entries don't rebuild: `entry` is the index of the entry the
    rules refused (None when the players, rules or setup themselves are refused); `unreadable` when
    that entry (or the setup) is not data of this kind at all rather than refused by its rules."""

    def __init__(self, message: str, entry: int | None, unreadable: bool = False):
        super().__init__(message)
        self.entry = entry
        self.unreadable = unreadable


def replay(record: Recorded) -> KindGame:
    """The engine's game with every entry of `record` applied in order: the only reader of stored
    entries. Anything that doesn't rebuild (a refused entry, an entry of the wrong shape, unknown
    rules) raises ReplayError, whose message is the rules' own."""
    entry = None
    try:
        game = new_game(record.kind, record.players, record.rules, record.setup)
        for entry, action in enumerate(record.actions):
            game.apply(action)
    except InvalidEntry as error:
        raise ReplayError(str(error), entry) from None
    except (TypeError, ValueError, AttributeError, KeyError, IndexError) as error:  # hand-made data
        problem = excerpt(str(error), as_text=True)  # (Python's own words: not translated)
        # Translators: said of a stored or imported game, after where it is: "game 3: its setup can't be read (...)".
        said = (_("its setup can't be read ({problem}).", problem=problem) if entry is None  # the game itself can't be set up
                else _("its entries can't be read ({problem}).", problem=problem))
        raise ReplayError(said, entry, unreadable=True) from None
    return game
