"""The README's performance table, rendered from benchmarks/results-full.json (what the last full run of
benchmarks/run.py measured), so the two can't drift apart.

    .venv/bin/python -m benchmarks.readme            # rewrites the table between the markers in README.md
    .venv/bin/python -m benchmarks.readme --check    # exit 1 when README.md's table is not the JSON's

tests/test_benchmarks_readme.py fails when they differ.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
RESULTS = ROOT / "benchmarks" / "results-full.json"

BEGIN = ("<!-- benchmarks table: rendered from benchmarks/results-full.json by "
         "`.venv/bin/python -m benchmarks.readme`; edit neither by hand -->")
END = "<!-- end of the benchmarks table -->"


def amount(value: float, unit: str) -> str:
    """A figure with its unit, to about three significant digits."""
    if unit == "B":
        return f"{value / 1000:.1f} kB" if value >= 1000 else f"{value:.0f} B"
    if unit == "×":
        return f"{value:.2f}".rstrip("0").rstrip(".") + "×"
    size = abs(value)
    number = (f"{value:,.0f}" if size >= 100 else f"{value:.1f}" if size >= 10
              else f"{value:.2f}" if size >= 1 else f"{value:.3g}")
    if "." in number:  # 5 ms, not 5.00 ms
        number = number.rstrip("0").rstrip(".")
    return f"{number} {unit}"


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def _baselines(figure: dict) -> str:
    parts = []
    for value, what, ratio in ((figure["baseline"], figure["baseline_what"], figure.get("ratio")),
                               (figure.get("plain_baseline"), figure.get("plain_baseline_what", ""),
                                figure.get("plain_ratio"))):
        if value is not None:
            said = amount(value, figure["unit"]) + (f", {what}" if what else "")
            parts.append(said + (f" ({ratio:.2f}×)" if ratio is not None else ""))
    return "; ".join(parts) or "–"


def _target(figure: dict) -> str:
    if figure["target"] is None:
        return "–"
    how = figure.get("target_what", "")
    return f"≤ {amount(figure['target'], figure['unit'])}" + (f" ({how})" if how else "")


def render(results: dict) -> str:
    """The table (and the line saying which run it is) for the figures of `results`."""
    figures = list(results["figures"].values())
    judged = [figure for figure in figures if figure["meets_target"] is not None]
    met = sum(figure["meets_target"] for figure in judged)
    machine = results.get("machine", {})
    lines = [
        f"Last full run: {results.get('date', 'date not recorded')}, {results['seconds']:.0f} s, Python "
        f"{machine.get('python', '?')} on {machine.get('cpus', '?')} cores. {met} of the {len(judged)} figures "
        f"with a target meet it.",
        "",
        "| figure | target | last full run | baseline in the same run (figure ÷ baseline) | met | notes |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for figure in figures:
        name = f"`{figure['name']}`" + (f": {figure['what']}" if figure.get("what") else "")
        met_cell = {True: "yes", False: "**not met**", None: "–"}[figure["meets_target"]]
        cells = [name, _target(figure), amount(figure["value"], figure["unit"]), _baselines(figure), met_cell,
                 figure.get("note", "")]
        lines.append("| " + " | ".join(_cell(cell) for cell in cells) + " |")
    return "\n".join(lines)


def table_in(readme: str) -> str:
    """What README.md holds between the markers."""
    if BEGIN not in readme or END not in readme:
        raise ValueError(f"README.md lacks the markers of the benchmarks table ({BEGIN!r} ... {END!r})")
    return readme.split(BEGIN, 1)[1].split(END, 1)[0].strip("\n")


def rewritten(readme: str, table: str) -> str:
    """README.md with `table` between the markers."""
    table_in(readme)  # (the markers are there)
    before, rest = readme.split(BEGIN, 1)
    after = rest.split(END, 1)[1]
    return f"{before}{BEGIN}\n{table}\n{END}{after}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say whether README.md's table is the JSON's")
    args = parser.parse_args(argv)
    table = render(json.loads(RESULTS.read_text()))
    readme = README.read_text()
    if args.check:
        same = table_in(readme) == table
        print("README.md's table is results-full.json's" if same else
              "README.md's table differs from results-full.json: run `.venv/bin/python -m benchmarks.readme`")
        return 0 if same else 1
    README.write_text(rewritten(readme, table))
    print(f"README.md's table rendered from {RESULTS.relative_to(ROOT)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
