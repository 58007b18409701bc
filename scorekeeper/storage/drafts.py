"""Drafts: the taps of a step not yet entered, merged part by part across devices."""
from __future__ import annotations

from scorekeeper.i18n import _

import json
from typing import Any, Mapping

from scorekeeper.rules.common import InvalidEntry

from .base import StoreBase
from .database import utc_now
from .errors import StaleGame
from .shared import DROP_DRAFT, GAME_DRAFT, GAME_VERSION_LOCKED, _draft_data, _merged_draft, _parsed_draft, log


class DraftsMixin(StoreBase):
    # ----- drafts: the taps of a step not yet submitted -----

    def save_draft(self, game_id: str, version: int, draft: Mapping[str, Any] | None, *,
                   merge: bool = False) -> Any:
        """Keep what the app has tapped of the step under way on `version` of the game (None: forget it).
        Not an entry: the game and its version stay as they are. A game no longer stored keeps nothing.

        With `merge` (several devices tapping the same step), `draft` is {"step": which step, "taps":
        {part: value}} holding the parts one device changed (a part is a seat, or another choice of
        the step, as the app names them): they are merged into the draft kept for the same step and
        version, each part's latest tap winning, in one transaction (two devices' taps can't overwrite
        each other's). Returns the draft kept (None when nothing is)."""
        if not isinstance(game_id, str) or type(version) is not int:
            raise InvalidEntry(_("A draft belongs to a stored game and one of its versions."))
        if merge and draft is not None and not _merged_draft(draft):
            raise InvalidEntry(_("A merged draft names its step and its taps by part: {example}.",
                                 example='{"step": ..., "taps": {...}}'))
        data = None if draft is None else _draft_data(draft)
        with self._write() as connection:
            current = connection.execute(GAME_VERSION_LOCKED, {"g_id": game_id}).scalar()
            if current is None:
                return None  # no such game, or in the bin: nothing to keep
            if current != version:  # taps on an older screen must not replace the taps on the latest
                raise StaleGame(game_id)
            self.notices.announce(connection, game_id, version)  # the step's taps: the same version
            if data is None:
                connection.execute(DROP_DRAFT, {"g_id": game_id})
                return None
            if merge:
                kept = _parsed_draft(connection.execute(GAME_DRAFT, {"g_id": game_id, "g_version": version}).scalar())
                if _merged_draft(kept) and kept["step"] == draft["step"]:
                    data = _draft_data({"step": draft["step"], "taps": {**kept["taps"], **draft["taps"]}})
            self._write_draft(connection, {"g_id": game_id, "g_version": version, "g_data": data, "g_now": utc_now()})
        return json.loads(data)

    def draft(self, game_id: str, version: int) -> Any:
        """The draft kept for `version` of the game, or None (none kept, the game changed since, or it is
        in the bin)."""
        with self._read() as connection:
            data = connection.execute(GAME_DRAFT, {"g_id": game_id, "g_version": version}).scalar()
        parsed = _parsed_draft(data)
        if parsed is None and data is not None:  # a damaged draft is only lost taps: the game opens without them
            log.warning("game %s: its draft can't be read and is left out", game_id)
        return parsed
