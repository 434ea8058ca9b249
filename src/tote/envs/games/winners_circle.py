"""Winner's Circle as numbers: every move is finite, so the catalogue is the whole list.

Actions: first "bet the <chip>-chip on <horse>" for the seven horses and each chip value
the variant deals (1 and 2; Hidden Bets also 0, WC 6.1), horse by horse, then "move
<horse>" for the seven horses (WC 4.3). No grid options.

Observation (the seat's view; seats rotated so the seat itself is first): the race and
phase; per horse its card values, progress, distance to the finish, face-up, on-track,
finish place and pace-horse flags; the pace space; the first bettor, roller and rolled
symbol; every seat's money; every seat's chip on every horse (value, or "face down" under
Hidden Bets); the chips in each hand; the multiplier and deck size.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tote.core.game import GameOptions
from tote.envs.catalogue import Entry, EntryCatalogue, split_grid
from tote.envs.games.start import first_state
from tote.envs.observation import Features, WriterEncoder, one_hots, rotate
from tote.games.winners_circle.data import SYMBOLS
from tote.games.winners_circle.moves import MoveHorse, PlaceBet
from tote.games.winners_circle.options import WinnersCircleOptions
from tote.games.winners_circle.payout import PLACE_NAMES
from tote.games.winners_circle.phases import BETS, FIRST_BETTOR, MOVE, OVER, PREPARATION, ROLL

GAME_ID = "winners-circle"
GRID_DEFAULTS: dict[str, Any] = {}
PHASES = (PREPARATION, FIRST_BETTOR, BETS, ROLL, MOVE, OVER)
MONEY_SCALE = 1000.0
MONEY_CLIP = 10.0
"""Money is written in thousands and clipped at 10 (10,000: a bankroll of this size is
out of reach in a game started with nothing; issue 30, fix 5)."""
CARD_SCALE = 20.0
"""A horse card's values are written as a share of 20 (the largest is 16)."""
TRACK_BOUND = 0.5
"""Progress, distance to the finish and the pace space are shares of the finish's
progress, bounded at half a track either side (a horse runs a little past the finish
or starts a little behind the start)."""
HAND = 4.0
"""The most chips a hand holds (WC 3.1; Hidden Bets 0, 1, 1, 2)."""


def _horses(players: int, options: GameOptions) -> tuple[str, ...]:
    state = first_state(GAME_ID, players, options)
    return tuple(state.view(None, log=False)["state"]["horses"][h]["name"] for h in range(7))


def _chips(options: GameOptions) -> tuple[int, ...]:
    assert isinstance(options, WinnersCircleOptions)
    return (0, 1, 2) if options.hidden_bets else (1, 2)


def catalogue(players: int, options: GameOptions, **grid: Any) -> EntryCatalogue:
    split_grid(GAME_ID, grid, GRID_DEFAULTS)
    horses = _horses(players, options)
    entries = [
        Entry(f"bet the {chip}-chip on {horse}", PlaceBet(horse, chip))
        for horse in horses
        for chip in _chips(options)
    ]
    entries += [Entry(f"move {horse}", MoveHorse(horse)) for horse in horses]
    return EntryCatalogue(GAME_ID, entries)


def score(view: dict[str, Any], seat: int) -> float:
    """The seat's money (WC 1.3: the most money wins)."""
    return float(view["state"]["money"][seat])


def encoder(players: int, options: GameOptions, **grid: Any) -> WriterEncoder:
    split_grid(GAME_ID, grid, GRID_DEFAULTS)  # the grid changes no observation here
    horses = _horses(players, options)
    chips = _chips(options)
    seats = list(range(players))

    def write(f: Features, view: dict[str, Any], seat: int) -> None:
        s = view["state"]
        f.one_hot(s["race"], [1, 2, 3])
        f.one_hot(s["phase"], PHASES)
        finish = float(s["finish_progress"])
        for horse in s["horses"]:
            card = horse["card"] or {}
            f.many((card.get(symbol) for symbol in SYMBOLS), len(SYMBOLS), CARD_SCALE)
            f.scalar(horse["progress"], finish, low=-TRACK_BOUND, high=1 + TRACK_BOUND)
            f.scalar(horse["to_finish"], finish, low=-TRACK_BOUND, high=1 + TRACK_BOUND)
            f.flag(horse["card"] is not None)
            f.flag(horse["space"] is not None)
            f.flag(horse["face_up"])
            f.one_hot(horse["finished"], PLACE_NAMES)
            f.flag(horse["pace_horse"])
        f.scalar(s["pace_space"], finish, low=-TRACK_BOUND, high=1 + TRACK_BOUND)
        order = rotate(seats, seat)
        f.one_hot(s["first_bettor"], order)
        f.one_hot(s["roller"], order)
        f.one_hot(s["rolled"], SYMBOLS)
        f.many(rotate(s["money"], seat), players, MONEY_SCALE, high=MONEY_CLIP)
        for other in order:
            mine = {b["horse"]: b["chip"] for b in s["bets"] if b["seat"] == other}
            for name in horses:
                f.flag(name in mine)
                f.one_hot(mine.get(name, -1), chips)
            hand = s["chips"][other]
            if isinstance(hand, list):
                f.counts(hand, chips, high=HAND)
                f.scalar(len(hand), 4.0)
            else:
                f.many((), len(chips), high=HAND)
                f.scalar(hand, 4.0)
        f.scalar(s["multiplier"], 4.0)
        f.scalar(s["deck_size"], 40.0)
        f.flag(view["over"])

    first_view = first_state(GAME_ID, players, options).view(0, log=False)
    return WriterEncoder(GAME_ID, write, first_view, _fast_writer(players, horses, chips))


def _fast_writer(
    players: int, horses: tuple[str, ...], chips: tuple[int, ...]
) -> Callable[[dict[str, Any], int], list[float]]:
    """``write``'s values as one list (issue 24): the same reads of the view and the
    same arithmetic, without a :class:`Features` call a value
    (``tests/envs/test_fast_writers.py`` compares them)."""
    races = one_hots([1, 2, 3])
    phases = one_hots(PHASES)
    places = one_hots(PLACE_NAMES)
    symbols = one_hots(SYMBOLS)
    chip_hots = one_hots(chips)
    seat_hots = [one_hots(rotate(list(range(players)), seat)) for seat in range(players)]
    zeros3, zeros_seats, zeros_chips = [0.0] * 3, [0.0] * players, [0.0] * len(chips)
    zeros_phases, zeros_symbols = [0.0] * len(PHASES), [0.0] * len(SYMBOLS)
    no_card = [0.0] * len(SYMBOLS)
    flags = (0.0, 1.0)
    chip_slot = {chip: i for i, chip in reversed(list(enumerate(chips)))}
    bet_parts = {chip: [1.0, *part] for chip, part in chip_hots.items()}
    """A horse's bet flag and chip, by the chip's value (a face-down chip: the flag)."""
    no_bet, unknown_chip = [0.0, *zeros_chips], [1.0, *zeros_chips]
    no_bets = no_bet * len(horses)

    def fast(view: dict[str, Any], seat: int) -> list[float]:
        s = view["state"]
        v: list[float] = []
        v += races.get(s["race"], zeros3)
        v += phases.get(s["phase"], zeros_phases)
        finish = float(s["finish_progress"])
        for horse in s["horses"]:
            card = horse["card"]
            if card is None:
                v += no_card
            else:
                head, cap, saddle, shoe = map(card.get, SYMBOLS)
                v += (
                    0.0 if head is None else float(head) / CARD_SCALE,
                    0.0 if cap is None else float(cap) / CARD_SCALE,
                    0.0 if saddle is None else float(saddle) / CARD_SCALE,
                    0.0 if shoe is None else float(shoe) / CARD_SCALE,
                )
            progress, to_finish = horse["progress"], horse["to_finish"]
            v += (
                0.0 if progress is None else float(progress) / finish,
                0.0 if to_finish is None else float(to_finish) / finish,
                flags[card is not None],
                flags[horse["space"] is not None],
                1.0 if horse["face_up"] else 0.0,
            )
            v += places.get(horse["finished"], zeros3)
            v.append(1.0 if horse["pace_horse"] else 0.0)
        x = s["pace_space"]
        v.append(0.0 if x is None else float(x) / finish)
        hots = seat_hots[seat]
        v += hots.get(s["first_bettor"], zeros_seats)
        v += hots.get(s["roller"], zeros_seats)
        v += symbols.get(s["rolled"], zeros_symbols)
        money = s["money"]
        v += [
            0.0 if x is None else float(x) / MONEY_SCALE
            for x in (money[(seat + k) % players] for k in range(players))
        ]
        by_seat: dict[int, dict[str, Any]] = {}
        for b in s["bets"]:
            chips_of = by_seat.get(b["seat"])
            if chips_of is None:
                chips_of = by_seat[b["seat"]] = {}
            chips_of[b["horse"]] = b["chip"]
        for k in range(players):
            other = (seat + k) % players
            mine = by_seat.get(other)
            if not mine:
                v += no_bets
            else:
                for name in horses:
                    if name in mine:
                        v += bet_parts.get(mine[name], unknown_chip)
                    else:
                        v += no_bet
            hand = s["chips"][other]
            if isinstance(hand, list):
                part = [0.0] * len(chips)
                for item in hand:
                    i = chip_slot.get(item)
                    if i is not None:
                        part[i] += 1.0
                v += part
                v.append(float(len(hand)) / 4.0)
            else:
                v += zeros_chips
                v.append(0.0 if hand is None else float(hand) / 4.0)
        x = s["multiplier"]
        v.append(0.0 if x is None else float(x) / 4.0)
        x = s["deck_size"]
        v.append(0.0 if x is None else float(x) / 40.0)
        v.append(1.0 if view["over"] else 0.0)
        return v

    return fast
