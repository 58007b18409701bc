"""Shared fixtures: databases for the storage tests and for anyone who needs a real one.

- `sqlite_url`: a SQLite file in a fresh temp folder (the folder also takes backups/).
- `postgres_url` (session): a real PostgreSQL server started for this test run on 127.0.0.1 and a
  free port, in a temp data folder, stopped at the end; the URL names one database shared by the run.
- `postgres_server` (session): that server; `.new_database()` gives a fresh, empty database URL.
- `store_url`: parametrized over both, a fresh empty database for each test (the PostgreSQL case is
  marked `postgres`, so `-m "not postgres"` runs SQLite alone).
- `store`: a Store on `store_url`, closed after the test.
"""
from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import pytest

from scorekeeper.storage import Store
from scorekeeper.storage.database import sqlite_url as file_url

PG_USER = "nobody"  # initdb and postgres refuse to run as root


def _postgres_bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class PostgresServer:
    def __init__(self, bin_dir: Path):
        self.bin_dir = bin_dir
        self.root = Path(tempfile.mkdtemp(prefix="scorekeeper-pg-"))
        self.data = self.root / "data"
        self.log = self.root / "server.log"
        self.port = _free_port()
        self._numbers = itertools.count(1)
        self.as_user: list[str] = []
        if os.geteuid() == 0:
            entry = pwd.getpwnam(PG_USER)
            os.chown(self.root, entry.pw_uid, entry.pw_gid)
            self.as_user = ["runuser", "-u", PG_USER, "--"]

    def _run(self, *command: str) -> None:
        done = subprocess.run([*self.as_user, *command], capture_output=True, text=True, timeout=120, cwd=self.root)
        if done.returncode != 0:
            server_log = self.log.read_text() if self.log.exists() else ""
            raise RuntimeError(f"{command[0]} failed:\n{done.stdout}\n{done.stderr}\n{server_log}")

    def start(self) -> None:
        self._run(str(self.bin_dir / "initdb"), "-D", str(self.data), "-A", "trust", "-U", "postgres", "-E", "UTF8",
                  "--no-sync")
        options = (f"-h 127.0.0.1 -p {self.port} -k {self.root} -c fsync=off -c synchronous_commit=off "
                   "-c full_page_writes=off -c max_connections=200")
        self._run(str(self.bin_dir / "pg_ctl"), "-D", str(self.data), "-l", str(self.log), "-w", "-t", "60",
                  "-o", options, "start")

    def restart(self) -> None:
        """Stop and start again on the same port and data (a club's database restarted mid-evening)."""
        self._run(str(self.bin_dir / "pg_ctl"), "-D", str(self.data), "-l", str(self.log), "-m", "fast", "-w",
                  "-t", "60", "restart")

    def stop(self) -> None:
        try:
            self._run(str(self.bin_dir / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    def url(self, database: str) -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        import psycopg

        name = f"scorekeeper_test_{next(self._numbers)}"
        with psycopg.connect(f"host=127.0.0.1 port={self.port} user=postgres dbname=postgres", autocommit=True) as admin:
            admin.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)


@pytest.fixture(scope="session")
def postgres_server():
    bin_dir = _postgres_bin()
    if bin_dir is None:
        pytest.fail("PostgreSQL is not installed: run the tests with `bash scripts/test.sh`, which installs it")
    server = PostgresServer(bin_dir)
    try:
        server.start()
    except BaseException:
        server.stop()
        raise
    yield server
    server.stop()


@pytest.fixture(scope="session")
def postgres_url(postgres_server) -> str:
    return postgres_server.new_database()


@pytest.fixture
def sqlite_url(tmp_path) -> str:
    return file_url(tmp_path / "data" / "scorekeeper.db")


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def store_url(request, tmp_path) -> str:
    if request.param == "sqlite":
        return file_url(tmp_path / "data" / "scorekeeper.db")
    return request.getfixturevalue("postgres_server").new_database()


@pytest.fixture
def store(store_url):
    opened = Store(store_url)
    yield opened
    opened.close()


@pytest.fixture
def app_store(tmp_path, monkeypatch):
    """The app's own shared Store (the one every session of a server uses), opened afresh on a SQLite
    file of this test's (`app_store.url`), and forgotten after it: for tests that drive the app's
    sessions in-process. The table's PIN made meanwhile is forgotten too."""
    from scorekeeper import access, services

    monkeypatch.setenv("SCOREKEEPER_DATABASE_URL", file_url(tmp_path / "app.db"))
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path / "data"))  # the PIN's file (access.PIN_FILE)
    services.forget_shared_store()
    access._table = None
    opened = services.shared_store()
    yield opened
    services.forget_shared_store()
    access._table = None
    opened.close()
