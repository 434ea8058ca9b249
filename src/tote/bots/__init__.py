"""The bot registry: which bots can play a game, and how each one is seeded.

Every game gets the core :class:`~tote.core.bot.RandomBot` under the name
``random``; a game adds its own bots through ``Game.bots``; every game with a tote
board also gets the search bots of :mod:`tote.bots.search`, ``ismcts`` and
``best-ev``; every game gets ``casual`` and ``strong`` and the three levels ``easy``,
``normal`` and ``hard``, aliases of real bots (:mod:`tote.bots.levels`, issue 25).
Search bots take a :class:`~tote.bots.budget.Budget` (``--think``,
``--iterations``). Front ends (the CLI, the simulation runner) look bots up here so that
they never need to know a game's bot classes, and so that every bot's random stream
is derived the same way everywhere: from the game's seed and the bot's seat.

The command line also seats trained policies, ``learned:PATH`` (issue 30): a name of
that form is resolved by :func:`bot_factory` through ``tote.envs.learned``, imported
by name only then (it needs numpy, the research extra). :func:`get_bot`, which the
server asks, knows only the registered bots: no client names a file on the server.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence

from tote.bots.budget import Budget
from tote.bots.levels import CASUAL, HARD, LEVELS, STRONG, casual_factory, level_bots
from tote.bots.search import SearchFactory, best_ev_factory, ismcts_factory
from tote.bots.strong import strong_factory
from tote.core.bot import Bot, BotFactory, Observation, RandomBot
from tote.core.errors import OptionsError
from tote.core.game import Game
from tote.core.moves import Move
from tote.core.state import State
from tote.core.tote_board import Policy, random_policy

RANDOM = "random"
ISMCTS = "ismcts"
BEST_EV = "best-ev"
LEARNED_KINDS = ("learned:", "learned-sample:")


def bots_for(game: Game) -> dict[str, BotFactory]:
    """Every bot that can play ``game``, by name: the levels ``easy``, ``normal`` and
    ``hard`` first (each the very factory of the bot it stands for), ``random``, the
    game's own, the search bots of every game with a tote board (``ismcts``,
    ``best-ev``), then ``casual`` and ``strong`` (issue 25)."""
    bots: dict[str, BotFactory] = {RANDOM: RandomBot}
    bots.update(game.bots)
    model = bots[game.default_bot]
    if game.markets is not None:
        bots[ISMCTS] = ismcts_factory(game.markets)
        bots[BEST_EV] = best_ev_factory(game.markets, model)
    bots[CASUAL] = casual_factory(model)
    bots[STRONG] = strong_factory(game.id, game.markets, model)
    levels = {level: bots[real] for level, real in level_bots(game).items()}
    return {**levels, **bots}


def with_budget(factory: BotFactory, budget: Budget | None) -> BotFactory:
    """``factory`` with ``budget`` when it builds a search bot; any other bot (and any
    bot when there is no budget) as it is."""
    if budget is not None and isinstance(factory, SearchFactory):
        return factory.budgeted(budget)
    return factory


def get_bot(game: Game, name: str) -> BotFactory:
    """The factory of bot ``name`` for ``game``; an unknown name is one clear line."""
    if name == RANDOM:  # bots_for's entry, without building every bot's factory (issue 24)
        return game.bots.get(RANDOM, RandomBot)
    bots = bots_for(game)
    if name not in bots:
        raise OptionsError(f"{game.id} has no bot {name!r}; bots: {', '.join(sorted(bots))}")
    return bots[name]


def bot_factory(game: Game, name: str) -> BotFactory:
    """The factory of bot ``name`` for ``game``: a registered bot, or a trained policy
    ``learned:PATH`` / ``learned-sample:PATH`` (loaded and checked now; issue 30)."""
    if not name.startswith(LEARNED_KINDS):
        return get_bot(game, name)
    try:
        from tote.envs import learned
    except ImportError as missing:
        raise OptionsError(
            f"bot {name!r} needs the research extra ({missing.name} is not installed):"
            " pip install 'tote[research]'"
        ) from None
    factory: BotFactory = learned.learned_factory(game.id, name)
    return factory


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
        bot_factory(game, name)
    return names


def bot_seed(game_seed: int | None, seat: int) -> int:
    """A seed for the bot at ``seat``, derived from the game's seed alone.

    Hashing keeps the bots' streams independent of each other and of the
    chance stream (which is ``random.Random(game_seed)``), and identical on
    every machine and Python run.
    """
    digest = hashlib.sha256(f"tote-bot:{game_seed}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def make_bot(
    game: Game,
    name: str,
    game_seed: int | None,
    seat: int,
    *,
    learned: bool = False,
    budget: Budget | None = None,
) -> Bot:
    """A fresh bot ``name`` for ``seat``, with its own deterministic random stream.
    Only with ``learned`` (the command line's simulations) may ``name`` be a policy
    file, ``learned:PATH``; the server's default resolves registered bots alone, so a
    bot name stored with a table never opens a file (issue 30, learning baseline).
    A search bot thinks within ``budget`` when one is given (issue 25)."""
    factory = bot_factory(game, name) if learned else get_bot(game, name)
    return with_budget(factory, budget)(random.Random(bot_seed(game_seed, seat)))


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
    "HARD",
    "ISMCTS",
    "LEVELS",
    "RANDOM",
    "STRONG",
    "Budget",
    "bot_factory",
    "bot_seed",
    "bots_for",
    "default_bot",
    "get_bot",
    "make_bot",
    "parse_bot_names",
    "rollout_policy",
    "with_budget",
]
