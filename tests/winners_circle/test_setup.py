"""WC 1 (the game and its material) and WC 2 (the Race Preparation)."""

from __future__ import annotations

import random

import pytest

from tote.core import CHANCE, OptionsError
from tote.games.winners_circle import GAME
from tote.games.winners_circle.data import horse_data
from tote.games.winners_circle.moves import DrawHorseCard, FirstBettor, MoveHorse, RollDie
from tote.games.winners_circle.state import WinnersCircleState

from .wc_helpers import (
    BASE_CARDS,
    HORSES,
    assert_refused,
    at_race_preparation,
    draw,
    events,
    horse,
    new_state,
    place_bets,
    play_until,
    prepare,
    run_to_finish,
    spread_bets,
    step_random,
)


# ------------------------------------------------------------------ WC 1.1
def test_wc_1_1_each_player_holds_chips_1_1_2_and_no_money() -> None:
    """WC 1.1: every player takes the 1, 1 and 2 chips of a colour; the 0-chip stays in
    the box; nobody holds money at the start (ruling: start money 0)."""
    state = new_state(4)
    prepare(state)
    view = state.view(2)["state"]
    assert view["chips"] == [[1, 1, 2]] * 4
    assert view["money"] == [0, 0, 0, 0]
    assert view["betting_rounds"] == 3


# ------------------------------------------------------------------ WC 1.2
def test_wc_1_2_every_card_draw_is_a_uniform_chance_move() -> None:
    """WC 1.2: the 28 horse cards are shuffled face down, so every draw is chance and
    each card still in the stack is equally likely."""
    state = new_state(3)
    assert state.turn().chance
    outcomes = state.chance_outcomes()
    assert sorted(o.card for o, _ in outcomes) == sorted(f"H{i:02d}" for i in range(1, 29))
    assert all(p == pytest.approx(1 / 28) for _, p in outcomes)
    draw(state, "H17")
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 27
    assert DrawHorseCard("H17") not in [o for o, _ in outcomes]


def test_wc_1_2_a_chance_move_of_another_event_is_refused_naming_the_pending_one() -> None:
    """WC 1.2: a scripted chance move must be the pending event's; while a card is to
    be drawn, a die roll is refused, and the refusal names the card draw."""
    state = new_state(3)
    refusal = assert_refused(state, CHANCE, RollDie("head"), "chance")
    assert refusal.message.endswith(
        "is not a possible outcome now: the pending chance event is a horse card drawn"
        " onto a gate (WC 2.2)"
    )


def test_wc_1_2_a_seat_cannot_draw_a_card() -> None:
    """WC 1.2: draws belong to chance; a seat may not make one."""
    state = new_state(3)
    assert_refused(state, 0, DrawHorseCard("H01"), "turn order")


# ------------------------------------------------------------------ WC 1.3
def test_wc_1_3_three_races_then_most_money_wins() -> None:
    """WC 1.3: a game is three races; after the third payout the richest player wins."""
    state = new_state(4)
    rng = random.Random(7)
    play_until(state, rng, lambda s: s.is_over)
    payouts = events(state, "payout")
    assert [p["race"] for p in payouts] == [1, 2, 3]
    result = state.result()
    assert result is not None
    money = state.view(None)["state"]["money"]
    assert list(result.scores) == money == payouts[-1]["money"]
    assert set(result.winners) == {s for s, m in enumerate(money) if m == max(money)}
    assert_refused(state, 0, MoveHorse("red"), "game over")
    assert_refused(state, CHANCE, RollDie("head"), "turn order")


def test_wc_1_3_equal_money_shares_the_win() -> None:
    """WC 1.3 with ruling "shared final win": two players who bet identically every race
    end with the same money and both win."""
    state = new_state(2)
    rng = random.Random(3)
    same = [("red", 1), ("blue", 1), ("green", 2)]
    while not state.is_over:
        if state.phase == "bets":
            place_bets(state, {0: same, 1: same})
        else:
            step_random(state, rng)
    result = state.result()
    assert result is not None
    assert result.scores[0] == result.scores[1]
    assert result.winners == (0, 1)
    assert result.ranking == (1, 1)


# ------------------------------------------------------------------ WC 1.4
@pytest.mark.parametrize("players", [1, 7])
def test_wc_1_4_two_to_six_players(players: int) -> None:
    """WC 1.4: six colours, so two to six players; other counts are refused."""
    with pytest.raises(OptionsError):
        GAME.new_state({}, players)


@pytest.mark.parametrize("players", [2, 6])
def test_wc_1_4_two_and_six_players_can_play(players: int) -> None:
    """WC 1.4: the smallest and largest tables start normally."""
    state = new_state(players)
    assert state.view(None)["players"] == players


# ------------------------------------------------------------------ WC 1.5
def test_wc_1_5_material_counts_from_the_rulebook() -> None:
    """WC 1.5: seven horses, 28 horse cards, 21 Royal Turf cards (three per horse), a die
    with a value per symbol on every card."""
    data = horse_data()
    assert len(data.horses) == 7
    assert len(data.horse_cards) == 28
    assert len(data.royal_turf_cards) == 21
    per_horse = {h.name: 0 for h in data.horses}
    for card in data.royal_turf_cards:
        assert card.horse is not None
        per_horse[card.horse] += 1
    assert set(per_horse.values()) == {3}
    assert sorted(data.die.faces) == ["cap", "head", "saddle", "shoe"]


def test_wc_1_5_a_card_not_among_the_horse_cards_is_refused_by_name() -> None:
    """WC 1.5: only the game's 28 horse cards can be drawn; any other card is refused,
    saying it is not one of them (a Royal Turf card too, outside WC 6.4)."""
    state = new_state(3)
    for card in ("H99", "RT01"):
        refusal = assert_refused(state, CHANCE, DrawHorseCard(card), "chance")
        assert refusal.message.endswith(
            f"is not a possible outcome now: there is no card {card!r} among this game's"
            " horse cards (WC 1.5)"
        )


# ------------------------------------------------------------------ WC 2.1
def test_wc_2_1_pace_chip_starts_on_space_18_with_no_pace_horse() -> None:
    """WC 2.1: each race starts with the pace chip on space 18 and no pace horse."""
    state = new_state(3)
    prepare(state)
    view = state.view(None)["state"]
    assert view["pace_space"] == 18
    assert view["pace_horse"] is None
    assert not any(h["pace_horse"] for h in view["horses"])


def test_wc_2_1_pace_chip_goes_back_to_18_for_the_next_race() -> None:
    """WC 2.1: the pace horse of race 1 is not the pace horse of race 2."""
    state = new_state(3)
    prepare(state)
    spread_bets(state)
    run_to_finish(state)
    assert events(state, "payout")[0]["pace_horse"] == "red"
    assert state.view(None)["state"]["race"] == 2
    assert state.view(None)["state"]["pace_horse"] is None


# ------------------------------------------------------------------ WC 2.2
def test_wc_2_2_nth_card_to_gate_n_and_its_horse_on_space_37_minus_n() -> None:
    """WC 2.2: the n-th card drawn goes to gate n; that gate's horse takes the card's
    values and stands on space 37 - n (36 for gate 1 ... 30 for gate 7)."""
    state = new_state(3)
    cards = ("H13", "H01", "H27", "H09", "H18", "H22", "H05")
    prepare(state, cards)
    data = {c.id: c for c in horse_data().horse_cards}
    for n, (name, card_id) in enumerate(zip(HORSES, cards, strict=True), start=1):
        info = horse(state, name)
        assert info["gate"] == n
        assert info["space"] == 37 - n
        assert info["card_id"] == card_id
        card = data[card_id]
        assert info["card"] == {
            "head": card.head,
            "cap": card.cap,
            "saddle": card.saddle,
            "shoe": card.shoe,
        }
    assert [e["space"] for e in events(state, "horse_card")] == [36, 35, 34, 33, 32, 31, 30]


def test_wc_2_2_a_card_already_at_a_gate_is_refused_as_drawn() -> None:
    """WC 2.2: a card drawn this race lies on its gate; drawing it again is refused,
    naming the gate."""
    state = new_state(3)
    draw(state, "H05", "H02")
    refusal = assert_refused(state, CHANCE, DrawHorseCard("H02"), "chance")
    assert refusal.message.endswith("H02 was already drawn this race: it is on gate 2 (WC 2.2)")


def test_wc_2_2_seven_cards_then_the_bets() -> None:
    """WC 2.2: exactly seven cards are drawn, then betting starts."""
    state = new_state(3)
    draw(state, *BASE_CARDS[:6])
    assert state.phase == "preparation"
    draw(state, BASE_CARDS[6])
    assert state.phase in {"first_bettor", "bets"}


# ------------------------------------------------------------------ WC 2.3
def test_wc_2_3_used_cards_are_discarded_not_shuffled_back() -> None:
    """WC 2.3: the seven cards of a race are discarded; later races draw from the rest."""
    state = new_state(3)
    prepare(state)
    spread_bets(state)
    run_to_finish(state)
    assert state.view(None)["state"]["race"] == 2
    assert state.view(None)["state"]["deck_size"] == 21
    remaining = {o.card for o, _ in state.chance_outcomes()}
    assert remaining.isdisjoint(BASE_CARDS)
    assert_refused(state, CHANCE, DrawHorseCard("H01"), "chance")
    # Race 3 starts from 14 cards, and the game ends with 7 never seen.
    rng = random.Random(1)
    play_until(state, rng, at_race_preparation(3))
    assert state.view(None)["state"]["deck_size"] == 14
    play_until(state, rng, lambda s: s.is_over)
    assert state.view(None)["state"]["deck_size"] == 7


def test_wc_2_3_a_discarded_card_is_refused_as_used_in_an_earlier_race() -> None:
    """WC 2.3: a card of an earlier race is discarded; drawing it is refused, saying so."""
    state = new_state(3)
    prepare(state)
    spread_bets(state)
    run_to_finish(state)
    refusal = assert_refused(state, CHANCE, DrawHorseCard("H01"), "chance")
    assert refusal.message.endswith("H01 was used in an earlier race and discarded (WC 2.3)")


def test_wc_3_1_no_first_bettor_while_cards_are_drawn() -> None:
    """WC 3.1 after WC 2.2: while cards are drawn no first-bettor outcome is possible."""
    state = new_state(3)
    assert_refused(state, CHANCE, FirstBettor(0), "chance")


def test_states_of_the_same_data_share_their_set_up_and_keep_their_own_deck() -> None:
    """Issue 24: what a state reads from the data and never changes (the cards, the die,
    the move objects) is made once per data, Royal Turf and player count, and shared;
    the stack each state draws from is its own."""
    a, b = GAME.new_state(None, 3), GAME.new_state(None, 3)
    assert isinstance(a, WinnersCircleState) and isinstance(b, WinnersCircleState)
    for name in ("cards", "horse_index", "die_outcomes", "die_cdf", "bet_moves", "horse_moves"):
        assert getattr(a, name) is getattr(b, name), name
    assert a.deck == b.deck == sorted(a.cards) and a.deck is not b.deck
    a.deck.pop()
    assert len(b.deck) == len(a.deck) + 1
    royal = GAME.new_state({"royal_turf": True}, 3)
    assert isinstance(royal, WinnersCircleState)
    assert royal.cards is not a.cards and royal.deck == sorted(royal.cards)
    assert all(card.horse is not None for card in royal.cards.values())
    four = GAME.new_state(None, 4)
    assert isinstance(four, WinnersCircleState) and len(four._seat_turns) == 4
    changed = GAME.new_state({"data_changes": {"horse_cards.die.faces.head": 0}}, 3)
    assert isinstance(changed, WinnersCircleState)
    assert changed.die_cdf[0][0] == 0.0 and a.die_cdf[0][0] == 0.5
