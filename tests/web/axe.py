"""The automated accessibility check (issue 16): axe-core, run in the page by Playwright.

axe-core comes from PyPI inside ``axe-playwright-python`` (its ``axe.min.js``; no
network at test time), installed by ``scripts/test`` with the ``dev`` extra. Any
page's test calls ``assert_accessible(page, context="...")``: it fails on every
violation of impact *serious* or *critical*, naming each one's rule id, help text
and the elements (targets) where it was found, so the message says what to fix.
"""

from __future__ import annotations

from typing import Any

Page = Any
"""A Playwright page (the sync API)."""

FAILING = ("serious", "critical")
"""The impacts the issue allows none of ("no serious violations")."""


SETTLED = "() => !document.querySelector('.toast.fading')"
"""The page is checked once no message is fading out: a toast fades over half a
second (``.toast.fading`` in tote.css), and text caught halfway through its fade is
lighter than the page shows at rest (a failed CI run met one at contrast 1.2)."""


def _axe_script() -> str:
    from axe_playwright_python.base import AXE_SCRIPT

    script: str = AXE_SCRIPT
    return script


def violations(
    page: Page, *, include: str | None = None, exclude: str | None = None
) -> list[dict[str, Any]]:
    """Every axe-core violation on the page as it is now (or inside ``include``, a
    CSS selector; leaving out what ``exclude`` selects), with impact, id, help and the
    targets."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(_axe_script())
    found: list[dict[str, Any]] = page.evaluate(
        """async ([include, exclude]) => {
            const context = {include: [include || "html"]};
            if (exclude) context.exclude = [exclude];
            const results = await window.axe.run(context, {resultTypes: ["violations"]});
            return results.violations.map((v) => ({
                id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
                targets: v.nodes.map((n) => n.target.join(" ")),
                summaries: v.nodes.map((n) => n.failureSummary || ""),
            }));
        }""",
        [include, exclude],
    )
    return found


def report(found: list[dict[str, Any]]) -> str:
    lines = []
    for v in found:
        lines.append(f"- {v['id']} ({v['impact']}): {v['help']}")
        for target, summary in zip(v["targets"][:8], v["summaries"][:8], strict=False):
            lines.append(f"    at {target}: {' '.join(summary.split())[:240]}")
        if len(v["targets"]) > 8:
            lines.append(f"    ... and {len(v['targets']) - 8} more")
    return "\n".join(lines)


def assert_accessible(
    page: Page, context: str = "", *, include: str | None = None, exclude: str | None = None
) -> None:
    """Fail when axe-core finds a serious or critical violation on ``page``;
    ``context`` names the page and state in the message (e.g. "wetten, mid-game");
    ``include``/``exclude`` (CSS selectors) narrow the check to part of the page."""
    page.wait_for_function(SETTLED, timeout=5000)
    found = violations(page, include=include, exclude=exclude)
    bad = [v for v in found if v["impact"] in FAILING]
    assert not bad, f"accessibility violations on {context or page.url}:\n{report(bad)}"
