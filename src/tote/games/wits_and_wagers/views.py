"""What each seat may know of a Wits & Wagers game, and the pieces of it the log
reuses (the question, the mat, a wager). Guesses stay secret until all are in, and
secret bets until all are placed: both are the core's commitments (WW 2.1, WW 3.4),
never in the state's bets or guesses before the reveal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tote.games.wits_and_wagers import timeouts
from tote.games.wits_and_wagers.mat import ALL_TOO_HIGH, SLOT_ODDS
from tote.games.wits_and_wagers.moves import Wager
from tote.games.wits_and_wagers.numbers import format_number
from tote.games.wits_and_wagers.phases import BET, DRAW
from tote.games.wits_and_wagers.setup import QUESTIONS_PER_GAME

if TYPE_CHECKING:
    from tote.games.wits_and_wagers.state import WitsAndWagersState


def question_view(state: WitsAndWagersState, answer: bool) -> dict[str, Any]:
    q = state.question
    if q is None:
        return {}
    data: dict[str, Any] = {
        "id": q.id,
        "text": q.text,
        "unit": q.unit,
        "category": q.category,
    }
    if answer:
        data["answer"] = format_number(state.answer)
        data["source"] = q.source
    return data


def mat_view(state: WitsAndWagersState) -> list[dict[str, Any]]:
    """Every slot of the mat, left to right: its odds, the guess on it and its writers."""
    mat = state.mat
    return [
        {
            "slot": slot,
            "odds": odds,
            "guess": None if (on := mat.get(slot)) is None else format_number(on[0]),
            "seats": [] if on is None else list(on[1]),
            "all_too_high": slot == ALL_TOO_HIGH,
        }
        for slot, odds in enumerate(SLOT_ODDS)
    ]


def wager_view(
    state: WitsAndWagersState, wager: Wager, mat: Sequence[Mapping[str, Any]] | None = None
) -> dict[str, Any]:
    """A bet as shown: its slot, poker chips, odds and the guess on the slot; the guess
    read from ``mat`` (:func:`mat_view`) when the caller has built it already."""
    if mat is not None:
        guess = mat[wager.slot]["guess"]
    else:
        on = state.mat.get(wager.slot)
        guess = None if on is None else format_number(on[0])
    return {"slot": wager.slot, "chips": wager.chips, "odds": SLOT_ODDS[wager.slot], "guess": guess}


def teams_view(state: WitsAndWagersState) -> list[dict[str, Any]]:
    """Every team as ``Team.model_dump()`` writes it, built directly: a view is asked
    for every seat at every step of an environment (issue 24), and pydantic's dump was
    a fifth of it."""
    return [
        {
            "name": team.name,
            "members": tuple({"name": m.name, "age": m.age} for m in team.members),
        }
        for team in state.teams
    ]


def view(state: WitsAndWagersState, seat: int | None) -> dict[str, Any]:
    # Guesses stay secret until all are in (core commitments); secret bets too.
    visible_bets = {
        str(s): [wager_view(state, w) for w in wagers] for s, wagers in state.bets.items()
    }
    return {
        "number": state.number,
        "questions": QUESTIONS_PER_GAME,
        "phase": state.phase,
        "question": question_view(state, answer=False) if state.phase != DRAW else None,
        "mat": mat_view(state) if state.phase == BET else None,
        "bets": visible_bets,
        "locked": sorted(state.locked),
        "points": list(state.points),
        "teams": teams_view(state),
        "betting": state.options.betting,
        "chip_back_in_points": state.options.chip_back_in_points,
        "time_limit": timeouts.time_limit(state),
        "history": list(state.history),  # a copy: a view never changes afterwards
        "bank": {"paid": state.bank_paid, "collected": state.bank_collected},
        "question_pack": state.options.question_pack,
    }
