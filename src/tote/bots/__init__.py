"""The bot registry: which bots can play a game, and how each one is seeded.

Every game gets the core :class:`~tote.core.bot.RandomBot` under the name
``random``; a game adds its own bots through ``Game.bots``; every game with a tote
board also gets the search bots of :mod:`tote.bots.search`, ``ismcts`` and
``best-ev``. Front ends (the CLI, the simulation runner) look bots up here so that
they never need to know a game's bot classes, and so that every bot's random stream
is derived the same way everywhere: from the game's seed and the bot's seat.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence

from tote.bots.search import best_ev_factory, ismcts_factory
from tote.core.bot import Bot, BotFactory, Observation, RandomBot
from tote.core.errors import OptionsError
from tote.core.game import Game
from tote.core.moves import Move
from tote.core.state import State
from tote.core.tote_board import Policy, random_policy

RANDOM = "random"
ISMCTS = "ismcts"
BEST_EV = "best-ev"


def bots_for(game: Game) -> dict[str, BotFactory]:
    """Every bot that can play ``game``, by name: ``random`` first, then the game's own,
    then the search bots of every game with a tote board (``ismcts``, ``best-ev``)."""
    bots: dict[str, BotFactory] = {RANDOM: RandomBot}
    bots.update(game.bots)
    if game.markets is not None:
        bots[ISMCTS] = ismcts_factory(game.markets)
        bots[BEST_EV] = best_ev_factory(game.markets, bots[game.default_bot])
    return bots


def get_bot(game: Game, name: str) -> BotFactory:
    """The factory of bot ``name`` for ``game``; an unknown name is one clear line."""
    bots = bots_for(game)
    if name not in bots:
        raise OptionsError(f"{game.id} has no bot {name!r}; bots: {', '.join(sorted(bots))}")
    return bots[name]


def default_bot(game: Game) -> str:
    """The bot a seat gets when nobody chooses: the game's ``default_bot``."""
    get_bot(game, game.default_bot)
    return game.default_bot


def parse_bot_names(game: Game, text: str | Sequence[str]) -> list[str]:
    """Split a comma list (``"random,odds"``) into checked bot names, in order."""
    parts = text.split(",") if isinstance(text, str) else list(text)
    names = [p.strip() for p in parts if p.strip()]
    if not names:
        raise OptionsError("no bot named; give one or more names, e.g. --bots random,odds")
    for name in names:
        get_bot(game, name)
    return names


def bot_seed(game_seed: int | None, seat: int) -> int:
    """A seed for the bot at ``seat``, derived from the game's seed alone.

    Hashing keeps the bots' streams independent of each other and of the
    chance stream (which is ``random.Random(game_seed)``), and identical on
    every machine and Python run.
    """
    digest = hashlib.sha256(f"tote-bot:{game_seed}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def make_bot(game: Game, name: str, game_seed: int | None, seat: int) -> Bot:
    """A fresh bot ``name`` for ``seat``, with its own deterministic random stream."""
    return get_bot(game, name)(random.Random(bot_seed(game_seed, seat)))


def rollout_policy(game: Game, name: str, seed: int) -> Policy:
    """The tote board's rollout policy playing every seat as bot ``name``: ``random``
    is the board's own fast default; any other bot is asked through an observation of
    the sampled world, one bot per seat."""
    factory = get_bot(game, name)
    if name == RANDOM:
        return random_policy
    made: dict[int, Bot] = {}

    def policy(world: State, seat: int, rng: random.Random) -> Move:
        bot = made.get(seat)
        if bot is None:
            bot = made[seat] = factory(random.Random(bot_seed(seed, seat)))
        return bot.choose(Observation(world, seat))

    return policy


__all__ = [
    "BEST_EV",
    "ISMCTS",
    "RANDOM",
    "bot_seed",
    "bots_for",
    "default_bot",
    "get_bot",
    "make_bot",
    "parse_bot_names",
    "rollout_policy",
]
