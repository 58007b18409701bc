"""What the screens of a game in play share (GameScreen, KindGameScreen): the view model's messages,
and what follows each tap passed on to it."""
from __future__ import annotations

import flet as ft

from ..app import Screen
from ..viewmodels.play import PlayBase
from ..viewmodels.session import GameSession


class PlayScreen(Screen):
    play: PlayBase  # set by each screen: GamePlay or KindPlay
    entry_pane = "entry"  # the pane of the entry, back to its top when the next step starts
    keeps_awake = True

    @property
    def session(self) -> GameSession:
        return self.play.session

    @property
    def game(self):
        return self.play.game

    @property
    def entry(self):
        return self.play.entry

    def message_key(self) -> tuple:
        return (self.message, self.play.message, self.play.info)

    def notify(self, news: str) -> None:
        self.play.info = news  # the view model's news is what this screen shows

    def messages(self) -> list[ft.Control]:
        crash, self.message = self.message, None  # a failed tap (App.act) shows once
        self.message, self.info = crash or self.play.message, self.play.info
        shown = super().messages()
        self.message = None
        return shown

    def _shows_final(self) -> bool:
        """After a tap: the game is over, its final standings take this screen's place."""
        return self.play.over

    def _do(self, step, *args) -> None:
        """Pass a tap on to the view model, then tell the other devices, scroll, or end the game."""
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
        self.play.reload()
        self.play.take_in_stored()
