"""The tote board: what each bet is worth to a seat, from what that seat knows.

For a seat and a state, :func:`estimate` runs Monte Carlo over worlds the seat cannot
tell from the real one (:meth:`State.sample_world`), each played on by a rollout policy
to the end of the current race, question or scoring (or, as an option, of the game).
It estimates the probability of every outcome a bet can be placed on and the expected
value of every bet the seat can place now, each with a 95% confidence interval, and
stops at a precision target, a sample cap or a time budget, whichever comes first. It
reports progress and can be cancelled. The method is pokerkit's equity calculator's,
over information sets: nothing it reads is hidden from the seat.

What is particular to a game (its outcomes, its bets and what they pay, where its
horizon lies) is its :class:`Markets`, in ``tote.games.<game>.tote_board``.
"""

from __future__ import annotations

import math
import random
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from tote.core.errors import IllegalMove, OptionsError
from tote.core.moves import CHANCE, Move
from tote.core.state import State

Policy = Callable[[State, int, random.Random], Move]
"""A rollout policy: the move ``seat`` makes in a sampled world. Policies are handed
sampled worlds only, never the real state."""

Sample = tuple[dict[str, str], list[float]]
"""One sample of a board: how every market ended (:meth:`Markets.outcomes`) and what
each bet earned (:meth:`Markets.payoffs`)."""

OtherSample = tuple[dict[str, str], list[float], list[list[float]]]
"""One sample of a board whose bets are valued in other units too: a :data:`Sample`
and, per unit of :attr:`Markets.other_units`, each bet's value in it."""

Z95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95% interval."""

MOST_SAMPLES = 1_000_000
"""The most worlds one board may sample: a bound on every request."""
MOST_SECONDS = 60.0
"""The longest time budget one board may take."""


def random_policy(state: State, seat: int, rng: random.Random) -> Move:
    """The default rollout policy: a uniformly random legal move."""
    return state.random_move(seat, rng)


@dataclass(frozen=True, slots=True)
class BetChoice:
    """A bet the seat can place now, and the move that places it.

    ``key`` is stable and short (``"2@Blue"``), ``label`` is in the rulebook's words
    (``"your 2-chip on Blue"``); ``move`` is the legal move that places the bet, or
    ``None`` for a bet that is on the board but not one move (a ticket line)."""

    key: str
    label: str
    move: Move | None = None
    stake: float = 0.0
    """What the bet costs the seat now (money laid down), for the report."""


class Markets(ABC):
    """One game's betting markets: what it bets on, what bets pay, where rollouts stop."""

    unit: ClassVar[str]
    """The game's money or points, in words: ``"$"``, ``"Danari"``, ``"points"``."""
    horizon_name: ClassVar[str] = "race"
    """What a rollout plays out by default: ``"race"``, ``"question"``, ``"scoring"``."""
    other_units: ClassVar[tuple[str, ...]] = ()
    """Further units each bet is valued in besides :attr:`unit`, by
    :meth:`payoffs_with_others` (Horse Fever: ``("VP",)``, whose bets pay Danari and Victory
    Points). A bet's ``ev`` stays in :attr:`unit`, and :meth:`Board.best_bet` ranks by it."""
    bettable: ClassVar[tuple[str, ...] | None] = None
    """The outcomes some bet of the game pays or costs on, in the order a board shows
    them; ``None``: every outcome. The table page shows only these (issue 27, 5: "hide
    what cannot matter", e.g. Horse Fever's 4th to 6th, on which no bet is placed)."""
    precision_outcomes: ClassVar[frozenset[str] | None] = None
    """Kept so that markets setting it still load; :func:`estimate` no longer reads it.
    It once narrowed the precision target to these outcomes (Winner's Circle: each
    horse's ``win``), so that late in a race a board stopped at 192 worlds with ±7-point
    intervals on the others; now every outcome the board shows is held to it (issue 24,
    the board's precision promise)."""

    @abstractmethod
    def settled(self, start: State, now: State) -> bool:
        """Whether the rollout from ``start`` has reached the end of the race, question or
        scoring that was under way at ``start`` (the game's end always settles)."""

    @abstractmethod
    def outcomes(self, start: State, end: State) -> dict[str, str]:
        """How every market ended in one rollout: market name -> outcome label (for a
        horse: ``"win"``, ``"place"``, ``"show"``, ``"last"``, ``"out"``...)."""

    def outcome_labels(self, start: State) -> dict[str, list[str]]:
        """Every market and its possible outcomes, in the order a board shows them;
        an outcome never seen is shown at 0%. By default, the outcomes as they come."""
        return {}

    @abstractmethod
    def bets(self, state: State, seat: int | None) -> list[BetChoice]:
        """The bets ``seat`` can place now (none for a spectator or out of turn)."""

    @abstractmethod
    def payoffs(
        self, start: State, end: State, seat: int | None, bets: Sequence[BetChoice]
    ) -> list[float]:
        """What each bet would have earned the seat, net of its stake, in :attr:`unit`,
        had it been placed at ``start`` and the rollout ended at ``end``."""

    def payoffs_with_others(
        self, start: State, end: State, seat: int | None, bets: Sequence[BetChoice]
    ) -> tuple[list[float], list[list[float]]]:
        """:meth:`payoffs`, and the same in each of :attr:`other_units` (one list per
        unit, one value per bet), worked out together. By default no other unit."""
        return self.payoffs(start, end, seat, bets), []

    def play_out(self, world: State, rng: random.Random) -> bool:
        """Play ``world`` on with every seat's choices uniformly random (the
        :func:`random_policy`) and chance from ``rng``, faster than the rules loop,
        to the end of the race, question or scoring under way; ``False`` (and nothing
        changed) where the game has no such shortcut from here.

        A game that provides one draws from ``rng`` exactly what the rules loop would,
        in the same order, so the world ends where :func:`rollout` would have ended it
        and a board is the same with or without it, only sooner (its tests show this).
        It may leave the world's event log short. By default there is none."""
        return False

    def quick_sampler(
        self, state: State, seat: int | None, bets: Sequence[BetChoice]
    ) -> Callable[[random.Random], Sample] | None:
        """A faster way to draw one sample of ``seat``'s board at ``state`` (a world
        drawn, played on with the :func:`random_policy` to the end of the race, question
        or scoring under way, its :meth:`outcomes` and :meth:`payoffs` read), prepared
        once per board; or ``None`` where the game has no such shortcut from here.

        A game that provides one draws from the ``rng`` it is given exactly what the
        general path (:meth:`State.sample_world`, :func:`rollout`) would, in the same
        order, and returns exactly what that path returns, so a board is the same with
        or without it, only sooner (its tests show this). By default there is none."""
        return None

    def quick_sampler_with_others(
        self, state: State, seat: int | None, bets: Sequence[BetChoice]
    ) -> Callable[[random.Random], OtherSample] | None:
        """:meth:`quick_sampler` for markets with :attr:`other_units`: one sample, each
        bet's value in each other unit too (:meth:`payoffs_with_others`), under the same
        promise (issue 24). By default there is none."""
        return None

    @abstractmethod
    def standings(self, state: State) -> list[float]:
        """Each seat's money or points now, as far as everyone knows (a bot's yardstick
        mid-game)."""


class ChancesOnly(Markets):
    """Markets whose board shows the chances only: no bet of the game is valued yet."""

    def bets(self, state: State, seat: int | None) -> list[BetChoice]:
        return []

    def payoffs(
        self, start: State, end: State, seat: int | None, bets: Sequence[BetChoice]
    ) -> list[float]:
        return [0.0] * len(bets)

    def settled(self, start: State, now: State) -> bool:
        """By default the race, question or scoring ends when the game's ``history`` (a
        list every game keeps, one entry each) grows."""
        history = getattr(now, "history", None)
        assert isinstance(history, list)
        return len(history) > len(getattr(start, "history", ()))


@dataclass(frozen=True, slots=True)
class Estimate:
    """A probability or an expected value with its 95% confidence interval."""

    value: float
    low: float
    high: float

    def to_json(self) -> dict[str, float]:
        return {"value": self.value, "low": self.low, "high": self.high}


@dataclass(frozen=True, slots=True)
class BetValue:
    """One bet on the board: its expected value to the seat, net of its stake, in the
    board's unit, and in each of its other units (``other``: unit -> value)."""

    bet: BetChoice
    ev: Estimate
    other: dict[str, Estimate] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        found: dict[str, Any] = {
            "key": self.bet.key,
            "label": self.bet.label,
            "move": None if self.bet.move is None else self.bet.move.to_json(),
            "stake": self.bet.stake,
            "ev": self.ev.to_json(),
        }
        if self.other:
            found["other_ev"] = {unit: e.to_json() for unit, e in self.other.items()}
        return found


@dataclass(frozen=True)
class Board:
    """The tote board of one seat at one state."""

    game: str
    seat: int | None
    unit: str
    horizon: str
    samples: int
    seconds: float
    stopped_by: str
    """``"precision"``, ``"samples"``, ``"time"`` or ``"cancelled"``."""
    markets: dict[str, dict[str, Estimate]]
    bets: list[BetValue] = field(default_factory=list)
    other_units: tuple[str, ...] = ()
    """The units of each bet's ``other`` values (:attr:`Markets.other_units`)."""

    def best_bet(self) -> BetValue | None:
        """The placeable bet of highest expected value, if any."""
        placeable = [b for b in self.bets if b.bet.move is not None]
        return max(placeable, key=lambda b: b.ev.value, default=None)

    def to_json(self) -> dict[str, Any]:
        found: dict[str, Any] = {
            "game": self.game,
            "seat": self.seat,
            "unit": self.unit,
            "horizon": self.horizon,
            "samples": self.samples,
            "seconds": round(self.seconds, 4),
            "stopped_by": self.stopped_by,
            "markets": {
                m: {o: e.to_json() for o, e in outs.items()} for m, outs in self.markets.items()
            },
            "bets": [b.to_json() for b in self.bets],
        }
        if self.other_units:
            found["other_units"] = list(self.other_units)
        return found


def wilson(successes: int, n: int) -> Estimate:
    """A proportion with its 95% Wilson score interval (sound near 0 and 1)."""
    if n == 0:
        return Estimate(0.0, 0.0, 1.0)
    return Estimate(*_wilson_bounds(successes, n))


def _wilson_bounds(successes: int, n: int) -> tuple[float, float, float]:
    """:func:`wilson`'s proportion, low and high, ``n`` at least 1, as plain numbers
    (issue 24: the board's stopping check reads them for every outcome)."""
    p = successes / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return p, low, high


def mean_interval(total: float, squares: float, n: int) -> Estimate:
    """A mean with its 95% normal interval, from the sum and sum of squares."""
    if n == 0:
        return Estimate(0.0, -math.inf, math.inf)
    mean = total / n
    if n == 1:
        return Estimate(mean, -math.inf, math.inf)
    variance = max(0.0, (squares - n * mean * mean) / (n - 1))
    half = Z95 * math.sqrt(variance / n)
    return Estimate(mean, mean - half, mean + half)


def rollout(
    start: State,
    world: State,
    markets: Markets,
    policy: Policy,
    rng: random.Random,
    *,
    to_game_end: bool = False,
    move_bound: int = 100_000,
) -> State:
    """Play ``world`` on with ``policy`` and chance from ``rng`` until the horizon (with
    the random policy, through the game's :meth:`Markets.play_out` where it has one)."""
    moves = 0
    fast = policy is random_policy and type(markets).play_out is not Markets.play_out
    while True:
        turn = world.turn()
        if turn.over:
            return world
        if not to_game_end and markets.settled(start, world):
            return world
        if fast and markets.play_out(world, rng):
            continue
        if moves >= move_bound:
            raise RuntimeError(f"a rollout went past {move_bound} moves without settling")
        moves += 1
        if turn.chance:
            world.apply_unchecked(CHANCE, world.sample_chance(rng), turn)
        elif policy is random_policy:
            seat = turn.seats[0]
            world.apply_unchecked(seat, world.random_move(seat, rng), turn)
        else:
            seat = turn.seats[0]
            world.apply(seat, policy(world, seat, rng))


class Tally:
    """The running counts of a board: outcomes per market, sums of each bet's payoff
    (and, per other unit, of its payoff in that unit)."""

    def __init__(self, bets: Sequence[BetChoice], other_units: int = 0) -> None:
        self.n = 0
        self.counts: dict[str, dict[str, int]] = {}
        self.sums = [0.0] * len(bets)
        self.squares = [0.0] * len(bets)
        self.other_sums = [[0.0] * len(bets) for _ in range(other_units)]
        self.other_squares = [[0.0] * len(bets) for _ in range(other_units)]

    def add_other(self, payoffs: Sequence[Sequence[float]]) -> None:
        """One rollout's payoffs in the other units (call after :meth:`add`)."""
        for sums, squares, values in zip(self.other_sums, self.other_squares, payoffs, strict=True):
            for i, value in enumerate(values):
                sums[i] += value
                squares[i] += value * value

    def add(self, outcomes: dict[str, str], payoffs: Sequence[float]) -> None:
        self.n += 1
        counts = self.counts
        for market, outcome in outcomes.items():
            per = counts.get(market)
            if per is None:
                per = counts[market] = {}
            per[outcome] = per.get(outcome, 0) + 1
        for i, value in enumerate(payoffs):
            self.sums[i] += value
            self.squares[i] += value * value

    def widest(
        self,
        only: frozenset[str] | None = None,
        labels: Mapping[str, Sequence[str]] | None = None,
    ) -> float:
        """The widest half-interval of any outcome probability so far (of the outcomes
        ``only``, when given; an outcome never seen counts as seen 0 times). With
        ``labels`` (:meth:`Markets.outcome_labels`), the outcomes a board shows at 0%
        because they were never seen count too, as the board shows every one of them
        with its interval (issue 24)."""
        n = self.n
        if n == 0:
            return math.inf
        widest = 0.0
        for per in self.counts.values():
            counts = per.values() if only is None else [per.get(o, 0) for o in only]
            for count in counts:
                p, low, high = _wilson_bounds(count, n)
                if high - p > widest:
                    widest = high - p
                if p - low > widest:
                    widest = p - low
        if labels is not None and only is None:
            unseen = _wilson_bounds(0, n)[2]
            for market, outcomes in labels.items():
                per = self.counts.get(market, {})
                for outcome in outcomes:
                    if outcome not in per:
                        if unseen > widest:
                            widest = unseen
                        break
        return widest


def estimate(
    state: State,
    seat: int | None,
    markets: Markets,
    *,
    rng: random.Random,
    policy: Policy = random_policy,
    precision: float = 0.02,
    samples: int = 20_000,
    seconds: float | None = None,
    min_samples: int = 100,
    to_game_end: bool = False,
    progress: Callable[[int, float], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> Board:
    """The tote board of ``seat`` (``None``: the public board) at ``state``.

    It samples worlds from the seat's knowledge and rolls each out to the horizon,
    stopping once the probability of every outcome the board shows (every market's
    every outcome, those never seen at 0% included) is known to ``precision`` (the
    half-width of its 95% interval, checked after at least ``min_samples``; issue 24:
    no longer only the outcomes of ``markets.precision_outcomes``), after ``samples``
    worlds, after ``seconds``, or when ``cancelled()`` turns true. ``progress(n,
    widest)`` is told the samples so far and the widest interval every few samples.
    """
    if state.is_over:
        raise IllegalMove("game over", "the game is over: no bet is open")
    if seat is not None and not 0 <= seat < state.num_players:
        raise IllegalMove("seats", f"there is no seat {seat} in a {state.num_players}-seat game")
    if not 1 <= samples <= MOST_SAMPLES:
        raise OptionsError(f"samples must be 1 to {MOST_SAMPLES:,}, not {samples}")
    if seconds is not None and not 0 < seconds <= MOST_SECONDS:
        raise OptionsError(f"the time budget must be above 0 and at most {MOST_SECONDS:g} s")
    if not 0 < precision < 1:
        raise OptionsError(f"precision must lie between 0 and 1, not {precision}")
    began = clock()
    deadline = None if seconds is None else began + seconds
    bets = markets.bets(state, seat)
    others = len(markets.other_units) if bets else 0
    tally = Tally(bets, others)
    shown = markets.outcome_labels(state)
    stopped_by = "samples"
    check_every = 16
    quick = quick_others = None
    if policy is random_policy and not to_game_end:
        if others:
            quick_others = markets.quick_sampler_with_others(state, seat, bets)
        else:
            quick = markets.quick_sampler(state, seat, bets)
    while tally.n < samples:
        if quick is not None:
            tally.add(*quick(rng))
        elif quick_others is not None:
            outcomes, payoffs, other_payoffs = quick_others(rng)
            tally.add(outcomes, payoffs)
            tally.add_other(other_payoffs)
        else:
            world = state.sample_world(seat, rng, log=False)
            end = rollout(state, world, markets, policy, rng, to_game_end=to_game_end)
            if others:
                payoffs, other_payoffs = markets.payoffs_with_others(state, end, seat, bets)
                tally.add(markets.outcomes(state, end), payoffs)
                tally.add_other(other_payoffs)
            else:
                tally.add(markets.outcomes(state, end), markets.payoffs(state, end, seat, bets))
        if tally.n % check_every:
            continue
        widest = tally.widest(labels=shown) if tally.n >= min_samples else math.inf
        if progress is not None:
            progress(tally.n, widest)
        if widest <= precision:
            stopped_by = "precision"
            break
        if cancelled is not None and cancelled():
            stopped_by = "cancelled"
            break
        if deadline is not None and clock() >= deadline:
            stopped_by = "time"
            break
    settled = tally.n >= min_samples and tally.widest(labels=shown) <= precision
    if stopped_by == "samples" and settled:
        stopped_by = "precision"
    return _board(state, seat, markets, bets, tally, clock() - began, stopped_by, to_game_end)


def _board(
    state: State,
    seat: int | None,
    markets: Markets,
    bets: Sequence[BetChoice],
    tally: Tally,
    elapsed: float,
    stopped_by: str,
    to_game_end: bool,
) -> Board:
    labels = markets.outcome_labels(state)
    table: dict[str, dict[str, Estimate]] = {}
    for market in [*labels, *(m for m in tally.counts if m not in labels)]:
        counts = tally.counts.get(market, {})
        order = [*labels.get(market, []), *(o for o in counts if o not in labels.get(market, []))]
        table[market] = {o: wilson(counts.get(o, 0), tally.n) for o in order}
    units = markets.other_units if tally.other_sums else ()
    values = [
        BetValue(
            bet,
            mean_interval(tally.sums[i], tally.squares[i], tally.n),
            {
                unit: mean_interval(tally.other_sums[u][i], tally.other_squares[u][i], tally.n)
                for u, unit in enumerate(units)
            },
        )
        for i, bet in enumerate(bets)
    ]
    return Board(
        game=state.game_id,
        seat=seat,
        unit=markets.unit,
        horizon="game" if to_game_end else markets.horizon_name,
        samples=tally.n,
        seconds=elapsed,
        stopped_by=stopped_by,
        markets=table,
        bets=values,
        other_units=units,
    )
