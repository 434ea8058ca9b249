"""HF 5 Final Stage: loans repaid or the player loses (5.1), fulfilled Targets and VP
counting (5.2, ruling R17), the winner (ruling R19); and a player losing the game at
any time (HF 2.1, 5.1, ruling R18). Next in reading order: ``party.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tote.core.events import Event
from tote.core.result import Result
from tote.games.horse_fever.data import TargetCard
from tote.games.horse_fever.phases import OVER

if TYPE_CHECKING:
    from tote.games.horse_fever.state import HorseFeverState


def final_stage(state: HorseFeverState) -> None:
    """HF 5.1 loans repaid or the player loses; HF 5.2 Targets and VP counting."""
    state.phase = OVER
    state.queue = []
    repaid: list[dict[str, Any]] = []
    for seat in range(state.num_players):
        if state.eliminated[seat] or not state.loans[seat]:
            continue
        owed = sum(state.loan_repay(seat, side) for side in state.loans[seat])
        if state.money[seat] >= owed:
            state._pay(seat, -owed)
            state.loans_left += len(state.loans[seat])
            state.loans[seat] = []
            repaid.append({"seat": seat, "paid": owed})
        else:
            repaid.append({"seat": seat, "paid": None})
            eliminate(state, seat, "cannot repay the loans")
    state.fulfilled = score_targets(state)
    for seat, cards in enumerate(state.fulfilled):
        for card in cards:
            state._give_vp(seat, state.targets[card].vp)
    state.log.append(
        Event(
            "final",
            {
                "loans": repaid,
                "targets": {str(s): c for s, c in enumerate(state.fulfilled) if c},
                "vp": [state.total_vp(s) for s in range(state.num_players)],
                "eliminated": list(state.eliminated),
            },
        )
    )


def score_targets(state: HorseFeverState) -> list[list[str]]:
    """HF 5.2 with ruling R17: "+X" is fulfilled when no other player has more X,
    "-X" when no other player has less; a copy of a fulfilled Target scores nothing."""
    players = [s for s in range(state.num_players) if not state.eliminated[s]]
    fulfilled: list[list[str]] = [[] for _ in range(state.num_players)]
    for seat in players:
        seen: set[tuple[str, str]] = set()
        for card_id in sorted(state.owned_targets[seat]):
            card: TargetCard = state.targets[card_id]
            if (card.sign, card.counts) in seen:
                continue
            mine = state.target_measure(seat, card.counts)
            others = [state.target_measure(s, card.counts) for s in players if s != seat]
            ok = (
                all(mine >= o for o in others)
                if card.sign == "+"
                else all(mine <= o for o in others)
            )
            if ok:
                seen.add((card.sign, card.counts))
                fulfilled[seat].append(card_id)
    return fulfilled


def eliminate(state: HorseFeverState, seat: int, why: str) -> None:
    """A player who loses the game (HF 2.1, 3.3, 5.1): out of play; ruling R18: their
    Danari and VP go back to the Bank, Stables become free, their cards go back under
    their decks."""
    state.eliminated[seat] = True
    state._pay(seat, -state.money[seat])
    state._give_vp(seat, -state.vp[seat])
    for lane in state.stables_of(seat):
        state.owner[lane] = None
    state.decks["action"].shuffle_in(state.hand[seat])
    state.hand[seat] = []
    for deck, owned in (
        ("target", state.owned_targets),
        ("assistant", state.owned_assistants),
        ("horse", state.owned_horses),
    ):
        state.decks[deck].put_under(owned[seat])
        owned[seat] = []
    state.log.append(Event("eliminated", {"seat": seat, "why": why}))


def board_result(state: HorseFeverState) -> Result:
    """HF 5.2: most VP wins; ruling R19: a tie goes to the most Danari, then shared.
    Players who lost the game rank last with score 0."""
    scores = tuple(
        0 if state.eliminated[s] else state.total_vp(s) for s in range(state.num_players)
    )
    keys = [
        (0 if state.eliminated[s] else 1, scores[s], state.money[s])
        for s in range(state.num_players)
    ]
    ranking = tuple(1 + sum(1 for k in keys if k > key) for key in keys)
    winners = tuple(s for s, r in enumerate(ranking) if r == 1 and not state.eliminated[s])
    return Result(scores, ranking, winners)
