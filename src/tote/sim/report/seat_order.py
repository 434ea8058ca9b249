"""The report's "Seat order" section (issue 29): does the seat a player sits in change
its chances, at every player count asked?

The bots turn one seat each game (the battery's ``rotate``), so every bot sits in every
seat equally often and a difference between seats is the seat's, not a bot's.

- **Win share** of a seat: the games it won over the games played (a shared win counts
  for each winner), with its 95% Wilson interval.
- **Equal share**: what every seat would win if seats did not matter, the wins of all
  seats over (seats x games); 1/N when every game has exactly one winner.
- **Test of equality**: Pearson's chi-square of the seats' win counts against equal
  counts (``scipy.stats.chisquare``), N - 1 degrees of freedom. With one winner per game
  the win counts are multinomial, as the test assumes (its p is the usual large-sample
  one); shared wins break that, so the p is then only a guide.
- **Effect size**: Cramer's V of seat against winning, the association in the seats x
  (won, lost) table of the games (:func:`scipy.stats.contingency.association`): 0 when
  the seat changes nothing, 1 when it decides everything; by Cohen's conventions 0.1 is
  small (for a table of two columns). Unlike the p-value it does not grow with the
  number of games, so it says how much the seat matters, not how sure the test is.
- **Flag** (:data:`P_THRESHOLD`, :data:`POINTS_THRESHOLD`): the seats are out of
  balance when p < 0.01 *and* some seat's share is off the equal share by more than 5
  percentage points: significant, and large enough to matter at a table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tote.core.tote_board import wilson
from tote.sim.report.figures import PANELS_PER_ROW, game_title, panel_grid, percent_axis, to_report
from tote.sim.report.section import Flag, ReportFigure, ReportTable, Section, share_range
from tote.sim.runner import GameRow

P_THRESHOLD = 0.01
POINTS_THRESHOLD = 0.05


def seat_wins(rows: Sequence[GameRow], players: int) -> list[int]:
    """Games won per seat (a shared win counts for each winner)."""
    wins = [0] * players
    for row in rows:
        for seat in row.winners:
            wins[seat] += 1
    return wins


def equality_test(wins: Sequence[int]) -> tuple[float, float]:
    """Chi-square and p of "every seat wins equally often" (1.0 when nobody won)."""
    from scipy import stats

    if sum(wins) == 0:
        return 0.0, 1.0
    result = stats.chisquare(list(wins))
    return float(result.statistic), float(result.pvalue)


def seat_effect(wins: Sequence[int], games: int) -> float | None:
    """Cramer's V of the seats x (won, lost) table (module doc); None with no win or no
    loss anywhere (nothing to associate)."""
    from scipy import stats

    lost = [games - w for w in wins]
    if not games or not sum(wins) or not sum(lost):
        return None
    return float(stats.contingency.association([list(wins), lost], method="cramer"))


def seat_order_of(rows: Sequence[GameRow], players: int) -> dict[str, Any]:
    """One player count's numbers (the section's ``data["by_players"]`` entry)."""
    games = len(rows)
    wins = seat_wins(rows, players)
    chi2, p = equality_test(wins)
    equal = sum(wins) / (players * games) if games else 0.0
    seats = []
    for seat, won in enumerate(wins):
        rate = wilson(won, games)
        seats.append(
            {
                "seat": seat + 1,
                "wins": won,
                "share": rate.value,
                "low": rate.low,
                "high": rate.high,
                "off_equal": rate.value - equal,
            }
        )
    worst = max(seats, key=lambda s: abs(s["off_equal"])) if seats else None
    unbalanced = (
        p < P_THRESHOLD and worst is not None and abs(worst["off_equal"]) > POINTS_THRESHOLD
    )
    return {
        "players": players,
        "games": games,
        "equal_share": equal,
        "seats": seats,
        "chi2": chi2,
        "dof": players - 1,
        "p_value": p,
        "effect": seat_effect(wins, games),
        "unbalanced": unbalanced,
    }


def _effect(entry: Mapping[str, Any]) -> str:
    return "-" if entry["effect"] is None else f"{entry['effect']:.3f}"


def _flag(entry: Mapping[str, Any]) -> Flag:
    worst = max(entry["seats"], key=lambda s: abs(s["off_equal"]))
    n = entry["players"]
    where = (
        f"seat {worst['seat']} wins {worst['share']:.1%}"
        f" ({share_range(worst['low'], worst['high'])})"
        f" against an equal {entry['equal_share']:.1%}"
    )
    if entry["unbalanced"]:
        return Flag(
            "warn",
            f"{n} players: {where}, chi-square p = {entry['p_value']:.2g} (below "
            f"{P_THRESHOLD}) and more than {POINTS_THRESHOLD * 100:.0f} points off: "
            "the seat order matters.",
        )
    return Flag(
        "ok",
        f"{n} players: {where}, p = {entry['p_value']:.2g}; within the thresholds "
        f"(p < {P_THRESHOLD} and more than {POINTS_THRESHOLD * 100:.0f} points off).",
    )


def _figure(entries: Sequence[Mapping[str, Any]], game_id: str) -> ReportFigure:
    fig, axes = panel_grid(len(entries))
    for ax, entry in zip(axes, entries, strict=True):
        seats = entry["seats"]
        labels = [str(s["seat"]) for s in seats]
        values = [s["share"] for s in seats]
        errors = [[s["share"] - s["low"] for s in seats], [s["high"] - s["share"] for s in seats]]
        ax.bar(labels, values, yerr=errors, capsize=3, color="#4878a8")
        ax.axhline(entry["equal_share"], color="#c0504d", linestyle="--", linewidth=1)
        ax.set_title(f"{entry['players']} players", fontsize="medium")
        ax.set_xlabel("seat (1 plays first)")
        percent_axis(ax)
    for ax in axes[::PANELS_PER_ROW]:
        ax.set_ylabel("win share (95% interval)")
    fig.suptitle(f"{game_title(game_id)}: win share per seat, bots rotated")
    return to_report(
        fig,
        "Win share per seat",
        "Bars: each seat's share of games won, with 95% intervals, one panel per player "
        "count; the dashed line is the share every seat would have if seats did not matter.",
    )


def seat_order_section(game_id: str, rows: Mapping[int, Sequence[GameRow]]) -> Section:
    """The section, from the battery's rows per player count."""
    entries = [seat_order_of(rows[n], n) for n in sorted(rows)]
    table = ReportTable(
        title="Win share per seat",
        columns=[
            "Players",
            "Games",
            "Seat",
            "Wins",
            "Win share",
            "95% interval",
            "Off equal",
            "Chi-square p",
            "Cramer's V",
        ],
        note="A shared win counts for each winner. Off equal: the share minus the share "
        "every seat would have if seats did not matter (the dashed line of the figure). "
        "Chi-square p: Pearson's test that every seat wins equally often, one value per "
        "player count. Cramer's V: how strongly the seat goes with winning, 0 (not at "
        "all) to 1, 0.1 being small; it does not grow with the number of games.",
    )
    for entry in entries:
        for seat in entry["seats"]:
            table.rows.append(
                [
                    entry["players"],
                    entry["games"],
                    seat["seat"],
                    seat["wins"],
                    f"{seat['share']:.1%}",
                    share_range(seat["low"], seat["high"]),
                    f"{seat['off_equal'] * 100:+.1f} pts",
                    f"{entry['p_value']:.3g}" if seat["seat"] == 1 else "",
                    _effect(entry) if seat["seat"] == 1 else "",
                ]
            )
    flags = [_flag(e) for e in entries if e["games"]]
    unbalanced = [str(e["players"]) for e in entries if e["unbalanced"]]
    summary = [
        "Each seat's share of the games it won, with the bots turned one seat each game so "
        "every bot sat in every seat equally often: a difference between seats comes from "
        "the seat, not from a stronger bot. The 95% interval is where the true share lies, "
        "19 times in 20; the chi-square test asks how likely seats this uneven would be if "
        "every seat won equally often.",
        (
            f"Out of balance at {', '.join(unbalanced)} players: "
            "the seat order changes who wins, by more than chance and by more than "
            f"{POINTS_THRESHOLD * 100:.0f} points."
            if unbalanced
            else "No player count shows a seat off its equal share by more than "
            f"{POINTS_THRESHOLD * 100:.0f} points with p < {P_THRESHOLD}."
        ),
    ]
    figures = [_figure(entries, game_id)] if entries else []
    return Section(
        id="seat-order",
        title="Seat order",
        summary=summary,
        tables=[table],
        figures=figures,
        flags=flags,
        data={
            "thresholds": {"p_value": P_THRESHOLD, "points": POINTS_THRESHOLD},
            "by_players": entries,
        },
    )
