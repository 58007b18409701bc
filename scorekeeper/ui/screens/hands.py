"""Change the hands to come (issue 14): insert, skip or resize a hand, stop after the hand under way,
or play another round after the last. Recorded as one entry of the game, undone like any other."""
from __future__ import annotations

import flet as ft

from scorekeeper.i18n import _, _n

from .. import theme as t
from .game_form import GameForm
from ..viewmodels.hands import HandsForm
from ..widgets import body, button, icon_button, ident, muted, text


class HandsScreen(GameForm):
    @property
    def title(self) -> str:
        return _("The hands to come")

    def new_form(self, game):
        return HandsForm(game)

    def build(self) -> ft.Control:
        form, act = self.form, self.app.act
        items: list[ft.Control] = [*self.messages(),
                                   muted(_n("Hands already entered stay as they are. With {players} players the deck "
                                            "deals at most {count} card each.",
                                            "Hands already entered stay as they are. With {players} players the deck "
                                            "deals at most {count} cards each.", form.limit, players=form.playing),
                                         t.BODY)]
        rows = []
        for position, cards in enumerate(form.sizes):
            number = form.number(position)
            rows.append(ident(f"hand-{number}", ft.Container(
                content=ft.Row([
                    text(_("Hand {number}", number=number), t.BODY + 1, weight=ft.FontWeight.BOLD),
                    ft.Container(expand=True),
                    icon_button(ft.Icons.REMOVE, _("hand {number} one card fewer", number=number),
                                act(lambda _e=None, p=position: self._change(form.resize, p, -1)),
                                disabled=cards <= 1),
                    ft.Text(str(cards), size=t.TITLE, weight=ft.FontWeight.BOLD, width=40,
                            text_align=ft.TextAlign.CENTER, semantics_label=_n("hand {number}: {count} card", "hand {number}: {count} cards", cards,
                                                                     number=number)),
                    icon_button(ft.Icons.ADD, _("hand {number} one card more", number=number),
                                act(lambda _e=None, p=position: self._change(form.resize, p, 1)),
                                disabled=cards >= form.limit),
                    icon_button(ft.Icons.CONTENT_COPY, _("another hand like hand {number} before it", number=number),
                                act(lambda _e=None, p=position: self._change(form.insert, p))),
                    icon_button(ft.Icons.DELETE_OUTLINE, _("skip hand {number}", number=number),
                                act(lambda _e=None, p=position: self._change(form.remove, p))),
                ], vertical_alignment=ft.CrossAxisAlignment.CENTER, spacing=2),
                padding=ft.Padding.symmetric(horizontal=12, vertical=2), border_radius=12,
                bgcolor=ft.Colors.SURFACE_CONTAINER)))
        if rows:
            items.append(ft.Column(rows, spacing=6))
        items.append(ft.Row([
            button(_("Add a hand"), act(lambda: self._change(form.insert, len(form.sizes))), icon=ft.Icons.ADD,
                   identifier="add-hand"),
            button(_("Another round"), act(lambda: self._change(form.another_round)), icon=ft.Icons.REPEAT,
                   identifier="another-round"),
            *([button(_("Stop after hand {number}", number=form.start), act(lambda: self._change(form.stop)), icon=ft.Icons.STOP,
                      identifier="stop-after")] if form.start and form.sizes else []),
        ], wrap=True, spacing=t.GAP, run_spacing=t.GAP))
        if form.start:  # stopping after the hand under way, against ending the game now: two results
            items.append(ident("stop-note", muted(form.stop_note())))
        items.append(ident("hands-summary", text(form.summary(), t.BODY + 1, weight=ft.FontWeight.BOLD)))
        items.append(ft.Row([button(_("Save the hands"), act(self.save), primary=True, icon=ft.Icons.CHECK, expand=True,
                                    disabled=not form.changed, identifier="save-hands")]))
        return body(self.pane(), self.app.width, items)

    def _change(self, change, *args) -> None:
        change(*args)
        self.message = None

    def save(self) -> None:
        self.record(self.form.action(), _("Hands changed. {summary}", summary=self.form.summary()), fresh=True)
