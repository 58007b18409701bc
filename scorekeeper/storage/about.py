"""A game's own name and notes, as the table gives them ("Friday at Ann's"; "Cy left at 11").

They describe the game and change no score, so they don't bump its version: a tap entered on another
device meanwhile stays valid. Two devices editing them at once are told apart instead by what each
screen showed: a change made from a screen that showed other words than the stored ones is refused
(StaleGame), never written over them.
"""
from __future__ import annotations

from scorekeeper.i18n import N_, _

from sqlalchemy import update

from scorekeeper.rules.common import InvalidEntry, clean_text

from .base import StoreBase
from .errors import StaleGame
from .tables import games

TITLE_LENGTH, NOTES_LENGTH = 80, 2000
TABLE_LENGTH = 40  # "Table 3", "By the window"

CHANGED_MESSAGE = N_("The game's name or notes were changed on another device since this screen showed them: "
                   "the latest are shown now; make your change again if it is still needed.")


def clean_title(title: object) -> str:
    """A game's name as typed, tidied: one line, single spaces; at most TITLE_LENGTH characters."""
    return clean_text(title, _("The game's name"), TITLE_LENGTH, lines=False)


def clean_notes(notes: object) -> str:
    """A game's notes: lines kept, control characters refused; at most NOTES_LENGTH characters."""
    return clean_text(notes, _("The game's notes"), NOTES_LENGTH, lines=True)


def clean_table(table: object) -> str:
    """The name of the table a game is played at ("Table 3"), tidied: one line; at most TABLE_LENGTH characters."""
    return clean_text(table, _("The table's name"), TABLE_LENGTH, lines=False)


class AboutMixin(StoreBase):
    def name_game(self, game_id: str, title: str, notes: str, *, shown: tuple[str, str]) -> None:
        """Give game `game_id` its name and notes; `shown`: the (name, notes) the screen showed, which
        must still be the stored ones (else StaleGame, and nothing is written)."""
        title, notes = clean_title(title), clean_notes(notes)
        with self._write() as connection:
            row = self._game_row(connection, game_id)
            if (row.title, row.notes) != tuple(shown):
                raise StaleGame(game_id, _(CHANGED_MESSAGE))
            connection.execute(update(games).where(games.c.id == game_id).values(title=title, notes=notes))
            self.notices.announce(connection, game_id)
