"""Horse Fever's markets for the tote board (issue 12, 2): each horse's finishing place
at the end of the current race (HF 3.3): ``1st`` is a Win, any of ``1st``, ``2nd`` and
``3rd`` a Show (HF 2.0). The values of the bets a seat can place now (in Danari and VP)
are not computed yet: the board shows the chances only (see docs/odds.md)."""

from __future__ import annotations

from tote.core.state import State
from tote.core.tote_board import ChancesOnly
from tote.games.horse_fever.state import HorseFeverState

PLACES = ["1st", "2nd", "3rd", "4th", "5th", "6th"]


class HorseFeverMarkets(ChancesOnly):
    unit = "Danari"
    horizon_name = "race"
    precision_outcomes = frozenset({"1st"})

    def outcome_labels(self, start: State) -> dict[str, list[str]]:
        assert isinstance(start, HorseFeverState)
        return {colour: list(PLACES) for colour in start.colours}

    def outcomes(self, start: State, end: State) -> dict[str, str]:
        assert isinstance(start, HorseFeverState) and isinstance(end, HorseFeverState)
        if len(end.history) > len(start.history):
            ranking = end.history[len(start.history)]["ranking"]
        else:
            ranking = [end.colours[lane] for lane in end.ranking]
        return {colour: PLACES[place] for place, colour in enumerate(ranking)}

    def standings(self, state: State) -> list[float]:
        """HF 4: the most VP wins, Danari break ties (the Party Game counts chips)."""
        assert isinstance(state, HorseFeverState)
        return [state.total_vp(s) * 1e9 + state.money[s] for s in range(state.num_players)]
