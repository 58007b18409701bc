"""Several devices on one game, racing: two or three phones tap the same step's button within a few
milliseconds. Exactly one entry is stored, it is one somebody entered, and every other device is refused
with the stale message (its tap based on a screen that was no longer current). Taps made on different
devices on the same step under way are all kept (merged per player) and show on every device. Home
draws correctly after another device finished a game."""
from __future__ import annotations

import time

from scorekeeper.storage import Store
from scorekeeper.storage.errors import STALE_MESSAGE
from scorekeeper.ui.viewmodels.new_game import NewGame

from .game_steps import all_assigned, load, round_shown, seed_game, shows, tap_bid, tap_to, tap_tricks, tap_until
from .harness import PHONE

STALE_START = STALE_MESSAGE.split(".")[0]
UPDATED = "Updated: another device made an entry."

# Each page clicks its button at the same moment (the pages share this machine's clock): the clicks
# leave the browsers within a few milliseconds of each other, before either hears of the other's.
_CLICK_AT = """([label, at]) => {
  // by identifier (a step's button), or by its label (a chip: "Ann bids 0")
  const node = document.querySelector(`[flt-semantics-identifier="${label}"]`)
    || document.querySelector(`[aria-label="${label}"]`)
    || [...document.querySelectorAll('flt-semantics-host [role=button]')].find(n => n.textContent.trim() === label);
  if (!node) return false;
  const target = node.matches('[role=button]') ? node : (node.querySelector('[role=button]') || node);
  setTimeout(() => target.click(), Math.max(0, at - Date.now()));
  return true;
}"""


def race(pages, label: str, gaps=(0, 0, 0)) -> None:
    """Every page taps `label`, the first at a set moment and each other `gaps` milliseconds after it:
    all of them on the screen drawn before any of the taps (the later ones before the redraw that
    the first one's entry causes reaches them, or about as it does)."""
    for page in pages:
        page.into_view(page.find(label))
    at = time.time() * 1000 + 400
    for page, gap in zip(pages, gaps):
        assert page.page.evaluate(_CLICK_AT, [label, at + gap]), f"{page.name}: no {label!r} to click"
    pages[0].page.wait_for_timeout(600)


def stale_told(page) -> bool:
    """The page says its tap came from a screen out of date (the stale refusal), or, when the tap
    reached it only after the redraw replaced the step (it was dropped), that another device's entry
    came in: either way nothing of it was applied to the step now open."""
    return any(STALE_START in text or UPDATED in text for text in page.visible_texts())


def open_game(page, ready) -> None:
    page.expect_text("Unfinished game")
    tap_until(page, "resume", ready, "the game to open")


def seed_pad(server, names) -> str:
    vm = NewGame(roster=[])
    vm.choose_preset("score-pad")
    for name in names:
        vm.add_player(name)
    players, rules, setup = vm.start_setup()
    with Store(server.database_url) as store:
        return store.new_game(players, rules, **setup).id


def rounds_of(server, game_id) -> list[list[int]]:
    return [action["points"] for action in load(server, game_id).record.actions]


def test_round_done_racing_on_two_and_three_devices_stores_one_round(make_page, app_server):
    game_id = seed_pad(app_server, ["Ann", "Bob", "Cy"])
    pages = [make_page(PHONE, name=f"device-{name}") for name in "ABC"]
    for page in pages:
        open_game(page, lambda page=page: page.exists("round-done"))
    stored: list[list[int]] = []
    for number, racers, gaps in ((1, pages[:2], (0, 0)), (2, pages, (0, 0, 0)), (3, pages[:2], (0, 30)),
                                 (4, pages, (0, 20, 50)), (5, pages[:2], (0, 50)), (6, pages, (0, 40, 80))):
        a, b = racers[0], racers[1]
        tap_to(b, "Bob plus 1", "Bob's points: 1")  # B's tap, kept as the round's draft
        a.wait_until(lambda: shows(a, "Bob's points: 1"), "A to show B's tap", timeout=15)
        race(racers, "round-done", gaps)
        for page in pages:  # every device ends on the next round (or later: a round stored twice)
            page.wait_until(lambda page=page: any(round_shown(page, later) for later in range(number + 1, number + 4)),
                            f"{page.name}: round {number + 1}", timeout=15)
        stored = rounds_of(app_server, game_id)
        assert len(stored) == number, stored  # no round that nobody entered
        assert stored[-1] == [0, 1, 0], stored  # B's point is in the round stored
        # The winner's own entry clears any earlier news on it; every other racer was told.
        told = [page.name for page in racers if stale_told(page)]
        assert len(told) == len(racers) - 1, (number, told)
    assert stored == [[0, 1, 0]] * 6


def seed_heck(server) -> str:
    return seed_game(server, [], names=["Ann", "Bob", "Cy", "Dee"])


def test_the_last_bid_and_hand_done_racing_store_one_entry_each(make_page, app_server):
    game_id = seed_heck(app_server)
    pages = [make_page(PHONE, name=f"device-{name}") for name in "ABC"]
    for page in pages:
        open_game(page, lambda page=page: page.exists("hand-title"))
    bids = {"Bob": 2, "Cy": 1, "Dee": 3, "Ann": 0}  # hand 1 (8 cards): Ann deals, Bob bids first
    tricks = {"Bob": 2, "Cy": 1, "Dee": 3, "Ann": 2}
    a, b, c = pages
    first_three = list(bids.items())[:3]
    for name, bid in first_three:  # A taps two bids, B one: every device shows all three
        tap_bid(a if name in ("Bob", "Cy") else b, name, bid)
    for page in pages:
        page.wait_until(lambda page=page: all(shows(page, f"{n}'s bid: {v}") for n, v in first_three)
                        and page.exists("Ann bids 0"), f"{page.name}: three bids and the dealer's chips", timeout=15)
    race(pages, "Ann bids 0", (0, 0, 40))  # the last bid enters the bids: each device taps it
    for page in pages:
        page.wait_until(lambda page=page: page.exists("bids-summary"), f"{page.name}: the tricks step", timeout=15)
    actions = load(app_server, game_id).record.actions
    assert [(x["type"], x["values"]) for x in actions] == [("bids", [0, 2, 1, 3])]
    assert sum(stale_told(page) for page in pages) == 2

    for name, took in tricks.items():
        tap_tricks(c if name in ("Bob", "Ann") else a, name, took)
    for page in (a, b):
        page.wait_until(lambda page=page: all_assigned(page.text_of("tricks-left")), f"{page.name}: every trick",
                        timeout=15)
    race([a, b], "hand-done")
    for page in pages:
        page.wait_until(lambda page=page: page.text_of("hand-title") == "Hand 2 of 15", f"{page.name}: hand 2",
                        timeout=15)
    actions = load(app_server, game_id).record.actions
    assert [(x["type"], x["values"]) for x in actions] == [("bids", [0, 2, 1, 3]), ("tricks", [2, 2, 1, 3])]
    assert stale_told(a) != stale_told(b)  # the loser was told, the winner wasn't


def test_taps_from_two_devices_on_one_round_are_all_kept(make_page, app_server):
    game_id = seed_pad(app_server, ["Ann", "Bob", "Cy"])
    a, b = make_page(PHONE, name="device-A"), make_page(PHONE, name="device-B")
    for page in (a, b):
        open_game(page, lambda page=page: page.exists("round-done"))
    tap_to(a, "Ann plus 5", "Ann's points: 5")
    tap_to(b, "Cy minus 1", "Cy's points: −1")
    for page in (a, b):  # each shows both taps, live
        page.wait_until(lambda page=page: shows(page, "Ann's points: 5") and shows(page, "Cy's points: −1"),
                        f"{page.name}: both taps", timeout=15)
    with Store(app_server.database_url) as store:
        state = store.load(game_id)
        draft = store.draft(game_id, state.version)
    assert draft is not None and draft["taps"] == {"0": 5, "2": -1}, draft
    third = make_page(PHONE, name="device-C")  # a third device (or a restarted one) finds both
    open_game(third, lambda: third.exists("round-done"))
    third.wait_until(lambda: shows(third, "Ann's points: 5") and shows(third, "Cy's points: −1"), "C: both taps")
    tap_until(third, "round-done", lambda: round_shown(third, 2), "round 2")
    assert rounds_of(app_server, game_id) == [[5, 0, -1]]


def test_home_draws_after_another_device_finishes_a_game(make_page, app_server):
    first = seed_pad(app_server, ["Ann", "Bob"])
    seed_pad(app_server, ["Cy", "Dee"])
    a, b = make_page(PHONE, name="device-A"), make_page(PHONE, name="device-B")
    a.expect_text("Unfinished games")
    b.expect_text("Unfinished games")
    tap_until(a, "new-game", lambda: a.exists("Players"), "New game")  # A is on another screen
    with Store(app_server.database_url) as store:  # another device finishes the first game
        state = store.record(first, {"type": "round", "round": 0, "points": [3, 1]}, store.load(first).version)
        store.finish(first, state.version)
    tap_until(b, "new-game", lambda: b.exists("Players"), "New game")
    for page in (a, b):
        tap_until(page, "back", lambda page=page: page.exists("Unfinished game"), f"{page.name}: Home")
        page.expect_text("Cy")
        assert not any("could not be drawn" in text for text in page.visible_texts())
        assert page.exists("resume")
