"""WT 1 The game and its material: a race set up, the decks shuffled and dealt.

WT 1.3 (and 11.1 between races): every card collected, both decks shuffled (one
chance move), six race cards and three action cards dealt to each player. Every
later race card comes from the top of the same pile (:func:`draw_pending`), and an
empty pile waits for its discards to be shuffled (WT 3.7, a chance move too).

Next in reading order: ``stakes.py`` (Phase 1, Set the Stakes).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from tote.core import draws
from tote.core.events import Event
from tote.core.moves import Move
from tote.games.wetten import action_cards, windows
from tote.games.wetten.moves import ShuffleDecks, ShuffleDiscards
from tote.games.wetten.phases import DEAL, DECKS, DISCARDS, REFILL, RESOLVE

if TYPE_CHECKING:
    from tote.games.wetten.state import WettenState

RACE_HAND = 6
ACTION_HAND = 3


def start_race(state: WettenState) -> None:
    """WT 1.3, 11.1: every card collected, hands and tickets emptied, horses
    behind the line, prices and fees start over; the decks wait for their
    shuffle (a chance move), then :func:`deal` deals."""
    state.race += 1
    n = state.num_players
    state.pile = []
    state.discard = []
    state.action_pile = []
    state.action_discard = []
    state.hands = [[] for _ in range(n)]
    state.actions = [[] for _ in range(n)]
    state.purchases = [0] * n
    state.played_actions = [0] * n
    state.stakes = [{} for _ in range(n)]
    state.second = [{} for _ in range(n)]
    state.no_chance = [None] * n
    state.long_odds = [False] * n
    state.long_odds_cell = [None] * n
    state.peeks = {}
    state.position = [0, 0, 0, 0]
    state.moved = [0, 0, 0, 0]
    state.movement = [0, 0, 0, 0]
    state.places = [None, None, None, None]
    state.rounds = 0
    state.revealed = []
    state.timing = ""
    state.priority = 0
    state.passes = 0
    state.able = []
    state.able_count = 0
    state.announced = []
    state.to_resolve = []
    state.looking = None
    state.draws = []
    state.shuffle = DECKS
    state.stage = DEAL
    state.log.append(Event("race", {"race": state.race, "minimum_stake": state.min_stake}))


# ================================================================ chance
def sample_shuffle(state: WettenState, rng: random.Random) -> Move:
    """The pending shuffle, drawn: both decks (WT 1.3) or the discards (WT 3.7)."""
    if state.shuffle == DECKS:
        race = list(state._all_race_cards)
        actions = list(state._all_action_cards)
        draws.shuffle(rng, race)
        draws.shuffle(rng, actions)
        return ShuffleDecks(tuple(race), tuple(actions))
    order = sorted(state.discard)
    draws.shuffle(rng, order)
    return ShuffleDiscards(tuple(order))


def is_shuffle(state: WettenState, outcome: Move) -> bool:
    """Whether ``outcome`` is a permutation of the pile the pending shuffle shuffles."""
    if isinstance(outcome, ShuffleDecks):
        return (
            state.shuffle == DECKS
            and sorted(outcome.race_cards) == state._all_race_cards
            and sorted(outcome.action_cards) == state._all_action_cards
        )
    if isinstance(outcome, ShuffleDiscards):
        return state.shuffle == DISCARDS and sorted(outcome.race_cards) == sorted(state.discard)
    return False


def why_not_shuffle(state: WettenState, outcome: Move) -> str:
    """Why ``outcome`` is not the pending shuffle: the other shuffle is pending, or
    the order is not a permutation of the pile (a card twice, missing, unknown or
    not among the discards)."""
    pending = (
        "the shuffle of both decks (WT 1.3)"
        if state.shuffle == DECKS
        else "the shuffle of the discards into a new pile (WT 3.7)"
    )
    if isinstance(outcome, ShuffleDecks):
        if state.shuffle != DECKS:
            return f"the pending chance event is {pending}, not of both decks"
        return _not_a_permutation(
            outcome.race_cards, state._all_race_cards, "race card", "the race deck"
        ) or _not_a_permutation(
            outcome.action_cards, state._all_action_cards, "action card", "the action deck"
        )
    if isinstance(outcome, ShuffleDiscards):
        if state.shuffle != DISCARDS:
            return f"the pending chance event is {pending}, not of the discards"
        return _not_a_permutation(
            outcome.race_cards, state.discard, "race card", "the discard pile"
        )
    return f"the pending chance event is {pending}, not {outcome.kind!r}"


def _not_a_permutation(order: Sequence[str], pile: Sequence[str], card: str, where: str) -> str:
    """What keeps ``order`` from being an order of ``pile`` ('' if nothing does)."""
    given, held = Counter(order), Counter(pile)
    for name in order:
        if held[name] == 0:
            return f"{card} {name!r} is not in {where}"
        if given[name] > held[name]:
            return f"{card} {name!r} appears {given[name]} times; {where} holds it once"
    missing = sorted(held - given)
    if missing:
        return f"{card} {missing[0]!r} is missing ({len(missing)} of {where} left out)"
    return ""


def do_shuffle(state: WettenState, outcome: Move) -> None:
    """The shuffled decks are dealt (WT 1.3); shuffled discards become the pile and
    the cards owed are drawn (WT 3.7)."""
    state.shuffle = None
    if isinstance(outcome, ShuffleDecks):
        deal(state, outcome)
    else:
        assert isinstance(outcome, ShuffleDiscards)
        # WT 3.7 / ruling 10: the discards become the new pile.
        state.pile = list(reversed(outcome.race_cards))
        state.discard = []
        state.log.append(Event("reshuffled", {"cards": len(state.pile)}))
        draw_pending(state)


def deal(state: WettenState, shuffled: ShuffleDecks) -> None:
    """WT 1.3: both decks shuffled (top card first); six race cards and three
    action cards dealt to each player, each seeing only their own."""
    state.pile = list(reversed(shuffled.race_cards))
    state.action_pile = list(reversed(shuffled.action_cards))
    pile, actions = state.pile, state.action_pile
    for seat in range(state.num_players):
        state.hands[seat] = [pile.pop() for _ in range(RACE_HAND)]
    for seat in range(state.num_players):
        state.actions[seat] = [actions.pop() for _ in range(ACTION_HAND)]
    state.log.append(
        Event(
            "dealt",
            {"race_cards": RACE_HAND, "action_cards": ACTION_HAND},
            {
                seat: {
                    "race_cards": list(state.hands[seat]),
                    "action_cards": list(state.actions[seat]),
                }
                for seat in range(state.num_players)
            },
        )
    )
    windows.open_window(state, "stakes")


# ============================================================ drawing cards
def draw_pending(state: WettenState) -> None:
    """Draw the race cards owed (bought, free, looked at) from the top of the pile.
    WT 3.7 / ruling 10: an empty pile waits for the discards to be shuffled (a
    chance move); with no discards either, no card comes."""
    while state.draws:
        if not state.pile:
            if state.discard:
                state.shuffle = DISCARDS
                return
            seat, _ = state.draws.pop(0)
            state.log.append(Event("no_card_left", {"seat": seat}))
            continue
        seat, reason = state.draws.pop(0)
        card = state.pile.pop()
        if reason == "look":
            assert state.looking is not None
            state.looking[1].append(card)
        else:
            state.hands[seat].append(card)
        state.log.append(
            Event(
                "race_card_drawn",
                {"seat": seat, "reason": reason},
                {seat: {"card": card, "values": list(state.card_values[card])}},
            )
        )
    _after_draws(state)


def _after_draws(state: WettenState) -> None:
    """Once the cards owed are drawn: after a round's refill the action window opens
    (WT 3.2, 7.3); after a resolving card's draws the next card resolves."""
    if state.stage == REFILL:
        windows.open_window(state, "start" if state.rounds == 1 else "neck_and_neck")
    elif state.stage == RESOLVE and not (state.looking and state.looking[1]):
        state.looking = None
        action_cards.resolve(state)
