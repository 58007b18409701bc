"""What a session asks of its browser, which keeps a device's own things between visits: the settings
chosen, the token of its right to make entries, its language. A browser answers in milliseconds, seconds
on a loaded machine; one asked of a page that went away meanwhile is asked again once it is back."""
from __future__ import annotations

import asyncio
import json
import logging
import os
from typing import Any, Awaitable, Callable

import flet as ft

from scorekeeper import access

from .viewmodels.settings import Settings

SETTINGS_KEY = "scorekeeper.settings"
RIGHT_KEY = "scorekeeper.right"  # the token of this device's right to make entries (scorekeeper.access)
BROWSER_ANSWER_SECONDS = 4.0
BROWSER_ASKED = 3
log = logging.getLogger(__name__)


async def ask_browser(question: Callable[[], Awaitable[Any]]) -> Any:
    """The browser's answer to `question` (its stored settings, its language), asked again when none
    comes: a page reloaded or cut off just as its session started never answers, and Flet drops what is
    sent meanwhile. The reloaded page takes this same session back, so a session waiting forever would
    leave it blank for as long as the server keeps the session. TimeoutError after the last attempt."""
    for attempt in range(1, BROWSER_ASKED + 1):
        try:
            return await asyncio.wait_for(question(), BROWSER_ANSWER_SECONDS)
        except TimeoutError:
            if attempt == BROWSER_ASKED:
                raise
            log.info("the browser did not answer within %s s: asking again", BROWSER_ANSWER_SECONDS)


async def load_settings() -> Settings:
    try:
        stored = await ask_browser(lambda: ft.SharedPreferences().get(SETTINGS_KEY))
        return Settings.from_dict(json.loads(stored) if stored else None)
    except Exception:
        log.exception("reading settings failed")
        return Settings()


async def kept_right() -> str | None:
    """The hash of the right this browser was given with the PIN, if it still holds (a reload, a
    restarted server); None otherwise. The token is a bearer secret: only its hash is kept by the server."""
    try:
        token = await ask_browser(lambda: ft.SharedPreferences().get(RIGHT_KEY))
    except Exception:
        log.info("this device's right could not be read", exc_info=True)
        return None
    if not isinstance(token, str) or not token or len(token) > 200:
        return None
    right = access.token_hash(token)
    try:
        return right if access.table().holds(right, fresh=True) else None
    except Exception:  # a damaged database says so on Home; the device follows meanwhile
        log.info("this device's right could not be checked", exc_info=True)
        return None


async def keep_in_browser(key: str, value: str) -> None:
    try:
        await ft.SharedPreferences().set(key, value)
    except Exception:  # the right holds for this visit; a reload asks for the PIN again
        log.info("the browser could not keep %s", key, exc_info=True)


async def device_language_of(page: ft.Page) -> str | None:
    """The device's first language ('fr-FR'); SCOREKEEPER_LANGUAGE overrides it (the pseudo-language's
    screenshots, a kiosk)."""
    forced = os.environ.get("SCOREKEEPER_LANGUAGE")
    if forced:
        return forced
    try:
        info = await ask_browser(page.get_device_info)
        language = info.locales[0].language_code if info and info.locales else None
        log.info("the device reads %s", language)
        return language
    except Exception:  # a client that can't say: English
        log.info("the device's language could not be read", exc_info=True)
        return None
