"""After a damaged database file was set aside: where it went, and the backups made before the damage
(date and games in each) to restore one from, asking before anything is replaced."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scorekeeper import services
from scorekeeper.i18n import _, _n


@dataclass(frozen=True)
class BackupOffer:
    path: Path
    made: str  # "2024-05-01 20:15 UTC"
    games: int | None

    @property
    def label(self) -> str:
        """"Backup of 2024-05-01 20:15 UTC (12 games)"."""
        return _("Backup of {made} ({games})", made=self.made, games=_games(self.games))


def _games(count: int | None) -> str:
    """"12 games", or that they can't be counted: said in brackets after a backup's date."""
    if count is None:
        return _("its games can't be counted")
    return _n("{count} game", "{count} games", count)


def offer(info: Any) -> BackupOffer:
    # The date and time as ISO 8601 writes them, the same in every language (a backup's name says it so too).
    made = info.created_at.strftime("%Y-%m-%d %H:%M UTC")  # i18n: not shown (a format, no words)
    return BackupOffer(path=info.path, made=made, games=info.games)


class Recovery:
    """What the home screen shows of a database found damaged at start-up (store.recovered_from)."""

    def __init__(self, store: Any):
        self.store = store
        self.asking: BackupOffer | None = None  # the backup the score keeper picked, not yet confirmed
        self.restored: str | None = None  # what was done, once a backup was restored

    @property
    def needed(self) -> bool:
        return getattr(self.store, "recovered_from", None) is not None and self.restored is None

    def notice(self) -> str | None:
        if not self.needed:
            return None
        if self.offers():
            return _("The score database was damaged and has been set aside (nothing was deleted): {path}. A new, "
                     "empty database is in use. Pick a backup made before the damage below to restore its games.",
                     path=self.store.recovered_from)
        return _("The score database was damaged and has been set aside (nothing was deleted): {path}. A new, "
                 "empty database is in use. No backup was made before the damage.", path=self.store.recovered_from)

    def offers(self) -> list[BackupOffer]:
        """The backups made before the damage, newest first."""
        if not self.needed:
            return []
        return [offer(info) for info in self.store.backups() if info.before_damage]

    def ask(self, path: Path) -> None:
        self.asking = next((found for found in self.offers() if found.path == path), None)

    def question(self) -> str | None:
        if self.asking is None:
            return None
        return _("Restore the backup of {made} ({games})? Its games take the place of the games in use now, which "
                 "are kept aside in a file (never deleted).", made=self.asking.made, games=_games(self.asking.games))

    def cancel(self) -> None:
        self.asking = None

    def confirm(self) -> str:
        """Restore the backup asked about; returns the line to show. StorageError when it can't be restored
        (nothing was changed then)."""
        if self.asking is None:
            return _("Pick a backup first.")
        chosen, self.asking = self.asking, None
        aside = services.restore_backup(self.store, chosen.path)
        self.restored = _("Restored the backup of {made} ({games}). The games that were in use are kept in {path}.",
                          made=chosen.made, games=_games(chosen.games), path=aside)
        return self.restored
