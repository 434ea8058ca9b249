"""Reviewing a finished game (issue 26): its record replayed move by move, each seat's
decisions judged by the tote board from what the seat knew then.

At every move of a seat where the game's board lists bets, the review draws a world
the seat cannot tell from the real one (:meth:`Observation.sample_world`) and runs the
board (:func:`~tote.core.tote_board.estimate`) on it, so the real state's hidden parts
never reach the board; the move the seat made is valued on the same worlds as the
listed bets (common random numbers). Each board's random stream is seeded from the
record's seed and the move's index, so a review is the same every time. The state
where the board's horizon really ended (the race, question or scoring) gives what the
move actually earned: the luck.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import cast

from tote.core.bot import Observation
from tote.core.errors import OptionsError, RecordError
from tote.core.match import Match
from tote.core.moves import CHANCE, Move
from tote.core.record import Record
from tote.core.state import State
from tote.core.tote_board import (
    BetChoice,
    Estimate,
    Markets,
    estimate,
    mean_interval,
    random_policy,
    rollout,
)
from tote.review.judges import Judge, judge_for, total
from tote.review.marks import MARKS, accuracy_of, mark_of
from tote.review.model import Decision, Review, SeatSummary
from tote.review.search_judge import (
    MOST_SEARCH_WORLDS,
    NO_SEARCH,
    OFF,
    PLANS,
    SearchJudge,
    search_judge_for,
)

WORLDS = 400
"""Worlds the board samples per decision by default (a game's judge may ask fewer,
:attr:`Judge.worlds`): a Winner's Circle review of every seat in a few seconds
(docs/review.md), each bet's value to about ±10% of its spread."""
MOST_WORLDS = 100_000
"""The most a review may ask per decision (every input bounded)."""

Progress = Callable[[int, int], None]
"""Told ``(moves replayed, moves in the record)`` as the review goes."""


def extended(markets: Markets, extra: Sequence[BetChoice]) -> Markets:
    """``markets`` whose board also values ``extra`` bets, after the listed ones, on the
    same worlds (a bet the seat made that the board does not list as it stands)."""
    listed = type(markets).bets

    def bets(self: Markets, state: State, seat: int | None) -> list[BetChoice]:
        return [*listed(self, state, seat), *extra]

    kind = type(f"Reviewed{type(markets).__name__}", (type(markets),), {"bets": bets})
    made = cast(Markets, object.__new__(kind))
    made.__dict__.update(markets.__dict__)
    return made


@dataclass
class _Pending:
    """A judged decision waiting for its horizon to end in the real game."""

    decision: Decision
    start: State
    parts: list[BetChoice]
    replaced: bool = False


def expected_value(
    world: State,
    seat: int,
    move: Move,
    parts: Sequence[BetChoice],
    markets: Markets,
    judge: Judge,
    rng: random.Random,
    worlds: int,
) -> Estimate:
    """What the move is expected to earn, as it was played: over worlds drawn from
    ``world`` as ``seat`` knows it, the move made, the rest played on by the board's
    rollout policy to the horizon, and its earnings read by :meth:`Judge.realized`, the
    very rule that reads what it actually earned. So where the other seats play as the
    rollouts do, what a move earns averages to this, and luck averages to zero."""
    if not parts:
        return Estimate(0.0, 0.0, 0.0)
    sums = squares = 0.0
    for _ in range(worlds):
        played = world.sample_world(seat, rng, log=False)
        played.apply(seat, move)
        end = rollout(world, played, markets, random_policy, rng)
        value = judge.realized(markets, world, end, seat, parts)
        sums += value
        squares += value * value
    return mean_interval(sums, squares, worlds)


def _judge(
    state: State,
    seat: int,
    move: Move,
    index: int,
    label: str,
    markets: Markets,
    judge: Judge,
    seed: int | None,
    worlds: int,
) -> tuple[Decision, list[BetChoice]] | None:
    """The decision judged by the board, or ``None`` where the board does not value it."""
    listed = markets.bets(state, seat)
    if not listed:
        return None
    rng = random.Random(f"tote-review:{seed}:{index}")
    world = Observation(state, seat).sample_world(rng)
    listed = markets.bets(world, seat)
    parts = judge.parts(world, seat, move, listed)
    if parts is None:
        return None
    extra: list[BetChoice] = []
    for choice in [*parts, *judge.extra_choices(world, seat, move, listed)]:
        if all(choice.move != c.move for c in [*listed, *extra]):
            extra.append(choice)
    board = estimate(
        world,
        seat,
        extended(markets, extra) if extra else markets,
        rng=rng,
        samples=worlds,
        min_samples=min(100, worlds),
    )
    by_move = {v.bet.move: v.ev for v in board.bets}
    chosen = total([by_move[p.move] for p in parts])
    found = judge.best(world, seat, move, board.bets)
    if found is None or found[0].value <= chosen.value:
        best, best_label = chosen, label
    else:
        best, best_label = found
    scale = judge.scale_of(world, seat, move)
    expected = expected_value(
        world,
        seat,
        move,
        parts,
        markets,
        judge,
        random.Random(f"tote-review-expected:{seed}:{index}"),
        worlds,
    )
    lost = max(0.0, best.value - chosen.value)
    decision = Decision(
        index=index,
        seat=seat,
        move=move.to_json(),
        label=label,
        mark=mark_of(chosen, best, scale),
        chosen=chosen,
        best=best,
        best_label=best_label,
        lost=lost,
        scale=scale,
        accuracy=accuracy_of(lost, scale),
        expected=expected,
        worlds=board.samples,
        judge="board",
        unit=markets.unit,
    )
    return decision, parts


def review(
    record: Record,
    seat: int | None = None,
    *,
    worlds: int | None = None,
    search_worlds: int | None = None,
    progress: Progress | None = None,
) -> Review:
    """The review of a finished game: every seat's decisions (``seat``: one seat's only)
    judged from what it knew then, and each seat's summary (docs/review.md). The board
    judges the bets (``worlds`` a decision), the ``strong`` bot's search the other moves
    (``search_worlds`` a decision, :mod:`tote.review.search_judge`; 0 turns it off).

    A record that does not replay, a game that is not finished, a seat that does not
    exist or a budget out of bounds is refused (:class:`RecordError`,
    :class:`OptionsError`)."""
    if worlds is not None and not 1 <= worlds <= MOST_WORLDS:
        raise OptionsError(f"worlds must be 1 to {MOST_WORLDS:,}, not {worlds}")
    check_search_worlds(search_worlds)
    match = Match.replay(record)
    players = match.state.num_players
    if not match.state.is_over:
        raise RecordError(
            f"the game is not finished ({len(record.moves)} moves): only a finished game"
            " can be reviewed"
        )
    if seat is not None and not 0 <= seat < players:
        raise OptionsError(f"there is no seat {seat}: this game has seats 0 to {players - 1}")
    game = match.game
    markets = game.markets
    judge = judge_for(game.id) if markets is not None else None
    if worlds is None:
        worlds = WORLDS if judge is None else judge.worlds
    search = search_judge_for(game, search_worlds)
    state = game.new_state(match.options, players)
    decisions: list[Decision] = []
    pending: list[_Pending] = []
    moves = match.moves
    for index, (actor, move) in enumerate(moves):
        if actor != CHANCE and (seat is None or actor == seat):
            assert isinstance(actor, int)
            label = game.describe_move(move)
            judged = None
            if markets is not None and judge is not None:
                judged = _judge(
                    state, actor, move, index, label, markets, judge, record.seed, worlds
                )
            if judged is None:
                decisions.append(
                    _searched(search, game.id, state, actor, move, index, label, record.seed)
                )
            else:
                decision, parts = judged
                if judge is not None and judge.replaces:
                    for earlier in pending:
                        if earlier.decision.seat == actor:
                            earlier.replaced = True
                pending.append(_Pending(decision, state.clone(), parts))
        state.apply(actor, move)
        if pending and markets is not None and judge is not None:
            still = []
            for waiting in pending:
                if state.is_over or markets.settled(waiting.start, state):
                    decisions.append(_settled(waiting, markets, judge, state))
                else:
                    still.append(waiting)
            pending = still
        if progress is not None:
            progress(index + 1, len(moves))
    decisions.sort(key=lambda d: d.index)
    result = match.state.result()
    names = [p.name for p in match.players]
    seats = range(players) if seat is None else [seat]
    summaries = [
        _summary(
            s,
            names[s],
            [d for d in decisions if d.seat == s],
            None if result is None else float(result.scores[s]),
        )
        for s in seats
    ]
    return Review(
        game=game.id,
        seed=record.seed,
        unit=markets.unit if markets is not None else "",
        worlds=worlds,
        search_worlds=0 if search is None else search.worlds,
        seats=summaries,
        decisions=decisions,
    )


def _settled(waiting: _Pending, markets: Markets, judge: Judge, end: State) -> Decision:
    """The decision with what its move earned, its horizon over (``None``: replaced)."""
    d = waiting.decision
    if waiting.replaced:
        return d
    actual = judge.realized(markets, waiting.start, end, d.seat, waiting.parts)
    return dataclasses.replace(d, actual=actual)


def check_search_worlds(search_worlds: int | None) -> None:
    """Refuse a search budget out of bounds: 0 (off) or 2 to :data:`MOST_SEARCH_WORLDS`
    (one world gives no interval)."""
    if search_worlds is not None and not (
        search_worlds == 0 or 2 <= search_worlds <= MOST_SEARCH_WORLDS
    ):
        raise OptionsError(
            f"search worlds must be 0 (off) or 2 to {MOST_SEARCH_WORLDS:,}, not {search_worlds}"
        )


def _searched(
    search: SearchJudge | None,
    game_id: str,
    state: State,
    seat: int,
    move: Move,
    index: int,
    label: str,
    seed: int | None,
) -> Decision:
    """A decision the board does not value: judged by the search, or why not."""
    if search is not None:
        return search.judge(state, seat, move, index, label, seed)
    reason = OFF if game_id in PLANS else NO_SEARCH
    return Decision(index, seat, move.to_json(), label, reason=reason)


def _summary(seat: int, name: str, decisions: list[Decision], final: float | None) -> SeatSummary:
    judged = [d for d in decisions if d.mark is not None]
    counted = [d for d in judged if d.actual is not None and d.expected is not None]
    lucky = max(counted, key=lambda d: (abs(d.luck or 0.0), -d.index), default=None)
    worst = sorted((d for d in judged if d.lost > 0), key=lambda d: (-d.lost / d.scale, d.index))[
        :3
    ]
    return SeatSummary(
        seat=seat,
        name=name,
        judged=len(judged),
        not_judged=len(decisions) - len(judged),
        accuracy=(sum(d.accuracy or 0.0 for d in judged) / len(judged) if judged else None),
        left_on_table=sum(d.lost for d in judged if d.judge == "board"),
        expected=sum(d.expected.value for d in counted if d.expected is not None),
        actual=sum(d.actual or 0.0 for d in counted),
        marks={m: sum(1 for d in judged if d.mark == m) for m in MARKS},
        biggest_luck=None if lucky is None else lucky.index,
        worst=[d.index for d in worst],
        final=final,
        searched=sum(1 for d in judged if d.judge == "search"),
    )
