"""The game core: the one contract every tote game implements.

A game is a deterministic state machine (:class:`State`). Who acts next is a
:class:`Turn`: one or more seats, or chance. Moves are small frozen
dataclasses (:class:`Move`) that serialise to plain JSON. Illegal moves raise
:class:`IllegalMove`, naming the rule, and leave the state untouched.
"""

from tote.core.errors import IllegalMove, MalformedMove, OptionsError, RecordError, ToteError
from tote.core.events import Event
from tote.core.game import Game
from tote.core.match import Match
from tote.core.moves import CHANCE, Actor, Move, MoveCodec
from tote.core.record import MoveEntry, PlayerEntry, Record
from tote.core.registry import all_games, get_game
from tote.core.result import Result
from tote.core.state import State, Turn

__all__ = [
    "CHANCE",
    "Actor",
    "Event",
    "Game",
    "IllegalMove",
    "MalformedMove",
    "Match",
    "Move",
    "MoveCodec",
    "MoveEntry",
    "OptionsError",
    "PlayerEntry",
    "Record",
    "RecordError",
    "Result",
    "State",
    "ToteError",
    "Turn",
    "all_games",
    "get_game",
]
