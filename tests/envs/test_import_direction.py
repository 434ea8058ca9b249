"""Issue 30, fix 8: the modules of ``tote.envs`` import one another in one direction.

The base classes (``catalogue``, ``observation``) know no game; the factories that pick
a game's module live beside the game modules (``tote.envs.games``). Every import is
counted, also one inside a function (the old workaround for a circle).
"""

from __future__ import annotations

import ast
from pathlib import Path

ENVS = Path(__file__).resolve().parents[2] / "src" / "tote" / "envs"


def module_name(path: Path) -> str:
    parts = path.relative_to(ENVS.parent.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> set[str]:
    """Every ``tote.envs`` module ``path`` imports, at any depth of the file."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("tote.envs"):
            for alias in node.names:
                child = f"{node.module}.{alias.name}"
                found.add(
                    child
                    if (ENVS.parent.parent / child.replace(".", "/")).with_suffix(".py").exists()
                    else node.module
                )
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("tote.envs")}
    return found


def graph() -> dict[str, set[str]]:
    return {module_name(p): imports(p) for p in sorted(ENVS.rglob("*.py"))}


def test_the_base_classes_know_no_game() -> None:
    """Issue 30, fix 8: catalogue.py and observation.py import no game module and no
    factory, not even inside a function."""
    edges = graph()
    for base in ("tote.envs.catalogue", "tote.envs.observation"):
        assert not {m for m in edges[base] if m.startswith("tote.envs.games")}, base


def test_no_import_circle_in_the_environments() -> None:
    """Issue 30, fix 8: no module of tote.envs reaches itself through its imports
    (``catalogue`` imported ``games``, which imports ``catalogue``; ``openspiel``
    imported ``openspiel_state``, which imported ``openspiel``)."""
    edges = graph()

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        for nxt in edges.get(start, set()):
            if nxt == goal or (nxt not in seen and reaches(nxt, goal, seen | {nxt})):
                return True
        return False

    circles = [m for m in edges if reaches(m, m, {m})]
    assert not circles, f"modules in an import circle: {circles}"
