"""The stages of a Wetten! race and the moves every phase shares.

A race (WT 1.4) runs through these stages: the deal (a pending shuffle), action
windows (ruling 12) between the phases, the Set-the-Stakes and Second Bet tickets,
race rounds (a card laid, then a refill of free cards), the resolution of the
announced action cards, and the end of the game. ``state.py`` dispatches on them.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from tote.core.moves import Move
from tote.games.wetten.moves import Bet, BuyRaceCard, Pass, PlayRaceCard

# Stages of a race.
DEAL = "deal"
WINDOW = "window"
STAKES = "set_the_stakes"
PLAY = "play"
REFILL = "refill"
RESOLVE = "resolve"
SECOND = "second_bet"
OVER = "over"

# Pending shuffles.
DECKS = "decks"
DISCARDS = "discards"

Grid = dict[tuple[int, int], int]
"""A ticket's bets: (horse, place) -> stake."""

PASS = Pass()
BUY = BuyRaceCard()
NO_CARD = PlayRaceCard(None)
"""WT 3.1: what a player with an empty hand lays (no card)."""


@cache
def shared_move(kind: type[Move] | type[Bet], *fields: Any) -> Any:
    """The move (or bet) ``kind(*fields)``, built the first time it is asked for and
    then shared: moves are frozen values, and the same few (a card, a card with its
    target, a bet) recur all game, so generating moves allocates almost nothing."""
    return kind(*fields)
