"""The per-game rendering hook, and the generic fallback for games without one.

A game may ship a module ``render`` next to the module defining its
:class:`~tote.core.game.Game` class (``tote/games/<pkg>/render.py``) with

* ``render(view: dict) -> rich renderable`` -- the board as a seat (or a
  spectator) sees it. ``view`` is exactly ``state.view(seat)``, plus the key
  ``"names"``: one display name per seat, added by the front end;
* optionally ``describe_event(event: dict, names: Sequence[str]) -> str`` --
  one log entry (as found in ``view["log"]``) as a sentence.

Front ends only ever pass views (never the state), so a renderer cannot show
what the seat may not know. Without a hook, the view is pretty-printed as JSON
and events are shown as ``kind: field=value, ...``.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any, cast

from rich.console import RenderableType
from rich.json import JSON
from rich.panel import Panel

from tote.core.game import Game

RenderFn = Callable[[dict[str, Any]], RenderableType]
DescribeFn = Callable[[dict[str, Any], Sequence[str]], str]


def _find_module(game: Game) -> ModuleType | None:
    """The game's ``render`` module: next to its Game class's module, or in its package."""
    module = type(game).__module__
    candidates = [f"{module}.render"]
    if "." in module:
        candidates.append(f"{module.rsplit('.', 1)[0]}.render")
    for name in candidates:
        try:
            return importlib.import_module(name)
        except ModuleNotFoundError as exc:
            # Only "there is no such module" means "no hook"; a render module
            # that fails to import its own dependencies is a bug to show.
            if exc.name is None or not name.startswith(exc.name):
                raise
    return None


class Renderer:
    """Draws boards and log lines for one game, through its hook or generically."""

    def __init__(self, game: Game, module: ModuleType | None) -> None:
        self.game = game
        self.module = module
        render = getattr(module, "render", None) if module else None
        describe = getattr(module, "describe_event", None) if module else None
        self._render: RenderFn | None = cast(RenderFn, render) if callable(render) else None
        self._describe: DescribeFn | None = (
            cast(DescribeFn, describe) if callable(describe) else None
        )

    @property
    def has_hook(self) -> bool:
        return self._render is not None

    def board(self, view: dict[str, Any], names: Sequence[str]) -> RenderableType:
        """The board for ``view`` (a seat's or the public view)."""
        full = {**view, "names": list(names)}
        if self._render is not None:
            return self._render(full)
        return generic_board(self.game, full)

    def event(self, event: dict[str, Any], names: Sequence[str]) -> str:
        """One log entry as a line of text."""
        if self._describe is not None:
            return self._describe(event, names)
        return generic_event(event, names)


def load_renderer(game: Game) -> Renderer:
    """The renderer of ``game``: its hook if it ships one, else the generic one."""
    return Renderer(game, _find_module(game))


def generic_board(game: Game, view: dict[str, Any]) -> RenderableType:
    """A game without a hook: its view as pretty-printed JSON (the log and the legal
    moves are shown apart)."""
    shown = {k: v for k, v in view.items() if k not in ("log", "names", "legal_moves")}
    return Panel(JSON(json.dumps(shown, default=str)), title=game.title)


def generic_event(event: dict[str, Any], names: Sequence[str]) -> str:
    """``kind: field=value, ...`` with seat numbers replaced by player names."""
    fields = []
    for key, value in event.items():
        if key == "kind":
            continue
        if key == "seat" and isinstance(value, int) and 0 <= value < len(names):
            value = names[value]
        fields.append(f"{key}={value}")
    return f"{event.get('kind', 'event')}: {', '.join(fields)}".rstrip(": ")


__all__ = ["Renderer", "generic_board", "generic_event", "load_renderer"]
