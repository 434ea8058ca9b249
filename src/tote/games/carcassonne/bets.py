"""The Bets: placing bets (CB 2), settling them (CB 3) and the chips still out at
the game's end (CB 4.1), with the game-data file's rulings B1-B9.

After a bookmaker tile's turn every seat with chips may bet one, secretly and at
once (a simultaneous turn); when a road or city through that tile is scored, its
stack of chips settles on the feature's size. Next in reading order: ``views.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tote.core.errors import IllegalMove
from tote.core.events import Event
from tote.core.moves import Move
from tote.games.carcassonne import final_scoring, tile_placement
from tote.games.carcassonne.moves import NoChip, PlaceChip, SettleBets
from tote.games.carcassonne.phases import BET, SETTLE, set_phase
from tote.games.carcassonne.tiles import CITY, KIND_NAMES, ROAD

if TYPE_CHECKING:
    from tote.games.carcassonne.state import CarcassonneState


@dataclass
class Settlement:
    """A stack of chips (or, ruling B5 ``chip_owner``, one owner's chip of it) waiting
    to be settled against one of ``candidates`` (feature roots), chosen by ``chooser``."""

    tile: int
    chooser: int
    chips: list[tuple[int, str]]
    candidates: list[int]
    present: dict[int, set[int]]
    """Root -> seats with a meeple on it at scoring time (ruling B8)."""


# ============================================================ CB 2 placing bets
def betting_open(state: CarcassonneState) -> bool:
    """CB 2.1-2.3: after a bookmaker tile's turn, unless it was the last tile or
    every road and city is finished (ruling B2: on that tile, or on the board)."""
    if not state.bets or not state.stack:
        return False
    form = state.board.placed[state.last][2]
    if form.office < 0 or not any(state.chips):
        return False
    if state.options.finished_scope == "tile":
        roots = state.board.roots_of(state.last, (CITY, ROAD))
        return any(not state.board.complete(r) for r in roots)
    return state.board.any_open((CITY, ROAD))


def _open_betting(state: CarcassonneState) -> None:
    if betting_open(state):
        state.bet_tile = state.last
        set_phase(state, BET)
    else:
        tile_placement.end_turn(state)


def chip_moves(state: CarcassonneState, seat: int) -> list[Move]:
    """CB 2.1: one of the seat's own chips, or none."""
    return [*(PlaceChip(c) for c in state.chips[seat]), NoChip()]


def check_chip(state: CarcassonneState, seat: int, move: PlaceChip | NoChip) -> None:
    if state.phase != BET:
        raise IllegalMove("CB 2.1 betting", "chips are placed only after a bookmaker tile")
    if isinstance(move, PlaceChip) and move.chip not in state.chips[seat]:
        have = ", ".join(state.chips[seat]) or "none"
        raise IllegalMove(
            "CB 2.1 your own chips", f"you have no chip {move.chip!r} (you have: {have})"
        )


def place_chips(state: CarcassonneState, moves: Mapping[int, Move]) -> None:
    """CB 2.1 / 2.4: the chips go face down onto the office, all at once."""
    x, y = state.board.placed[state.bet_tile][:2]
    stack = state.offices.setdefault(state.bet_tile, [])
    for seat in sorted(moves):
        move = moves[seat]
        if isinstance(move, PlaceChip):
            state.chips[seat].remove(move.chip)
            stack.append((seat, move.chip))
            if not state.quiet:
                state.log.append(
                    Event(
                        "chip_placed", {"seat": seat, "x": x, "y": y}, {seat: {"chip": move.chip}}
                    )
                )
    if not stack:
        del state.offices[state.bet_tile]
    state.bet_tile = -1
    tile_placement.end_turn(state)


# ============================================================ CB 3 settling a bet
def queue_turn_settlements(
    state: CarcassonneState, roots: list[int], present: dict[int, set[int]]
) -> None:
    """CB 3.1 / 3.5: every stack on a bookmaker tile with a segment in a scored
    road or city settles, one after another; ruling B1 decides whether an
    unoccupied one counts as scored."""
    if not state.options.settle_unoccupied:
        roots = [r for r in roots if present[r]]
    for tile, chips in state.offices.items():
        candidates = [r for r in state.board.roots_of(tile, (CITY, ROAD)) if r in roots]
        if candidates:
            state.queue.append(Settlement(tile, state.active, list(chips), candidates, present))


def run_settlements(state: CarcassonneState) -> None:
    """Settle queued stacks; stop where one needs a choice (CB 3.5, CB 4.1)."""
    while state.queue:
        entry = state.queue[0]
        if len(entry.candidates) > 1:
            set_phase(state, SETTLE)
            return
        state.queue.pop(0)
        _settle(state, entry, entry.candidates[0])
    if state.final:
        final_scoring.final_features(state)
    else:
        _open_betting(state)


def settle_options(state: CarcassonneState) -> list[str]:
    """Labels (on the bookmaker tile) of the features the pending stack may settle against."""
    return settle_options_of(state, state.queue[0])


def settle_options_of(state: CarcassonneState, entry: Settlement) -> list[str]:
    return [_label_on(state, entry.tile, root) for root in entry.candidates]


def settle_moves(state: CarcassonneState) -> list[Move]:
    """CB 3.5: the features the pending stack may follow."""
    return [SettleBets(label) for label in settle_options(state)]


def check_settle(state: CarcassonneState, move: SettleBets) -> None:
    if state.phase != SETTLE:
        raise IllegalMove("CB 3.5 choice", "no stack of chips waits for a choice now")
    if move.feature not in settle_options(state):
        options = ", ".join(settle_options(state))
        raise IllegalMove(
            "CB 3.5 choice",
            f"the chips cannot settle against {move.feature!r} (choose: {options})",
        )


def choose_feature(state: CarcassonneState, move: SettleBets) -> None:
    """CB 3.5: the pending stack settles against the chosen feature; the rest follow."""
    entry = state.queue.pop(0)
    index = settle_options_of(state, entry).index(move.feature)
    _settle(state, entry, entry.candidates[index])
    run_settlements(state)


def _label_on(state: CarcassonneState, tile: int, root: int) -> str:
    _, _, form, node0 = state.board.placed[tile]
    for i, seg in enumerate(form.segments):
        if (seg.kind == CITY or seg.kind == ROAD) and state.board.find(node0 + i) == root:
            return seg.label
    raise AssertionError("the feature has no segment on this tile")


def _settle(state: CarcassonneState, entry: Settlement, root: int) -> None:
    """CB 3.2-3.4: flip the chips; each wins on the feature's tile count as its
    face says; all go back to their owners (ruling B4: the stack is gone)."""
    board = state.board
    size = board.size(root)
    if entry.present.get(root) is None:
        entry.present[root] = {board.meeple_seat[n] for n in board.meeples[root]}
    present = entry.present[root]
    lines = []
    for seat, chip in entry.chips:
        won = state.data.chip_by_id[chip].payout(size)
        if not state.options.pay_without_meeple and seat not in present:
            won = 0
        state.scores[seat] += won
        state.chips[seat].append(chip)
        state.chips[seat].sort(key=state.chip_order.__getitem__)
        lines.append({"seat": seat, "chip": chip, "points": won})
    stack = state.offices[entry.tile]
    for placed in entry.chips:
        stack.remove(placed)
    if not stack:
        del state.offices[entry.tile]
    x, y = board.placed[entry.tile][:2]
    if not state.quiet:
        state.log.append(
            Event(
                "bets_settled",
                {
                    "x": x,
                    "y": y,
                    "feature": KIND_NAMES[board.kind[root]],
                    "label": _label_on(state, entry.tile, root),
                    "tiles": size,
                    "final": state.final,
                    "chips": lines,
                },
            )
        )


# ============================================================ CB 4 game end
def queue_final_settlements(state: CarcassonneState) -> None:
    """CB 4.1: every stack still out settles against one of its tile's roads or
    cities, the still incomplete ones (ruling B10), chosen per ruling B5."""
    for tile, chips in state.offices.items():
        roots = state.board.roots_of(tile, (CITY, ROAD))
        open_roots = [r for r in roots if not state.board.complete(r)]
        candidates = open_roots or roots
        if state.options.final_chooser == "chip_owner":
            for seat, chip in chips:
                state.queue.append(Settlement(tile, seat, [(seat, chip)], candidates, {}))
        else:
            state.queue.append(Settlement(tile, state.active, list(chips), candidates, {}))
