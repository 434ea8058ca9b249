"""HF 2: the Betting Phase."""

from __future__ import annotations

from tote.games.horse_fever import betting
from tote.games.horse_fever.moves import (
    BuyActionCards,
    Pass,
    PlaceBet,
    PlayActionCard,
    SkipBet,
)
from tote.games.horse_fever.state import HorseFeverState

from .hf_helpers import (
    assert_refused,
    bet,
    draw,
    events,
    first_bets,
    force_money,
    force_vp,
    horse_of,
    pass_all,
    started,
)


def test_hf_2_1_first_bet_is_mandatory_clockwise_from_the_first_player() -> None:
    """HF 2.1: starting with the First Player, clockwise, each player must bet."""
    state = started(4, first=2)
    pass_all(state)
    assert state.phase == "first_bet"
    order = []
    while state.phase == "first_bet":
        seat = state.turn().seats[0]
        order.append(seat)
        assert_refused(state, seat, SkipBet(), "HF 2.1 first bet")
        bet(state, seat, horse_of(seat), "win", state.minimum_bet(seat))
    assert order == [2, 3, 0, 1]


def test_hf_2_1_minimum_bet_is_100_per_vp_stables_included(game4: HorseFeverState) -> None:
    """HF 2.1 Minimum Bet: VP x 100, Stable Owner cards counting as 1 VP (example: 5 VP,
    500 D)."""
    pass_all(game4)
    force_vp(game4, 0, 4)  # 4 VP tokens + the black Stable = 5 VP
    assert game4.minimum_bet(0) == 500
    assert_refused(game4, 0, PlaceBet("white", "win", 400), "HF 2.1 minimum bet")
    bet(game4, 0, "white", "win", 500)
    assert game4.money[0] == 3400 + 800 - 500  # two passes, then the stake


def test_hf_2_0_stakes_are_banknotes_and_within_means(game4: HorseFeverState) -> None:
    """HF 2.0 (ruling R6): stakes in 100 D banknotes, at most what the player has."""
    pass_all(game4)
    assert_refused(game4, 0, PlaceBet("white", "win", 250), "HF 2.0 banknotes")
    assert_refused(game4, 0, PlaceBet("white", "win", 4300), "HF 2.0 how to bet")


def purchases_but_last(state: HorseFeverState) -> None:
    """All purchases are passes; the last one is left to the caller."""
    for _ in range(2 * state.num_players - 1):
        state.apply(state.turn().seats[0], Pass())


def test_hf_2_1_cannot_cover_the_minimum_loses_two_vp() -> None:
    """HF 2.1 Attention: no Danari for the Minimum Bet: lose two VP (ruling R8: then
    bet if now covered)."""
    state = started(3)
    purchases_but_last(state)
    force_vp(state, 0, 3)  # 3 tokens + black = 4 VP: 400 D
    force_money(state, 0, 300)
    state.apply(2, Pass())
    assert state.vp[0] == 1 and state.minimum_bet(0) == 200
    assert events(state, "cannot_cover")[0] == {"kind": "cannot_cover", "seat": 0, "vp_lost": 2}
    assert state.turn().seats == (0,) and state.phase == "first_bet"


def test_hf_2_1_without_two_vp_the_player_loses_the_game() -> None:
    """HF 2.1 Attention: a player who cannot cover and has no two VP loses the game;
    ruling R18: their Stable is free again, their Danari and VP go back."""
    state = started(3)
    purchases_but_last(state)
    force_money(state, 0, 100)
    state.apply(2, Pass())
    assert state.eliminated[0]
    assert state.owner[state.lane_of["black"]] is None
    assert state.money[0] == 0 and state.vp[0] == 0
    assert state.turn().seats == (1,)
    assert state.clockwise(0) == [1, 2]


def test_hf_2_0_bet_tokens_limit_bets_per_colour() -> None:
    """HF 2.0: a Bet token of the colour must be left (players minus one per colour)."""
    state = started(2)
    pass_all(state)
    bet(state, 0, "white", "win", 200)
    assert state.tokens_left[state.lane_of["white"]] == 0
    assert_refused(state, 1, PlaceBet("white", "show", 200), "HF 2.0 bet tokens")


def test_hf_2_2_race_fixing_one_card_at_a_time_until_all_are_down() -> None:
    """HF 2.2: from the First Player clockwise, one face-down card at a time; players
    without cards pass; all cards are played."""
    state = started(3)
    state.apply(0, BuyActionCards())
    draw(state, "A01", "A02")
    state.apply(1, Pass())
    state.apply(2, BuyActionCards())
    draw(state, "A03", "A04")
    state.apply(0, BuyActionCards())
    draw(state, "A05", "A06")
    state.apply(1, Pass())
    state.apply(2, Pass())
    first_bets(state)
    assert state.phase == "race_fixing"
    order = []
    while state.phase == "race_fixing":
        seat = state.turn().seats[0]
        order.append(seat)
        card = state.hand[seat][0]
        state.apply(seat, PlayActionCard(card, "red"))
    assert order == [0, 2, 0, 2, 0, 0]
    public = state.view(None)["state"]["action_cards"]
    assert all(entry["card"] is None for entry in public) and len(public) == 6
    mine = state.view(2)["state"]["action_cards"]
    assert [e["card"] for e in mine if e["seat"] == 2] == ["A03", "A04"]
    assert all(e["card"] is None for e in mine if e["seat"] != 2)


def test_hf_2_2_only_own_cards_may_be_played() -> None:
    state = started(2)
    state.apply(0, BuyActionCards())
    draw(state, "A01", "A02")
    pass_all(state)
    first_bets(state)
    assert_refused(state, 0, PlayActionCard("A03", "red"), "HF 2.2 race-fixing")


def test_hf_2_3_second_bet_counter_clockwise_first_player_last() -> None:
    """HF 2.3: from the player right of the First Player, counter-clockwise; the First
    Player is last; skipping is allowed."""
    state = started(4, first=1)
    pass_all(state)
    first_bets(state)
    assert state.phase == "second_bet"
    order = []
    while state.phase == "second_bet":
        seat = state.turn().seats[0]
        order.append(seat)
        state.apply(seat, SkipBet())
    assert order == [0, 3, 2, 1]


def test_hf_2_3_same_horse_twice_only_win_and_show(game4: HorseFeverState) -> None:
    """HF 2.3: a second bet on the same horse must be the other kind."""
    pass_all(game4)
    first_bets(game4, "win")
    seat = game4.turn().seats[0]
    horse = horse_of(seat)
    assert_refused(game4, seat, PlaceBet(horse, "win", 300), "HF 2.3")
    game4.apply(seat, PlaceBet(horse, "show", 300))
    assert [b.kind for b in game4.bets if b.seat == seat] == ["win", "show"]


def test_hf_2_3_second_bet_honours_the_minimum(game4: HorseFeverState) -> None:
    pass_all(game4)
    first_bets(game4)
    seat = game4.turn().seats[0]
    assert_refused(game4, seat, PlaceBet("red", "win", 100), "HF 2.1 minimum bet")


def test_ruling_r8_a_player_who_cannot_cover_skips_the_second_bet() -> None:
    """Ruling R8: the penalty belongs to the mandatory first bet; a player who cannot
    cover the second bet is not asked and loses nothing."""
    state = started(3)
    pass_all(state)
    first_bets(state)
    force_money(state, 2, 100)  # seat 2 would be asked first (right of seat 0)
    state.queue = [1, 0]
    state.apply(1, SkipBet())
    assert state.turn().seats == (0,)
    force_money(state, 0, 0)
    vp = list(state.vp)
    state.queue = [2, 0]
    betting.advance_second_bet(state)
    assert state.phase == "movement" and state.vp == vp


def test_ruling_r18_with_one_player_left_the_final_stage_follows() -> None:
    """Ruling R18: when fewer than two players are left, the game ends at once; the
    player still in wins."""
    state = started(2)
    for _ in range(3):
        state.apply(state.turn().seats[0], Pass())
    force_money(state, 1, 0)
    force_vp(state, 1, 1)
    state.apply(1, Pass())  # seat 1 now has 400 D but needs 200 D: covered
    assert state.phase == "first_bet"
    bet(state, 0, "white", "win", 200)
    force_money(state, 1, 100)
    state.queue = [1]
    betting.advance_first_bet(state)
    assert state.is_over and state.eliminated == [False, True]
    result = state.result()
    assert result is not None and result.winners == (0,)


def test_hf_2_0_a_bet_token_is_a_value_that_hashes_and_compares_by_its_fields() -> None:
    """HF 2.0: a Bet token (seat, horse, kind, stake, which bet) is a value: equal bets
    compare and hash alike, a bet differing in any field does not (issue 24 made ``Bet``
    a slotted, not frozen, dataclass for its cost; this keeps what it was)."""
    placed = betting.Bet(1, 2, "win", 300, 1)
    same = betting.Bet(1, 2, "win", 300, 1)
    assert placed == same and hash(placed) == hash(same)
    assert len({placed, same}) == 1
    for other in (
        betting.Bet(0, 2, "win", 300, 1),
        betting.Bet(1, 3, "win", 300, 1),
        betting.Bet(1, 2, "show", 300, 1),
        betting.Bet(1, 2, "win", 400, 1),
        betting.Bet(1, 2, "win", 300, 2),
    ):
        assert other != placed
    assert not hasattr(placed, "__dict__")  # slotted: no stray attribute can be set
