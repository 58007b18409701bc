"""Every table in its own language: the catalogs are complete, their placeholders match, the screens
show nothing the catalogs never see, and numbers and dates follow the language."""
from __future__ import annotations

import ast
import re
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from scorekeeper import i18n

ROOT = Path(__file__).resolve().parent.parent
UI = ROOT / "scorekeeper" / "ui"
sys.path.insert(0, str(ROOT / "scripts"))
import catalogs  # noqa: E402

TRANSLATED = [code for code in i18n.LANGUAGES if code != i18n.SOURCE]
PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


@pytest.fixture(scope="module")
def template():
    return catalogs.extracted()


def test_the_catalogs_are_up_to_date_with_the_code():
    """A message added or changed in the code without `python scripts/catalogs.py` fails here."""
    behind = catalogs.update(check=True)
    assert not behind, f"run python scripts/catalogs.py (behind: {behind})"


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated_with_the_same_placeholders(language, template):
    with catalogs.po_path(language).open("rb") as handle:
        catalog = read_po(handle, locale=language)
    missing, fuzzy, wrong = [], [], []
    for message in template:
        if not message.id:
            continue
        translated = catalog.get(message.id, context=message.context)
        if translated is None or not translated.string or (
                isinstance(translated.string, tuple) and not all(translated.string)):
            missing.append(message.id)
            continue
        if translated.fuzzy:
            fuzzy.append(message.id)
        sources = message.id if isinstance(message.id, tuple) else (message.id,)
        forms = translated.string if isinstance(translated.string, tuple) else (translated.string,)
        wanted = set().union(*(placeholders(source) for source in sources))
        for form in forms:
            # A plural form may leave out {count} ("one trick" for 1), never use a name the code doesn't fill.
            used = placeholders(form)
            if used - wanted or (wanted - {"count"}) - used:
                wrong.append((message.id, form))
    assert not missing, f"{language}: {len(missing)} untranslated, first {missing[:5]}"
    assert not fuzzy, f"{language}: fuzzy {fuzzy[:5]}"
    assert not wrong, f"{language}: placeholders differ {wrong[:5]}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_plural_forms_follow_the_language(language):
    with catalogs.po_path(language).open("rb") as handle:
        catalog = read_po(handle, locale=language)
    assert catalog.num_plurals >= 2


def test_the_check_for_a_missing_message_can_fail(tmp_path, template):
    """The completeness check above sees a catalog that lacks a message and one whose placeholder differs."""
    messages = [message for message in template if message.id and "{" in str(message.id)]
    assert messages, "the code has messages with placeholders"
    sample = messages[0]
    source = sample.id[0] if isinstance(sample.id, tuple) else sample.id
    assert placeholders(source) != placeholders(source.replace("{", "(").replace("}", ")"))


# ----- no literal on a screen bypasses the catalogs -----

TRANSLATING = {"_", "_n", "_p", "N_"}
NOT_SHOWN_CALLS = {"debug", "info", "warning", "error", "exception", "critical", "getattr", "setattr", "hasattr",
                   "startswith", "endswith", "split", "rstrip", "lstrip", "strip", "removeprefix", "removesuffix",
                   "get", "pop", "setdefault", "ident", "Key", "ValueKey", "scroll_to", "push_route", "open",
                   "for_version", "kept", "pane", "unchanged_since", "typing", "isinstance", "environ"}
NOT_SHOWN_KEYWORDS = {"key", "identifier", "data", "route", "font_family", "scroll_key", "name", "kind",
                      "semantics_identifier", "url", "src", "file_name", "allowed_extensions", "mode"}
WORDS = re.compile(r"[A-Za-zÀ-ÿ]{2,}")
IDENTIFIER_LIKE = re.compile(r"^[a-z0-9_\-:./@#{}%=?&]*$")


def _shown(text: str) -> bool:
    """Whether a literal reads as words to a person (not a key, a route, a format or punctuation)."""
    if not WORDS.search(text) or IDENTIFIER_LIKE.match(text):
        return False
    return " " in text.strip() or text.strip()[:1].isupper()


def untranslated_literals(source: str, filename: str = "<ui>") -> list[tuple[int, str]]:
    tree = ast.parse(source, filename=filename)
    lines = source.splitlines()
    skipped: set[int] = set()

    def skip(node: ast.AST) -> None:
        skipped.update(id(inner) for inner in ast.walk(node))

    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.returns is not None:
            skip(node.returns)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                skip(first)
        elif isinstance(node, ast.Call):
            name = node.func.id if isinstance(node.func, ast.Name) else (
                node.func.attr if isinstance(node.func, ast.Attribute) else "")
            if name in TRANSLATING or name in NOT_SHOWN_CALLS:
                skip(node)
            for keyword in node.keywords:
                if keyword.arg in NOT_SHOWN_KEYWORDS:
                    skip(keyword.value)
        elif isinstance(node, ast.Subscript):
            skip(node.slice)
        elif isinstance(node, ast.Compare):
            skip(node)
        elif isinstance(node, (ast.arg, ast.AnnAssign)) and node.annotation is not None:
            skip(node.annotation)  # a type written as a string
        elif isinstance(node, ast.Assign) and any(isinstance(target, ast.Name) and target.id == "__all__"
                                                  for target in node.targets):
            skip(node)
        elif isinstance(node, ast.Dict):
            for key in node.keys:
                if key is not None:
                    skip(key)
    found = []
    for node in ast.walk(tree):
        if id(node) in skipped or "i18n: not shown" in lines[getattr(node, "lineno", 1) - 1]:
            continue
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and _shown(node.value):
            found.append((node.lineno, node.value))
        elif isinstance(node, ast.JoinedStr):
            literal = "".join(part.value for part in node.values
                              if isinstance(part, ast.Constant) and isinstance(part.value, str))
            if WORDS.search(literal) and not IDENTIFIER_LIKE.match(literal):
                found.append((node.lineno, literal))
            skip(node)
    return found


def test_no_user_visible_literal_in_the_ui_bypasses_the_catalogs():
    found = []
    for path in sorted(UI.rglob("*.py")):
        for line, literal in untranslated_literals(path.read_text(), str(path)):
            found.append(f"{path.relative_to(ROOT)}:{line}: {literal!r}")
    assert not found, f"{len(found)} literals shown without the catalogs:\n" + "\n".join(found[:40])


def test_the_literal_check_can_fail():
    """It finds a sentence, a capitalised word and an f-string's words; it passes keys, routes and
    translated messages."""
    sample = '''
def build(name):
    """A docstring is for readers of the code."""
    log.info("drawing %s", name)
    a = ft.Text("Hand done")
    b = button("Undo", key="undo-button")
    c = ft.Text(f"{name} leads")
    d = _("Hand done")
    e = ft.Text(f"{name}: {a}", key="pane:main")
    f = route == "/game"
    g = ident("hand-row", a)
    h: "Settings" = a

def typed(x: "HandEntry") -> "Settings":
    __all__ = ["Settings"]
'''
    assert [literal for _line, literal in untranslated_literals(sample)] == ["Hand done", "Undo", " leads"]


# ----- numbers, dates and the pseudo-language -----

def test_numbers_and_dates_as_each_language_writes_them():
    samples = {"en": ("1,234.5", "Nov 26, 2026"), "fr": ("1\u202f234,5", "26 nov. 2026"),
               "de": ("1.234,5", "26.11.2026")}
    for language, (number, day) in samples.items():
        with i18n.use(language):
            assert i18n.number(1234.5) == number
            assert i18n.day(date(2026, 11, 26)) == day
    with i18n.use("fr"):
        assert i18n.percent(0.5) == "50\xa0%"
        assert i18n.listing(["Ann", "Bob", "Cy"]) == "Ann, Bob et Cy"


def test_the_language_is_the_devices_own_inside_a_block_and_english_after():
    assert i18n.current() == "en"
    with i18n.use("de-AT"):
        assert i18n.current() == "de"
        with i18n.use("pt_BR"):
            assert i18n.current() == "pt"
        assert i18n.current() == "de"
    assert i18n.current() == "en"
    assert i18n.supported("ja") == "en"


def test_the_pseudo_language_is_longer_accented_and_keeps_its_placeholders():
    with i18n.use(i18n.PSEUDO):
        text = i18n._("{name} leads with {points}", name="Ann", points=60)
    assert "Ann" in text and "60" in text
    assert text.startswith("[") and text.endswith("]")
    assert len(text) >= 1.4 * len("Ann leads with 60") - 3
    assert "leads" not in text  # every letter of the message accented


def test_a_refusal_is_worded_in_the_language_in_force_where_the_rules_run():
    """The rules raise in the language of the session that tapped (ui/session_lock.py SessionLock, App.lock, sets it)."""
    from scorekeeper.rules import PRESETS, Game, InvalidEntry

    said = {}
    for language in ("en", "fr", "de"):
        game = Game(["Ann", "Bob", "Cy", "Dee"], PRESETS["oh-heck"])
        with i18n.use(language), pytest.raises(InvalidEntry) as refused:
            game.set_bids(0, [2, 2, 2, 2])  # the dealer's hook: Ann deals and may not bid 2
        said[language] = str(refused.value)
    assert said["en"].startswith("Ann deals and may not bid 2")
    assert said["fr"] != said["en"] and said["de"] != said["en"] and said["fr"] != said["de"]
    assert all("Ann" in words and "2" in words for words in said.values())
    assert i18n.current() == "en"  # the language went back with the block


def test_importing_the_languages_leaves_the_rules_pure():
    code = ("import sys, scorekeeper.rules, scorekeeper.i18n; "
            "print(sorted(m for m in ('flet', 'sqlalchemy', 'sqlmodel') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "[]"


def test_the_check_for_english_on_a_pseudo_screen_can_fail():
    """tests/e2e/languages.english_left, which the pseudo-language walk of the screens relies on."""
    sys.path.insert(0, str(ROOT / "tests"))
    from e2e.languages import english_left

    with i18n.use(i18n.PSEUDO):
        hand = i18n._("Hand {number} of {hands}", number=3, hands=15)
        bids = i18n._("{name} bids {bid}", name="Bob", bid=2)
    assert english_left([hand, bids, "Ann", "Oh Heck", "Deutsch"], ["Ann", "Bob"]) == []
    assert english_left([f"{hand} Hand done", "Bob bids 2"], ["Bob"]) == [f"{hand} Hand done", "Bob bids 2"]


def test_the_screens_fetch_a_font_only_for_the_scripts_their_names_need():
    from scorekeeper.ui import fonts

    assert fonts.needed(["Ann", "Ярослав", "Ωμέγα", "Zoë", "José"]) == ()  # Roboto draws them
    arabic, hebrew = fonts.needed(["دانيال"]), fonts.needed(["שרה"])
    devanagari, cjk = fonts.needed(["सुनीता"]), fonts.needed(["美玲", "민준"])
    assert arabic == hebrew and len(arabic) == 1
    assert len({arabic, devanagari, cjk}) == 3 and all(len(found) == 1 for found in (devanagari, cjk))
    for found in (arabic, devanagari, cjk):
        assert fonts.file_of(found[0]).is_file()
    assert fonts.file_of(99) is None


# ----- grammar around what a message is filled with (issue 38, item 15) -----

def test_french_elides_de_and_que_before_a_vowel_and_contracts_de_le():
    with i18n.use("fr"):
        assert i18n._("{name}'s bid: {bid}", name="Anne", bid=2) == "Annonce d’Anne : 2"
        assert i18n._("{name}'s bid: {bid}", name="Émile", bid=2) == "Annonce d’Émile : 2"
        assert i18n._("{name}'s bid: {bid}", name="Bob", bid=2) == "Annonce de Bob : 2"
        assert i18n._("{name}'s bid: {bid}", name="Hugo", bid=2) == "Annonce de Hugo : 2"  # (an h may be aspirated)
        assert i18n._("{name}'s bid: {bid}", name="8 ball", bid=2) == "Annonce de 8 ball : 2"
        assert i18n._("Hand {number}: {name} joined, starting from {start}", number=2, name="Eve",
                      start="le total moyen") == "Donne 2 : Eve arrive, en partant du total moyen"
    with i18n.use("de"):  # no such rule elsewhere
        assert i18n._("{name}'s {bonus}", name="Anne", bonus="x") == "x von Anne"


def grammar_samples(language: str) -> dict[str, str]:
    """Messages as a reader sees them, filled with values that catch the classes of error of issue 38."""
    from scorekeeper.rules import skull_king
    from scorekeeper.ui.viewmodels.seats import SeatsForm
    from scorekeeper.rules import PRESETS, Game

    with i18n.use(language):
        said = {}
        for bonus in skull_king.BONUSES:
            said[f"more {bonus.key}"] = bonus.one_more("Anne")
            said[f"fewer {bonus.key}"] = bonus.one_fewer("Anne")
        game = Game(["Anne", "Bob", "Cy"], PRESETS["oh-heck"], first_dealer=0)
        game.apply({"type": "bids", "hand": 0, "values": [2, 2, 2]})
        game.apply({"type": "tricks", "hand": 0, "values": [2, 2, 4]})
        for rule, _words, label in SeatsForm(game).start_choices():
            said[f"start {rule}"] = label
        said["played"] = i18n._n("{played} of {count} hand played", "{played} of {count} hands played", 15, played=1)
        said["in play"] = i18n._n("in play: {played} of {count} hand played", "in play: {played} of {count} hands played",
                                  15, played=1)
        said["seated"] = i18n._("{name} is already seated.", name="Anne")
        said["sits after"] = i18n._("sits after {name}", name="Anne")
        said["joins"] = i18n._("{name} joins at hand {number}, sitting after {after}, starting from {points}",
                               name="Eve", number=2, after="Anne", points="+3")
    return said


def test_french_has_no_glued_article_gender_or_plural_mistake():
    said = grammar_samples("fr")
    assert said["more mermaids_by_pirate"] == "Anne : une sirène prise par un pirate de plus"
    assert said["fewer loot"] == "Anne : une alliance de butin de moins"
    assert said["start average"] == "part du total moyen (+6)" and said["start lowest"] == "part du plus petit total (−10)"
    assert said["played"] == "donnes jouées : 1 sur 15" and said["in play"] == "en cours, donnes jouées : 1 sur 15"
    text = " ".join(said.values())
    for wrong in ("de le ", "de les ", "un sirène", "un alliance", " assis", "1 donnes", "d’Anne" * 0 + " de Anne"):
        assert wrong not in text, wrong


@pytest.mark.parametrize("language", ["es", "pt", "it"])
def test_the_bonus_counters_agree_with_each_bonus_in_other_languages(language):
    said = grammar_samples(language)
    wrong = {"es": ("una 14", "una pirata", "una Skull King", "un sirena", "un alianza"),
             "pt": ("um sereia", "um aliança", "uma pirata", "uma 14"),
             "it": ("uno sirena", "uno alleanza")}[language]
    text = " ".join(said.values())
    assert not [word for word in wrong if word in text], text
