"""The bin: deleted games kept until it is emptied."""
from __future__ import annotations

from scorekeeper.i18n import _

from sqlalchemy import delete, select, update

from .base import StoreBase
from .database import utc_now
from .errors import GameNotFound
from .tables import actions, drafts, game_players, games


class BinMixin(StoreBase):
    # ----- the bin -----

    def delete_game(self, game_id: str) -> None:
        with self._write() as connection:
            self._game_row(connection, game_id)
            connection.execute(update(games).where(games.c.id == game_id)
                               .values(deleted_at=utc_now(), version=games.c.version + 1))
            self.notices.announce(connection, game_id)

    def restore_game(self, game_id: str) -> None:
        with self._write() as connection:
            row = connection.execute(select(games.c.deleted_at).where(games.c.id == game_id)).first() \
                if isinstance(game_id, str) else None
            if row is None or row.deleted_at is None:
                raise GameNotFound(_("That game is not in the bin any more: look for it in the list of games."))
            connection.execute(update(games).where(games.c.id == game_id)
                               .values(deleted_at=None, version=games.c.version + 1))
            self.notices.announce(connection, game_id)

    def empty_bin(self) -> int:
        with self._write() as connection:
            doomed = games.c.deleted_at.is_not(None)
            self.notices.announce(connection, None)
            # Explicit deletes rather than relying on ON DELETE CASCADE being switched on everywhere.
            binned = select(games.c.id).where(doomed)
            connection.execute(delete(actions).where(actions.c.game_id.in_(binned)))
            connection.execute(delete(game_players).where(game_players.c.game_id.in_(binned)))
            connection.execute(delete(drafts).where(drafts.c.game_id.in_(binned)))
            return connection.execute(delete(games).where(doomed)).rowcount
