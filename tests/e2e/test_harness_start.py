"""The harness waits for a server as long as its process lives (a loaded machine once took over 30 s to
start one, and the fixed 30 s wait failed a test that would have passed), and reports one that exits
at once."""
from __future__ import annotations

import sys
import time

import pytest

from .harness import AppServer, E2EError

SLOW_SERVER = """
import http.server, sys, time
time.sleep(float(sys.argv[1]))  # a machine at load 15: the interpreter and the app take their time
port = int(sys.argv[sys.argv.index("--port") + 1])
http.server.HTTPServer(("127.0.0.1", port), http.server.SimpleHTTPRequestHandler).serve_forever()
"""


def test_a_server_slower_than_half_a_minute_to_start_is_waited_for(tmp_path):
    server = AppServer(tmp_path / "slow", command=[sys.executable, "-c", SLOW_SERVER, "33"])
    try:
        server.start()
        assert server.startup_seconds > 33
    finally:
        server.stop(kill=True)


def test_a_server_that_exits_is_reported_at_once(tmp_path):
    server = AppServer(tmp_path / "gone", command=[sys.executable, "-c", "import sys; sys.exit(3)"])
    started = time.monotonic()
    with pytest.raises(E2EError, match="exited with 3"):
        server.start()
    assert time.monotonic() - started < 10
