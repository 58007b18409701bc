"""The harness's stand-in for a device elsewhere on the network (harness.ForwardedFor) behaves as nginx
does: the address it sets comes last in X-Forwarded-For, whatever the client sent, on every request of a
kept-alive connection, so the server takes the device for what the proxy says it is, never for what its
own header claims (a client that says "X-Forwarded-For: 127.0.0.1" is not the host)."""
from __future__ import annotations

import http.client
import threading
import time

import uvicorn

from .harness import ForwardedFor, free_port


async def echo_client(scope, receive, send):
    """Answers each request with the client address the server settled on."""
    if scope["type"] != "http":
        return
    body = scope["client"][0].encode()
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


def test_the_proxy_sets_the_devices_address_last_on_every_request():
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(echo_client, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    try:
        proxy = ForwardedFor(f"http://127.0.0.1:{port}/", "192.168.1.9")
        assert proxy.rewrite(b"GET / HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 127.0.0.1\r\n\r\n") == \
            b"GET / HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 127.0.0.1, 192.168.1.9\r\n\r\n"
        connection = http.client.HTTPConnection("127.0.0.1", proxy.port, timeout=5)
        seen = []
        for claimed in ("127.0.0.1", None, "::1"):  # three requests on one kept-alive connection
            connection.request("GET", "/", headers={"X-Forwarded-For": claimed} if claimed else {})
            seen.append(connection.getresponse().read().decode())
        assert seen == ["192.168.1.9"] * 3
    finally:
        server.should_exit = True
        thread.join(10)
