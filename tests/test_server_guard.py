"""The server answers only its own pages (scorekeeper.server.Guard): Host names of its own, WebSockets
opened by its own pages, the device's address taken from the connection, and each connection held to a
person's pace. The real app's server in a thread, talked to by raw HTTP and WebSocket clients."""
from __future__ import annotations

import socket
import threading
import time
import urllib.request

import msgpack
import pytest
import uvicorn
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from scorekeeper.server import AllowedHosts, Guard, same_site, server_config, web_app


def run_server(app, port: int):
    running = uvicorn.Server(server_config(app, "127.0.0.1", port))
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not running.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    return running, thread


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def server(app_store):
    port = free_port()
    running, thread = run_server(web_app(allowed_hosts=AllowedHosts(["scores.example.org"])), port)
    yield port
    running.should_exit = True
    thread.join(10)


def get(port: int, path: str = "/", host: str | None = None):
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers={"Host": host} if host else {})
    try:
        with urllib.request.urlopen(request, timeout=5) as answer:
            return answer.status, dict(answer.headers), answer.read()
    except urllib.error.HTTPError as refusal:
        return refusal.code, dict(refusal.headers), refusal.read()


def test_only_the_servers_own_names_are_answered(server):
    """A page on evil.example whose name was pointed at this machine (DNS rebinding) gets nothing."""
    for host in (f"127.0.0.1:{server}", f"localhost:{server}", "192.168.1.20:8550", "[::1]:8550", f"{socket.gethostname()}:8550",
                 "scores.example.org", "Scores.Example.Org:443"):
        status, headers, body = get(server, host=host)
        assert status == 200 and b"<title>Scorekeeper" in body, host
        assert "access-control-allow-origin" not in {name.lower() for name in headers}, host
    for host in ("evil.example", f"evil.example:{server}", "127.0.0.1.evil.example", "scores.example.org.evil.example"):
        status, _headers, body = get(server, host=host)
        assert status == 421 and b"Scorekeeper" not in body, host


def test_a_websocket_opened_by_a_page_of_another_site_is_refused(server):
    url = f"ws://127.0.0.1:{server}/ws"
    for origin in ("http://evil.example", f"http://evil.example:{server}", "http://127.0.0.1:9999", "null"):
        with pytest.raises(InvalidStatus) as refused:
            connect(url, origin=origin, open_timeout=5)
        assert refused.value.response.status_code == 403, origin
    for host in ("evil.example", f"evil.example:{server}"):  # rebinding: its own origin, on another name
        with pytest.raises(InvalidStatus):
            connect(url, origin=f"http://{host}", additional_headers={"Host": host}, open_timeout=5)
    with connect(url, origin=f"http://127.0.0.1:{server}", open_timeout=5) as own:
        own.ping().wait(5)
    with connect(url, open_timeout=5) as no_browser:  # no Origin: not a browser's page, nothing to forge
        no_browser.ping().wait(5)


def test_same_site_compares_the_names_and_the_port_the_host_header_names():
    assert same_site("http://127.0.0.1:8550", "127.0.0.1:8550")
    assert same_site("https://scores.example.org", "scores.example.org")  # a TLS proxy, its name only
    assert same_site("https://scores.example.org:8443", "scores.example.org")
    assert not same_site("http://127.0.0.1:9999", "127.0.0.1:8550")  # another service of this machine
    assert not same_site("http://evil.example", "127.0.0.1:8550")
    assert not same_site("null", "127.0.0.1:8550") and not same_site("file://", "127.0.0.1:8550")


def frame(action: int, body: dict) -> bytes:
    return b"\x00" + msgpack.packb([action, body])


def test_a_flood_from_one_connection_is_held_to_a_pace_and_then_closed(app_store):
    """Unpaced, 6,000 events from one connection stalled the server for everyone. Here a connection that
    sends far more than a person can is closed (1008), and another connection is answered meanwhile."""
    port = free_port()
    running, thread = run_server(Guard(web_app(), AllowedHosts(), rate=20, burst=20, flood_seconds=1.0), port)
    try:
        url = f"ws://127.0.0.1:{port}/ws"
        with connect(url, max_size=None, open_timeout=5) as flood, connect(url, open_timeout=5) as calm:
            register = {"session_id": "", "page_name": "", "page": {"width": 390, "height": 844, "route": "/"}}
            flood.send(frame(1, register))
            started = time.monotonic()
            with pytest.raises(ConnectionClosed) as closed:
                for number in range(6000):
                    flood.send(frame(3, {"target": 1 + number % 50, "name": "click", "data": None}))
                    if number % 200 == 0:
                        time.sleep(0.01)
                for _ in range(50):
                    flood.recv(timeout=5)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
            assert time.monotonic() - started < 15
            calm.ping().wait(2)  # the other connection was answered all along
    finally:
        running.should_exit = True
        thread.join(10)
