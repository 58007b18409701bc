"""Smoke: the app draws on a phone and a tablet, its semantics DOM is readable, a restarted server serves again.

Only things that outlive the UI work are checked: the title "Scorekeeper" and that a screenshot settles.
"""
from __future__ import annotations

import struct
import time

import pytest

from .harness import PHONE, TABLET, E2EError


def _png_size(path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    return struct.unpack(">II", head[16:24])


def test_app_draws_on_a_phone(phone, tmp_path):
    phone.expect_text("Scorekeeper")
    phone.expect_text("Oh Heck and its family, Skull King, WHAT THE HECK?, HIT THE DECK")  # every kind (issue 38)
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


def test_a_page_that_stops_answering_fails_the_wait_in_bounded_time(phone):
    """A stuck renderer once held a test until pytest-timeout's 300 s, telling nothing: the harness
    now gives up on a script within its bound and says why."""
    phone.expect_text("Scorekeeper")
    phone.page.evaluate("() => { setTimeout(() => { const end = Date.now() + 15000; while (Date.now() < end) {} }, 50); }")
    phone.page.wait_for_timeout(300)  # the loop has started: the page answers nothing now
    phone.js_timeout = 2
    started = time.monotonic()
    with pytest.raises(E2EError, match="did not answer a script within 2s"):
        phone.expect_text("Scorekeeper", timeout=5)
    assert time.monotonic() - started < 12  # the 2 s bound, then the failure's own bounded tree dump
