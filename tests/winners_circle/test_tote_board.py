"""Winner's Circle's tote board (issue 12, 2): honest chances, blind to others' chips,
and chip values as WC 5 pays them."""

from __future__ import annotations

import math
import random

from tote.core import CHANCE
from tote.core.tote_board import estimate
from tote.games.winners_circle import GAME
from tote.games.winners_circle.payout import PLACE_NAMES
from tote.games.winners_circle.state import WinnersCircleState

from .wc_helpers import HORSES, TABLE, bet, new_state, prepare

MARKETS = GAME.markets
assert MARKETS is not None


def real_frequencies(state: WinnersCircleState, runs: int, seed: int) -> dict[str, float]:
    """Each horse's share of wins over ``runs`` independent real continuations of the
    race (the engine's chance, every move checked; random players)."""
    rng = random.Random(seed)
    wins = dict.fromkeys(HORSES, 0)
    for _ in range(runs):
        world = state.clone()
        while world.race == state.race:
            turn = world.turn()
            if turn.chance:
                world.apply(CHANCE, world.sample_chance(rng))
            else:
                world.apply(turn.seats[0], world.random_move(turn.seats[0], rng))
        wins[world.history[-1]["win"]] += 1
    return {h: n / runs for h, n in wins.items()}


def test_the_boards_win_chances_agree_with_real_races() -> None:
    """WC 4: from the start of race 1's betting (nothing hidden without Hidden Bets),
    the board's win chance of every horse agrees with the frequency over 2,000 real
    continuations, within three standard errors of the difference of the two."""
    state = new_state(3)
    prepare(state)
    board = estimate(state, 0, MARKETS, rng=random.Random(5), samples=1500, precision=0.001)
    reference = real_frequencies(state, 2000, seed=6)
    for horse in HORSES:
        p = board.markets[horse]["win"].value
        f = reference[horse]
        pooled = max((p + f) / 2, 0.01)
        tolerance = 3 * math.sqrt(pooled * (1 - pooled) * (1 / board.samples + 1 / 2000))
        assert abs(p - f) <= tolerance, f"{horse}: board {p:.3f}, real races {f:.3f}"
    assert sum(board.markets[h]["win"].value for h in HORSES) == 1.0


def test_a_seats_board_is_blind_to_the_others_face_down_chips() -> None:
    """WC 6.1: with Hidden Bets, seat 0's board is the same whatever values the other
    seats' face-down chips have."""
    boards = []
    for their_chips in ((2, 0), (0, 1)):
        state = new_state(3, hidden_bets=True)
        prepare(state, first_bettor=1)
        bet(state, 1, "red", their_chips[0])
        bet(state, 2, "blue", their_chips[1])
        board = estimate(state, 0, MARKETS, rng=random.Random(3), samples=300).to_json()
        board.pop("seconds")
        boards.append(board)
    assert boards[0] == boards[1]
    assert boards[0]["bets"], "seat 0 is to bet"


def test_a_chips_value_is_its_share_of_the_column_plus_the_pace_bonus() -> None:
    """WC 5.1-5.3: a 2-chip on the winner, which another seat backs with a 1-chip, makes
    the win column 3 bets: it earns 2 x the column's amount, and 2 x the pace bonus when
    the winner is the pace horse; a chip on the last horse costs WC 5.4's payment."""
    state = new_state(3)
    prepare(state)
    end = state.clone()
    end.history.append(
        {
            "race": 1,
            "win": "red",
            "place": "blue",
            "show": "green",
            "last": ["white"],
            "pace_horse": "red",
            "multiplier": 1,
            "bets": [{"seat": 1, "horse": "red", "chip": 1}],
        }
    )
    bets = {b.key: b for b in MARKETS.bets(state, 0)}
    chosen = [bets["2@red"], bets["1@white"], bets["1@orange"]]
    values = MARKETS.payoffs(state, end, 0, chosen)
    assert values == [
        2 * TABLE.win[2] + 2 * TABLE.pace_bonus_per_bet,
        -min(TABLE.last_place_per_bet, state.money[0]),
        0.0,
    ]
    assert MARKETS.outcomes(state, end)["red"] == PLACE_NAMES[0]
    assert MARKETS.outcomes(state, end)["white"] == "last"
    assert MARKETS.outcomes(state, end)["orange"] == "unplaced"


def test_only_the_bettor_has_bets_on_the_board() -> None:
    state = new_state(3)
    prepare(state, first_bettor=0)
    assert MARKETS.bets(state, 1) == [] and MARKETS.bets(state, None) == []
    assert {b.key for b in MARKETS.bets(state, 0)} == {
        f"{chip}@{h}" for chip in (1, 2) for h in HORSES
    }
