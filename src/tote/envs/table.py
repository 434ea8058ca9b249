"""One game as an environment plays it: the engine under both PettingZoo APIs.

The table holds the state, the seeded random stream that plays every chance move
(``State.sample_chance``, never an agent's turn), the game's action catalogue and
observation encoder, and the environment's options. ``reset(seed)`` makes the whole
game reproducible: the same seed and actions give the same game.

Who is asked: at a simultaneous turn (secret moves), every seat still to commit; at any
other turn, its first seat. A move is checked in full before anything changes: a bad
action index leaves the game exactly as it was.
"""

from __future__ import annotations

import copy
import importlib
import io
import random
import weakref
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

import numpy as np
from gymnasium import spaces

from tote.core.bot import Observation
from tote.core.errors import OptionsError
from tote.core.game import Game
from tote.core.moves import Move
from tote.core.registry import get_game
from tote.core.state import State, Turn
from tote.envs.catalogue import Mask
from tote.envs.games import action_catalogue, grid_options, module_for, observation_encoder
from tote.envs.games.start import fewest_players
from tote.envs.info import Pending, SeatInfo

if TYPE_CHECKING:
    from tote.bots.budget import Budget
    from tote.core.bot import Bot
    from tote.envs.opponents import Opponents

RewardMode = Literal["result", "score"]
_NOT_GIVEN: Any = object()
"""A seat whose vector of this position has not been handed out (:meth:`Table.observe`)."""
IllegalMode = Literal["raise", "lose"]


@dataclass(frozen=True)
class EnvOptions:
    """The environment's own options (docs/environments.md), besides the game's."""

    reward: RewardMode = "result"
    """``result``: 0 until the end, then +1 for a winner and -1 for the others (0 for
    all when every seat shares the win); ``score``: the change of the seat's score
    (money, points) at every step, the final scores at the end."""
    illegal: IllegalMode = "raise"
    """``raise``: an illegal or out-of-range action is a :class:`ValueError` and nothing
    changes; ``lose``: as PettingZoo's ``TerminateIllegalWrapper``, the game ends and
    the seat that made it gets ``illegal_reward`` (the others 0)."""
    illegal_reward: float = -1.0
    max_cycles: int | None = None
    """Truncate after this many decisions (a simultaneous turn counts once)."""
    render_mode: Literal["ansi"] | None = None
    view_in_info: bool = True
    """Put each seat's raw JSON view in ``infos[agent]["view"]`` (for language models)."""
    variants: tuple[str, ...] = field(default=())
    opponents: Mapping[str, str] | None = None
    """Seats the environment plays itself with tote's bots, by agent name:
    ``{"seat_1": "hard"}`` (:mod:`tote.envs.opponents`); they are no longer agents."""
    opponent_budget: Budget | None = None
    """How long a search bot among the opponents thinks (its fixed default if None)."""


ENV_KEYS = frozenset(EnvOptions.__dataclass_fields__)
MAX_CYCLES_LIMIT = 10_000_000


def split_options(
    game: Game, options: Mapping[str, Any]
) -> tuple[EnvOptions, dict[str, Any], dict[str, Any]]:
    """The environment's options, the catalogue's grid options and the game's options;
    a key that is none of them is refused, naming every known one."""
    grid_keys = set(grid_options(game.id))
    game_keys = set(game.options_model.model_fields)
    unknown = sorted(set(options) - ENV_KEYS - grid_keys - game_keys)
    if unknown:
        raise OptionsError(
            f"{game.id} environment has no option {', '.join(map(repr, unknown))};"
            f" environment options: {', '.join(sorted(ENV_KEYS))};"
            f" grid options: {', '.join(sorted(grid_keys)) or 'none'};"
            f" game options: {', '.join(sorted(game_keys))}"
        )
    env = {k: v for k, v in options.items() if k in ENV_KEYS}
    if "variants" in env:
        raw = env["variants"]
        env["variants"] = (raw,) if isinstance(raw, str) else tuple(raw)
    if isinstance(env.get("opponents"), Mapping):
        env["opponents"] = dict(env["opponents"])  # the caller's mapping may change later
    env_options = EnvOptions(**env)
    _check_env_options(game.id, env_options)
    grid = {k: v for k, v in options.items() if k in grid_keys}
    rules = {k: v for k, v in options.items() if k in game_keys}
    return env_options, grid, rules


def _check_env_options(game_id: str, o: EnvOptions) -> None:
    choices: dict[str, tuple[object, ...]] = {
        "reward": ("result", "score"),
        "illegal": ("raise", "lose"),
        "render_mode": (None, "ansi"),
    }
    for name, allowed in choices.items():
        value = getattr(o, name)
        if value not in allowed:
            raise OptionsError(
                f"{game_id} environment option {name!r}: one of {allowed}, not {value!r}"
            )
    cap = o.max_cycles
    if cap is not None and not (
        isinstance(cap, int) and not isinstance(cap, bool) and 1 <= cap <= MAX_CYCLES_LIMIT
    ):
        raise OptionsError(
            f"{game_id} environment option 'max_cycles': 1 to {MAX_CYCLES_LIMIT}, not {cap!r}"
        )


def agent_name(seat: int) -> str:
    return f"seat_{seat}"


class Table:
    """A game of ``game_id`` for ``players`` seats, played by an environment; ``None``
    seats the fewest the game allows with these options (issue 30, fix 3)."""

    def __init__(self, game_id: str, players: int | None, options: Mapping[str, Any]) -> None:
        self.game = get_game(game_id)
        if players is not None:
            self.game.check_players(players)
        self.env_options, grid, rules = split_options(self.game, options)
        self.options = self.game.options(rules, self.env_options.variants)
        if players is None:
            players = fewest_players(game_id, self.options)
        self.players = players
        self.catalogue = action_catalogue(game_id, players, self.options, **grid)
        self.encoder = observation_encoder(game_id, players, self.options, **grid)
        self.module = module_for(game_id)
        self.opponents: Opponents | None = None
        if self.env_options.opponents is not None or self.env_options.opponent_budget is not None:
            from tote.envs.opponents import opponents_for

            self.opponents = opponents_for(
                self.game, players, self.env_options.opponents, self.env_options.opponent_budget
            )
        self._bots: dict[int, Bot] = {}
        """The opponents' bots of this game, made afresh at every reset."""
        played = {} if self.opponents is None else self.opponents.names
        self.names = [agent_name(s) for s in range(players)]
        """Every seat's agent name, by seat (an opponent's too)."""
        self.agent_seats = tuple(s for s in range(players) if s not in played)
        """The seats the agents play, in seat order: every seat without opponents."""
        self.agents = [agent_name(s) for s in self.agent_seats]
        self.seat_of = {agent_name(s): s for s in self.agent_seats}
        self.action_space = spaces.Discrete(self.catalogue.size)
        self.action_spaces: dict[str, spaces.Discrete] = {
            a: spaces.Discrete(self.catalogue.size) for a in self.agents
        }
        """One space per agent, so that PettingZoo's seeding of each agent's space
        (``seed_test``) gives each its own stream (issue 30, fix 2)."""
        self.observation_space = spaces.Dict(
            {
                "observation": self.encoder.space(),
                "action_mask": spaces.Box(0, 1, shape=(self.catalogue.size,), dtype=np.int8),
            }
        )
        self._state: State | None = None
        self._turn: Turn | None = None
        """The state's turn at this position (read many times a step; issue 24)."""
        self.rng = random.Random(0)
        self.cycles = 0
        self._obs: dict[int, Observation] = {}
        self._masks: dict[int, Mask] = {}
        self._encoded: dict[int, Any] = {}
        """Each seat's vector of this position: ``None`` once handed out (:meth:`observe`)."""
        self._snapshots: dict[int, tuple[State, State]] = {}
        self._legal: dict[int, Move] = {}
        """Each seat's move checked by this position's mask (:meth:`check_action`)."""
        self._pending = Pending()
        self._scores = [0.0] * players
        self.illegal: tuple[int, str] | None = None
        self.off_grid: str | None = None
        """Why the game was cut short because the seat to act has no move on the action
        grid (a Carcassonne tile whose every placement lies beyond ``board_radius``)."""

    # ----------------------------------------------------------------- playing
    @property
    def state(self) -> State:
        if self._state is None:
            raise RuntimeError("call reset() before using the environment")
        return self._state

    def reset(self, seed: int | None) -> None:
        """A new game; ``seed`` fixes every chance move (None: fresh entropy)."""
        self.rng = random.Random(seed if seed is not None else random.SystemRandom().random())
        self._state = self.game.new_state(self.options, self.players)
        self.cycles = 0
        self.illegal = None
        self.off_grid = None
        self._pending = Pending()  # the old state is left as it is: its infos stay true
        if self.opponents is None:
            self._changed()
            self._scores = self._start_scores()
            return
        # the scores count from before the opponents' first moves, so that an agent's
        # rewards still add up to its final score minus its starting one
        self._bots = self.opponents.bots(seed)
        self._advance()
        self._obs = {}
        self._scores = self._start_scores()
        self._changed()

    def _advance(self) -> None:
        """Play chance moves with the table's stream until a seat is to act (or the end)."""
        state = self.state
        while state.turn().chance:
            state.apply_unchecked("chance", state.sample_chance(self.rng))

    def _changed(self) -> None:
        """After a move: chance played, and the game cut short (truncated) when the one
        seat to act has no action on the grid although the rules give it moves, a dead
        end no agent could leave (issue 30: Carcassonne's River ran beyond a small
        ``board_radius``, and the environment then asked a seat with an all-zero mask).
        The opponents, if any, play until an agent is asked (unless the game is over or
        truncated by ``max_cycles``)."""
        self._advance()
        if self.opponents is not None:
            cap = self.env_options.max_cycles
            if cap is None or self.cycles < cap:
                self.opponents.play(self.state, self._bots, self._advance)
        self._obs = {}
        self._masks = {}
        self._encoded = {}
        self._snapshots = {}
        self._legal = {}
        turn = self._turn = self.state.turn()
        if self.done:
            return
        seat = turn.seats[0]
        if not turn.simultaneous:
            self._masks[seat] = self.catalogue.mask(self.observation(seat))
        if not turn.simultaneous and not self._masks[seat].any():
            self.off_grid = (
                f"{agent_name(seat)} has no action on the {self.game.id} action grid"
                " (every legal move lies outside it: widen the grid options)"
            )

    def observation(self, seat: int) -> Observation:
        obs = self._obs.get(seat)
        if obs is None:
            obs = self._obs[seat] = Observation(self.state, seat)
        return obs

    def awaited(self) -> tuple[int, ...]:
        """The seats asked now: every seat still to commit at a simultaneous turn, else
        the turn's first seat (none once the game is over or cut short)."""
        if self.done:
            return ()
        turn = self.now
        return turn.seats if turn.simultaneous else turn.seats[:1]

    @property
    def now(self) -> Turn:
        """The state's turn at this position."""
        turn = self._turn
        if turn is None:
            turn = self._turn = self.state.turn()
        return turn

    @property
    def over(self) -> bool:
        return self.illegal is not None or self.now.over

    @property
    def truncated(self) -> bool:
        if self.off_grid is not None:
            return True
        cap = self.env_options.max_cycles
        return cap is not None and self.cycles >= cap and not self.over

    @property
    def done(self) -> bool:
        if self.illegal is not None or self.off_grid is not None or self.now.over:
            return True
        cap = self.env_options.max_cycles
        return cap is not None and self.cycles >= cap

    def seat_named(self, agent: str) -> int:
        """The seat of ``agent``; :class:`ValueError` naming the agents if there is none
        (shared by the AEC and Parallel environments' ``observe`` and ``sample_world``)."""
        seat = self.seat_of.get(agent)
        if seat is None:
            if self.opponents is not None and agent in self.names:
                bot = self.opponents.names[self.names.index(agent)]
                raise ValueError(
                    f"{agent} is played by the environment's bot {bot!r} (opponents),"
                    f" not an agent; agents: {self.agents}"
                )
            raise ValueError(f"there is no agent {agent!r}; agents: {self.agents}")
        return seat

    def mask(self, seat: int) -> Mask:
        """The seat's action mask now (all zero for a seat not asked); computed once a
        position."""
        mask = self._masks.get(seat)
        if mask is None:
            if seat not in self.awaited():
                mask = np.zeros(self.catalogue.size, dtype=np.int8)
            else:
                mask = self.catalogue.mask(self.observation(seat))
            self._masks[seat] = mask
        return mask.copy()

    def observe(self, seat: int) -> dict[str, Any]:
        """The seat's observation and mask now. Each call gets a vector of its own: the
        first call of a position the one just encoded, later calls copies of one
        encoded again (issue 24: copying Carcassonne's 21,000 values cost a tenth of a
        step, and most loops observe a seat once a position)."""
        encoded = self._encoded.get(seat, _NOT_GIVEN)
        if encoded is _NOT_GIVEN:
            self._encoded[seat] = None
            return {"observation": self._encode(seat), "action_mask": self.mask(seat)}
        if encoded is None:
            encoded = self._encoded[seat] = self._encode(seat)
        return {"observation": encoded.copy(), "action_mask": self.mask(seat)}

    def _encode(self, seat: int) -> Any:
        """The seat's vector now: from the state when the game's encoder reads it (no
        view built), else from the seat's position view."""
        encoder = self.encoder
        if encoder.has_state_writer:
            return encoder.encode_state(self.state, seat)
        return encoder.encode(self.observation(seat).position, seat)

    def info(self, seat: int) -> dict[str, Any]:
        """The seat's info; its ``view`` is built when first read, as the view of this
        position (:mod:`tote.envs.info`, issue 24)."""
        if self.illegal is None and self.off_grid is None and self.env_options.view_in_info:
            cache = self._obs
            observation = cache.get(seat)
            if observation is not None and "view" in observation.__dict__:  # built already
                return {"view": observation.view}
            state = self.state

            def build() -> dict[str, Any]:
                # the seat's Observation of this position, made only if the view is read
                known = cache.get(seat)
                if known is None:
                    known = cache[seat] = Observation(state, seat)
                return known.view

            def freeze() -> Callable[[], dict[str, Any]]:
                # before a move: the view's parts, with what this position worked out;
                # no position built, the position's snapshot (one for every such info)
                known = cache.get(seat)
                kept = {} if known is None else known.__dict__
                if "view" in kept:
                    view: dict[str, Any] = kept["view"]
                    return lambda: view
                legal = kept.get("legal_moves")
                if "position" in kept:
                    return state.view_parts(seat, kept["position"], legal).view
                snapshot = self._snapshot(state)
                return lambda: snapshot.view_parts(seat, None, legal).view()

            info = SeatInfo(build, freeze)
            self._pending.refs.append(weakref.ref(info))
            return info
        items: dict[str, Any] = {}
        if self.illegal is not None and self.illegal[0] == seat:
            items["illegal_action"] = self.illegal[1]
        if self.off_grid is not None:
            items["off_grid"] = self.off_grid
        if not self.env_options.view_in_info:
            return items
        observation = self.observation(seat)
        if "view" in observation.__dict__:  # built already (the seat's observation)
            return {"view": observation.view, **items}
        return self._pending.add(SeatInfo(lambda: observation.view, **items))

    def _snapshot(self, state: State) -> State:
        """A clone of ``state`` as it is now, taken once a position for the infos still
        held and unread whose seat's position view was not built (:meth:`info`): the
        views are written from it when read, the same as they would be written now
        (issue 24: cloning costs less than the position view an encoder reading the
        state no longer builds)."""
        snapshot = self._snapshots.get(id(state))
        if snapshot is None or snapshot[0] is not state:
            snapshot = self._snapshots[id(state)] = (state, state.clone())
        return snapshot[1]

    def check_action(self, seat: int, action: object) -> Any:
        """The move action index ``action`` stands for; :class:`ValueError` if it is no
        action index, out of range or illegal now. Changes nothing."""
        if action is None:
            raise ValueError(
                f"{agent_name(seat)} is to act: give an action index"
                " (None is the action of an agent that is done)"
            )
        if isinstance(action, np.ndarray) and action.shape == ():
            action = action.item()
        if isinstance(action, bool) or not isinstance(action, int | np.integer):
            raise ValueError(f"an action is an integer index, not {action!r}")
        index = int(action)
        mask = self._masks.get(seat)
        if mask is not None and 0 <= index < len(mask) and mask[index]:
            # legal by this position's mask: played without the state's check (apply)
            move = self.catalogue.legal_move(self.observation(seat), index)
            self._legal[seat] = move
            return move
        return self.catalogue.move(self.observation(seat), index)

    def play(self, actions: Mapping[int, object], *, every_seat: bool = True) -> None:
        """The seats asked now act with their ``actions`` (seats not asked are ignored);
        all are checked first, so a refused action changes nothing. ``every_seat``: every
        seat asked must act (the Parallel API); else only those in ``actions`` (the AEC
        API, one seat at a time). Under ``illegal="lose"`` a refused action ends the
        game instead (its seat is :attr:`illegal`)."""
        moves = self.checked(actions, every_seat=every_seat)
        if moves is not None:
            self.apply(moves)

    def checked(
        self, actions: Mapping[int, object], *, every_seat: bool = True
    ) -> list[tuple[int, Any]] | None:
        """The first half of :meth:`play`: every action checked, nothing changed; the
        moves to :meth:`apply`, or ``None`` when an illegal action ended the game
        (``illegal="lose"``)."""
        if self.done:
            raise RuntimeError("the game is over: call reset() to play again")
        awaited = self.awaited()
        if not every_seat:
            awaited = tuple(s for s in awaited if s in actions)
            if not awaited:
                raise ValueError(f"{', '.join(agent_name(s) for s in actions)} is not asked now")
        missing = [agent_name(s) for s in awaited if s not in actions]
        if missing:
            raise ValueError(f"{', '.join(missing)} must act now: give an action for each")
        self._legal = {}
        moves = []
        for seat in awaited:
            try:
                moves.append((seat, self.check_action(seat, actions[seat])))
            except ValueError as refusal:
                if self.env_options.illegal == "raise":
                    raise ValueError(f"{agent_name(seat)}: {refusal}") from None
                self.illegal = (seat, str(refusal))
                self._masks = {}
                return None
        return moves

    def apply(self, moves: Sequence[tuple[int, Any]]) -> None:
        """The second half of :meth:`play`: the checked moves played. The views of
        infos handed out for the position left behind and still held are built first
        (:mod:`tote.envs.info`)."""
        self._pending.settle()
        state = self.state
        legal = self._legal
        for seat, move in moves:
            known = legal.get(seat)
            if known is not None and known is move:
                # the move of an action this position's mask marks legal: one of the
                # state's legal moves, which the rules' own loop plays unchecked (a mask
                # is the moves the rules accept: tests/envs/test_catalogues.py; issue 24)
                state.apply_unchecked(seat, known)
            else:
                state.apply(seat, move)
        if not state.committed:
            self.cycles += 1  # a decision an agent takes part in (never the opponents' alone)
        self._changed()

    # ----------------------------------------------------------------- rewards
    def _score(self, seat: int) -> float:
        result = self.state.result()
        if result is not None:
            return float(result.scores[seat])
        return self.module.score(self.observation(seat).position, seat)

    def _start_scores(self) -> list[float]:
        """Every agent's score now, which ``reward="score"`` counts its changes from;
        under ``"result"`` nothing reads them, so no seat's view is built (issue 24)."""
        if self.env_options.reward != "score":
            return [0.0] * len(self.agent_seats)
        return [self._score(s) for s in self.agent_seats]

    def rewards(self) -> list[float]:
        """Each agent's reward for what has just happened (see :class:`EnvOptions`), in
        the order of :attr:`agent_seats`: what the seat would get without opponents."""
        seats = self.agent_seats
        if self.illegal is not None:
            offender = self.illegal[0]
            return [self.env_options.illegal_reward if s == offender else 0.0 for s in seats]
        if self.env_options.reward == "score":
            now = [self._score(s) for s in seats]
            change = [a - b for a, b in zip(now, self._scores, strict=True)]
            self._scores = now
            return change
        # a result only once the game is over (State.result): not asked before (issue 24)
        result = self.state.result() if self.now.over else None
        if result is None:
            return [0.0] * len(seats)
        if len(result.winners) == self.players:
            return [0.0] * len(seats)
        return [1.0 if s in result.winners else -1.0 for s in seats]

    # ----------------------------------------------------------------- render
    def render(self) -> str | None:
        """The terminal board as a spectator sees it (nothing hidden is shown)."""
        if self.env_options.render_mode is None:
            return None
        from rich.console import Console

        view = self.state.view(None)
        played = {} if self.opponents is None else self.opponents.names
        view["names"] = [
            f"{name} ({played[s]})" if s in played else name for s, name in enumerate(self.names)
        ]
        package = type(self.game).__module__
        module = importlib.import_module(f"{package}.render")
        console = Console(file=io.StringIO(), width=120, color_system=None, record=True)
        console.print(module.render(view))
        text: str = console.export_text()
        return text

    # ------------------------------------------------------------ sample world
    def sample_world(self, seat: int, seed: int | None) -> Table:
        """A copy of this table whose game is a world ``seat`` cannot tell from this
        one (issue 30, "the sample-world service"): the game's own
        :meth:`State.sample_world` redraws everything hidden from the seat (other
        hands, deck orders, face-down chips, others' secret commitments) from the
        seat's view and the game's public data, with a stream seeded by ``seed``; the
        copy then plays chance with the rest of that stream. The seat's observation,
        mask and view are those of this table; the cycle count and an illegal-action
        ending are public and kept; score rewards count from the sampled position.
        The copy's opponents are new bots of the same names, seeded from ``seed`` and
        their seats, that know only the sampled world (never the real bots' memory)."""
        rng = random.Random(seed if seed is not None else random.SystemRandom().random())
        world = copy.copy(self)
        world._state = self.state.sample_world(seat, rng)
        world._turn = None
        world.rng = rng
        world._obs = {}
        world._masks = {}
        world._encoded = {}
        world._snapshots = {}
        world._legal = {}
        world._pending = Pending()
        if self.opponents is not None:
            world._bots = self.opponents.bots(seed)
        world._scores = world._start_scores()
        return world


def seats(table: Table, agents: Sequence[str]) -> list[int]:
    return [table.seat_of[a] for a in agents]
