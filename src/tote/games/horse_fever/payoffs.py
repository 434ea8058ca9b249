"""HF 3.3 Payoffs (bets, Stable prizes, Assistants' and Horses' money) and HF 3.4 New
odds, at the end of the race; then the Auction Phase (or, FG 2 / PG 3.2, the end of
the round). Next in reading order: ``auction.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tote.core.events import Event
from tote.games.horse_fever import auction
from tote.games.horse_fever.decks import Deck
from tote.games.horse_fever.race import new_row

if TYPE_CHECKING:
    from tote.games.horse_fever.state import HorseFeverState


def payoffs(state: HorseFeverState) -> None:
    """HF 3.3: bets, Stable prizes, Assistants' and Horses' money; then 3.4."""
    place_of = {lane: i for i, lane in enumerate(state.ranking)}
    lines: list[dict[str, Any]] = []
    board = state.board
    for seat in state.clockwise(state.first_player):
        effects = state.assistant_effects(seat)
        for b in (b for b in state.bets if b.seat == seat):
            place = place_of[b.lane]
            show_places = 4 if state.skill(seat) == "show_fourth" else 3
            won = place == 0 if b.kind == "win" else place < show_places
            if not won:
                lines.append(
                    {
                        "seat": seat,
                        "stable": state.colours[b.lane],
                        "bet": b.kind,
                        "won": False,
                        "danari": 0,
                        "vp": 0,
                    }
                )
                continue
            fx = state.effects[b.lane]
            if b.kind == "win":
                danari, vp = b.amount * state.odds(b.lane), board.win_vp.value
            else:
                danari, vp = b.amount * 2, board.show_vp.value
            danari = max(0, danari + fx.bet_money)
            vp = 0 if state.party else max(0, vp + fx.bet_vp)  # PG 3.1: no VP
            bonus = sum(
                e.win_bonus + (e.win_bonus_first if b.betting == 1 else e.win_bonus_second)
                for e in effects
            )
            state._pay(seat, danari + bonus)
            state._give_vp(seat, vp)
            lines.append(
                {
                    "seat": seat,
                    "stable": state.colours[b.lane],
                    "bet": b.kind,
                    "won": True,
                    "danari": danari + bonus,
                    "vp": vp,
                }
            )
        for place, prize in enumerate(board.stable_prizes.values):
            if state.owner[state.ranking[place]] == seat:
                state._pay(seat, prize)
                lines.append(
                    {"seat": seat, "stable": state.colours[state.ranking[place]], "prize": prize}
                )
        extra = sum(e.payoff_money for e in effects)
        extra += sum(
            state.horse_cards[h].effect.payoff_money
            for lane, h in enumerate(state.lane_horse)
            if h is not None and state.owner[lane] == seat
        )
        if extra:
            state._pay(seat, extra)
            lines.append({"seat": seat, "cards": extra})
    state.log.append(
        Event(
            "payoffs",
            {"ranking": [state.colours[lane] for lane in state.ranking], "lines": lines},
        )
    )
    new_odds(state)


def new_odds(state: HorseFeverState) -> None:
    """HF 3.4: each Stable token moves one row toward its horse's place."""
    before = [state.odds(lane) for lane in range(6)]
    for place, lane in enumerate(state.ranking):
        state.row[lane] = new_row(state.row[lane], place)
    state.history.append(
        {
            "round": state.round,
            "ranking": [state.colours[lane] for lane in state.ranking],
            "odds_before": dict(zip(state.colours, before, strict=True)),
            "odds_after": {state.colours[lane]: state.odds(lane) for lane in range(6)},
        }
    )
    state.log.append(
        Event("new_odds", {"odds": {state.colours[lane]: state.odds(lane) for lane in range(6)}})
    )
    # Ruling R3: played Action cards and Movement cards are shuffled back.
    state.decks["action"].shuffle_in([card for _, card, _ in state.played])
    state.movement_deck = Deck(list(state.movement))
    if state.family or state.party:
        auction.end_round(state)  # FG 2, PG 3.2: no Auction Phase
    else:
        auction.start_dutch_auction(state)
