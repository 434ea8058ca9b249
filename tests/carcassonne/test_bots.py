"""The greedy bot: best immediate gain, bets on the expected size; it sees only its view."""

from __future__ import annotations

import random

from tote.core import CHANCE
from tote.core.bot import Observation
from tote.games.carcassonne import GAME
from tote.games.carcassonne.bots import GreedyBot
from tote.games.carcassonne.moves import DrawTile, PlaceChip, PlaceMeeple, PlaceTile
from tote.sim.runner import play_bots, play_bots_recorded

from .cc_helpers import new_state, play


def test_greedy_closes_a_city_with_a_knight_for_the_immediate_points() -> None:
    """Drawing a city cap next to the start tile's open city, the greedy bot closes it
    and puts a knight on it: 4 points now (CC 4.4)."""
    state = new_state(bets=False)
    state.apply(CHANCE, DrawTile("E"))
    bot = GreedyBot(random.Random(1))
    move = bot.choose(Observation(state, 0))
    assert move == PlaceTile(0, -1, 180)
    state.apply(0, move)
    meeple = bot.choose(Observation(state, 0))
    assert meeple == PlaceMeeple("city:S")
    state.apply(0, meeple)
    assert state.scores == [4, 0]


def test_greedy_bets_on_the_size_it_expects() -> None:
    """CB 2.1: the office's city has 3 tiles and one open edge: expecting 4, the bot
    bets the "4" chip (8 points on exactly 4)."""
    state = new_state(3)
    play(state, "M", 0, -1, 180)
    play(state, "BK5", 1, -1, 0)
    assert state.phase == "bet"
    move = GreedyBot(random.Random(2)).choose(Observation(state, 2))
    assert move == PlaceChip("4")


def test_greedy_plays_whole_games_and_beats_random() -> None:
    """Greedy games are legal to the end (every move checked) and greedy outscores random."""
    wins = 0
    for seed in range(3):
        result = play_bots(GAME, GAME.options(), ["greedy", "random"], seed)
        wins += result.scores[0] > result.scores[1]
    assert wins >= 2


def test_greedy_plays_the_river_and_uses_and_takes_back_its_abbot() -> None:
    """CR / CA: with The River and The Abbot the greedy bot's games stay legal to the
    end (every move checked), it puts its abbot on monasteries or gardens and takes
    it back for points (CA 1.2, CA 2.2)."""
    options = GAME.options(None, ["river", "abbot"])
    kinds: list[str] = []
    for seed in range(3):
        _, record = play_bots_recorded(GAME, options, ["greedy", "random"], seed)
        kinds += [m.move["type"] for m in record.moves if m.by == 0]
    assert "place_abbot" in kinds
    assert "return_abbot" in kinds
