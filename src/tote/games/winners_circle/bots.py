"""Winner's Circle bots. They read only their seat's view, never the state."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tote.core.bot import Observation
from tote.core.moves import Move
from tote.games.winners_circle.moves import MoveHorse, PlaceBet
from tote.games.winners_circle.track import blocked_landing, space_of

SYMBOL_WEIGHTS = (("head", 3), ("cap", 1), ("saddle", 1), ("shoe", 1))


@dataclass
class Odds:
    """Estimated chance of each horse finishing win, place, show, and last."""

    place: list[list[float]]  # place[h][k], k = 0 win, 1 place, 2 show
    last: list[float]


def estimate_odds(
    horses: Sequence[dict[str, Any]], finish: int, rng: random.Random, samples: int
) -> Odds:
    """Monte Carlo over the card cycle: every running horse moves once per cycle
    with a random symbol; blocking is ignored. Fast and good enough to rank horses."""
    n = len(horses)
    symbols = [s for s, w in SYMBOL_WEIGHTS for _ in range(w)]
    running = [h for h, info in enumerate(horses) if info["finished"] is None and info["card"]]
    already = sum(1 for info in horses if info["finished"] is not None)
    place = [[0.0, 0.0, 0.0] for _ in range(n)]
    for h, info in enumerate(horses):
        if info["finished"] is not None:
            place[h][("win", "place", "show").index(info["finished"])] = float(samples)
    last = [0.0] * n
    if not running:
        return Odds([[p / max(samples, 1) for p in row] for row in place], last)
    cards = {h: [horses[h]["card"][s] for s in symbols] for h in running}
    draw = rng.random
    for _ in range(samples):
        pos = {h: horses[h]["progress"] for h in running}
        order: list[int] = []
        while already + len(order) < 3 and pos:
            crossing = []
            for h in list(pos):
                pos[h] += cards[h][int(draw() * 6)]
                if pos[h] >= finish:
                    crossing.append(h)
            rng.shuffle(crossing)
            for h in crossing:
                del pos[h]
                order.append(h)
        for k, h in enumerate(order[: 3 - already]):
            place[h][already + k] += 1
        if pos:
            last[min(pos, key=lambda h: pos[h])] += 1
    return Odds([[p / samples for p in row] for row in place], [count / samples for count in last])


class OddsBot:
    """Bets and moves by estimated odds.

    Betting: the legal bet with the best expected value, from the payout table
    and the bets already on each horse. Running: the horse whose move leaves
    this seat's bets with the best expected payout.
    """

    name = "odds"

    def __init__(self, rng: random.Random, samples: int = 120) -> None:
        self.rng = rng
        self.samples = samples

    def choose(self, obs: Observation) -> Move:
        legal = obs.legal_moves or []
        if not legal:
            return obs.random_move(self.rng)
        state = obs.position["state"]
        if isinstance(legal[0], PlaceBet):
            return self._bet(obs.seat, state, [m for m in legal if isinstance(m, PlaceBet)])
        return self._move(obs.seat, state, [m for m in legal if isinstance(m, MoveHorse)])

    # ---------------------------------------------------------------- bets
    def _bet(self, seat: int, state: dict[str, Any], legal: list[PlaceBet]) -> Move:
        horses = state["horses"]
        names = [h["name"] for h in horses]
        odds = estimate_odds(horses, state["finish_progress"], self.rng, self.samples)
        table = state["payout_table"]
        counted = [0] * len(horses)
        for bet in state["bets"]:
            counted[names.index(bet["horse"])] += 1 if bet["chip"] is None else bet["chip"]

        def value(move: PlaceBet) -> float:
            h = names.index(move.horse)
            if move.chip == 0:
                return 0.0
            column = counted[h] + move.chip
            gain = sum(
                odds.place[h][k] * table[row][min(column, len(table[row])) - 1]
                for k, row in enumerate(("win", "place", "show"))
            )
            return float(move.chip * (gain - 100 * odds.last[h]))

        return max(legal, key=lambda m: (value(m), m.chip))

    # --------------------------------------------------------------- moves
    def _move(self, seat: int, state: dict[str, Any], legal: list[MoveHorse]) -> Move:
        """Weigh each legal move by how far it really takes its horse (blocking
        included) and by what that horse means to this seat: its own bets gain
        with their chip (more if the horse risks finishing last), other horses
        that could push its bets out of the top three are held back."""
        horses = state["horses"]
        names = [h["name"] for h in horses]
        mine = [0] * len(horses)
        for bet in state["bets"]:
            if bet["seat"] == seat:
                mine[names.index(bet["horse"])] = bet["chip"] or 0
        if not any(mine):
            return legal[self.rng.randrange(len(legal))]
        odds = estimate_odds(horses, state["finish_progress"], self.rng, self.samples // 2)
        finish = state["finish_progress"]
        crowded = state["variants"]["crowded_field"]
        spaces = finish - 1

        def weight(h: int) -> float:
            if mine[h]:
                return mine[h] * (1.0 + 2.0 * odds.last[h])
            return -0.5 * sum(odds.place[h])

        def gain(h: int) -> int:
            start = horses[h]["progress"]
            target = start + horses[h]["card"][state["rolled"]]
            if target < finish and not crowded:
                occupied = {
                    space_of(o["progress"], spaces)
                    for i, o in enumerate(horses)
                    if i != h and o["finished"] is None and o["card"]
                }
                target = blocked_landing(start, target, occupied, spaces)
            return int(target - start)

        return max(legal, key=lambda m: weight(names.index(m.horse)) * gain(names.index(m.horse)))
