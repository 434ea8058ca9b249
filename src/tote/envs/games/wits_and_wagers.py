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
from typing import Any

from tote.core.bot import Observation
from tote.core.errors import OptionsError
from tote.core.game import GameOptions
from tote.core.moves import Move
from tote.envs.catalogue import Entry, EntryCatalogue, split_grid
from tote.envs.games import first_state
from tote.envs.observation import Features, WriterEncoder, rotate
from tote.games.wits_and_wagers.mat import SLOT_ODDS, SLOTS
from tote.games.wits_and_wagers.moves import Guess, LockBets, NoGuess, PlaceBets, Wager
from tote.games.wits_and_wagers.numbers import parse_number
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
    """What a seat half knows of each question: the answer blurred, fixed per seat."""

    def __init__(self, spread: float, seed: int) -> None:
        self.spread = spread
        self.seed = seed

    def estimate(self, question: Question, seat: int) -> float:
        rng = random.Random(f"{self.seed}:{question.id}:{seat}")
        centre = float(question.value)
        if question.unit == "year" or centre <= 0:
            return centre + rng.gauss(0.0, YEAR_SCALE * self.spread)
        return centre * math.exp(rng.gauss(0.0, self.spread))

    def quantile(self, question: Question, seat: int, q: float) -> str:
        """The seat's belief's ``q`` quantile, written as a person would write it."""
        estimate = self.estimate(question, seat)
        z = _normal_quantile(q) * self.spread
        if question.unit == "year" or estimate <= 0:
            return str(round(estimate + YEAR_SCALE * z))
        value = estimate * math.exp(z)
        if question.value.denominator == 1:
            return str(round(value))
        return f"{value:.3g}"


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
    knowledge = Knowledge(float(spread), g["knowledge_seed"])
    pack = {q.id: q for q in load_pack(options.question_pack)}

    def guess(q: float) -> Entry:
        def resolve(obs: Observation) -> Move | None:
            asked = obs.view["state"]["question"]
            if not asked:
                return None
            return Guess(knowledge.quantile(pack[asked["id"]], obs.seat, q))

        return Entry(f"guess the {q:g} quantile of what you know", resolve=resolve)

    def staked(first: int, fraction: float, second: int | None) -> Entry:
        def resolve(obs: Observation) -> Move | None:
            points = obs.view["state"]["points"][obs.seat]
            bets = [Wager(first, math.floor(points * fraction))]
            if second is not None:
                bets.append(Wager(second))
            return PlaceBets(tuple(bets))

        also = "" if second is None else f", a bare chip on slot {second}"
        return Entry(f"bet {fraction:g} of your points on slot {first}{also}", resolve=resolve)

    entries = [guess(q) for q in quantiles]
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
    return EntryCatalogue(GAME_ID, entries)


def score(view: dict[str, Any], seat: int) -> float:
    """The seat's points (WW: the most points wins)."""
    return float(view["state"]["points"][seat])


def _relative(value: float, centre: float, year: bool) -> float:
    if year or value <= 0 or centre <= 0:
        return (value - centre) / YEAR_SCALE
    return math.log(value / centre)


def encoder(players: int, options: GameOptions) -> WriterEncoder:
    assert isinstance(options, WitsAndWagersOptions)
    pack = {q.id: q for q in load_pack(options.question_pack)}
    seats = list(range(players))

    def write(f: Features, view: dict[str, Any], seat: int) -> None:
        s = view["state"]
        f.scalar(s["number"], s["questions"])
        f.one_hot(s["phase"], PHASES)
        question = pack[s["question"]["id"]] if s["question"] else None
        f.one_hot(question.unit if question else None, UNITS)
        f.flag(question is not None and question.unit not in UNITS)
        points = s["points"]
        f.many(rotate(points, seat), players, 10.0)
        order = rotate(seats, seat)
        mat = s["mat"] or [{"guess": None, "seats": []} for _ in range(SLOTS)]
        values = [float(parse_number(m["guess"])) for m in mat if m["guess"] is not None]
        centre = sorted(values)[len(values) // 2] if values else 0.0
        year = question is not None and question.unit == "year"
        for slot, m in enumerate(mat):
            f.flag(m["guess"] is not None)
            f.scalar(
                _relative(float(parse_number(m["guess"])), centre, year)
                if m["guess"] is not None
                else None
            )
            f.scalar(SLOT_ODDS[slot], 6.0)
            for other in order:
                f.flag(other in m["seats"])
        for other in order:
            wagers = s["bets"].get(str(other), [])
            f.flag(str(other) in s["bets"])
            f.flag(other in s["locked"])
            for slot in range(SLOTS):
                on = [w for w in wagers if w["slot"] == slot]
                f.flag(bool(on))
                f.scalar(sum(w["chips"] for w in on), max(1.0, float(points[other])))
        f.flag(view["my_commitment"] is not None)
        f.scalar(len(view["committed"]), players)
        f.flag(view["over"])

    return WriterEncoder(GAME_ID, write, first_state(GAME_ID, players, options).view(0, log=False))
