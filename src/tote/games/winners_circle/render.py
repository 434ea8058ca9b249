"""Winner's Circle in a terminal: the board and the log, drawn from a seat's view.

This is the game's rendering hook for front ends such as the CLI (see
``tote.cli.board``). It reads only a view (``state.view(seat)`` plus
``"names"``, one display name per seat), never the state, so it cannot show a
face-down chip to anyone but its owner.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from tote.games.winners_circle.narration import describe_event

SYMBOLS = ("head", "cap", "saddle", "shoe")
DIE_FACES = {"head": 3, "cap": 1, "saddle": 1, "shoe": 1}
HORSE_STYLES = {
    "red": "bold red",
    "blue": "bold blue",
    "green": "bold green",
    "yellow": "bold yellow",
    "purple": "bold magenta",
    "orange": "bold dark_orange",
    "white": "bold white",
}
PLACES = {"win": "1st win", "place": "2nd place", "show": "3rd show"}
PHASES = {
    "preparation": "race preparation (drawing horse cards)",
    "first_bettor": "choosing who bets first",
    "bets": "the bets",
    "roll": "running the race",
    "move": "running the race",
    "over": "game over",
}
TRACK_WIDTH = 16
WIDE = 100
"""Screens at least this wide also get a little track bar per horse."""
RECENT_LOG = 6


def _names(view: dict[str, Any]) -> list[str]:
    names = view.get("names")
    if isinstance(names, list) and len(names) == view["players"]:
        return [str(n) for n in names]
    return [f"Player {s + 1}" for s in range(view["players"])]


def _short(seat: int) -> str:
    return f"P{seat + 1}"


def _horse(name: str) -> Text:
    return Text(name, style=HORSE_STYLES.get(name, "bold"))


def _chip(chip: int | None) -> str:
    return "?" if chip is None else str(chip)


def _track_bar(horse: dict[str, Any], state: dict[str, Any]) -> Text:
    """A little track: where the horse is between the start spaces and the finish line."""
    finish: int = state["finish_progress"]
    if horse["progress"] is None:
        return Text("")
    if horse["finished"] is not None:
        return Text("=" * TRACK_WIDTH + "|", style="bold green")
    low = -6  # the rearmost start space (30) is progress -6

    def column(progress: int) -> int:
        share = (progress - low) / (finish - low)
        return max(0, min(TRACK_WIDTH - 1, round(share * (TRACK_WIDTH - 1))))

    here = column(horse["progress"])
    pace = column(state["pace_space"])
    bar = Text()
    for i in range(TRACK_WIDTH):
        if i == here:
            bar.append("o", style=HORSE_STYLES.get(horse["name"], "bold"))
        elif i == pace and state["pace_horse"] is None:
            bar.append("!", style="yellow")
        else:
            bar.append("." if i < here else "-", style="dim")
    bar.append("|", style="dim")
    return bar


def _header(view: dict[str, Any], names: Sequence[str]) -> Text:
    state = view["state"]
    head = Text()
    head.append("Winner's Circle", style="bold")
    head.append(f"  race {state['race']} of {state['races']}")
    if state["multiplier"] != 1:
        head.append(f" (payouts x{state['multiplier']})", style="bold yellow")
    head.append(f"  -  {PHASES.get(state['phase'], state['phase'])}")
    if state["phase"] == "bets":
        players = view["players"]
        betting_round = min(len(state["bets"]) // players + 1, state["betting_rounds"])
        head.append(f", round {betting_round} of {state['betting_rounds']}")
    variants = [name.replace("_", " ") for name, on in state["variants"].items() if on]
    if variants:
        head.append(f"  [{', '.join(variants)}]", style="cyan")
    head.append("\n")
    turn = view["turn"]
    if view["over"]:
        head.append("The game is over.", style="bold")
    elif state["phase"] == "move" and state["roller"] is not None:
        head.append(f"{names[state['roller']]} rolled ")
        head.append(str(state["rolled"]).upper(), style="bold reverse")
        head.append(": choose a face-up horse to move.")
    elif turn["seats"]:
        who = ", ".join(names[s] for s in turn["seats"])
        head.append(f"{who} to {'bet' if state['phase'] == 'bets' else 'act'}.")
    return head


def _status(horse: dict[str, Any]) -> Text:
    """Face up (may move), face down (has moved this cycle), or its finishing place."""
    if horse["finished"] is not None:
        return Text(PLACES[horse["finished"]], style="bold green")
    if horse["face_up"]:
        return Text("up", style="bold green")
    return Text("down", style="dim")


def _track(view: dict[str, Any], wide: bool) -> Table:
    """One row per horse; the little track bar only when the screen is wide enough."""
    state = view["state"]
    rolled = state["rolled"]
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False, show_edge=False)
    table.add_column("Horse", no_wrap=True)
    table.add_column("Space", justify="right")
    table.add_column("To go", justify="right")
    if wide:
        table.add_column("Track", no_wrap=True)
    for symbol in SYMBOLS:
        faces = DIE_FACES[symbol]
        label = symbol if faces == 1 else f"{symbol}x{faces}"
        style = "bold reverse" if symbol == rolled else ""
        table.add_column(Text(label, style=style), justify="right", no_wrap=True)
    table.add_column("Card", no_wrap=True)
    table.add_column("Bets")
    bets_on: dict[str, list[str]] = {h["name"]: [] for h in state["horses"]}
    for bet in state["bets"]:
        bets_on[bet["horse"]].append(f"{_short(bet['seat'])}:{_chip(bet['chip'])}")
    for horse in state["horses"]:
        name = _horse(horse["name"])
        if horse["pace_horse"]:
            name.append(" pace", style="bold yellow")
        card = horse["card"]
        if card is None:
            table.add_row(name, "", "", *([""] if wide else []), Text("not drawn", style="dim"))
            continue
        values = [Text(str(card[s]), style="bold reverse" if s == rolled else "") for s in SYMBOLS]
        table.add_row(
            name,
            "" if horse["space"] is None else str(horse["space"]),
            str(horse["to_finish"]),
            *([_track_bar(horse, state)] if wide else []),
            *values,
            _status(horse),
            " ".join(bets_on[horse["name"]]),
        )
    return table


def _players(view: dict[str, Any], names: Sequence[str]) -> Table:
    state = view["state"]
    me = view["seat"]
    acting = set(view["turn"]["seats"])
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False, show_edge=False)
    table.add_column("")
    table.add_column("Player", no_wrap=True)
    table.add_column("Money", justify="right")
    table.add_column("Chips in hand")
    table.add_column("Bets this race")
    for seat, name in enumerate(names):
        chips = state["chips"][seat]
        if isinstance(chips, list):
            hand = " ".join(str(c) for c in chips) or "-"
        else:
            hand = f"{chips} hidden"
        placed = ", ".join(
            f"{b['horse']} {_chip(b['chip'])}" for b in state["bets"] if b["seat"] == seat
        )
        label = Text(f"{_short(seat)} {name}")
        if seat == me:
            label.append(" (you)", style="bold cyan")
        marker = ">" if seat in acting else ""
        table.add_row(marker, label, str(state["money"][seat]), hand, placed or "-")
    return table


def _payouts(view: dict[str, Any]) -> Group:
    state = view["state"]
    payout = state["payout_table"]
    width = len(payout["win"])
    table = Table(
        box=box.SIMPLE_HEAD,
        padding=(0, 1),
        pad_edge=False,
        show_edge=False,
        title="Payout per bet, by bets on the horse",
        title_justify="left",
    )
    table.add_column("")
    for column in range(1, width + 1):
        table.add_column(str(column), justify="right")
    for row in ("win", "place", "show"):
        table.add_row(row, *(str(v) for v in payout[row]))
    counts: dict[str, int | None] = {h["name"]: 0 for h in state["horses"]}
    alternative = state["variants"]["alternative_payouts"]
    for bet in state["bets"]:
        current = counts[bet["horse"]]
        if current is None or bet["chip"] is None:
            counts[bet["horse"]] = None if not alternative else (current or 0) + 1
        else:
            counts[bet["horse"]] = current + (1 if alternative else bet["chip"])
    pace = payout.get("pace_bonus_per_bet", 100)
    last = payout.get("last_place_per_bet", 100)
    notes = Text(
        f"Pace horse placed: +{pace} per bet.  Last horse: -{last} per bet."
        "  Race 3 pays double.  A 2-chip is two bets, a 0-chip none.",
        style="dim",
    )
    now = Text("Column now: ")
    shown = [(name, n) for name, n in counts.items() if n != 0]
    for i, (name, n) in enumerate(shown):
        if i:
            now.append(", ")
        now.append_text(_horse(name))
        now.append(f" {'?' if n is None else n}")
    if not shown:
        now.append("no bets yet", style="dim")
    return Group(table, notes, now)


def _history(view: dict[str, Any]) -> Text | None:
    lines = Text()
    for race in view["state"]["history"]:
        lines.append(
            f"Race {race['race']}: win {race['win']}, place {race['place']}, "
            f"show {race['show']}; last {', '.join(race['last'])}; "
            f"pace horse {race['pace_horse'] or 'none'}; money "
            + ", ".join(f"{_short(s)} {m}" for s, m in enumerate(race["money"]))
            + "\n"
        )
    return lines if lines.plain else None


class Board:
    """The whole board: header, track, players, payout table, past races, recent log.

    A rich renderable that lays itself out for the width it is given.
    """

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        view = self.view
        names = _names(view)
        yield _header(view, names)
        yield _track(view, wide=options.max_width >= WIDE)
        yield Text("")
        yield _players(view, names)
        yield Text("")
        yield _payouts(view)
        history = _history(view)
        if history is not None:
            yield Text("")
            yield history
        recent = view["log"][-RECENT_LOG:]
        if recent:
            log = Text("Recent:\n", style="bold")
            for event in recent:
                log.append(f"  {describe_event(event, names)}\n")
            yield log


def render(view: dict[str, Any]) -> RenderableType:
    """The board as ``view``'s seat (or a spectator, seat ``None``) may see it."""
    return Board(view)
