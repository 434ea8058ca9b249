"""Typed environment factories: one pair a game, whose options a type-checker sees.

``tote.envs.aec_env(game_id, players, **options)`` takes any game's options, so its
``**options`` can only be ``Any``. The factories here (issue 30, typed options) take one
game's: its own options (the fields of ``tote.games.<game>.options``), its action
grid's (``GRID_DEFAULTS`` of ``tote.envs.games.<game>``), the environment's
(:class:`tote.envs.table.EnvOptions`), its variant names and ``data_changes``, each a
``TypedDict`` of keyword arguments, so that mypy, pyright and an IDE complete and check them::

    from tote.envs.factories import wetten_aec_env

    env = wetten_aec_env(players=4, track_length=40, stake_units=[1, 3], reward="score")

They pass the options through to :func:`tote.envs.aec_env` and
:func:`tote.envs.parallel_env` unchanged, which validate them at run time as before.
``tests/envs/test_factories.py`` checks that each model names exactly the options the
environment accepts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal, TypedDict, Unpack

from tote.bots.budget import Budget
from tote.envs.aec import ToteAECEnv
from tote.envs.parallel import ToteParallelEnv


class EnvironmentOptions(TypedDict, total=False):
    """The environment's own options (docs/environments.md, section 1)."""

    reward: Literal["result", "score"]
    illegal: Literal["raise", "lose"]
    illegal_reward: float
    max_cycles: int | None
    render_mode: Literal["ansi"] | None
    view_in_info: bool
    opponents: Mapping[str, str] | None
    """Seats the environment plays with tote's bots, ``{"seat_1": "hard"}``."""
    opponent_budget: Budget | None


class DataChangeOptions(TypedDict, total=False):
    """The option every game has (``GameOptions.data_changes``, issue 29): values of its
    data files changed for the game, ``{"payouts.show[2]": 300}``
    (docs/simulation.md, what-if on the data)."""

    data_changes: Mapping[str, Any]


class WinnersCircleEnvOptions(EnvironmentOptions, DataChangeOptions, total=False):
    """Winner's Circle: its options (``WinnersCircleOptions``); no grid options."""

    variants: Sequence[Literal["hidden-bets", "crowded-field", "alternative-payouts", "royal-turf"]]
    hidden_bets: bool
    crowded_field: bool
    alternative_payouts: bool
    royal_turf: bool
    starting_money: int
    last_place_tie: Literal["all", "least_recent"]
    horse_cards_file: str | None
    payouts_file: str | None


class WitsAndWagersEnvOptions(EnvironmentOptions, DataChangeOptions, total=False):
    """Wits & Wagers: its options (``WitsAndWagersOptions``) and the guess and bet grid."""

    variants: Sequence[Literal["secret-betting", "chip-back", "untimed"]]
    teams: Sequence[Mapping[str, Any]]
    betting: Literal["open", "secret"]
    chip_back_in_points: bool
    question_pack: str | None
    answer_seconds: int | None
    bet_seconds: int | None
    team_extra_seconds: int
    guess_quantiles: Sequence[float]
    knowledge_spread: float
    knowledge_seed: int
    stake_fractions: Sequence[float]


class WettenEnvOptions(EnvironmentOptions, DataChangeOptions, total=False):
    """Wetten!: its options (``WettenOptions``) and the stake grid."""

    variants: Sequence[
        Literal["beginners", "make-it-professional", "unlimited-bank", "track-by-players"]
    ]
    pro_rules: Literal["all", "from_race_4", "none"]
    unlimited_bank: bool
    track_by_players: bool
    track_length: int | None
    top_up: Literal["to_minimum", "gift_minimum"]
    race_cards_file: str | None
    action_cards_file: str | None
    board_file: str | None
    stake_units: Sequence[int]


class HorseFeverEnvOptions(EnvironmentOptions, DataChangeOptions, total=False):
    """Horse Fever: its options (``HorseFeverOptions``) and the bet grid."""

    variants: Sequence[Literal["advanced", "family", "party", "short", "long"]]
    mode: Literal["board", "family", "party"]
    length: Literal["short", "medium", "long"]
    rounds: int | None
    any_rounds: bool
    advanced: bool
    party_actions: bool
    cards_file: str | None
    board_file: str | None
    bet_units: Sequence[int]


class CarcassonneEnvOptions(EnvironmentOptions, DataChangeOptions, total=False):
    """Carcassonne: its options (``CarcassonneOptions``) and the board grid."""

    variants: Sequence[Literal["base", "river", "abbot"]]
    bets: bool
    settle_unoccupied: bool
    finished_scope: Literal["tile", "board"]
    stack_follows: Literal["first_scored"]
    settle_once: Literal[True]
    final_chooser: Literal["last_player", "chip_owner"]
    no_chips: Literal["cannot_bet"]
    chips_independent: Literal[True]
    pay_without_meeple: bool
    settle_order: Literal["after_scoring"]
    river: bool
    abbot: bool
    tiles_file: str | None
    bookmaker_tiles_file: str | None
    chips_file: str | None
    river_tiles_file: str | None
    board_radius: int


OPTION_MODELS: dict[str, type[Mapping[str, object]]] = {
    "winners-circle": WinnersCircleEnvOptions,
    "wits-and-wagers": WitsAndWagersEnvOptions,
    "wetten": WettenEnvOptions,
    "horse-fever": HorseFeverEnvOptions,
    "carcassonne": CarcassonneEnvOptions,
}
"""Each game's typed options, by game id."""


def winners_circle_aec_env(
    players: int | None = None, **options: Unpack[WinnersCircleEnvOptions]
) -> ToteAECEnv:
    """Winner's Circle under PettingZoo's AEC API (``aec_env("winners-circle", ...)``)."""
    return ToteAECEnv("winners-circle", players, **options)


def winners_circle_parallel_env(
    players: int | None = None, **options: Unpack[WinnersCircleEnvOptions]
) -> ToteParallelEnv:
    """Winner's Circle under PettingZoo's Parallel API."""
    return ToteParallelEnv("winners-circle", players, **options)


def wits_and_wagers_aec_env(
    players: int | None = None, **options: Unpack[WitsAndWagersEnvOptions]
) -> ToteAECEnv:
    """Wits & Wagers under PettingZoo's AEC API."""
    return ToteAECEnv("wits-and-wagers", players, **options)


def wits_and_wagers_parallel_env(
    players: int | None = None, **options: Unpack[WitsAndWagersEnvOptions]
) -> ToteParallelEnv:
    """Wits & Wagers under PettingZoo's Parallel API."""
    return ToteParallelEnv("wits-and-wagers", players, **options)


def wetten_aec_env(players: int | None = None, **options: Unpack[WettenEnvOptions]) -> ToteAECEnv:
    """Wetten! under PettingZoo's AEC API."""
    return ToteAECEnv("wetten", players, **options)


def wetten_parallel_env(
    players: int | None = None, **options: Unpack[WettenEnvOptions]
) -> ToteParallelEnv:
    """Wetten! under PettingZoo's Parallel API."""
    return ToteParallelEnv("wetten", players, **options)


def horse_fever_aec_env(
    players: int | None = None, **options: Unpack[HorseFeverEnvOptions]
) -> ToteAECEnv:
    """Horse Fever under PettingZoo's AEC API."""
    return ToteAECEnv("horse-fever", players, **options)


def horse_fever_parallel_env(
    players: int | None = None, **options: Unpack[HorseFeverEnvOptions]
) -> ToteParallelEnv:
    """Horse Fever under PettingZoo's Parallel API."""
    return ToteParallelEnv("horse-fever", players, **options)


def carcassonne_aec_env(
    players: int | None = None, **options: Unpack[CarcassonneEnvOptions]
) -> ToteAECEnv:
    """Carcassonne under PettingZoo's AEC API."""
    return ToteAECEnv("carcassonne", players, **options)


def carcassonne_parallel_env(
    players: int | None = None, **options: Unpack[CarcassonneEnvOptions]
) -> ToteParallelEnv:
    """Carcassonne under PettingZoo's Parallel API."""
    return ToteParallelEnv("carcassonne", players, **options)
