"""Names in any script on screen. Flutter's own Roboto (the only font a page served without a CDN
has) draws Latin, Greek and Cyrillic; a name in Arabic, Hebrew, Devanagari or Chinese, Japanese and
Korean would be drawn as boxes. For those the page gets, once a name it may show needs one, the font the
printed score card uses for that script (exchange/fonts.py: Debian's DejaVu Sans, Lohit Devanagari,
WenQuanYi), served by the app's server at /fonts/<n> and named as a fallback of every text. Only the
fonts a table's names need are fetched (WenQuanYi is 5 MB), and Flutter orders right-to-left runs itself.
"""
from __future__ import annotations

from pathlib import Path
from typing import Iterable

from scorekeeper import capabilities

ROUTE = "/fonts/"


def _roboto_draws(code: int) -> bool:
    """Roughly what Roboto covers: Latin (with its extensions), Greek, Cyrillic, punctuation, symbols."""
    return (code < 0x0530 or 0x1D00 <= code <= 0x1FFF or 0x2000 <= code <= 0x2BFF
            or 0xFB00 <= code <= 0xFB06 or 0xFE00 <= code <= 0xFE0F)


def family(position: int) -> str:
    return f"ScorekeeperScript{position}"  # i18n: not shown (a font family)


def needed(texts: Iterable[str]) -> tuple[int, ...]:
    """The positions in the card's chain of fonts (exchange/fonts.CHAIN) of those `texts` need on screen."""
    if not capabilities.PRINTS:  # the browser's copy has no server to fetch the fonts from
        return ()
    from scorekeeper.exchange import fonts as card_fonts

    wanted: set[int] = set()
    for text in texts:
        for char in text:
            if _roboto_draws(ord(char)):
                continue
            for position in range(len(card_fonts.CHAIN)):
                face = card_fonts.face_at(position)
                if face is not None and ord(char) in face.chars:
                    wanted.add(position)
                    break
    return tuple(sorted(wanted))


def file_of(position: int) -> Path | None:
    """The font file served at /fonts/<position> (None: no such font on this machine)."""
    from scorekeeper.exchange import fonts as card_fonts

    if not 0 <= position < len(card_fonts.CHAIN):
        return None
    face = card_fonts.face_at(position)
    return Path(face.regular) if face is not None else None
