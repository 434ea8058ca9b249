"""Opponents: seats an environment plays itself with tote's bots (issue 25, "three
levels of difficulty everywhere ... and the environments").

``aec_env("wetten", players=3, opponents={"seat_1": "hard", "seat_2": "normal"})``
seats bots at ``seat_1`` and ``seat_2``: they are no longer agents, and the
environment plays their moves inside ``reset`` and ``step`` whenever it is their turn,
as PettingZoo and OpenSpiel users train against fixed opponents. A bot is any name
``tote.bots.bots_for(game)`` lists (the levels ``easy``, ``normal``, ``hard``, the
game's heuristics, ``random``, the search bots) or a trained policy ``learned:PATH``.

What a bot knows: at every decision, its own seat's ``Observation(state, seat)``,
nothing else (the core's contract, :class:`tote.core.bot.Observation`); at a
simultaneous turn it commits its secret move as soon as the turn asks it, through
``State.apply``, so no seat sees it before the reveal. Its stream is seeded from the
reset's seed and its seat with :func:`tote.bots.bot_seed`, exactly as ``tote
simulate`` seeds a bot, so the same seed replays the same episode. A search bot
thinks within ``opponent_budget`` (a :class:`tote.bots.Budget`) when one is given,
else within its fixed default (``hard``: about 1 s a decision).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from tote.bots import bot_factory, bot_seed, with_budget
from tote.bots.budget import MOST_ITERATIONS, MOST_PROCESSES, MOST_THINK_SECONDS, Budget
from tote.core.bot import Bot, BotFactory, Observation
from tote.core.errors import IllegalMove, OptionsError, ToteError
from tote.core.game import Game
from tote.core.state import State

OPTION = "opponents"
BUDGET_OPTION = "opponent_budget"


def _agent(seat: int) -> str:
    return f"seat_{seat}"


@dataclass(frozen=True)
class Opponents:
    """The seats the environment plays, each with its bot's name and factory."""

    names: Mapping[int, str]
    """Each bot's seat and the name it was given (``"hard"``, ``"odds"``)."""
    factories: Mapping[int, BotFactory]
    """Each seat's bot factory, with the budget already applied to a search bot."""

    def bots(self, seed: int | None) -> dict[int, Bot]:
        """Fresh bots for a game reset with ``seed``, each seeded from it and its seat
        (``tote.bots.bot_seed``, as ``tote simulate`` seeds them); ``None``: fresh
        entropy, so an unseeded reset plays unseeded bots."""
        base = random.SystemRandom().randrange(2**63) if seed is None else seed
        return {
            seat: factory(random.Random(bot_seed(base, seat)))
            for seat, factory in self.factories.items()
        }

    def play(self, state: State, bots: Mapping[int, Bot], advance: Callable[[], None]) -> None:
        """The bots' moves, one decision at a time, until an agent is asked or the game
        is over; ``advance`` plays the chance moves between them (the table's stream).
        At a simultaneous turn every bot still to commit commits, in seat order."""
        while True:
            turn = state.turn()
            asked = turn.seats if turn.simultaneous else turn.seats[:1]
            seat = next((s for s in asked if s in bots), None)
            if seat is None:
                return
            bot = bots[seat]
            try:
                state.apply(seat, bot.choose(Observation(state, seat)))
            except IllegalMove as exc:
                raise ToteError(
                    f"opponent {self.names[seat]!r} at {_agent(seat)} made an illegal move: {exc}"
                ) from None
            advance()


def opponents_for(game: Game, players: int, raw: object, budget: object) -> Opponents | None:
    """The ``opponents`` option checked against ``game`` at ``players`` seats: a
    mapping of agent names (``"seat_1"``) to bot names; ``None`` (or an empty mapping)
    when every seat stays an agent. Each refusal is one line naming the limit."""
    checked = _check_budget(game.id, budget)
    if raw is None:
        return None
    agents = [_agent(s) for s in range(players)]
    where = f"{game.id} environment option {OPTION!r}"
    if not isinstance(raw, Mapping):
        raise OptionsError(
            f"{where}: a mapping of agent names to bot names, e.g. {{'seat_1': 'hard'}},"
            f" not {raw!r}"
        )
    if not raw:
        return None
    names: dict[int, str] = {}
    factories: dict[int, BotFactory] = {}
    for agent, name in raw.items():
        if agent not in agents:
            raise OptionsError(
                f"{where}: no agent {agent!r} at {players} seats; agents: {', '.join(agents)}"
            )
        if not isinstance(name, str):
            raise OptionsError(f"{where}: {agent}'s bot is a name such as 'hard', not {name!r}")
        try:
            factory = bot_factory(game, name)
        except OptionsError as refusal:
            raise OptionsError(f"{where}: {agent}: {refusal}") from None
        seat = agents.index(agent)
        names[seat] = name
        factories[seat] = with_budget(factory, checked)
    if len(names) == players:
        raise OptionsError(
            f"{where}: every one of the {players} seats is a bot; leave at least one agent"
        )
    return Opponents(dict(sorted(names.items())), dict(sorted(factories.items())))


def _check_budget(game_id: str, budget: object) -> Budget | None:
    """``opponent_budget``: ``None`` (each search bot's fixed default) or a
    :class:`Budget` within the command line's bounds (issue 25, "Bad input")."""
    where = f"{game_id} environment option {BUDGET_OPTION!r}"
    if budget is None:
        return None
    if not isinstance(budget, Budget):
        raise OptionsError(
            f"{where}: a tote.bots.Budget, e.g. Budget(iterations=200), not {budget!r}"
        )
    iterations, seconds, processes = budget.iterations, budget.seconds, budget.processes
    if iterations is not None and not (
        isinstance(iterations, int) and 1 <= iterations <= MOST_ITERATIONS
    ):
        raise OptionsError(f"{where}: iterations 1 to {MOST_ITERATIONS:,}, not {iterations!r}")
    if seconds is not None and not (
        isinstance(seconds, int | float)
        and not math.isnan(seconds)
        and 0.0 < seconds <= MOST_THINK_SECONDS
    ):
        raise OptionsError(
            f"{where}: seconds more than 0 and at most {MOST_THINK_SECONDS:g}, not {seconds!r}"
        )
    if not (isinstance(processes, int) and 1 <= processes <= MOST_PROCESSES):
        raise OptionsError(f"{where}: processes 1 to {MOST_PROCESSES}, not {processes!r}")
    return budget
