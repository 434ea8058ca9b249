"""Wetten!'s tote board (issue 12, 2): "each horse x place, each ticket cell's EV at 4x
and 2x, the No chance... bet at 8x". The values are checked against the board's own
chances (a cell's value is its quota times its chance, less the stake), against real
races (a bet's value in a finished race is the money it made there) and against real
continuations of a race under way (the chances are honest)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

from tote.core.tote_board import Board, estimate
from tote.games.wetten import GAME
from tote.games.wetten.moves import NoChance, Pass, PlayActionCard, SecondBet, SetTheStakes
from tote.games.wetten.state import WettenState
from tote.games.wetten.tote_board import LABELS, WettenMarkets

from ..properties import play_to_horizon
from .wt_helpers import (
    deal,
    force_cash,
    in_order,
    new_state,
    pass_window,
    play_round,
    step_random,
    to_second_bet,
    write_tickets,
)

MARKETS = GAME.markets
assert isinstance(MARKETS, WettenMarkets)
TICKET = {0: [("Queen", 1, 1000), ("Joker", 4, 2000)]}


def seeded_position(seed: int, wanted: Callable[[WettenState], bool]) -> WettenState:
    """The first position of a seeded random game (random players, every move checked)
    where ``wanted`` holds."""
    state = new_state(4)
    rng = random.Random(seed)
    while not wanted(state):
        assert not state.is_over, "the game ended before the position was reached"
        step_random(state, rng)
    return state


def board_of(state: WettenState, seat: int | None, samples: int, seed: int = 1) -> Board:
    return estimate(state, seat, MARKETS, rng=random.Random(seed), samples=samples, precision=1e-3)


def chance(board: Board, horse: str, place: int) -> tuple[float, float, float]:
    e = board.markets[horse][LABELS[place - 1]]
    return e.value, e.low, e.high


def assert_worth(board: Board, prefix: str, win: float, lose: float, bets: int) -> None:
    """Every bet keyed ``prefix:horse:place`` is worth ``win`` x P(place) + ``lose`` x
    (1 - P(place)): its interval holds that value at the board's chance, and the value
    lies between the same at the ends of the chance's interval."""
    valued = [b for b in board.bets if b.bet.key.startswith(prefix + ":")]
    assert len(valued) == bets
    for b in valued:
        _, horse, place = b.bet.key.split(":")
        p, low, high = chance(board, horse, int(place))
        expected = lose + (win - lose) * p
        assert b.ev.low - 1e-6 <= expected <= b.ev.high + 1e-6, b.bet.label
        bounds = sorted((lose + (win - lose) * low, lose + (win - lose) * high))
        assert bounds[0] - 1e-6 <= b.ev.value <= bounds[1] + 1e-6, b.bet.label


def test_a_set_the_stakes_cell_is_worth_four_times_its_chance_less_the_stake() -> None:
    """Issue 12, 2 / WT 2.2-2.3, 10.2: writing the Set-the-Stakes ticket, the seat can
    place every horse x place cell at the race's minimum stake (one legal move, a
    one-cell ticket); it is worth stake x (4 x P(place) - 1)."""
    state = seeded_position(3, lambda s: s.stage == "set_the_stakes" and s.race == 2)
    board = board_of(state, 0, 300)
    stake = state.min_stake
    assert {b.bet.stake for b in board.bets} == {float(stake)}
    for b in board.bets:
        assert isinstance(b.bet.move, SetTheStakes)
        (line,) = b.bet.move.bets
        assert line.stake == stake
        state.check(0, b.bet.move)
    assert_worth(board, "stakes", 3 * stake, -stake, 16)


def test_a_second_bet_cell_is_worth_twice_its_chance_less_the_stake() -> None:
    """Issue 12, 2 / WT 5.1-5.2: writing the Second Bet, every cell at the minimum
    stake pays 2x: it is worth stake x (2 x P(place) - 1)."""
    state = seeded_position(4, lambda s: s.stage == "second_bet")
    seat = state.turn().seats[0]
    board = board_of(state, seat, 300)
    stake = state.min_stake
    assert all(isinstance(b.bet.move, SecondBet) for b in board.bets)
    assert_worth(board, "second", stake, -stake, 16)


def test_long_odds_values_the_marked_cells_on_the_last_horse_at_4x() -> None:
    """WT 8.8: after a Long Odds card, a Second Bet marked on a horse now last pays 4x:
    each such cell is offered marked, worth stake x (4 x P(place) - 1); no other horse's."""
    state = new_state(4)
    to_second_bet(state, actions={0: ["long_odds-1"]})
    in_order(state, [(0, PlayActionCard("long_odds-1"))])
    pass_window(state)
    board = board_of(state, 0, 300)
    stake = state.min_stake
    last = {state.horse_names[h] for h in state.last_place()}
    marked = [b for b in board.bets if b.bet.key.startswith("long-odds:")]
    assert {b.bet.key.split(":")[1] for b in marked} == last
    for b in marked:
        assert isinstance(b.bet.move, SecondBet) and b.bet.move.long_odds is not None
        state.check(0, b.bet.move)
    assert_worth(board, "long-odds", 3 * stake, -stake, 4 * len(last))
    assert_worth(board, "second", stake, -stake, 16)


def test_no_chance_is_worth_what_8x_adds_to_4x() -> None:
    """WT 9.1: in its priority turn of the Second Bet window the seat may mark one bet
    of its shown ticket at 8x. Its stake is already paid, so the mark on a bet of
    stake s is worth (8 - 4) x s x P(place), and it is the legal NoChance move."""
    state = new_state(4)
    to_second_bet(state, tickets=TICKET)
    while state.turn().seats != (0,):
        state.apply(state.turn().seats[0], Pass())
    board = board_of(state, 0, 300)
    assert [b.bet.move for b in board.bets] == [NoChance("Queen", 1), NoChance("Joker", 4)]
    assert all(b.bet.stake == 0 for b in board.bets)
    for b, stake in zip(board.bets, (1000, 2000), strict=True):
        _, horse, place = b.bet.key.split(":")
        p, low, high = chance(board, horse, int(place))
        assert b.ev.low - 1e-6 <= 4 * stake * p <= b.ev.high + 1e-6
        assert 4 * stake * low - 1e-6 <= b.ev.value <= 4 * stake * high + 1e-6


def test_bets_only_for_a_seat_that_can_bet_now() -> None:
    """Issue 12, 2: the bets are the ones the seat can place now: none for a spectator,
    a seat that has written its ticket, a seat without the minimum stake, a seat
    without priority, a race card round, a seat whose ticket holds no bet, or a race
    that does not play the Pro-Rule (WT 9.2)."""
    state = new_state(4)
    deal(state)
    pass_window(state)
    assert MARKETS.bets(state, None) == []
    assert len(MARKETS.bets(state, 1)) == 16
    state.apply(1, SetTheStakes())
    assert MARKETS.bets(state, 1) == []
    force_cash(state, [500, 10_000, 10_000, 10_000])
    assert MARKETS.bets(state, 0) == []
    assert len(MARKETS.bets(state, 2)) == 16
    for seat in (0, 2, 3):
        state.apply(seat, SetTheStakes())
    assert state.stage == "window"
    assert all(MARKETS.bets(state, s) == [] for s in range(4))
    pass_window(state)
    assert state.stage == "play"
    assert all(MARKETS.bets(state, s) == [] for s in range(4))

    state = new_state(4)
    to_second_bet(state, tickets={0: TICKET[0], 1: [("Raider", 2, 1000)]})
    while state.turn().seats != (1,):
        state.apply(state.turn().seats[0], Pass())
    assert [b.key for b in MARKETS.bets(state, 1)] == ["no-chance:Raider:2"]
    assert all(MARKETS.bets(state, s) == [] for s in (0, 2, 3))
    while state.turn().seats != (2,):
        state.apply(state.turn().seats[0], Pass())
    assert MARKETS.bets(state, 2) == []

    beginners = new_state(4, pro_rules="none")
    to_second_bet(beginners, tickets=TICKET)
    while beginners.turn().seats != (0,):
        beginners.apply(beginners.turn().seats[0], Pass())
    assert MARKETS.bets(beginners, 0) == []


def race_to_end(state: WettenState) -> None:
    """The race played on by a fixed script: everyone passes, lays its last card."""
    race = state.race
    while state.race == race and not state.is_over:
        if state.stage == "window":
            pass_window(state)
        elif state.stage == "second_bet":
            write_tickets(state)
        else:
            play_round(state)


def real_value(start: WettenState, seat: int, move: SetTheStakes | SecondBet) -> int:
    """The money a one-cell ticket made ``seat`` in the scripted race: its cash after
    the payout with the ticket written, minus with its ticket left empty (everyone
    else's empty too)."""
    cash = []
    for played in (move, _empty(start)):
        state = start.clone()
        assert isinstance(state, WettenState)
        state.apply(seat, played)
        for other in state.turn().seats:
            state.apply(other, _empty(state))
        race_to_end(state)
        cash.append(state.history[start.race - 1]["cash"][seat])
    return cash[0] - cash[1]


def _empty(state: WettenState) -> SetTheStakes | SecondBet:
    return SetTheStakes() if state.stage == "set_the_stakes" else SecondBet()


def assert_ticket_values_are_real(start: WettenState, seat: int) -> list[float]:
    """Each cell's payoff in the scripted race, read from its payout record with the
    seat's ticket empty, is the money the one-cell ticket really made there."""
    bets = MARKETS.bets(start, seat)
    end = start.clone()
    assert isinstance(end, WettenState)
    for s in end.turn().seats:
        end.apply(s, _empty(end))
    race_to_end(end)
    values = MARKETS.payoffs(start, end, seat, bets)
    real = []
    for b in bets:
        assert isinstance(b.move, SetTheStakes | SecondBet)
        real.append(real_value(start, seat, b.move))
    assert values == [float(r) for r in real]
    return values


def test_a_bets_value_in_a_race_is_the_money_it_made_there() -> None:
    """Issue 12, 2: a payoff is the game's own payout (WT 10.1-10.2): in a scripted
    race, each Set-the-Stakes cell, each Second Bet cell and each "No chance..." mark
    is valued at exactly what placing it changed the seat's cash by at the payout."""
    state = new_state(4)
    deal(state)
    pass_window(state)
    values = assert_ticket_values_are_real(state, 0)
    assert sorted(set(values)) == [-1000.0, 3000.0]

    state = new_state(4)
    to_second_bet(state, tickets={0: [("Queen", p, 1000) for p in (1, 2, 3, 4)]})
    while state.turn().seats != (0,):
        state.apply(state.turn().seats[0], Pass())
    bets = MARKETS.bets(state, 0)
    assert len(bets) == 4
    unmarked = state.clone()
    assert isinstance(unmarked, WettenState)
    race_to_end(unmarked)
    values = MARKETS.payoffs(state, unmarked, 0, bets)
    real = []
    for b in bets:
        marked = state.clone()
        assert isinstance(marked, WettenState) and isinstance(b.move, NoChance)
        marked.apply(0, b.move)
        race_to_end(marked)
        real.append(marked.history[0]["cash"][0] - unmarked.history[0]["cash"][0])
    assert values == [float(r) for r in real]
    assert sorted(values)[-1] == 4 * 1000

    pass_window(state)
    assert sorted(set(assert_ticket_values_are_real(state, 2))) == [-1000.0, 1000.0]


def test_a_bank_that_cannot_pay_makes_a_winning_bet_worth_its_stake_lost() -> None:
    """WT 10.3 / ruling 14: the bank pays only what its reserve covers; with the
    players holding all but nothing of the money, a winning cell's 4000 is forfeited,
    so every cell is worth the stake lost, as it is in the real race."""
    state = new_state(4)
    deal(state)
    pass_window(state)
    force_cash(state, [10_000, 271_000, 271_000, 272_000])
    assert state.bank == 0
    assert set(assert_ticket_values_are_real(state, 0)) == {-1000.0}


def test_a_seats_board_at_a_bet_is_blind_to_other_seats_secrets() -> None:
    """Issue 12, 2: at a Set-the-Stakes decision the seat's board, bets and values
    included, is the same at the real state and at a world drawn for it (other hands,
    the piles and the other tickets drawn afresh), for the same seed."""
    state = seeded_position(5, lambda s: s.stage == "set_the_stakes" and s.race == 3)
    seat = 2
    other = state.sample_world(seat, random.Random(8))
    assert isinstance(other, WettenState)
    boards = [board_of(s, seat, 60).to_json() for s in (state, other)]
    for board in boards:
        board.pop("seconds")
    assert boards[0]["bets"]
    assert json.dumps(boards[0]) == json.dumps(boards[1])


def test_mid_race_chances_agree_with_real_continuations() -> None:
    """Issue 12, 2 (honesty), mid-race: in a seeded random game during Neck-and-Neck of
    race 2, seat 1's chances of each horse finishing 1st agree with the frequencies of
    1,000 independent real continuations (worlds drawn for seat 1, played on by the
    engine's own chance and random players, every move checked), within three standard
    errors of the difference."""
    state = seeded_position(
        6, lambda s: s.race == 2 and s.stage == "play" and s.rounds == 2 and not s.committed
    )
    seat = 1
    board = board_of(state, seat, 1000, seed=2)
    runs = 1000
    firsts: dict[str, int] = {}
    for i in range(runs):
        world = state.sample_world(seat, random.Random(70_000 + i))
        play_to_horizon(state, world, MARKETS, random.Random(80_000 + i))
        for horse, outcome in MARKETS.outcomes(state, world).items():
            firsts[horse] = firsts.get(horse, 0) + (outcome == "1st")
    assert board.samples == 1000
    for horse, outcomes in board.markets.items():
        p = outcomes["1st"].value
        f = firsts.get(horse, 0) / runs
        pooled = max((p + f) / 2, 0.01)
        tolerance = 3 * (pooled * (1 - pooled) * (1 / board.samples + 1 / runs)) ** 0.5
        assert abs(p - f) <= tolerance, f"{horse}: board {p:.3f}, real {f:.3f}"


def test_mid_race_chances_come_true_in_real_races() -> None:
    """Issue 12, 2 (honesty), against the real hidden cards: in 60 seeded random games
    at the second Neck-and-Neck round of race 1, one seat's board (40 worlds) gives each
    horse its chance of finishing 1st; the real game then runs on (its own hidden cards,
    the engine's own chance, random players, every move checked). Grouped by the horses'
    rank on the track (a thing every seat sees), the horses' wins add up to the board's
    chances within three standard errors (of the wins given the chances, and of the
    board's sampling). The leaders win more often than the rearmost, so a board blind
    to the track would fail."""
    games, samples = 60, 40
    expected = [0.0] * 4
    variance = [0.0] * 4
    wins = [0] * 4
    for i in range(games):
        state = seeded_position(
            200 + i, lambda s: s.stage == "play" and s.rounds == 2 and not s.committed
        )
        board = board_of(state, i % 4, samples, seed=i)
        ranks = sorted(range(4), key=lambda h: (-state.position[h], h))
        start = state.clone()
        rng = random.Random(300 + i)
        while not MARKETS.settled(start, state):
            step_random(state, rng)
        outcomes = MARKETS.outcomes(start, state)
        for rank, h in enumerate(ranks):
            name = state.horse_names[h]
            p = board.markets[name]["1st"].value
            expected[rank] += p
            variance[rank] += p * (1 - p) * (1 + 1 / samples)
            wins[rank] += outcomes[name] == "1st"
    for rank in range(4):
        tolerance = 3 * max(variance[rank], 1.0) ** 0.5
        assert abs(wins[rank] - expected[rank]) <= tolerance, (rank, wins, expected)
    assert wins[0] > wins[3]
