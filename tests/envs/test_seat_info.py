"""Issue 24, item 1: an AEC step builds only the views someone reads. Every agent's
``info["view"]`` is still that seat's view of the position the info was made at, read
in any way (including after later steps), and an info nobody holds costs no view."""

from __future__ import annotations

import copy
import json
import pickle
from typing import Any

import numpy as np
import pytest

from tote.core.state import State
from tote.envs import aec_env
from tote.envs.info import SeatInfo


@pytest.mark.parametrize(
    "game_id", ["winners-circle", "wits-and-wagers", "wetten", "horse-fever", "carcassonne"]
)
def test_held_infos_keep_the_view_of_their_position(game_id: str) -> None:
    """Infos kept across steps show the view they were made with, not a later one: the
    acting agent's from ``last()`` (its observation built, as a loop holds it) and every
    other agent's (nothing built), each frozen before the move and written when read."""
    env = aec_env(game_id, players=4)
    env.reset(seed=3)
    rng = np.random.default_rng(0)
    kept: list[tuple[dict[str, Any], dict[str, Any]]] = []
    for _ in range(30):
        if not env.agents:
            break
        state = env.table.state
        obs, _, terminated, truncated, info = env.last()
        agent = env.agent_selection
        for seat, other in enumerate(env.agents):
            truth = copy.deepcopy(state.view(seat, log=False))
            kept.append((info if other == agent else env.infos[other], truth))
        if terminated or truncated:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert len(kept) == 4 * 30
    for info, truth in kept:
        assert info["view"] == truth


def test_every_way_of_reading_gives_the_view() -> None:
    calls: list[int] = []

    def build() -> dict[str, Any]:
        calls.append(1)
        return {"race": 1}

    def fresh() -> SeatInfo:
        return SeatInfo(build, off_grid="why")

    full = {"view": {"race": 1}, "off_grid": "why"}
    info = fresh()
    assert "view" in info and len(info) == 2 and list(info) == ["view", "off_grid"]
    assert calls == []  # keys, length and membership build nothing
    assert info == full
    assert calls == [1]
    assert info["view"] == {"race": 1} and calls == [1]  # built once
    for read in (
        lambda i: json.loads(json.dumps(i)),
        dict,
        lambda i: {**i},
        copy.copy,
        copy.deepcopy,
        lambda i: pickle.loads(pickle.dumps(i)),
        lambda i: dict(i.items()),
        lambda i: i.copy(),
        lambda i: dict(zip(i.keys(), i.values(), strict=True)),
        lambda i: eval(repr(i)),
        lambda i: {"view": i.get("view"), "off_grid": i["off_grid"]},
        lambda i: i | {},
    ):
        assert read(fresh()) == full
    replaced = fresh()
    replaced["view"] = "mine"
    assert replaced["view"] == "mine"


@pytest.mark.parametrize("game_id", ["winners-circle", "carcassonne"])
def test_a_step_builds_no_view_nobody_reads(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """At most the acting seat's view is built a step (where its observation is written
    from the view; Horse Fever's and Carcassonne's are written from the state, so
    none); the other seats' views, never read, are not."""
    env = aec_env(game_id, players=4)
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    built: list[int | None] = []
    kind = type(env.table.state)
    original = kind.view

    def counting(self: State, seat: int | None, *args: Any, **kwargs: Any) -> dict[str, Any]:
        built.append(seat)
        return original(self, seat, *args, **kwargs)

    monkeypatch.setattr(kind, "view", counting)
    steps = 0
    while steps < 20 and env.agents:
        obs = env.observe(env.agent_selection)
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    assert len(built) <= steps + 1, built
