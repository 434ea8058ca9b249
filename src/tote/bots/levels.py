"""Three levels of difficulty in every game, ``easy``, ``normal`` and ``hard`` (issue 25).

A level is an alias of a real bot of the game, so a level plays exactly as that bot
(the same moves for the same seed): ``hard`` is ``strong``; ``normal`` the game's own
heuristic bot (``Game.default_bot``); ``easy`` the ``casual`` bot, which plays the
heuristic's move half the time and a random legal move otherwise, except in Wits &
Wagers, where ``easy`` is ``novice``: the heuristic with a poorer memory of the
answers; Wits & Wagers' ``hard`` is ``strong`` with the expert's memory
(:func:`tote.bots.strong.wits_own`). Each level has a one-line description in plain
words for the places people choose a bot (the browser's seat choices, ``tote games``);
Wits & Wagers' says how well each level "knows" the answer (the bots' knowledge
model, :mod:`tote.games.wits_and_wagers.bots`).
"""

from __future__ import annotations

import random

from tote.bots.strong import SETTINGS
from tote.core.bot import Bot, BotFactory, Observation
from tote.core.game import Game
from tote.core.moves import Move

EASY = "easy"
NORMAL = "normal"
HARD = "hard"
LEVELS = (EASY, NORMAL, HARD)
CASUAL = "casual"
STRONG = "strong"

WW = "wits-and-wagers"


class CasualBot:
    """Plays its heuristic's move half the time and a uniformly random legal move the
    other half (a coin from its own stream decides): the ``easy`` level."""

    name = CASUAL

    def __init__(self, rng: random.Random, model: Bot) -> None:
        self.rng = rng
        self.model = model

    def choose(self, obs: Observation) -> Move:
        if self.rng.random() < 0.5:
            return obs.random_move(self.rng)
        return self.model.choose(obs)


def casual_factory(model: BotFactory) -> BotFactory:
    """The ``casual`` bot over a game's heuristic ``model``."""

    def make(rng: random.Random) -> Bot:
        return CasualBot(rng, model(random.Random(rng.getrandbits(64))))

    return make


def level_bots(game: Game) -> dict[str, str]:
    """Each level and the real bot it stands for in ``game``."""
    easy = "novice" if game.id == WW and "novice" in game.bots else CASUAL
    return {EASY: easy, NORMAL: game.default_bot, HARD: STRONG}


def level_descriptions(game: Game) -> dict[str, str]:
    """How each level plays, in one plain line (the browser shows these)."""
    normal = game.default_bot
    if game.id == WW:
        return {
            EASY: "Knows the answer only roughly: its guess is typically off by a factor of"
            " 2.2 (years by about 48); then bets where the guesses say the chances are best"
            " (the novice bot).",
            NORMAL: "Knows the answer fairly well: typically off by a factor of 1.4 (years by"
            " about 21); then bets where the guesses say the chances are best (the bettor"
            " bot).",
            HARD: "Knows the answer well: typically off by a factor of 1.1 (years by about"
            " 6), as the expert bot; then tries each bet against the answers its memory and"
            " the sensible guesses on the mat make likely, the others played as normal"
            " bots, and pays no heed to wild guesses (the strong bot).",
        }
    settings = SETTINGS.get(game.id)
    others = (
        "played out at random"
        if settings is not None and settings.model_moves == 0
        else f"the others played as {normal} bots"
    )
    return {
        EASY: f"Plays like normal half the time and a random legal move otherwise (the"
        f" casual bot, over {normal}).",
        NORMAL: f"Plays the game's own rules of thumb (the {normal} bot).",
        HARD: f"Tries each of its moves in many possible futures, {others}, and picks the"
        " one that stands best (the strong bot).",
    }
