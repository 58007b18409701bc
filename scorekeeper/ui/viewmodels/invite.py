"""Invite a device: what the screen says and shows so another phone or tablet at the table joins, drawn
from what this process serves (scorekeeper.network)."""
from __future__ import annotations

from dataclasses import dataclass

from scorekeeper import network
from scorekeeper.i18n import _


def device_name(user_agent: str) -> str:
    """'iPhone', 'Android device', 'Mac'...: enough for the host to tell the table's devices apart (in the
    language in force)."""
    if "iPhone" in user_agent:
        return "iPhone"  # (a product's name: the same in every language)
    if "iPad" in user_agent:
        return "iPad"
    if "Android" in user_agent:
        return _("Android device")
    if "CrOS" in user_agent:
        # Translators: a product's name, usually kept as it is
        return _("Chromebook")
    if "Windows" in user_agent:
        return _("Windows computer")
    if "Macintosh" in user_agent:
        # Translators: a product's name (Apple's computer), usually kept as it is
        return _("Mac")
    if "Linux" in user_agent:
        return _("Linux computer")
    # Translators: a device connected to this one, of a kind not recognised
    return _("Device")


@dataclass(frozen=True)
class DeviceRow:
    name: str
    detail: str  # "192.168.1.31 · can make entries"
    can_send_back: bool  # the host may make it a viewer again


def device_rows(devices, me) -> list[DeviceRow]:
    """The devices connected now, as the host's Invite screen lists them (`devices`: objects with
    address, device (user agent), is_host and may_edit; `me`: the one looking)."""
    rows = []
    for device in devices:
        if device.is_host:
            # Translators: a device's role: the one that serves the games to the others
            role = _("the host")
        else:
            role = _("can make entries") if device.may_edit else _("follows the games")
        name = _("This device") if device is me else device_name(device.device)
        # Translators: where a device connects from, when it is the computer itself (no network address)
        address = device.address or _("this machine")
        rows.append(DeviceRow(name=name, detail=f"{address} · {role}",
                              can_send_back=me.is_host and device.may_edit and not device.is_host))
    return rows


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
            headline=_("This device keeps the score on its own"),
            hint=_("To let phones and tablets follow the game, start Scorekeeper on a computer on the table's "
                   "Wi‑Fi with: scorekeeper serve. It shows a code like this one for every device to scan."))
    if not served.shared:
        return Invite(
            headline=_("Scorekeeper listens on this computer only"),
            hint=_("Other devices reach it only through a proxy on this computer (the README's TLS setup), at "
                   "the proxy's address. To let the table's phones and tablets join on this Wi‑Fi directly, stop it "
                   "and start it with: scorekeeper serve. This screen then shows the code to scan."))
    urls = tuple(served.urls())
    if not urls:
        return Invite(
            headline=_("This computer has no network address yet"),
            hint=_("Connect it to the table's Wi‑Fi, then open this screen again."))
    return Invite(
        headline=_("Scan with the phone's camera"),
        hint=_("The phone or tablet must be on the same Wi‑Fi as this computer. Or type the address into its "
               "browser."),
        urls=urls, qr_png=network.qr_png_base64(urls[0]))
