"""Where the table's other devices find this server: the addresses a phone on the same network can
open, and the QR code that carries one. No Flet, no database: the command line prints these and the
Invite screen draws them."""
from __future__ import annotations

import io
import ipaddress
import socket
from dataclasses import dataclass

import ifaddr  # pure Python (no compiled part), so a phone build can carry it too
import segno

EVERY_ADDRESS = ("0.0.0.0", "::", "")


@dataclass(frozen=True)
class Served:
    """What this process serves, set by the command line before the server starts."""

    port: int
    host: str  # what the server listens on: 127.0.0.1 (this machine only) or 0.0.0.0 (every address)

    @property
    def local_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    @property
    def shared(self) -> bool:
        """Whether other devices can reach the server at all."""
        return self.host in EVERY_ADDRESS or not ipaddress.ip_address(self.host).is_loopback

    def urls(self) -> list[str]:
        """The addresses another device on the network can open, best first (empty when the server
        listens on this machine only)."""
        if not self.shared:
            return []
        hosts = lan_addresses() if self.host in EVERY_ADDRESS else [self.host]
        return [f"http://{host}:{self.port}/" for host in hosts]


_served: Served | None = None


def set_served(served: Served | None) -> None:
    global _served
    _served = served


def served() -> Served | None:
    """What this process serves; None in a packaged app, which serves no other device."""
    return _served


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses that another device on the network can reach: not loopback, not
    link-local (169.254.x, the address a machine gives itself without a network). Private ranges
    (192.168.x, 10.x, 172.16-31.x: home and club Wi-Fi) come first."""
    found: list[ipaddress.IPv4Address] = []
    try:
        adapters = ifaddr.get_adapters()
    except OSError:  # no interface list on this system: the host name is the next best thing
        adapters = []
    for adapter in adapters:
        for ip in adapter.ips:
            if isinstance(ip.ip, str):  # IPv4; IPv6 addresses come as tuples and are left out
                address = ipaddress.IPv4Address(ip.ip)
                if not (address.is_loopback or address.is_link_local or address.is_unspecified):
                    found.append(address)
    if not found:
        try:
            address = ipaddress.IPv4Address(socket.gethostbyname(socket.gethostname()))
            if not address.is_loopback:
                found.append(address)
        except (OSError, ValueError):
            pass
    unique = sorted(set(found), key=lambda address: (not address.is_private, address))
    return [str(address) for address in unique]


def qr_text(url: str) -> str:
    """The QR code of `url` drawn with block characters, for a terminal (two rows of modules per line,
    so it stays small enough to scan from a phone held at the screen)."""
    drawn = io.StringIO()
    segno.make(url, error="m", micro=False).terminal(out=drawn, compact=True)
    return drawn.getvalue()


def qr_png_base64(url: str, *, dark: str = "#000000", light: str = "#ffffff", scale: int = 8) -> str:
    """The QR code of `url` as a PNG, base64-encoded, for an image on the Invite screen. A quiet zone
    of four modules keeps it readable on a dark screen."""
    return segno.make(url, error="m", micro=False).png_data_uri(
        scale=scale, border=4, dark=dark, light=light).split(",", 1)[1]
