"""The table display at game over (issue 38, item 5): a TV or tablet showing /table keeps the final
standings, the winner and the awards of the game just finished until the next game starts, instead of
"No game in play"; a game ended early shows its standings, without winner or awards."""
from __future__ import annotations

import pytest

from scorekeeper.rules import PRESETS
from scorekeeper.storage import Store
from scorekeeper.ui.viewmodels.table_display import displayed_game, table_display


def played(store, names, preset=PRESETS["oh-pshaw"], hands=None, finish=True):
    """Ann makes every hand (she bids and takes all the cards); the others bid 0 and make it too."""
    state = store.new_game(names, preset, first_dealer=0)
    while not state.game.is_over and (hands is None or state.game.current < hands):
        index = state.game.current
        cards = state.game.hands[index].cards
        for kind in ("bids", "tricks"):
            state = store.record(state.id, {"type": kind, "hand": index, "values": [cards] + [0] * (len(names) - 1)},
                                 state.version)
    if finish and state.game.is_over:
        state = store.finish(state.id, state.version)
    return state


@pytest.fixture
def store(tmp_path):
    opened = Store(f"sqlite:///{tmp_path / 'games.db'}")
    yield opened
    opened.close()


def test_the_display_keeps_the_game_just_finished_until_the_next_one_starts(store):
    older = played(store, ["Dee", "Eve", "Fay"], hands=2)  # left unfinished last week
    assert displayed_game(store).id == older.id
    done = played(store, ["Ann", "Bob", "Cy"])  # Oh Pshaw to the end: Ann wins, with the winner's bonus
    shown = displayed_game(store)
    assert shown.id == done.id and shown.status == "finished"
    display = table_display(shown, None)
    assert display.headline == "Game over: Ann wins"
    assert [line.name for line in display.players] == ["Ann", "Bob", "Cy"] and display.players[0].leader
    assert display.players[0].total_text == str(done.game.final_scores()[0])  # the final score, bonus counted
    assert display.bonus == "Winner's bonus: +10"
    assert display.awards[0] == ("Hand of the night: Ann", "+25 in hand 15")  # the awards, as game over has them
    assert ("Boldest zero: Bob and Cy", "bid 0 and took none with 15 cards in hand 15") in display.awards
    fresh = store.new_game(["Gus", "Hal", "Ivy"], PRESETS["oh-heck"], first_dealer=0)
    assert displayed_game(store).id == fresh.id
    assert table_display(displayed_game(store), None).headline.startswith("Hand 1 of")


def test_a_game_ended_early_shows_its_standings_without_winner_or_awards(store):
    state = played(store, ["Ann", "Bob", "Cy"], hands=2, finish=False)
    state = store.abandon(state.id, state.version)
    shown = displayed_game(store)
    assert shown.id == state.id and shown.status == "abandoned"
    display = table_display(shown, None)
    assert display.headline.startswith("Game over: ended early after 2 of")
    assert display.awards == () and display.bonus == "" and not any(line.leader for line in display.players[1:])


def test_nothing_played_yet_shows_nothing(store):
    assert displayed_game(store) is None


def test_a_tv_shows_the_staircase_numbers_large(store):
    """Issue 38, item 14: the hand sequence's numbers were 10 px (8 px as a TV showed them), unreadable at
    3 m; on the display they grow with its type."""
    from types import SimpleNamespace

    import flet as ft

    from scorekeeper.ui.screens.table_display import TableDisplayScreen
    from ui_tree import controls

    played(store, ["Ann", "Bob", "Cy", "Dee"], PRESETS["oh-pshaw"], hands=2, finish=False)
    app = SimpleNamespace(store=store, stack=[], width=1920, page=SimpleNamespace(height=1080), wide=True)
    drawing = TableDisplayScreen(app).build()
    stairs = next(control for control in controls(drawing)
                  if isinstance(control, ft.Semantics) and control.identifier == "display-stairs")
    numbers = [control.size for control in controls(stairs) if isinstance(control, ft.Text)]
    assert numbers and min(numbers) >= 28, numbers  # 20 at a 1180 px face, grown with a TV's

