"""The per-game rendering hook, and the generic fallback for games without one.

A game may ship a module ``render`` next to the module defining its
:class:`~tote.core.game.Game` class (``tote/games/<pkg>/render.py``) with

* ``render(view: dict) -> rich renderable`` -- the board as a seat (or a
  spectator) sees it. ``view`` is exactly ``state.view(seat)``, plus the key
  ``"names"``: one display name per seat, added by the front end;
* optionally ``describe_event(event: dict, names: Sequence[str]) -> str`` --
  one log entry (as found in ``view["log"]``) as a sentence;
* optionally ``parse_input(text: str, view: dict) -> dict | None`` -- what a
  human typed, read as a move in JSON form (``{"type": ..., ...}``). ``None``
  means "not understood" (the front end then tries JSON); a ``ValueError``
  means "understood, but wrong", and its message is shown as one line. It
  should return ``None`` for text that starts with ``{``, so that typing a
  move as JSON keeps working in every game;
* optionally ``input_help(view: dict) -> str`` -- one or two lines telling the
  human what to type now. Used where the game does not list the legal moves
  (``legal_moves`` is ``None``: an amount, a guess, ...).

``parse_input`` and ``input_help`` get the seat's view without its log
(``state.view(seat, log=False)``), with ``"names"`` added as above.

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
ParseFn = Callable[[str, dict[str, Any]], dict[str, Any] | None]
HelpFn = Callable[[dict[str, Any]], str]


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
        parse = getattr(module, "parse_input", None) if module else None
        helper = getattr(module, "input_help", None) if module else None
        self._parse: ParseFn | None = cast(ParseFn, parse) if callable(parse) else None
        self._help: HelpFn | None = cast(HelpFn, helper) if callable(helper) else None

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

    @property
    def has_input_hook(self) -> bool:
        """Whether the game reads typed text itself (``parse_input``)."""
        return self._parse is not None

    def parse_input(
        self, text: str, view: dict[str, Any], names: Sequence[str]
    ) -> dict[str, Any] | None:
        """``text`` as a move in JSON form, or ``None`` when the game does not read it
        (or has no ``parse_input``). Raises ``ValueError`` for text the game
        recognises but refuses; the message is one line for the user."""
        if self._parse is None:
            return None
        return self._parse(text, {**view, "names": list(names)})

    def input_help(self, view: dict[str, Any], names: Sequence[str]) -> str | None:
        """What to type now, from the game's ``input_help``; ``None`` without one."""
        if self._help is None:
            return None
        return self._help({**view, "names": list(names)})


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
