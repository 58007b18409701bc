"""Enter the table's PIN: a device that follows the games may then make entries."""
from __future__ import annotations

import flet as ft

from scorekeeper import access
from scorekeeper.i18n import _

from .. import theme as t
from ..screen import Screen
from ..widgets import body, button, heading, muted


class PinScreen(Screen):
    @property
    def title(self) -> str:
        return _("Make entries here")

    def __init__(self, app):
        super().__init__(app)
        # Masked as it is typed (a neighbour at the table reads a screen easily); the eye shows it.
        self.field = ft.TextField(
            text_size=t.TITLE, width=260, password=True, can_reveal_password=True,  # (its label: build)
            keyboard_type=ft.KeyboardType.NUMBER, max_length=12, autofocus=True,
            on_submit=app.act(self.unlock))

    def build(self) -> ft.Control:
        self.field.label = _("The table's PIN")  # in the language of this drawing
        items: list[ft.Control] = [*self.messages(), heading(_("Enter the table's PIN"), t.TITLE - 2),
                                   muted(_("The host's \u201cInvite a device\u201d screen shows it (and the terminal "
                                           "that started Scorekeeper). With it, this device can make entries; "
                                           "without, it follows the games."), t.BODY),
                                   self.field,
                                   ft.Row([button(_("Unlock"), self.app.act(self.unlock), primary=True,
                                                  icon=ft.Icons.LOCK_OPEN, identifier="unlock", expand=True)])]
        return body(self.pane(), self.app.width, items)

    def unlock(self) -> None:
        try:
            self.app.unlock(self.field.value or "")
        except access.PinRefused as refusal:
            self.message = str(refusal)
            self.field.value = ""
            return
        self.app.back()
        if self.app.screen is not None:
            self.app.screen.notify(_("This device can make entries now."))
