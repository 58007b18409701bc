"""A killed export leaves nothing behind that the next run or start-up doesn't clean up (issue 10,
item 7): `scorekeeper export --output F` is killed with SIGKILL while its file is being written; the
next run of the command, whatever it does and wherever it writes, removes the partial file."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from scorekeeper import cli
from scorekeeper.rules import PRESETS
from scorekeeper.storage import Store
from scorekeeper.exchange.files import clean_up_killed_exports, notes_folder, write_file

pytestmark = pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="SIGKILL and /proc: Linux")

# The child exports, and stops for good inside the write: the data is in the partial file, which is not
# yet renamed over the target (os.fsync is the step between the two).
CHILD = textwrap.dedent("""
    import os, sys, time
    real_fsync = os.fsync
    def stop(fd):
        if not os.readlink(f"/proc/self/fd/{fd}").endswith(".partial"):  # a backup of the database
            return real_fsync(fd)
        print("WRITING", flush=True)
        time.sleep(120)
    os.fsync = stop
    from scorekeeper import cli
    sys.exit(cli.main(["export", "--format", "json", "--output", sys.argv[1]]))
""")


@pytest.fixture
def environment(tmp_path, monkeypatch):
    database = tmp_path / "scorekeeper.db"
    with Store(f"sqlite:///{database}", keep_backups=0) as store:
        state = store.new_game(["Ann", "Bob", "Cy"], PRESETS["oh-heck"], first_dealer=0)
        store.record(state.id, {"type": "bids", "hand": 0, "values": [1, 2, 3]}, state.version)
    env = {"SCOREKEEPER_DATABASE_URL": f"sqlite:///{database}", "XDG_STATE_HOME": str(tmp_path / "state")}
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return tmp_path, {**os.environ, **env}


def killed_export(target, env):
    """Start an export to `target`, SIGKILL it mid-write; returns the partial file it left."""
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(target)], env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "WRITING", child.stderr.read()
        os.kill(child.pid, signal.SIGKILL)
        child.wait(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode == -signal.SIGKILL
    [partial] = [path for path in target.parent.iterdir() if path.name.endswith(".partial")]
    assert partial.name.startswith(f".{target.name}.") and partial.stat().st_size > 0 and not target.exists()
    return partial


def test_the_next_run_of_any_command_removes_what_a_killed_export_left(environment, capsys):
    tmp_path, env = environment
    out = tmp_path / "out"
    out.mkdir()
    partial = killed_export(out / "games.json", env)
    # The next run exports somewhere else entirely: the leftover goes all the same.
    elsewhere = tmp_path / "elsewhere.csv"
    assert cli.main(["export", "--format", "csv", "--output", str(elsewhere)]) == 0
    assert not partial.exists() and list(out.iterdir()) == [] and elsewhere.exists()
    assert list(notes_folder().iterdir()) == []


def test_start_up_removes_it_too(environment):
    """The app starts through cli.main as well; here the clean-up it runs, on its own."""
    tmp_path, env = environment
    partial = killed_export(tmp_path / "cards.json", env)
    assert clean_up_killed_exports() == [partial]
    assert not partial.exists() and list(notes_folder().iterdir()) == []


def test_an_export_under_way_is_left_alone(environment):
    tmp_path, env = environment
    target = tmp_path / "busy.json"
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(target)], env=env, stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "WRITING"
        assert clean_up_killed_exports() == []  # its process still runs: its file is not a leftover
        assert [path.name for path in tmp_path.iterdir() if path.name.endswith(".partial")]
    finally:
        child.kill()
        child.wait()
    time.sleep(0.05)
    assert len(clean_up_killed_exports()) == 1


def test_a_failed_write_leaves_nothing(environment, monkeypatch):
    tmp_path, _ = environment
    target = tmp_path / "games.json"

    def refuse(*_args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", refuse)
    with pytest.raises(OSError):
        write_file(target, b"data")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["scorekeeper.db", "state"]
    assert list(notes_folder().iterdir()) == []
