"""WT 3: race rounds in Start and Neck-and-Neck."""

from __future__ import annotations

from tote.core import CHANCE
from tote.games.wetten.moves import PlayRaceCard, SetTheStakes, ShuffleDecks, ShuffleDiscards

from .wt_helpers import (
    EVEN,
    assert_refused,
    card,
    draw_any,
    events,
    new_state,
    pass_window,
    play_round,
    put_horse,
    to_neck_and_neck,
    to_start,
)

RICHARD = card((3, 2, 2, 1))
MARVIN = card((1, 2, 1, 4))
CAROLINE = card((1, 2, 2, 1))
MARY = card((1, 1, 3, 1))


def test_wt_3_2_rulebook_four_player_movement_example() -> None:
    """WT 3.2, the rulebook's example: Richard (3,2,2,1), Marvin (1,2,1,4), Caroline
    (1,2,2,1) and Mary (1,1,3,1) move Queen 6, Raider 7, Lucky Slevin 8, Joker 7."""
    state = new_state(4)
    to_start(state, race={0: [RICHARD], 1: [MARVIN], 2: [CAROLINE], 3: [MARY]})
    play_round(state, {0: RICHARD, 1: MARVIN, 2: CAROLINE, 3: MARY})
    assert events(state, "race_cards_revealed")[-1]["movement"] == [6, 7, 8, 7]
    pass_window(state)
    assert state.position == [6, 7, 8, 7]


def test_wt_3_1_every_player_lays_a_card_face_down_together() -> None:
    """WT 3.1: all lay a card at once; until all are in, others see only 'committed'."""
    state = new_state(3)
    to_start(state)
    chosen = state.hands[0][0]
    state.apply(0, PlayRaceCard(chosen))
    assert state.turn().seats == (1, 2)
    assert chosen not in str(state.view(1)["log"]) and chosen not in str(state.view(None))
    state.apply(1, PlayRaceCard(state.hands[1][0]))
    state.apply(2, PlayRaceCard(state.hands[2][0]))
    draw_any(state)
    revealed = events(state, "race_cards_revealed", 1)[-1]["cards"]
    assert revealed[0]["card"] == chosen


def test_wt_3_1_only_a_card_from_the_hand_and_never_none() -> None:
    """WT 3.1: each player must play a race card of their own."""
    state = new_state(3)
    to_start(state)
    foreign = state.hands[1][0]
    assert_refused(state, 0, PlayRaceCard(foreign), "WT 3.1")
    assert_refused(state, 0, PlayRaceCard(None), "WT 3.1")


def test_wt_3_3_start_is_one_round_then_second_bet() -> None:
    """WT 3.3 / ruling 18: Start is exactly one round, then the Second Bet window."""
    state = new_state(3)
    to_start(state)
    play_round(state)
    assert state.timing == "start"
    pass_window(state)
    assert state.stage == "window" and state.timing == "second_bet"


def test_wt_3_4_a_player_left_with_one_card_draws_one_free() -> None:
    """WT 3.4 / ruling 9: after the cards are laid out, a hand of one card gets a
    free card (no purchase price raised)."""
    state = new_state(3)
    to_neck_and_neck(state)
    for _ in range(4):  # 5 cards left after Start: four more rounds leave one
        play_round(state)
        pass_window(state)
    assert [len(h) for h in state.hands] == [2, 2, 2]
    assert state.purchases == [0, 0, 0]
    free = [e for e in events(state, "race_card_drawn") if e["reason"] == "free"]
    assert len(free) == 3


def test_wt_3_5_neck_and_neck_repeats_until_every_horse_has_crossed() -> None:
    """WT 3.5: rounds go on until all four horses are placed; then the payout."""
    state = new_state(3)
    to_neck_and_neck(state)
    rounds = 0
    while state.race == 1:
        play_round(state)
        pass_window(state)
        rounds += 1
    assert len(events(state, "payout")) == 1
    moved = events(state, "horses_moved")
    assert all(p is not None for p in moved[-1]["places"])
    assert all(None in m["places"] for m in moved[:-1])


def test_wt_3_6_finished_horses_numbers_are_ignored() -> None:
    """WT 3.6 / ruling 17: a finished horse stays on the podium; cards don't move it."""
    state = new_state(3)
    to_neck_and_neck(state, race={s: [EVEN[s]] for s in range(3)})
    put_horse(state, "Queen", 40)
    state.places[0] = 1
    play_round(state, {s: EVEN[s] for s in range(3)})
    assert state.movement[0] == 0
    pass_window(state)
    assert state.position[0] == 40


def test_wt_3_7_the_discard_pile_is_reshuffled_when_the_pile_runs_out() -> None:
    """WT 3.7 / ruling 10: with the pile empty, the discards form a new pile."""
    state = new_state(3)
    to_neck_and_neck(state)
    state.discard.extend(state.pile)
    state.pile.clear()
    for hand in state.hands:
        del hand[1:]
    play_round(state)
    assert events(state, "reshuffled")
    assert [len(h) for h in state.hands] == [2, 2, 2]


def test_wt_3_7_a_refused_discard_shuffle_says_why() -> None:
    """WT 3.7: a scripted shuffle of the discards that is refused says what is wrong
    with it: a card not among the discards, a discard twice or left out, or the
    wrong shuffle."""
    state = new_state(3)
    to_neck_and_neck(state)
    state.discard.extend(state.pile)
    state.pile.clear()
    for hand in state.hands:
        del hand[1:]
    for seat in range(3):
        state.apply(seat, PlayRaceCard(state.hands[seat][0]))
    assert state.turn().chance
    discards = tuple(sorted(state.discard))
    elsewhere = next(c for c in state._all_race_cards if c not in discards)
    why = {
        "elsewhere": ShuffleDiscards((*discards[:-1], elsewhere)),
        "twice": ShuffleDiscards((discards[0], *discards[:-1])),
        "missing": ShuffleDiscards(discards[:-1]),
        "decks": ShuffleDecks(tuple(state._all_race_cards), tuple(state._all_action_cards)),
    }
    said = {k: assert_refused(state, CHANCE, move, "chance").message for k, move in why.items()}
    assert said["elsewhere"].endswith(f"race card {elsewhere!r} is not in the discard pile")
    assert said["twice"].endswith(
        f"race card {discards[0]!r} appears 2 times; the discard pile holds it once"
    )
    assert said["missing"].endswith(
        f"race card {discards[-1]!r} is missing (1 of the discard pile left out)"
    )
    assert said["decks"].endswith(
        "the pending chance event is the shuffle of the discards into a new pile (WT 3.7),"
        " not of both decks"
    )


def test_wt_3_1_tickets_are_not_cards() -> None:
    """WT 3.1: in a race round only race cards are laid."""
    state = new_state(3)
    to_start(state)
    assert_refused(state, 0, SetTheStakes(), "WT 3.1")
