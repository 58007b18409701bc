"""A hand fits a phone (issue 12, item 1): at 390x844, a bid-and-tricks hand of up to six players is
entered with no scroll at all: every player's highest chip and the step's button are on screen, above
the bar at the bottom, on the bids step and on the tricks step, each as it opens (every row open).
Eight players need at most one scroll. A tablet (1180x820) shows a hand of five with no scroll."""
from __future__ import annotations

import pytest

from scorekeeper.rules import PRESETS, Game

from .game_steps import load, seed_game, shows, tap_bid, tap_tricks, tap_until, type_text
from .harness import PHONE, TABLET

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]


def _box(page, label: str) -> dict | None:
    if not page.exists(label):
        return None  # Flutter builds no node for what is far off screen
    return page.find(label).bounding_box()


def _overflow(page, names: list[str], chip: str, cards: int) -> float:
    """How far (px) the lowest player's row reaches below the top of the bar at the bottom (negative:
    that much room to spare): the last chip of an open row, or the whole line of a row waiting its
    turn (a tap opens it); infinity when some player's row is not even built (far off screen)."""
    bar = _box(page, "undo")
    assert bar is not None, "the bar at the bottom is always on screen"
    size = page.page.viewport_size
    assert bar["y"] + bar["height"] <= size["height"], "the bar sits inside the screen"
    limit = bar["y"] - 48  # the two-line slot of what the app says sits over undo and the step's button
    what = "bid" if chip == "bids" else "tricks"
    lowest, opened = -float("inf"), 0
    for name in names:
        box = _box(page, f"{name} {chip} {cards}")
        opened += box is not None
        box = box or _box(page, f"row-{what}-{name}")
        if box is None:
            return float("inf")
        assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"], f"{name}'s row fits across"
        lowest = max(lowest, box["y"] + box["height"])
    assert opened >= 1, "the next player's chips are open"
    return lowest - limit


def _enter_bids_and_measure(page, names: list[str], cards: int) -> tuple[float, float]:
    page.wait_until(lambda: page.exists("hand-title"), "the hand")
    bids_overflow = _overflow(page, names, "bids", cards)
    for name in names[1:] + names[:1]:  # Ann deals and bids last: 0, the rest 1
        tap_bid(page, name, 0 if name == "Ann" else 1)
    page.wait_until(lambda: page.exists("Tricks taken"), "the tricks step (the last bid enters the bids)")
    page.page.mouse.wheel(0, -3000)  # back to the top, as a score keeper who had scrolled would
    page.page.wait_for_timeout(400)
    tricks_overflow = _overflow(page, names, "took", cards)
    tap_tricks(page, names[1], 1)  # the first row folds, the next opens: still all in view
    page.page.wait_for_timeout(300)
    return bids_overflow, max(tricks_overflow, _overflow(page, names, "took", cards))


def _first_hand_cards(names: list[str]) -> int:
    return Game(names, PRESETS["oh-heck"], first_dealer=0).hands[0].cards


@pytest.mark.parametrize("players", [4, 6])
def test_a_hand_of_up_to_six_players_needs_no_scroll_on_a_phone(make_page, app_server, players):
    names = NAMES[:players]
    seed_game(app_server, [], names=names)
    page = make_page(PHONE)
    tap_until(page, "resume", lambda: page.exists("hand-title"), "the game to open")
    bids, tricks = _enter_bids_and_measure(page, names, _first_hand_cards(names))
    assert bids <= 0 and tricks <= 0, f"{players} players: the last chips reach {bids:.0f} / {tricks:.0f} px under the bar"


def test_a_hand_of_eight_players_needs_at_most_one_scroll_on_a_phone(make_page, app_server):
    names = NAMES
    seed_game(app_server, [], names=names)
    page = make_page(PHONE)
    tap_until(page, "resume", lambda: page.exists("hand-title"), "the game to open")
    bids, tricks = _enter_bids_and_measure(page, names, _first_hand_cards(names))
    room = PHONE[1] - 2 * 48 - 140  # one scroll moves the rows by about the height between the app bar and the bar
    assert bids <= room and tricks <= room, f"8 players: {bids:.0f} / {tricks:.0f} px under the bar"


def test_a_hand_of_five_players_needs_no_scroll_on_a_tablet(make_page, app_server):
    names = NAMES[:5]
    seed_game(app_server, [], names=names)
    page = make_page(TABLET)
    tap_until(page, "resume", lambda: page.exists("hand-title"), "the game to open")
    bids, tricks = _enter_bids_and_measure(page, names, _first_hand_cards(names))
    assert bids <= 0 and tricks <= 0, f"tablet, 5 players: {bids:.0f} / {tricks:.0f} px under the bar"


def test_the_first_dealer_line_wraps_on_a_phone_instead_of_being_cut_off(phone):
    phone.tap("new-game")
    phone.expect_text("Players")
    for name in ("Ann", "Bob"):
        type_text(phone, "New player's name", name)
        phone.press("Enter")
        phone.expect_text(f"{name} deals first")
    line = phone.find("dealer-line")
    phone.into_view(line)
    assert phone.text_of("dealer-line") == "First dealer: drawn at random when the game starts"
    box = line.bounding_box()
    # Cut off, it stays on one line (about 20 px) running past the screen's edge; wrapped, it takes two.
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE[0], box
    assert box["height"] > 30, f"one line, cut off at the screen's edge: {box}"


def test_a_common_four_player_hand_takes_eight_taps_on_a_phone(phone, app_server):
    """Issue 12 item 2: four bids (the last enters them), three players' tricks (the fourth is the one
    number left, filled in by the app, marked), Hand done: 8 taps, no scroll, every check still made
    (the entries stored are the ones tapped, and the fourth player's filled-in tricks are marked)."""
    game_id = seed_game(app_server, [])
    phone.reload()
    tap_until(phone, "resume", lambda: phone.exists("hand-title"), "the game to open")
    taps = []

    def tap(label: str, then, what: str) -> None:
        taps.append(label)
        phone.tap(label)
        phone.wait_until(then, what)

    # Hand 1, 8 cards, Ann deals: Bob, Cy, Dee, Ann bid 3, 2, 2, 0; they take 4, 2, 1 and Ann the one left, 1.
    for name, bid in (("Bob", 3), ("Cy", 2), ("Dee", 2)):
        tap(f"{name} bids {bid}", lambda name=name, bid=bid: shows(phone, f"{name}'s bid: {bid}"), f"{name}'s bid")
    tap("Ann bids 0", lambda: phone.exists("Tricks taken"), "the tricks step, with the last bid")
    for name, took in (("Bob", 4), ("Cy", 2), ("Dee", 1)):
        tap(f"{name} took {took}", lambda name=name, took=took: shows(phone, f"{name}'s tricks: {took}"),
            f"{name}'s tricks")
    phone.wait_until(lambda: "Ann took 1 (filled in)" in phone.text_of("tricks-left"), "Ann's trick filled in")
    assert phone.exists("filled in")  # and her row marks it, beside the number
    tap("hand-done", lambda: phone.text_of("hand-title") == "Hand 2 of 15", "hand 2")
    assert len(taps) == 8, taps
    game = load(app_server, game_id).game
    assert (game.hands[0].bids, game.hands[0].tricks) == ((0, 3, 2, 2), (1, 4, 2, 1))


def test_start_the_game_stays_on_screen_at_the_bottom_of_new_game_on_a_phone(phone):
    """However long New game's form grows (the seats, house rules, the preview), Start the game sits in
    the bar at its bottom, in the thumb zone, with no scroll to reach it; what stops it is said there."""
    phone.tap("new-game")
    phone.expect_text("Players")

    def start_in_the_bar() -> dict:
        box = phone.find("start-game").bounding_box()
        assert box is not None and PHONE[1] - 120 <= box["y"] and box["y"] + box["height"] <= PHONE[1], box
        return box

    for name in ("Ann", "Bob", "Cy", "Dee", "Eve"):
        type_text(phone, "New player's name", name)
        phone.press("Enter")
        phone.expect_text(f"{name} deals first")
    start_in_the_bar()  # five seats and the preview below them: the form runs far past the screen
    phone.tap("Change the rules (house rules)")  # longer still
    phone.expect_text("Largest hand (cards) (blank: all the deck allows)")
    start_in_the_bar()


@pytest.mark.parametrize("players, size", [(5, PHONE), (7, PHONE), (6, (360, 780))])
def test_the_score_card_fits_a_phone_without_swiping(make_page, app_server, players, size):
    """The screenshot review: a table of five had to swipe the card sideways to see the fifth player.
    Columns of 62 px (was 72) fit five on a phone, a cell of every trick made ("8/8 +18") included. The
    UX review: six at 360 px (and at 390) still swiped; a narrower cell stacks its points under the bid and
    tricks, so seven fit a 390 px phone and six a 360 px one."""
    names = NAMES[:players]
    cards = _first_hand_cards(names)
    rest = [0] * (players - 2)
    seed_game(app_server, [([cards, *rest, 1], [cards, *rest, 0])], names=names)
    page = make_page(size)
    tap_until(page, "resume", lambda: page.exists("hand-title"), "the game to open")
    tap_until(page, "tab-card", lambda: page.exists("Standings"), "the score card")
    page.wait_until(lambda: page.exists("cell-1-4"), "the first hand's row")
    width = page.page.viewport_size["width"]
    for seat in range(players):
        box = page.find(f"cell-1-{seat}").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, f"seat {seat}'s column reaches {box['x'] + box['width']:.0f}"
    assert not page.exists("Swipe the card sideways to see every player.")


def _seed_hands(server, names: list[str], count: int) -> None:
    """`count` hands played, the dealer's hook kept: the player after the dealer bids one under the cards
    and takes them all, the others bid and take nothing."""
    sizes = PRESETS["oh-heck"].hand_sizes(len(names))
    hands = []
    for index in range(count):
        winner = (index + 1) % len(names)
        bids, tricks = [0] * len(names), [0] * len(names)
        bids[winner], tricks[winner] = sizes[index] - 1, sizes[index]
        hands.append((bids, tricks))
    seed_game(server, hands, names=names)


def test_the_score_cards_names_sit_on_its_grid_and_stay_over_it_as_it_scrolls(make_page, app_server):
    """The screenshot review: on a phone the names were pinned at the top of the card, over the leader,
    the progress and the standings, 450 px from the grid they name. They now head the grid, and a copy
    lies over the card's top once the grid's own has scrolled past it (a long card stays named)."""
    _seed_hands(app_server, NAMES[:4], 10)
    page = make_page(PHONE)
    tap_until(page, "resume", lambda: page.exists("hand-title"), "the game to open")
    # The 11th hand is under way: the card opens scrolled down to it, the names laid over its top.
    tap_until(page, "tab-card", lambda: page.exists("cell-11-0"), "the score card at the hand under way")
    page.wait_until(lambda: page.exists("card-names-over"), "the names laid over the scrolled card")
    over, current = page.find("card-names-over").bounding_box(), page.find("cell-11-0").bounding_box()
    assert over["y"] < 80 and over["y"] + over["height"] <= current["y"], "the names over the top, the hand under way below"
    # A tap on the names is not one on the hidden cell under them (which opens that hand to correct)
    page.page.mouse.click(over["x"] + over["width"] * 0.6, over["y"] + over["height"] / 2)
    page.page.wait_for_timeout(1000)
    assert not page.exists("save-correction"), "a tap on the names opened a hand under them"
    # Back at the top: the names head the grid, under the standings, and the copy has gone.
    page.page.mouse.move(195, 400)
    for _ in range(10):
        page.page.mouse.wheel(0, -600)
    page.wait_until(lambda: not page.exists("card-names-over") and page.exists("Standings"), "the card's top")
    names, first = page.find("card-names").bounding_box(), page.find("cell-1-0").bounding_box()
    assert abs(names["y"] + names["height"] - first["y"]) <= 4, f"the names end at {names['y'] + names['height']:.0f}, the grid begins at {first['y']:.0f}"
    assert page.find("Standings").bounding_box()["y"] < names["y"], "the standings come first on a phone"


def test_filling_in_the_last_tricks_moves_no_row_and_a_long_name_gives_way_on_a_narrow_phone(make_page, app_server):
    """The screenshot review, at 360 px with five players and a dealer named Elisabeth: the countdown
    grew to two lines when it said a number was filled in, moving every row under the finger, and the
    dealer's name and role were drawn over the bid beside them."""
    names = ["Ann", "Bob", "Cy", "Dee", "Elisabeth"]
    seed_game(app_server, [([1, 2, 0, 3, 1], None)], names=names, first_dealer=4)
    page = make_page((360, 780))
    tap_until(page, "resume", lambda: page.exists("hand-title"), "the game to open")
    for name, took in (("Ann", 1), ("Bob", 2), ("Cy", 1)):
        tap_tricks(page, name, took)
    before = page.find("row-tricks-Ann").bounding_box()
    tap_tricks(page, "Dee", 3)  # Elisabeth's trick is filled in: the countdown says so, at length
    page.wait_until(lambda: "Elisabeth took 1 (filled in)" in page.text_of("tricks-left"), "the filled-in line")
    after = page.find("row-tricks-Ann").bounding_box()
    assert abs(after["y"] - before["y"]) <= 1, f"the rows moved from {before['y']:.0f} to {after['y']:.0f}"
    role = page.find("deals").bounding_box()  # the dealer's role, beside the name
    bids = [box for box in (node.bounding_box() for node in page.page.locator("flt-semantics-host").get_by_text(
        "bid 1", exact=True).all()) if box and abs(box["y"] - role["y"]) < 20]
    assert bids, "the dealer's bid on the role's line"
    assert role["x"] + role["width"] <= bids[0]["x"], "the role ends before the bid begins"


def test_choosing_the_trump_moves_no_suit_under_the_finger(make_page, app_server):
    """The screenshot review, on a tablet: the label before the suits changed from "Trump (optional):" to
    "Trump: Hearts" as one was tapped, and every suit moved 22 px left under the finger."""
    seed_game(app_server, [])
    page = make_page(TABLET)
    tap_until(page, "resume", lambda: page.exists("Trump Spades"), "the hand and its trump picker")
    before = {suit: page.find(f"Trump {suit}").bounding_box()["x"] for suit in ("Spades", "Clubs")}
    page.tap("Trump Hearts")
    page.wait_until(lambda: page.text_of("trump").startswith("Trump: Hearts"), "the trump to be noted")
    after = {suit: page.find(f"Trump {suit}").bounding_box()["x"] for suit in ("Spades", "Clubs")}
    assert after == before, f"the suits moved: {before} -> {after}"


def test_the_cards_names_are_not_laid_over_it_when_a_tablet_comes_back_to_its_top(make_page, app_server):
    """The review: on a tablet the card scrolled past its names, then the chart, then the card again (back
    at its top): the copy of the names still lay over the leader's line."""
    _seed_hands(app_server, NAMES[:4], 10)
    page = make_page(TABLET)
    tap_until(page, "resume", lambda: page.exists("cell-1-0"), "the game and its card")
    page.page.mouse.move(900, 500)
    for _ in range(4):
        page.page.mouse.wheel(0, 400)
    page.wait_until(lambda: page.exists("card-names-over"), "the names laid over the scrolled card")
    tap_until(page, "tab-chart", lambda: not page.exists("card-names"), "the chart")
    tap_until(page, "tab-card", lambda: page.exists("card-names"), "the card again")
    page.wait_until(lambda: page.exists("leader"), "the card's top")
    page.page.wait_for_timeout(1000)
    assert not page.exists("card-names-over"), "the names lie over the card's top"


def test_the_first_dealers_name_keeps_its_room_in_french_on_a_phone(make_page):
    # Issue 38, item 10: "1 · Donne en premier" beside the name left it 13 px; the name keeps its row.
    from .languages import say

    phone = make_page(PHONE, name="phone-fr", context={"locale": "fr-FR"})
    tap_until(phone, "new-game", lambda: phone.exists(say("fr", "Players")), "New game")
    names = ["Anne", "Émile", "Chloé", "Bartholomew", "Fanny", "Dee"]
    for name in names:
        type_text(phone, say("fr", "New player's name"), name)
        phone.press("Enter")
        phone.expect_text(say("fr", "{name} deals first", name=name))
    tap_until(phone, say("fr", "{name} deals first", name="Bartholomew"),
              lambda: phone.text_of("dealer-line") == say("fr", "{name} deals first", name="Bartholomew"),
              "Bartholomew to deal first")
    seat = phone.find("seat-3")
    phone.into_view(seat)
    box = seat.bounding_box()
    assert box is not None and box["width"] >= 90, f"the first dealer's name squeezed: {box}"


def test_the_dealers_hook_shows_above_the_bar_with_six_players_on_a_phone(make_page, app_server):
    # Issue 38, item 13: the dealer bids last, and with six players the hook's words under the dealer's
    # chips (and the offer to record the hand against the hook) were left under the bar.
    names = NAMES[:6]
    game_id = seed_game(app_server, [], names=names)
    phone = make_page(PHONE)
    phone.open(app_server.url.rstrip("/") + f"/game/{game_id}")
    phone.wait_until(lambda: phone.exists("hand-title"), "the hand")
    for name in names[1:]:
        tap_bid(phone, name, 1)
    barred = "May not bid 3: the bids would add up to 8"
    phone.expect_text(barred)

    def in_view() -> bool:
        bar, note, offer = _box(phone, "undo"), _box(phone, barred), _box(phone, "against-hook")
        return bool(bar and note and offer) and max(note["y"] + note["height"], offer["y"] + offer["height"]) <= \
            bar["y"] - 48  # (the bar's two-line slot of what the app says sits over undo)

    phone.wait_until(in_view, "the hook's words and the offer above the bar")
