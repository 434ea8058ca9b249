"""Carcassonne bots. They read only their seat's view and legal moves, never the state.

:class:`GreedyBot` rebuilds the board from the view (the placed tiles, in order, and
the meeples on them: all public) and tries every legal placement on a copy: it takes
the tile and meeple with the best immediate score gain (its points minus the best
other player's, from what the tile completes), breaking ties by how promising an
unfinished feature is for a new meeple. With The Bets it bets the chip that pays on
the size it expects the bookmaker tile's road or city to reach. With The Abbot it
puts the abbot (rather than a meeple) on a monastery or garden, and takes it back
once it is worth :data:`RETURN_AT` points or the last round has come.
"""

from __future__ import annotations

import random
from typing import Any

from tote.core.bot import Observation
from tote.core.data_changes import changes_of
from tote.core.moves import Move
from tote.games.carcassonne.board import Board
from tote.games.carcassonne.moves import (
    NoChip,
    NoMeeple,
    PlaceAbbot,
    PlaceChip,
    PlaceMeeple,
    PlaceTile,
    ReturnAbbot,
    SettleBets,
)
from tote.games.carcassonne.scoring import MONASTERY_POINTS, feature_points
from tote.games.carcassonne.setup import Content, content
from tote.games.carcassonne.tiles import CITY, GARDEN, MONASTERY, ROAD, ROTATIONS

KEEP_MEEPLES = 2
"""Below this many meeples in supply, only a meeple that scores at once is placed."""
RETURN_AT = 7
"""The abbot comes back (CA 2.2) once its monastery or garden is worth this much."""
ABBOT_BONUS = 0.5
"""A tie-break: the abbot rather than a meeple on a monastery (it may come back)."""

Follower = PlaceMeeple | PlaceAbbot | ReturnAbbot | NoMeeple


def content_of(view: dict[str, Any]) -> Content:
    options = view["state"]["options"]
    return content(
        options["tiles_file"],
        options["bookmaker_tiles_file"],
        options["chips_file"],
        options["river_tiles_file"],
        options["abbot"],
        changes_of(options.get("data_changes", {})),
    )


def rebuild(view: dict[str, Any], data: Content) -> Board:
    """The board of a view: its tiles placed in order, with their meeples."""
    board = Board(data.catalog)
    forms = data.catalog.forms
    for tile in view["state"]["tiles"]:
        form = forms[tile["tile"]][ROTATIONS.index(tile["rotation"])]
        index = board.place(tile["x"], tile["y"], form)
        for meeple in tile["meeples"]:
            board.put_meeple(board.node(index, form.label_index(meeple["feature"])), meeple["seat"])
    return board


def gain(board: Board, index: int, seat: int, players: int) -> int:
    """The seat's points minus the best other player's from what tile ``index``
    completes (CC 4.1-4.5), as if scored now."""
    points = [0] * players
    roots, cloisters = board.completed_by(index)
    scored = [(root, feature_points(board, root)) for root in roots]
    scored += [(node, MONASTERY_POINTS) for _, node in cloisters]
    for root, value in scored:
        counts = board.meeple_counts(root, players)
        top = max(counts)
        if top:
            for s, c in enumerate(counts):
                if c == top:
                    points[s] += value
    others = max(p for s, p in enumerate(points) if s != seat)
    return points[seat] - others


def promise(board: Board, index: int, segment: int) -> float:
    """How much a new meeple on an unfinished feature may bring later (a tie-break)."""
    x, y, form, node0 = board.placed[index]
    kind = form.segments[segment].kind
    root = board.find(node0 + segment)
    if kind in (MONASTERY, GARDEN):
        return 1.0 + board.surrounded((x, y))
    if kind == CITY:
        return 1.5 * (board.size(root) + board.pennants[root])
    if kind == ROAD:
        return 0.8 * board.size(root)
    return 2.0 * len(board.field_cities(root)) - 1.0


class GreedyBot:
    """Best immediate score gain for tile and meeple; bets on the expected size."""

    name = "greedy"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.planned: Follower | None = None

    def choose(self, obs: Observation) -> Move:
        moves = obs.legal_moves
        assert moves
        phase = obs.position["state"]["phase"]
        if phase == "place":
            return self._place(obs)
        if phase == "meeple":
            planned = self.planned
            self.planned = None
            if planned is not None and planned in moves:
                return planned
            return NoMeeple()
        if phase == "settle":
            return self._settle(obs)
        if phase == "bet":
            return self._bet(obs)
        return moves[int(self.rng.random() * len(moves))]

    def _place(self, obs: Observation) -> Move:
        view = obs.view
        state = view["state"]
        seat = obs.seat
        players = view["players"]
        data = content_of(view)
        board = rebuild(view, data)
        supply = state["meeples"][seat]
        abbot_home = bool(state.get("abbots")) and state["abbots"][seat]
        abbot_at = next(
            (
                (t["x"], t["y"])
                for t in state["tiles"]
                for m in t["meeples"]
                if m.get("abbot") and m["seat"] == seat
            ),
            None,
        )
        last_round = state["stack_size"] < players
        forms = data.catalog.forms[state["drawn"]]
        best: tuple[float, float] | None = None
        choice: tuple[PlaceTile, Follower] | None = None
        for move in obs.legal_moves or ():
            assert isinstance(move, PlaceTile)
            trial = board.clone()
            index = trial.place(move.x, move.y, forms[ROTATIONS.index(move.rotation)])
            options: list[tuple[float, float, Follower]] = [
                (gain(trial, index, seat, players), 0.0, NoMeeple())
            ]
            if abbot_at is not None:
                worth = 1 + trial.surrounded(abbot_at)
                if worth >= RETURN_AT or last_round:
                    options.append((options[0][0] + worth, 0.0, ReturnAbbot()))
            form = trial.placed[index][2]
            for segment in trial.free_segments(index):
                kind = form.segments[segment].kind
                abbot = abbot_home and kind in (MONASTERY, GARDEN)
                if not abbot and (kind == GARDEN or not supply):
                    continue
                node = trial.node(index, segment)
                trial.put_meeple(node, seat)
                now = gain(trial, index, seat, players)
                trial.take_meeples(trial.find(node))
                later = 0.0 if now > options[0][0] else promise(trial, index, segment)
                if abbot:
                    options.append(
                        (now, later + ABBOT_BONUS, PlaceAbbot(form.segments[segment].label))
                    )
                    continue
                if now <= options[0][0] and (supply <= KEEP_MEEPLES or later <= 0):
                    continue
                options.append((now, later, PlaceMeeple(form.segments[segment].label)))
            for score, hope, meeple in options:
                key = (score, hope + self.rng.random() * 0.01)
                if best is None or key > best:
                    best, choice = key, (move, meeple)
        assert choice is not None
        self.planned = choice[1]
        return choice[0]

    def _settle(self, obs: Observation) -> Move:
        """The feature on which the bot's own chip on the office pays most."""
        state = obs.position["state"]
        settle = state["settle"]
        chips = content_of(obs.view).chip_by_id
        office = next(t for t in state["tiles"] if (t["x"], t["y"]) == (settle["x"], settle["y"]))
        mine = [c["chip"] for c in office.get("chips", []) if c["seat"] == obs.seat]

        def worth(feature: dict[str, Any]) -> int:
            return sum(chips[chip].payout(feature["tiles"]) for chip in mine)

        best = max(settle["features"], key=worth)
        return SettleBets(best["feature"])

    def _bet(self, obs: Observation) -> Move:
        """The chip that pays on the size the office's road or city is expected to reach."""
        view = obs.view
        state = view["state"]
        chips = state["chips"][obs.seat]
        if not chips:
            return NoChip()
        data = content_of(view)
        board = rebuild(view, data)
        index = board.at[(state["bet_on"][0], state["bet_on"][1])]
        expected = [
            board.size(root) + board.open[root]
            for root in board.roots_of(index, (CITY, ROAD))
            if not board.complete(root)
        ]
        if not expected:
            return NoChip()
        faces = data.chip_by_id
        size = max(expected)
        ranked = sorted(
            chips,
            key=lambda chip: (
                faces[chip].payout(size),
                -min(abs(n.size - size) for n in faces[chip].numbers),
            ),
        )
        return PlaceChip(ranked[-1])


__all__ = ["GreedyBot"]
