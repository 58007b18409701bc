"""Names in any script on the printed card and the recap picture: which font draws which letters, and in
what order they go.

A name is cut into runs, each drawn by the first font of the chain that has all its letters:

- DejaVu Sans (Debian's fonts-dejavu-core): Latin, Greek, Cyrillic, Hebrew, Arabic and most symbols;
  reportlab's own Vera (its ancestor, Latin only) when DejaVu is missing;
- Lohit Devanagari (fonts-lohit-deva, 80 kB): Devanagari (Hindi, Marathi, Nepali);
- WenQuanYi Micro Hei (fonts-wqy-microhei, 1.6 MB): Chinese, Japanese kana and Korean Hangul, in one
  TrueType font (Noto CJK is CFF, which reportlab cannot embed, and ten times the size).

scripts/test.sh installs the three packages; a font that is missing only costs its letters, drawn as '?'
like the letters no font has: the card is always printed.

Right-to-left runs (Hebrew, Arabic) are laid out in visual order: the runs of a right-to-left stretch
go right to left, and within a run HarfBuzz (uharfbuzz, through reportlab's shaping; Pillow's raqm in the
picture) reverses the letters, joins Arabic letters and shapes Devanagari. The text of the card is
English or another left-to-right language, so a line reads left to right around the names.
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

try:  # shaping: Arabic letters joined, Devanagari's vowel signs and conjuncts, right-to-left runs reversed
    import uharfbuzz  # noqa: F401
    SHAPING = True
except ImportError:  # pragma: no cover - a dependency; without it right-to-left letters are only reversed
    SHAPING = False

_DEJAVU = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu", "/usr/share/fonts/TTF")


@dataclass(frozen=True)
class Family:
    """A font of the chain: its name in the PDF, the files it may be in (the first present is taken;
    `index`: the font's number in a .ttc collection), bold ones when it has them."""

    name: str
    regular: tuple[str, ...]
    bold: tuple[str, ...] = ()
    index: int = 0


def _bundled(file: str) -> str:
    import reportlab

    return str(Path(reportlab.__file__).parent / "fonts" / file)


CHAIN = (
    Family("ScorecardSans", tuple(f"{folder}/DejaVuSans.ttf" for folder in _DEJAVU) + (_bundled("Vera.ttf"),),
           tuple(f"{folder}/DejaVuSans-Bold.ttf" for folder in _DEJAVU) + (_bundled("VeraBd.ttf"),)),
    Family("ScorecardDevanagari", ("/usr/share/fonts/truetype/lohit-devanagari/Lohit-Devanagari.ttf",
                                   "/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf"),
           ("/usr/share/fonts/truetype/noto/NotoSansDevanagari-Bold.ttf",)),
    Family("ScorecardCJK", ("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
                            "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf")),
)
PRIMARY = CHAIN[0]
REGULAR, BOLD = PRIMARY.name, PRIMARY.name + "-Bold"


@dataclass(frozen=True)
class Face:
    """A font of the chain found on this machine: its files and the characters it draws."""

    family: Family
    regular: str
    bold: str
    index: int
    chars: frozenset[int]

    def name(self, bold: bool = False) -> str:
        return self.family.name + ("-Bold" if bold else "")

    def file(self, bold: bool = False) -> str:
        return self.bold if bold else self.regular


def _first(paths: tuple[str, ...]) -> str | None:
    return next((path for path in paths if Path(path).is_file()), None)


@lru_cache(maxsize=None)
def _face(position: int) -> Face | None:
    """The chain's font at `position`, registered with reportlab (regular, bold and their family, so a
    <b> in a paragraph finds the bold), or None when this machine has none of its files."""
    family = CHAIN[position]
    regular = _first(family.regular)
    if regular is None:
        return None
    bold = _first(family.bold) or regular
    index = family.index
    try:
        pdfmetrics.registerFont(TTFont(family.name, regular, subfontIndex=index))
        pdfmetrics.registerFont(TTFont(family.name + "-Bold", bold, subfontIndex=index))
    except Exception:  # a damaged font file: its letters go to the next font, or become '?'
        return None
    pdfmetrics.registerFontFamily(family.name, normal=family.name, bold=family.name + "-Bold",
                                  italic=family.name, boldItalic=family.name + "-Bold")
    chars = frozenset(pdfmetrics.getFont(family.name).face.charToGlyph)
    return Face(family, regular, bold, index, chars)


def face_at(position: int) -> Face | None:
    """The chain's font at `position` as this machine has it (None: none of its files); the app's
    screens draw names in other scripts with the same fonts (ui/fonts.py)."""
    return _face(position)


def primary() -> Face:
    face = _face(0)
    assert face is not None  # reportlab's Vera is always there
    return face


def font_files() -> tuple[str, str]:
    """(regular, bold): the files of the chain's first font."""
    face = primary()
    return face.regular, face.bold


# ----- which font, which direction -----

_JOINERS = {0x200C, 0x200D, 0x25CC}  # zero-width (non-)joiner, dotted circle


def _attached(char: str) -> bool:
    """A mark or joiner that belongs with the letter before it (drawn by that letter's font)."""
    return unicodedata.category(char) in ("Mn", "Mc", "Me") or ord(char) in _JOINERS


def _direction(char: str) -> str:
    """'R' for a right-to-left letter, 'L' for a left-to-right one, 'N' for the rest (spaces,
    punctuation, digits: they take the direction around them)."""
    kind = unicodedata.bidirectional(char)
    return "R" if kind in ("R", "AL") else "L" if kind == "L" else "N"


@lru_cache(maxsize=64)
def _needs_help(text: str) -> bool:
    """Whether `text` needs more than the first font drawing it left to right as it is."""
    chars = primary().chars
    return any(ord(char) not in chars or _direction(char) == "R" or _shaped(char) for char in text)


def _shaped(char: str) -> bool:
    """Letters whose shapes depend on their neighbours (Arabic, the Indic scripts, Thai...)."""
    code = ord(char)
    return (0x0590 <= code <= 0x08FF or 0x0900 <= code <= 0x0DFF or 0x0E00 <= code <= 0x0FFF
            or 0x1000 <= code <= 0x109F or 0xFB1D <= code <= 0xFDFF or 0xFE70 <= code <= 0xFEFF)


def _face_for(char: str) -> Face | None:
    code = ord(char)
    for position in range(len(CHAIN)):
        face = _face(position)
        if face is not None and code in face.chars:
            return face
    return None


@dataclass(frozen=True)
class Run:
    """Letters drawn together: by one font, in one direction (`rtl`: given in logical order, to be
    laid out right to left by the shaper), `shaped` when a shaper must join or place them."""

    text: str
    face: Face
    rtl: bool
    shaped: bool


@lru_cache(maxsize=512)
def runs(text: str) -> tuple[Run, ...]:
    """`text` as runs in visual order, left to right: each run drawn by the first font that has its
    letters; a letter no font has becomes '?'."""
    first = primary()
    pieces: list[list] = []  # [text, face, direction]
    for char in str(text):
        face = _face_for(char)
        direction = _direction(char)
        if pieces and (_attached(char) or char.isspace()) and (face is None or face is pieces[-1][1]
                                                               or ord(char) in pieces[-1][1].chars):
            pieces[-1][0] += char  # a mark or a space goes with the letters before it
            continue
        if face is None:
            char, face, direction = "?", first, "N"
        last = pieces[-1] if pieces else None
        if last is not None and direction == "N" and last[1] is not face and ord(char) in last[1].chars:
            face = last[1]  # punctuation keeps the font of the letters before it: one font per word
        if last is not None and last[1] is face and (direction == "N" or last[2] in ("N", direction)):
            last[0] += char
            if last[2] == "N":
                last[2] = direction
        else:
            pieces.append([char, face, direction])
    # Spaces and punctuation after right-to-left letters stand between them and what follows, not in the run.
    split: list[list] = []
    for piece in pieces:
        stripped = piece[0]
        while stripped and piece[2] == "R" and _direction(stripped[-1]) == "N" and not _attached(stripped[-1]):
            stripped = stripped[:-1]
        if piece[2] == "R" and stripped != piece[0]:
            split += [[stripped, piece[1], "R"], [piece[0][len(stripped):], piece[1], "N"]]
        else:
            split.append(piece)
    pieces = split
    # A right-to-left stretch (right-to-left runs, and what stands between two of them) reads right to left.
    ordered: list[list] = []
    index = 0
    while index < len(pieces):
        if pieces[index][2] != "R":
            ordered.append(pieces[index])
            index += 1
            continue
        end = index
        for later in range(index + 1, len(pieces)):
            if pieces[later][2] == "R":
                end = later
            elif pieces[later][2] == "L":
                break
        stretch = pieces[index:end + 1]
        ordered.extend(reversed(stretch))
        index = end + 1
    return tuple(Run(text, face, direction == "R", any(map(_shaped, text)) or direction == "R")
                 for text, face, direction in ordered)


def visual(run: Run) -> str:
    """The letters of a right-to-left run reversed, for a drawing with no shaper (Hebrew reads right;
    Arabic letters stay unjoined)."""
    return run.text[::-1] if run.rtl else run.text


def simple(text: str) -> bool:
    """Whether `text` is drawn by the first font alone, left to right, unshaped (every English card's text)."""
    return not _needs_help(str(text))


def font_name(run: Run, bold: bool = False) -> str:
    """The reportlab font (registered) that draws `run`."""
    return run.face.name(bold)


@lru_cache(maxsize=1024)
def _shaped_glyphs(text: str, font: str) -> str:
    """`text` shaped by HarfBuzz with reportlab's font `font`, as characters in visual order, one per
    glyph: a glyph of the font's own map stands as its character, any other (a joined form, a
    conjunct) as a private character reportlab maps to that glyph; any text, width or subset routine
    of reportlab then draws the shaped text as it is. (Marks keep their own place, not HarfBuzz's
    offsets: fine for names.)"""
    import uharfbuzz

    ttf = pdfmetrics.getFont(font)
    hb_font = ttf.hbFont(1000)  # also readies ttf.hbAddPrivate
    buffer = uharfbuzz.Buffer()
    buffer.add_str(text)
    buffer.guess_segment_properties()
    uharfbuzz.shape(hb_font, buffer, {"kern": True, "liga": True})
    chars = []
    for info, position in zip(buffer.glyph_infos, buffer.glyph_positions):
        glyph = info.codepoint
        known = ttf.face.glyphToChar.get(glyph)
        code = known[0] if known else ttf.hbAddPrivate(hb_font.glyph_to_string(glyph), glyph,
                                                        position.x_advance)
        chars.append(chr(code))
    return "".join(chars)


def glyphs(run: Run, bold: bool = False) -> str:
    """The characters that draw `run` left to right in its font: shaped when it needs it."""
    if run.shaped and SHAPING:
        try:
            return _shaped_glyphs(run.text, font_name(run, bold))
        except Exception:  # never lose a card to a shaping failure: the letters as they come
            pass
    return visual(run)
