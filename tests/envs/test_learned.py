"""Issue 30, Add: a learning baseline that ships. ``examples/train_baseline.py`` writes
a policy that ``tote`` seats as ``learned:PATH``; a bad policy file is one refusal."""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from typer.testing import CliRunner

from tote.cli.main import app

ROOT = Path(__file__).resolve().parents[2]
GAMES = [
    ("winners-circle", 2),
    ("wits-and-wagers", 4),
    ("wetten", 3),
    ("horse-fever", 2),
    ("carcassonne", 2),
]


def _trainer() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "train_baseline", ROOT / "examples" / "train_baseline.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _train(tmp_path: Path, game_id: str, players: int, *extra: str) -> Path:
    out = tmp_path / f"{game_id}{''.join(extra)}.npz"
    args = ["--game", game_id, "--players", str(players), "--episodes", "2", "--envs", "2"]
    args += ["--seed", "3", "--out", str(out), "--batch", "8", "--hidden", "8"]
    args += ["--option", "max_cycles=12", *extra]
    assert _trainer().main(args) == 0
    return out


@pytest.mark.parametrize(("game_id", "players"), GAMES, ids=[g for g, _ in GAMES])
def test_a_tiny_training_run_gives_a_bot_that_plays_a_legal_game(
    tmp_path: Path, game_id: str, players: int
) -> None:
    """Issue 30, learning baseline: a few episodes of training write an .npz holding
    the weights and metadata, and ``tote simulate --bots learned:PATH`` plays a whole
    legal game with it."""
    out = _train(tmp_path, game_id, players)
    with np.load(out) as data:
        meta = json.loads(str(data["meta"]))
        assert meta["game"] == game_id and meta["players"] == players
        assert data["w1"].shape == (meta["obs_size"], 8)
        assert data["w2"].shape == (8, meta["actions"])
    bots = f"learned:{out},random"
    done = CliRunner().invoke(
        app,
        [
            "simulate",
            game_id,
            "--players",
            str(players),
            "--games",
            "1",
            "--bots",
            bots,
            "--workers",
            "1",
            "--json",
        ],
    )
    assert done.exit_code == 0, done.output
    summary = json.loads(done.output[done.output.index('{"game"') :].splitlines()[0])
    assert summary["games"] == 1


@pytest.mark.parametrize(("game_id", "players"), [("winners-circle", 2), ("wits-and-wagers", 4)])
def test_training_through_pettingzoo_is_the_default_and_matches_vector_env(
    tmp_path: Path, game_id: str, players: int
) -> None:
    """Issue 30, learning baseline ("trains ... through the PettingZoo API"): by default
    the tables are PettingZoo AEC environments (``--api aec``, recorded in the file);
    ``--api vector`` plays the same seeded games behind batched arrays, so with
    ``--episodes`` the same seed gives the same weights through either (Wits & Wagers:
    a simultaneous turn, its seats asked one at a time in both)."""
    from tote.envs.learned import Policy

    default = _train(tmp_path, game_id, players)
    aec = _train(tmp_path, game_id, players, "--api", "aec")
    vector = _train(tmp_path, game_id, players, "--api", "vector")
    with np.load(default) as d, np.load(aec) as a, np.load(vector) as v:
        assert json.loads(str(d["meta"]))["trained"]["api"] == "aec"
        assert json.loads(str(v["meta"]))["trained"]["api"] == "vector"
        for name in ("w1", "b1", "w2", "b2"):
            np.testing.assert_array_equal(d[name], a[name])
            np.testing.assert_array_equal(a[name], v[name])
        # the weights moved from where the seed put them: the runs trained, not only
        # drew the same initial weights
        size, actions = a["w1"].shape[0], a["w2"].shape[1]
        start = Policy.new(size, actions, 8, np.random.default_rng(3), {})
        assert not np.array_equal(a["w2"], start.w2)


def test_the_learned_bot_plays_in_tote_play_and_tournament(tmp_path: Path) -> None:
    """Issue 30, learning baseline: ``tote play --bot learned:PATH`` and ``tote
    tournament --bots learned:PATH,...`` seat the policy."""
    out = _train(tmp_path, "winners-circle", 2)
    played = CliRunner().invoke(
        app,
        [
            "play",
            "winners-circle",
            "--players",
            "2",
            "--bots",
            "2",
            "--bot",
            f"learned:{out},learned-sample:{out}",
            "--seed",
            "4",
        ],
    )
    assert played.exit_code == 0, played.output
    held = CliRunner().invoke(
        app,
        [
            "tournament",
            "winners-circle",
            "--players",
            "2",
            "--games",
            "2",
            "--bots",
            f"learned:{out},random",
            "--workers",
            "1",
            "--json",
        ],
    )
    assert held.exit_code == 0, held.output


def test_bad_policy_files_are_one_refusal(tmp_path: Path) -> None:
    """Issue 30, learning baseline: a missing file, a policy of another game and a
    file whose weights do not fit its metadata are each one line, status 2."""
    out = _train(tmp_path, "winners-circle", 2)
    with np.load(out) as data:
        arrays = dict(data)
    arrays["w2"] = arrays["w2"][:, :3]
    broken = tmp_path / "broken.npz"
    with broken.open("wb") as f:
        np.savez(f, **arrays)
    garbage = tmp_path / "garbage.npz"
    garbage.write_text("not a policy")
    cases = [
        ("winners-circle", tmp_path / "missing.npz", "no such file"),
        ("horse-fever", out, "plays winners-circle, not horse-fever"),
        ("winners-circle", broken, "weights w2 have shape"),
        ("winners-circle", garbage, "not a policy saved by"),
    ]
    for game_id, path, reason in cases:
        done = CliRunner().invoke(
            app,
            [
                "simulate",
                game_id,
                "--players",
                "2",
                "--games",
                "1",
                "--bots",
                f"learned:{path}",
                "--workers",
                "1",
            ],
        )
        assert done.exit_code == 2, done.output
        lines = [line for line in done.output.splitlines() if line.strip()]
        assert len(lines) == 1 and re.search(reason, lines[0]), done.output


WITHOUT_NUMPY = """
import sys
sys.modules["numpy"] = None  # as if the research extra were not installed
from tote.cli.main import main
sys.argv = ["tote", "simulate", "winners-circle", "--players", "2", "--games", "1",
            "--bots", "learned:policy.npz", "--workers", "1"]
main()
"""


def test_without_numpy_a_learned_bot_is_one_clear_refusal() -> None:
    """Issue 30, learning baseline: the bot's import is lazy, so tote runs without
    numpy, and asking for a learned bot there says what is missing, status 2."""
    done = subprocess.run(
        [sys.executable, "-c", WITHOUT_NUMPY], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 2, done.stderr
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "numpy" in lines[0] and "tote[research]" in lines[0], lines


def test_the_servers_bot_lookup_seats_no_file(tmp_path: Path) -> None:
    """Issue 30, learning baseline: only the command line seats learned bots; the
    lookup the server asks (``get_bot``) knows the registered bots alone, so no client
    names a file on the server."""
    from tote.bots import get_bot
    from tote.core.errors import OptionsError
    from tote.core.registry import get_game

    out = _train(tmp_path, "winners-circle", 2)
    with pytest.raises(OptionsError, match="has no bot"):
        get_bot(get_game("winners-circle"), f"learned:{out}")


def test_learned_bot_reads_only_its_seats_observation() -> None:
    """Issue 30, a learning baseline (hidden information): the learned bot reaches the
    game only through its seat's :class:`Observation` (view, legal moves, the timeout
    move), never the private state behind it."""
    source = (ROOT / "src" / "tote" / "envs" / "learned.py").read_text()
    assert "._state" not in source


def test_a_policy_file_that_unpacks_too_large_is_refused_unread(tmp_path: Path) -> None:
    """Issue 30, learning baseline (inputs are bounded): a policy archive whose members
    unpack past ``MAX_POLICY_BYTES`` is one refusal naming the limit, before any
    array is read into memory."""
    import zipfile

    from tote.core.errors import OptionsError
    from tote.envs.learned import MAX_POLICY_BYTES, Policy

    bomb = tmp_path / "bomb.npz"
    with zipfile.ZipFile(bomb, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("w1.npy", bytes(MAX_POLICY_BYTES + 1))
    assert bomb.stat().st_size < MAX_POLICY_BYTES
    with pytest.raises(OptionsError, match=f"unpacks to more than {MAX_POLICY_BYTES} bytes"):
        Policy.load(bomb)


@pytest.mark.parametrize(
    ("argument", "value"),
    [("--seconds", "-1"), ("--lr", "nan"), ("--episodes", "0"), ("--entropy", "inf")],
)
def test_train_baseline_refuses_arguments_out_of_range(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argument: str, value: str
) -> None:
    """Issue 30, learning baseline (inputs are bounded): an argument outside its range
    is one line naming it, status 2, and no policy is written."""
    out = tmp_path / "policy.npz"
    argv = ["--game", "winners-circle", "--players", "2", "--out", str(out), argument, value]
    assert _trainer().main(argv) == 2
    lines = [line for line in capsys.readouterr().err.splitlines() if line.strip()]
    assert len(lines) == 1 and argument in lines[0], lines
    assert not out.exists()


def test_the_servers_make_bot_opens_no_policy_file(tmp_path: Path) -> None:
    """Issue 30, learning baseline: ``make_bot``, which the server calls with the bot
    names stored with a table, resolves registered bots alone unless asked for
    ``learned`` bots (the command line's simulations), so no stored name opens a file."""
    from tote.bots import make_bot
    from tote.core.errors import OptionsError
    from tote.core.registry import get_game

    game = get_game("winners-circle")
    out = _train(tmp_path, "winners-circle", 2)
    with pytest.raises(OptionsError, match="has no bot"):
        make_bot(game, f"learned:{out}", 0, 0)
    assert make_bot(game, f"learned:{out}", 0, 0, learned=True).name == f"learned:{out}"


def test_a_policy_whose_variants_are_no_list_is_one_refusal(tmp_path: Path) -> None:
    """Issue 30, learning baseline: a policy file whose metadata names its variants as
    anything but a list of names is one refusal, not a traceback."""
    from tote.core.errors import OptionsError
    from tote.envs.learned import Policy, load_policy

    meta = {"game": "winners-circle", "players": 2, "options": {"variants": 5}}
    policy = Policy.new(3, 4, 2, np.random.default_rng(0), meta)
    path = tmp_path / "variants.npz"
    policy.save(path)
    with pytest.raises(OptionsError, match="variants are not a list of names"):
        load_policy("winners-circle", str(path))
