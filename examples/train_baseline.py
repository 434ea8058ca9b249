"""Train a masked policy on any tote game and save it for ``--bots learned:PATH``.

Issue 30 (Add: a learning baseline that ships). numpy only, one CPU core:

    python examples/train_baseline.py --game winners-circle --players 2 \\
        --seconds 150 --seed 1 --out wc2.npz
    tote tournament winners-circle --players 2 --games 100 --bots learned:wc2.npz,random

The policy is :class:`tote.envs.learned.Policy` (one tanh hidden layer, a softmax over
the legal actions of the game's catalogue). It plays N tables at once (``--envs``) and
learns by REINFORCE: after each game, every decision of a learning seat is pushed
towards the action taken in proportion to the seat's return (``reward="result"``: +1
win, -1 loss) minus a baseline (a running mean of the returns of that seat), with Adam.
``--opponents random`` (default) seats the learner at one seat of each table (turning
round the seats game after game) against uniformly random legal moves; ``--opponents
self`` lets it play and learn every seat.

The tables are PettingZoo AEC environments (``--api aec``, the default:
``tote.envs.aec_env``, each table's agent read with ``last()`` and moved with
``step()``), or one ``tote.envs.vector_env`` (``--api vector``: the same tables behind
batched arrays). Both play game ``k`` of table ``i`` with the seed ``seed + i + k * N``
and give the same observations, masks and rewards, so with ``--episodes`` the same
seed trains the same policy through either.

Needs the research extra (numpy, gymnasium, pettingzoo). Bad arguments are one line,
status 2.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

import tote.envs
from tote.core.errors import ToteError
from tote.envs.learned import MAX_POLICY_BYTES, WEIGHTS, Policy

Array = npt.NDArray[np.float32]


class Adam:
    """Adam ascent on the policy's weights."""

    def __init__(self, policy: Policy, lr: float) -> None:
        self.lr = lr
        self.t = 0
        self.m = {k: np.zeros_like(getattr(policy, k)) for k in ("w1", "b1", "w2", "b2")}
        self.v = {k: np.zeros_like(getattr(policy, k)) for k in ("w1", "b1", "w2", "b2")}

    def ascend(self, policy: Policy, grads: dict[str, Array]) -> None:
        self.t += 1
        for k, g in grads.items():
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            m = self.m[k] / (1 - 0.9**self.t)
            v = self.v[k] / (1 - 0.999**self.t)
            setattr(policy, k, (getattr(policy, k) + self.lr * m / (np.sqrt(v) + 1e-8)))


def gradients(
    policy: Policy,
    x: Array,
    mask: npt.NDArray[np.bool_],
    action: npt.NDArray[np.int64],
    advantage: Array,
    entropy: float,
) -> dict[str, Array]:
    """The gradient of mean(advantage * log pi(action)) + entropy * H(pi)."""
    h, p = policy.probabilities(x, mask)
    chosen = np.zeros_like(p)
    chosen[np.arange(len(action)), action] = 1.0
    d = (chosen - p) * advantage[:, None]
    if entropy:
        logp = np.log(np.where(p > 0, p, 1.0))
        ent = -(p * logp).sum(axis=1, keepdims=True)
        d += entropy * (-p * (logp + ent))
    d /= len(action)
    dh = (d @ policy.w2.T) * (1.0 - h * h)
    return {"w2": h.T @ d, "b2": d.sum(axis=0), "w1": x.T @ dh, "b1": dh.sum(axis=0)}


def sample(p: Array, rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """One action per row of probabilities ``p``."""
    u = rng.random(len(p))[:, None]
    picked: npt.NDArray[np.int64] = (p.cumsum(axis=1) > u).argmax(axis=1)
    return picked


def parse_option(text: str) -> tuple[str, Any]:
    key, sep, raw = text.partition("=")
    if not sep or not key:
        raise ToteError(f"--option is KEY=VALUE, not {text!r}")
    try:
        return key, json.loads(raw)
    except json.JSONDecodeError:
        return key, raw


LIMITS = {
    "seconds": (1e-3, 7 * 86400.0),
    "episodes": (1, 10**8),
    "hidden": (1, 4096),
    "batch": (1, 10**6),
    "lr": (1e-9, 1.0),
    "entropy": (0.0, 10.0),
}
"""Each bounded argument's range (issue 30, learning baseline; inputs are bounded):
a mistyped value is refused before any table is built, not found after hours."""


def out_of_range(args: argparse.Namespace) -> str | None:
    """The one-line refusal of the first argument outside its range, else ``None``."""
    for name, (low, high) in LIMITS.items():
        value = getattr(args, name)
        if value is not None and not (math.isfinite(value) and low <= value <= high):
            return f"--{name} is from {low:g} to {high:g}, not {value!r}"
    return None


Batch = tuple[Array, npt.NDArray[np.bool_], npt.NDArray[np.int64]]
"""One decision per table: observations [N, obs_size], masks [N, actions] and the seat
to act [N]."""
Ended = list[tuple[int, Array]]
"""The tables whose game ended in a step, each with that game's returns [players]."""


class Tables(Protocol):
    """The N tables the learner plays: a batch of decisions, the games that ended."""

    players: int
    obs_size: int
    actions: int

    def reset(self) -> Batch: ...

    def step(self, actions: npt.NDArray[np.int64]) -> tuple[Batch, Ended]: ...


class AECTables:
    """``--api aec`` (the default): N PettingZoo AEC environments (``tote.envs.aec_env``)
    stepped in turn, each table's agent to act read with ``last()``; an ended game's
    returns are its per-step ``rewards`` summed, and the table is reset with its next
    seed, ``seed + i + k * N`` for its game ``k``, as ``vector_env`` seeds it."""

    def __init__(
        self, game: str, n: int, players: int | None, seed: int, options: dict[str, Any]
    ) -> None:
        self.envs = [tote.envs.aec_env(game, players=players, **options) for _ in range(n)]
        first = self.envs[0]
        self.agents: list[str] = list(first.possible_agents)
        self.players = len(self.agents)
        seen = first.observation_space(self.agents[0])["observation"]
        assert seen.shape is not None  # a Box: the encoder's vector (section 4)
        self.obs_size = int(seen.shape[0])
        self.actions = int(first.action_space(self.agents[0]).n)
        self.seed = seed
        self.games = [0] * n
        self.returns = np.zeros((n, self.players), np.float32)

    def _start(self, i: int) -> None:
        self.envs[i].reset(seed=self.seed + i + self.games[i] * len(self.envs))
        self.returns[i] = 0.0

    def _batch(self) -> Batch:
        seen = [env.last()[0] for env in self.envs]
        obs = np.stack([s["observation"] for s in seen]).astype(np.float32)
        masks = np.stack([s["action_mask"] for s in seen]).astype(np.bool_)
        agents = [self.agents.index(env.agent_selection) for env in self.envs]
        return obs, masks, np.array(agents, np.int64)

    def reset(self) -> Batch:
        for i in range(len(self.envs)):
            self._start(i)
        return self._batch()

    def step(self, actions: npt.NDArray[np.int64]) -> tuple[Batch, Ended]:
        ended: Ended = []
        for i, env in enumerate(self.envs):
            env.step(int(actions[i]))
            self.returns[i] += np.array([env.rewards[a] for a in self.agents], np.float32)
            if any(env.terminations.values()) or any(env.truncations.values()):
                ended.append((i, self.returns[i].copy()))
                self.games[i] += 1
                self._start(i)
        return self._batch(), ended


class VectorTables:
    """``--api vector``: the same N tables as one ``tote.envs.vector_env`` (batched
    arrays, same-step auto-reset, the same seeds), for speed."""

    def __init__(
        self, game: str, n: int, players: int | None, seed: int, options: dict[str, Any]
    ) -> None:
        self.env = tote.envs.vector_env(game, num_envs=n, players=players, seed=seed, **options)
        self.players = self.env.players
        self.obs_size = int(self.env.single_observation_space.shape[0])
        self.actions = int(self.env.single_action_space.n)
        self.seed = seed

    def reset(self) -> Batch:
        obs, info = self.env.reset(seed=self.seed)
        return obs, info["action_mask"], info["agent"]

    def step(self, actions: npt.NDArray[np.int64]) -> tuple[Batch, Ended]:
        obs, _, _, _, info = self.env.step(actions)
        done = np.flatnonzero(info["_episode_return"]).tolist()
        ended = [(i, info["episode_return"][i]) for i in done]
        return (obs, info["action_mask"], info["agent"]), ended


APIS: dict[str, Callable[[str, int, int | None, int, dict[str, Any]], Tables]] = {
    "aec": AECTables,
    "vector": VectorTables,
}


def train(args: argparse.Namespace) -> Policy:
    options = dict(parse_option(o) for o in args.option or [])
    if {"opponents", "opponent_budget"} & set(options):
        raise ToteError(
            "--option opponents: this trainer seats its own opponents (--opponents random"
            " or self) and learns one policy for every seat"
        )
    tables = APIS[args.api](args.game, args.envs, args.players, args.seed, options)
    players = tables.players
    rng = np.random.default_rng(args.seed)
    meta = {
        "game": args.game,
        "players": players,
        "options": options,
        "trained": {
            "seed": args.seed,
            "opponents": args.opponents,
            "envs": args.envs,
            "api": args.api,
        },
    }
    policy = Policy.new(tables.obs_size, tables.actions, args.hidden, rng, meta)
    weights = sum(getattr(policy, name).nbytes for name in WEIGHTS)
    if weights > MAX_POLICY_BYTES:
        raise ValueError(
            f"a policy of {weights} bytes is more than learned:PATH reads ({MAX_POLICY_BYTES});"
            " lower --hidden"
        )
    adam = Adam(policy, args.lr)
    baseline = np.zeros(players, np.float32)
    learner = np.arange(args.envs) % players
    pending: list[list[tuple[int, Array, npt.NDArray[np.bool_], int]]] = [
        [] for _ in range(args.envs)
    ]
    batch: list[tuple[Array, npt.NDArray[np.bool_], int, float]] = []
    obs, masks, agents = tables.reset()
    games = wins = 0
    report = 100
    start = time.process_time()
    while True:
        if args.episodes is not None and games >= args.episodes:
            break
        if args.seconds is not None and time.process_time() - start >= args.seconds:
            break
        _, p = policy.probabilities(obs, masks)
        actions = sample(p, rng)
        for i in range(args.envs):
            seat = int(agents[i])
            if args.opponents == "random" and seat != learner[i]:
                actions[i] = rng.choice(np.flatnonzero(masks[i]))
            elif masks[i].sum() > 1:
                pending[i].append((seat, obs[i], masks[i], int(actions[i])))
        (obs, masks, agents), ended = tables.step(actions)
        for i, returns in ended:
            games += 1
            wins += int(returns[learner[i]] > 0)
            for seat, seen, legal, action in pending[i]:
                batch.append((seen, legal, action, float(returns[seat] - baseline[seat])))
            baseline += 0.05 * (returns - baseline)
            pending[i] = []
            if args.opponents == "random":
                learner[i] = (learner[i] + 1) % players
        if len(batch) >= args.batch:
            xs = np.stack([b[0] for b in batch])
            ms = np.stack([b[1] for b in batch])
            taken = np.array([b[2] for b in batch], dtype=np.int64)
            adv = np.array([b[3] for b in batch], dtype=np.float32)
            adam.ascend(policy, gradients(policy, xs, ms, taken, adv, args.entropy))
            batch = []
        if games >= report:
            print(f"{games} games, learner won {wins / games:.1%}", flush=True)
            report += 100
    policy.meta["trained"].update(games=games, cpu_seconds=round(time.process_time() - start, 1))
    print(f"trained on {games} games in {time.process_time() - start:.0f} CPU s", flush=True)
    return policy


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, help="game id, as 'tote games' lists")
    parser.add_argument("--players", type=int, default=None, help="seats (default: fewest)")
    parser.add_argument("--seconds", type=float, default=None, help="CPU seconds to train")
    parser.add_argument("--episodes", type=int, default=None, help="games to train on")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, required=True, help="the .npz to write")
    parser.add_argument("--option", "-o", action="append", metavar="KEY=VALUE")
    parser.add_argument("--opponents", choices=("random", "self"), default="random")
    parser.add_argument("--envs", type=int, default=16, help="tables played at once")
    parser.add_argument(
        "--api",
        choices=tuple(APIS),
        default="aec",
        help="aec: PettingZoo AEC environments (default); vector: tote.envs.vector_env",
    )
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument("--batch", type=int, default=512, help="decisions per update")
    parser.add_argument("--entropy", type=float, default=0.01)
    args = parser.parse_args(argv)
    if args.seconds is None and args.episodes is None:
        args.seconds = 60.0
    if args.envs < 1 or args.hidden < 1 or args.batch < 1:
        print("train_baseline: --envs, --hidden and --batch are 1 or more", file=sys.stderr)
        return 2
    bad = out_of_range(args)
    if bad is not None:
        print(f"train_baseline: {bad}", file=sys.stderr)
        return 2
    try:
        policy = train(args)
        policy.save(args.out)
    except (ToteError, ValueError) as refusal:
        print(f"train_baseline: {refusal}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"train_baseline: {exc}", file=sys.stderr)
        return 1
    print(f"saved {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
