"""The core contract, checked on a toy game and on the record format."""

from __future__ import annotations

import json

import pytest

from tote.core import CHANCE, IllegalMove, MalformedMove, Match, Record, RecordError, Result
from tote.core.errors import OptionsError
from tote.core.registry import all_games, get_game
from tote.sim.runner import random_match

from .toy import TOY, Die, Pick


def test_simultaneous_moves_are_committed_then_resolved_together() -> None:
    """Core: secret simultaneous moves show as 'committed' until every seat has moved."""
    state = TOY.new_state(None, 2)
    assert state.turn().seats == (0, 1) and state.turn().simultaneous
    state.apply(1, {"type": "pick", "number": 2})
    assert state.turn().seats == (0,)
    other = state.view(0)
    assert other["committed"] == [1]
    assert other["my_commitment"] is None
    assert "number" not in json.dumps(other["log"]), "seat 0 must not see seat 1's pick"
    assert state.view(1)["my_commitment"] == {"type": "pick", "number": 2}
    assert json.dumps(state.view(None)).count('"number"') == 0
    state.apply(0, Pick(1))
    assert state.turn().chance
    assert state.log[-1].public == {"picks": {0: 1, 1: 2}}


def test_a_seat_cannot_commit_twice() -> None:
    state = TOY.new_state(None, 2)
    state.apply(0, Pick(1))
    with pytest.raises(IllegalMove, match="already committed") as err:
        state.apply(0, Pick(2))
    assert err.value.rule == "simultaneous moves"


def test_refused_move_changes_nothing() -> None:
    """Core: an illegal or malformed move is refused and the state is untouched."""
    state = TOY.new_state(None, 2)
    state.apply(0, Pick(1))
    before = json.dumps([state.view(s) for s in (None, 0, 1)])
    for actor, move in [
        (1, {"type": "pick", "number": 7}),
        (1, {"type": "pick"}),
        (1, {"type": "pick", "number": "x"}),
        (1, {"type": "jump"}),
        (1, {"type": "pick", "number": 1, "extra": 1}),
        (1, "pick 1"),
        (5, {"type": "pick", "number": 1}),
        (CHANCE, {"type": "die", "face": 3}),
    ]:
        with pytest.raises(IllegalMove):
            state.apply(actor, move)  # type: ignore[arg-type]
    assert json.dumps([state.view(s) for s in (None, 0, 1)]) == before


def test_malformed_moves_name_the_problem() -> None:
    state = TOY.new_state(None, 2)
    with pytest.raises(MalformedMove, match="unknown move type 'jump'"):
        state.apply(0, {"type": "jump"})
    with pytest.raises(MalformedMove, match="unknown field"):
        state.apply(0, {"type": "pick", "number": 1, "colour": "red"})
    with pytest.raises(MalformedMove, match="field number"):
        state.apply(0, {"type": "pick", "number": "one"})


def test_chance_outcomes_must_be_possible() -> None:
    state = TOY.new_state(None, 2)
    state.apply(0, Pick(1))
    state.apply(1, Pick(1))
    with pytest.raises(IllegalMove, match="not a possible outcome"):
        state.apply(CHANCE, Die(9))
    state.apply(CHANCE, Die(3))
    assert state.view(None)["state"]["scores"] == [1, 1]


def test_sample_chance_follows_the_seed() -> None:
    a = Match(TOY, 2, seed=42)
    b = Match(TOY, 2, seed=42)
    for match in (a, b):
        while not match.state.is_over:
            for seat in match.state.turn().seats:
                match.play(seat, Pick(1))
    assert a.record() == b.record()


def test_result_ranks_ties_together() -> None:
    """Core: results allow ties; tied seats share rank and the win."""
    result = Result.from_scores([5, 9, 9, 1])
    assert result.ranking == (3, 1, 1, 4)
    assert result.winners == (1, 2)


def test_options_are_validated_with_clear_errors() -> None:
    assert TOY.options({}, ["long"]).model_dump() == {"rounds": 5}
    with pytest.raises(OptionsError, match="no variant 'short'"):
        TOY.options({}, ["short"])
    with pytest.raises(OptionsError, match="rounds"):
        TOY.options({"rounds": "many"})
    with pytest.raises(OptionsError, match="colour"):
        TOY.options({"colour": "red"})
    with pytest.raises(OptionsError, match="2 to 3 players"):
        TOY.new_state(None, 4)


def test_registry_lists_the_stable_game_ids() -> None:
    ids = [game.id for game in all_games()]
    assert "winners-circle" in ids
    assert get_game("winners-circle").title == "Winner's Circle"
    with pytest.raises(OptionsError, match="unknown game 'chess'"):
        get_game("chess")


def _finished_record(seed: int) -> Record:
    return random_match("winners-circle", 3, seed=seed).record()


def test_record_round_trips_through_json_and_replays_identically() -> None:
    """Records: replaying gives the identical state and result."""
    record = _finished_record(7)
    again = Record.from_json(json.loads(record.to_json_text()))
    assert again == record
    original = Match.replay(record)
    replayed = Match.replay(again)
    for seat in (None, 0, 1, 2):
        assert replayed.state.view(seat) == original.state.view(seat)
    assert record.result is not None
    assert replayed.state.result() == original.state.result()


def test_record_with_chance_written_out_replays_without_seed() -> None:
    """Records: a record whose chance moves are written out needs no seed."""
    record = _finished_record(11)
    unseeded = record.model_copy(update={"seed": None})
    assert Match.replay(unseeded).state.result() == Match.replay(record).state.result()


def test_record_may_script_some_chance_and_draw_the_rest_from_the_seed() -> None:
    """Records: seat moves alone plus the seed reproduce the game."""
    record = _finished_record(5)
    seats_only = record.model_copy(update={"moves": [m for m in record.moves if m.by != CHANCE]})
    assert Match.replay(seats_only).state.result() == Match.replay(record).state.result()


def test_record_without_chance_or_seed_is_refused() -> None:
    record = _finished_record(5)
    bare = record.model_copy(
        update={"seed": None, "moves": [m for m in record.moves if m.by != CHANCE]}
    )
    with pytest.raises(RecordError, match=r"move 0 .*needs a chance move"):
        Match.replay(bare)


def test_record_with_an_illegal_move_names_index_seat_and_rule() -> None:
    record = _finished_record(3)
    moves = list(record.moves)
    index = next(i for i, m in enumerate(moves) if m.by != CHANCE)
    seat = moves[index].by
    moves[index] = moves[index].model_copy(
        update={"move": {"type": "place_bet", "horse": "pink", "chip": 1}}
    )
    bad = record.model_copy(update={"moves": moves, "result": None})
    with pytest.raises(RecordError) as err:
        Match.replay(bad)
    assert err.value.index == index
    assert f"move {index} (by seat {seat})" in str(err.value)
    assert "WC 3.2" in str(err.value)


def test_record_stating_a_false_result_is_refused() -> None:
    record = _finished_record(3)
    assert record.result is not None
    lie = record.model_copy(update={"result": {**record.result, "scores": [0, 0, 99999]}})
    with pytest.raises(RecordError, match="does not give the result"):
        Match.replay(lie)


def test_record_accepts_seat_numbers_written_as_text() -> None:
    record = _finished_record(2)
    data = json.loads(record.to_json_text())
    for entry in data["moves"]:
        if entry["by"] != "chance":
            entry["by"] = str(entry["by"])
    assert (
        Match.replay(Record.from_json(data)).state.result() == Match.replay(record).state.result()
    )


def test_malformed_record_is_one_clear_error() -> None:
    with pytest.raises(RecordError, match="players"):
        Record.from_json({"game": "winners-circle"})
    with pytest.raises(RecordError, match="format"):
        Record.from_json({"format": "pgn", "game": "x", "players": []})
