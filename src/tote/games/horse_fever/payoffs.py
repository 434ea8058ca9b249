"""HF 3.3 Payoffs (bets, Stable prizes, Assistants' and Horses' money) and HF 3.4 New
odds, at the end of the race; then the Auction Phase (or, FG 2 / PG 3.2, the end of
the round). Next in reading order: ``auction.py``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tote.core.events import Event
from tote.games.horse_fever import auction
from tote.games.horse_fever.decks import Deck
from tote.games.horse_fever.race import new_row

if TYPE_CHECKING:
    from tote.games.horse_fever.betting import Bet
    from tote.games.horse_fever.state import HorseFeverState


@dataclass(frozen=True, slots=True)
class RaceResult:
    """What a race's bets are paid on (HF 3.3): the ranking (lanes, first to last) and,
    for each lane, the Stable's odds N (1:N) and the money and VP that cards add to its
    winning bets, as they stood at the payoffs. The state keeps the last one
    (``state.race_result``, in no view) so that the tote board can value a bet that was
    not placed by the same rule (:func:`bet_payoff`)."""

    ranking: tuple[int, ...]
    odds: tuple[int, ...]
    bet_money: tuple[int, ...]
    bet_vp: tuple[int, ...]


def race_result(state: HorseFeverState) -> RaceResult:
    """The finished race of ``state`` as its payoffs read it."""
    odds_rows = state.board.odds_rows
    return RaceResult(
        tuple(state.ranking),
        tuple([odds_rows[row] for row in state.row]),
        tuple([fx.bet_money for fx in state.effects]),
        tuple([fx.bet_vp for fx in state.effects]),
    )


def bet_won(state: HorseFeverState, race: RaceResult, bet: Bet) -> bool:
    """HF 3.3: a Win bet wins if its horse is first, a Show bet if it is first to third
    (fourth too with the ``show_fourth`` skill)."""
    place = race.ranking.index(bet.lane)
    show_places = 4 if state.skills[bet.seat] == "show_fourth" else 3
    return place == 0 if bet.kind == "win" else place < show_places


def bet_payoff(state: HorseFeverState, race: RaceResult, bet: Bet) -> tuple[int, int]:
    """HF 3.3: what ``bet`` is paid, as (Danari, VP). A winning Win bet pays its stake x
    the odds, a winning Show bet twice its stake (both with the stake back), and 3 or 1
    VP; cards on the lane add money or VP (never below 0), the bettor's Assistants a
    bonus; PG 3.1: no VP in the Party Game. A lost bet pays (0, 0): its stake is the
    Bank's (HF 2.0)."""
    if not bet_won(state, race, bet):
        return 0, 0
    return won_bet_payoff(state, race, bet)


def won_bet_payoff(state: HorseFeverState, race: RaceResult, bet: Bet) -> tuple[int, int]:
    """:func:`bet_payoff` of a bet known to have won (HF 3.3)."""
    board = state.board
    if bet.kind == "win":
        danari, vp = bet.amount * race.odds[bet.lane], board.win_vp.value
    else:
        danari, vp = bet.amount * 2, board.show_vp.value
    danari += race.bet_money[bet.lane]
    if danari < 0:
        danari = 0
    vp = 0 if state.party else vp + race.bet_vp[bet.lane]
    if vp < 0:
        vp = 0
    if not state.owned_assistants[bet.seat]:
        return danari, vp
    for e in state.assistant_effects(bet.seat):
        danari += e.win_bonus + (e.win_bonus_first if bet.betting == 1 else e.win_bonus_second)
    return danari, vp


def payoffs(state: HorseFeverState) -> None:
    """HF 3.3: bets, Stable prizes, Assistants' and Horses' money; then 3.4."""
    race = state.race_result = race_result(state)
    lines: list[dict[str, Any]] = []
    board = state.board
    owner = state.owner
    colours, ranking, prizes = state.colours, state.ranking, board.stable_prizes.values
    horses = [(lane, h) for lane, h in enumerate(state.lane_horse) if h is not None]
    by_seat: dict[int, list[Bet]] = {}  # each seat's bets in the order they were placed
    for b in state.bets:
        by_seat.setdefault(b.seat, []).append(b)
    for seat in state.clockwise(state.first_player):
        effects = state.assistant_effects(seat) if state.owned_assistants[seat] else ()
        for b in by_seat.get(seat, ()):
            won = bet_won(state, race, b)
            danari, vp = won_bet_payoff(state, race, b) if won else (0, 0)
            if won:
                state._pay(seat, danari)
                state._give_vp(seat, vp)
            lines.append(
                {
                    "seat": seat,
                    "stable": colours[b.lane],
                    "bet": b.kind,
                    "won": won,
                    "danari": danari,
                    "vp": vp,
                }
            )
        for place, prize in enumerate(prizes):
            if owner[ranking[place]] == seat:
                state._pay(seat, prize)
                lines.append({"seat": seat, "stable": colours[ranking[place]], "prize": prize})
        extra = 0
        for effect in effects:
            extra += effect.payoff_money
        for lane, h in horses:
            if owner[lane] == seat:
                extra += state.horse_cards[h].effect.payoff_money
        if extra:
            state._pay(seat, extra)
            lines.append({"seat": seat, "cards": extra})
    state.log.append(
        Event(
            "payoffs",
            {"ranking": [colours[lane] for lane in ranking], "lines": lines},
        )
    )
    new_odds(state)


def new_odds(state: HorseFeverState) -> None:
    """HF 3.4: each Stable token moves one row toward its horse's place."""
    odds_rows, colours, row = state.board.odds_rows, state.colours, state.row
    before = dict(zip(colours, [odds_rows[r] for r in row], strict=True))
    for place, lane in enumerate(state.ranking):
        row[lane] = new_row(row[lane], place)
    after = dict(zip(colours, [odds_rows[r] for r in row], strict=True))
    state.history.append(
        {
            "round": state.round,
            "ranking": [colours[lane] for lane in state.ranking],
            "odds_before": before,
            "odds_after": after,
        }
    )
    state.log.append(Event("new_odds", {"odds": dict(after)}))
    # Ruling R3: played Action cards and Movement cards are shuffled back.
    state.decks["action"].shuffle_in([card for _, card, _ in state.played])
    state.movement_deck = Deck(list(state.movement))
    if state.family or state.party:
        auction.end_round(state)  # FG 2, PG 3.2: no Auction Phase
    else:
        auction.start_dutch_auction(state)
