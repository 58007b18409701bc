"""tap_to_frame_ms: a real click in headless Chromium to the frame that shows its result.

The clock starts at the pointerdown event the click sends and stops in the first rendering update
after the semantics DOM (Flutter's accessibility tree, which follows every frame) shows the new
state: a MutationObserver notices the state, then a ResizeObserver on a fresh 1 px probe fires in
that same rendering update, after layout and just before paint. Measured over whole hands of a
4-player Oh Heck game (chips and step buttons apart), beside two button-to-text taps measured the
same way in the same run: the smallest Flet page's (the framework's floor) and a plain HTML page's
(benchmarks/plain_page.py: the browser's floor). The three pages stay open side by side and take turns:
after each of the app's hands, each baseline page is tapped as many times as that hand took (their order
alternating), so a change in the machine's load meets all three. All after a warm-up (the game's first
hand; as many of each baseline page's first taps), timed apart: the browser compiles code as it first
meets it, which says little about the next hundred taps. At tablet size (1180x820), the score card
beside the hand.
"""
from __future__ import annotations

import contextlib
import math
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable, Iterator

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from e2e.game_steps import NAMES, seed_game  # noqa: E402
from scorekeeper.rules import PRESETS  # noqa: E402
from e2e.harness import TABLET, AppPage, AppServer, launched_browser  # noqa: E402
from benchmarks.plain_page import open_plain, plain_site  # noqa: E402

# Where a page shows its state: a Flet page in Flutter's semantics DOM, the plain page in its document.
FLUTTER_ROOT = "flt-semantics-host"
DOCUMENT_ROOT = "body"

# window.__tap: the pointerdown time, the state awaited (a text or aria-label to appear, or one to
# go) under the element `root` selects, and the frame time once it showed.
_PROBE = r"""(root) => {
  if (window.__tap) return;
  const tap = window.__tap = {down: null, want: null, gone: null, partial: false, frame: null, resolve: null};
  addEventListener('pointerdown', () => { tap.down = performance.now(); }, true);
  // One line of some text or aria-label (a folded row merges its texts into one node, line by line).
  const hasLine = (value, text) => !!value && value.split('\n').some(
    line => tap.partial ? line.includes(text) : line.trim() === text);
  const shows = (text) => {
    const host = document.querySelector(root); if (!host) return false;
    for (const el of host.querySelectorAll('*')) {
      if (hasLine(el.getAttribute('aria-label'), text)) return true;
      for (const n of el.childNodes) if (n.nodeType === 3 && hasLine(n.textContent, text)) return true;
    }
    return false;
  };
  tap.shows = shows;
  const seen = () => {
    if (tap.frame !== null || tap.down === null) return;
    if (tap.want !== null && !shows(tap.want)) return;
    if (tap.gone !== null && shows(tap.gone)) return;
    tap.frame = 'pending';
    tap.answered = window.__answered === undefined ? null : window.__answered;  // (clocked_page)
    const probe = document.createElement('div');
    probe.style.cssText = 'position:fixed;left:-5px;top:-5px;width:1px;height:1px';
    document.body.appendChild(probe);
    const ro = new ResizeObserver(() => {
      tap.frame = performance.now(); ro.disconnect(); probe.remove();
      if (tap.resolve) tap.resolve();
    });
    ro.observe(probe);
  };
  new MutationObserver(seen).observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
}"""


# window.__answered: when the page last heard from the server (each WebSocket message), which splits a
# tap's time into the server's answer (click to the last message before the frame) and the browser's
# part (that message to the frame: Flutter's build, layout, paint and semantics).
_WS_CLOCK = r"""(() => {
  const Native = window.WebSocket;
  const Clocked = function (...args) {
    const socket = new Native(...args);
    socket.addEventListener('message', () => { window.__answered = performance.now(); });
    return socket;
  };
  Clocked.prototype = Native.prototype;
  Object.assign(Clocked, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
  window.WebSocket = Clocked;
})()"""


def clocked_page(browser, size) -> AppPage:
    """A page whose WebSocket messages are timed (see _WS_CLOCK)."""
    page = AppPage.new(browser, size)
    page.page.add_init_script(_WS_CLOCK)
    return page


def _settled_box(target, gap: float = 0.08, tries: int = 40) -> dict:
    """The target's box once it stopped moving (a new step's screen settles after a frame or two):
    a score keeper taps what they see, not what is still sliding into place."""
    box = target.bounding_box()
    for _ in range(tries):
        time.sleep(gap)
        now = target.bounding_box()
        if now == box:
            return box
        box = now
    return box


# The tap's figures once its frame is seen ([click to frame, click to the server's answer]), or null
# after `timeout` ms.
_AWAIT_FRAME = r"""(timeout) => new Promise((resolve) => {
  const tap = window.__tap;
  const done = () => resolve([tap.frame - tap.down, tap.answered === null ? null : tap.answered - tap.down]);
  if (typeof tap.frame === 'number') return done();
  const timer = setTimeout(() => { tap.resolve = null; resolve(null); }, timeout);
  tap.resolve = () => { clearTimeout(timer); tap.resolve = null; done(); };
})"""


def timed_click(page: AppPage, label: str, *, want: str | None = None, gone: str | None = None,
                partial: bool = False, timeout: float = 20.0, answers: list[float] | None = None,
                root: str = FLUTTER_ROOT) -> float:
    """Milliseconds from the pointerdown of a click on `label` to the frame in which `want` shows
    (or `gone` has gone) as one line of a text under `root`, or within one with `partial`. `answers`
    (a page from clocked_page) gets the milliseconds from the pointerdown to the server's last message
    before that frame."""
    target = page.find(label)
    page.into_view(target)
    box = _settled_box(target)
    page.page.evaluate(_PROBE, root)
    page.page.evaluate("([want, gone, partial]) => Object.assign(window.__tap, {down: null, want, gone, partial, frame: null, answered: null, resolve: null})",
                       [want, gone, partial])
    page.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    # One call that returns once the frame is seen, rather than polling: every poll would run script
    # on the page's main thread (and the driver's) while it draws the answer, slowing what is measured.
    result = page.page.evaluate(_AWAIT_FRAME, timeout * 1000)
    if result is not None:
        frame, answered = result
        if answers is not None and answered is not None and answered >= 0:
            answers.append(answered)
        return frame
    page.page.screenshot(path=str(Path(tempfile.gettempdir()) / "tap_frame_failure.png"))
    raise TimeoutError(f"the click on {label!r} never showed {want or 'the change'}; on screen: "
                       f"{' | '.join(page.visible_texts())[:1500]}")


@contextlib.contextmanager
def game_page(browser) -> Iterator[AppPage]:
    """A served app's page showing hand 1 of a new 4-player Oh Heck game (a clocked_page)."""
    with AppServer() as server:
        seed_game(server, [])
        page = clocked_page(browser, TABLET)
        try:
            page.open(server.url)
            page.tap("resume")
            page.expect_text("Hand 1 of 15")
            yield page
        finally:
            page.close()


def app_taps(browser, hands: int, answers: dict[str, list[float]] | None = None, *,
             warm_up: int = 0) -> dict[str, list[float]]:
    """Chip taps ("chip") and step taps ("step": the last bid, which enters the bids, and Hand done) over
    `hands` whole hands of a 4-player game (its last one's Hand done, which ends the game, untapped), after
    `warm_up` hands timed apart ("chip_cold", "step_cold"): the first hands after a page load run code
    the browser compiles as it first meets it. `answers["chip"]` and `answers["step"]` get when the server answered each tap of the `hands`."""
    with game_page(browser) as page:
        return timed_hands(page, hands, answers, warm_up=warm_up)


def timed_hands(page: AppPage, hands: int, answers: dict[str, list[float]] | None = None, *,
                warm_up: int = 0, after_hand: Callable[[int, int, bool], None] | None = None) -> dict[str, list[float]]:
    """app_taps's hands, on a page showing hand 1 of a new 4-player Oh Heck game (a served app's, or the
    static site's: benchmarks/web.py). `after_hand(hand, taps, cold)` is called after each hand with the
    number of taps it took (measure: the baselines' turn)."""
    taps: dict[str, list[float]] = {"chip": [], "step": [], "chip_cold": [], "step_cold": []}
    answers = answers if answers is not None else {}
    chip_answers, step_answers = answers.setdefault("chip", []), answers.setdefault("step", [])
    sizes = PRESETS["oh-heck"].hand_sizes(len(NAMES))
    for hand in range(warm_up + hands):
        cold = hand < warm_up
        chips, steps = (taps["chip_cold"], taps["step_cold"]) if cold else (taps["chip"], taps["step"])
        chip_answer, step_answer = (None, None) if cold else (chip_answers, step_answers)
        taps_before = len(chips) + len(steps)
        cards = sizes[hand]
        order = NAMES[(hand + 1) % 4:] + NAMES[:(hand + 1) % 4]  # left of the dealer bids first
        bids = {name: 0 for name in order}
        bids[order[0]] = 1 if cards > 1 else 0  # a total the dealer's hook never forbids
        for name in order[:-1]:
            chips.append(timed_click(page, f"{name} bids {bids[name]}", want=f"{name}'s bid: {bids[name]}",
                                     answers=chip_answer))
        last = order[-1]  # the dealer's bid enters the bids: a step
        steps.append(timed_click(page, f"{last} bids {bids[last]}", want="Tricks taken", answers=step_answer))
        tricks = {name: 0 for name in order}
        tricks[order[-1]] = cards
        for name in order[:-1]:
            chips.append(timed_click(page, f"{name} took 0", want=f"{name}'s tricks: 0", answers=chip_answer))
        last = order[-1]
        if not page.exists(f"{last}'s tricks: {cards}"):  # filled in by the app, or tapped
            chips.append(timed_click(page, f"{last} took {cards}", want=f"{last}'s tricks: {cards}",
                                     answers=chip_answer))
        if hand + 1 < len(sizes):  # (the last one ends the game: another screen, not a step)
            steps.append(timed_click(page, "hand-done", want=f"Hand {hand + 2} of 15", partial=True,
                                     answers=step_answer))
        if after_hand is not None:
            after_hand(hand, len(chips) + len(steps) - taps_before, cold)
    return taps


class CountingPage:
    """A baseline page whose button "Tap" counts its taps into a text ("Taps: N"), each tap timed as the
    app's are: `times` after the warm-up, `cold` during it."""

    def __init__(self, page: AppPage, root: str, answers: list[float] | None = None) -> None:
        self.page, self.root, self.answers = page, root, answers
        self.count = 0
        self.times: list[float] = []
        self.cold: list[float] = []

    def tap(self, taps: int, *, cold: bool = False) -> None:
        for _ in range(taps):
            self.count += 1
            sink, answers = (self.cold, None) if cold else (self.times, self.answers)
            sink.append(timed_click(self.page, "Tap", want=f"Taps: {self.count}", root=self.root, answers=answers))


@contextlib.contextmanager
def minimal_flet_page(browser, answers: list[float] | None = None) -> Iterator[CountingPage]:
    """The smallest Flet page's button-to-text tap (benchmarks/minimal_app.py --tap), served as the app is."""
    command = [sys.executable, str(ROOT / "benchmarks" / "minimal_app.py"), "--tap"]
    with AppServer(command=command) as server:
        page = clocked_page(browser, TABLET)
        try:
            page.open(server.url)
            yield CountingPage(page, FLUTTER_ROOT, answers)
        finally:
            page.close()


@contextlib.contextmanager
def plain_tap_page(browser) -> Iterator[CountingPage]:
    """The plain HTML page's button-to-text tap (benchmarks/plain_page.py): no server to answer."""
    with plain_site() as site:
        page = AppPage.new(browser, TABLET)
        try:
            open_plain(page, site.url)
            yield CountingPage(page, DOCUMENT_ROOT)
        finally:
            page.close()


def p95(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


# A moment for the app's own work after a hand (the next step drawn ahead, hidden chips drawn) before the
# baselines' turn, so that work lands on none of their taps.
SETTLE_SECONDS = 0.5
MIN_BASELINE_TAPS = 20


def measure(hands: int = 4, warm_up: int = 1) -> dict[str, float]:
    """The figures of `hands` hands after `warm_up` (the browser's first meeting with the screen's code,
    as a benchmark warms its code up before timing it; benchmarks/tap.py does the same in-process), beside
    the minimal Flet page's and the plain page's taps, interleaved with the hands: after each hand, as many
    taps of each as the hand took (at least MIN_BASELINE_TAPS in all after the warm-up), the first hands'
    share timed apart as theirs are. The p95 of every tap, the first hands' too, is given as well
    ("*_p95_all")."""
    answers: dict[str, list[float]] = {"base": []}
    min_per_hand = math.ceil(MIN_BASELINE_TAPS / max(1, hands))
    with launched_browser() as browser, game_page(browser) as app, \
            minimal_flet_page(browser, answers["base"]) as flet, plain_tap_page(browser) as plain:

        def baselines_turn(hand: int, taps: int, cold: bool) -> None:
            time.sleep(SETTLE_SECONDS)
            for baseline in ((flet, plain) if hand % 2 == 0 else (plain, flet)):
                baseline.tap(taps if cold else max(taps, min_per_hand), cold=cold)

        taps = timed_hands(app, hands, answers, warm_up=warm_up, after_hand=baselines_turn)
    chips, steps = taps["chip"], taps["step"]
    base, plain_taps = flet.times, plain.times
    return {
        "chip_p50": statistics.median(chips), "chip_p95": p95(chips), "chips": len(chips),
        "step_p50": statistics.median(steps), "step_p95": p95(steps), "steps": len(steps),
        # (the steps alternate: the last bid, which shows the tricks step; Hand done, the next hand and the card)
        "last_bid_p50": statistics.median(steps[0::2]), "hand_done_p50": statistics.median(steps[1::2]),
        "base_p50": statistics.median(base), "base_p95": p95(base), "base": len(base),
        "plain_p50": statistics.median(plain_taps), "plain_p95": p95(plain_taps), "plain": len(plain_taps),
        "chip_p95_all": p95(taps["chip_cold"] + chips), "step_p95_all": p95(taps["step_cold"] + steps),
        "base_p95_all": p95(flet.cold + base), "plain_p95_all": p95(plain.cold + plain_taps),
        "warm_up_hands": warm_up,
        # The server's part, p50 (the browser's is the rest): 0 when no tap could be split.
        **{f"{kind}_answer_p50": statistics.median(times) if times else 0.0 for kind, times in answers.items()},
    }


if __name__ == "__main__":
    figures = measure(int(sys.argv[1]) if len(sys.argv) > 1 else 4)
    for name, value in figures.items():
        print(f"{name:10} {value:8.1f}")
