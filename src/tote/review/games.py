"""Each game's :class:`~tote.review.judges.Judge` (issue 26): its stake scale, how its
moves break into the board's bets, and what a bet actually earned.

Stake scales (docs/review.md): Winner's Circle, what the chip laid would pay on the
last horse in this race (WC 5.4-5.5: $100 a bet, a 2-chip two bets, doubled in race
3); Wits & Wagers, 2 points (a betting chip alone wins 2 to 6, WW 6.2); Horse Fever,
the stake laid (the Minimum Bet for a skipped bet, HF 2.1); Wetten!, the race's
minimum stake (WT 2.3); Carcassonne, 4 points (what a chip on a 4-tile road or city
pays, CB 3.3).
"""

from __future__ import annotations

from collections.abc import Sequence

from tote.core.errors import IllegalMove
from tote.core.moves import Move
from tote.core.state import State
from tote.core.tote_board import BetChoice, BetValue, Estimate, Markets
from tote.games.carcassonne.moves import NoChip
from tote.games.horse_fever.moves import PlaceBet as HorseFeverBet
from tote.games.horse_fever.moves import SkipBet
from tote.games.horse_fever.state import HorseFeverState
from tote.games.wetten.moves import Pass, SecondBet, SetTheStakes
from tote.games.wetten.state import WettenState
from tote.games.wetten.tote_board import ordinal
from tote.games.winners_circle.moves import PlaceBet as WinnersCircleBet
from tote.games.winners_circle.payout import PLACE_NAMES
from tote.games.winners_circle.state import WinnersCircleState
from tote.games.winners_circle.tote_board import chip_values
from tote.games.wits_and_wagers.moves import PlaceBets, Wager
from tote.games.wits_and_wagers.state import WitsAndWagersState
from tote.games.wits_and_wagers.tote_board import slot_label
from tote.review.judges import Judge, total


class WinnersCircleJudge(Judge):
    """WC 3: every chip the bettor may lay is on the board; a chip is worth what it adds
    to the seat's money at the race's payout (WC 5). Every chip is laid in the end (WC
    3.2), so which chip goes first is not judged (a 2-chip is worth about twice a 1-chip
    anywhere): the best move is the best horse for the chip the seat laid."""

    worlds = 300
    """A 6-seat game's review (54 chips) in about 4 s on the reference machine."""

    def best(
        self, state: State, seat: int, move: Move, listed: Sequence[BetValue]
    ) -> tuple[Estimate, str] | None:
        assert isinstance(move, WinnersCircleBet)
        same = [
            v
            for v in listed
            if isinstance(v.bet.move, WinnersCircleBet) and v.bet.move.chip == move.chip
        ]
        return super().best(state, seat, move, same)

    def scale(self, state: State, seat: int) -> float:
        assert isinstance(state, WinnersCircleState)
        table = state.table
        return float(table.last_place_per_bet * table.race_multipliers[state.race - 1])

    def scale_of(self, state: State, seat: int, move: Move) -> float:
        """What the chip laid would cost on the last horse (WC 5.4-5.5): $100 a bet, a
        2-chip two bets, doubled in race 3 (a 0-chip counts as one bet)."""
        assert isinstance(move, WinnersCircleBet)
        return self.scale(state, seat) * max(1, move.chip)

    def realized(
        self, markets: Markets, start: State, end: State, seat: int, parts: Sequence[BetChoice]
    ) -> float:
        """The payout with the chip minus the payout without it (WC 5.1-5.5), on the bets
        as the race really ended (the chip itself taken out of them first)."""
        assert isinstance(start, WinnersCircleState) and isinstance(end, WinnersCircleState)
        if not parts:
            return 0.0
        (choice,) = parts
        move = choice.move
        assert isinstance(move, WinnersCircleBet)
        summary = end.history[start.race - 1]
        index = start.horse_index
        final = [(b["seat"], index[b["horse"]], b["chip"]) for b in summary["bets"]]
        final.remove((seat, index[move.horse], move.chip))
        pace = summary["pace_horse"]
        values = chip_values(
            final,
            [index[str(summary[p])] for p in PLACE_NAMES],
            [index[n] for n in summary["last"]],
            None if pace is None else index[str(pace)],
            start.money[seat],
            start.table,
            int(summary["multiplier"]),
            start.options.alternative_payouts,
            seat,
            [(index[move.horse], move.chip)],
        )
        return values[0]


class WitsAndWagersJudge(Judge):
    """WW 3: a move is up to two wagers, each valued as one betting chip with its poker
    chips (a wager pays on its own slot alone, WW 6, so the values add). The best move
    is judged **at the poker chips laid**, as Horse Fever's bets are at their stake: of
    the wagers that lay the same number of points (one betting chip with them all, or
    with them all beside a bare second betting chip), the one or two of highest value.
    How many points to risk is not judged: the board is risk-neutral and would lay every
    point on any wager worth more than its chips, while the seats bet from their own
    knowledge of the answer, which the board cannot see. In open betting a later move
    replaces the seat's bets (WW 3.4)."""

    replaces = True

    def scale(self, state: State, seat: int) -> float:
        return 2.0

    def _laid(self, move: Move) -> int:
        return sum(w.chips for w in move.bets) if isinstance(move, PlaceBets) else 0

    def parts(
        self, state: State, seat: int, move: Move, listed: Sequence[BetChoice]
    ) -> list[BetChoice] | None:
        if not isinstance(move, PlaceBets):
            return None
        return [_wager_choice(state, w.slot, w.chips) for w in move.bets]

    def extra_choices(
        self, state: State, seat: int, move: Move, listed: Sequence[BetChoice]
    ) -> list[BetChoice]:
        """Every slot of the board's with the points laid under its betting chip, and
        bare: the wagers the best move at that stake is made of."""
        laid = self._laid(move)
        slots = dict.fromkeys(
            w.slot for c in listed if isinstance(c.move, PlaceBets) for w in c.move.bets
        )
        return [
            _wager_choice(state, slot, chips)
            for slot in slots
            for chips in dict.fromkeys((0, laid))
        ]

    def best(
        self, state: State, seat: int, move: Move, listed: Sequence[BetValue]
    ) -> tuple[Estimate, str] | None:
        laid = self._laid(move)
        found: tuple[Estimate, str] | None = None
        for i, one in enumerate(listed):
            if one.bet.stake == laid and (found is None or one.ev.value > found[0].value):
                found = (one.ev, one.bet.label)
            for two in listed[i:]:
                if one.bet.stake + two.bet.stake != laid:
                    continue
                both = total([one.ev, two.ev])
                if found is None or both.value > found[0].value:
                    said = (
                        f"both betting chips: {one.bet.label}, twice"
                        if one is two
                        else f"{one.bet.label}, and {two.bet.label}"
                    )
                    found = (both, said)
        return found


def _wager_choice(state: State, slot: int, chips: int) -> BetChoice:
    """One betting chip on ``slot`` with ``chips`` points of poker chips, as a bet the
    board values (its key and label as the board's own)."""
    assert isinstance(state, WitsAndWagersState)
    label = f"a betting chip on {slot_label(state, slot)}" + (
        f" with {chips} points of poker chips" if chips else ""
    )
    return BetChoice(f"{slot}+{chips}", label, PlaceBets((Wager(slot=slot, chips=chips),)), chips)


class HorseFeverJudge(Judge):
    """HF 2.1-2.3: a bet is judged **at the stake laid**: every horse and kind the seat
    may bet on is valued at that stake too, on the board's worlds, and the best of them
    is the best move; the stake itself is not judged (the board is risk-neutral: it
    would stake everything on any bet worth more than nothing). Skipping a bet is worth
    0, against the best bet at the Minimum Bet."""

    no_bet = (SkipBet,)

    def scale(self, state: State, seat: int) -> float:
        assert isinstance(state, HorseFeverState)
        return float(state.minimum_bet(seat))

    def scale_of(self, state: State, seat: int, move: Move) -> float:
        """The stake laid; for a skipped bet, the Minimum Bet (HF 2.1)."""
        if isinstance(move, HorseFeverBet):
            return float(move.amount)
        return self.scale(state, seat)

    def _stake(self, state: State, seat: int, move: Move) -> int:
        if isinstance(move, HorseFeverBet):
            return move.amount
        assert isinstance(state, HorseFeverState)
        return state.minimum_bet(seat)

    def parts(
        self, state: State, seat: int, move: Move, listed: Sequence[BetChoice]
    ) -> list[BetChoice] | None:
        if isinstance(move, HorseFeverBet):
            return [_bet_choice(move)]
        return super().parts(state, seat, move, listed)

    def extra_choices(
        self, state: State, seat: int, move: Move, listed: Sequence[BetChoice]
    ) -> list[BetChoice]:
        """Every listed horse and kind at the stake laid (legal ones)."""
        stake = self._stake(state, seat, move)
        found = []
        for choice in listed:
            bet = choice.move
            if isinstance(bet, HorseFeverBet) and bet.amount != stake:
                at_stake = HorseFeverBet(bet.stable, bet.bet, stake)
                try:
                    state.check(seat, at_stake)
                except IllegalMove:
                    continue
                found.append(_bet_choice(at_stake))
        return found

    def best(
        self, state: State, seat: int, move: Move, listed: Sequence[BetValue]
    ) -> tuple[Estimate, str] | None:
        stake = self._stake(state, seat, move)
        same = [
            v
            for v in listed
            if isinstance(v.bet.move, HorseFeverBet) and v.bet.move.amount == stake
        ]
        return super().best(state, seat, move, same)


def _bet_choice(move: HorseFeverBet) -> BetChoice:
    label = f"{move.amount} D on {move.stable} to {move.bet.capitalize()}"
    return BetChoice(f"{move.bet}:{move.stable}:{move.amount}", label, move, float(move.amount))


class WettenJudge(Judge):
    """WT 2, 5, 9.1: "No chance..." is on the board; a ticket is valued line by line,
    each line as a one-line ticket of its stake (the bank's reserve shared by the
    lines is not counted); passing in the window is worth 0. A ticket is judged **at
    its total stake**: the best ticket is that whole stake on the board's best cell (a
    line's value is its stake times its value per unit staked, WT 10.2), an empty one
    against the best cell at the minimum stake; the total itself is not judged."""

    no_bet = (Pass,)

    def scale(self, state: State, seat: int) -> float:
        assert isinstance(state, WettenState)
        return float(state.min_stake)

    def scale_of(self, state: State, seat: int, move: Move) -> float:
        """A ticket's total stake (the minimum stake for an empty one, WT 2.3)."""
        staked = sum(b.stake for b in getattr(move, "bets", ()))
        return float(staked) if staked else self.scale(state, seat)

    def best(
        self, state: State, seat: int, move: Move, listed: Sequence[BetValue]
    ) -> tuple[Estimate, str] | None:
        if not isinstance(move, SetTheStakes | SecondBet):
            return super().best(state, seat, move, listed)
        assert isinstance(state, WettenState)
        total_stake = self.scale_of(state, seat, move)
        lines = [
            v
            for v in listed
            if type(v.bet.move) is type(move)
            and len(getattr(v.bet.move, "bets", ())) == 1
            and v.bet.stake == state.min_stake
        ]
        found = max(lines, key=lambda v: v.ev.value, default=None)
        if found is None or found.ev.value <= 0:
            return super().best(state, seat, move, [])
        times = total_stake / found.bet.stake
        ev = Estimate(found.ev.value * times, found.ev.low * times, found.ev.high * times)
        assert isinstance(found.bet.move, SetTheStakes | SecondBet)
        line = found.bet.move.bets[0]
        kind = "Set the Stakes" if isinstance(move, SetTheStakes) else "Second Bet"
        return ev, f"{total_stake:,.0f} on {line.horse} {ordinal(line.place)} ({kind})"

    def parts(
        self, state: State, seat: int, move: Move, listed: Sequence[BetChoice]
    ) -> list[BetChoice] | None:
        if isinstance(move, SetTheStakes):
            return [
                BetChoice(f"stakes:{b.horse}:{b.place}", "", SetTheStakes((b,)), float(b.stake))
                for b in move.bets
            ]
        if isinstance(move, SecondBet):
            marked = move.long_odds
            return [
                BetChoice(
                    f"second:{b.horse}:{b.place}",
                    "",
                    SecondBet(
                        (b,),
                        marked
                        if marked is not None and (marked.horse, marked.place) == (b.horse, b.place)
                        else None,
                    ),
                    float(b.stake),
                )
                for b in move.bets
            ]
        return super().parts(state, seat, move, listed)

    def may_pass(self, state: State, seat: int) -> bool:
        """An empty ticket is always allowed (WT 2, 5), and Pass in the window."""
        return True


class CarcassonneJudge(Judge):
    """CB 2.1: every chip face on the new betting office is on the board; no chip is
    worth 0."""

    no_bet = (NoChip,)
    worlds = 150
    """A world here is a game played on until the office's feature is decided (about
    1.5 ms; a Winner's Circle race is about 0.06 ms): 150 worlds a decision keep a whole
    review near 15 s."""

    def scale(self, state: State, seat: int) -> float:
        return 4.0


JUDGES: dict[str, Judge] = {
    "winners-circle": WinnersCircleJudge(),
    "wits-and-wagers": WitsAndWagersJudge(),
    "horse-fever": HorseFeverJudge(),
    "wetten": WettenJudge(),
    "carcassonne": CarcassonneJudge(),
}
