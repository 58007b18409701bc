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


def test_storage_knows_nothing_of_flet():
    storage = PACKAGE / "storage"
    for path in sorted(storage.glob("**/*.py")) if storage.exists() else []:
        assert "flet" not in imported_modules(path), f"{path} imports flet"


def imported_names(path: Path, root: Path = PACKAGE.parent) -> set[str]:
    """The full dotted names of the modules a file under `root` imports (relative imports resolved)."""
    package = ".".join(path.relative_to(root).with_suffix("").parts[:-1])
    tree = ast.parse(path.read_text(), filename=str(path))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            module = ".".join(part for part in (base, node.module or "") if part)
            names.add(module)
            names.update(f"{module}.{alias.name}" for alias in node.names)
    return names


def test_storage_knows_nothing_of_the_file_formats():
    """CSV, JSON and PDF sit beside storage (scorekeeper/exchange), which uses storage, not the other way."""
    files = sorted((PACKAGE / "storage").glob("**/*.py"))
    assert files, "the storage package is missing"
    assert not (PACKAGE / "storage" / "exchange").exists(), "the formats moved to scorekeeper/exchange"
    for path in files:
        exchange = {name for name in imported_names(path) if name.split(".")[:2] == ["scorekeeper", "exchange"]}
        assert not exchange, f"{path} imports {exchange}"


def test_the_file_formats_know_nothing_of_flet():
    files = sorted((PACKAGE / "exchange").glob("**/*.py"))
    assert files, "the exchange package is missing"
    for path in files:
        assert "flet" not in imported_modules(path), f"{path} imports flet"


def test_imported_names_sees_relative_and_absolute_imports(tmp_path):
    """The check above can fail: it finds an import of the formats however it is written."""
    storage = tmp_path / "scorekeeper" / "storage"
    storage.mkdir(parents=True)
    sample = storage / "sample.py"
    for line in ("from scorekeeper.exchange import export", "import scorekeeper.exchange.csv_format",
                 "from ..exchange import export", "from .. import exchange"):
        sample.write_text(line + "\n")
        names = {name for name in imported_names(sample, root=tmp_path)
                 if name.split(".")[:2] == ["scorekeeper", "exchange"]}
        assert names, line



def kind_comparisons(path: Path, kinds) -> list[str]:
    """Where a file names a game kind in a literal, or compares a `.kind` with a fixed kind."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Constant) and node.value in kinds:
            found.append(f"line {node.lineno}: {node.value!r}")
        if isinstance(node, ast.Compare) and not any(isinstance(op, (ast.In, ast.NotIn)) for op in node.ops):
            sides = [node.left, *node.comparators]
            if any(isinstance(side, ast.Attribute) and side.attr == "kind" for side in sides) and any(
                    isinstance(side, ast.Constant) or (isinstance(side, (ast.Name, ast.Attribute))
                                                       and getattr(side, "attr", getattr(side, "id", "")).isupper())
                    for side in sides):
                found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


def test_the_file_formats_reach_each_kind_through_its_table_only():
    """CSV, JSON and PDF write and read every kind through one per-kind part found by kind
    (its module in exchange/kinds/, found through exchange.kinds.FORMATS): nothing else names a kind."""
    from scorekeeper.rules.kinds import KINDS

    for path in sorted((PACKAGE / "exchange").glob("*.py")):
        assert not kind_comparisons(path, set(KINDS)), f"{path.name} names a kind: {kind_comparisons(path, set(KINDS))}"


def test_kind_comparisons_finds_a_kind_named(tmp_path):
    sample = tmp_path / "sample.py"
    for line in ('if game.kind == "bid-tricks": pass', "if game.kind != BID_TRICKS: pass",
                 'WIDE = {"score-pad": 2}', "if record.kind == oh_heck.KIND: pass"):
        sample.write_text(line + "\n")
        assert kind_comparisons(sample, {"bid-tricks", "score-pad"}), line
    for line in ("left_out = [record for record in records if record.kind != kind]", "if record.kind in KIND_CSVS: pass"):
        sample.write_text(line + "\n")
        assert not kind_comparisons(sample, {"bid-tricks"}), line


def test_the_app_asks_the_kinds_registry_instead_of_naming_kinds():
    """What differs between kinds is in each kind's UI module (scorekeeper/ui/kinds/), found through
    one registry that serves every kind the rules know; view models and screens never name a kind."""
    from scorekeeper.rules.kinds import KINDS
    from scorekeeper.ui.kinds import KIND_UIS

    assert set(KIND_UIS) == set(KINDS)
    for path in sorted([*(PACKAGE / "ui" / "viewmodels").glob("*.py"), *(PACKAGE / "ui" / "screens").glob("*.py"),
                        *(PACKAGE / "ui").glob("*.py")]):  # (an Option's .kind is its type: "int")
        named = [found for found in kind_comparisons(path, set(KINDS)) if any(kind in found for kind in KINDS)]
        assert not named, f"{path.name} names a kind: {named}"



def test_storage_stores_kinds_but_names_none_of_them():
    """Storage keeps a game's kind, rules and entries as data and adds up the engine's counters; which
    kinds exist and what they count is the rules' business."""
    from scorekeeper.rules.kinds import KINDS

    counters = {"hands_made", "zero_bids_made", "rounds_best", "hands_gone_out", "minus_cards_taken"}
    for path in sorted((PACKAGE / "storage").glob("*.py")):  # migrations keep the history they were written in
        named = kind_comparisons(path, set(KINDS) | counters)
        assert not named, f"{path.name} names a kind or a kind's counter: {named}"


def flet_private_names() -> set[str]:
    """Every underscore name Flet's own source uses as an attribute (`_i`, `_parent`, `_frozen`, ...)."""
    import flet

    names = set()
    for path in Path(flet.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.endswith("__"):
                names.add(node.attr)
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.target.id.startswith("_"):
                names.add(node.target.id)  # a dataclass field: BaseControl._i
    return names


def flet_internals_reached(source: str, private: set[str]) -> list[str]:
    """Where `source` reaches into Flet: an underscore attribute Flet uses, on anything but the code's
    own objects (`self`, `cls`), by name or through getattr/setattr; Flet's session; Flet's private
    modules."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute):
            owner = node.value.id if isinstance(node.value, ast.Name) else None
            if node.attr in private and owner not in ("self", "cls"):
                found.append(f"line {node.lineno}: .{node.attr}")
            inner = owner or (node.value.attr if isinstance(node.value, ast.Attribute) else None)
            if (node.attr, inner) in (("session", "page"), ("index", "session")):
                found.append(f"line {node.lineno}: .{inner}.{node.attr}")
        elif isinstance(node, ast.Call) and isinstance(node.func, (ast.Name, ast.Attribute)):
            called = node.func.id if isinstance(node.func, ast.Name) else node.func.attr
            if called in ("getattr", "setattr", "hasattr", "delattr", "__setattr__", "__delattr__"):
                for argument in node.args[1:2]:
                    if isinstance(argument, ast.Constant) and argument.value in private:
                        found.append(f"line {node.lineno}: {called}(..., {argument.value!r})")
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("flet."):
            found.append(f"line {node.lineno}: from {node.module} import ...")
    return sorted(found, key=lambda where: (int(where.split(":")[0].removeprefix("line ")), where))


def test_the_app_uses_flets_public_api_only():
    """No attribute or function of Flet whose name starts with an underscore, no session internals:
    the app keeps working across Flet releases that keep their public API."""
    private = flet_private_names()
    assert {"_i", "_parent", "_frozen", "_values", "_dirty"} <= private
    for path in sorted(PACKAGE.rglob("*.py")):
        found = flet_internals_reached(path.read_text(), private)
        assert not found, f"{path.relative_to(PACKAGE)} reaches into Flet: {found}"


def test_flet_internals_reached_finds_each_way_in():
    private = {"_i", "_frozen"}
    source = ("control._i\nobject.__setattr__(drawn, '_frozen', True)\npage.session.index\n"
              "from flet.controls.object_patch import ObjectPatch\nself._i\ngetattr(c, '_own', 0)\n")
    assert flet_internals_reached(source, private) == [
        "line 1: ._i", "line 2: __setattr__(..., '_frozen')", "line 3: .page.session", "line 3: .session.index",
        "line 4: from flet.controls.object_patch import ...",
    ]


def module_imports(package: Path) -> dict[str, set[str]]:
    """Each module of `package` and the modules of the same package it imports. `from . import x` is an
    import of the module x, not of the package's __init__ (which a submodule never runs by itself)."""
    root = package.parent
    modules = {}
    for path in package.rglob("*.py"):
        parts = path.relative_to(root).with_suffix("").parts
        modules[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path

    def owner(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    graph = {}
    for module, path in modules.items():
        package_name = module if path.name == "__init__.py" else module.rpartition(".")[0]
        targets = set()
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if isinstance(node, ast.Import):
                targets.update(filter(None, (owner(alias.name) for alias in node.names)))
            elif isinstance(node, ast.ImportFrom):
                base = package_name.rsplit(".", node.level - 1)[0] if node.level else ""
                source = ".".join(part for part in (base, node.module or "") if part)
                for alias in node.names:
                    target = f"{source}.{alias.name}" if f"{source}.{alias.name}" in modules else owner(source)
                    if target:
                        targets.add(target)
        graph[module] = targets - {module}
    return graph


def import_circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, without recursion)."""
    order, lowest, stack, on_stack, circles = {}, {}, [], set(), []
    for start in sorted(graph):
        if start in order:
            continue
        work = [(start, iter(sorted(graph[start])))]
        order[start] = lowest[start] = len(order)
        stack.append(start)
        on_stack.add(start)
        while work:
            module, targets = work[-1]
            target = next(targets, None)
            if target is not None:
                if target not in order:
                    order[target] = lowest[target] = len(order)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph.get(target, ())))))
                elif target in on_stack:
                    lowest[module] = min(lowest[module], order[target])
                continue
            work.pop()
            if work:
                lowest[work[-1][0]] = min(lowest[work[-1][0]], lowest[module])
            if lowest[module] == order[module]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == module:
                        break
                if len(group) > 1:
                    circles.append(sorted(group))
    return circles


def test_no_import_circle_anywhere():
    """A module can be read and tested with what it imports, never the whole app around it."""
    circles = import_circles(module_imports(PACKAGE))
    assert not circles, "import circles: " + "; ".join(" <-> ".join(circle) for circle in circles)


def test_import_circles_are_found_and_named(tmp_path):
    package = tmp_path / "pkg"
    (package / "ui").mkdir(parents=True)
    (package / "__init__.py").write_text("from .ui import app\n")
    (package / "ui" / "__init__.py").write_text("")
    (package / "ui" / "app.py").write_text("from pkg.ui import routes\n")
    (package / "ui" / "routes.py").write_text("from .screens import home\n")
    (package / "ui" / "screens.py").write_text("import pkg.ui.app\n")
    (package / "rules.py").write_text("from . import ui\n")
    assert import_circles(module_imports(package)) == [["pkg.ui.app", "pkg.ui.routes", "pkg.ui.screens"]]
    (package / "ui" / "screens.py").write_text("from pkg import rules\n")
    assert import_circles(module_imports(package)) == []


def imports_of(folder: Path) -> dict[str, set[str]]:
    return {path.name: imported_names(path) for path in sorted(folder.glob("*.py"))}


def test_view_models_are_plain_python():
    """A view model says what a screen shows and what a tap does, and is tested without a browser."""
    for name, names in imports_of(PACKAGE / "ui" / "viewmodels").items():
        assert not any(imported.split(".")[0] == "flet" for imported in names), f"viewmodels/{name} imports flet"
    code = "import sys, scorekeeper.ui.viewmodels.play, scorekeeper.ui.viewmodels.history; print('flet' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip() == "False"


def test_screens_never_import_storage():
    """A screen draws and hands taps on: it reads through its view model or the app's store, and writes
    through a use case of services.py (test_every_write_to_storage_is_a_use_case_of_services)."""
    for name, names in imports_of(PACKAGE / "ui" / "screens").items():
        reached = {imported for imported in names if imported.split(".")[:2] == ["scorekeeper", "storage"]}
        assert not reached, f"screens/{name} imports {reached}"


def store_writes() -> set[str]:
    """Every call of Store that may write: what a follower's GuardedStore refuses (it lists the reads,
    fail closed, so a write added to Store later is counted here at once)."""
    from scorekeeper.storage import Store
    from scorekeeper.storage.readonly import DOOR_READS, READS

    calls = {name for name in dir(Store) if not name.startswith("_") and callable(getattr(Store, name))}
    return calls - READS - DOOR_READS - {"close"}


def writes_to_storage(source: str, writes: set[str]) -> list[str]:
    """Where `source` calls a write of a store (`store.x(...)`, `self.store.x(...)`, `self._store.x(...)`)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in writes:
            receiver = node.func.value
            name = receiver.id if isinstance(receiver, ast.Name) else getattr(receiver, "attr", "")
            if name.lstrip("_").endswith("store"):
                found.append(f"line {node.lineno}: {ast.unparse(node.func)}")
    return found


def test_every_write_to_storage_is_a_use_case_of_services():
    """What a score keeper changes goes through scorekeeper/services.py, one use case per change, so
    each is found, tested and made one transaction in one place."""
    writes = store_writes()
    assert {"record", "change", "new_game", "name_game", "delete_game", "rename_player", "restore_backup",
            "save_draft", "import_records", "replace_pin"} <= writes
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name == "services.py" or path.is_relative_to(PACKAGE / "storage"):
            continue
        found = writes_to_storage(path.read_text(), writes)
        assert not found, f"{path.relative_to(PACKAGE)} writes to storage outside services.py: {found}"


def test_writes_to_storage_are_found_however_the_store_is_reached():
    source = ("self.app.store.delete_game(game_id)\nstore.new_game(players, rules)\nself._store.replace_pin(h)\n"
              "self.session.undo()\nself.change(form.sit_out(seat))\nstore.load(game_id)\n")
    assert writes_to_storage(source, {"delete_game", "new_game", "replace_pin", "undo", "change"}) == [
        "line 1: self.app.store.delete_game", "line 2: store.new_game", "line 3: self._store.replace_pin"]


def kind_probes(source: str) -> list[str]:
    """Where code asks a game what it can do by looking for an attribute (`hasattr(game, "change_hands")`,
    `getattr(self.game, "joins", {})`) instead of the kind saying so (rules.protocol, KindUI)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("hasattr", "getattr")
                and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant) and "game" in ast.unparse(node.args[0])):
            if node.func.id == "hasattr" or len(node.args) == 3:
                found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


def test_the_app_asks_no_game_what_it_can_do_outside_the_kinds_modules():
    ui = PACKAGE / "ui"
    for path in sorted(ui.rglob("*.py")):
        if path.is_relative_to(ui / "kinds"):
            continue
        found = kind_probes(path.read_text())
        assert not found, f"{path.relative_to(PACKAGE)} probes a game: {found}"


def test_kind_probes_finds_each_way_of_asking():
    source = ('hasattr(game, "change_hands")\ngetattr(self.game, "joins", {})\ngetattr(self.game.rules, "target", None)\n'
              'getattr(self.game.rules, name)\ngetattr(screen, "entry", None)\n')
    assert kind_probes(source) == ['line 1: hasattr(game, \'change_hands\')', "line 2: getattr(self.game, 'joins', {})",
                                   "line 3: getattr(self.game.rules, 'target', None)"]


def curve_reads(source: str) -> list[str]:
    """Where code reads a game's score curve itself (`game.running_totals()`) instead of its score sheet."""
    return [f"line {node.lineno}: {ast.unparse(node)}" for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "running_totals"]


def test_the_card_the_formats_and_the_chart_read_the_score_sheet():
    """One row model (rules.sheet): the app and the file formats read a game's rows, points and running
    totals from its score sheet, never from the curve beside it."""
    for folder in (PACKAGE / "ui", PACKAGE / "exchange"):
        for path in sorted(folder.rglob("*.py")):
            found = curve_reads(path.read_text())
            assert not found, f"{path.relative_to(PACKAGE)} reads the curve, not the sheet: {found}"


def test_curve_reads_finds_the_curve_however_the_game_is_named():
    source = "curve = game.running_totals()\nself.game.running_totals()[0]\nscore_sheet(game)\n"
    assert curve_reads(source) == ["line 1: game.running_totals()", "line 2: self.game.running_totals()"]
