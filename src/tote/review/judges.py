"""What a review needs of each game beyond its tote board (issue 26).

The board (:class:`~tote.core.tote_board.Markets`) lists the bets a seat can place now
and values each in one pass over sampled worlds. A :class:`Judge` says, for one game:

- :meth:`Judge.parts`: the bets whose values add up to the move the seat made (one
  listed bet for most moves; each wager of a Wits & Wagers move; each line of a
  Wetten! ticket), none for a move that places no bet (its value is 0 exactly, as
  every bet is valued against not placing it), or ``None`` where the board cannot value
  the move: the decision is then "not judged";
- :meth:`Judge.best`: the best move's value from the board's values;
- :meth:`Judge.scale`: the stake scale the marks are read against (docs/review.md);
- :meth:`Judge.realized`: what the move actually earned, from the state at the decision
  and the real state where the board's horizon ended (the race, question or scoring).
"""

from __future__ import annotations

from collections.abc import Sequence

from tote.core.errors import IllegalMove
from tote.core.moves import Move
from tote.core.state import State
from tote.core.tote_board import BetChoice, BetValue, Estimate, Markets

ZERO = Estimate(0.0, 0.0, 0.0)
"""The value of a move that places no bet: exactly nothing."""


def total(values: Sequence[Estimate]) -> Estimate:
    """The value of several bets placed together: their values added, and their
    intervals' ends added (an interval that holds whatever the bets' correlation)."""
    if not values:
        return ZERO
    return Estimate(
        sum(v.value for v in values), sum(v.low for v in values), sum(v.high for v in values)
    )


class Judge:
    """The default: a move is judged when it is one of the board's listed bets."""

    no_bet: tuple[type[Move], ...] = ()
    """Moves that place no bet in a betting turn (worth 0)."""
    worlds: int = 400
    """Worlds the board samples per decision by default (docs/review.md: a whole review
    in a few seconds for Winner's Circle, under a minute for every game)."""
    replaces: bool = False
    """Whether a seat's later bet in the same horizon replaces its earlier one (Wits &
    Wagers' open betting, WW 3.4): only the last one earns anything."""

    def scale(self, state: State, seat: int) -> float:
        """The game's stake scale for ``seat`` now (docs/review.md)."""
        raise NotImplementedError

    def scale_of(self, state: State, seat: int, move: Move) -> float:
        """The stake scale of the decision that made ``move``: by default the game's."""
        return self.scale(state, seat)

    def parts(
        self, state: State, seat: int, move: Move, listed: Sequence[BetChoice]
    ) -> list[BetChoice] | None:
        if isinstance(move, self.no_bet):
            return []
        for choice in listed:
            if choice.move == move:
                return [choice]
        return None

    def extra_choices(
        self, state: State, seat: int, move: Move, listed: Sequence[BetChoice]
    ) -> list[BetChoice]:
        """Further bets to value on the board's worlds, for :meth:`best` to compare the
        move with (none by default)."""
        return []

    def may_pass(self, state: State, seat: int) -> bool:
        """Whether a move that places no bet is legal now."""
        for kind in self.no_bet:
            try:
                state.check(seat, kind())
            except (IllegalMove, TypeError):
                continue
            return True
        return False

    def best(
        self, state: State, seat: int, move: Move, listed: Sequence[BetValue]
    ) -> tuple[Estimate, str] | None:
        """The best move's value and label, ``move`` being the one the seat made: of the
        bets valued (the board's, the parts of ``move``, :meth:`extra_choices`), the one
        of highest value, or placing none when that is legal and every bet is worth less
        than nothing."""
        found: tuple[Estimate, str] | None = None
        for value in listed:
            if value.bet.move is not None and (found is None or value.ev.value > found[0].value):
                found = (value.ev, value.bet.label)
        if self.may_pass(state, seat) and (found is None or found[0].value < 0):
            found = (ZERO, "no bet")
        return found

    def realized(
        self, markets: Markets, start: State, end: State, seat: int, parts: Sequence[BetChoice]
    ) -> float:
        """What the bets earned in the real game, by the board's own payoff rule."""
        if not parts:
            return 0.0
        return float(sum(markets.payoffs(start, end, seat, parts)))


_JUDGES: dict[str, Judge] = {}


def judge_for(game_id: str) -> Judge | None:
    """The game's judge, or ``None`` where no decision of the game is judged."""
    if not _JUDGES:
        from tote.review import games

        _JUDGES.update(games.JUDGES)
    return _JUDGES.get(game_id)
