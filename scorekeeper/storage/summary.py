"""The figures kept beside each game so the history and the statistics never replay it."""
from __future__ import annotations

import json
from typing import Any

from scorekeeper.rules import outcome
from scorekeeper.rules.player_record import SEAT_BID_COUNTS, SeatBids, seat_records


def game_columns(game: Any) -> dict[str, Any]:
    """Columns of the games table that follow from the replayed engine game."""
    played, total = game.progress()
    return {
        "game_name": game.rules.stored_name,  # English: shown_display_name words it for each reader
        "preset_id": game.rules.preset_id,
        "highest_wins": bool(game.highest_wins),
        "rounds_played": played,
        "rounds_total": total,
        "totals": json.dumps(game.totals()),
        "final_scores": json.dumps(game.final_scores()) if game.is_over else None,
        "leaders": json.dumps(list(outcome(game).leaders)),  # the engine's: none before the first round
    }


def seat_rows(game: Any, status: str) -> list[dict[str, Any]]:
    """Per seat: the score statistics count (final when the game is over), the place in the standings,
    whether the seat won a finished game, the kind's counters and the player page's bid figures."""
    verdict = outcome(game, status)
    scores = verdict.final_scores
    winners = set(verdict.winners) if status == "finished" else set()
    return [
        {"seat": seat, "score": scores[seat], "place": verdict.place(seat), "won": seat in winners,
         "counters": json.dumps(counters), **bid_columns(bids)}
        for seat, (counters, bids) in enumerate(zip(game.stats(), seat_records(game)))
    ]


# The game_players columns that keep a seat's SeatBids: bid_<count>, and the hand sizes as JSON.
BID_COLUMNS = (*(f"bid_{count}" for count in SEAT_BID_COUNTS), "bid_sizes")


def bid_columns(bids: SeatBids | None) -> dict[str, Any]:
    """A seat's bid figures as its columns: bid_hands None (and zeros) for kinds without bids."""
    if bids is None:
        return {column: 0 for column in BID_COLUMNS} | {"bid_hands": None, "bid_sizes": "[]"}
    return {**{f"bid_{count}": getattr(bids, count) for count in SEAT_BID_COUNTS},
            "bid_sizes": json.dumps(list(bids.sizes), separators=(",", ":"))}
