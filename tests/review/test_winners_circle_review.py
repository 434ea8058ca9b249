"""Issue 26, "Honesty": the marks of a known blunder and of a best move, in a scripted
Winner's Circle record; a review is the same every time; the Python API."""

from __future__ import annotations

import random

import pytest

import tote
from tote.core import Match, Record
from tote.games.winners_circle.moves import DrawHorseCard, FirstBettor, PlaceBet
from tote.review import NOT_JUDGED, Review

STILL = {f"horse_cards.horse_cards.H28.{symbol}": 0 for symbol in ("head", "cap", "saddle", "shoe")}
"""A data change (issue 29) that makes card H28 move its horse 0 spaces on every roll."""
CARDS = ("H01", "H02", "H03", "H04", "H05", "H06", "H28")
"""Drawn to gates 1 to 7: the white horse, at gate 7 (the furthest back, WC 2.2), gets
H28, so it never moves. It cannot finish in the money (WC 4.9) and is always the last
horse (WC 4.10): a chip on it costs $100 a bet (WC 5.4; every seat starts with $1,000,
so it can always pay) and wins nothing."""


def scripted(first_chip: tuple[str, int], seed: int = 11) -> Record:
    """A 3-player game with the cards above, seat 0 first to bet, its first chip as
    given; everything after is random (moves from ``seed``, chance from the seed)."""
    options = {"data_changes": STILL, "starting_money": 1000}
    match = Match("winners-circle", 3, options, seed=None)
    for card in CARDS:
        match.play_chance(DrawHorseCard(card))
    match.play_chance(FirstBettor(0))
    match.play(0, PlaceBet(*first_chip))
    match.rng = random.Random(seed)
    match.advance()
    moves = random.Random(seed + 1)
    state = match.state
    while not state.is_over:
        seat = state.turn().seats[0]
        match.play(seat, state.random_move(seat, moves))
    return match.record()


FIRST_BET = 8
"""The index of seat 0's first chip in the record (7 cards, the first bettor)."""


def test_a_chip_on_a_horse_that_cannot_finish_in_the_money_is_a_blunder() -> None:
    """Issue 26, Honesty: the blunder found by hand. A 1-chip on the white horse is worth
    exactly -$100 in every world (its horse is always last), so the board values it at
    -100 with no spread; any other horse is worth more than $100 more: a blunder."""
    found = tote.review(scripted(("white", 1)), seat=0, worlds=200)
    decision = found.decision(FIRST_BET)
    assert decision.label == "bet a 1-chip on the white horse"
    assert decision.chosen is not None and decision.best is not None
    assert (decision.chosen.value, decision.chosen.low, decision.chosen.high) == (-100, -100, -100)
    assert decision.expected is not None and decision.expected.value == -100
    assert decision.actual == -100 and decision.luck == 0
    assert decision.best.low > 0 and decision.lost > decision.scale == 100
    assert decision.mark == "blunder"


def test_the_best_move_is_marked_best() -> None:
    """Issue 26, Honesty: the best move found for the same position, played, is marked
    best: nothing lost, accuracy 100."""
    best = tote.review(scripted(("white", 1)), seat=0, worlds=200).decision(FIRST_BET)
    assert best.best_label is not None
    horse = best.best_label.removeprefix("your 1-chip on ")
    played = tote.review(scripted((horse, 1)), seat=0, worlds=200).decision(FIRST_BET)
    assert played.mark == "best" and played.lost == 0 and played.accuracy == 100
    assert played.chosen == best.best


def _marks(found: Review) -> list[tuple[int, str | None, float | None]]:
    return [
        (d.index, d.mark, None if d.chosen is None else d.chosen.value) for d in found.decisions
    ]


def test_a_review_is_the_same_every_time() -> None:
    """Issue 26: the board's sampling is seeded from the record's seed and the move's
    index, so a review is a function of the record."""
    record = scripted(("red", 2))
    assert _marks(tote.review(record, worlds=40, search_worlds=2)) == _marks(
        tote.review(record, worlds=40, search_worlds=2)
    )


def test_every_bet_is_judged_and_every_horse_move_is_said_not_judged() -> None:
    """Issue 26: the board values every chip (WC 3); a horse's move (WC 4.3) it does not
    value is, with the search turned off, listed as not judged, with no value invented
    and the reason in words (the search's judgement: test_search_judge.py)."""
    found = tote.review(scripted(("red", 2)), worlds=20, search_worlds=0)
    bets = [d for d in found.decisions if d.move["type"] == "place_bet"]
    others = [d for d in found.decisions if d.move["type"] != "place_bet"]
    assert len(bets) == 27 and all(d.mark is not None and d.judge == "board" for d in bets)
    assert others and all(d.mark is None and d.reason.startswith(NOT_JUDGED) for d in others)
    assert all(d.chosen is None and d.actual is None for d in others)
    for seat in found.seats:
        assert seat.judged == 9 and seat.accuracy is not None and 0 <= seat.accuracy <= 100
        assert len(seat.worst) <= 3
        assert seat.luck == pytest.approx(seat.actual - seat.expected)


def test_the_json_shape_holds_every_decision_and_summary() -> None:
    """Issue 26: ``Review.to_json()``, the shape ``tote review --json`` prints and a
    server can serve."""
    found = tote.review(scripted(("red", 2)), seat=1, worlds=20, search_worlds=2)
    data = found.to_json()
    assert data["format"] == "tote-review" and data["game"] == "winners-circle"
    assert [s["seat"] for s in data["seats"]] == [1]
    assert {d["seat"] for d in data["decisions"]} == {1}
    judged = [d for d in data["decisions"] if d["judged"]]
    assert judged and all(set(d["chosen"]) == {"value", "low", "high"} for d in judged)


def test_import_tote_stays_cheap() -> None:
    """Issue 26: ``tote.review`` is imported on first use only."""
    import subprocess
    import sys

    code = "import sys, tote; print('tote.review' in sys.modules, 'tote.core' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]
