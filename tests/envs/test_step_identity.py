"""Issue 24, the PettingZoo AEC step made cheaper: observations, masks, rewards, flags
and every agent's info (its ``view`` included) stay byte for byte what the step built
before the change, over seeded episodes of every game and every variant, under both
PettingZoo APIs. The digests were taken on the implementation before issue 24's
changes (commit 07a0270), except Carcassonne's: its observation version 2 (22 slots a
board cell, the betting office apart from the seat's own meeples) changed its vectors;
its digests were retaken once these vectors, folded back to version 1's 21 slots, gave
the old digests again (docs/environments.md, "Versions")."""

from __future__ import annotations

import hashlib
import json
import random

import numpy as np
import pytest

from tote.envs import aec_env, parallel_env

AEC_STEPS = 150
PARALLEL_STEPS = 40

EXPECTED: dict[tuple[str, str], tuple[str, str]] = {
    ("winners-circle", ""): ("a44e99dbc1a22c38", "047e19296a0692cb"),
    ("winners-circle", "hidden-bets"): ("0f07ae4564daade7", "315a5e3bfca88d35"),
    ("winners-circle", "crowded-field"): ("93b1abea009f5496", "79246527f9c294c5"),
    ("winners-circle", "alternative-payouts"): ("c8215d39a6fa6cc7", "59625a499cf2dfae"),
    ("winners-circle", "royal-turf"): ("47765986de85cfd3", "49d424daddd3759b"),
    ("wits-and-wagers", ""): ("687ceb2217c29364", "50b8f712dd00b067"),
    ("wits-and-wagers", "secret-betting"): ("743f0ec2e8b3b2aa", "833e3e0c01fd49d9"),
    ("wits-and-wagers", "chip-back"): ("199151be81be16b8", "eea66a18b8a87d78"),
    ("wits-and-wagers", "untimed"): ("31616591f2a08c8e", "80f7a25b95738b4e"),
    ("wetten", ""): ("a813ff548094e097", "484941877459ce65"),
    ("wetten", "beginners"): ("8896190810301238", "4a2b5d38e1dc7408"),
    ("wetten", "make-it-professional"): ("f2c92320a11241ca", "1d3b8617226c8f09"),
    ("wetten", "unlimited-bank"): ("0d490491de7ab476", "2e4892b52293e49d"),
    ("wetten", "track-by-players"): ("a813ff548094e097", "484941877459ce65"),
    ("horse-fever", ""): ("fddf861fd608db1e", "cda1bd9182e07cc4"),
    ("horse-fever", "advanced"): ("fcec9d76fc77473b", "0b3ea8d5eb1ee9d0"),
    ("horse-fever", "family"): ("6348d872ae4adeb4", "61cb5f5c8424bf82"),
    ("horse-fever", "party"): ("9fad758a62a858ea", "6316620afe1c3536"),
    ("horse-fever", "short"): ("fddf861fd608db1e", "cda1bd9182e07cc4"),
    ("horse-fever", "long"): ("94e584cd4248cea7", "88a0c535edea7c98"),
    ("carcassonne", ""): ("1778b4f4fb6b7508", "f331286f8db61cf1"),
    ("carcassonne", "base"): ("c1fc13b79fcf9089", "762988cd03e43016"),
    ("carcassonne", "river"): ("2a68a3114848e10e", "51ccac5de5044d3e"),
    ("carcassonne", "abbot"): ("a3748e36ad153a57", "fead8092ea6af00d"),
}


def aec_digest(game_id: str, variants: list[str], seed: int) -> str:
    """Every ``last()`` of an episode of random legal actions; every seventh step also
    every agent's info and observation (not only the acting agent's)."""
    h = hashlib.sha256()
    env = aec_env(game_id, players=4, variants=variants, reward="score")
    env.reset(seed=seed)
    rng = random.Random(seed)
    for i in range(AEC_STEPS):
        if not env.agents:
            break
        obs, reward, terminated, truncated, info = env.last()
        h.update(obs["observation"].tobytes())
        h.update(obs["action_mask"].tobytes())
        h.update(repr((env.agent_selection, reward, terminated, truncated)).encode())
        if i % 7 == 0:
            for agent in env.possible_agents:
                if agent in env.infos:
                    h.update(json.dumps(env.infos[agent], sort_keys=True, default=str).encode())
                    other = env.observe(agent)
                    h.update(other["observation"].tobytes())
                    h.update(other["action_mask"].tobytes())
        else:
            h.update(json.dumps(info, sort_keys=True, default=str).encode())
        if terminated or truncated:
            env.step(None)
        else:
            env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    return h.hexdigest()[:16]


def parallel_digest(game_id: str, variants: list[str], seed: int) -> str:
    h = hashlib.sha256()
    env = parallel_env(game_id, players=4, variants=variants, reward="score")
    observations, infos = env.reset(seed=seed)
    rng = random.Random(seed)
    for _ in range(PARALLEL_STEPS):
        if not env.agents:
            break
        for agent in sorted(observations):
            h.update(observations[agent]["observation"].tobytes())
            h.update(observations[agent]["action_mask"].tobytes())
        h.update(json.dumps(infos, sort_keys=True, default=str).encode())
        actions = {}
        for agent in env.agents:
            legal = np.flatnonzero(observations[agent]["action_mask"]).tolist()
            actions[agent] = rng.choice(legal) if legal else 0
        observations, rewards, terminations, truncations, infos = env.step(actions)
        h.update(repr((rewards, terminations, truncations)).encode())
    return h.hexdigest()[:16]


@pytest.mark.parametrize(("game_id", "variant"), sorted(EXPECTED))
def test_steps_are_unchanged(game_id: str, variant: str) -> None:
    """Issue 24 item 1: the same observations, masks and infos as before, seed 0."""
    variants = [variant] if variant else []
    assert (aec_digest(game_id, variants, 0), parallel_digest(game_id, variants, 0)) == (
        EXPECTED[(game_id, variant)]
    )
