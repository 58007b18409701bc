"""What every form of a game under way shares (adjust a score, the hands to come, who is playing, the
scoring): its view model built from the stored game, the choices it keeps as they are tapped or typed,
and the one way an entry is recorded: refused (by the rules, or because another device wrote first)
the form stays with the message on the latest game; stored, back to the game with the news."""
from __future__ import annotations

from typing import Any

from ..screen import Screen
from ..viewmodels.session import GameSession


class GameForm(Screen):
    # Redrawn by diff (Screen.reconcile): a field losing its focus redraws the form (the preview follows
    # what was typed), and drawn whole that redraw replaced every control just as the tap that took the
    # focus was on its way: the tap, sent for a control no longer there, was dropped (issue 38).
    reconcile = True

    def __init__(self, app, session: GameSession):
        super().__init__(app)
        self.session = session
        self.game_id = session.game_id
        self.form = self.new_form(session.game)

    def new_form(self, game: Any) -> Any:
        """The form's view model for `game` (the stored game, or the latest after a refusal)."""
        raise NotImplementedError

    def _set(self, name: str, value: Any) -> None:
        """A tapped choice: kept, and the last refusal said no more."""
        setattr(self.form, name, value)
        self.message = None

    def _type(self, name: str, value: str) -> None:
        """A field typed into: kept (no redraw: the field shows what was typed)."""
        setattr(self.form, name, value)

    def record(self, action: dict[str, Any], news: str, *, fresh: bool = False) -> bool:
        """Store `action` and go back to the game saying `news`. Refused: the message shows, and the form
        goes on from the latest game (a new form when `fresh`, else the choices made so far stay)."""
        outcome = self.session.record(action)
        if not outcome.ok:
            self.message = outcome.message
            if fresh:
                self.form = self.new_form(self.session.game)
            else:
                self.form.game = self.session.game
            return False
        self.app.changed(self.game_id)
        self.app.back_to_game(self.game_id, news)
        return True
