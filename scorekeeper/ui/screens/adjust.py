"""Adjust a score: a one-off bonus or penalty ("give him 10 for that") with a short note, recorded
as an entry of the game (undone like any other) and shown on the score card and in every export."""
from __future__ import annotations

import flet as ft

from scorekeeper.i18n import _, _n

from .. import theme as t
from .game_form import GameForm
from ..viewmodels.adjust import QUICK_POINTS, AdjustForm
from ..widgets import above_action_bar, body, button, chip, field_text, heading, ident, muted, pill, text


class AdjustScreen(GameForm):
    @property
    def title(self) -> str:
        return _("A bonus or a penalty")

    def __init__(self, app, session):
        super().__init__(app, session)
        self.fields = 0  # a new number field when a quick amount is tapped (a field keeps what was typed)

    def build(self) -> ft.Control:
        form = self.form
        if form.played == 0:
            first = (_("An adjustment goes with a played round: play round 1 first.") if form.unit == "round"
                     else _("An adjustment goes with a played hand: play hand 1 first."))
            return body(self.pane(), self.app.width, [*self.messages(), muted(first, t.BODY)])
        act = self.app.act
        rounds = form.unit == "round"
        items: list[ft.Control] = [
            # Translators: a heading over the players' names: who the bonus or penalty is for.
            heading(_("Who"), t.TITLE - 4),
            # Translators: read aloud for a player's name to choose: the adjustment is for them.
            ft.Row([pill(name, _("for {name}", name=name), act(lambda _e=None, s=seat: self._set("seat", s)), form.seat == seat)
                    for seat, name in enumerate(form.game.players)], wrap=True, spacing=8, run_spacing=8),
            heading(_("Bonus or penalty"), t.TITLE - 4),
            ft.Row([pill(_("Bonus +"), _("a bonus"), act(lambda: self._set("penalty", False)), not form.penalty),
                    pill(_("Penalty −"), _("a penalty"), act(lambda: self._set("penalty", True)), form.penalty)],
                   wrap=True, spacing=8),
            heading(_("Points"), t.TITLE - 4),
            ft.Row([pill(str(points), _n("{count} point", "{count} points", points), act(lambda _e=None, p=points: self._quick(p)),
                         form.points_text == str(points)) for points in QUICK_POINTS], wrap=True, spacing=8),
            ident("points", ft.TextField(
                label=_("Points"), value=form.points_text, key=f"points:{self.fields}", text_size=t.TITLE - 2,
                keyboard_type=ft.KeyboardType.NUMBER, width=200,
                on_change=act(lambda e: self._type("points_text", field_text(e)), redraw=False),
                on_blur=self.app.typed)),
            ident("note", ft.TextField(
                label=_("Note (why, for the score card)"), value=form.note, text_size=t.BODY,
                max_length=form.note_length,
                on_change=act(lambda e: self._type("note", field_text(e)), redraw=False))),
            # Last: the hand it goes with, the one just played unless another is chosen (seldom).
            # Translators: a heading over the numbers of the rounds played: the one the adjustment goes with.
            heading(_("At round") if rounds else _("At hand"), t.TITLE - 4),
            ft.Row([chip(str(index + 1), _("at round {number}", number=index + 1) if rounds
                         else _("at hand {number}", number=index + 1), act(lambda _e=None, i=index: self._set("at", i)),
                         selected=form.at == index) for index, _said in form.hands()],
                   wrap=True, spacing=6, run_spacing=6),
        ]
        pane = body(self.pane(), self.app.width, items)
        # What will be saved, and Save, stay on screen below the form, after every choice (the hand too);
        # a refusal shows over them, where the tap was.
        return above_action_bar(pane, [
            *self.messages(),
            ident("preview", text(form.preview(), t.BODY + 1, weight=ft.FontWeight.BOLD)),
            ft.Row([button(_("Save adjustment"), act(self.save), primary=True, icon=ft.Icons.CHECK, expand=True,
                           identifier="save-adjustment")]),
        ], self.app.width)

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
        self.record(action, _("Adjusted: {adjustment}.", adjustment=self.form.preview()))
