"""HF 3.1-3.2 the Race Phase on the state: the Action cards shown (3.1, with Eric
Change's odds change, ruling R2), Race Units of a Movement card and the Sprint dice
(3.2a-b), the Finish Line and Ranking (3.2c) and the Photo Finish (3.2d). The
arithmetic is the pure ``race.py``. Next in reading order: ``payoffs.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tote.core.events import Event
from tote.games.horse_fever import payoffs
from tote.games.horse_fever.data import ActionCard
from tote.games.horse_fever.decks import Deck
from tote.games.horse_fever.moves import ChangeOdds
from tote.games.horse_fever.phases import CHANGE_ODDS, MOVEMENT, PHOTO, SPRINT
from tote.games.horse_fever.race import (
    LaneEffects,
    finishing_groups,
    shift_row,
    surviving_cards,
    unit_moves,
)

if TYPE_CHECKING:
    from tote.games.horse_fever.state import HorseFeverState


def reveal_action_cards(state: HorseFeverState) -> None:
    """HF 3.1 in the proposed order (game-data 2a/5b, ruling R1): removal cards,
    same-letter cancellation, then odds cards and odds-changing Horses."""
    by_lane: list[list[ActionCard]] = [[] for _ in range(6)]
    for _, card, lane in state.played:
        by_lane[lane].append(state.actions[card])
    state.log.append(
        Event(
            "reveal",
            {
                "cards": [
                    {
                        "seat": s,
                        "card": c,
                        "name": state.actions[c].name,
                        "stable": state.colours[lane],
                    }
                    for s, c, lane in state.played
                ]
            },
        )
    )
    state.effects = [LaneEffects() for _ in range(6)]
    discarded: list[str] = []
    for lane in range(6):
        horse = state.lane_horse[lane]
        horse_effect = state.horse_cards[horse].effect if horse is not None else None
        if horse_effect is not None:
            state.effects[lane].add(horse_effect)
        survivors, gone = surviving_cards(by_lane[lane])
        discarded += [c.id for c in gone]
        rows_up = horse_effect.odds_rows if horse_effect is not None else 0
        for action in survivors:
            state.effects[lane].add(action.effect)
            rows_up += action.effect.odds_rows
        if rows_up:
            before = state.row[lane]
            state.row[lane] = shift_row(before, rows_up)
            state.log.append(
                Event(
                    "odds_change",
                    {
                        "stable": state.colours[lane],
                        "from": state.board.odds_rows[before],
                        "to": state.odds(lane),
                    },
                )
            )
    if discarded:
        state.log.append(Event("cards_cancelled", {"cards": sorted(discarded)}))
    state.queue = [
        s for s in state.clockwise(state.first_player) if state.skill(s) == "change_odds"
    ]
    state.phase = CHANGE_ODDS if state.queue else MOVEMENT


def change_odds(state: HorseFeverState, seat: int, move: ChangeOdds) -> None:
    """Eric Change (proposed skill): once per round, one Stable up/down 0-2 rows."""
    lane = state.lane_of[move.stable]
    state.row[lane] = shift_row(state.row[lane], move.rows)
    state.log.append(
        Event("eric_change", {"seat": seat, "stable": move.stable, "odds": state.odds(lane)})
    )
    state.queue.pop(0)
    if not state.queue:
        state.phase = MOVEMENT


def reveal_movement(state: HorseFeverState, card_id: str) -> None:
    """HF 3.2 Race Unit: every running horse moves the number next to its odds."""
    state.movement_deck.draw(card_id)
    if not state.movement_deck:  # ruling R3: never in practice (a race takes 4-12 cards)
        state.movement_deck = Deck(list(state.movement))
    state.movement_shown = card_id
    state.unit += 1
    values = state.movement[card_id].values
    moves = unit_moves(
        values, state.row, state.positions, state.running, state.effects, state.unit == 1
    )
    for lane, squares in enumerate(moves):
        state.positions[lane] += squares
    _finish_line(state)
    state.dice = None
    state.log.append(
        Event(
            "movement",
            {
                "card": card_id,
                "values": list(values),
                "start": state.unit == 1,
                "moved": {
                    state.colours[lane]: m for lane, m in enumerate(moves) if state.running[lane]
                },
            },
        )
    )
    state.phase = SPRINT


def why_not_revealed(state: HorseFeverState, card: str) -> str:
    """HF 3.2: why ``card`` cannot be the next Movement card revealed."""
    if card not in state.movement:
        return f"there is no Movement card {card!r}"
    return (
        f"Movement card {card} was already revealed in this race (HF 3.2; the Movement"
        " cards are shuffled back after the race, ruling R3)"
    )


def why_not_rolled(state: HorseFeverState, first: str, second: str) -> str:
    """HF 3.2b: the faces of the Sprint dice are the six Stable colours."""
    face = first if first not in state.lane_of else second
    return (
        f"the Sprint dice have no {face!r} face: their faces are the six Stable colours"
        f" ({', '.join(state.colours)})"
    )


def _finish_line(state: HorseFeverState) -> None:
    """HF 3.2c Finish Line cards, once, when a horse first reaches the line
    (ruling R5): XIII stops it on the line, Fustis et Radix adds squares."""
    for lane in range(6):
        if (
            state.running[lane]
            and not state.crossed[lane]
            and state.positions[lane] >= state.finish
        ):
            state.crossed[lane] = True
            fx = state.effects[lane]
            if fx.finish_stop:
                state.positions[lane] = state.finish
            else:
                state.positions[lane] += fx.finish_add


def sprint(state: HorseFeverState, first: str, second: str) -> None:
    """HF 3.2b Sprint: each colour shown sprints once (a double only once); a horse
    already placed on the Blackboard loses its sprint."""
    state.dice = (first, second)
    sprinted: dict[str, int] = {}
    for colour in dict.fromkeys((first, second)):
        lane = state.lane_of[colour]
        if state.running[lane]:
            squares = state.effects[lane].sprint_move()
            state.positions[lane] += squares
            sprinted[colour] = squares
    _finish_line(state)
    state.log.append(Event("sprint", {"dice": [first, second], "sprinted": sprinted}))
    finished = [
        lane for lane in range(6) if state.running[lane] and state.positions[lane] >= state.finish
    ]
    for lane in finished:
        state.running[lane] = False
    state.photo_pending = finishing_groups(finished, state.positions, state.row, state.effects)
    _rank_pending(state)


def _rank_pending(state: HorseFeverState) -> None:
    """HF 3.2c Ranking: place finished horses in order; a tie the photo finish
    cannot break is decided by the First Player."""
    while state.photo_pending:
        group = state.photo_pending[0]
        if len(group) > 1:
            state.phase = PHOTO
            return
        state.photo_pending.pop(0)
        _place(state, group[0])
    if len(state.ranking) == 6:
        payoffs.payoffs(state)
    else:
        state.phase = MOVEMENT


def _place(state: HorseFeverState, lane: int) -> None:
    state.ranking.append(lane)
    state.log.append(Event("ranked", {"stable": state.colours[lane], "place": len(state.ranking)}))


def photo_finish(state: HorseFeverState, lane: int) -> None:
    """HF 3.2d: the First Player orders horses the photo finish leaves tied."""
    group = state.photo_pending[0]
    group.remove(lane)
    _place(state, lane)
    if len(group) == 1:
        state.photo_pending.pop(0)
        _place(state, group[0])
    if len(state.photo_pending) == 0 or len(state.photo_pending[0]) == 1:
        _rank_pending(state)
