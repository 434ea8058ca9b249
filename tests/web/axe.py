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

TRIES = 3
"""How many times a check is made when a toast starts fading while axe-core reads the
page: the toast's timer (2.5 s for news) may run out during a check that a loaded
machine spreads over seconds. Stop 40's CI met one read at opacity 0.18 (white on the
accent green over the page, contrast 1.42)."""


def _axe_script() -> str:
    from axe_playwright_python.base import AXE_SCRIPT

    script: str = AXE_SCRIPT
    return script


def checked(page: Page, include: str | None, exclude: str | None) -> dict[str, Any]:
    """One axe-core run (``violations``), and whether a toast began to fade while it
    ran (``faded``): a ``MutationObserver`` watches for an element of class ``toast``
    gaining ``fading`` between the run's start and its end."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(_axe_script())
    result: dict[str, Any] = page.evaluate(
        """async ([include, exclude]) => {
            const context = {include: [include || "html"]};
            if (exclude) context.exclude = [exclude];
            let faded = false;
            const note = (changes) => {
                for (const c of changes) {
                    const el = c.target;
                    if (el.classList && el.classList.contains("toast")
                        && el.classList.contains("fading")) faded = true;
                }
            };
            const watch = new MutationObserver(note);
            watch.observe(document.body, {subtree: true, attributes: true,
                                          attributeFilter: ["class"]});
            try {
                const results = await window.axe.run(context, {resultTypes: ["violations"]});
                note(watch.takeRecords());
                return {
                    faded,
                    violations: results.violations.map((v) => ({
                        id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
                        targets: v.nodes.map((n) => n.target.join(" ")),
                        summaries: v.nodes.map((n) => n.failureSummary || ""),
                    })),
                };
            } finally {
                watch.disconnect();
            }
        }""",
        [include, exclude],
    )
    return result


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
    for _ in range(TRIES):
        page.wait_for_function(SETTLED, timeout=5000)
        run = checked(page, include, exclude)
        bad = [v for v in run["violations"] if v["impact"] in FAILING]
        if not bad or not run["faded"]:
            break
    assert not bad, f"accessibility violations on {context or page.url}:\n{report(bad)}"
