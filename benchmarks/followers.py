"""Devices that follow a game, as raw WebSocket clients speaking Flet's protocol: each registers at an
address (the route of a game, say), answers the server's calls as a browser does (its stored settings:
none), counts what it is sent, and hangs up when told. Hundreds of them cost the machine little, so the
server's own cost per follower can be measured (benchmarks/departures.py, tests/e2e/test_departures.py).

They connect from the loopback with X-Forwarded-For naming an address of their own, as a proxy on the
server's machine would pass them on (the server trusts that header from its own machine only): each is
then a device elsewhere on the network, not the host. Past a table's worth, they connect from addresses
of their own in 127.0.0.0/8 (`spread`: the server caps the connections from one address), and the server
must then trust X-Forwarded-For from all of the loopback (FORWARDED_ALLOW_IPS=127.0.0.0/8, uvicorn's).
"""
from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field

import msgpack
from websockets.asyncio.client import connect

REGISTER, CONTROL_EVENT, UPDATE_PROPS, INVOKE_METHOD = 1, 3, 4, 5


def frame(action: int, body: dict) -> bytes:
    """A client message as Flet's web client sends it: a 0 byte, then msgpack [action, body]."""
    return b"\x00" + msgpack.packb([action, body])


@dataclass
class Follower:
    address: str
    messages: int = 0  # messages the server sent it
    bytes: int = 0
    last_message: float = 0.0  # time.monotonic() of the last one
    drawn: asyncio.Event = field(default_factory=asyncio.Event)  # its first screen came
    seen: list[bytes] = field(default_factory=list)  # (with keep_messages) what it was sent, raw


async def follow(url: str, route: str, follower: Follower, leave: asyncio.Event, *, width: int = 390,
                 height: int = 844, keep_messages: bool = False, source: str | None = None) -> None:
    """One device on `route` of the server at `url` (ws://host:port/ws) until `leave` is set; then it
    closes its connection as a browser tab closing does."""
    local = {"local_addr": (source, 0)} if source else {}
    async with connect(url, additional_headers={"X-Forwarded-For": follower.address}, max_size=None,
                       open_timeout=60, ping_interval=None, **local) as socket:
        await socket.send(frame(REGISTER, {"session_id": "", "page_name": "", "page": {
            "width": width, "height": height, "route": route}}))

        async def read() -> None:
            async for message in socket:
                if not isinstance(message, bytes) or message[:1] != b"\x00":
                    continue
                follower.messages += 1
                follower.bytes += len(message)
                follower.last_message = time.monotonic()
                if keep_messages:
                    follower.seen.append(message)
                action, body = msgpack.unpackb(message[1:], strict_map_key=False)
                if action == INVOKE_METHOD:
                    await socket.send(frame(INVOKE_METHOD, {"control_id": body["control_id"],
                                                            "call_id": body["call_id"], "result": None,
                                                            "error": None}))
                elif follower.messages > 2:
                    follower.drawn.set()

        reader = asyncio.create_task(read())
        leaving = asyncio.create_task(leave.wait())
        await asyncio.wait({reader, leaving}, return_when=asyncio.FIRST_COMPLETED)
        reader.cancel()
        leaving.cancel()


async def crowd(url: str, route: str, count: int, leave: asyncio.Event, *, prefix: str = "10.9",
                ready_timeout: float = 120.0, spread: bool = False) -> tuple[list[Follower], list[asyncio.Task]]:
    """`count` followers on `route`, connected a few at a time; returns once each has its first screen.
    `spread`: each from a loopback address of its own (see the module's docstring)."""
    followers = [Follower(f"{prefix}.{number // 250}.{number % 250 + 1}") for number in range(count)]
    tasks = []
    for number, follower in enumerate(followers):
        source = f"127.1.{number // 250}.{number % 250 + 1}" if spread else None
        tasks.append(asyncio.create_task(follow(url, route, follower, leave, source=source)))
        if number % 10 == 9:
            await asyncio.sleep(0.05)
    await asyncio.wait_for(asyncio.gather(*(follower.drawn.wait() for follower in followers)), ready_timeout)
    return followers, tasks


def process_cpu_seconds(pid: int) -> float:
    """User and system CPU time a process has used (Linux /proc)."""
    import os

    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def process_rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0
