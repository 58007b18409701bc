"""End-to-end harness: the real `scorekeeper serve` driven by headless Debian Chromium.

In a test (fixtures in conftest.py)::

    def test_new_game(phone, app_server, tmp_path):  # phone: AppPage 390x844, already open on app_server
        phone.tap("new-game")                       # identifier, aria-label, button name or text line
        phone.type_into("Player 1", "Ann")
        phone.expect_text("Ann")
        app_server.restart(); phone.wait_reconnected()
        assert phone.text_of("score-ann") == "0"
        phone.screenshot_stable(tmp_path / "game.png")

HOW TO LABEL A FLET CONTROL SO A TEST FINDS IT
==============================================
Give the thing a test has to tap or read a stable *identifier* (not announced to
screen readers, not translated, not changed by the UI copy)::

    ft.Semantics(identifier="score-ann", content=ft.Text("42"))      # page.text_of("score-ann") == "42"
    ft.Semantics(identifier="add-round", content=ft.Button("Add round", on_click=...))  # page.tap("add-round")

ALWAYS pass ``content=`` by keyword: in Flet 1.0 the first positional parameter of
``ft.Semantics`` is ``tooltip``; ``ft.Semantics(ft.Text("x"))`` makes the Flutter client
draw a grey error box instead of the subtree (and nothing of it reaches the DOM).

What Flet 1.0 / Flutter web puts in the DOM once semantics is on (checked with
flet 1.0.5, Chromium 156). Every node is an ``<flt-semantics>`` element:

* ``ft.Text("Hi")``                   -> ``<flt-semantics><span>Hi</span>`` (no aria-label; found by text)
* ``ft.Text("Hi", semantics_label="L")`` -> span text is "L" (the label *replaces* the text)
* ``ft.Button("Go")`` / OutlinedButton / FilledButton / ListTile(on_click) / Segment
                                      -> ``role="button"``, text content "Go" (accessible name), no aria-label;
                                         a ListTile's text is "title\\nsubtitle"; a selected Segment has aria-current="true"
* ``ft.Semantics(selected=True, content=ft.Button("Go"))`` -> a node with aria-current="true" around the button
                                         (``is_current("Go")``; selected=False: aria-current="false")
* ``ft.IconButton(icon, tooltip="Add one")`` / any control with ``tooltip=``
                                      -> wrapper with ``aria-label="Add one"`` around the ``role="button"`` node
* ``ft.Chip(label=ft.Text("A"))`` / Checkbox(label=) / Switch(label=)
                                      -> ``role="checkbox"`` (Switch: ``role="switch"``), ``aria-label="A"``, ``aria-checked``
* ``ft.TextField(label="Bid")``       -> ``<input aria-label="Bid" data-semantics-role="text-field">`` (hint_text is used
                                         when there is no label)
* ``ft.Dropdown``                     -> ``role="button" aria-expanded``, no name: wrap it in Semantics(identifier=...)
* ``ft.Semantics(identifier="x", content=...)`` -> ``flt-semantics-identifier="x"`` attribute on its own node
* ``ft.Semantics(label="L", content=ft.Button("Go"))`` -> ``role="group" aria-label="L"`` around the button
* ``ft.Semantics(label="L", content=ft.Text("42"))``   -> one node whose text is "L\\n42" (merged, NOT an aria-label)
* ``ft.Semantics(label="L", content=ft.Container(..., on_click=...), button=True)`` -> role="button", text "L\\nwrapped text"
* ``ft.Semantics(identifier="row", content=ft.Row([Text("Ann"), Text("12")]))`` -> one node, text "Ann\\n12"
* ``ft.Container(..., on_click=...)`` / ``ft.GestureDetector(on_tap=...)`` / a Card's clickable
  Container                           -> ``role="button"`` with the text inside as its name
* plain text is not tappable (no pointer events in the semantics DOM): tap its button instead.

Flutter only builds semantics nodes for what is on screen (plus a small cache extent):
rows scrolled far away are not in the DOM; ``scroll_to(label)`` wheels until they are.

HOW A LABEL IS RESOLVED
=======================
``tap(label)``, ``text_of(label)``, ``find(label)``, ``exists(label)`` try, in this order, and use
the first kind that matches something: ``flt-semantics-identifier`` == label, ``aria-label`` ==
label, a ``role=button`` whose name == label, an element one of whose text lines == label (a
ListTile's title). ``tap_text(text)``, ``expect_text(text)``, ``wait_gone(text)`` look at texts
and aria-labels only (expect_text/wait_gone: substring, case-insensitive, unless exact=True).
Several matches: the first in document order is used. ``text_of`` gives an input's value, else
the node's text (merged parts joined by newlines), else its aria-label. ``semantics_dump()`` prints
the tree as the harness sees it; every failure message includes it.

RESTARTS
========
When the server goes away Flet's client keeps the old screen, shows "Working..." and retries the
WebSocket; once the server is back it reconnects WITHOUT reloading and runs the app's main() again
(a new session: only what is in the database survives). ``page.wait_reconnected()`` waits for
that. The refused WebSocket attempts land in ``page.console_errors``.

TYPING
======
Flutter web keeps a real ``<input>`` per text field once semantics is on. ``type_into`` clicks it
(Flutter focuses its editing host), optionally clears it (Ctrl+A, Backspace: works in Flutter's fields) and types with
``page.keyboard.type``: every character is a real key event, so ``on_change`` fires per character.
``Locator.fill`` works too (one on_change). ``press("Enter")`` submits (``on_submit``).

SCREENSHOTS
===========
The canvas lags the semantics DOM (the first screenshot of a page can even be blank and button
ripples animate for ~0.4 s), so ``screenshot_stable`` takes screenshots ``gap`` seconds apart
until two in a row are byte-identical. If the screen never settles (an endless animation), the
last screenshot is written after ``timeout`` anyway (``strict=True`` raises instead).

SERVERS
=======
``AppServer`` runs ``scorekeeper serve --host 127.0.0.1 --port P`` with its own SQLite file
(SCOREKEEPER_DATABASE_URL) and Flet storage dirs (FLET_APP_STORAGE_DATA / _TEMP) in a temp
dir. ``restart()`` keeps the port *and* the database, so an open page can reconnect.
"""
from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Callable, Iterator

from playwright.sync_api import Browser, BrowserContext, Error as PlaywrightError, Locator, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

CHROMIUM = os.environ.get("SCOREKEEPER_E2E_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

PHONE = (390, 844)
TABLET = (1180, 820)

DEFAULT_TIMEOUT = 10.0  # seconds, for taps and waits inside an open app
START_CEILING = 240.0  # seconds a server's start is waited for at most while its process lives (AppServer.start)
POLL = 0.05
# A script in the page answers in milliseconds; one that has not answered in this long never will
# (a renderer stuck under load once held a test until pytest-timeout's 300 s, saying nothing).
JS_TIMEOUT = 30.0


class E2EError(AssertionError):
    """A harness wait or lookup failed; the message carries what the page showed."""


# ----------------------------------------------------------------------------------------------
# Server
# ----------------------------------------------------------------------------------------------


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def _listening_inodes(port: int) -> set[str] | None:
    """Socket inodes in LISTEN state on `port` (Linux /proc); None when /proc is unavailable."""
    found: set[str] = set()
    seen_any = False
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        seen_any = True
        for line in lines:
            parts = line.split()
            if len(parts) > 9 and parts[3] == "0A" and int(parts[1].rsplit(":", 1)[1], 16) == port:
                found.add(parts[9])
    return found if seen_any else None


def _owns_listener(pid: int, port: int) -> bool | None:
    """True when process `pid` holds the listening socket on `port`; None when it can't be told."""
    inodes = _listening_inodes(port)
    if inodes is None:
        return None
    try:
        fds = os.listdir(f"/proc/{pid}/fd")
    except OSError:
        return None
    for fd in fds:
        with contextlib.suppress(OSError):
            target = os.readlink(f"/proc/{pid}/fd/{fd}")
            if target.startswith("socket:[") and target[8:-1] in inodes:
                return True
    return False


def _server_command() -> list[str]:
    script = Path(sys.executable).with_name("scorekeeper")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-m", "scorekeeper"]


class AppServer:
    """`scorekeeper serve` in a subprocess, with a database and data dir of its own.

    >>> with AppServer() as server:          # or: server = AppServer().start(); ...; server.stop()
    ...     page.open(server.url)
    ...     server.restart()                 # same port, same database: the open page reconnects

    Attributes after start(): url, port, database_url, db_path, data_dir, log_path,
    startup_seconds (spawn -> first HTTP 200 of the last start).
    """

    def __init__(
        self,
        workdir: str | os.PathLike | None = None,
        *,
        host: str = "127.0.0.1",
        port: int | None = None,
        env: dict[str, str] | None = None,
        start_timeout: float | None = None,
        command: list[str] | None = None,
        database_url: str | None = None,
    ) -> None:
        self.command = command  # another server to start instead of `scorekeeper serve` (benchmark baselines)
        self._own_workdir = workdir is None
        self.workdir = Path(workdir) if workdir is not None else Path(tempfile.mkdtemp(prefix="scorekeeper-e2e-"))
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.host = host
        self.port = port or free_port(host)
        self._fixed_port = port is not None
        self.db_path = self.workdir / "scorekeeper.db"
        self.database_url = database_url or f"sqlite:///{self.db_path}"  # (a PostgreSQL one: a club's servers)
        self.data_dir = self.workdir / "data"
        self.temp_dir = self.workdir / "temp"
        self.log_path = self.workdir / "server.log"
        self.extra_env = dict(env or {})
        self.start_timeout = start_timeout
        self.proc: subprocess.Popen | None = None
        self.startup_seconds: float | None = None
        self.starts = 0

    # -- lifecycle -------------------------------------------------------------------------------

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}/"

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def env(self) -> dict[str, str]:
        env = dict(os.environ)
        env.update(
            SCOREKEEPER_DATABASE_URL=self.database_url,
            FLET_APP_STORAGE_DATA=str(self.data_dir),
            FLET_APP_STORAGE_TEMP=str(self.temp_dir),
            PYTHONUNBUFFERED="1",
        )
        env.pop("FLET_FORCE_WEB_SERVER", None)
        env.update(self.extra_env)
        return env

    def start(self) -> "AppServer":
        if self.running:
            raise RuntimeError(f"server already running on {self.url}")
        self.data_dir.mkdir(exist_ok=True)
        self.temp_dir.mkdir(exist_ok=True)
        for attempt in range(5):
            try:
                self._spawn_and_wait()
                return self
            except _PortTaken:
                self._terminate(grace=2.0)
                if self._fixed_port or self.starts > 0:
                    # a restart must keep its port (an open page reconnects to it): wait and retry
                    time.sleep(0.5)
                else:
                    self.port = free_port(self.host)
        raise E2EError(f"could not serve on {self.url}: the port stayed taken by another process (5 attempts)\n{self.log_tail(8)}")

    def _spawn_and_wait(self) -> None:
        cmd = [*(self.command or [*_server_command(), "serve"]), "--host", self.host, "--port", str(self.port)]
        log = open(self.log_path, "ab")
        log.write(f"\n===== start #{self.starts + 1}: {' '.join(cmd)}\n".encode())
        log.flush()
        self._log_offset = log.tell()
        t0 = time.monotonic()
        try:
            self.proc = subprocess.Popen(
                cmd, cwd=self.workdir, env=self.env(), stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL
            )
        finally:
            log.close()
        # Waits on the process, not on a clock: a server that starts slowly on a loaded machine (load 15 on
        # two cores took over 30 s once) is waited for while it lives; one that exits is reported at once.
        # START_CEILING only ends a start that hangs for good (pytest-timeout would, without a word).
        deadline = t0 + (self.start_timeout or START_CEILING)
        while True:
            if self.proc.poll() is not None:
                raise E2EError(f"scorekeeper serve exited with {self.proc.returncode} before answering\n{self.log_tail()}")
            if self._this_start_log_has("address already in use"):
                raise _PortTaken()
            if self._answers():
                owner = _owns_listener(self.proc.pid, self.port)
                if owner is False:
                    if self._this_start_log_has("address already in use") or time.monotonic() > deadline:
                        raise _PortTaken()
                    # something else answers on our port; ours may not have bound yet: keep polling
                else:
                    break
            if time.monotonic() > deadline:
                self._terminate(grace=2.0)
                raise E2EError(f"scorekeeper serve did not answer on {self.url} within {deadline - t0:.0f} s\n{self.log_tail()}")
            time.sleep(POLL)
        self.startup_seconds = time.monotonic() - t0
        self.starts += 1

    def _answers(self) -> bool:
        try:
            with urllib.request.urlopen(self.url, timeout=2) as response:
                return response.status == 200
        except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
            return False

    def _this_start_log_has(self, needle: str) -> bool:
        try:
            with open(self.log_path, "rb") as f:
                f.seek(self._log_offset)
                return needle.encode() in f.read().lower()
        except OSError:
            return False

    def stop(self, *, kill: bool = False, grace: float = 5.0) -> float:
        """Stop the server: SIGTERM, then SIGKILL after `grace` seconds (`kill=True`: SIGKILL at once,
        like a crash or a pulled plug). Returns the seconds it took."""
        t0 = time.monotonic()
        self._terminate(grace=0.0 if kill else grace)
        return time.monotonic() - t0

    def _terminate(self, grace: float) -> None:
        proc, self.proc = self.proc, None
        if proc is None or proc.poll() is not None:
            return
        if grace > 0:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=grace)
                return
            except subprocess.TimeoutExpired:
                pass
        proc.kill()
        proc.wait(timeout=10)

    def restart(self, *, kill: bool = False, grace: float = 5.0) -> "AppServer":
        """Stop and start again on the same port with the same database and data dir."""
        self.stop(kill=kill, grace=grace)
        return self.start()

    def close(self) -> None:
        """Stop and delete the temp dir (if the harness made it)."""
        self.stop()
        if self._own_workdir:
            shutil.rmtree(self.workdir, ignore_errors=True)

    def log_tail(self, lines: int = 40) -> str:
        try:
            text = self.log_path.read_text(errors="replace").splitlines()
        except OSError:
            return "(no server log)"
        return "----- server log (tail) -----\n" + "\n".join(text[-lines:]) + "\n" + self._process_state()

    def _process_state(self) -> str:
        """Whether the server process is still there: a server killed from outside (the machine's
        out-of-memory killer, a crash in native code) leaves no line in its log."""
        if self.proc is None:
            return "----- server process: stopped by the test -----"
        code = self.proc.poll()
        return (f"----- server process {self.proc.pid}: still running -----" if code is None
                else f"----- server process {self.proc.pid}: exited with {code} -----")

    def __enter__(self) -> "AppServer":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.close()


class _PortTaken(Exception):
    pass


# ----------------------------------------------------------------------------------------------
# Page
# ----------------------------------------------------------------------------------------------

_INIT_SCRIPT = """
window.__e2e = {firstFrame: null};
window.addEventListener('flutter-first-frame', () => { window.__e2e.firstFrame = performance.now(); });
"""

# Switch the semantics DOM on (again, after a reload) when it isn't: the placeholder is 1x1 px
# outside the viewport, so it is clicked from JS. Returns true when semantics nodes exist.
_ENSURE_SEMANTICS = """() => {
  if (document.querySelector('flt-semantics-host flt-semantics')) return true;
  const p = document.querySelector('flt-semantics-placeholder');
  if (p) p.click();
  return false;
}"""

# Has the Flet page content arrived (any text, label or role under the semantics host)?
_HAS_CONTENT = """() => {
  const host = document.querySelector('flt-semantics-host');
  if (!host) return false;
  for (const el of host.querySelectorAll('flt-semantics, span, input, textarea')) {
    if (el.getAttribute('aria-label') || el.getAttribute('role') || el.getAttribute('flt-semantics-identifier')) return true;
    for (const n of el.childNodes) if (n.nodeType === 3 && n.textContent.trim()) return true;
  }
  return false;
}"""

# One line per semantics node that says something: [role] #identifier label="..." "text" state.
_DUMP = """() => {
  const host = document.querySelector('flt-semantics-host');
  if (!host) return document.querySelector('flt-semantics-placeholder') ? '(semantics not enabled)' : '(no Flutter view yet)';
  const out = [];
  const ownText = (el) => {
    let t = '';
    for (const n of el.childNodes) {
      if (n.nodeType === 3) t += n.textContent;
      else if (n.nodeType === 1 && n.tagName === 'SPAN') t += n.textContent;
    }
    return t.trim();
  };
  const walk = (el, depth) => {
    for (const c of el.children) {
      const tag = c.tagName.toLowerCase();
      if (tag !== 'flt-semantics' && tag !== 'input' && tag !== 'textarea') { walk(c, depth); continue; }
      const bits = [];
      const role = c.getAttribute('role');
      if (role && role !== 'group') bits.push('[' + role + ']');
      if (tag !== 'flt-semantics') bits.push('[' + tag + ' value=' + JSON.stringify(c.value) + ']');
      const id = c.getAttribute('flt-semantics-identifier'); if (id) bits.push('#' + id);
      const label = c.getAttribute('aria-label'); if (label) bits.push('label=' + JSON.stringify(label));
      const text = ownText(c); if (text) bits.push(JSON.stringify(text));
      if (bits.length) {
        for (const a of ['aria-checked', 'aria-selected', 'aria-expanded', 'aria-disabled'])
          if (c.hasAttribute(a)) bits.push(a.slice(5) + '=' + c.getAttribute(a));
      }
      if (c.getAttribute('aria-current') === 'true') bits.push('current');  // (alone: a Semantics(selected) wrapper)
      if (bits.length) out.push('  '.repeat(depth) + bits.join(' '));
      walk(c, bits.length ? depth + 1 : depth);
    }
  };
  walk(host, 0);
  return out.length ? out.join('\\n') : '(semantics tree is empty)';
}"""


def _line(text: str) -> re.Pattern:
    """Matches a node one of whose lines is exactly `text` (merged nodes join their parts with newlines:
    a ListTile is "title\nsubtitle")."""
    return re.compile(r"(^|\n)[ \t]*" + re.escape(text) + r"[ \t]*(\n|$)")


def _css_str(value: str) -> str:
    # A JSON string is a valid CSS string, once its letters stay letters: JSON's \u00ea is no CSS escape
    # (CSS reads it as "u00ea"), so a label in French ("Arrêter") would never be found.
    return json.dumps(value, ensure_ascii=False)


class AppPage:
    """A Playwright page showing the app, with waits that understand Flutter web.

    Made by `AppPage.new(browser, PHONE)` (own browser context, sized viewport, requests to any host
    but 127.0.0.1/localhost aborted) or by wrapping an existing Page: `AppPage(page)`.
    Every wait takes `timeout` in seconds (default `self.timeout`) and raises E2EError with a dump
    of the semantics tree when it runs out.
    """

    def __init__(self, page: Page, *, timeout: float = DEFAULT_TIMEOUT, name: str = "page") -> None:
        self.page = page
        self.timeout = timeout
        self.js_timeout = JS_TIMEOUT  # the bound on one script in the page
        self.name = name
        self.console_errors: list[str] = []
        self.first_frame_seconds: float | None = None
        self.content_seconds: float | None = None
        self.url: str | None = None
        self._sockets: list[dict] = []  # every WebSocket the page opened: {"frames": n}
        self._session_socket = -1  # index of the socket the shown session came through
        page.add_init_script(_INIT_SCRIPT)
        page.on("console", self._on_console)
        page.on("websocket", self._on_websocket)
        page.on("pageerror", lambda err: self.console_errors.append(f"pageerror: {err}"))

    @classmethod
    def new(
        cls, browser: Browser, viewport: tuple[int, int] = PHONE, *, name: str | None = None, timeout: float = DEFAULT_TIMEOUT, **context_options
    ) -> "AppPage":
        context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]}, **context_options)
        context.route("**/*", _local_only)
        page = context.new_page()
        return cls(page, timeout=timeout, name=name or f"{viewport[0]}x{viewport[1]}")

    @property
    def context(self) -> BrowserContext:
        return self.page.context

    def close(self) -> None:
        with contextlib.suppress(PlaywrightError):
            self.context.close()

    def _on_websocket(self, ws) -> None:
        entry = {"frames": 0, "url": ws.url, "opened": time.monotonic(), "closed": None}
        self._sockets.append(entry)
        ws.on("framereceived", lambda _payload: entry.__setitem__("frames", entry["frames"] + 1))
        ws.on("close", lambda _ws: entry.__setitem__("closed", time.monotonic()))

    def _live_socket(self) -> int:
        """Index of the newest WebSocket that has received something from the server, or -1."""
        for i in range(len(self._sockets) - 1, -1, -1):
            if self._sockets[i]["frames"]:
                return i
        return -1

    def _on_console(self, msg) -> None:
        if msg.type == "error" and "net::ERR_FAILED" not in msg.text:  # ERR_FAILED: the CDN request we abort
            self.console_errors.append(msg.text)

    # -- loading ---------------------------------------------------------------------------------

    def open(self, url: str, *, timeout: float = 30.0) -> "AppPage":
        """Load the app, wait for Flutter's first frame, switch the semantics DOM on and wait until
        the page's content is in it. Sets first_frame_seconds and content_seconds."""
        self.url = url
        t0 = time.monotonic()
        self.page.goto(url, wait_until="commit", timeout=timeout * 1000)
        self._wait_js("() => window.__e2e && window.__e2e.firstFrame !== null", timeout, "Flutter's first frame")
        self.first_frame_seconds = time.monotonic() - t0
        self.wait_ready(timeout=timeout - (time.monotonic() - t0))
        self.content_seconds = time.monotonic() - t0
        self._session_socket = self._live_socket()
        return self

    def wait_reconnected(self, *, timeout: float = 30.0) -> float:
        """After the server went away (restart, crash): wait until this open page has reconnected by
        itself and shows the new session. Flet's client retries the WebSocket, shows "Working..."
        meanwhile, then runs the app's main() afresh for the page (a new session: state only survives
        through the database). No reload happens. Returns the seconds waited."""
        t0 = time.monotonic()
        before = self._session_socket
        self._poll(lambda: self._live_socket() > before, timeout, "the page to reconnect to the server (a new WebSocket answering)")
        self._session_socket = self._live_socket()
        self.wait_gone("Working...", exact=True, timeout=max(1.0, timeout - (time.monotonic() - t0)))
        self.wait_ready(timeout=max(1.0, timeout - (time.monotonic() - t0)))
        return time.monotonic() - t0

    def wait_ready(self, *, timeout: float | None = None) -> None:
        """Semantics on and some content in it (after open(), a reload or a server restart)."""
        self._poll(lambda: self._js(_ENSURE_SEMANTICS) and self._js(_HAS_CONTENT), timeout, "the app's content in the semantics DOM")

    def reload(self, *, timeout: float = 30.0) -> "AppPage":
        return self.open(self.url or self.page.url, timeout=timeout)

    def set_viewport(self, size: tuple[int, int]) -> None:
        self.page.set_viewport_size({"width": size[0], "height": size[1]})

    # -- finding ---------------------------------------------------------------------------------

    def _label_candidates(self, label: str) -> list[tuple[str, Locator]]:
        p = self.page
        return [
            ("identifier", p.locator(f"[flt-semantics-identifier={_css_str(label)}]")),
            ("aria-label", p.locator(f"flt-semantics-host [aria-label={_css_str(label)}]")),
            ("button name", p.get_by_role("button", name=label, exact=True)),
            ("text", p.locator("flt-semantics-host").get_by_text(_line(label))),
        ]

    def _text_locator(self, text: str, exact: bool) -> Locator:
        host = self.page.locator("flt-semantics-host")
        return host.get_by_text(_line(text) if exact else text).or_(host.get_by_label(text, exact=exact))

    def find(self, label: str, *, timeout: float | None = None) -> Locator:
        """The first element matching `label` (identifier, aria-label, button name, whole text)."""
        found: list[Locator] = []

        def attempt() -> bool:
            self._js(_ENSURE_SEMANTICS)
            for _, loc in self._label_candidates(label):
                if loc.count():
                    found.append(loc.first)
                    return True
            return False

        self._poll(attempt, timeout, f"something labelled {label!r} (identifier, aria-label, button name or text)")
        return found[0]

    def exists(self, label: str) -> bool:
        """Is `label` on screen right now (no waiting)?"""
        self._js(_ENSURE_SEMANTICS)
        return any(loc.count() for _, loc in self._label_candidates(label))

    def is_current(self, label: str) -> bool:
        """Is what `label` names marked as the chosen one (Semantics(selected=True): aria-current="true"
        on it or on a node around it), right now?"""
        self._js(_ENSURE_SEMANTICS)
        for _, loc in self._label_candidates(label):
            if loc.count():
                return bool(loc.first.evaluate("el => !!el.closest('[aria-current=\"true\"]')"))
        return False

    # -- acting ----------------------------------------------------------------------------------

    def tap(self, label: str, *, timeout: float | None = None) -> None:
        """Tap what `label` names (see find); waits for it to appear and to stop moving."""
        self._click(lambda left: self.find(label, timeout=left), timeout, f"tap {label!r}")

    def tap_text(self, text: str, *, exact: bool = True, timeout: float | None = None) -> None:
        """Tap the element showing `text` (exact=True: one line of its text, or its aria-label, is `text`)."""

        def locate(left: float) -> Locator:
            loc = self._text_locator(text, exact)
            self._poll(lambda: self._js(_ENSURE_SEMANTICS) and loc.count() > 0, left, f"text {text!r} to tap")
            return loc.first

        self._click(locate, timeout, f"tap text {text!r}")

    def _click(self, locate: Callable[[float], Locator], timeout: float | None, what: str) -> None:
        timeout = self.timeout if timeout is None else timeout
        deadline = time.monotonic() + timeout
        while True:
            loc = locate(max(0.5, deadline - time.monotonic()))
            self.into_view(loc)
            left = deadline - time.monotonic()
            try:
                # Playwright waits until it is visible, stable (not animating) and hit by the pointer.
                # At most 3 s per try: if the app rebuilt the screen meanwhile, look the label up again.
                loc.click(timeout=max(300, min(left, 3.0) * 1000))
                return
            except PlaywrightError as err:
                if time.monotonic() >= deadline:
                    raise self._failure(f"could not {what} within {timeout:g}s (is it tappable, on screen?): {err}") from None
            self._pause()

    def scroll_to(self, label: str, *, down: bool = True, at: tuple[int, int] | None = None, steps: int = 40, timeout: float | None = None) -> Locator:
        """Scroll with the mouse wheel (at the viewport's centre, or `at`) until `label` (see find) is in
        the semantics DOM: Flutter only builds nodes for what is on screen plus a small margin."""
        size = self.page.viewport_size or {"width": PHONE[0], "height": PHONE[1]}
        x, y = at or (size["width"] // 2, size["height"] // 2)
        step = (size["height"] // 2) * (1 if down else -1)
        for _ in range(steps):
            if self.exists(label):
                break
            self.page.mouse.move(x, y)
            self.page.mouse.wheel(0, step)
            self._pause()
        loc = self.find(label, timeout=timeout)
        loc.scroll_into_view_if_needed()
        return loc

    def into_view(self, loc: Locator, *, tries: int = 20) -> None:
        """Wheel `loc` into the viewport, as a person scrolls, and wait until it stops moving. Playwright's
        own scroll-into-view moves Flutter's semantics DOM ahead of the canvas: a click aimed while a
        redraw is landing can hit whatever the canvas still shows there (a switch, once)."""
        size = self.page.viewport_size or {"width": PHONE[0], "height": PHONE[1]}
        last = None
        for attempt in range(tries):
            try:
                box = loc.bounding_box(timeout=1000)
            except PlaywrightError:
                return  # gone or replaced: the caller looks it up again
            if box is None:
                return
            middle = box["y"] + box["height"] / 2
            if middle < 72 or middle > size["height"] - 24:  # under the app bar or off screen
                # Wheel over the element's own column: on a tablet the centre is the other pane's.
                column = min(max(box["x"] + box["width"] / 2, 1), size["width"] - 1)
                self.page.mouse.move(column, size["height"] // 2)
                self.page.mouse.wheel(0, middle - size["height"] / 2)
                last = None
            elif attempt == 0 or box == last:
                return  # in view from the start (Playwright checks it is still), or settled after wheeling
            else:
                last = box
            self._pause()

    def type_into(self, label: str, text: str, *, clear: bool = True, timeout: float | None = None) -> None:
        """Focus the text field `label` names and type `text` key by key (clearing it first)."""
        field = self._field(label, timeout)
        self.into_view(field)
        field.click(timeout=(self.timeout if timeout is None else timeout) * 1000)
        if clear and field.input_value():
            self.page.keyboard.press("ControlOrMeta+A")
            self.page.keyboard.press("Backspace")
        self.page.keyboard.type(text)
        if clear:
            self._poll(lambda: field.input_value() == text, timeout, f"field {label!r} to hold {text!r}")

    def press(self, key: str) -> None:
        """A key on the focused control, e.g. "Enter" (on_submit), "Tab"."""
        self.page.keyboard.press(key)

    def _field(self, label: str, timeout: float | None) -> Locator:
        found: list[Locator] = []
        p = self.page

        def attempt() -> bool:
            self._js(_ENSURE_SEMANTICS)
            for loc in (
                p.locator(f"[flt-semantics-identifier={_css_str(label)}]").locator("input, textarea"),
                p.locator(f"input[flt-semantics-identifier={_css_str(label)}], textarea[flt-semantics-identifier={_css_str(label)}]"),
                p.locator(f"input[aria-label={_css_str(label)}], textarea[aria-label={_css_str(label)}]"),
            ):
                if loc.count():
                    found.append(loc.first)
                    return True
            return False

        self._poll(attempt, timeout, f"a text field labelled {label!r}")
        return found[0]

    # -- reading ---------------------------------------------------------------------------------

    def text_of(self, label: str, *, timeout: float | None = None) -> str:
        """What the node `label` names says: an input's value, else its text (merged children joined by
        newlines), else its aria-label."""
        loc = self.find(label, timeout=timeout)
        return loc.evaluate(
            """el => {
                const input = (el.matches('input, textarea') ? el : el.querySelector('input, textarea'));
                if (input) return input.value;
                const text = (el.innerText || el.textContent || '').trim();
                return text || el.getAttribute('aria-label') || '';
            }"""
        )

    def expect_text(self, text: str, *, timeout: float | None = None, exact: bool = False) -> Locator:
        """Wait until `text` shows (in a text or an aria-label; substring unless exact=True)."""
        loc = self._text_locator(text, exact)
        self._poll(lambda: self._js(_ENSURE_SEMANTICS) and loc.count() > 0, timeout, f"text {text!r}")
        return loc.first

    def wait_gone(self, text: str, *, timeout: float | None = None, exact: bool = False) -> None:
        """Wait until no text or aria-label shows `text` any more."""
        loc = self._text_locator(text, exact)
        self._poll(lambda: self._js(_HAS_CONTENT) and loc.count() == 0, timeout, f"text {text!r} to disappear")

    def wait_until(self, predicate: Callable[[], bool], what: str, *, timeout: float | None = None) -> None:
        """Poll any condition with the harness's timeout and failure dump."""
        self._poll(predicate, timeout, what)

    def semantics_dump(self) -> str:
        """The semantics tree as indented lines: [role] #identifier label="..." "text"."""
        try:
            return self._js(_DUMP, timeout=5, dump=False)
        except (PlaywrightError, E2EError) as err:
            return f"(could not read the semantics tree: {err})"

    def visible_texts(self) -> list[str]:
        """Every text and aria-label in the semantics tree, in document order."""
        return self._js(
            """() => {
              const host = document.querySelector('flt-semantics-host'); if (!host) return [];
              const out = [];
              for (const el of host.querySelectorAll('*')) {
                const label = el.getAttribute('aria-label'); if (label) out.push(label);
                let own = ''; for (const n of el.childNodes) if (n.nodeType === 3) own += n.textContent;
                if (own.trim()) out.push(own.trim());
              }
              return out;
            }"""
        )

    # -- screenshots -----------------------------------------------------------------------------

    def screenshot_stable(
        self, path: str | os.PathLike, *, gap: float = 0.3, timeout: float = 10.0, strict: bool = False, full_page: bool = False
    ) -> Path:
        """Screenshot to `path` once two shots `gap` seconds apart are identical (the canvas lags the
        DOM). After `timeout`, writes the last shot (or raises with strict=True)."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        deadline = time.monotonic() + timeout
        previous = self.page.screenshot(full_page=full_page)
        while True:
            time.sleep(gap)
            shot = self.page.screenshot(full_page=full_page)
            if shot == previous:
                break
            previous = shot
            if time.monotonic() > deadline:
                if strict:
                    raise self._failure(f"screen did not settle within {timeout}s")
                break
        path.write_bytes(shot)
        return path

    # -- internals -------------------------------------------------------------------------------

    def _pause(self) -> None:
        # not time.sleep: Playwright's sync API only delivers events (WebSocket frames, console) while
        # one of its calls runs
        try:
            self.page.wait_for_timeout(POLL * 1000)
        except PlaywrightError:
            time.sleep(POLL)

    def _js(self, script: str, *, timeout: float | None = None, dump: bool = True):
        """Run a function expression in the page and return its value, within `timeout` seconds.
        page.evaluate has no timeout; wait_for_function's runs in the driver, so it fires even while
        the page's main thread is stuck, and a wrapped value is always truthy, so it answers at once."""
        timeout = self.js_timeout if timeout is None else timeout
        try:
            handle = self.page.wait_for_function(f"() => ({{value: ({script})()}})", timeout=timeout * 1000)
        except PlaywrightTimeoutError:
            message = f"the page did not answer a script within {timeout:g}s (its renderer is stuck)"
            raise (self._failure(message) if dump else E2EError(f"[{self.name}] {message}")) from None
        return handle.json_value().get("value")

    def _wait_js(self, script: str, timeout: float, what: str) -> None:
        try:
            self.page.wait_for_function(script, timeout=max(1, timeout) * 1000, polling=50)
        except PlaywrightError as err:
            raise self._failure(f"timed out after {timeout:.0f}s waiting for {what} ({err.__class__.__name__})") from None

    def _poll(self, predicate: Callable[[], bool], timeout: float | None, what: str) -> None:
        timeout = self.timeout if timeout is None else timeout
        deadline = time.monotonic() + timeout
        last_error: Exception | None = None
        while True:
            try:
                if predicate():
                    return
            except PlaywrightError as err:  # navigation or reload mid-poll: try again
                last_error = err
            if time.monotonic() > deadline:
                extra = f" (last error: {last_error})" if last_error else ""
                raise self._failure(f"timed out after {timeout:g}s waiting for {what}{extra}")
            self._pause()

    def _failure(self, message: str) -> E2EError:
        parts = [f"[{self.name}] {message}", f"url: {self.page.url}", "semantics tree now:", self.semantics_dump()]
        if self.console_errors:
            parts += ["browser console errors:", *self.console_errors[-10:]]
        if self._sockets:  # whether the page got a session: a socket that answered, or none at all
            now = time.monotonic()
            parts += ["WebSockets, newest last:", *(
                f"  opened {now - s['opened']:.1f}s ago, {s['frames']} frames received, "
                + ("open" if s["closed"] is None else f"closed {now - s['closed']:.1f}s ago")
                for s in self._sockets[-6:])]
        return E2EError("\n".join(parts))


def _local_only(route) -> None:
    host = re.match(r"^[a-z]+://([^/:]+|\[[^\]]+\])", route.request.url)
    if host is None or host.group(1) in ("127.0.0.1", "localhost", "[::1]"):
        route.continue_()
    else:
        route.abort()  # e.g. the Rive runtime Flet tries to fetch from a CDN; the app never needs it


@contextlib.contextmanager
def launched_browser(**launch_options) -> Iterator[Browser]:
    """Debian Chromium through Playwright, outside pytest (scripts, benchmarks)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, **launch_options)
        try:
            yield browser
        finally:
            browser.close()


class ForwardedFor:
    """A device elsewhere on the network, as the server sees it: a small reverse proxy in front of the app
    server that sets `X-Forwarded-For` on every request it relays as nginx does with `proxy_set_header
    X-Forwarded-For $proxy_add_x_forwarded_for`: whatever the client sent, then the address it came from
    (here `address`, the device it stands for), last; uvicorn trusts the header from 127.0.0.1 and takes
    its last address that is not a trusted proxy, so a client's own header can't make it another device.
    Chromium no longer sends a context's extra headers with the WebSocket handshake, so they can't do this
    alone. After a WebSocket upgrade the bytes are passed on as they are."""

    def __init__(self, target_url: str, address: str):
        import asyncio
        import threading
        from urllib.parse import urlparse

        parsed = urlparse(target_url)
        self._target = (parsed.hostname, parsed.port)
        self._address = address
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        self._ready.wait(10)
        self.url = f"http://127.0.0.1:{self.port}/"

    def rewrite(self, head: bytes) -> bytes:
        """A request's head (request line and headers, up to the blank line) as the proxy passes it on."""
        lines = head.split(b"\r\n")
        kept, forwarded = [lines[0]], []
        for line in lines[1:]:
            name, _colon, value = line.partition(b":")
            if name.strip().lower() == b"x-forwarded-for":
                forwarded.append(value.strip())
            elif line:
                kept.append(line)
        forwarded.append(self._address.encode())
        return b"\r\n".join([*kept, b"X-Forwarded-For: " + b", ".join(forwarded), b"", b""])

    def _run(self) -> None:
        import asyncio

        async def pipe(reader, writer) -> None:
            try:
                while data := await reader.read(65536):
                    writer.write(data)
                    await writer.drain()
            except (ConnectionError, OSError):
                pass
            finally:
                writer.close()

        async def requests(client_reader, server_writer) -> None:
            """Each request's head rewritten, its body (Content-Length) passed on; after an upgrade, bytes."""
            try:
                while True:
                    head = await client_reader.readuntil(b"\r\n\r\n")
                    server_writer.write(self.rewrite(head))
                    lowered = head.lower()
                    length = re.search(rb"\r\ncontent-length:\s*(\d+)", lowered)
                    if length:
                        server_writer.write(await client_reader.readexactly(int(length.group(1))))
                    await server_writer.drain()
                    if b"\r\nupgrade:" in lowered:
                        await pipe(client_reader, server_writer)
                        return
            except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError, OSError):
                pass
            finally:
                server_writer.close()

        async def relay(client_reader, client_writer) -> None:
            try:
                server_reader, server_writer = await asyncio.open_connection(*self._target)
            except OSError:
                client_writer.close()
                return
            await asyncio.gather(requests(client_reader, server_writer), pipe(server_reader, client_writer))

        async def serve() -> None:
            server = await asyncio.start_server(relay, "127.0.0.1", 0)
            self.port = server.sockets[0].getsockname()[1]
            self._ready.set()
            async with server:
                await server.serve_forever()

        asyncio.set_event_loop(self._loop)
        with contextlib.suppress(Exception):
            self._loop.run_until_complete(serve())


NGINX = os.environ.get("SCOREKEEPER_E2E_NGINX", "/usr/sbin/nginx")
NGINX_CONFIG = Path(__file__).resolve().parents[2] / "deploy" / "nginx-scorekeeper.conf"


class Nginx:
    """Debian's nginx in front of `servers`, with the config the repository ships (deploy/), its upstream
    pointed at them and its port a free one; run in the foreground from a temp folder of its own.

    >>> with Nginx([one, two]) as proxy:
    ...     page.open(proxy.url)
    """

    def __init__(self, servers: list["AppServer"], workdir: str | os.PathLike | None = None) -> None:
        self.servers = servers
        self.workdir = Path(workdir) if workdir is not None else Path(tempfile.mkdtemp(prefix="scorekeeper-nginx-"))
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.port = free_port()
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def config(self) -> str:
        shipped = NGINX_CONFIG.read_text()
        upstream = "".join(f"    server 127.0.0.1:{server.port} max_fails=1 fail_timeout=3s;\n" for server in self.servers)
        shipped = re.sub(r"(?m)^    server 127\.0\.0\.1:\d+ .*\n", "", shipped)
        shipped = shipped.replace("    least_conn;", "    least_conn;\n" + upstream.rstrip("\n"), 1)
        shipped = shipped.replace("listen 80;", f"listen 127.0.0.1:{self.port};")
        work = self.workdir
        user = "user root root;\n" if os.geteuid() == 0 else ""
        return (f"{user}worker_processes 1;\npid {work}/nginx.pid;\nerror_log {work}/error.log warn;\n"
                "events { worker_connections 1024; }\n"
                f"http {{\n access_log off;\n client_body_temp_path {work}/body;\n proxy_temp_path {work}/proxy;\n"
                f" fastcgi_temp_path {work}/fastcgi;\n uwsgi_temp_path {work}/uwsgi;\n scgi_temp_path {work}/scgi;\n"
                f"{shipped}\n}}\n")

    def start(self) -> "Nginx":
        if not (os.path.isfile(NGINX) and os.access(NGINX, os.X_OK)):
            raise E2EError(f"nginx is not installed at {NGINX} (Debian package `nginx`; scripts/test.sh installs it)")
        conf = self.workdir / "nginx.conf"
        conf.write_text(self.config())
        self.proc = subprocess.Popen([NGINX, "-p", str(self.workdir), "-c", str(conf), "-g", "daemon off;"],
                                     stdout=subprocess.DEVNULL, stderr=open(self.workdir / "stderr.log", "wb"))
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise E2EError(f"nginx exited with {self.proc.returncode}:\n{self.log_tail()}")
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port), timeout=1):
                return self
            time.sleep(POLL)
        raise E2EError(f"nginx did not listen on {self.url}\n{self.log_tail()}")

    def log_tail(self) -> str:
        texts = []
        for name in ("stderr.log", "error.log"):
            with contextlib.suppress(OSError):
                texts.append((self.workdir / name).read_text(errors="replace")[-3000:])
        return "\n".join(texts)

    def stop(self) -> None:
        proc, self.proc = self.proc, None
        if proc is not None and proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=5)
        shutil.rmtree(self.workdir, ignore_errors=True)

    def __enter__(self) -> "Nginx":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


def established_to(port: int) -> int:
    """Connections established to `port` on this machine (Linux /proc): a page's WebSocket, behind nginx."""
    count = 0
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(OSError):
            for line in Path(table).read_text().splitlines()[1:]:
                parts = line.split()
                if len(parts) > 3 and parts[3] == "01" and int(parts[1].rsplit(":", 1)[1], 16) == port:
                    count += 1
    return count


# ----------------------------------------------------------------------------------------------
# The static site (`scorekeeper build-web`): no app server, the app's Python runs in the page
# ----------------------------------------------------------------------------------------------

class StaticSite:
    """`python -m http.server` serving a folder on 127.0.0.1 (a plain static host, nothing of the app's):
    `stop()` ends it, so a page that still works afterwards works from its own offline copy."""

    def __init__(self, folder: Path, port: int | None = None) -> None:
        self.folder = Path(folder)
        self.port = port or free_port()
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def start(self) -> "StaticSite":
        self.process = subprocess.Popen(
            [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory", str(self.folder), str(self.port)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                return self
            time.sleep(POLL)
        raise E2EError(f"the static server on port {self.port} did not start")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)

    def __enter__(self) -> "StaticSite":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


def go_offline(context: BrowserContext) -> list[str]:
    """The context as in airplane mode: Chromium offline, and every request that still leaves the page
    aborted (and listed in the returned list, for the test to look at)."""
    left: list[str] = []
    context.set_offline(True)
    context.unroute("**/*")

    def refuse(route) -> None:
        left.append(route.request.url)
        route.abort("internetdisconnected")

    context.route("**/*", refuse)
    return left


# A page of the static site is ready for the network to go once its service worker has cached every file
# (the worker's install does that before it activates) and controls the page.
SITE_KEPT = """async () => {
  if (!('serviceWorker' in navigator)) return false;
  const registration = await navigator.serviceWorker.getRegistration();
  return !!(registration && registration.active && registration.active.state === 'activated'
            && navigator.serviceWorker.controller);
}"""
