"""WT 4: the finishing order, with the rulebook's two tie examples."""

from __future__ import annotations

from tote.games.wetten.moves import Pass, PlayActionCard
from tote.games.wetten.race import assign_places, finishing_groups
from tote.games.wetten.state import WettenState

from .wt_helpers import (
    EVEN,
    card,
    events,
    new_state,
    pass_window,
    places,
    play_round,
    put_horse,
    to_neck_and_neck,
)


def even_race(actions: dict[int, list[str]] | None = None) -> WettenState:
    """Three players, each holding a (2,2,2,2) card: every horse moves 6 a round."""
    state = new_state(3)
    to_neck_and_neck(
        state,
        race={s: [EVEN[s], EVEN[3]] if s == 0 else [EVEN[s]] for s in range(3)},
        actions=actions or {},
    )
    return state


def test_wt_4_1_a_horse_finishes_when_past_the_line() -> None:
    """WT 4.1: a horse finishes once it has moved more than the track's 32 fields;
    landing exactly on field 32 is not yet across."""
    state = even_race()
    put_horse(state, "Queen", 26)  # 26 + 6 = 32: on the last field
    put_horse(state, "Raider", 27)  # 33: across
    play_round(state, {s: EVEN[s] for s in range(3)})
    pass_window(state)
    assert places(state)["Queen"] is None and places(state)["Raider"] == 1


def test_wt_4_3_farther_past_the_line_ranks_first() -> None:
    """WT 4.3: two horses crossing in one round: the one farther past the line first."""
    state = even_race()
    put_horse(state, "Queen", 28)  # -> 34
    put_horse(state, "Raider", 30)  # -> 36
    play_round(state, {s: EVEN[s] for s in range(3)})
    pass_window(state)
    assert places(state) == {"Queen": 2, "Raider": 1, "Lucky Slevin": None, "Joker": None}


def test_wt_4_4_rulebook_doping_accident_example() -> None:
    """WT 4.4, the rulebook's example: Raider and Lucky Slevin are 4 fields before the
    line and both move 6. Doping on Raider puts it ahead; Accident on Raider then takes
    the 2 again: they share the place."""
    state = even_race(actions={0: ["doping-1"], 2: ["accident-1"]})
    put_horse(state, "Raider", 28)
    put_horse(state, "Lucky Slevin", 28)
    play_round(state, {s: EVEN[s] for s in range(3)})
    assert state.timing == "neck_and_neck"
    seat = state.priority
    plays = {
        0: PlayActionCard("doping-1", horse="Raider"),
        2: PlayActionCard("accident-1", horse="Raider"),
    }
    while 0 in plays or 2 in plays:
        seat = state.turn().seats[0]
        if seat in plays and (seat == 0 or 0 not in plays):
            state.apply(seat, plays.pop(seat))
        else:
            state.apply(seat, Pass())
    pass_window(state)
    assert state.moved[1] == state.moved[2] == 6
    assert places(state)["Raider"] == places(state)["Lucky Slevin"] == 1


def test_wt_4_4_doping_alone_puts_the_horse_ahead() -> None:
    """WT 4.4: with Doping only, Raider (moved 8) is farther past the line than Slevin."""
    state = even_race(actions={0: ["doping-1"]})
    put_horse(state, "Raider", 28)
    put_horse(state, "Lucky Slevin", 28)
    play_round(state, {s: EVEN[s] for s in range(3)})
    while state.stage == "window":
        seat = state.turn().seats[0]
        doping = seat == 0 and "doping-1" in state.actions[0]
        move = PlayActionCard("doping-1", horse="Raider") if doping else Pass()
        state.apply(seat, move)
    assert places(state)["Raider"] == 1 and places(state)["Lucky Slevin"] == 2


def test_wt_4_4_same_field_larger_movement_this_round_first() -> None:
    """WT 4.4 / ruling 5: same field after crossing: the larger movement this round first."""
    groups = finishing_groups([1, 2], position=[0, 36, 36, 0], moved=[0, 8, 6, 0])
    assert groups == [[1], [2]]


def test_wt_4_5_rulebook_shared_second_place_example() -> None:
    """WT 4.5, the rulebook's example: Raider crosses first; next round Lucky Slevin and
    Joker cross on the same field, both having moved 6: they share second place, third
    is forfeit, Queen is fourth."""
    state = new_state(3)
    late = {0: EVEN[3], 1: card((1, 1, 3, 3)), 2: card((3, 1, 1, 1))}
    to_neck_and_neck(state, race={s: [EVEN[s], late[s]] for s in range(3)})
    put_horse(state, "Raider", 27)
    put_horse(state, "Lucky Slevin", 22)
    put_horse(state, "Joker", 22)
    play_round(state, {s: EVEN[s] for s in range(3)})
    pass_window(state)
    assert places(state) == {"Queen": None, "Raider": 1, "Lucky Slevin": None, "Joker": None}
    play_round(state, late)
    pass_window(state)
    last = events(state, "horses_moved")[-1]
    assert last["movement"][2] == last["movement"][3] == 6
    assert last["positions"][2] == last["positions"][3] == 34
    history = state.history[-1]["places"]
    assert history == {"Queen": 4, "Raider": 1, "Lucky Slevin": 2, "Joker": 2}


def test_wt_4_5_three_way_tie_for_first_forfeits_second_and_third() -> None:
    """WT 4.5 / ruling 6: 1, 1, 1, 4."""
    result: list[int | None] = [None] * 4
    assign_places(finishing_groups([0, 1, 2], [33, 33, 33, 0], [6, 6, 6, 0]), result)
    assert result == [1, 1, 1, 4]


def test_wt_4_2_earlier_rounds_rank_first_and_4_6_last_horse_takes_fourth() -> None:
    """WT 4.2: horses placed in an earlier round stay ahead; WT 4.6 / ruling 7: with three
    horses placed the last one takes fourth at once."""
    result: list[int | None] = [None, 1, None, None]
    assign_places([[0], [2]], result)
    assert result == [2, 1, 3, 4]
