"""The simulation runner and the bot registry: determinism, seeding, refusals."""

from __future__ import annotations

import gc
import random
from pathlib import Path

import pytest

from tote.bots import bot_seed, bots_for, default_bot, get_bot, make_bot, parse_bot_names
from tote.core import Match, Record, all_games, get_game
from tote.core.bot import RandomBot
from tote.core.errors import OptionsError, ToteError
from tote.sim import plan_games, play_bots, play_bots_recorded, run_games
from tote.sim.record_files import read_run

WC = "winners-circle"


def test_same_seed_gives_the_same_summary() -> None:
    first = run_games(WC, 4, 12, seed=5)
    again = run_games(WC, 4, 12, seed=5)
    assert first == again  # timing is left out of ==
    assert first.wins == again.wins and first.mean_score == again.mean_score


def test_another_seed_gives_other_games() -> None:
    assert run_games(WC, 3, 10, seed=0) != run_games(WC, 3, 10, seed=1000)


def test_game_i_uses_seed_s_plus_i() -> None:
    """A batch is the sum of its games: 3 games from seed 7 = games 7, 8, 9 alone."""
    batch = run_games(WC, 2, 3, seed=7)
    singles = [run_games(WC, 2, 1, seed=s) for s in (7, 8, 9)]
    assert batch.wins == tuple(sum(s.wins[seat] for s in singles) for seat in range(2))


def test_summary_counts_wins_and_means() -> None:
    summary = run_games(WC, 3, 15, seed=2, variants=["hidden-bets"])
    assert summary.games == 15 and summary.players == 3
    assert sum(summary.wins) >= 15
    assert (sum(summary.wins) == 15) == (summary.shared_wins == 0)
    assert len(summary.mean_score) == 3
    assert summary.variants == ("hidden-bets",)
    assert summary.options["hidden_bets"] is True
    assert summary.games_per_second > 0
    data = summary.to_json()
    for key in ("game", "players", "games", "seed", "wins", "mean_score", "games_per_second"):
        assert key in data


def test_saved_and_unsaved_games_play_out_identically(tmp_path: Path) -> None:
    """The fast path (State) and the recorded path (Match) give the same games; issue 14:
    a saved batch is one compressed run file, ``<game>-<first>-<last>.jsonl.gz``."""
    direct = run_games(WC, 3, 6, seed=40)
    saved = run_games(WC, 3, 6, seed=40, save=tmp_path / "runs")
    assert direct == saved
    files = sorted((tmp_path / "runs").iterdir())
    assert [f.name for f in files] == [f"{WC}-40-45.jsonl.gz"]
    assert [record.seed for record in read_run(files[0])] == list(range(40, 46))


def test_a_saved_record_replays_to_its_result(tmp_path: Path) -> None:
    game = get_game(WC)
    options = game.options()
    result, record = play_bots_recorded(game, options, ["random", "random", "random"], 3)
    assert play_bots(game, options, ["random", "random", "random"], 3) == result
    path = tmp_path / "r.json"
    record.save(path)
    replayed = Match.replay(Record.load(path))
    assert replayed.state.result() == result
    assert [p.bot for p in record.players] == ["random"] * 3


def test_game_specific_bots_play_too() -> None:
    summary = run_games(WC, 2, 2, seed=1, bots=["odds", "random"])
    assert summary.bots == ("odds", "random")
    assert sum(summary.wins) >= 2


def test_progress_is_reported_after_every_game() -> None:
    calls: list[tuple[int, int]] = []
    run_games(WC, 2, 4, progress=lambda done, total: calls.append((done, total)))
    assert calls == [(1, 4), (2, 4), (3, 4), (4, 4)]


def test_bots_are_cycled_over_the_seats() -> None:
    plan = plan_games(WC, 5, 1, bots=["odds", "random"])
    assert plan.bots == ("odds", "random", "odds", "random", "odds")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"game": "nope"}, "unknown game 'nope'"),
        ({"players": 9}, "2 to 6 players"),
        (
            {"bots": ["nope"]},
            "bots: best-ev, casual, easy, hard, ismcts, normal, odds, random, strong",
        ),
        ({"variants": ["nope"]}, "no variant 'nope'"),
        ({"options": {"nope": 1}}, "option 'nope'"),
        ({"options": {"horse_cards_file": "/no/such/file.json"}}, "cannot read data file"),
    ],
)
def test_refusals_come_before_any_game(kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"game": WC, "players": 3, "games": 1}
    args.update(kwargs)
    with pytest.raises(ToteError, match=message):
        plan_games(**args)  # type: ignore[arg-type]


# ---------------------------------------------------------------- bot registry
def test_bot_registry_merges_random_with_the_games_bots() -> None:
    game = get_game(WC)
    bots = bots_for(game)
    assert bots["random"] is RandomBot
    assert "odds" in bots
    assert default_bot(game) == "odds"
    assert get_bot(game, "odds") is bots["odds"]


def test_unknown_bot_names_the_known_ones() -> None:
    with pytest.raises(
        OptionsError,
        match=r"no bot 'clever'; bots: best-ev, casual, easy, hard, ismcts, normal, odds, random,"
        r" strong",
    ):
        get_bot(get_game(WC), "clever")
    with pytest.raises(OptionsError, match="no bot named"):
        parse_bot_names(get_game(WC), " , ")


def test_bot_streams_depend_on_game_seed_and_seat_only() -> None:
    assert bot_seed(1, 0) == bot_seed(1, 0)
    assert len({bot_seed(1, 0), bot_seed(1, 1), bot_seed(2, 0)}) == 3
    bot = make_bot(get_game(WC), "random", 1, 0)
    assert isinstance(bot, RandomBot)
    assert bot.rng.random() == random.Random(bot_seed(1, 0)).random()


@pytest.mark.parametrize("game_id", [g.id for g in all_games()])
def test_simulated_games_leave_no_reference_cycles(game_id: str) -> None:
    """play_bots pauses the cyclic collector during a game (a speed measure); that
    is safe only while no game leaves cyclic garbage behind, so check every game,
    with its own bots on every seat, that nothing is left for the collector."""
    game = get_game(game_id)
    players = 4  # every game seats four without further options
    bots = [default_bot(game) if seat % 2 else "random" for seat in range(players)]
    options = game.options(None, ())
    gc.collect()
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        for seed in range(6):
            play_bots(game, options, bots, seed)
        assert gc.collect() == 0
    finally:
        if was_enabled:
            gc.enable()
