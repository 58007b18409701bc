"""The taps of a step under way as a draft: {"step": which step, "taps": {part: value}}, a part being
a seat ("0", "1", ...) or another choice of the step by name. Storage merges the drafts of several
devices part by part (Store.save_draft); each entry says what its step and parts are."""
from __future__ import annotations

from typing import Any, Callable

from scorekeeper.i18n import _
from scorekeeper.rules.common import names_text


def draft_of(step: Any, seats: list[Any], **others: Any) -> dict[str, Any]:
    """A draft: one part per seat, then the step's other choices."""
    return {"step": step, "taps": {**{str(seat): value for seat, value in enumerate(seats)}, **others}}


def step_taps(draft: Any, step: Any) -> dict[str, Any] | None:
    """The taps of a kept draft ({part: value}, unchecked) when it is one of `step`; None otherwise (another
    step's, or not a draft at all)."""
    if not isinstance(draft, dict) or draft.get("step") != step or not isinstance(draft.get("taps"), dict):
        return None
    return draft["taps"]


def taps_of(draft: Any, step: Any, count: int, others: tuple[str, ...] = ()) -> tuple[dict[int, Any], dict[str, Any]] | None:
    """The parts of a kept draft of this very step: ({seat: value}, {other choice: value}); None when
    the draft is of another step or names parts this step hasn't (values are the entry's to check)."""
    taps = step_taps(draft, step)
    if taps is None:
        return None
    seats: dict[int, Any] = {}
    named: dict[str, Any] = {}
    for part, value in taps.items():
        if part in others:
            named[part] = value
        elif isinstance(part, str) and part.isdecimal() and int(part) < count and part == str(int(part)):
            seats[int(part)] = value
        else:
            return None
    return seats, named


class DraftSharing:
    """The taps of the step under way on one device, kept as a draft and shared with the other devices
    of the game (GamePlay's part): each device sends the parts it changed; storage merges them with the
    other devices' (each part's latest tap wins) and every device shows the merge; a tap made here that
    another device changed since is said once."""

    # What GamePlay holds: its session (GameSession), the step's entry, the entry paused behind a correction.
    session: Any
    entry: Any
    paused: Any
    correcting: bool
    info: str | None
    message: str | None
    wrote: bool
    to_top: bool
    _mine: tuple[Any, dict[str, Any]]  # (step, {part: value}): the parts tapped here, not yet overtaken
    _kept: tuple[int, dict[str, Any]] | None  # (version, draft): the draft as kept last
    _seen: Any  # the merged draft as stored, last read

    def _fresh(self) -> Any:
        raise NotImplementedError


    def _keep_draft(self, take_back: Callable[[], None]) -> bool:
        """Store the taps of the step under way before the screen shows them (a restarted server, a
        closed tab or another device finds them again); a tap that can't be stored is taken back and
        the reason shown."""
        draft = self.entry.draft()
        changed = self._changed_parts(draft)
        if not changed:
            return True  # the tap changed nothing to keep
        outcome = self.session.save_draft({"step": draft["step"], "taps": changed})
        if outcome.ok:
            step, mine = self._mine
            self._mine = (draft["step"], {**(mine if step == draft["step"] else {}), **changed})
            self._tell_overtaken(self._take_in(outcome.kept))
            self.wrote = True  # the other devices show the taps too
            return True
        take_back()
        self.message = outcome.message
        if outcome.stale:  # another device changed the game: show it as it is now
            self.entry = self._fresh()
            self._restore_draft()
            self.to_top = True
        return False

    def _changed_parts(self, draft: dict[str, Any]) -> dict[str, Any]:
        """The parts of `draft` that differ from the draft kept last (for another version or step: the
        parts tapped at all, so that untapped parts don't overwrite another device's taps)."""
        if self._kept is None or self._kept[0] != self.session.version or self._kept[1]["step"] != draft["step"]:
            return self._tapped_parts(draft)
        kept = self._kept[1]["taps"]
        return {part: value for part, value in draft["taps"].items() if part not in kept or kept[part] != value}

    def _tapped_parts(self, draft: dict[str, Any]) -> dict[str, Any]:
        """The parts of `draft` that differ from the step's as nothing is tapped."""
        fresh = self._fresh()
        untapped = fresh.draft() if fresh is not None else None
        untapped = untapped["taps"] if untapped is not None and untapped["step"] == draft["step"] else {}
        return {part: value for part, value in draft["taps"].items() if part not in untapped or untapped[part] != value}

    def _take_in(self, stored: Any) -> list[str]:
        """Show the taps other devices made of this step (`stored`, the merged draft), paused behind a
        correction or not (else, resumed, it would keep its own taps for the next version over theirs).
        Returns the parts tapped here that another device has changed since."""
        entry = self.paused if self.correcting else self.entry
        if entry is None:
            return []
        self._seen = stored
        now = entry.draft()
        taps = step_taps(stored, now["step"]) or {}
        changes = {part: value for part, value in taps.items() if part not in now["taps"] or now["taps"][part] != value}
        if changes:
            entry.restore({"step": now["step"], "taps": changes})
        self._kept = (self.session.version, entry.draft())
        step, mine = self._mine
        if step != now["step"]:
            return []
        return [part for part, value in mine.items() if part in taps and taps[part] != value]

    def _tell_overtaken(self, parts: list[str]) -> None:
        """Say which taps made here another device changed since (each is told once)."""
        if not parts:
            return
        for part in parts:
            self._mine[1].pop(part, None)
        self.info = self._overtaken_text(parts)

    def _overtaken_text(self, parts: list[str]) -> str:
        return _("Another device changed what was tapped here for {names}: the latest is shown.",
                 names=self._parts_text(parts))

    def _parts_text(self, parts: list[str]) -> str:
        """Draft parts in words: a seat by its player's name, another part by what it is ("who went out",
        "Ann's bonus")."""
        names, players = self.entry.part_names, self.entry.players
        part_text = self.entry.part_text

        def said(part: str) -> str:
            if part.isdecimal() and int(part) < len(players):
                return players[int(part)]
            return _(names[part]) if part in names else part_text(part) or part

        return names_text([said(part) for part in parts])

    def _keep_again(self, draft: dict[str, Any]) -> None:
        """After an entry that leaves the step open (here or on another device), keep its taps for the
        game's new version (a draft is kept for the version it was tapped on). Only the parts tapped
        (not as a fresh step has them): another device keeps its own, and they merge."""
        if self._kept is not None and self._kept[0] == self.session.version:
            self._take_in(self.session.draft())  # kept for this version already: show the other devices' taps
            return
        tapped = self._tapped_parts(draft)
        if not tapped:
            self._take_in(self.session.draft())
            return
        outcome = self.session.save_draft({"step": draft["step"], "taps": tapped})
        if outcome.ok:
            self._take_in(outcome.kept)

    def _restore_draft(self) -> None:
        entry = self.entry
        self._mine = (None, {})
        self._seen = self.session.draft()
        if entry is not None and entry.restore(self._seen):
            self.info = entry.restored_text()
        self._kept = (self.session.version, entry.draft()) if entry is not None else None

    def take_in_stored(self) -> None:
        """Show the taps other devices kept of this step; say so when one overtook a tap made here."""
        self._tell_overtaken(self._take_in(self.session.draft()))
