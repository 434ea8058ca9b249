"""Issue 29, "Notebook-friendly": results of the Python API show as tables and plots in
Jupyter (``_repr_html_``), progress shows with ``progress=True``, and the worked
example in docs/simulation.md runs as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tote.sim import games_frame, run_games
from tote.sim.sweep import plan_sweep, run_sweep
from tote.sim.tournament import run_tournament

DOCS = Path(__file__).resolve().parents[2] / "docs" / "simulation.md"


def test_a_summary_shows_as_tables_and_a_plot() -> None:
    """run_games(...) in a cell: the seats and bots tables, the game's own tables and
    the win-rate plot inline."""
    html = run_games("horse-fever", 3, 4, bots=["odds", "random"])._repr_html_()
    assert html.count("<table>") >= 3
    assert "<b>Seats</b>" in html and "<b>Bots, over all their seats</b>" in html
    assert "Win and show by odds row" in html
    assert "data:image/png;base64," in html


def test_a_sweep_and_a_tournament_show_as_tables() -> None:
    grid = {"starting_money": [400, 800]}
    cells = plan_sweep("winners-circle", 2, 2, grid, [["random"]])
    html = run_sweep(cells, grid)._repr_html_()
    assert html.count("<tr>") == 3 and "option_starting_money" in html
    standings = run_tournament("winners-circle", 2, 2, ["odds", "random"])._repr_html_()
    assert "Rating 95% interval" in standings and "<td>odds</td>" in standings


def test_progress_true_shows_progress(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """progress=True: a progress display (plain lines where there is no terminal)."""
    monkeypatch.setenv("TOTE_PROGRESS_SECONDS", "0")
    run_games("winners-circle", 2, 3, progress=True)
    games_frame("winners-circle", 2, 3, progress=True)
    err = capsys.readouterr().err
    assert err.count("winners-circle: 3/3 games (100.0%)") == 2


def test_the_worked_example_in_the_docs_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every ``python`` block under "A worked example" runs as written, in order, in one
    namespace (as the cells of a notebook)."""
    text = DOCS.read_text(encoding="utf-8")
    section = text.split("## A worked example", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```python\n(.*?)```", section, flags=re.DOTALL)
    assert len(blocks) >= 3
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {}
    for block in blocks:
        exec(compile(block, str(DOCS), "exec"), namespace)
