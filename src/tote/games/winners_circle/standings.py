"""Winner's Circle at the end (issue 15): every seat's money, race by race.

WC 1.3: the player with the most money wins; ties share the win (ruling A9-12). A
seat's money is its starting money (0 in the rulebook's game) plus what each race's
Paying Out (WC 5) paid it, less what it paid the bank for bets on the last horse
(WC 5.4); the ``payout`` events of the log carry every payment.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tote.core.result import Result
from tote.core.standings import ScoreLine, Standings, build_standings

if TYPE_CHECKING:
    from tote.games.winners_circle.state import WinnersCircleState

REASONS = {"win": "Win", "place": "Place", "show": "Show"}


def standings(state: WinnersCircleState, result: Result) -> Standings:
    """Starting money, then per race the winnings (WC 5.2-5.3, doubled in race 3:
    WC 5.5) and the payments for bets on the last horse (WC 5.4)."""
    lines: list[list[ScoreLine]] = [
        [ScoreLine("Starting money", state.options.starting_money)]
        for _ in range(state.num_players)
    ]
    for event in state.log:
        if event.kind != "payout":
            continue
        race = event.public["race"]
        doubled = " (doubled)" if event.public["multiplier"] > 1 else ""
        for seat in range(state.num_players):
            mine = [p for p in event.public["payments"] if p["seat"] == seat]
            won = [p for p in mine if p["reason"] != "last"]
            lost = [p for p in mine if p["reason"] == "last"]
            if won:
                how = ", ".join(
                    f"{REASONS[p['reason']]} on {p['horse'].capitalize()}"
                    + (
                        " + pace horse"
                        if any(q["reason"] == "pace" for q in won if q["horse"] == p["horse"])
                        else ""
                    )
                    for p in won
                    if p["reason"] != "pace"
                )
                lines[seat].append(
                    ScoreLine(f"Race {race}: {how}{doubled}", sum(p["amount"] for p in won))
                )
            if lost:
                how = ", ".join(sorted({p["horse"].capitalize() for p in lost}))
                lines[seat].append(
                    ScoreLine(
                        f"Race {race}: bets on the last horse ({how})",
                        sum(p["amount"] for p in lost),
                    )
                )
    return build_standings(result, lines, unit="money", tie_break="Equal money shares the place")
