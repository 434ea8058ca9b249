"""Root-parallel search: one decision of ``strong`` searched on several processes
(issue 25, "root-parallel search over several processes when asked").

Each process runs its own share of the decision's iterations on its own tree over the
same root candidates, from its own random stream; the roots' statistics are then added
together move by move, and the bot picks from the sum as it picks from one tree
(Chaslot, Winands and van den Herik, "Parallel Monte-Carlo Tree Search", 2008: root
parallelisation). The shares' streams come from the bot's own stream in a fixed order,
so a decision with the same number of processes and the same seed is the same whatever
the machine's load; with one process (the default) nothing here runs and the bot's
stream is untouched.

What crosses to a process is what the seat may know: a world drawn by
:meth:`~tote.core.bot.Observation.sample_world` (a state the seat cannot tell from the
real one; the real state never leaves the bot), the root's candidates, the share's
budget and seed, and the bot's own heuristic (Wits & Wagers' bettor carries its memory
of the answer). Each process rebuilds the game's ``strong`` settings and model from the
game's id.

The processes are started once (``spawn``: safe beside a server's threads) and kept for
the rest of the run, one pool per number of processes.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.util
import random
from collections.abc import Hashable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tote.bots.search import Node
from tote.core.bot import Bot, Observation
from tote.core.moves import Move
from tote.core.state import State

if TYPE_CHECKING:
    from tote.bots.strong import StrongBot

RootStatistics = list[tuple[Hashable, int, float]]
"""A root's children in the order the tree made them: (move, visits, total reward)."""


@dataclass(frozen=True, slots=True)
class Share:
    """One process's part of a decision."""

    game_id: str
    world: State
    seat: int
    candidates: Sequence[Move]
    iterations: int
    seconds: float | None
    seed: int
    own: Bot


def shares_of(iterations: int, processes: int) -> list[int]:
    """``iterations`` split as evenly as it goes over at most ``processes`` shares, the
    larger shares first; no share is empty."""
    count = min(iterations, processes)
    base, extra = divmod(iterations, count)
    return [base + (1 if i < extra else 0) for i in range(count)]


def search_share(share: Share) -> RootStatistics:
    """Run one share in this process: the game's ``strong`` bot, seeded with the share's
    seed and holding the parent's heuristic, searches the share's iterations over the
    candidates from worlds drawn from ``share.world``."""
    from tote.bots import get_bot
    from tote.bots.strong import SETTINGS, StrongBot, StrongSettings
    from tote.core.registry import get_game

    game = get_game(share.game_id)
    bot = StrongBot(
        random.Random(share.seed),
        game.markets,
        get_bot(game, game.default_bot),
        SETTINGS.get(share.game_id, StrongSettings()),
        iterations=share.iterations,
        seconds=share.seconds,
    )
    bot.own = share.own
    root = bot.search(Observation(share.world, share.seat), share.candidates, share.iterations)
    return [(move, child.visits, child.reward) for move, child in root.children.items()]


def merged(statistics: Sequence[RootStatistics]) -> Node:
    """One root holding every share's visits and rewards, move by move, the moves in
    the order they first appear (the shares in order)."""
    root = Node()
    for share in statistics:
        for move, visits, reward in share:
            child = root.children.get(move)
            if child is None:
                child = root.children[move] = Node()
            child.visits += visits
            child.reward += reward
    return root


def search_in_processes(
    bot: StrongBot, game_id: str, obs: Observation, candidates: Sequence[Move]
) -> Node:
    """``bot``'s decision searched on :attr:`StrongBot.processes` processes (this one
    included); the merged root."""
    iterations = shares_of(bot.iterations, bot.processes)
    seeds = [bot.rng.getrandbits(64) for _ in iterations]
    shares = [
        Share(
            game_id,
            obs.sample_world(random.Random(seed ^ 0x5EED)),
            obs.seat,
            list(candidates),
            count,
            bot.seconds,
            seed,
            bot.own,
        )
        for seed, count in zip(seeds, iterations, strict=True)
    ]
    if len(shares) == 1:
        return merged([search_share(shares[0])])
    pool = _pool(len(shares) - 1)
    futures = [pool.submit(search_share, share) for share in shares[1:]]
    here = search_share(shares[0])
    return merged([here, *(future.result() for future in futures)])


_POOLS: dict[int, ProcessPoolExecutor] = {}


def _pool(workers: int) -> ProcessPoolExecutor:
    """The run's pool of ``workers`` processes, started on first use."""
    pool = _POOLS.get(workers)
    if pool is None:
        context = multiprocessing.get_context("spawn")
        pool = _POOLS[workers] = ProcessPoolExecutor(max_workers=workers, mp_context=context)
        if len(_POOLS) == 1:
            multiprocessing.util.Finalize(None, _shut_down, exitpriority=100)
    return pool


def _shut_down() -> None:
    """Stop the pools' processes as this process exits. A finalizer of
    ``multiprocessing`` rather than ``atexit``: it also runs in a simulation's worker
    process (which does not run ``atexit``), before that process waits for its
    children, so a worker that searched in parallel can end."""
    for pool in _POOLS.values():
        pool.shutdown(cancel_futures=True)
    _POOLS.clear()
