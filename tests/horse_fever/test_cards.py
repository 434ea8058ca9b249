"""Card effects whose meanings are proposed (game-data 2b, 3b, 4b, 4c) and the rulings
that go with them. Amounts are read from the loaded data, not typed in."""

from __future__ import annotations

from tote.core import CHANCE
from tote.games.horse_fever import auction, final_stage
from tote.games.horse_fever.moves import (
    BuyActionCards,
    BuyCard,
    BuyStable,
    ChangeOdds,
    CopyAssistant,
    KeepCard,
    LineUpHorse,
    Pass,
    PlaceBet,
    SkipBet,
)
from tote.games.horse_fever.state import HorseFeverState

from .hf_helpers import (
    assert_refused,
    draw,
    first_bets,
    force_money,
    new_state,
    pass_all,
    positions,
    race_with,
    set_up,
    skip_second_bets,
    started,
    unit,
)


def keep(state: HorseFeverState, seat: int, deck: str, card: str) -> None:
    state.apply(seat, BuyCard(deck))  # type: ignore[arg-type]
    others = [c for c in state.decks[deck].top if c != card][:3]
    draw(state, card, *others)
    state.apply(seat, KeepCard(card))


def test_assistant_didier_addition_pass_bonus() -> None:
    state = started(2)
    keep(state, 0, "assistant", "S29")
    state.apply(1, Pass())
    money = state.money[0]
    state.apply(0, Pass())
    bonus = state.assistants["S29"].effect.pass_bonus
    assert state.money[0] == money + state.board.pass_money.value + bonus


def test_assistants_free_purchases_and_stable_discount() -> None:
    state = started(2)
    keep(state, 0, "assistant", "S26")  # Franz Galopp
    state.apply(1, Pass())
    discount = state.assistants["S26"].effect.stable_discount
    price = state.board.stable_prices.values[5]  # white on 1:7
    money = state.money[0]
    state.apply(0, BuyStable("white"))
    assert state.money[0] == money - (price - discount)
    state2 = started(2)
    keep(state2, 0, "assistant", "S23")  # Adelbert: Targets free
    state2.apply(1, Pass())
    money = state2.money[0]
    state2.apply(0, BuyCard("target"))
    assert state2.money[0] == money


def test_horse_card_start_effect_and_action_cards_win_over_it() -> None:
    """Ruling R4: Horse card effects first, Action cards after (The Fury start = 4 under
    Globus Obscurus start = 0 gives 0)."""
    state = started(2)
    keep(state, 0, "horse", "H40")  # The Fury, start = 4
    state.apply(1, Pass())
    state.apply(0, BuyActionCards())
    draw(state, "A08", "A02")
    state.apply(1, Pass())
    assert state.phase == "lineup"
    state.apply(0, LineUpHorse("H40", "black"))
    first_bets(state)
    from tote.games.horse_fever.moves import PlayActionCard

    state.apply(0, PlayActionCard("A02", "blue"))
    state.apply(0, PlayActionCard("A08", "black"))
    skip_second_bets(state)
    unit(state, "M01", ("yellow", "yellow"))
    assert positions(state)["black"] == 0


def test_horse_card_the_fury_starts_with_four() -> None:
    state = started(2)
    keep(state, 0, "horse", "H40")
    pass_all(state)
    state.apply(0, LineUpHorse("H40", "black"))
    first_bets(state)
    skip_second_bets(state)
    unit(state, "M19", ("yellow", "yellow"))  # scan 101: 1:2 shows 2
    assert positions(state)["black"] == 4


def test_loan_repay_discount_and_default_amounts() -> None:
    """HF 5.1 (amounts proposed): repay the Loan card's amount; Aronne Dal Banco makes the
    Bank loan cheaper."""
    state = started(2)
    keep(state, 0, "assistant", "S28")
    bank = state.cards.loans.sides["bank"]
    assert state.loan_repay(0, "bank") == state.assistants["S28"].effect.loan_repay["bank"]
    assert state.loan_repay(1, "bank") == bank.repay


def test_cedric_copieur_copies_another_players_assistant() -> None:
    """Ruling R20: at the start of each round Cédric's owner picks another player's
    Assistant; its effects apply to them too."""
    state = started(2, rounds=2, any_rounds=True)
    keep(state, 0, "assistant", "S34")
    keep(state, 1, "assistant", "S29")
    state.phase = "purchase"
    state.queue = []
    auction.end_round(state)
    assert state.phase == "copy_assistant" and state.turn().seats == (0,)
    assert state.legal_moves(0) == [CopyAssistant("S29")]
    state.apply(0, CopyAssistant("S29"))
    assert state.phase == "purchase" and state.turn().seats == (1,)  # seat 1 is First now
    state.apply(1, Pass())
    money = state.money[0]
    state.apply(0, Pass())
    bonus = state.assistants["S29"].effect.pass_bonus
    assert state.money[0] == money + state.board.pass_money.value + bonus


def test_advanced_starred_action_cards_change_winning_bets() -> None:
    """Game-data 2b (proposed): Pecunia Non Olet +400 D and Boss +1 VP on each winning
    bet on that horse."""
    state = race_with([("A17", "white"), ("A18", "white")], advanced=True)
    state.positions[:] = [0, 0, 0, 0, 0, 50]
    # seat 0 bet to show on white (first_bets): white wins
    money, vp = state.money[0], state.vp[0]
    stake = next(b.amount for b in state.bets if b.seat == 0)
    unit(state, "M01", ("yellow", "yellow"))
    while state.phase not in ("dutch_auction", "over"):
        state.apply(CHANCE, state.chance_outcomes()[0][0])
        if state.phase == "photo_finish":
            state.apply(state.first_player, state.legal_moves(state.first_player)[0])  # type: ignore[index]
    extra = state.actions["A17"].effect.bet_money
    assert state.money[0] - money >= 2 * stake + extra
    assert state.vp[0] == vp + state.board.show_vp.value + state.actions["A18"].effect.bet_vp


def test_advanced_character_skills() -> None:
    """Game-data 3b (proposed): Otto Von Alt buys Action cards for nothing; Miss Double
    may buy two Targets a phase; Eric Change moves one Stable's odds after the reveal."""
    state = new_state(3, advanced=True)
    set_up(state, characters=("C82", "C79", "C78"))
    money = state.money[0]
    state.apply(0, BuyActionCards())
    draw(state, "A01", "A02")
    assert state.money[0] == money
    keep(state, 1, "target", "T01")
    state.apply(2, Pass())
    state.apply(0, Pass())
    keep(state, 1, "target", "T09")  # a second Target in the same phase
    state.apply(2, Pass())
    first_bets(state)
    while state.phase == "race_fixing":
        from tote.games.horse_fever.moves import PlayActionCard

        state.apply(0, PlayActionCard(state.hand[0][0], "red"))
    skip_second_bets(state)
    assert state.phase == "change_odds" and state.turn().seats == (2,)
    state.apply(2, ChangeOdds("white", 2))
    assert state.odds(state.lane_of["white"]) == 5 and state.phase == "movement"


def test_antonio_vesuvio_may_bet_twice_in_the_second_betting() -> None:
    state = new_state(3, advanced=True)
    set_up(state, characters=("C77", "C71", "C72"))
    pass_all(state)
    first_bets(state)
    order = [state.turn().seats[0]]
    for seat in (2, 1):
        state.apply(seat, SkipBet())
    assert state.turn().seats == (0,)
    state.apply(0, PlaceBet("red", "win", state.minimum_bet(0)))
    assert state.turn().seats == (0,)
    state.apply(0, PlaceBet("green", "win", state.minimum_bet(0)))
    assert state.phase == "movement" and order == [2]


def test_ruling_r15_dutch_offer_never_reaches_zero() -> None:
    """Ruling R15: after an acceptance at 100 D the Dutch auction ends with that sale."""
    from .test_auction_and_end import answer, at_auction

    state = at_auction(2)
    money = state.money[1]
    for _ in range(5):
        answer(state, (0, True), (1, True))  # 1000 D down to 100 D
    assert state.phase == "english_auction"
    assert state.money[1] == money + 100


def test_refusals_name_the_phase_rule(game4: HorseFeverState) -> None:
    assert_refused(game4, 0, SkipBet(), "HF 1.0 purchase phase")
    force_money(game4, 0, 0)
    assert_refused(game4, 0, BuyStable("white"), "HF 1.1 stable owner")


def run_to_payoff(state: HorseFeverState, order: list[str]) -> None:
    """From the first Movement card: the horses finish in ``order``, 10 squares apart."""
    for place, colour in enumerate(order):
        state.positions[state.lane_of[colour]] = 100 - 10 * place
    state.apply(CHANCE, state.chance_outcomes()[0][0])
    state.apply(CHANCE, state.chance_outcomes()[0][0])


def test_assistants_bet_bonuses_by_betting_round() -> None:
    """Brian O'Fist +200 D per winning first bet, Daniel Jackson +300 D per winning bet
    (proposed meanings, game-data 4b)."""
    state = started(2)
    keep(state, 0, "assistant", "S31")
    state.apply(1, Pass())
    state.owned_assistants[0].append("S33")  # as if bought in an earlier round
    state.apply(0, Pass())
    state.apply(1, Pass())
    state.apply(0, PlaceBet("white", "show", 200))
    state.apply(1, PlaceBet("yellow", "show", 200))
    skip_second_bets(state)
    money = state.money[0]
    run_to_payoff(state, ["white", "red", "blue", "black", "green", "yellow"])
    brian = state.assistants["S31"].effect.win_bonus_first
    daniel = state.assistants["S33"].effect.win_bonus
    assert state.money[0] == money + 400 + brian + daniel  # Show pays twice 200 D


def test_horse_cards_with_money_and_odds_effects() -> None:
    """Biscuit De Mer: its Stable's odds go down two rows at the reveal and its owner
    gets its money at payoffs (proposed meanings, game-data 4c)."""
    state = started(2)
    keep(state, 0, "horse", "H42")
    pass_all(state)
    state.apply(0, LineUpHorse("H42", "black"))
    first_bets(state)
    skip_second_bets(state)
    assert state.odds(state.lane_of["black"]) == 4  # 1:2 -> 1:4
    money = state.money[0]
    run_to_payoff(state, ["red", "blue", "green", "black", "white", "yellow"])
    assert state.money[0] == money + state.horse_cards["H42"].effect.payoff_money


def test_miss_paris_show_bets_win_on_fourth() -> None:
    state = new_state(2, advanced=True)
    set_up(state, characters=("C80", "C81"))
    pass_all(state)
    state.apply(0, PlaceBet("white", "show", 100))
    state.apply(1, PlaceBet("yellow", "show", 100))
    skip_second_bets(state)
    money = state.money[0]
    run_to_payoff(state, ["red", "blue", "green", "white", "black", "yellow"])
    assert state.money[0] == money + 200


def test_ruling_r17_minus_targets_and_counts_as_two() -> None:
    """Ruling R17: "-Stable" is fulfilled with the fewest Stables (ties count); Giumenta
    counts as two Horses for "+Horse"."""
    state = started(3)
    state.owned_targets[0] = ["T11"]  # -stable
    state.owned_targets[1] = ["T07"]  # +horse
    state.owner[state.lane_of["white"]] = 2  # seat 2 has two Stables now
    state.owned_horses[1] = ["H44"]
    state.owned_horses[2] = ["H36"]
    assert state.target_measure(1, "horse") == 2
    assert final_stage.score_targets(state)[:2] == [["T11"], ["T07"]]
