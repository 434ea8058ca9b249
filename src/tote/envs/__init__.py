"""Research environments for tote's games (issue 13): PettingZoo and OpenSpiel.

An optional extra: ``pip install tote[pettingzoo]``, ``tote[openspiel]`` or
``tote[research]``. Nothing in tote's core, games or server imports this package.

- ``catalogue.py``: every move of a game as a numbered action, with its mask;
- ``observation.py``: a seat's view as a vector of fixed length;
- ``games/``: one module per game holding both;
- ``aec.py``, ``parallel.py``: PettingZoo's two APIs, :func:`aec_env` and
  :func:`parallel_env` (docs/environments.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tote.envs.aec import ToteAECEnv
    from tote.envs.parallel import ToteParallelEnv


def aec_env(game_id: str, players: int = 2, **options: Any) -> ToteAECEnv:
    """A PettingZoo AEC environment of ``game_id`` (docs/environments.md)."""
    from tote.envs.aec import ToteAECEnv

    return ToteAECEnv(game_id, players=players, **options)


def parallel_env(game_id: str, players: int = 2, **options: Any) -> ToteParallelEnv:
    """A PettingZoo Parallel environment of ``game_id`` (docs/environments.md)."""
    from tote.envs.parallel import ToteParallelEnv

    return ToteParallelEnv(game_id, players=players, **options)
