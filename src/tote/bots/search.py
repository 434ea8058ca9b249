"""Bots that search over what their seat knows: ``ismcts`` and ``best-ev`` (issue 12).

Both are handed an :class:`~tote.core.bot.Observation` like every bot and reach hidden
information only through :meth:`Observation.sample_world`, which draws worlds the seat
cannot tell from the real one. They never read the real state.

- :class:`IsmctsBot` is single-observer information-set Monte Carlo tree search
  (Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search", IEEE
  TCIAIG 4(2), 2012): each iteration draws a world for the bot's seat, descends one tree
  of moves shared by every world (UCB1 over the moves available in that world, counting
  availability), adds one node, plays randomly on to the horizon and backs up each
  seat's reward. Chance is drawn afresh in every iteration, outside the tree. Where
  several seats commit secret moves at once, the tree takes the bot's own move first
  (the order of secret commitments changes nothing), so the root holds its choices.
- :class:`BestEvBot` asks the tote board (:mod:`tote.core.tote_board`) for the value of
  each bet it may place and places the best one; for every other decision it plays as
  the game's own heuristic bot.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Sequence

from tote.bots.budget import Budget
from tote.core.bot import Bot, BotFactory, Observation
from tote.core.moves import CHANCE, Move
from tote.core.state import State
from tote.core.tote_board import Markets, estimate

EXPLORATION = 0.7
"""UCB1's exploration constant for rewards in [0, 1] (the paper's 0.7)."""
OPEN_MOVES = 8
"""Where a seat's moves are an open set (an amount), the random moves tried per visit."""


def rank_reward(scores: Sequence[float], seat: int) -> float:
    """How well ``seat`` stands, in [0, 1]: the share of other seats it is ahead of,
    ties counting half (1 alone in front, 0 alone behind)."""
    others = len(scores) - 1
    if others <= 0:
        return 1.0
    ahead = sum(1.0 if scores[seat] > s else 0.5 if scores[seat] == s else 0.0 for s in scores)
    return (ahead - 0.5) / others


class Node:
    """One node of the tree: statistics of the move that led here, and its children."""

    __slots__ = ("available", "children", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[Hashable, Node] = {}
        self.visits = 0
        self.reward = 0.0
        """Total reward of the seat that made the move leading here."""
        self.available = 1
        """How many visits of the parent could have chosen this move (ISMCTS's count)."""

    def ucb(self, log_available: float) -> float:
        return self.reward / self.visits + EXPLORATION * math.sqrt(log_available / self.visits)


def moves_of(world: State, seat: int, rng: random.Random) -> Sequence[Move]:
    """The moves ``seat`` may make in ``world``; a few random ones where the set is open."""
    legal = world.legal_moves(seat)
    if legal is None:
        return list(dict.fromkeys(world.random_move(seat, rng) for _ in range(OPEN_MOVES)))
    return legal


class IsmctsBot:
    """Single-observer ISMCTS on the seat's information set (see the module docstring).

    ``iterations`` bounds the search (the default, so that seeded games replay); a time
    budget ``seconds`` may stop it sooner. Rollouts are random and stop at the end of
    the current race, question or scoring (``markets.settled``), where each seat's
    reward is its standing (:func:`rank_reward` over ``markets.standings``); at the
    end of the game, over the final scores. Without markets, rollouts go to the end.
    """

    name = "ismcts"

    def __init__(
        self,
        rng: random.Random,
        markets: Markets | None = None,
        *,
        iterations: int = 200,
        seconds: float | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        if iterations < 1:
            raise ValueError("ISMCTS needs at least one iteration")
        self.rng = rng
        self.markets = markets
        self.iterations = iterations
        self.seconds = seconds
        self.clock = clock

    def choose(self, obs: Observation) -> Move:
        legal = obs.legal_moves
        if legal is not None and len(legal) == 1:
            return legal[0]
        root = Node()
        deadline = None if self.seconds is None else self.clock() + self.seconds
        for _ in range(self.iterations):
            self._iterate(root, obs.sample_world(self.rng), obs.seat)
            if deadline is not None and self.clock() >= deadline:
                break
        if not root.children:  # pragma: no cover - every iteration expands the root
            return obs.random_move(self.rng)
        best = max(root.children.items(), key=lambda kv: (kv[1].visits, kv[1].reward))
        move = best[0]
        assert isinstance(move, Move)
        return move

    def _iterate(self, root: Node, world: State, me: int) -> None:
        start = world.clone() if self.markets is not None else world
        rng = self.rng
        path: list[tuple[Node, int]] = []
        node = root
        expanded = False
        while not expanded:
            turn = world.turn()
            if turn.over or (
                path and self.markets is not None and self.markets.settled(start, world)
            ):
                break
            if turn.chance:
                world.apply_unchecked(CHANCE, world.sample_chance(rng), turn)
                continue
            actor = me if me in turn.seats else turn.seats[0]
            moves = moves_of(world, actor, rng)
            fresh = [m for m in moves if m not in node.children]
            for m in moves:
                child = node.children.get(m)
                if child is not None:
                    child.available += 1
            if fresh:
                move = fresh[int(rng.random() * len(fresh))]
                node.children[move] = node = Node()
                expanded = True
            else:
                log_n = {m: math.log(node.children[m].available) for m in moves}
                move = max(moves, key=lambda m: node.children[m].ucb(log_n[m]))
                node = node.children[move]
            path.append((node, actor))
            world.apply_unchecked(actor, move, turn)
        rewards = self._rollout(start, world)
        for visited, actor in path:
            visited.visits += 1
            visited.reward += rewards[actor]

    def _rollout(self, start: State, world: State) -> list[float]:
        rng = self.rng
        markets = self.markets
        fast = markets is not None and type(markets).play_out is not Markets.play_out
        while True:
            turn = world.turn()
            if turn.over:
                result = world.result()
                assert result is not None
                scores: Sequence[float] = result.scores
                break
            if markets is not None and markets.settled(start, world):
                scores = markets.standings(world)
                break
            if fast and markets is not None and markets.play_out(world, rng):
                continue  # the same draws as the loop below, played sooner
            if turn.chance:
                world.apply_unchecked(CHANCE, world.sample_chance(rng), turn)
            else:
                seat = turn.seats[0]
                world.apply_unchecked(seat, world.random_move(seat, rng), turn)
        return [rank_reward(scores, seat) for seat in range(world.num_players)]


class BestEvBot:
    """Places the bet the tote board values most; plays as ``fallback`` otherwise.

    At each decision where some legal move places a bet, it draws a world for its seat,
    computes that seat's board there (its samples come from the seat's knowledge only,
    so any world of the information set gives the same board) and places the bet of
    highest expected value, unless every bet is expected to lose and the fallback bot
    would rather do something else. Other decisions (moving a horse, placing a tile)
    go to ``fallback``, the game's own heuristic bot.
    """

    name = "best-ev"

    def __init__(
        self,
        rng: random.Random,
        markets: Markets,
        fallback: Bot,
        *,
        samples: int = 300,
        precision: float = 0.03,
    ) -> None:
        self.rng = rng
        self.markets = markets
        self.fallback = fallback
        self.samples = samples
        self.precision = precision

    def choose(self, obs: Observation) -> Move:
        legal = obs.legal_moves
        world = obs.sample_world(self.rng)
        bets = [b for b in self.markets.bets(world, obs.seat) if b.move is not None]
        if legal is not None:
            bets = [b for b in bets if b.move in legal]
        if not bets:
            return self.fallback.choose(obs)
        board = estimate(
            world,
            obs.seat,
            self.markets,
            rng=self.rng,
            samples=self.samples,
            precision=self.precision,
        )
        best = board.best_bet()
        if best is None or best.bet.move is None:
            return self.fallback.choose(obs)
        if changes_nothing(world, obs.seat, best.bet.move):
            return self.fallback.choose(obs)
        only_bets = legal is not None and all(m in {b.move for b in bets} for m in legal)
        if best.ev.value < 0 and not only_bets:
            other = self.fallback.choose(obs)
            if other not in {b.move for b in bets}:
                return other
        return best.bet.move


def changes_nothing(world: State, seat: int, move: Move) -> bool:
    """Whether ``move`` leaves the position as ``seat`` sees it: a bet placed again as it
    stands. In Wits & Wagers' open betting a seat's bets replace its bets so far until it
    locks (WW 3.4), so the bet the board values most, once placed, stays the best, and a
    bot that placed it again at every turn would never lock: ``best-ev`` then plays as
    its heuristic (which locks)."""
    after = world.clone()
    after.apply_unchecked(seat, move)
    return after.position_view(seat) == world.position_view(seat)


class SearchFactory:
    """The factory of a search bot, which a budget may change (issue 25): called with a
    random stream like every :data:`~tote.core.bot.BotFactory`, it builds the bot with
    its :class:`~tote.bots.budget.Budget` (the bot's fixed default when empty)."""

    def __init__(
        self, make: Callable[[random.Random, Budget], Bot], budget: Budget | None = None
    ) -> None:
        self.make = make
        self.budget = budget or Budget()

    def __call__(self, rng: random.Random) -> Bot:
        return self.make(rng, self.budget)

    def budgeted(self, budget: Budget) -> SearchFactory:
        """The same bot with ``budget`` for every decision."""
        return SearchFactory(self.make, budget)


ISMCTS_ITERATIONS = 200
"""``ismcts``'s fixed iteration budget per decision (issue 12)."""


def ismcts_factory(markets: Markets | None) -> SearchFactory:
    """The ``ismcts`` bot of a game with these markets."""

    def make(rng: random.Random, budget: Budget) -> Bot:
        return IsmctsBot(
            rng,
            markets,
            iterations=budget.iterations_or(ISMCTS_ITERATIONS),
            seconds=budget.seconds,
        )

    return SearchFactory(make)


def best_ev_factory(markets: Markets, fallback: BotFactory) -> BotFactory:
    """The ``best-ev`` bot of a game: its markets, and its own bot for other decisions."""

    def make(rng: random.Random) -> Bot:
        return BestEvBot(rng, markets, fallback(random.Random(rng.getrandbits(64))))

    return make
