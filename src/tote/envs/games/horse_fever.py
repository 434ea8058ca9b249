"""Horse Fever (board, family and party games) as numbers.

Actions: the purchases of HF 1.1 ("pass", "buy two Action cards", "buy a <deck> card",
"buy the <colour> Stable", "take a <bank/mob> loan", "buy <card> from seat <s>" for every
seat and every sellable card, a Target by kind), answers to an offer ("refuse", "agree
with <card>"), "keep <card>" after a draw, "copy <assistant>", "line up <horse> in
<colour>" and "end the line-up" (HF 1.3); bets "<units> x your Minimum Bet to <win/show>
on <colour>" for every stable, both kinds and ``bet_units`` (HF 2.1-2.3, the party
game's secret bet), "no bet"; "Action card <id> behind <colour>" (HF 2.2); "move
<colour>'s odds <n> rows" (n from -2 to 2); "photo finish: <colour>"; "accept" and
"refuse" (the auctions).

Observation: round, phase, purchase step, the first player and who is to act; per
stable its odds, price, owner, horse, position, place and bet tokens left; every
seat's money, victory points, Minimum Bet, stables, assistants, horses, targets,
loans, action cards and elimination (rotated, the seat first); every seat's bets per
stable and kind; the race's unit and ranking; the decks; the seat's own hand size.
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
from tote.envs.observation import (
    FastWriter,
    Features,
    StateWriter,
    WriterEncoder,
    one_hots,
    rotate,
    scaled,
)
from tote.games.horse_fever import phases
from tote.games.horse_fever.betting import BetLimits, bet_limits
from tote.games.horse_fever.moves import (
    Accept,
    AnswerOffer,
    BuyActionCards,
    BuyCard,
    BuyFromPlayer,
    BuyStable,
    ChangeOdds,
    CopyAssistant,
    EndLineup,
    KeepCard,
    LineUpHorse,
    Pass,
    PhotoFinish,
    PlaceBet,
    PlayActionCard,
    Refuse,
    SkipBet,
    TakeLoan,
)
from tote.games.horse_fever.state import HorseFeverState

GAME_ID = "horse-fever"
GRID_DEFAULTS: dict[str, Any] = {"bet_units": (1, 2, 4, 8)}
PHASES = (
    phases.SETUP_STABLES,
    phases.SETUP_CHARACTERS,
    phases.SETUP_FIRST_PLAYER,
    phases.COPY,
    phases.PURCHASE,
    phases.DRAW,
    phases.KEEP,
    phases.OFFER,
    phases.LINEUP,
    phases.FIRST_BET,
    phases.RACE_FIXING,
    phases.SECOND_BET,
    phases.SECRET_BET,
    phases.CHANGE_ODDS,
    phases.MOVEMENT,
    phases.SPRINT,
    phases.PHOTO,
    phases.DUTCH,
    phases.ENGLISH,
    phases.OVER,
)
BET_KINDS = ("win", "show")
HOLDINGS = ("stables", "assistants", "horses", "loans")
"""What each seat holds, counted in its observation."""
MONEY = 5000.0
MONEY_CLIP = 10.0
"""Money (danari, stakes, prices) is written in units of 5,000, the bank in 50,000, and
clipped at 10 either way (issue 30, fix 5); counts and ranks are bounded by the rules'
numbers with room to spare, and clipped there too."""


def _units(grid: dict[str, Any]) -> tuple[int, ...]:
    units = grid["bet_units"]
    ok = (
        isinstance(units, list | tuple)
        and 1 <= len(units) <= 20
        and all(isinstance(u, int) and not isinstance(u, bool) and 1 <= u <= 1000 for u in units)
        and len(set(units)) == len(units)
    )
    if not ok:
        raise OptionsError(
            f"{GAME_ID} grid option 'bet_units': 1 to 20 different whole numbers from 1 to"
            f" 1000 (multiples of the Minimum Bet), not {units!r}"
        )
    return tuple(units)


BETTING = (phases.FIRST_BET, phases.SECOND_BET, phases.SECRET_BET)


BET_MASKS_KEPT = 4096
"""Betting masks a catalogue keeps (forgotten all at once beyond that)."""


class HorseFeverCatalogue(EntryCatalogue):
    """The catalogue, with a mask of the betting phases that asks the rules' limits once
    (:func:`~tote.games.horse_fever.betting.bet_limits`) instead of trying every stake of
    the grid on the state, refusal by refusal, and that resolves no grid bet where the
    legal moves hold no bet (issue 24: the mask was most of an AEC step). It is
    :class:`EntryCatalogue`'s mask, only sooner; the tests compare the two on every
    variant, at every decision."""

    def __init__(
        self, game_id: str, entries: Sequence[Entry], bets: Sequence[tuple[str, str, int]]
    ) -> None:
        super().__init__(game_id, entries)
        self.bets = dict(zip(self._open, bets, strict=True))
        """Each grid bet's stable, kind and multiple of the Minimum Bet, by action
        index: the mask reads them without resolving the entry (issue 24)."""
        self.colours = tuple(dict.fromkeys(colour for colour, _, _ in bets))
        self._top = max(k for _, _, k in bets)
        """The grid's largest multiple of the Minimum Bet."""
        self._bet_masks: dict[tuple[Any, ...], Mask] = {}
        """Betting masks by what they are worked out from (:meth:`_bet_mask`)."""

    def mask(self, obs: Observation) -> Mask:
        state = obs._state
        if not isinstance(state, HorseFeverState) or state.phase not in BETTING:
            legal = obs.legal_moves
            if legal is None or any(isinstance(move, PlaceBet) for move in legal):
                return super().mask(obs)
            mask = np.zeros(self.size, dtype=np.int8)
            for move in legal:
                i = self._fixed.get(move)
                if i is not None:
                    mask[i] = 1
            return mask  # the grid's bets stand for PlaceBet moves only: none is legal
        mask = np.zeros(self.size, dtype=np.int8)
        seat = obs.seat
        if seat not in state.turn().seats:
            return mask
        limits = bet_limits(state, seat)
        minimum = state.minimum_bet(seat)  # as entries resolve
        lanes = tuple(map(state.lane_of.get, self.colours))
        # the money matters only through how many Minimum Bets it covers (k x minimum
        # <= money), at most the grid's largest multiple: kept by that, masks are found
        # again far more often than by the exact sum (issue 24)
        covered = (
            min(max(limits.money // minimum, 0), self._top)
            if minimum > 0 and limits.minimum == minimum
            else limits.money
        )
        key = (state.phase == phases.SECOND_BET, limits.kinds, minimum, lanes, covered)
        known = self._bet_masks.get(key)
        if known is None:
            if len(self._bet_masks) >= BET_MASKS_KEPT:
                self._bet_masks.clear()
            known = self._bet_masks[key] = self._bet_mask(mask, key[0], limits, minimum, lanes)
        return known.copy()

    def _bet_mask(
        self,
        mask: Mask,
        second: bool,
        limits: BetLimits,
        minimum: int,
        lanes: tuple[int | None, ...],
    ) -> Mask:
        """The betting mask (HF 2.0-2.3) from what it depends on, written into the
        all-zero ``mask``: the same inputs give the same mask, kept by them (issue 24)."""
        if second:
            mask[self._fixed[SkipBet()]] = 1
        lane_of = dict(zip(self.colours, lanes, strict=True))
        seen: set[tuple[str, str, int]] = set()
        for i, (colour, kind, k) in self.bets.items():
            point = (colour, kind, k * minimum)
            if point in seen:
                continue
            seen.add(point)
            lane = lane_of.get(colour)
            if lane is not None and limits.allows(lane, kind, point[2]):
                mask[i] = 1
        return mask


def _minimum_bet(obs: Observation) -> int:
    """The seat's Minimum Bet as its view shows it (HF 2.1), worked out by the rules'
    function the view calls, without building the view (issue 24)."""
    state = obs._state
    if isinstance(state, HorseFeverState):
        return state.minimum_bet(obs.seat)
    minimum: int = obs.position["state"]["players"][obs.seat]["minimum_bet"]
    return minimum


def catalogue(players: int, options: GameOptions, **grid: Any) -> EntryCatalogue:
    units = _units(split_grid(GAME_ID, grid, GRID_DEFAULTS))
    state: Any = first_state(GAME_ID, players, options)
    colours: tuple[str, ...] = state.colours
    actions, assistants = sorted(state.actions), sorted(state.assistants)
    horses, targets = sorted(state.horse_cards), sorted(state.targets)

    def bet(colour: str, kind: str, k: int) -> Entry:
        def resolve(obs: Observation) -> Move | None:
            return PlaceBet(colour, kind, k * _minimum_bet(obs))  # type: ignore[arg-type]

        return Entry(f"{k} x your Minimum Bet to {kind} on {colour}", resolve=resolve)

    grid_bets = [(c, kind, k) for c in colours for kind in BET_KINDS for k in units]
    sellable = [*colours, *assistants, *horses, "target"]
    entries = [
        Entry("pass", Pass()),
        Entry("buy two Action cards", BuyActionCards()),
        *(Entry(f"buy a {d} card", BuyCard(d)) for d in ("target", "assistant", "horse")),
        *(Entry(f"buy the {c} Stable", BuyStable(c)) for c in colours),
        *(Entry(f"take a {side} loan", TakeLoan(side)) for side in ("bank", "mob")),
        *(
            Entry(f"buy {card} from seat {s}", BuyFromPlayer(s, card))
            for s in range(players)
            for card in sellable
        ),
        Entry("refuse the offer", AnswerOffer(None)),
        *(Entry(f"agree with {card}", AnswerOffer(card)) for card in [*sellable[:-1], *targets]),
        *(Entry(f"keep {card}", KeepCard(card)) for card in [*targets, *assistants, *horses]),
        *(Entry(f"copy {card}", CopyAssistant(card)) for card in assistants),
        *(Entry(f"line up {h} in {c}", LineUpHorse(h, c)) for h in horses for c in colours),
        Entry("end the line-up", EndLineup()),
        *(bet(*grid_bet) for grid_bet in grid_bets),
        Entry("no bet", SkipBet()),
        *(
            Entry(f"Action card {a} behind {c}", PlayActionCard(a, c))
            for a in actions
            for c in colours
        ),
        *(
            Entry(f"move {c}'s odds {n:+d} rows", ChangeOdds(c, n))
            for c in colours
            for n in range(-2, 3)
        ),
        *(Entry(f"photo finish: {c}", PhotoFinish(c)) for c in colours),
        Entry("accept", Accept()),
        Entry("refuse", Refuse()),
    ]
    return HorseFeverCatalogue(GAME_ID, entries, grid_bets)


def score(view: dict[str, Any], seat: int) -> float:
    """The seat's victory points (the party game: its money), as the result counts them."""
    player = view["state"]["players"][seat]
    return float(player["danari"] if view["state"]["mode"] == "party" else player["vp"])


def encoder(players: int, options: GameOptions, **grid: Any) -> WriterEncoder:
    split_grid(GAME_ID, grid, GRID_DEFAULTS)  # the grid changes no observation here
    state: Any = first_state(GAME_ID, players, options)
    colours: tuple[str, ...] = state.colours
    seats = list(range(players))

    def write(f: Features, view: dict[str, Any], seat: int) -> None:
        s = view["state"]
        order = rotate(seats, seat)
        f.scalar(s["round"], max(1, s["rounds"]))
        f.one_hot(s["phase"], PHASES)
        f.scalar(s.get("purchase_step"), 3.0)
        f.one_hot(s.get("first_player"), order)
        to_act = s.get("to_act") or []
        for other in order:
            f.flag(other in to_act)
        for stable in s["stables"]:
            f.scalar(stable["odds"], 7.0, high=2.0)
            f.scalar(stable["price"], MONEY, high=2.0)
            f.one_hot(stable["owner"], order)
            f.flag(stable["horse"] is not None)
            f.scalar(stable["position"], 20.0, high=2.0)
            f.one_hot(stable["place"], [1, 2, 3, 4, 5, 6])
            f.scalar(stable["bet_tokens_left"], 4.0, high=3.0)
        # each seat's bets by stable and kind, summed in the order they were placed
        # (once a vector, not once a seat, stable and kind: issue 24)
        totals: dict[tuple[int, str, str], int] = {}
        for b in s["bets"]:
            bet_key = (b["seat"], b["stable"], b["bet"])
            totals[bet_key] = totals.get(bet_key, 0) + (b["amount"] or 0)
        for other in order:
            p = s["players"][other]
            f.scalar(p["danari"], MONEY, low=-MONEY_CLIP, high=MONEY_CLIP)
            f.scalar(p["vp"], 10.0, low=-3.0, high=3.0)
            f.scalar(p["minimum_bet"], 1000.0, high=5.0)
            f.many([len(p[key]) for key in HOLDINGS], len(HOLDINGS), 3.0, high=3.0)
            f.scalar(
                p["targets"] if isinstance(p["targets"], int) else len(p["targets"]), 3.0, high=3.0
            )
            cards = p["action_cards"]
            f.scalar(cards if isinstance(cards, int) else len(cards), 5.0, high=3.0)
            f.flag(p["eliminated"])
            f.many(
                [totals.get((other, colour, kind), 0) for colour in colours for kind in BET_KINDS],
                len(colours) * len(BET_KINDS),
                MONEY,
                high=MONEY_CLIP,
            )
        race = s["race"] or {}
        f.scalar(race.get("unit"), 10.0, high=2.0)
        ranking = race.get("ranking") or []
        f.many(
            (1.0 + ranking.index(c) if c in ranking else 0.0 for c in colours), len(colours), 6.0
        )
        decks = s["decks"] or {}
        f.many(
            (decks.get(d, 0) for d in ("action", "target", "assistant", "horse")), 4, 20.0, high=5.0
        )
        f.scalar(len(s["hand"] or []), 5.0, high=3.0)
        f.scalar(s["bank"], 10 * MONEY, high=MONEY_CLIP)
        f.flag(view["my_commitment"] is not None)
        f.flag(view["over"])

    first_view = first_state(GAME_ID, players, options).view(0, log=False)
    return WriterEncoder(
        GAME_ID,
        write,
        first_view,
        _fast_writer(players, colours),
        _state_writer(players, colours),
    )


def _fast_writer(players: int, colours: tuple[str, ...]) -> FastWriter:
    """``write``'s values as one list (issue 24): the same reads of the view and the
    same arithmetic, without a :class:`Features` call a value
    (``tests/envs/test_fast_writers.py`` compares them)."""
    phase_hots, place_hots = one_hots(PHASES), one_hots([1, 2, 3, 4, 5, 6])
    seat_hots = [one_hots(rotate(list(range(players)), seat)) for seat in range(players)]
    no_phase, no_place, no_seat = [0.0] * len(PHASES), [0.0] * 6, [0.0] * players
    slot_of = {
        (colour, kind): i
        for i, (colour, kind) in enumerate((c, k) for c in colours for k in BET_KINDS)
    }
    n_keys = len(slot_of)
    no_bets = [0.0] * n_keys

    def fast(view: dict[str, Any], seat: int) -> list[float]:
        s = view["state"]
        order = [(seat + k) % players for k in range(players)]
        hots = seat_hots[seat]
        v: list[float] = []
        x = s["round"]
        v.append(0.0 if x is None else float(x) / max(1, s["rounds"]))
        v += phase_hots.get(s["phase"], no_phase)
        x = s.get("purchase_step")
        v.append(0.0 if x is None else float(x) / 3.0)
        v += hots.get(s.get("first_player"), no_seat)
        to_act = s.get("to_act") or []
        v += [1.0 if other in to_act else 0.0 for other in order]
        for stable in s["stables"]:
            x, y = stable["odds"], stable["price"]
            v += (0.0 if x is None else float(x) / 7.0, 0.0 if y is None else float(y) / MONEY)
            v += hots.get(stable["owner"], no_seat)
            x = stable["position"]
            v += (0.0 if stable["horse"] is None else 1.0, 0.0 if x is None else float(x) / 20.0)
            v += place_hots.get(stable["place"], no_place)
            x = stable["bet_tokens_left"]
            v.append(0.0 if x is None else float(x) / 4.0)
        # each seat's bets summed by stable and kind (``write``'s totals, read by seat)
        totals: dict[int, list[int]] = {}
        for b in s["bets"]:
            i = slot_of.get((b["stable"], b["bet"]))
            if i is not None:
                row = totals.get(b["seat"])
                if row is None:
                    row = totals[b["seat"]] = [0] * n_keys
                row[i] += b["amount"] or 0
        players_of = s["players"]
        for other in order:
            p = players_of[other]
            x, y, z = p["danari"], p["vp"], p["minimum_bet"]
            t, c = p["targets"], p["action_cards"]
            v += (
                0.0 if x is None else float(x) / MONEY,
                0.0 if y is None else float(y) / 10.0,
                0.0 if z is None else float(z) / 1000.0,
                # HOLDINGS' counts: an int over a float is the float's quotient
                len(p["stables"]) / 3.0,
                len(p["assistants"]) / 3.0,
                len(p["horses"]) / 3.0,
                len(p["loans"]) / 3.0,
                float(t if isinstance(t, int) else len(t)) / 3.0,
                float(c if isinstance(c, int) else len(c)) / 5.0,
                1.0 if p["eliminated"] else 0.0,
            )
            row = totals.get(other)
            v += no_bets if row is None else [float(x) / MONEY for x in row]
        race = s["race"] or {}
        x = race.get("unit")
        v.append(0.0 if x is None else float(x) / 10.0)
        ranking = race.get("ranking") or []
        v += scaled(
            (1.0 + ranking.index(c) if c in ranking else 0.0 for c in colours), len(colours), 6.0
        )
        decks = s["decks"] or {}
        v += scaled((decks.get(d, 0) for d in ("action", "target", "assistant", "horse")), 4, 20.0)
        v.append(float(len(s["hand"] or [])) / 5.0)
        x = s["bank"]
        v.append(0.0 if x is None else float(x) / (10 * MONEY))
        v.append(1.0 if view["my_commitment"] is not None else 0.0)
        v.append(1.0 if view["over"] else 0.0)
        return v

    return fast


def _state_writer(players: int, colours: tuple[str, ...]) -> StateWriter:
    """The fast writer's values read from the state (issue 24: no view built), each
    as the view works it out (the rules' Minimum Bet, victory points, odds and prices),
    and only what the seat's view shows: public counts, the seat's own hand size
    (``tests/envs/test_state_writers.py`` compares it with ``write``)."""
    phase_hots, place_hots = one_hots(PHASES), one_hots([1, 2, 3, 4, 5, 6])
    seat_hots = [one_hots(rotate(list(range(players)), seat)) for seat in range(players)]
    no_phase, no_place, no_seat = [0.0] * len(PHASES), [0.0] * 6, [0.0] * players
    slot_of = {
        (colour, kind): i
        for i, (colour, kind) in enumerate((c, k) for c in colours for k in BET_KINDS)
    }
    n_keys = len(slot_of)
    no_bets = [0.0] * n_keys
    decks_read = ("action", "target", "assistant", "horse")
    orders = [[(seat + k) % players for k in range(players)] for seat in range(players)]

    by_board: dict[int, tuple[Any, list[tuple[float, float]]]] = {}
    """Each Blackboard row's odds and Stable price as written (``odds``, ``stable_price``
    with no seat), by the board data's identity: the same for every position."""

    def row_values(board: Any) -> list[tuple[float, float]]:
        found = by_board.get(id(board))
        if found is None or found[0] is not board:
            values = [
                (odds / 7.0, max(0, price) / MONEY)
                for odds, price in zip(board.odds_rows, board.stable_prices.values, strict=True)
            ]
            found = by_board[id(board)] = (board, values)
        return found[1]

    def from_state(state: HorseFeverState, seat: int) -> list[float]:
        # an int over a float is the float's quotient: float() is not needed
        order = orders[seat]
        hots = seat_hots[seat]
        v: list[float] = [state.round / max(1, state.rounds)]
        v += phase_hots.get(state.phase, no_phase)
        x = state.step
        v.append(0.0 if x is None else x / 3.0)
        v += hots.get(state.first_player, no_seat)
        to_act = state.queue
        v += [1.0 if other in to_act else 0.0 for other in order]
        row, owner, lane_horse = state.row, state.owner, state.lane_horse
        positions, ranking, tokens_left = state.positions, state.ranking, state.tokens_left
        board = state.board
        rows = row_values(board)
        for lane in range(len(state.colours)):
            at = row[lane]
            v += rows[at] if at >= 0 else (0.0, 0.0)
            v += hots.get(owner[lane], no_seat)
            x = positions[lane]
            v += (0.0 if lane_horse[lane] is None else 1.0, 0.0 if x is None else x / 20.0)
            v += place_hots.get(ranking.index(lane) + 1, no_place) if lane in ranking else no_place
            x = tokens_left[lane]
            v.append(0.0 if x is None else x / 4.0)
        totals: dict[int, list[int]] = {}
        named = state.colours
        for b in state.bets:
            i = slot_of.get((named[b.lane], b.kind))
            if i is not None:
                bets_row = totals.get(b.seat)
                if bets_row is None:
                    bets_row = totals[b.seat] = [0] * n_keys
                bets_row[i] += b.amount or 0
        money, vp, assistants, horses = (
            state.money,
            state.vp,
            state.owned_assistants,
            state.owned_horses,
        )
        loans, targets, hands, eliminated = (
            state.loans,
            state.owned_targets,
            state.hand,
            state.eliminated,
        )
        per_vp = board.minimum_bet_per_vp.value
        stables = owner[:6]  # HorseFeverState.stables_of: the lanes 0 to 5
        for other in order:
            held = stables.count(other)
            total_vp = vp[other] + owner.count(other)  # HorseFeverState.total_vp
            v += (
                money[other] / MONEY,
                total_vp / 10.0,
                max(per_vp, per_vp * total_vp) / 1000.0,  # HorseFeverState.minimum_bet
                held / 3.0,
                len(assistants[other]) / 3.0,
                len(horses[other]) / 3.0,
                len(loans[other]) / 3.0,
                len(targets[other]) / 3.0,
                len(hands[other]) / 5.0,
                1.0 if eliminated[other] else 0.0,
            )
            bets_row = totals.get(other)
            v += no_bets if bets_row is None else [x / MONEY for x in bets_row]
        x = state.unit
        v.append(0.0 if x is None else x / 10.0)
        # ``scaled``'s values, the widths being the colours' and the decks' own
        placed = [named[lane] for lane in ranking]
        v += [(1.0 + placed.index(c)) / 6.0 if c in placed else 0.0 for c in colours]
        decks = state.decks
        v += [len(decks[d]) / 20.0 if d in decks else 0.0 for d in decks_read]
        v.append(len(hands[seat]) / 5.0)
        x = state.bank
        v.append(0.0 if x is None else x / (10 * MONEY))
        v.append(1.0 if seat in state._pending else 0.0)
        v.append(1.0 if state.turn().over else 0.0)
        return v

    return from_state
