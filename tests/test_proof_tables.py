"""docs/bots.md's tournament tables are what the kept games give (issue 25, "Proof, not
hope": the tables and the commands that reproduce them).

Each file in ``benchmarks/tournaments/`` is read as ``tote tournament --keep`` reads it,
and its table worked out again without playing a game: every bot's rating with its
bootstrap interval and its win share. Each bot's figures must stand on one line of the
doc (a table's row, or a row of the table that puts every game side by side). A table
still being played is named in :data:`UNDER_WAY` and not checked; every other kept file
is a finished table the doc must show. The tables of the issue's proof are checked
against its bar too: the leader's rating highest, its win share's lower end above luck.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tote.sim.tournament import TournamentResult
from tote.sim.tournament_keep import KeptGames

ROOT = Path(__file__).resolve().parent.parent
KEPT = ROOT / "benchmarks" / "tournaments"
DOC_LINES = (ROOT / "docs" / "bots.md").read_text(encoding="utf-8").replace("**", "").splitlines()

UNDER_WAY: frozenset[str] = frozenset()
"""The tables still being played (docs/bots.md gives their games so far in words)."""

PROOF = {
    "winners-circle": ("hard-normal-easy-random", "hard-best-ev-ismcts"),
    "wits-and-wagers": (
        "hard-normal-easy-random",
        "hard-best-ev-ismcts-expert",
        "hard-casual-normal-expert",
    ),
    "wetten": ("hard-normal-easy-random", "hard-best-ev-ismcts"),
    "horse-fever": ("hard-normal-easy", "hard-best-ev-ismcts-random"),
    "carcassonne": ("hard-normal-easy-random", "hard-best-ev-ismcts"),
}
"""Each game's tables of ``hard`` against every other bot of the game: the issue's proof,
summed up in docs/bots.md's "The proof at a glance"."""


NORMAL_OVER_EASY = {
    "winners-circle": "normal-easy-random",
    "wits-and-wagers": "normal-easy-random-casual",
    "wetten": "normal-easy-random",
    "horse-fever": "normal-easy-random",
    "carcassonne": "normal-easy-random",
}
"""Each game's table of ``normal`` against ``easy`` without ``hard`` (issue 25: "and
``normal`` beats ``easy`` the same way")."""


def table_of(path: Path) -> TournamentResult:
    """The table a kept file gives, worked out from its games alone (none played)."""
    header = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
    games = KeptGames(path, header).games
    result = TournamentResult(
        game=header["game"],
        players=header["players"],
        games_per_table=max(len(rows) for rows in games.values()),
        seed=header["seed"],
        bots=tuple(header["bots"]),
        tables=[tuple(table) for table in header["tables"]],
        options=header["options"],
    )
    for table in sorted(games):
        for index in sorted(games[table]):
            result.add(games[table][index])
    return result


def figures(path: Path) -> dict[str, tuple[str, str]]:
    """Each bot's rating with its 95% interval and its win share, as the doc writes them,
    best rating first, worked out from the kept games alone."""
    result = table_of(path)
    ratings, intervals = result.ratings(), result.rating_intervals()
    found: dict[str, tuple[str, str]] = {}
    for bot in result.standings():
        low, high = intervals[bot]
        share = result.win_rate(bot).value
        found[bot] = (f"{ratings[bot]:.0f} ({low:.0f}-{high:.0f})", f"{100 * share:.1f}%")
    return found


KEPT_FILES = sorted(KEPT.glob("*.jsonl"))


def test_every_table_under_way_is_kept() -> None:
    """A name in UNDER_WAY that names no file is a table finished or dropped: say so."""
    assert {path.stem for path in KEPT_FILES} >= UNDER_WAY


@pytest.mark.parametrize(
    "path", [p for p in KEPT_FILES if p.stem not in UNDER_WAY], ids=lambda p: p.stem
)
def test_the_doc_shows_each_finished_table_as_its_kept_games_give_it(path: Path) -> None:
    """Issue 25: every bot's rating (95%) and win share in docs/bots.md are what the kept
    games give, so a reader can check the proof against the games themselves."""
    missing = [
        f"{bot}: rating {rating}, win share {share}"
        for bot, (rating, share) in figures(path).items()
        if not any(rating in line and share in line for line in DOC_LINES)
    ]
    assert not missing, f"docs/bots.md does not show {path.name} as kept: {missing}"


@pytest.mark.parametrize(
    "stem", [f"{game}-{table}" for game, tables in PROOF.items() for table in tables]
)
def test_the_proof_at_a_glance_is_each_games_tables_of_hard(stem: str) -> None:
    """Issue 25, "Proof, not hope": each game's tables of ``hard`` are finished, ``hard``
    leads them, and the summary in docs/bots.md shows its rating, its win share and the
    next best's rating on one line, as the kept games give them."""
    path = KEPT / f"{stem}.jsonl"
    assert stem not in UNDER_WAY and path.exists()
    found = figures(path)
    (first, (rating, share)), (second, (next_rating, _)) = list(found.items())[:2]
    assert first == "hard"
    assert any(
        rating in line and share in line and f"`{second}` {next_rating}" in line
        for line in DOC_LINES
    ), f"docs/bots.md's proof at a glance lacks {stem}"


@pytest.mark.parametrize(
    ("stem", "leader"),
    [(f"{game}-{table}", "hard") for game, tables in PROOF.items() for table in tables]
    + [(f"{game}-{table}", "normal") for game, table in NORMAL_OVER_EASY.items()],
)
def test_each_table_meets_the_issues_bar(stem: str, leader: str) -> None:
    """Issue 25, "Proof, not hope": at each of these tables ``leader`` (``hard``; or
    ``normal``, at its table against ``easy``) has the highest rating, and the lower end
    of its win share's 95% interval lies above the luck share (1 / players), with at
    least 100 games."""
    result = table_of(KEPT / f"{stem}.jsonl")
    assert result.standings()[0] == leader
    assert result.sums[leader].games >= 100
    share = result.win_rate(leader)
    assert share.low > 1 / result.players, f"{leader}: {share}, luck {1 / result.players:.0%}"
