"""One open game on one device: the stored state, and every write through storage with the version
the screen was drawn from. Refusals come back as a message for the screen; nothing else changes."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from scorekeeper import services
from scorekeeper.rules import InvalidEntry
from scorekeeper.i18n import _
from scorekeeper.storage import DraftSeen, StaleGame, StorageError
from scorekeeper.storage.errors import STALE_MESSAGE


@dataclass(frozen=True)
class Outcome:
    ok: bool
    message: str | None = None
    stale: bool = False  # another device changed the game first: the latest is loaded now
    kept: Any = None  # save_draft: the draft kept, merged with other devices' taps


class GameSession:
    def __init__(self, store: Any, game_id: str, state: Any = None):
        self.store = store
        self.game_id = game_id
        self.state = state if state is not None else store.load(game_id)

    @property
    def game(self):
        return self.state.game

    @property
    def version(self) -> int:
        return self.state.version

    def reload(self) -> None:
        self.state = self.store.load(self.game_id)

    def _attempt(self, call: Callable[[], Any]) -> Outcome:
        """One call to storage; a refusal becomes the Outcome's message (a stale game is loaded again)."""
        try:
            call()
        except StaleGame as error:
            self.reload()
            return Outcome(False, str(error), stale=True)
        except (InvalidEntry, StorageError) as error:
            return Outcome(False, str(error))
        return Outcome(True)

    def _write(self, call: Callable[[], Any]) -> Outcome:
        """A write that returns the game's new state."""
        def write() -> None:
            self.state = call()

        return self._attempt(write)

    # Every write is one use case of scorekeeper.services: one transaction, all or nothing.

    def record(self, action: dict[str, Any], draft_seen: DraftSeen | None = None) -> Outcome:
        """One entry; the entry that ends the game finishes it too (one transaction). `draft_seen`: the
        step's taps as the screen showed them (refused as stale when another device tapped since)."""
        return self._write(lambda: services.record_entry(self.store, self.game_id, self.version, action,
                                                         draft_seen=draft_seen))

    def correct(self, actions: list[dict[str, Any]]) -> Outcome:
        """Entries that change earlier hands (rounds), whatever the game's status (services.correct)."""
        return self._write(lambda: services.correct(self.store, self.game_id, self.version, actions))

    def undo(self, drawn: int | None = None) -> Outcome:
        """Take back the last entry. `drawn`: the version the tapping screen showed; when another device
        changed the game since, the tap meant another entry and is refused (None: no check)."""
        if drawn is not None and drawn != self.version:
            return Outcome(False, _(STALE_MESSAGE), stale=True)
        return self._write(lambda: services.undo(self.store, self.game_id, self.version))

    def redo(self) -> Outcome:
        return self._write(lambda: services.redo(self.store, self.game_id, self.version))

    def finish(self) -> Outcome:
        return self._write(lambda: services.finish(self.store, self.game_id, self.version))

    def abandon(self) -> Outcome:
        return self._write(lambda: services.end_early(self.store, self.game_id, self.version))

    def reopen(self) -> Outcome:
        return self._write(lambda: services.reopen(self.store, self.game_id, self.version))

    def name_game(self, title: str, notes: str, shown: tuple[str, str]) -> Outcome:
        """The game's own name and notes (no score changes, the version stays); refused as stale when
        the words `shown` were changed by another device meanwhile, which are then loaded."""
        outcome = self._attempt(lambda: services.name_game(self.store, self.game_id, title, notes, shown=shown))
        if not outcome.stale:
            self.reload()
        return outcome

    def save_draft(self, draft: dict[str, Any] | None) -> Outcome:
        """Keep the taps of the step under way (not an entry: the game's version stays): `draft` holds
        the parts this device changed, merged with the other devices' taps of the same step (Store)."""
        kept = []
        outcome = self._attempt(lambda: kept.append(services.save_draft(self.store, self.game_id, self.version, draft)))
        return Outcome(True, kept=kept[0]) if outcome.ok else outcome

    def draft(self) -> Any:
        """The taps kept for the game as it is now (None when there are none or it changed since)."""
        try:
            return self.store.draft(self.game_id, self.version)
        except (InvalidEntry, StorageError):
            return None  # only a convenience: the stored entries are what count

    def last_entry_text(self) -> str | None:
        """The last entry, as Undo would take it back ("tricks of hand 3"); None when there is none."""
        entries = self.state.record.actions
        return self.game.describe(entries[-1]) if entries else None

    @property
    def undo_text(self) -> str | None:
        return self.state.undo_text

    @property
    def redo_text(self) -> str | None:
        return self.state.redo_text
