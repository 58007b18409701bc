"""The app's shell: one Store per server process, one App per browser session, a stack of screens.

Screens are small classes with `build()` (the control tree drawn from their view models) and
`actions()` (app bar buttons); every tap goes through `App.act`, which runs it under the session's
lock, shows any refusal, and redraws. After a write to a game, `App.changed(game_id)` tells the
other sessions (other phones and tablets at the table) to reload it.
"""
from __future__ import annotations

import dataclasses
import json
import logging
import threading
import traceback
import weakref
from pathlib import Path
from typing import Any, Callable, Iterator

import flet as ft

from scorekeeper import access

from . import theme
from .viewmodels.settings import Settings
from .widgets import banner, icon_button, scroller

ASSETS_DIR = str(Path(__file__).resolve().parent.parent.parent / "assets")
SETTINGS_KEY = "scorekeeper.settings"
STALE_VERSIONS = 4  # a screen keeps the parts of this many versions of its game reachable (see for_version)
log = logging.getLogger(__name__)

_store = None
_store_lock = threading.Lock()


def shared_store():
    """The one Store of this server process, opened on first use."""
    global _store
    with _store_lock:
        if _store is None:
            from scorekeeper.storage import Store

            _store = Store()
        return _store


class Screen:
    """A screen: draws itself from its view model; the App puts it on the page."""

    title = "Scorekeeper"
    game_id: str | None = None
    root = False  # no back button
    keeps_awake = False  # the device's screen stays on while this one shows (a game being entered or followed)
    follows_any_game = False  # reloaded when any game changes, not only its own (game_id)
    # Redraws of this screen are diffed against its last drawing (Flet's keyed "frozen" diff, as its
    # declarative components use): only what changed is sent, and a subtree handed back unchanged
    # costs nothing. Such a screen takes fresh panes on every drawing and never changes a control
    # after build() (text fields typed into keep their value on the control: leave those screens off).
    reconcile = False

    def __init__(self, app: "App"):
        self.app = app
        self.message: str | None = None
        self.info: str | None = None
        self._panes: dict[str, ft.Column] = {}
        self._kept: dict[Any, list] = {}  # key -> [data, control, its controls or None] of the last drawing
        self._kept_now: set[Any] = set()  # keys used by the drawing under way
        self._handed_back: list[list] = []  # the entries of _kept the drawing under way reuses
        self.to_top: set[str] = set()  # panes to scroll back to the top after the next drawing
        self._by_version: dict[int, dict[str, ft.Control]] = {}  # version -> name -> part (for_version)
        self._stale: tuple[int | None, list[ft.BaseControl]] = (None, [])  # (newest version, older parts' controls)

    def pane(self, key: str = "main") -> ft.Column:
        """This screen's scrolling column `key`, the same one on every redraw (so it keeps its scroll)."""
        if key not in self._panes:
            self._panes[key] = scroller()
        return self._panes[key]

    def kept(self, key: Any, data: Any, build: Callable[[], ft.Control]) -> ft.Control:
        """The part drawn under `key` last time if `data` (everything it is drawn from) is unchanged,
        else build() it. A reconciling screen's diff skips a part handed back, so a tap costs only what
        it changed. A kept part must sit at the same place in both drawings (a fixed slot: the diff
        matches unkeyed controls by position and would otherwise pair it with another control)."""
        if not self.reconcile:
            return build()
        self._kept_now.add(key)
        last = self._kept.get(key)
        if last is not None and last[0] == data:
            self._handed_back.append(last)
            return last[1]
        control = build()
        self._kept[key] = [data, control, None]
        return control

    def for_version(self, version: int, name: str, control: ft.Control) -> ft.Control:
        """`control`, a part named `name` of this screen, acts on `version` of the game (its taps say
        so: PlayBase.stale). Keyed by the version, so the drawing for another version replaces it (new
        control ids) instead of handing its ids to controls that act on the new one, which a tap the
        browser sent before it got the redraw would reach. The part stays reachable for a while after
        (App._keep_stale_reachable): such a tap is refused with a message, not dropped without a word."""
        control.key = f"{name}@{version}"
        self._by_version.setdefault(version, {})[name] = control
        return control

    def stale_parts_controls(self) -> list[ft.BaseControl]:
        """Every control of the parts drawn for older versions of the game than the newest one drawn
        (the last STALE_VERSIONS of them; walked once per new version)."""
        versions = self._by_version
        if not versions:
            return []
        newest = max(versions)
        if self._stale[0] != newest:
            for old in sorted(versions)[:-STALE_VERSIONS]:
                del versions[old]
            parts = [part for version, named in versions.items() if version != newest for part in named.values()]
            self._stale = (newest, list(_controls_under(parts)))
        return self._stale[1]

    def handed_back_controls(self) -> Iterator[ft.BaseControl]:
        """Every control of the parts this drawing reused (each part's walked once, then remembered)."""
        for entry in self._handed_back:
            if entry[2] is None:
                entry[2] = list(_controls_under(entry[1]))
            yield from entry[2]

    def _keep_only_drawn(self) -> None:
        """After a drawing: forget parts it didn't use, so a part is only ever handed back to the drawing
        right after the one it was in."""
        for key in self._kept.keys() - self._kept_now:
            del self._kept[key]
        self._kept_now = set()

    def _start_drawing(self, patching: bool) -> None:
        self._handed_back = []
        if not patching:
            self._kept.clear()  # a whole new drawing: nothing of an older one is handed back

    def build(self) -> ft.Control:  # pragma: no cover - every screen draws
        raise NotImplementedError

    def actions(self) -> list[ft.Control]:
        return []

    def on_game_changed(self) -> None:
        """Another session changed this screen's game."""

    def on_show(self) -> None:
        """The screen comes (back) on top: reload what may have changed."""

    def notify(self, news: str) -> None:
        """Show `news` (not a refusal) with the next drawing."""
        self.info = news

    def message_key(self) -> tuple:
        """What messages() would show: part of the data of a kept part that shows them."""
        return (self.message, self.info)

    def messages(self) -> list[ft.Control]:
        shown = []
        if self.message:
            shown.append(banner(self.message))
        if self.info:
            shown.append(banner(self.info, error=False, identifier="info"))
        return shown


class App:
    def __init__(self, page: ft.Page, settings: Settings):
        self.page = page
        self.settings = settings
        self.lock = threading.RLock()
        self.stack: list[Screen] = []
        self._wide = self.wide
        self._store = None
        # Who this device is, read once as the session starts (the server sets the address then; a
        # message from the browser can't change it afterwards): the host is the machine the server
        # runs on; any other device follows the games until it enters the table's PIN.
        self.address = page.client_ip or ""
        self.is_host = access.is_this_machine(self.address)
        self.may_edit = self.is_host
        self.device = (page.client_user_agent or "").strip()
        _devices.add(self)
        self._frame = ft.SafeArea(content=ft.Container(), expand=True)
        # Isolated: a page update (the app bar) leaves the screen's body alone; redraw() sends it.
        object.__setattr__(self._frame, "_isolated", True)
        self._drawn: Screen | None = None  # the reconciling screen whose drawing the frame holds
        self._on_top: Screen | None = None  # the screen whose drawing the page shows, whatever its kind
        page.controls = [self._frame]
        page.pubsub.subscribe(self._on_pubsub)
        page.on_resize = self._on_resize
        page.on_connect = self._on_connect
        page.on_disconnect = self._on_disconnect
        self.connected = True  # its browser is connected now (a closed tab's session lives on a while)
        self._awake = False  # the screen's wake lock is taken (App._keep_awake)
        self._wakelock: ft.Wakelock | None = None

    @property
    def store(self):
        """The stored games as this device may use them: every write is refused while it may not edit
        (asked at each call, so a change of role holds at once, for screens already open too)."""
        if self._store is None:
            from scorekeeper.storage.readonly import GuardedStore

            self._store = GuardedStore(shared_store(), lambda: self.may_edit)
        return self._store

    # ----- who may change the games -----

    def unlock(self, pin: str) -> None:
        """Let this device make entries with the table's PIN; access.PinRefused says why not."""
        access.table().check(self.address, pin)
        self.may_edit = True

    def send_back_to_viewer(self, other: "App") -> None:
        """The host makes another device a viewer again; that device is told at once."""
        if not self.is_host:
            raise access.PinRefused("Only the host can do that.")
        if other.is_host:
            raise access.PinRefused("The host always keeps the score.")
        other.may_edit = False
        try:
            self.page.pubsub.send_all({"access": id(other)})
        except Exception:  # pragma: no cover - the role holds anyway; the device redraws on its next tap
            log.exception("telling a device it follows now failed")

    # ----- layout -----

    @property
    def width(self) -> float:
        return float(self.page.width or 390)

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

    # ----- navigation -----

    @property
    def screen(self) -> Screen | None:
        return self.stack[-1] if self.stack else None

    def go(self, screen: Screen, *, replace: bool = False) -> None:
        if replace and self.stack:
            self.stack.pop()
        self.stack.append(screen)
        self.redraw()

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

    def redraw(self) -> None:
        screen = self.screen
        if screen is None:
            return
        frame = self._frame
        if screen is not self._on_top:
            # Back on top after another screen: the browser dropped this screen's controls, so its panes
            # are drawn afresh. Flet would diff a kept pane against its last drawing and send changes to
            # children the browser no longer has (a page error: Home blank after games ended elsewhere).
            screen._panes.clear()
            self._on_top = screen
        patching = (screen.reconcile and self._drawn is screen and frame.content is not None
                    and self.page.appbar is not None)
        appbar, body = self._draw(screen, patching)
        if body is None:  # the drawing failed: the banner replaces it whole
            appbar, body = self._draw(screen, False, failed=True)
            patching = False
        if patching:
            try:
                self._send_differences(screen, appbar, body)
            except Exception:  # a diff gone wrong must not leave the page half-updated: send it whole
                log.exception("patching %s failed; drawing it whole", type(screen).__name__)
                appbar, body = self._draw(screen, False)
                self._replace(screen, appbar, body or ft.Column())
        else:
            self._replace(screen, appbar, body)
        self._keep_stale_reachable(screen)
        self._keep_awake(screen.keeps_awake)
        for key in list(screen.to_top):
            screen.to_top.discard(key)
            pane = screen._panes.get(key)
            if pane is not None:
                self.page.run_task(_scroll_top, pane)

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

    def _keep_stale_reachable(self, screen: Screen) -> None:
        """Put the screen's parts drawn for older versions of its game back in Flet's index (a redraw
        counts them as removed): a tap the browser sent on one before the redraw reached it still finds
        it, and its handler (bound to the older version) refuses it as stale. Flet finds a control's page
        through its parents: off the page now, a part has the page stand in for its parent."""
        controls = screen.stale_parts_controls()
        if not controls:
            return
        index = self.page.session.index
        page = weakref.ref(self.page)
        newest = screen._stale[0]
        for version, named in screen._by_version.items():
            if version != newest:
                for part in named.values():
                    part._parent = page
        for control in controls:
            if getattr(control, "_i", None) is not None and index.get(control._i) is None:
                index[control._i] = control

    def _draw(self, screen: Screen, patching: bool, failed: bool = False) -> tuple[ft.AppBar, ft.Control | None]:
        """The screen's app bar and body (None when drawing failed; with `failed`, a banner instead)."""
        if screen.reconcile:
            screen._panes.clear()  # fresh panes: the diff carries their scroll over (same control ids)
        screen._start_drawing(patching)
        leading = None if screen.root or len(self.stack) < 2 else icon_button(
            ft.Icons.ARROW_BACK, "Back", self.back, identifier="back")
        try:
            actions = [] if failed else screen.actions()
            body = (ft.Column([banner("This screen could not be drawn. Go back and try again; the game is safe.")])
                    if failed else screen.build())
            screen._keep_only_drawn()
        except Exception:  # a drawing bug must not leave a blank page at the table
            log.exception("drawing %s failed", type(screen).__name__)
            actions, body = [], None
        appbar = ft.AppBar(
            leading=leading, automatically_imply_leading=False,
            title=ft.Text(screen.title, size=theme.TITLE - 2, weight=ft.FontWeight.BOLD, max_lines=1,
                          overflow=ft.TextOverflow.ELLIPSIS),
            actions=actions, bgcolor=ft.Colors.SURFACE_CONTAINER_LOW, toolbar_height=60,
        )
        return appbar, body

    def _send_differences(self, screen: Screen, appbar: ft.AppBar, body: ft.Control) -> None:
        """The same screen again (a tap): only its differences from the last drawing go out (a chip tap:
        1-2 kB, not the whole screen), and only new controls are prepared for sending."""
        page = self.page
        handed_back = [(control, control._i) for entry in screen._handed_back
                       for control in (entry[1] if isinstance(entry[1], list) else [entry[1]])]
        self._patch(page.views[0], "appbar", appbar)
        self._patch(self._frame, "content", body)
        if any(control._i != number for control, number in handed_back):
            # A part handed back was paired with another control (its place changed): its identity is
            # no longer its own. Screen.kept's keys should rule this out; if not, start afresh.
            raise RuntimeError("a part handed back changed its place in the drawing")
        # Flet counts the old children of a reconciled parent as removed, parts handed back among them
        # (it finds them again by walking the page when tapped): put them back in its index.
        index = page.session.index
        for control in screen.handed_back_controls():
            index[control._i] = control
        page.update()  # anything else a tap changed on the page

    def _replace(self, screen: Screen, appbar: ft.AppBar, body: ft.Control) -> None:
        """Put a whole new drawing on the page, app bar and body in one message."""
        page, frame = self.page, self._frame
        for drawn in (page.appbar, frame.content):
            if drawn is not None and hasattr(drawn, "_frozen"):
                _thaw(drawn)  # else Flet diffs the next drawing as frozen too, and freezes it
        self._drawn = screen if screen.reconcile else None
        page.appbar = appbar
        frame.content = body
        object.__setattr__(frame, "_isolated", False)  # this once, the page update takes the body too
        try:
            page.update()
        finally:
            object.__setattr__(frame, "_isolated", True)

    def _patch(self, parent: ft.BaseControl, name: str, drawn: ft.BaseControl) -> None:
        """Send the differences between parent.<name> and `drawn` (Flet's keyed, "frozen" diff, as its
        declarative components use: a subtree handed back unchanged costs nothing), then put `drawn` in."""
        object.__setattr__(drawn, "_frozen", True)
        isolated = getattr(parent, "_isolated", False)
        object.__setattr__(parent, "_isolated", False)  # an isolated parent's children are not diffed
        try:
            self.page.session.patch_control(prev_control={name: getattr(parent, name)}, control={name: drawn},
                                            parent=parent, path=[], frozen=True)
        finally:
            object.__setattr__(parent, "_isolated", isolated)
        # Straight into the values: Flet's setter skips a value equal to the old one (a drawing that
        # changed nothing), which would leave the old drawing in place and the index on the new one,
        # and comparing two drawings field by field costs as much as the diff.
        parent._values[name] = drawn
        parent._dirty.pop(name, None)  # sent just now
        snapshot = getattr(parent, "__prev_classes", None)
        if snapshot is not None:
            snapshot[name] = drawn

    # ----- taps -----

    def act(self, handler: Callable[..., Any], *, redraw: bool = True) -> Callable[[Any], None]:
        """Wrap a tap: runs under the session lock, turns a crash into a message, then redraws
        (`redraw=False`: typing into a field updates the view model only; its on_blur redraws)."""

        def run(event=None):
            with self.lock:
                screen = self.screen
                try:
                    handler(event) if _takes_event(handler) else handler()
                except Exception as error:  # the table gets a sentence, the log the details
                    log.error("tap failed: %s", traceback.format_exc())
                    if screen is not None:
                        screen.message = f"That didn't work: {error}"
                    self.redraw()
                    return
                if redraw:
                    self.redraw()

        return run

    def act_async(self, handler: Callable[..., Any]) -> Callable[[Any], Any]:
        async def run(event=None):
            screen = self.screen
            try:
                await (handler(event) if _takes_event(handler) else handler())
            except Exception as error:
                log.error("tap failed: %s", traceback.format_exc())
                if screen is not None:
                    screen.message = f"That didn't work: {error}"
            with self.lock:
                self.redraw()

        return run

    def _on_disconnect(self, _event=None) -> None:
        self.connected = False

    def _on_connect(self, _event=None) -> None:
        """The browser came back to this session (a reload, a network blip): show what is stored now."""
        self.connected = True
        with self.lock:
            screen = self.screen
            if screen is not None:
                try:
                    screen.on_show()
                except Exception:
                    log.exception("reloading %s failed", type(screen).__name__)
            self.redraw()

    # ----- several devices at one table -----

    def changed(self, game_id: str) -> None:
        """A game was written: the other sessions showing it reload it."""
        try:
            self.page.pubsub.send_others({"game": game_id})
        except Exception:  # pragma: no cover - broadcasting is best effort; the write is stored
            log.exception("broadcast failed")

    def _on_pubsub(self, message: Any) -> None:
        if isinstance(message, dict) and message.get("access") == id(self):
            with self.lock:
                if self.screen is not None:
                    self.screen.notify("The host made this device a viewer: it follows the game now.")
                self.redraw()
            return
        if not isinstance(message, dict) or "game" not in message:
            return
        with self.lock:
            shown = False
            for screen in self.stack:
                if screen.game_id == message["game"] or screen.follows_any_game:
                    try:
                        screen.on_game_changed()
                    except Exception as error:  # deleted elsewhere, say: tell the table, keep the screen
                        log.exception("reloading a changed game failed")
                        screen.message = str(error)
                    shown = shown or screen is self.screen
            if shown:
                self.redraw()

    # ----- settings -----

    async def save_settings(self, settings: Settings) -> None:
        self.settings = settings
        theme.apply(self.page, settings.theme)
        try:
            await ft.SharedPreferences().set(SETTINGS_KEY, json.dumps(settings.to_dict()))
        except Exception:  # pragma: no cover - the choice still holds for this visit
            log.exception("saving settings failed")


_devices: "weakref.WeakSet[App]" = weakref.WeakSet()


def devices() -> list[App]:
    """The devices connected to this server now, the host's first."""
    return sorted((app for app in _devices if app.connected), key=lambda app: (not app.is_host, app.address))


def _controls_under(value: Any) -> Iterator[ft.BaseControl]:
    """Every control in a drawn part (its own, its children's, down to the leaves)."""
    if isinstance(value, (list, tuple)):
        for item in value:
            yield from _controls_under(item)
    elif isinstance(value, ft.BaseControl):
        yield value
        for field in dataclasses.fields(value):
            if not field.name.startswith("_") and not field.metadata.get("skip", False):
                child = getattr(value, field.name, None)
                if child is not None and not isinstance(child, (str, int, float, bool)):
                    yield from _controls_under(child)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            if not field.name.startswith("_"):
                yield from _controls_under(getattr(value, field.name, None))


def _thaw(value: Any, seen: set[int] | None = None) -> None:
    """Take the frozen mark off a drawing diffed by App._patch, so that the next screen's drawing
    replaces it plainly (Flet treats a comparison as frozen when either side is marked)."""
    seen = set() if seen is None else seen
    if isinstance(value, (list, tuple)):
        for item in value:
            _thaw(item, seen)
    elif isinstance(value, dict):
        for item in value.values():
            _thaw(item, seen)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type) and id(value) not in seen:
        seen.add(id(value))
        if hasattr(value, "_frozen"):
            object.__delattr__(value, "_frozen")
        for field in dataclasses.fields(value):
            if field.name != "_parent" and not field.metadata.get("skip", False):
                _thaw(getattr(value, field.name, None), seen)


async def _scroll_top(pane: ft.Column) -> None:
    try:
        await pane.scroll_to(offset=0, duration=250)
    except Exception:  # the pane left the page meanwhile
        pass


def _takes_event(handler: Callable[..., Any]) -> bool:
    import inspect

    try:
        return len(inspect.signature(handler).parameters) > 0
    except (TypeError, ValueError):
        return True


async def _load_settings() -> Settings:
    try:
        stored = await ft.SharedPreferences().get(SETTINGS_KEY)
        return Settings.from_dict(json.loads(stored) if stored else None)
    except Exception:
        log.exception("reading settings failed")
        return Settings()


async def main(page: ft.Page) -> None:
    from .screens.home import HomeScreen

    page.title = "Scorekeeper"
    page.padding = 0
    page.spacing = 0
    theme.apply(page, "dark")
    settings = await _load_settings()
    theme.apply(page, settings.theme)
    app = App(page, settings)
    page.data = app
    if (page.route or "").rstrip("/").startswith("/table"):  # a TV or tablet opened the table display's address
        from .screens.table_display import TableDisplayScreen

        app.go(TableDisplayScreen(app, both_sides=page.route.rstrip("/").endswith("both-sides")))
        return
    app.go(HomeScreen(app))
