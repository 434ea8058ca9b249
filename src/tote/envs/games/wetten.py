"""Wetten! as numbers: tickets made finite by a stake grid, every card and target listed.

Actions: the Set-the-Stakes ticket (WT 2) as "an empty ticket" or one bet "<units> x
the minimum stake on <horse> in place <p>" for every horse, place 1-4 and ``stake_units``
(multiples of the race's minimum stake, WT 2.3); the Second Bet (WT 5) likewise, and
each one-bet ticket also "with Long Odds on it" (WT 8); "lay race card <id>" for every
race card and "no card" (WT 3.1); "keep race card <id>" (Paddock Tip, WT 8.6); "buy a
race card" and "pass" (WT 6); "No chance... on <horse>, place <p>" (WT 9); and every
action card with each target its effect takes (a horse, two horses, an opponent, a
ticket cell, or none; WT 7, 8). A ticket of several bets is not on the grid.

Observation: race, stage, window timing and round; per horse its position, field,
movement and finishing place; every seat's cash, card price, action fee, hand size,
action cards and ticket totals (rotated, the seat first); the seat's own race cards
(values per horse) and action cards by kind; its own ticket cells; the bank and pile.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from tote.core.bot import Observation
from tote.core.errors import OptionsError
from tote.core.game import GameOptions
from tote.core.moves import Move
from tote.envs.catalogue import Entry, EntryCatalogue, Mask, split_grid
from tote.envs.games.start import first_state
from tote.envs.observation import FastWriter, Features, WriterEncoder, one_hots, rotate, scaled
from tote.games.wetten.data import WINDOWS
from tote.games.wetten.moves import (
    Bet,
    BuyRaceCard,
    Cell,
    KeepCard,
    NoChance,
    Pass,
    PlayActionCard,
    PlayRaceCard,
    SecondBet,
    SetTheStakes,
)
from tote.games.wetten.phases import DEAL, OVER, PLAY, REFILL, RESOLVE, SECOND, STAKES, WINDOW
from tote.games.wetten.stakes import STEP
from tote.games.wetten.state import WettenState

GAME_ID = "wetten"
GRID_DEFAULTS: dict[str, Any] = {"stake_units": (1, 2, 4)}
PLACES = (1, 2, 3, 4)
STAGES = (DEAL, WINDOW, STAKES, PLAY, REFILL, RESOLVE, SECOND, OVER)
MONEY = 10_000.0
Ticket = tuple[bool, str, int, int, bool]
"""A grid ticket: Second Bet (or Set the Stakes), horse, place, multiple of the minimum
stake, Long Odds on it."""
MONEY_CLIP = 10.0
"""Amounts are written in tens of thousands (the bank in millions) and clipped at 10
(issue 30, fix 5); the other parts are bounded by the rules' numbers (tracks of up to
200 fields, hands, cards) with room to spare, and clipped there too."""


def _units(grid: dict[str, Any]) -> tuple[int, ...]:
    units = grid["stake_units"]
    ok = (
        isinstance(units, list | tuple)
        and 1 <= len(units) <= 20
        and all(isinstance(u, int) and not isinstance(u, bool) and 1 <= u <= 100 for u in units)
        and len(set(units)) == len(units)
    )
    if not ok:
        raise OptionsError(
            f"{GAME_ID} grid option 'stake_units': 1 to 20 different whole numbers from 1"
            f" to 100 (multiples of the minimum stake), not {units!r}"
        )
    return tuple(units)


class WettenCatalogue(EntryCatalogue):
    """The catalogue, with a mask of the ticket phases (WT 2, 5) that reads the ticket
    rules for the grid's one-bet tickets (a stake of at least the minimum, in multiples
    of 1000, within the cash, WT 2.3-2.4; the Long Odds mark on a horse now last, WT
    8.8) instead of trying every action on the state, refusal by refusal, and that
    resolves no grid entry where the legal moves hold no ticket (issue 24: the mask was
    most of an AEC step). It is :class:`EntryCatalogue`'s mask, only sooner;
    ``tests/envs/test_wetten_mask.py`` compares the two at every decision of seeded
    games on every variant."""

    def __init__(self, game_id: str, entries: Sequence[Entry], tickets: Sequence[Ticket]) -> None:
        super().__init__(game_id, entries)
        self.tickets = {i: t for i, t in zip(self._open, tickets, strict=True)}
        """Each grid entry's ticket, by action index: the mask reads it without
        resolving the entry (issue 24)."""

    def mask(self, obs: Observation) -> Mask:
        state = obs._state
        legal = obs.legal_moves
        if legal is not None:
            if any(isinstance(move, SetTheStakes | SecondBet) for move in legal):
                return super().mask(obs)
            mask = np.zeros(self.size, dtype=np.int8)
            for move in legal:
                i = self._fixed.get(move)
                if i is not None:
                    mask[i] = 1
            return mask  # the grid's entries stand for tickets only: none is legal here
        if not isinstance(state, WettenState) or state.stage not in (STAKES, SECOND):
            return super().mask(obs)
        mask = np.zeros(self.size, dtype=np.int8)
        kind = SetTheStakes if state.stage == STAKES else SecondBet
        mask[self._fixed[kind(())]] = 1
        seat = obs.seat
        cash, minimum = state.cash[seat], state.min_stake
        last = state.last_place() if state.long_odds[seat] else []
        second = kind is SecondBet
        shown = obs.position["state"]["minimum_stake"]  # what each entry resolves against
        seen: set[tuple[str, int, int, bool]] = set()
        for i, (on_second, horse, place, k, marked) in self.tickets.items():
            if on_second != second:
                continue
            stake = k * shown
            point = (horse, place, stake, marked)
            if point in seen:
                continue
            seen.add(point)
            if stake < minimum or stake % STEP or stake > cash:
                continue
            if marked and state.horse_index[horse] not in last:
                continue
            mask[i] = 1
        return mask


def catalogue(players: int, options: GameOptions, **grid: Any) -> EntryCatalogue:
    units = _units(split_grid(GAME_ID, grid, GRID_DEFAULTS))
    state: Any = first_state(GAME_ID, players, options)
    horses: tuple[str, ...] = state.horse_names
    race_cards = sorted(state._all_race_cards)
    cards = state.action_cards

    def ticket(second: bool, horse: str, place: int, k: int, long_odds: bool) -> Entry:
        def resolve(obs: Observation) -> Move | None:
            stake = k * obs.position["state"]["minimum_stake"]
            bets = (Bet(horse, place, stake),)
            if second:
                return SecondBet(bets, Cell(horse, place) if long_odds else None)
            return SetTheStakes(bets)

        what = "Second Bet" if second else "Set the Stakes"
        marked = ", with Long Odds on it" if long_odds else ""
        label = f"{what}: {k} x the minimum stake on {horse} in place {place}{marked}"
        return Entry(label, resolve=resolve)

    cells = [(h, p) for h in horses for p in PLACES]
    tickets: list[Ticket] = [(False, h, p, k, False) for h, p in cells for k in units]
    seconds: list[Ticket] = [
        (True, h, p, k, lo) for h, p in cells for k in units for lo in (False, True)
    ]
    entries = [Entry("Set the Stakes: an empty ticket", SetTheStakes(()))]
    entries += [ticket(*t) for t in tickets]
    entries.append(Entry("Second Bet: an empty ticket", SecondBet(())))
    entries += [ticket(*t) for t in seconds]
    tickets += seconds
    entries += [Entry(f"lay race card {c}", PlayRaceCard(c)) for c in race_cards]
    entries.append(Entry("no race card (empty hand)", PlayRaceCard(None)))
    entries += [Entry(f"keep race card {c}", KeepCard(c)) for c in race_cards]
    entries += [Entry("buy a race card", BuyRaceCard()), Entry("pass", Pass())]
    entries += [Entry(f"No chance... on {h}, place {p}", NoChance(h, p)) for h, p in cells]
    for card_id in sorted(cards):
        effect = cards[card_id].effect
        if effect in ("move", "halve", "boost_last"):
            entries += [Entry(f"{card_id} on {h}", PlayActionCard(card_id, h)) for h in horses]
        elif effect == "swap":
            entries += [
                Entry(f"{card_id} on {a} and {b}", PlayActionCard(card_id, a, b))
                for i, a in enumerate(horses)
                for b in horses[i + 1 :]
            ]
        elif effect == "peek_hand":
            entries += [
                Entry(f"{card_id} on seat {o}", PlayActionCard(card_id, None, None, o))
                for o in range(players)
            ]
        elif effect == "hedge":
            entries += [
                Entry(f"{card_id} on {h}, place {p}", PlayActionCard(card_id, h, None, None, p))
                for h, p in cells
            ]
        else:
            entries.append(Entry(f"play {card_id}", PlayActionCard(card_id)))
    return WettenCatalogue(GAME_ID, entries, tickets)


def score(view: dict[str, Any], seat: int) -> float:
    """The seat's cash (WT: the richest player wins)."""
    return float(view["state"]["cash"][seat])


def encoder(players: int, options: GameOptions, **grid: Any) -> WriterEncoder:
    split_grid(GAME_ID, grid, GRID_DEFAULTS)  # the grid changes no observation here
    state: Any = first_state(GAME_ID, players, options)
    horses: tuple[str, ...] = state.horse_names
    kinds = sorted({c.id for c in state.action_cards.values()})
    seats = list(range(players))

    def write(f: Features, view: dict[str, Any], seat: int) -> None:
        s = view["state"]
        f.scalar(s["race"], s["races"])
        f.one_hot(s["stage"], STAGES)
        f.one_hot(s["timing"], WINDOWS)
        f.scalar(s["round"], 10.0, high=2.0)
        f.scalar(s["minimum_stake"], MONEY)
        track = float(s["track"])
        for horse in s["horses"]:
            f.scalar(horse["position"], track, high=2.0)
            f.scalar(horse["field"], track, high=2.0)
            f.scalar(horse["movement"], 10.0, low=-3.0, high=3.0)
            f.one_hot(horse["place"], PLACES)
        f.one_hot(s["priority"], rotate(seats, seat))
        for name in ("cash", "card_price", "action_fee"):
            f.many(rotate(s[name], seat), players, MONEY, high=MONEY_CLIP)
        f.many(rotate(s["hand_sizes"], seat), players, 6.0, high=3.0)
        f.many(rotate(s["action_counts"], seat), players, 3.0, high=3.0)
        for ticket in rotate(s["tickets"], seat):
            f.scalar(ticket["stakes_total"], MONEY, high=MONEY_CLIP)
            f.scalar(ticket["second_total"], MONEY, high=MONEY_CLIP)
            f.flag(ticket["no_chance"])
        hand = s["hand"] or []
        totals = [0.0] * len(horses)
        for card in hand:
            for h, value in enumerate(card["values"][: len(horses)]):
                totals[h] += value
        f.many(totals, len(horses), 10.0, low=-5.0, high=5.0)
        f.scalar(len(hand), 6.0, high=3.0)
        f.counts([c["id"] for c in s["action_cards"] or []], kinds, high=5.0)
        own = s["tickets"][seat]
        for key in ("set_the_stakes", "second_bet"):
            grid = {(b["horse"], b["place"]): b["stake"] for b in own[key] or []}
            f.many(
                [grid.get((h, p), 0) for h in horses for p in PLACES],
                4 * len(horses),
                MONEY,
                high=MONEY_CLIP,
            )
        f.scalar(s["bank"], 100 * MONEY, high=MONEY_CLIP)
        f.scalar(s["pile"], 60.0, high=2.0)
        f.flag(view["my_commitment"] is not None)
        f.flag(view["over"])

    first_view = first_state(GAME_ID, players, options).view(0, log=False)
    return WriterEncoder(GAME_ID, write, first_view, _fast_writer(players, horses, kinds))


def _fast_writer(players: int, horses: tuple[str, ...], kinds: list[str]) -> FastWriter:
    """``write``'s values as one list (issue 24): the same reads of the view and the
    same arithmetic, without a :class:`Features` call a value
    (``tests/envs/test_fast_writers.py`` compares them)."""
    stages, windows, places = one_hots(STAGES), one_hots(WINDOWS), one_hots(PLACES)
    seat_hots = [one_hots(rotate(list(range(players)), seat)) for seat in range(players)]
    no_stage, no_window, no_place = [0.0] * len(STAGES), [0.0] * len(WINDOWS), [0.0] * 4
    no_seat = [0.0] * players
    kind_slot = {kind: i for i, kind in reversed(list(enumerate(kinds)))}
    n_horses = len(horses)
    cells = [(h, p) for h in horses for p in PLACES]
    no_grid = scaled([0] * len(cells), 4 * n_horses, MONEY)
    per_seat = [
        ("cash", MONEY),
        ("card_price", MONEY),
        ("action_fee", MONEY),
        ("hand_sizes", 6.0),
        ("action_counts", 3.0),
    ]

    def fast(view: dict[str, Any], seat: int) -> list[float]:
        s = view["state"]
        v: list[float] = []
        x = s["race"]
        v.append(0.0 if x is None else float(x) / s["races"])
        v += stages.get(s["stage"], no_stage)
        v += windows.get(s["timing"], no_window)
        x = s["round"]
        v.append(0.0 if x is None else float(x) / 10.0)
        x = s["minimum_stake"]
        v.append(0.0 if x is None else float(x) / MONEY)
        track = float(s["track"])
        for horse in s["horses"]:
            x = horse["position"]
            v.append(0.0 if x is None else float(x) / track)
            x = horse["field"]
            v.append(0.0 if x is None else float(x) / track)
            x = horse["movement"]
            v.append(0.0 if x is None else float(x) / 10.0)
            v += places.get(horse["place"], no_place)
        v += seat_hots[seat].get(s["priority"], no_seat)
        for name, scale in per_seat:
            xs = s[name]
            if len(xs) == players:  # rotated: the seat's own first
                v += [0.0 if x is None else float(x) / scale for x in xs[seat:] + xs[:seat]]
            else:
                v += scaled(rotate(xs, seat), players, scale)
        for ticket in rotate(s["tickets"], seat):
            x = ticket["stakes_total"]
            v.append(0.0 if x is None else float(x) / MONEY)
            x = ticket["second_total"]
            v.append(0.0 if x is None else float(x) / MONEY)
            v.append(1.0 if ticket["no_chance"] else 0.0)
        hand = s["hand"] or []
        totals = [0.0] * n_horses
        for card in hand:
            for h, value in enumerate(card["values"][:n_horses]):
                totals[h] += value
        v += scaled(totals, n_horses, 10.0)
        v.append(float(len(hand)) / 6.0)
        counts = [0.0] * len(kinds)
        for card in s["action_cards"] or []:
            i = kind_slot.get(card["id"])
            if i is not None:
                counts[i] += 1.0
        v += counts
        own = s["tickets"][seat]
        for key in ("set_the_stakes", "second_bet"):
            if not own[key]:
                v += no_grid
                continue
            grid = {(b["horse"], b["place"]): b["stake"] for b in own[key]}
            v += scaled([grid.get(cell, 0) for cell in cells], 4 * n_horses, MONEY)
        x = s["bank"]
        v.append(0.0 if x is None else float(x) / (100 * MONEY))
        x = s["pile"]
        v.append(0.0 if x is None else float(x) / 60.0)
        v.append(1.0 if view["my_commitment"] is not None else 0.0)
        v.append(1.0 if view["over"] else 0.0)
        return v

    return fast
