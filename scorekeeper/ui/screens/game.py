"""The frame around a game in play: the hand entry, the score card and the chart, with undo and redo
always one tap away. On a phone they are tabs; on a tablet the hand and the card sit side by side."""
from __future__ import annotations

import flet as ft

from .. import theme as t
from ..viewmodels.game_play import GamePlay
from ..viewmodels.session import GameSession
from ..widgets import icon_button, tab_bar
from .play import PlayScreen

TABS = (("hand", "Hand", ft.Icons.EDIT_NOTE), ("card", "Score card", ft.Icons.GRID_ON), ("chart", "Chart", ft.Icons.SHOW_CHART))


class GameScreen(PlayScreen):
    play: GamePlay
    size_dependent = True
    reconcile = True  # taps redraw by diff (App.redraw): benchmarks/run.py tap_to_patch_ms_p95
    entry_pane = "hand"

    def __init__(self, app, game_id: str, state=None, *, tab: str = "hand"):
        super().__init__(app)
        self.game_id = game_id
        self.play = GamePlay(GameSession(app.store, game_id, state))
        self.tab = tab
        self.side_tab = "card"  # the right pane on a tablet

    @property
    def title(self) -> str:  # type: ignore[override]
        name = self.game.rules.display_name
        return f"{name}: game over" if self.game.current is None else name

    def _shows_final(self) -> bool:
        """Not while a hand of a finished game is being corrected (saving it reopens the game)."""
        entry = self.play.entry
        return self.play.over and not (entry is not None and entry.correcting)

    # ----- app bar -----

    def actions(self) -> list[ft.Control]:
        state = self.session.state
        drawn = state.version  # undo and redo undo (redo) what they said (Screen.for_version)
        return self.kept(("actions", drawn), (state.undo_text, state.can_undo, state.redo_text, state.can_redo), lambda: [
            self.for_version(drawn, "undo", icon_button(ft.Icons.UNDO, state.undo_text or "Nothing to undo",
                                                        self.app.act(lambda: self.undo(drawn)),
                                                        disabled=not state.can_undo, identifier="undo")),
            self.for_version(drawn, "redo", icon_button(ft.Icons.REDO, state.redo_text or "Nothing to redo",
                                                        self.app.act(lambda: self.redo(drawn)),
                                                        disabled=not state.can_redo, identifier="redo")),
            icon_button(ft.Icons.HOME_OUTLINED, "Home", self.app.home, identifier="home"),
        ])

    # ----- drawing -----

    def build(self) -> ft.Control:
        from .chart import build_chart
        from .hand import build_hand
        from .score_card import build_score_card

        app = self.app
        if app.wide:
            left = ft.Container(content=build_hand(self, app.width * 0.45), expand=5)
            right = ft.Column([
                self._tab_bar(("card", "chart"), self.side_tab, self._set_side_tab),
                ft.Container(content=build_score_card(self, app.width * 0.55) if self.side_tab == "card"
                             else build_chart(self, app.width * 0.55 - 40), expand=True),
            ], expand=6, spacing=0, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
            return ft.Row([left, ft.VerticalDivider(width=1), right], expand=True, spacing=0,
                          vertical_alignment=ft.CrossAxisAlignment.STRETCH)
        tab = self.tab
        if tab == "card":
            content = build_score_card(self, app.width)
        elif tab == "chart":
            content = build_chart(self, app.width - 2 * t.PAD)
        else:
            content = build_hand(self, app.width)
        return ft.Column([ft.Container(content=content, expand=True),
                          self._tab_bar(("hand", "card", "chart"), tab, self._set_tab)], expand=True, spacing=0,
                         horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    def _tab_bar(self, names, selected, on_pick) -> ft.Control:
        return self.kept(("tabs", names), selected, lambda: self._draw_tab_bar(names, selected, on_pick))

    def _draw_tab_bar(self, names, selected, on_pick) -> ft.Control:
        return tab_bar([tab for tab in TABS if tab[0] in names], selected,
                       lambda name: self.app.act(lambda _e=None: on_pick(name)))

    def _set_tab(self, name: str) -> None:
        self.tab = name

    def _set_side_tab(self, name: str) -> None:
        self.side_tab = name

    # ----- taps from the hand entry and the score card, passed on -----

    # `drawn`: the game's version the tapped control was drawn from (PlayBase.stale).

    def tap_bid(self, seat: int, value: int, drawn: int | None = None) -> None:
        self._do(self.play.tap_bid, seat, value, drawn)

    def tap_tricks(self, seat: int, value: int, drawn: int | None = None) -> None:
        self._do(self.play.tap_tricks, seat, value, drawn)

    def open_row(self, seat: int) -> None:
        self.entry.open_row(seat)

    def submit_bids(self, drawn: int | None = None) -> None:
        self._do(self.play.submit_bids, drawn)

    def submit_tricks(self, drawn: int | None = None) -> None:
        self._do(self.play.submit_tricks, drawn)

    def set_trump(self, trump: str | None, drawn: int | None = None) -> None:
        self._do(self.play.set_trump, trump, drawn)

    def correct(self, index: int) -> None:
        self.tab = "hand"
        self._do(self.play.correct, index)

    def cancel_correction(self) -> None:
        self._do(self.play.cancel_correction)

    def save_correction(self, drawn: int | None = None) -> None:
        self._do(self.play.save_correction, drawn)

    def undo(self, drawn: int | None = None) -> None:
        self._do(self.play.undo, drawn)

    def redo(self, drawn: int | None = None) -> None:
        self._do(self.play.redo, drawn)

    def end_game(self) -> None:
        self._do(self.play.end_game)

    def show_final(self) -> None:
        self._do(lambda: None)
