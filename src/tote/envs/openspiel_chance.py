"""Chance outcomes as OpenSpiel actions (issue 13): a fixed numbering per game.

OpenSpiel's chance nodes list ``(action, probability)`` pairs whose actions lie in
``0 .. max_chance_outcomes - 1``. tote's :meth:`State.chance_outcomes` lists
``(Move, probability)`` pairs. A :class:`ChanceCatalogue` numbers every outcome the
game could ever produce, once, from the game's data at its very start, so that an
outcome keeps its number in every position: die face, card or tile ``k`` is always
action ``k``. Each game's list, in order:

- Winner's Circle: the die's faces (WC 4.1, in the die's order), then every horse card
  (WC 1.2, sorted by id), then the seats as first bettor (WC 3.1).
- Horse Fever: the Stable tokens by colour (HF 0.6), the Characters (HF 0.7, sorted by
  id), the seats as First Player (HF 0.8), the Action, Target, Assistant and Horse
  cards (HF 1.1, by deck, each sorted by id), the Movement cards (HF 3.2) and the
  Sprint dice as ordered pairs of colours (HF 3.2b, first die major).
- Carcassonne: every tile kind that can be drawn (CC 1.3, sorted by id).
- Wits & Wagers: every question of the bank (WW 1.3, sorted by id).
- Wetten!: a shuffle (WT 1.3, WT 3.7) is one uniformly random permutation, too many
  outcomes to list. OpenSpiel sees it as one chance node per card, each drawing the
  next card from those left, all equally likely (which gives every permutation the
  same probability); the actions are the race cards (sorted by id), then the action
  cards (sorted by id). When the last card is drawn, the whole shuffle is carried out.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

from tote.core.moves import Move
from tote.core.state import State


class ChanceCatalogue:
    """Every chance outcome of one game (for given players and options), numbered."""

    def __init__(self, game_id: str, outcomes: Sequence[Hashable]) -> None:
        self.game_id = game_id
        self.outcomes = tuple(dict.fromkeys(outcomes))
        self._ids = {outcome: i for i, outcome in enumerate(self.outcomes)}

    @property
    def size(self) -> int:
        return len(self.outcomes)

    def id(self, outcome: Hashable) -> int:
        found = self._ids.get(outcome)
        if found is None:
            raise RuntimeError(f"{self.game_id}: chance outcome {outcome!r} has no OpenSpiel id")
        return found

    def outcome(self, action: int) -> Hashable:
        return self.outcomes[action]


def _label(outcome: Hashable) -> str:
    if isinstance(outcome, Move):
        fields = ", ".join(f"{k}={v}" for k, v in outcome.to_json().items() if k != "type")
        return f"{outcome.kind}({fields})"
    return repr(outcome)


def outcome_label(outcome: Hashable) -> str:
    """A short stable name of a chance outcome: ``draw_tile(tile=D)``."""
    return _label(outcome)


# -------------------------------------------------------------- per game lists
def _winners_circle(state: Any) -> list[Hashable]:
    from tote.games.winners_circle.moves import DrawHorseCard, FirstBettor

    die = [move for move, _ in state.die_outcomes]
    cards = [DrawHorseCard(c) for c in sorted(state.cards)]
    seats = [FirstBettor(s) for s in range(state.num_players)]
    return [*die, *cards, *seats]


def _horse_fever(state: Any) -> list[Hashable]:
    from tote.games.horse_fever.moves import (
        ChooseFirstPlayer,
        DealCharacter,
        DrawCard,
        PlaceStableToken,
        RevealMovementCard,
        RollSprintDice,
    )

    colours = state.colours
    decks = (state.actions, state.targets, state.assistants, state.horse_cards)
    return [
        *(PlaceStableToken(c) for c in colours),
        *(DealCharacter(c) for c in sorted(state.characters)),
        *(ChooseFirstPlayer(s) for s in range(state.num_players)),
        *(DrawCard(c) for deck in decks for c in sorted(deck)),
        *(RevealMovementCard(c) for c in sorted(state.movement)),
        *(RollSprintDice(a, b) for a in colours for b in colours),
    ]


def _carcassonne(state: Any) -> list[Hashable]:
    return [state.draws[t] for t in sorted(state.draws)]


def _wits_and_wagers(state: Any) -> list[Hashable]:
    from tote.games.wits_and_wagers.moves import DrawQuestion

    return [DrawQuestion(q) for q in sorted(state.unasked)]


def _wetten(state: Any) -> list[Hashable]:
    return [
        *(("race", c) for c in state._all_race_cards),
        *(("action", c) for c in state._all_action_cards),
    ]


_LISTS: dict[str, Callable[[Any], list[Hashable]]] = {
    "winners-circle": _winners_circle,
    "horse-fever": _horse_fever,
    "carcassonne": _carcassonne,
    "wits-and-wagers": _wits_and_wagers,
    "wetten": _wetten,
}


def chance_catalogue(game_id: str, initial: State) -> ChanceCatalogue:
    """The chance catalogue of a game, from its state at the very start (before any
    chance event: every card, tile and question is still in its deck)."""
    if game_id not in _LISTS:
        raise RuntimeError(f"{game_id}: no chance catalogue for OpenSpiel")
    return ChanceCatalogue(game_id, _LISTS[game_id](initial))


# --------------------------------------------------------------- shuffles
class Shuffle:
    """A pending shuffle (Wetten!), drawn one card at a time: the piles to permute,
    each as the outcome keys of its cards, and how the finished order becomes the
    game's chance move."""

    def __init__(
        self,
        piles: Sequence[Sequence[Hashable]],
        build: Callable[[list[list[Hashable]]], Move],
    ) -> None:
        self.piles = [list(p) for p in piles]
        self.build = build

    def next_pile(self, drawn: Sequence[Hashable]) -> tuple[list[Hashable], list[Hashable]]:
        """The pile being shuffled after ``drawn`` cards, and its cards not yet drawn."""
        at = len(drawn)
        for pile in self.piles:
            if at < len(pile):
                done = set(drawn)
                return pile, [card for card in pile if card not in done]
            at -= len(pile)
        raise RuntimeError("the shuffle is complete")

    @property
    def length(self) -> int:
        return sum(len(p) for p in self.piles)

    def finish(self, drawn: Sequence[Hashable]) -> Move:
        """The game's chance move once every card has been drawn, top card first."""
        orders: list[list[Hashable]] = []
        at = 0
        for pile in self.piles:
            orders.append(list(drawn[at : at + len(pile)]))
            at += len(pile)
        return self.build(orders)


def pending_shuffle(state: State) -> Shuffle | None:
    """The shuffle a Wetten! state waits for (its chance event lists no outcomes), else
    ``None`` (no shuffle pending; every other game's chance events list their
    outcomes)."""
    if state.game_id != "wetten":
        return None
    from tote.games.wetten.moves import ShuffleDecks, ShuffleDiscards
    from tote.games.wetten.phases import DECKS

    wetten: Any = state
    if wetten.shuffle is None:
        return None
    if wetten.shuffle == DECKS:

        def decks(orders: list[list[Hashable]]) -> Move:
            race, actions = orders
            return ShuffleDecks(
                tuple(str(k[1]) for k in race),  # type: ignore[index]
                tuple(str(k[1]) for k in actions),  # type: ignore[index]
            )

        return Shuffle(
            [
                [("race", c) for c in wetten._all_race_cards],
                [("action", c) for c in wetten._all_action_cards],
            ],
            decks,
        )

    def discards(orders: list[list[Hashable]]) -> Move:
        return ShuffleDiscards(tuple(str(k[1]) for k in orders[0]))  # type: ignore[index]

    return Shuffle([[("race", c) for c in sorted(wetten.discard)]], discards)
