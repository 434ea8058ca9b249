"""Records: a finished Winner's Circle match replays to the identical game."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tote.core import CHANCE, Match, Record, RecordError
from tote.games.winners_circle import GAME
from tote.sim.runner import random_match


def play_match(seed: int, players: int = 3, **options: Any) -> Match:
    return random_match(GAME, players, options, seed)


def all_views(match: Match) -> list[str]:
    seats: list[int | None] = [None, *range(match.state.num_players)]
    return [json.dumps(match.state.view(s), sort_keys=True) for s in seats]


@pytest.mark.parametrize(
    "options",
    [{}, {"hidden_bets": True, "royal_turf": True}, {"crowded_field": True}],
    ids=["standard", "hidden-bets+royal-turf", "crowded-field"],
)
def test_seeded_record_replays_to_the_identical_game(options: dict[str, Any]) -> None:
    """A seeded match's record, through its JSON text, replays to the same view for every
    seat and for spectators, and the same result."""
    match = play_match(21, 4, **options)
    record = match.record()
    assert record.result is not None
    text = record.to_json_text()
    again = Match.replay(Record.from_json(json.loads(text)))
    assert all_views(again) == all_views(match)
    assert again.state.result() == match.state.result()
    assert again.record().to_json_text() == text


def test_record_with_chance_written_out_replays_without_a_seed() -> None:
    """Every chance move (draws, first bettor, rolls) is in the record, so it replays with
    no seed at all."""
    match = play_match(5)
    record = match.record().model_copy(update={"seed": None})
    assert any(m.by == CHANCE for m in record.moves)
    again = Match.replay(record)
    assert all_views(again) == all_views(match)
    assert again.state.result() == match.state.result()


def test_record_without_chance_moves_draws_them_from_its_seed() -> None:
    """A record giving only the seats' moves replays by drawing chance from its seed."""
    match = play_match(8)
    record = match.record()
    seats_only = record.model_copy(update={"moves": [m for m in record.moves if m.by != CHANCE]})
    again = Match.replay(seats_only)
    assert all_views(again) == all_views(match)


def test_record_without_chance_and_without_seed_is_refused() -> None:
    """No seed and no written chance moves: the replay says which move it stopped at."""
    match = play_match(8)
    record = match.record()
    moves = [m for m in record.moves if m.by != CHANCE]
    broken = record.model_copy(update={"moves": moves, "seed": None, "result": None})
    with pytest.raises(RecordError) as info:
        Match.replay(broken)
    assert info.value.index == 0
    assert "move 0 (by seat" in str(info.value)


def test_record_with_an_illegal_move_names_index_seat_and_rule() -> None:
    """An illegal move in a record is refused with its index, its seat and the rule."""
    match = play_match(13)
    record = match.record()
    index = next(i for i, m in enumerate(record.moves) if m.move["type"] == "place_bet")
    entry = record.moves[index]
    bad = entry.model_copy(update={"move": {**entry.move, "horse": "pegasus"}})
    moves = [*record.moves[:index], bad, *record.moves[index + 1 :]]
    with pytest.raises(RecordError) as info:
        Match.replay(record.model_copy(update={"moves": moves}))
    assert info.value.index == index
    message = str(info.value)
    assert f"move {index} (by seat {entry.by})" in message
    assert "WC 3.2 betting areas" in message


def test_record_with_a_move_by_the_wrong_seat_is_refused() -> None:
    """A move credited to a seat whose turn it is not is refused naming "turn order"."""
    match = play_match(13, 3)
    record = match.record()
    index = next(i for i, m in enumerate(record.moves) if m.by != CHANCE)
    entry = record.moves[index]
    assert isinstance(entry.by, int)
    wrong = entry.model_copy(update={"by": (entry.by + 1) % 3})
    moves = [*record.moves[:index], wrong, *record.moves[index + 1 :]]
    with pytest.raises(RecordError) as info:
        Match.replay(record.model_copy(update={"moves": moves}))
    assert info.value.index == index
    assert f"by seat {(entry.by + 1) % 3}" in str(info.value)
    assert "turn order" in str(info.value)


def test_record_accepts_a_seat_written_as_text() -> None:
    """Records accept "by": "1" for seat 1."""
    match = play_match(2)
    data = json.loads(match.record().to_json_text())
    for entry in data["moves"]:
        if entry["by"] != "chance":
            entry["by"] = str(entry["by"])
    record = Record.from_json(data)
    assert all(isinstance(m.by, int) or m.by == CHANCE for m in record.moves)
    again = Match.replay(record)
    assert all_views(again) == all_views(match)


def test_record_stating_a_wrong_result_is_refused() -> None:
    """A record whose stated scores differ from the replay is refused."""
    match = play_match(4)
    record = match.record()
    assert record.result is not None
    scores = [s + 50 for s in record.result["scores"]]
    with pytest.raises(RecordError):
        Match.replay(record.model_copy(update={"result": {**record.result, "scores": scores}}))
