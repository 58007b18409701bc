"""Every screen by its address. Screens never import one another: they ask the app to open an address
(`app.open("/history")`), and this table says which screen that is. The address is also the browser's:
a reload, a reconnect or a link opens the same screen (the stack under it starts at Home).

    /                      Home
    /new                   New game (/new?like=<game id>: the same players and game again, at the same table;
                           /new?table=Table%203: played at that table, as the club screen names it)
    /game/<id>             a game where it stands: its entry, or its final standings
    /game/<id>/card        its score card (/chart: its chart; /adjust: a bonus or penalty for a player;
                           /hands: the hands still to come, changed; /seats: who is playing;
                           /scoring: the scoring, changed mid-game)
    /history  /players  /settings  /pin  /invite
    /players/<id>          a player's page (?kind=&preset=&versus=: the game chosen, the player compared with)
    /table  /table/both-sides   the table display for a TV or a tablet in the middle
    /club                  a club night on the wall's TV: every table's game and the night's leaderboard
                           (?by=places: by placement points)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable
from urllib.parse import parse_qs, urlsplit

from .kinds import kind_ui
from .screen import Screen
from .screens.adjust import AdjustScreen
from .screens.club import ClubScreen
from .screens.game import GameScreen
from .screens.game_over import GameOverScreen
from .screens.hands import HandsScreen
from .screens.history import HistoryScreen
from .screens.home import HomeScreen
from .screens.invite import InviteScreen
from .screens.new_game import NewGameScreen
from .screens.pin import PinScreen
from .screens.player import PlayerScreen
from .screens.players import PlayersScreen
from .screens.scoring import ScoringScreen
from .screens.seats import SeatsScreen
from .screens.settings import SettingsScreen
from .screens.table_display import TableDisplayScreen
from .viewmodels.session import GameSession

HOME = "/"


@dataclass(frozen=True)
class Address:
    """A route taken apart: its path's parts and its query."""

    parts: tuple[str, ...]
    query: dict[str, str]

    @classmethod
    def of(cls, route: str) -> "Address":  # i18n: not shown
        split = urlsplit(route or HOME)
        parts = tuple(part for part in split.path.split("/") if part)
        query = {name: values[-1] for name, values in parse_qs(split.query).items()}
        return cls(parts, query)


def _game(app, address: Address) -> Screen:
    """A stored game where it stands: the entry of its next step, or its final standings."""
    game_id, tab = address.parts[1], (address.parts[2] if len(address.parts) > 2 else None)
    session = GameSession(app.store, game_id)
    if tab in ("adjust", "hands", "seats", "scoring"):  # (a game no longer in play, or without a sequence of hands: the game)
        playing = session.state.status == "playing"
        game = session.game
        if {"adjust": True, "hands": kind_ui(game).deals_hands, "seats": game.takes_roster,
                "scoring": bool(game.SCORING)}[tab]:
            form = {"adjust": AdjustScreen, "hands": HandsScreen, "seats": SeatsScreen, "scoring": ScoringScreen}[tab]
            return form(app, session) if playing else GameOverScreen(app, session)
        tab = None
    if session.state.status == "playing" and session.game.is_over:
        session.finish()  # every hand is in but the game was not marked finished (a lost connection)
    if session.state.status != "playing" and tab is None:
        return GameOverScreen(app, session)
    return GameScreen(app, game_id, session.state, **({"tab": tab} if tab else {}))


def _player(app, address: Address) -> Screen | None:
    """A player's page; an id or a compared player that is not a number is an address the app doesn't have."""
    numbers = [address.parts[1], address.query.get("versus", "0")]
    if not all(number.isascii() and number.isdigit() and len(number) < 12 for number in numbers):
        return None
    return PlayerScreen(app, int(numbers[0]), kind=address.query.get("kind"), preset_id=address.query.get("preset"),
                        versus=int(numbers[1]) if "versus" in address.query else None)


# The first part of an address -> the screen it opens (given the app and the whole address).
SCREENS: dict[str, Callable[..., Screen]] = {
    "": lambda app, address: HomeScreen(app),
    "new": lambda app, address: NewGameScreen(app, like=address.query.get("like"), table=address.query.get("table")),
    "game": _game,
    "history": lambda app, address: HistoryScreen(app),
    "players": lambda app, address: _player(app, address) if len(address.parts) > 1 else PlayersScreen(app),
    "settings": lambda app, address: SettingsScreen(app),
    "pin": lambda app, address: PinScreen(app),
    "invite": lambda app, address: InviteScreen(app),
    "table": lambda app, address: TableDisplayScreen(app, both_sides=address.parts[-1:] == ("both-sides",)),
    "club": lambda app, address: ClubScreen(app, by=address.query.get("by")),
}


def screen_for(app, route: str) -> Screen | None:
    """The screen at `route`, or None for an address the app doesn't have (a mistyped link)."""
    address = Address.of(route)
    first = address.parts[0] if address.parts else ""
    if first not in SCREENS or (first == "game" and len(address.parts) < 2):
        return None
    return SCREENS[first](app, address)  # (None from a screen's own check of the address: no such screen)
