"""Helpers for the Wits & Wagers rule tests (``from .ww_helpers import ...``).

Every situation is reached with real moves: the question draws are scripted chance
moves (``DrawQuestion``) from a small question pack written to ``tmp_path`` with
known answers, and seats play ``Guess`` / ``NoGuess`` / ``PlaceBets`` / ``LockBets``.
:class:`Script` keeps the moves it plays, so a scripted game can also be written out
as a record and replayed.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from tote.core import CHANCE, IllegalMove, Move, MoveEntry, PlayerEntry, Record
from tote.core.moves import Actor
from tote.games.wits_and_wagers import GAME
from tote.games.wits_and_wagers.moves import (
    DrawQuestion,
    Guess,
    LockBets,
    NoGuess,
    PlaceBets,
    Wager,
)
from tote.games.wits_and_wagers.state import WitsAndWagersState

QUESTIONS: dict[str, object] = {
    "y1991": 1991,  # rulebook Step 4, example 1
    "y1985": 1985,  # rulebook Step 4, example 2
    "a5": 5,
    "a15": 15,
    "a25": 25,
    "a35": 35,
    "a45": 45,
    "a55": 55,
    "a65": 65,
    "a75": 75,
    "a100": 100,
    "third": "0.333",
    "tenths": "0.3",
    "cold": "-40",
}
"""The test pack: question id -> its answer (the id tells the answer)."""

SEVEN = ("10", "20", "30", "40", "50", "60", "70")
"""Seven unique guesses, seat 0 smallest: on slots 1 to 7 (odds 5 4 3 2 3 4 5)."""


def write_pack(
    directory: Path,
    questions: Mapping[str, object] = QUESTIONS,
    name: str = "pack.json",
) -> str:
    """Write a JSON (or, for a ``.csv`` name, CSV) pack whose questions have the given
    answers; returns its path as the ``question_pack`` option wants it."""
    path = directory / name
    rows = [
        {
            "id": qid,
            "text": f"Test question {qid}?",
            "answer": answer,
            "unit": "count",
            "category": "test",
            "source": "tote tests",
        }
        for qid, answer in questions.items()
    ]
    if name.endswith(".csv"):
        lines = ["id,text,answer,unit,category,source"]
        lines += [",".join(str(row[k]) for k in row) for row in rows]
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    else:
        path.write_text(json.dumps({"questions": rows}, indent=1), encoding="utf-8")
    return str(path)


def new_state(players: int = 4, **options: Any) -> WitsAndWagersState:
    state = GAME.new_state(options, players)
    assert isinstance(state, WitsAndWagersState)
    return state


BetPlan = Mapping[int, Sequence[Wager | tuple[int, int]]]


def wagers(bets: Sequence[Wager | tuple[int, int]]) -> tuple[Wager, ...]:
    return tuple(w if isinstance(w, Wager) else Wager(*w) for w in bets)


class Script:
    """A game played move by move with scripted question draws; keeps its moves."""

    def __init__(self, players: int = 4, **options: Any) -> None:
        self.state = new_state(players, **options)
        self.moves: list[tuple[Actor, Move]] = []

    @property
    def secret(self) -> bool:
        return self.state.options.betting == "secret"

    def apply(self, actor: Actor, move: Move) -> None:
        self.state.apply(actor, move)
        self.moves.append((actor, move))

    def draw(self, question: str) -> None:
        self.apply(CHANCE, DrawQuestion(question))

    def answer(self, guesses: Mapping[int, object | None]) -> None:
        """Every seat writes its guess (seat order); a missing or ``None`` guess is a
        blank card."""
        for seat in range(self.state.num_players):
            value = guesses.get(seat)
            self.apply(seat, NoGuess() if value is None else Guess(value))  # type: ignore[arg-type]

    def bet(self, bets: BetPlan | None = None) -> None:
        """Every seat bets as planned (no plan: no bets). Open betting: the planned
        seats place their bets, then every seat locks; secret: every seat commits."""
        plan = bets or {}
        if self.secret:
            for seat in range(self.state.num_players):
                self.apply(seat, PlaceBets(wagers(plan.get(seat, ()))))
            return
        for seat, planned in plan.items():
            self.apply(seat, PlaceBets(wagers(planned)))
        for seat in range(self.state.num_players):
            self.apply(seat, LockBets())

    def question(
        self, question: str, guesses: Mapping[int, object | None], bets: BetPlan | None = None
    ) -> dict[str, Any]:
        """One whole question; returns its summary (the public ``answer`` event)."""
        asked = len(self.state.history)
        self.draw(question)
        self.answer(guesses)
        self.bet(bets)
        assert len(self.state.history) == asked + 1
        return self.state.history[-1]

    def to_betting(self, question: str, guesses: Mapping[int, object | None]) -> None:
        self.draw(question)
        self.answer(guesses)
        assert self.state.phase == "bet"

    def record(self) -> Record:
        """The moves played so far as a record without a seed (chance written out)."""
        result = self.state.result()
        return Record(
            game=GAME.id,
            options=self.state.options.model_dump(),
            seed=None,
            players=[PlayerEntry(name=f"P{s}") for s in range(self.state.num_players)],
            moves=[MoveEntry(by=a, move=m.to_json()) for a, m in self.moves],
            result=None if result is None else result.to_json(),
        )


def seven(answer_for_each: Sequence[str] = ()) -> dict[int, object]:
    return dict(enumerate(answer_for_each or SEVEN))


# ------------------------------------------------------------------ reading
def public(state: WitsAndWagersState) -> dict[str, Any]:
    return state.view(None)["state"]


def points(state: WitsAndWagersState) -> list[int]:
    return list(public(state)["points"])


def mat_of(view_mat: Sequence[Mapping[str, Any]]) -> dict[int, tuple[str, list[int]]]:
    """The occupied slots of a mat as shown in a view: slot -> (guess, seats)."""
    return {s["slot"]: (s["guess"], s["seats"]) for s in view_mat if s["guess"] is not None}


def shown_mat(state: WitsAndWagersState) -> dict[int, tuple[str, list[int]]]:
    mat = public(state)["mat"]
    assert mat is not None, "the mat is only shown while betting"
    return mat_of(mat)


BET_KEYS = ("seat", "slot", "chips", "odds", "won", "lost")
"""What a bet shown in a view must say; views may add more (e.g. the guess on the slot)."""


def bet_facts(shown: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Bets as shown in a view or a summary, cut down to :data:`BET_KEYS`."""
    return [{k: bet[k] for k in BET_KEYS if k in bet} for bet in shown]


def events(state: WitsAndWagersState, kind: str, seat: int | None = None) -> list[dict[str, Any]]:
    return [e.for_seat(seat) for e in state.log if e.kind == kind]


def snapshot(state: WitsAndWagersState) -> tuple[Any, ...]:
    """Everything observable: every seat's view, the spectators' view, the log length."""
    views = [json.dumps(state.view(s), sort_keys=True) for s in range(state.num_players)]
    return (json.dumps(state.view(None), sort_keys=True), len(state.log), *views)


def assert_refused(
    state: WitsAndWagersState, actor: Actor, move: Move | Mapping[str, Any], rule: str
) -> IllegalMove:
    """``move`` is refused naming ``rule``, and nothing observable changes."""
    before = snapshot(state)
    with pytest.raises(IllegalMove) as info:
        state.apply(actor, move)
    assert info.value.rule == rule, info.value
    assert snapshot(state) == before
    return info.value


# ------------------------------------------------------------------ random play
def random_guess(state: WitsAndWagersState, rng: random.Random) -> Move:
    """A blank card, or a guess written in one of the forms people use."""
    roll = rng.random()
    if roll < 0.1:
        return NoGuess()
    if roll < 0.6:
        return state.random_move(state.turn().seats[0], rng)
    whole = rng.randint(-50, 5000)
    form = rng.choice(["{:,}", "{}", "{}.5", "{}/4", "{}e0", " {} "])
    return Guess(form.format(whole))


def random_bets(state: WitsAndWagersState, seat: int, rng: random.Random) -> PlaceBets:
    """Zero to two legal bets with poker chips the seat owns."""
    slots = [0, *state.mat]
    budget = state.points[seat]
    chosen = []
    for _ in range(rng.randrange(3)):
        chips = rng.randint(0, budget) if rng.random() < 0.6 else 0
        budget -= chips
        chosen.append(Wager(rng.choice(slots), chips))
    return PlaceBets(tuple(chosen))


def random_step(state: WitsAndWagersState, rng: random.Random) -> tuple[Actor, Move]:
    """One legal move: a chance draw, a guess, bets (open betting: sometimes moved
    again before locking)."""
    turn = state.turn()
    if turn.chance:
        outcome = state.sample_chance(rng)
        state.apply(CHANCE, outcome)
        return CHANCE, outcome
    seat = rng.choice(turn.seats)
    move: Move
    if state.phase == "answer":
        move = random_guess(state, rng)
    elif state.options.betting == "open" and seat in state.bets and rng.random() < 0.5:
        move = LockBets() if rng.random() < 0.6 else random_bets(state, seat, rng)
    elif state.options.betting == "open" and rng.random() < 0.2:
        move = LockBets()
    else:
        move = random_bets(state, seat, rng)
    state.apply(seat, move)
    return seat, move


# ------------------------------------------------------------------ secrecy oracle
def other_secret(move: Move) -> Move:
    """A different secret move of the same step, to swap in for ``move``."""
    if isinstance(move, Guess | NoGuess):
        return Guess("-987654.25") if isinstance(move, NoGuess) else NoGuess()
    assert isinstance(move, PlaceBets)
    return PlaceBets(()) if move.bets else PlaceBets((Wager(0, 0), Wager(0, 0)))


def fast_clone(state: WitsAndWagersState) -> WitsAndWagersState:
    """A deep copy sharing what never changes once made: the question bank, the options,
    the teams, the log's events and the summaries of past questions (lists are copied)."""
    memo: dict[int, Any] = {id(state.bank): state.bank, id(state.options): state.options}
    for kept in (*state.log, *state.history, *state.teams):
        memo[id(kept)] = kept
    return copy.deepcopy(state, memo)


def commitment_clone(state: WitsAndWagersState) -> WitsAndWagersState:
    """A cheap copy for replaying commitments within one simultaneous step: a commitment
    only records the move and logs it, so the state's own lists, dicts and sets are
    copied one level deep and the rest is shared."""
    other = copy.copy(state)
    for name, value in vars(state).items():
        if isinstance(value, list | dict | set):
            setattr(other, name, copy.copy(value))
    return other


class SecrecyWatch:
    """Checks that no view reveals another seat's secret (its guess before the reveal,
    its secret bets before they are revealed together).

    The oracle is counterfactual: at the start of each simultaneous step a copy of the
    state is kept; after each commitment, for every seat (and the spectators) the same
    commitments are replayed on the copy with every *other* seat's secret swapped for a
    different one. The seat's view must not change.
    """

    def __init__(self) -> None:
        self.base: WitsAndWagersState | None = None
        self.order: list[tuple[int, Move]] = []

    def observe(self, state: WitsAndWagersState, actor: Actor, move: Move) -> list[str]:
        """Call after every move; returns the leaks found (empty: none)."""
        turn = state.turn()
        if isinstance(actor, int) and self.base is not None and actor in state.committed:
            self.order.append((actor, move))
        else:
            self.base = None
            self.order = []
        if turn.simultaneous and not state.committed:
            self.base = fast_clone(state)  # a simultaneous step begins
            return []
        if self.base is None or not self.order:
            return []
        problems: list[str] = []
        observers: list[int | None] = [None, *range(state.num_players)]
        for observer in observers:
            other = commitment_clone(self.base)
            for seat, secret in self.order:
                other.apply(seat, secret if seat == observer else other_secret(secret))
            start = len(self.base.log)
            mine = (state.view(observer, log=False), state.log_view(observer, start))
            theirs = (other.view(observer, log=False), other.log_view(observer, start))
            if json.dumps(mine, sort_keys=True) != json.dumps(theirs, sort_keys=True):
                problems.append(
                    f"view {observer} ({state.phase}, question {state.number}) depends on"
                    f" the secrets of seats {[s for s, _ in self.order if s != observer]}"
                )
        return problems
