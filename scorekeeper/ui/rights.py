"""Who may change the games, on one device (App's part): the host always; another device while the
right it got with the table's PIN holds (scorekeeper.access decides, the browser keeps the token)."""
from __future__ import annotations

import logging
from typing import Any

from scorekeeper import access
from scorekeeper.i18n import _

from .browser import RIGHT_KEY, keep_in_browser

log = logging.getLogger(__name__)


class DeviceRights:
    # What App holds: its page, whether it is the host, its address and the hash of its right.
    page: Any
    is_host: bool
    address: str
    right: str | None

    @property
    def may_edit(self) -> bool:
        """May this device make entries now? The host always; another device while the right it got with
        the PIN holds (checked again every few seconds: a new PIN or the host ends it)."""
        return self.is_host or access.table().holds(self.right)

    def may_write(self) -> bool:
        """may_edit, asked of the database itself: a write is about to be made."""
        return self.is_host or access.table().holds(self.right, fresh=True)

    def unlock(self, pin: str) -> None:
        """Let this device make entries with the table's PIN; access.PinRefused says why not. The right's
        token is kept by the browser, so a reload or a restarted server finds it again."""
        token = access.table().check(self.address, pin)
        self.right = access.token_hash(token)
        self.page.run_task(keep_in_browser, RIGHT_KEY, token)

    def send_back_to_viewer(self, other: "DeviceRights") -> None:  # i18n: not shown
        """The host makes another device a viewer again; that device is told at once."""
        if not self.is_host:
            raise access.PinRefused(_("Only the host can do that."))
        if other.is_host:
            raise access.PinRefused(_("The host always keeps the score."))
        access.table().revoke(other.right)
        other.right = None
        self._tell_access({"access": id(other)})

    def new_pin(self) -> None:
        """The host makes a new PIN: every other device's right ends, and each is told at once."""
        if not self.is_host:
            raise access.PinRefused(_("Only the host can do that."))
        access.table().change_pin()
        self._tell_access({"access": "all"})

    def _tell_access(self, message: dict) -> None:
        try:
            self.page.pubsub.send_all(message)
        except Exception:  # pragma: no cover - the role holds anyway; the device redraws on its next tap
            log.exception("telling the devices of a change of rights failed")
