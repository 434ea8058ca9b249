"""The phases of a Horse Fever game, in rulebook order (docs/rules/horse-fever.md).

``HorseFeverState.phase`` is one of these; each phase's checks and effects live in
the module named after it (see the package docstring for the reading order).
"""

from __future__ import annotations

SETUP_STABLES = "setup_stables"
SETUP_CHARACTERS = "setup_characters"
SETUP_FIRST_PLAYER = "setup_first_player"
COPY = "copy_assistant"
PURCHASE = "purchase"
DRAW = "draw"
KEEP = "keep"
OFFER = "offer"
LINEUP = "lineup"
FIRST_BET = "first_bet"
RACE_FIXING = "race_fixing"
SECOND_BET = "second_bet"
SECRET_BET = "secret_bet"
CHANGE_ODDS = "change_odds"
MOVEMENT = "movement"
SPRINT = "sprint"
PHOTO = "photo_finish"
DUTCH = "dutch_auction"
ENGLISH = "english_auction"
OVER = "over"

CHANCE_PHASES = frozenset({SETUP_STABLES, SETUP_CHARACTERS, SETUP_FIRST_PLAYER, DRAW})
