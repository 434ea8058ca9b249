"""Records: a Wits & Wagers match replays to the identical game; question draws are
chance moves a record writes out (or leaves to its seed) and a script may choose."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tote.core import CHANCE, Match, Record, RecordError
from tote.games.wits_and_wagers import GAME
from tote.games.wits_and_wagers.moves import DrawQuestion, Guess, LockBets, PlaceBets, Wager
from tote.sim.runner import play_bots_recorded, random_match

from .ww_helpers import Script, bet_facts, random_step, seven


def play_match(seed: int, players: int = 4, **options: Any) -> Match:
    return random_match(GAME, players, options, seed)


def all_views(match: Match) -> list[str]:
    seats: list[int | None] = [None, *range(match.state.num_players)]
    return [json.dumps(match.state.view(s), sort_keys=True) for s in seats]


@pytest.mark.parametrize("betting", ["open", "secret"])
def test_seeded_record_replays_to_the_identical_game(betting: str) -> None:
    """A seeded match's record, through its JSON text, replays to the same view for
    every seat and the spectators, the same result and the same record."""
    match = play_match(21, 5, betting=betting)
    record = match.record()
    assert record.result is not None
    assert sum(1 for m in record.moves if m.by == CHANCE) == 7
    text = record.to_json_text()
    again = Match.replay(Record.from_json(json.loads(text)))
    assert all_views(again) == all_views(match)
    assert again.state.result() == match.state.result()
    assert again.record().to_json_text() == text


def test_bot_game_record_replays_identically() -> None:
    """A game of the betting bots (all options they touch: poker chips, locks) replays."""
    options = GAME.options({"betting": "open"})
    result, record = play_bots_recorded(GAME, options, ["bettor", "expert", "novice", "random"], 9)
    again = Match.replay(Record.from_json(json.loads(record.to_json_text())))
    assert again.state.result() == result
    assert len(again.state.view(None)["state"]["history"]) == 7


def test_record_with_chance_written_out_replays_without_a_seed() -> None:
    """Every question draw is in the record, so it replays with no seed at all."""
    match = play_match(5)
    record = match.record().model_copy(update={"seed": None})
    again = Match.replay(record)
    assert all_views(again) == all_views(match)


def test_record_without_chance_moves_draws_them_from_its_seed() -> None:
    """A record giving only the seats' moves replays by drawing questions from its seed."""
    match = play_match(8)
    record = match.record()
    seats_only = record.model_copy(update={"moves": [m for m in record.moves if m.by != CHANCE]})
    again = Match.replay(seats_only)
    assert all_views(again) == all_views(match)


def test_scripted_question_draws_replay_from_a_record(pack: str) -> None:
    """WW 1.3: a script chooses the questions; its record (no seed) replays them."""
    game = Script(7, question_pack=pack)
    order = ["y1991", "a45", "a35", "a25", "a15", "a5", "y1985"]
    for k, qid in enumerate(order):
        game.question(qid, seven(), {s: [(0, 0)] for s in range(k % 7)})
    record = game.record()
    assert [m.move["question"] for m in record.moves if m.by == CHANCE] == order
    again = Match.replay(Record.from_json(json.loads(record.to_json_text())))
    assert [q["id"] for q in again.state.view(None)["state"]["history"]] == order
    for seat in (None, *range(7)):
        assert again.state.view(seat) == game.state.view(seat)


def test_scripted_draw_then_play_through_a_match(pack: str) -> None:
    """WW 1.3 through a Match without a seed: the first question is scripted with
    ``play_chance`` and the seats play through the match."""
    match = Match(GAME, 4, {"question_pack": pack}, seed=None, auto_chance=False)
    match.play_chance(DrawQuestion("a45"))
    for seat in range(4):
        match.play(seat, Guess(str(40 + seat % 3)))
    match.play(0, PlaceBets((Wager(4, 0),)))
    shown = match.state.view(None)["state"]["bets"]
    assert list(shown) == ["0"] and bet_facts(shown["0"]) == [{"slot": 4, "chips": 0, "odds": 2}]
    assert [m.by for m in match.record().moves] == [CHANCE, 0, 1, 2, 3, 0]


def test_scripted_draws_for_every_question_through_a_seedless_match(pack: str) -> None:
    """WW 1.3: a seedless match scripts every question draw with ``play_chance``."""
    match = Match(GAME, 4, {"question_pack": pack}, seed=None, auto_chance=False)
    for qid in ("a5", "a15", "a25", "a35", "a45", "a55", "a65"):
        match.play_chance(DrawQuestion(qid))
        for seat in range(4):
            match.play(seat, Guess("1"))
        for seat in range(4):
            match.play(seat, LockBets())
    assert match.state.is_over


def test_record_drawing_a_question_twice_is_refused(pack: str) -> None:
    """WW 1.3: a record asking the same question twice is refused at that draw."""
    game = Script(4, question_pack=pack)
    game.question("a45", {})
    game.question("a35", {})
    record = game.record()
    draws = [i for i, m in enumerate(record.moves) if m.by == CHANCE]
    moves = list(record.moves)
    moves[draws[1]] = moves[draws[1]].model_copy(update={"move": {**moves[draws[0]].move}})
    with pytest.raises(RecordError) as info:
        Match.replay(record.model_copy(update={"moves": moves}))
    assert info.value.index == draws[1]
    assert "not a possible outcome" in str(info.value)


def test_record_with_an_illegal_move_names_index_seat_and_rule(pack: str) -> None:
    """An illegal bet in a record is refused with its index, seat and rule."""
    game = Script(4, question_pack=pack)
    game.question("a45", {0: "10", 1: "20"}, {2: [(3, 0)]})
    record = game.record()
    index = next(i for i, m in enumerate(record.moves) if m.move["type"] == "place_bets")
    entry = record.moves[index]
    bad = entry.model_copy(update={"move": {"type": "place_bets", "bets": [{"slot": 4}]}})
    moves = [*record.moves[:index], bad, *record.moves[index + 1 :]]
    with pytest.raises(RecordError) as info:
        Match.replay(record.model_copy(update={"moves": moves, "result": None}))
    assert info.value.index == index
    assert f"move {index} (by seat 2)" in str(info.value)
    assert "WW 3.3 payout slots" in str(info.value)


def test_record_stating_a_wrong_result_is_refused() -> None:
    """A record whose stated scores differ from the replay is refused."""
    match = play_match(4)
    record = match.record()
    assert record.result is not None
    scores = [s + 5 for s in record.result["scores"]]
    with pytest.raises(RecordError):
        Match.replay(record.model_copy(update={"result": {**record.result, "scores": scores}}))


def test_random_steps_replay_from_a_scripted_record(pack: str) -> None:
    """Moved and locked open bets, blank cards, fractions: all replay identically."""
    game = Script(6, question_pack=pack)
    rng = random.Random(77)
    while not game.state.is_over:
        actor, move = random_step(game.state, rng)
        game.moves.append((actor, move))
    again = Match.replay(game.record())
    for seat in (None, *range(6)):
        assert again.state.view(seat) == game.state.view(seat)
