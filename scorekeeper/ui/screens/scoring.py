"""Change the scoring mid-game (issue 14): the scoring rules with their values now, each player's total
now and once every hand is rescored, and the rescoring only when the score keeper confirms it. One
entry of the game, undone like any other; the entries already made stay as they were."""
from __future__ import annotations

import flet as ft

from scorekeeper.i18n import _

from .. import theme as t
from .game_form import GameForm
from ..viewmodels.scoring import ScoringForm
from ..widgets import body, button, field_text, heading, ident, labelled_switch, muted, text


class ScoringScreen(GameForm):
    @property
    def title(self) -> str:  # (not the menu item's words: a phone's bar shows the title)
        # Translators: the title of the screen that changes a game's scoring rules mid-game.
        return _("Scoring")

    def new_form(self, game):
        return ScoringForm(game)

    def build(self) -> ft.Control:
        form, act = self.form, self.app.act
        rounds = form.game.unit == "round"
        if form.rescores:
            about = (_("Every round played is scored again by the new rules; what was bid and taken stays as it "
                       "was. Undo brings the old rules back.") if rounds else
                     _("Every hand played is scored again by the new rules; what was bid and taken stays as it "
                       "was. Undo brings the old rules back."))
        else:
            about = (_("The points of every round stay as they are; the game ends by the new rules. "
                       "Undo brings the old rules back.") if rounds else
                     _("The points of every hand stay as they are; the game ends by the new rules. "
                       "Undo brings the old rules back."))
        items: list[ft.Control] = [*self.messages(), muted(about, t.BODY)]
        for option in form.options:
            if option.kind == "bool":
                items.append(ident(f"rule-{option.name}", labelled_switch(
                    option.label, form.flag(option.name), act(lambda _e=None, name=option.name: self._flag(name)))))
            else:
                items.append(ident(f"rule-{option.name}", ft.TextField(
                    label=option.field_label, value=form.value_text(option.name), text_size=t.TITLE - 2,
                    keyboard_type=ft.KeyboardType.NUMBER,
                    on_change=act(lambda e, name=option.name: self._type_rule(name, field_text(e)), redraw=False),
                    on_blur=self.app.typed, on_submit=act(lambda: None))))  # (the totals follow)
        rescored = form.preview()
        if form.problem:
            items.append(ident("scoring-problem", text(form.problem, t.BODY, color=ft.Colors.ERROR)))
        elif not rescored:
            items.append(muted(_("Change a number above to see what it comes to."), t.BODY))
        else:
            items.append(ident("scoring-change", text(form.said, t.BODY + 1, weight=ft.FontWeight.BOLD)))
        if rescored and form.rescores:
            items.append(heading(_("The totals, rescored"), t.TITLE - 4))
            items.append(ident("rescored", ft.Column([
                ft.Row([text(line.name, t.BODY + 1, weight=ft.FontWeight.BOLD), ft.Container(expand=True),
                        text(line.now, t.BODY + 1, label=_("{name}: {now} now, {then} rescored ({change})",
                                                           name=line.name, now=line.now, then=line.then,
                                                           change=line.change)),
                        ft.Icon(ft.Icons.ARROW_FORWARD, size=18, color=ft.Colors.ON_SURFACE_VARIANT),
                        text(line.then, t.BODY + 1, weight=ft.FontWeight.BOLD),
                        muted(f"({line.change})", t.BODY)], spacing=8)
                for line in rescored], spacing=4)))
        items.append(ft.Row([button(_("Rescore the game") if form.rescores else _("Change the rules"), act(self.save),
                                    primary=True, icon=ft.Icons.CHECK,
                                    expand=True, disabled=not rescored, identifier="save-scoring")]))
        return body(self.pane(), self.app.width, items)

    def _type_rule(self, name: str, value: str) -> None:
        self.form.texts[name] = value

    def _flag(self, name: str) -> None:
        self.form.flags[name] = not self.form.flag(name)
        self.message = None

    def save(self) -> None:
        if not self.form.preview():  # (the button is off then; a field typed since may have emptied it)
            self.message = self.form.problem or _("Nothing changes: these are the rules already.")
            return
        news = (_("Scoring changed: every hand rescored (Undo brings the old rules back).") if self.form.rescores
                else _("Rules changed: {change} (Undo brings the old rules back).", change=self.form.said))
        self.record(self.form.action(), news)
