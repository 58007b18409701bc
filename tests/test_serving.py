"""Starting the app: the address it prints, the QR code for the table's devices, the Invite screen's
view model, what the web server serves, and what `flet build` needs (the Flutter SDK itself can't be
downloaded here: the config and the entry point are checked instead)."""
from __future__ import annotations

import io
import json
import os
import re
import struct
import subprocess
import sys
import tomllib
import urllib.request
from pathlib import Path
from types import SimpleNamespace

import segno
from starlette.testclient import TestClient

from scorekeeper import cli, network
from scorekeeper.server import web_app
from scorekeeper.ui.viewmodels.invite import invite

ROOT = Path(__file__).resolve().parent.parent


def fake_adapters(*addresses):
    return [SimpleNamespace(ips=[SimpleNamespace(ip=address, network_prefix=24) for address in addresses])]


def test_lan_addresses_are_the_ones_a_phone_can_open(monkeypatch):
    monkeypatch.setattr(network.ifaddr, "get_adapters", lambda: fake_adapters(
        "127.0.0.1", "169.254.3.4", ("fe80::1", 0, 2), "203.0.113.9", "192.168.1.20", "0.0.0.0"))
    # loopback, link-local, IPv6 and 0.0.0.0 left out; the home network's private address first
    assert network.lan_addresses() == ["192.168.1.20", "203.0.113.9"]


def test_serve_prints_every_address_and_the_qr_code_of_the_first(monkeypatch, app_store):
    monkeypatch.setattr(network, "lan_addresses", lambda: ["192.168.1.20", "10.0.0.5"])
    message = cli.start_message(network.Served(port=8550, host="0.0.0.0"), share=True)
    assert message.splitlines()[0] == "Scorekeeper is open at http://127.0.0.1:8550/ (Ctrl+C stops it)."
    assert "http://192.168.1.20:8550/, http://10.0.0.5:8550/" in message
    assert "0.0.0.0" not in message  # no phone can open that
    drawn = io.StringIO()
    segno.make("http://192.168.1.20:8550/", error="m", micro=False).terminal(out=drawn, compact=True)
    assert drawn.getvalue().rstrip("\n") in message  # the code of the first address, as segno draws it
    assert network.qr_text("http://10.0.0.5:8550/") not in message


def test_a_loopback_server_says_devices_come_only_through_a_proxy_and_gives_them_the_pin(app_store):
    """`serve --host 127.0.0.1` is the README's setup behind a TLS proxy: the devices the proxy brings
    need the PIN, so it is printed (it was not, and the terminal said no device could reach the server)."""
    from scorekeeper import access

    shared = cli.start_message(network.Served(port=8551, host="127.0.0.1"), share=True)
    assert "only through a proxy on this machine" in shared and "█" not in shared
    assert shared.endswith(f"enter the table's PIN there: {access.table().pin}")
    local = cli.start_message(network.Served(port=8551, host="127.0.0.1"), share=False)
    assert "scorekeeper serve" in local and "█" not in local


def test_invite_shows_the_qr_code_of_the_first_address(monkeypatch):
    monkeypatch.setattr(network, "lan_addresses", lambda: ["192.168.1.20"])
    shown = invite(network.Served(port=8550, host="0.0.0.0"))
    assert shown.urls == ("http://192.168.1.20:8550/",)
    png = __import__("base64").b64decode(shown.qr_png)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert invite(network.Served(port=8550, host="127.0.0.1")).qr_png is None
    assert "scorekeeper serve" in invite(network.Served(port=8550, host="127.0.0.1")).hint
    network.set_served(None)
    assert invite().qr_png is None and "scorekeeper serve" in invite().hint  # a packaged app serves nobody


def test_the_web_server_names_the_app_and_serves_nothing_it_does_not_need():
    with TestClient(web_app(), base_url="http://127.0.0.1") as client:
        page = client.get("/")
        assert page.status_code == 200
        assert "<title>Scorekeeper" in page.text
        assert 'apple-mobile-web-app-title" content="Scorekeeper"' in page.text
        manifest = client.get("/manifest.json").json()
        assert manifest["name"] == "Scorekeeper"
        for icon in manifest["icons"]:
            data = client.get("/" + icon["src"]).content
            assert struct.unpack(">II", data[16:24]) == tuple(map(int, icon["sizes"].split("x")))
        assert client.get("/openapi.json").status_code == 404
        for unused in ("/docs", "/redoc", "/oauth_callback"):  # the app's own page, never FastAPI's or OAuth's
            answer = client.get(unused)
            assert "swagger" not in answer.text.lower() and "redoc" not in answer.text.lower()
            assert "<title>Scorekeeper" in answer.text


def test_flet_build_finds_its_config_entry_point_and_icon():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["flet"]
    assert config["product"] == "Scorekeeper" and re.fullmatch(r"[a-z]+(\.[a-z]+)+", config["org"])
    entry = ROOT / config["app"].get("path", ".") / f"{config['app']['module']}.py"
    assert entry.is_file() and "ft.run(main" in entry.read_text()
    icon = (ROOT / "assets" / "icon.png").read_bytes()
    assert min(struct.unpack(">II", icon[16:24])) >= 512  # flet build makes every platform's icon from it
    for folder in config["app"]["exclude"]:
        assert not (ROOT / config["app"].get("path", ".") / folder / "main.py").exists()


def _read_until(stream, pattern: str, limit: int = 40) -> re.Match:
    for _ in range(limit):
        line = stream.readline()
        found = re.search(pattern, line)
        if found:
            return found
    raise AssertionError(f"{pattern!r} was never printed")


def test_the_start_command_prints_where_the_app_is_and_keeps_its_data_in_flet_storage(tmp_path):
    env = {**os.environ, "FLET_APP_STORAGE_DATA": str(tmp_path / "data"), "SCOREKEEPER_WEB": "1"}
    env.pop("SCOREKEEPER_DATABASE_URL", None)
    env.pop("DISPLAY", None)
    process = subprocess.Popen([sys.executable, "-m", "scorekeeper"], cwd=tmp_path, env=env, text=True,
                               stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    try:
        url = _read_until(process.stderr, r"Scorekeeper is open at (http://127\.0\.0\.1:\d+/)").group(1)
        for _ in range(100):
            try:
                with urllib.request.urlopen(url, timeout=2) as answer:
                    assert answer.status == 200 and b"<title>Scorekeeper" in answer.read()
                    break
            except OSError:
                __import__("time").sleep(0.2)
        else:
            raise AssertionError(f"nothing answers at {url}")
        assert (tmp_path / "data" / "scorekeeper.db").is_file()  # opened at start-up, where Flet keeps app data
    finally:
        process.terminate()
        process.wait(timeout=20)


def test_every_page_carries_the_connection_notice_and_nothing_else_changes():
    """assets/connection.js (the notice shown while the server can't be reached) is in the page at
    every address a reload may be at; other files are served untouched, their length right."""
    with TestClient(web_app(), base_url="http://127.0.0.1") as client:
        for address in ("/", "/game/0123abcd", "/history"):
            page = client.get(address)
            assert page.status_code == 200
            head = page.text.split("</head>")[0]
            assert head.count('<script src="connection.js"></script>') == 1, address
            assert int(page.headers["content-length"]) == len(page.content)
        script = client.get("/connection.js")
        assert script.status_code == 200 and "sk-offline" in script.text
        manifest = client.get("/manifest.json")
        assert "connection.js" not in manifest.text and int(manifest.headers["content-length"]) == len(manifest.content)


def test_the_fonts_for_names_in_other_scripts_are_served_and_nothing_else():
    """ui/fonts.py: a page whose names need Arabic, Devanagari or CJK fetches the card's font for it."""
    from scorekeeper.ui import fonts

    with TestClient(web_app(), base_url="http://127.0.0.1") as client:
        for position in fonts.needed(["دانيال", "सुनीता", "美玲"]):
            font = client.get(f"/fonts/{position}")
            assert font.status_code == 200 and font.headers["content-type"] == "font/ttf"
            assert font.content[:4] in (b"\x00\x01\x00\x00", b"ttcf", b"OTTO", b"true")  # a font file
        for address in ("/fonts/9", "/fonts/-1", "/fonts/0x1", "/fonts/٣"):
            assert client.get(address).status_code == 404, address
        # A path that leaves the route is the app's page (Flet answers every address with it), no file.
        escaping = client.get("/fonts/..%2F..%2Fetc%2Fpasswd")
        assert "root:" not in escaping.text and escaping.headers["content-type"].startswith("text/html")


def test_the_connection_notice_reads_the_language_of_the_device():
    """assets/connection.js takes its words from the page, in every language, from the catalogs."""
    import json as json_module

    from scorekeeper import i18n

    with TestClient(web_app(), base_url="http://127.0.0.1") as client:
        head = client.get("/").text.split("</head>")[0]
    data = head.split("window.SCOREKEEPER_WORDS=", 1)[1].split(";</script>", 1)[0]
    words = json_module.loads(data)
    assert set(words) == set(i18n.LANGUAGES)
    assert words["en"]["title"] == "Not connected"
    assert len({words[language]["title"] for language in words}) == len(words)  # each its own
