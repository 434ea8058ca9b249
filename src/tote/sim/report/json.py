"""``tote report --json`` (issue 29): one JSON object, the run's parameters and every
section's words, flags and unrounded ``data`` (figures are left out: they are in the
HTML page)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from tote.sim.report.build import ReportRun
from tote.sim.report.section import Section


def _safe(value: Any) -> Any:
    """JSON has no NaN or infinity: they become null."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {str(k): _safe(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_safe(v) for v in value]
    return value


def section_json(section: Section) -> dict[str, Any]:
    return {
        "title": section.title,
        "summary": list(section.summary),
        "flags": [{"level": f.level, "text": f.text} for f in section.flags],
        "data": _safe(section.data),
    }


def report_json(run: ReportRun, sections: Sequence[Section]) -> dict[str, Any]:
    """The ``--json`` object: ``run``, the ``order`` of the sections, and ``sections``
    keyed by each section's id."""
    return {
        "report": "tote balance report",
        "run": _safe(run.to_json()),
        "order": [s.id for s in sections],
        "sections": {s.id: section_json(s) for s in sections},
    }
