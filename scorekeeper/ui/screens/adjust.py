"""Adjust a score: a one-off bonus or penalty ("give him 10 for that") with a short note, recorded
as an entry of the game (undone like any other) and shown on the score card and in every export."""
from __future__ import annotations

import flet as ft

from .. import theme as t
from .game_form import GameForm
from ..viewmodels.adjust import QUICK_POINTS, AdjustForm
from ..widgets import body, button, chip, field_text, heading, ident, muted, pill, text


class AdjustScreen(GameForm):
    title = "A bonus or a penalty"

    def __init__(self, app, session):
        super().__init__(app, session)
        self.fields = 0  # a new number field when a quick amount is tapped (a field keeps what was typed)

    def build(self) -> ft.Control:
        form = self.form
        items: list[ft.Control] = [*self.messages()]
        if form.played == 0:
            items.append(muted(f"An adjustment goes with a played {form.unit}: play {form.unit} 1 first.", t.BODY))
            return body(self.pane(), self.app.width, items)
        act = self.app.act
        items += [
            heading("Who", t.TITLE - 4),
            ft.Row([pill(name, f"for {name}", act(lambda _e=None, s=seat: self._set("seat", s)), form.seat == seat)
                    for seat, name in enumerate(form.game.players)], wrap=True, spacing=8, run_spacing=8),
            heading("Bonus or penalty", t.TITLE - 4),
            ft.Row([pill("Bonus +", "a bonus", act(lambda: self._set("penalty", False)), not form.penalty),
                    pill("Penalty −", "a penalty", act(lambda: self._set("penalty", True)), form.penalty)],
                   wrap=True, spacing=8),
            heading("Points", t.TITLE - 4),
            ft.Row([pill(str(points), f"{points} points", act(lambda _e=None, p=points: self._quick(p)),
                         form.points_text == str(points)) for points in QUICK_POINTS], wrap=True, spacing=8),
            ident("points", ft.TextField(
                label="Points", value=form.points_text, key=f"points:{self.fields}", text_size=t.TITLE - 2,
                keyboard_type=ft.KeyboardType.NUMBER, width=200,
                on_change=act(lambda e: self._type("points_text", field_text(e)), redraw=False),
                on_blur=act(lambda: None))),
            ident("note", ft.TextField(
                label="Note (why, for the score card)", value=form.note, text_size=t.BODY,
                max_length=form.note_length,
                on_change=act(lambda e: self._type("note", field_text(e)), redraw=False))),
            ident("preview", text(form.preview(), t.BODY + 1, weight=ft.FontWeight.BOLD)),
            ft.Row([button("Save adjustment", act(self.save), primary=True, icon=ft.Icons.CHECK, expand=True,
                           identifier="save-adjustment")]),
            # Last: the hand it goes with, the one just played unless another is chosen (seldom).
            heading(f"At {form.unit}", t.TITLE - 4),
            ft.Row([chip(str(index + 1), f"at {said.lower()}", act(lambda _e=None, i=index: self._set("at", i)),
                         selected=form.at == index) for index, said in form.hands()],
                   wrap=True, spacing=6, run_spacing=6),
        ]
        return body(self.pane(), self.app.width, items)

    def new_form(self, game):
        return AdjustForm(game)

    def _quick(self, points: int) -> None:
        self.form.points_text = str(points)
        self.fields += 1
        self.message = None

    def save(self) -> None:
        from scorekeeper.rules import InvalidEntry

        try:
            action = self.form.action()
        except InvalidEntry as missing:
            self.message = str(missing)
            return
        self.record(action, f"Adjusted: {self.form.preview()}.")
