"""The phases of a Winner's Circle race, in rulebook order (docs/rules/winners-circle.md),
and the counts the rules fix.

``WinnersCircleState.phase`` is one of these; each phase's checks and effects live in
the module named after it (see the package docstring for the reading order).
"""

from __future__ import annotations

RACES = 3
HORSES_PER_RACE = 7
PLACED = 3

PREPARATION = "preparation"
"""WC 2: horse cards are drawn onto the gates (chance)."""
FIRST_BETTOR = "first_bettor"
"""WC 3.1: the first bettor is chosen at random among several (chance)."""
BETS = "bets"
"""WC 3.2: the bettor places a chip."""
ROLL = "roll"
"""WC 4.2: the die is rolled (chance)."""
MOVE = "move"
"""WC 4.3: the roller moves a horse."""
OVER = "over"

CHANCE_EVENTS = {
    PREPARATION: "a horse card drawn onto a gate (WC 2.2)",
    FIRST_BETTOR: "the first bettor chosen among the richest players (WC 3.1)",
    ROLL: "the roll of the die (WC 4.2)",
}
"""The chance event each chance phase waits for, named in refusals of other outcomes."""
