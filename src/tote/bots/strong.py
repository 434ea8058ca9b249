"""The ``strong`` bot of every game (issue 25): information-set search whose model of
the other players is the game's own heuristic bot.

Like ``ismcts`` (:mod:`tote.bots.search`) it is handed an
:class:`~tote.core.bot.Observation` and reaches hidden information only through
:meth:`Observation.sample_world`: every iteration draws a world the seat cannot tell
from the real one and plays in it. It never reads the real state. What it does
differently, after the reasons docs/odds.md gives for ``ismcts`` losing to the
heuristics (issue 25, "What to build"):

- **Model of the others.** The tree holds the bot's own moves only; every other seat's
  move, in the tree's part of an iteration and in the rollout, is the move of the
  game's own heuristic bot (``Game.default_bot``) seated there, asked through an
  observation of the sampled world. The bot's own later moves in a rollout are its
  heuristic's too. After :attr:`StrongSettings.model_moves` such moves an iteration
  plays on at random (the cheap rollout of ``ismcts``), to keep a decision near one
  second.
- **Open amounts.** Where the seat's moves are an open set (a stake, a bet, a guess),
  the root's candidates are a small set: the heuristic's own move first, then
  :attr:`StrongSettings.grid` - 1 distinct random moves of the seat (not a game-aware
  grid: the action catalogues of ``tote.envs`` hold those, but need numpy, which the
  bots may not import). Below the root the bot's open moves are drawn the same way.
- **Horizon.** The reward is the seat's standing (:func:`~tote.bots.search.rank_reward`)
  at the end of the race, question or scoring under way (``"settled"``), or at the end
  of the game (``"end"``) where that is cheap enough.
- **The heuristic first.** The heuristic's move is tried first, and another move is
  played only when the search is sure it does better (:attr:`StrongSettings.margin`
  standard errors), so that a short search does not trade a good move for a lucky one.
- **Knowledge.** Decisions of the kinds in :attr:`StrongSettings.own_kinds` are the
  heuristic's alone (Wits & Wagers' guess: what the bot "knows" of the answer is the
  heuristic's knowledge model, not a search over answers it cannot know); and where the
  heuristic knows more than the default sampling assumes, a sampled world is redrawn
  from the heuristic's belief (:attr:`StrongSettings.believe`: Wits & Wagers' answer
  from the bot's own memory of it and the guesses on the mat).

The budget is a fixed number of iterations per decision (:attr:`StrongSettings.iterations`,
so seeded games replay), or a time (:class:`~tote.bots.budget.Budget`); a decision may
be searched on several processes (:mod:`tote.bots.root_parallel`).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from tote.bots.budget import Budget
from tote.bots.root_parallel import search_in_processes
from tote.bots.search import Node, SearchFactory, rank_reward
from tote.core.bot import Bot, BotFactory, Observation
from tote.core.errors import IllegalMove
from tote.core.moves import CHANCE, Move
from tote.core.state import State
from tote.core.tote_board import Markets


@dataclass(frozen=True, slots=True)
class StrongSettings:
    """How ``strong`` searches one game (see the module docstring)."""

    iterations: int = 60
    """The fixed iteration budget of one decision (tuned towards ~1 s, docs/bots.md)."""
    model_moves: int = 40
    """Moves of an iteration played by the heuristic model before random play."""
    horizon: Literal["settled", "end"] = "settled"
    """Where the reward is read: the end of the race/question/scoring, or of the game."""
    grid: int = 6
    """Candidates at an open decision: the heuristic's move and random ones."""
    own_kinds: tuple[str, ...] = ()
    """Move kinds (class names) the heuristic decides alone."""
    exploration: float = 0.7
    """UCB1's exploration constant (rewards in [0, 1])."""
    margin: float = 1.0
    """How sure the search must be to overrule the heuristic: another move is played
    only when its mean reward beats the heuristic's move's by ``margin`` standard
    errors (the binomial bound, p(1 - p) / visits); 0 plays the most visited move."""
    believe: Callable[[State, int, Bot, random.Random], None] | None = None
    """Redraws, in a sampled world, what the heuristic ``own`` bot of the seat knows
    better than the game's default sampling (Wits & Wagers: the answer, from the bot's
    memory of it and the guesses on the mat, :func:`wits_belief`)."""
    reward: Literal["rank", "share"] = "rank"
    """The reward at the horizon: the standing (:func:`rank_reward`), or the seat's
    share of everyone's score (:func:`share_reward`: risk-neutral, for games won over
    many questions or races whose horizon is one of them)."""
    rollout_model: BotFactory | None = None
    """A cheaper heuristic for the simulated seats (default: the game's own)."""
    own_model: BotFactory | None = None
    """The seat's own heuristic: the move tried first, the decisions of
    :attr:`own_kinds`, and what the seat knows (default: the game's own heuristic;
    Wits & Wagers: the expert's memory, allowing for nonsense on the mat,
    :func:`wits_own`)."""
    evaluate: Callable[[State], Sequence[float]] | None = None
    """Each seat's score were the game to end now: where an iteration stops once its
    model moves are spent (instead of random play to the horizon), and the one-move
    look that narrows a wide root to :attr:`grid` candidates."""


def share_reward(scores: Sequence[float], seat: int) -> float:
    """The seat's share of all the (non-negative) scores, in [0, 1]; an even share when
    every score is 0."""
    floor = min(0.0, *scores)
    lifted = [s - floor for s in scores]
    total = sum(lifted)
    return lifted[seat] / total if total > 0 else 1.0 / len(scores)


def wits_belief(world: State, seat: int, own: Bot, rng: random.Random) -> None:
    """Wits & Wagers: the world's answer redrawn from what the seat's heuristic
    (``bettor``) believes: its own noisy memory of the answer (its knowledge model,
    :mod:`tote.games.wits_and_wagers.bots`) blended with the guesses on the mat, instead
    of the default sampling's spread of the guesses alone. Only while the answer is
    face down; nothing here reads the real state."""
    from tote.games.wits_and_wagers.bots import BettingBot
    from tote.games.wits_and_wagers.phases import BET
    from tote.games.wits_and_wagers.sampling import known_guesses
    from tote.games.wits_and_wagers.state import WitsAndWagersState

    if not isinstance(world, WitsAndWagersState) or not isinstance(own, BettingBot):
        return
    question = world.question
    if question is None or world.phase != BET:
        return
    drawer = BettingBot(
        rng, spread=own.spread, crowd_spread=own.crowd_spread, samples=1, nonsense=own.nonsense
    )
    drawer.estimate = own.estimate
    value = drawer._belief(question, [float(g) for g in known_guesses(world, seat)])[0]
    if world.answer.denominator == 1:
        answer = Fraction(round(value))
        text = str(answer.numerator)
    else:
        answer = Fraction(round(value * 100), 100)
        text = f"{float(answer):.2f}"
    world.answer = answer
    world.question = question.model_copy(update={"answer": text})


WITS_NONSENSE = 0.1
"""The chance ``hard`` allows that a guess on the mat is nonsense (docs/bots.md)."""


def wits_own(rng: random.Random) -> Bot:
    """Wits & Wagers' ``hard`` level's own heuristic: the ``bettor`` with the expert's
    memory of the answers (the hardest level knows the most, and says so where people
    choose it, :mod:`tote.bots.levels`) and a belief that allows a guess on the mat to be
    nonsense (:class:`~tote.games.wits_and_wagers.bots.BettingBot`), so that a wild
    guess does not drag its belief about the answer. The simulated seats stay the
    plain ``bettor``."""
    from tote.games.wits_and_wagers.bots import EXPERT_SPREAD, BettingBot

    return BettingBot(rng, spread=EXPERT_SPREAD, nonsense=WITS_NONSENSE)


def carcassonne_evaluation(world: State) -> Sequence[float]:
    """Carcassonne's scores were the game to end now: every incomplete road, city,
    monastery and farm scored as at the end (CC 5.1-5.2), on a copy of the world."""
    from tote.games.carcassonne.final_scoring import final_features
    from tote.games.carcassonne.state import CarcassonneState

    copy = world.clone()
    assert isinstance(copy, CarcassonneState)
    final_features(copy)
    return [float(s) for s in copy.scores]


def _cheap_odds(rng: random.Random) -> Bot:
    """Winner's Circle's odds bot estimating with 30 races instead of 120: the model of
    the others where one is asked for (the review's heuristic candidate, docs/review.md;
    ``strong``'s own rollouts there are random)."""
    from tote.games.winners_circle.bots import OddsBot

    return OddsBot(rng, samples=30)


SETTINGS: dict[str, StrongSettings] = {
    # Random rollouts: a race rolled out at random models the rest of it well (ismcts
    # beats `odds` so, docs/odds.md §6), and at 0.6 M instructions an iteration 1 s
    # holds 10,000 of them; the `odds` model's 44.7 M held 140 (docs/bots.md).
    "winners-circle": StrongSettings(iterations=10_000, model_moves=0, rollout_model=_cheap_odds),
    "horse-fever": StrongSettings(iterations=600, model_moves=40),
    "wetten": StrongSettings(iterations=570, model_moves=60),
    "wits-and-wagers": StrongSettings(
        iterations=1_420,
        model_moves=30,
        own_kinds=("Guess",),
        reward="share",
        believe=wits_belief,
        own_model=wits_own,
    ),
    "carcassonne": StrongSettings(
        iterations=54, model_moves=8, horizon="end", evaluate=carcassonne_evaluation
    ),
}
"""Each game's settings; the iterations make a searched decision about 6.5e9
instructions on average over a whole game (1 s on the reference machine), from the
cost of an iteration counted at every decision of seat 0 in a seeded game
(``benchmarks/strong_decision.py --unit game``, docs/bots.md). Other games (the core's
toy game) get the defaults."""


class StrongBot:
    """Information-set search with the heuristic as the model (module docstring)."""

    name = "strong"

    def __init__(
        self,
        rng: random.Random,
        markets: Markets | None,
        model: BotFactory,
        settings: StrongSettings | None = None,
        *,
        iterations: int | None = None,
        seconds: float | None = None,
        clock: Callable[[], float] = time.perf_counter,
        processes: int = 1,
        game_id: str | None = None,
    ) -> None:
        self.settings = settings or StrongSettings()
        self.iterations = self.settings.iterations if iterations is None else iterations
        if self.iterations < 1:
            raise ValueError("the strong bot needs at least one iteration")
        self.rng = rng
        self.markets = markets
        self.model = model
        self.seconds = seconds
        self.clock = clock
        self.processes = processes if game_id is not None else 1
        """Processes a decision is searched on (root-parallel, :mod:`tote.bots.root_parallel`);
        they rebuild the bot from ``game_id``, so without one the search stays here."""
        self.game_id = game_id
        self.own = (self.settings.own_model or model)(random.Random(rng.getrandbits(64)))
        self.models_seed = rng.getrandbits(64)
        self.models: dict[int, Bot] = {}

    # ------------------------------------------------------------------ decision
    def choose(self, obs: Observation) -> Move:
        legal = obs.legal_moves
        if legal is not None and len(legal) == 1:
            return legal[0]
        hint = self.own.choose(obs)
        if type(hint).__name__ in self.settings.own_kinds:
            return hint
        if legal is not None:
            candidates = [hint, *(m for m in legal if m != hint)]
        else:
            candidates = self._grid(obs, hint)
        if self.settings.evaluate is not None and len(candidates) > self.settings.grid:
            candidates = self._narrow(obs, hint, candidates)
        if len(candidates) == 1:
            return candidates[0]
        if self.processes > 1 and self.game_id is not None:
            root = search_in_processes(self, self.game_id, obs, candidates)
        else:
            root = self.search(obs, candidates, self.iterations)
        if not root.children:  # pragma: no cover - every iteration expands the root
            return hint
        best = max(root.children.items(), key=lambda kv: (kv[1].visits, kv[1].reward))
        move = best[0]
        assert isinstance(move, Move)
        return move if self._overrules(root, move, hint) else hint

    def search(self, obs: Observation, candidates: Sequence[Move], iterations: int) -> Node:
        """``iterations`` iterations (fewer if the time budget runs out) over the root's
        ``candidates``, each in a world drawn from the seat's information; the root."""
        root = Node()
        deadline = None if self.seconds is None else self.clock() + self.seconds
        believe = self.settings.believe
        for _ in range(iterations):
            world = obs.sample_world(self.rng)
            if believe is not None:
                believe(world, obs.seat, self.own, self.rng)
            self._iterate(root, world, obs.seat, candidates)
            if deadline is not None and self.clock() >= deadline:
                break
        return root

    def _overrules(self, root: Node, move: Move, hint: Move) -> bool:
        """Whether the search is sure enough that ``move`` beats the heuristic's
        ``hint`` (:attr:`StrongSettings.margin`)."""
        mine, theirs = root.children[move], root.children.get(hint)
        if move == hint or theirs is None or theirs.visits == 0:
            return True
        p, q = mine.reward / mine.visits, theirs.reward / theirs.visits
        error = math.sqrt(p * (1 - p) / mine.visits + q * (1 - q) / theirs.visits)
        return p - q > self.settings.margin * error

    def _grid(self, obs: Observation, hint: Move) -> list[Move]:
        """The root's candidates at an open decision: the heuristic's move first."""
        moves = [hint]
        for _ in range(self.settings.grid * 3):
            if len(moves) >= self.settings.grid:
                break
            move = obs.random_move(self.rng)
            if move not in moves:
                moves.append(move)
        return moves

    def _narrow(self, obs: Observation, hint: Move, moves: Sequence[Move]) -> list[Move]:
        """A wide root narrowed to the heuristic's move and the moves whose one-move
        look (:attr:`StrongSettings.evaluate`, in one sampled world) stands best."""
        evaluate = self.settings.evaluate
        assert evaluate is not None
        world = obs.sample_world(self.rng)
        me = obs.seat
        scored: list[tuple[float, int, Move]] = []
        for index, move in enumerate(moves):
            if move == hint:
                continue
            after = world.clone()
            after.apply_unchecked(me, move)
            scores = evaluate(after)
            lead = scores[me] - max(s for i, s in enumerate(scores) if i != me)
            scored.append((-lead, index, move))
        scored.sort(key=lambda t: (t[0], t[1]))
        return [hint, *(m for _, _, m in scored[: self.settings.grid - 1])]

    # ----------------------------------------------------------------- iteration
    def _iterate(self, root: Node, world: State, me: int, candidates: Sequence[Move]) -> None:
        markets = self.markets
        start = world.clone() if markets is not None else world
        path: list[Node] = []
        node = root
        budget = self.settings.model_moves
        moved = False
        while True:
            turn = world.turn()
            if turn.over or (moved and self._at_horizon(start, world)):
                break
            moved = True
            if turn.chance:
                world.apply_unchecked(CHANCE, world.sample_chance(self.rng), turn)
                continue
            if me in turn.seats:
                moves = candidates if node is root else self._moves(world, me)
                first = moves[0] if node is root else None
                move, node, expanded = self._select(node, moves, first)
                path.append(node)
                world.apply_unchecked(me, move, turn)
                if expanded:
                    self._back_up(path, self.play_on(start, world, me, budget))
                    return
                continue
            if budget <= 0:
                if self.settings.evaluate is not None:
                    self._back_up(path, self._reward(self.settings.evaluate(world), me))
                    return
                break
            budget -= 1
            self._model_move(world, turn.seats[0])
        self._back_up(path, self._reward(self._finish(start, world), me))

    @staticmethod
    def _back_up(path: Sequence[Node], reward: float) -> None:
        for visited in path:
            visited.visits += 1
            visited.reward += reward

    def play_on(self, start: State, world: State, me: int, budget: int | None = None) -> float:
        """The rest of an iteration once the tree's part is over (the seat's move just
        made in ``world``, a sampled world that was ``start`` before it): every seat's
        move, the seat's own later ones too, is its heuristic model's for ``budget``
        moves (:attr:`StrongSettings.model_moves` by default), chance drawn from
        :attr:`rng`; then random play to the horizon, or the board scored where the game
        has :attr:`StrongSettings.evaluate`. The seat's reward there, in [0, 1]
        (:attr:`StrongSettings.reward`). The review's search judge (issue 26) plays each
        move it judges through this."""
        if budget is None:
            budget = self.settings.model_moves
        while True:
            turn = world.turn()
            if turn.over or self._at_horizon(start, world):
                break
            if turn.chance:
                world.apply_unchecked(CHANCE, world.sample_chance(self.rng), turn)
                continue
            seat = me if me in turn.seats else turn.seats[0]
            if budget <= 0:
                if self.settings.evaluate is not None:
                    return self._reward(self.settings.evaluate(world), me)
                break
            budget -= 1
            self._model_move(world, seat)
        return self._reward(self._finish(start, world), me)

    def _reward(self, scores: Sequence[float], me: int) -> float:
        if self.settings.reward == "share":
            return share_reward(scores, me)
        return rank_reward(scores, me)

    def _at_horizon(self, start: State, world: State) -> bool:
        return (
            self.settings.horizon == "settled"
            and self.markets is not None
            and self.markets.settled(start, world)
        )

    def _moves(self, world: State, me: int) -> Sequence[Move]:
        legal = world.legal_moves(me)
        if legal is not None:
            return legal
        grid = self.settings.grid
        return list(dict.fromkeys(world.random_move(me, self.rng) for _ in range(grid)))

    def _select(
        self, node: Node, moves: Sequence[Move], first: Move | None
    ) -> tuple[Move, Node, bool]:
        """ISMCTS's step at one of the seat's own decisions: count availability, expand
        a move never tried (``first``, the heuristic's at the root, before the others),
        else UCB1."""
        fresh = [m for m in moves if m not in node.children]
        for m in moves:
            child = node.children.get(m)
            if child is not None:
                child.available += 1
        if fresh:
            if first is not None and first in fresh:
                move = first
            else:
                move = fresh[int(self.rng.random() * len(fresh))]
            child = node.children[move] = Node()
            return move, child, True
        c = self.settings.exploration

        def ucb(m: Move) -> float:
            n = node.children[m]
            return n.reward / n.visits + c * math.sqrt(math.log(n.available) / n.visits)

        move = max(moves, key=ucb)
        return move, node.children[move], False

    def _model_move(self, world: State, seat: int) -> None:
        """``seat`` plays its heuristic's move in the sampled world (a random move if
        the heuristic cannot move there)."""
        bot = self.models.get(seat)
        if bot is None:
            model = self.settings.rollout_model or self.model
            bot = self.models[seat] = model(random.Random(self.models_seed + seat))
        try:
            world.apply(seat, bot.choose(Observation(world, seat)))
        except IllegalMove:
            world.apply_unchecked(seat, world.random_move(seat, self.rng))

    def _finish(self, start: State, world: State) -> Sequence[float]:
        """Random play from here to the horizon; every seat's score there."""
        rng = self.rng
        markets = self.markets
        fast = markets is not None and type(markets).play_out is not Markets.play_out
        while True:
            turn = world.turn()
            if turn.over:
                result = world.result()
                assert result is not None
                return result.scores
            if markets is not None and self._at_horizon(start, world):
                return markets.standings(world)
            if (
                fast
                and markets is not None
                and self.settings.horizon == "settled"
                and markets.play_out(world, rng)
            ):
                continue
            if turn.chance:
                world.apply_unchecked(CHANCE, world.sample_chance(rng), turn)
            else:
                seat = turn.seats[0]
                world.apply_unchecked(seat, world.random_move(seat, rng), turn)


def strong_factory(game_id: str, markets: Markets | None, model: BotFactory) -> SearchFactory:
    """The ``strong`` bot of a game: its markets, its heuristic as the model, its
    settings (:data:`SETTINGS`), and the budget the command line gives."""
    settings = SETTINGS.get(game_id, StrongSettings())

    def make(rng: random.Random, budget: Budget) -> Bot:
        return StrongBot(
            rng,
            markets,
            model,
            settings,
            iterations=budget.iterations_or(settings.iterations),
            seconds=budget.seconds,
            processes=budget.processes,
            game_id=game_id,
        )

    return SearchFactory(make)
