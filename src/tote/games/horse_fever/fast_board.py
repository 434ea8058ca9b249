"""One sampled world of Horse Fever's tote board in a tight loop (issue 24).

The general path draws a world (:func:`~tote.games.horse_fever.sampling.sample_world`:
a clone of the state, every hidden stack and hand dealt afresh), plays it on with the
random policy through the rules loop (the bets still to come, HF 2.1 and 2.3, by
:func:`~tote.games.horse_fever.betting.random_bet`; the race-fixing, HF 2.2, uniform
among the legal moves; the Action cards shown, HF 3.1; the Race Units, HF 3.2, and the
photo finishes, HF 3.2d, the First Player's uniform choice), and reads the ranking and
each bet's payoff (HF 3.3, :func:`~tote.games.horse_fever.payoffs.bet_payoff`) from how
the race ended. Here the same draws are made in the same order on plain lists: the
redeals shuffle pools of the same sizes, sorted the same way; the bets, cards and
choices read ``rng.random()`` as the rules read it; the lanes' effects come from the
rules' own :func:`~tote.games.horse_fever.race.surviving_cards` and
:class:`~tote.games.horse_fever.race.LaneEffects`, the moves from
:func:`~tote.games.horse_fever.race.unit_moves` and
:func:`~tote.games.horse_fever.race.finishing_groups`. No state is cloned, no log,
view or move list is built.

The redeals that the race never reads (Targets, Assistants, Horses; the Movement deck
when nothing lies under it, whose top is sorted afresh) only move the stream: the same
``getrandbits`` calls :func:`~tote.core.draws.shuffle` makes, without the swaps. Where a
world could leave the common path (a player to make the first bet who cannot cover the
Minimum Bet loses VP or the game, HF 2.1), the board keeps the general path. So every
world is exactly the general path's (``tests/horse_fever/test_fast_board.py`` checks
this world by world on every variant).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from tote.core.draws import shuffle
from tote.games.horse_fever.betting import _second_bet_limit
from tote.games.horse_fever.data import ActionCard, Effect
from tote.games.horse_fever.moves import PlaceBet
from tote.games.horse_fever.phases import FIRST_BET, MOVEMENT, RACE_FIXING, SECOND_BET, SPRINT
from tote.games.horse_fever.race import (
    LaneEffects,
    finishing_groups,
    shift_row,
    surviving_cards,
    unit_moves,
)
from tote.games.horse_fever.views import FACE_DOWN_PHASES

if TYPE_CHECKING:
    from tote.core.tote_board import BetChoice
    from tote.games.horse_fever.state import HorseFeverState

PLACES = ["1st", "2nd", "3rd", "4th", "5th", "6th"]

BETTING = (FIRST_BET, RACE_FIXING, SECOND_BET)
"""The phases before the Action cards are shown (HF 2)."""
RACING = (MOVEMENT, SPRINT)
"""The phases of the Race Units (HF 3.2), the lanes' effects already known."""

EVERY_BET = [(lane, kind) for lane in range(6) for kind in ("win", "show")]
"""Every horse and kind, in the order ``betting.random_bet`` lists them."""

KNOWN_RUNS = 4096
"""The most lanes' runs (:data:`LaneRun`) one board keeps, by the cards on the lane."""

OtherSample = tuple[dict[str, str], list[float], list[list[float]]]
"""A world's outcomes, each bet's Danari value and, per other unit (VP), its value."""


def quick_sampler(
    state: HorseFeverState, seat: int | None, bets: Sequence[BetChoice]
) -> Callable[[random.Random], OtherSample] | None:
    """The board's sampler at ``state`` for ``seat`` and its ``bets``, or ``None`` where
    it does not start: the Party Game's betting, a seat looking at drawn cards, Eric Change's odds
    change still to come, a player still to make the first bet who cannot cover the
    Minimum Bet (HF 2.1: VP lost or the game lost, ruling R8), any other phase. (In the
    first bet a player's money and Minimum Bet do not move before their own bet, so
    that last case is known from the state, before any draw.)"""
    phase = state.phase
    if state._pending or state.drawn or state.drawing is not None:
        return None
    if state.party and phase not in RACING:  # PG 2: secret bets, race-fixing at once
        return None
    if phase not in BETTING and phase not in RACING:
        return None
    players = state.num_players
    if phase in BETTING and any(state.skill(s) == "change_odds" for s in range(players)):
        return None
    if phase in BETTING and phase != RACE_FIXING and not state.queue:
        return None
    per_vp = state.board.minimum_bet_per_vp.value
    least = [max(per_vp, per_vp * state.total_vp(s)) for s in range(players)]
    if phase == FIRST_BET:
        mine = [sum(1 for b in state.bets if b.seat == s) for s in range(players)]
        if any(state.money[s] < least[s] or mine[s] >= 2 for s in state.queue):
            return None
    others = [s for s in range(players) if s != seat]
    face_down = phase in FACE_DOWN_PHASES
    hidden_played = [i for i, (s, _, _) in enumerate(state.played) if s != seat and face_down]
    # -- the redeals of sample_world, in its order (action, target, assistant, horse)
    decks = state.decks
    action = decks["action"]
    action_pool = sorted(
        [
            *action.top,
            *action.bottom,
            *(c for s in others for c in state.hand[s]),
            *(state.played[i][1] for i in hidden_played),
        ]
    )
    hand_at = len(action.top) + len(action.bottom)
    target = decks["target"]
    sizes = [
        len(target.top) + len(target.bottom) + sum(len(state.owned_targets[s]) for s in others),
        len(decks["assistant"]),
        len(decks["horse"]),
    ]
    movement = state.movement_deck
    movement_pool = sorted([*movement.top, *movement.bottom])
    movement_top = len(movement.top)
    if not movement.bottom:  # the deck's top is sorted afresh: only the stream moves
        sizes.append(len(movement_pool))
    if phase in BETTING:  # the hidden Action cards are dealt, the rest only moves the stream
        steps = _steps(len(action_pool)), _steps(*sizes)
    else:
        steps = [], _steps(len(action_pool), *sizes)
    fresh_movement = sorted(state.movement)
    values = {card: m.values for card, m in state.movement.items()}
    # -- what stays fixed through the world
    hands = [list(h) for h in state.hand]
    played = list(state.played)
    limit = [_second_bet_limit(state, s) for s in range(players)]
    clockwise = state.clockwise(state.first_player)
    actions = state.actions
    horse_effects = [None if h is None else state.horse_cards[h].effect for h in state.lane_horse]
    odds_rows = state.board.odds_rows
    lanes = range(6)
    base_rows = list(state.row)
    base_sprint = [fx.sprint_move() for fx in state.effects]
    base_plain = all(fx.if_first is None and fx.if_last is None for fx in state.effects)
    known: dict[tuple[int | str, ...], LaneRun] = {}
    bare = [_lane_run(effect, []) for effect in horse_effects]
    taken = [frozenset((b.lane, b.kind) for b in state.bets if b.seat == s) for s in range(players)]
    """Each lane's run with no Action card on it."""
    finish = state.finish
    # -- the bets valued: (lane, win, amount, bonus)
    valued = _valued(state, seat, bets)
    lost = [0.0 - stake for *_, stake in valued]
    no_vp = [0.0] * len(valued)
    win_bets: list[list[tuple[int, int, int, float]]] = [[] for _ in range(6)]
    show_bets: list[list[tuple[int, int, int, float]]] = [[] for _ in range(6)]
    for k, (lane, win, amount, bonus, stake) in enumerate(valued):
        (win_bets if win else show_bets)[lane].append((k, amount, bonus, stake))
    show_places = 4 if seat is not None and state.skill(seat) == "show_fourth" else 3
    win_vp = state.board.win_vp.value
    show_vp = state.board.show_vp.value
    colours = state.colours
    party = state.party

    dealt, consumed = steps

    def sample(rng: random.Random) -> OtherSample:
        random_ = rng.random
        getrandbits = rng.getrandbits
        # HF sampling: the four stacks dealt afresh (what the race reads: the hidden
        # Action cards, at the pool's end), then the movement deck
        pool = list(action_pool)
        for n, bits in dealt:
            j = getrandbits(bits)
            while j >= n:
                j = getrandbits(bits)
            i = n - 1
            if i >= hand_at:
                pool[i], pool[j] = pool[j], pool[i]
        for n, bits in consumed:
            j = getrandbits(bits)
            while j >= n:
                j = getrandbits(bits)
        if movement.bottom:
            moving = list(movement_pool)
            shuffle(rng, moving)
            top = sorted(moving[:movement_top])
            bottom = moving[movement_top:]
        else:
            top, bottom = list(movement_pool), []
        if phase in BETTING:
            hand = list(hands)
            at = hand_at
            for s in others:
                size = len(state.hand[s])
                hand[s] = pool[at : at + size]
                at += size
            laid = list(played)
            for i in hidden_played:
                s, _, lane = laid[i]
                laid[i] = (s, pool[at], lane)
                at += 1
            laid = _betting(state, hand, laid, random_, least, limit, clockwise, taken)
            by_lane: list[list[str]] = [[] for _ in lanes]
            for _, card, lane in laid:
                by_lane[lane].append(card)
            rows = list(base_rows)
            effects = []
            sprint = []
            plain = True
            for lane in lanes:
                cards = by_lane[lane]
                if cards:
                    key: tuple[int | str, ...] = (lane, *cards)
                    run = known.get(key)
                    if run is None:
                        run = _lane_run(horse_effects[lane], [actions[c] for c in cards])
                        if len(known) < KNOWN_RUNS:
                            known[key] = run
                else:
                    run = bare[lane]
                fx, rows_up, squares, placed = run
                if rows_up:
                    rows[lane] = shift_row(rows[lane], rows_up)
                effects.append(fx)
                sprint.append(squares)
                plain = plain and not placed
        else:
            rows, effects, sprint = list(base_rows), state.effects, base_sprint
            plain = base_plain
        ranking = _race(
            state, rng, rows, effects, sprint, plain, top, bottom, fresh_movement, values, finish
        )
        outcomes = {colours[lane]: PLACES[place] for place, lane in enumerate(ranking)}
        if not valued:
            return outcomes, [], [[]]
        # HF 3.3 (payoffs.bet_payoff): a lost bet pays nothing, its stake is the Bank's
        danari = list(lost)
        vps = list(no_vp)
        lane = ranking[0]
        fx = effects[lane]
        odds = odds_rows[rows[lane]]
        for k, amount, bonus, stake in win_bets[lane]:
            danari[k] = float(max(0, amount * odds + fx.bet_money) + bonus) - stake
            vps[k] = 0.0 if party else float(max(0, win_vp + fx.bet_vp))
        for lane in ranking[:show_places]:
            fx = effects[lane]
            for k, amount, bonus, stake in show_bets[lane]:
                danari[k] = float(max(0, amount * 2 + fx.bet_money) + bonus) - stake
                vps[k] = 0.0 if party else float(max(0, show_vp + fx.bet_vp))
        return outcomes, danari, [vps]

    return sample


def _steps(*sizes: int) -> list[tuple[int, int]]:
    """The draws of :func:`tote.core.draws.shuffle` on lists of these sizes, one after
    the other: per swap, the bound and the bits ``getrandbits`` is asked for."""
    return [(n, n.bit_length()) for size in sizes for n in range(size, 1, -1)]


def _valued(
    state: HorseFeverState, seat: int | None, bets: Sequence[BetChoice]
) -> list[tuple[int, bool, int, int, float]]:
    """Each bet as ``(lane, win, amount, Assistants' bonus, stake)`` (HF 3.3)."""
    if seat is None:
        return []
    betting = 2 if state.phase == SECOND_BET else 1
    effects = state.assistant_effects(seat)
    bonus = sum(
        e.win_bonus + (e.win_bonus_first if betting == 1 else e.win_bonus_second) for e in effects
    )
    found = []
    for choice in bets:
        move = choice.move
        assert isinstance(move, PlaceBet)
        found.append(
            (state.lane_of[move.stable], move.bet == "win", move.amount, bonus, choice.stake)
        )
    return found


def _betting(
    state: HorseFeverState,
    hand: list[list[str]],
    laid: list[tuple[int, str, int]],
    random_: Callable[[], float],
    least: Sequence[int],
    limit: Sequence[int],
    clockwise: Sequence[int],
    bets_taken: Sequence[frozenset[tuple[int, str]]],
) -> list[tuple[int, str, int]]:
    """HF 2.1-2.3 played at random to the Action cards shown (HF 3.1): every Action
    card then lying on the lanes, ``(seat, card, lane)``."""
    money = list(state.money)
    tokens = list(state.tokens_left)
    all_tokens = [all(tokens)]
    taken = [set(own) for own in bets_taken]
    mine = [len(own) for own in bets_taken]
    second = list(state.second_bets)
    queue = list(state.queue)
    phase = state.phase

    def can_bet(s: int) -> bool:
        if money[s] < least[s]:
            return False
        if mine[s] < 2:
            return True
        own = taken[s]
        return any(
            tokens[lane] and ((lane, "win") not in own or (lane, "show") not in own)
            for lane in range(6)
        )

    def bet(s: int, skip: bool) -> bool:
        """``betting.random_bet`` and ``stake``: ``False`` for a skipped second bet."""
        own = taken[s]
        if all_tokens[0]:  # a Bet token of every colour left: all (lane, kind) in order
            options = [option for option in EVERY_BET if option not in own] if own else EVERY_BET
        else:
            options = [
                (lane, kind)
                for lane in range(6)
                if tokens[lane]
                for kind in ("win", "show")
                if (lane, kind) not in own
            ]
        if skip:
            pick = int(random_() * (len(options) + 1))
            if pick == len(options):
                return False
        else:
            pick = int(random_() * len(options))
        lane, kind = options[pick]
        low = least[s] // 100
        high = money[s] // 100
        amount = 100 * (low + int(random_() * (high - low + 1)))
        tokens[lane] -= 1
        if not tokens[lane]:
            all_tokens[0] = False
        money[s] -= amount
        own.add((lane, kind))
        mine[s] += 1
        return True

    def fixing_turn(queue: list[int]) -> bool:
        """``_advance_race_fixing``: ``False`` when no hand holds a card."""
        for _ in range(len(queue)):
            if hand[queue[0]]:
                return True
            queue.append(queue.pop(0))
        return False

    if phase == FIRST_BET:
        while queue:
            # every seat queued can cover its Minimum Bet (checked before any draw)
            bet(queue.pop(0), False)
        phase = RACE_FIXING  # betting.start_race_fixing
        queue = list(clockwise)
        if not fixing_turn(queue):  # no hand holds a card: betting.start_second_bet
            phase = SECOND_BET
            queue = list(clockwise)[::-1]
    if phase == RACE_FIXING:
        while True:
            s = queue[0]
            cards = sorted(set(hand[s]))
            k = int(random_() * (len(cards) * 6))
            card = cards[k // 6]
            hand[s] = [c for c in hand[s]]
            hand[s].remove(card)
            laid.append((s, card, k % 6))
            queue.append(queue.pop(0))
            if not fixing_turn(queue):
                break
        phase = SECOND_BET  # betting.start_second_bet: counter-clockwise
        queue = list(clockwise)[::-1]
    # SECOND_BET
    while True:
        while queue and not can_bet(queue[0]):
            queue.pop(0)
        if not queue:
            break
        s = queue[0]
        if bet(s, True):
            second[s] += 1
            if second[s] >= limit[s]:
                queue.pop(0)
        else:
            queue.pop(0)
    return laid


LaneRun = tuple[LaneEffects, int, int, bool]
"""One lane's race as the Action cards shown leave it (HF 3.1): its effects, the rows
its odds move up, the squares of its sprint, and whether it moves by the first or last
horse (``if_first``, ``if_last``)."""


def _lane_run(horse_effect: Effect | None, cards: Sequence[ActionCard]) -> LaneRun:
    """``race_phase.reveal_action_cards`` on one lane: the Horse card's effect, then
    the cards that survive removal and same-letter cancellation (HF 3.1, ruling R1)."""
    fx = LaneEffects()
    rows_up = 0
    if horse_effect is not None:
        fx.add(horse_effect)
        rows_up = horse_effect.odds_rows
    survivors, _ = surviving_cards(cards)
    for survivor in survivors:
        fx.add(survivor.effect)
        rows_up += survivor.effect.odds_rows
    return fx, rows_up, fx.sprint_move(), fx.if_first is not None or fx.if_last is not None


def _race(
    state: HorseFeverState,
    rng: random.Random,
    rows: list[int],
    effects: Sequence[LaneEffects],
    sprint: Sequence[int],
    plain: bool,
    top: list[str],
    bottom: list[str],
    fresh: list[str],
    values: Mapping[str, Sequence[int]],
    finish: int,
) -> list[int]:
    """HF 3.2: the Race Units from the deck and the dice, the photo finishes chosen
    at random by the First Player (HF 3.2d), to the ranking (lanes, first to last)."""
    random_ = rng.random
    positions = list(state.positions)
    running = list(state.running)
    crossed = list(state.crossed)
    ranking = list(state.ranking)
    unit = state.unit
    lanes = range(6)
    moving = state.phase != SPRINT
    # a horse past the line has crossed it, and a running horse that crossed it is past
    # it, so the horses finished at a Sprint are those that crossed and still run
    crossing = [lane for lane in lanes if running[lane] and crossed[lane]]
    while True:
        if moving:  # HF 3.2a: a Movement card (race_phase.reveal_movement)
            x = random_()
            card = top.pop(int(x * len(top))) if top else bottom.pop(0)
            if not top and not bottom:
                top = list(fresh)
            unit += 1
            row_values = values[card]
            if unit == 1:
                for lane in lanes:
                    if running[lane]:
                        positions[lane] += effects[lane].start_move(row_values[rows[lane]])
            elif plain:  # no card looks at the first or last horse (unit_moves)
                for lane in lanes:
                    if running[lane]:
                        positions[lane] += row_values[rows[lane]]
            else:
                moves = unit_moves(row_values, rows, positions, running, effects, False)
                for lane in lanes:
                    positions[lane] += moves[lane]
            check: Sequence[int] = lanes
        else:  # HF 3.2b: the Sprint dice
            i = int(random_() * 36)
            first, second = i // 6, i % 6
            if running[first]:
                positions[first] += sprint[first]
            if second != first and running[second]:
                positions[second] += sprint[second]
            check = (first, second)
        for lane in check:  # HF 3.2c: the Finish Line cards
            if running[lane] and not crossed[lane] and positions[lane] >= finish:
                crossed[lane] = True
                crossing.append(lane)
                fx = effects[lane]
                if fx.finish_stop:
                    positions[lane] = finish
                else:
                    positions[lane] += fx.finish_add
        if moving:
            moving = False
            continue
        moving = True
        if not crossing:
            continue
        finished = sorted(crossing)
        crossing = []
        for lane in finished:
            running[lane] = False
        if len(finished) == 1:
            ranking.append(finished[0])
        else:
            pending = finishing_groups(finished, positions, rows, effects)
            while pending:
                group = pending[0]
                if len(group) > 1:  # HF 3.2d: the First Player's uniform choice
                    lane = sorted(group)[int(random_() * len(group))]
                    group.remove(lane)
                    ranking.append(lane)
                    if len(group) == 1:
                        pending.pop(0)
                        ranking.append(group[0])
                    continue
                pending.pop(0)
                ranking.append(group[0])
        if len(ranking) == 6:
            return ranking
