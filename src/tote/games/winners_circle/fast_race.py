"""The rest of a race played by random players in one tight loop (issue 12, 2; issue 24).

A rollout of the tote board (or of a search) plays every seat's choices uniformly at
random and every chance event from the die (WC 4.2). Through the rules loop a move costs
a turn, a list of legal moves and a log event; here the bets still to be laid (WC 3.2-3.5)
and the running of the race (WC 4.2-4.10) are played with the same rules on plain lists.

It draws from ``rng`` exactly what the rules loop draws, in the same order: for a bet,
``int(rng.random() * n)`` among the ``n`` legal bets in :func:`bets.legal_bets`'s order;
for a roll, one ``rng.random()`` read against the die's cumulative distribution
(:func:`running.sample_die`); for a move, ``int(rng.random() * n)`` among the face-up
horses on the track in gate order (:func:`running.legal_horses`). So from the same
world and the same ``rng`` it ends the race exactly where the rules loop ends it (the
same finish, last place, pace horse and bets), which the tests check on many worlds and
every variant. :func:`play_race` then pays the race out by the rules
(:func:`paying_out.pay_out`, WC 5); :func:`race_result` leaves the state untouched and
only says how the race ended, for the tote board, which needs no more. Neither writes
the bets and moves of the race to the event log: rollouts never read it.

Issue 24 made a move about a third cheaper by reading tables instead of working things
out: each symbol's row of the seven cards' values (WC 4.5), each progress's space
(``track.space_of``) and which spaces are taken (WC 4.6), all built once a race; the
cards' faces and the spaces the horses stand on are written back once, at the end (a
horse's card is face up at the end if it has not moved since the cards were last turned
up, WC 4.4). A hand of chips is a sorted tuple, whose legal chips are looked up
(:func:`chip_choices`), not sorted out of the hand at every bet.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache
from typing import TYPE_CHECKING, NamedTuple, cast

from tote.games.winners_circle import paying_out, running
from tote.games.winners_circle.payout import Bet
from tote.games.winners_circle.phases import BETS, HORSES_PER_RACE, MOVE, PLACED, ROLL
from tote.games.winners_circle.running import SYMBOL_INDEX
from tote.games.winners_circle.track import space_of

if TYPE_CHECKING:
    from tote.games.winners_circle.state import WinnersCircleState

Draw = Callable[[], float]

Hand = tuple[int, ...]
"""A hand of chips, sorted."""

FAST_PHASES = frozenset({BETS, ROLL, MOVE})
"""The phases the loop starts from; before them (the gates, WC 2; the first bettor,
WC 3.1) the rules loop plays on."""


class RaceResult(NamedTuple):
    """How a race ended: what its payout (WC 5) is worked out from."""

    finished: list[int]
    """The win, place and show horses, in order (WC 4.9)."""
    last: list[int]
    """The last horse, or those tied for last (WC 4.10)."""
    pace_horse: int | None
    """WC 4.8."""
    bets: list[tuple[int, int, int]]
    """Every chip laid, ``(seat, horse, chip)``, in the order laid."""


class Running(NamedTuple):
    """Where :func:`run` left the race: what the state's own fields are set from."""

    up: list[int]
    """The horses on the track whose cards are face up, in gate order."""
    pace_horse: int | None
    moves: int
    """The moves made."""
    turned_up: int
    """The move count at which every card was last turned face up (WC 4.4), or -1 if
    none was in this run."""


def play_race(state: WinnersCircleState, rng: random.Random) -> bool:
    """Play ``state`` on at random to the payout of its race (WC 3-5), paid by the rules;
    ``False`` (and nothing changed) if its phase is not one the loop starts from."""
    if state.phase not in FAST_PHASES:
        return False
    draws = [rng.random] * state.num_players
    if state.phase == BETS:
        lay_bets(state, draws)
    run_to_payout(state, rng.random, draws)
    return True


def lay_bets(state: WinnersCircleState, draws: Sequence[Draw]) -> int:
    """WC 3.2-3.5 on ``state``: every chip still to be laid, each a random legal bet from
    its bettor's ``draws[seat]``; then the first bettor rolls (WC 4.1). The bets laid."""
    plan = betting(state)
    hands = [tuple(sorted(hand)) for hand in state.chips]
    laid = lay_chips(plan, draws, [(b.seat, b.horse, b.chip) for b in state.bets], hands)
    state.bets.extend(Bet(*bet) for bet in laid[len(state.bets) :])
    state.chips[:] = [list(hand) for hand in hands]
    state.roller = state.first_bettor  # WC 4.1: the first bettor rolls first
    state.phase = ROLL
    return len(plan.seats)


def run_to_payout(state: WinnersCircleState, roll: Draw, draws: Sequence[Draw]) -> int:
    """WC 4.2-4.10 on ``state``'s own lists (:func:`run`), the cards' faces and the
    horses' spaces written back, then the payout (WC 5). The moves made."""
    players = state.num_players
    ran = run(state, roll, draws, state.progress, state.last_moved, state.finished)
    spaces = _spaces(state.spaces)
    finish = state.finish
    state.space_at[:] = [spaces[p] if p < finish else 0 for p in state.progress]
    first_move = state.moves_made
    if ran.turned_up >= 0:
        state.face_up[:] = [moved < ran.turned_up for moved in state.last_moved]
    else:
        state.face_up[:] = [
            up and moved < first_move
            for up, moved in zip(state.face_up, state.last_moved, strict=True)
        ]
    state.face_up_count = len(ran.up)
    state.pace_horse = ran.pace_horse
    state.moves_made += ran.moves
    # The roller passes clockwise after every move but the race's last (WC 4.1).
    state.roller = (state.roller + ran.moves - 1) % players
    state.rolled = None
    paying_out.pay_out(state)  # WC 4.10, WC 5
    return ran.moves


def race_result(
    state: WinnersCircleState,
    rng: random.Random,
    bets: list[tuple[int, int, int]],
    hands: Sequence[Hand],
    plan: Betting | None = None,
) -> RaceResult | None:
    """How the race under way at ``state`` ends when played on at random, with ``bets``
    laid so far and ``hands`` of chips (a world's, which may differ from the state's:
    WC 6.1; ``plan``, :func:`betting` at ``state``, when the caller has it already);
    ``None`` (nothing drawn) if its phase is not one the loop starts from. ``state`` is
    left as it was."""
    if state.phase not in FAST_PHASES:
        return None
    draws = [rng.random] * state.num_players
    if state.phase == BETS:
        plan = betting(state) if plan is None else plan
        bets = lay_chips(plan, draws, list(bets), list(hands))
    finished = list(state.finished)
    progress = list(state.progress)
    last_moved = list(state.last_moved)
    pace_horse = run(state, rng.random, draws, progress, last_moved, finished).pace_horse
    last = running.rearmost(progress, finished, last_moved, state.options.last_place_tie)
    return RaceResult(finished, last, pace_horse, bets)


@cache
def chip_choices(chip_set: Hand) -> dict[Hand, tuple[tuple[int, Hand], ...]]:
    """WC 3.2-3.3: for every hand a player can hold out of ``chip_set`` (a sorted tuple),
    its distinct chips in order, each with the hand left once it is laid."""
    hands = {tuple(sorted(chip_set))}
    found: dict[Hand, tuple[tuple[int, Hand], ...]] = {}
    while hands:
        hand = hands.pop()
        choices = []
        for chip in sorted(set(hand)):
            rest = list(hand)
            rest.remove(chip)
            choices.append((chip, tuple(rest)))
            if tuple(rest) not in found:
                hands.add(tuple(rest))
        found[hand] = tuple(choices)
    return found


class Betting(NamedTuple):
    """What the chips still to be laid at a state depend on besides the draws (WC
    3.2-3.5); the same in every world of a board, so built once."""

    seats: tuple[int, ...]
    """The bettor of each chip still to be laid, in order: clockwise (WC 3.2)."""
    open_horses: tuple[tuple[int, ...], ...]
    """Each seat's horses without a chip of its yet (WC 3.4), in order."""
    choices: dict[Hand, tuple[tuple[int, Hand], ...]]
    """:func:`chip_choices` of the state's chips."""


def betting(state: WinnersCircleState) -> Betting:
    """The :class:`Betting` at ``state``, in the betting (WC 3.2-3.5)."""
    players = state.num_players
    open_horses = [list(range(HORSES_PER_RACE)) for _ in range(players)]
    for bet in state.bets:
        open_horses[bet.seat].remove(bet.horse)  # WC 3.4: one chip per horse
    first = state.first_bettor + len(state.bets)
    seats = tuple((first + i) % players for i in range(state.rounds * players - len(state.bets)))
    choices = chip_choices(tuple(sorted(state.chip_set)))
    return Betting(seats, tuple(tuple(horses) for horses in open_horses), choices)


def lay_chips(
    plan: Betting,
    draws: Sequence[Draw],
    laid: list[tuple[int, int, int]],
    hands: list[Hand],
) -> list[tuple[int, int, int]]:
    """WC 3.2-3.5: every chip still to be laid, clockwise, each a random legal bet (its
    bettor's ``draws[seat]``: ``int(random() * n)`` among the ``n`` legal bets, horse by
    horse, chip by chip within a horse); ``laid`` and ``hands`` are updated and ``laid``
    returned."""
    open_horses = [list(horses) for horses in plan.open_horses]
    choices = plan.choices
    for seat in plan.seats:
        kinds = choices[hands[seat]]
        horses = open_horses[seat]
        n = len(kinds)
        k = int(draws[seat]() * (len(horses) * n))
        chip, hands[seat] = kinds[k % n]
        laid.append((seat, horses.pop(k // n), chip))
    return laid


@cache
def _spaces(spaces: int) -> tuple[int, ...]:
    """Each progress's space (``track.space_of``) for progress 0 to ``2 * spaces - 1``;
    a progress below 0 reads from the end, as Python indexes, to the same space."""
    return tuple(space_of(p, spaces) for p in range(2 * spaces))


def run(
    state: WinnersCircleState,
    roll: Draw,
    draws: Sequence[Draw],
    progress: list[int],
    last_moved: list[int],
    finished: list[int],
) -> Running:
    """WC 4.2-4.10: roll the die (``roll``), move a random face-up horse (the roller's
    own draw, ``draws[roller]``: one stream for every seat in a rollout, each seat's
    own in a random game, :mod:`fast_game`), until the third horse finishes. The lists
    are the race's, updated in place; the state's are only read (the cards' faces, the
    spaces, WC 4.4-4.6: :func:`run_to_payout` writes them back)."""
    # WC 4.2: the roll x shows the first face whose cumulative share (``to_<face>``)
    # exceeds x (running.sample_die; x < 1, so the rules' fallback to the last face is
    # the last "else"); its row of the seven cards' values is read at once.
    (to_head, _), (to_cap, _), (to_saddle, _), _ = state.die_cdf
    head, cap, saddle, shoe = zip(
        *cast("list[tuple[int, int, int, int]]", state.card_of), strict=True
    )
    finish = state.finish
    space = _spaces(state.spaces)
    blocking = not state.crowded_field
    taken = [False] * (state.spaces + 1)
    for at in state.space_at:
        taken[at] = True
    pace_space = state.table.pace_space
    pace_horse = state.pace_horse
    moves_made = first_move = state.moves_made
    turned_up = -1
    space_at, face_up = state.space_at, state.face_up
    on_track = [h for h in range(HORSES_PER_RACE) if space_at[h]]
    up = [h for h in on_track if face_up[h]]
    players = len(draws)
    # The move numbered m is made by seat (roller + m - first_move) % players (WC 4.1).
    first = state.roller - first_move
    turns = [draws[(first + m) % players] for m in range(players)]
    rolled = state.rolled  # WC 4.2: the roll, unless it has been rolled already
    if rolled is None:
        x = roll()
        row = head if x < to_head else cap if x < to_cap else saddle if x < to_saddle else shoe
    else:
        row = (head, cap, saddle, shoe)[SYMBOL_INDEX[rolled]]
    while True:
        horse = up.pop(int(turns[moves_made % players]() * len(up)))  # WC 4.3-4.4
        start = progress[horse]
        target = start + row[horse]
        taken[space[start]] = False
        last_moved[horse] = moves_made
        moves_made += 1
        if target < finish:
            landing = space[target]
            if taken[landing] and blocking:  # WC 4.6 (WC 6.2: no blocking)
                # The first free space behind the target, or where it stood.
                for behind in range(target - 1, start - 1, -1):
                    landing = space[behind]
                    if not taken[landing]:
                        target = behind
                        break
            progress[horse] = target
            taken[landing] = True
        else:  # WC 4.9: across the line, off the track
            progress[horse] = target
            finished.append(horse)
            if len(finished) == PLACED:
                if pace_horse is None and target >= pace_space:
                    pace_horse = horse
                return Running(up, pace_horse, moves_made - first_move, turned_up)
            on_track.remove(horse)
        if pace_horse is None and target >= pace_space:  # WC 4.8
            pace_horse = horse
        if not up:  # WC 4.4: every card face down: all turned face up
            up = on_track[:]
            turned_up = moves_made
        x = roll()
        row = head if x < to_head else cap if x < to_cap else saddle if x < to_saddle else shoe
