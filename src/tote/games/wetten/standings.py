"""Wetten! at the end (issue 15): where every seat's money came from and went.

WT 11.3: the most money wins; equal money shares the win (ruling 20). A seat's money
is the starting money (WT 1.2), less the stakes of its two tickets each race (WT 5),
the race cards it bought (WT 6) and the fees of its action cards (WT 7.3), plus its
winnings race by race (WT 10), the half stake a Hedge gives back (WT 8) and the
top-ups of a broke player (ruling 15). Every amount is in the log's events.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tote.core.result import Result
from tote.core.standings import ScoreLine, Standings, build_standings
from tote.games.wetten.data import board

if TYPE_CHECKING:
    from tote.games.wetten.state import WettenState


def standings(state: WettenState, result: Result) -> Standings:
    """Starting money, winnings per race, stakes, race cards, action cards, top-ups."""
    from tote.games.wetten.payout import SECOND_BET  # payout imports the whole game

    n = state.num_players
    start = board(state.options.board_file, state.options.changes_to("board")).starting_money.amount
    stakes = [0] * n
    second = [0] * n
    cards = [0] * n
    fees = [0] * n
    refunds = [0] * n
    top_ups = [0] * n
    winnings: list[list[ScoreLine]] = [[] for _ in range(n)]
    for event in state.log:
        data = event.public
        if event.kind == "tickets":
            into = second if data["ticket"] == SECOND_BET else stakes
            for seat, total in enumerate(data["totals"]):
                into[seat] += total
        elif event.kind == "race_card_bought":
            cards[data["seat"]] += data["price"]
        elif event.kind == "action_announced":
            fees[data["seat"]] += data["fee"]
        elif event.kind == "action_resolved" and data.get("refund"):
            refunds[data["seat"]] += data["refund"]
        elif event.kind == "payout":
            for seat in range(n):
                won = sum(p["amount"] for p in data["paid"] if p["seat"] == seat)
                winnings[seat].append(ScoreLine(f"Race {data['race']}: winnings", won))
                top_ups[seat] += data["top_ups"][seat]
    lines = [
        [
            ScoreLine("Starting money", start),
            *winnings[seat],
            ScoreLine("Stakes on Set-the-Stakes tickets", -stakes[seat]),
            ScoreLine("Stakes on Second Bet tickets", -second[seat]),
            ScoreLine("Race cards bought", -cards[seat]),
            ScoreLine("Action card fees", -fees[seat]),
            ScoreLine("Hedge: half stakes back", refunds[seat]),
            ScoreLine("Top-ups from the bank", top_ups[seat]),
        ]
        for seat in range(n)
    ]
    return build_standings(result, lines, unit="money", tie_break="Equal money shares the win")
