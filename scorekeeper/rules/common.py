"""What every game kind shares: the error for refused entries and standings with shared places."""
from __future__ import annotations

import dataclasses
import reprlib
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar, Mapping, Self, Sequence

NAME_LENGTH = 40  # what a score card column and a roster row can show
EXCERPT_LENGTH = 40  # the most of an offending value a message quotes


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


def clean_name(name: object) -> str:
    """A player's name as typed, tidied: one Unicode spelling (NFC), no stray or doubled spaces (any
    whitespace, tabs and line breaks too, becomes one space). Refused when it is not text, shows
    nothing, is too long for the score card, or holds a control character (NUL, escape ...) or half
    of a surrogate pair: such a name can't be shown, nor written to a CSV file and read back.
    The one rule for names: the app, JSON and CSV import and the database all go through it."""
    if not isinstance(name, str):
        raise InvalidEntry(f"A player's name must be text, not {excerpt(name)}.")
    name = " ".join(unicodedata.normalize("NFC", name).split())
    hidden = next((char for char in name if unicodedata.category(char) in ("Cc", "Cs")), None)
    if hidden is not None:
        raise InvalidEntry(
            f"The name {excerpt(name)} holds a control character (U+{ord(hidden):04X}), which can't be shown "
            "or printed: type the name again without it.")
    if not any(unicodedata.category(char)[0] in "LNPS" for char in name):
        raise InvalidEntry("Every player needs a name that shows: fill in the empty one or remove that seat.")
    if len(name) > NAME_LENGTH:
        raise InvalidEntry(f"{name[:NAME_LENGTH]}… is too long: a name can have at most {NAME_LENGTH} characters.")
    return name


def clean_text(value: object, what: str, most: int, lines: bool = False) -> str:
    """Words typed for a game (its name, its notes, an adjustment's note), tidied: one Unicode spelling,
    single spaces (line breaks kept when `lines`), no control character; at most `most` characters.
    `what` starts the refusal: "The game's notes must be text."."""
    if not isinstance(value, str):
        raise InvalidEntry(f"{what} must be text.")
    if len(value) > 4 * most:  # far too long to be typed: refused before any work on it
        raise InvalidEntry(f"{what} can have at most {most} characters.")
    value = unicodedata.normalize("NFC", value)
    if lines:
        value = "\n".join(" ".join(line.split()) for line in value.replace("\r\n", "\n").split("\n")).strip()
    else:
        value = " ".join(value.split())
    if any(unicodedata.category(ch) in ("Cc", "Cs") and ch != "\n" for ch in value):
        raise InvalidEntry(f"{what} hold a character that can't be shown: type them again without it.")
    if len(value) > most:
        raise InvalidEntry(f"{what} can have at most {most} characters; these have {len(value)}.")
    return value


def name_key(name: str) -> str:
    """What makes two names the same player: "Zoë" typed either way, "ANN" and "ann"."""
    return unicodedata.normalize("NFKC", name).casefold()


def check_player_names(players: Sequence[str]) -> list[str]:
    """Clean and check player names (the count is each kind's own rule)."""
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise InvalidEntry("The players must be a list of names.")
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
            raise InvalidEntry(f"Two players are called {name}: give one of them another name (an initial will do).")
        seen.add(name_key(name))
    return names


def signed(points: int) -> str:
    """+30, −5, 0: points as the score card shows them."""
    return f"+{points}" if points > 0 else (f"−{-points}" if points < 0 else "0")


def plural(count: int, word: str, plural_word: str | None = None) -> str:
    """'1 trick', '2 tricks'."""
    return f"{count} {word if count == 1 else (plural_word or word + 's')}"


def number_text(value: int) -> str:
    """A score or a card as printed: below zero with a real minus sign ("−5"), not a hyphen."""
    return f"−{-value}" if value < 0 else str(value)


def share_text(part: int, whole: int) -> str:
    """"3 of 4 (75%)": how many of how many, and the share in whole percent."""
    return f"{part} of {whole} ({part / whole:.0%})" if whole else f"{part} of {whole}"


def names_text(names: Sequence[str]) -> str:
    """'Ann', 'Ann and Bo', 'Ann, Bo and Cy'."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


class _Excerpt(reprlib.Repr):
    """repr() cut short: long text and numbers keep their start and end, long lists their first items."""

    def __init__(self) -> None:
        super().__init__()
        self.maxstring = self.maxlong = self.maxother = EXCERPT_LENGTH
        self.maxlist = self.maxtuple = self.maxset = self.maxdict = 6
        self.maxlevel = 3

    def repr_int(self, value: int, level: int) -> str:
        if value.bit_length() > 3 * EXCERPT_LENGTH:  # repr() of a number of 4300 digits or more fails
            return f"<a number of about {int(value.bit_length() * 0.30103) + 1} digits>"
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
        raise InvalidEntry(f"{what} must be a whole number, not {excerpt(value)}.")
    return value


class KindRules:
    """What every kind's Rules share: the player count, which preset they are, and plain data for
    storage and export. Each kind's module sets `Rules.presets = PRESETS` once its presets exist."""

    presets: ClassVar[Mapping[str, Any]] = {}

    def check_players(self, players: int) -> None:
        if players < self.min_players:
            raise InvalidEntry(
                f"{self.name} needs at least {plural(self.min_players, 'player')}, and there are {players}: "
                f"add {self.min_players - players} more."
            )
        if players > self.max_players:
            raise InvalidEntry(
                f"{self.name} takes at most {self.max_players} players, and there are {players}: "
                f"remove {players - self.max_players}, or change the rules."
            )

    def _check_player_range(self, fewest: int, too_few: str) -> None:
        """For `__post_init__`: refuse fewer than the kind's `fewest` players (`too_few` says so), and
        a most below the fewest."""
        if self.min_players < fewest:
            raise InvalidEntry(too_few)
        if self.max_players < self.min_players:
            raise InvalidEntry(
                f"The most players ({self.max_players}) can't be fewer than the fewest ({self.min_players})."
            )

    @property
    def is_preset(self) -> bool:
        return self.presets.get(self.id) == self

    @property
    def preset_id(self) -> str:
        """The preset's id, or "custom" when a table changed anything."""
        return self.id if self.is_preset else "custom"

    @property
    def display_name(self) -> str:
        return self.name if self.is_preset or self.id == "custom" else f"{self.name} (house rules)"

    # ----- plain data, for storage and export -----

    def to_dict(self) -> dict[str, Any]:
        """The rules as plain values: a tuple of cards becomes a list."""
        return {name: list(value) if isinstance(value, tuple) else value
                for name, value in dataclasses.asdict(self).items()}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        if not isinstance(data, Mapping):
            raise InvalidEntry("The rules must be a set of named values.")
        unknown = sorted(set(data) - {f.name for f in dataclasses.fields(cls)})
        if unknown:
            raise InvalidEntry(f"Unknown rule option {', '.join(map(str, unknown))}.")
        for name in ("id", "name", "description"):
            if name in data and not isinstance(data[name], str):
                raise InvalidEntry(f"The rule option {name} must be text.")
        cls._check_options(data)
        return cls(**data)  # __post_init__ checks the numbers

    @classmethod
    def _check_options(cls, data: Mapping[str, Any]) -> None:
        """A kind's own checks of the options' types in `from_dict`, before the rules are built."""
