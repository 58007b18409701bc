"""Inviting a device, and the app as `flet build` starts it: driven in headless Chromium."""
from __future__ import annotations

import sys
from pathlib import Path

from scorekeeper import network

from .harness import PHONE, TABLET, free_port

ROOT = Path(__file__).resolve().parents[2]


def test_invite_shows_the_qr_code_and_address_of_a_server_for_the_table(make_server, make_page, tmp_path):
    server = make_server(host="0.0.0.0")  # listens on every address, as `scorekeeper serve` does
    server.host = "127.0.0.1"  # this browser may only reach loopback: the page opens there
    page = make_page(PHONE, server=server)
    page.tap("invite")
    page.expect_text("Scan with the phone's camera")
    first = f"http://{network.lan_addresses()[0]}:{server.port}/"
    assert page.text_of("invite-url") == first
    page.find(f"QR code of {first}")
    page.screenshot_stable(tmp_path / "invite-phone.png")
    tablet = make_page(TABLET, server=server)
    tablet.tap("invite")
    tablet.expect_text(first)


def test_a_server_on_loopback_only_says_devices_come_through_a_proxy_and_shows_the_pin(phone):
    """`serve --host 127.0.0.1` (the README's TLS-proxy setup): the devices the proxy brings need the
    PIN, and the screen said no device could open Scorekeeper while it listed one."""
    phone.tap("invite")
    phone.expect_text("Scorekeeper listens on this computer only")
    phone.expect_text("only through a proxy on this computer")
    assert not phone.exists("invite-qr")
    assert phone.text_of("table-pin").startswith("Table PIN ")


def test_the_flet_build_entry_point_starts_the_app_with_its_data_in_flet_storage(make_server, make_page):
    port = free_port("127.0.0.1")
    # main.py as a packaged app runs it; the web server stands in for the phone's own Flutter client.
    server = make_server(port=port, command=[sys.executable, str(ROOT / "main.py")],
                         env={"FLET_FORCE_WEB_SERVER": "true", "FLET_SERVER_PORT": str(port),
                              "FLET_SERVER_IP": "127.0.0.1", "SCOREKEEPER_DATABASE_URL": ""})
    page = make_page(PHONE, server=server)
    page.tap("new-game")  # the app works, and its database is where Flet keeps the app's data
    page.expect_text("Oh Heck")
    assert (server.data_dir / "scorekeeper.db").is_file()
