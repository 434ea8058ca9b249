"""The tote board's rollout in a tight loop (issue 24): one sampled world of a Carcassonne
board, played on with random moves until every bookmaker tile's road or city is decided.

The general path (:meth:`State.sample_world`, then :func:`tote.core.tote_board.rollout`)
asks the core for the turn, checks the markets' horizon after every move and goes
through the core's dispatch for every move. This loop calls the rules' own phase
functions directly, in the order the rules loop would, drawing from the random stream
exactly what the random policy draws (one ``rng.random()`` a tile drawn, a placement, a
meeple choice, a settlement choice, a chip), and checks the horizon only after a tile
was placed (the only step that completes a road or city, CC 4.1). So it ends in the
world the rules loop ends in, and returns the outcomes and payoffs the board would have
read there: ``tests/carcassonne/test_fast_rollout.py`` plays both on every variant.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable, Sequence
from itertools import accumulate

from tote.core.events import Event
from tote.core.moves import Move
from tote.core.tote_board import BetChoice, Markets, Sample
from tote.games.carcassonne import bets, meeples, scoring, tile_placement
from tote.games.carcassonne.moves import NoChip, PlaceAbbot, PlaceChip, PlaceMeeple
from tote.games.carcassonne.phases import BET, DRAW, MEEPLE, OVER, PLACE, SETTLE, set_phase
from tote.games.carcassonne.state import CarcassonneState
from tote.games.carcassonne.tiles import CITY, ROAD


def decided_nodes(state: CarcassonneState, tiles: Sequence[int]) -> list[list[int]]:
    """Per bookmaker tile, the nodes of its road and city segments: the tile's market is
    decided once one of them is in a complete feature."""
    board = state.board
    nodes = []
    for tile in tiles:
        _, _, form, node0 = board.placed[tile]
        nodes.append([node0 + i for i, s in enumerate(form.segments) if s.kind in (CITY, ROAD)])
    return nodes


def play_to_horizon(world: CarcassonneState, rng: random.Random, watched: list[list[int]]) -> None:
    """Play ``world`` on as :func:`tote.core.tote_board.rollout` with the random policy
    would, until the game ends or every watched tile has a complete road or city."""
    board = world.board
    find = board.find
    is_open = board.open
    checked = -1
    while True:
        phase = world.phase
        if phase == OVER:
            return
        if len(board.placed) != checked:
            checked = len(board.placed)
            undecided = []
            for nodes in watched:
                for node in nodes:
                    if is_open[find(node)] == 0:
                        break
                else:
                    undecided.append(nodes)
            watched = undecided
            if not watched:
                return
        if phase == DRAW:
            stack = world.stack
            tile = stack[int(rng.random() * len(stack))]
            if not (world.quiet and draw_and_place(world, tile, rng)):
                tile_placement.draw(world, tile)
        elif phase == PLACE:
            placements = world.placements
            x, y, r = placements[int(rng.random() * len(placements))]
            tile_placement.place_at(world, x, y, r)
        elif phase == MEEPLE:
            follower_step(world, rng)
        elif phase == SETTLE:
            choices = bets.settle_moves(world)
            bets.choose_feature(world, choices[int(rng.random() * len(choices))])  # type: ignore[arg-type]
        elif world.quiet and not world._pending:
            assert phase == BET
            bet_step(world, rng)
        else:
            assert phase == BET
            turn = world.turn()
            seat = turn.seats[0]
            world.apply_unchecked(seat, world.random_move(seat, rng), turn)


def draw_and_place(world: CarcassonneState, tile: str, rng: random.Random) -> bool:
    """CC 2.1 / 2.2: ``tile`` drawn and placed where the random policy places it with
    ``rng``, without listing every placement (their running counts per open place say
    which one it is), the ``tile_drawn`` event written as :func:`tile_placement.draw`
    writes it; ``False`` (nothing changed) for a river tile (CR 2.2) or one that fits
    nowhere (CC 2.3), which the rules' :func:`tile_placement.draw` takes."""
    if world.forms[tile][0].river:
        return False
    board = world.board
    frontier = board.frontier
    fits = board.catalog.fit_tables[tile]
    counts = board.catalog.fit_counts[tile]
    running = list(accumulate(map(counts.__getitem__, frontier.values())))
    if not running or not running[-1]:
        return False
    world.stack.remove(tile)
    tile_placement.next_pool(world)
    world.drawn = tile
    if not world.quiet:
        world.log.append(Event("tile_drawn", {"seat": world.active, "tile": tile}))
    set_phase(world, PLACE)
    k = int(rng.random() * running[-1])
    i = bisect_right(running, k)
    x, y = pos = list(frontier)[i]
    tile_placement.place_at(world, x, y, fits[frontier[pos]][k - running[i - 1] if i else k])
    return True


def follower_step(world: CarcassonneState, rng: random.Random) -> None:
    """CC 3: the random policy's choice among :func:`meeples.follower_moves` (a meeple,
    the abbot, the abbot back, nothing, in that order), without building the moves."""
    labels = meeples.meeple_options(world)
    abbot_labels = meeples.abbot_options(world)
    back = meeples.abbot_out(world)
    k = int(rng.random() * (len(labels) + len(abbot_labels) + back + 1))
    if k < len(labels):
        meeples.place_meeple(world, PlaceMeeple(labels[k]))
        return
    k -= len(labels)
    if k < len(abbot_labels):
        meeples.place_abbot(world, PlaceAbbot(abbot_labels[k]))
    elif back and k == len(abbot_labels):
        meeples.return_abbot(world)
    else:
        scoring.score_turn(world)


def bet_step(world: CarcassonneState, rng: random.Random) -> None:
    """CB 2.1: every seat with chips picks one of :func:`bets.chip_moves` at random, in
    the order the rules loop commits them, and the chips go down at once; for a quiet
    world only, as the core's commitments write log entries."""
    chosen: dict[int, Move] = {}
    for seat in world.current.seats:
        hand = world.chips[seat]
        k = int(rng.random() * (len(hand) + 1))
        chosen[seat] = PlaceChip(hand[k]) if k < len(hand) else NoChip()
    bets.place_chips(world, chosen)


def quick_sampler(
    markets: Markets,
    start: CarcassonneState,
    seat: int | None,
    bets_: Sequence[BetChoice],
    tiles: Sequence[int],
) -> Callable[[random.Random], Sample]:
    """One sample of ``seat``'s board at ``start`` whose markets are the bookmaker
    ``tiles``: the world drawn as the general path draws it, :func:`play_to_horizon`,
    the markets' outcomes and payoffs read."""
    watched = decided_nodes(start, tiles)

    def sample(rng: random.Random) -> Sample:
        world = start.sample_world(seat, rng, log=False)
        assert isinstance(world, CarcassonneState)
        world.quiet = True
        play_to_horizon(world, rng, watched)
        return markets.outcomes(start, world), markets.payoffs(start, world, seat, bets_)

    return sample
