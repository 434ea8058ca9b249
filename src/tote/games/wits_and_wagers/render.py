"""Wits & Wagers in a terminal: the question, the betting mat, points and history,
the log as sentences, and what a human types (read in ``typing_input.py``).

This is the game's hook for front ends such as the CLI (see ``tote.cli.board``,
which looks up ``render``, ``describe_event``, ``parse_input`` and ``input_help``
on this module). It reads only a view (``state.view(seat)`` plus ``"names"``, one
display name per seat), never the state: a seat's secret guess or secret bets reach
the screen only in that seat's own view (``my_commitment``), never anyone else's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tote.games.wits_and_wagers.mat import ALL_TOO_HIGH, SLOT_ODDS, SLOTS
from tote.games.wits_and_wagers.narration import describe_event as describe_event
from tote.games.wits_and_wagers.paying_out import BONUS
from tote.games.wits_and_wagers.setup import QUESTIONS_PER_GAME
from tote.games.wits_and_wagers.typing_input import input_help, my_bets, parse_input

__all__ = ["Board", "describe_event", "input_help", "parse_input", "render"]

UNBOUNDED = 10_000
"""A width no mat reaches: to measure how wide the mat is laid out left to right."""
WIDE_HISTORY = 40
"""Below this width (plus 6 per seat) the history is lines instead of a table."""
STEPS = {
    "draw": "drawing the next question",
    "answer": "Step 1: write your guess",
    "bet": "Step 3: bet",
    "over": "game over",
}
ME = "bold cyan"


# ------------------------------------------------------------------ helpers
def _names(view: dict[str, Any]) -> list[str]:
    names = view.get("names")
    if isinstance(names, list) and len(names) == view["players"]:
        return [str(n) for n in names]
    return [f"Player {s + 1}" for s in range(view["players"])]


def _short(seat: int) -> str:
    return f"P{seat + 1}"


def _number(text: str | None) -> str:
    """A guess or answer as people read it: ``1969``, ``4,294,967,296``, ``-3.5``."""
    if text is None:
        return ""
    digits = text.lstrip("-")
    if digits.isdigit() and len(digits) > 4:
        return f"{int(text):,}"
    return text


def _unit_after_number(unit: str) -> str:
    """`` m`` for ``979 m``; nothing where the unit goes without saying (``1869``)."""
    if unit in ("", "count", "number", "year"):
        return ""
    if unit.startswith("year "):  # "year BC": 44 BC
        unit = unit[len("year ") :]
    return f" {unit}"


def _team(view: dict[str, Any], seat: int) -> str | None:
    """The seat's team name and members, when the game was set up with teams."""
    teams = view["state"].get("teams") or []
    if seat >= len(teams):
        return None
    team = teams[seat]
    members = [m["name"] for m in team.get("members", [])]
    default = f"Player {seat + 1}"
    if team["name"] == default and members == [default]:
        return None
    if members == [team["name"]]:
        return str(team["name"])
    return f"{team['name']} ({', '.join(members)})"


def _seats(seats: Sequence[int], names: Sequence[str]) -> str:
    return ", ".join(names[s] for s in seats) if seats else "nobody"


def _wager(bet: dict[str, Any]) -> str:
    """``P1`` style is added by the caller; this is ``4`` or ``4+5``."""
    return f"{bet['slot']}" + (f"+{bet['chips']}" if bet.get("chips") else "")


def _slot_name(slot: int, guess: str | None = None) -> str:
    odds = SLOT_ODDS[slot] if 0 <= slot < SLOTS else "?"
    if slot == ALL_TOO_HIGH:
        return f"slot 0 (All Guesses Too High, {odds} to 1)"
    shown = f", guess {_number(guess)}" if guess is not None else ""
    return f"slot {slot} ({odds} to 1{shown})"


def _all_bets(view: dict[str, Any]) -> dict[int, list[dict[str, Any]]]:
    """Every bet this view may show: the open (or revealed) bets, plus the seat's own
    secret ones; nobody else's secret bets are in a view to begin with."""
    shown = {int(s): list(b) for s, b in view["state"].get("bets", {}).items()}
    seat = view.get("seat")
    mine = view.get("my_commitment")
    if seat is not None and isinstance(mine, dict) and mine.get("type") == "place_bets":
        shown[seat] = list(mine.get("bets", []))
    return shown


# ------------------------------------------------------------------ the board
def _header(view: dict[str, Any]) -> Text:
    state = view["state"]
    head = Text()
    head.append("Wits & Wagers", style="bold")
    number = state.get("number") or 0
    questions = state.get("questions") or QUESTIONS_PER_GAME
    if number:
        head.append(f"  question {number} of {questions}")
    phase = "over" if view.get("over") else state.get("phase", "")
    head.append(f"  -  {STEPS.get(phase, phase)}")
    if state.get("betting") == "secret":
        head.append("  [secret betting]", style="cyan")
    if phase in ("answer", "bet"):
        limit = state.get("time_limit")
        head.append("\n")
        if limit is None:
            head.append("No time limit.", style="dim")
        else:
            what = "answer" if phase == "answer" else "bet"
            head.append(
                f"Time limit at the table: {limit} s to {what} (the terminal does not enforce it).",
                style="dim",
            )
    return head


def _question(view: dict[str, Any]) -> Panel | None:
    state = view["state"]
    question = state.get("question")
    if not question or view.get("over"):
        return None
    body = Text(question["text"], style="bold")
    about = []
    if question.get("unit"):
        about.append(f"unit: {question['unit']}")
    if question.get("category"):
        about.append(f"category: {question['category']}")
    if about:
        body.append("\n" + "   ".join(about), style="dim")
    questions = state.get("questions") or QUESTIONS_PER_GAME
    return Panel(
        body,
        title=f"Question {state['number']} of {questions}",
        title_align="left",
        box=box.ROUNDED,
    )


def _answer_step(view: dict[str, Any], names: Sequence[str]) -> Text:
    seat = view.get("seat")
    text = Text()
    mine = view.get("my_commitment")
    if seat is not None:
        if isinstance(mine, dict) and mine.get("type") == "guess":
            text.append("Your guess: ")
            text.append(_number(str(mine.get("value"))), style=ME)
            text.append(" (secret until everyone has written).\n")
        elif isinstance(mine, dict) and mine.get("type") == "no_guess":
            text.append("You left your answer card blank.\n")
        elif seat in view["turn"]["seats"]:
            text.append(
                "Write your guess: closest to the answer without going over wins.\n", style=ME
            )
    committed = view.get("committed") or []
    waiting = view["turn"]["seats"]
    text.append(f"Written: {_seats(committed, names)}.  ")
    text.append(f"Still writing: {_seats(waiting, names)}.")
    return text


def _mat_cells(view: dict[str, Any], stack: bool) -> list[tuple[Text, Text, Text]]:
    """Per slot, left to right: its guess, who wrote it, and the bets on it (one
    under the other if ``stack``, like chips on the mat)."""
    me = view.get("seat")
    bets = _all_bets(view)
    mat = view["state"]["mat"]
    cells = []
    for slot in mat:
        number = slot["slot"]
        if slot["all_too_high"]:
            guess = Text("All Guesses Too High", style="italic")
        elif slot["guess"] is None:
            guess = Text("-", style="dim")
        else:
            guess = Text(_number(slot["guess"]), style="bold")
        writers = Text(" ".join(_short(s) for s in slot["seats"]))
        on_slot = Text()
        for seat in sorted(bets):
            here = [bet.get("chips", 0) for bet in bets[seat] if bet["slot"] == number]
            bare = here.count(0)
            labels = [f"{_short(seat)}+{chips}" for chips in here if chips]
            if bare:
                labels.append(_short(seat) + (f"x{bare}" if bare > 1 else ""))
            for label in labels:
                if on_slot:
                    on_slot.append("\n" if stack else " ")
                on_slot.append(label, style=ME if seat == me else "")
        cells.append((guess, writers, on_slot))
    return cells


def _mat_wide(view: dict[str, Any]) -> Table:
    """The mat left to right, as on the table."""
    table = Table(
        box=box.SIMPLE_HEAD,
        padding=(0, 1),
        collapse_padding=True,
        pad_edge=False,
        show_edge=False,
        title="The mat (bet by slot number)",
        title_justify="left",
        title_style="bold",
    )
    table.add_column(Text("slot\npays", style="dim"), no_wrap=True)
    for slot in range(SLOTS):
        header = Text(f"{slot}\n", style="bold")
        header.append(f"{SLOT_ODDS[slot]} to 1", style="")
        table.add_column(
            header,
            justify="center",
            min_width=11 if slot == ALL_TOO_HIGH else 6,
            max_width=11 if slot == ALL_TOO_HIGH else None,
            overflow="fold",
        )
    cells = _mat_cells(view, stack=True)
    table.add_row(Text("guess", style="dim"), *(c[0] for c in cells))
    table.add_row(Text("by", style="dim"), *(c[1] for c in cells))
    table.add_row(Text("bets", style="dim"), *(c[2] for c in cells))
    return table


def _mat_narrow(view: dict[str, Any]) -> Table:
    """The mat top to bottom, for narrow screens."""
    table = Table(
        box=box.SIMPLE_HEAD,
        padding=(0, 1),
        pad_edge=False,
        show_edge=False,
        title="The mat (bet by slot number)",
        title_justify="left",
        title_style="bold",
    )
    table.add_column("slot", justify="right", no_wrap=True)
    table.add_column("pays", no_wrap=True)
    table.add_column("guess", overflow="fold")
    table.add_column("by")
    table.add_column("bets")
    for slot, (guess, writers, on_slot) in enumerate(_mat_cells(view, stack=False)):
        table.add_row(str(slot), f"{SLOT_ODDS[slot]}:1", guess, writers, on_slot)
    return table


def _bet_step(view: dict[str, Any], names: Sequence[str]) -> Text:
    state = view["state"]
    seat = view.get("seat")
    text = Text()
    if any(bet.get("chips") for bets in _all_bets(view).values() for bet in bets):
        text.append(
            "P1+5 is P1's betting chip with 5 points of poker chips under it. ", style="dim"
        )
    if state.get("betting") == "secret":
        text.append("Secret betting: all bets are revealed together.\n", style="dim")
        done = view.get("committed") or []
        text.append(f"Have bet: {_seats(done, names)}.  ")
        text.append(f"Still betting: {_seats(view['turn']['seats'], names)}.")
    else:
        text.append("Open betting: bets may be moved until locked.\n", style="dim")
        locked = state.get("locked") or []
        text.append(f"Locked: {_seats(locked, names)}.  ")
        text.append(f"Still betting: {_seats(view['turn']['seats'], names)}.")
    mine = my_bets(view)
    if seat is not None and mine is not None:
        text.append("\nYour bets: ")
        text.append(_describe_bets(mine, state.get("mat")), style=ME)
        if state.get("betting") == "secret":
            text.append(" (secret until everyone has bet)")
    return text


def _describe_bets(bets: Sequence[dict[str, Any]], mat: Sequence[dict[str, Any]] | None) -> str:
    if not bets:
        return "none"
    guesses = {s["slot"]: s["guess"] for s in mat or []}
    slots = {bet["slot"] for bet in bets}
    if len(bets) > 1 and len(slots) == 1 and not any(bet.get("chips") for bet in bets):
        slot = bets[0]["slot"]
        return f"both chips on {_slot_name(slot, guesses.get(slot))}"
    parts = []
    for bet in bets:
        part = _slot_name(bet["slot"], guesses.get(bet["slot"]))
        if bet.get("chips"):
            part += f" with {bet['chips']} points"
        parts.append(part)
    return " and ".join(parts)


def _points(view: dict[str, Any], names: Sequence[str]) -> Table:
    state = view["state"]
    me = view.get("seat")
    acting = set(view["turn"]["seats"])
    phase = "over" if view.get("over") else state.get("phase")
    on_mat: dict[int, str] = {}
    for slot in state.get("mat") or []:
        for seat in slot["seats"]:
            on_mat[seat] = f"guessed {_number(slot['guess'])} (slot {slot['slot']})"
    committed = set(view.get("committed") or [])
    locked = set(state.get("locked") or [])
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False, show_edge=False)
    table.add_column("")
    table.add_column("Seat")
    table.add_column("Points", justify="right")
    steps = phase in ("answer", "bet")
    if steps:
        table.add_column("Now")
    for seat, name in enumerate(names):
        label = Text(f"{_short(seat)} {name}")
        if seat == me:
            label.append(" (you)", style=ME)
        team = _team(view, seat)
        if team:
            label.append(f"\n   {team}", style="dim")
        if phase == "answer":
            now = "has written" if seat in committed else "writing"
        elif phase == "bet":
            guess = on_mat.get(seat, "blank card")
            if state.get("betting") == "secret":
                status = "has bet" if seat in committed else "betting"
            else:
                status = "locked" if seat in locked else "betting"
            now = f"{guess}; {status}"
        else:
            now = ""
        marker = ">" if seat in acting else ""
        table.add_row(marker, label, str(state["points"][seat]), *([now] if steps else []))
    return table


def _changes(question: dict[str, Any], seat: int) -> list[str]:
    """What one seat won and lost on one past question."""
    parts = []
    if seat in question.get("bonus", []):
        parts.append(f"+{BONUS} bonus")
    for bet in question.get("bets", []):
        if bet["seat"] != seat:
            continue
        if "won" in bet:
            parts.append(f"+{bet['won']} on slot {_wager(bet)}")
        elif bet.get("lost"):
            parts.append(f"-{bet['lost']} on slot {_wager(bet)}")
    return parts


def _winner(question: dict[str, Any], names: Sequence[str] | None = None) -> str:
    slot = question["winning_slot"]
    if slot == ALL_TOO_HIGH:
        return f"All Guesses Too High ({question['odds']} to 1)"
    winners = []
    for entry in question.get("mat", []):
        if entry["slot"] == slot:
            winners = entry["seats"]
    who = ", ".join(names[s] if names else _short(s) for s in winners)
    text = f"{_number(question['winning_guess'])} on slot {slot} ({question['odds']} to 1)"
    return f"{text} by {who}" if who else text


def _history(view: dict[str, Any], names: Sequence[str], width: int) -> RenderableType | None:
    history = view["state"].get("history") or []
    if not history:
        return None
    players = view["players"]
    if width >= WIDE_HISTORY + 6 * players:
        table = Table(
            box=box.SIMPLE_HEAD,
            padding=(0, 1),
            pad_edge=False,
            show_edge=False,
            title="Past questions (points won or lost by each seat)",
            title_justify="left",
            title_style="bold",
        )
        table.add_column("Q", justify="right")
        table.add_column("Answer", justify="right", overflow="fold")
        table.add_column("Winning guess", overflow="fold")
        for seat in range(players):
            table.add_column(_short(seat), justify="right", no_wrap=True)
        for q in history:
            deltas = [q["points"][s] - q["points_before"][s] for s in range(players)]
            table.add_row(
                str(q["number"]),
                f"{_number(q['answer'])}",
                _winner(q),
                *(f"{d:+d}" if d else "0" for d in deltas),
            )
        last = history[-1]
        details = [
            f"{_short(s)} {', '.join(_changes(last, s))}"
            for s in range(players)
            if _changes(last, s)
        ]
        note = Text(
            f"Question {last['number']}: " + ("; ".join(details) or "no points changed hands"),
            style="dim",
        )
        return Group(table, note)
    lines = Text("Past questions\n", style="bold")
    for q in history:
        lines.append(f"Q{q['number']}: answer {_number(q['answer'])}; ", style="")
        lines.append(f"won: {_winner(q)}\n", style="")
        changes = [
            f"{_short(s)} {', '.join(_changes(q, s))}" for s in range(players) if _changes(q, s)
        ]
        lines.append("  " + ("; ".join(changes) or "no points changed hands") + "\n", style="dim")
    lines.rstrip()
    return lines


class Board:
    """The whole board for one view; lays itself out for the width it is given: the
    mat goes left to right where it fits, else top to bottom."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        view = self.view
        names = _names(view)
        state = view["state"]
        width = options.max_width
        yield _header(view)
        question = _question(view)
        if question is not None:
            yield question
        phase = state.get("phase")
        if not view.get("over") and phase == "answer":
            yield _answer_step(view, names)
        elif not view.get("over") and phase == "bet" and state.get("mat"):
            wide = _mat_wide(view)
            unbounded = options.update(max_width=UNBOUNDED)
            fits = Measurement.get(console, unbounded, wide).maximum <= width
            yield wide if fits else _mat_narrow(view)
            yield _bet_step(view, names)
        yield Text("")
        yield _points(view, names)
        history = _history(view, names, width)
        if history is not None:
            yield Text("")
            yield history


def render(view: dict[str, Any]) -> RenderableType:
    """The board as ``view``'s seat (or a spectator, seat ``None``) may see it."""
    return Board(view)


# ------------------------------------------------------------------ the log
