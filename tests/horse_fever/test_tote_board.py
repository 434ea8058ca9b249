"""Horse Fever's tote board (issue 12, 2): win and show chances, and each bet's Danari
and VP value (HF 2.0-2.3, HF 3.3, PG 2.1-3.1)."""

from __future__ import annotations

import random

from tote.core import CHANCE
from tote.core.tote_board import Board, estimate
from tote.games.horse_fever.moves import (
    BuyActionCards,
    BuyCard,
    KeepCard,
    PlaceBet,
    PlayActionCard,
    SkipBet,
)
from tote.games.horse_fever.state import HorseFeverState
from tote.games.horse_fever.tote_board import HorseFeverMarkets

from ..properties import play_to_horizon
from .hf_helpers import draw, first_bets, force_money, new_state, pass_all, set_up, started

MARKETS = HorseFeverMarkets()


def board_of(state: HorseFeverState, seat: int, samples: int = 600, seed: int = 1) -> Board:
    return estimate(state, seat, MARKETS, rng=random.Random(seed), samples=samples, precision=1e-3)


def chances(board: Board, colour: str) -> tuple[float, float]:
    """The board's chance of ``colour`` finishing first, and first to third."""
    places = board.markets[colour]
    return places["1st"].value, sum(places[p].value for p in ("1st", "2nd", "3rd"))


def assert_bets_follow_hf_3_3(
    state: HorseFeverState, board: Board, money: dict[str, int], vp: dict[str, int]
) -> None:
    """Every bet's Danari value is what HF 3.3 pays times the board's own chance of the
    bet winning, minus the stake, within the value's 95% interval; its VP value the
    bet's VP times that chance (none in the Party Game, PG 3.1). ``money``/``vp``: what
    cards add to a winning bet on a horse (none if absent)."""
    assert board.bets
    for value in board.bets:
        move = value.bet.move
        assert isinstance(move, PlaceBet)
        first, shown = chances(board, move.stable)
        extra = money.get(move.stable, 0)
        if move.bet == "win":
            won, paid, points = first, move.amount * state.odds(state.lane_of[move.stable]), 3
        else:
            won, paid, points = shown, 2 * move.amount, 1
        danari = (paid + extra) * won - move.amount
        half = (value.ev.high - value.ev.low) / 2
        assert abs(value.ev.value - danari) <= half + 1e-6, value.bet.key
        vp_value = value.other["VP"]
        expected_vp = 0.0 if state.party else (points + vp.get(move.stable, 0)) * won
        assert abs(vp_value.value - expected_vp) <= (vp_value.high - vp_value.low) / 2 + 1e-9


def test_issue_12_win_and_show_bets_are_valued_in_danari_and_vp() -> None:
    """Issue 12, HF 2.1 / HF 3.3: at the first bet (nobody holds an Action card, so the
    odds stay) seat 0 may bet on every horse to Win or to Show at its Minimum Bet (100 D
    per VP: 200 D) and at all its 4,200 D (3,400 D and two passes), each one legal
    move; a Win bet is worth stake x odds x P(1st) - stake Danari and 3 x P(1st) VP, a
    Show bet 2 x stake x P(1st to 3rd) - stake Danari and P(1st to 3rd) VP."""
    state = started(4)
    pass_all(state)
    assert state.phase == "first_bet" and state.turn().seats == (0,)
    board = board_of(state, 0)
    keys = {b.bet.key for b in board.bets}
    assert keys == {
        f"{kind}:{colour}:{amount}"
        for kind in ("win", "show")
        for colour in state.colours
        for amount in (200, 4200)
    }
    for value in board.bets:
        assert value.bet.move is not None
        state.check(0, value.bet.move)
        assert value.bet.stake == value.bet.move.amount  # type: ignore[attr-defined]
    assert board.other_units == ("VP",)
    assert_bets_follow_hf_3_3(state, board, {}, {})
    best = board.best_bet()
    assert best is not None and best.ev.value == max(b.ev.value for b in board.bets)
    as_json = board.to_json()
    assert as_json["other_units"] == ["VP"]
    assert set(as_json["bets"][0]["other_ev"]["VP"]) == {"value", "low", "high"}


def test_hf_3_3_cards_on_a_lane_change_the_value_of_bets_on_it() -> None:
    """HF 3.3 with the advanced cards Pecunia Non Olet (+400 D) and Boss (+1 VP) that
    seat 0 of 3 laid face down behind white: at its second bet (HF 2.3: on white only to Win,
    its first bet there being a Show) a Win on white is worth (stake x odds + 400) x
    P(1st) - stake Danari and 4 x P(1st) VP; bets on other horses as usual."""
    state = new_state(3, advanced=True)
    set_up(state)
    state.apply(0, BuyActionCards())
    draw(state, "A17", "A18")
    pass_all(state)
    first_bets(state)
    for card in ("A17", "A18"):
        assert state.turn().seats == (0,)
        state.apply(0, PlayActionCard(card, "white"))
    while state.turn().seats != (0,):
        state.apply(state.turn().seats[0], SkipBet())
    assert state.phase == "second_bet" and state.turn().seats == (0,)
    board = board_of(state, 0)
    assert "show:white:200" not in {b.bet.key for b in board.bets}
    assert "win:white:200" in {b.bet.key for b in board.bets}
    assert_bets_follow_hf_3_3(state, board, {"white": 400}, {"white": 1})


def test_hf_3_3_an_assistants_bonus_counts_in_the_betting_it_pays_for() -> None:
    """HF 3.3 with the Assistant Pedro Pugnos (proposed: +200 D on each winning bet of
    the second betting): seat 0's bets are worth no bonus at its first bet (HF 2.1) and
    200 D more when they win at its second bet (HF 2.3)."""
    state = started(3)
    state.apply(0, BuyCard("assistant"))
    draw(state, "S32", "S23", "S24", "S25")
    state.apply(0, KeepCard("S32"))
    pass_all(state)
    assert state.phase == "first_bet" and state.turn().seats == (0,)
    assert_bets_follow_hf_3_3(state, board_of(state, 0, samples=300), {}, {})
    first_bets(state)
    while state.turn().seats != (0,):
        state.apply(state.turn().seats[0], SkipBet())
    assert state.phase == "second_bet"
    bonus = dict.fromkeys(state.colours, 200)
    assert_bets_follow_hf_3_3(state, board_of(state, 0, samples=300), bonus, {})


def test_issue_12_only_a_seat_that_can_bet_now_has_bets() -> None:
    """Issue 12, HF 2.1: bets are valued for the seat whose turn it is to bet: not for
    the others, nor the public board, nor in the Purchase Phase; a seat that cannot
    cover its Minimum Bet at the second bet has none (ruling R8)."""
    state = started(4)
    assert state.phase == "purchase"
    assert MARKETS.bets(state, 0) == []
    pass_all(state)
    assert MARKETS.bets(state, 0)
    assert MARKETS.bets(state, 1) == [] and MARKETS.bets(state, None) == []
    other = board_of(state, 1, samples=100)
    assert other.bets == [] and "other_units" not in other.to_json()
    first_bets(state)
    assert state.phase == "second_bet"  # nobody holds an Action card: no race-fixing
    seat = state.turn().seats[0]
    force_money(state, seat, state.minimum_bet(seat) - 100)
    assert MARKETS.bets(state, seat) == []


def party_position(players: int, seed: int) -> HorseFeverState:
    """A Party Game at its first secret bet (PG 2.1), chance drawn from ``seed``."""
    state = new_state(players, mode="party")
    rng = random.Random(seed)
    while state.turn().chance:
        state.apply(CHANCE, state.sample_chance(rng))
    assert state.phase == "secret_bet"
    return state


def test_pg_2_1_and_3_1_party_bets_are_valued_in_chips_and_earn_no_vp() -> None:
    """PG 2.1-2.2 / PG 3.1: every player bets at once, from 100 D to all its 1,000 D of
    chips; a Win pays stake x odds, a Show twice the stake, and no VP; a seat that has
    committed its secret bet has none left to place."""
    state = party_position(3, seed=2)
    assert all(MARKETS.bets(state, s) for s in range(3))
    board = board_of(state, 1)
    assert {b.bet.stake for b in board.bets} == {100, 1000}
    assert len(board.bets) == 2 * 6 * 2
    assert_bets_follow_hf_3_3(state, board, {}, {})
    assert all(b.other["VP"].value == 0 for b in board.bets)
    state.apply(1, PlaceBet(state.colours[0], "show", 100))
    assert MARKETS.bets(state, 1) == [] and MARKETS.bets(state, 0)


def midgame(seed: int) -> tuple[HorseFeverState, int]:
    """A seeded random Board Game of 4, at the first second bet (HF 2.3) of round 2 or
    later where another seat's Action card lies face down: the seat to bet."""
    state = new_state(4)
    rng = random.Random(seed)
    while not state.is_over:
        turn = state.turn()
        if (
            state.round >= 2
            and state.phase == "second_bet"
            and any(s != turn.seats[0] for s, _, _ in state.played)
        ):
            return state, turn.seats[0]
        if turn.chance:
            state.apply(CHANCE, state.sample_chance(rng))
            continue
        seat = turn.seats[0]
        buy = BuyActionCards()
        if buy in (state.legal_moves(seat) or ()) and rng.random() < 0.5:
            state.apply(seat, buy)  # more Action cards than random purchases buy
        else:
            state.apply(seat, state.random_move(seat, rng))
    raise AssertionError(f"seed {seed} never reached a second bet with cards face down")


def test_issue_12_honesty_mid_game_first_places_agree_with_real_continuations() -> None:
    """Issue 12, 2 (honesty), mid-game: at a second bet of a later round, with other
    seats' Action cards face down, the board's chance of each horse winning the race
    agrees with the share of wins in 1,500 real continuations (the engine's own chance,
    every move checked, random players) of worlds drawn for the seat, within three
    standard errors of the difference."""
    state, seat = midgame(seed=7)
    board = board_of(state, seat, samples=1500, seed=3)
    runs = 1500
    wins = dict.fromkeys(state.colours, 0)
    rng = random.Random(99)
    for _ in range(runs):
        world = play_to_horizon(state, state.sample_world(seat, rng), MARKETS, rng)
        for colour, place in MARKETS.outcomes(state, world).items():
            wins[colour] += place == "1st"
    for colour, outcomes in board.markets.items():
        p = outcomes["1st"].value
        f = wins[colour] / runs
        pooled = max((p + f) / 2, 0.01)
        tolerance = 3 * (pooled * (1 - pooled) * (1 / board.samples + 1 / runs)) ** 0.5
        assert abs(p - f) <= tolerance, f"{colour}: board {p:.3f}, real {f:.3f}"
