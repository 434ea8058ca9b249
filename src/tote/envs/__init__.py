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
