"""Wits & Wagers as numbers: guesses and bets made finite by a documented grid.

Guesses (WW 2.1). A seat's knowledge follows the project's model of knowledge (the
bots' model, ``tote.games.wits_and_wagers.bots``): a player half knows the answer, as
the true answer blurred by noise of spread ``knowledge_spread`` (on a log scale; in
years for year questions). The blur is fixed per question and seat (drawn from
``knowledge_seed``, the question and the seat), so a seat always "remembers" a fact the
same way. The guess actions are the quantiles ``guess_quantiles`` of that belief, plus
"no guess" (a blank answer card). ``knowledge_spread=0`` makes every seat an expert.

Bets (WW 3): "no bets"; one betting chip on a slot with a stake of a fraction
``stake_fractions`` of the seat's points (rounded down); two chips on two different
slots, the first with such a stake and the second bare; and "lock bets" (open betting,
WW 3.4). Slots are 0 (All Guesses Too High) to 7, left to right on the mat.

Observation: the question number, phase and kind of unit (year, count, other); every
seat's points; the mat (per slot: a guess or not, its value relative to the mat's
median, odds, which seats wrote it); every seat's visible bets per slot and whether it
has locked; whether the seat has committed its secret move. Seats rotated, the seat
itself first.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

import numpy as np

from tote.core.bot import Observation
from tote.core.errors import OptionsError
from tote.core.game import GameOptions
from tote.core.moves import Move
from tote.envs.catalogue import Entry, EntryCatalogue, Mask, accepts, split_grid
from tote.envs.games.start import first_state
from tote.envs.observation import Features, WriterEncoder, one_hots, rotate, scaled
from tote.games.wits_and_wagers.mat import SLOT_ODDS, SLOTS
from tote.games.wits_and_wagers.moves import Guess, LockBets, NoGuess, PlaceBets, Wager
from tote.games.wits_and_wagers.numbers import LARGEST, SMALLEST, parse_number
from tote.games.wits_and_wagers.options import WitsAndWagersOptions
from tote.games.wits_and_wagers.phases import ANSWER, BET, DRAW, OVER
from tote.games.wits_and_wagers.questions import Question, load_pack

GAME_ID = "wits-and-wagers"
GRID_DEFAULTS: dict[str, Any] = {
    "guess_quantiles": (0.05, 0.2, 0.35, 0.5, 0.65, 0.8, 0.95),
    "knowledge_spread": 0.35,
    "knowledge_seed": 0,
    "stake_fractions": (0.25, 0.5, 1.0),
}
PHASES = (DRAW, ANSWER, BET, OVER)
UNITS = ("year", "count")
YEAR_SCALE = 60.0
"""A year question's spread of 1 is 60 years (the bots' model)."""
MAX_GRID = 50
POINTS_SCALE = 100.0
POINTS_CLIP = 10.0
"""Points, and the poker chips staked on a slot, are written in hundreds and clipped at
10 (1,000 points; random play reached about 520; issue 30, fix 5)."""
GUESS_CLIP = 5.0
"""A guess relative to the mat's median (log ratio, or 60-year units for years) is
clipped to 5 either way: a factor of about 150, or 300 years."""


def _fractions(name: str, values: Any, low: float, high: float) -> tuple[float, ...]:
    try:
        points = tuple(float(v) for v in values)
    except (TypeError, ValueError):
        raise OptionsError(f"{GAME_ID} grid option {name!r}: a list of numbers") from None
    if not 1 <= len(points) <= MAX_GRID or not all(low < p <= high for p in points):
        raise OptionsError(
            f"{GAME_ID} grid option {name!r}: 1 to {MAX_GRID} numbers in ({low}, {high}]"
        )
    if len(set(points)) != len(points):
        raise OptionsError(f"{GAME_ID} grid option {name!r}: each value once")
    return points


def _normal_quantile(q: float) -> float:
    """The standard normal's ``q`` quantile (Acklam's rational approximation is not
    needed at this grid's precision: bisection on the error function)."""
    lo, hi = -10.0, 10.0
    for _ in range(80):
        mid = (lo + hi) / 2
        if 0.5 * (1 + math.erf(mid / math.sqrt(2))) < q:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


class Knowledge:
    """What a seat half knows of each question: the answer blurred, fixed per seat.

    Its guesses are the quantiles of that belief, each written as a different number
    (issue 30, fix 1): were two of them written alike (the 0.05 and 0.2 quantiles of a
    belief around 3 both round to 2), the second would be masked out as the same move,
    and the number of guess actions legal would tell the seat that the answer is small.
    So they are written as a person would (whole numbers for a whole answer or a year,
    three significant digits otherwise) when that tells them apart, else with as many
    more digits as it takes; quantiles equal as numbers (``knowledge_spread=0``, an
    expert) are taken a hair apart, upwards. Every guess stays within a guess's limits.
    """

    def __init__(self, spread: float, seed: int, quantiles: Sequence[float]) -> None:
        self.spread = spread
        self.seed = seed
        self.quantiles = tuple(quantiles)
        self._z = [_normal_quantile(q) * spread for q in self.quantiles]
        self._written: dict[tuple[str, int], tuple[str, ...]] = {}

    def estimate(self, question: Question, seat: int) -> float:
        rng = random.Random(f"{self.seed}:{question.id}:{seat}")
        centre = float(question.value)
        if question.unit == "year" or centre <= 0:
            return centre + rng.gauss(0.0, YEAR_SCALE * self.spread)
        return centre * math.exp(rng.gauss(0.0, self.spread))

    def guesses(self, question: Question, seat: int) -> tuple[str, ...]:
        """The seat's guesses for ``question``, one per quantile, all different."""
        key = (question.id, seat)
        written = self._written.get(key)
        if written is None:
            written = self._written[key] = self._write(question, seat)
        return written

    def _write(self, question: Question, seat: int) -> tuple[str, ...]:
        estimate = self.estimate(question, seat)
        additive = question.unit == "year" or estimate <= 0
        values = [
            estimate + YEAR_SCALE * z if additive else estimate * math.exp(z) for z in self._z
        ]
        whole = additive or question.value.denominator == 1
        order = sorted(range(len(values)), key=lambda i: (values[i], self.quantiles[i]))
        apart = _apart([_within_limits(values[i]) for i in order])
        text = _written(apart, whole)
        result = [""] * len(values)
        for i, t in zip(order, text, strict=True):
            result[i] = t
        return tuple(result)


GUESS_LIMIT = float(LARGEST) / 10
"""The largest guess written: a tenth of the largest a guess may be, leaving room above
for guesses taken a hair apart."""
GUESS_FLOOR = float(SMALLEST) * 10
"""The smallest size of a guess written, other than 0."""
HAIR = 1e-9
"""How far apart (relative to their size) quantiles equal as numbers are taken."""


def _within_limits(value: float) -> float:
    if value == 0:
        return 0.0
    size = min(max(abs(value), GUESS_FLOOR), GUESS_LIMIT)
    return math.copysign(size, value)


def _apart(values: Sequence[float]) -> list[float]:
    """``values`` (ascending) made strictly increasing by at least a hair each."""
    result: list[float] = []
    for value in values:
        if result:
            value = max(value, result[-1] + max(abs(result[-1]) * HAIR, GUESS_FLOOR))
        result.append(value)
    return result


def _written(values: Sequence[float], whole: bool) -> list[str]:
    """``values`` written with the fewest digits that tell them all apart: whole numbers
    (``whole``) or three significant digits first, as a person writes a guess."""
    if whole:
        text = [str(round(v)) for v in values]
        if len(set(text)) == len(text):
            return text
        digits = max(len(str(int(abs(v)))) for v in values) + 1
    else:
        digits = 3
    for k in range(digits, 18):
        text = [f"{v:.{k}g}" for v in values]
        if len(set(text)) == len(text):
            return text
    return [repr(v) for v in values]


def catalogue(players: int, options: GameOptions, **grid: Any) -> EntryCatalogue:
    g = split_grid(GAME_ID, grid, GRID_DEFAULTS)
    quantiles = _fractions("guess_quantiles", g["guess_quantiles"], 0.0, 0.999999)
    stakes = _fractions("stake_fractions", g["stake_fractions"], 0.0, 1.0)
    spread = g["knowledge_spread"]
    if not isinstance(spread, int | float) or not 0 <= spread <= 5:
        raise OptionsError(f"{GAME_ID} grid option 'knowledge_spread': 0 to 5, not {spread!r}")
    if not isinstance(g["knowledge_seed"], int):
        raise OptionsError(f"{GAME_ID} grid option 'knowledge_seed': an integer")
    assert isinstance(options, WitsAndWagersOptions)
    knowledge = Knowledge(float(spread), g["knowledge_seed"], quantiles)
    pack = {q.id: q for q in load_pack(options.question_pack)}

    def guess(k: int, q: float) -> Entry:
        def resolve(obs: Observation) -> Move | None:
            asked = obs.position["state"]["question"]
            if not asked:
                return None
            return Guess(knowledge.guesses(pack[asked["id"]], obs.seat)[k])

        return Entry(f"guess the {q:g} quantile of what you know", resolve=resolve)

    def staked(first: int, fraction: float, second: int | None) -> Entry:
        def resolve(obs: Observation) -> Move | None:
            points = obs.position["state"]["points"][obs.seat]
            bets = [Wager(first, math.floor(points * fraction))]
            if second is not None:
                bets.append(Wager(second))
            return PlaceBets(tuple(bets))

        also = "" if second is None else f", a bare chip on slot {second}"
        return Entry(f"bet {fraction:g} of your points on slot {first}{also}", resolve=resolve)

    entries = [guess(k, q) for k, q in enumerate(quantiles)]
    entries.append(Entry("leave the answer card blank", NoGuess()))
    entries.append(Entry("no bets", PlaceBets(())))
    entries += [Entry(f"a bare chip on slot {s}", PlaceBets((Wager(s),))) for s in range(SLOTS)]
    entries += [
        Entry(f"bare chips on slots {a} and {b}", PlaceBets((Wager(a), Wager(b))))
        for a in range(SLOTS)
        for b in range(a + 1, SLOTS)
    ]
    entries += [staked(s, f, None) for s in range(SLOTS) for f in stakes]
    entries += [
        staked(a, f, b) for a in range(SLOTS) for b in range(SLOTS) if a != b for f in stakes
    ]
    entries.append(Entry("lock your bets", LockBets()))
    return WitsAndWagersCatalogue(entries, len(quantiles), stakes)


BET_MASKS_KEPT = 4096
"""Betting masks a catalogue keeps (forgotten all at once beyond that)."""


class WitsAndWagersCatalogue(EntryCatalogue):
    """The catalogue above, with its mask and its index worked out from the rules of
    Step 3 rather than by resolving and checking each of its ~240 entries (issue 24:
    that was most of an environment step). The same answers as :class:`EntryCatalogue`
    (``tests/envs/test_ww_catalogue.py`` compares them on every variant): a bet entry is
    legal when its slots hold a guess or are All Guesses Too High and its poker chips
    are 0 to the seat's points (WW 3.3-3.5); an entry whose move an earlier one already
    stands for is masked (a stake rounded down to 0 is a bare chip; two stake fractions
    rounded to the same chips are one move); the guesses and the blank card are checked
    by the state as before. Read from the seat's view only."""

    def __init__(self, entries: Sequence[Entry], guesses: int, stakes: Sequence[float]) -> None:
        super().__init__(GAME_ID, entries)
        self.guesses = guesses
        self.stakes = tuple(stakes)
        self.no_guess = guesses
        self.no_bets = guesses + 1
        self.bare = guesses + 2
        self.pairs = self.bare + SLOTS
        self.singles = self.pairs + SLOTS * (SLOTS - 1) // 2
        self.staked_pairs = self.singles + SLOTS * len(stakes)
        self.lock = self.staked_pairs + SLOTS * (SLOTS - 1) * len(stakes)
        assert self.lock == len(self.entries) - 1
        pair_slots = [(a, b) for a in range(SLOTS) for b in range(a + 1, SLOTS)]
        self._pair_a = np.array([a for a, _ in pair_slots])
        self._pair_b = np.array([b for _, b in pair_slots])
        ordered = [(a, b) for a in range(SLOTS) for b in range(SLOTS) if a != b]
        count = len(stakes)
        self._single_slot = np.repeat(np.arange(SLOTS), count)
        self._single_stake = np.tile(np.arange(count), SLOTS)
        self._staked_a = np.repeat(np.array([a for a, _ in ordered]), count)
        self._staked_b = np.repeat(np.array([b for _, b in ordered]), count)
        self._staked_stake = np.tile(np.arange(count), len(ordered))
        self._staked_index = {pair: i * count for i, pair in enumerate(ordered)}
        self._bet_masks: dict[tuple[int, tuple[bool, ...], bool], Mask] = {}
        """The betting mask by what it is worked out from (the seat's points, the
        slots it may bet on, whether it may lock): the same inputs give the same mask,
        and a table meets few of them (issue 24)."""

    def _chips(self, points: int) -> list[int]:
        return [math.floor(points * f) for f in self.stakes]

    def mask(self, obs: Observation) -> Mask:
        if obs.legal_moves is not None:
            return super().mask(obs)
        state = obs.position["state"]
        mask = np.zeros(self.size, dtype=np.int8)
        if state["phase"] == ANSWER:
            seen: set[Move] = set()
            for i in range(self.guesses):
                move = self.entries[i].at(obs)
                if move is None or move in seen:
                    continue
                seen.add(move)
                mask[i] = accepts(obs, move) is None
            mask[self.no_guess] = accepts(obs, NoGuess()) is None
            return mask
        if state["phase"] != BET:
            return super().mask(obs)
        points = state["points"][obs.seat]
        open_slots = [False] * SLOTS
        if points >= 0:  # WW 3.5: no bet, not even a bare chip, with points below 0
            open_slots[0] = True
            for m in state["mat"]:
                if m["guess"] is not None:
                    open_slots[m["slot"]] = True
        key = (points, tuple(open_slots), state["betting"] != "secret")
        known = self._bet_masks.get(key)
        if known is None:
            if len(self._bet_masks) >= BET_MASKS_KEPT:
                self._bet_masks.clear()
            known = self._bet_masks[key] = self._bet_mask(mask, points, open_slots, key[2])
        return known.copy()

    def _bet_mask(self, mask: Mask, points: int, open_slots: list[bool], lock: bool) -> Mask:
        """The betting mask (WW 3.3-3.5), written into the all-zero ``mask``."""
        allowed = np.array(open_slots, dtype=bool)
        chips = self._chips(points)
        fits = np.array([0 <= c <= points for c in chips])
        first = np.array([chips.index(c) == k for k, c in enumerate(chips)])
        nonzero = np.array([c != 0 for c in chips])
        mask[self.no_bets] = points >= 0
        mask[self.bare : self.pairs] = allowed
        mask[self.pairs : self.singles] = allowed[self._pair_a] & allowed[self._pair_b]
        k = self._single_stake
        mask[self.singles : self.staked_pairs] = (
            allowed[self._single_slot] & fits[k] & first[k] & nonzero[k]
        )
        k = self._staked_stake
        a, b = self._staked_a, self._staked_b
        mask[self.staked_pairs : self.lock] = (
            allowed[a] & allowed[b] & fits[k] & first[k] & (nonzero[k] | (a > b))
        )
        mask[self.lock] = lock
        return mask

    def index(self, obs: Observation, move: Move) -> int | None:
        found = self._fixed.get(move)
        if found is not None:
            return found
        if isinstance(move, Guess):
            for i in range(self.guesses):
                if self.entries[i].at(obs) == move:
                    return i
            return None
        if not isinstance(move, PlaceBets) or not 1 <= len(move.bets) <= 2:
            return None
        first = move.bets[0]
        chips = self._chips(obs.position["state"]["points"][obs.seat])
        if first.chips not in chips or not 0 <= first.slot < SLOTS:
            return None
        k = chips.index(first.chips)
        if len(move.bets) == 1:
            return self.singles + first.slot * len(self.stakes) + k
        second = move.bets[1]
        start = self._staked_index.get((first.slot, second.slot))
        if second.chips != 0 or start is None:
            return None
        return self.staked_pairs + start + k


def score(view: dict[str, Any], seat: int) -> float:
    """The seat's points (WW: the most points wins)."""
    return float(view["state"]["points"][seat])


def _relative(value: float, centre: float, year: bool) -> float:
    if year or value <= 0 or centre <= 0:
        return (value - centre) / YEAR_SCALE
    return math.log(value / centre)


def _guess_value(text: str) -> float:
    """A guess of the view's mat as a float: ``float`` reads the whole numbers and
    decimals ``format_number`` writes exactly as ``float(parse_number(text))`` does
    (both round correctly); only a fraction goes through :func:`parse_number`."""
    return float(parse_number(text)) if "/" in text else float(text)


def encoder(players: int, options: GameOptions, **grid: Any) -> WriterEncoder:
    split_grid(GAME_ID, grid, GRID_DEFAULTS)  # the grid changes no observation here
    assert isinstance(options, WitsAndWagersOptions)
    pack = {q.id: q for q in load_pack(options.question_pack)}
    seats = list(range(players))
    slot_lows = [0.0, -GUESS_CLIP, 0.0] + [0.0] * players
    slot_highs = [1.0, GUESS_CLIP, 1.0] + [1.0] * players
    bet_lows = [0.0] * (2 + 2 * SLOTS)
    bet_highs = [1.0, 1.0] + [1.0, POINTS_CLIP] * SLOTS

    def write(f: Features, view: dict[str, Any], seat: int) -> None:
        s = view["state"]
        f.scalar(s["number"], s["questions"])
        f.one_hot(s["phase"], PHASES)
        question = pack[s["question"]["id"]] if s["question"] else None
        f.one_hot(question.unit if question else None, UNITS)
        f.flag(question is not None and question.unit not in UNITS)
        points = s["points"]
        f.many(rotate(points, seat), players, POINTS_SCALE, high=POINTS_CLIP)
        order = rotate(seats, seat)
        mat = s["mat"] or [{"guess": None, "seats": []} for _ in range(SLOTS)]
        values = [_guess_value(m["guess"]) for m in mat if m["guess"] is not None]
        centre = sorted(values)[len(values) // 2] if values else 0.0
        year = question is not None and question.unit == "year"
        for slot, m in enumerate(mat):
            guess, writers = m["guess"], m["seats"]
            f.block(
                [
                    0.0 if guess is None else 1.0,
                    0.0 if guess is None else _relative(_guess_value(guess), centre, year),
                    SLOT_ODDS[slot] / 6.0,
                    *[1.0 if other in writers else 0.0 for other in order],
                ],
                slot_lows,
                slot_highs,
            )
        bets, locked = s["bets"], s["locked"]
        for other in order:
            staked: dict[int, int] = {}
            for w in bets.get(str(other), ()):
                staked[w["slot"]] = staked.get(w["slot"], 0) + w["chips"]
            part = [1.0 if str(other) in bets else 0.0, 1.0 if other in locked else 0.0]
            for slot in range(SLOTS):
                chips = staked.get(slot)
                part += (0.0, 0.0) if chips is None else (1.0, chips / POINTS_SCALE)
            f.block(part, bet_lows, bet_highs)
        f.flag(view["my_commitment"] is not None)
        f.scalar(len(view["committed"]), players)
        f.flag(view["over"])

    phase_hots, unit_hots = one_hots(PHASES), one_hots(UNITS)
    no_phase, no_unit = [0.0] * len(PHASES), [0.0] * len(UNITS)
    empty_mat: list[dict[str, Any]] = [{"guess": None, "seats": []} for _ in range(SLOTS)]
    odds = [SLOT_ODDS[slot] / 6.0 for slot in range(SLOTS)]

    def fast(view: dict[str, Any], seat: int) -> list[float]:
        """``write``'s values as one list (issue 24): the same reads of the view and
        the same arithmetic (``tests/envs/test_fast_writers.py`` compares them)."""
        s = view["state"]
        order = [(seat + k) % players for k in range(players)]
        v: list[float] = []
        x = s["number"]
        v.append(0.0 if x is None else float(x) / s["questions"])
        v += phase_hots.get(s["phase"], no_phase)
        question = pack[s["question"]["id"]] if s["question"] else None
        unit = question.unit if question else None
        v += unit_hots.get(unit, no_unit)
        v.append(1.0 if question is not None and unit not in UNITS else 0.0)
        v += scaled(rotate(s["points"], seat), players, POINTS_SCALE)
        mat = s["mat"] or empty_mat
        values = [_guess_value(m["guess"]) for m in mat if m["guess"] is not None]
        centre = sorted(values)[len(values) // 2] if values else 0.0
        year = question is not None and unit == "year"
        for slot, m in enumerate(mat):
            guess, writers = m["guess"], m["seats"]
            if guess is None:
                v += (0.0, 0.0)
            else:
                v += (1.0, _relative(_guess_value(guess), centre, year))
            v.append(odds[slot])
            v += [1.0 if other in writers else 0.0 for other in order]
        bets, locked = s["bets"], s["locked"]
        for other in order:
            key = str(other)
            staked: dict[int, int] = {}
            for w in bets.get(key, ()):
                staked[w["slot"]] = staked.get(w["slot"], 0) + w["chips"]
            v += (1.0 if key in bets else 0.0, 1.0 if other in locked else 0.0)
            for slot in range(SLOTS):
                chips = staked.get(slot)
                v += (0.0, 0.0) if chips is None else (1.0, chips / POINTS_SCALE)
        v.append(1.0 if view["my_commitment"] is not None else 0.0)
        v.append(float(len(view["committed"])) / players)
        v.append(1.0 if view["over"] else 0.0)
        return v

    first_view = first_state(GAME_ID, players, options).view(0, log=False)
    return WriterEncoder(GAME_ID, write, first_view, fast)
