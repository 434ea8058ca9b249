"""Plots of a game's own numbers (docs/simulation.md, "Each game's numbers"):
``tote plot RESULTS --kind finishes|odds|game`` on the ``--json`` of ``tote simulate``.

- ``finishes``: each horse's share of races in each place, with 95% Wilson intervals
  (:mod:`tote.sim.finishes`), and the even share 1/horses as a reference line.
- ``odds``: Horse Fever's win and show shares by the odds row a horse had before the
  race (HF 3.3-3.4), with intervals.
- ``game``: one chart of the game's headline number (issue 29, Fix: "each game's own
  numbers as charts").

The figures come from :mod:`tote.sim.plots` (matplotlib, Agg backend).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from tote.core.errors import ToteError
from tote.sim.finishes import PLACES, finish_shares
from tote.sim.games.tally import natural
from tote.sim.plots import _axes, _need, _percent, game_title

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure


def _numbers(data: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    game = _need(data, "game", "give the --json of tote simulate")
    numbers = data.get("game_stats") or data.get("game_numbers")
    if not numbers:
        raise ToteError("the results have no game numbers (the --json of tote simulate)")
    return str(game), numbers


def _shares(data: Mapping[str, Any], group: str) -> tuple[str, dict[str, Any]]:
    game, numbers = _numbers(data)
    if game not in PLACES:
        raise ToteError(f"{game} has no horses: this kind is for {', '.join(PLACES)}")
    shares = finish_shares(game, numbers) or {}
    rows = shares.get(group) or {}
    if not rows:
        raise ToteError(f"the results have no finishes by {group}")
    return game, rows


def _grouped_bars(ax: Axes, rows: Mapping[str, Any], places: tuple[str, ...]) -> None:
    names = list(rows)
    width = 0.8 / len(places)
    for k, place in enumerate(places):
        rates = [rows[name][place] for name in names]
        ax.bar(
            [i + (k - (len(places) - 1) / 2) * width for i in range(len(names))],
            [r["value"] for r in rates],
            width,
            yerr=[
                [r["value"] - r["low"] for r in rates],
                [r["high"] - r["value"] for r in rates],
            ],
            capsize=2,
            label=place,
        )
    ax.set_xticks(range(len(names)), names)
    ax.set_ylim(0, min(1.0, ax.get_ylim()[1] * 1.2))
    ax.yaxis.set_major_formatter(_percent())
    ax.legend(ncols=len(places), loc="upper center", fontsize="small")


def finishes_figure(data: Mapping[str, Any]) -> Figure:
    """Each horse's share of races finished in each place, one series per place."""
    game, rows = _shares(data, "colour" if data.get("game") == "horse-fever" else "horse")
    numbers = data.get("game_stats") or {}
    order = [h for h in numbers.get("order", {}).get("horse", []) if h in rows]
    rows = {h: rows[h] for h in order + [h for h in rows if h not in order]}
    group = "colour" if game == "horse-fever" else "horse"
    fig, ax = _axes(
        f"{game_title(game)}: finishes per {group} ({data.get('games', '?')} games)",
        "share of the races it ran (95% interval)",
        group,
    )
    _grouped_bars(ax, rows, PLACES[game])
    even = 1 / len(rows)
    ax.axhline(
        even, color="#888888", linestyle="--", linewidth=1, zorder=0,
        label=f"1/{len(rows)} = {even:.0%}",
    )  # fmt: skip
    ax.legend(ncols=len(PLACES[game]) + 1, loc="upper center", fontsize="small")
    return fig


def odds_figure(data: Mapping[str, Any]) -> Figure:
    """Horse Fever: win and show shares by the odds row before the race."""
    if data.get("game") != "horse-fever":
        raise ToteError("--kind odds is for horse-fever (finishes by the Stable's odds row)")
    game, rows = _shares(data, "odds")
    rows = {k: rows[k] for k in sorted(rows, key=natural)}
    fig, ax = _axes(
        f"{game_title(game)}: finishes by odds row ({data.get('games', '?')} games)",
        "share of races (95% interval)",
        "odds row before the race (pays 1:N)",
    )
    _grouped_bars(ax, rows, PLACES[game])
    return fig


def _bar_chart(
    data: Mapping[str, Any], what: str, values: Mapping[str, float], ylabel: str, xlabel: str
) -> Figure:
    if not values:
        raise ToteError(f"the results have no {what}")
    fig, ax = _axes(
        f"{game_title(data.get('game'))}: {what} ({data.get('games', '?')} games)", ylabel, xlabel
    )
    names = list(values)
    heights = [values[n] for n in names]
    ax.bar(names, heights, color=["#4878a8" if h >= 0 else "#c05050" for h in heights])
    ax.axhline(0, color="#444444", linewidth=0.8)
    if len(names) > 5:
        for label in ax.get_xticklabels():
            label.set_rotation(30)
            label.set_horizontalalignment("right")
    return fig


def _per_game(numbers: Mapping[str, Any], group: str) -> dict[str, float]:
    means = numbers.get("means", {}).get(group, {})
    return {
        row: float(cells["per game"]["mean"])
        for row, cells in means.items()
        if cells.get("per game", {}).get("n")
    }


def game_figure(data: Mapping[str, Any]) -> Figure:
    """The game's headline number as one chart (see the module's docstring)."""
    game, numbers = _numbers(data)
    if game == "winners-circle":
        return _bar_chart(
            data,
            "what each payment pays per bet placed (WC 5)",
            numbers.get("paid_per_bet", {}),
            "paid per bet placed (money)",
            "payment",
        )
    if game == "wits-and-wagers":
        fig = _bar_chart(
            data,
            "how often each slot wins (WW 2.4)",
            numbers.get("slot_win_rate", {}),
            "share of questions",
            "slot (payout odds)",
        )
        fig.axes[0].yaxis.set_major_formatter(_percent())
        return fig
    if game == "wetten":
        fig = _bar_chart(
            data,
            "each ticket's return (WT 10.2)",
            numbers.get("ticket_return", {}),
            "paid per unit staked (1 = money back)",
            "ticket",
        )
        fig.axes[0].axhline(1.0, color="#888888", linestyle="--", linewidth=1)
        return fig
    if game == "horse-fever":
        return _bar_chart(
            data,
            "VP by source per game, all seats",
            _per_game(numbers, "vp"),
            "victory points per game",
            "source",
        )
    if game == "carcassonne":
        return _bar_chart(
            data,
            "points by feature per game, all seats (CC 4-5, CB 3)",
            _per_game(numbers, "points"),
            "points per game",
            "feature",
        )
    raise ToteError(f"{game} has no chart of its own numbers")


FIGURES: dict[str, Callable[[Mapping[str, Any]], Figure]] = {
    "finishes": finishes_figure,
    "odds": odds_figure,
    "game": game_figure,
}
