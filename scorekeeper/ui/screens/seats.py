"""Who is playing (issue 14): someone joins at the hand about to be played, with the start the table
chooses and where they sit; someone sits out the next hand; someone leaves, keeping their points. Each
is one entry of the game, undone like any other, shown on the score card and in every export."""
from __future__ import annotations

import flet as ft

from scorekeeper.i18n import _
from scorekeeper.rules import InvalidEntry

from .. import theme as t
from .game_form import GameForm
from ..viewmodels.seats import SeatsForm
from ..widgets import body, button, field_text, heading, ident, muted, pill, text


class SeatsScreen(GameForm):
    @property
    def title(self) -> str:
        return _("Players at the table")

    def new_form(self, game):
        return SeatsForm(game)

    def build(self) -> ft.Control:
        form, act = self.form, self.app.act
        items: list[ft.Control] = [*self.messages()]
        rounds = form.unit == "round"
        if form.over:
            items.append(muted(_("Every round is played: who plays can't change now.") if rounds
                               else _("Every hand is played: who plays can't change now."), t.BODY))
            return body(self.pane(), self.app.width, items)
        items.append(heading(_("At the table for round {number}", number=form.number) if rounds
                             else _("At the table for hand {number}", number=form.number), t.TITLE - 4))
        rows = []
        for line in form.lines():
            actions = []
            if line.playing:
                actions = [
                    # Translators: a button beside a player's name: they sit out the next hand (round).
                    button(_("Sits out"), act(lambda _e=None, s=line.seat: self.change(form.sit_out(s))),
                           identifier=f"sit-out-{line.name}",
                           tooltip=_("{name} sits out round {number}", name=line.name, number=form.number) if rounds
                           else _("{name} sits out hand {number}", name=line.name, number=form.number)),
                    # Translators: a button beside a player's name: they leave the game.
                    button(_("Leaves"), act(lambda _e=None, s=line.seat: self.change(form.leave(s))), danger=True,
                           identifier=f"leave-{line.name}",
                           tooltip=_("{name} leaves, keeping their points", name=line.name)),
                ]
            rows.append(ident(f"seat-{line.name}", ft.Container(
                content=ft.Row([
                    ft.Column([text(line.name, t.BODY + 1, weight=ft.FontWeight.BOLD, max_lines=1),
                               muted(line.status, t.SMALL + 1)], spacing=0, expand=True),
                    *actions,
                ], spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER),
                padding=ft.Padding.symmetric(horizontal=12, vertical=6), border_radius=12,
                bgcolor=ft.Colors.SURFACE_CONTAINER if line.playing else ft.Colors.SURFACE_CONTAINER_LOWEST)))
        items.append(ft.Column(rows, spacing=6))
        if form.dealt:
            note = (_("Sitting out is for this round only; a player who leaves keeps their points and the deal "
                      "passes them by. Undo takes either back.") if rounds else
                    _("Sitting out is for this hand only; a player who leaves keeps their points and the deal "
                      "passes them by. Undo takes either back."))
        else:
            note = (_("Sitting out is for this round only; a player who leaves keeps their points. "
                      "Undo takes either back.") if rounds else
                    _("Sitting out is for this hand only; a player who leaves keeps their points. "
                      "Undo takes either back."))
        items.append(muted(note, t.SMALL + 1))
        items.append(heading(_("Someone joins"), t.TITLE - 4))
        if not form.can_join:
            items.append(muted(form.join_wait(), t.BODY))
            return body(self.pane(), self.app.width, items)
        game = form.game
        items += [
            ident("new-name", ft.TextField(
                label=_("Name"), value=form.name, text_size=t.TITLE - 2, max_length=40,
                capitalization=ft.TextCapitalization.WORDS,
                on_change=act(lambda e: self._type("name", field_text(e)), redraw=False),
                on_blur=self.app.typed)),
        ]
        if form.dealt:  # where they sit: the deal and the bidding go round the table
            items += [muted(_("Sits after (to the left of)"), t.BODY),
                      ft.Row([pill(game.players[seat], _("sits after {name}", name=game.players[seat]),
                                   act(lambda _e=None, s=seat: self._set("after", s)), form.seat_after() == seat)
                              for seat in form.neighbours()], wrap=True, spacing=8, run_spacing=8)]
        items += [
            # Translators: over the choices of the points a new player starts from.
            muted(_("Starts from"), t.BODY),
            ft.Row([pill(said, label, act(lambda _e=None, r=rule: self._set("start", r)), form.start == rule)
                    for rule, said, label in form.start_choices()],
                   wrap=True, spacing=8, run_spacing=8),
        ]
        if form.start == "number":
            items.append(ident("start-points", ft.TextField(
                label=_("Starting points"), value=form.points_text, text_size=t.TITLE - 2, width=200,
                keyboard_type=ft.KeyboardType.NUMBER,
                on_change=act(lambda e: self._type("points_text", field_text(e)), redraw=False),
                on_blur=self.app.typed)))
        items.append(ident("join-preview", text(form.join_preview(), t.BODY + 1, weight=ft.FontWeight.BOLD)))
        items.append(ft.Row([button(_("Seat the new player"), act(self.join), primary=True, icon=ft.Icons.PERSON_ADD,
                                    expand=True, identifier="save-join")]))
        return body(self.pane(), self.app.width, items)

    def join(self) -> None:
        try:
            action = self.form.join()
        except InvalidEntry as missing:
            self.message = str(missing)
            return
        self.record(action, f"{self.form.join_preview()}.")

    def change(self, action: dict) -> None:
        """A player sits out or leaves: recorded at once (Undo takes it back)."""
        if not self.record(action, self._said(action)):
            self.form.index = self.session.game.first_unentered()  # (the latest game's hand)

    def _said(self, action: dict) -> str:
        name = self.form.game.players[action["seat"]]
        if action["type"] == "leave":
            return _("{name} has left, keeping their points (Undo brings them back).", name=name)
        number = action[self.form.unit] + 1
        if self.form.unit == "round":
            return _("{name} sits out round {number} (Undo brings them back in).", name=name, number=number)
        return _("{name} sits out hand {number} (Undo brings them back in).", name=name, number=number)
