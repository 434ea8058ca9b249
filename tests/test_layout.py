"""The layout a newcomer can walk (issue 17): small modules, five games built alike."""

from __future__ import annotations

from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src" / "tote"
GAMES = sorted(p for p in (SRC / "games").iterdir() if (p / "__init__.py").exists())
MAX_LINES = 600


def test_no_module_is_over_600_lines() -> None:
    """One concept per module, none over 600 lines."""
    long = {
        str(path.relative_to(SRC)): n
        for path in SRC.rglob("*.py")
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert long == {}


def test_no_script_or_stylesheet_is_over_600_lines() -> None:
    """The same rule for the browser page: every .js and .css under web/static at most
    600 lines; a file that grows past it is split by concept (games/carcassonne-*.js)."""
    static = SRC / "web" / "static"
    long = {
        str(path.relative_to(static)): n
        for path in sorted([*static.rglob("*.js"), *static.rglob("*.css")])
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert long == {}, f"over {MAX_LINES} lines, split them: {long}"


@pytest.mark.parametrize("game", GAMES, ids=lambda p: p.name)
def test_every_game_has_the_same_shape(game: Path) -> None:
    """Every game: the state (data and the core contract), its phases, its views, and the
    usual neighbours; no catch-all rules module. The package docstring gives the order."""
    modules = {p.name for p in game.glob("*.py")}
    expected = {"__init__.py", "state.py", "phases.py", "views.py", "moves.py", "options.py"}
    assert expected <= modules, expected - modules
    assert {"bots.py", "render.py"} <= modules
    assert "rules.py" not in modules
    doc = (game / "__init__.py").read_text(encoding="utf-8")
    assert "state.py" in doc and "views.py" in doc, "the docstring lists the modules in order"


@pytest.mark.parametrize("game", GAMES, ids=lambda p: p.name)
def test_a_game_imports_only_the_core(game: Path) -> None:
    """Layers point one way: a game imports tote.core and itself, nothing else of tote."""
    for path in game.rglob("*.py"):
        for line in path.read_text(encoding="utf-8").splitlines():
            words = line.split()
            if len(words) >= 2 and words[0] in ("from", "import") and words[1].startswith("tote"):
                module = words[1]
                allowed = module.startswith(("tote.core", f"tote.games.{game.name}"))
                assert allowed, f"{path.relative_to(SRC)}: {line.strip()}"


RESEARCH_EXTRAS = ("tote.envs", "pettingzoo", "gymnasium", "pyspiel", "open_spiel", "numpy")
LAB_NUMPY = (SRC / "sim" / "report", SRC / "sim" / "scistats.py")
"""The balance report and the lab's statistics (issue 29) belong to the ``lab`` extra,
which installs numpy (with scipy): they may import numpy, and nothing else of the
research extras."""
LEARNED_BOTS = (SRC / "bots" / "__init__.py", "from tote.envs import learned")
"""The one lazy import of a research module outside tote.envs (issue 30): a trained
policy, ``--bots learned:PATH`` in the command line, is loaded by ``bot_factory`` only
when such a name is given; the server looks bots up with ``get_bot``, which knows no
``learned:`` names, so it never reaches this import."""


def test_only_tote_envs_imports_the_research_extras() -> None:
    """Issue 13: the research adapters are optional extras; nothing outside tote.envs
    imports tote.envs, PettingZoo, Gymnasium, OpenSpiel or numpy (not even lazily), so
    the core and the server install none of them. The balance report and
    tote.sim.scistats (the lab's statistics from scipy), in the lab extra, may use numpy
    (issue 29); the command line's ``learned:PATH`` bots load their policy through the one
    import :data:`LEARNED_BOTS` names (issue 30)."""
    offending = []
    for path in SRC.rglob("*.py"):
        if path.is_relative_to(SRC / "envs"):
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            words = line.split()
            if len(words) >= 2 and words[0] in ("from", "import"):
                module = words[1].rstrip(",")
                if module == "numpy" and any(path.is_relative_to(p) for p in LAB_NUMPY):
                    continue
                if (path, line.strip()) == LEARNED_BOTS:
                    continue
                if any(module == m or module.startswith(m + ".") for m in RESEARCH_EXTRAS):
                    offending.append(f"{path.relative_to(SRC)}: {line.strip()}")
    assert offending == []
