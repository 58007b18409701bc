"""The app's shell: one App per browser session, a stack of screens (ui/screen.py) opened by address
(ui/routes.py). Its other parts have modules of their own: who may change the games (rights.py), the
pages following the games live (live.py), the looks and language (looks.py), what is asked of the
browser (browser.py), the session's lock (session_lock.py), the devices present (devices.py).

Every tap goes through `App.act`, which runs it under the session's lock (in the device's language: see
SessionLock), shows any refusal, and redraws. After a write to a game, `App.changed(game_id)` tells the
other sessions (other phones and tablets at the table) to reload it.
"""
from __future__ import annotations

import asyncio
import json
import logging
import traceback
from pathlib import Path
from typing import Any, Awaitable, Callable

import flet as ft

from scorekeeper import access, capabilities, i18n
from scorekeeper.rules.common import InvalidEntry
from scorekeeper.services import shared_store
from scorekeeper.storage.errors import GameNotFound, StaleGame
from scorekeeper.storage.readonly import NotAllowed
from scorekeeper.i18n import _

from . import devices, live, theme
from .browser import SETTINGS_KEY, device_language_of, kept_right, load_settings
from .devices import Presence
from .live import LivePage
from .looks import Looks
from .rights import DeviceRights
from .session_lock import SessionLock
from .routes import HOME, screen_for
from .screen import Screen
from .viewmodels.settings import Settings
from .widgets import banner, icon_button

ASSETS_DIR = str(Path(__file__).resolve().parent.parent.parent / "assets")
# Seconds after a drawing that left hidden parts out before they are drawn (Screen.hidden_ready): long
# enough for the drawing's answer to leave first, short enough to be over before a quick thumb's next
# tap (~0.2 s later), which would otherwise wait the 30-50 ms that drawing takes (at 0.12 s, step p50
# in the browser 66-67 ms; at 0.04 s, 51-56).
AHEAD_DELAY = 0.04
# Seconds after a field loses its focus before what was typed is drawn (App.typed): longer than a finger
# rests on the glass for the tap that took the focus (~0.1-0.3 s), short enough to follow at once.
TYPED_DELAY = 0.6
log = logging.getLogger(__name__)

class App(DeviceRights, LivePage, Looks):
    def __init__(self, page: ft.Page, settings: Settings, device_language: str | None = None,
                 right: str | None = None, presence: "Presence | None" = None):
        self.page = page
        self.settings = settings
        self.device_language = device_language  # the browser's or phone's first language ('fr-FR')
        self.lock = SessionLock(lambda: self.language)
        self.stack: list[Screen] = []
        self._wide = self.wide
        self._store = None
        # Who this device is: the address the server recorded for this connection before reading any of
        # its messages (never a page property, which the browser may patch). The host is the machine the
        # server runs on; any other device follows the games until it enters the table's PIN, and makes
        # entries while its right holds (`right`: the hash of the token its browser keeps).
        self.presence = presence or Presence(page)
        device = self.presence.peer  # (None: no server between: the device's own app)
        self.address = device.address if device else ""
        self.is_host = access.is_this_machine(device.address if device else None)
        self.presence.app = self
        self.right: str | None = right
        self.device = (page.client_user_agent or "").strip()
        devices.arrived(self)
        # The screen's drawing is the one control of this column: a list, where Flet matches a new drawing
        # to the last one by its key (Screen.serial) and diffs the two (see redraw).
        self._drawing = ft.Column(expand=True, spacing=0, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        self._frame = ft.SafeArea(content=self._drawing, expand=True)
        # Panes asked to scroll (pane key -> calls whose answer is still to come), and those of them that
        # left the page in the last update: Flet drops the browser's connection when an answer comes for
        # a control that is no longer on the page, so they wait in `_parked`, hidden, until it has come.
        self._scrolling: dict[str, int] = {}
        self._left: dict[str, ft.Control] = {}
        self._parked = ft.Column(visible=False, key="parked")
        self._back_button = icon_button(ft.Icons.ARROW_BACK, _("Back"), self.back, identifier="back")
        self._title = ft.Text("", size=theme.TITLE - 2, weight=ft.FontWeight.BOLD, max_lines=1,
                              overflow=ft.TextOverflow.ELLIPSIS)
        self._appbar = ft.AppBar(title=self._title, automatically_imply_leading=False,
                                 bgcolor=ft.Colors.SURFACE_CONTAINER_LOW, toolbar_height=60)
        self._on_top: Screen | None = None  # the screen whose drawing the page shows
        self._address = page.route or "/"  # the address the browser shows
        page.appbar = self._appbar
        page.controls = [self._frame]
        page.pubsub.subscribe(self._on_pubsub)
        page.on_resize = self._on_resize
        page.on_close = self._on_close
        page.on_route_change = self._on_route_change
        page.on_locale_change = self._on_locale_change
        page.on_keyboard_event = self._on_key
        self._awake = False  # the screen's wake lock is taken (App._keep_awake)
        self._wakelock: ft.Wakelock | None = None
        self._scripts: tuple[int, ...] = ()  # the fonts fetched for names in other scripts (ui/fonts.py)
        self._drawn_by_taps = 0  # taps that redrew the screen so far (App.typed waits for none to come)

    @property
    def language(self) -> str:
        """The language this device reads: the one chosen in Settings, else the device's own."""
        return self.settings.language_for(self.device_language)

    @property
    def store(self):
        """The stored games as this device may use them: every write is refused while it may not edit
        (asked at each call, so a change of role holds at once, for screens already open too)."""
        if self._store is None:
            from scorekeeper.storage.readonly import GuardedStore

            self._store = GuardedStore(shared_store(), self.may_write)
        return self._store

    # ----- layout -----

    @property
    def width(self) -> float:
        return float(self.page.width or 390)

    @property
    def height(self) -> float:
        return float(self.page.height or 844)

    @property
    def wide(self) -> bool:
        return self.width >= theme.WIDE

    def _on_resize(self, _event) -> None:
        with self.lock:  # as every tap: another device's update may be redrawing on another thread
            if self.wide != self._wide:
                self._wide = self.wide
                self.redraw()
            elif self.stack and getattr(self.stack[-1], "size_dependent", False):
                self.redraw()

    def _on_key(self, event) -> None:
        """A key pressed on a device with a keyboard: the screen on top may take it (Screen.on_key)."""
        with self.lock:
            screen = self.screen
            handle = getattr(screen, "on_key", None)
            if handle is None:
                return
            try:
                taken = handle(event.key, command=bool(event.ctrl or event.meta), shift=bool(event.shift))
            except Exception as error:
                _failed(screen, error)
                taken = True
            if taken:
                self.redraw()

    # ----- navigation -----

    @property
    def screen(self) -> Screen | None:
        return self.stack[-1] if self.stack else None

    def open(self, route: str, *, replace: bool = False) -> None:
        """Open the screen at `route` (scorekeeper/ui/routes.py) on top, or in place of the one on top.
        An address the app doesn't have goes Home."""
        self.fit_fonts()
        screen = screen_for(self, route)
        if screen is None:
            log.info("no screen at %r: Home instead", route)
            if self.stack:
                self.home()
                return
            route, screen = HOME, screen_for(self, HOME)
        screen.route = route
        self.go(screen, replace=replace)

    def go(self, screen: Screen, *, replace: bool = False) -> None:
        if replace and self.stack:
            self.stack.pop()
        self.stack.append(screen)
        self.redraw()

    def back_to_game(self, game_id: str, news: str) -> None:
        """After a form of a game (an adjustment, the hands to come) is saved: back to the game's screen
        (the one under the form, or opened in its place after a reload), which says `news`."""
        if len(self.stack) > 1 and getattr(self.stack[-2], "game_id", None) == game_id:
            self.back()
        else:
            self.open(f"/game/{game_id}", replace=True)
        if self.screen is not None:
            self.screen.notify(news)

    def back(self, _event=None) -> None:
        with self.lock:
            if len(self.stack) > 1:
                self.stack.pop()
                self.screen.on_show()
            self.redraw()

    def home(self, _event=None) -> None:
        with self.lock:
            del self.stack[1:]
            self.screen.on_show()
            self.redraw()

    def _on_route_change(self, event) -> None:
        """The browser went to another address (its back button, a typed link): a screen already in the
        stack comes back on top, any other opens."""
        with self.lock:
            self._address = event.route  # the browser is there already
            if self.screen is not None and event.route == self.screen.route:
                return
            for depth, screen in enumerate(self.stack):
                if screen.route == event.route:
                    del self.stack[depth + 1:]
                    screen.on_show()
                    self.redraw()
                    return
            self.open(event.route)

    def redraw(self) -> None:
        """Draw the screen on top. The same screen again (a tap) is keyed as its last drawing was, so
        Flet sends only the differences (a chip tap: 1-2 kB, not the whole screen); another screen, or
        one that doesn't reconcile, replaces the drawing whole."""
        screen = self.screen
        if screen is None or not self.connected:  # (no browser to draw for: _on_connect draws once it is back)
            return
        try:
            self._redraw(screen)
        except Exception:  # (a drawing's own failure is a banner: _draw) sending it failed
            # The browser went as this was sent (Flet's connection ends a moment before its session hears
            # of it): _on_connect draws afresh if it comes back. Not an error of the table's.
            log.info("the screen could not be sent to %s: its browser went away", self.address or "this machine",
                     exc_info=True)

    def _redraw(self, screen: Screen) -> None:
        fresh = screen is not self._on_top or not screen.reconcile
        if screen is not self._on_top:
            # Back on top after another screen: the browser dropped this screen's controls, so its panes
            # are drawn afresh (a kept pane would carry controls the browser no longer has).
            screen.panes.clear()
            self._on_top = screen
        actions, body = self._draw(screen, fresh)
        if body is None:  # the drawing failed: the banner replaces it whole
            actions, body = self._draw(screen, True, failed=True)
        self._appbar.leading = None if screen.root or len(self.stack) < 2 else self._back_button
        self._title.value = screen.title
        self._back_button.content.icon.semantics_label = _("Back")  # in the language of this drawing
        for number, action in enumerate(actions):  # matched by place among this screen's actions
            if action.key is None:
                action.key = f"{screen.serial}:action:{number}"
        self._appbar.actions = actions
        if screen.reconcile and body.key is None:
            body.key = f"screen:{screen.serial}"
        self._drawing.controls = [body]
        self.page.update()
        if self._left:  # a pane left with a scroll's answer still to come (a tab or screen changed at once)
            self._parked.controls = list(self._left.values())
            self._left.clear()
            self._drawing.controls = [body, self._parked]
            self.page.update()
        if screen.route != self._address:  # the browser's address follows (a reload opens the same screen)
            self._address = screen.route
            self.page.run_task(self._push_address, screen.route)
        self._keep_awake(screen.keeps_awake)
        if screen.left_out:
            self.page.run_task(self._draw_hidden, screen, list(screen.left_out))
        for key in list(screen.to_top):
            screen.to_top.discard(key)
            pane = screen.panes.get(key)
            if pane is not None:
                # At once, not animated: a pane already at its top (most steps) would otherwise redraw the
                # whole screen for the animation's quarter second, on a slow device just as the new step shows.
                self.page.run_task(self._scroll, pane, offset=0)
        for key, target in list(screen.scroll_keys.items()):
            del screen.scroll_keys[key]
            pane = screen.panes.get(key)
            if pane is not None:
                self.page.run_task(self._scroll, pane, scroll_key=target)

    async def _scroll(self, pane: ft.Column, **where) -> None:
        key = pane.key
        self._scrolling[key] = self._scrolling.get(key, 0) + 1
        try:
            await pane.scroll_to(duration=0, **where)
        except Exception:  # the pane left the page meanwhile, or holds no such part
            pass
        finally:
            self._scrolling[key] -= 1
            if not self._scrolling[key]:
                del self._scrolling[key]

    def pane_left(self, pane: ft.Control) -> None:
        """A pane left the page (widgets.Pane): kept answerable if a scroll's answer is still to come."""
        if self._scrolling.get(pane.key):
            self._left[pane.key] = pane

    async def _draw_hidden(self, screen: Screen, tokens: list[Any]) -> None:
        """Draw the parts `screen` left out of its last drawing (Screen.hidden_ready), once the browser
        has had the moment it needs to show that drawing."""
        await asyncio.sleep(AHEAD_DELAY)
        with self.lock:
            if self.screen is screen and screen is self._on_top and screen.draw_hidden(tokens):
                self.redraw()

    async def _push_address(self, route: str) -> None:
        try:
            await self.page.push_route(route)
        except Exception:  # the browser went away meanwhile: the next session starts at its own address
            log.info("the browser's address could not follow to %s", route, exc_info=True)

    def _keep_awake(self, wanted: bool) -> None:
        """Keep the device's screen on while a game is entered or followed (a phone that dims between
        two hands makes the score keeper unlock it with cards in hand), and let it sleep elsewhere."""
        if wanted == self._awake:
            return
        self._awake = wanted
        self.page.run_task(self._set_wakelock, wanted)

    async def _set_wakelock(self, on: bool) -> None:
        try:
            if self._wakelock is None:
                self._wakelock = ft.Wakelock()
            await (self._wakelock.enable() if on else self._wakelock.disable())
        except Exception:  # a browser without the Screen Wake Lock API: the screen just dims as before
            log.info("the screen's wake lock could not be %s", "taken" if on else "released", exc_info=True)

    def _draw(self, screen: Screen, fresh: bool, failed: bool = False) -> tuple[list[ft.Control], ft.Control | None]:
        """The screen's app bar actions and body (None when drawing failed; with `failed`, a banner)."""
        if screen.reconcile:
            screen.panes.clear()  # fresh panes: the diff carries their scroll over (same place, same control)
        screen.start_drawing(fresh)
        try:
            actions = [] if failed else screen.actions()
            body = (ft.Column([banner(_("This screen could not be drawn. Go back and try again; the game is safe."))])
                    if failed else screen.build())
            screen.end_drawing()
        except Exception:  # a drawing bug must not leave a blank page at the table
            log.exception("drawing %s failed", type(screen).__name__)
            actions, body = [], None
        return actions, body

    # ----- taps -----

    def act(self, handler: Callable[..., Any], *, redraw: bool = True) -> Callable[[Any], None]:
        """Wrap a tap: runs under the session lock, turns a crash into a message, then redraws
        (`redraw=False`: typing into a field updates the view model only; leaving it redraws: `typed`)."""

        def run(event=None):
            with self.lock:
                if redraw:
                    self._drawn_by_taps += 1
                screen = self.screen
                try:
                    handler(event) if _takes_event(handler) else handler()
                except Exception as error:
                    _failed(screen, error)
                    self.redraw()
                    return
                if redraw:
                    kept = capabilities.kept_later()
                    if kept is None:
                        self.redraw()
                    else:  # in the browser: shown as done once the write is in its persistent storage
                        self.page.run_task(self._redraw_once_kept, kept)

        return run

    async def _redraw_once_kept(self, kept: Awaitable[Any]) -> None:
        await kept
        with self.lock:
            self.redraw()

    def typed(self, _event=None) -> None:
        """A field typed into lost its focus (its on_blur): what follows from what was typed (a preview, the
        totals) is drawn a moment later, unless a tap comes first, whose own drawing shows it. On a phone the
        focus goes to the tap that closes the keyboard, and that tap reaches the server just after the
        focus's news: drawn at once, the screen's controls were new ones by then, and the tap, sent for one
        no longer there, was dropped without a word (issue 38: a seat tapped after typing a name)."""
        taps = self._drawn_by_taps
        self.page.run_task(self._draw_typed, taps)

    async def _draw_typed(self, taps: int) -> None:
        await asyncio.sleep(TYPED_DELAY)
        with self.lock:
            if self._drawn_by_taps == taps:
                self.redraw()

    def act_async(self, handler: Callable[..., Any]) -> Callable[[Any], Any]:
        async def run(event=None):
            screen = self.screen
            with i18n.use(self.language):  # awaits outside the lock (a file dialog) speak the device's language too
                try:
                    await (handler(event) if _takes_event(handler) else handler())
                except Exception as error:
                    _failed(screen, error)
            with self.lock:
                self.redraw()

        return run

    @property
    def connected(self) -> bool:
        """Is this session's browser connected now? A closed tab's or a sleeping phone's session lives on a
        while (it may come back: _on_connect then shows what is stored); nothing is drawn for it meanwhile,
        and it is freed at Flet's deadline (_on_close)."""
        return self.presence.connected

    def _on_close(self, _event=None) -> None:
        """The session's deadline passed without the browser coming back: let go of what it held."""
        devices.left(self)
        with self.lock:
            self.stack.clear()
            self._on_top = None
            self._drawing.controls = []

    def _on_connect(self) -> None:
        """The browser came back to this session (a reload, a network blip): show what is stored now."""
        with self.lock:
            screen = self.screen
            if screen is not None:
                try:
                    screen.on_show()
                except Exception:
                    log.exception("reloading %s failed", type(screen).__name__)
            self.redraw()

    # ----- several devices at one table -----

    # ----- settings -----

    async def save_settings(self, settings: Settings) -> None:
        self.settings = settings
        self._apply_theme()
        self._apply_language()
        try:
            await ft.SharedPreferences().set(SETTINGS_KEY, json.dumps(settings.to_dict()))
        except Exception:  # pragma: no cover - the choice still holds for this visit
            log.exception("saving settings failed")




# What a tap may be refused for in the ordinary run of an evening: said as it is, not as a failure.
REFUSALS = (InvalidEntry, NotAllowed, StaleGame, GameNotFound, access.PinRefused)


def _failed(screen: Screen | None, error: Exception) -> None:
    """A tap or key whose handler raised: the table gets a sentence on the screen. An ordinary refusal
    (a device without the PIN, a stale screen, a refused entry) is that sentence, and one line in the
    log; anything else is a bug: its traceback goes to the log."""
    if isinstance(error, REFUSALS):
        log.info("tap refused: %s", error)
        if screen is not None:
            screen.message = str(error)
        return
    log.error("tap failed: %s", traceback.format_exc())
    if screen is not None:
        screen.message = _("That didn't work: {error}", error=error)


def _takes_event(handler: Callable[..., Any]) -> bool:
    import inspect

    try:
        return len(inspect.signature(handler).parameters) > 0
    except (TypeError, ValueError):
        return True


async def main(page: ft.Page) -> None:
    page.title = "Scorekeeper"  # i18n: not shown (the app's name, the same in every language)
    page.padding = 0
    page.spacing = 0
    theme.apply(page, "dark")
    presence = Presence(page)  # before the first question to the browser, which may go or come back meanwhile
    settings = await load_settings()
    theme.apply(page, settings.theme)
    language = await device_language_of(page)
    device = presence.peer
    right = None if access.is_this_machine(device.address if device else None) else await kept_right()
    app = App(page, settings, language, right, presence)
    page.data = app
    try:
        live.start(shared_store())  # other server processes' changes reach this process's pages
    except Exception:  # a database that can't be opened: Home says so
        log.info("the database's notices could not be listened to", exc_info=True)
    route = page.route or HOME
    with app.lock:
        app._apply_language()
        if route.rstrip("/").startswith(("/table", "/club")):  # a TV or tablet at a display's address: nothing under it
            app.open(route)
            return
        app.open(HOME)
        if route.rstrip("/"):  # a reload or a link: the screen at its address, Home under it
            try:
                app.open(route)
            except Exception as error:  # a game deleted meanwhile, say: Home, and why
                log.info("opening %r failed", route, exc_info=True)
                app.screen.message = _("That screen could not be opened: {error}", error=error)
                app.redraw()
