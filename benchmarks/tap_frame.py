"""tap_to_frame_ms: a real click in headless Chromium to the frame that shows its result.

The clock starts at the pointerdown event the click sends and stops in the first rendering update
after the semantics DOM (Flutter's accessibility tree, which follows every frame) shows the new
state: a MutationObserver notices the state, then a ResizeObserver on a fresh 1 px probe fires in
that same rendering update, after layout and just before paint. Measured over whole hands of a
4-player Oh Heck game (chips and step buttons apart), beside the smallest Flet page's own
button-to-text tap measured the same way in the same run. Both after a warm-up (the game's first
hand; as many of the minimal page's first taps), timed apart: the browser compiles code as it first
meets it, which says little about the next hundred taps. At tablet size (1180x820), the score card
beside the hand.
"""
from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from e2e.game_steps import NAMES, seed_game  # noqa: E402
from scorekeeper.rules import PRESETS  # noqa: E402
from e2e.harness import TABLET, AppPage, AppServer, launched_browser  # noqa: E402

# window.__tap: the pointerdown time, the state awaited (a text or aria-label to appear, or one to
# go), and the frame time once it showed.
_PROBE = r"""() => {
  if (window.__tap) return;
  const tap = window.__tap = {down: null, want: null, gone: null, partial: false, frame: null, resolve: null};
  addEventListener('pointerdown', () => { tap.down = performance.now(); }, true);
  // One line of some text or aria-label (a folded row merges its texts into one node, line by line).
  const hasLine = (value, text) => !!value && value.split('\n').some(
    line => tap.partial ? line.includes(text) : line.trim() === text);
  const shows = (text) => {
    const host = document.querySelector('flt-semantics-host'); if (!host) return false;
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
                partial: bool = False, timeout: float = 20.0, answers: list[float] | None = None) -> float:
    """Milliseconds from the pointerdown of a click on `label` to the frame in which `want` shows
    (or `gone` has gone) as one line of a text, or within one with `partial`. `answers` (a page from
    clocked_page) gets the milliseconds from the pointerdown to the server's last message before that
    frame."""
    target = page.find(label)
    page.into_view(target)
    box = _settled_box(target)
    page.page.evaluate(_PROBE)
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


def app_taps(browser, hands: int, answers: dict[str, list[float]] | None = None, *,
             warm_up: int = 0) -> dict[str, list[float]]:
    """Chip taps ("chip") and step taps ("step": the last bid, which enters the bids, and Hand done) over
    `hands` whole hands of a 4-player game (its last one's Hand done, which ends the game, untapped), after
    `warm_up` hands timed apart ("chip_cold", "step_cold"): the first hands after a page load run code
    the browser compiles as it first meets it. `answers["chip"]` and `answers["step"]` get when the server answered each tap of the `hands`."""
    with AppServer() as server:
        seed_game(server, [])
        page = clocked_page(browser, TABLET)
        try:
            page.open(server.url)
            page.tap("resume")
            page.expect_text("Hand 1 of 15")
            return timed_hands(page, hands, answers, warm_up=warm_up)
        finally:
            page.close()


def timed_hands(page: AppPage, hands: int, answers: dict[str, list[float]] | None = None, *,
                warm_up: int = 0) -> dict[str, list[float]]:
    """app_taps's hands, on a page showing hand 1 of a new 4-player Oh Heck game (a served app's, or the
    static site's: benchmarks/web.py)."""
    taps: dict[str, list[float]] = {"chip": [], "step": [], "chip_cold": [], "step_cold": []}
    answers = answers if answers is not None else {}
    chip_answers, step_answers = answers.setdefault("chip", []), answers.setdefault("step", [])
    sizes = PRESETS["oh-heck"].hand_sizes(len(NAMES))
    for hand in range(warm_up + hands):
        cold = hand < warm_up
        chips, steps = (taps["chip_cold"], taps["step_cold"]) if cold else (taps["chip"], taps["step"])
        chip_answer, step_answer = (None, None) if cold else (chip_answers, step_answers)
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
    return taps


def minimal_taps(browser, taps: int, answers: list[float] | None = None, *, warm_up: int = 0) -> tuple[list[float], list[float]]:
    """The minimal page's taps: `taps` of them after `warm_up` timed apart (as app_taps's first hands);
    `answers` gets when the server answered each of the `taps`."""
    command = [sys.executable, str(ROOT / "benchmarks" / "minimal_app.py"), "--tap"]
    cold, times = [], []
    with AppServer(command=command) as server:
        page = clocked_page(browser, TABLET)
        try:
            page.open(server.url)
            for count in range(1, warm_up + taps + 1):
                if count <= warm_up:
                    cold.append(timed_click(page, "Tap", want=f"Taps: {count}"))
                else:
                    times.append(timed_click(page, "Tap", want=f"Taps: {count}", answers=answers))
        finally:
            page.close()
    return times, cold


def p95(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


def measure(hands: int = 4, warm_up: int = 1) -> dict[str, float]:
    """The figures of `hands` hands after `warm_up` (the browser's first meeting with the screen's code,
    as a benchmark warms its code up before timing it; benchmarks/tap.py does the same in-process), beside
    the minimal page's taps after its own first taps, as many as the app's first hands took. The p95
    of every tap, the first hands' too, is given as well ("*_p95_all")."""
    answers: dict[str, list[float]] = {"base": []}
    with launched_browser() as browser:
        taps = app_taps(browser, hands, answers, warm_up=warm_up)
        chips, steps = taps["chip"], taps["step"]
        cold = len(taps["chip_cold"]) + len(taps["step_cold"])
        base, base_cold = minimal_taps(browser, max(20, len(chips)), answers["base"], warm_up=cold)
    return {
        "chip_p50": statistics.median(chips), "chip_p95": p95(chips), "chips": len(chips),
        "step_p50": statistics.median(steps), "step_p95": p95(steps), "steps": len(steps),
        # (the steps alternate: the last bid, which shows the tricks step; Hand done, the next hand and the card)
        "last_bid_p50": statistics.median(steps[0::2]), "hand_done_p50": statistics.median(steps[1::2]),
        "base_p50": statistics.median(base), "base_p95": p95(base), "base": len(base),
        "chip_p95_all": p95(taps["chip_cold"] + chips), "step_p95_all": p95(taps["step_cold"] + steps),
        "base_p95_all": p95(base_cold + base), "warm_up_hands": warm_up,
        # The server's part, p50 (the browser's is the rest): 0 when no tap could be split.
        **{f"{kind}_answer_p50": statistics.median(times) if times else 0.0 for kind, times in answers.items()},
    }


if __name__ == "__main__":
    figures = measure(int(sys.argv[1]) if len(sys.argv) > 1 else 4)
    for name, value in figures.items():
        print(f"{name:10} {value:8.1f}")
