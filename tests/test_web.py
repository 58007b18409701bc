"""The phone alone (issue 40) without a browser: what `scorekeeper build-web` writes, what the app leaves out
where it can't work, and that a tap in the browser shows as done only once its write is kept.
tests/e2e/test_phone_alone.py drives the built site itself."""
from __future__ import annotations

import asyncio
import json
import shutil
import threading
from pathlib import Path

import pytest

from scorekeeper import capabilities
from scorekeeper.web import build as web_build


def flet_web_file(name: str) -> Path:
    import flet_web

    return Path(flet_web.__file__).resolve().parent / "web" / name


def test_a_computer_serves_the_table_and_prints():
    assert not capabilities.IN_BROWSER
    assert capabilities.SERVES_TABLE and capabilities.PRINTS and capabilities.POSTGRES
    assert capabilities.kept_later() is None  # a server's writes are on disk when the call returns


def test_the_page_loads_everything_from_its_own_folder(tmp_path):
    page = tmp_path / "index.html"
    shutil.copy(flet_web_file("index.html"), page)
    web_build._index(page)
    text = page.read_text()
    assert '<base href="./">' in text and 'flet.pyodide = true;' in text
    assert 'flet.pyodideUrl="./pyodide/pyodide.mjs"' in text and "cdn.jsdelivr" not in text
    assert 'flet.noCdn=true' in text and 'flet.routeUrlStrategy="hash"' in text
    assert '<script src="offline.js"></script>' in text


def test_flutters_own_service_worker_is_left_out(tmp_path):
    script = tmp_path / "flutter_bootstrap.js"
    shutil.copy(flet_web_file("flutter_bootstrap.js"), script)
    web_build._bootstrap(script)
    assert "serviceWorkerSettings: {" not in script.read_text() and 'serviceWorkerVersion: "' not in script.read_text()
    with pytest.raises(web_build.BuildError):
        web_build._bootstrap(script)  # a client that changed is said, not built wrong


def test_the_service_worker_keeps_every_file_and_changes_with_any(tmp_path):
    (tmp_path / "pyodide").mkdir()
    (tmp_path / "index.html").write_text("<html>")
    (tmp_path / "pyodide" / "pyodide.asm.wasm").write_bytes(b"\0asm")
    (tmp_path / "app.tar.gz").write_bytes(b"one")
    first = web_build._service_worker(tmp_path)
    worker = (tmp_path / "sw.js").read_text()
    files = json.loads(worker.split("const FILES = ", 1)[1].split(";\n", 1)[0])
    assert files == ["./", "app.tar.gz", "index.html", "pyodide/pyodide.asm.wasm"]
    assert f'const VERSION = "{first}"' in worker
    (tmp_path / "app.tar.gz").write_bytes(b"two")
    assert web_build._service_worker(tmp_path) != first  # a new build replaces the phone's copy


def test_babels_data_only_for_the_apps_languages():
    assert web_build._needed("babel/locale-data/fr_CA.dat") and web_build._needed("babel/locale-data/root.dat")
    assert web_build._needed("babel/locale-data/pt_BR.dat") and web_build._needed("babel/locale-data/en.dat")
    assert not web_build._needed("babel/locale-data/ja.dat") and not web_build._needed("babel/locale-data/zu_ZA.dat")
    assert not web_build._needed("sqlalchemy/testing/fixtures.py") and web_build._needed("sqlalchemy/orm/session.py")


def test_the_browser_gets_no_wheel_it_cannot_load():
    pinned = {requirement.split("==")[0] for requirement in web_build.pinned()}
    assert {"flet", "sqlmodel", "pydantic-core", "msgpack", "alembic", "babel"} <= pinned
    assert not pinned & {"pillow", "reportlab", "psycopg", "httpx", "greenlet"}


def test_a_folder_holding_something_else_is_not_overwritten(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(web_build.BuildError, match="not empty"):
        web_build.build(tmp_path)
    assert (tmp_path / "notes.txt").read_text() == "mine"


class _Page:
    def __init__(self):
        self.tasks = []

    def run_task(self, handler, *args):
        self.tasks.append((handler, args))


def _bare_app():
    from scorekeeper.ui.app import App

    app = App.__new__(App)  # only what App.act uses: no browser, no store
    app.lock = threading.RLock()
    app.stack = []
    app._drawn_by_taps = 0
    app.page = _Page()
    app.drawn = 0

    def redraw():
        app.drawn += 1

    app.redraw = redraw
    return app


def test_a_tap_shows_as_done_only_once_its_write_is_kept(monkeypatch):
    """In the browser, App.act redraws once the browser's storage holds the write, not before."""
    async def play():
        kept = asyncio.Event()
        monkeypatch.setattr(capabilities, "_pending", lambda: None if kept.is_set() else kept.wait())
        app = _bare_app()
        app.act(lambda: None)()
        assert app.drawn == 0 and len(app.page.tasks) == 1  # written, not yet kept: nothing shown
        handler, args = app.page.tasks[0]
        waiting = asyncio.ensure_future(handler(*args))
        await asyncio.sleep(0.01)
        assert app.drawn == 0
        kept.set()
        await waiting
        assert app.drawn == 1
        app.act(lambda: None)()  # nothing left to keep: drawn at once
        assert app.drawn == 2 and len(app.page.tasks) == 1

    asyncio.run(play())


def _home_and_settings(tmp_path, monkeypatch, *, in_browser: bool):
    """What Home and Settings offer, drawn by the real app in-process (benchmarks/tap.py's session), as on a
    computer or, with the browser's capabilities, as the static site draws them."""
    from benchmarks import tap as harness
    from scorekeeper import services
    from scorekeeper.ui.app import main
    from test_ui_redraw import run_apart

    monkeypatch.setenv("SCOREKEEPER_DATABASE_URL", f"sqlite:///{tmp_path / 'web.db'}")
    if in_browser:
        monkeypatch.setattr(capabilities, "SERVES_TABLE", False)
        monkeypatch.setattr(capabilities, "PRINTS", False)
        monkeypatch.setattr(capabilities, "storage_persisted", False)
    services.forget_shared_store()

    async def play():
        _connection, session = await harness._new_session(390, 844)
        await harness._run_main(session, main)
        home = set(harness.tappables(session.page))
        app = session.page.data
        with app.lock:
            app.open("/settings")
        settings = set(harness.tappables(session.page))
        return home, settings

    try:
        return run_apart(play())
    finally:
        services.forget_shared_store()


def test_the_browser_s_copy_leaves_out_what_it_cannot_do(tmp_path, monkeypatch):
    home, settings = _home_and_settings(tmp_path, monkeypatch, in_browser=False)
    assert "invite" in home and {"export-all-json", "export-all-csv", "import-games"} <= settings
    home, settings = _home_and_settings(tmp_path, monkeypatch, in_browser=True)
    assert "invite" not in home and "new-game" in home
    assert {"export-all-json", "export-all-csv", "import-games"} <= settings
