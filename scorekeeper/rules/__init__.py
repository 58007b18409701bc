"""Pure game logic: no Flet, no database, no I/O (tests/test_layers.py keeps it so).

The bid-and-tricks family (OH, MY HECK!, Oh Heck, Oh Pshaw, Wizard, custom rules) is re-exported
here, as the rest of the app and outside checks use it: `from scorekeeper.rules import Rules, PRESETS, Game`;
so are the kinds' registry and `replay` (kinds.py), their shape (protocol.py) and the one verdict (outcome.py).
"""
from .common import InvalidEntry, Standing, leaders, standings
from .kinds import KINDS, ReplayError, kind_module, replay
from .oh_heck import (
    NO_TRUMP,
    PRESETS,
    Balance,
    Game,
    Hand,
    Payment,
    Rules,
    Settlement,
    balance_text,
    balance_word,
    bid_balance,
    signed,
)
from .outcome import ENDED_EARLY, FINISHED, PLAYING, Outcome, outcome
from .protocol import KindGame

__all__ = [
    "NO_TRUMP", "PRESETS", "Balance", "Game", "Hand", "InvalidEntry", "Payment", "Rules", "Settlement",
    "Standing", "balance_text", "balance_word", "bid_balance", "leaders", "signed", "standings",
    "ENDED_EARLY", "FINISHED", "KINDS", "KindGame", "Outcome", "PLAYING", "ReplayError", "kind_module", "outcome", "replay",
]
