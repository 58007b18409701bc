"""A screen of the app: drawn whole from its view models at every redraw (`build()`, `actions()`), put
on the page by the App (ui/app.py), found by its address (ui/routes.py). The parts a redraw leaves as
they were are handed back (`kept`) so Flet's diff sends only what changed; the parts of the last few
versions of a game stay reachable, hidden, so a tap sent from a screen a step behind is refused rather
than applied to the step open now (`for_version`)."""
from __future__ import annotations

import itertools
from typing import Any, Callable

import flet as ft

from scorekeeper import i18n

from .widgets import banner, scroller

STALE_VERSIONS = 4  # a screen keeps the parts of this many versions of its game reachable (see Screen.for_version)
READY_KEPT = 32  # what Screen.hidden_ready remembers as drawn (the latest versions and guesses, a few each)


class Screen:
    """A screen: draws itself from its view model; the App puts it on the page."""

    title = "Scorekeeper"  # i18n: not shown (the app's name, the same in every language)
    route = "/"  # its address (App.open sets it): the browser shows it, a reload comes back to it
    game_id: str | None = None
    root = False  # no back button
    keeps_awake = False  # the device's screen stays on while this one shows (a game being entered or followed)
    follows_any_game = False  # reloaded when any game changes, not only its own (game_id)
    # Redraws of this screen are diffed against its last drawing (Flet's keyed reconciliation: the
    # drawing carries the same key each time, so Flet compares the two trees and sends only what
    # changed, and a part handed back unchanged costs nothing). Such a screen takes fresh panes on
    # every drawing and never changes a control after build() (text fields typed into keep their value
    # on the control: leave those screens off).
    reconcile = False
    _serials = itertools.count(1)

    def __init__(self, app: Any):  # the App (ui/app.py) it is drawn for  # i18n: not shown
        self.app = app
        self.message: str | None = None
        self.info: str | None = None
        self.serial = next(Screen._serials)  # names this screen's drawings (App.redraw keys them with it)
        self.panes: dict[str, ft.Column] = {}
        self.to_top: set[str] = set()  # panes to scroll back to the top after the next drawing
        self.scroll_keys: dict[str, str] = {}  # pane -> the scroll key of a part to bring into view then
        self._kept: dict[Any, tuple[Any, Any, list]] = {}  # key -> (data, part, keys kept inside it) of the last drawing
        self._kept_now: dict[Any, tuple[Any, Any, list]] = {}  # the same, for the drawing under way
        self._building: list[Any] = []  # the keys kept inside the part being built
        self._since: dict[str, tuple[Any, int]] = {}  # part -> (what it shows, the version it first showed it)
        self._versions: dict[str, dict[int, ft.Control]] = {}  # name -> version -> part (for_version)
        self._ready: list[Any] = []  # what the hidden parts drawn are drawn for (hidden_ready), latest last
        self._latest: dict[str, int] = {}  # name -> the version its last drawing was for (for_version)
        self._ahead_now: set[tuple[str, int]] = set()  # (name, version) drawn ahead in the drawing under way
        self.left_out: list[Any] = []  # what the hidden parts the drawing under way left out are for

    def shown_version(self) -> int | None:
        """The version of its game this screen shows (None: it can't tell; it is read again when in doubt)."""
        version = getattr(getattr(self, "session", None), "version", None)
        return version if isinstance(version, int) else None

    def pane(self, key: str = "main") -> ft.Column:
        """This screen's scrolling column `key`, the same one on every redraw (so it keeps its scroll)."""
        if key not in self.panes:
            self.panes[key] = scroller()
            self.panes[key].key = f"pane:{self.serial}:{key}"  # another pane in its place (a tab, another screen) opens at its own top
        return self.panes[key]

    def kept(self, key: Any, data: Any, build: Callable[[], Any], *, hidden: bool = False) -> Any:
        """The part drawn under `key` last time if `data` (everything it is drawn from) is unchanged,
        else build() it. A reconciling screen's diff skips a part handed back, so a tap costs only what
        it changed. The part is keyed by `key`, so the diff finds it wherever it sits in the drawing.
        `hidden`: the part is not shown in this drawing, so the last one is handed back as it was, to
        be drawn again from its data once shown."""
        if not self.reconcile:
            return build()
        data = (i18n.current(), data)  # its words are in the language it was drawn in
        last = self._kept.get(key)
        if last is not None and (hidden or last[0] == data):
            data = last[0]
            part, inner = last[1], last[2]
            waiting = list(inner)  # the parts kept inside it (and inside those) go on with it
            while waiting:
                inner_key = waiting.pop()
                if inner_key in self._kept and inner_key not in self._kept_now:
                    self._kept_now[inner_key] = self._kept[inner_key]
                    waiting.extend(self._kept[inner_key][2])
        else:
            outer, self._building = self._building, []
            try:
                part = build()
            finally:
                inner, self._building = self._building, outer
        for number, control in enumerate(part if isinstance(part, list) else [part]):
            if control.key is None:
                control.key = f"kept:{key!r}:{number}"
        self._kept_now[key] = (data, part, inner)
        self._building.append(key)
        return part

    def kept_around(self, key: Any, parts: list[Any], build: Callable[[], Any], data: Any = None) -> Any:
        """Screen.kept for a frame around `parts` (themselves kept, or drawn anew): handed back while it
        holds the very same parts and `data` (what else it is drawn from) is unchanged. The parts are
        told apart by identity: the frame kept holds on to them, so no other part can take their id."""
        return self.kept(key, (tuple(map(id, parts)), data), build)

    def has_kept(self, key: Any) -> bool:
        """Did the last drawing have a part under `key` (Screen.kept)?"""
        return self.reconcile and key in self._kept

    def unchanged_since(self, name: str, data: Any, version: int) -> int:
        """The version of the game since which part `name`, drawn from `data`, has shown the same (the
        version of this drawing when `data` is new): the part is then drawn once for all of them."""
        last = self._since.get(name)
        if last is not None and last[0] == data:
            return last[1]
        self._since[name] = (data, version)
        return version

    def for_version(self, version: int, name: str, control: ft.Control) -> ft.Control:
        """`control`, a part named `name` of this screen, acts on `version` of the game (its taps say
        so: GamePlay.stale). Keyed by the version, so the drawing for another version replaces it (new
        control ids) instead of handing its ids to controls that act on the new one, which a tap the
        browser sent before it got the redraw would reach. The parts drawn for the last STALE_VERSIONS
        versions stay in the drawing, hidden: such a tap still finds its control, whose handler
        (bound to the older version) refuses it with a message instead of dropping it without a word.
        The oldest go in a later drawing than a new version's first, which they would only slow; the part
        drawn ahead for the next version (draw_ahead) waits, hidden, with them while it is drawn."""
        drawn = self._versions.setdefault(name, {})
        drawn[version] = control
        # Not in this version's first drawing: in the one asked a moment after it on a device that enters
        # (so no tap pays for it), in the next one on a device that follows (which redraws at every tap).
        later = (self.hidden_ready(("trim", version)) if self.app.may_edit
                 else self._latest.get(name) == version)
        if later:
            for old in [number for number in drawn if number <= version - STALE_VERSIONS]:
                del drawn[old]
        self._latest[name] = version
        for ahead in [number for number in drawn if number > version and (name, number) not in self._ahead_now]:
            del drawn[ahead]  # drawn ahead for a step the game didn't take (an undo, another device's entry)
        # A drawn control is never changed: a wrapper is handed back while it holds the same part, shown
        # or hidden as before, else drawn anew (so is the stack).
        shown = [self.kept_around((name, "@", number), [part], lambda part=part, number=number: ft.Container(
                     content=part, visible=number == version, key=f"{name}@{number}"), number == version)
                 for number, part in sorted(drawn.items())]
        return self.kept_around((name, "versions"), shown, lambda: ft.Stack(
            shown, fit=ft.StackFit.PASS_THROUGH, expand=control.expand, key=f"versions:{name}"), control.expand)

    def draw_ahead(self, name: str, version: int, likely: Any, draw: Callable[[], ft.Control]) -> None:
        """Draw part `name` of this screen for `version`, the game's next version, ahead of it: hidden
        now, beside the parts of the versions before (for_version). `likely` is what the step under way
        would record as tapped so far (None: no guess), `draw()` the part as that version would show
        it, its parts drawn through Screen.kept as the next drawing draws them. The tap that records
        the step then finds them drawn: the browser gets what it shows, not new controls (a step shows
        as fast as a chip). Drawn a moment after the drawing that first could (hidden_ready); its taps
        act on `version`, so until the game is there they are refused as stale (none can be sent from a
        screen: a hidden part takes no tap). Drawn for another guess, the next drawing mends what differs."""
        if not self.reconcile:  # (drawn whole every time: nothing would be handed back)
            return
        key = ("ahead", name, version)
        ready = likely is not None and self.hidden_ready(("ahead", version, likely))
        if not ready and not self.has_kept(key):
            return
        if ready and version not in self._ready:
            self._ready.append(version)  # its own hidden parts are drawn with it: the step's drawing hands them back
        self._versions.setdefault(name, {})[version] = self.kept(key, likely, draw, hidden=not ready)
        self._ahead_now.add((name, version))

    def brought_up_later(self, key: Any, version: int) -> bool:
        """Does the part kept under `key` (Screen.kept) stay as the last drawing showed it, to be brought
        up to `version` of the game in the drawing a moment after (hidden_ready)? On a device that enters
        the game, a part that doesn't answer the tap (the score card beside the hand) waits: the step the
        score keeper tapped shows without waiting for it. A device that follows draws it at once (it is
        what that device is there to see), and so does a drawing that has no such part to hand back."""
        return self.has_kept(key) and self.app.may_edit and not self.hidden_ready(("later", key, version))

    def hidden_ready(self, token: Any) -> bool:
        """May this drawing carry the hidden parts drawn for `token` (a version of the game: a player's
        chips folded away until their turn; the next step drawn ahead)? Not until App has drawn the
        screen once more, a moment (AHEAD_DELAY) after the drawing that first left them out: that
        drawing answers a tap and goes sooner without them, and a later tap that shows one only changes
        what is shown. (A screen that doesn't reconcile is drawn whole every time: it draws them at once.)"""
        if token in self._ready or not self.reconcile:
            return True
        if token not in self.left_out:
            self.left_out.append(token)
        return False

    def draw_hidden(self, tokens: list[Any]) -> bool:
        """The drawings carry the hidden parts for `tokens` from now on; False if they already do."""
        new = [token for token in tokens if token not in self._ready]
        self._ready = (self._ready + new)[-READY_KEPT:]
        return bool(new)

    def start_drawing(self, fresh: bool) -> None:
        """Before a drawing; `fresh`: nothing of the last one is handed back (another screen was drawn
        since, or this one doesn't reconcile)."""
        if fresh:
            self._kept.clear()
        self._kept_now = {}
        self._ahead_now = set()
        self.left_out = []

    def end_drawing(self) -> None:
        """After a drawing: only the parts it used may be handed back to the next."""
        self._kept, self._kept_now = self._kept_now, {}

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
