"""The browser's floor, the second baseline of the browser figures: a plain HTML page, no framework, whose
button counts its taps into a text ("Taps: N", the visible update the minimal Flet page's --tap makes),
served from 127.0.0.1 by a static server the benchmark starts. A tap changes the text in the click's own
handler: no server, no framework, only the browser's event, layout and paint."""
from __future__ import annotations

import contextlib
import sys
import tempfile
import time
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from e2e.harness import AppPage, StaticSite  # noqa: E402

# What the page shows first: its content is there (and so is the first frame's) once this text is.
FIRST_TEXT = "Taps: 0"

PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Scorekeeper</title>
</head>
<body>
<p>Scorekeeper</p>
<button id="tap" type="button">Tap</button>
<p id="count">Taps: 0</p>
<script>
  const count = document.getElementById('count');
  let taps = 0;
  document.getElementById('tap').addEventListener('click', () => {
    taps += 1;
    count.textContent = 'Taps: ' + taps;
  });
</script>
</body>
</html>
"""

_SHOWS_FIRST_TEXT = f"""() => {{
  const count = document.getElementById('count');
  return !!count && count.textContent === {FIRST_TEXT!r};
}}"""


@contextlib.contextmanager
def plain_site() -> Iterator[StaticSite]:
    """The page as index.html of a folder of its own, served by `python -m http.server` on 127.0.0.1."""
    with tempfile.TemporaryDirectory(prefix="scorekeeper-plain-") as folder:
        (Path(folder) / "index.html").write_text(PAGE)
        with StaticSite(Path(folder)) as site:
            yield site


def open_plain(page: AppPage, url: str, *, timeout: float = 30.0) -> float:
    """Load the plain page and wait until its text shows, timed as AppPage.open times a Flet page's content
    (from the navigation, polled from here at the harness's pace). Sets and returns content_seconds."""
    page.url = url
    started = time.monotonic()
    page.page.goto(url, wait_until="commit", timeout=timeout * 1000)
    page.wait_until(lambda: page.page.evaluate(_SHOWS_FIRST_TEXT), "the plain page's text", timeout=timeout)
    page.content_seconds = time.monotonic() - started
    return page.content_seconds
