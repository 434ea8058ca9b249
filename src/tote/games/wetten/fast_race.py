"""The rest of a race played by random players in one tight loop (issue 24).

A rollout of the tote board plays every seat's choices uniformly at random (the
state's own :meth:`~tote.games.wetten.state.WettenState.random_move`) and every chance
event (a shuffle) from the same ``rng``. Through the core's rules loop every secret move
of a simultaneous turn (the tickets, WT 2 and 5; the race cards, WT 3.1) is committed one
seat at a time, each with a log entry holding the move as JSON, and every step asks the
state for its turn and the board whether the race is settled. Here a simultaneous turn
draws every seat's move in seat order (the order the rules loop commits them in) and
resolves them together; a priority turn (ruling 12) draws as
:func:`windows.random_window_move` does; a shuffle as :func:`setup.sample_shuffle` does.

The steps a rollout takes most (a pass, a ticket written, the race cards revealed and
the free cards drawn, a window opened and closed, an action card announced and its
change to the movement resolved, the horses moved) are written out here on the state's
own fields, as the phase functions change them, without the log entries, views and
move objects nobody reads; everything else (a race card bought, a card that draws or
looks at cards, Paddock Tip's choice, a reshuffle, the payout) calls the phase
functions themselves.

So it draws from ``rng`` exactly what the rules loop draws, in the same order, and from
the same world ends the race in the same state (``tests/wetten/test_fast_race.py`` checks
this on many worlds and every variant). It leaves out only the event log, which rollouts
never read. :func:`race_to_payout` stops where the payout would begin, for the tote
board, which reads the payout from the tickets and places as they stand then.
:func:`play_game` is the same loop for ``tote simulate``'s random bots (issue 24, 2):
to the end of the game, the shuffles from the game's stream and each seat's moves from
its own, the moves counted, the ``horses_moved`` events the simulator's statistics read
kept (``tests/wetten/test_fast_game.py``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from tote.core.draws import sample
from tote.core.events import Event
from tote.games.wetten import action_cards, payout, setup, views, windows
from tote.games.wetten.moves import NoChance, PlayActionCard
from tote.games.wetten.phases import PLAY, REFILL, RESOLVE, SECOND, STAKES, WINDOW
from tote.games.wetten.race import apply_modifier, assign_places, finishing_groups
from tote.games.wetten.stakes import STEP
from tote.games.wetten.windows import FIRST_PRICE

if TYPE_CHECKING:
    from tote.games.wetten.state import WettenState

MOVE_BOUND = 100_000
"""The rules loop's bound on a rollout's moves (:func:`tote.core.tote_board.rollout`)."""

STOP, PAY, GAME = range(3)
"""What the loop does at the payout: stop before it (the board), pay it by the rules and
return (a rollout), or pay it and play on to the end of the game (the simulator, whose
statistics read the rounds from the log's ``horses_moved`` events)."""

DECLINED, PAID, AT_PAYOUT, STOPPED = range(4)
"""How :func:`race_to_payout` ends: nothing done (a simultaneous turn half committed, the
game over), the race paid by the phase functions, stopped where the payout begins (the
places all known, nothing paid), or stopped at a stage with no random move."""

Cell = tuple[int, int]
"""A ticket cell: (horse, place)."""

DRAWING = frozenset({"draw", "peek_deck"})
"""Effects whose resolution draws cards (WT 8.6, Lucky Draw): resolved by the rules."""
MODIFIERS = frozenset({"move", "halve", "cap", "swap", "boost_last"})
"""Effects that change this round's movement (WT 8.1-8.5, ``race.apply_modifier``)."""


class _AtPayout(Exception):
    """Raised where the payout would begin, when the caller stops there."""


def play_race(state: WettenState, rng: random.Random) -> bool:
    """Play ``state`` on at random to the payout of its race (WT 2-10); ``False`` (and
    nothing changed) when a simultaneous turn is half committed or the game is over."""
    return _run(state, rng, [rng] * state.num_players, PAY, None) != DECLINED


def race_to_payout(state: WettenState, rng: random.Random) -> int:
    """Play ``state`` on at random as :func:`play_race` does, drawing the same, but stop
    where the payout (WT 10) would begin: :data:`AT_PAYOUT`, the places and tickets as
    the payout finds them (the round's revealed cards not kept); or :data:`PAID` when
    the phase functions paid the race themselves (a window whose cards draw),
    :data:`STOPPED`, :data:`DECLINED`."""
    try:
        return _run(state, rng, [rng] * state.num_players, STOP, None)
    except _AtPayout:
        return AT_PAYOUT


def resume(state: WettenState, rng: random.Random, step: Callable[[], None]) -> int:
    """``step`` (a phase function: where the board's quick world hands the race over to
    the rules, :mod:`~tote.games.wetten.fast_board`), then :func:`race_to_payout`;
    :data:`PAID` when the step itself paid the race."""
    races = len(state.history)
    step()
    if len(state.history) != races:
        return PAID
    return race_to_payout(state, rng)


def play_game(
    state: WettenState, rng: random.Random, streams: Sequence[random.Random]
) -> tuple[int, int] | None:
    """Play ``state`` to the end of the game as ``tote simulate`` plays random bots:
    chance (the shuffles) from ``rng``, seat ``s``'s moves from ``streams[s]``, as
    :meth:`~tote.games.wetten.state.WettenState.random_move` draws them; the seats'
    moves and the chance moves made, counted as the rules loop counts them. The log
    keeps what the simulator's statistics read (each race's ``race``, ``horses_moved``
    and ``payout`` events); ``None`` (nothing played) with a turn half committed."""
    counts = [0, 0]
    if state.turn().over:
        return 0, 0
    if _run(state, rng, streams, GAME, counts) == DECLINED:
        return None
    return counts[0], counts[1]


def _run(
    state: WettenState,
    rng: random.Random,
    streams: Sequence[random.Random],
    mode: int,
    counts: list[int] | None,
) -> int:
    if state._pending or state.turn().over:
        return DECLINED
    races = len(state.history)
    players = state.num_players
    history = state.history
    draws = [stream.random for stream in streams]
    moves = chance = 0
    try:
        for _ in range(MOVE_BOUND):
            if mode != GAME and len(history) != races:
                return PAID
            if state.shuffle is not None:
                setup.do_shuffle(state, setup.sample_shuffle(state, rng))
                chance += 1
                continue
            stage = state.stage
            if stage == WINDOW:
                seat = state.priority
                random_ = draws[seat]
                x = random_()
                moves += 1
                if x < 0.75:  # _pass, written out: half a rollout's moves
                    state.passes += 1
                    if state.passes >= state.able_count:
                        _close_window(state, mode)
                    else:
                        able = state.able
                        seat = (seat + 1) % players
                        while not able[seat]:
                            seat = (seat + 1) % players
                        state.priority = seat
                elif x < 0.8 and state.cash[seat] >= FIRST_PRICE << state.purchases[seat]:
                    windows.buy(state, seat)
                else:
                    others = action_cards.announcements(state, seat)
                    if others:
                        _announce(state, seat, others[int(random_() * len(others))], mode)
                    else:
                        _pass(state, seat, players, mode)
            elif stage == PLAY:
                moves += players
                _reveal(state, draws, mode)
            elif stage in (STAKES, SECOND):
                moves += players
                _tickets(state, streams, mode)
            elif stage == RESOLVE and state.looking is not None:
                moves += 1
                seat = state.looking[0]
                kept = action_cards.keep_moves(state)
                state._do(seat, kept[int(draws[seat]() * len(kept))])
            else:
                return STOPPED
        raise RuntimeError(f"a rollout went past {MOVE_BOUND} moves without settling")
    finally:
        if counts is not None:
            counts[0] += moves
            counts[1] += chance


# ------------------------------------------------------------- windows (ruling 12)
def _pass(state: WettenState, seat: int, players: int, mode: int) -> None:
    """``windows.pass_priority``, its shared log entry left out."""
    state.passes += 1
    if state.passes >= state.able_count:
        _close_window(state, mode)
        return
    able = state.able
    seat = (seat + 1) % players
    while not able[seat]:
        seat = (seat + 1) % players
    state.priority = seat


def _open_window(state: WettenState, timing: str, mode: int) -> None:
    """``windows.open_window``: priority from the seat that moves on with every window."""
    state.stage = WINDOW
    state.timing = timing
    state.announced = []
    state.passes = 0
    players = state.num_players
    seat = state.windows_opened % players
    state.priority = seat
    state.windows_opened += 1
    _refresh_able(state)
    _find_priority(state, seat, mode)


def _find_priority(state: WettenState, seat: int, mode: int) -> None:
    """``windows.find_priority``."""
    if state.passes >= state.able_count:
        _close_window(state, mode)
        return
    able, players = state.able, state.num_players
    while not able[seat]:
        seat = (seat + 1) % players
    state.priority = seat


def _refresh_able(state: WettenState) -> None:
    """``windows.refresh_able``: an action card, the price of a race card, or a ticket
    still to show (WT 9.1)."""
    cash, purchases = state.cash, state.purchases
    if state.timing == "second_bet" and state.pro_rules:
        no_chance, stakes = state.no_chance, state.stakes
        able = [
            bool(actions)
            or cash[seat] >= FIRST_PRICE << purchases[seat]
            or (no_chance[seat] is None and bool(stakes[seat]))
            for seat, actions in enumerate(state.actions)
        ]
    else:
        able = [
            bool(actions) or cash[seat] >= FIRST_PRICE << purchases[seat]
            for seat, actions in enumerate(state.actions)
        ]
    state.able = able
    state.able_count = sum(able)


def _announce(state: WettenState, seat: int, move: Any, mode: int) -> None:
    """``action_cards.announce`` or ``pro_rule.show_ticket`` (WT 7.3-7.5, 9.1), then
    ``windows.after_announcement``."""
    if isinstance(move, NoChance):
        state.no_chance[seat] = (state.horse_index[move.horse], move.place)
    else:
        assert isinstance(move, PlayActionCard)
        fee = state.fee(seat)
        assert fee is not None
        state.cash[seat] -= fee
        state.bank += fee
        state.played_actions[seat] += 1
        state.actions[seat].remove(move.card)
        card = state.action_cards[move.card]
        index = state.horse_index
        state.announced.append(
            {
                "seat": seat,
                "card": move.card,
                "effect": card.effect,
                "amount": card.amount,
                "horse": None if move.horse is None else index[move.horse],
                "other": None if move.other_horse is None else index[move.other_horse],
                "opponent": move.opponent,
                "place": move.place,
                "target": len(state.announced) - 1 if card.effect == "cancel" else None,
                "cancelled": False,
            }
        )
    state.passes = 0
    _refresh_able(state)
    _find_priority(state, (state.priority + 1) % state.num_players, mode)


def _close_window(state: WettenState, mode: int) -> None:
    """``action_cards.close_window`` (WT 7.4, 8.11): cancellations, then each card in
    the order announced; a window with a card that draws is closed by the rules."""
    announced = state.announced
    if not announced:
        state.stage = RESOLVE
        _after_window(state, mode)
        return
    if state.draws or any(entry["effect"] in DRAWING for entry in announced):
        action_cards.close_window(state)
        return
    state.stage = RESOLVE
    for entry in reversed(announced):
        if entry["effect"] == "cancel" and not entry["cancelled"]:
            announced[entry["target"]]["cancelled"] = True
    state.action_discard.extend(entry["card"] for entry in announced)
    for entry in announced:
        if not entry["cancelled"]:
            _apply_action(state, entry)
            state.looking = None
    state.to_resolve = []
    _after_window(state, mode)


def _apply_action(state: WettenState, entry: dict[str, Any]) -> None:
    """``action_cards._apply_action`` for the cards that draw nothing (WT 8)."""
    seat, effect = entry["seat"], entry["effect"]
    if effect in MODIFIERS:
        running = [place is None for place in state.places]
        apply_modifier(
            effect, entry["amount"], state.movement, running, entry["horse"], entry["other"]
        )
    elif effect == "peek_hand":
        opponent = entry["opponent"]
        seen = views.cards_view(state, state.hands[opponent])
        state.peeks[seat] = {"opponent": opponent, "cards": seen}
    elif effect == action_cards.LONG_ODDS:
        state.long_odds[seat] = True
    elif effect == "hedge":
        cell = (entry["horse"], entry["place"])
        stake = state.stakes[seat].pop(cell, 0)
        refund = stake // 2 // STEP * STEP
        if not state.unlimited:
            refund = min(refund, state.bank)
        state.cash[seat] += refund
        state.bank -= refund
        if state.no_chance[seat] == cell:
            state.no_chance[seat] = None


def _after_window(state: WettenState, mode: int) -> None:
    """``windows.after_window``: the phase the window stood before, or the horses move."""
    timing = state.timing
    if timing == "stakes":
        state.stage = STAKES
    elif timing == "start_before":
        state.stage = PLAY
    elif timing == "second_bet":
        state.stage = SECOND
    else:
        _move_horses(state, mode)


# ------------------------------------------------------------ tickets (WT 2, 5)
def _tickets(state: WettenState, streams: Sequence[random.Random], mode: int) -> None:
    """Every seat's ``stakes.random_ticket`` in seat order, then ``stakes.write_tickets``
    and the phase after it (WT 2.1, 2.5, 5.1, 8.8)."""
    minimum = state.min_stake
    cells = state._cells
    cash = state.cash
    second = state.stage == SECOND
    drawn: list[tuple[dict[tuple[int, int], int], tuple[int, int] | None]] = []
    size = len(cells)
    for seat in range(state.num_players):
        rng = streams[seat]
        getrandbits = rng.getrandbits
        budget = cash[seat]
        grid: dict[tuple[int, int], int] = {}
        k = getrandbits(3)  # below(rng, 4)
        while k >= 4:
            k = getrandbits(3)
        if k:
            for h, p in sample(rng, cells, k) if size > 21 else _sample_small(rng, cells, k):
                j = getrandbits(2)  # below(rng, 2)
                while j >= 2:
                    j = getrandbits(2)
                stake = minimum * (1 + j)
                if stake > budget:
                    break
                budget -= stake
                grid[h, p] = stake
        marked = None
        if second and state.long_odds[seat]:
            last = state.last_place()
            for h, p in grid:
                if h in last:
                    marked = (h, p)
                    break
        drawn.append((grid, marked))
    tickets = state.second if second else state.stakes
    for seat, (grid, marked) in enumerate(drawn):
        tickets[seat] = grid
        if marked is not None:
            state.long_odds_cell[seat] = marked
        total = sum(grid.values())
        cash[seat] -= total
        state.bank += total
    if second:
        state.stage = PLAY
    else:
        _open_window(state, "start_before", mode)


def _sample_small(rng: random.Random, cells: list[Cell], k: int) -> list[Cell]:
    """``draws.sample(rng, cells, k)`` for at most 21 cells and ``k`` up to 5: the
    shrinking pool it draws from, the same ``getrandbits`` calls."""
    getrandbits = rng.getrandbits
    pool = list(cells)
    result = []
    for i in range(k):
        m = len(pool) - i
        bits = m.bit_length()
        j = getrandbits(bits)
        while j >= m:
            j = getrandbits(bits)
        result.append(pool[j])
        pool[j] = pool[m - 1]
    return result


# ------------------------------------------------------------ race rounds (WT 3-4)
def _reveal(state: WettenState, draws: list[Callable[[], float]], mode: int) -> None:
    """Every seat's ``rounds.random_card`` in seat order, then ``rounds.reveal``: the
    cards turned over, the movement summed, the free cards drawn (WT 3.1-3.4)."""
    hands = state.hands
    chosen = [
        int(draw() * len(hand)) if hand else -1 for draw, hand in zip(draws, hands, strict=True)
    ]
    state.rounds += 1
    discard, card_values = state.discard, state.card_values
    places = state.places
    cards = []
    revealed: list[dict[str, Any]] = []
    for seat, at in enumerate(chosen):
        if at < 0:
            if mode:
                revealed.append({"seat": seat, "card": None, "values": None})
            continue
        card = hands[seat].pop(at)  # cards are unique: rounds.reveal's remove
        discard.append(card)
        values = card_values[card]
        cards.append(values)
        if mode:
            revealed.append({"seat": seat, "card": card, "values": list(values)})
    state.revealed = revealed
    # race.round_movement: the sum of each running horse's numbers (WT 3.2, 3.6).
    if cards:
        state.movement = [
            sum(column) if place is None else 0
            for column, place in zip(zip(*cards, strict=True), places, strict=True)
        ]
    else:
        state.movement = [0] * len(places)
    state.stage = REFILL
    owed = state.draws
    for seat, hand in enumerate(hands):
        if len(hand) < 2:
            owed.extend([(seat, "free")] * (2 - len(hand)))
    if len(owed) > len(state.pile):
        setup.draw_pending(state)
        return
    pile = state.pile
    for seat, _ in owed:
        hands[seat].append(pile.pop())
    owed.clear()
    _open_window(state, "start" if state.rounds == 1 else "neck_and_neck", mode)


def _move_horses(state: WettenState, mode: int) -> None:
    """``rounds.move_horses`` (WT 3.2, 4.1-4.6); at the payout, the rules pay (or the
    caller stops)."""
    position, moved, movement = state.position, state.moved, state.movement
    track = state.track
    finishers = []
    places = state.places
    for h, place in enumerate(places):
        if place is None:
            position[h] += movement[h]
            moved[h] = movement[h]
            if position[h] > track:
                finishers.append(h)
    if finishers:
        assign_places(finishing_groups(finishers, position, moved), places)
    if mode == GAME:
        state.log.append(
            Event(
                "horses_moved",
                {
                    "round": state.rounds,
                    "movement": list(movement),
                    "positions": list(position),
                    "places": list(places),
                },
            )
        )
    if None not in places:
        if mode == STOP:
            raise _AtPayout
        payout.pay_out(state)
    elif state.rounds == 1:
        _open_window(state, "second_bet", mode)
    else:
        state.stage = PLAY
