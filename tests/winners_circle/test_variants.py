"""WC 6: the four variants (Hidden Bets, Crowded Field, Alternative Payouts, Royal Turf)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from tote.core import CHANCE, Move
from tote.games.winners_circle import GAME
from tote.games.winners_circle.data import PayoutTable, horse_data
from tote.games.winners_circle.moves import DrawHorseCard, PlaceBet
from tote.games.winners_circle.payout import Bet, PayoutLine, settle
from tote.games.winners_circle.state import WinnersCircleState

from .test_payout import EXAMPLE_3, LAST, PLACE, SHOW, WIN, A, B, C, D
from .wc_helpers import (
    HORSES,
    assert_refused,
    bet,
    draw,
    events,
    force_money,
    horse,
    move,
    new_state,
    place_bets,
    prepare,
    put_horse,
    run_to_finish,
    spread_bets,
)


# ================================================================= WC 6.1
def test_wc_6_1_hidden_bets_four_chips_four_rounds() -> None:
    """WC 6.1: every player takes all four chips 0, 1, 1, 2 and betting lasts four
    rounds."""
    state = new_state(3, hidden_bets=True)
    prepare(state)
    assert state.view(0)["state"]["chips"][0] == [0, 1, 1, 2]
    assert state.view(0)["state"]["betting_rounds"] == 4
    order = []
    plan = {s: [("red", 0), ("blue", 1), ("green", 1), ("yellow", 2)] for s in range(3)}
    while state.phase == "bets":
        seat = state.turn().seats[0]
        order.append(seat)
        bet(state, seat, *plan[seat].pop(0))
    assert order == [0, 1, 2] * 4
    assert state.phase == "roll"
    assert len(state.view(None)["state"]["bets"]) == 12


def test_wc_6_1_zero_chip_only_in_hidden_bets() -> None:
    """WC 6.1 / WC 1.1: the 0-chip may be placed in Hidden Bets (and only there)."""
    state = new_state(2, hidden_bets=True)
    prepare(state)
    bet(state, 0, "red", 0)
    assert state.view(0)["state"]["chips"][0] == [1, 1, 2]
    assert_refused(state, 1, PlaceBet("red", 3), "WC 3.5 your own chips")


def test_wc_6_1_chips_lie_face_down_and_only_the_owner_sees_them() -> None:
    """WC 6.1: chips are placed face down; a player may look at his own at any time,
    nobody else (nor a spectator) sees the value."""
    state = new_state(3, hidden_bets=True)
    prepare(state)
    bet(state, 0, "red", 2)
    bet(state, 1, "red", 0)
    for seat in (None, 0, 1, 2):
        view = state.view(seat)
        expect = [
            {"seat": 0, "horse": "red", "chip": 2 if seat == 0 else None},
            {"seat": 1, "horse": "red", "chip": 0 if seat == 1 else None},
        ]
        assert view["state"]["bets"] == expect
        logged = [(e["seat"], e["chip"]) for e in view["log"] if e["kind"] == "bet"]
        assert logged == [(b["seat"], b["chip"]) for b in expect]
        chips = view["state"]["chips"]
        for s in range(3):
            if s == seat:
                assert isinstance(chips[s], list)
            else:
                assert chips[s] == (3 if s in (0, 1) else 4)
    assert state.view(0)["state"]["chips"][0] == [0, 1, 1]
    assert state.view(1)["state"]["chips"][1] == [1, 1, 2]


def test_wc_6_1_all_chips_are_turned_over_at_the_end_of_the_race() -> None:
    """WC 6.1: at the end of the race every chip is turned over: the payout shows them all."""
    state = new_state(2, hidden_bets=True)
    prepare(state)
    plan = {
        0: [("red", 2), ("blue", 0), ("green", 1), ("white", 1)],
        1: [("red", 0), ("blue", 1), ("yellow", 1), ("purple", 2)],
    }
    place_bets(state, plan)
    run_to_finish(state)
    payout = events(state, "payout", seat=None)[0]
    shown = {(b["seat"], b["horse"], b["chip"]) for b in payout["bets"]}
    assert shown == {(s, h, c) for s, bets in plan.items() for h, c in bets}
    assert state.view(1)["state"]["history"][0]["bets"] == payout["bets"]


def test_wc_6_1_zero_chips_have_no_effect_on_the_payout(table: PayoutTable) -> None:
    """WC 6.1: 0-chips are bluff only: they neither add to the column, nor win, nor pay
    on the last horse; a placed horse with only 0-chips pays nobody."""
    bets = [
        Bet(0, 0, 0),  # only a 0-chip on the winner
        Bet(1, 2, 1),
        Bet(2, 2, 0),  # the show horse: a 1-chip and a 0-chip -> column 1
        Bet(2, 6, 0),  # 0-chip on the last horse
    ]
    money, lines = settle(bets, [0, 1, 2], [6], 2, [100, 100, 100], table, 1, False)
    assert money == [100, 100 + table.show[0] + 100, 100]
    assert lines == [PayoutLine(1, 2, "show", 250), PayoutLine(1, 2, "pace", 100)]


def test_wc_6_1_hidden_bets_race_pays_the_revealed_chips() -> None:
    """WC 6.1 in play: seat 0's face-down 2-chip on the winner is paid as two bets;
    seat 1's 0-chip on the same horse neither adds a bet nor collects."""
    state = new_state(2, hidden_bets=True)
    prepare(state)
    place_bets(
        state,
        {
            0: [("red", 2), ("yellow", 0), ("purple", 1), ("orange", 1)],
            1: [("red", 0), ("yellow", 1), ("purple", 1), ("orange", 2)],
        },
    )
    run_to_finish(state)  # red (pace horse) wins; white is last
    assert state.money == [2 * 350 + 2 * 100, 0]


# ================================================================= WC 6.2
def test_wc_6_2_crowded_field_every_horse_starts_on_36() -> None:
    """WC 6.2: all seven horses begin on the starting line, space 36."""
    state = new_state(3, crowded_field=True)
    prepare(state)
    for name in HORSES:
        info = horse(state, name)
        assert (info["space"], info["progress"]) == (36, 0)


def test_wc_6_2_crowded_field_has_no_blocking() -> None:
    """WC 6.2: several horses may share a space: red and blue both move 7 onto space 7,
    and white moves 6 from 36 although others stand there."""
    state = new_state(3, crowded_field=True)
    prepare(state)
    spread_bets(state)
    assert move(state, "red", "head")["space"] == 7
    event = move(state, "blue", "head")
    assert (event["moved"], event["space"]) == (7, 7)
    event = move(state, "white", "head")
    assert (event["moved"], event["space"]) == (6, 6)


CROWDED_CARDS = ("H25", "H26", "H27", "H01", "H09", "H10", "H02")
"""red, blue, green: shoe 15, 15, 16; yellow and white: head 7; purple, orange: head 5."""


def crowded_race(last_place_tie: str, alternative_payouts: bool = False) -> WinnersCircleState:
    """A whole Crowded Field race by real moves. Three card cycles: red, blue, green
    roll shoes; yellow and white heads (7); purple and orange heads (5). Red, blue,
    green finish in that order in cycle 3; purple and orange tie at the back (10),
    purple having moved before orange. Seat 0 backs purple, seat 1 orange, seat 2 the
    placed horses."""
    state = new_state(
        3,
        crowded_field=True,
        last_place_tie=last_place_tie,
        alternative_payouts=alternative_payouts,
    )
    prepare(state, CROWDED_CARDS)
    place_bets(
        state,
        {
            0: [("purple", 2), ("yellow", 1), ("white", 1)],
            1: [("orange", 2), ("yellow", 1), ("white", 1)],
            2: [("red", 1), ("blue", 1), ("green", 2)],
        },
    )
    force_money(state, [1000, 1000, 1000])
    cycle = [
        ("red", "shoe"),
        ("blue", "shoe"),
        ("green", "shoe"),
        ("yellow", "head"),
        ("purple", "head"),
        ("orange", "head"),
        ("white", "head"),
    ]
    for name, symbol in cycle * 2 + cycle[:3]:
        move(state, name, symbol)
    return state


def test_wc_6_2_crowded_race_by_real_moves() -> None:
    """WC 6.2 + WC 4.8-4.10: the scripted crowded race ends as planned."""
    state = crowded_race("all")
    payout = events(state, "payout")[0]
    assert (payout["win"], payout["place"], payout["show"]) == ("red", "blue", "green")
    assert payout["pace_horse"] == "red"
    final = {h["name"]: h["progress"] for h in payout_positions(state)}
    assert final == {"yellow": 14, "purple": 10, "orange": 10, "white": 14}


def payout_positions(state: WinnersCircleState) -> list[dict[str, object]]:
    """Progress of the unplaced horses at the end of race 1, from the move log."""
    progress: dict[str, int] = {}
    for e in events(state, "horse_moved"):
        progress[e["horse"]] = progress.get(e["horse"], 0) + e["moved"]
    placed = {"red", "blue", "green"}
    return [{"name": n, "progress": p} for n, p in progress.items() if n not in placed]


def test_wc_6_2_last_place_tie_all_rearmost_horses_are_last(table: PayoutTable) -> None:
    """WC 6.2 with ruling A9-6 (default ``all``): purple and orange share the rearmost
    space, so both are last and both backers pay."""
    state = crowded_race("all")
    payout = events(state, "payout")[0]
    assert payout["last"] == ["purple", "orange"]
    seat_2 = 1000 + table.win[0] + 100 + table.place[0] + 2 * table.show[1]
    assert state.money == [800, 800, seat_2]


def test_wc_6_2_last_place_tie_least_recent_mover_is_last() -> None:
    """WC 6.2 with ruling A9-6, option ``least_recent``: of the tied horses the one that
    moved least recently (purple) is last; orange's backer pays nothing."""
    state = crowded_race("least_recent")
    payout = events(state, "payout")[0]
    assert payout["last"] == ["purple"]
    assert state.money[:2] == [800, 1000]


def test_wc_6_2_least_recent_never_moved_counts_as_least_recent() -> None:
    """Ruling A9-6 (``least_recent``): horses that never moved are the least recent; if
    several never moved they stay tied and are all last."""
    state = new_state(2, crowded_field=True, last_place_tie="least_recent")
    prepare(state, CROWDED_CARDS)
    spread_bets(state)
    move(state, "yellow", "head")
    for name in ("red", "blue", "green"):
        put_horse(state, name, 30)
    for name in ("red", "blue", "green"):
        move(state, name, "shoe")
    assert events(state, "payout")[0]["last"] == ["purple", "orange", "white"]


# ================================================================= WC 6.3
def test_wc_6_3_alternative_payouts_column_counts_chips(table: PayoutTable) -> None:
    """WC 6.3: the column is the number of chips, a 2-chip counting like a 1-chip; a
    1-chip then receives the amount, a 2-chip double. Pace bonus and last place are
    unchanged. Example 3's bets under this variant."""
    money, lines = settle(EXAMPLE_3, [WIN, PLACE, SHOW], [LAST], PLACE, [1000] * 4, table, 1, True)
    win, place, show = table.win[1 - 1], table.place[3 - 1], table.show[1 - 1]
    expected = [
        PayoutLine(A, WIN, "win", 2 * win),
        PayoutLine(B, PLACE, "place", 2 * place),
        PayoutLine(A, PLACE, "place", place),
        PayoutLine(C, PLACE, "place", place),
        PayoutLine(B, PLACE, "pace", 200),
        PayoutLine(A, PLACE, "pace", 100),
        PayoutLine(C, PLACE, "pace", 100),
        PayoutLine(C, SHOW, "show", show),
        PayoutLine(C, LAST, "last", -200),
        PayoutLine(D, LAST, "last", -100),
    ]
    assert Counter(lines) == Counter(expected)
    assert money[D] == 900


def test_wc_6_3_with_hidden_bets_zero_chips_count_but_receive_nothing(
    table: PayoutTable,
) -> None:
    """WC 6.3 with WC 6.1: zero chips count in the column too, and receive nothing."""
    bets = [Bet(0, 2, 1), Bet(1, 2, 0), Bet(2, 0, 0)]
    money, lines = settle(bets, [0, 1, 2], [6], None, [0, 0, 0], table, 1, True)
    assert money == [table.show[2 - 1], 0, 0]
    assert lines == [PayoutLine(0, 2, "show", table.show[2 - 1])]
    # Without Alternative Payouts the same 0-chip does not count.
    money, _ = settle(bets, [0, 1, 2], [6], None, [0, 0, 0], table, 1, False)
    assert money == [table.show[0], 0, 0]


def test_wc_6_3_alternative_payouts_in_a_real_race(table: PayoutTable) -> None:
    """WC 6.3 in play: the crowded race's green (one 2-chip) reads column 1, not 2."""
    state = crowded_race("all", alternative_payouts=True)
    seat_2 = 1000 + table.win[0] + 100 + table.place[0] + 2 * table.show[0]
    assert state.money[2] == seat_2


# ================================================================= WC 6.4
def test_wc_6_4_royal_turf_uses_the_21_cards() -> None:
    """WC 6.4: the 21 Royal Turf cards replace the 28 horse cards."""
    state = new_state(3, royal_turf=True)
    cards = sorted(o.card for o, _ in state.chance_outcomes())
    assert cards == sorted(c.id for c in horse_data().royal_turf_cards)
    assert len(cards) == 21
    assert_refused(state, CHANCE, DrawHorseCard("H01"), "chance")


def test_wc_6_4_card_goes_to_its_own_horse_in_draw_order() -> None:
    """WC 6.4 with ruling A9-13: each card belongs to one horse and goes on that horse's
    gate; the horses line up 36, 35, ... in the order their cards are drawn."""
    state = new_state(3, royal_turf=True)
    draw(state, "RT19", "RT10")  # white, then yellow
    white, yellow = horse(state, "white"), horse(state, "yellow")
    assert (white["card_id"], white["space"], white["gate"]) == ("RT19", 36, 7)
    assert (yellow["card_id"], yellow["space"], yellow["gate"]) == ("RT10", 35, 4)
    assert horse(state, "red")["card"] is None


def test_wc_6_4_duplicates_are_set_aside_then_shuffled_back() -> None:
    """WC 6.4: a card of a horse already at its gate is put aside; once seven different
    horses are out, the cards put aside go back into the deck."""
    state = new_state(3, royal_turf=True)
    draw(state, "RT19", "RT20", "RT21")  # white, then two more white cards
    assert horse(state, "white")["card_id"] == "RT19"
    assert [e["card"] for e in events(state, "card_set_aside")] == ["RT20", "RT21"]
    assert state.view(None)["state"]["deck_size"] == 18
    assert_refused(state, CHANCE, DrawHorseCard("RT20"), "chance")
    draw(state, "RT01", "RT04", "RT07", "RT10", "RT13", "RT16")
    assert state.phase in {"first_bettor", "bets"}
    assert {h["card_id"] for h in state.view(None)["state"]["horses"]} == {
        "RT19",
        "RT01",
        "RT04",
        "RT07",
        "RT10",
        "RT13",
        "RT16",
    }
    deck = {o.card for o, _ in _draws_next_race(state)}
    assert {"RT20", "RT21"} <= deck
    assert len(deck) == 14


def _draws_next_race(state: WinnersCircleState) -> Sequence[tuple[Move, float]]:
    """Finish the race and return the chance outcomes of race 2's first draw."""
    prepare(state, ())
    spread_bets(state)
    run_to_finish(state)
    assert state.race == 2
    return state.chance_outcomes()


def test_wc_6_4_a_card_put_aside_is_refused_until_it_is_shuffled_back() -> None:
    """WC 6.4: a card put aside cannot be drawn until the seven horses are out, and
    the refusal says so; a base horse card is not among the Royal Turf cards."""
    state = new_state(3, royal_turf=True)
    draw(state, "RT19", "RT20")
    refusal = assert_refused(state, CHANCE, DrawHorseCard("RT20"), "chance")
    assert refusal.message.endswith(
        "RT20 was drawn and put aside this race: it goes back into the stack once seven"
        " different horses are at their gates (WC 6.4)"
    )
    refusal = assert_refused(state, CHANCE, DrawHorseCard("H01"), "chance")
    assert refusal.message.endswith(
        "there is no card 'H01' among this game's Royal Turf cards (WC 6.4)"
    )


def test_wc_6_4_every_horse_runs_every_race_with_one_of_its_cards() -> None:
    """WC 6.4: with three cards per horse, the three races use all 21 cards, one card
    per horse per race, and all seven horses run each race."""
    import random

    from .wc_helpers import play_until

    state = new_state(4, royal_turf=True)
    play_until(state, random.Random(5), lambda s: s.is_over)
    placed = [e for e in events(state, "horse_card")]
    assert len(placed) == 21
    for race in range(3):
        race_cards = placed[7 * race : 7 * race + 7]
        assert sorted(e["horse"] for e in race_cards) == sorted(HORSES)
    assert state.view(None)["state"]["deck_size"] == 0


def test_wc_6_4_logged_gate_is_the_matching_gate() -> None:
    """WC 6.4: the card is placed on the matching gate, so the log names that gate."""
    state = new_state(3, royal_turf=True)
    draw(state, "RT19")
    assert events(state, "horse_card")[0]["gate"] == 7


def test_wc_6_variants_are_named_options() -> None:
    """WC 6: each variant is an option of its own; they combine freely."""
    assert set(GAME.variants) == {
        "hidden-bets",
        "crowded-field",
        "alternative-payouts",
        "royal-turf",
    }
    options = GAME.options({}, list(GAME.variants))
    assert options.model_dump()["hidden_bets"] is True
    assert GAME.active_variants(options) == list(GAME.variants)
    state = GAME.new_state(options, 2)
    assert isinstance(state, WinnersCircleState)
