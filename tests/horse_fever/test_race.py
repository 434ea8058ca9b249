"""HF 3.1-3.2: showing the Action cards and the race."""

from __future__ import annotations

from tote.core import CHANCE
from tote.games.horse_fever.moves import PhotoFinish, RevealMovementCard, RollSprintDice
from tote.games.horse_fever.state import HorseFeverState

from .hf_helpers import (
    assert_refused,
    at_race,
    chance_refusal,
    events,
    force_rows,
    positions,
    race_with,
    unit,
)


def lane(state: HorseFeverState, colour: str) -> int:
    return state.lane_of[colour]


def test_hf_3_2_movement_card_example_stables_at_1_2_and_1_3() -> None:
    """HF 3.2 example: red and green on 1:2, yellow on 1:3; the card shows 4 next to 1:2
    and 2 next to 1:3: red and green move 4 squares, yellow 2."""
    state = at_race(4)
    force_rows(state, {"red": 2, "green": 2, "yellow": 3, "black": 5, "blue": 6, "white": 7})
    card = "M18"  # scan 100: 4 2 2 2 2 0
    assert state.movement[card].values[:2] == (4, 2)
    state.apply(CHANCE, RevealMovementCard(card))
    moved = positions(state)
    assert moved["red"] == moved["green"] == 4 and moved["yellow"] == 2
    assert moved["white"] == 0  # 1:7 shows 0 on this card


def test_hf_3_2_sprint_each_colour_once_and_double_only_once() -> None:
    """HF 3.2 Sprint: both dice move their horses one more square; a double moves that
    horse only one square."""
    state = at_race(2)
    unit(state, "M01", ("red", "blue"))  # scan 83: 3 3 2 2 2 2
    p = positions(state)
    assert p["red"] == 2 + 1 and p["blue"] == 3 + 1 and p["green"] == 2
    unit(state, "M02", ("green", "green"))  # scan 84: 3 2 3 2 2 2
    assert positions(state)["green"] == 2 + 3 + 1


def test_hf_3_2_ranking_farther_past_the_line_first_and_sprint_lost_when_placed() -> None:
    """HF 3.2 Finish Line / Ranking: horses at or past the line are placed, farther
    first; a placed horse loses its sprint; the race ends when all are placed."""
    state = at_race(2)
    state.positions[:] = [11, 10, 0, 0, 0, 0]
    state.unit = 1  # past the Start
    unit(state, "M17", ("white", "white"))  # scan 99: 4 3 2 2 2 2: black 15, blue 13
    assert [state.colours[i] for i in state.ranking] == ["black", "blue"]
    state.apply(CHANCE, RevealMovementCard("M01"))
    before = state.positions[0]
    state.apply(CHANCE, state.chance_outcomes()[0][0])  # black, black
    assert state.positions[0] == before  # the sprint of a placed horse is lost


def test_hf_3_2_start_cards_change_only_the_first_movement_card() -> None:
    """Action A (Magna Velocitas: Start = 4, Globus Obscurus: Start = 0) and B (Fortuna
    Benevola +1, Aqua Putrida -1, never below 0) act at the Start only."""
    state = race_with([("A01", "white"), ("A08", "black"), ("A02", "blue"), ("A09", "green")])
    unit(state, "M01", ("yellow", "yellow"))  # 3 3 2 2 2 2
    p = positions(state)
    assert (p["white"], p["black"], p["blue"], p["green"]) == (4, 0, 4, 1)
    unit(state, "M16", ("yellow", "yellow"))
    p = positions(state)
    assert (p["white"], p["black"], p["blue"], p["green"]) == (4 + 2, 0 + 3, 4 + 3, 1 + 2)


def test_hf_3_1_same_letter_cards_on_one_horse_cancel() -> None:
    """HF 3.1 with game-data 2a (ruling R1): Magna Velocitas and Globus Obscurus (both A)
    on white cancel: white moves its card value at the Start."""
    state = race_with([("A01", "white"), ("A08", "white")])
    assert events(state, "cards_cancelled")[0]["cards"] == ["A01", "A08"]
    unit(state, "M01", ("yellow", "yellow"))
    assert positions(state)["white"] == 2


def test_hf_3_1_friz_finden_removes_negative_cards_rochelle_positive_ones() -> None:
    """Friz Finden: all negative cards on that horse are removed; Rochelle Recherche: all
    positive ones; removal comes before same-letter cancellation (ruling R1)."""
    state = race_with(
        [
            ("A16", "white"),
            ("A08", "white"),
            ("A20", "black"),
            ("A01", "black"),
            ("A02", "black"),
            ("A09", "red"),
        ]
    )
    unit(state, "M01", ("yellow", "yellow"))
    p = positions(state)
    assert p["white"] == 2  # Globus removed
    assert p["black"] == 3  # Magna and Fortuna removed
    assert p["red"] == 1  # Aqua Putrida stands


def test_hf_3_1_odds_cards_move_the_stable_token_two_rows() -> None:
    """Alfio Allibratore: odds up two rows (capped at 1:2); Steven Sting: down two
    rows (capped at 1:7); the race uses the new odds."""
    state = race_with([("A15", "white"), ("A19", "black"), ("A15", "blue")][:2])
    assert state.odds(lane(state, "white")) == 5  # 1:7 -> 1:5
    assert state.odds(lane(state, "black")) == 4  # 1:2 -> 1:4
    unit(state, "M03", ("yellow", "yellow"))  # scan 85: 3 2 2 3 2 2
    assert positions(state)["white"] == 3


def test_hf_3_2_sprint_cards() -> None:
    """C: Flagellum Fulguris sprint +1, Serum Maleficum never sprints; D: Herba Magica
    sprint = 2, Venenum Veneficum sprint -1."""
    state = race_with([("A03", "white"), ("A10", "black"), ("A04", "blue"), ("A11", "green")])
    unit(state, "M01", ("white", "black"))
    p = positions(state)
    assert p["white"] == 2 + 2 and p["black"] == 3
    unit(state, "M16", ("blue", "green"))
    p = positions(state)
    assert p["blue"] == 3 + 3 + 2 and p["green"] == 2 + 2


def test_hf_3_2_finish_line_cards() -> None:
    """E: Fustis et Radix +2 squares on reaching the line; XIII stops on the line
    (sprints still apply), so Fustis' horse finishes ahead."""
    state = race_with([("A06", "white"), ("A13", "black")])
    state.positions[:] = [10, 0, 0, 0, 0, 10]
    unit(state, "M17", ("black", "blue"))  # black +4 -> 14 stopped at 12, sprint 13
    assert state.positions[0] == 13
    assert state.positions[5] == 10 + 2 + 2  # white (1:7) +2, +2 at the line
    assert [state.colours[i] for i in state.ranking] == ["white", "black"]


def test_hf_3_2_first_and_last_cards_after_the_start() -> None:
    """G: Vigor Ferreum: last when a card is revealed moves 4; Felix Infernalis: first
    does not move; positions before the move, not at the Start."""
    state = race_with([("A07", "white"), ("A14", "black")])
    unit(state, "M01", ("yellow", "yellow"))  # Start: black 3, white 2
    assert positions(state)["white"] == 2 and positions(state)["black"] == 3
    unit(state, "M16", ("yellow", "yellow"))
    p = positions(state)
    assert p["black"] == 3  # it was first: no move
    assert p["white"] == 2 + 4  # last (tied with others at 2): moves 4


def test_hf_3_2_photo_finish_higher_odds_wins() -> None:
    """HF 3.2 Photo Finish: tied horses: the higher odds (1:2 over 1:3) wins."""
    state = at_race(2)
    state.positions[:] = [9, 10, 0, 0, 0, 0]
    state.unit = 1
    unit(state, "M03", ("white", "white"))  # black +3 = 12, blue +2 = 12
    assert [state.colours[i] for i in state.ranking] == ["black", "blue"]


def test_hf_3_2_in_igni_veritas_wins_mala_tempora_loses_photo_finishes() -> None:
    state = race_with([("A05", "blue"), ("A12", "black")])
    state.positions[:] = [9, 10, 10, 0, 0, 0]
    state.unit = 1
    unit(state, "M03", ("white", "white"))  # black 12, blue 12, green 12
    assert [state.colours[i] for i in state.ranking] == ["blue", "green", "black"]


def test_hf_3_2_first_player_orders_horses_with_the_same_odds() -> None:
    """HF 3.2 Photo Finish: same odds: the First Player decides the order."""
    state = at_race(2)
    force_rows(state, {"red": 2, "green": 2})
    state.positions[:] = [0, 0, 10, 10, 0, 0]
    state.unit = 1
    unit(state, "M03", ("white", "white"))  # 1:2 moves 3: green and red both 13
    assert state.phase == "photo_finish" and state.turn().seats == (state.first_player,)
    assert_refused(state, 0, PhotoFinish("black"), "HF 3.2 photo finish")
    state.apply(0, PhotoFinish("red"))
    assert [state.colours[i] for i in state.ranking] == ["red", "green"]
    assert state.phase == "movement"


def test_hf_3_2_a_movement_card_already_revealed_is_refused_saying_so() -> None:
    """HF 3.2: each Race Unit reveals the next Movement card; one revealed in this race
    is not in the deck until the race is over (ruling R3)."""
    state = at_race(2)
    unit(state, "M18", ("black", "blue"))
    assert state.phase == "movement"
    message = chance_refusal(state, RevealMovementCard("M18"))
    assert "Movement card M18 was already revealed in this race" in message
    assert "no Movement card 'M99'" in chance_refusal(state, RevealMovementCard("M99"))


def test_hf_3_2_sprint_dice_faces_that_do_not_exist_are_refused_saying_so() -> None:
    """HF 3.2b: the Sprint dice show the six Stable colours, nothing else."""
    state = at_race(2)
    state.apply(CHANCE, RevealMovementCard("M18"))
    message = chance_refusal(state, RollSprintDice("black", "purple"))
    assert "the Sprint dice have no 'purple' face" in message
    message = chance_refusal(state, RevealMovementCard("M01"))
    assert "the pending chance event is the roll of the Sprint dice (HF 3.2b)" in message
