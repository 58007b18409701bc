"""The web server bounds rude clients: slow request headers, too many connections from one address,
oversized WebSocket messages. Runs the real app's server (scorekeeper.server) in a thread, with small
bounds so each test takes about a second."""
from __future__ import annotations

import socket
import threading
import time
import urllib.request

import pytest
import uvicorn
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from scorekeeper.server import MESSAGE_BYTES, server_config, web_app


@pytest.fixture
def server():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    running = uvicorn.Server(server_config(web_app(), "127.0.0.1", port, header_seconds=0.6, per_address=4))
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not running.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield port
    running.should_exit = True
    thread.join(10)


def slow_client(port: int) -> socket.socket:
    """A client that starts a request and never finishes its headers."""
    client = socket.create_connection(("127.0.0.1", port))
    client.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
    client.settimeout(5)
    return client


def page_answers(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=3) as answer:
            return answer.status == 200
    except OSError:
        return False


def test_a_connection_that_never_finishes_its_headers_is_closed(server):
    client = slow_client(server)
    started = time.monotonic()
    assert client.recv(1024) == b""  # the server closed it
    assert 0.4 < time.monotonic() - started < 3
    client.close()


def test_one_address_cant_hold_more_than_its_share_of_connections(server):
    slow = [slow_client(server) for _ in range(4)]
    time.sleep(0.1)
    assert not page_answers(server)  # the fifth connection from this address is closed at once
    for client in slow:  # until the slow ones time out; then the address is served again
        assert client.recv(1024) == b""
        client.close()
    assert page_answers(server)


def test_a_websocket_message_larger_than_the_app_sends_closes_the_connection(server):
    with connect(f"ws://127.0.0.1:{server}/ws", max_size=None) as websocket:
        with pytest.raises(ConnectionClosed) as closed:
            websocket.send(b"x" * (MESSAGE_BYTES + 1))
            websocket.recv(timeout=5)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009  # message too big
