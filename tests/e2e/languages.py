"""The words a test taps and reads in another language: taken from the catalogs the app reads, so a
test in French taps what a French score keeper sees; and the check that a screen shows no English."""
from __future__ import annotations

import re

from scorekeeper import i18n
from scorekeeper.ui.kinds import KIND_UIS


def say(language: str, message: str, /, **params) -> str:
    """`message` as the app shows it in `language`."""
    with i18n.use(language):
        return i18n._(message, **params)


def say_n(language: str, singular: str, plural: str, count: int, /, **params) -> str:
    with i18n.use(language):
        return i18n._n(singular, plural, count, **params)


def say_p(language: str, context: str, message: str, /, **params) -> str:
    with i18n.use(language):
        return i18n._p(context, message, **params)


# What may show in the pseudo-language without going through the catalogs: the players' names, the
# games' proper names, numbers, signs, and the app's own name.
PROPER_NAMES = ("OH, MY HECK!", "Oh Heck", "Oh Pshaw", "WHAT THE HECK?", "HIT THE DECK", "Skull King",
                "Scorekeeper", "Wizard", "Nomination Whist", "Kachuful (Judgement)", "Kachuful", "Boerenbridge",
                "Up and Down the River", "Oh Hell", "PIN", "CSV", "JSON", "PDF", "PNG", "QR",
                *i18n.LANGUAGES.values(),  # each language named in its own words, in every language
                *(ui.title for ui in KIND_UIS.values()))  # "Spades", the game, is "Spades" in every language
# Flutter's own words (a menu button's tooltip, a text field's counter): translated by Flutter itself in
# the seven languages (the page's locale follows the app's), English in the pseudo-language it doesn't know.
FLUTTER_WORDS = ("Show menu", "characters remaining", "character remaining")
_PSEUDO_MESSAGE = re.compile(r"\[[^\[\]]*\]")
_ASCII_WORD = re.compile(r"\b[A-Za-z]{2,}\b")


def english_left(texts: list[str], names: list[str]) -> list[str]:
    """The texts (of a screen drawn in the pseudo-language) holding a word that didn't go through the
    catalogs: every message there is accented in [brackets], so an ASCII word left once the messages,
    the players' names and the proper names are taken out is English that bypassed them."""
    left = []
    for text in texts:
        rest = text
        for _ in range(3):  # a message inside a message ([... [name's bid] ...])
            rest = _PSEUDO_MESSAGE.sub(" ", rest)
        for name in sorted([*names, *PROPER_NAMES, *FLUTTER_WORDS], key=len, reverse=True):
            rest = rest.replace(name, " ")
        if _ASCII_WORD.search(rest):
            left.append(text)
    return left
