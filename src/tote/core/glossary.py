"""A game's terms, explained (issue 15): the words of its rulebook (pace horse, Show,
Minimum Bet, betting office...) with a short explanation in our own words, for the
table page's Help panel, the tooltips on the board and ``tote terms``.

Each game ships ``data/glossary.json``; a user may replace it with their own file of
the same form. Loading is pure and deterministic: the same file gives the same terms
in the same order.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator

from tote.core.data import load_data

MAX_TERMS = 80
MAX_TERM = 40
MAX_EXPLANATION = 400

TermText = Annotated[
    str, StringConstraints(min_length=1, max_length=MAX_TERM, strip_whitespace=True)
]


class Term(BaseModel):
    """One term: as the rulebook writes it (``source`` "original"), or our name for
    something the rulebook does not name (``"proposed"``); ``also`` lists other forms
    that mean the same (a plural, a short form), which the tooltips also mark."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    term: TermText
    also: tuple[TermText, ...] = Field(default=(), max_length=6)
    explanation: Annotated[
        str, StringConstraints(min_length=10, max_length=MAX_EXPLANATION, strip_whitespace=True)
    ]
    rule: Annotated[str, StringConstraints(max_length=40)] = ""
    """Where the rules say it (``WC 4.8``), as numbered in ``docs/rules``."""
    source: Literal["original", "proposed"] = "original"


class Glossary(BaseModel):
    """A game's terms, in the order a reader meets them."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    terms: tuple[Term, ...] = Field(min_length=1, max_length=MAX_TERMS)

    @model_validator(mode="after")
    def _unique(self) -> Glossary:
        seen: set[str] = set()
        for term in self.terms:
            for name in (term.term, *term.also):
                if name.casefold() in seen:
                    raise ValueError(f"the term {name!r} is given twice")
                seen.add(name.casefold())
        return self

    def to_json(self) -> list[dict[str, object]]:
        return [t.model_dump(mode="json") for t in self.terms]


def load_glossary(package: str, path: str | None = None) -> Glossary:
    """The glossary of the game in ``package`` (its ``data/glossary.json``), or the
    user's replacement ``path``; a bad file raises :class:`OptionsError` naming it."""
    return load_data(Glossary, package, "glossary.json", path)
