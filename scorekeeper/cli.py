"""The `scorekeeper` command: start the app, serve it to the table's phones and tablets."""
from __future__ import annotations

import argparse
import importlib.util
import os
import sys
from pathlib import Path
from typing import Sequence

DEFAULT_PORT = 8550


def _desktop_client_available() -> bool:
    # flet[web] alone has no desktop client; the `flet-desktop` package brings one.
    return importlib.util.find_spec("flet_desktop") is not None and not os.environ.get("SCOREKEEPER_WEB")


def _run(host: str, port: int, *, share: bool) -> int:
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

        print("Scorekeeper opens in its own window (close it to stop).", file=sys.stderr, flush=True)
        ft.run(app_main, name="", view=ft.AppView.FLET_APP, assets_dir=ASSETS_DIR, no_cdn=True)
        return 0
    print(start_message(served, share=share), file=sys.stderr, flush=True)
    from scorekeeper.server import serve

    # This machine's browser opens for the app when it has one and the table isn't being served.
    serve(host, port, open_browser_at=None if share else served.local_url)
    return 0


def start_message(served, *, share: bool) -> str:
    """What the terminal shows when the server starts: where to open the app, and for a shared server
    the addresses and QR code for the table's phones and tablets, and the PIN that lets one make entries."""
    from scorekeeper import access, network

    lines = [f"Scorekeeper is open at {served.local_url} (Ctrl+C stops it)."]
    if not served.shared:
        lines.append(f"It listens on {served.host} only, so other devices can't reach it: leave out --host to "
                     "serve the table's phones and tablets." if share else
                     "Phones and tablets at the table can join when it is started with: scorekeeper serve")
        return "\n".join(lines)
    urls = served.urls()
    if not urls:
        lines.append("This machine has no network address another device could open: connect it to the "
                     "table's Wi-Fi and start again.")
        return "\n".join(lines)
    lines.append("Phones and tablets on the same Wi-Fi open " + (
        urls[0] if len(urls) == 1 else "one of: " + ", ".join(urls)) + " or scan this code:")
    lines.append(network.qr_text(urls[0]).rstrip("\n"))
    lines.append(f"They follow the games; to make entries on one, enter the table's PIN there: {access.table().pin}")
    return "\n".join(lines)


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
        shared_store()
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


def build_parser() -> argparse.ArgumentParser:
    from scorekeeper.rules.kinds import KINDS  # plain Python, quick to import

    parser = argparse.ArgumentParser(prog="scorekeeper", description="The score card for Oh Heck and its family.")
    commands = parser.add_subparsers(dest="command")
    serve = commands.add_parser("serve", help="serve the app to phones and tablets on the local network")
    serve.add_argument("--host", default="0.0.0.0", help="address to listen on (default: every address)")
    serve.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default: {DEFAULT_PORT})")
    export = commands.add_parser(
        "export", help="write games as CSV, JSON or a printable PDF score card",
        description="Write the stored games (all of them, or those given with --game) as CSV or JSON for "
        "spreadsheets and backups, or as printable PDF score cards. The database is the app's own, or "
        "SCOREKEEPER_DATABASE_URL when set.")
    export.add_argument("--format", required=True, choices=("csv", "json", "pdf"), help="the file format")
    export.add_argument("--game", action="append", metavar="ID", help="export this game only (repeatable)")
    kinds = list(KINDS)
    export.add_argument("--kind", choices=kinds, metavar="KIND",
                        help=f"export the games of this kind only: {', '.join(kinds)} (a CSV file holds one kind)")
    export.add_argument("--output", "-o", metavar="FILE",
                        help="write to FILE (default: standard output; a PDF needs a file or a pipe)")
    import_ = commands.add_parser(
        "import", help="add the games of a CSV or JSON export",
        description="Add the games of a Scorekeeper CSV or JSON export (FILE, or - for standard input). "
        "Games already stored are skipped; a file with any problem is refused whole and nothing changes.")
    import_.add_argument("file", metavar="FILE", help="the export file, or - for standard input")
    commands.add_parser(
        "backups", help="list the backups of the games: file, date, games",
        description="List the backups of the SQLite database file, newest first: the file, when it was made "
        "(UTC) and the games in it. Those made before a damaged file was set aside are marked so.")
    restore = commands.add_parser(
        "restore", help="put a backup's games in place of the current ones",
        description="Put the games of BACKUP (a file `scorekeeper backups` lists) in place of the current "
        "ones. The current games are kept aside in a file beside the database, never deleted; a damaged "
        "database file is set aside first, kept as well.")
    restore.add_argument("backup", metavar="BACKUP", help="the backup file, as `scorekeeper backups` lists it")
    return parser


def _games(count: int) -> str:
    return f"{count} game" if count == 1 else f"{count} games"


def _export(args: argparse.Namespace) -> int:
    from scorekeeper.storage import Store
    from scorekeeper.exchange import export

    if args.format == "pdf" and not args.output and sys.stdout.isatty():
        print("scorekeeper export: a PDF is not for the terminal: add --output cards.pdf, or pipe it "
              "(scorekeeper export --format pdf > cards.pdf).", file=sys.stderr)
        return 2
    with Store(damaged="refuse") as store:  # a damaged file is reported, not swapped for an empty one
        result = export(store, args.format, args.game, args.kind)
    if args.output:
        from scorekeeper.exchange.files import write_file

        try:
            write_file(Path(args.output), result.data)  # whole or not at all, even when killed midway
        except OSError as error:
            raise _CommandError(
                f"Can't write {args.output}: {error.strerror}. Check the folder and the free space.") from None
    else:
        sys.stdout.buffer.write(result.data)
        sys.stdout.buffer.flush()
    where = f" to {args.output}" if args.output else ""
    print(f"Exported {_games(result.games)} as {args.format.upper()}{where}", file=sys.stderr)
    if result.note:
        print(f"({result.note}.)", file=sys.stderr)
    for skipped in result.skipped:
        print(f"Left out: {skipped.reason}", file=sys.stderr)
    return 0


def _import(args: argparse.Namespace) -> int:
    from scorekeeper.storage import Store
    from scorekeeper.exchange import import_file

    if args.file == "-":
        source, name = sys.stdin.buffer, "standard input"  # read as it is imported, not whole
    else:
        source, name = Path(args.file), None
    with Store(damaged="refuse") as store:
        result = import_file(store, source, name=name)
    already = f", {len(result.skipped)} already there" if result.skipped else ""
    print(f"Imported {_games(len(result.added))}{already}", file=sys.stderr)
    return 0


def _database_file() -> Path:
    """The SQLite file the app keeps its games in; _CommandError for another database."""
    from scorekeeper.storage import default_database_url
    from scorekeeper.storage.database import parse_url, sqlite_path

    path = sqlite_path(parse_url(default_database_url()))
    if path is None:
        raise _CommandError("Backups are kept only for a SQLite database file; back up and restore this "
                            "database with its server's own tools.")
    return path


def _backup_line(info) -> str:
    games = "games unreadable" if info.games is None else _games(info.games)
    made = info.created_at.strftime("%Y-%m-%d %H:%M:%S UTC")
    return f"{info.path}  {made}  {games}" + ("  (made before the damage)" if info.before_damage else "")


def _backups(args: argparse.Namespace) -> int:
    from scorekeeper.storage.backups import FOLDER, Backups

    path = _database_file()
    found = Backups(path, keep=0).list()  # read only: the database itself is not opened, damaged or not
    for info in found:
        print(_backup_line(info))
    if not found:
        print(f"No backups yet: the app makes them in {path.parent / FOLDER} when it starts (at most one an "
              "hour) and when a game is finished.", file=sys.stderr)
    return 0


def _restore(args: argparse.Namespace) -> int:
    from scorekeeper.storage import Store
    from scorekeeper.storage.backups import count_games

    _database_file()
    with Store() as store:  # a damaged file is set aside (kept) first, as the app does
        if store.recovered_from is not None:
            print(f"The score database was damaged: it was set aside as {store.recovered_from} (kept, never "
                  "deleted).", file=sys.stderr)
        source = Path(args.backup).expanduser().resolve()
        aside = store.restore_backup(source)
        restored = store.backups()
    games = next((info.games for info in restored if info.path.name == source.name), None)
    if games is None:
        games = count_games(source)
    what = _games(games) if games is not None else "the games"
    print(f"Restored {what} from {args.backup}; the games that were in use are kept in {aside}.", file=sys.stderr)
    return 0


class _CommandError(Exception):
    """A refusal of export or import: the message is for the terminal as it stands."""


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
    if args.command == "serve":
        return _run(args.host, args.port, share=True)
    return _run("127.0.0.1", free_port(DEFAULT_PORT), share=False)
