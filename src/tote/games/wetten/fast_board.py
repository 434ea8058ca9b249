"""One sampled world of Wetten!'s tote board in a tight loop (issue 24).

The general path draws a world (:func:`~tote.games.wetten.sampling.sample_world`: a
clone of the state, the race cards and action cards hidden from the seat dealt afresh,
the other players' tickets redrawn), plays the rest of the race on with random players
(:mod:`~tote.games.wetten.fast_race`, whose every step is the rules' own) and reads the
places and tickets where the payout begins (WT 10). Here the same draws are made in the
same order on plain lists, without the state object: the two redeals shuffle pools of the
same sizes, sorted the same way, with the same ``getrandbits`` calls
(:func:`tote.core.draws.shuffle`); the tickets (WT 2, 5), the race cards laid and the
free cards drawn (WT 3.1-3.4), the action windows' passes, purchases and announcements
(ruling 12, WT 6-7, 9.1), the cards resolved (WT 8: the movement's modifiers by the
rules' own :func:`~tote.games.wetten.race.apply_modifier`, Long Odds, Hedge, Insider
Tip, Stewards' Inquiry, Paddock Tip's look and keep, Lucky Draw's free cards) and the
horses moved and placed (:func:`~tote.games.wetten.race.finishing_groups`,
:func:`~tote.games.wetten.race.assign_places`, WT 4) each read ``rng`` as
:mod:`fast_race` reads it (the steps on lists are in :mod:`board_steps`).

Where a world leaves that common path (a race card bought from an empty pile, a window's
draws or a refill the pile cannot cover: WT 3.7, the discards reshuffled), the lists are
written into a state (a clone of the real one, its fields as the general path's world
holds them at that step) and the rules take over from that step
(:func:`fast_race.resume`). So every world is exactly the general path's
(``tests/wetten/test_fast_board.py`` checks this world by world on every variant).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tote.core.draws import below
from tote.games.wetten import action_cards, board_steps, fast_race, setup, windows
from tote.games.wetten.action_cards import FEE_FACTORS
from tote.games.wetten.board_steps import Cell, Option
from tote.games.wetten.data import PLACES
from tote.games.wetten.fast_race import AT_PAYOUT, DRAWING
from tote.games.wetten.payout import LONG_ODDS_QUOTA, NO_CHANCE_QUOTA, QUOTA
from tote.games.wetten.phases import PLAY, REFILL, SECOND, STAKES, WINDOW
from tote.games.wetten.race import assign_places, finishing_groups
from tote.games.wetten.windows import FIRST_PRICE

if TYPE_CHECKING:
    from tote.games.wetten.phases import Grid
    from tote.games.wetten.state import WettenState

RaceEnd = tuple[
    list[int | None],
    list["Grid"],
    list["Grid"],
    list[Cell | None],
    list[Cell | None],
    int | None,
    int,
]
"""The race where its payout begins: the places, the Set-the-Stakes and Second Bet
tickets, the "No chance..." marks, the Long Odds marks, the bank's reserve (``None``:
an unlimited bank) and the most its winning bets can win together, as
:class:`~tote.games.wetten.tote_board.RacePaid` reads them."""

MOST_QUOTA = max(*QUOTA.values(), LONG_ODDS_QUOTA, NO_CHANCE_QUOTA)
"""The highest quota a bet is paid at (WT 10.2, 8.8, 9.1): every stake on the tickets
times it bounds what the race's winning bets win together."""

World = tuple[int, "RaceEnd | WettenState"]
"""A world's end: :data:`fast_race.AT_PAYOUT` and the race's :data:`RaceEnd`, or how
:func:`fast_race.resume` ended and the state the rules played on."""

TURN, CLOSE, TICKETS, REVEAL, OPEN, MOVE = range(6)
"""The loop's steps: a priority turn of a window, a window closing, the tickets written
(WT 2, 5), the race cards laid (WT 3.1), a window opening, the horses moving (WT 4)."""

AFTER_WINDOW = {"stakes": TICKETS, "start_before": REVEAL, "second_bet": TICKETS}
"""``windows.after_window``: the step after a window, by its timing (the horses move
after the others)."""


def quick_world(state: WettenState, seat: int | None) -> Callable[[random.Random], World] | None:
    """The board's world at ``state`` for ``seat``, drawn and raced to the payout, or
    ``None`` where it does not start (a simultaneous turn half committed, a shuffle
    pending, cards being drawn, looked at or resolved): the board then draws its worlds
    by ``sample_world`` and :func:`fast_race.race_to_payout`."""
    if state._pending or state.turn().over or state.shuffle is not None:
        return None
    if state.stage not in (WINDOW, STAKES, SECOND, PLAY):
        return None
    if state.draws or state.to_resolve or state.looking is not None:
        return None
    players = state.num_players
    others = [s for s in range(players) if s != seat]
    horses = len(state.horse_names)
    # -- sampling.sample_world's two redeals: pools sorted once, the same swaps
    race_pool = sorted([*state.pile, *(c for s in others for c in state.hands[s])])
    action_pool = sorted([*state.action_pile, *(c for s in others for c in state.actions[s])])
    race_steps = board_steps.steps(len(race_pool))
    action_steps = board_steps.steps(len(action_pool))
    pile_size = len(state.pile)
    action_pile_size = len(state.action_pile)
    hand_sizes = [(s, len(state.hands[s]), len(state.actions[s])) for s in others]
    totals = [
        (
            s,
            sum(state.stakes[s].values()) if state.no_chance[s] is None else None,
            sum(state.second[s].values()),
        )
        for s in others
    ]
    # -- what stays fixed through the world
    min_stake = state.min_stake
    pro = state.pro_rules
    unlimited = state.unlimited
    track = state.track
    card_values = state.card_values
    cells = state._cells
    if len(cells) > 21:  # draws.sample's other algorithm: not written here
        return None
    # draws.sample of up to three cells: the shrinking pool's size, the bits asked for
    sample_bits = [(m, m.bit_length()) for m in range(len(cells), len(cells) - 3, -1)]
    usable = board_steps.usable(state)
    effects = {card: data.effect for card, data in state.action_cards.items()}
    amounts = {card: data.amount for card, data in state.action_cards.items()}
    horse_range = range(horses)
    hidden = frozenset(others)
    on_tickets = sum(sum(t.values()) for t in (*state.stakes, *state.second))
    """The stakes on the tickets now; the redrawn tickets keep their totals."""
    following = [*range(1, players), 0]
    """The seat after each, round the table (ruling 12)."""
    targets: dict[tuple[str, tuple[int, ...]], list[Option]] = {}
    """An action card's announcements by the horses running (WT 8.1-8.4), made once."""

    def world(rng: random.Random) -> World:
        random_ = rng.random
        pool = board_steps.shuffled(rng, race_pool, race_steps)
        apool = board_steps.shuffled(rng, action_pool, action_steps)
        pile = pool[:pile_size]
        action_pile = apool[:action_pile_size]
        hands = [list(h) for h in state.hands]
        actions = [list(a) for a in state.actions]
        at, action_at = pile_size, action_pile_size
        for s, size, action_size in hand_sizes:
            hands[s] = pool[at : at + size]
            actions[s] = apool[action_at : action_at + action_size]
            at += size
            action_at += action_size
        stakes = [dict(t) for t in state.stakes]
        second = [dict(t) for t in state.second]
        long_odds = list(state.long_odds)
        long_odds_cell = list(state.long_odds_cell)
        for s, stakes_total, second_total in totals:
            if stakes_total is not None:
                stakes[s] = board_steps.one_cell(stakes_total, horses, rng)
            second[s] = board_steps.one_cell(second_total, horses, rng)
            long_odds[s] = False
            long_odds_cell[s] = None
        announced = [dict(entry) for entry in state.announced]
        for entry in announced:
            if entry["effect"] == "hedge" and entry["seat"] != seat:
                entry["horse"] = below(rng, horses)
                entry["place"] = 1 + below(rng, PLACES)
        peeks = {s: peek for s, peek in state.peeks.items() if s not in hidden}
        staked = on_tickets  # at least every stake on the tickets at the payout
        # -- the race (fast_race._run, its steps on these lists)
        cash = list(state.cash)
        bank = state.bank
        purchases = list(state.purchases)
        played = list(state.played_actions)
        no_chance = list(state.no_chance)
        discard = list(state.discard)
        action_discard = list(state.action_discard)
        position = list(state.position)
        moved = list(state.moved)
        movement = list(state.movement)
        places = list(state.places)
        running = tuple(h for h in horse_range if places[h] is None)
        rounds = state.rounds
        revealed: list[dict[str, Any]] | None = None
        timing = state.timing
        priority = state.priority
        passes = state.passes
        able = list(state.able)
        able_count = state.able_count
        windows_opened = state.windows_opened
        stage = state.stage
        step = TURN if stage == WINDOW else REVEAL if stage == PLAY else TICKETS
        second_tickets = stage == SECOND
        shows = pro and timing == "second_bet"
        use = usable.get(timing, {}).keys()

        def handed_over(stage: str, draws: list[tuple[int, str]], then: str) -> World:
            """The lists written into a state at this step, the rules' ``then`` from it."""
            found = state.clone()
            found.__dict__.update(
                log=[],
                pile=pile,
                action_pile=action_pile,
                hands=hands,
                actions=actions,
                stakes=stakes,
                second=second,
                long_odds=long_odds,
                long_odds_cell=long_odds_cell,
                announced=announced,
                peeks=peeks,
                cash=cash,
                bank=bank,
                purchases=purchases,
                played_actions=played,
                no_chance=no_chance,
                discard=discard,
                action_discard=action_discard,
                position=position,
                moved=moved,
                movement=movement,
                places=places,
                rounds=rounds,
                timing=timing,
                priority=priority,
                passes=passes,
                able=able,
                able_count=able_count,
                windows_opened=windows_opened,
                stage=stage,
                draws=draws,
                to_resolve=[],
                looking=None,
            )
            if revealed is not None:
                found.revealed = revealed
            moves: dict[str, Callable[[], None]] = {
                "buy": lambda: windows.buy(found, priority),
                "close": lambda: action_cards.close_window(found),
                "refill": lambda: setup.draw_pending(found),
            }
            return fast_race.resume(found, rng, moves[then]), found

        def refresh() -> list[bool]:
            """``windows.refresh_able``: an action card, a race card's price, or a
            ticket still to show (WT 9.1)."""
            if shows:
                return [
                    bool(actions[s])
                    or cash[s] >= FIRST_PRICE << purchases[s]
                    or (no_chance[s] is None and bool(stakes[s]))
                    for s in range(players)
                ]
            return [
                bool(actions[s]) or cash[s] >= FIRST_PRICE << purchases[s] for s in range(players)
            ]

        while True:
            if step == TURN:  # fast_race._run's window steps (windows.random_window_move)
                now = priority
                while True:
                    x = random_()
                    if x < 0.75:
                        passes += 1
                    elif x < 0.8 and cash[now] >= FIRST_PRICE << purchases[now]:
                        if not pile:
                            priority = now
                            return handed_over(WINDOW, [], "buy")
                        price = FIRST_PRICE << purchases[now]
                        cash[now] -= price
                        bank += price
                        purchases[now] += 1
                        hands[now].append(pile.pop())
                        # windows.refresh_able: only this seat's cash and cards changed
                        mine = bool(actions[now]) or cash[now] >= FIRST_PRICE << purchases[now]
                        if not mine and shows:
                            mine = no_chance[now] is None and bool(stakes[now])
                        able_count += mine - able[now]
                        able[now] = mine
                        continue
                    else:
                        hand = actions[now]
                        if (hand and not use.isdisjoint(hand)) or (
                            shows and no_chance[now] is None and stakes[now]
                        ):
                            options = board_steps.announcements(
                                now,
                                timing,
                                shows,
                                no_chance,
                                stakes,
                                played,
                                cash,
                                min_stake,
                                running,
                                position,
                                hand,
                                usable[timing],
                                announced,
                                players,
                                targets,
                            )
                        else:
                            options = []
                        if options:
                            card, horse, other, opponent, place = options[
                                int(random_() * len(options))
                            ]
                            if not card:
                                assert horse is not None and place is not None
                                no_chance[now] = (horse, place)
                            else:
                                fee = FEE_FACTORS[played[now]] * min_stake
                                cash[now] -= fee
                                bank += fee
                                played[now] += 1
                                actions[now].remove(card)
                                effect = effects[card]
                                announced.append(
                                    {
                                        "seat": now,
                                        "card": card,
                                        "effect": effect,
                                        "amount": amounts[card],
                                        "horse": horse,
                                        "other": other,
                                        "opponent": opponent,
                                        "place": place,
                                        "target": len(announced) - 1
                                        if effect == "cancel"
                                        else None,
                                        "cancelled": False,
                                    }
                                )
                            passes = 0
                            mine = bool(actions[now]) or cash[now] >= FIRST_PRICE << purchases[now]
                            if not mine and shows:
                                mine = no_chance[now] is None and bool(stakes[now])
                            able_count += mine - able[now]
                            able[now] = mine
                        else:
                            passes += 1
                    if passes >= able_count:
                        break
                    now = following[now]
                    while not able[now]:
                        now = following[now]
                priority = now
                step = CLOSE
            if step == CLOSE:  # fast_race._close_window (WT 7.4, 8.11)
                if announced:
                    drawn = 0
                    for entry in announced:
                        if entry["effect"] in DRAWING:
                            drawn += entry["amount"]
                    if drawn > len(pile):  # WT 3.7: the pile may run out
                        return handed_over(WINDOW, [], "close")
                    for entry in reversed(announced):
                        if entry["effect"] == "cancel" and not entry["cancelled"]:
                            announced[entry["target"]]["cancelled"] = True
                    for entry in announced:
                        action_discard.append(entry["card"])
                    for entry in announced:
                        if entry["cancelled"]:
                            continue
                        effect = entry["effect"]
                        if effect == "peek_deck":  # WT 8.6 Paddock Tip: look, keep one
                            looked = [pile.pop() for _ in range(entry["amount"])]
                            if looked:
                                kept = looked.pop(int(random_() * len(looked)))
                                hands[entry["seat"]].append(kept)
                                pile[:0] = reversed(looked)
                        elif effect == "draw":  # Lucky Draw: free cards
                            for _ in range(entry["amount"]):
                                hands[entry["seat"]].append(pile.pop())
                        else:
                            bank = board_steps.apply_action(
                                entry,
                                bank,
                                unlimited,
                                movement,
                                places,
                                cash,
                                stakes,
                                no_chance,
                                long_odds,
                                peeks,
                                hands,
                                card_values,
                            )
                step = AFTER_WINDOW.get(timing, MOVE)
                second_tickets = timing == "second_bet"
            if step == TICKETS:  # fast_race._tickets (WT 2.1, 2.5, 5.1, 8.8)
                staked -= bank
                bank = board_steps.tickets(
                    rng,
                    second_tickets,
                    min_stake,
                    cells,
                    sample_bits,
                    cash,
                    bank,
                    second if second_tickets else stakes,
                    long_odds,
                    long_odds_cell,
                    places,
                    position,
                )
                staked += bank
                if second_tickets:
                    step = REVEAL
                    continue
                timing = "start_before"
                step = OPEN
            if step == REVEAL:  # fast_race._reveal (WT 3.1-3.4)
                rounds += 1
                laid = []
                for hand in hands:  # each seat's draw reads only its own hand's size
                    if hand:
                        card = hand.pop(int(random_() * len(hand)))
                        discard.append(card)
                        laid.append(card_values[card])
                revealed = []
                if laid:  # race.round_movement: a finished horse's numbers ignored
                    movement = list(map(sum, zip(*laid, strict=True)))
                    if len(running) != horses:
                        for h in horse_range:
                            if places[h] is not None:
                                movement[h] = 0
                else:
                    movement = [0] * horses
                owed = 0
                for hand in hands:
                    if len(hand) < 2:
                        owed += 2 - len(hand)
                if owed:
                    if owed > len(pile):
                        return handed_over(
                            REFILL,
                            [(s, "free") for s, h in enumerate(hands) for _ in range(2 - len(h))],
                            "refill",
                        )
                    for hand in hands:
                        while len(hand) < 2:
                            hand.append(pile.pop())
                timing = "start" if rounds == 1 else "neck_and_neck"
                step = OPEN
            if step == OPEN:  # fast_race._open_window (ruling 12)
                shows = pro and timing == "second_bet"
                use = usable[timing].keys()
                announced = []
                passes = 0
                now = windows_opened % players
                priority = now
                windows_opened += 1
                able = refresh()
                able_count = sum(able)
                if able_count:
                    while not able[now]:
                        now = following[now]
                    priority = now
                    step = TURN
                    continue
                step = CLOSE
                continue
            if step == MOVE:  # fast_race._move_horses (WT 3.2, 4.1-4.6)
                finishers = []
                for h in running:
                    moves = movement[h]
                    moved[h] = moves
                    at = position[h] = position[h] + moves
                    if at > track:
                        finishers.append(h)
                if finishers:
                    assign_places(finishing_groups(finishers, position, moved), places)
                    running = tuple(h for h in horse_range if places[h] is None)
                if None not in places:
                    odds = [cell if long_odds[s] else None for s, cell in enumerate(long_odds_cell)]
                    return AT_PAYOUT, (
                        places,
                        stakes,
                        second,
                        no_chance,
                        odds,
                        None if unlimited else bank,
                        staked * MOST_QUOTA,
                    )
                if rounds == 1:
                    timing = "second_bet"
                    step = OPEN
                else:
                    step = REVEAL

    return world
