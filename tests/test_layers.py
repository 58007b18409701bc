"""The layers stay apart: the rules are pure, storage knows nothing of Flet, screens compute no scores."""
import ast
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "scorekeeper"
# What pure game logic must never touch: screens, databases, files, the network, the clock.
NOT_IN_RULES = {"flet", "sqlmodel", "sqlalchemy", "alembic", "sqlite3", "os", "io", "pathlib", "shutil",
                "socket", "subprocess", "urllib", "http", "json", "csv", "time", "datetime", "random", "tempfile"}


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_rules_import_no_ui_database_or_io_module():
    files = sorted((PACKAGE / "rules").glob("*.py"))
    assert files, "the rules package is missing"
    for path in files:
        assert not (imported_modules(path) & NOT_IN_RULES), f"{path.name} imports {imported_modules(path) & NOT_IN_RULES}"
        assert "open(" not in path.read_text().replace("reopen(", ""), f"{path.name} opens files"


def test_importing_the_rules_loads_neither_flet_nor_a_database():
    code = (
        "import sys, scorekeeper.rules; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in {'flet', 'sqlmodel', 'sqlalchemy', 'sqlite3'}))"
    )
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert loaded == "[]"


def full_imports(path: Path) -> set[str]:
    """Every module `path` imports, by its full dotted name."""
    tree = ast.parse(path.read_text(), filename=str(path))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def test_exchange_sits_beside_storage_not_inside_it():
    """The file formats use storage; storage never reaches up into them, and neither draws a screen."""
    for path in sorted((PACKAGE / "storage").glob("**/*.py")):
        assert not any(name.startswith("scorekeeper.exchange") for name in full_imports(path)), f"{path} imports exchange"
    exchange = sorted((PACKAGE / "exchange").glob("*.py"))
    assert exchange, "the exchange package is missing"
    for path in exchange:
        assert not any(name.startswith(("flet", "scorekeeper.ui")) for name in full_imports(path)), f"{path} imports the UI"


def test_storage_knows_nothing_of_flet():
    storage = PACKAGE / "storage"
    for path in sorted(storage.glob("**/*.py")) if storage.exists() else []:
        assert "flet" not in imported_modules(path), f"{path} imports flet"


KIND_IDS = ("bid-tricks", "what-the-heck", "hit-the-deck", "score-pad")


def test_view_models_ask_the_kinds_registry_instead_of_naming_kinds():
    """What differs between kinds is in each kind's UI module (scorekeeper/ui/kinds/), found through
    one registry that serves every kind the rules know; view models never compare kind ids."""
    from scorekeeper.rules.kinds import KINDS
    from scorekeeper.ui.kinds import KIND_UIS

    assert set(KIND_UIS) == set(KINDS)
    for path in sorted((PACKAGE / "ui" / "viewmodels").glob("*.py")):
        text = path.read_text()
        named = [kind for kind in KIND_IDS if f'"{kind}"' in text or f"'{kind}'" in text]
        assert not named, f"{path.name} names {named}: ask scorekeeper.ui.kinds instead"
