#!/usr/bin/env python3
"""Screenshots of every screen at phone (390x844) and tablet (1180x820) size, for the README.

Starts the real app (`scorekeeper serve`) on a temporary database, stores a few games through storage
(finished ones for the history and the statistics, one in play), then drives the app by taps in headless
Chromium and writes docs/screenshots/<screen>-phone.png and -tablet.png.

    .venv/bin/python scripts/screenshots.py            # both sizes
    .venv/bin/python scripts/screenshots.py phone      # one size
    .venv/bin/python scripts/screenshots.py --language pseudo phone   # every screen in a language, by address

With --language (a code of scorekeeper.i18n.LANGUAGES, or "pseudo": every message 40% longer and
accented), the app speaks that language and every screen is opened by its address (so no tap depends on
the words) and written to docs/screenshots/<language>/; what a screen shows outside the catalogs is
listed (in the pseudo-language: every ASCII word that isn't a name).
"""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from e2e.game_steps import from_menu, shows, tap_until, type_text  # noqa: E402
from e2e.harness import PHONE, TABLET, AppPage, AppServer, launched_browser  # noqa: E402

from scorekeeper.rules import PRESETS, Game, hit_the_deck, score_pad, skull_king, what_the_heck  # noqa: E402
from scorekeeper.exchange import recap  # noqa: E402
from scorekeeper.storage import Store  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
NAMES = ["Ann", "Bob", "Cy", "Dee"]
IN_PLAY = [  # the first five hands of a game of Oh Heck, Ann dealing first
    ([2, 1, 3, 0], [3, 0, 3, 2]),
    ([1, 0, 0, 3], [1, 0, 1, 5]),
    ([0, 0, 1, 3], [0, 0, 1, 5]),
    ([0, 1, 2, 1], [0, 1, 3, 1]),
    ([0, 2, 0, 1], [1, 2, 0, 1]),
]


def play_out(store: Store, state, rng: random.Random, finish: bool = True):
    """Enter every remaining hand with plausible bids and tricks (the engine checks each one)."""
    game: Game = state.game
    while game.current is not None:
        index = game.current
        hand = game.hands[index]
        while True:
            bids = [rng.randint(0, min(hand.cards, 3)) for _ in game.players]
            if game.forbidden_bid(index, bids) != bids[hand.dealer]:
                break
        tricks = list(bids)
        while sum(tricks) != hand.cards:
            seat = rng.randrange(len(tricks))
            if sum(tricks) < hand.cards:
                tricks[seat] += 1
            elif tricks[seat] > 0:
                tricks[seat] -= 1
        for seat in rng.sample(range(len(tricks)), k=1):  # someone always misses
            other = (seat + 1) % len(tricks)
            if tricks[seat] > 0:
                tricks[seat] -= 1
                tricks[other] += 1
        state = store.record(state.id, {"type": "bids", "hand": index, "values": bids}, state.version)
        state = store.record(state.id, {"type": "tricks", "hand": index, "values": tricks}, state.version)
        game = state.game
    return store.finish(state.id, state.version) if finish else state


PAD_ROUNDS = [[12, -3, 7, 0], [5, 18, -2, 9], [-6, 4, 11, 3]]
HTD_HANDS = [  # (who went out, what the others had left)
    (2, [{"numbers": [4, 2], "specials": 1}, 9, None, {"numbers": [5, 5, 1], "specials": 0}]),
    (0, [None, {"numbers": [3], "specials": 2}, 14, 6]),
    (3, [17, {"numbers": [1, 1], "specials": 0}, {"numbers": [2], "specials": 3}, None]),
]
WTH_ROUNDS = [(7, [15, 15, 9, 3]), (-4, [1, 2, 2, 5]), (10, [14, 14, 13, 13]), (3, [6, 7, 8, 12])]


SKULL_KING = [  # two hands with bonuses, and the third's bids
    {"type": "bids", "hand": 0, "values": [0, 1, 0, 0]},
    {"type": "tricks", "hand": 0, "values": [0, 1, 0, 0], "bonuses": [{}, {"fourteens": 1}, {}, {}]},
    {"type": "bids", "hand": 1, "values": [1, 0, 1, 0]},
    {"type": "tricks", "hand": 1, "values": [1, 0, 1, 0], "bonuses": [{}, {}, {"black_fourteen": 1}, {}]},
    {"type": "bids", "hand": 2, "values": [2, 1, 0, 0]},
]


def seed_kinds(store: Store) -> None:
    """One game of each other kind in play (and a finished HIT THE DECK game for its game over)."""
    state = store.new_game(NAMES, score_pad.PRESETS["score-pad"])
    for index, points in enumerate(PAD_ROUNDS):
        state = store.record(state.id, {"type": "round", "round": index, "points": points}, state.version)
    state = store.new_game(NAMES, hit_the_deck.PRESETS["hit-the-deck"])
    for index, (out, left) in enumerate(HTD_HANDS):
        state = store.record(state.id, {"type": "hand", "hand": index, "out": out, "left": left}, state.version)
    done = store.new_game(["Ann", "Bob", "Cy"], hit_the_deck.PRESETS["hit-the-deck"])
    for index, (out, left) in enumerate([(0, [None, 38, 22]), (1, [27, None, 45]), (0, [None, 12, 40])]):
        done = store.record(done.id, {"type": "hand", "hand": index, "out": out, "left": left}, done.version)
    store.finish(done.id, done.version)
    state = store.new_game(NAMES, what_the_heck.PRESETS["what-the-heck"])
    for index, (card, played) in enumerate(WTH_ROUNDS):
        state = store.record(state.id, {"type": "round", "round": index, "point_card": card, "played": played},
                             state.version)
    state = store.new_game(NAMES, skull_king.PRESETS["skull-king"], first_dealer=0)
    for action in SKULL_KING:
        state = store.record(state.id, action, state.version)


EVENING = [  # an evening of Oh Heck where the table changes: Eve comes, Cy sits out, Ann goes home
    {"type": "bids", "hand": 0, "values": [2, 1, 3, 0]}, {"type": "tricks", "hand": 0, "values": [3, 0, 3, 2]},
    {"type": "join", "hand": 1, "name": "Eve", "after": 1, "start": "lowest"},
    {"type": "bids", "hand": 1, "values": [1, 0, 2, 3, 0]}, {"type": "tricks", "hand": 1, "values": [1, 0, 2, 3, 1]},
    {"type": "sit_out", "hand": 2, "seat": 2},
    {"type": "bids", "hand": 2, "values": [1, 2, None, 0, 2]},
    {"type": "tricks", "hand": 2, "values": [1, 2, None, 1, 2]},
    {"type": "leave", "hand": 3, "seat": 0},
    {"type": "bids", "hand": 3, "values": [None, 1, 1, 1, 1]},
    {"type": "tricks", "hand": 3, "values": [None, 1, 2, 1, 1]},
]


def seed(server: AppServer) -> str:
    """Store the games the screens show; returns the id of the evening whose table changed."""
    rng = random.Random(5)
    store = Store(server.database_url)
    try:
        seed_kinds(store)
        evening = store.new_game(NAMES, PRESETS["oh-heck"], first_dealer=0)
        for action in EVENING:
            evening = store.record(evening.id, action, evening.version)
        for preset, names in (("oh-my-heck", ["Ann", "Bob", "Cy", "Dee", "Eve"]), ("oh-heck", NAMES)):
            finished = store.new_game(names, PRESETS[preset], first_dealer=1)
            play_out(store, finished, rng)
            if preset == "oh-my-heck":  # a game the table named, as History and the recap show it
                store.name_game(finished.id, "Friday at Ann's", "Eve's first game", shown=("", ""))
            (OUT / f"recap-{preset}.png").write_bytes(recap(store, finished.id))  # the picture game over shares
        play_out(store, store.new_game(["Ann", "Bob", "Cy"], PRESETS["oh-pshaw"], first_dealer=0), rng)
        state = store.new_game(NAMES, PRESETS["oh-heck"], first_dealer=0)
        for index, (bids, tricks) in enumerate(IN_PLAY):
            state = store.record(state.id, {"type": "bids", "hand": index, "values": bids}, state.version)
            state = store.record(state.id, {"type": "tricks", "hand": index, "values": tricks}, state.version)
        store.record(state.id, {"type": "trump", "hand": 5, "trump": "Hearts"}, state.version)
        return evening.id
    finally:
        store.close()


def capture(browser, label: str, size: tuple[int, int]) -> list[Path]:
    shots: list[Path] = []
    with AppServer(host="0.0.0.0") as server:  # every address, as for a table: the Invite screen shows one
        server.host = "127.0.0.1"  # the browser opens it on loopback
        evening = seed(server)
        page = AppPage.new(browser, size, name=label)
        page.open(server.url)
        wide = size[0] >= 900

        def shot(name: str) -> None:
            path = OUT / f"{name}-{label}.png"
            for _ in range(10):  # the canvas can lag the page: a blank frame is tiny, take it again
                page.screenshot_stable(path)
                if path.stat().st_size > 12_000:
                    break
                page.page.wait_for_timeout(500)
            shots.append(path)

        page.expect_text("Resume")
        shot("home")

        page.tap("new-game")
        for name in NAMES:
            page.tap(name)
            page.expect_text(f"{name} deals first")
        page.tap("Bob deals first")
        page.expect_text("Bob deals first")
        shot("new-game")
        page.tap("back")

        page.tap("resume")
        page.expect_text("Hand 6 of 15")
        for name, bid in (("Cy", 1), ("Dee", 0), ("Ann", 1)):
            page.tap(f"{name} bids {bid}")
            page.wait_until(lambda: shows(page, f"{name}'s bid: {bid}"), f"{name} bids {bid}")
        page.expect_text("Bob may not bid 1")
        shot("hand-bids")
        page.tap("Bob bids 0")  # the last bid enters the bids
        page.expect_text("Tricks taken")
        for name, took in (("Cy", 1), ("Dee", 1)):
            page.tap(f"{name} took {took}")
            page.wait_until(lambda: shows(page, f"{name}'s tricks: {took}"), f"{name} took {took}")
        shot("hand-tricks")
        # A bonus the table gives (the score card lists it below, in the totals).
        from_menu(page, "Adjust a score")
        page.tap("for Cy")
        page.tap("10 points")
        type_text(page, "Note (why, for the score card)", "dealt a card face up")
        page.expect_text("Cy +10 at hand 5")
        shot("adjust")
        tap_until(page, "save-adjustment", lambda: page.exists("hand-title"), "the game again")
        # The hands to come, as a table changes them late in the evening (shown, not saved).
        from_menu(page, "Change the hands to come")
        page.expect_text("Hands already entered stay as they are")
        page.tap("skip hand 7")
        page.expect_text("Hands 7 to 14")
        shot("hands")
        tap_until(page, "back", lambda: page.exists("hand-title"), "the game again")
        if wide:
            page.tap("tab-chart")
            page.expect_text("Running totals")
            shot("chart")
            page.tap("tab-card")
            page.expect_text("Standings")
            page.tap("cell-2-3")
            page.expect_text("Correcting hand 2")
            shot("score-card")
            page.tap("cancel-correction")
            page.wait_gone("Correcting hand 2")
        else:
            page.tap("tab-card")
            page.expect_text("Standings")
            shot("score-card")
            page.tap("tab-chart")
            page.expect_text("Running totals")
            shot("chart")
        page.tap("home")
        page.expect_text("Resume")
        page.tap("History")
        page.expect_text("Finished or ended early")
        shot("history")
        type_text(page, "Find a game", "Eve")
        tap_until(page, "search", lambda: page.exists("Found: “Eve”"), "the games Eve played")
        shot("history-search")
        tap_until(page, "clear-search", lambda: not page.exists("clear-search"), "the whole history")
        page.tap_text("Oh Pshaw: Ann, Bob, Cy")
        page.expect_text("Settling up")
        shot("game-over")
        page.tap("go-home")

        page.tap("Players")
        page.expect_text("Bids made")
        shot("players")
        page.tap("open-player-Ann")
        page.expect_text("Longest streak", exact=False)
        tap_until(page, "versus-Bob", lambda: page.exists("versus-line"), "Ann against Bob")
        shot("player")
        if not wide:  # the rest of the page, under the fold of a phone
            page.scroll_to("versus-line")
            shot("player-versus")
        page.tap("back")
        page.tap("back")
        page.tap("Settings")
        page.expect_text("Default game")
        shot("settings")
        page.tap("back")
        page.tap("invite")
        page.expect_text("Scan with the phone's camera")
        shot("invite")
        page.tap("back")
        # The evening whose table changed: who plays now, and the score card of who played what.
        page.open(f"{server.url.rstrip('/')}/game/{evening}/seats")
        page.expect_text("Someone joins")
        type_text(page, "Name", "Fay")
        tap_until(page, "sits after Dee", lambda: page.exists("join-preview") and page.text_of("join-preview").startswith("Fay joins at hand 5"), "Fay seated")
        shot("seats")
        page.open(f"{server.url.rstrip('/')}/game/{evening}/card")
        page.expect_text("Who played")
        shot("score-card-seats")
        page.open(f"{server.url.rstrip('/')}/game/{evening}/scoring")  # shown, not saved
        type_text(page, "Bid made: points", "20")
        page.press("Enter")
        page.wait_until(lambda: page.exists("rescored"), "the totals rescored")
        shot("scoring")
        page.open(server.url)
        page.expect_text("Resume")
        kinds(page, shot, wide)
        page.close()
    return shots


def top(page: AppPage) -> None:
    """Wheel the screen back to its top (and let the scrolling settle)."""
    size = page.page.viewport_size or {"width": 390, "height": 844}
    page.page.mouse.move(size["width"] // 2, size["height"] // 2)
    for _ in range(6):
        page.page.mouse.wheel(0, -size["height"])
        page.page.wait_for_timeout(150)
    page.page.wait_for_timeout(400)


def kinds(page: AppPage, shot, wide: bool) -> None:
    """The screens of the other kinds: new game, the entry of each with a round half entered, the score card."""
    page.expect_text("Resume")
    page.tap("new-game")
    page.tap("WHAT THE HECK?")
    page.expect_text("Lowest point card")
    for name in NAMES:
        page.tap(name)
        page.expect_text(f"Seat {NAMES.index(name) + 1}: {name}")
    top(page)  # the taps scrolled down to the seats: show the game and its options
    shot("new-game-kinds")
    page.tap("back")

    def reach(title: str) -> None:
        for _ in range(3):  # the list can redraw under the wheel: look again
            try:
                if not page.exists(title):
                    page.scroll_to(title)
                return
            except Exception:
                page.page.wait_for_timeout(500)

    def open_tile(title: str) -> None:
        page.expect_text("Other unfinished games")
        reach(title)
        page.tap_text(title)
        page.find("round-done")

    def card_shot(name: str) -> None:
        if not wide:
            page.tap("tab-card")
            page.expect_text("Standings")
            shot(name)
            page.tap("tab-entry")
            page.find("round-done")

    open_tile("WHAT THE HECK?: Ann, Bob, Cy, Dee")
    tap_until(page, "Point card 2", lambda: shows(page, "Point card: 2"), "point card 2")
    for name, card in (("Ann", 11), ("Bob", 4), ("Cy", 11), ("Dee", 10)):
        tap_until(page, f"{name} plays {card}", lambda: shows(page, f"{name}'s card: {card}"), f"{name} plays {card}")
    shot("wth-round")
    card_shot("wth-card")
    page.tap("home")

    open_tile("HIT THE DECK: Ann, Bob, Cy, Dee")
    page.tap("Bob went out")
    page.expect_text("Bob went out and scores 0.")
    for label in ("Ann number card 4", "Ann number card 2", "Ann word or Hit the Deck card"):
        page.tap(label)
        page.page.wait_for_timeout(300)
    shot("htd-hand")
    card_shot("htd-card")
    page.tap("home")

    open_tile("Score pad: Ann, Bob, Cy, Dee")
    for label in ("Ann plus 10", "Ann plus 5", "Bob minus 5", "Cy plus 1", "Dee plus 10"):
        page.tap(label)
        page.page.wait_for_timeout(300)
    shot("pad-round")
    card_shot("pad-card")
    tap_until(page, "tab-chart", lambda: page.exists("chart"), "the chart")
    shot("pad-chart")
    if wide:
        page.tap("tab-card")
    else:
        tap_until(page, "tab-entry", lambda: page.exists("round-done"), "the round")
    page.tap("home")

    page.expect_text("Other unfinished games")
    reach("Skull King: Ann, Bob, Cy, Dee")
    page.tap_text("Skull King: Ann, Bob, Cy, Dee")
    page.find("hand-done")
    tap_until(page, "Ann took 2", lambda: shows(page, "Ann's tricks: 2"), "Ann's tricks")
    tap_until(page, "Bob took 1", lambda: shows(page, "Bob's tricks: 1"), "Bob's tricks")
    tap_until(page, "bonus-Ann", lambda: page.exists("Ann: one more standard 14 captured"), "Ann's counters")
    tap_until(page, "Ann: one more standard 14 captured", lambda: shows(page, "Ann's bonus: +10"), "Ann's bonus")
    shot("sk-hand")
    if not wide:
        page.tap("tab-card")
        page.expect_text("Standings")
        shot("sk-card")
        page.tap("tab-entry")
        page.find("hand-done")
    page.tap("home")

    page.expect_text("Resume")
    page.tap("History")
    page.expect_text("Finished or ended early")
    reach("HIT THE DECK: Ann, Bob, Cy")
    page.tap_text("HIT THE DECK: Ann, Bob, Cy")
    page.expect_text("Export and share")
    shot("htd-game-over")
    page.tap("go-home")


TV = (1920, 1080)


def displays(browser) -> list[Path]:
    """Invite, the table display and its both-sides layout at tablet and TV size, on a game in play whose
    hand is being bid (a tap not yet submitted shows too)."""
    shots: list[Path] = []
    with AppServer(host="0.0.0.0") as server:
        server.host = "127.0.0.1"
        seed(server)
        keeper = AppPage.new(browser, PHONE, name="keeper")
        keeper.open(server.url)
        keeper.tap("resume")
        keeper.expect_text("Hand 6 of 15")
        for name, bid in (("Cy", 1), ("Dee", 0)):
            keeper.tap(f"{name} bids {bid}")
            keeper.wait_until(lambda: shows(keeper, f"{name}'s bid: {bid}"), f"{name} bids {bid}")
        for label, size in (("tablet", TABLET), ("tv", TV)):
            page = AppPage.new(browser, size, name=label)
            page.open(server.url)

            def shot(name: str) -> None:
                path = OUT / f"{name}-{label}.png"
                page.screenshot_stable(path)
                shots.append(path)

            page.tap("invite")
            page.expect_text("Scan with the phone's camera")
            shot("invite")
            page.tap("table-display")
            page.wait_until(lambda: "bid 1" in page.text_of("display-Cy"), "the display")
            shot("table-display")
            page.tap("back")
            page.tap("both-sides")
            page.wait_until(lambda: page.exists("display-headline"), "both sides")
            shot("both-sides")
            page.close()
        keeper.close()
    return shots


def in_language(browser, language: str, label: str, size: tuple[int, int]) -> list[Path]:
    """Every screen in `language`, each opened by its address, with a game in each state it shows."""
    from e2e.languages import english_left

    out = OUT / language
    out.mkdir(parents=True, exist_ok=True)
    shots: list[Path] = []
    with AppServer(env={"SCOREKEEPER_LANGUAGE": language}) as server:
        evening = seed(server)
        store = Store(server.database_url)
        try:
            playing = {summary.kind if summary.kind != "bid-tricks" else summary.game_name: summary.id
                       for summary in store.unfinished_games()}
            finished = store.finished_games()
            people = store.roster()
            bids_in = store.new_game(NAMES, PRESETS["oh-heck"], first_dealer=0)  # the tricks step
            store.record(bids_in.id, {"type": "bids", "hand": 0, "values": [2, 1, 3, 1]}, bids_in.version)
        finally:
            store.close()
        heck = playing.get("Oh Heck")
        player_id = getattr(people[0], "id", None) if people else None
        routes = [("home", "/"), ("new-game", "/new"), ("hand-bids", f"/game/{heck}"),
                  ("hand-tricks", f"/game/{bids_in.id}"), ("score-card", f"/game/{heck}/card"),
                  ("chart", f"/game/{heck}/chart"), ("adjust", f"/game/{heck}/adjust"),
                  ("hands", f"/game/{heck}/hands"), ("seats", f"/game/{evening}/seats"),
                  ("score-card-seats", f"/game/{evening}/card"), ("scoring", f"/game/{evening}/scoring"),
                  ("history", "/history"), ("players", "/players"), ("settings", "/settings"), ("pin", "/pin"),
                  ("invite", "/invite"), ("table-display", "/table"), ("both-sides", "/table/both-sides")]
        if player_id is not None:
            routes.append(("player", f"/players/{player_id}"))
        routes += [(f"game-over-{number}", f"/game/{summary.id}") for number, summary in enumerate(finished[:4])]
        routes += [(f"{kind}-round", f"/game/{game_id}") for kind, game_id in playing.items() if kind != "Oh Heck"]
        routes += [(f"{kind}-card", f"/game/{game_id}/card") for kind, game_id in playing.items() if kind != "Oh Heck"]
        page = AppPage.new(browser, size, name=label)
        for name, route in routes:
            page.open(server.url.rstrip("/") + route)
            page.page.wait_for_timeout(1200)
            path = out / f"{name}-{label}.png"
            page.screenshot_stable(path)
            shots.append(path)
            if language == "pseudo":
                left = english_left(page.visible_texts(), [*NAMES, "Eve", "Fay"])
                if left:
                    print(f"{name}: not through the catalogs: {left}", file=sys.stderr)
        page.close()
    return shots


def main(argv: list[str]) -> int:
    sizes = {"phone": PHONE, "tablet": TABLET}
    language = None
    if "--language" in argv:
        at = argv.index("--language")
        language, argv = argv[at + 1], argv[:at] + argv[at + 2:]
    wanted = argv or ([*sizes] if language else [*sizes, "displays"])
    OUT.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    with launched_browser() as browser:
        for label in wanted:
            if language:
                paths = in_language(browser, language, label, sizes[label])
            else:
                paths = displays(browser) if label == "displays" else capture(browser, label, sizes[label])
            for path in paths:
                print(path.relative_to(ROOT))
    print(f"done in {time.monotonic() - started:.0f}s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
