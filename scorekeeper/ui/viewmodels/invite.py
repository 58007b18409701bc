"""Invite a device: what the screen says and shows so another phone or tablet at the table joins, drawn
from what this process serves (scorekeeper.network)."""
from __future__ import annotations

from dataclasses import dataclass

from scorekeeper import network


@dataclass(frozen=True)
class Invite:
    headline: str
    hint: str
    urls: tuple[str, ...] = ()  # every address another device can open, best first
    qr_png: str | None = None  # base64 PNG of the first address's QR code

    @property
    def url(self) -> str | None:
        return self.urls[0] if self.urls else None


def invite(served: network.Served | None = None) -> Invite:
    served = network.served() if served is None else served
    if served is None:
        return Invite(
            headline="This device keeps the score on its own",
            hint="To let phones and tablets follow the game, start Scorekeeper on a computer on the table's "
                 "Wi‑Fi with: scorekeeper serve. It shows a code like this one for every device to scan.")
    if not served.shared:
        return Invite(
            headline="Only this computer can open Scorekeeper now",
            hint="To let the table's phones and tablets join, stop it and start it with: scorekeeper serve. "
                 "This screen then shows the code to scan.")
    urls = tuple(served.urls())
    if not urls:
        return Invite(
            headline="This computer has no network address yet",
            hint="Connect it to the table's Wi‑Fi, then open this screen again.")
    return Invite(
        headline="Scan with the phone's camera",
        hint="The phone or tablet must be on the same Wi‑Fi as this computer. Or type the address into its "
             "browser.",
        urls=urls, qr_png=network.qr_png_base64(urls[0]))
