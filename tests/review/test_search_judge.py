"""Issue 26, "What a review holds": the decisions the tote board does not value (moving
a horse, placing a tile...) are judged by the ``strong`` bot's search, said so, and
marked the same way (:mod:`tote.review.search_judge`, docs/review.md)."""

from __future__ import annotations

from typing import Any

import pytest

import tote
from tote.core import CHANCE, IllegalMove, Match, Move, OptionsError, Record, State, get_game
from tote.games.winners_circle.moves import MoveHorse, PlaceBet
from tote.review import Decision
from tote.review.marks import MARKS
from tote.review.search_judge import KNOWLEDGE, PLANS, RANK_SCALE
from tote.sim.play import random_match

from .records import replayed


def _searched(found: tote.review.Review) -> list[Decision]:
    return [d for d in found.decisions if d.judge == "search"]


def test_a_horse_move_gets_a_mark_and_a_value_with_its_interval() -> None:
    """A horse's move (WC 4.3), which the board does not value, is judged by the search:
    a mark, the chosen and best values as standings in [0, 1] with 95% intervals, the
    paired difference, the scale a quarter of a standing, accuracy 100 exp(-lost / S)
    with the loss the search is sure of (the difference's lower end; a move it cannot
    tell from the best is good and loses nothing); no expected, actual or luck (a
    horse's move earns no money by itself)."""
    found = tote.review(random_match("winners-circle", 3, seed=2).record(), worlds=10)
    searched = _searched(found)
    assert searched and all(d.move["type"] == "move_horse" for d in searched)
    assert all(d.judge == "board" for d in found.decisions if d.move["type"] == "place_bet")
    for d in searched:
        assert d.mark in MARKS and d.unit == "standing" and d.scale == RANK_SCALE
        assert d.chosen is not None and d.best is not None and d.difference is not None
        assert 0 <= d.chosen.value <= 1 and d.chosen.low <= d.chosen.value <= d.chosen.high
        assert d.best.value >= d.chosen.value
        apart = d.difference.low > 0  # the loss counted is the part the search is sure of
        assert d.lost == pytest.approx(d.difference.low if apart else 0.0)
        if not apart:
            assert d.mark == ("best" if d.best == d.chosen else "good")
        assert d.accuracy == pytest.approx(100 * 2.718281828459045 ** (-d.lost / d.scale))
        assert d.expected is None and d.actual is None and d.luck is None
        assert d.worlds == PLANS["winners-circle"].worlds
        assert d.to_json()["judge"] == "search" and d.to_json()["difference"] is not None
    assert {d.mark for d in searched} - {"best"}, "every horse move marked best"
    for seat in found.seats:
        assert seat.searched == sum(1 for d in searched if d.seat == seat.seat)
        board = [d for d in found.decisions if d.seat == seat.seat and d.judge == "board"]
        assert seat.left_on_table == pytest.approx(sum(d.lost for d in board))


def test_a_review_with_the_search_is_the_same_every_time() -> None:
    """Issue 26: the search's streams are seeded from the record's seed and the move's
    index, so a review is a function of the record."""
    record = random_match("wetten", 3, seed=1).record()
    first = [d.to_json() for d in _searched(tote.review(record, worlds=5, search_worlds=3))]
    second = [d.to_json() for d in _searched(tote.review(record, worlds=5, search_worlds=3))]
    assert first and first == second


def _swaps(moves: list[tuple[Any, Move]], j: int, k: int) -> list[dict[int, Move]]:
    """The chip of the bet ``j`` swapped with the chip of a later bet of the same seat
    before ``k``, each on its own horse: both face down (WC 6.1)."""
    other, played = moves[j]
    assert isinstance(played, PlaceBet)
    swaps = []
    for later in range(j + 1, k):
        actor, move = moves[later]
        if actor == other and isinstance(move, PlaceBet) and move.chip != played.chip:
            swaps.append(
                {j: PlaceBet(played.horse, move.chip), later: PlaceBet(move.horse, played.chip)}
            )
    return swaps


def _hidden_twin(seed: int) -> tuple[Record, Record, int, int] | None:
    """Two 3-seat Winner's Circle records with face-down chips (WC 6.1) that differ only
    in another seat's chip laid face down, and a horse's move of a seat that cannot tell
    them apart when it moves (its view the same byte for byte)."""
    game = get_game("winners-circle")
    a = random_match(game, 3, {"hidden_bets": True}, seed)
    moves = a.moves
    states: list[State] = []
    state = game.new_state(a.options, 3)
    for actor, move in moves:
        states.append(state.clone())
        state.apply(actor, move)
    for k, (seat, decided) in enumerate(moves):
        if seat == CHANCE or not isinstance(decided, MoveHorse):
            continue
        assert isinstance(seat, int)
        for j in range(k - 1, max(-1, k - 16), -1):
            other, played = moves[j]
            if other in (CHANCE, seat) or played.kind != "place_bet":
                continue
            assert isinstance(other, int)
            for change in _swaps(moves, j, k):
                twin = states[j].clone()
                try:
                    for index in range(j, k):
                        actor, move = moves[index]
                        twin.apply(actor, change.get(index, move))
                except IllegalMove:
                    continue
                seen = twin.view(seat) == states[k].view(seat)
                if seen and twin.view(other) != states[k].view(other):
                    return a.record(), replayed(a, change, k, seed), k, seat
    return None


def test_a_searched_decision_never_uses_what_the_seat_could_not_see() -> None:
    """Issue 26, Honesty, for the search: two records differing only in a chip another
    seat laid face down (WC 6.1), which the seat moving a horse cannot see, give that
    move the same mark and values."""
    found = next(t for t in map(_hidden_twin, range(10)) if t is not None)
    a, b, index, seat = found
    assert a.moves != b.moves
    first = tote.review(a, seat=seat, worlds=5, search_worlds=8).decision(index)
    second = tote.review(b, seat=seat, worlds=5, search_worlds=8).decision(index)
    assert first.judge == "search" and first.mark is not None
    same = ("mark", "chosen", "best", "best_label", "lost", "scale", "difference", "move")
    assert {f: getattr(first, f) for f in same} == {f: getattr(second, f) for f in same}


GOOD_AND_BAD = (27, 102, 1)
"""Found by hand (seed, move index, seat) in the random 3-seat Winner's Circle game of
seed 27: in race 1 no horse has finished yet, seat 1 has its 2-chip on blue (and
1-chips on red and white) and no rival chip is on blue; the roll lets blue cross the
finish line first (WC 4.9), which seat 1 did, or orange, which only its rivals backed."""


def _good_and_bad() -> tuple[Match, dict[str, Any]]:
    seed, index, seat = GOOD_AND_BAD
    match = random_match("winners-circle", 3, seed=seed)
    state = match.game.new_state(match.options, 3)
    for actor, move in match.moves[:index]:
        state.apply(actor, move)
    assert match.moves[index] == (seat, MoveHorse("blue")) and not state.finished
    mine = {state.horse_names[b.horse]: b.chip for b in state.bets if b.seat == seat}
    theirs = {state.horse_names[b.horse] for b in state.bets if b.seat != seat}
    assert mine["blue"] == 2 and "blue" not in theirs
    assert "orange" not in mine and "orange" in theirs
    for horse in ("blue", "orange"):
        after = state.clone()
        after.apply(seat, MoveHorse(horse))
        assert after.finished == [state.horse_index[horse]]
    return match, {"seed": seed, "index": index, "seat": seat}


def test_a_clearly_bad_horse_move_is_marked_worse_than_a_clearly_good_one() -> None:
    """Issue 26: the search tells a clearly good move from a clearly bad one, found by
    hand (:data:`GOOD_AND_BAD`): blue, its own 2-chip horse, across the line first is the
    best move; orange, a horse only its rivals backed, first instead is a blunder."""
    match, at = _good_and_bad()
    index, seat = at["index"], at["seat"]
    good = tote.review(match.record(), seat=seat, worlds=5, search_worlds=20).decision(index)
    bad_record = replayed(match, {index: MoveHorse("orange")}, index, at["seed"])
    bad = tote.review(bad_record, seat=seat, worlds=5, search_worlds=20).decision(index)
    assert good.judge == bad.judge == "search"
    assert good.mark == "best" and good.lost == 0
    assert bad.mark == "blunder" and bad.difference is not None and bad.difference.low > 0
    assert bad.best_label == "move the blue horse"
    assert bad.accuracy is not None and good.accuracy is not None
    assert bad.accuracy < 37 < good.accuracy == 100


@pytest.mark.parametrize("bad", [1, -1, 10_001])
def test_a_search_budget_out_of_bounds_is_refused(bad: int) -> None:
    """Issue 26, Bad input: 0 (off) or 2 to 10,000 search worlds, else a clear refusal."""
    record = random_match("winners-circle", 3, seed=2).record()
    with pytest.raises(OptionsError, match="search worlds must be 0 \\(off\\) or 2 to 10,000"):
        tote.review(record, search_worlds=bad)


def test_the_search_turned_off_or_a_guess_says_why_it_is_not_judged() -> None:
    """NOT_JUDGED remains, with its reason in words: the search turned off; a Wits &
    Wagers guess, which strong leaves to its knowledge model (WW 2)."""
    off = tote.review(random_match("winners-circle", 3, seed=2).record(), search_worlds=0)
    horses = [d for d in off.decisions if d.move["type"] == "move_horse"]
    assert horses and all(d.reason and "search is turned off" in d.reason for d in horses)
    assert off.search_worlds == 0
    wits = tote.review(random_match("wits-and-wagers", 4, seed=0).record(), worlds=5)
    guesses = [d for d in wits.decisions if d.move["type"] == "guess"]
    assert guesses and all(d.reason == KNOWLEDGE.format(kind="guess") for d in guesses)
