"""Issue 29, "The balance report": ``tote report`` writes one self-contained HTML page
(no external reference, parses, every section's title) and ``--json`` (every section),
and refuses bad input in one line with status 2, writing nothing."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tote.cli.main import app

runner = CliRunner()
ARGS = [
    "report",
    "wits-and-wagers",
    "-p",
    "4",
    "-n",
    "4",
    "--bots",
    "expert,random",
    "--workers",
    "1",
    "--seed",
    "3",
    "--review-games",
    "2",
]
TITLES = ("Seat order", "Returns per bet", "How the game goes", "What decides it", "Bots")


class Page(HTMLParser):
    """Collects every attribute that could fetch something, and the headings."""

    def __init__(self) -> None:
        super().__init__()
        self.references: list[tuple[str, str, str]] = []
        self.tags: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        for name, value in attrs:
            if name in ("src", "href", "srcset", "action", "data") and value is not None:
                self.references.append((tag, name, value))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    folder = tmp_path_factory.mktemp("report")
    out = folder / "report.html"
    result = runner.invoke(app, [*ARGS, "--out", str(out), "--json"])
    assert result.exit_code == 0, result.output
    return out, result.stdout


def test_html_is_one_file_with_no_external_reference(written: tuple[Path, str]) -> None:
    """Issue 29: one self-contained page: nothing beside it, no script, no http(s):, every
    src= a data: URI, every href= an anchor of the page."""
    out, _ = written
    assert sorted(p.name for p in out.parent.iterdir()) == ["report.html"]
    text = out.read_text(encoding="utf-8")
    page = Page()
    page.feed(text)
    page.close()
    assert "script" not in page.tags
    assert "http:" not in text and "https:" not in text
    assert page.references
    for tag, name, value in page.references:
        if name == "src":
            assert value.startswith("data:image/png;base64,"), (tag, value[:40])
        else:
            assert value.startswith("#"), (tag, name, value)
    ids = {value[1:] for _, name, value in page.references if name == "href"}
    for anchor in ids:
        assert f'id="{anchor}"' in text
    body = " ".join(page.text)
    for title in (*TITLES, "The run", "Contents"):
        assert title in body
    assert (
        "tote report wits-and-wagers --players 4 --games 4 --seed 3 --bots expert,random"
        " --review-games 2" in body
    )
    # Issue 29, Bots: mean review accuracy per bot, now that the review (issue 26) is in.
    assert "Review accuracy per bot" in body


def test_json_holds_every_section(written: tuple[Path, str]) -> None:
    """Issue 29: --json is one object with the run and every section's data."""
    _, stdout = written
    data = json.loads(stdout)
    assert data["order"] == ["seat-order", "returns", "game-flow", "decides", "bots"]
    assert [data["sections"][key]["title"] for key in data["order"]] == list(TITLES)
    for section in data["sections"].values():
        assert section["data"]
        assert section["summary"]
    assert data["run"]["games"] == 4 and data["run"]["players"] == [4]
    seats = data["sections"]["seat-order"]["data"]["by_players"][0]["seats"]
    assert sum(s["wins"] for s in seats) >= 4


def test_same_seed_same_report(written: tuple[Path, str], tmp_path: Path) -> None:
    """Issue 29: the page is a function of the run's settings (seeded games, seeded
    bootstrap), so the reproduce command gives the same page."""
    out, _ = written
    again = tmp_path / "again.html"
    result = runner.invoke(app, [*ARGS, "--out", str(again)])
    assert result.exit_code == 0, result.output
    assert again.read_bytes() == out.read_bytes()


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["report", "no-such-game"], "no-such-game"),
        (["report", "wits-and-wagers", "-p", "2-4"], "4 to 20"),
        (["report", "wits-and-wagers", "-p", "6-4"], "backwards"),
        (["report", "wits-and-wagers", "-p", "4", "-n", "0"], "1 to 1,000,000"),
        (["report", "wits-and-wagers", "-p", "4", "-n", "1000001"], "1 to 1,000,000"),
        (["report", "wits-and-wagers", "-p", "4", "--bots", "nobody"], "nobody"),
    ],
)
def test_bad_input_is_one_line_and_status_2(args: list[str], words: str, tmp_path: Path) -> None:
    """Issue 29, bad input: one clear line, status 2, nothing written."""
    result = runner.invoke(app, [*args, "--out", str(tmp_path / "r.html")])
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0], result.stderr
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("name", ["missing/r.html", "r.txt", "."])
def test_unwritable_out_is_refused_before_any_game(name: str, tmp_path: Path) -> None:
    """Issue 29, bad input: an --out that cannot be written is one line, status 2."""
    result = runner.invoke(
        app, ["report", "wits-and-wagers", "-p", "4", "-n", "2", "--out", str(tmp_path / name)]
    )
    assert result.exit_code == 2, result.output
    assert len(result.stderr.strip().splitlines()) == 1
    assert "--out" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_interrupted_report_writes_nothing(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Issue 29: Ctrl+C stops the battery cleanly: no page, no hidden part file."""
    from tote.sim.report import battery

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(battery, "run_battery", interrupted)
    out = tmp_path / "r.html"
    result = runner.invoke(app, [*ARGS, "--out", str(out)])
    assert result.exit_code == 130
    assert "no report written" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_plain_progress_lines_when_not_a_terminal(tmp_path: Path) -> None:
    """Issue 29: progress is a plain line on stderr when it is not a terminal."""
    result = runner.invoke(app, [*ARGS, "--out", str(tmp_path / "r.html")])
    assert result.exit_code == 0, result.output
    assert "wits-and-wagers report: 4/4 games (100" in result.stderr


def test_every_text_of_a_section_is_escaped() -> None:
    """Issue 29: the page escapes what sections say (a bot or option name, a flag), so no
    text can add markup or a script to it."""
    from tote.sim.report.build import ReportRun
    from tote.sim.report.html import report_html
    from tote.sim.report.section import Flag, ReportTable, Section

    evil = '<script>alert("x")</script><img src="http://example.org/x.png">'
    section = Section(
        id="evil",
        title=evil,
        summary=[evil],
        tables=[ReportTable(title=evil, columns=[evil], rows=[[evil]], note=evil)],
        flags=[Flag("warn", evil)],
    )
    run = ReportRun(
        game="g",
        title=evil,
        players=(2,),
        games=1,
        seed=0,
        bots=(evil,),
        variants=(),
        options={"name": evil},
        workers=1,
        command=evil,
    )
    page = Page()
    text = report_html(run, [section])
    page.feed(text)
    assert "script" not in page.tags and "img" not in page.tags
    assert "http:" not in "".join(value for _, _, value in page.references)


def test_json_has_no_nan() -> None:
    """Issue 29: --json is strict JSON: a NaN or infinity in a section's data is null."""
    from tote.sim.report.build import ReportRun
    from tote.sim.report.json import report_json
    from tote.sim.report.section import Section

    run = ReportRun(
        game="g",
        title="G",
        players=(2,),
        games=1,
        seed=0,
        bots=("random",),
        variants=(),
        options={},
        workers=1,
        command="tote report g",
    )
    section = Section(id="s", title="S", summary=[], data={"x": [float("nan"), float("inf")]})
    text = json.dumps(report_json(run, [section]), allow_nan=False)
    assert json.loads(text)["sections"]["s"]["data"] == {"x": [None, None]}


def test_two_workers_write_the_same_page(written: tuple[Path, str], tmp_path: Path) -> None:
    """Issue 29: the battery plays on the runner's workers; the page is the same for any
    number of them."""
    out, _ = written
    at = ARGS.index("--workers") + 1
    args = [*ARGS[:at], "2", *ARGS[at + 1 :]]
    two = tmp_path / "two.html"
    result = runner.invoke(app, [*args, "--out", str(two)])
    assert result.exit_code == 0, result.output
    assert two.read_bytes() == out.read_bytes()


def test_a_section_shows_itself_in_a_notebook() -> None:
    """Issue 29, notebook-friendly: a report section shows in Jupyter as the page lays it
    out (``_repr_html_``), its text escaped, not as a dataclass with PNG bytes."""
    from tote.sim.report.section import Flag, ReportTable, Section

    section = Section(
        id="bots",
        title="Bots <b>",
        summary=["odds wins 40%"],
        tables=[ReportTable(title="Win share", columns=["Bot"], rows=[["odds"]])],
        flags=[Flag("warn", "the intervals overlap")],
    )
    shown = section._repr_html_()
    assert shown.startswith('<section id="bots"><h2>Bots &lt;b&gt;</h2>')
    assert "odds wins 40%" in shown and "the intervals overlap" in shown and "<table" in shown
