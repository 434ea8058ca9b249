"""Carcassonne options: The Bets on or off, its rulings B1-B9, The River and The
Abbot on or off, and the data files.

The rulings are those of the game-data file (``game-data/carcassonne.md`` §5.4),
each a named option with the file's default. Where a ruling has no sensible
alternative (it follows from the components or the rules text) the option
takes that one value only; it is there so the ruling is named and visible.
"""

from __future__ import annotations

from typing import Literal

from tote.core.data import DataPath
from tote.core.game import GameOptions


class CarcassonneOptions(GameOptions):
    bets: bool = True
    """The mini-expansion The Bets (CB): 10 bookmaker tiles and six betting chips each.
    Off: the plain base game."""
    settle_unoccupied: bool = True
    """Ruling B1: completing a road or city nobody occupies still settles its chips.
    Off: only a feature that is scored (has a meeple) settles them."""
    finished_scope: Literal["tile", "board"] = "tile"
    """Ruling B2: "all roads and cities are finished" (no betting) is judged on the
    bookmaker tile itself, or on the whole board."""
    stack_follows: Literal["first_scored"] = "first_scored"
    """Ruling B3: a stack follows the first of its tile's roads/cities to be scored
    (several at once: the active player chooses, CB 3.5)."""
    settle_once: Literal[True] = True
    """Ruling B4: settling removes the stack; it never settles twice."""
    final_chooser: Literal["last_player", "chip_owner"] = "last_player"
    """Ruling B5: at the final scoring, the player who placed the last tile chooses
    which road or city a stack settles against; ``chip_owner``: each chip's owner
    chooses for their own chip."""
    no_chips: Literal["cannot_bet"] = "cannot_bet"
    """Ruling B6: a player without chips in supply cannot bet."""
    chips_independent: Literal[True] = True
    """Ruling B7: every chip is settled on its own (a "3/4" and the "4" chip both win on 4)."""
    pay_without_meeple: bool = True
    """Ruling B8: a chip pays whether or not its owner has a meeple on the feature.
    Off: it pays only if its owner has a meeple there when it is settled."""
    settle_order: Literal["after_scoring"] = "after_scoring"
    """Ruling B9: chips are settled after the usual scoring of the turn."""
    river: bool = False
    """The River (CR): the 12 river tiles are placed first, the spring instead of the
    start tile (which is shuffled in with the land tiles), the lake last."""
    abbot: bool = False
    """The Abbot (CA): one abbot each, for a monastery or a garden; gardens appear on
    the tiles that show one (off: they are plain field)."""
    tiles_file: DataPath | None = None
    """A replacement for ``data/tiles.json`` (same schema)."""
    bookmaker_tiles_file: DataPath | None = None
    """A replacement for ``data/bookmaker_tiles.json`` (same schema)."""
    chips_file: DataPath | None = None
    """A replacement for ``data/chips.json`` (same schema)."""
    river_tiles_file: DataPath | None = None
    """A replacement for ``data/river_tiles.json`` (same schema)."""
