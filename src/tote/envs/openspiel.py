"""tote's games as OpenSpiel Python games (issue 13).

Importing this module registers every game with OpenSpiel as ``python_tote_`` plus
its id with ``-`` turned into ``_``::

    import pyspiel
    import tote.envs.openspiel  # noqa: F401  (registers the games)

    game = pyspiel.load_game("python_tote_winners_circle", {"players": 3})

Game parameters (typed scalars, as OpenSpiel wants them; docs/environments.md):

- ``players``: the number of seats (default: the smallest the game's defaults allow);
- ``variants``: variant names joined by ``+`` (``"hidden-bets+crowded-field"``; a comma
  would split OpenSpiel's game string), applied on top of the options as ``tote
  --variant`` does;
- ``turn_based`` (default false): a simultaneous turn's seats commit one after the
  other in seat order, secretly, so the game is sequential and OpenSpiel's sequential
  algorithms (its Python ISMCTS) play every game (issue 30, fix 7);
- one parameter per option of the game (``Game.options``): booleans, integers and
  strings as they are; an option whose default is "not set" is ``0`` (a number) or
  ``""`` (a name or file) for "not set". Wits & Wagers' ``teams`` (named people) is not
  a scalar and is not offered: OpenSpiel plays one player per seat.

An unknown parameter or a value of the wrong type is refused by OpenSpiel itself
(``pyspiel.SpielError: Unknown parameter 'x'. Available parameters are: ...``); a value
the game refuses (a bad player count, a variant it does not have, an option out of
range) raises ``pyspiel.SpielError`` with tote's message.

What OpenSpiel sees (:mod:`tote.envs.openspiel_state` gives the details):

- actions: the game's action catalogue (:mod:`tote.envs.catalogue`), indices
  ``0 .. size - 1``; chance actions: :mod:`tote.envs.openspiel_chance`;
- information states and observations: only the seat's view (``State.view(seat)``):
  the information-state string is the view with the seat's event log (perfect
  recall), the observation string the view without it; both tensors are the
  game's observation encoder (:mod:`tote.envs.observation`) of that view;
- returns: a zero-sum share of the win, :func:`win_returns`;
- serialization: the history, replayed on deserializing (:mod:`tote.envs.openspiel_state`).

This module builds on :mod:`tote.envs.openspiel_state` (the state knows its game only
through :class:`~tote.envs.openspiel_state.LoadedGame`), never the other way round
(issue 30, fix 8).
- ``max_game_length``: :mod:`tote.envs.openspiel_bounds`.
"""

from __future__ import annotations

import json
import random
import types
import typing
from collections.abc import Mapping
from functools import cache
from typing import Any

import numpy as np
import pyspiel

from tote.core.errors import IllegalMove, OptionsError
from tote.core.game import Game, GameOptions
from tote.core.registry import all_games
from tote.core.state import State
from tote.envs.catalogue import ActionCatalogue
from tote.envs.games import action_catalogue, observation_encoder
from tote.envs.games.start import fewest_players
from tote.envs.observation import ObservationEncoder
from tote.envs.openspiel_bounds import max_game_length
from tote.envs.openspiel_chance import ChanceCatalogue, chance_catalogue
from tote.envs.openspiel_state import ToteState, clone_tote
from tote.envs.openspiel_state import win_returns as win_returns

PREFIX = "python_tote_"
VARIANT_SEPARATOR = "+"
SEQUENTIAL_GAMES = frozenset({"winners-circle"})
"""Games with no simultaneous turn in any configuration (registered ``SEQUENTIAL``)."""
SKIPPED_OPTIONS = {"wits-and-wagers": ("teams",)}
"""Options that are not scalars, so not OpenSpiel parameters (see the module's doc)."""


def short_name(game_id: str) -> str:
    """OpenSpiel's name of a tote game: ``python_tote_winners_circle``."""
    return PREFIX + game_id.replace("-", "_")


# ------------------------------------------------------------------ parameters
def _scalar_kind(annotation: Any) -> type | None:
    """The scalar type (bool, int, str) an option's annotation allows, else ``None``."""
    origin = typing.get_origin(annotation)
    if origin is typing.Literal:
        kinds = {type(v) for v in typing.get_args(annotation)}
        return kinds.pop() if len(kinds) == 1 and kinds <= {bool, int, str} else None
    if origin is typing.Annotated:
        return _scalar_kind(typing.get_args(annotation)[0])
    if origin is typing.Union or origin is types.UnionType:
        members: set[type | None] = {
            _scalar_kind(a) for a in typing.get_args(annotation) if a is not type(None)
        }
        return members.pop() if len(members) == 1 else None
    return annotation if annotation in (bool, int, str) else None


UNSET: dict[type, int | str] = {int: 0, str: ""}
"""The parameter value that stands for an option's "not set" (``None``)."""


def option_parameters(game: Game) -> dict[str, bool | int | str]:
    """The game's options as OpenSpiel parameters, with their defaults."""
    spec: dict[str, bool | int | str] = {}
    for name, field in game.options_model.model_fields.items():
        if name in SKIPPED_OPTIONS.get(game.id, ()) or name in GameOptions.model_fields:
            continue  # GameOptions' own: data changes (issue 29), not a scalar
        kind = _scalar_kind(field.annotation)
        if kind is None:
            raise TypeError(f"{game.id} option {name!r} is not a scalar OpenSpiel can pass")
        default = field.default
        spec[name] = UNSET[kind] if default is None else typing.cast(bool | int | str, default)
    return spec


@cache
def default_players(game_id: str) -> int:
    """The fewest seats the game's default options allow (Wits & Wagers: 4 without
    teams), as every environment factory defaults (issue 30, fix 3)."""
    return fewest_players(game_id)


TURN_BASED = "turn_based"
"""The parameter that asks a simultaneous turn's seats one at a time (issue 30, fix 7)."""


def parameter_specification(game: Game) -> dict[str, bool | int | str]:
    return {
        "players": default_players(game.id),
        "variants": "",
        TURN_BASED: False,
        **option_parameters(game),
    }


def tote_options(game: Game, params: Mapping[str, Any]) -> tuple[int, GameOptions]:
    """The seats and validated options that OpenSpiel ``params`` stand for; an
    :class:`OptionsError` names what the game refuses."""
    defaults = option_parameters(game)
    raw: dict[str, Any] = {}
    for name, value in params.items():
        if name in ("players", "variants") or name not in defaults:
            continue
        field = game.options_model.model_fields[name]
        if field.default is None and value == defaults[name]:
            continue  # "not set": the option's own default
        if value != defaults[name]:
            raw[name] = value
    variants = [v for v in str(params.get("variants", "")).split(VARIANT_SEPARATOR) if v]
    players = int(params.get("players", default_players(game.id)))
    game.check_players(players)
    return players, game.options(raw, variants)


# ------------------------------------------------------------------- the game
def _game_type(game: Game, dynamics: Any) -> Any:
    return pyspiel.GameType(
        short_name=short_name(game.id),
        long_name=f"tote {game.title}",
        dynamics=dynamics,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_specification(game),
    )


def _simultaneous(state: State) -> bool:
    """Whether this configuration of the game has simultaneous turns (Carcassonne's
    bets, Wetten!'s stakes and cards, Wits & Wagers' answers, Horse Fever's Party
    Game); Winner's Circle, Horse Fever's Board and Family Games and Carcassonne
    without The Bets have none, so OpenSpiel's sequential algorithms run on them."""
    if not state.has_simultaneous_turns:
        return False
    options = getattr(state, "options", None)
    return not (state.game_id == "carcassonne" and not getattr(options, "bets", True))


class ToteGame(pyspiel.Game):  # type: ignore[misc]
    """One tote game, for one player count and options, as an OpenSpiel game.

    The registered type says ``SIMULTANEOUS`` when some configuration of the game has
    simultaneous turns; a game loaded with options that have none says
    ``SEQUENTIAL`` (:func:`_simultaneous`), so that sequential-only algorithms
    (ISMCTS, MCCFR) accept it."""

    def __init__(self, tote_game: Game, params: Mapping[str, Any]) -> None:
        try:
            players, options = tote_options(tote_game, params)
            initial = tote_game.new_state(options, players)
            catalogue = action_catalogue(tote_game.id, players, options)
            encoder = observation_encoder(tote_game.id, players, options)
        except (OptionsError, IllegalMove) as refusal:
            raise pyspiel.SpielError(str(refusal)) from None
        turn_based = bool(params.get(TURN_BASED, False))
        simultaneous = _simultaneous(initial)
        dynamics = (
            pyspiel.GameType.Dynamics.SIMULTANEOUS
            if simultaneous and not turn_based
            else pyspiel.GameType.Dynamics.SEQUENTIAL
        )
        length = max_game_length(initial, catalogue)
        if simultaneous and turn_based:
            length *= players  # a simultaneous node becomes at most one node a seat
        chance = chance_catalogue(tote_game.id, initial)
        info = pyspiel.GameInfo(
            num_distinct_actions=catalogue.size,
            max_chance_outcomes=chance.size,
            num_players=players,
            min_utility=-1.0 / (players - 1),
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=length,
        )
        super().__init__(_game_type(tote_game, dynamics), info, dict(params))
        self.tote_game = tote_game
        self.tote_options = options
        self.players = players
        self.turn_based = turn_based
        self.catalogue: ActionCatalogue = catalogue
        self.encoder: ObservationEncoder = encoder
        self.chance: ChanceCatalogue = chance
        self._initial = initial

    def initial_tote_state(self) -> State:
        """A fresh tote game (a clone of the one made when the game was loaded)."""
        return clone_tote(self._initial)

    def initial_reading(self) -> State:
        """The tote game made when the game was loaded, for reading only."""
        return self._initial

    def new_initial_state(self) -> ToteState:
        return ToteState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> ToteObserver:
        if params:
            raise ValueError(f"tote observers take no parameters, not {dict(params)}")
        return ToteObserver(self, iig_obs_type)


# ---------------------------------------------------------------- observation
class ToteObserver:
    """OpenSpiel's observer (``open_spiel.python.observation``) over a seat's view.

    - one seat's private information with perfect recall (the information state):
      the string is the seat's view with its event log;
    - one seat's private information, no perfect recall (the default observation):
      the seat's view without the log;
    - public information only: the spectator's view (``State.view(None)``), string
      only (the encoders are built for a seat);
    - every seat's private information: refused, since tote hands out one seat's
      view at a time.

    The tensor is the game's observation encoder of the seat's view (the same for
    the information state: the encoder has a fixed length, so it carries the
    current view, not the whole log)."""

    def __init__(self, game: ToteGame, iig_obs_type: Any) -> None:
        private = pyspiel.PrivateInfoType.SINGLE_PLAYER
        perfect_recall = False
        if iig_obs_type is not None:
            private = iig_obs_type.private_info
            perfect_recall = bool(iig_obs_type.perfect_recall)
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("tote observes one seat at a time: no observer of every seat")
        self.public_only = private == pyspiel.PrivateInfoType.NONE
        self.perfect_recall = perfect_recall
        self.encoder = game.encoder
        self.tensor: np.ndarray[Any, Any] | None = (
            None if self.public_only else np.zeros(game.encoder.size, np.float32)
        )
        self.dict: dict[str, np.ndarray[Any, Any]] = (
            {} if self.tensor is None else {"observation": self.tensor}
        )

    def set_from(self, state: ToteState, player: int) -> None:
        if self.tensor is not None:
            self.tensor[:] = self.encoder.encode(state.reading().view(player, log=False), player)

    def string_from(self, state: ToteState, player: int) -> str:
        seat = None if self.public_only else player
        view = state.reading().view(seat, log=self.perfect_recall)
        return json.dumps(view, sort_keys=True, separators=(",", ":"))


def random_step(state: Any, rng: random.Random) -> None:
    """Play one OpenSpiel node of ``state`` at random with ``rng``: a chance outcome by
    its probability, a joint action (0 for a seat with no legal action) or one seat's
    action. Seeded random play for tests, benchmarks and examples, written once
    (issue 30, review: duplicated code)."""
    if state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(actions, probs)[0])
    elif state.is_simultaneous_node():
        state.apply_actions(
            [
                rng.choice(state.legal_actions(p)) if state.legal_actions(p) else 0
                for p in range(state.num_players())
            ]
        )
    else:
        state.apply_action(rng.choice(state.legal_actions()))


# ---------------------------------------------------------------- registration
def _game_class(tote_game: Game) -> type[ToteGame]:
    """The class OpenSpiel calls with the parameters to load ``tote_game``: a class,
    as OpenSpiel's own Python games register (a closure held by OpenSpiel's registry
    crashes the interpreter at exit, when the registry lets go of it too late). The
    class is also this module's attribute, so that ``pickle`` finds it: a game pickles
    as its parameters, as a state does as its game and history (issue 30, fix 6)."""

    def __init__(self: ToteGame, params: Mapping[str, Any] | None = None) -> None:
        ToteGame.__init__(self, tote_game, params or {})

    name = "Tote" + "".join(part.title() for part in tote_game.id.split("-")) + "Game"
    game_class = type(name, (ToteGame,), {"__init__": __init__, "__module__": __name__})
    globals()[name] = game_class
    return game_class


def register_all() -> list[str]:
    """Register every tote game with OpenSpiel (once); the names registered."""
    names = []
    registered = set(pyspiel.registered_names())
    for game in all_games():
        name = short_name(game.id)
        names.append(name)
        if name not in registered:
            dynamics = (
                pyspiel.GameType.Dynamics.SEQUENTIAL
                if game.id in SEQUENTIAL_GAMES
                else pyspiel.GameType.Dynamics.SIMULTANEOUS
            )
            pyspiel.register_game(_game_type(game, dynamics), _game_class(game))
    return names


REGISTERED = register_all()
