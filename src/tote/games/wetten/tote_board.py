"""Wetten!'s markets for the tote board (issue 12, 2): each horse's place (1 to 4) at the
end of the current race (WT 4-5), or ``unplaced`` when the race ends early. The values
of each ticket cell at 4x and 2x and of the "No chance..." bet at 8x are not computed
yet: the board shows the chances only (see docs/odds.md)."""

from __future__ import annotations

from tote.core.state import State
from tote.core.tote_board import ChancesOnly
from tote.games.wetten.state import WettenState

LABELS = ["1st", "2nd", "3rd", "4th", "unplaced"]


class WettenMarkets(ChancesOnly):
    unit = "money"
    horizon_name = "race"
    precision_outcomes = frozenset({"1st"})

    def outcome_labels(self, start: State) -> dict[str, list[str]]:
        assert isinstance(start, WettenState)
        return {name: list(LABELS) for name in start.horse_names}

    def outcomes(self, start: State, end: State) -> dict[str, str]:
        assert isinstance(start, WettenState) and isinstance(end, WettenState)
        if len(end.history) > len(start.history):
            places = end.history[len(start.history)]["places"]
        else:
            places = {end.horse_names[h]: p for h, p in enumerate(end.places)}
        return {
            name: LABELS[place - 1] if isinstance(place, int) and 1 <= place <= 4 else "unplaced"
            for name, place in places.items()
        }

    def standings(self, state: State) -> list[float]:
        assert isinstance(state, WettenState)
        return [float(c) for c in state.cash]
