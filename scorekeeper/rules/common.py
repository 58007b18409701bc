"""What every game kind shares: the error for refused entries and standings with shared places."""
from __future__ import annotations

import dataclasses
import reprlib
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar, Mapping, Self, Sequence

from scorekeeper.i18n import N_, _, _n, percent

NAME_LENGTH = 40  # what a score card column and a roster row can show
EXCERPT_LENGTH = 40  # the most of an offending value a message quotes
CUSTOM_RULES = N_("Custom rules")  # the name of rules a table sets up itself (stored in English: translated where shown)
# The names of rule sets that are words rather than a game's own name: shown in the reader's language.
# (The games' proper names, Oh Heck, Skull King, HIT THE DECK ..., are the same in every language.)
GENERIC_NAMES = frozenset((CUSTOM_RULES, N_("Score pad"), N_("Score pad, lowest wins"),
                           N_("Skull King, Rascal's scoring")))


def shown_name(name: str) -> str:
    """A rule set's stored name as the reader sees it: a generic name ("Custom rules", "Score pad") in
    their language, a game's proper name ("Oh Heck") and a table's own name as they are."""
    return _(name) if name in GENERIC_NAMES else name


def shown_display_name(stored: str) -> str:
    """A display name kept in English (`KindRules.stored_name`, storage's game_name), as the reader sees
    it: 'Oh Heck (house rules)' in their language."""
    if stored.endswith(" (house rules)"):
        return _("{name} (house rules)", name=shown_name(stored[:-len(" (house rules)")]))
    return shown_name(stored)


class InvalidEntry(ValueError):
    """An entry the rules forbid. The message is written for the score keeper's screen:
    it names the player and the limit, and says how to put it right."""


@dataclass(frozen=True)
class Standing:
    place: int  # 1 = first; tied players share a place (1, 1, 3)
    seat: int
    name: str
    score: int


def standings(names: Sequence[str], scores: Sequence[int], highest_wins: bool = True) -> list[Standing]:
    """Players ordered best first; equal scores share the better place (competition ranking)."""
    order = sorted(range(len(names)), key=lambda seat: (-scores[seat] if highest_wins else scores[seat], seat))
    result: list[Standing] = []
    for position, seat in enumerate(order):
        if result and scores[seat] == result[-1].score:
            place = result[-1].place
        else:
            place = position + 1
        result.append(Standing(place=place, seat=seat, name=names[seat], score=scores[seat]))
    return result


def leaders(scores: Sequence[int], highest_wins: bool = True) -> list[int]:
    """Seats holding the best score (several when tied)."""
    if not scores:
        return []
    best = max(scores) if highest_wins else min(scores)
    return [seat for seat, score in enumerate(scores) if score == best]


def unshowable(char: str, allowed: str = "") -> bool:
    """A character no page, terminal or file can show as text: a control character (NUL, escape ...;
    but those `allowed`, such as a line break) or half of a surrogate pair."""
    return char not in allowed and unicodedata.category(char) in ("Cc", "Cs")


def clean_name(name: object) -> str:
    """A player's name as typed, tidied: one Unicode spelling (NFC), no stray or doubled spaces (any
    whitespace, tabs and line breaks too, becomes one space). Refused when it is not text, shows
    nothing, is too long for the score card, or holds a control character (NUL, escape ...) or half
    of a surrogate pair: such a name can't be shown, nor written to a CSV file and read back.
    The one rule for names: the app, JSON and CSV import and the database all go through it."""
    if not isinstance(name, str):
        raise InvalidEntry(_("A player's name must be text, not {value}.", value=excerpt(name)))
    name = " ".join(unicodedata.normalize("NFC", name).split())
    hidden = next((char for char in name if unshowable(char)), None)
    if hidden is not None:
        raise InvalidEntry(_(
            "The name {name} holds a control character ({code}), which can't be shown or printed: type the "
            "name again without it.", name=excerpt(name), code=f"U+{ord(hidden):04X}"))
    if not any(unicodedata.category(char)[0] in "LNPS" for char in name):
        raise InvalidEntry(_("Every player needs a name that shows: fill in the empty one or remove that seat."))
    if len(name) > NAME_LENGTH:
        raise InvalidEntry(_("{name}… is too long: a name can have at most {most} characters.",
                             name=name[:NAME_LENGTH], most=NAME_LENGTH))
    return name


def clean_text(value: object, what: str, most: int, lines: bool = False) -> str:
    """Words typed for a game (its name, its notes, an adjustment's note), tidied: one Unicode spelling,
    single spaces (line breaks kept when `lines`), no control character; at most `most` characters.
    `what` (translated by the caller) starts the refusal: "The game's notes must be text."."""
    if not isinstance(value, str):
        # Translators: {what} names what was typed, starting the sentence: "The game's notes", "An adjustment's note".
        raise InvalidEntry(_("{what} must be text.", what=what))
    if len(value) > 4 * most:  # far too long to be typed: refused before any work on it
        raise InvalidEntry(_("{what} can have at most {most} characters.", what=what, most=most))
    value = unicodedata.normalize("NFC", value)
    if lines:
        value = "\n".join(" ".join(line.split()) for line in value.replace("\r\n", "\n").split("\n")).strip()
    else:
        value = " ".join(value.split())
    if any(unshowable(ch, allowed="\n") for ch in value):
        raise InvalidEntry(_("{what} hold a character that can't be shown: type them again without it.", what=what))
    if len(value) > most:
        raise InvalidEntry(_("{what} can have at most {most} characters; these have {count}.",
                             what=what, most=most, count=len(value)))
    return value


# The words of a set of rules, read from a file or the database (the app's own come from presets):
# shown, printed and exported as they are, so held to a length a page shows and to characters a file holds.
RULES_WORDS_MOST = {"id": 40, "name": 200, "description": 2000}
TRUMP_NAME_MOST = 40


def check_rules_words(values: Mapping[str, Any]) -> None:
    """Refuse rules (`values`, their options by name) whose words no export could write (half of a
    surrogate pair), no terminal or page could show (NUL, escape codes) or no page could hold. Refused,
    never tidied: a trump's name is what the game's entries say (a line break in it included)."""
    words = [(name, values[name], most) for name, most in RULES_WORDS_MOST.items() if isinstance(values.get(name), str)]
    if "trump_names" in values:
        if not all(isinstance(trump, str) for trump in values["trump_names"]):
            raise InvalidEntry(_("The rule option {name} must be a list of words.", name="trump_names"))
        words += [("trump_names", trump, TRUMP_NAME_MOST) for trump in values["trump_names"]]
    for option, value, most in words:
        # Translators: {option} is the option's name in a rules file ("name", "description", "trump_names").
        what = _("The words of the rule option {option}", option=option)
        if len(value) > most:  # (before any look at the characters: bounded)
            raise InvalidEntry(_("{what} can have at most {most} characters; these have {count}.",
                                 what=what, most=most, count=len(value)))
        if any(unshowable(char, allowed="\t\n\r") for char in value):
            raise InvalidEntry(_("{what} hold a character that can't be shown: type them again without it.",
                                 what=what))


def name_key(name: str) -> str:
    """What makes two names the same player: "Zoë" typed either way, "ANN" and "ann"."""
    return unicodedata.normalize("NFKC", name).casefold()


def check_player_names(players: Sequence[str]) -> list[str]:
    """Clean and check player names (the count is each kind's own rule)."""
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise InvalidEntry(_("The players must be a list of names."))
    if all(type(name) is str for name in players):  # replaying many games: the same tables again and again
        return list(_checked_names(tuple(players)))
    return _check_names(players)


@lru_cache(maxsize=1024)
def _checked_names(players: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(_check_names(players))


def _check_names(players: Sequence[str]) -> list[str]:
    names = [clean_name(name) for name in players]
    seen: set[str] = set()
    for name in names:
        if name_key(name) in seen:
            raise InvalidEntry(_("Two players are called {name}: give one of them another name (an initial will "
                                 "do).", name=name))
        seen.add(name_key(name))
    return names


def signed(points: int) -> str:
    """+30, −5, 0: points as the score card shows them."""
    return f"+{points}" if points > 0 else (f"−{-points}" if points < 0 else "0")


def plural(count: int, word: str, plural_word: str | None = None) -> str:
    """'1 trick', '2 tricks' in English only: a language's plurals are _n's (the rules no longer use this)."""
    return f"{count} {word if count == 1 else (plural_word or word + 's')}"


def number_text(value: int) -> str:
    """A score or a card as printed: below zero with a real minus sign ("−5"), not a hyphen."""
    return f"−{-value}" if value < 0 else str(value)


def share_text(part: int, whole: int) -> str:
    """"3 of 4 (75%)": how many of how many, and the share in whole percent."""
    if not whole:
        return _("{part} of {whole}", part=part, whole=whole)
    return _("{part} of {whole} ({share})", part=part, whole=whole, share=percent(part / whole))


def names_text(names: Sequence[str]) -> str:
    """'Ann', 'Ann and Bo', 'Ann, Bo and Cy'."""
    if len(names) == 1:
        return names[0]
    # Translators: the end of a list of players' names: {names} is "Ann" or "Ann, Bo", {last} the last name.
    return _("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])


class _Excerpt(reprlib.Repr):
    """repr() cut short: long text and numbers keep their start and end, long lists their first items."""

    def __init__(self) -> None:
        super().__init__()
        self.maxstring = self.maxlong = self.maxother = EXCERPT_LENGTH
        self.maxlist = self.maxtuple = self.maxset = self.maxdict = 6
        self.maxlevel = 3

    def repr_int(self, value: int, level: int) -> str:
        if value.bit_length() > 3 * EXCERPT_LENGTH:  # repr() of a number of 4300 digits or more fails
            return _("<a number of about {digits} digits>", digits=int(value.bit_length() * 0.30103) + 1)
        return super().repr_int(value, level)


_excerpt = _Excerpt()


def excerpt(value: object, *, as_text: bool = False) -> str:
    """The offending value as a refusal quotes it: repr(value), or the text itself with `as_text`, cut to
    about EXCERPT_LENGTH characters ('99999...99999'), so a 10,000-digit number or a megabyte of text
    in a file makes a one-line message. Every layer's messages quote values through this."""
    if as_text:
        text = str(value)
        if len(text) <= EXCERPT_LENGTH:
            return text
        half = (EXCERPT_LENGTH - 3) // 2
        return f"{text[:half]}...{text[-half:]}"
    return _excerpt.repr(value)


def check_whole_number(value: object, what: str) -> int:
    """Accept ints (not bools, not floats); anything else is a refused entry naming `what`."""
    if type(value) is int:  # the common case first: replaying a game checks thousands of numbers
        return value
    if isinstance(value, bool) or not isinstance(value, int):
        # Translators: {what} names what was entered, starting the sentence: "The first dealer", "Ann's bid".
        raise InvalidEntry(_("{what} must be a whole number, not {value}.", what=what, value=excerpt(value)))
    return value


class KindRules:
    """What every kind's Rules share: the player count, which preset they are, and plain data for
    storage and export. Each kind's module sets `Rules.presets = PRESETS` once its presets exist."""

    presets: ClassVar[Mapping[str, Any]] = {}

    def check_players(self, players: int) -> None:
        if players < self.min_players:
            raise InvalidEntry(_n(
                "{name} needs at least {count} player, and there are {players}: add {more} more.",
                "{name} needs at least {count} players, and there are {players}: add {more} more.",
                self.min_players, name=self.shown_name, players=players, more=self.min_players - players))
        if players > self.max_players:
            raise InvalidEntry(_n(
                "{name} takes at most {count} player, and there are {players}: remove {fewer}, or change the rules.",
                "{name} takes at most {count} players, and there are {players}: remove {fewer}, or change the rules.",
                self.max_players, name=self.shown_name, players=players, fewer=players - self.max_players))

    def _check_player_range(self, fewest: int, too_few: str) -> None:
        """For `__post_init__`: refuse fewer than the kind's `fewest` players (`too_few`, translated, says
        so), and a most below the fewest."""
        if self.min_players < fewest:
            raise InvalidEntry(too_few)
        if self.max_players < self.min_players:
            raise InvalidEntry(_("The most players ({most}) can't be fewer than the fewest ({fewest}).",
                                 most=self.max_players, fewest=self.min_players))

    @property
    def is_preset(self) -> bool:
        return self.presets.get(self.id) == self

    @property
    def preset_id(self) -> str:
        """The preset's id, or "custom" when a table changed anything."""
        return self.id if self.is_preset else "custom"

    @property
    def shown_name(self) -> str:
        """The rules' name in the reader's language ("Custom rules" translated, "Oh Heck" as it is)."""
        return shown_name(self.name)

    @property
    def display_name(self) -> str:
        """The name shown for these rules, in the reader's language: 'Oh Heck (house rules)'."""
        return shown_display_name(self.stored_name)

    @property
    def stored_name(self) -> str:
        """display_name in English, for what is kept or exported (storage's game_name, JSON's "name");
        `shown_display_name` shows it in the reader's language."""
        return self.name if self.is_preset or self.id == "custom" else f"{self.name} (house rules)"

    @property
    def shown_description(self) -> str:
        """The description in the reader's language: a preset's (written in English, marked N_ where the
        preset is defined) translated, a table's own as it is."""
        if any(self.description == preset.description for preset in self.presets.values()):
            return _(self.description)  # (one of the presets' N_ descriptions)
        return self.description

    # ----- plain data, for storage and export -----

    def to_dict(self) -> dict[str, Any]:
        """The rules as plain values: a tuple of cards becomes a list."""
        return {name: list(value) if isinstance(value, tuple) else value
                for name, value in dataclasses.asdict(self).items()}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        if not isinstance(data, Mapping):
            raise InvalidEntry(_("The rules must be a set of named values."))
        unknown = sorted(set(data) - {f.name for f in dataclasses.fields(cls)})
        if unknown:
            raise InvalidEntry(_("Unknown rule option {names}.", names=", ".join(map(str, unknown))))
        for name in ("id", "name", "description"):
            if name in data and not isinstance(data[name], str):
                raise InvalidEntry(_("The rule option {name} must be text.", name=name))
        cls._check_options(data)
        check_rules_words(data)
        return cls(**data)  # __post_init__ checks the numbers

    @classmethod
    def _check_options(cls, data: Mapping[str, Any]) -> None:
        """A kind's own checks of the options' types in `from_dict`, before the rules are built."""
