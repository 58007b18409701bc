"""The app's start in the browser (the static site's main.py calls `main`).

The games live in a SQLite file under DATA, a folder of Pyodide's file system kept in the browser's
IndexedDB (IDBFS): read from it before the database is opened, and written back after every commit of
the database, awaited before the tap that made it shows as done (App.act, scorekeeper.capabilities).

The bytecode Python compiles from the app's modules is kept the same way, under BYTECODE (sys.pycache_prefix),
so a later start imports them without compiling them again; it is written back a while after the start,
never on a tap's way.
"""
from __future__ import annotations

import asyncio
import logging
import os
import sys

from scorekeeper import capabilities

DATA = "/scorekeeper"  # the mount point of the browser's persistent storage
BYTECODE = "/scorekeeper-bytecode"  # the compiled modules, kept apart (written back at other moments)
BYTECODE_KEPT_AFTER = (5.0, 30.0)  # seconds after the start: the modules the first screens import
log = logging.getLogger(__name__)


class Keeper:
    """Copies the in-memory files of one IDBFS mount to IndexedDB (after each commit: `committed`), one copy
    at a time, and only that mount's."""

    def __init__(self, fs: object, folder: str):
        self.fs = fs
        try:
            fs.mkdir(folder)
        except Exception:  # noqa: BLE001 - there already
            pass
        self.mount = fs.mount(fs.filesystems.IDBFS, {}, folder).mount
        self.running: asyncio.Future | None = None
        self.again = False
        self.idle = asyncio.Event()
        self.idle.set()
        self.error: str | None = None

    async def sync(self, populate: bool) -> None:
        from pyodide.ffi import create_once_callable

        done = asyncio.get_event_loop().create_future()

        def finished(error=None):
            if not done.done():  # (JavaScript's null: no error)
                done.set_result(None if error is None or repr(error) == "jsnull" else str(error))

        self.fs.filesystems.IDBFS.syncfs(self.mount, populate, create_once_callable(finished))
        error = await done
        if error:
            raise OSError(error)

    def committed(self, *_args) -> None:
        """After a commit: a copy is made now, or right after the one under way."""
        self.idle.clear()
        if self.running is not None and not self.running.done():
            self.again = True
            return
        self.running = asyncio.ensure_future(self._run())

    async def _run(self) -> None:
        while True:
            self.again = False
            try:
                await self.sync(False)
                self.error = None
            except Exception as error:  # noqa: BLE001 - said on the next tap's wait, and tried again next commit
                self.error = str(error)
                log.exception("keeping the games in the browser's storage failed")
            if not self.again:
                break
        self.idle.set()

    def pending(self):
        return None if self.idle.is_set() else self.idle.wait()


async def open_storage() -> None:
    """Mount the browser's persistent storage at DATA, read what it holds, and keep every commit there."""
    import pyodide_js

    fs = pyodide_js.FS
    keeper, bytecode = Keeper(fs, DATA), Keeper(fs, BYTECODE)
    await asyncio.gather(keeper.sync(True), bytecode.sync(True))
    sys.pycache_prefix = BYTECODE
    sys.dont_write_bytecode = False
    for delay in BYTECODE_KEPT_AFTER:
        asyncio.get_event_loop().call_later(delay, bytecode.committed)
    os.environ["FLET_APP_STORAGE_DATA"] = DATA
    from sqlalchemy import event  # (imported once the bytecode is kept: above)
    from sqlalchemy.engine import Engine

    event.listen(Engine, "connect", _small_log)
    event.listen(Engine, "commit", keeper.committed)
    capabilities.set_pending(keeper.pending)
    try:
        import js

        capabilities.storage_persisted = bool(await js.navigator.storage.persisted())
    except Exception:  # noqa: BLE001 - a browser that can't say: not promised
        capabilities.storage_persisted = False


def _small_log(dbapi_connection, _record) -> None:
    """SQLite's write-ahead log folded into the database at every commit and cut short: IDBFS copies every
    file that changed whole, and a log left to grow to SQLite's 1,000 pages (4 MB) would be copied at each
    tap."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA wal_autocheckpoint=1")
    cursor.execute("PRAGMA journal_size_limit=0")
    cursor.close()


async def main(page) -> None:
    await open_storage()
    from scorekeeper.ui.app import main as app_main  # (once the bytecode is kept: open_storage)

    await app_main(page)
