"""Fixtures for the end-to-end tests (every test under tests/e2e is marked `e2e` automatically).

* `browser`     session-scoped Debian Chromium (/usr/bin/chromium, or $SCOREKEEPER_E2E_CHROMIUM);
                missing -> the tests ERROR with a clear message, they never skip.
* `app_server`  FUNCTION-scoped `AppServer`: a fresh `scorekeeper serve` with an empty temp SQLite
                database and data dir for every test (start ~0.5 s), so tests never see each
                other's games. `app_server.restart()` keeps port and database.
* `phone`, `tablet`  an `AppPage` of 390x844 / 1180x820, already opened on `app_server`.
* `make_page(size, open=True, server=None)`  more pages (a second device at the same table).
* `make_server(**kwargs)`  more servers (started; stopped and deleted after the test).

Run them: `.venv/bin/python -m pytest -m e2e` (or `tests/e2e`). When a test fails, the server log tail
is attached to the report.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from .harness import CHROMIUM, CHROMIUM_ARGS, PHONE, TABLET, AppPage, AppServer, ForwardedFor

_HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config, items):
    for item in items:
        if _HERE in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.e2e)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.failed:
        for server in getattr(item, "_e2e_servers", []):
            report.sections.append((f"scorekeeper server {server.url}", server.log_tail(60)))


@pytest.fixture(scope="session")
def browser():
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        pytest.fail(
            f"The end-to-end tests need Chromium at {CHROMIUM} (Debian package `chromium`; "
            "scripts/test.sh installs it, or set SCOREKEEPER_E2E_CHROMIUM). "
            "Do not run `playwright install`.",
            pytrace=False,
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def make_server(request, tmp_path):
    servers: list[AppServer] = []
    request.node._e2e_servers = servers

    def make(**kwargs) -> AppServer:
        server = AppServer(tmp_path / f"server{len(servers)}", **kwargs)
        servers.append(server)
        return server.start()

    yield make
    for server in servers:
        server.stop(kill=True)  # its database is thrown away anyway; SIGTERM would cost ~0.4 s


@pytest.fixture
def app_server(make_server) -> AppServer:
    return make_server()


@pytest.fixture
def make_page(browser, make_server, request):  # make_server first: servers outlive the pages on teardown
    pages: list[AppPage] = []

    def make(size: tuple[int, int] = PHONE, *, open: bool = True, server: AppServer | None = None, name: str | None = None,
             context: dict | None = None) -> AppPage:
        context = dict(context or {})
        forwarded_for = context.pop("forwarded_for", None)  # a device elsewhere on the network (harness.ForwardedFor)
        page = AppPage.new(browser, size, name=name, **context)
        pages.append(page)
        if open:
            server = server or request.getfixturevalue("app_server")
            page.open(ForwardedFor(server.url, forwarded_for).url if forwarded_for else server.url)
        return page

    yield make
    for page in pages:
        page.close()


@pytest.fixture
def phone(make_page) -> AppPage:
    return make_page(PHONE, name="phone")


@pytest.fixture
def tablet(make_page) -> AppPage:
    return make_page(TABLET, name="tablet")
