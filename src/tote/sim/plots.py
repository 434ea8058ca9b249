"""Plots of simulation results with matplotlib: ``tote plot RESULTS --kind K`` and
``--plot FILE`` on ``tote sweep`` and ``tote tournament``.

Kinds (each figure has one axes; its *series* are the axes' containers, which the
tests count):

- ``winrates``: each seat's (or, for a tournament, each bot's) win rate with its 95%
  Wilson interval; one series. From ``simulate --json`` or ``tournament --json``.
- ``scores``: the final score distribution of each seat; one series per seat. From a
  table of rows, ``simulate --out FILE.csv|.parquet``.
- ``finishes``: how often each horse finishes in each place (Winner's Circle,
  Wetten!, Horse Fever); one series per place. From ``simulate --json``.
- ``sweep``: each seat's win rate (with its interval) across the first option swept
  over several values (or the bot line-ups); one series per seat and per value of
  the other axes. From ``sweep --json``.

matplotlib (the ``lab`` extra) is imported only here, when a plot is drawn, with the
Agg backend (no display needed). Files are written beside their name and renamed,
so a failed plot leaves nothing behind.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tote.core.errors import ToteError

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

KINDS = ("winrates", "scores", "finishes", "sweep")
FORMATS = (".png", ".svg")
EXTRA = "pip install 'tote[lab]'"
MAX_RESULTS_BYTES = 512 * 1024 * 1024

FINISHES: dict[str, tuple[str, tuple[str, ...], str]] = {
    "winners-circle": ("horse", ("win", "place", "show", "last"), "horse"),
    "wetten": ("horse", ("1st", "2nd", "3rd", "4th"), "horse"),
    "horse-fever": ("colour", ("win", "show"), "colour"),
}
"""Per game: the group of its numbers (:mod:`tote.sim.games`) holding each horse's
finishes, the places counted, and the group of ``runs`` (none: the places' count)."""


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise ToteError(f"plots need matplotlib: {EXTRA}") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def check_plot_path(path: Path) -> None:
    """Refuse, before any game is played, a plot file tote cannot write."""
    if path.suffix.lower() not in FORMATS:
        raise ToteError(f"--plot {path}: the file must end in .png or .svg")
    if path.is_dir():
        raise ToteError(f"--plot {path}: is a directory, not a file")
    folder = path.parent
    if not folder.is_dir():
        raise ToteError(f"--plot {path}: no such directory {folder}")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise ToteError(f"--plot {path}: cannot write in {folder}")
    _pyplot()


def save(fig: Figure, path: Path) -> None:
    """Write ``fig`` to a temporary file beside ``path``, then rename it onto ``path``."""
    plt = _pyplot()
    temporary = path.with_name(f".{path.name}.{os.getpid()}.part")
    try:
        fig.savefig(temporary, format=path.suffix.lower()[1:], dpi=100)
        os.replace(temporary, path)
    except OSError as exc:
        raise ToteError(f"{path}: {exc.strerror or exc}") from None
    finally:
        temporary.unlink(missing_ok=True)
        plt.close(fig)


# ------------------------------------------------------------------ reading
def load_results(path: Path) -> Any:
    """A results file: JSON (``--json`` of simulate, sweep or tournament) or a table of
    rows (``simulate --out``, .csv or .parquet) as a list of dicts."""
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise ToteError(f"{path}: {exc.strerror}") from None
    if size > MAX_RESULTS_BYTES:
        raise ToteError(f"{path}: larger than {MAX_RESULTS_BYTES // 2**20} MiB")
    suffix = path.suffix.lower()
    if suffix in (".csv", ".parquet"):
        try:
            import pyarrow.csv
            import pyarrow.parquet
        except ImportError:
            raise ToteError(f"reading tables needs pyarrow: {EXTRA}") from None
        try:
            table = (
                pyarrow.csv.read_csv(path) if suffix == ".csv" else pyarrow.parquet.read_table(path)
            )
        except (OSError, pyarrow.ArrowInvalid) as exc:
            raise ToteError(f"{path}: not a table of rows ({exc})") from None
        return table.to_pylist()
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ToteError(f"{path}: not a JSON results file ({exc})") from None


def default_kind(data: Any) -> str:
    if isinstance(data, list):
        return "scores"
    if isinstance(data, dict) and data.get("sweep"):
        return "sweep"
    return "winrates"


def figure(kind: str, data: Any) -> Figure:
    """The figure of ``kind`` for ``data`` (see the module's docstring)."""
    if kind not in KINDS:
        raise ToteError(f"unknown plot kind {kind!r}; choose from {', '.join(KINDS)}")
    try:
        return _figure(kind, data)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise ToteError(
            f"the results do not fit --kind {kind} ({type(exc).__name__}: {exc})"
        ) from None


def _figure(kind: str, data: Any) -> Figure:
    if kind == "scores":
        if not isinstance(data, list):
            raise ToteError("--kind scores needs a table of rows (simulate --out FILE.csv)")
        return scores_figure(data)
    if not isinstance(data, dict):
        raise ToteError(f"--kind {kind} needs a JSON results file (--json), not a table")
    if kind == "sweep":
        return sweep_figure(data)
    if kind == "finishes":
        return finishes_figure(data)
    return winrates_figure(data)


def _axes(title: str, ylabel: str) -> tuple[Figure, Axes]:
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7, 4), layout="constrained")
    ax.set_title(title)
    ax.set_ylabel(ylabel)
    return fig, ax


def _percent() -> Any:
    from matplotlib.ticker import PercentFormatter

    return PercentFormatter(1.0, decimals=0)


def _need(data: Mapping[str, Any], key: str, what: str) -> Any:
    if key not in data:
        raise ToteError(f"the results have no {key!r}: {what}")
    return data[key]


# ------------------------------------------------------------------ kinds
def winrates_figure(data: Mapping[str, Any]) -> Figure:
    """Win rates with 95% intervals: per bot for a tournament, else per seat."""
    if data.get("tournament"):
        entries = [
            (f"{e['bot']}\nrating {e['rating']:.0f}", e["win_rate"]) for e in data["bots_stats"]
        ]
        title = f"{data['game']}: win rate per bot ({data['players']} seats)"
    else:
        seats = _need(data, "seats", "give the --json of tote simulate or tote tournament")
        entries = [(f"seat {s['seat']}\n{s['bot']}", s["win_rate"]) for s in seats]
        title = f"{data['game']}: win rate per seat ({data['games']} games)"
    fig, ax = _axes(title, "win rate (95% interval)")
    values = [w["value"] for _, w in entries]
    errors = [
        [w["value"] - w["low"] for _, w in entries],
        [w["high"] - w["value"] for _, w in entries],
    ]
    ax.bar([label for label, _ in entries], values, yerr=errors, capsize=4, color="#4878a8")
    ax.set_ylim(0, max(1e-9, *(w["high"] for _, w in entries)) * 1.15)
    ax.yaxis.set_major_formatter(_percent())
    return fig


def scores_figure(rows: Sequence[Mapping[str, Any]]) -> Figure:
    """One histogram of final scores per seat (columns ``score_1``, ``score_2``, ...)."""
    if not rows:
        raise ToteError("the table has no rows")
    seats = sorted(
        int(k.split("_")[1]) for k in rows[0] if k.startswith("score_") and k[6:].isdigit()
    )
    if not seats:
        raise ToteError("the table has no score_<seat> columns (simulate --out writes them)")
    game = rows[0].get("game", "")
    fig, ax = _axes(f"{game}: final scores per seat ({len(rows)} games)", "games")
    data = [[row[f"score_{s}"] for row in rows] for s in seats]
    labels = [f"seat {s} ({rows[0].get(f'bot_{s}', '')})" for s in seats]
    ax.hist(data, bins=min(30, max(5, len(rows) // 10)), label=labels, histtype="bar")
    ax.set_xlabel("final score")
    ax.legend()
    return fig


def finishes_figure(data: Mapping[str, Any]) -> Figure:
    """Each horse's share of races finished in each place, one series per place."""
    game = _need(data, "game", "give the --json of tote simulate")
    if game not in FINISHES:
        raise ToteError(f"{game} has no horses: --kind finishes is for {', '.join(FINISHES)}")
    stats = data.get("game_stats") or data.get("game_numbers")
    if not stats:
        raise ToteError("the results have no game numbers (the --json of tote simulate)")
    group, places, _ = FINISHES[game]
    counts: dict[str, dict[str, int]] = stats["counts"].get(group, {})
    runs: dict[str, int] = stats["counts"].get("runs", {}).get(group, {})
    order = [h for h in stats.get("order", {}).get(group, []) if h in counts]
    horses = order + [h for h in counts if h not in order]
    fig, ax = _axes(
        f"{game}: finishes per {group} ({data.get('games', '?')} games)", "share of races"
    )
    width = 0.8 / len(places)
    for k, place in enumerate(places):
        shares = []
        for horse in horses:
            n = runs.get(horse) or counts[horse].get("races") or sum(counts[horse].values())
            shares.append(counts[horse].get(place, 0) / n if n else 0.0)
        ax.bar(
            [i + (k - (len(places) - 1) / 2) * width for i in range(len(horses))],
            shares,
            width,
            label=place,
        )
    ax.set_xticks(range(len(horses)), horses)
    ax.set_ylim(0, ax.get_ylim()[1] * 1.15)
    ax.yaxis.set_major_formatter(_percent())
    ax.legend(ncols=len(places), loc="upper center")
    return fig


def sweep_figure(data: Mapping[str, Any]) -> Figure:
    """Each seat's win rate along the first swept option (or the bot line-ups)."""
    cells = _need(data, "cells", "give the --json of tote sweep")
    if not cells:
        raise ToteError("the sweep has no cells")
    grid: dict[str, list[Any]] = {k: v for k, v in (data.get("grid") or {}).items() if len(v) > 1}
    axis = next(iter(grid), None)
    if axis is not None:
        xs = [json.dumps(v) for v in grid[axis]]
        numeric = all(isinstance(v, int | float) and not isinstance(v, bool) for v in grid[axis])
    else:
        xs = [",".join(b) for b in data["bots"]]
        numeric = False
    series: dict[str, list[tuple[int, Mapping[str, Any]]]] = {}
    for cell in cells:
        if axis is not None:
            x = xs.index(json.dumps(cell["options"][axis]))
            rest = [
                f"{k}={json.dumps(v)}"
                for k, v in cell["options"].items()
                if k in grid and k != axis
            ]
            if len(data["bots"]) > 1:
                rest.append(",".join(cell["bots"]))
        else:
            x = xs.index(",".join(cell["bots"]))
            rest = []
        for seat in cell["summary"]["seats"]:
            who = f"seat {seat['seat']}" + (f" ({seat['bot']})" if "bot" in seat else "")
            label = " ".join([who if len(data["bots"]) == 1 else f"seat {seat['seat']}", *rest])
            series.setdefault(label, []).append((x, seat["win_rate"]))
    fig, ax = _axes(
        f"{data['game']}: win rate per seat ({data.get('games', '?')} games per cell)",
        "win rate (95% interval)",
    )
    positions = (
        [float(v) for v in grid[axis]] if axis is not None and numeric else list(range(len(xs)))
    )
    for label, points in series.items():
        px = [positions[x] for x, _ in points]
        ys = [w["value"] for _, w in points]
        err = [
            [w["value"] - w["low"] for _, w in points],
            [w["high"] - w["value"] for _, w in points],
        ]
        line = "-" if numeric else "none"  # categories are not joined by lines
        ax.errorbar(px, ys, yerr=err, marker="o", capsize=3, label=label, linestyle=line)
    if not numeric:
        ax.set_xticks(positions, xs)
    ax.set_xlabel(axis or "bots")
    ax.yaxis.set_major_formatter(_percent())
    ax.legend(fontsize="small")
    return fig


def plot_file(kind: str, data: Any, path: Path) -> None:
    """Draw ``kind`` of ``data`` into ``path`` (.png or .svg)."""
    check_plot_path(path)
    save(figure(kind, data), path)
