"""The app's side of every kind of game, found through one registry (see base.KindUI).

A new kind is one module here with its KindUI subclass and one line in KIND_UIS.
"""
from __future__ import annotations

from typing import Any

from .base import CardCell, CardRow, KindUI, Option
from .bid_tricks import BidTricksUI
from .hit_the_deck import HitTheDeckUI
from .score_pad import ScorePadUI
from .skull_king import SkullKingUI
from .spades import SpadesUI
from .what_the_heck import WhatTheHeckUI

KIND_UIS: dict[str, KindUI] = {ui.kind: ui for ui in (BidTricksUI(), SkullKingUI(), WhatTheHeckUI(), HitTheDeckUI(), ScorePadUI(), SpadesUI())}


def kind_ui(kind_or_game: Any) -> KindUI:
    """The KindUI of a kind id, or of a game or rules (their `kind`)."""
    kind = kind_or_game if isinstance(kind_or_game, str) else kind_or_game.kind
    return KIND_UIS[kind]


__all__ = ["KIND_UIS", "CardCell", "CardRow", "KindUI", "Option", "kind_ui"]  # i18n: not shown
