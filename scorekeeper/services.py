"""What a score keeper does to a game, one function per use case: each is one storage transaction
(Store.change, or Store's own for the simple ones) and all or nothing. A refusal (the rules'
InvalidEntry, a stale screen's StaleGame) leaves the game exactly as it was: entries, status, version.

The screens' view models call these; the decisions a use case makes (a correction of a finished
game keeps it finished while it is still over, a game ended early stays ended, an entry that ends the
game finishes it) are made here once, for every kind. tests/test_services.py runs them against an
in-memory store in milliseconds, and against a real SQLite file.
"""
from __future__ import annotations

from scorekeeper.i18n import _

import threading
from typing import Any, Iterable, Mapping, Protocol, Sequence

from scorekeeper.rules import ENDED_EARLY, FINISHED, PLAYING, InvalidEntry
from scorekeeper.storage.errors import StorageError
from scorekeeper.storage.records import can_finish

# What a use case may refuse with, each with a one-line message for the screen: the rules' InvalidEntry,
# storage's StorageError (StaleGame, GameNotFound, a follower's NotAllowed among them).
REFUSALS = (InvalidEntry, StorageError)


class Change(Protocol):
    """What Store.change hands a use case (storage.store.GameChange)."""

    game: Any
    status: str

    def record(self, action: Mapping[str, Any]) -> None: ...

    def undo_last(self) -> None: ...


class GameStore(Protocol):
    """The storage a use case needs (scorekeeper.storage.Store, or a fake in tests)."""

    def new_game(self, players: list[str], rules: Any, **setup: Any) -> Any: ...
    def change(self, game_id: str, version: int, use_case: Any, *, draft_seen: Any = None) -> Any: ...
    def redo(self, game_id: str, version: int) -> Any: ...


_shared = None
_shared_lock = threading.Lock()


def shared_store() -> Any:
    """The one Store of this process (every device's session of a server uses it), opened on first use."""
    global _shared
    with _shared_lock:
        if _shared is None:
            from scorekeeper.storage import Store

            _shared = Store()
        return _shared


def forget_shared_store() -> None:
    """Open the process's Store afresh at the next shared_store() (tests that change the database)."""
    global _shared
    with _shared_lock:
        _shared = None


def _playing(work: Change) -> None:
    if work.status == FINISHED:
        raise InvalidEntry(_("This game is already finished. Reopen it first to change it."))
    if work.status != PLAYING:
        raise InvalidEntry(_("This game was ended early. Reopen it first to change it."))


def start_game(store: GameStore, players: Sequence[str], rules: Any, **setup: Any) -> Any:
    return store.new_game(list(players), rules, **setup)


def record_entry(store: GameStore, game_id: str, version: int, action: Mapping[str, Any], *,
                 draft_seen: Any = None) -> Any:
    """One entry of the game in play; the entry that ends the game finishes it, in the same transaction.
    `draft_seen` (storage.DraftSeen): the step's taps as its screen showed them; refused as stale when
    another device has tapped since."""
    def use_case(work: Change) -> None:
        _playing(work)
        work.record(action)
        if work.game.is_over:
            work.status = FINISHED
    return store.change(game_id, version, use_case, draft_seen=draft_seen)


def correct(store: GameStore, game_id: str, version: int, actions: Iterable[Mapping[str, Any]]) -> Any:
    """Entries that change earlier hands (rounds), whatever the game's status. A finished game stays
    finished while it is still over (or, with no end of its own, the table's finish stands) and goes
    on when the correction leaves it unfinished; a game ended early stays ended. Any entry refused
    refuses them all."""
    entries = list(actions)

    def use_case(work: Change) -> None:
        was = work.status
        for action in entries:
            work.record(action)
        if was == ENDED_EARLY:
            return  # ended by the table: it stays ended
        if was == FINISHED and not (work.game.is_over or work.game.open_ended and can_finish(work.game)):
            work.status = PLAYING  # no longer over: the game goes on
        elif work.game.is_over:
            work.status = FINISHED
    return store.change(game_id, version, use_case)


def finish(store: GameStore, game_id: str, version: int) -> Any:
    """Finish a game that is over, or an open-ended one after a round at least (Store refuses others)."""
    def use_case(work: Change) -> None:
        _playing(work)
        work.status = FINISHED
    return store.change(game_id, version, use_case)


def end_early(store: GameStore, game_id: str, version: int) -> Any:
    def use_case(work: Change) -> None:
        _playing(work)
        work.status = ENDED_EARLY
    return store.change(game_id, version, use_case)


def reopen(store: GameStore, game_id: str, version: int) -> Any:
    def use_case(work: Change) -> None:
        if work.status == PLAYING:
            raise InvalidEntry(_("This game is still being played: there is nothing to reopen."))
        work.status = PLAYING
    return store.change(game_id, version, use_case)


def undo(store: GameStore, game_id: str, version: int) -> Any:
    """Take back the last step. A game ended early is reopened exactly where the table ended it (the
    hand under way keeps its bids: nothing is undone); a finished game is reopened with its last entry
    undone; a game in play has its last entry undone."""
    def use_case(work: Change) -> None:
        if work.status == ENDED_EARLY:
            work.status = PLAYING
            return
        work.undo_last()
        work.status = PLAYING
    return store.change(game_id, version, use_case)


def redo(store: GameStore, game_id: str, version: int) -> Any:
    return store.redo(game_id, version)


def store_imported(store: Any, games: Iterable[Any]) -> Any:
    """The games read from a file (exchange.import_file reads them as a stream), stored in one
    transaction or none; games already stored are skipped."""
    return store.import_records(games)


def save_draft(store: Any, game_id: str, version: int, draft: Mapping[str, Any] | None) -> Any:
    """The taps of the step under way (not an entry: the version stays), merged with the other devices'."""
    return store.save_draft(game_id, version, draft, merge=True)


def name_game(store: Any, game_id: str, title: str, notes: str, *, shown: tuple[str, str]) -> Any:
    """A game's own name and notes; refused (StaleGame) when the words `shown` were changed meanwhile."""
    return store.name_game(game_id, title, notes, shown=shown)


def add_player(store: Any, name: str) -> Any:
    return store.add_player(name)


def rename_player(store: Any, player_id: int, name: str) -> Any:
    return store.rename_player(player_id, name)


def move_to_bin(store: Any, game_id: str) -> None:
    store.delete_game(game_id)


def restore_from_bin(store: Any, game_id: str) -> None:
    store.restore_game(game_id)


def empty_bin(store: Any) -> int:
    """Destroys the games in the bin for good; returns how many."""
    return store.empty_bin()


def restore_backup(store: Any, path: Any) -> Any:
    """A backup's games take the place of the games in use, which are kept aside: returns that file."""
    return store.restore_backup(path)


# The table's PIN and the devices' rights to make entries (scorekeeper.access decides, these store).

def replace_pin(store: Any, pin_hash: str, salt: str, at: Any, *, only_if_none: bool = False) -> Any:
    return store.replace_pin(pin_hash, salt, at, only_if_none=only_if_none)


def grant_right(store: Any, right_hash: str, generation: int, at: Any, until: Any) -> bool:
    return store.grant_right(right_hash, generation, at, until)


def count_wrong_pin(store: Any, at: Any, since: Any, budget: int) -> bool:
    return store.count_wrong_pin(at, since, budget)


def revoke_right(store: Any, right: str) -> None:
    store.revoke_right(right)
