"""Issue 15: the terms of each game are explained where they appear. Every game ships a
glossary that loads, names each term once, keeps to its bounds, and only explains
words that the game's rules or its screens actually use."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tote.core.errors import OptionsError
from tote.core.glossary import MAX_EXPLANATION, MAX_TERM, MAX_TERMS
from tote.core.registry import all_games, get_game

ROOT = Path(__file__).resolve().parents[2]
GAMES = [game.id for game in all_games()]


def vocabulary(game_id: str) -> str:
    """The words a player meets: the rules in our words, the page module, the game's code."""
    package = get_game(game_id).__module__.rsplit(".", 1)[-1]
    texts = [
        (ROOT / "docs" / "rules" / f"{game_id}.md").read_text("utf-8"),
        (ROOT / "src" / "tote" / "web" / "static" / "games" / f"{game_id}.js").read_text("utf-8"),
    ]
    texts += [
        p.read_text("utf-8") for p in (ROOT / "src" / "tote" / "games" / package).glob("*.py")
    ]
    return "\n".join(texts).casefold()


@pytest.mark.parametrize("game_id", GAMES)
def test_every_glossary_loads_within_its_bounds(game_id: str) -> None:
    """Issue 15: a glossary per game, terms unique, explanations short and in sentences."""
    terms = get_game(game_id).glossary().terms
    assert 8 <= len(terms) <= MAX_TERMS
    names = [name.casefold() for t in terms for name in (t.term, *t.also)]
    assert len(names) == len(set(names))
    for term in terms:
        assert 0 < len(term.term) <= MAX_TERM
        assert 10 <= len(term.explanation) <= MAX_EXPLANATION
        assert term.explanation.endswith((".", ")")), term.term


@pytest.mark.parametrize("game_id", GAMES)
def test_every_term_is_a_word_of_the_game(game_id: str) -> None:
    """Issue 15: terms in the rulebook's words: each term (or one of its forms) is used
    by the game's rules text, its page or its code."""
    words = vocabulary(game_id)
    for term in get_game(game_id).glossary().terms:
        forms = [term.term, *term.also]
        assert any(re.search(rf"(?<!\w){re.escape(f.casefold())}(?!\w)", words) for f in forms), (
            f"{game_id}: {term.term!r} appears nowhere in the game's rules or screens"
        )


def test_the_key_terms_the_issue_names_are_explained() -> None:
    """Issue 15 names terms that must be explained: pace horse, Show, Minimum Bet,
    betting office..."""
    wanted = {
        "winners-circle": ["Pace horse", "Show", "Place", "Win", "Betting chip", "Face-down chip"],
        "horse-fever": ["Minimum Bet", "Stable", "Danari", "VP", "Show bet", "Win bet", "Odds"],
        "wetten": ["Bet ticket", "Second Bet", "Long Odds", "No chance...", "Action card"],
        "wits-and-wagers": ["Betting mat", "Payout odds", "All Guesses Too High", "Poker chips"],
        "carcassonne": ["Meeple", "Farmer", "Betting office", "Bookmaker tile", "Betting chip"],
    }
    for game_id, terms in wanted.items():
        have = {t.term for t in get_game(game_id).glossary().terms}
        assert set(terms) <= have, (game_id, set(terms) - have)


def test_a_replacement_glossary_is_read_and_a_bad_one_refused(tmp_path: Path) -> None:
    """Issue 15 (data a user can replace): a user's file replaces the shipped terms; a
    term given twice is refused naming the file and the reason."""
    game = get_game("winners-circle")
    mine = tmp_path / "glossary.json"
    mine.write_text(json.dumps({"terms": [{"term": "Pace horse", "explanation": "Ours."}]}))
    with pytest.raises(OptionsError, match="at least 10"):
        game.glossary(str(mine))
    good = {"terms": [{"term": "Pace horse", "explanation": "The horse that leads at 18."}]}
    mine.write_text(json.dumps(good))
    assert [t.term for t in game.glossary(str(mine)).terms] == ["Pace horse"]
    twice = {"terms": [good["terms"][0], {"term": "pace horse", "explanation": "Again, twice."}]}
    mine.write_text(json.dumps(twice))
    with pytest.raises(OptionsError, match="given twice"):
        game.glossary(str(mine))
