"""What one section of the balance report holds (issue 29), whatever computed it.

A section is plain data: words that say what the numbers mean, tables of already
rounded cells, figures as PNG bytes (embedded in the HTML page, so it opens with no
network), flags for what is out of balance by a stated threshold, and ``data``, the
same numbers unrounded for ``tote report --json``. The HTML and JSON writers know
sections only through this module; the modules that compute sections know nothing of
HTML.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

Cell = str | int | float | None
"""One cell of a report table: text, or a number the writer prints as it is."""


def share_range(low: float, high: float) -> str:
    """A share's 95% interval as the report's tables and flags write it: ``12.3%-15.0%``."""
    return f"{low:.1%}-{high:.1%}"


@dataclass(frozen=True)
class ReportTable:
    """A table of the report: a title, column headings, rows of cells."""

    title: str
    columns: list[str]
    rows: list[list[Cell]] = field(default_factory=list)
    note: str = ""
    """A sentence under the table (what an interval is, how a column is computed)."""


@dataclass(frozen=True)
class ReportFigure:
    """A plot of the report, already drawn: PNG bytes and the sentence that describes it
    (the image's alternative text)."""

    title: str
    png: bytes
    alt: str


@dataclass(frozen=True)
class Flag:
    """Something the report points out by a stated threshold: ``warn`` when it is out
    of balance, ``ok`` when the check passed (so a reader sees what was checked)."""

    level: Literal["ok", "warn"]
    text: str
    """One sentence naming the finding and the threshold, e.g. "Seat 1 wins 31%
    (28-34%), above the 25% of equal seats by more than 5 points"."""


@dataclass(frozen=True)
class Section:
    """One section of the report."""

    id: str
    """A short stable key, e.g. ``"seat-order"``; the JSON object's key and the HTML anchor."""
    title: str
    summary: list[str]
    """Paragraphs in words: what the numbers mean, for a designer, not a statistician."""
    tables: list[ReportTable] = field(default_factory=list)
    figures: list[ReportFigure] = field(default_factory=list)
    flags: list[Flag] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)
    """The section's numbers, unrounded and JSON-safe, for ``--json``."""

    def _repr_html_(self) -> str:
        """How Jupyter shows it (issue 29, notebook-friendly): as the report's page lays
        it out, flags, words, tables and figures (:mod:`tote.sim.report.html`)."""
        from tote.sim.report.html import section_html

        return section_html(self)
