"""Wits & Wagers at the end (issue 15): every seat's points, question by question.

WW 1.4-1.5: the most points wins; a tie for first goes to the team with the youngest
player when every tied team gave ages, else the win is shared. Everyone starts with
no points; each answered question (WW 4-6) may give the 3-point bonus for writing the
winning guess (WW 5.1), pay winning bets the slot's odds (WW 6.2) and take the poker
chips of losing bets (WW 6.1): the ``answer`` events of the log carry all of it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tote.core.result import Result
from tote.core.standings import ScoreLine, Standings, build_standings
from tote.games.wits_and_wagers.paying_out import BONUS

if TYPE_CHECKING:
    from tote.games.wits_and_wagers.state import WitsAndWagersState

TIE_BREAK = (
    "A tie for first goes to the team with the youngest player, when every tied team"
    " gave ages (WW 1.5); otherwise the win is shared"
)


def standings(state: WitsAndWagersState, result: Result) -> Standings:
    """Per question: the bonus, the bets won, the chips lost (WW 5.1, 6.1, 6.2)."""
    lines: list[list[ScoreLine]] = [[] for _ in range(state.num_players)]
    for event in state.log:
        if event.kind != "answer":
            continue
        q = event.public
        for seat in range(state.num_players):
            if seat in q["bonus"]:
                lines[seat].append(
                    ScoreLine(f"Question {q['number']}: bonus for the winning guess", BONUS)
                )
            won = sum(b.get("won", 0) for b in q["bets"] if b["seat"] == seat)
            lost = sum(b.get("lost", 0) for b in q["bets"] if b["seat"] == seat)
            if won:
                lines[seat].append(ScoreLine(f"Question {q['number']}: bets won", won))
            if lost:
                lines[seat].append(ScoreLine(f"Question {q['number']}: chips lost", -lost))
    notes: list[str | None] = []
    for seat in range(state.num_players):
        team = state.teams[seat] if state.teams else None
        ages = [m.age for m in team.members if m.age is not None] if team else []
        notes.append(f"Youngest player: {min(ages)}" if ages else None)
    return build_standings(result, lines, unit="points", tie_break=TIE_BREAK, notes=notes)
