"""The message catalogs: extract every message of the code, merge it into each language, compile.

    python scripts/catalogs.py          # messages.pot from the code, each .po updated, each .mo compiled
    python scripts/catalogs.py --check  # exit 1 when the catalogs are behind the code (the tests check it too)

Babel does the work (its Python extractor, plural rules and .mo writer); the keywords are those of
scorekeeper/i18n.py. A message new in the code arrives in each .po untranslated, for a translator;
tests/test_i18n.py fails until every language has it.
"""
from __future__ import annotations

import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "scorekeeper"
sys.path.insert(0, str(ROOT))

from scorekeeper.i18n import DOMAIN, LANGUAGES, LOCALE_DIR, SOURCE  # noqa: E402

KEYWORDS = {"_": None, "_n": (1, 2), "_p": ((1, "c"), 2), "N_": None}
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"


def extracted() -> Catalog:
    """Every message the code marks, with where it is used and the comments left for translators."""
    template = Catalog(project="Scorekeeper", charset="utf-8", fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
            str(PACKAGE), method_map=[("**.py", "python")], keywords=KEYWORDS,
            comment_tags=["Translators:"], strip_comment_tags=True):
        template.add(message, None, [(f"scorekeeper/{filename}", lineno)], auto_comments=comments, context=context)
    return template


def po_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(language: str) -> Catalog:
    path = po_path(language)
    if not path.exists():
        return Catalog(locale=language, project="Scorekeeper", charset="utf-8", fuzzy=False)
    with path.open("rb") as handle:
        return read_po(handle, locale=language)


def _written(catalog: Catalog, **options) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=100, omit_header=False, include_lineno=False, **options)  # (no line numbers: moving code is no change)
    return out.getvalue()


def _without_dates(text: bytes) -> bytes:
    """A catalog as compared: without its dates and Babel's version (a fresh machine may get a newer one)."""
    return b"\n".join(line for line in text.splitlines() if b"-Date:" not in line and b"Generated-By:" not in line)


def _messages_of(mo: bytes) -> dict:
    """A compiled catalog's messages, its header (dates, Babel's version) left out."""
    def frozen(value):
        return tuple(value) if isinstance(value, list) else value

    return {(frozen(message.id), message.context): frozen(message.string)
            for message in read_mo(io.BytesIO(mo)) if message.id}


def update(check: bool = False) -> list[str]:
    """Bring the catalogs up to the code; with `check`, only say which files are behind."""
    template = extracted()
    behind = []
    pot = _written(template, sort_output=False, ignore_obsolete=True)
    if not TEMPLATE.exists() or _without_dates(TEMPLATE.read_bytes()) != _without_dates(pot):
        behind.append(str(TEMPLATE.relative_to(ROOT)))
        if not check:
            TEMPLATE.parent.mkdir(parents=True, exist_ok=True)
            TEMPLATE.write_bytes(pot)
    for language in LANGUAGES:
        if language == SOURCE:
            continue
        catalog = read(language)
        catalog.update(template, update_header_comment=False, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        po = _written(catalog, ignore_obsolete=True)
        path = po_path(language)
        po_behind = not path.exists() or _without_dates(path.read_bytes()) != _without_dates(po)
        if po_behind:
            behind.append(str(path.relative_to(ROOT)))
            if not check:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(po)
        # Compiled from the .po as stored (its header's dates included), so the same .po always gives
        # the same .mo: a fresh clone's check agrees with the machine that compiled it.
        stored = catalog if po_behind and check else read(language)
        mo = io.BytesIO()
        write_mo(mo, stored, use_fuzzy=False)
        mo_path = path.with_suffix(".mo")
        if not mo_path.exists() or _messages_of(mo_path.read_bytes()) != _messages_of(mo.getvalue()):
            behind.append(str(mo_path.relative_to(ROOT)))
            if not check:
                mo_path.write_bytes(mo.getvalue())
    return behind


def main() -> int:
    check = "--check" in sys.argv[1:]
    behind = update(check=check)
    for path in behind:
        print(("behind the code: " if check else "written: ") + path)
    return 1 if check and behind else 0


if __name__ == "__main__":
    raise SystemExit(main())
