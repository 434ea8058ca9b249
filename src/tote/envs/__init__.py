"""Research environments for tote's games (issue 13): PettingZoo and OpenSpiel.

An optional extra: ``pip install tote[pettingzoo]``, ``tote[openspiel]`` or
``tote[research]``. Nothing in tote's core, games or server imports this package.

- ``catalogue.py``: every move of a game as a numbered action, with its mask;
- ``observation.py``: a seat's view as a vector of fixed length, with its bounds;
- ``games/``: one module per game holding both, and the factories that pick one;
- ``aec.py``, ``parallel.py``: PettingZoo's two APIs, :func:`aec_env` and
  :func:`parallel_env` (docs/environments.md); ``factories.py``: the same per game,
  with typed options;
- ``checks.py``: masked sampling and a seeded Parallel check over whole games;
- ``opponents.py``: seats the environment plays itself with tote's bots, the levels
  ``easy``, ``normal`` and ``hard`` among them (the ``opponents`` option, issue 25);
- ``vector.py``: N tables stepped at once with batched arrays, :func:`vector_env`
  (issue 30);
- ``learned.py``: a trained numpy policy seated as a bot (``--bots learned:PATH``).

``players`` defaults to the fewest the game allows with the options (issue 30, fix 3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tote.envs.aec import ToteAECEnv
    from tote.envs.parallel import ToteParallelEnv
    from tote.envs.vector import ToteVectorEnv


def aec_env(game_id: str, players: int | None = None, **options: Any) -> ToteAECEnv:
    """A PettingZoo AEC environment of ``game_id`` (docs/environments.md)."""
    from tote.envs.aec import ToteAECEnv

    return ToteAECEnv(game_id, players=players, **options)


def parallel_env(game_id: str, players: int | None = None, **options: Any) -> ToteParallelEnv:
    """A PettingZoo Parallel environment of ``game_id`` (docs/environments.md)."""
    from tote.envs.parallel import ToteParallelEnv

    return ToteParallelEnv(game_id, players=players, **options)


def vector_env(
    game_id: str,
    num_envs: int = 1,
    players: int | None = None,
    seed: int | None = None,
    **options: Any,
) -> ToteVectorEnv:
    """``num_envs`` tables of ``game_id`` stepped at once, with batched numpy
    observations and masks (issue 30; docs/environments.md, "Vectorised play");
    ``players`` defaults to the fewest the game takes."""
    from tote.envs.vector import ToteVectorEnv

    return ToteVectorEnv(game_id, num_envs, players=players, seed=seed, **options)
