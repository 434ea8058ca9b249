"""Issue 26, "Honesty": a review never uses what the seat could not see at the time, and
luck averages to zero over many games.

Per game: a random game (A), and a twin (B) that differs from it only in one earlier
move of another seat that the judged seat cannot see (a face-down chip, a secret ticket,
a secret bet: the seat's view, log included, is the same byte for byte up to its
decision), played on at random after the decision. The decision's marks and values
must be the same in both reviews; only what the move actually earned may differ.
"""

from __future__ import annotations

import dataclasses
import random
import statistics
from pathlib import Path
from typing import Any

import pytest

import tote
from tote.core import CHANCE, IllegalMove, Match, Move, Record, State, get_game
from tote.sim.play import random_match

from .records import replayed

WORLDS = 20
"""Worlds a decision in these tests: the equality checked holds at any budget."""

GAMES = [
    ("winners-circle", 3, {"hidden_bets": True}, "place_bet"),
    ("wits-and-wagers", 4, {"betting": "secret"}, "place_bets"),
    ("wetten", 3, {}, "set_the_stakes"),
    ("horse-fever", 3, {}, "play_action_card"),
    ("carcassonne", 3, {}, "place_chip"),
]
"""Each game, and the hidden move changed: a face-down chip (WC 6.1), a secret bet (WW
3.4), a secret ticket (WT 2), an Action card face down behind a lane (HF 2.2), a chip
face down on a betting office (CB 2.1)."""


def _alternatives(state: State, seat: int, move: Move, rng: random.Random) -> list[Move]:
    legal = state.legal_moves(seat)
    options = (
        list(legal) if legal is not None else [state.random_move(seat, rng) for _ in range(30)]
    )
    return [m for m in dict.fromkeys(options) if m != move]


def _changes(
    moves: list[tuple[Any, Move]], j: int, k: int, state: State, rng: random.Random
) -> list[dict[int, Move]]:
    """Ways to change the other seat's move ``j``: another move in its place, or its card
    swapped with the card of a later move of the same kind (two face-down cards)."""
    other, played = moves[j]
    changes: list[dict[int, Move]] = [{j: m} for m in _alternatives(state, other, played, rng)]
    card = getattr(played, "card", None)
    for later in range(j + 1, k):
        actor, move = moves[later]
        swapped = getattr(move, "card", None)
        if actor == other and move.kind == played.kind and swapped not in (None, card):
            first = dataclasses.replace(played, card=swapped)  # type: ignore[type-var]
            second = dataclasses.replace(move, card=card)  # type: ignore[type-var]
            changes.append({j: first, later: second})
    return changes


def hidden_twin(
    game_id: str, players: int, options: dict[str, Any], seed: int, kind: str
) -> tuple[Record, Record, int, int] | None:
    """Records A and B and the judged decision (move index, seat) whose seat cannot tell
    them apart when it decides; ``None`` if this game has no such pair."""
    game = get_game(game_id)
    markets = game.markets
    assert markets is not None
    a = random_match(game, players, options, seed)
    moves = a.moves
    states: list[State] = []
    state = game.new_state(a.options, players)
    for actor, move in moves:
        states.append(state.clone())
        state.apply(actor, move)
    rng = random.Random(seed)
    for k, (seat, _) in enumerate(moves):
        if seat == CHANCE or not markets.bets(states[k], seat):
            continue
        assert isinstance(seat, int)
        for j in range(k - 1, max(-1, k - 12), -1):
            other, played = moves[j]
            if other in (CHANCE, seat) or played.kind != kind:
                continue
            assert isinstance(other, int)
            for change in _changes(moves, j, k, states[j], rng):
                twin = states[j].clone()
                try:
                    for index in range(j, k):
                        actor, move = moves[index]
                        twin.apply(actor, change.get(index, move))
                except IllegalMove:
                    continue
                seen_alike = twin.view(seat) == states[k].view(seat)
                if seen_alike and twin.view(other) != states[k].view(other):
                    return a.record(), replayed(a, change, k, seed), k, seat
    return None


@pytest.mark.parametrize(("game", "players", "options", "kind"), GAMES, ids=[g[0] for g in GAMES])
def test_a_review_never_uses_what_the_seat_could_not_see(
    game: str, players: int, options: dict[str, Any], kind: str
) -> None:
    """Issue 26, Honesty: two records that differ only in what the seat could not see
    until its decision give that decision the same marks and values."""
    found = None
    for seed in range(10):
        found = hidden_twin(game, players, options, seed, kind)
        if found is not None:
            break
    assert found is not None, "no decision with something hidden from its seat"
    a, b, index, seat = found
    assert a.moves != b.moves
    first = tote.review(a, seat=seat, worlds=WORLDS, search_worlds=0).decision(index)
    second = tote.review(b, seat=seat, worlds=WORLDS, search_worlds=0).decision(index)
    assert first.mark is not None
    same = ("mark", "chosen", "best", "best_label", "lost", "scale", "expected", "move")
    assert {f: getattr(first, f) for f in same} == {f: getattr(second, f) for f in same}


def test_luck_averages_to_zero_over_many_games() -> None:
    """Issue 26, Honesty: over many games of random seats (who play as the board's
    rollouts do), what each judged bet actually earned minus what it was expected to
    earn averages to zero: |mean| under 3 standard errors (a seeded run, so the figure is
    the same every time: 60 games of 6 seats, 3,240 bets, read -0.7 standard errors). An
    expected value taken from the board's own value of the move (which values a chip
    beside a random one of the seat's own, WC's stated approximation) is too low and
    fails it (+4.2 standard errors)."""
    lucks: list[float] = []
    for seed in range(60):
        record = random_match("winners-circle", 6, seed=seed).record()
        found = tote.review(record, worlds=4, search_worlds=0)
        lucks += [d.luck for d in found.decisions if d.luck is not None]
    assert len(lucks) == 60 * 6 * 9
    mean = statistics.fmean(lucks)
    error = statistics.stdev(lucks) / len(lucks) ** 0.5
    assert abs(mean) < 3 * error, (mean, error)


@pytest.mark.parametrize(
    ("game", "players", "games", "bets"),
    [("wetten", 4, 100, 5006), ("horse-fever", 4, 100, 2627), ("carcassonne", 3, 60, 1555)],
)
def test_luck_averages_to_zero_in_the_other_games(
    game: str, players: int, games: int, bets: int
) -> None:
    """Issue 26, Honesty ("the expected line and the actual result agree on average over
    many simulated games"), in the games whose board models the others as the random
    seats play: |mean luck| under 3 standard errors over seeded games (docs/review.md
    gives each figure: Wetten! -1.4, Horse Fever -0.2, Carcassonne +1.2 standard
    errors). Wits & Wagers is left out on purpose: its board's belief of the answer is
    the spread of the guesses, not the true answer's law, and docs/review.md reports the
    bias that leaves."""
    lucks: list[float] = []
    for seed in range(games):
        record = random_match(game, players, seed=seed).record()
        found = tote.review(record, worlds=4, search_worlds=0)
        lucks += [d.luck for d in found.decisions if d.luck is not None]
    assert len(lucks) == bets
    mean = statistics.fmean(lucks)
    error = statistics.stdev(lucks) / len(lucks) ** 0.5
    assert abs(mean) < 3 * error, (mean, error)


def _pack(folder: Path, answers: list[int]) -> str:
    """A question pack: the same questions, these answers."""
    folder.mkdir()
    rows = [f"q{i},How many beans are in jar {i}?,{a}" for i, a in enumerate(answers)]
    path = folder / "pack.csv"
    path.write_text("id,text,answer\n" + "\n".join(rows) + "\n")
    return str(path)


def test_the_answer_still_face_down_is_never_read(tmp_path: Path) -> None:
    """Issue 26, Honesty, Wits & Wagers: the answer to the question under way is hidden
    until the bets are paid (WW 4.1). Two games whose question packs differ only in the
    answers (in two folders), played alike up to a seat's first bet (the seat's view the
    same but for the pack's folder), give that bet the same marks and values."""
    answers = [100 + 37 * i for i in range(12)]
    a = random_match("wits-and-wagers", 4, {"question_pack": _pack(tmp_path / "a", answers)}, 3)
    options_b = {"question_pack": _pack(tmp_path / "b", [n // 100 for n in answers])}
    index, seat = next(
        (i, actor) for i, (actor, move) in enumerate(a.moves) if move.kind == "place_bets"
    )
    assert isinstance(seat, int)
    b = Match("wits-and-wagers", 4, options_b, seed=None)
    replayed = get_game("wits-and-wagers").new_state(a.options, 4)
    for i, (actor, move) in enumerate(a.moves[: index + 1]):
        if i == index:
            seen_b, seen_a = b.state.view(seat), replayed.view(seat)
            for seen in (seen_a, seen_b):  # the file's name differs, nothing else
                assert seen["state"].pop("question_pack").endswith("pack.csv")
            assert seen_b == seen_a
        replayed.apply(actor, move)
        if actor == CHANCE:
            b.play_chance(move)
        else:
            assert isinstance(actor, int)
            b.play(actor, move)
    b.rng = random.Random(5)
    b.advance()
    moves = random.Random(6)
    while not b.state.is_over:
        turn = b.state.turn().seats[0]
        b.play(turn, b.state.random_move(turn, moves))
    b.seed = a.seed
    first = tote.review(a.record(), seat=seat, worlds=WORLDS, search_worlds=0).decision(index)
    second = tote.review(b.record(), seat=seat, worlds=WORLDS, search_worlds=0).decision(index)
    same = ("mark", "chosen", "best", "best_label", "lost", "scale", "expected", "move")
    assert first.mark is not None
    assert {f: getattr(first, f) for f in same} == {f: getattr(second, f) for f in same}
