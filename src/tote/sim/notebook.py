"""How the laboratory's results look in Jupyter: ``_repr_html_`` of a run's summary, a
sweep and a tournament (issue 29, "Notebook-friendly").

A notebook cell whose value is ``run_games(...)`` shows the headline tables of
``tote simulate`` (seats, bots, seat order, length, how games ended, the game's own
tables) and, with matplotlib installed, the win-rate plot inline; a sweep shows one
row per cell; a tournament its standings with ratings and their intervals.
``games_frame`` returns a polars DataFrame, which Jupyter already shows as a table.
Only the standard library's ``html`` is used: the HTML is plain tables, readable
anywhere a notebook is opened.
"""

from __future__ import annotations

import base64
import io
from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING, Any

from tote.core.errors import ToteError
from tote.core.tote_board import Estimate, wilson

if TYPE_CHECKING:
    from tote.sim.stats import SeatStats, SimSummary
    from tote.sim.sweep import SweepResult
    from tote.sim.tournament import TournamentResult


def table(title: str, header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """An HTML table with a caption; every cell escaped."""
    head = "".join(f"<th>{escape(str(h))}</th>" for h in header)
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(str(c))}</td>" for c in row) + "</tr>" for row in rows
    )
    return (
        f"<table><caption style='text-align:left'><b>{escape(title)}</b></caption>"
        f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
    )


def rate(estimate: Estimate) -> str:
    return f"{estimate.value:.1%} ({estimate.low:.1%}-{estimate.high:.1%})"


def _seat_rows(entries: Sequence[tuple[str, str, SeatStats]]) -> list[list[str]]:
    return [
        [key, second, str(s.wins), rate(s.win_rate), str(s.shared_wins), f"{s.score.mean:.1f}"]
        for key, second, s in entries
    ]


def plot_png(kind: str, data: Any) -> str:
    """The plot of ``kind`` as an inline ``<img>``, or "" without matplotlib."""
    try:
        from tote.sim.plots import _pyplot, figure

        fig = figure(kind, data)
    except ToteError:
        return ""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=80)
    _pyplot().close(fig)
    encoded = base64.b64encode(buffer.getvalue()).decode("ascii")
    return f"<img src='data:image/png;base64,{encoded}'/>"


def summary_html(summary: SimSummary) -> str:
    """A run's summary as HTML: ``tote simulate``'s tables, then its win-rate plot."""
    header = ("Seat", "Bot", "Wins", "Win rate (95% interval)", "Shared", "Mean score")
    seats = [
        (str(n + 1), "rotating" if summary.rotate else summary.bots[n], stats)
        for n, stats in enumerate(summary.seats)
    ]
    parts = [
        f"<p><b>{escape(summary.game)}</b>: {summary.players} players, {summary.games} games "
        f"(seeds {summary.seed}-{summary.seed + summary.games - 1}"
        f"{', bots rotated' if summary.rotate else ''})</p>",
        table("Seats", header, _seat_rows(seats)),
    ]
    if summary.by_bot:
        bots = [(name, str(s.games), s) for name, s in summary.by_bot.items()]
        parts.append(
            table("Bots, over all their seats", ("Bot", "Games", *header[2:]), _seat_rows(bots))
        )
    order = summary.seat_order
    if order is not None:
        p = "needs scipy" if order.p_value is None else f"{order.p_value:.3g}"
        parts.append(f"<p>Seat order: chi-square {order.chi2:.2f} on {order.dof} df, p = {p}.</p>")
    lengths = ", ".join(
        f"{name.replace('_', ' ')} {spread.mean:.1f}" for name, spread in summary.length.items()
    )
    nobody = wilson(summary.no_winner, summary.games)
    parts.append(f"<p>Game length: {escape(lengths)}. No winner: {rate(nobody)}.</p>")
    for stat in summary.game_tables:
        parts.append(table(stat.title, stat.header, stat.rows))
    parts.append(plot_png("winrates", summary.to_json()))
    return "".join(parts)


def sweep_html(result: SweepResult) -> str:
    """A sweep as HTML: one row per cell (:meth:`SweepResult.cell_rows`)."""
    rows = result.cell_rows()
    header = list(rows[0]) if rows else []
    cells = [[_short(row[h]) for h in header] for row in rows]
    title = f"{result.game}: {len(rows)} cells of {result.games} games"
    return table(title, header, cells) + plot_png("sweep", result.to_json())


def tournament_html(result: TournamentResult) -> str:
    """A tournament's standings as HTML: ratings with their bootstrap intervals."""
    data = result.to_json()
    rows = [
        [
            rank,
            e["bot"],
            f"{e['rating']:.0f}",
            f"{e['rating_interval']['low']:.0f}-{e['rating_interval']['high']:.0f}",
            _rate_text(e["win_rate"]),
            e["games"],
        ]
        for rank, e in enumerate(data["bots_stats"], start=1)
    ]
    header = ("Rank", "Bot", "Rating", "Rating 95% interval", "Win rate (95%)", "Seat-games")
    return table(f"{result.game}: round robin", header, rows) + plot_png("winrates", data)


def _short(value: Any) -> str:
    return f"{value:.3g}" if isinstance(value, float) else str(value)


def _rate_text(value: dict[str, float]) -> str:
    return f"{value['value']:.1%} ({value['low']:.1%}-{value['high']:.1%})"
