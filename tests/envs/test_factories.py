"""Issue 30: the environment factories' defaults (fix 3) and typed options."""

from __future__ import annotations

import typing
from pathlib import Path
from typing import get_type_hints

import numpy as np
import pytest

from tote.core.errors import OptionsError
from tote.core.registry import get_game
from tote.envs import aec_env, factories, parallel_env, vector_env
from tote.envs.factories import OPTION_MODELS
from tote.envs.games import MODULES, grid_options
from tote.envs.games.start import fewest_players
from tote.envs.table import ENV_KEYS

FEWEST = {
    "winners-circle": 2,
    "wits-and-wagers": 4,
    "wetten": 3,
    "horse-fever": 2,
    "carcassonne": 2,
}
"""The fewest seats each game allows with its default options (Wits & Wagers seats
fewer than 4 only with named teams, WW 1.1; Wetten! seats 3 to 5)."""


@pytest.mark.parametrize("game_id", sorted(MODULES))
def test_every_factory_defaults_to_the_fewest_players(game_id: str) -> None:
    """Issue 30, fix 3: aec_env(game_id) and parallel_env(game_id) work for every game
    (Wetten! and Wits & Wagers refused the old default of 2), seating the fewest the
    game allows, as OpenSpiel's loader does."""
    assert fewest_players(game_id) == FEWEST[game_id]
    env = aec_env(game_id)
    assert len(env.possible_agents) == FEWEST[game_id]
    env.reset(seed=0)
    agent = env.agent_selection
    env.step(int(np.flatnonzero(env.observe(agent)["action_mask"])[0]))
    penv = parallel_env(game_id)
    observations, _ = penv.reset(seed=0)
    assert len(observations) == FEWEST[game_id]


@pytest.mark.parametrize("game_id", sorted(MODULES))
def test_vector_env_defaults_to_the_fewest_players(game_id: str) -> None:
    """Issue 30, fix 3 and Add "vectorised play": vector_env(game_id) works for every
    game with the same default as aec_env (it once took the registry's minimum, 2,
    which Wits & Wagers refuses without named teams)."""
    venv = vector_env(game_id, seed=0)
    _, rewards, _, _, _ = venv.step(venv.reset()[1]["action_mask"].argmax(axis=1))
    assert venv.players == FEWEST[game_id] and rewards.shape == (1, FEWEST[game_id])


def test_the_default_follows_the_options() -> None:
    """Issue 30, fix 3: the default is the fewest seats the given options allow: Wits &
    Wagers with two named teams of two people seats 2."""
    teams = [
        {"name": "Reds", "members": [{"name": "Ann"}, {"name": "Bo"}]},
        {"name": "Blues", "members": [{"name": "Cy"}, {"name": "Di"}]},
    ]
    assert len(aec_env("wits-and-wagers", teams=teams).possible_agents) == 2
    assert get_game("wits-and-wagers").min_players == 2


def test_openspiel_loads_with_the_same_default() -> None:
    """Issue 30, fix 3: OpenSpiel's loader and the PettingZoo factories agree."""
    pyspiel = pytest.importorskip("pyspiel")
    from tote.envs import openspiel

    for game_id in MODULES:
        game = pyspiel.load_game(openspiel.short_name(game_id))
        assert game.num_players() == FEWEST[game_id] == len(aec_env(game_id).possible_agents)


@pytest.mark.parametrize("game_id", sorted(MODULES))
def test_each_game_has_a_typed_model_of_exactly_its_options(game_id: str) -> None:
    """Issue 30, typed options: each game's typed options name exactly what its
    environment accepts (the game's options model, the grid's and the environment's
    options), its variant names, and the same choices for every option of a few."""
    model = OPTION_MODELS[game_id]
    game = get_game(game_id)
    expected = set(ENV_KEYS) | set(grid_options(game_id)) | set(game.options_model.model_fields)
    assert set(model.__annotations__) | set(get_type_hints(model)) == expected
    hints = get_type_hints(model)
    (variant,) = typing.get_args(hints["variants"])
    assert set(typing.get_args(variant)) == set(game.variants)
    for name, field in game.options_model.model_fields.items():
        if typing.get_origin(field.annotation) is typing.Literal:
            assert typing.get_args(hints[name]) == typing.get_args(field.annotation), name


def test_typed_factories_pass_the_options_through() -> None:
    """Issue 30, typed options: a typed factory builds the same environment as the
    generic one, with its options, and refuses bad values at run time as before."""
    typed = factories.wetten_aec_env(players=4, stake_units=[1, 3], reward="score")
    plain = aec_env("wetten", players=4, stake_units=[1, 3], reward="score")
    assert typed.action_space("seat_0").n == plain.action_space("seat_0").n
    assert typed.table.env_options.reward == "score"
    penv = factories.carcassonne_parallel_env(variants=["base"], board_radius=5)
    assert penv.table.options.bets is False and len(penv.possible_agents) == 2
    with pytest.raises(OptionsError, match="board_radius"):
        factories.carcassonne_aec_env(board_radius=99)


def test_a_type_checker_sees_each_games_options(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 30, typed options: mypy accepts a game's own, grid and environment options
    given to its typed factory, and flags an unknown option, a value of the wrong type
    and a variant the game does not have."""
    api = pytest.importorskip("mypy.api")
    snippet = tmp_path / "snippet.py"
    snippet.write_text(
        "from tote.envs.factories import carcassonne_parallel_env, wetten_aec_env\n"
        'wetten_aec_env(players=4, track_length=40, stake_units=[1, 3], reward="score")\n'
        'wetten_aec_env(players=4, colour="red")\n'
        'carcassonne_parallel_env(board_radius="big", variants=["river", "bats"])\n',
        encoding="utf-8",
    )
    module = Path(factories.__file__).resolve()
    monkeypatch.setenv("MYPYPATH", str(module.parents[2]))
    out, _, _ = api.run(  # the factories' module alone: what they import is not needed
        ["--strict", "--follow-imports=skip", "--cache-dir=/dev/null", str(snippet), str(module)]
    )
    lines = [line for line in out.splitlines() if ": error:" in line]
    assert [line.split(":")[1] for line in lines] == ["3", "4", "4"], out
    assert 'Unexpected keyword argument "colour"' in lines[0]
    assert '"board_radius"' in lines[1] and "'bats'" in lines[2]
