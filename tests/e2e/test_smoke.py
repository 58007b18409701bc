"""Smoke: the app draws on a phone and a tablet, its semantics DOM is readable, a restarted server serves again.

Only things that outlive the UI work are checked: the title "Scorekeeper" and that a screenshot settles.
"""
from __future__ import annotations

import struct

from .harness import PHONE, TABLET


def _png_size(path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    return struct.unpack(">II", head[16:24])


def test_app_draws_on_a_phone(phone, tmp_path):
    phone.expect_text("Scorekeeper")
    shot = phone.screenshot_stable(tmp_path / "phone.png")
    assert _png_size(shot) == PHONE
    assert not phone.console_errors, phone.console_errors


def test_app_draws_on_a_tablet(tablet, tmp_path):
    tablet.expect_text("Scorekeeper")
    shot = tablet.screenshot_stable(tmp_path / "tablet.png")
    assert _png_size(shot) == TABLET
    assert not tablet.console_errors, tablet.console_errors


def test_restarted_server_serves_again(app_server, make_page):
    page = make_page(PHONE)
    page.expect_text("Scorekeeper")
    port, database = app_server.port, app_server.db_path

    app_server.restart()
    assert (app_server.port, app_server.db_path) == (port, database)
    page.wait_reconnected()  # the open page comes back by itself, as a new session
    page.expect_text("Scorekeeper")

    fresh = make_page(TABLET)  # and a device that loads the app only now
    fresh.expect_text("Scorekeeper")
