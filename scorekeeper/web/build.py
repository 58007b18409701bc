"""`scorekeeper build-web DIR`: the app as a static site whose Python runs in the browser.

The site is assembled from what is installed, with no Flutter SDK and nothing from GitHub or a CDN:
- Flet's web client (the Flutter build) and the Pyodide runtime, both from the installed flet_web package;
- app.tar.gz: the entry main.py, the scorekeeper package and, under __pypackages__/, every package it
  imports, unpacked from wheels downloaded from PyPI once (cached) for Pyodide's platform: the page puts
  __pypackages__ on sys.path, so nothing is installed in the browser and nothing is asked of PyPI there;
- the app's manifest and icons (assets/), and sw.js, a service worker that caches every file of the site
  on the first visit, so that the page opens with no network ever after.
"""
from __future__ import annotations

import hashlib
import importlib.metadata
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

import scorekeeper
from scorekeeper.i18n import _

PACKAGE_DIR = Path(scorekeeper.__file__).resolve().parent
ASSETS_DIR = PACKAGE_DIR.parent / "assets"
HERE = Path(__file__).resolve().parent

# Pyodide's platform, as flet_web 1.0.5's runtime names it (pyodide-lock.json: abi 2026_0, Python 3.14).
PLATFORM = "pyodide_2026_0_wasm32"
WHEEL_PLATFORMS = ("pyemscripten_2026_0_wasm32", "pyodide_2026_0_wasm32")
PYTHON_VERSION = "3.14"
# What the app imports in the browser, by distribution; each is pinned to the version installed here (the
# one the tests ran with). Compiled ones come as Pyodide wheels from PyPI (pydantic-core, msgpack,
# uharfbuzz); MarkupSafe has none: its Python files are taken from the copy installed here (the same
# version; its C speedups are optional and left out).
# Left out: Pillow (no wheel for Pyodide on PyPI), and so reportlab (which imports it) and uharfbuzz: the
# PDF card and the recap picture are not offered in the browser (scorekeeper/capabilities.py); httpx and oauthlib (flet leaves them out on Emscripten), greenlet (its
# marker excludes wasm32), psycopg (no PostgreSQL in a browser).
DISTRIBUTIONS = (
    "flet", "msgpack", "repath", "six",
    "sqlmodel", "sqlalchemy", "pydantic", "pydantic-core", "typing-extensions", "annotated-types",
    "typing-inspection", "alembic", "mako", "platformdirs", "segno", "ifaddr", "babel",
)
FROM_INSTALLED = ("markupsafe",)
# Files of flet_web's site the page never fetches: debug symbols, source maps, Pyodide's Node.js launchers.
LEFT_OUT = re.compile(r"(\.symbols|\.map|\.d\.ts)$|^pyodide/(python|python\.bat|python\.exe|python_cli_entry\.mjs|"
                      r"micropip-.*\.whl|packaging-.*\.whl)$|^flutter_service_worker\.js$")
CACHE_ENV = "SCOREKEEPER_WEB_CACHE"  # where downloaded wheels are kept between builds


@dataclass
class Built:
    folder: Path
    files: int
    size: int
    version: str


def cache_folder() -> Path:
    configured = os.environ.get(CACHE_ENV, "").strip()
    if configured:
        return Path(configured)
    import platformdirs

    return Path(platformdirs.user_cache_dir("scorekeeper", appauthor=False)) / "web-wheels"


def pinned() -> list[str]:
    """Every distribution the browser needs, pinned to the version installed here."""
    return [f"{name}=={importlib.metadata.version(name)}" for name in DISTRIBUTIONS]


def _pip(*args: str) -> None:
    result = subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", *args],
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise BuildError(_("pip could not download {what}: {problem}", what=" ".join(args[-1:]),
                           problem=(result.stderr.strip().splitlines() or ["?"])[-1]))


def _found(folder: Path, requirement: str, suffixes: tuple[str, ...]) -> Path | None:
    name, version = requirement.split("==")
    stem = re.sub(r"[-_.]+", "_", name).lower()
    for path in folder.iterdir():
        normal = re.sub(r"[-_.]+", "_", path.name).lower()
        wanted = re.sub(r"[-_.]+", "_", f"{stem}_{version}_").lower()
        if normal.startswith(wanted) and path.name.endswith(suffixes):
            if path.name.endswith(".whl"):
                tags = path.name[:-4].split("-")[-1]
                if tags != "any" and not any(tag in tags for tag in WHEEL_PLATFORMS):
                    continue
            return path
    return None


def wheels(cache: Path | None = None) -> list[Path]:
    """The wheels for the browser, downloaded from PyPI into the cache once; later builds find them there."""
    cache = cache or cache_folder()
    cache.mkdir(parents=True, exist_ok=True)
    found: list[Path] = []
    for requirement in pinned():
        suffixes = (".whl",)
        path = _found(cache, requirement, suffixes)
        if path is None:
            platforms = [arg for platform in WHEEL_PLATFORMS for arg in ("--platform", platform)]
            _pip("--only-binary", ":all:", *platforms, "--python-version", PYTHON_VERSION,
                 "--implementation", "cp", "--abi", "cp314", "--abi", "abi3", "--abi", "none",
                 "-d", str(cache), requirement)
            path = _found(cache, requirement, suffixes)
            if path is None:
                raise BuildError(_("No file for {requirement} was downloaded.", requirement=requirement))
        found.append(path)
    return found


class BuildError(Exception):
    """The site could not be built: the message says why."""


def _needed(member: str) -> bool:
    """Whether a file of a wheel is of use in the browser: Babel's data for the app's languages only (the
    rest is 30 MB), and no test suites or bills of materials."""
    if "/__pycache__/" in member or member.endswith("/") or member.startswith("sqlalchemy/testing/"):
        return False
    if "/sboms/" in member:
        return False
    if member.startswith("babel/locale-data/"):
        from scorekeeper.i18n import LANGUAGES, SOURCE

        stem = member.rsplit("/", 1)[-1].split(".")[0]
        return stem == "root" or stem.split("_")[0] in {SOURCE, *LANGUAGES}
    return True


def _unpack(archive: Path, into: Path) -> None:
    """A wheel unpacked as an installer would put it in site-packages (what the browser needs of it)."""
    with zipfile.ZipFile(archive) as wheel:
        for member in wheel.namelist():
            if not _needed(member):
                continue
            target = into / member
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(wheel.read(member))


def _copy_installed(name: str, into: Path) -> None:
    """The Python files of an installed pure-Python-capable distribution (its compiled parts left out)."""
    for file in importlib.metadata.distribution(name).files or ():
        if file.suffix in (".py", ".typed") and "__pycache__" not in file.parts and ".." not in file.parts:
            target = into / file
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(Path(file.locate()).read_bytes())


def _app_archive(target: Path, packages: list[Path]) -> None:
    """app.tar.gz: main.py, the scorekeeper package (its sources and compiled catalogs) and __pypackages__."""
    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch)
        pypackages = root / "__pypackages__"
        pypackages.mkdir()
        for archive in packages:
            _unpack(archive, pypackages)
        for name in FROM_INSTALLED:
            _copy_installed(name, pypackages)
        (root / "main.py").write_text((HERE / "main_web.py").read_text(encoding="utf-8"), encoding="utf-8")
        with tarfile.open(target, "w:gz", compresslevel=6) as tar:
            tar.add(root / "main.py", arcname="main.py")
            for path in sorted(PACKAGE_DIR.rglob("*")):
                relative = path.relative_to(PACKAGE_DIR.parent)
                if path.is_dir() or "__pycache__" in path.parts or path.suffix in (".po", ".pot", ".pyc"):
                    continue
                tar.add(path, arcname=str(relative))
            for path in sorted(pypackages.rglob("*")):
                if path.is_file():
                    tar.add(path, arcname=str(path.relative_to(root)))


def _index(page: Path) -> None:
    import flet as ft
    from flet_web.patch_index import patch_index_html

    # Addresses after a '#' (/#/game/...): a static host answers only the files it has, so a reload of a
    # game's address must still ask for the page itself.
    patch_index_html(str(page), base_href="/", route_url_strategy=ft.RouteUrlStrategy.HASH, pyodide=True, pyodide_script_path="main.py",
                     pyodide_version=_pyodide_version(), app_package_url="app.tar.gz", no_cdn=True,
                     app_name="Scorekeeper",
                     app_description="The score card for Oh Heck and its family, at a real table with a real deck")
    text = page.read_text(encoding="utf-8")
    # The page may be served at any path (a NAS folder, GitHub Pages): every address is relative to it.
    text = re.sub(r'<base href="[^"]*">', '<base href="./">', text)
    text = text.replace('flet.pyodideUrl="pyodide/pyodide.mjs"', 'flet.pyodideUrl="./pyodide/pyodide.mjs"')
    text = text.replace('flet.canvasKitBaseUrl="/canvaskit/"', 'flet.canvasKitBaseUrl="canvaskit/"')
    text = text.replace('flet.entrypointBaseUrl="/"', 'flet.entrypointBaseUrl="./"')
    text = text.replace('flet.assetBase="/"', 'flet.assetBase="./"')
    # The page's own service worker (sw.js), and a place the Python side reads what the browser granted.
    text = text.replace("</head>", '  <meta name="theme-color" content="#111417">\n'
                                   '  <script src="offline.js"></script>\n</head>')
    page.write_text(text, encoding="utf-8")


def _bootstrap(script: Path) -> None:
    """Flutter's loader, told of no service worker: given one, it registers Flutter's own in the place of
    sw.js whenever the page has a registration, and Flutter's only unregisters itself."""
    text = script.read_text(encoding="utf-8")
    patched = re.sub(r"serviceWorkerSettings:\s*\{[^}]*\},", "", text)
    if patched == text:
        raise BuildError(_("Flet's web client changed: {file} could not be prepared.", file=script.name))
    script.write_text(patched, encoding="utf-8")


def _fonts(manifest: Path) -> None:
    """The fonts Flutter loads at start: Roboto, as Flet's server names it without a CDN (else Flutter asks
    Google Fonts for it, and draws ç, ñ and ê as boxes offline), and not KaTeX's twenty (math, which the
    app never shows)."""
    from flet_web.patch_index import patch_font_manifest_json

    families = json.loads(manifest.read_text(encoding="utf-8"))
    kept = [family for family in families if not family["family"].startswith("packages/flutter_math_fork/")]
    manifest.write_text(json.dumps(kept), encoding="utf-8")
    patch_font_manifest_json(str(manifest))


def _pyodide_version() -> str:
    import flet_web

    package = Path(flet_web.__file__).resolve().parent / "web" / "pyodide" / "package.json"
    return json.loads(package.read_text(encoding="utf-8"))["version"]


def _service_worker(folder: Path) -> str:
    """sw.js with the list of every file of the site and a version that changes with any of them."""
    files = sorted(str(path.relative_to(folder)).replace(os.sep, "/") for path in folder.rglob("*")
                   if path.is_file() and path.name not in ("sw.js",))
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode())
        digest.update(hashlib.sha256((folder / name).read_bytes()).digest())
    version = digest.hexdigest()[:16]
    template = (HERE / "sw.js").read_text(encoding="utf-8")
    text = template.replace("__VERSION__", version).replace("__FILES__", json.dumps(["./", *files], indent=0))
    (folder / "sw.js").write_text(text, encoding="utf-8")
    return version


def build(target: Path, *, cache: Path | None = None) -> Built:
    """Write the static site to `target` (emptied first if it is a site built before)."""
    import flet_web

    target = Path(target)
    if target.exists() and any(target.iterdir()):
        if not (target / "sw.js").exists() or not (target / "app.tar.gz").exists():
            raise BuildError(_("{folder} is not empty and holds no Scorekeeper site: choose an empty folder.",
                               folder=target))
        shutil.rmtree(target)
    packages = wheels(cache)
    source = Path(flet_web.__file__).resolve().parent / "web"
    for path in sorted(source.rglob("*")):
        relative = str(path.relative_to(source)).replace(os.sep, "/")
        if path.is_dir() or LEFT_OUT.search(relative):
            continue
        (target / relative).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target / relative)
    for name in ("favicon.png", "manifest.json"):
        shutil.copy2(ASSETS_DIR / name, target / name)
    for icon in (ASSETS_DIR / "icons").iterdir():
        shutil.copy2(icon, target / "icons" / icon.name)
    shutil.copy2(ASSETS_DIR / "icon.png", target / "icon.png")
    shutil.copy2(HERE / "offline.js", target / "offline.js")
    _index(target / "index.html")
    _bootstrap(target / "flutter_bootstrap.js")
    _fonts(target / "assets" / "FontManifest.json")
    _app_archive(target / "app.tar.gz", packages)
    version = _service_worker(target)
    files = [path for path in target.rglob("*") if path.is_file()]
    return Built(target, len(files), sum(path.stat().st_size for path in files), version)
