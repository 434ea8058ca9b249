"""``max_game_length`` for OpenSpiel (issue 13): how many decisions a game can take.

OpenSpiel counts a game's length in decision nodes (one seat's move, or one joint
move of a simultaneous node); chance nodes do not count. Its ``random_sim_test``
checks that no game is longer than ``max_game_length``. Each bound below is worked
out from the game's structure for the player count and options, with the reasoning in
its function: Carcassonne's and Wits & Wagers' are proved from the rules; Winner's
Circle's assumes what its docstring states; Horse Fever's and Wetten!'s are stated
bounds, about three times the longest random game measured (docs/environments.md
says so, with the figures).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tote.core.state import State
from tote.envs.catalogue import ActionCatalogue
from tote.envs.openspiel_state import OPEN_TURN_MOVES
from tote.games.wetten.data import RACES
from tote.games.wits_and_wagers.setup import QUESTIONS_PER_GAME


def _winners_circle(state: Any, catalogue: ActionCatalogue) -> int:
    """WC 1.3: three races. Each race: every seat places each of its chips (WC 3.2,
    three or four rounds), then one horse move per roll (WC 4.3) until the third horse
    finishes (WC 4.10). A card cycle moves every horse still running once (WC 4.4);
    the bound allows each of the seven horses one move per space of the track and one
    more, i.e. every move advancing at least one space on average over a cycle (a
    blocked horse may stay put, WC 4.5, but the leading horse can always move)."""
    per_race = state.num_players * state.rounds + len(state.horse_names) * (state.finish + 1)
    return int(3 * per_race)


def _carcassonne(state: Any, catalogue: ActionCatalogue) -> int:
    """Every tile still to be drawn (CC 1.3; the river and the bookmaker tiles
    included) gives at most three decisions: its placement (CC 1.4), the meeple or
    abbot step (CC 3, CA) and, after a bookmaker tile, one simultaneous node of bets
    (CB 2.1). A tile that cannot be placed is discarded without a decision. Each chip
    is settled at most once (ruling B4), with at most one choice each (CB 3.5, ruling
    B5 either way), so the chips add at most one decision each."""
    chips = sum(len(c) for c in state.chips)
    return int(3 * state.tiles_left() + chips)


def _wits_and_wagers(state: Any, catalogue: ActionCatalogue) -> int:
    """Seven questions (WW 1.3), each one simultaneous node of answers (WW 2.1) and
    then the bets: one simultaneous node when betting is secret; when it is open,
    each seat places its bets at most ``OPEN_TURN_MOVES`` times and then locks them
    (:mod:`tote.envs.openspiel_state`)."""
    betting = 1 if state.secret_betting else state.num_players * (OPEN_TURN_MOVES + 1)
    return int(QUESTIONS_PER_GAME * (1 + betting))


HORSE_FEVER_PER_SEAT_ROUND = 40
"""Decisions a seat may take in one round of Horse Fever, for the bound (measured:
at most 11.1 a seat and round, in 300 games of tote's random moves and 100 of
OpenSpiel's random actions per configuration, every mode and length, 2 to 5 players)."""
WETTEN_PER_SEAT_RACE = 20
"""Decisions a seat may take in one race of Wetten!, for the bound, besides one a field
of the track (measured: at most 17.9 a seat and race in random games on the 32-field
track, 3 to 5 players, every variant; 57.7 on a 200-field track)."""


def _horse_fever(state: Any, catalogue: ActionCatalogue) -> int:
    """A stated bound, not a proof: the rounds (Table 1, HF 0.9) times the seats times
    :data:`HORSE_FEVER_PER_SEAT_ROUND`, plus one decision a seat for the set-up (the
    copied Assistant, HF 0.7). A round's decisions (purchases, offers, the line-up,
    two bets, Action cards, auctions, HF 1-5) are each bounded by cards and money, but
    their product is not worked out here; the measured longest is a quarter of this."""
    seats = state.num_players
    return int(state.rounds * seats * HORSE_FEVER_PER_SEAT_ROUND + seats)


def _wetten(state: Any, catalogue: ActionCatalogue) -> int:
    """A stated bound, not a proof: five races (WT 1) times the seats times
    :data:`WETTEN_PER_SEAT_RACE` plus the track's fields (a longer track takes more card
    rounds to finish a race). A race's simultaneous nodes (stakes, card rounds, the
    second bet, WT 2-5) and its windows (WT 4) are not counted exactly here; the
    measured longest is a third of this or less."""
    return int(RACES * state.num_players * (WETTEN_PER_SEAT_RACE + state.track))


_BOUNDS: dict[str, Callable[[Any, ActionCatalogue], int]] = {
    "winners-circle": _winners_circle,
    "carcassonne": _carcassonne,
    "wits-and-wagers": _wits_and_wagers,
    "horse-fever": _horse_fever,
    "wetten": _wetten,
}


def max_game_length(initial: State, catalogue: ActionCatalogue) -> int:
    """The most decision nodes a game with these players and options can have."""
    bound = _BOUNDS.get(initial.game_id)
    if bound is None:
        raise RuntimeError(f"{initial.game_id}: no game-length bound for OpenSpiel")
    return bound(initial, catalogue)
