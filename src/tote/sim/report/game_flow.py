"""The report's "How the game goes" section (issue 29): length, final score spread, how
often nobody wins, shared wins, lead changes and how early the winner is decided.

From every row: length in moves (the seats' moves; chance moves apart) and, where the
game's stats give it, in rounds; the spread of final scores (highest minus lowest) and
the winner's margin (highest minus second highest); games nobody won (Horse Fever, where
every player can be eliminated: its result then has no winner) and games with a shared
win; Horse Fever's eliminations from its ``eliminated`` column.

From the recorded games (the battery's first :data:`~tote.sim.report.battery.MAX_RECORDED`
per player count), replayed move by move with each seat's score at every state: the
game's ``markets.standings`` (money in Winner's Circle and Wetten!, points in Wits &
Wagers and Carcassonne, VP then Danari in Horse Fever), read after every move of the
record, chance moves included. States ``s_0`` (the start) to ``s_T`` (the end):

- **Leaders** of a state: the seats with the highest score in it. A **lead change** is a
  state whose leaders differ from the previous state's; the **lead-change rate** is the
  changes over the ``T`` steps, as Ludii's ``LeadChange`` metric ("percentage number of
  times the expected winner changes"). The first change, from everyone level at the
  start to a first leader, counts.
- **Decided at** (Ludii's ``DecisivenessMoves``, with its ``DecisivenessThreshold``):
  the threshold is the highest score any seat that did not win ever had, at any state;
  the game is decided at the first move ``i`` (0 to ``T - 1``) whose state before it
  ``s_i`` has a winner's score above that threshold, as a share ``i / T`` of the game (1
  when that never happens before the end). A share of 0.3 means that after 30% of the
  moves the winner was ahead of everything any loser would ever reach. Games with no
  winner, or where everyone won, have none.

Thresholds (flags): nobody wins in more than :data:`NO_WINNER_THRESHOLD` of games; shared
wins in more than :data:`SHARED_THRESHOLD`; the winner decided, on average, within the
first :data:`EARLY_THRESHOLD` of the game.
"""

from __future__ import annotations

import gzip
import itertools
import json
import math
import statistics
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from tote.core.game import Game
from tote.core.moves import CHANCE
from tote.core.record import Record
from tote.core.registry import get_game
from tote.core.tote_board import wilson
from tote.sim.game_stats import ROUNDS
from tote.sim.report.figures import game_title, new_figure, percent_axis, to_report
from tote.sim.report.section import Flag, ReportFigure, ReportTable, Section, share_range
from tote.sim.runner import GameRow

NO_WINNER_THRESHOLD = 0.05
SHARED_THRESHOLD = 0.10
EARLY_THRESHOLD = 0.25

Trace = Sequence[Sequence[float]]
"""Every seat's score at every state of one game, the start first."""


# ------------------------------------------------------------------ one game
def score_trace(game: Game, record: bytes) -> list[list[float]]:
    """Replay a row's record (gzip-compressed JSON line) and read every seat's score
    (``game.markets.standings``) at the start and after every move."""
    markets = game.markets
    if markets is None:
        raise ValueError(f"{game.id} has no standings to follow scores by")
    data = Record.from_json(json.loads(gzip.decompress(record)))
    options = game.options(data.options, written_by=data.engine)
    state = game.new_state(options, len(data.players))
    trace = [list(markets.standings(state))]
    for entry in data.moves:
        actor = CHANCE if entry.by == CHANCE else entry.by
        state.apply(actor, entry.move)
        trace.append(list(markets.standings(state)))
    return trace


def leaders(scores: Sequence[float]) -> frozenset[int]:
    """The seats with the highest score."""
    top = max(scores)
    return frozenset(seat for seat, score in enumerate(scores) if score == top)


def lead_changes(trace: Trace) -> int:
    """States whose leaders differ from the previous state's (see the module's docstring)."""
    return sum(1 for a, b in itertools.pairwise(trace) if leaders(a) != leaders(b))


def lead_change_rate(trace: Trace) -> float | None:
    """Lead changes over the steps of the game (None for a game of no move)."""
    steps = len(trace) - 1
    return lead_changes(trace) / steps if steps > 0 else None


def decisiveness_threshold(trace: Trace, winners: Sequence[int]) -> float | None:
    """The highest score any seat that did not win had at any state (None when every
    seat won, or nobody did)."""
    losers = [seat for seat in range(len(trace[0])) if seat not in winners]
    if not winners or not losers:
        return None
    return max(state[seat] for state in trace for seat in losers)


def decided_at(trace: Trace, winners: Sequence[int]) -> float | None:
    """The share of the game played when a winner first scored above the decisiveness
    threshold (Ludii's DecisivenessMoves; see the module's docstring)."""
    threshold = decisiveness_threshold(trace, winners)
    steps = len(trace) - 1
    if threshold is None or steps <= 0:
        return None
    for index in range(steps):
        if any(trace[index][seat] > threshold for seat in winners):
            return index / steps
    return 1.0


# ------------------------------------------------------------------ one player count
def _spread(values: Sequence[float]) -> dict[str, float | None]:
    if not values:
        return {
            "n": 0,
            "mean": None,
            "sd": None,
            "median": None,
            "min": None,
            "max": None,
            "low": None,
            "high": None,
        }
    mean = statistics.fmean(values)
    sd = statistics.stdev(values) if len(values) > 1 else None
    half = 1.96 * sd / math.sqrt(len(values)) if sd is not None else None
    return {
        "n": len(values),
        "mean": mean,
        "sd": sd,
        "median": statistics.median(values),
        "min": min(values),
        "max": max(values),
        "low": None if half is None else mean - half,
        "high": None if half is None else mean + half,
    }


def flow_of(game: Game, rows: Sequence[GameRow], players: int) -> dict[str, Any]:
    """One player count's numbers (the section's ``data["by_players"]`` entry); ``*_values``
    keep the per-game numbers the figures draw."""
    games = len(rows)
    moves = [float(r.moves) for r in rows]
    rounds = [
        float(v)
        for r in rows
        if isinstance(v := r.columns.get(ROUNDS), int | float) and not isinstance(v, bool)
    ]
    spreads = [float(max(r.scores) - min(r.scores)) for r in rows]
    margins = [float(sorted(r.scores)[-1] - sorted(r.scores)[-2]) for r in rows if players > 1]
    no_winner = sum(1 for r in rows if not r.winners)
    shared = sum(1 for r in rows if len(r.winners) > 1)
    has_eliminations = any("eliminated" in r.columns for r in rows)
    eliminated = sum(1 for r in rows if int(r.columns.get("eliminated") or 0) > 0)
    changes: list[float] = []
    rates: list[float] = []
    decided: list[float] = []
    if game.markets is not None:
        for row in rows:
            if row.record is None:
                continue
            trace = score_trace(game, row.record)
            changes.append(float(lead_changes(trace)))
            if (rate := lead_change_rate(trace)) is not None:
                rates.append(rate)
            if (share := decided_at(trace, row.winners)) is not None:
                decided.append(share)
    nobody = wilson(no_winner, games)
    tied = wilson(shared, games)
    entry: dict[str, Any] = {
        "players": players,
        "games": games,
        "moves": _spread(moves),
        "chance_moves": _spread([float(r.chance_moves) for r in rows]),
        "rounds": _spread(rounds) if rounds else None,
        "score_spread": _spread(spreads),
        "winner_margin": _spread(margins),
        "no_winner": {"games": no_winner, **nobody.to_json()},
        "shared_wins": {"games": shared, **tied.to_json()},
        "eliminations": (
            {"games": eliminated, **wilson(eliminated, games).to_json()}
            if has_eliminations
            else None
        ),
        "replayed": len(changes),
        "lead_changes": _spread(changes),
        "lead_change_rate": _spread(rates),
        "decided_at": _spread(decided),
        "moves_values": moves,
        "decided_values": decided,
    }
    return entry


# ------------------------------------------------------------------ the section
def _num(value: float | None, digits: int = 1) -> str:
    return "" if value is None else f"{value:.{digits}f}"


def _flags(entry: Mapping[str, Any]) -> list[Flag]:
    n = entry["players"]
    flags = []
    nobody = entry["no_winner"]
    if nobody["value"] > NO_WINNER_THRESHOLD:
        flags.append(
            Flag(
                "warn",
                f"{n} players: nobody wins {nobody['value']:.1%} of games "
                f"({share_range(nobody['low'], nobody['high'])}), more than "
                f"{NO_WINNER_THRESHOLD:.0%}.",
            )
        )
    else:
        flags.append(
            Flag(
                "ok",
                f"{n} players: nobody wins {nobody['value']:.1%} of games "
                f"(threshold {NO_WINNER_THRESHOLD:.0%}).",
            )
        )
    shared = entry["shared_wins"]
    level: Literal["ok", "warn"] = "warn" if shared["value"] > SHARED_THRESHOLD else "ok"
    flags.append(
        Flag(
            level,
            f"{n} players: {shared['value']:.1%} of games end in a shared "
            f"win (threshold {SHARED_THRESHOLD:.0%}).",
        )
    )
    decided = entry["decided_at"]
    if decided["n"]:
        early = decided["mean"] < EARLY_THRESHOLD
        flags.append(
            Flag(
                "warn" if early else "ok",
                f"{n} players: the winner is out of reach, on average, after "
                f"{decided['mean']:.0%} of the game"
                + (
                    f", within the first {EARLY_THRESHOLD:.0%}: the rest is played out."
                    if early
                    else f" (threshold: within the first {EARLY_THRESHOLD:.0%})."
                ),
            )
        )
    return flags


def _figure(entries: Sequence[Mapping[str, Any]], game_id: str) -> ReportFigure:
    fig, (left, right) = new_figure(2, width=8.5, height=3.6)
    labels = [str(e["players"]) for e in entries]
    left.boxplot([e["moves_values"] or [0.0] for e in entries], tick_labels=labels)
    left.set_xlabel("players")
    left.set_ylabel("length (seats' moves per game)")
    left.set_title("Game length", fontsize="medium")
    right.boxplot([e["decided_values"] or [math.nan] for e in entries], tick_labels=labels)
    right.axhline(EARLY_THRESHOLD, color="#c0504d", linestyle="--", linewidth=1)
    right.set_xlabel("players")
    right.set_ylabel("decided at (share of the game)")
    right.set_ylim(0, 1.05)
    percent_axis(right)
    right.set_title("When the winner is out of reach", fontsize="medium")
    fig.suptitle(f"{game_title(game_id)}: how the game goes")
    return to_report(
        fig,
        "Length and decisiveness",
        "Left: box plots of the game's length in the seats' moves per player count. "
        "Right: box plots of the share of the game played when the winner was out of "
        "reach; the dashed line marks the first quarter.",
    )


def game_flow_section(game_id: str, rows: Mapping[int, Sequence[GameRow]]) -> Section:
    """The section, from the battery's rows per player count (records where kept)."""
    game = get_game(game_id)
    entries = [flow_of(game, rows[n], n) for n in sorted(rows)]
    length = ReportTable(
        title="Length and scores",
        columns=[
            "Players",
            "Games",
            "Moves (mean)",
            "Moves (median, range)",
            "Rounds (mean)",
            "Score spread",
            "Winner's margin",
        ],
        note="Moves: the seats' moves (chance moves apart). Score spread: highest minus "
        "lowest final score, mean over games; winner's margin: highest minus second "
        "highest. Scores in the game's unit (money, points or VP).",
    )
    endings = ReportTable(
        title="Endings and the lead",
        columns=[
            "Players",
            "Nobody wins",
            "Shared win",
            "Eliminations",
            "Lead changes",
            "Lead-change rate",
            "Decided at (95% interval)",
            "Replayed",
        ],
        note="Shares with 95% Wilson intervals. Lead changes per game and the rate per "
        "move (Ludii's LeadChange); decided at: the share of the game played when the "
        "winner first scored above anything a non-winner ever reached (Ludii's "
        "DecisivenessMoves), mean over the replayed games.",
    )
    for e in entries:
        moves = e["moves"]
        length.rows.append(
            [
                e["players"],
                e["games"],
                _num(moves["mean"]),
                f"{_num(moves['median'], 0)} ({_num(moves['min'], 0)}-{_num(moves['max'], 0)})",
                _num(e["rounds"]["mean"]) if e["rounds"] else "",
                _num(e["score_spread"]["mean"]),
                _num(e["winner_margin"]["mean"]),
            ]
        )
        decided = e["decided_at"]
        endings.rows.append(
            [
                e["players"],
                f"{e['no_winner']['value']:.1%}",
                f"{e['shared_wins']['value']:.1%}",
                f"{e['eliminations']['value']:.1%} of games" if e["eliminations"] else "",
                _num(e["lead_changes"]["mean"]),
                _num(e["lead_change_rate"]["mean"], 3),
                ""
                if decided["mean"] is None
                else (
                    f"{decided['mean']:.0%}"
                    + (
                        ""
                        if decided["low"] is None
                        else f" ({decided['low']:.0%}-{decided['high']:.0%})"
                    )
                ),
                e["replayed"],
            ]
        )
    flags = [flag for e in entries if e["games"] for flag in _flags(e)]
    replayed = max((e["replayed"] for e in entries), default=0)
    summary = [
        "How long a game lasts, how far apart the final scores end, how often the game ends "
        "with nobody winning or a shared win, and how the lead moves: how often the seat in "
        "front changes, and how early the eventual winner is beyond the reach of everyone "
        "else (the share of the game played by then; low means the end is played out with "
        "the result already known).",
        f"Lead and decisiveness are read by replaying the first {replayed} "
        "games of each player count move by move, with each seat's money, points or VP "
        "after every move.",
    ]
    data_entries = [{k: v for k, v in e.items() if not k.endswith("_values")} for e in entries]
    return Section(
        id="game-flow",
        title="How the game goes",
        summary=summary,
        tables=[length, endings],
        figures=[_figure(entries, game_id)] if entries else [],
        flags=flags,
        data={
            "thresholds": {
                "no_winner": NO_WINNER_THRESHOLD,
                "shared_wins": SHARED_THRESHOLD,
                "decided_early": EARLY_THRESHOLD,
            },
            "by_players": data_entries,
        },
    )
