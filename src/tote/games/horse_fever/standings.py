"""Horse Fever at the end (issue 15): every seat's VP by source, or its Danari in the
Party Game.

HF 5.2 with ruling R19: the most VP wins, a tie goes to the most Danari and is shared
only if the Danari are equal too; a player who lost the game (HF 2.1, 5.1, ruling R18)
gives everything back to the Bank and ranks last with 0. A seat's VP are the starting
VP (HF 0.3), the VP of its winning bets (HF 3.3), the VP bought at the English auction
and sold at the Dutch one (HF 4.1-4.2), the VP lost for not covering the Minimum Bet
(HF 2.1), its fulfilled Targets (HF 5.2) and one per Stable Owner card it holds (HF
1.1). PG 4.2: in the Party Game the richest wins and equal Danari share the place; a
seat's Danari there are its chips (PG 0.2), less its stakes, plus what its bets and
Stables were paid (HF 3.3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tote.core.events import Event
from tote.core.result import Result
from tote.core.standings import ScoreLine, Standings, build_standings

if TYPE_CHECKING:
    from tote.games.horse_fever.state import HorseFeverState

BOARD_TIE_BREAK = (
    "A tie goes to the player with the most Danari, and is shared if those are equal too"
    " (ruling R19); a player who lost the game ranks last"
)

BOARD_ORDER = (
    "Starting VP",
    "Win bets won",
    "Show bets won",
    "Targets fulfilled",
    "VP bought at the English auction",
    "VP sold at the Dutch auction",
    "VP lost: Minimum Bet not covered",
)


def standings(state: HorseFeverState, result: Result) -> Standings:
    if state.party:
        return _party(state, result)
    return _board(state, result)


def _lost(state: HorseFeverState, seat: int, lines: list[ScoreLine]) -> None:
    """Ruling R18: a player who loses the game gives back all of it to the Bank."""
    if state.eliminated[seat]:
        lines.append(ScoreLine("Lost the game: all of it back to the Bank", -_total(lines)))


def _total(lines: list[ScoreLine]) -> int:
    return sum(line.points for line in lines)


def _board(state: HorseFeverState, result: Result) -> Standings:
    """VP by source (HF 0.3, 2.1, 3.3, 4.1-4.2, 5.2, 1.1)."""
    n = state.num_players
    sums: list[dict[str, int]] = [{} for _ in range(n)]

    def add(seat: int, label: str, vp: int) -> None:
        sums[seat][label] = sums[seat].get(label, 0) + vp

    for seat in range(n):
        add(seat, "Starting VP", state.board.starting_vp.value)
    for event in state.log:
        for seat, label, vp in _vp_moves(state, event):
            add(seat, label, vp)
    lines: list[list[ScoreLine]] = []
    for seat in range(n):
        ordered = sorted(sums[seat].items(), key=lambda item: BOARD_ORDER.index(item[0]))
        mine = [ScoreLine(label, vp) for label, vp in ordered]
        if not state.eliminated[seat]:
            stables = sum(1 for owner in state.owner if owner == seat)
            mine.append(ScoreLine(f"Stable Owner cards ({stables})", stables))
        _lost(state, seat, mine)
        lines.append(mine)
    notes = [f"{state.money[s]:,} Danari" for s in range(n)]
    return build_standings(result, lines, unit="VP", tie_break=BOARD_TIE_BREAK, notes=notes)


def _vp_moves(state: HorseFeverState, event: Event) -> list[tuple[int, str, int]]:
    """The VP an event of the log gave or took: (seat, source, VP)."""
    data: dict[str, Any] = dict(event.public)
    if event.kind == "payoffs":
        return [
            (line["seat"], f"{line['bet'].capitalize()} bets won", line["vp"])
            for line in data["lines"]
            if line.get("won")
        ]
    if event.kind == "english_auction" and data["buyer"] is not None:
        return [(data["buyer"], "VP bought at the English auction", 1)]
    if event.kind == "dutch_auction" and data["seller"] is not None:
        return [(data["seller"], "VP sold at the Dutch auction", -1)]
    if event.kind == "cannot_cover":
        return [(data["seat"], "VP lost: Minimum Bet not covered", -data["vp_lost"])]
    if event.kind == "final":
        return [
            (int(seat), "Targets fulfilled", sum(state.targets[c].vp for c in cards))
            for seat, cards in data["targets"].items()
        ]
    return []


def _party(state: HorseFeverState, result: Result) -> Standings:
    """PG 0.2 chips, less the stakes (HF 2.0), plus bets won and prizes (HF 3.3)."""
    n = state.num_players
    lines = [[ScoreLine("Starting chips", state.board.party.chips)] for _ in range(n)]
    staked, won, prizes, cards = [0] * n, [0] * n, [0] * n, [0] * n
    for event in state.log:
        data = event.public
        if event.kind == "bet":
            staked[data["seat"]] += data["amount"]
        elif event.kind == "payoffs":
            for line in data["lines"]:
                if line.get("won"):
                    won[line["seat"]] += line["danari"]
                elif "prize" in line:
                    prizes[line["seat"]] += line["prize"]
                elif "cards" in line:
                    cards[line["seat"]] += line["cards"]
    for seat in range(n):
        lines[seat] += [
            ScoreLine("Stakes", -staked[seat]),
            ScoreLine("Bets won", won[seat]),
            ScoreLine("Stable prizes", prizes[seat]),
            ScoreLine("Card bonuses", cards[seat]),
        ]
        _lost(state, seat, lines[seat])
    return build_standings(result, lines, unit="Danari", tie_break="Equal Danari share the place")
