"""The kinds of bet each game has, named by the row columns that count them (issue 29,
"Returns per bet").

Every game's stats (:mod:`tote.sim.games`) write, per game, what was staked on a kind
of bet and what it returned; a :class:`BetKind` names those columns, so the report and
a designer with the ``--out`` rows add up the same cells. :func:`game_bets` gives a
game's kinds, grouped into the tables of the section.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from tote.sim.game_stats import Scalar


def dollars(x: float) -> str:
    """Money as a designer writes it: "$1,250", "-$19"; an amount that rounds to zero
    is "$0", never "$-0"."""
    whole = round(x)
    return f"-${-whole:,}" if whole < 0 else f"${whole:,}"


REASONS = ("win", "place", "show", "pace", "last")
"""Winner's Circle's payment lines (WC 5.2-5.4)."""


@dataclass(frozen=True)
class BetKind:
    """One kind of bet: the columns whose sums over games are its stake and its return."""

    label: str
    staked: tuple[str, ...]
    returned: tuple[str, ...]
    group: str | None = None
    """Bets of one group are compared with each other (a horse against the other
    horses); None: the bet is not compared (e.g. a total)."""


@dataclass(frozen=True)
class BetTable:
    title: str
    kinds: list[BetKind]


@dataclass(frozen=True)
class GameBets:
    """A game's bets and how to say what they return."""

    tables: list[BetTable]
    unit: str
    """What a return is counted in, e.g. "Danari per Danari staked"."""
    house: bool
    """Stakes are lost to a bank: a return below 1 is the house's edge, above 1 a bet
    that beats the house."""
    words: Callable[[float], str]
    """A return as a designer reads it, e.g. ``0.94`` -> "0.94 Danari per Danari staked"."""
    about: str
    """What is staked and returned, with the rules it follows."""
    notes: list[str] = field(default_factory=list)


def _total_and_each(
    total: tuple[str, str], each: tuple[str, str], bets: list[tuple[str, str, str]]
) -> list[BetTable]:
    """Two tables: ``total`` (title, label) with one bet summing every ``(label,
    staked column, returned column)`` of ``bets``, and ``each`` (title, group) with
    each bet on its own, compared within the group."""
    return [
        BetTable(
            total[0],
            [BetKind(total[1], tuple(s for _, s, _ in bets), tuple(r for _, _, r in bets))],
        ),
        BetTable(each[0], [BetKind(label, (s,), (r,), each[1]) for label, s, r in bets]),
    ]


def _horses(columns: Mapping[str, Scalar], prefix: str) -> list[str]:
    return [k[len(prefix) :] for k in columns if k.startswith(prefix)]


def winners_circle(columns: Mapping[str, Scalar]) -> GameBets:
    horses = [h for h in _horses(columns, "staked_") if "_" not in h]
    every = tuple(f"staked_{h}" for h in horses)

    def back(horse: str) -> tuple[str, ...]:
        return tuple(f"returned_{r}_{horse}" for r in REASONS)

    return GameBets(
        tables=[
            BetTable(
                "All bets, by payment",
                [BetKind(r, every, tuple(f"returned_{r}_{h}" for h in horses)) for r in REASONS]
                + [BetKind("all payments", every, tuple(c for h in horses for c in back(h)))],
            ),
            BetTable(
                "Per horse, all payments",
                [BetKind(h, (f"staked_{h}",), back(h), "horse") for h in horses],
            ),
            BetTable(
                "Per horse and payment",
                [
                    BetKind(f"{h}: {r}", (f"staked_{h}",), (f"returned_{r}_{h}",), r)
                    for r in REASONS
                    for h in horses
                ],
            ),
        ],
        unit="$ per bet",
        house=False,
        words=lambda r: f"{dollars(r)} per bet",
        about=(
            "A chip stakes no money: it counts as bets (a 1-chip one bet, a 2-chip two, a "
            "0-chip none, WC 5.1) and brings what the payout table pays per bet when its "
            "horse is placed (WC 5.2), the pace bonus (WC 5.3) and, on the last horse, a "
            "payment to the bank (WC 5.4, negative); race 3 pays double (WC 5.5). A return "
            "is dollars per bet laid."
        ),
        notes=["Winner's Circle has no house that keeps stakes, so no house edge is shown."],
    )


def wetten(columns: Mapping[str, Scalar]) -> GameBets:
    names = {"set_the_stakes": "Set the Stakes", "second_bet": "Second Bet"}
    tables = []
    totals = []
    for ticket, name in names.items():
        cells = [
            k[len(f"staked_{ticket}_") :] for k in columns if k.startswith(f"staked_{ticket}_")
        ]
        kinds = []
        for cell in cells:
            horse, _, place = cell.rpartition("_")
            kinds.append(
                BetKind(
                    f"{horse}, place {place}",
                    (f"staked_{ticket}_{cell}",),
                    (f"returned_{ticket}_{cell}",),
                    name,
                )
            )
        totals.append(
            BetKind(
                name,
                tuple(f"staked_{ticket}_{c}" for c in cells),
                tuple(f"returned_{ticket}_{c}" for c in cells),
            )
        )
        tables.append(BetTable(f"{name}, per horse and place", kinds))
    return GameBets(
        tables=[BetTable("Set the Stakes against the Second Bet", totals), *tables],
        unit="paid per 1 staked",
        house=True,
        words=lambda r: f"{r:.2f} per 1 staked",
        about=(
            "A ticket's stakes go to the bank (WT 2.5); a bet on the right place pays 4 "
            'times its stake on Set the Stakes, 2 times on the Second Bet, 8 under "No '
            'chance..." and 4 under Long Odds (WT 10.2, WT 9.1, WT 8.8). A win the bank '
            "cannot pay is forfeited and returns nothing (WT 10.3)."
        ),
    )


def horse_fever(columns: Mapping[str, Scalar]) -> GameBets:
    rows = sorted(
        {int(k.rpartition("odds")[2]) for k in columns if k.startswith("staked_win_odds")}
    )
    kinds = {"win": "Win", "show": "Show"}
    return GameBets(
        tables=[
            BetTable(
                "Win and Show",
                [
                    BetKind(
                        name,
                        tuple(f"staked_{kind}_odds{n}" for n in rows),
                        tuple(f"returned_{kind}_odds{n}" for n in rows),
                    )
                    for kind, name in kinds.items()
                ],
            ),
            BetTable(
                "Per odds row at the payoffs",
                [
                    BetKind(
                        f"{name} at 1:{n}",
                        (f"staked_{kind}_odds{n}",),
                        (f"returned_{kind}_odds{n}",),
                        name,
                    )
                    for kind, name in kinds.items()
                    for n in rows
                ],
            ),
        ],
        unit="Danari per Danari staked",
        house=True,
        words=lambda r: f"{r:.2f} Danari per Danari staked",
        about=(
            "Stakes are the Bank's (HF 2.0); a Win bet on the first horse pays its stake "
            "times the odds 1:N, a Show bet in the first three twice its stake, plus what "
            "cards and Assistants add (HF 3.3). The odds row is the Stable's at the "
            "payoffs; VP won by bets are not counted here."
        ),
    )


def wits_and_wagers(columns: Mapping[str, Scalar]) -> GameBets:
    from tote.sim.games.wits_and_wagers import slot_name

    slots = sorted(int(k[len("staked_slot") :]) for k in columns if k.startswith("staked_slot"))
    return GameBets(
        tables=_total_and_each(
            ("All bets", "every slot"),
            ("Per slot of the mat", "slot"),
            [(slot_name(s), f"staked_slot{s}", f"returned_slot{s}") for s in slots],
        ),
        unit="points per point staked",
        house=False,
        words=lambda r: f"{r:.2f} points per point staked",
        about=(
            "A bet's stake is its betting chip (1 point) and the poker chips under it "
            "(WW 6.2); a winning bet keeps it and is paid the slot's odds times it, a "
            "losing one loses the poker chips to the bank but keeps the betting chip "
            "(WW 6.1), so it returns 1."
        ),
        notes=[
            "The betting chip is never lost, so returns above 1 are by design and are not "
            "flagged as bets that beat the house."
        ],
    )


def carcassonne(columns: Mapping[str, Scalar]) -> GameBets:
    faces = [k[len("chip_") : -len("_settled")] for k in columns if k.endswith("_settled")]
    return GameBets(
        tables=_total_and_each(
            ("All chips", "every face"),
            ("Per chip face", "chip"),
            [(f, f"chip_{f}_settled", f"chip_{f}_points") for f in faces],
        ),
        unit="points per chip",
        house=False,
        words=lambda r: f"{r:.2f} points per chip",
        about=(
            "A chip stakes nothing and always comes back (CB 3.4): it scores its number "
            "when the feature's size matches its face (CB 3.3). A return is points per "
            "chip settled."
        ),
        notes=["The Bets have no house, so no house edge is shown."],
    )


GAMES: dict[str, Callable[[Mapping[str, Scalar]], GameBets]] = {
    "winners-circle": winners_circle,
    "wetten": wetten,
    "horse-fever": horse_fever,
    "wits-and-wagers": wits_and_wagers,
    "carcassonne": carcassonne,
}


def game_bets(game_id: str, columns: Sequence[Mapping[str, Scalar]]) -> GameBets | None:
    """The bets of ``game_id`` as its rows' columns name them (every row has the same
    keys for the same options, so the first row's are read); None for a game without
    bets, or without rows."""
    make = GAMES.get(game_id)
    if make is None or not columns:
        return None
    return make(columns[0])
