"""Invite a device: the QR code and address another phone, tablet or TV at the table opens."""
from __future__ import annotations

import flet as ft

from .. import theme as t
from ..app import Screen
from ..viewmodels.invite import invite
from ..widgets import body, card, heading, ident, muted, text

QR_SIZE = 260  # scannable from arm's length, and it fits a 390-pixel phone with the margins


class InviteScreen(Screen):
    title = "Invite a device"

    def build(self) -> ft.Control:
        shown = invite()
        items: list[ft.Control] = [*self.messages(), heading(shown.headline, t.TITLE - 2)]
        if shown.qr_png is not None:
            # Dark modules on white whatever the theme: phone cameras read that best.
            items.append(ft.Row([ident("invite-qr", ft.Container(
                ft.Image(src=shown.qr_png, width=QR_SIZE, height=QR_SIZE, fit=ft.BoxFit.CONTAIN,
                         semantics_label=f"QR code of {shown.url}"),
                bgcolor=ft.Colors.WHITE, border_radius=12, padding=8))], alignment=ft.MainAxisAlignment.CENTER))
            items.append(card(ft.Column([
                muted("Address", t.SMALL),
                ident("invite-url", text(shown.url, t.TITLE, weight=ft.FontWeight.BOLD)),
                *[text(other, t.BODY) for other in shown.urls[1:]],
            ], spacing=4)))
        items.append(muted(shown.hint, t.BODY))
        return body(self.pane(), self.app.width, items)
