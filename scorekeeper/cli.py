"""The `scorekeeper` command: start the app, serve it to the table's phones and tablets."""
from __future__ import annotations

import argparse
import gettext
import importlib.util
import os
import sys
from pathlib import Path
from typing import Mapping, Sequence

from scorekeeper import i18n
from scorekeeper.i18n import N_, _, _n

DEFAULT_PORT = 8550
# Where a terminal says its language, in the order gettext reads them (LANGUAGE: a list, the first wins).
LANGUAGE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def environment_language(environ: Mapping[str, str] | None = None) -> str:
    """The app's language for the terminal's (`environ`: os.environ): the first of LANGUAGE's list, else
    LC_ALL, LC_MESSAGES, LANG, the first one set deciding ('de_DE.UTF-8' -> 'de'); English when it is
    none of the app's languages, or C/POSIX."""
    environ = os.environ if environ is None else environ
    for variable in LANGUAGE_VARIABLES:
        value = (environ.get(variable) or "").strip()
        if variable == "LANGUAGE":
            value = value.split(":")[0].strip()
        if value:
            return i18n.supported(value.split(".")[0].split("@")[0])
    return i18n.SOURCE


def _desktop_client_available() -> bool:
    # flet[web] alone has no desktop client; the `flet-desktop` package brings one.
    return importlib.util.find_spec("flet_desktop") is not None and not os.environ.get("SCOREKEEPER_WEB")


def _run(host: str, port: int, *, share: bool, allow_hosts: Sequence[str] = ()) -> int:
    """Serve the app on `host`:`port` and say where: this machine's address, and with `share` every
    address and a QR code another device at the table can open."""
    from scorekeeper import network

    desktop = not share and _desktop_client_available()
    served = network.Served(port=port, host=host)
    network.set_served(None if desktop else served)
    _warm_up()
    os.environ.setdefault("FLET_WEB_NO_CDN", "true")  # the table may have no internet: never fetch the renderer
    if desktop:
        import flet as ft

        from scorekeeper.ui.app import ASSETS_DIR, main as app_main

        print(_("Scorekeeper opens in its own window (close it to stop)."), file=sys.stderr, flush=True)
        ft.run(app_main, name="", view=ft.AppView.FLET_APP, assets_dir=ASSETS_DIR, no_cdn=True)
        return 0
    print(start_message(served, share=share), file=sys.stderr, flush=True)
    from scorekeeper.server import serve

    # This machine's browser opens for the app when it has one and the table isn't being served.
    serve(host, port, open_browser_at=None if share else served.local_url, allow_hosts=allow_hosts)
    return 0


def start_message(served, *, share: bool) -> str:
    """What the terminal shows when the server starts: where to open the app, and for a shared server
    the addresses and QR code for the table's phones and tablets, and the PIN that lets one make entries."""
    from scorekeeper import network

    lines = [_("Scorekeeper is open at {url} (Ctrl+C stops it).", url=served.local_url)]
    if not served.shared:
        if not share:
            lines.append(_("Phones and tablets at the table can join when it is started with: scorekeeper serve"))
            return "\n".join(lines)
        lines.append(_("It listens on {host} only: other devices reach it only through a proxy on this machine "
                       "(leave out --host to serve the table's phones and tablets directly).", host=served.host))
        lines.append(pin_line())
        return "\n".join(lines)
    urls = served.urls()
    if not urls:
        lines.append(_("This machine has no network address another device could open: connect it to the "
                       "table's Wi-Fi and start again."))
        return "\n".join(lines)
    if len(urls) == 1:
        lines.append(_("Phones and tablets on the same Wi-Fi open {url} or scan this code:", url=urls[0]))
    else:
        lines.append(_("Phones and tablets on the same Wi-Fi open one of: {urls} or scan this code:",
                       urls=", ".join(urls)))
    lines.append(network.qr_text(urls[0]).rstrip("\n"))
    lines.append(pin_line())
    return "\n".join(lines)


def pin_line() -> str:
    """What serve says of the table's PIN (kept across restarts: a device that entered it keeps its right)."""
    from scorekeeper import access

    table = access.table()
    table.ensure_pin()
    pin = table.pin
    if pin is None:
        return _("Other devices follow the games; to make entries on one, it enters the table's PIN, which was "
                 "made on another computer: the host's Invite a device screen makes a new one.")
    return _("They follow the games; to make entries on one, enter the table's PIN there: {pin}", pin=pin)


def free_port(preferred: int, host: str = "127.0.0.1") -> int:
    """`preferred` when nothing listens there yet, else a port the system picks (a second Scorekeeper,
    or another program, may hold the usual one)."""
    import socket

    for port in (preferred, 0):
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            try:
                probe.bind((host, port))
            except OSError:
                continue
            return probe.getsockname()[1]
    return preferred


def _warm_up() -> None:
    """Do at start-up what the first phone to connect would otherwise wait for (~0.8 s on a small
    machine, benchmarks/run.py first_frame_ratio): open the database (the storage imports, migrations,
    the start-up backup) and import the Flet controls the screens use (Flet 1.0 imports each one the
    first time it is used). A failure here is left to the home screen, which tells the table."""
    import importlib
    import pkgutil
    import re

    import flet as ft

    from scorekeeper.ui import screens
    from scorekeeper.ui.app import shared_store

    try:
        from scorekeeper.ui import live

        live.start(shared_store())  # listening to the other server processes' changes before the first page
    except Exception:  # noqa: BLE001 - the home screen shows why, and tries again
        pass
    for module in pkgutil.iter_modules(screens.__path__, f"{screens.__name__}."):
        try:
            importlib.import_module(module.name)
        except Exception:  # noqa: BLE001 - a screen that can't load fails when opened, as before
            pass
    names: set[str] = set()
    for source in (Path(__file__).resolve().parent / "ui").rglob("*.py"):
        names.update(re.findall(r"\bft\.([A-Z]\w*)", source.read_text(encoding="utf-8")))
    for name in sorted(names):
        try:
            getattr(ft, name)
        except Exception:  # noqa: BLE001 - a name this Flet lacks fails where it is used, as before
            pass
    # What start-up loaded lives as long as the server: out of the collector's sight, a full collection
    # walks only the sessions' objects (one took up to 545 ms mid-tap under load, 25 ms after). The
    # price: a cycle among these objects that is dropped later is never freed (a few kB at most).
    import gc

    gc.collect()
    gc.freeze()


# Python's argparse asks gettext (its default domain, "messages", as ours is named) for its own words: the
# usage line, the section titles, -h's help, the error lines this command's options can bring. Marked here
# for the catalogs, exactly as argparse writes them (%-placeholders included); main() points gettext at them.
ARGPARSE_WORDS = (
    N_("usage: "), N_("positional arguments"), N_("options"), N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"), N_("the following arguments are required: %s"),
    N_("argument %(argument_name)s: %(message)s"), N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"), N_("unrecognized arguments: %s"), N_("expected one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"), N_("ignored explicit argument %r"),
)


def build_parser() -> argparse.ArgumentParser:
    from scorekeeper.rules.kinds import KINDS  # plain Python, quick to import

    # (argparse reads % in a help text as a format: none of these messages may hold one.)
    parser = argparse.ArgumentParser(prog="scorekeeper", description=_(
        # Translators: Oh Heck, Skull King, WHAT THE HECK? and HIT THE DECK are the games' names: keep them as they are.
        "The score card for Oh Heck and its family, Skull King, WHAT THE HECK?, HIT THE DECK and any other game."))
    commands = parser.add_subparsers(dest="command")
    serve = commands.add_parser("serve", help=_("serve the app to phones and tablets on the local network"))
    serve.add_argument("--host", default="0.0.0.0", help=_("address to listen on (default: every address)"))
    serve.add_argument("--port", type=int, default=DEFAULT_PORT, help=_("port (default: {port})", port=DEFAULT_PORT))
    serve.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                       help=_("also answer to this name (a proxy's or the club's DNS name; repeatable): by default "
                              "only IP addresses, localhost and this machine's own names are answered"))
    export = commands.add_parser(
        "export", help=_("write games as CSV, JSON or a printable PDF score card"),
        description=_("Write the stored games (all of them, or those given with --game) as CSV or JSON for "
                      "spreadsheets and backups, or as printable PDF score cards. The database is the app's own, "
                      "or SCOREKEEPER_DATABASE_URL when set."))
    export.add_argument("--format", required=True, choices=("csv", "json", "pdf"), help=_("the file format"))
    export.add_argument("--game", action="append", metavar="ID",
                        help=_("export this game only: its id, in any usual UUID form, or the id the file it was "
                               "imported from gave it (repeatable)"))
    kinds = list(KINDS)
    export.add_argument("--kind", choices=kinds, metavar="KIND",
                        help=_("export the games of this kind only: {kinds} (a CSV file holds one kind)",
                               kinds=", ".join(kinds)))
    export.add_argument("--output", "-o", metavar="FILE",
                        help=_("write to FILE (default: standard output; a PDF needs a file or a pipe)"))
    import_ = commands.add_parser(
        "import", help=_("add the games of a CSV or JSON export"),
        description=_("Add the games of a Scorekeeper CSV or JSON export (FILE, or - for standard input). Games "
                      "already stored are skipped; a file with any problem is refused whole and nothing changes."))
    import_.add_argument("file", metavar="FILE", help=_("the export file, or - for standard input"))
    commands.add_parser(
        "backups", help=_("list the backups of the games: file, date, games"),
        description=_("List the backups of the SQLite database file, newest first: the file, when it was made "
                      "(UTC) and the games in it. Those made before a damaged file was set aside are marked so."))
    restore = commands.add_parser(
        "restore", help=_("put a backup's games in place of the current ones"),
        description=_("Put the games of BACKUP (a file `scorekeeper backups` lists) in place of the current ones. "
                      "The current games are kept aside in a file beside the database, never deleted; a damaged "
                      "database file is set aside first, kept as well."))
    restore.add_argument("backup", metavar="BACKUP", help=_("the backup file, as `scorekeeper backups` lists it"))
    build_web = commands.add_parser(
        "build-web", help=_("write the app as a static web site that runs in the browser, offline"),
        description=_("Write the app to DIR as a static web site: the app, its Python runtime and every package it "
                      "needs, so the page asks nothing of the internet. Any static web server serves DIR (for "
                      "example: python3 -m http.server -d DIR); a phone that opened it once keeps it, installable "
                      "and working offline, its games in the browser's storage. The packages are downloaded from "
                      "PyPI once and kept for later builds."))
    build_web.add_argument("dir", metavar="DIR", help=_("the folder to write the site to (new, or a site built before)"))
    return parser


def _export(args: argparse.Namespace) -> int:
    from scorekeeper.storage import Store
    from scorekeeper.exchange import export

    if args.format == "pdf" and not args.output and sys.stdout.isatty():
        print(_("scorekeeper export: a PDF is not for the terminal: add --output cards.pdf, or pipe it "
                "(scorekeeper export --format pdf > cards.pdf)."), file=sys.stderr)
        return 2
    with Store(damaged="refuse") as store:  # a damaged file is reported, not swapped for an empty one
        result = export(store, args.format, args.game, args.kind)
    if args.output:
        from scorekeeper.exchange.files import write_file

        try:
            write_file(Path(args.output), result.data)  # whole or not at all, even when killed midway
        except OSError as error:
            raise _CommandError(_("Can't write {file}: {problem}. Check the folder and the free space.",
                                  file=args.output, problem=error.strerror)) from None
    else:
        sys.stdout.buffer.write(result.data)
        sys.stdout.buffer.flush()
    fmt = args.format.upper()
    if args.output:
        print(_n("Exported {count} game as {format} to {file}", "Exported {count} games as {format} to {file}",
                 result.games, format=fmt, file=args.output), file=sys.stderr)
    else:
        print(_n("Exported {count} game as {format}", "Exported {count} games as {format}", result.games,
                 format=fmt), file=sys.stderr)
    if result.note:
        print(f"({result.note}.)", file=sys.stderr)
    for skipped in result.skipped:
        print(_("Left out: {reason}", reason=skipped.reason), file=sys.stderr)
    return 0


def _import(args: argparse.Namespace) -> int:
    from scorekeeper.storage import Store
    from scorekeeper.exchange import import_file

    if args.file == "-":
        source, name = sys.stdin.buffer, _("standard input")  # read as it is imported, not whole
    else:
        source, name = Path(args.file), None
    with Store(damaged="refuse") as store:
        result = import_file(store, source, name=name)
    added, already = len(result.added), len(result.skipped)
    if already:
        # Translators: {count} games were added; {already} were in the database already.
        print(_n("Imported {count} game, {already} already there", "Imported {count} games, {already} already there",
                 added, already=already), file=sys.stderr)
    else:
        print(_n("Imported {count} game", "Imported {count} games", added), file=sys.stderr)
    return 0


def _database_file() -> Path:
    """The SQLite file the app keeps its games in; _CommandError for another database."""
    from scorekeeper.storage import default_database_url
    from scorekeeper.storage.database import parse_url, sqlite_path

    path = sqlite_path(parse_url(default_database_url()))
    if path is None:
        raise _CommandError(_("Backups are kept only for a SQLite database file; back up and restore this "
                              "database with its server's own tools."))
    return path


def _backup_line(info) -> str:
    # Translators: a column of `scorekeeper backups`: the games in a backup.
    games = _("games unreadable") if info.games is None else _n("{count} game", "{count} games", info.games)
    made = info.created_at.strftime("%Y-%m-%d %H:%M:%S UTC")
    # Translators: after a backup's line in `scorekeeper backups`.
    return f"{info.path}  {made}  {games}" + ("  " + _("(made before the damage)") if info.before_damage else "")


def _backups(args: argparse.Namespace) -> int:
    from scorekeeper.storage.backups import FOLDER, Backups

    path = _database_file()
    found = Backups(path, keep=0).list()  # read only: the database itself is not opened, damaged or not
    for info in found:
        print(_backup_line(info))
    if not found:
        print(_("No backups yet: the app makes them in {folder} when it starts (at most one an hour) and when a "
                "game is finished.", folder=path.parent / FOLDER), file=sys.stderr)
    return 0


def _restore(args: argparse.Namespace) -> int:
    from scorekeeper import services
    from scorekeeper.storage import Store
    from scorekeeper.storage.backups import count_games

    _database_file()
    with Store() as store:  # a damaged file is set aside (kept) first, as the app does
        if store.recovered_from is not None:
            print(_("The score database was damaged: it was set aside as {file} (kept, never deleted).",
                    file=store.recovered_from), file=sys.stderr)
        source = Path(args.backup).expanduser().resolve()
        aside = services.restore_backup(store, source)
        restored = store.backups()
    games = next((info.games for info in restored if info.path.name == source.name), None)
    if games is None:
        games = count_games(source)
    if games is None:
        print(_("Restored the games from {backup}; the games that were in use are kept in {aside}.",
                backup=args.backup, aside=aside), file=sys.stderr)
    else:
        print(_n("Restored {count} game from {backup}; the games that were in use are kept in {aside}.",
                 "Restored {count} games from {backup}; the games that were in use are kept in {aside}.",
                 games, backup=args.backup, aside=aside), file=sys.stderr)
    return 0


class _CommandError(Exception):
    """A refusal of export or import: the message is for the terminal as it stands."""


def _build_web(args: argparse.Namespace) -> int:
    from scorekeeper.web.build import BuildError, build

    try:
        built = build(Path(args.dir))
    except BuildError as error:
        raise _CommandError(str(error)) from None
    size = round(built.size / 1e6, 1)
    print(_("Wrote the web app to {folder}: {files} files, {size} MB. Serve it with: python3 -m http.server -d {folder}",
            folder=built.folder, files=built.files, size=size), file=sys.stderr)
    return 0


def _exchange(command, args: argparse.Namespace) -> int:
    """Run a command on the stored games: every refusal is one clear line on stderr and exit status 1."""
    from scorekeeper.rules.common import InvalidEntry
    from scorekeeper.storage import StorageError

    try:
        return command(args)
    except (InvalidEntry, StorageError, _CommandError) as error:
        print(f"scorekeeper {args.command}: {error}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # the reader of standard output stopped early (| head)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def main(argv: Sequence[str] | None = None) -> int:
    i18n.activate(i18n.supported(environment_language()))  # the terminal's language, help texts included
    # argparse's own words too (ARGPARSE_WORDS): gettext finds the terminal's language by the same variables
    gettext.bindtextdomain(i18n.DOMAIN, str(i18n.LOCALE_DIR))
    args = build_parser().parse_args(argv)
    from scorekeeper.exchange.files import clean_up_killed_exports

    clean_up_killed_exports()  # every run and the app's start-up: nothing a killed export left stays
    if args.command == "export":
        return _exchange(_export, args)
    if args.command == "import":
        return _exchange(_import, args)
    if args.command == "backups":
        return _exchange(_backups, args)
    if args.command == "restore":
        return _exchange(_restore, args)
    if args.command == "build-web":
        return _exchange(_build_web, args)
    if args.command == "serve":
        return _run(args.host, args.port, share=True, allow_hosts=args.allow_host)
    return _run("127.0.0.1", free_port(DEFAULT_PORT), share=False)
