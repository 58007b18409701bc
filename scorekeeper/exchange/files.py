"""Writing an export file so that nothing half-written is ever left behind, even by a killed export.

The data goes to a hidden partial file beside the target (`.NAME.<pid>-<token>.partial`), which is
renamed over the target once complete: the target is either the old file or the whole new one. Before
the partial file is made, a note naming it goes into the user's state folder
(~/.local/state/scorekeeper/exports-under-way/ on Linux); the note is removed when the write ends either
way. An export killed in between (SIGKILL, a power cut) leaves its note: the next run of any command
and the app's start-up (clean_up_killed_exports) remove the partial files of exports whose process is gone.
"""
from __future__ import annotations

import json
import logging
import os
import time
from pathlib import Path
from uuid import uuid4

import platformdirs

log = logging.getLogger(__name__)

NOTES = "exports-under-way"
PARTIAL = ".partial"
STALE_AFTER_SECONDS = 3600  # where a process can't be asked whether it still runs (Windows): an hour


def notes_folder() -> Path:
    return Path(platformdirs.user_state_dir("scorekeeper", appauthor=False)) / NOTES


def write_file(target: Path, data: bytes) -> None:
    """Write `data` to `target` whole or not at all; OSError when it can't be written (nothing left behind)."""
    target = Path(target)
    token = f"{os.getpid()}-{uuid4().hex[:8]}"
    partial = target.with_name(f".{target.name}.{token}{PARTIAL}")
    target.with_name(f".{target.name}{PARTIAL}").unlink(missing_ok=True)  # left by a version before the notes
    note = _note(partial, token)
    try:
        with open(partial, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())  # the whole file on disk before it takes the target's name
        os.replace(partial, target)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    finally:
        if note is not None:
            note.unlink(missing_ok=True)


def _note(partial: Path, token: str) -> Path | None:
    """The note naming a partial file about to be made; None when the state folder can't be written (the
    write goes on: only a kill in the middle would then leave the partial file for the next export to it)."""
    folder = notes_folder()
    note = folder / f"{token}.json"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        note.write_text(json.dumps({"pid": os.getpid(), "partial": str(partial.resolve())}), encoding="utf-8")
    except OSError as error:
        log.warning("no note of the export under way in %s: %s", folder, error)
        return None
    return note


def _running(pid: object, noted_at: float) -> bool:
    if type(pid) is not int or pid <= 0:
        return False
    if os.name == "nt":  # os.kill would end the process there: go by the note's age instead
        return time.time() - noted_at < STALE_AFTER_SECONDS
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process
        return True
    return True


def clean_up_killed_exports() -> list[Path]:
    """Remove the partial files of exports that were killed before they ended; returns those removed.
    Never raises: a leftover that can't be removed now is tried again next time."""
    removed = []
    try:
        notes = list(notes_folder().glob("*.json"))
    except OSError:
        return removed
    for note in notes:
        try:
            noted = json.loads(note.read_text(encoding="utf-8"))
            if _running(noted.get("pid"), note.stat().st_mtime):
                continue
            partial = Path(noted["partial"])
            # Only ever a partial file of ours: hidden, named .NAME.<pid>-<token>.partial.
            if partial.name.startswith(".") and partial.name.endswith(PARTIAL) and partial.is_file():
                partial.unlink()
                removed.append(partial)
            note.unlink(missing_ok=True)
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
            log.warning("a killed export's leftover %s can't be cleaned up now: %s", note, error)
            if isinstance(error, (ValueError, KeyError, TypeError, AttributeError)):
                note.unlink(missing_ok=True)  # a note that can't be read names nothing to remove
    return removed
