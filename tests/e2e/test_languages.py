"""Every table in its own language: a phone set to each of the six other languages plays a hand,
undoes and redoes it, ends the game and reads its score card without meeting a word of English; Settings switch the language
at once; and in the pseudo-language (every message accented, in brackets) the screens show nothing that
bypassed the catalogs.

The words tapped and read come from the catalogs the app reads (languages.say), and each is checked to
differ from the English, so these tests fail if the app falls back to English."""
from __future__ import annotations

import pytest
from babel.messages.pofile import read_po

from scorekeeper import i18n

from .game_steps import NAMES, ask_from_menu, seed_game, tap_until, type_text
from .harness import PHONE
from .languages import PROPER_NAMES, english_left, say, say_n

# The first hand of Oh Heck for four (8 cards), Ann dealing: Bob bids first, Ann (the dealer) last.
BIDS = {"Bob": 2, "Cy": 3, "Dee": 1, "Ann": 1}  # Ann may not bid 2 (the bids would make 8)
TRICKS = {"Bob": 2, "Cy": 3, "Dee": 1}  # Ann's 2 are the only tricks left: the app fills them in


def english_only_messages(language: str) -> set[str]:
    """The app's English messages without placeholders whose translation in `language` differs: one of
    them on a screen is English the score keeper meets."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
    import catalogs

    with catalogs.po_path(language).open("rb") as handle:
        catalog = read_po(handle, locale=language)
    found = set()
    for message in catalog:
        if not message.id or isinstance(message.id, tuple) or "{" in message.id or not message.string:
            continue
        if message.string != message.id and len(message.id) > 3:
            found.add(message.id)
    return found


def english_on(page, english: set[str]) -> list[str]:
    """The lines shown that are an English message the language translates; a game's proper name ("Spades",
    the game, beside "Spades", the suit, which the language translates) is no such line."""
    return [text for text in page.visible_texts() for line in text.split("\n")
            if line.strip() in english and line.strip() not in PROPER_NAMES]


@pytest.mark.parametrize("language, locale", [("fr", "fr-FR"), ("de", "de-DE"), ("nl", "nl-NL"), ("es", "es-ES"),
                                              ("it", "it-IT"), ("pt", "pt-BR")])
def test_a_phone_in_french_or_german_plays_corrects_and_ends_a_game_without_english(make_page, app_server, language, locale):
    english = english_only_messages(language)
    assert len(english) > 500, f"the {language} catalog is missing"
    phone = make_page(PHONE, name=f"phone-{language}", context={"locale": locale})

    def shows(message, **params):
        words = say(language, message, **params)
        assert words != i18n._(message, **params), f"{message!r} is the same in {language}"
        return words

    def no_english(where: str) -> None:
        left = english_on(phone, english)
        assert not left, f"English on {where}: {left}"

    phone.expect_text(shows("New game"))
    no_english("Home")
    phone.tap("new-game")
    for name in NAMES:
        type_text(phone, shows("New player's name"), name)
        phone.press("Enter")
        phone.expect_text(shows("{name} deals first", name=name))
    phone.tap(shows("{name} deals first", name="Ann"))
    phone.tap("Oh Heck")
    no_english("New game")
    phone.tap("start-game")
    phone.wait_until(lambda: phone.text_of("hand-title") == shows("Hand {number} of {hands}", number=1, hands=15),
                     "hand 1, in the phone's language")
    for name, bid in BIDS.items():
        chip = shows("{name} bids {bid}", name=name, bid=bid)
        tap_until(phone, chip, lambda: not phone.exists(chip) or phone.exists(say(language, "Tricks taken")),
                  f"{name}'s bid")
    phone.expect_text(shows("Tricks taken"))
    no_english("the tricks step")
    for name, took in TRICKS.items():
        chip = shows("{name} took {took}", name=name, took=took)
        tap_until(phone, chip, lambda: phone.exists(say(language, "{name}'s tricks: {tricks}", name=name, tricks=took)),
                  f"{name}'s tricks")
    # Ann's two tricks are filled in, said so in the phone's language.
    phone.expect_text(shows("All {cards} tricks assigned: {name} took {took} (filled in)", cards=8, name="Ann", took=2))
    tap_until(phone, "hand-done", lambda: phone.text_of("hand-title") == say(
        language, "Hand {number} of {hands}", number=2, hands=15), "hand 2")
    no_english("hand 2")

    # A correction: undo takes the hand's tricks back, redo puts them again.
    tap_until(phone, "undo", lambda: phone.text_of("hand-title") == say(
        language, "Hand {number} of {hands}", number=1, hands=15), "hand 1 again")
    no_english("the undone hand")
    tap_until(phone, "hand-done", lambda: phone.text_of("hand-title") == say(
        language, "Hand {number} of {hands}", number=2, hands=15), "hand 2 again")

    # The game ends early from the menu, answered in the bar, and game over speaks the language too.
    ask_from_menu(phone, shows("End the game now"))
    phone.tap("end-now")
    phone.expect_text(say_n(language, "Ended early after {played} of {count} hand",
                            "Ended early after {played} of {count} hands", 15, played=1))
    no_english("game over")
    phone.tap("see-card")
    phone.wait_until(lambda: phone.exists("total-0"), "the score card")
    no_english("the score card")


def test_settings_switch_the_language_at_once_and_it_is_kept(phone, app_server):
    phone.tap(say("en", "Settings"))
    phone.tap("language-de")
    phone.expect_text(say("de", "Language"))  # the screen itself, redrawn in German at once
    assert say("de", "Language") != "Language"
    phone.tap("back")
    phone.expect_text(say("de", "New game"))
    phone.reload()  # kept on this device
    phone.expect_text(say("de", "New game"))
    phone.tap(say("de", "Settings"))
    phone.tap("language-device")  # the browser here reads English
    phone.expect_text("Language")


def test_two_devices_at_one_table_each_read_their_own_language(make_page, app_server):
    game_id = seed_game(app_server, [])
    french = make_page(PHONE, name="french", context={"locale": "fr-FR"})
    german = make_page(PHONE, name="german", context={"locale": "de-DE"})
    for page, language in ((french, "fr"), (german, "de")):
        page.open(f"{app_server.url.rstrip('/')}/game/{game_id}")
        page.wait_until(lambda: page.exists("hand-title"), "the game")
    title = "Hand {number} of {hands}"
    tap_until(french, say("fr", "{name} bids {bid}", name="Bob", bid=2),
              lambda: french.exists(say("fr", "{name}'s bid: {bid}", name="Bob", bid=2)), "Bob's bid, in French")
    # The German phone follows the French one's entries in German.
    assert german.text_of("hand-title") == say("de", title, number=1, hands=15)
    assert french.text_of("hand-title") == say("fr", title, number=1, hands=15)
    assert say("de", title, number=1, hands=15) != say("fr", title, number=1, hands=15)


def test_the_screens_in_the_pseudo_language_show_nothing_that_bypassed_the_catalogs(make_server, make_page):
    """The pseudo-language writes every message accented in [brackets]: an ASCII word left on a screen,
    once the players' and games' names are taken out, is English that bypassed the catalogs."""
    server = make_server(env={"SCOREKEEPER_LANGUAGE": i18n.PSEUDO})
    game_id = seed_game(server, [([2, 1, 3, 1], [3, 1, 3, 1])])
    phone = make_page(PHONE, name="pseudo", server=server)
    base = server.url.rstrip("/")
    seen = {}
    for route, ready in (("/", "new-game"), (f"/game/{game_id}", "hand-title"), (f"/game/{game_id}/card", "total-0"),
                         (f"/game/{game_id}/chart", "chart-title"), ("/history", None), ("/players", None),
                         ("/settings", "language-device"), (f"/game/{game_id}/adjust", None),
                         (f"/game/{game_id}/hands", None), (f"/game/{game_id}/seats", None),
                         (f"/game/{game_id}/scoring", None), ("/new", None), ("/pin", None), ("/invite", None),
                         ("/table", None)):
        phone.open(base + route)
        if ready:
            phone.wait_until(lambda: phone.exists(ready), f"{route} drawn")
        else:
            phone.page.wait_for_timeout(1500)
        texts = phone.visible_texts()
        assert texts, f"{route} drew nothing"
        seen[route] = english_left(texts, NAMES)
    leaks = {route: left for route, left in seen.items() if left}
    assert not leaks, f"English that bypassed the catalogs: {leaks}"


def test_names_in_any_script_are_drawn_with_the_fonts_they_need(make_page, app_server):
    """Arabic, Hebrew, Devanagari and CJK names: the page fetches the font each needs (ui/fonts.py),
    and each name reaches the screen reader whole, in its own order."""
    from urllib.parse import urlsplit

    from scorekeeper.rules import PRESETS
    from scorekeeper.storage import Store

    names = ["دانيال", "Ярослав", "सुनीता", "美玲", "Ωμέγα", "שרה"]
    store = Store(app_server.database_url)
    try:
        game = store.new_game(names, PRESETS["oh-heck"], first_dealer=0)
    finally:
        store.close()
    phone = make_page(PHONE, name="scripts", open=False)
    fetched = []
    phone.page.on("response", lambda response: fetched.append((response.url, response.status))
                  if urlsplit(response.url).path.startswith("/fonts/") else None)
    phone.open(f"{app_server.url.rstrip('/')}/game/{game.id}")
    phone.wait_until(lambda: phone.exists("hand-title"), "the game")
    phone.wait_until(lambda: len(fetched) >= 3, "the fonts for Arabic and Hebrew, Devanagari, and CJK")
    assert all(status == 200 for _url, status in fetched), fetched
    texts = " ".join(phone.visible_texts())
    for name in names:
        assert name in texts, name
