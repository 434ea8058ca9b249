"""Plots of simulation results with matplotlib: ``tote plot RESULTS --kind K`` and
``--plot FILE`` on ``tote sweep`` and ``tote tournament``.

Kinds (each figure has one axes, but ``lengths``, one per measure; its *series* are
the axes' containers, which the tests count). Every figure is titled with the game's
title, has units on every axis, and win shares have the even share 1/N drawn as a
reference line (issue 29, Fix: plots):

- ``winrates``: each seat's win rate with its 95% Wilson interval, or each bot's when
  the bots rotated (``--rotate``: a seat then holds every bot in turn) or for a
  tournament (with its rating and the rating's bootstrap interval); one series. From
  ``simulate --json`` or ``tournament --json``.
- ``scores``: the final score distribution of each seat, as box plots; from a table
  of rows, ``simulate --out FILE.csv|.parquet``.
- ``lengths``: the distribution of the game's length (moves, chance moves, rounds)
  as box plots; from a table of rows.
- ``finishes``: each horse's share of races finished in each place, with 95% Wilson
  intervals (Winner's Circle, Wetten!, Horse Fever); one series per place.
- ``odds``: Horse Fever's win and show shares by the odds row before the race.
- ``game``: the game's own numbers (docs/simulation.md, "Each game's numbers") as a
  chart: what each Winner's Circle payment pays per bet, how often each Wits & Wagers
  slot wins, each Wetten! ticket's return per unit staked, Horse Fever's VP by
  source, Carcassonne's points by feature.
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
from tote.sim.stopping import signals_stop_runs

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

KINDS = ("winrates", "scores", "lengths", "finishes", "odds", "game", "sweep")
FORMATS = (".png", ".svg")
EXTRA = "pip install 'tote[lab]'"
MAX_RESULTS_BYTES = 512 * 1024 * 1024


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
        with signals_stop_runs():  # SIGTERM or SIGHUP: the finally below still runs
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
    if kind in ("scores", "lengths"):
        if not isinstance(data, list):
            raise ToteError(f"--kind {kind} needs a table of rows (simulate --out FILE.csv)")
        return scores_figure(data) if kind == "scores" else lengths_figure(data)
    if not isinstance(data, dict):
        raise ToteError(f"--kind {kind} needs a JSON results file (--json), not a table")
    if kind == "sweep":
        return sweep_figure(data)
    if kind in ("finishes", "odds", "game"):
        from tote.sim import plots_game

        return plots_game.FIGURES[kind](data)
    return winrates_figure(data)


def game_title(game_id: Any) -> str:
    """The game's title (``Winner's Circle``) for a figure; its id if unknown."""
    from tote.core.errors import ToteError as Unknown
    from tote.core.registry import get_game

    try:
        return get_game(str(game_id)).title
    except Unknown:
        return str(game_id)


def even_share(ax: Axes, players: int | None) -> None:
    """The share every seat would win if none had an edge: 1/N, a dashed line."""
    if players:
        ax.axhline(1 / players, color="#888888", linestyle="--", linewidth=1, zorder=0)
        ax.annotate(
            f"1/{players} = {1 / players:.0%}",
            (1.0, 1 / players),
            xycoords=("axes fraction", "data"),
            xytext=(-4, 3),
            textcoords="offset points",
            ha="right",
            color="#666666",
            fontsize="small",
        )


def _axes(title: str, ylabel: str, xlabel: str = "") -> tuple[Figure, Axes]:
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7, 4), layout="constrained")
    ax.set_title(title)
    ax.set_ylabel(ylabel)
    ax.set_xlabel(xlabel)
    return fig, ax


def _percent() -> Any:
    from matplotlib.ticker import PercentFormatter

    return PercentFormatter(1.0, decimals=0)


def _need(data: Mapping[str, Any], key: str, what: str) -> Any:
    if key not in data:
        raise ToteError(f"the results have no {key!r}: {what}")
    return data[key]


# ------------------------------------------------------------------ kinds
def _rating_interval(entry: Mapping[str, Any]) -> str:
    bounds = entry.get("rating_interval")
    return f"\n({bounds['low']:.0f}-{bounds['high']:.0f})" if bounds else ""


def winrates_figure(data: Mapping[str, Any]) -> Figure:
    """Win rates with 95% intervals: per bot for a tournament or when the bots rotated
    (a rotated seat holds every bot in turn, so its rate is no bot's), else per seat."""
    title = game_title(data.get("game"))
    if data.get("tournament"):
        entries = [
            (f"{e['bot']}\nrating {e['rating']:.0f}{_rating_interval(e)}", e["win_rate"])
            for e in data["bots_stats"]
        ]
        title += f": win rate per bot ({data['players']} seats)"
        xlabel = "bot (rating on the Elo scale, 95% interval)"
    elif data.get("rotate") and data.get("bots_stats"):
        entries = [
            (f"{e['bot']}\n{e['games']} seat-games", e["win_rate"]) for e in data["bots_stats"]
        ]
        title += f": win rate per bot, bots rotated ({data['games']} games)"
        xlabel = "bot (over every seat it held)"
    else:
        seats = _need(data, "seats", "give the --json of tote simulate or tote tournament")
        entries = [(f"seat {s['seat']}\n{s['bot']}", s["win_rate"]) for s in seats]
        title += f": win rate per seat ({data['games']} games)"
        xlabel = "seat (bot)"
    fig, ax = _axes(title, "win rate (% of games, 95% interval)", xlabel)
    values = [w["value"] for _, w in entries]
    errors = [
        [w["value"] - w["low"] for _, w in entries],
        [w["high"] - w["value"] for _, w in entries],
    ]
    ax.bar([label for label, _ in entries], values, yerr=errors, capsize=4, color="#4878a8")
    players = data.get("players")
    even_share(ax, players)
    top = max(1e-9, *(w["high"] for _, w in entries), 1 / players if players else 0)
    ax.set_ylim(0, min(1.0, top * 1.15))
    ax.yaxis.set_major_formatter(_percent())
    return fig


def _seats(rows: Sequence[Mapping[str, Any]]) -> list[int]:
    return sorted(
        int(k.split("_")[1]) for k in rows[0] if k.startswith("score_") and k[6:].isdigit()
    )


def scores_figure(rows: Sequence[Mapping[str, Any]]) -> Figure:
    """The final score distribution of each seat (columns ``score_1``, ...): box plots
    (median, quartiles, whiskers at 1.5 IQR, mean as a triangle)."""
    if not rows:
        raise ToteError("the table has no rows")
    seats = _seats(rows)
    if not seats:
        raise ToteError("the table has no score_<seat> columns (simulate --out writes them)")
    game = rows[0].get("game", "")
    unit = SCORE_UNITS.get(str(game), "points")
    fig, ax = _axes(
        f"{game_title(game)}: final scores per seat ({len(rows)} games)",
        f"final score ({unit})",
        "seat (bot)",
    )
    rotated = any(row.get(f"bot_{s}") != rows[0].get(f"bot_{s}") for row in rows for s in seats)
    if rotated:  # a seat held every bot in turn: one box per bot (issue 29, Fix)
        by_bot: dict[str, list[Any]] = {}
        for row in rows:
            for s in seats:
                by_bot.setdefault(str(row[f"bot_{s}"]), []).append(row[f"score_{s}"])
        labels = sorted(by_bot)
        data = [by_bot[name] for name in labels]
        ax.set_title(f"{game_title(game)}: final scores per bot, bots rotated ({len(rows)} games)")
        ax.set_xlabel("bot (over every seat it held)")
    else:
        data = [[row[f"score_{s}"] for row in rows] for s in seats]
        labels = [f"seat {s}\n{rows[0].get(f'bot_{s}', '')}" for s in seats]
    ax.boxplot(data, tick_labels=labels, showmeans=True)
    return fig


LENGTHS = (("moves", "seats' moves"), ("chance_moves", "chance moves"), ("rounds", "rounds"))


def lengths_figure(rows: Sequence[Mapping[str, Any]]) -> Figure:
    """The game's length per game: moves, chance moves and rounds, one box plot each."""
    if not rows:
        raise ToteError("the table has no rows")
    measures = [(k, name) for k, name in LENGTHS if rows[0].get(k) is not None]
    if not measures:
        raise ToteError("the table has no moves column (simulate --out writes it)")
    plt = _pyplot()
    fig, axes = plt.subplots(1, len(measures), figsize=(7, 4), layout="constrained")
    axes = list(axes) if len(measures) > 1 else [axes]
    game = rows[0].get("game", "")
    fig.suptitle(f"{game_title(game)}: game length ({len(rows)} games)")
    for ax, (key, name) in zip(axes, measures, strict=True):
        ax.boxplot([[row[key] for row in rows if row.get(key) is not None]], showmeans=True)
        ax.set_xticks([1], [name])
        ax.set_ylabel(f"{name} per game")
    drawn: Figure = fig
    return drawn


SCORE_UNITS = {
    "winners-circle": "money",
    "wits-and-wagers": "points",
    "wetten": "money",
    "horse-fever": "victory points",
    "carcassonne": "points",
}
"""What a final score counts in each game."""


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
        f"{game_title(data['game'])}: win rate per seat ({data.get('games', '?')} games per cell)",
        "win rate (% of games, 95% interval)",
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
    ax.set_xlabel(f"{axis} (option value)" if axis else "bot line-up")
    even_share(ax, data.get("players"))
    ax.yaxis.set_major_formatter(_percent())
    ax.legend(fontsize="small")
    return fig


def plot_file(kind: str, data: Any, path: Path) -> None:
    """Draw ``kind`` of ``data`` into ``path`` (.png or .svg)."""
    check_plot_path(path)
    save(figure(kind, data), path)
