"""The one screen of a game in play, whatever its kind: the entry of the step under way, the score card
and (for the kinds that have one) the chart, with undo and redo always one tap away. On a phone they are
tabs; on a tablet the entry and the card sit side by side. What a kind shows of its step and its card
comes from its entry's view (drawn by drawing/step.py) and the score card (drawing/card.py); the rest is the same for every
kind: the messages, the correction under way, the step's button, finishing or ending the game."""
from __future__ import annotations

from typing import Any, Callable

import flet as ft

from scorekeeper.i18n import _

from .. import theme as t
from ..screen import Screen
from ..kinds import kind_ui
from ..drawing.card import card_row_key, draw_card
from ..drawing.step import callout, draw_step
from ..viewmodels.play import GamePlay, UndoOffer
from ..viewmodels.session import GameSession
from ..widgets import (action_bar, body, button, content_width, done_button, fill, heading, icon_button, ident,
                       names_over, names_row_at, tab_bar)
from .chart import build_chart

ROWS_IN_VIEW = 8  # rows of a score card a phone shows under its names
TITLE_ROOM = 14  # capitals a phone's app bar shows beside back, home and the menu


class GameScreen(Screen):
    size_dependent = True
    keeps_awake = True
    entry_pane = "entry"  # the pane of the entry, back to its top when the next step starts

    def __init__(self, app, game_id: str, state=None, *, tab: str = "entry"):
        super().__init__(app)
        self.game_id = game_id
        self.play = GamePlay(GameSession(app.store, game_id, state))
        self.ui = kind_ui(self.game)
        # Taps redraw by diff (App.redraw; benchmarks/run.py tap_to_patch_ms_p95), unless the kind's
        # entry has fields typed into (KindUI.typed_points).
        self.reconcile = not self.ui.typed_points
        tabs = self._tab_names()
        self.tab = tab if tab in tabs else "entry"
        self.side_tab = "card"  # the right pane on a tablet
        self.details_open = False  # a phone's hand header shows the sequence and the trump picker
        self.fields: dict = {}  # typed points, kept across redraws (they keep focus): drawing/step.py
        self.fields_of: tuple = (None, None)
        # The score card's names, laid over it once its own row of names has scrolled past (card_pane)
        self.names_at: float | None = None  # how far down the card's pane that row begins (None: not measured yet)
        self.card_scrolled = 0.0  # how far the card's pane is scrolled
        self.names_stuck = False
        self.brought_in: Any = None  # what the entry's pane was last scrolled to its end for (bring_end_into_view)

    @property
    def session(self) -> GameSession:
        return self.play.session

    @property
    def game(self):
        return self.play.game

    @property
    def entry(self):
        return self.play.entry

    @property
    def name(self) -> str:
        return self.game.rules.display_name

    @property
    def title(self) -> str:  # type: ignore[override]
        """The game's name. A phone's app bar has room for about 12 capitals, too few for "WHAT THE
        HECK?" or "HIT THE DECK (house rules)": there it names the step being entered (in view on every
        tab), and the game's name heads the pane."""
        name = self.name
        roomy = self.app.wide or len(name) <= TITLE_ROOM
        if self._shows_final():
            return _("{name}: game over", name=name) if roomy else _("Game over")
        return self.entry.title() if self._title_in_bar() else name

    def _title_in_bar(self) -> bool:
        return not self.app.wide and len(self.name) > TITLE_ROOM and self.entry is not None

    def name_line(self) -> list[ft.Control]:
        """The game's name at the top of a phone's pane, when its app bar names the step instead."""
        if not self._title_in_bar():
            return []
        return [ident("game-name", ft.Text(self.name, size=t.SMALL + 1, weight=ft.FontWeight.BOLD,
                                           color=ft.Colors.ON_SURFACE_VARIANT))]

    def _tab_names(self) -> tuple[str, ...]:
        return ("entry", "card", "chart")  # every kind has its chart

    # ----- messages -----

    def message_key(self) -> tuple:
        return (self.message, self.play.message, self.play.info)

    def notify(self, news: str) -> None:
        self.play.info = news  # the view model's news is what this screen shows

    def messages(self) -> list[ft.Control]:
        crash = self.message  # a failed tap (App.act): said until the next tap (_tapped), as a refusal is
        self.message, self.info = crash or self.play.message, self.play.info
        shown = super().messages()
        self.message = crash
        return shown

    def _tapped(self) -> None:
        """Any tap on this screen: what was said before goes (a failed tap's message, a refusal, news)."""
        self.message = None
        self.play.tapped()

    def likely_step(self):
        """What the step under way will likely record (GamePlay.likely_step), to draw the next step
        ahead; None on a device that follows the game without entering it: it taps no step, and drawing
        ahead on every follower at each tap of the score keeper would only load the server."""
        return self.play.likely_step() if self.app.may_edit else None

    # ----- app bar -----

    def actions(self) -> list[ft.Control]:
        """Home, and a menu with what is seldom needed: ending the game, away from the buttons used
        every hand (undo and redo sit by the step's button, in the thumb zone)."""
        home = self.kept("home", None, lambda: icon_button(ft.Icons.HOME_OUTLINED, _("Home"), self.app.home,
                                                           identifier="home"))
        if not self.app.may_edit:  # a device that follows: nothing in a menu for it
            return [home]
        drawn = self.session.version
        likely = self.likely_step()  # the next version's menu drawn ahead (Screen.draw_ahead)
        self.draw_ahead("menu", drawn + 1, likely and likely.token,
                        lambda: self._menu(self.play.entry_after(likely), drawn + 1))
        # Home the same control on every drawing; the menu drawn for each version (its "Finish" acts on it).
        return [home, self.for_version(drawn, "menu", self._menu(self.entry, drawn))]

    def _menu(self, entry, drawn: int) -> ft.Control:
        """The menu as the game of `entry` (the step under way, or the next one drawn ahead) offers it."""
        game = entry.game if entry is not None else self.game
        adjustable = bool(game.progress()[0])
        return self.kept(("menu", drawn), (self.play.open_ended, adjustable), lambda: ident("menu", ft.PopupMenuButton(
            # Translators: read aloud for the menu button of a game (more things to do).
            icon=ft.Icon(ft.Icons.MORE_VERT, semantics_label=_("More"), size=28),
            items=[*self._adjusting(game, adjustable), self._ending(drawn)])))

    def _adjusting(self, game, adjustable: bool) -> list[ft.PopupMenuItem]:
        """What the table changes as it goes: the hands to come (a kind dealt in a sequence of hands),
        and (`adjustable`: once a hand or round is played) a bonus or penalty for a player ("give him 10
        for that")."""
        items = []
        if game.takes_roster:  # players may join, leave or sit out (rules.roster)
            items.append(ft.PopupMenuItem(content=_("Who is playing"), icon=ft.Icons.GROUP,
                                          on_click=self.app.act(lambda: self.app.open(f"/game/{self.game_id}/seats"))))
        if kind_ui(game).deals_hands:  # a sequence of hands: the table may change it
            items.append(ft.PopupMenuItem(content=_("Change the hands to come"), icon=ft.Icons.STAIRS,
                                          on_click=self.app.act(lambda: self.app.open(f"/game/{self.game_id}/hands"))))
        if game.SCORING:  # what its kind lets a table change mid-game
            items.append(ft.PopupMenuItem(content=_("Change the scoring"), icon=ft.Icons.TUNE,
                                          on_click=self.app.act(lambda: self.app.open(f"/game/{self.game_id}/scoring"))))
        if adjustable:
            items.append(ft.PopupMenuItem(content=_("Adjust a score"), icon=ft.Icons.EXPOSURE,
                                          on_click=self.app.act(lambda: self.app.open(f"/game/{self.game_id}/adjust"))))
        return items

    def _ending(self, drawn: int) -> ft.PopupMenuItem:
        if self.play.open_ended:
            return ft.PopupMenuItem(content=_("Finish the game"), icon=ft.Icons.FLAG,
                                    on_click=self.app.act(lambda: self._do(self.play.finish, drawn)))
        return ft.PopupMenuItem(content=_("End the game now"), icon=ft.Icons.FLAG_OUTLINED,
                                on_click=self.app.act(lambda: self._do(self.play.end_game)))

    # ----- drawing -----

    def build(self) -> ft.Control:
        app = self.app
        if app.wide:
            left = ft.Container(content=self._entry(app.width * t.ENTRY_SHARE), expand=1)
            side = [tab for tab in self._tab_names() if tab != "entry"]
            shown = self.side_tab if self.side_tab in side else "card"
            parts = [*([self._tab_bar(tuple(side), shown, self._set_side_tab)] if len(side) > 1 else []),
                     self._side(shown, app.width * (1 - t.ENTRY_SHARE))]
            # The right pane handed back while its parts are (a tap in the hand leaves the card for later).
            right = self.kept_around("side", parts, lambda: ft.Column(
                [*parts[:-1], ft.Container(content=parts[-1], expand=True)],
                expand=1, spacing=0, horizontal_alignment=ft.CrossAxisAlignment.STRETCH))
            divider = self.kept("divider", None, lambda: ft.VerticalDivider(width=1))
            return ft.Row([left, divider, right], expand=True, spacing=0,
                          vertical_alignment=ft.CrossAxisAlignment.STRETCH)
        content = self._entry(app.width) if self.tab == "entry" else self._side(self.tab, app.width)
        return ft.Column([ft.Container(content=content, expand=True),
                          self._tab_bar(self._tab_names(), self.tab, self._set_tab)], expand=True, spacing=0,
                         horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    def _side(self, tab: str, width: float) -> ft.Control:
        if tab == "chart":
            return build_chart(self, width - (40 if self.app.wide else 2 * t.PAD))
        return draw_card(self, width)

    def card_pane(self, above: list[ft.Control], rest: list[ft.Control], names: ft.Control | None) -> ft.Control:
        """The score card's scrolling pane (KindUI.draw_card): what comes `above` its grid, then the grid,
        whose first row names the players, and the `rest`. `names`: a copy of that row, laid over the pane
        once the grid's own has scrolled past (None: the columns don't fit, and scroll sideways, names and
        all)."""
        pane = self.pane("card")
        if names is None:
            return fill(pane, [*above, *rest])
        return names_over(pane, above, rest, names, stuck=self.names_stuck,
                          on_measured=self.app.act(self._card_measured, redraw=False),
                          on_scrolled=self.app.act(self._card_scrolled, redraw=False))

    def _card_measured(self, event) -> None:
        self.names_at = names_row_at(event.height)
        self._stick_names()

    def _card_scrolled(self, event) -> None:
        self.card_scrolled = event.pixels
        self._stick_names()

    def _stick_names(self) -> None:
        """Lay the names over the card, or take them off, as its own row of names has scrolled past or
        comes back (not a tap: what was said stays)."""
        stuck = self.names_at is not None and self.card_scrolled >= self.names_at
        if stuck != self.names_stuck:
            self.names_stuck = stuck
            self.app.redraw()

    def _card_opens(self) -> None:
        """A card's pane opens at its top (another tab was shown, or another screen)."""
        self.card_scrolled, self.names_stuck = 0.0, False

    def _tab_bar(self, names, selected, on_pick) -> ft.Control:
        return self.kept(("tabs", names), selected, lambda: self._draw_tab_bar(names, selected, on_pick))

    def _draw_tab_bar(self, names, selected, on_pick) -> ft.Control:
        # Translators: the tab of a game's entry, named by what is entered (a round of a game in rounds).
        unit = _("Round") if self.game.unit == "round" else _("Hand")
        captions = {"entry": (unit, ft.Icons.EDIT_NOTE), "card": (_("Score card"), ft.Icons.GRID_ON),
                    # Translators: the tab of a game's chart of the running totals.
                    "chart": (_("Chart"), ft.Icons.SHOW_CHART)}
        return tab_bar([(name, *captions[name]) for name in names], selected,
                       lambda name: self.app.act(lambda _e=None: on_pick(name)))

    def _set_tab(self, name: str) -> None:
        self._tapped()  # a question asked ("tap again to end the game") holds only until another tap
        if name == "card" and self.tab != "card":
            self._card_opens()
            if (self.game.current or 0) >= ROWS_IN_VIEW:  # the card opens at its top, unless the current hand is below:
                # then the hand before it goes to the top, under the names laid over the card
                self.scroll_keys["card"] = card_row_key(self.game.current - 1)
        self.tab = name

    def _set_side_tab(self, name: str) -> None:
        self._tapped()
        if name == "card" and self.side_tab != "card":
            self._card_opens()
        self.side_tab = name

    def _entry(self, width: float) -> ft.Control:
        """The step under way, scrolling, over a bar that stays at the bottom, in the thumb zone: what
        the app has to say (a refusal, news, what is still missing) in a slot of its own, so nothing
        above it moves, then undo and the step's button."""
        entry = self.entry
        items: list[ft.Control] = [*self.name_line()]
        if entry is None:  # every hand is in, the final standings a tap away
            items += [*self.messages(), heading(_("Every hand is entered.") if self.game.unit == "hand" else _("The game is over.")),
                      button(_("Final standings"), self.app.act(lambda: self._do(lambda: None)), primary=True,
                             identifier="final")]
            return body(self.pane(self.entry_pane), width, items, max_width=720)
        drawn = self.session.version  # every tap below acts on it (Screen.for_version, GamePlay.stale)
        if entry.correcting:
            items.append(ident("correcting", callout(self.play.correcting_text(), strong=True)))
        items += draw_step(self, entry, drawn, title_in_bar=self._title_in_bar())
        pane = body(self.pane(self.entry_pane), width, items, max_width=720, spacing=12)
        bar_width = content_width(width, 720)
        if not self.app.may_edit:  # it shows the score keeper's taps as they come, and takes none
            return ft.Column([ft.Container(content=pane, expand=True, disabled=True), self._follower_bar(bar_width)],
                             expand=True, spacing=0)
        likely = self.likely_step()  # the next step's bar drawn ahead (Screen.draw_ahead)
        self.draw_ahead("bar", drawn + 1, likely and likely.token,
                        lambda: self._bar_ahead(likely, drawn + 1, bar_width))
        bar = self.for_version(drawn, "bar", self._bottom_bar(entry, drawn, bar_width))
        return ft.Column([pane, bar], expand=True, spacing=0)

    def bring_end_into_view(self, token: Any) -> None:
        """Scroll the entry's pane to its end, once for `token` (a redraw for another reason leaves the
        pane where the score keeper put it): what the last row says under its chips (the dealer's hook,
        with six players on a phone) was under the bar. Called once the row is laid out (its size known:
        a scroll asked with the drawing met the layout before it); nothing moves when it all fits."""
        if token != self.brought_in:
            self.brought_in = token
            self.app.page.run_task(_to_end, self.pane(self.entry_pane))

    def _bar_ahead(self, likely, drawn: int, width: float) -> ft.Control:
        """The bar of the step after the one under way, once that records `likely`: Undo takes that back."""
        after = self.play.entry_after(likely)
        if after is None:  # (the game would be over)
            return ft.Container(key=f"bar:{drawn}")
        return self._bottom_bar(after, drawn, width, undo=(UndoOffer(self.play.undo_text_after(likely), True, False),
                                                           None, False), quiet=True)

    def _bottom_bar(self, entry, drawn: int, width: float, *, undo: tuple | None = None,
                    quiet: bool = False) -> ft.Control:
        """`undo`: (what Undo offers, what Redo says, can redo), as the game stands unless given; `quiet`:
        nothing said but what stops the step (the next step's, drawn ahead: see _say_slot)."""
        state = self.session.state
        undo = undo or (self.play.undo_offer(), state.redo_text, state.can_redo)
        asking = None if quiet else self._asking()
        shown = (entry.correcting, entry.done_label(), *undo, asking)
        # The buttons are handed back while they read the same (a chip tap changes what the bar says only).
        buttons = self.kept(("bar-buttons", drawn), shown, lambda: ft.Row(
            self._answers(asking, drawn) if asking else self._buttons(entry, drawn, undo), spacing=t.GAP))
        said = self._said(entry, quiet=quiet)
        # The bar too, while it says the same around the same buttons (a chip tap that leaves it: most).
        # (the one drawn ahead for this version is the one diffed against: the same key)
        return self.kept_around(("bar", drawn), [buttons], lambda: action_bar(
            [self._say_slot(*said), buttons], width, key=f"bar:{drawn}"), (said, width))

    def _follower_bar(self, width: float) -> ft.Control:
        """A device without the PIN: where the step's buttons are, one line on what it is, and the PIN."""
        refusal = self.message or self.play.message
        said = ((refusal, "message", ft.Colors.ERROR) if refusal else
                (self.play.info, "info", ft.Colors.ON_SURFACE) if self.play.info else
                (_("This device follows the game. To make entries here, enter the table's PIN."), "follower",
                 ft.Colors.ON_SURFACE_VARIANT))
        return self.kept(("follower-bar", width), said, lambda: action_bar([self._say_slot(*said), ft.Row([
            button(_("Enter the PIN"), self.app.act(lambda: self.app.open("/pin")), icon=ft.Icons.LOCK_OPEN,
                   identifier="enter-pin", expand=True)])], width))

    def _asking(self) -> str | None:
        """The menu's question under way: "end" (End the game now, tapped once), "finish", or None."""
        return "end" if self.play.confirm_end else "finish" if self.play.confirm_finish else None

    def _answers(self, asking: str, drawn: int) -> list[ft.Control]:
        """The answers to the menu's question, in the bar, in the thumb zone (not the menu opened again):
        any other tap drops the question, as Cancel does."""
        if asking == "end":
            confirm = button(_("End the game now"), self.app.act(lambda: self._do(self.play.end_game)), primary=True,
                             expand=True, identifier="end-now")
        else:
            confirm = button(_("Finish the game"), self.app.act(lambda: self._do(self.play.finish, drawn)), primary=True,
                             expand=True, identifier="end-now")
        return [button(_("Cancel"), self.app.act(self._tapped), expand=True, identifier="keep-playing"), confirm]

    def _buttons(self, entry, drawn: int, undo: tuple) -> list[ft.Control]:
        if entry.correcting:
            return [
                button(_("Cancel"), self.app.act(lambda: self._do(self.play.cancel_correction)), expand=True,
                       identifier="cancel-correction"),
                button(_("Save correction"), self.app.act(lambda: self._do(self.play.save_correction, drawn)),
                       primary=True, expand=True, identifier="save-correction"),
            ]
        label, identifier = entry.done_label()
        offer, redo_text, can_redo = undo
        return [
            icon_button(ft.Icons.UNDO, offer.text or _("Nothing to undo"),
                        self.app.act(lambda: self._do(self.play.undo, drawn, offer.tap)), disabled=not offer.possible,
                        identifier="undo"),
            icon_button(ft.Icons.REDO, redo_text or _("Nothing to redo"),
                        self.app.act(lambda: self._do(self.play.redo, drawn)), disabled=not can_redo,
                        identifier="redo"),
            done_button(label, self.app.act(lambda: self._do(self.play.submit, drawn)), icon=ft.Icons.CHECK,
                        identifier=identifier),
        ]

    def _said(self, entry, *, quiet: bool = False) -> tuple[str, str, str]:
        """What the bar says, in two lines at most: a refusal, else news, else what still stops the step
        (`quiet`: only that); with its identifier and colour."""
        refusal = None if quiet else self.message or self.play.message  # (a failed tap's message: see messages())
        problem = entry.problem()
        if refusal:
            return refusal, "message", ft.Colors.ERROR
        if self.play.info and not quiet:
            return self.play.info, "info", ft.Colors.ON_SURFACE
        if problem and not entry.problem_shown:
            return problem, "problem", ft.Colors.ON_SURFACE_VARIANT
        return "", "said", ft.Colors.ON_SURFACE_VARIANT

    @staticmethod
    def _say_slot(said: str, identifier: str, colour: str) -> ft.Control:
        """Two lines, always there, for what _said() says: a refusal in the error colour and bold. Read
        out by screen readers as it changes."""
        words = ft.Text(said, size=t.SMALL + 1, color=colour, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS,
                        weight=ft.FontWeight.W_600 if identifier == "message" else None)
        # Keyed by what it says: a new node when that changes (the browser keeps a node's identifier).
        return ft.Semantics(identifier=identifier, live_region=True, key=f"say:{identifier}",
                            content=ft.Container(content=words, height=40, alignment=ft.Alignment.CENTER_LEFT))

    # ----- taps, passed on to the view model -----

    def tap(self, drawn: int | None, step, *args) -> None:
        """A tap inside the entry (`step(*args)`, a method of the entry) on a screen drawn from version
        `drawn` of the game (None: no check)."""
        self._do(self.play.tap, drawn, step, *args)

    def bend_hook(self, drawn: int | None) -> None:
        """The dealer's forbidden bid, recorded against the hook (asked first)."""
        self._do(self.play.bend_hook, drawn)

    def aside(self, action: dict, drawn: int | None = None, *, unchanged: Callable[[], bool] | None = None) -> None:
        """An entry that leaves the step open (the trump of the hand). `unchanged()`: the part tapped
        still shows what it showed when drawn from version `drawn`, so the tap means the same now
        whatever came in since (Bids done leaves the hand's header as it was)."""
        if unchanged is not None and self.entry is not None and unchanged():
            drawn = None
        self._do(self.play.record_aside, action, drawn)

    def on_key(self, key: str, *, command: bool, shift: bool) -> bool:
        """A key pressed on a device with a keyboard (the chips and the step's button take no keyboard
        focus: see widgets.chip): a digit is that number's chip for the next player without one,
        Ctrl+Enter (Cmd on a Mac) the step's button, Ctrl+Z undo, Ctrl+Shift+Z or Ctrl+Y redo. Not where
        points are typed into fields. True when the key was taken."""
        entry = self.entry
        if entry is None or self.ui.typed_points or not self.app.may_edit:
            return False
        drawn = self.session.version
        if command and key == "Enter":
            self._do(self.play.submit, drawn)
        elif command and key.upper() in ("Z", "Y"):
            self._do(self.play.redo if shift or key.upper() == "Y" else self.play.undo, drawn)
        else:
            digit = key.removeprefix("Numpad ")
            keyed = getattr(entry, "keyed", None)  # (kinds whose entry has chips for the next player)
            tap = keyed(int(digit)) if keyed and not command and len(digit) == 1 and digit.isdigit() else None
            if tap is None:
                return False
            self.tap(drawn, *tap)
        return True

    def toggle_details(self) -> None:
        self._tapped()
        self.details_open = not self.details_open

    @property
    def correct(self) -> Callable[[int], None] | None:
        """What a tap on a hand or round of the score card does: open it in the entry for a correction.
        None on a device that follows: its card takes no tap."""
        return self._correct if self.app.may_edit else None

    def _correct(self, index: int) -> None:
        self.tab = "entry"
        self._do(self.play.correct, index)

    def _shows_final(self) -> bool:
        """The game is over, unless an earlier step of it is being corrected (saving reopens it)."""
        return self.play.over and not self.play.correcting

    def _do(self, step, *args) -> None:
        """Pass a tap on to the view model, then tell the other devices, scroll, or end the game."""
        self.message = None  # (the view model's own messages go as it takes the tap)
        step(*args)
        play = self.play
        if play.wrote:
            play.wrote = False
            self.app.changed(self.game_id)
        if play.to_top:
            play.to_top = False
            self.to_top.add(self.entry_pane)
        if self._shows_final() and self.app.screen is self:
            self.app.open(f"/game/{self.game_id}", replace=True)  # its final standings

    def on_game_changed(self) -> None:
        self._do(self.play.remote_changed)

    def on_show(self) -> None:
        self._card_opens()
        self.play.reload()
        self.play.take_in_stored()


async def _to_end(pane: ft.Column) -> None:
    try:
        await pane.scroll_to(offset=-1, duration=0)
    except Exception:  # noqa: BLE001 - the pane left the page meanwhile: nothing to bring into view
        pass
