"""HF 2 Betting Phase: how to bet (2.0), the mandatory first bet with its Minimum Bet
(2.1), race-fixing with Action cards (2.2) and the optional second bet (2.3). The Party
Game's secret bet (PG 2) is in ``party.py``. Next in reading order: ``race_phase.py``."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tote.core.errors import IllegalMove
from tote.core.events import Event
from tote.core.moves import Move
from tote.games.horse_fever import final_stage, party, race_phase
from tote.games.horse_fever.moves import PlaceBet, PlayActionCard, SkipBet
from tote.games.horse_fever.phases import FIRST_BET, RACE_FIXING, SECOND_BET, SECRET_BET

if TYPE_CHECKING:
    from tote.games.horse_fever.state import HorseFeverState


@dataclass(slots=True, unsafe_hash=True)
class Bet:
    """A Bet token on a pile of Danari (2.0 How to bet).

    Never changed once placed: a clone shares it. Not a frozen dataclass only because
    Python 3.11 makes a frozen one through ``object.__setattr__`` per field, about 8,500
    instructions a bet against 2,200, and a game places some 26 (issue 24); it hashes
    and compares as it did, field by field."""

    seat: int
    lane: int
    kind: str
    amount: int
    betting: int
    """1: the first bet (2.1), 2: the second bet (2.3)."""


def start_first_bet(state: HorseFeverState) -> None:
    """HF 2.1: clockwise from the First Player, every player must bet."""
    state.phase = FIRST_BET
    state.queue = state.clockwise(state.first_player)
    advance_first_bet(state)


def _can_bet(state: HorseFeverState, seat: int) -> bool:
    if state.money[seat] < state.minimum_bet(seat):
        return False
    mine = 0
    for bet in state.bets:
        if bet.seat == seat:
            mine += 1
    return mine < 2 or any(bet_kinds(state, seat, lane) for lane in range(6))


def bet_kinds(state: HorseFeverState, seat: int, lane: int) -> list[str]:
    """HF 2.0 / 2.3: a token of the colour must be left; a second bet on the same
    horse only of the other kind."""
    if not state.tokens_left[lane]:
        return []
    taken = {b.kind for b in state.bets if b.seat == seat and b.lane == lane}
    return [k for k in ("win", "show") if k not in taken]


def advance_first_bet(state: HorseFeverState) -> None:
    """HF 2.1 Attention: a player who cannot cover the Minimum Bet loses two VP
    (again until they can, ruling R8); without two VP they lose the game."""
    while state.queue:
        seat = state.queue[0]
        if _can_bet(state, seat):
            return
        loss = state.board.cannot_cover_vp.value
        if state.vp[seat] >= loss:
            state._give_vp(seat, -loss)
            state.log.append(Event("cannot_cover", {"seat": seat, "vp_lost": loss}))
            continue
        state.queue.pop(0)
        final_stage.eliminate(state, seat, "cannot cover the Minimum Bet")
        if _players_left(state) < 2:
            final_stage.final_stage(state)
            return
    start_race_fixing(state)


def _players_left(state: HorseFeverState) -> int:
    return state.eliminated.count(False)


def check_betting(state: HorseFeverState, seat: int, move: Move) -> None:
    """HF 2.0-2.3 (and PG 2.1): in a betting phase one bets, or skips the second bet."""
    phase = state.phase
    if isinstance(move, PlaceBet):
        check_bet(state, seat, move)
        return
    if phase == SECRET_BET:
        raise IllegalMove("PG 2.1 secret bet", "every player bets: a horse, Win or Show")
    if isinstance(move, SkipBet):
        if phase == FIRST_BET:
            raise IllegalMove("HF 2.1 first bet", "the first bet is mandatory")
        return
    raise IllegalMove("HF 2.0 betting phase", f"now you bet, not {move.kind!r}")


@dataclass(frozen=True, slots=True)
class BetLimits:
    """What :func:`check_bet` allows a seat now, worked out once for many stakes (issue
    24: an action mask asks about every horse, kind and stake of its grid)."""

    kinds: tuple[tuple[str, ...], ...]
    """Per lane, the kinds the seat may still bet (:func:`bet_kinds`)."""
    minimum: int
    money: int

    def allows(self, lane: int, kind: str, amount: int) -> bool:
        """Whether :func:`check_bet` takes this bet (HF 2.0, 2.1, 2.3; ruling R6)."""
        return (
            kind in self.kinds[lane] and self.minimum <= amount <= self.money and not amount % 100
        )


def bet_limits(state: HorseFeverState, seat: int) -> BetLimits:
    """The limits :func:`check_bet` puts on ``seat``'s bets now."""
    return BetLimits(
        tuple(tuple(bet_kinds(state, seat, lane)) for lane in range(6)),
        state.minimum_bet(seat),
        state.money[seat],
    )


def check_bet(state: HorseFeverState, seat: int, move: PlaceBet) -> None:
    lane = state.lane_of.get(move.stable)
    if lane is None:
        raise IllegalMove("HF 2.0 how to bet", f"there is no Stable {move.stable!r}")
    if move.bet not in ("win", "show"):
        raise IllegalMove("HF 2.0 win or show", "a bet is 'win' or 'show'")
    if not state.tokens_left[lane]:
        raise IllegalMove("HF 2.0 bet tokens", f"no {move.stable} Bet token is left in the reserve")
    if move.bet not in bet_kinds(state, seat, lane):
        raise IllegalMove(
            "HF 2.3 same horse twice",
            "a second bet on the same horse must be of the other kind (Win/Show)",
        )
    minimum = state.minimum_bet(seat)
    if move.amount < minimum:
        raise IllegalMove("HF 2.1 minimum bet", f"your Minimum Bet is {minimum} D (100 D per VP)")
    if move.amount % 100:
        raise IllegalMove("HF 2.0 banknotes", "stakes are in 100 D banknotes (ruling R6)")
    if move.amount > state.money[seat]:
        raise IllegalMove("HF 2.0 how to bet", f"you have only {state.money[seat]} D")


def stake(state: HorseFeverState, seat: int, move: PlaceBet, betting: int) -> None:
    """HF 2.0: a Bet token of the horse's colour on the staked Danari."""
    lane = state.lane_of[move.stable]
    state.tokens_left[lane] -= 1
    state._pay(seat, -move.amount)  # HF 3.3: staked Danari are the Bank's property
    state.bets.append(Bet(seat, lane, move.bet, move.amount, betting))
    state.log.append(
        Event(
            "bet",
            {"seat": seat, "stable": move.stable, "bet": move.bet, "amount": move.amount},
        )
    )


def place_bet(state: HorseFeverState, seat: int, move: PlaceBet) -> None:
    betting = 1 if state.phase == FIRST_BET else 2
    stake(state, seat, move, betting)
    if betting == 1:
        state.queue.pop(0)
        advance_first_bet(state)
    else:
        state.second_bets[seat] += 1
        if state.second_bets[seat] >= _second_bet_limit(state, seat):
            state.queue.pop(0)
        advance_second_bet(state)


def random_bet(state: HorseFeverState, seat: int, rng: random.Random) -> Move:
    """Ruling R26: bets are open amounts: a random stake in 100 D steps from the Minimum
    Bet up to all the player's Danari, on a random horse and kind; the second bet is
    skipped as often as any one (horse, kind) is chosen."""
    taken = {(b.lane, b.kind) for b in state.bets if b.seat == seat}
    tokens = state.tokens_left
    options = [
        (lane, kind)
        for lane in range(6)
        if tokens[lane]
        for kind in ("win", "show")
        if (lane, kind) not in taken
    ]
    if state.phase == SECOND_BET:
        pick = int(rng.random() * (len(options) + 1))
        if pick == len(options):
            return SkipBet()
    else:
        pick = int(rng.random() * len(options))
    lane, kind = options[pick]
    low = state.minimum_bet(seat) // 100
    high = state.money[seat] // 100
    amount = 100 * (low + int(rng.random() * (high - low + 1)))
    return PlaceBet(state.colours[lane], kind, amount)  # type: ignore[arg-type]


def least_bet(state: HorseFeverState, seat: int) -> PlaceBet:
    """The Minimum Bet to Show (else to Win) on the best-odds horse one may bet on
    (a seat to make a mandatory bet always may, HF 2.1)."""
    lanes = sorted(range(6), key=lambda lane: (state.row[lane], lane))
    lane, kind = next(
        (lane, kind)
        for lane in lanes
        for kind in ("show", "win")
        if kind in bet_kinds(state, seat, lane)
    )
    return PlaceBet(state.colours[lane], kind, state.minimum_bet(seat))


# ------------------------------------------------------------ 2.2 Race-fixing
def start_race_fixing(state: HorseFeverState) -> None:
    """HF 2.2: from the First Player, clockwise, one Action card at a time. PG 0.3:
    in the Party Game every player holding a card plays it at once, in secret (a
    simultaneous turn); the lanes are shown when all have played."""
    state.phase = RACE_FIXING
    state.queue = state.clockwise(state.first_player)
    if state.party:
        state.queue = [s for s in state.queue if state.hand[s]]
        if not state.queue:
            party.start_secret_bet(state)
        return
    _advance_race_fixing(state)


def _advance_race_fixing(state: HorseFeverState) -> None:
    for _ in range(len(state.queue)):
        if state.hand[state.queue[0]]:
            return
        state.queue.append(state.queue.pop(0))
    start_second_bet(state)


def race_fixing_moves(state: HorseFeverState, seat: int) -> list[Move]:
    """HF 2.2: any Action card of the hand behind any lane."""
    return [
        PlayActionCard(c, colour) for c in sorted(set(state.hand[seat])) for colour in state.colours
    ]


def lay_card(state: HorseFeverState, seat: int, move: PlayActionCard) -> None:
    """HF 2.2: the card lies face down behind the lane; only its owner knows it."""
    lane = state.lane_of[move.stable]
    state.hand[seat].remove(move.card)
    state.played.append((seat, move.card, lane))
    state.log.append(
        Event("action_card", {"seat": seat, "stable": move.stable}, {seat: {"card": move.card}})
    )


def play_action(state: HorseFeverState, seat: int, move: PlayActionCard) -> None:
    lay_card(state, seat, move)
    state.queue.append(state.queue.pop(0))
    _advance_race_fixing(state)


# ------------------------------------------------------------ 2.3 Second bet
def _second_bet_limit(state: HorseFeverState, seat: int) -> int:
    """Antonio Vesuvio (proposed): a third bet, placed in the second betting."""
    return 2 if state.skill(seat) == "three_bets" else 1


def start_second_bet(state: HorseFeverState) -> None:
    """HF 2.3: counter-clockwise from the player right of the First Player, who is last."""
    state.phase = SECOND_BET
    state.queue = state.clockwise(state.first_player)[::-1]
    advance_second_bet(state)


def skip_bet(state: HorseFeverState, seat: int) -> None:
    """HF 2.3: the second bet is optional."""
    state.queue.pop(0)
    state.log.append(Event("skip_bet", {"seat": seat}))
    advance_second_bet(state)


def advance_second_bet(state: HorseFeverState) -> None:
    while state.queue and not _can_bet(state, state.queue[0]):
        state.queue.pop(0)
    if not state.queue:
        race_phase.reveal_action_cards(state)
