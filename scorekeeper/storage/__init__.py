"""Storage: the games, players and entries, in SQLite (the default, one file) or PostgreSQL.

    store = Store()                                  # default_database_url(); upgrades the schema
    state = store.new_game(["Ann", "Bob", "Cy"], PRESETS["oh-heck"], first_dealer=0)
    state = store.record(state.id, {"type": "bids", "hand": 0, "values": [1, 2, 3]}, state.version)

Knows nothing of Flet (tests/test_layers.py keeps it so). Refused entries raise
scorekeeper.rules.InvalidEntry; everything else that stops a request raises a StorageError subclass
whose message is written for the score keeper's screen. Either way nothing stored has changed.
"""
from .database import default_database_url
from .errors import DraftSeen, GameNotFound, StaleGame, StorageError
from .records import can_finish
from .results import (BackupInfo, GameChoice, GameState, GameSummary, ImportResult, KindStats, Opponent, PlayerInfo,
                      PlayerPage, PlayerStats)
from .store import Store

__all__ = [
    "BackupInfo", "DraftSeen", "GameChoice", "GameNotFound", "GameState", "GameSummary", "ImportResult", "KindStats", "Opponent",
    "PlayerInfo", "PlayerPage", "PlayerStats",
    "StaleGame", "StorageError", "Store", "can_finish", "default_database_url",
]
