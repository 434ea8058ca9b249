"""The balance report as ONE self-contained HTML page (issue 29): a designer can mail it
to a publisher and it opens anywhere, with no network and no script.

The CSS is inline, every figure is a PNG in a ``data:`` URI, every text is escaped; the
page has a table of contents and the findings to check, each section's flags (the
checks that passed folded away), words, tables and figures, and the
run's parameters with the command that plays the same games again. Tables scroll
sideways on a narrow screen and images shrink to the width, so a phone reads it as well
as a 1280-pixel window.
"""

from __future__ import annotations

import base64
import json
import os
from collections.abc import Sequence
from html import escape
from pathlib import Path

from tote.core.errors import ToteError
from tote.sim.report.build import ReportRun
from tote.sim.report.section import Cell, Flag, ReportFigure, ReportTable, Section

CSS = """
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: #1d232a; background: #fff; }
main { max-width: 1100px; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
h1 { font-size: 1.8rem; margin: 0 0 .25rem; }
h2 { font-size: 1.4rem; margin: 2.5rem 0 .5rem; padding-top: .5rem;
  border-top: 2px solid #d8dee4; }
h3 { font-size: 1.05rem; margin: 1.5rem 0 .4rem; }
.lede { color: #4a5561; margin: 0 0 1rem; }
nav { background: #f4f6f8; border-radius: 6px; padding: .6rem 1rem; margin: 1rem 0; }
nav ol { margin: .2rem 0; padding-left: 1.4rem; }
a { color: #1f5f99; }
dl.run { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem;
  margin: .5rem 0; }
dl.run dt { font-weight: 600; }
dl.run dd { margin: 0; overflow-wrap: anywhere; }
pre { background: #f4f6f8; padding: .6rem .8rem; border-radius: 6px; overflow-x: auto;
  white-space: pre-wrap; overflow-wrap: anywhere; font-size: .9rem; }
ul.flags { list-style: none; padding: 0; margin: .6rem 0; }
ul.flags li { padding: .35rem .7rem; margin: .3rem 0; border-radius: 4px;
  border-left: 5px solid; }
ul.flags li.warn { background: #fdf1e7; border-color: #d9822b; }
ul.flags li.ok { background: #edf7ee; border-color: #3f9b4a; }
.badge { font-weight: 700; margin-right: .4rem; }
.scroll { overflow-x: auto; margin: .4rem 0; }
table { border-collapse: collapse; font-size: .92rem; min-width: 60%; }
caption { text-align: left; font-weight: 600; padding: .3rem 0; }
th, td { padding: .3rem .6rem; border-bottom: 1px solid #d8dee4; text-align: left;
  white-space: nowrap; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
thead th { background: #f4f6f8; }
p.note { font-size: .88rem; color: #4a5561; margin: .2rem 0 1rem; }
details { margin: .4rem 0 .8rem; }
summary { cursor: pointer; color: #2d6a35; font-weight: 600; }
figure { margin: 1rem 0; }
figure img { max-width: 100%; height: auto; border: 1px solid #e3e7eb; }
figcaption { font-size: .88rem; color: #4a5561; }
footer { margin-top: 3rem; font-size: .85rem; color: #4a5561; }
@media (max-width: 600px) { body { font-size: 15px; } main { padding: 1rem .6rem; }
  dl.run { grid-template-columns: 1fr; } dl.run dd { margin-bottom: .3rem; } }
"""


def _cell(value: Cell) -> str:
    if value is None:
        return "<td></td>"
    if isinstance(value, int | float) and not isinstance(value, bool):
        text = f"{value:,}" if isinstance(value, int) else f"{value:.4g}"
        return f'<td class="num">{escape(text)}</td>'
    return f"<td>{escape(str(value))}</td>"


def _table(table: ReportTable) -> str:
    head = "".join(f'<th scope="col">{escape(c)}</th>' for c in table.columns)
    body = "".join("<tr>" + "".join(_cell(c) for c in row) + "</tr>" for row in table.rows)
    note = f'<p class="note">{escape(table.note)}</p>' if table.note else ""
    return (
        f'<div class="scroll"><table><caption>{escape(table.title)}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>{note}"
    )


def _figure(figure: ReportFigure) -> str:
    data = base64.b64encode(figure.png).decode("ascii")
    return (
        f'<figure><img src="data:image/png;base64,{data}" alt="{escape(figure.alt)}">'
        f"<figcaption><strong>{escape(figure.title)}.</strong> {escape(figure.alt)}"
        "</figcaption></figure>"
    )


def _flag_items(flags: Sequence[Flag]) -> str:
    return "".join(
        f'<li class="{flag.level}"><span class="badge">'
        f"{'Check' if flag.level == 'warn' else 'OK'}</span>{escape(flag.text)}</li>"
        for flag in flags
    )


def _findings(sections: Sequence[Section]) -> str:
    """The flags to check, all sections together, each linking to its section."""
    items = "".join(
        f'<li class="warn"><a href="#{escape(s.id)}">{escape(s.title)}</a>: '
        f"{escape(flag.text)}</li>"
        for s in sections
        for flag in s.flags
        if flag.level == "warn"
    )
    if not items:
        return ""
    return f'<h3>To check</h3><ul class="flags">{items}</ul>'


def section_html(section: Section) -> str:
    """One section as HTML: the page's part, and how Jupyter shows a section."""
    parts = [f'<section id="{escape(section.id)}"><h2>{escape(section.title)}</h2>']
    warnings = [flag for flag in section.flags if flag.level == "warn"]
    passed = [flag for flag in section.flags if flag.level == "ok"]
    if warnings:
        parts.append(f'<ul class="flags">{_flag_items(warnings)}</ul>')
    if passed:
        parts.append(
            f"<details><summary>{len(passed)} check(s) passed</summary>"
            f'<ul class="flags">{_flag_items(passed)}</ul></details>'
        )
    parts.extend(f"<p>{escape(paragraph)}</p>" for paragraph in section.summary)
    parts.extend(_table(table) for table in section.tables)
    parts.extend(_figure(figure) for figure in section.figures)
    parts.append("</section>")
    return "".join(parts)


def _run(run: ReportRun) -> str:
    options = ", ".join(f"{k}={json.dumps(v)}" for k, v in run.options.items()) or "defaults"
    rows = [
        ("Game", f"{run.title} ({run.game})"),
        ("Players", ", ".join(str(n) for n in run.players)),
        ("Games", f"{run.games:,} per player count (game i uses seed {run.seed} + i)"),
        ("Bots", ", ".join(run.bots) + ", turned one seat each game"),
        ("Variants", ", ".join(run.variants) or "none"),
        ("Options", options),
        ("tote", run.version),
    ]
    items = "".join(f"<dt>{escape(k)}</dt><dd>{escape(v)}</dd>" for k, v in rows)
    return (
        f'<section id="run"><h2>The run</h2><dl class="run">{items}</dl>'
        "<p>The same games, and so the same numbers, come again with:</p>"
        f"<pre>{escape(run.command)}</pre></section>"
    )


def report_html(run: ReportRun, sections: Sequence[Section]) -> str:
    """The whole page as text."""
    warnings = sum(1 for s in sections for f in s.flags if f.level == "warn")
    toc = "".join(
        f'<li><a href="#{escape(s.id)}">{escape(s.title)}</a>'
        + (f" ({n} to check)" if (n := sum(f.level == "warn" for f in s.flags)) else "")
        + "</li>"
        for s in sections
    )
    title = f"{run.title}: balance report"
    lede = (
        f"{run.games:,} games at each of {', '.join(str(n) for n in run.players)} players, "
        f"bots {', '.join(run.bots)} rotated through the seats. "
        + (
            f"{warnings} finding(s) to check, marked in orange."
            if warnings
            else "Nothing out of balance by the thresholds stated in each section."
        )
    )
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title><style>{CSS}</style></head><body><main>"
        f'<h1>{escape(title)}</h1><p class="lede">{escape(lede)}</p>'
        f'<nav aria-label="Contents"><strong>Contents</strong><ol>{toc}'
        '<li><a href="#run">The run</a></li></ol></nav>'
        + _findings(sections)
        + "".join(section_html(s) for s in sections)
        + _run(run)
        + f"<footer>Written by tote {escape(run.version)}, the balance report of issue 29."
        "</footer></main></body></html>\n"
    )


def check_out(path: Path) -> None:
    """Refuse, before any game is played, an ``--out`` tote cannot write."""
    if path.suffix.lower() not in (".html", ".htm"):
        raise ToteError(f"--out {path}: the report is an HTML page; end the name in .html")
    if path.is_dir():
        raise ToteError(f"--out {path}: is a directory, not a file")
    folder = path.parent
    if not folder.is_dir():
        raise ToteError(f"--out {path}: no such directory {folder}")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise ToteError(f"--out {path}: cannot write in {folder}")


def write_text(path: Path, text: str) -> None:
    """Write ``text`` to a hidden file beside ``path`` and rename it onto ``path``: the
    file is whole or absent, whatever stops the writing."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.part")
    try:
        temporary.write_text(text, encoding="utf-8")
        os.replace(temporary, path)
    except OSError as exc:
        raise ToteError(f"{path}: {exc.strerror or exc}") from None
    finally:
        temporary.unlink(missing_ok=True)


def write_html(path: Path, run: ReportRun, sections: Sequence[Section]) -> None:
    write_text(path, report_html(run, sections))
