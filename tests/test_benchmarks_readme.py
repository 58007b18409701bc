"""README.md's performance table is what benchmarks/results-full.json renders (benchmarks/readme.py): a
figure changed in one and not the other fails here. Reads two files; runs no benchmark."""
import json

from benchmarks.readme import BEGIN, END, README, RESULTS, render, rewritten, table_in


def test_the_readme_table_is_the_last_full_run():
    rendered = render(json.loads(RESULTS.read_text()))
    assert table_in(README.read_text()) == rendered, (
        "README.md's benchmarks table differs from benchmarks/results-full.json: "
        "run `.venv/bin/python -m benchmarks.readme` and commit both")


def test_a_figure_that_misses_its_target_says_so():
    figure = {"name": "x_ms", "value": 20.0, "unit": "ms", "target": 16.0, "baseline": 10.0, "baseline_what": "b",
              "note": "n | m", "ratio": 2.0, "meets_target": False}
    table = render({"seconds": 1.0, "figures": {"x_ms": figure}})
    assert "| `x_ms` | ≤ 16 ms | 20 ms | 10 ms, b (2.00×) | **not met** | n \\| m |" in table
    readme = f"intro\n{BEGIN}\nold\n{END}\nafter\n"
    assert table_in(rewritten(readme, table)) == table
