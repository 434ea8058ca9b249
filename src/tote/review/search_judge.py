"""The review's judge of the moves the tote board does not value (issue 26): moving a
horse, placing a tile, playing a card, a pass... judged by the ``strong`` bot's search
(:mod:`tote.bots.strong`, issue 25).

At such a move of a seat, from the seat's :class:`~tote.core.bot.Observation` only:

1. **Candidates.** The move made, the game's heuristic's move there (``strong``'s
   first candidate; asked of ``strong``'s cheaper model of the others where it has one,
   Winner's Circle's ``odds`` from 30 races) and the seat's other legal moves: all of
   them when they are few (:attr:`SearchPlan.candidates`), else narrowed as ``strong``
   narrows its root (the one-move look of :attr:`StrongSettings.evaluate`, Carcassonne)
   or, in a game with no such look, a seeded draw of the others; where the moves are an
   open set (an amount), ``strong``'s small grid of random ones. The move made is always
   a candidate.
2. **Common worlds.** Each of :attr:`SearchPlan.worlds` worlds is drawn once
   (:meth:`Observation.sample_world`, never the real state; Wits & Wagers' answer then
   redrawn from the heuristic's belief, as ``strong`` does), and every candidate is
   played in its own clone of it, with the same random stream: the others (and the
   seat's own later moves) are the game's heuristic, as in ``strong``'s iterations
   (:meth:`StrongBot.play_on`), and the reward is read at ``strong``'s horizon: the
   standing (:func:`~tote.bots.search.rank_reward`) or, where the game's settings say
   so, the share of the points. **Equal allocation** (every candidate in every world,
   not UCB) gives each candidate a mean with its 95% interval, and the difference
   ``best - chosen`` an interval from the paired samples.
3. **Marks, the same way as the board's** (:mod:`tote.review.marks`), on the value
   lost that the search is sure of: the lower end of the paired difference's 95%
   interval, against the scale :func:`scale_of` (a quarter of a standing, the whole way
   from last to first; in a share of the points, a quarter of an even share): good up
   to 0.1 S, inaccuracy up to 0.3 S, mistake up to 1 S, blunder above; accuracy
   ``100 * exp(-lost / S)``. A move the search does not tell apart from the best (the
   difference's interval holds 0) is **good** and loses nothing: with a few worlds a
   decision, the best of several noisy means is above the move made by chance alone
   (the winner's curse), and counting that as a loss would mark sound moves down.

No expected value, actual result or luck: such a move earns no money by itself. Where
even the search cannot judge (the only legal move, a kind of move ``strong`` leaves to
its heuristic such as Wits & Wagers' guess, a game with no plan, the search turned
off) the decision is not judged, and its reason says why. Each decision's random
streams are seeded from the record's seed and the move's index, so a review is the same
every time. The method, the scale and the budgets: docs/review.md.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from dataclasses import dataclass

from tote.bots.strong import SETTINGS, StrongBot, StrongSettings
from tote.core.bot import Bot, BotFactory, Observation
from tote.core.game import Game
from tote.core.moves import Move
from tote.core.state import State
from tote.core.tote_board import Estimate, mean_interval
from tote.review.marks import accuracy_of, mark_by_lost
from tote.review.model import NOT_JUDGED, Decision

MOST_SEARCH_WORLDS = 10_000
"""The most worlds a review's search may sample per decision (every input bounded)."""
RANK_SCALE = 0.25
"""The stake scale of a standing: a quarter of the way from last to first."""


@dataclass(frozen=True, slots=True)
class SearchPlan:
    """How the review searches one game's decisions (docs/review.md, "Speed")."""

    worlds: int
    """Sampled worlds a decision; every candidate is played in each."""
    candidates: int
    """The most moves valued a decision (the move made and the heuristic's among them)."""
    model_moves: int | None = None
    """Moves played by the heuristic model a world before random play or scoring
    (``None``: ``strong``'s own :attr:`StrongSettings.model_moves`)."""


PLANS: dict[str, SearchPlan] = {
    "winners-circle": SearchPlan(worlds=6, candidates=4, model_moves=0),
    "horse-fever": SearchPlan(worlds=50, candidates=6),
    "wetten": SearchPlan(worlds=20, candidates=4),
    "wits-and-wagers": SearchPlan(worlds=60, candidates=6),
    "carcassonne": SearchPlan(worlds=8, candidates=4, model_moves=2),
}
"""Each game's budget, chosen so that a whole review keeps to its target (docs/review.md:
Winner's Circle under 5 s of the reference machine, every other game under 60 s)."""

FORCED = f"{NOT_JUDGED}: the only legal move"
ALONE = (
    f"{NOT_JUDGED}: no other move to compare it with (the heuristic's move and the"
    " seat's random moves are all this one)"
)
OFF = f"{NOT_JUDGED}: the search is turned off (0 search worlds)"
NO_SEARCH = f"{NOT_JUDGED}: this game has no search to judge it"
KNOWLEDGE = (
    f"{NOT_JUDGED}: a {{kind}} is what the seat knows, not what it searches: the strong bot"
    " leaves it to its heuristic's knowledge model, so no search can judge it"
)


def scale_of(settings: StrongSettings, players: int) -> float:
    """The stake scale ``S`` of a searched decision, in the reward's unit: a quarter of
    a standing (:data:`RANK_SCALE`; in 4 seats, three quarters of one place), or, for a
    share of the points, a quarter of an even share (``0.25 / players``)."""
    return RANK_SCALE if settings.reward == "rank" else RANK_SCALE / players


def unit_of(settings: StrongSettings) -> str:
    """The unit of a searched decision's values."""
    return "standing" if settings.reward == "rank" else "share"


def _kind(move: Move) -> str:
    return type(move).__name__


class SearchJudge:
    """The search of one game for a review (module docstring)."""

    def __init__(
        self, game: Game, model: BotFactory, plan: SearchPlan, worlds: int | None = None
    ) -> None:
        settings = SETTINGS.get(game.id, StrongSettings())
        if plan.model_moves is not None:
            settings = dataclasses.replace(settings, model_moves=plan.model_moves)
        self.game = game
        self.model = model
        self.settings = settings
        self.plan = plan
        self.worlds = plan.worlds if worlds is None else worlds

    def judge(
        self, state: State, seat: int, move: Move, index: int, label: str, seed: int | None
    ) -> Decision:
        """The decision of ``seat`` making ``move`` (the record's move ``index``) in
        ``state``, judged by the search from the seat's observation alone."""
        obs = Observation(state, seat)
        legal = obs.legal_moves
        if legal is not None and len(set(legal)) <= 1:
            return Decision(index, seat, move.to_json(), label, reason=FORCED)
        if _kind(move) in self.settings.own_kinds:
            return self._knowledge(index, seat, move, label)
        rng = random.Random(f"tote-review-search:{seed}:{index}")
        hinter = self.settings.rollout_model or self.model
        own = hinter(random.Random(rng.getrandbits(64)))
        hint = own.choose(obs)
        if _kind(hint) in self.settings.own_kinds:
            return self._knowledge(index, seat, move, label)
        candidates = self._candidates(obs, move, hint, rng)
        if len(candidates) == 1:
            return Decision(index, seat, move.to_json(), label, reason=ALONE)
        rewards = self._play(obs, candidates, own, rng)
        return self._decision(index, seat, move, label, candidates, rewards, state.num_players)

    def _knowledge(self, index: int, seat: int, move: Move, label: str) -> Decision:
        reason = KNOWLEDGE.format(kind=move.kind.replace("_", " "))
        return Decision(index, seat, move.to_json(), label, reason=reason)

    # ------------------------------------------------------------------ candidates
    def _candidates(
        self, obs: Observation, move: Move, hint: Move, rng: random.Random
    ) -> list[Move]:
        """The move made first, the heuristic's, then others up to the plan's cap."""
        cap = max(2, self.plan.candidates)
        legal = obs.legal_moves
        if legal is not None:
            others = [m for m in dict.fromkeys(legal) if m not in (move, hint)]
        else:
            others = []
            for _ in range(self.settings.grid * 3):
                if len(others) >= self.settings.grid - 1:
                    break
                extra = obs.random_move(rng)
                if extra not in (move, hint) and extra not in others:
                    others.append(extra)
        moves = list(dict.fromkeys([move, hint]))
        room = cap - len(moves)
        if len(others) > room:
            others = self._narrow(obs, others, room, rng)
        return [*moves, *others]

    def _narrow(
        self, obs: Observation, moves: Sequence[Move], room: int, rng: random.Random
    ) -> list[Move]:
        """``room`` of ``moves``: as ``strong`` narrows a wide root, by the one-move look
        (:attr:`StrongSettings.evaluate`, the seat's lead over the best other seat in
        one sampled world) where the game has one; else a seeded draw."""
        evaluate = self.settings.evaluate
        if evaluate is None:
            return rng.sample(list(moves), room)
        world = obs.sample_world(rng)
        me = obs.seat
        scored: list[tuple[float, int, Move]] = []
        for order, candidate in enumerate(moves):
            after = world.clone()
            after.apply_unchecked(me, candidate)
            scores = evaluate(after)
            lead = scores[me] - max(s for i, s in enumerate(scores) if i != me)
            scored.append((-lead, order, candidate))
        scored.sort(key=lambda t: (t[0], t[1]))
        return [m for _, _, m in scored[:room]]

    # ------------------------------------------------------------------ the worlds
    def _play(
        self, obs: Observation, candidates: Sequence[Move], own: Bot, rng: random.Random
    ) -> list[list[float]]:
        """Every candidate's reward in every world: ``rewards[k][w]``."""
        markets = self.game.markets
        seat = obs.seat
        believe = self.settings.believe
        rewards: list[list[float]] = [[] for _ in candidates]
        for _ in range(self.worlds):
            world = obs.sample_world(rng)
            if believe is not None:
                believe(world, seat, own, rng)
            stream = rng.getrandbits(64)
            for k, candidate in enumerate(candidates):
                played = world.clone()
                start = played.clone() if markets is not None else played
                bot = StrongBot(random.Random(stream), markets, self.model, self.settings)
                played.apply_unchecked(seat, candidate, played.turn())
                rewards[k].append(bot.play_on(start, played, seat))
        return rewards

    def _decision(
        self,
        index: int,
        seat: int,
        move: Move,
        label: str,
        candidates: Sequence[Move],
        rewards: Sequence[Sequence[float]],
        players: int,
    ) -> Decision:
        values = [_interval(r) for r in rewards]
        best = max(range(len(candidates)), key=lambda k: (values[k].value, k == 0, -k))
        if values[best].value <= values[0].value:
            best = 0
        difference = _interval([b - c for b, c in zip(rewards[best], rewards[0], strict=True)])
        apart = difference.low > 0
        lost = difference.low if apart else 0.0
        scale = scale_of(self.settings, players)
        return Decision(
            index=index,
            seat=seat,
            move=move.to_json(),
            label=label,
            mark=mark_by_lost(lost, scale, apart=apart) if best == 0 or apart else "good",
            chosen=values[0],
            best=values[best],
            best_label=label if best == 0 else self.game.describe_move(candidates[best]),
            lost=lost,
            scale=scale,
            accuracy=accuracy_of(lost, scale),
            worlds=self.worlds,
            judge="search",
            unit=unit_of(self.settings),
            difference=difference,
        )


def _interval(samples: Sequence[float]) -> Estimate:
    total = sum(samples)
    return mean_interval(total, sum(x * x for x in samples), len(samples))


def search_judge_for(game: Game, worlds: int | None = None) -> SearchJudge | None:
    """The game's search judge (``worlds`` a decision, else its plan's), or ``None``
    where the game has no plan or ``worlds`` is 0."""
    plan = PLANS.get(game.id)
    if plan is None or worlds == 0:
        return None
    from tote.bots import bots_for

    return SearchJudge(game, bots_for(game)[game.default_bot], plan, worlds)
