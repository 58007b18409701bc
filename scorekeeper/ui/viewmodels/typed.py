"""A whole number as the score keeper types it into a field: the one reading every form shares."""
from __future__ import annotations

from scorekeeper.rules import InvalidEntry

MOST_DIGITS = 7  # more than any score a form takes: a slip of the finger


def typed_number(text: str, refusal: str) -> int:
    """The number in `text` ("20", "+20", "-10", " 5 "); InvalidEntry(refusal) when it is none."""
    text = text.strip().lstrip("+")
    digits = text.lstrip("-")
    if not (digits.isascii() and digits.isdigit()) or len(digits) > MOST_DIGITS or text.count("-") > 1:
        raise InvalidEntry(refusal)
    return int(text)
