"""Pure game logic: no Flet, no database, no I/O (tests/test_layers.py keeps it so).

The bid-and-tricks family (OH, MY HECK!, Oh Heck, Oh Pshaw, Wizard, custom rules) is re-exported
here, as the rest of the app and outside checks use it: `from scorekeeper.rules import Rules, PRESETS, Game`.
"""
from .common import InvalidEntry, Standing, leaders, standings
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
    bid_balance,
    signed,
)

__all__ = [
    "NO_TRUMP", "PRESETS", "Balance", "Game", "Hand", "InvalidEntry", "Payment", "Rules", "Settlement",
    "Standing", "balance_text", "bid_balance", "leaders", "signed", "standings",
]
