"""Steps the game tests share: set up a game by taps, enter a hand by taps, seed a game through storage."""
from __future__ import annotations

import re

from scorekeeper.rules import PRESETS
from scorekeeper.storage import Store

from .harness import E2EError

NAMES = ["Ann", "Bob", "Cy", "Dee"]


def seat_players(page, names=NAMES, dealer="Ann") -> None:
    """From the home screen: New game, type each name, choose the first dealer."""
    page.tap("new-game")
    page.expect_text("Players")
    for name in names:
        type_text(page, "New player's name", name)
        page.press("Enter")
        page.expect_text(f"{name} deals first")
    page.tap(f"{dealer} deals first")
    page.wait_until(lambda: page.text_of("dealer-line") == f"{dealer} deals first", "the first dealer to be set")


def enter_bids(page, bids: dict[str, int]) -> None:
    """Tap the bids (those still to enter, in turn): the last one enters them and the tricks step opens."""
    for name, bid in bids.items():
        tap_bid(page, name, bid)
    page.wait_until(lambda: page.exists("Tricks taken"), "the tricks step (the last bid enters the bids)")


def enter_tricks(page, tricks: dict[str, int]) -> None:
    for name, took in tricks.items():
        tap_tricks(page, name, took)
    page.wait_until(lambda: all_assigned(page.text_of("tricks-left")), "every trick to be assigned")
    tap_until(page, "hand-done", lambda: not page.exists("hand-done") or not page.exists("Tricks taken"), "the next hand")


def all_assigned(line: str) -> bool:
    """The tricks countdown says every trick is assigned ("All 8 tricks assigned", "The one trick is assigned")."""
    return line.startswith(("All ", "The one trick")) and "assigned" in line


def seed_game(server, hands, preset="oh-heck", names=NAMES, first_dealer=0):
    """A game stored directly (as another device would have entered it), `hands` = [(bids, tricks), ...]."""
    store = Store(server.database_url)
    try:
        state = store.new_game(list(names), PRESETS[preset], first_dealer=first_dealer)
        for index, (bids, tricks) in enumerate(hands):
            state = store.record(state.id, {"type": "bids", "hand": index, "values": bids}, state.version)
            if tricks is not None:
                state = store.record(state.id, {"type": "tricks", "hand": index, "values": tricks}, state.version)
        return state.id
    finally:
        store.close()


def load(server, game_id):
    store = Store(server.database_url)
    try:
        return store.load(game_id)
    finally:
        store.close()


def tap_tricks(page, name: str, took: int) -> None:
    open_waiting(page, "tricks", name, f"{name} took {took}")
    tap_until(page, f"{name} took {took}", lambda: shows(page, f"{name}'s tricks: {took}"), f"{name}'s {took} tricks to show")


def tap_bid(page, name: str, bid: int) -> None:
    open_waiting(page, "bid", name, f"{name} bids {bid}")
    # The last bid enters the bids: then the tricks step shows instead of the bid.
    tap_until(page, f"{name} bids {bid}", lambda: shows(page, f"{name}'s bid: {bid}") or page.exists("Tricks taken"),
              f"{name}'s bid of {bid} to show")


def open_waiting(page, what: str, name: str, chip: str) -> None:
    """A row waiting its turn is one line on a phone when the open rows wouldn't fit: tap it to open
    its chips (out of turn)."""
    row = f"row-{what}-{name}"
    for _ in range(3):  # (another device's tap may open or fill the row meanwhile)
        if page.exists(chip) or not page.exists(row):
            return
        try:
            page.tap(row, timeout=3)
            page.wait_until(lambda: page.exists(chip), f"{name}'s chips to open", timeout=4)
            return
        except E2EError:
            continue


def shows(page, line: str) -> bool:
    """Is `line` one line of some text on screen (a folded row merges its texts into one node)?"""
    return any(line == part.strip() for text in page.visible_texts() for part in text.split("\n"))


def change(page, what: str, name: str) -> None:
    """Open a player's entered (folded) row again: what is "bid" or "tricks"."""
    if page.exists(f"row-{what}-{name}"):
        page.tap(f"row-{what}-{name}")
        page.expect_text(f"{name} {'bids' if what == 'bid' else 'took'} 0")


def type_text(page, label: str, text: str) -> None:
    """Type into an empty field. Flutter moves the focus into a field a moment after the click, and a
    field the app replaces (a fresh one after each name) can still be leaving: keys typed into the
    wrong one are lost, so check the field and type again when they were; and a click the page moved
    under (a part drawn above it meanwhile) can focus another field: nothing is typed then."""
    inputs = page.page.locator(f'input[aria-label="{label}"]')
    for _ in range(3):
        page.wait_until(lambda: inputs.count() == 1, f"one field {label!r}")
        field = inputs.first
        page.into_view(field)
        field.click()
        page.page.wait_for_timeout(300)
        focused = page.page.evaluate("() => document.activeElement && document.activeElement.getAttribute('aria-label')")
        if focused and focused != label:  # the click landed on another field (the page moved under it)
            continue
        if field.input_value():
            page.press("ControlOrMeta+A")
            page.press("Backspace")
        page.page.keyboard.type(text)
        try:
            page.wait_until(lambda: field.input_value() == text, f"field {label!r} to hold {text!r}", timeout=4)
            return
        except E2EError:
            continue
    page.wait_until(lambda: inputs.first.input_value() == text, f"field {label!r} to hold {text!r}")


def tap_until(page, label: str, done, what: str, tries: int = 3) -> None:
    """Tap, and tap again if nothing happened (a busy machine can drop a tap the page was redrawing
    under). Only for taps whose effect `done` tells apart, so a tap is never applied twice."""
    for _ in range(tries):
        page.tap(label)
        try:
            page.wait_until(done, what, timeout=4)
            return
        except E2EError:
            if not page.exists(label):
                break
    page.wait_until(done, what)


# ----- the other kinds: score pad, HIT THE DECK, WHAT THE HECK? -----


def start_kind(page, game: str, names, options: dict[str, str] | None = None) -> None:
    """From the home screen: New game, pick the game by its button, set its options (field label ->
    text), seat the players (no dealer for these kinds) and start."""
    page.tap("new-game")
    page.expect_text("Players")
    tap_until(page, game, lambda: page.exists("sequence") and game_chosen(page, game), f"{game} to be chosen")
    for label, value in (options or {}).items():
        type_text(page, label, value)
    for seat, name in enumerate(names):
        type_text(page, "New player's name", name)
        page.press("Enter")
        page.expect_text(f"Seat {seat + 1}: {name}")
    tap_until(page, "start-game", lambda: page.exists("round-done"), "the first round")


def game_chosen(page, game: str) -> bool:
    """`game`'s button is the chosen one (a tap can land on a neighbour while the buttons reflow)."""
    return page.exists("start-game") and page.is_current(game)


def tap_to(page, label: str, line: str) -> None:
    """Tap `label` once and wait for `line` (one line of some text) to show; tap again only when the
    tap was lost (nothing changed)."""
    tap_until(page, label, lambda: shows(page, line), f"{line!r} after tapping {label!r}")


def save_round(page, number: int, *, over: bool = False) -> None:
    """Tap Round done (or Hand done) and wait for the next round's title, or for the game over screen."""
    if over:
        tap_until(page, "round-done", lambda: page.exists("headline"), "the game over screen")
        return
    tap_until(page, "round-done", lambda: round_shown(page, number + 1), f"round {number + 1}")


def round_shown(page, number: int) -> bool:
    """Round (or hand) `number` is the one being entered: its title ("Round 2 of 4", "Hand 2") is in
    view (in a phone's app bar, at the top of a tablet's entry pane)."""
    return any(re.fullmatch(rf"(Round|Hand) {number}( of \d+)?", part.strip())
               for text in page.visible_texts() for part in text.split("\n"))


def card_totals_of(page, count: int) -> list[str]:
    """The totals row of the score card ("Ann total 12", ...), from the phone's Score card tab."""
    tap_until(page, "tab-card", lambda: page.exists("Standings"), "the score card")
    totals = [page.text_of(f"total-{seat}") for seat in range(count)]
    tap_until(page, "tab-entry", lambda: page.exists("round-done"), "the entry")
    return totals


def correct_round(page, number: int, seat: int = 0) -> None:
    """From the entry: open the Score card tab and tap round (hand) `number`'s cell of `seat`; the
    round opens in the entry for a correction."""
    tap_until(page, "tab-card", lambda: page.exists("Standings"), "the score card")
    tap_until(page, f"cell-{number}-{seat}", lambda: page.exists("save-correction"), f"round {number} to correct")


def save_correction(page, number: int) -> None:
    """Tap Save correction and wait for the news that round (hand) `number` was corrected."""
    tap_until(page, "save-correction", lambda: not page.exists("save-correction"), "the correction to be saved")
    page.wait_until(lambda: any(f"{noun} {number} corrected" in line for line in page.visible_texts()
                                for noun in ("Round", "Hand")), f"round {number} corrected")


def wheel_into_view(page, label: str, margin: int = 140) -> None:
    """Scroll the app (mouse wheel over the canvas) until the field `label` sits well inside the
    viewport: a click on a field drawn below the fold would land on whatever the canvas shows there."""
    size = page.page.viewport_size
    field = page.page.locator(f'input[aria-label="{label}"]').first
    for _ in range(20):
        box = field.bounding_box()
        if box is None:
            break
        if margin <= box["y"] and box["y"] + box["height"] <= size["height"] - margin:
            return
        delta = box["y"] - size["height"] / 2
        page.page.mouse.move(size["width"] // 2, size["height"] // 2)
        page.page.mouse.wheel(0, delta)
        page.page.wait_for_timeout(300)


def type_points(page, label: str, text: str) -> None:
    """Type into a field that may be below the fold (scrolled into view first)."""
    wheel_into_view(page, label)
    type_text(page, label, text)


def ask_from_menu(page, item: str) -> None:
    """Tap `item` of the game screen's menu that asks first ("End the game now", "Finish the game"): its
    answer waits in the bar at the bottom ("end-now"), reading as the item (so not from_menu, which
    waits for the item's text to go)."""
    tap_until(page, "menu", lambda: page.exists(item), f"the menu with {item!r}")
    page.tap_text(item)
    page.wait_until(lambda: page.exists("end-now"), f"the answer to {item!r} in the bar")


def from_menu(page, item: str) -> None:
    """Open the game screen's menu (what is seldom needed, away from the buttons used every hand) and
    tap `item` in it."""
    tap_until(page, "menu", lambda: page.exists(item), f"the menu with {item!r}")
    page.tap_text(item)
    page.wait_gone(item, exact=True)
