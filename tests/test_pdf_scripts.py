"""Names in every script on the printed card and the recap picture (issue 15, item 4; exchange/fonts.py).

What is checked, and how:
- the card of a game whose players are named in Latin, Greek, Cyrillic, Arabic, Hebrew, Devanagari,
  Chinese and Korean exports, and the fonts that draw them are embedded (DejaVu Sans, Lohit Devanagari,
  WenQuanYi Micro Hei: scripts/test.sh installs them);
- pypdf reads each name back. pypdf puts right-to-left text drawn in reading (visual) order back into
  logical order, so reading the Hebrew and Arabic names back as typed shows they were drawn right to
  left; Arabic comes back as its joined forms (presentation forms), the same letters under NFKC;
- the shaper's work itself (letters reversed, Arabic joined, Devanagari's vowel sign before its
  consonant) is checked on the runs the card draws (fonts.runs, fonts.glyphs): a PDF keeps only glyphs;
- a name in a script no font has still exports, its letters as '?';
- the recap picture draws each script in a font that has it, and the same names export as a picture.
"""
from __future__ import annotations

import importlib
import io
import random
import unicodedata

import pypdf
import pytest
from PIL import Image
from test_export_samples import sample_record

from scorekeeper.exchange import fonts, render_pdf
from scorekeeper.rules import PRESETS

recap = importlib.import_module("scorekeeper.exchange.recap")  # (the package's `recap` is the function)

NAMES = {
    "Latin": "Zoë",
    "Greek": "Ελένη",
    "Cyrillic": "Дмитрий",
    "Arabic": "محمد علي",
    "Hebrew": "דוד כהן",
    "Devanagari": "सुनीता",
    "Chinese": "王小明",
    "Korean": "김민준",
}


def card(names, seed: int = 3) -> bytes:
    return render_pdf([sample_record(random.Random(seed), PRESETS["oh-heck"], players=len(names), names=list(names))])


def read(data: bytes) -> tuple[str, set[str]]:
    """The text pypdf reads (NFKC: joined Arabic forms as their letters) and the fonts embedded."""
    reader = pypdf.PdfReader(io.BytesIO(data))
    text = "\n".join(page.extract_text() for page in reader.pages)
    embedded = set()
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            for descendant in [font, *[item.get_object() for item in font.get("/DescendantFonts", [])]]:
                descriptor = descendant.get("/FontDescriptor")
                if descriptor is not None and "/FontFile2" in descriptor.get_object():
                    embedded.add(str(font["/BaseFont"]).split("+")[-1])
    return unicodedata.normalize("NFKC", text), embedded


@pytest.fixture(scope="module")
def every_script() -> tuple[str, set[str]]:
    return read(card(NAMES.values()))


def test_the_fonts_for_every_script_are_on_this_machine():
    for script, name in NAMES.items():
        faces = {run.face.family.name for run in fonts.runs(name)}
        assert all(run.text.strip("?") for run in fonts.runs(name)), f"no font draws {script}: see fonts.CHAIN"
        assert "?" not in "".join(run.text for run in fonts.runs(name)), (
            f"no font for {script} ({name}): scripts/test.sh installs fonts-lohit-deva and fonts-wqy-microhei")
        assert len(faces) == 1, (script, faces)


def test_a_card_of_names_in_every_script_embeds_the_fonts_that_draw_them(every_script):
    _text, embedded = every_script
    assert {"DejaVuSans", "DejaVuSans-Bold", "Lohit-Devanagari"} <= embedded
    assert any(name.startswith("WenQuanYiMicroHei") for name in embedded), embedded


@pytest.mark.parametrize("script", NAMES)
def test_each_name_reads_back_from_the_card(every_script, script):
    text, _embedded = every_script
    # Every name: in the title's list, the grid's header, the dealer column and the standings.
    assert text.count(NAMES[script]) >= 3, script


def test_right_to_left_names_are_drawn_right_to_left_and_arabic_joined():
    hebrew, = fonts.runs(NAMES["Hebrew"])
    assert hebrew.rtl and fonts.glyphs(hebrew) == "ןהכ דוד"  # the first letter drawn rightmost
    arabic, = fonts.runs(NAMES["Arabic"])
    drawn = fonts.glyphs(arabic)
    assert all(0xFE70 <= ord(char) <= 0xFEFF for char in drawn.replace(" ", ""))  # joined forms
    assert drawn.split(" ")[0] == "ﻲﻠﻋ"  # علي: final yeh, medial lam, initial ain, left to right
    assert unicodedata.normalize("NFKC", drawn[::-1]) == NAMES["Arabic"]
    # Around Latin text, a right-to-left name keeps its place; two of them side by side read right to left.
    runs = fonts.runs("Ann, דוד, שרה and Bo")
    assert [run.text for run in runs] == ["Ann, ", "דוד, שרה", " ", "and Bo"]
    assert fonts.glyphs(runs[1]) == "הרש ,דוד"


def test_devanagari_is_shaped():
    run, = fonts.runs("प्रिया")
    drawn = fonts.glyphs(run)
    assert drawn[0] == "ि"  # the vowel sign i is written before the consonants it follows
    assert len(drawn) < len("प्रिया")  # प्र: one conjunct glyph


def test_a_name_no_font_draws_still_exports():
    names = ["Ann", "𓀀𓀁𓀂", "Bob", "𐀀𐀁 Cy"]  # Egyptian hieroglyphs, Linear B: no font of the chain has them
    text, embedded = read(card(names, seed=4))
    assert "???" in text and "?? Cy" in text and "Ann" in text
    assert "DejaVuSans" in embedded


def test_the_recap_picture_draws_every_script_in_a_font_that_has_it():
    for script, name in NAMES.items():
        for _letters, font, _direction in recap._pieces(name, 40, True):
            family = fonts.runs(name)[0].face
            assert font.path == family.file(True), script
    from test_recap import played, record

    names = list(NAMES.values())
    data = recap.recap_png(record(names, played(names)), name="王小明's table")
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG" and image.width == 1080
