"""Languages (issue 15) and the files: the CSV and JSON exports are machine-readable and the same bytes in
every language (headers, kind ids, numbers with '.', ISO dates); an import's refusal is worded in the
language in force; the command line speaks its terminal's language (LANGUAGE, LC_ALL, LC_MESSAGES, LANG)."""
from __future__ import annotations

import contextvars
import os
import random
import re
import subprocess
import sys
from datetime import datetime

import pytest
from test_export_samples import mixed_records
from test_kinds_export import kind_record
from test_table_roster_exports import evening, record_of

from scorekeeper import cli, i18n
from scorekeeper.exchange import ExchangeError, export_records, read_csv, read_json

LANGUAGES = ("de", "fr", "pseudo")


def games_by_kind() -> dict[str, list]:
    """Games of every kind: the bid-and-tricks presets (finished, half-played, bids only, empty), a game
    whose table changed (a late arrival, a sit-out, a departure), and a game of each other kind."""
    rng = random.Random(15)
    games = {"bid-tricks": [*mixed_records(seed=15, count=6), record_of(evening())]}
    for kind in ("what-the-heck", "hit-the-deck", "score-pad"):
        games[kind] = [kind_record(rng, kind) for _game in range(2)]
    return games


def exports() -> dict[str, bytes]:
    """Each kind's CSV file and one JSON file of every game, as written in the language in force."""
    games = games_by_kind()
    files = {f"{kind}.csv": export_records(records, "csv").data for kind, records in games.items()}
    data = export_records([record for records in games.values() for record in records], "json").data
    moment = re.search(rb'"exported_at": "([^"]+)"', data)
    assert datetime.fromisoformat(moment.group(1).decode()).tzinfo is not None  # ISO 8601, in every language
    files["all.json"] = data.replace(moment.group(1), b"(the moment of the export)")  # the one part that differs
    return files


def test_the_exports_are_the_same_bytes_in_every_language():
    english = exports()
    assert b"at_table" in english["bid-tricks.csv"]  # the game whose table changed is in the file
    for language in LANGUAGES:
        with i18n.use(language):
            assert i18n.current() == language
            assert exports() == english, language


def test_the_files_read_back_the_same_in_every_language():
    games = games_by_kind()
    english = {kind: read_csv(export_records(records, "csv").data.decode()) for kind, records in games.items()}
    everything = [record for records in games.values() for record in records]
    english_json = read_json(export_records(everything, "json").data)
    for language in LANGUAGES:
        with i18n.use(language):
            assert {kind: read_csv(export_records(records, "csv").data.decode())
                    for kind, records in games.items()} == english
            assert read_json(export_records(everything, "json").data) == english_json


REFUSED_CSV = "game_id,started_at,score\nx,2024-05-04T19:30:00+00:00,3\n"


def refusal(text: str, reader=read_csv) -> str:
    with pytest.raises(ExchangeError) as refused:
        reader(text, "data.csv")
    return str(refused.value)


def test_an_import_refusal_is_worded_in_the_language_in_force():
    english = refusal(REFUSED_CSV)
    assert english.startswith("data.csv, line 1: this is not a Scorekeeper CSV export (missing ")
    assert "The first line of a score-pad file must be exactly: game_id,started_at,game,round," in english
    with i18n.use("pseudo"):
        pseudo = refusal(REFUSED_CSV)
    assert pseudo != english and "ţĥîš" in pseudo and "[" in pseudo  # accented: through the catalogs
    assert "data.csv" in pseudo and "game_id,started_at,game," in pseudo  # the file's name and columns as they are
    assert refusal(REFUSED_CSV) == english  # and English again after


def test_a_json_refusal_too():
    text = '{"format": "scorekeeper", "version": 99, "games": []}'
    english = refusal(text, read_json)
    assert english == ("data.csv is a Scorekeeper export of format version 99, and this version of the app reads "
                       "versions 1 and 2 and 3: update Scorekeeper to import it.")
    with i18n.use("pseudo"):
        assert refusal(text, read_json) == i18n.pseudo(
            "{source} is a Scorekeeper export of format version {version}, and this version of the app reads "
            "versions {reads}: update Scorekeeper to import it.").format(
            source="data.csv", version="99", reads="1 and 2 and 3")


@pytest.mark.parametrize("environ, language", [
    ({"LANG": "de_DE.UTF-8"}, "de"),
    ({"LANGUAGE": "fr_CA:de", "LANG": "de_DE.UTF-8"}, "fr"),
    ({"LC_ALL": "nl_NL.UTF-8", "LC_MESSAGES": "it_IT", "LANG": "es_ES"}, "nl"),
    ({"LC_MESSAGES": "it_IT@euro", "LANG": "es_ES"}, "it"),
    ({"LANGUAGE": "", "LC_ALL": "", "LANG": "pt_BR.UTF-8"}, "pt"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "POSIX"}, "en"),
    ({"LANG": "ja_JP.UTF-8"}, "en"),
    ({}, "en"),
    ({"LANGUAGE": "pseudo"}, i18n.PSEUDO),
])
def test_the_terminals_language(environ, language):
    assert cli.environment_language(environ) == language


def run_cli(monkeypatch, tmp_path, capsys, **environ) -> str:
    """What `scorekeeper backups` prints (to stderr) with these variables, in a context of its own (main
    puts the terminal's language in force for the rest of the context: not for the other tests)."""
    for variable in cli.LANGUAGE_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    for variable, value in environ.items():
        monkeypatch.setenv(variable, value)
    monkeypatch.setenv("SCOREKEEPER_DATABASE_URL", f"sqlite:///{tmp_path / 'scores.db'}")
    assert contextvars.copy_context().run(cli.main, ["backups"]) == 0
    assert i18n.current() == "en"
    return capsys.readouterr().err


NO_BACKUPS = ("No backups yet: the app makes them in {folder} when it starts (at most one an hour) and when a "
              "game is finished.")


def test_the_command_line_speaks_the_terminals_language(monkeypatch, tmp_path, capsys):
    folder = tmp_path / "backups"
    assert run_cli(monkeypatch, tmp_path, capsys, LANG="C.UTF-8") == NO_BACKUPS.format(folder=folder) + "\n"
    german = i18n.catalog("de").gettext(NO_BACKUPS)
    if german != NO_BACKUPS:  # the German catalog has it
        assert run_cli(monkeypatch, tmp_path, capsys, LANG="de_DE.UTF-8") == german.format(folder=folder) + "\n"
    else:  # not translated yet: the pseudo-language shows it went through the catalogs
        assert run_cli(monkeypatch, tmp_path, capsys, LANGUAGE="pseudo", LANG="de_DE.UTF-8") == \
            i18n.pseudo(NO_BACKUPS).format(folder=folder) + "\n"


def test_the_help_speaks_it_too(monkeypatch, capsys):
    for variable in cli.LANGUAGE_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANGUAGE", "pseudo")
    with pytest.raises(SystemExit):
        contextvars.copy_context().run(cli.main, ["export", "--help"])
    shown = capsys.readouterr().out
    assert "--format" in shown and "csv" in shown
    assert "Ŵŕîţé ţĥé šţöŕéđ ĝàméš" in shown  # the description, through the catalogs


def run_command(*args: str, **environ: str) -> subprocess.CompletedProcess:
    env = {key: value for key, value in os.environ.items() if key not in cli.LANGUAGE_VARIABLES}
    return subprocess.run([sys.executable, "-m", "scorekeeper", *args], capture_output=True, text=True,
                          env={**env, **environ}, timeout=120)


# argparse's own words in English, none of which may show in another language's help or error lines ("options"
# is French too, "error" Spanish).
ARGPARSE_ENGLISH = ("usage:", "positional arguments", "show this help message and exit", "the following arguments are "
                    "required", "invalid choice", "choose from", "unrecognized arguments", "invalid int value")


def test_the_help_names_every_kind_of_game():
    # Issue 38, item 16: `scorekeeper --help` (and the home screen) say Skull King is one of the games.
    shown = " ".join(run_command("--help", LANG="C.UTF-8").stdout.split())
    assert "Skull King" in shown and "WHAT THE HECK?" in shown and "HIT THE DECK" in shown


@pytest.mark.parametrize("language", ["fr", "de", "nl", "es", "it", "pt"])
def test_argparses_own_words_follow_the_language_too(language):
    # Issue 38, item 16: "usage:", the section titles, -h's help and the error lines, not only the app's words.
    for args in (["--help"], ["export", "--help"]):
        done = run_command(*args, LANGUAGE=language)
        assert done.returncode == 0, done.stderr
        shown = " ".join(done.stdout.split())
        assert not [word for word in ARGPARSE_ENGLISH if word in shown], (language, done.stdout)
    for args in (["export"], ["export", "--format", "xls"], ["backups", "--nothing"], ["serve", "--port", "x"]):
        done = run_command(*args, LANGUAGE=language)
        assert done.returncode == 2 and "scorekeeper" in done.stderr
        shown = " ".join(done.stderr.split())
        assert not [word for word in ARGPARSE_ENGLISH if word in shown], (language, done.stderr)
    english = run_command("export", LANG="C.UTF-8").stderr
    assert "usage: scorekeeper export" in english and "the following arguments are required: --format" in english
