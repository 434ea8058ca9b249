"""The rule documents and the code stay in step (issue 17).

``docs/rules/<game>.md`` restates every rule with an id (``HF 2.3``, rulings ``R7``) and
names the tests that check it as ``file.py::test_name``. Two things can drift: a test
named in a document is renamed or removed, and a refusal cites a rule id that the
document does not have. Both are checked here, over the whole source tree, so that they
hold whatever module a rule's code lives in.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs" / "rules"
GAMES = {
    "winners-circle": ("winners_circle", ("WC",)),
    "wits-and-wagers": ("wits_and_wagers", ("WW",)),
    "carcassonne": ("carcassonne", ("CC", "CB", "CR", "CA")),
    "horse-fever": ("horse_fever", ("HF", "FG", "PG")),
    "wetten": ("wetten", ("WT",)),
}
CORE_RULES = {"chance", "turn order", "game over", "seats", "simultaneous moves"}
"""Refusals of the core itself (``tote.core.state``), the same in every game."""

TEST_REFERENCE = re.compile(r"`?([\w/]+\.py)::(\w+)(?:::(\w+))?")
"""``file.py::test_name``, or ``file.py::TestClass::test_name`` (a shared property test)."""
RULE_CITATION = re.compile(r"^([A-Z]{2}) (?:ruling )?(R?\d+(?:\.\d+)?[a-z]?)\b")
RULE_HEADING = re.compile(
    r"^(?:\*\*|- \*\*|#+ |\| )(?:([A-Z]{2}) )?(R?\d+(?:\.\d+)?[a-z]?)[\s.*:|]", re.M
)
"""A rule's definition: in bold (``**HF 2.3 ...**``, ``- **R7**``), a section heading
(``## WC 3. The Bets``) or the first cell of a table row (``| WT 8.4 |``)."""
BARE_TEST = re.compile(r"`(test_\w+)`")


def documented_rules(text: str, prefixes: tuple[str, ...]) -> set[str]:
    """Every rule id the document defines (see :data:`RULE_HEADING`); a ruling ``R7`` is
    the game's own, cited as ``HF ruling R7``."""
    rules = set()
    for prefix, number in RULE_HEADING.findall(text):
        if prefix:
            rules.add(f"{prefix} {number}")
        elif number.startswith("R"):
            rules.update(f"{p} {number}" for p in prefixes)
    return rules


def documented(rule: str, rules: set[str]) -> bool:
    """``rule`` is defined, or is the parent of lettered rules (``HF 3.2`` of ``HF 3.2a``)."""
    return rule in rules or any(
        r.startswith(rule) and r[len(rule) :].isalpha() and len(r) == len(rule) + 1 for r in rules
    )


def refusal_rules(package: str) -> list[tuple[str, str]]:
    """(where, rule) for every rule a refusal of ``package`` cites: the first argument of
    each ``IllegalMove(...)`` (the constant part of an f-string), and every string
    constant of the package that starts with a rule id (rules kept in tables)."""
    found = []
    for path in sorted((ROOT / "src" / "tote" / "games" / package).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
            and node.body
            and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)
        }
        docstrings |= {
            id(node.value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
        }
        where = path.relative_to(ROOT)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "IllegalMove":
                first = node.args[0] if node.args else None
                if isinstance(first, ast.JoinedStr) and first.values:
                    first = first.values[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    found.append((f"{where}:{node.lineno}", first.value))
            elif (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in docstrings
                and RULE_CITATION.match(node.value)
            ):
                found.append((f"{where}:{node.lineno}", node.value))
    return sorted(set(found))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_test_named_in_the_rules_document_exists(game: str) -> None:
    """Each ``file.py::test_name`` in docs/rules/<game>.md is a test function of that file
    under tests/<game>/ (or a path from the repository's root), and each bare
    ```test_name``` a test function somewhere under tests/<game>/."""
    package = GAMES[game][0]
    text = (DOCS / f"{game}.md").read_text(encoding="utf-8")
    references = TEST_REFERENCE.findall(text)
    assert references, f"docs/rules/{game}.md names no test"
    missing = []
    shared = (ROOT / "tests" / "properties.py").read_text(encoding="utf-8")
    for file, name, method in sorted(set(references)):
        path = ROOT / file if "/" in file else ROOT / "tests" / package / file
        text = path.read_text(encoding="utf-8") if path.exists() else ""
        if not path.exists():
            missing.append(f"{file}::{name} (no such file)")
        elif method:
            if not re.search(rf"^class {name}\(GameProperties\)", text, re.M) or not any(
                re.search(rf"^\s*def {method}\(", t, re.M) for t in (text, shared)
            ):
                missing.append(f"{file}::{name}::{method}")
        elif not re.search(rf"^\s*(?:async )?def {name}\(", text, re.M):
            missing.append(f"{file}::{name}")
    every_test = "\n".join(p.read_text() for p in (ROOT / "tests" / package).glob("*.py"))
    named = {name for _, name, _ in references} | {method for _, _, method in references}
    for name in sorted(set(BARE_TEST.findall(text)) - named):
        if not re.search(rf"^\s*(?:async )?def {name}\(", every_test, re.M):
            missing.append(name)
    assert not missing, f"docs/rules/{game}.md names tests that do not exist: {missing}"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_rule_a_refusal_cites_is_in_the_rules_document(game: str) -> None:
    """A refusal names its rule (``IllegalMove("HF 2.3 same horse twice", ...)``); the id
    must be a rule of docs/rules/<game>.md, and a refusal without an id must be one of the
    core's own."""
    package, prefixes = GAMES[game]
    rules = documented_rules((DOCS / f"{game}.md").read_text(encoding="utf-8"), prefixes)
    wrong = []
    for where, rule in refusal_rules(package):
        cited = RULE_CITATION.match(rule)
        if cited is None:
            if rule not in CORE_RULES:
                wrong.append(f"{where}: {rule!r} names no rule id")
        elif not documented(f"{cited[1]} {cited[2]}", rules):
            wrong.append(f"{where}: {rule!r} is not in docs/rules/{game}.md")
    assert not wrong, "\n".join(wrong)


def test_no_stale_references_in_the_rules_documents() -> None:
    """Sections and markers that no longer exist are not pointed at."""
    for path in sorted(DOCS.glob("*.md")):
        text = path.read_text(encoding="utf-8")
        for stale in ("Known defects", "xfail", "expected failure", "rules.py"):
            assert stale not in text, f"{path.name} still mentions {stale!r}"
