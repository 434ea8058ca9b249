"""Issue 25, three levels everywhere, the environments included: the ``opponents``
option seats tote's bots (levels, heuristics, random, search) inside the PettingZoo
and vector environments. Those seats are no longer agents, the bots move whenever it
is their turn (secret turns too) from their own seat's observation only, each seeded
from the reset's seed and its seat, and the agents' rewards are what they would be
without opponents."""

from __future__ import annotations

import importlib.util
import random
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, seed_test

from tote.bots import Budget, bot_seed, bots_for, make_bot
from tote.core.bot import Bot, Observation
from tote.core.errors import OptionsError
from tote.core.moves import Move
from tote.core.registry import get_game
from tote.core.state import State
from tote.envs import aec_env, parallel_env, vector_env
from tote.envs import opponents as opponents_module
from tote.envs.checks import parallel_seed_check

GAMES: list[tuple[str, int, dict[str, str]]] = [
    ("winners-circle", 3, {"seat_1": "normal", "seat_2": "random"}),
    ("wits-and-wagers", 4, {"seat_0": "easy", "seat_2": "normal"}),
    ("wetten", 3, {"seat_0": "normal", "seat_2": "easy"}),
    ("horse-fever", 3, {"seat_1": "random", "seat_2": "normal"}),
    ("carcassonne", 2, {"seat_0": "normal"}),
]
"""One configuration a game, cheap bots, an opponent at seat 0 in some (the bots then
move inside ``reset``); Wits & Wagers and Wetten! have simultaneous secret turns."""
IDS = [g for g, _, _ in GAMES]
ROOT = Path(__file__).resolve().parents[2]


def _agents(players: int, opponents: dict[str, str]) -> list[str]:
    return [f"seat_{s}" for s in range(players) if f"seat_{s}" not in opponents]


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("game_id", "players", "opponents"), GAMES, ids=IDS)
def test_pettingzoo_api_tests_pass_with_opponents(
    game_id: str, players: int, opponents: dict[str, str]
) -> None:
    """PettingZoo's api_test, parallel_api_test and seed_test pass with opponents set,
    and only the learning seats are agents."""
    env = aec_env(game_id, players=players, opponents=opponents)
    assert env.possible_agents == _agents(players, opponents)
    api_test(env, num_cycles=60)
    penv = parallel_env(game_id, players=players, opponents=opponents, reward="score")
    assert penv.possible_agents == _agents(players, opponents)
    parallel_api_test(penv, num_cycles=60)
    seed_test(lambda: aec_env(game_id, players=players, opponents=opponents), num_cycles=30)


@pytest.mark.parametrize(("game_id", "players", "opponents"), GAMES, ids=IDS)
def test_the_same_seed_gives_the_same_episode_with_opponents(
    game_id: str, players: int, opponents: dict[str, str]
) -> None:
    """Two Parallel environments reset with the same seed, their agents given the same
    masked random actions, play the same whole game: the bots are seeded from the seed
    and their seats. Only the agents are in every dictionary."""
    options: dict[str, Any] = {"opponents": opponents}
    if game_id == "wits-and-wagers":
        options["variants"] = ["secret-betting"]  # random agents lock open bets slowly
    steps = parallel_seed_check(lambda: parallel_env(game_id, players=players, **options))
    assert steps > 5, "a whole game, not one step"
    env = parallel_env(game_id, players=players, **options)
    observations, infos = env.reset(seed=4)
    assert set(observations) == set(infos) == set(_agents(players, opponents))


class Watched:
    """A bot whose every decision checks what it is given: an observation of its own
    seat, of the environment's real state, whose view is that seat's view."""

    def __init__(
        self, bot: Bot, seat: int, real: Callable[[], State], log: list[tuple[int, bool]]
    ) -> None:
        self.bot, self.seat, self.real, self.log = bot, seat, real, log
        self.name = bot.name

    def choose(self, obs: Observation) -> Move:
        assert obs.seat == self.seat
        state = obs._state
        assert state is self.real(), "the state the environment plays, not another"
        assert obs.view == state.view(self.seat, log=False)
        assert obs.legal_moves == state.legal_moves(self.seat)
        self.log.append((self.seat, state.turn().simultaneous))
        return self.bot.choose(obs)


@pytest.mark.parametrize(("game_id", "players", "opponents"), GAMES, ids=IDS)
def test_an_opponent_sees_only_its_own_seat(
    game_id: str, players: int, opponents: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every decision of every opponent is made from ``Observation(state, seat)`` of
    its own seat; at a simultaneous turn (secret moves) the bots commit through the
    state too (Wits & Wagers' guesses, Wetten!'s tickets)."""
    log: list[tuple[int, bool]] = []
    made = opponents_module.Opponents.bots
    env = aec_env(game_id, players=players, opponents=opponents, max_cycles=80)

    def watched(self: opponents_module.Opponents, seed: int | None) -> dict[int, Bot]:
        return {s: Watched(b, s, lambda: env.table.state, log) for s, b in made(self, seed).items()}

    monkeypatch.setattr(opponents_module.Opponents, "bots", watched)
    env.reset(seed=2)
    rng = np.random.default_rng(1)
    for _agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        act = (
            None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        )
        env.step(act)
    seats = {int(a.removeprefix("seat_")) for a in opponents}
    assert {seat for seat, _ in log} == seats
    if game_id in ("wits-and-wagers", "wetten"):
        assert any(simultaneous for _, simultaneous in log)


def _reference_returns(
    game_id: str, players: int, opponents: dict[str, str], seed: int, reward: str
) -> tuple[dict[str, float], tuple[Any, ...]]:
    """The game of an all-agent environment whose opponent seats play as the bots would
    (made with ``make_bot``, as ``tote simulate`` makes them), the other seats taking
    actions from their own seeded streams: each agent's return and the final scores."""
    game = get_game(game_id)
    env = aec_env(game_id, players=players, reward=reward)
    env.reset(seed=seed)
    bots = {
        int(a.removeprefix("seat_")): make_bot(game, name, seed, int(a.removeprefix("seat_")))
        for a, name in opponents.items()
    }
    streams = {a: random.Random(a) for a in env.possible_agents}
    returns = dict.fromkeys(_agents(players, opponents), 0.0)
    for agent in env.agent_iter():
        obs, r, terminated, truncated, _ = env.last()
        seat = env.table.seat_of[agent]
        if agent in returns:
            returns[agent] += r
        if terminated or truncated:
            env.step(None)
        elif seat in bots:
            o = Observation(env.table.state, seat)
            index = env.table.catalogue.index(o, bots[seat].choose(o))
            assert index is not None, "the bot's move is on the action grid"
            env.step(index)
        else:
            env.step(streams[agent].choice(np.flatnonzero(obs["action_mask"]).tolist()))
    result = env.table.state.result()
    assert result is not None
    return returns, tuple(result.scores)


@pytest.mark.parametrize("reward", ["result", "score"])
@pytest.mark.parametrize(
    ("game_id", "players", "opponents"),
    [
        ("winners-circle", 3, {"seat_0": "normal", "seat_2": "random"}),
        ("carcassonne", 2, {"seat_1": "easy"}),
    ],
    ids=["winners-circle", "carcassonne"],
)
def test_agents_get_the_rewards_they_would_get_without_opponents(
    game_id: str, players: int, opponents: dict[str, str], reward: str
) -> None:
    """The game with opponents is the very game of an all-agent environment whose
    opponent seats play the bots' moves (the same seeds, so ``tote simulate``'s bots):
    the same final scores, and each agent's return is the same under both rewards.
    (Games whose bots bet amounts off the action grid cannot be replayed by agents.)"""
    seed = 5
    expected, scores = _reference_returns(game_id, players, opponents, seed, reward)
    env = aec_env(game_id, players=players, opponents=opponents, reward=reward)
    env.reset(seed=seed)
    streams = {a: random.Random(a) for a in env.possible_agents}
    returns = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, r, terminated, truncated, _ = env.last()
        returns[agent] += r
        act = (
            None
            if terminated or truncated
            else streams[agent].choice(np.flatnonzero(obs["action_mask"]).tolist())
        )
        env.step(act)
    result = env.table.state.result()
    assert result is not None and tuple(result.scores) == scores
    assert returns == expected


def test_the_vector_environment_plays_the_opponents_in_every_table() -> None:
    """``vector_env`` takes the option too: rewards have one column an agent
    (``agent_seats``), no opponent seat is ever asked, and each table is the single
    environment in lockstep."""
    opponents = {"seat_1": "normal"}
    n, seed = 2, 3
    venv = vector_env("wetten", num_envs=n, players=3, seed=seed, opponents=opponents)
    assert venv.agent_seats == (0, 2)
    obs, info = venv.reset()
    singles = [aec_env("wetten", players=3, opponents=opponents) for _ in range(n)]
    for i, env in enumerate(singles):
        env.reset(seed=seed + i)
    rng = np.random.default_rng(0)
    for _ in range(60):
        assert set(info["agent"].tolist()) <= {0, 2}
        for i, env in enumerate(singles):
            assert env.agent_selection == f"seat_{info['agent'][i]}"
            np.testing.assert_array_equal(obs[i], env.observe(env.agent_selection)["observation"])
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in info["action_mask"]])
        obs, rewards, terminations, _, info = venv.step(actions)
        assert rewards.shape == (n, 2)
        for i, env in enumerate(singles):
            env.step(int(actions[i]))
            assert rewards[i].tolist() == [env.rewards["seat_0"], env.rewards["seat_2"]]
            if terminations[i]:
                return


def test_hard_plays_at_a_small_budget() -> None:
    """``hard`` (the strong search bot) as an opponent thinks within
    ``opponent_budget``: a whole Winner's Circle game at 4 iterations a decision takes
    a few seconds, and the same seed replays it."""

    def play() -> tuple[Any, ...]:
        env = parallel_env(
            "winners-circle",
            players=2,
            opponents={"seat_1": "hard"},
            opponent_budget=Budget(iterations=4),
        )
        observations, _ = env.reset(seed=9)
        rng = np.random.default_rng(0)
        while env.agents:
            mask = observations["seat_0"]["action_mask"]
            observations, *_ = env.step({"seat_0": int(rng.choice(np.flatnonzero(mask)))})
        result = env.table.state.result()
        assert result is not None
        return tuple(result.scores)

    start = time.process_time()
    assert play() == play()
    assert time.process_time() - start < 60


def test_an_opponent_is_no_agent() -> None:
    """An opponent's seat cannot be observed or stepped: it is named as the bot's."""
    env = parallel_env("wetten", players=3, opponents={"seat_1": "normal"})
    env.reset(seed=0)
    with pytest.raises(ValueError, match=r"seat_1 is played by the environment's bot 'normal'"):
        env.observe("seat_1")
    with pytest.raises(ValueError, match=r"no live agent 'seat_1'"):
        env.step({"seat_1": 0})
    shown = aec_env("wetten", players=3, opponents={"seat_1": "normal"}, render_mode="ansi")
    shown.reset(seed=0)
    assert "seat_1 (normal)" in (shown.render() or "")


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (
            {"opponents": {"seat_1": "hardest"}},
            r"seat_1: wetten has no bot 'hardest'; bots: .*easy",
        ),
        (
            {"opponents": {"seat_7": "hard"}},
            r"no agent 'seat_7' at 3 seats; agents: seat_0, seat_1, seat_2$",
        ),
        ({"opponents": {1: "hard"}}, r"no agent 1 at 3 seats"),
        (
            {"opponents": {"seat_0": "easy", "seat_1": "normal", "seat_2": "hard"}},
            r"every one of the 3 seats is a bot; leave at least one agent",
        ),
        ({"opponents": ["seat_1"]}, r"a mapping of agent names to bot names"),
        ({"opponents": {"seat_1": 3}}, r"seat_1's bot is a name such as 'hard', not 3"),
        ({"opponent_budget": 5}, r"'opponent_budget': a tote.bots.Budget"),
        ({"opponent_budget": Budget(iterations=0)}, r"iterations 1 to 1,000,000, not 0"),
        ({"opponent_budget": Budget(seconds=61.0)}, r"seconds more than 0 and at most 60"),
        ({"opponent_budget": Budget(seconds=0.0)}, r"seconds more than 0 and at most 60"),
        ({"opponent_budget": Budget(processes=65)}, r"processes 1 to 64, not 65"),
    ],
)
def test_bad_opponents_are_refused_in_one_line(options: dict[str, Any], message: str) -> None:
    """Each refusal names the limit it breaks, in one line, for every front end."""
    opponents = {"opponents": {"seat_1": "normal"}}
    for make in (aec_env, parallel_env):
        with pytest.raises(OptionsError, match=message) as refused:
            make("wetten", players=3, **{**opponents, **options})
        assert "\n" not in str(refused.value)
    with pytest.raises(OptionsError, match=message):
        vector_env("wetten", num_envs=2, players=3, **{**opponents, **options})


def test_every_bot_of_the_game_may_be_an_opponent() -> None:
    """Any name ``bots_for(game)`` lists is accepted (the levels first)."""
    game = get_game("wetten")
    names = list(bots_for(game))
    assert names[:3] == ["easy", "normal", "hard"]
    for name in names:
        env = aec_env("wetten", players=3, opponents={"seat_2": name})
        assert env.possible_agents == ["seat_0", "seat_1"]
    assert bot_seed(1, 2) != bot_seed(1, 1)


def _trainer() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "train_baseline", ROOT / "examples" / "train_baseline.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_trained_policy_may_be_an_opponent(tmp_path: Path) -> None:
    """``learned:PATH`` (issue 30's trained policies) is accepted as an opponent, so
    an agent can play against an earlier snapshot of itself."""
    trainer = _trainer()
    out = tmp_path / "policy.npz"
    args = ["--game", "winners-circle", "--players", "2", "--episodes", "2", "--envs", "2"]
    args += ["--seed", "3", "--out", str(out), "--batch", "8", "--hidden", "8"]
    assert trainer.main([*args, "--option", "max_cycles=12"]) == 0
    env = parallel_env("winners-circle", players=2, opponents={"seat_0": f"learned:{out}"})
    observations, _ = env.reset(seed=1)
    assert list(observations) == ["seat_1"]
    while env.agents:
        mask = observations["seat_1"]["action_mask"]
        observations, *_ = env.step({"seat_1": int(np.flatnonzero(mask)[0])})
    assert env.table.state.result() is not None


def test_a_sampled_world_has_its_own_opponents() -> None:
    """``sample_world`` gives the new environment new bots of the same names, seeded
    from the world's seed, that know only the sampled world: stepping the world to its
    end leaves the real environment's bots and game as they were."""
    env = aec_env("wetten", players=3, opponents={"seat_1": "normal", "seat_2": "random"})
    env.reset(seed=6)
    for _ in range(8):
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    agent = env.agent_selection
    before = env.observe(agent)["observation"].copy()
    streams = {s: b.rng.getstate() for s, b in env.table._bots.items() if hasattr(b, "rng")}
    world = env.sample_world(agent, seed=3)
    assert world.table._bots is not env.table._bots
    for _ in world.agent_iter():
        obs, _, terminated, truncated, _ = world.last()
        act = None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[0])
        world.step(act)
    assert world.table.state.result() is not None
    np.testing.assert_array_equal(env.observe(agent)["observation"], before)
    assert {s: b.rng.getstate() for s, b in env.table._bots.items() if hasattr(b, "rng")} == (
        streams
    )


def test_the_baseline_trainer_refuses_the_environments_opponents(tmp_path: Path) -> None:
    """examples/train_baseline.py plays its own opponents at the other seats (its
    ``--opponents``); the environment's option would leave it fewer seats than it
    counts, so it is one refusal, status 2."""
    trainer = _trainer()
    args = ["--game", "winners-circle", "--players", "2", "--episodes", "1"]
    args += ["--out", str(tmp_path / "p.npz"), "--option", 'opponents={"seat_1": "normal"}']
    assert trainer.main(args) == 2
    assert not (tmp_path / "p.npz").exists()
