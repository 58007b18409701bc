"""The phone alone (issue 40): the static site `scorekeeper build-web` writes, against `serve` in the same run.

    python benchmarks/web.py [HANDS]     # prints the figures and writes benchmarks/results-web.json

- site: the build's seconds (the wheels already in the build's cache) and the size of DIR, by part;
- first load, cold (a new browser profile: nothing cached) and warm (the profile after one visit, offline:
  everything from the service worker's copy), each to Flutter's first frame and to a usable Home (its
  buttons in the semantics DOM: the app's Python has started and drawn);
- tap to frame (benchmarks/tap_frame.py's clock: a real click to the frame that shows its result) for a bid
  chip and for the tap that enters the bids (the last bid), over HANDS hands after one warm-up hand, in the
  static site offline and in `scorekeeper serve`, same browser, same size (1180x820), same run.
"""
from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from e2e.game_steps import seat_players  # noqa: E402
from e2e.harness import CHROMIUM, CHROMIUM_ARGS, SITE_KEPT, TABLET, AppPage, StaticSite, _local_only  # noqa: E402
from tap_frame import app_taps, p95, timed_hands  # noqa: E402

READY = "Settings"  # Home's last button: drawn by the app's Python
START = 300.0


def site_size(folder: Path) -> dict[str, float]:
    """MB of the site, by part."""
    parts: dict[str, int] = {}
    for path in folder.rglob("*"):
        if path.is_file():
            top = path.relative_to(folder).parts[0]
            key = top if path.is_file() and top in ("canvaskit", "pyodide", "assets", "app.tar.gz") else (
                "flutter client (main.dart.*)" if top.startswith("main.dart") else "other")
            parts[key] = parts.get(key, 0) + path.stat().st_size
    mb = {key: round(size / 1e6, 1) for key, size in sorted(parts.items())}
    mb["total"] = round(sum(parts.values()) / 1e6, 1)
    return mb


def _launch(playwright, profile: Path, size=TABLET):
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS, viewport={"width": size[0], "height": size[1]})
    context.route("**/*", _local_only)
    return context


def _load(page: AppPage, url: str) -> tuple[float, float]:
    """Seconds to Flutter's first frame and to a usable Home."""
    t0 = time.monotonic()
    page.open(url, timeout=START)
    page.find(READY, timeout=START)
    return page.first_frame_seconds, time.monotonic() - t0


def measure(hands: int = 4, warm_loads: int = 3) -> dict:
    from playwright.sync_api import sync_playwright

    figures: dict = {}
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch) / "site"
        t0 = time.monotonic()
        subprocess.run([sys.executable, "-m", "scorekeeper", "build-web", str(folder)], check=True,
                       capture_output=True)
        figures["build_seconds"] = round(time.monotonic() - t0, 1)
        figures["site_mb"] = site_size(folder)
        with StaticSite(folder) as site, sync_playwright() as playwright:
            context = _launch(playwright, Path(scratch) / "profile")
            try:
                page = AppPage(context.pages[0] if context.pages else context.new_page(), timeout=60.0)
                first, home = _load(page, site.url)
                figures["cold_first_frame_s"], figures["cold_home_s"] = round(first, 2), round(home, 2)
                page.wait_until(lambda: page.page.evaluate(SITE_KEPT), "the offline copy", timeout=180)
                # Offline as a phone in airplane mode is: Chromium's offline mode (nothing leaves the machine)
                # and no request routing, which would turn off the HTTP cache and with it V8's cache of
                # compiled WebAssembly (the e2e test routes and aborts every request: its loads are slower).
                context.set_offline(True)
                context.unroute("**/*")
                warm = [_load(page, site.url) for _ in range(warm_loads)]
                figures["warm_offline_first_frame_s"] = [round(first, 2) for first, _home in warm]
                figures["warm_offline_home_s"] = [round(home, 2) for _first, home in warm]
                seat_players(page)
                page.tap("Oh Heck")
                page.tap("start-game")
                page.expect_text("Hand 1 of 15")
                web = timed_hands(page, hands, warm_up=1)
            finally:
                context.close()
        from e2e.harness import launched_browser

        with launched_browser() as browser:
            served = app_taps(browser, hands, warm_up=1)
    for name, taps in (("web", web), ("serve", served)):
        chips, enter_bids = taps["chip"], taps["step"][0::2]
        figures[f"{name}_chip_p50_ms"] = round(statistics.median(chips), 1)
        figures[f"{name}_chip_p95_ms"] = round(p95(chips), 1)
        figures[f"{name}_enter_bids_p50_ms"] = round(statistics.median(enter_bids), 1)
        figures[f"{name}_enter_bids_max_ms"] = round(max(enter_bids), 1)
        figures[f"{name}_chips"] = len(chips)
    figures["hands"] = hands
    return figures


if __name__ == "__main__":
    result = measure(int(sys.argv[1]) if len(sys.argv) > 1 else 4)
    print(json.dumps(result, indent=2))
    (ROOT / "benchmarks" / "results-web.json").write_text(json.dumps(result, indent=2) + "\n")
