"""A trained policy seated as a bot (issue 30, Add: a learning baseline that ships).

The policy is a small numpy network (one tanh hidden layer, a softmax over the game's
action catalogue) saved as an ``.npz``: its weights and the metadata that fix its
input and output (game id, players, options, grid, observation and action sizes).
``examples/train_baseline.py`` trains one; ``tote play|simulate|tournament --bots
learned:PATH`` seats it. The bot builds the seat's observation with the environment's
encoder from the seat's own view, masks the actions the rules refuse now, and picks
the likeliest action (or samples, ``learned-sample:PATH``, with its seeded stream).

``tote.bots`` reaches this module only by name, when a bot name starts with
``learned:``, so tote without numpy never imports it.
"""

from __future__ import annotations

import json
import random
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from tote.core.bot import Observation
from tote.core.errors import OptionsError
from tote.core.moves import Move
from tote.core.registry import get_game
from tote.envs.catalogue import ActionCatalogue
from tote.envs.games import action_catalogue, observation_encoder
from tote.envs.observation import ObservationEncoder
from tote.envs.table import split_options

Array = npt.NDArray[np.float32]
FORMAT = "tote-policy-1"
WEIGHTS = ("w1", "b1", "w2", "b2")
MAX_POLICY_BYTES = 64 * 2**20
"""The largest policy file, packed or unpacked, that ``learned:PATH`` reads (issue 30,
a learning baseline; inputs are bounded): the shipped baselines are well under 1 MiB."""


@dataclass
class Policy:
    """A masked softmax policy: ``softmax(tanh(obs @ w1 + b1) @ w2 + b2)`` over the
    legal actions. ``meta`` names the game, players and options it was trained for."""

    w1: Array
    b1: Array
    w2: Array
    b2: Array
    meta: dict[str, Any]

    @classmethod
    def new(
        cls,
        obs_size: int,
        actions: int,
        hidden: int,
        rng: np.random.Generator,
        meta: dict[str, Any],
    ) -> Policy:
        w1 = rng.normal(0.0, 1.0 / np.sqrt(max(obs_size, 1)), (obs_size, hidden))
        w2 = rng.normal(0.0, 0.01, (hidden, actions))
        return cls(
            w1.astype(np.float32),
            np.zeros(hidden, np.float32),
            w2.astype(np.float32),
            np.zeros(actions, np.float32),
            dict(meta, obs_size=int(obs_size), actions=int(actions), hidden=int(hidden)),
        )

    def hidden(self, obs: Array) -> Array:
        h: Array = np.tanh(obs @ self.w1 + self.b1)
        return h

    def probabilities(self, obs: Array, mask: npt.NDArray[np.bool_]) -> tuple[Array, Array]:
        """The hidden layer and each legal action's probability (0 for illegal ones),
        for a batch ``obs`` [B, obs_size] and ``mask`` [B, actions]."""
        h = self.hidden(obs)
        logits = np.where(mask, h @ self.w2 + self.b2, -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        p /= p.sum(axis=1, keepdims=True)
        return h, p.astype(np.float32)

    def save(self, path: Path) -> None:
        """Write the policy to ``path`` exactly (no suffix is added)."""
        with path.open("wb") as out:
            np.savez(
                out,
                format=np.array(FORMAT),
                meta=np.array(json.dumps(self.meta, sort_keys=True)),
                **{name: getattr(self, name) for name in WEIGHTS},
            )

    @classmethod
    def load(cls, path: Path) -> Policy:
        """The policy saved at ``path``; one :class:`OptionsError` line when the file is
        missing, no policy, or its weights do not have the sizes its metadata states."""
        where = f"learned policy {str(path)!r}"
        if not path.is_file():
            raise OptionsError(f"{where}: no such file (train one with examples/train_baseline.py)")
        try:
            if path.stat().st_size > MAX_POLICY_BYTES:
                raise OptionsError(f"{where}: larger than {MAX_POLICY_BYTES} bytes")
            with zipfile.ZipFile(path) as archive:
                unpacked = sum(member.file_size for member in archive.infolist())
            if unpacked > MAX_POLICY_BYTES:
                raise OptionsError(f"{where}: unpacks to more than {MAX_POLICY_BYTES} bytes")
            with np.load(path, allow_pickle=False) as data:
                if str(data["format"]) != FORMAT:
                    raise OptionsError(f"{where}: format {str(data['format'])!r}, not {FORMAT!r}")
                meta = json.loads(str(data["meta"]))
                weights = {name: np.asarray(data[name], dtype=np.float32) for name in WEIGHTS}
        except OptionsError:
            raise
        except (OSError, ValueError, KeyError, zipfile.BadZipFile) as exc:
            raise OptionsError(
                f"{where}: not a policy saved by examples/train_baseline.py ({exc})"
            ) from None
        try:
            n, h, a = int(meta["obs_size"]), int(meta["hidden"]), int(meta["actions"])
            str(meta["game"]), int(meta["players"]), dict(meta["options"])
        except (KeyError, TypeError, ValueError):
            raise OptionsError(
                f"{where}: its metadata lacks game, players, options or sizes"
            ) from None
        variants = meta["options"].get("variants", [])
        if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
            raise OptionsError(f"{where}: its metadata's variants are not a list of names")
        shapes = {"w1": (n, h), "b1": (h,), "w2": (h, a), "b2": (a,)}
        for name, shape in shapes.items():
            if weights[name].shape != shape:
                raise OptionsError(
                    f"{where}: weights {name} have shape {weights[name].shape}, not {shape}"
                    " as its metadata states"
                )
        return cls(meta=meta, **weights)


@lru_cache(maxsize=8)
def _loaded(path: str, modified: float) -> tuple[Policy, ActionCatalogue, ObservationEncoder]:
    """The policy at ``path`` with the catalogue and encoder it was trained with (cached
    per file version: a tournament builds one bot per seat and game; the last 8
    versions only, so retraining into one path does not keep every old policy)."""
    policy = Policy.load(Path(path))
    meta = policy.meta
    game = get_game(meta["game"])
    players = int(meta["players"])
    game.check_players(players)
    _, grid, rules = split_options(game, meta["options"])
    options = game.options(rules, meta["options"].get("variants", ()))
    catalogue = action_catalogue(game.id, players, options, **grid)
    encoder = observation_encoder(game.id, players, options, **grid)
    if (encoder.size, catalogue.size) != (meta["obs_size"], meta["actions"]):
        raise OptionsError(
            f"learned policy {path!r}: {game.id} with its options has {encoder.size}"
            f" observation values and {catalogue.size} actions, not the policy's"
            f" {meta['obs_size']} and {meta['actions']}"
        )
    return policy, catalogue, encoder


def load_policy(game_id: str, path: str) -> tuple[Policy, ActionCatalogue, ObservationEncoder]:
    """The policy at ``path`` for ``game_id``; refused (one line) when it is for another
    game or does not fit its own metadata."""
    file = Path(path).expanduser()
    stamp = file.stat().st_mtime if file.is_file() else 0.0
    loaded = _loaded(str(file), stamp)
    trained_for = loaded[0].meta["game"]
    if trained_for != game_id:
        raise OptionsError(f"learned policy {path!r} plays {trained_for}, not {game_id}")
    return loaded


class LearnedBot:
    """Plays the loaded policy from its seat's view only: the encoder reads
    ``obs.view``, the mask is the catalogue's (the seat's legal moves).

    A move may leave the position as it was (Wits & Wagers' open betting replaces a
    seat's bets until it locks them), so a greedy policy could play it forever: asked
    again in a position it has already acted in, the bot plays the move the rules play
    when a seat's time runs out (``Observation.timeout_move``: locking the bets), else an
    action it has not played there yet. Positions are finite, so every game ends."""

    def __init__(self, game_id: str, path: str, rng: random.Random, *, sample: bool) -> None:
        self.policy, self.catalogue, self.encoder = load_policy(game_id, path)
        self.name = f"{'learned-sample' if sample else 'learned'}:{path}"
        self.rng = rng
        self.sample = sample
        self.players = int(self.policy.meta["players"])
        self.tried: dict[str, set[int]] = {}

    def choose(self, obs: Observation) -> Move:
        players = obs.view.get("players", self.players)
        if players != self.players:
            raise OptionsError(f"{self.name} was trained for {self.players} players, not {players}")
        mask = self.catalogue.mask(obs).astype(np.bool_)
        if not mask.any():
            raise OptionsError(
                f"{self.name}: none of its actions is legal here (were the game's options"
                " the ones it was trained with?)"
            )
        position = json.dumps([obs.seat, obs.view], sort_keys=True, default=str)
        tried = self.tried.setdefault(position, set())
        if tried:
            fallback = obs.timeout_move()
            if fallback is not None and self.catalogue.index(obs, fallback) is not None:
                return fallback
        fresh = mask.copy()
        fresh[list(tried)] = False
        if fresh.any():
            mask = fresh
        x = self.encoder.encode(obs.view, obs.seat)[None, :]
        _, p = self.policy.probabilities(x, mask[None, :])
        if self.sample:
            index = self.rng.choices(range(p.shape[1]), weights=p[0].tolist())[0]
        else:
            index = int(np.argmax(p[0]))
        tried.add(index)
        return self.catalogue.move(obs, index)


def learned_factory(game_id: str, spec: str) -> Callable[[random.Random], LearnedBot]:
    """The bot factory of ``learned:PATH`` (greedy) or ``learned-sample:PATH``; the
    file is loaded and checked now, so a bad one is refused before any game."""
    kind, _, path = spec.partition(":")
    if kind not in ("learned", "learned-sample") or not path:
        raise OptionsError(
            f"a learned bot is named learned:PATH or learned-sample:PATH, not {spec!r}"
        )
    load_policy(game_id, path)

    def factory(rng: random.Random) -> LearnedBot:
        return LearnedBot(game_id, path, rng, sample=kind == "learned-sample")

    return factory
