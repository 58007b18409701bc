"""Each game kind's part of the file formats, found by the kind's id (FORMATS): its CSV columns and
rows (a KindCsv), its own part of JSON's "computed", and its PDF score card. A kind is one module here
(its card in a module of its own: reportlab is imported when a card is first drawn, never for CSV or
JSON); nothing else in scorekeeper.exchange names a kind. A kind the rules know that is not listed has
no CSV form, no details in JSON and no card.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ..csv_kind import KindCsv
from . import bid_tricks, hit_the_deck, score_pad, skull_king, spades, what_the_heck


@dataclass(frozen=True)
class KindFormats:
    """One kind's part of CSV, JSON and PDF."""

    csv: KindCsv
    json_details: Callable[[Any], dict[str, list[dict[str, Any]]]] | None  # None: no details of its own
    card: str  # the module of this package that draws its PDF card (its `card(game, verdict)`)


# Every kind's formats, by kind; the first one's CSV header heads an export with no games.
FORMATS: dict[str, KindFormats] = {formats.csv.kind: formats for formats in (
    KindFormats(bid_tricks.BidTricksCsv(), bid_tricks.json_details, "bid_tricks_card"),
    KindFormats(skull_king.SkullKingCsv(), skull_king.json_details, "skull_king_card"),
    KindFormats(what_the_heck.WhatTheHeckCsv(), None, "what_the_heck_card"),
    KindFormats(hit_the_deck.HitTheDeckCsv(), None, "hit_the_deck_card"),
    KindFormats(score_pad.ScorePadCsv(), None, "score_pad_card"),
    KindFormats(spades.SpadesCsv(), None, "spades_card"),
)}
KIND_CSVS: dict[str, KindCsv] = {kind: formats.csv for kind, formats in FORMATS.items()}

def json_details(kind: str) -> Callable[[Any], dict[str, list[dict[str, Any]]]] | None:
    """The kind's own part of JSON's "computed" (per field, a list of its hands or rounds), if it has one."""
    formats = FORMATS.get(kind)
    return formats.json_details if formats else None

def pdf_card(kind: str) -> Callable:
    """The function that draws the kind's part of its PDF score card (pdf_grid.Card)."""
    from importlib import import_module

    return import_module(f"{__name__}.{FORMATS[kind].card}").card
