"""Invite a device: the QR code and address another phone, tablet or TV at the table opens."""
from __future__ import annotations

import flet as ft

from scorekeeper import access, network
from scorekeeper.i18n import _

from .. import theme as t
from .. import devices
from ..screen import Screen
from ..viewmodels.invite import device_rows, invite
from ..widgets import banner, body, button, card, heading, ident, muted, text

QR_SIZE = 260  # scannable from arm's length, and it fits a 390-pixel phone with the margins


class InviteScreen(Screen):
    @property
    def title(self) -> str:
        return _("Invite a device")

    def build(self) -> ft.Control:
        shown = invite()
        join: list[ft.Control] = [heading(shown.headline, t.TITLE - 2)]
        if shown.qr_png is not None:
            # Dark modules on white whatever the theme: phone cameras read that best.
            join.append(ft.Row([ident("invite-qr", ft.Container(
                ft.Image(src=shown.qr_png, width=QR_SIZE, height=QR_SIZE, fit=ft.BoxFit.CONTAIN,
                         semantics_label=_("QR code of {address}", address=shown.url)),
                bgcolor=ft.Colors.WHITE, border_radius=12, padding=8))], alignment=ft.MainAxisAlignment.CENTER))
            join.append(card(ft.Column([
                # Translators: over the web address another device opens.
                muted(_("Address"), t.SMALL),
                ident("invite-url", text(shown.url, t.TITLE, weight=ft.FontWeight.BOLD)),
                *[text(other, t.BODY) for other in shown.urls[1:]],
            ], spacing=4)))
        join.append(muted(shown.hint, t.BODY))
        # Translators: {address} is this app's web address; "{address}table" is the table display's.
        display = (_("The table display follows the game in large type, with nothing to tap. "
                     "Open it on that device (or open {address}table on it).", address=shown.url) if shown.url
                   else _("The table display follows the game in large type, with nothing to tap. "
                          "Open it on that device."))
        share: list[ft.Control] = [
            heading(_("A tablet or TV for the whole table"), t.BODY + 2),
            muted(display, t.BODY),
            ft.Row([
                button(_("Table display"), self.app.act(lambda: self.display(False)), icon=ft.Icons.TV, expand=True,
                       identifier="table-display"),
                # Translators: the table display drawn twice, head to head, for a tablet lying between the players.
                button(_("Both sides"), self.app.act(lambda: self.display(True)), icon=ft.Icons.TABLET, expand=True,
                       identifier="both-sides"),
            ], spacing=t.GAP),
        ]
        if self.app.is_host and network.served() is not None:  # a packaged app serves no other device
            # (listening on this computer only, a proxy in front of it may still bring devices: the PIN shows)
            share.extend(self._pin_and_devices())
        if self.app.wide:  # side by side: the code to scan, and what the host does with the devices
            columns = ft.Row([ft.Column(join, spacing=14, expand=True), ft.Column(share, spacing=14, expand=True)],
                             spacing=32, vertical_alignment=ft.CrossAxisAlignment.START)
            return body(self.pane(), self.app.width, [*self.messages(), columns], max_width=1100)
        return body(self.pane(), self.app.width, [*self.messages(), *join, *share])

    def display(self, both_sides: bool) -> None:
        self.app.open("/table/both-sides" if both_sides else "/table")

    def _pin_and_devices(self) -> list[ft.Control]:
        """The host's part: the PIN another device enters to make entries, and who is connected."""
        table = access.table()
        pin = table.pin
        shown: list[ft.Control] = [
            heading(_("To make entries on another device"), t.BODY + 2),
            muted(_("It enters this PIN on its Home screen. Devices without it follow the games. A new PIN "
                    "ends the right of every device that entered the old one."), t.BODY),
        ]
        if table.locked:
            shown.append(banner(_("Too many wrong PINs were entered, so this PIN stopped working: make a new one "
                                  "for the devices still to join (those that entered it keep their right)."),
                                identifier="pin-locked"))
        if pin is None:
            pin_text = muted(_("The PIN was made on another computer and can't be shown here: make a new one "
                               "to see it."), t.BODY)
        else:
            pin_text = text(pin, t.TITLE + 8, weight=ft.FontWeight.BOLD, label=_("Table PIN {pin}", pin=" ".join(pin)))
        shown.extend([
            ft.Row([ident("table-pin", pin_text),
                    button(_("New PIN"), self.app.act(self.app.new_pin), icon=ft.Icons.REFRESH, identifier="new-pin")],
                   alignment=ft.MainAxisAlignment.SPACE_BETWEEN, wrap=True),
            heading(_("Connected now"), t.BODY + 2),
        ])
        everyone = devices.connected()
        for row, device in zip(device_rows(everyone, self.app), everyone):
            controls: list[ft.Control] = [ft.Column([text(row.name, weight=ft.FontWeight.W_600),
                                                     muted(row.detail, t.SMALL)], spacing=2, expand=True)]
            if row.can_send_back:
                controls.append(button(_("Make viewer"), self.app.act(lambda _e=None, d=device: self.app.send_back_to_viewer(d)),
                                       identifier=f"make-viewer-{device.address}"))
            shown.append(card(ft.Row(controls, vertical_alignment=ft.CrossAxisAlignment.CENTER)))
        return shown
