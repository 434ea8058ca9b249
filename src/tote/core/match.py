"""A game being played or replayed: its state, its seed's random stream, its moves.

The match draws every chance event from the seed's stream as soon as one is
pending, so outside code only ever sees states where seats act (or the end).
Every move, chance included, is appended to the log that becomes the record.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from tote import __version__
from tote.core.errors import IllegalMove, RecordError
from tote.core.game import Game, GameOptions
from tote.core.moves import CHANCE, Actor, Move
from tote.core.record import MoveEntry, PlayerEntry, Record
from tote.core.registry import get_game
from tote.core.state import State


class Match:
    def __init__(
        self,
        game: Game | str,
        players: Sequence[PlayerEntry] | int,
        options: GameOptions | Mapping[str, Any] | None = None,
        seed: int | None = None,
        *,
        auto_chance: bool = True,
        written_by: str | None = None,
    ) -> None:
        self.game = get_game(game) if isinstance(game, str) else game
        if isinstance(players, int):
            players = [PlayerEntry(name=f"Player {i + 1}") for i in range(players)]
        self.players = list(players)
        self.options = (
            options
            if isinstance(options, GameOptions)
            else self.game.options(options or {}, written_by=written_by)
        )
        self.seed = seed
        self.rng = random.Random(seed) if seed is not None else None
        self.state: State = self.game.new_state(self.options, len(self.players))
        self.moves: list[tuple[Actor, Move]] = []
        if auto_chance:
            self.advance()

    # ---------------------------------------------------------------- play
    def advance(self) -> None:
        """Draw pending chance events from the seed until a seat must act or the game ends.

        A match without a seed leaves chance events pending, to be scripted with
        :meth:`play_chance`.
        """
        if self.rng is None:
            return
        state = self.state
        while state.turn().chance:
            self._record(CHANCE, state.sample_chance(self.rng))

    def play(self, seat: int, move: Move | Mapping[str, Any]) -> Move:
        """Apply a seat's move (refused with :class:`IllegalMove`, changing nothing), then
        draw any chance events it leads to."""
        parsed = move if isinstance(move, Move) else self.state.parse(move)
        self._record(seat, parsed)
        self.advance()
        return parsed

    def play_chance(self, outcome: Move | Mapping[str, Any]) -> Move:
        """Script a chance outcome instead of drawing it."""
        parsed = outcome if isinstance(outcome, Move) else self.state.parse(outcome)
        self._record(CHANCE, parsed)
        return parsed

    def _record(self, actor: Actor, move: Move) -> None:
        self.state.apply(actor, move)
        self.moves.append((actor, move))

    # -------------------------------------------------------------- record
    def record(self) -> Record:
        result = self.state.result()
        return Record(
            game=self.game.id,
            engine=__version__,
            options=self.options.model_dump(),
            seed=self.seed,
            players=list(self.players),
            # Moves the match itself accepted need no second validation.
            moves=[
                MoveEntry.model_construct(by=actor, move=move.to_json())
                for actor, move in self.moves
            ],
            result=None if result is None else result.to_json(),
        )

    @classmethod
    def replay(cls, record: Record) -> Match:
        """Replay a record move by move.

        Options are read as the engine that wrote the record meant them
        (:meth:`Game.upgrade_options`). Chance moves written in the record are used as
        they stand; where the
        game needs a chance move the record does not give, it is drawn from
        the record's seed. An illegal move is refused with its index, seat and rule.
        """
        game = get_game(record.game)
        match = cls(
            game,
            record.players,
            record.options,
            record.seed,
            auto_chance=False,
            written_by=record.engine,
        )
        for index, entry in enumerate(record.moves):
            where = f"move {index} (by {'chance' if entry.by == CHANCE else f'seat {entry.by}'})"
            try:
                if entry.by == CHANCE:
                    match.play_chance(entry.move)
                    continue
                if match.state.turn().chance:
                    if match.rng is None:
                        raise RecordError(
                            f"{where}: the game needs a chance move first, and the record"
                            " neither writes it out nor has a seed",
                            index,
                        )
                    match.advance()
                match._record(entry.by, match.state.parse(entry.move))
            except IllegalMove as exc:
                raise RecordError(f"{where} is refused: {exc}", index) from None
        if match.rng is not None:
            match.advance()
        result = match.state.result()
        if record.result is not None and (
            result is None or result.to_json()["scores"] != record.result.get("scores")
        ):
            raise RecordError("replaying the record does not give the result it states")
        return match
