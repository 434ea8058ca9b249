"""The property tests every game must pass, written once (issue 17).

A game gets them by declaring what is particular to it in a subclass of
:class:`GameProperties` named ``Test<Game>Properties`` in its ``test_properties.py``:
the random set-ups to try (options, players, seed), its secrets (an oracle that lists
what a view shows but may not), the quantities its rules conserve, and what must hold
after every move and at the end. pytest collects the inherited tests for each game:

- ``test_random_games_end_and_conserve``: every random game ends within the move bound,
  the conserved quantities never change, a seat to act always has a move, and the
  game's own step and end checks hold;
- ``test_no_view_shows_a_secret``: after every move, no seat's view (nor the
  spectators') shows what the oracle says it may not;
- ``test_secret_moves_stay_secret_until_all_commit``: in every simultaneous turn, two
  different secret moves of one seat look the same to every other viewer (the core's
  promise, checked on each game's own views and logs);
- ``test_records_replay_identically``: a seeded match replays from its JSON record, and
  from its written-out chance moves without the seed, to the same views and result;
- ``test_a_clone_plays_on_without_touching_the_original``: bots and search clone
  states; playing a clone to the end leaves the original as it was.

Each test explores ``examples`` set-ups with hypothesis, seeded by hypothesis as usual
(the set-ups are reproducible from the failure it prints).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tote.core import CHANCE, Match, Record
from tote.core.game import Game
from tote.core.moves import Actor, Move
from tote.core.state import State
from tote.core.tote_board import Markets

Setup = tuple[dict[str, Any], int, int]
"""Options, number of players, seed."""

SecretWatch = Callable[[State, Actor, Move], list[str]]
"""Called after every move with the state and the move just made; returns what the
views show that they may not (empty when nothing leaks)."""


def step_random(state: State, rng: random.Random) -> tuple[Actor, Move]:
    """One move: chance drawn from ``rng``, or a uniformly random legal move of the first
    seat to act. Every move goes through :meth:`State.apply`, checked."""
    turn = state.turn()
    if turn.chance:
        outcome = state.sample_chance(rng)
        state.apply(CHANCE, outcome)
        return CHANCE, outcome
    seat = turn.seats[0]
    move = state.random_move(seat, rng)
    state.apply(seat, move)
    return seat, move


def play_to_horizon(start: State, world: State, markets: Markets, rng: random.Random) -> State:
    """Play ``world`` on with :func:`step_random` (chance from ``rng``, random players,
    every move checked) until the race, question or scoring under way at ``start`` is
    settled (:meth:`Markets.settled`) or the game is over: one real continuation, the
    yardstick of the tote boards' honesty tests (issue 12, 2)."""
    while not world.is_over and not markets.settled(start, world):
        step_random(world, rng)
    return world


def all_views(state: State) -> str:
    """Every seat's and the spectators' view, as one JSON text."""
    return json.dumps([state.view(s) for s in (None, *range(state.num_players))], sort_keys=True)


class GameProperties:
    """What a game declares to get the shared property tests (see the module docstring)."""

    game: ClassVar[Game]
    move_bound: ClassVar[int]
    """Far above the longest game seen, chance moves included: a game past it is stuck."""
    examples: ClassVar[dict[str, int]] = {}
    """Set-ups each test explores, by test name (:data:`DEFAULT_EXAMPLES` otherwise)."""

    # ------------------------------------------------------------ declarations
    def setups(self) -> st.SearchStrategy[Setup]:
        """The random set-ups: every variant and option that changes the rules."""
        raise NotImplementedError

    def secrets_shown(self, state: State) -> list[str]:
        """Where a view (any seat's, or the spectators') shows what it may not: another
        seat's hand, face-down chips or tickets, a deck's order. Empty when nothing leaks."""
        raise NotImplementedError

    def secret_watch(self) -> SecretWatch:
        """A watch for one game; by default :meth:`secrets_shown` after every move. Games
        whose oracle compares views across moves return a stateful one."""
        return lambda state, actor, move: self.secrets_shown(state)

    def conserved(self, state: State) -> Mapping[str, int]:
        """Quantities the rules never create or destroy (money of bank and players...)."""
        return {}

    def check_step(self, state: State, actor: Actor, move: Move) -> None:
        """Assertions after every move of a random game (nothing negative, ...)."""

    def check_end(self, state: State, options: dict[str, Any], players: int) -> None:
        """Assertions on a finished random game (its result, its last events, ...)."""

    def new_state(self, options: dict[str, Any], players: int) -> State:
        return self.game.new_state(options, players)

    def step(self, state: State, rng: random.Random) -> tuple[Actor, Move]:
        """One random move (a game may play its random players its own way)."""
        return step_random(state, rng)

    # ------------------------------------------------------------------ tests
    def _explore(self, name: str, check: Callable[[Setup], None]) -> None:
        """Run ``check`` on hypothesis' set-ups; the number comes from :attr:`examples`."""
        count = self.examples.get(name, DEFAULT_EXAMPLES)

        @settings(
            max_examples=count,
            deadline=None,
            database=None,
            suppress_health_check=[HealthCheck.too_slow],
        )
        @given(self.setups())
        def run(setup: Setup) -> None:
            check(setup)

        run()

    def test_random_games_end_and_conserve(self) -> None:
        def check(setup: Setup) -> None:
            options, players, seed = setup
            state = self.new_state(options, players)
            rng = random.Random(seed)
            before = dict(self.conserved(state))
            moves = 0
            while not state.is_over:
                turn = state.turn()
                if turn.seats:
                    legal = state.legal_moves(turn.seats[0])
                    assert legal is None or legal, "a seat to act always has a move"
                actor, move = self.step(state, rng)
                moves += 1
                assert moves <= self.move_bound, "the game did not end within the bound"
                assert dict(self.conserved(state)) == before, f"after {move.to_json()}"
                self.check_step(state, actor, move)
            assert state.result() is not None
            self.check_end(state, options, players)

        self._explore("test_random_games_end_and_conserve", check)

    def test_no_view_shows_a_secret(self) -> None:
        def check(setup: Setup) -> None:
            options, players, seed = setup
            state = self.new_state(options, players)
            rng = random.Random(seed)
            watch = self.secret_watch()
            while not state.is_over:
                actor, move = self.step(state, rng)
                assert watch(state, actor, move) == []

        self._explore("test_no_view_shows_a_secret", check)

    def test_secret_moves_stay_secret_until_all_commit(self) -> None:
        def check(setup: Setup) -> None:
            options, players, seed = setup
            state = self.new_state(options, players)
            rng = random.Random(seed)
            while not state.is_over:
                turn = state.turn()
                if turn.simultaneous and len(turn.seats) > 1:
                    seat = turn.seats[0]
                    moves = list(dict.fromkeys(state.random_move(seat, rng) for _ in range(8)))
                    clones = []
                    for move in moves[:2]:
                        clone = state.clone()
                        clone.apply(seat, move)
                        clones.append(clone)
                    for viewer in (None, *(s for s in range(players) if s != seat)):
                        seen = {json.dumps(c.view(viewer), sort_keys=True) for c in clones}
                        assert len(seen) == 1, f"seat {viewer} sees seat {seat}'s secret move"
                self.step(state, rng)

        self._explore("test_secret_moves_stay_secret_until_all_commit", check)

    def test_records_replay_identically(self) -> None:
        def check(setup: Setup) -> None:
            options, players, seed = setup
            match = Match(self.game, players, options, seed=seed)
            rng = random.Random(seed ^ 0x5EED)
            while not match.state.is_over:
                seat = match.state.turn().seats[0]
                match.play(seat, match.state.random_move(seat, rng))
            record = match.record()
            assert any(m.by == CHANCE for m in record.moves), "chance moves are written out"
            views = all_views(match.state)
            again = Match.replay(Record.from_json(json.loads(record.to_json_text())))
            assert all_views(again.state) == views
            assert again.state.result() == match.state.result()
            unseeded = Match.replay(record.model_copy(update={"seed": None}))
            assert all_views(unseeded.state) == views

        self._explore("test_records_replay_identically", check)

    def test_a_clone_plays_on_without_touching_the_original(self) -> None:
        def check(setup: Setup) -> None:
            options, players, seed = setup
            state = self.new_state(options, players)
            rng = random.Random(seed)
            for _ in range(int(rng.random() * self.move_bound / 10)):
                if state.is_over:
                    break
                self.step(state, rng)
            before = all_views(state)
            clone = state.clone()
            clone_rng = random.Random(seed + 1)
            while not clone.is_over:
                self.step(clone, clone_rng)
            assert all_views(state) == before

        self._explore("test_a_clone_plays_on_without_touching_the_original", check)

    # ------------------------------------------------ information-set sampling
    def sampling_points(self, state: State, rng: random.Random) -> bool:
        """Whether to check sampling at this state of a random game (about one move in
        ``sample_every``; every state would make the tests slow)."""
        return rng.random() * self.sample_every < 1

    sample_every: ClassVar[int] = 8
    """Sampling is checked at about one state in this many of a random game."""

    def _sampling_walk(self, name: str, check: Callable[[State, int | None, int], None]) -> None:
        """Run ``check(state, seat, seed)`` at states of random games, for every seat and
        the spectators in turn."""

        def walk(setup: Setup) -> None:
            options, players, seed = setup
            state = self.new_state(options, players)
            rng = random.Random(seed)
            viewers: list[int | None] = [None, *range(players)]
            checked = 0
            while not state.is_over:
                if self.sampling_points(state, rng):
                    check(state, viewers[checked % len(viewers)], seed + checked)
                    checked += 1
                self.step(state, rng)

        self._explore(name, walk)

    def test_a_sampled_world_looks_the_same_to_its_seat(self) -> None:
        """A sampled world's view for the seat is the real view, byte for byte, and play
        goes on legally from it to the end (issue 12, 1)."""

        def check(state: State, seat: int | None, seed: int) -> None:
            real = json.dumps(state.view(seat), sort_keys=True)
            rng = random.Random(seed)
            for _ in range(2):
                world = state.sample_world(seat, rng)
                assert json.dumps(world.view(seat), sort_keys=True) == real, (
                    f"a world sampled for seat {seat} looks different to it"
                )
                moves = 0
                while not world.is_over:
                    self.step(world, rng)
                    moves += 1
                    assert moves <= self.move_bound, "play from a sampled world did not end"

        self._sampling_walk("test_a_sampled_world_looks_the_same_to_its_seat", check)

    def test_sampling_never_reads_what_the_seat_cannot_see(self) -> None:
        """Two states that differ only in what the seat cannot see give the same samples
        for the same seed (the second state is itself a world sampled for the seat), and
        the same play from them (issue 12, 1)."""

        def check(state: State, seat: int | None, seed: int) -> None:
            other = state.sample_world(seat, random.Random(seed ^ 0xA5A5))
            first = state.sample_world(seat, random.Random(seed))
            second = other.sample_world(seat, random.Random(seed))
            assert all_views(first) == all_views(second), (
                f"the sample for seat {seat} depends on what it cannot see"
            )
            for world, rng in ((first, random.Random(seed)), (second, random.Random(seed))):
                for _ in range(20):
                    if world.is_over:
                        break
                    self.step(world, rng)
            assert all_views(first) == all_views(second)

        self._sampling_walk("test_sampling_never_reads_what_the_seat_cannot_see", check)

    def test_what_the_seat_cannot_see_really_varies(self) -> None:
        """Across samples, what the seat cannot see is drawn afresh, not copied (issue
        12, 1): wherever the game's oracle :meth:`hidden_parts` names hidden parts with
        several likely values, sixteen samples do not all agree on them, and over
        the game's sampled states some such part was found."""

        def check(state: State, seat: int | None, seed: int) -> None:
            if self.hidden_parts(state, seat) is None:
                return
            rng = random.Random(seed)
            seen = {
                json.dumps(self.hidden_parts(state.sample_world(seat, rng), seat), sort_keys=True)
                for _ in range(16)
            }
            assert len(seen) > 1, f"what seat {seat} cannot see is the same in every sample"

        self._sampling_walk("test_what_the_seat_cannot_see_really_varies", check)

    def hidden_parts(self, state: State, seat: int | None) -> Any:
        """A test oracle reading the real state: the parts hidden from ``seat`` (other
        hands, face-down cards, the draw deck's contents...) as JSON-able data, or
        ``None`` when nothing hidden from it has several likely values now (sixteen
        samples must not all agree, so a part with two values, one of them rare, is
        ``None``). Each game
        declares it; the default asserts nothing."""
        return None


DEFAULT_EXAMPLES = 15
