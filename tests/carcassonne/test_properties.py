"""Property tests: random Carcassonne games with random options and table sizes.

The shared tests (:mod:`tests.properties`) run on what this game declares: its set-ups,
its secrets (betting chips, the stack's order), the pieces it conserves, and its checks
after every move and at the end; the union-find oracle and the river order are this
game's own.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

from hypothesis import strategies as st

from tote.core import CHANCE
from tote.core.moves import Actor, Move
from tote.core.state import State
from tote.games.carcassonne import GAME
from tote.games.carcassonne.board import Board
from tote.games.carcassonne.data import river_tiles
from tote.games.carcassonne.moves import PlaceAbbot, PlaceMeeple
from tote.games.carcassonne.setup import MEEPLES
from tote.games.carcassonne.state import CarcassonneState
from tote.games.carcassonne.tiles import GARDEN, MONASTERY, STEPS, opposite_half

from ..properties import GameProperties, SecretWatch, Setup
from .cc_helpers import edge_mismatches


@st.composite
def setups(draw: Any) -> Setup:
    options: dict[str, Any] = {
        "bets": draw(st.booleans()),
        "settle_unoccupied": draw(st.booleans()),
        "finished_scope": draw(st.sampled_from(["tile", "board"])),
        "final_chooser": draw(st.sampled_from(["last_player", "chip_owner"])),
        "pay_without_meeple": draw(st.booleans()),
        "river": draw(st.booleans()),
        "abbot": draw(st.booleans()),
    }
    players = draw(st.integers(min_value=2, max_value=5))
    seed = draw(st.integers(min_value=0, max_value=2**32 - 1))
    return options, players, seed


def leaks(state: CarcassonneState) -> list[str]:
    """Where a view shows another seat's chip (on an office, in supply, in the log)."""
    problems = []
    for viewer in (None, *range(state.num_players)):
        view = state.view(viewer)
        for tile in view["state"]["tiles"]:
            for chip in tile.get("chips", []):
                if chip["seat"] != viewer and chip["chip"] is not None:
                    problems.append(f"{viewer} sees seat {chip['seat']}'s chip on an office")
        for seat, chips in enumerate(view["state"]["chips"]):
            if seat != viewer and not isinstance(chips, int):
                problems.append(f"{viewer} sees seat {seat}'s supply")
        for entry in view["log"]:
            secret = entry["kind"] in ("chip_placed", "committed") and entry["seat"] != viewer
            if secret and ("chip" in entry or "move" in entry):
                problems.append(f"{viewer} reads seat {entry['seat']}'s chip in the log")
    return problems


def stack_order_shows(state: CarcassonneState, rng: random.Random) -> bool:
    """Whether any view changes when the face-down stack is put in another order."""
    if len(state.stack) < 2:
        return False
    before = [json.dumps(state.view(s), sort_keys=True) for s in (None, 0)]
    other = state.clone()
    rng.shuffle(other.stack)
    after = [json.dumps(other.view(s), sort_keys=True) for s in (None, 0)]
    return before != after


def features_by_search(board: Board) -> dict[frozenset[int], tuple[frozenset[int], int, int]]:
    """Features recomputed from scratch by a graph search over the placed tiles (an
    oracle for the incremental union-find): node set -> (tiles, open edge ends, pennants)."""
    links: dict[int, set[int]] = {}
    for x, y, form, node0 in board.placed:
        for d, (dx, dy) in enumerate(STEPS):
            other = board.at.get((x + dx, y + dy))
            if other is None:
                continue
            oform, onode0 = board.placed[other][2], board.placed[other][3]
            pairs = [(form.edge_segment[d], oform.edge_segment[(d + 2) % 4])]
            pairs += [
                (form.half_segment[h], oform.half_segment[opposite_half(h)])
                for h in (2 * d, 2 * d + 1)
            ]
            for a, b in pairs:
                if a >= 0:
                    links.setdefault(node0 + a, set()).add(onode0 + b)
    found: dict[frozenset[int], tuple[frozenset[int], int, int]] = {}
    seen: set[int] = set()
    for start in range(len(board.parent)):
        if start in seen:
            continue
        group, todo = {start}, [start]
        while todo:
            for nxt in links.get(todo.pop(), ()):
                if nxt not in group:
                    group.add(nxt)
                    todo.append(nxt)
        seen |= group
        tiles = frozenset(board.tile_of[n] for n in group)
        opened = pennants = 0
        for n in group:
            x, y, form, node0 = board.placed[board.tile_of[n]]
            seg = form.segments[n - node0]
            pennants += seg.pennant
            opened += sum(
                1 for e in seg.edges if (x + STEPS[e][0], y + STEPS[e][1]) not in board.at
            )
        found[frozenset(group)] = (tiles, opened, pennants)
    return found


def union_find_agrees(board: Board) -> None:
    for group, (tiles, opened, pennants) in features_by_search(board).items():
        roots = {board.find(n) for n in group}
        assert len(roots) == 1, "a feature split in two"
        (root,) = roots
        assert sum(1 for n in range(len(board.parent)) if board.find(n) == root) == len(group)
        assert board.tiles[root] == tiles
        assert board.open[root] == opened
        assert board.pennants[root] == pennants


def river_first(state: CarcassonneState) -> bool:
    """CR 1.1: whether the game began at the spring, drew every river tile before any
    land tile, and the lake last of them."""
    river = river_tiles()
    ids = {t.id for t in river.tiles} | {t.id + "g" for t in river.tiles}
    drawn = [e.public["tile"] for e in state.log if e.kind in ("tile_drawn", "tile_discarded")]
    spring = state.board.placed[0][2].tile == river.spring
    count = sum(t.count for t in river.tiles) - 1
    head = drawn[:count]
    return (
        spring
        and set(head) <= ids
        and head[-1] == river.lake
        and not ids.intersection(drawn[count:])
    )


def pieces(state: CarcassonneState, seat: int) -> int:
    """``seat``'s meeples, abbot and chips, in supply and on the board, counted once each."""
    on_board = sum(1 for s in state.board.meeple_seat.values() if s == seat)
    out = sum(1 for stack in state.offices.values() for s, _ in stack if s == seat)
    abbot_home = 1 if state.abbot and state.abbots[seat] < 0 else 0
    return state.supply[seat] + on_board + abbot_home + len(state.chips[seat]) + out


def check(state: CarcassonneState, players: int) -> None:
    board = state.board
    on_board = [0] * players
    for node, seat in board.meeple_seat.items():
        if state.abbots[seat] == node:
            assert board.kind[node] in (MONASTERY, GARDEN), "CA 1.2: abbot off its cloister"
        else:
            on_board[seat] += 1
    for seat in range(players):
        assert state.supply[seat] + on_board[seat] == MEEPLES, "CC 1.1: seven meeples each"
        abbot = state.abbots[seat]
        assert abbot < 0 or board.meeple_seat.get(abbot) == seat, "CA 1.1: one abbot each"
        assert state.abbot or abbot < 0
        out = sum(1 for stack in state.offices.values() for s, _ in stack if s == seat)
        assert len(state.chips[seat]) + out == (6 if state.bets else 0), "CB 1.1: six chips"


class TestCarcassonneProperties(GameProperties):
    """CC 1.1, 2.2, 2.3, 3.2, 5.1, CB 1.1, 2.4, 4.1, CR 1.1, CA 1.1-1.2 on random games of
    every module and ruling: every game ends; all 72 tiles (plus 10 bookmaker tiles,
    plus 12 river tiles) are placed or discarded; the river tiles come first, the lake
    last of them; every placed edge matches its neighbour; a meeple (or abbot) only ever
    goes on an unoccupied feature; meeples, abbots and chips are conserved; no view shows
    another seat's chips or the stack order; the incremental features agree with a
    search from scratch (tiles, open ends, pennants)."""

    game = GAME
    move_bound = 2000
    """Far above any game: 93 tiles, each at most a draw, a placement, a meeple, a
    settling choice per stack and five chips."""
    examples = {
        "test_random_games_end_and_conserve": 25,
        "test_no_view_shows_a_secret": 10,
        "test_a_sampled_world_looks_the_same_to_its_seat": 6,
        "test_sampling_never_reads_what_the_seat_cannot_see": 8,
        "test_what_the_seat_cannot_see_really_varies": 8,
    }
    sample_every = 20

    def hidden_parts(self, state: State, seat: int | None) -> Any:
        """CB 2.4: the faces of other seats' chips on the offices, once some lie there."""
        assert isinstance(state, CarcassonneState)
        laid = [
            [t, s, c] for t, stack in sorted(state.offices.items()) for s, c in stack if s != seat
        ]
        return laid or None

    def setups(self) -> st.SearchStrategy[Setup]:
        return setups()

    def step(self, state: State, rng: random.Random) -> tuple[Actor, Move]:
        """A random move; a meeple or abbot is checked to go on an unoccupied feature."""
        assert isinstance(state, CarcassonneState)
        turn = state.turn()
        if turn.chance:
            outcome = state.sample_chance(rng)
            state.apply(CHANCE, outcome)
            return CHANCE, outcome
        seat = turn.seats[0]
        move = state.random_move(seat, rng)
        if isinstance(move, PlaceMeeple | PlaceAbbot):
            form = state.board.placed[state.last][2]
            node = state.board.node(state.last, form.label_index(move.feature))
            assert not state.board.occupied(node), "CC 3.2: a meeple on an occupied feature"
        state.apply(seat, move)
        return seat, move

    def secrets_shown(self, state: State) -> list[str]:
        """CB 2.1: another seat's chips (on an office, in supply, in the log); and the
        order of the face-down stack."""
        assert isinstance(state, CarcassonneState)
        problems = leaks(state)
        if stack_order_shows(state, random.Random(len(state.log))):
            problems.append("a view shows the stack order")
        return problems

    def secret_watch(self) -> SecretWatch:
        """The oracle at about one move in twenty (it reads every view twice), and always
        once the game is over."""
        rng = random.Random(7)

        def watch(state: State, actor: Actor, move: Move) -> list[str]:
            if state.is_over or rng.random() < 0.05:
                return self.secrets_shown(state)
            return []

        return watch

    def conserved(self, state: State) -> Mapping[str, int]:
        """CC 1.1 seven meeples each, CA 1.1 one abbot each, CB 1.1 six chips each: in
        supply or on the board, never more, never fewer."""
        assert isinstance(state, CarcassonneState)
        return {f"seat {seat}": pieces(state, seat) for seat in range(state.num_players)}

    def check_step(self, state: State, actor: Actor, move: Move) -> None:
        assert isinstance(state, CarcassonneState)
        check(state, state.num_players)

    def check_end(self, state: State, options: dict[str, Any], players: int) -> None:
        assert isinstance(state, CarcassonneState)
        total = 72 + (10 if options["bets"] else 0) + (12 if options["river"] else 0)
        assert len(state.board.placed) + len(state.discarded) == total
        assert river_first(state) == options["river"]
        assert edge_mismatches(state.board) == []
        union_find_agrees(state.board)
        assert state.offices == {}, "CB 4.1: every chip is settled by the end"
        result = state.result()
        assert result is not None and list(result.scores) == state.scores
