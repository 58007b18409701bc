"""Navigation by address (scorekeeper/ui/routes.py): every screen has one, the browser shows it, a
reload (a session started at that address) opens the same screen with Home under it, the browser's
back button goes back, and the screens never import one another."""
from __future__ import annotations

import ast
from pathlib import Path
from types import SimpleNamespace

import pytest

from benchmarks import tap as harness
from scorekeeper.rules import PRESETS, hit_the_deck
from scorekeeper.ui import app as app_module
from tests.test_ui_redraw import run_apart

SCREENS_DIR = Path(__file__).resolve().parent.parent / "scorekeeper" / "ui" / "screens"


async def _started_at(route: str, *then: str) -> list[tuple[str, list[str], str]]:
    """A session started at `route` (a reload there), then each of `then` opened by the app: after
    each, (screen on top, the stack's screens, the address it was opened at)."""
    session = await _session_at(route)
    app = session.page.data
    seen = []

    def note() -> None:
        seen.append((type(app.screen).__name__, [type(s).__name__ for s in app.stack], app.screen.route))

    note()
    for step in then:
        if step == "back":
            app.back()
        elif step.startswith("browser:"):  # the browser's back button, or a typed address
            app._on_route_change(SimpleNamespace(route=step.removeprefix("browser:")))
        else:
            app.open(step)
        note()
    return seen


@pytest.mark.parametrize("route, screen", [
    ("/", "HomeScreen"), ("/new", "NewGameScreen"), ("/history", "HistoryScreen"), ("/players", "PlayersScreen"),
    ("/settings", "SettingsScreen"), ("/pin", "PinScreen"), ("/invite", "InviteScreen"),
])
def test_a_reload_at_an_address_opens_its_screen_with_home_under_it(app_store, route, screen):
    [(top, stack, shown)] = run_apart(_started_at(route))
    assert (top, shown) == (screen, route)
    assert stack == (["HomeScreen"] if route == "/" else ["HomeScreen", screen])


def test_a_game_in_play_reopens_at_its_entry_and_a_finished_one_at_its_standings(app_store):
    playing = app_store.new_game(["Ann", "Bob", "Cy"], PRESETS["oh-heck"], first_dealer=0)
    over = app_store.new_game(["Ann", "Bob"], hit_the_deck.PRESETS["hit-the-deck"])
    app_store.abandon(over.id, over.version)
    seen = run_apart(_started_at(f"/game/{playing.id}", f"/game/{over.id}", f"/game/{over.id}/card"))
    assert [(top, shown) for top, _, shown in seen] == [
        ("GameScreen", f"/game/{playing.id}"), ("GameOverScreen", f"/game/{over.id}"),
        (seen[2][0], f"/game/{over.id}/card")]
    assert seen[2][0] != "GameOverScreen"  # the card of a finished game: the game's own screen, on its card


def test_a_game_in_play_has_an_adjust_address_and_a_finished_game_does_not(app_store):
    playing = app_store.new_game(["Ann", "Bob", "Cy"], PRESETS["oh-heck"], first_dealer=0)
    over = app_store.new_game(["Ann", "Bob"], hit_the_deck.PRESETS["hit-the-deck"])
    app_store.abandon(over.id, over.version)
    seen = run_apart(_started_at(f"/game/{playing.id}/adjust", f"/game/{over.id}/adjust"))
    assert [(top, shown) for top, _, shown in seen] == [
        ("AdjustScreen", f"/game/{playing.id}/adjust"), ("GameOverScreen", f"/game/{over.id}/adjust")]


def test_a_player_s_page_reopens_with_its_choices(app_store):
    ann = app_store.add_player("Ann")
    route = f"/players/{ann.id}?kind=bid-tricks&preset=oh-heck&versus=7"
    [(top, stack, shown)] = run_apart(_started_at(route))
    assert (top, stack, shown) == ("PlayerScreen", ["HomeScreen", "PlayerScreen"], route)
    screen = run_apart(_session_at(route)).page.data.screen
    assert (screen.player_id, screen.kind, screen.preset_id, screen.versus) == (ann.id, "bid-tricks", "oh-heck", 7)


async def _session_at(route: str):
    """A session started at `route` (its app is session.page.data). Keep the session while using the
    app: the page holds it only weakly, and a redraw after it is gone fails."""
    connection, session = await harness._new_session(390, 844, client_ip="127.0.0.1")
    session.page.route = route
    await harness._run_main(session, app_module.main)
    return session


@pytest.mark.parametrize("route", ["/players/x", "/players/-1", "/players/1?versus=Bob", "/players/" + "9" * 40])
def test_a_player_address_that_is_not_a_number_opens_home(app_store, route):
    [(top, stack, shown)] = run_apart(_started_at(route))
    assert (top, stack, shown) == ("HomeScreen", ["HomeScreen"], "/")


def test_an_address_the_app_doesnt_have_opens_home(app_store):
    [(top, stack, shown)] = run_apart(_started_at("/no/such/screen"))
    assert (top, stack, shown) == ("HomeScreen", ["HomeScreen"], "/")


def test_a_game_that_is_not_stored_opens_home_with_a_message(app_store):
    [(top, stack, shown)] = run_apart(_started_at("/game/not-a-game"))
    assert (top, stack) == ("HomeScreen", ["HomeScreen"])


def test_back_and_the_browsers_back_button_follow_the_stack(app_store):
    seen = run_apart(_started_at("/", "/history", "/players", "browser:/history", "back", "browser:/settings"))
    assert [(top, shown) for top, _, shown in seen] == [
        ("HomeScreen", "/"), ("HistoryScreen", "/history"), ("PlayersScreen", "/players"),
        ("HistoryScreen", "/history"), ("HomeScreen", "/"), ("SettingsScreen", "/settings")]
    assert seen[3][1] == ["HomeScreen", "HistoryScreen"]  # back to a screen in the stack: the ones above it go


def _screen_modules() -> dict[str, set[str]]:
    """screens module -> the screens modules it imports (relative imports within the package)."""
    modules = {path.stem for path in SCREENS_DIR.glob("*.py") if path.stem != "__init__"}
    imports: dict[str, set[str]] = {}
    for name in modules:
        tree = ast.parse((SCREENS_DIR / f"{name}.py").read_text())
        found = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module in modules:
                found.add(node.module)
            elif isinstance(node, ast.ImportFrom) and node.level == 1 and node.module is None:
                found.update(alias.name for alias in node.names if alias.name in modules)
        imports[name] = found
    return imports


def _defines_a_screen(name: str) -> bool:
    tree = ast.parse((SCREENS_DIR / f"{name}.py").read_text())
    return any(isinstance(node, ast.ClassDef) and node.name.endswith("Screen") for node in tree.body)


def test_no_screen_imports_another_screen():
    """A screen opens another by its address; it may share drawing code and the base of every game
    screen (play.py), never reach for another screen's class."""
    imports = _screen_modules()
    assert imports, "no screens found"
    for name, imported in imports.items():
        screens = {other for other in imported if _defines_a_screen(other) and other != "play"}
        assert not screens, f"screens/{name}.py imports the screens {sorted(screens)}: open them by address"
