"""Every word a user reads, in their language: gettext catalogs, Babel's plural rules and formats.

The messages are written in English in the code, whole sentences with named placeholders:

    _("Hand {number} of {hands}", number=3, hands=15)
    _n("{count} trick", "{count} tricks", tricks)          # count=tricks is passed for you
    _p("a chip's word", "Bid")                             # the same English, another meaning
    N_("Oh Heck")                                          # marked here, translated where shown: _(name)

`scripts/catalogs.py` extracts them with Babel into `scorekeeper/locale/messages.pot`, merges them
into each language's `.po` and compiles the `.mo` files read here; tests/test_i18n.py fails when a
catalog lacks a message or a placeholder, or when a screen shows a literal the catalogs never see.

The language in force is a context variable: each device at the table reads its own language (the
App sets it around everything a session runs, see ui/app.py), and a refusal raised by the rules in
answer to a tap is worded in the language of the device that tapped.
"""
from __future__ import annotations

import gettext
import re
import string
from contextlib import contextmanager
from contextvars import ContextVar, Token
from datetime import date, datetime
from functools import lru_cache
from pathlib import Path
from typing import Iterator

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "messages"
SOURCE = "en"  # the language the messages are written in
# The languages the app speaks, each named as its speakers name it (the Settings list shows them so).
LANGUAGES = {
    "en": "English",
    "fr": "Français",
    "de": "Deutsch",
    "nl": "Nederlands",
    "es": "Español",
    "it": "Italiano",
    "pt": "Português",
}
# Not offered in Settings: every message 40% longer and accented, to see what a long language does to
# a screen (scripts/screenshots.py --pseudo; SCOREKEEPER_LANGUAGE=pseudo).
PSEUDO = "pseudo"

_language: ContextVar[str] = ContextVar("scorekeeper_language", default=SOURCE)


# ----- which language -----

def current() -> str:
    """The language in force here: a code of LANGUAGES, or PSEUDO."""
    return _language.get()


def activate(language: str) -> None:
    """Put `language` in force for the rest of this context (an unknown code means English)."""
    _language.set(supported(language))


def enter(language: str) -> Token:
    """Put `language` in force until leave(the token): a block whose start and end are two calls (a lock's)."""
    return _language.set(supported(language))


def leave(token: Token) -> None:
    """The language in force before the enter() that gave `token`."""
    _language.reset(token)


@contextmanager
def use(language: str) -> Iterator[None]:
    """`language` in force inside the block, the one before it after."""
    token = enter(language)
    try:
        yield
    finally:
        leave(token)


def supported(language: str | None) -> str:
    """The app's language for a code such as 'fr', 'fr-CA', 'pt_BR' or 'de-DE' (English when none fits)."""
    if not language:
        return SOURCE
    code = str(language).replace("_", "-").split("-")[0].strip().lower()
    if code == PSEUDO:
        return PSEUDO
    return code if code in LANGUAGES else SOURCE


# ----- messages -----

@lru_cache(maxsize=None)
def catalog(language: str) -> gettext.NullTranslations:
    """The compiled catalog of `language` (English and the pseudo-language have none: the code's own words)."""
    if language in (SOURCE, PSEUDO):
        return gettext.NullTranslations()
    try:
        return gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=[language])
    except OSError:  # a catalog missing from an install: English rather than nothing
        return gettext.NullTranslations()


def _fill(text: str, params: dict) -> str:
    language = current()
    text = pseudo(text) if language == PSEUDO else text
    if not params:
        return text
    if language == "fr":  # a name or a phrase put in a sentence: "d’Anne", "du total moyen"
        return _french(text, params)
    return text.format(**params)


_FORMATTER = string.Formatter()
_FRENCH_VOWELS = "aeiouyàâäéèêëîïôöùûüÿæœ"
# The words French elides before a vowel ("de Anne" is "d’Anne") and "de"/"à" + "le"/"les" (contracted).
_FRENCH_ELIDED = re.compile(r"(?:^|(?<=[\s(«“’]))(de|que|jusque|lorsque|puisque|le|la)\s$", re.IGNORECASE)
_FRENCH_CONTRACTED = re.compile(r"(?:^|(?<=[\s(«“’]))(de|à)\s$", re.IGNORECASE)
_CONTRACTIONS = {("de", "le"): "du", ("de", "les"): "des", ("à", "le"): "au", ("à", "les"): "aux"}


@lru_cache(maxsize=4096)
def _parsed(text: str) -> tuple:
    return tuple(_FORMATTER.parse(text))


def _french(text: str, params: dict) -> str:
    """`text` filled from `params` as French writes a value after "de", "que", "le", "la" or "à": "de" +
    "Anne" is "d’Anne" (a vowel, not an h: it may be aspirated), "de" + "le total" is "du total"."""
    out = ""
    for literal, field, spec, conversion in _parsed(text):
        out += literal
        if field is None:
            continue
        value, _key = _FORMATTER.get_field(field, (), params)
        value = _FORMATTER.format_field(_FORMATTER.convert_field(value, conversion), spec or "")
        article, _space, rest = value.partition(" ")
        contracted = _FRENCH_CONTRACTED.search(out)
        if contracted and rest and (contracted.group(1).lower(), article) in _CONTRACTIONS:
            word = _CONTRACTIONS[(contracted.group(1).lower(), article)]
            if contracted.group(1)[0].isupper():
                word = word.capitalize()
            out, value = out[:contracted.start(1)] + word + " ", rest
        else:
            elided = _FRENCH_ELIDED.search(out)
            if elided and value[:1].lower() in _FRENCH_VOWELS and value[:1]:
                out = out[:elided.end(1) - 1] + "’"
        out += value
    return out


def _(message: str, /, **params) -> str:
    """`message` in the language in force, its {placeholders} filled from `params`."""
    return _fill(catalog(current()).gettext(message), params)


def _n(singular: str, plural: str, count: int, /, **params) -> str:
    """The form of the message for `count` by the language's plural rules; {count} is filled too."""
    return _fill(catalog(current()).ngettext(singular, plural, count), {"count": count, **params})


def _p(context: str, message: str, /, **params) -> str:
    """`message` where the same English means something else elsewhere (`context` tells translators which)."""
    return _fill(catalog(current()).pgettext(context, message), params)


def N_(message: str) -> str:
    """Marks `message` for the catalogs where it is defined (a constant); translate it where shown: _(it)."""
    return message


# ----- the pseudo-language -----

# Letters Roboto (the app's only font offline) draws: Latin-1 and Latin Extended-A, a few kept plain.
_ACCENTED = str.maketrans(
    "acdeghijklnoprstuwyzACDEGHIJKLNOPRSTUWYZ",
    "àçđéĝĥîĵķļñöþŕšţûŵýžÀÇĐÉĜĤÎĴĶĻÑÖÞŔŠŢÛŴÝŽ")
_PLACEHOLDER = re.compile(r"(\{[^{}]*\})")


def pseudo(text: str) -> str:
    """`text` accented and 40% longer, its {placeholders} untouched, in brackets (a cut-off end shows
    as a missing ']'): a long language, readable still."""
    if not text.strip():
        return text
    parts = _PLACEHOLDER.split(text)
    accented = "".join(part if _PLACEHOLDER.fullmatch(part) else part.translate(_ACCENTED) for part in parts)
    letters = sum(len(part) for part in parts if not _PLACEHOLDER.fullmatch(part))
    padding = max(0, round(letters * 0.4) - 3)  # the brackets and the space count
    return f"[{accented} {'ë' * padding}]" if padding else f"[{accented}]"


# ----- numbers and dates as the language writes them -----

def locale_name(language: str | None = None) -> str:
    """Babel's name of the language's locale (the pseudo-language writes numbers as English does)."""
    language = language or current()
    return SOURCE if language == PSEUDO else language


def number(value: float, *, decimals: int | None = None) -> str:
    """A number as the language writes it: 1,234.5 in English, 1 234,5 in French, 1.234,5 in German."""
    import decimal

    from babel.numbers import format_decimal

    # Babel rounds in the current decimal context, 28 digits by default: a number of 29 or 30 digits
    # (the most an entry may have) quoted in a refusal would raise instead of being written.
    with decimal.localcontext(prec=64):
        if decimals is not None:
            pattern_value = round(value, decimals)
            return format_decimal(pattern_value, format=f"#,##0.{'0' * decimals}" if decimals else "#,##0",
                                  locale=locale_name())
        return format_decimal(value, locale=locale_name())


def percent(ratio: float) -> str:
    """A share as the language writes it: 62% in English, 62 % in French."""
    from babel.numbers import format_percent

    return format_percent(ratio, locale=locale_name())


def day(value: date | datetime, *, size: str = "medium") -> str:
    """A date as the language writes it: 'Nov 26, 2026', '26 nov. 2026', '26.11.2026'."""
    from babel.dates import format_date

    return format_date(value, format=size, locale=locale_name())


def day_and_time(value: datetime, *, size: str = "short") -> str:
    """A date and time as the language writes it."""
    from babel.dates import format_datetime

    return format_datetime(value, format=size, locale=locale_name())


def time_of_day(value: datetime) -> str:
    from babel.dates import format_time

    return format_time(value, format="short", locale=locale_name())


def ordinal(n: int) -> str:
    """A place in the standings as the language writes it: "1st", "2nd", "11th"."""
    if n == 1:
        return _p("a place in the standings: the first", "{number}st", number=n)
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    if suffix == "st":
        return _p("a place in the standings: 21st, 31st, 41st ...", "{number}st", number=n)
    if suffix == "nd":
        return _p("a place in the standings: 2nd, 22nd, 32nd ...", "{number}nd", number=n)
    if suffix == "rd":
        return _p("a place in the standings: 3rd, 23rd, 33rd ...", "{number}rd", number=n)
    return _p("a place in the standings: 4th to 20th, 24th to 30th ...", "{number}th", number=n)


def listing(items: list[str]) -> str:
    """'Ann, Bob and Cy' as the language joins a list."""
    from babel.lists import format_list

    return format_list(list(items), locale=locale_name()) if items else ""
