"""Wetten! in a terminal: the track, the players, the seat's own cards and tickets,
the log as sentences, and what a human types for a betting ticket.

It reads only a view (``state.view(seat)`` plus ``"names"``), never the state, so
it cannot show another seat's hand, action cards or face-down tickets.

What a human types for a ticket (:func:`parse_input`, explained by
:func:`input_help`): bets separated by commas, each ``HORSE PLACE STAKE`` where
HORSE is a number 1-4 or a name (``Queen 1 2000, 4 4 1000``); ``none`` for an
empty ticket. On a Second Bet ticket a ``*`` after a bet marks it for Long Odds.
Every other move is picked from the numbered list.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tote.games.wetten.narration import describe_event as describe_event

STAGES = {
    "deal": "dealing the cards",
    "window": "action window",
    "set_the_stakes": "Phase 1: Set the Stakes (write your ticket)",
    "play": "lay a race card",
    "refill": "free cards",
    "resolve": "action cards resolve",
    "second_bet": "Phase 3: Second Bet (write your ticket)",
    "over": "game over",
}
WINDOWS = {
    "stakes": "before Set the Stakes",
    "start_before": "Start, before the race cards are chosen",
    "start": "Start, cards revealed",
    "second_bet": "Second Bet",
    "neck_and_neck": "Neck-and-Neck, cards revealed",
}
WHEN = {**WINDOWS, "any": "any time"}
"""When an action card may be played, in words (the card data's times are codes)."""
NONE_WORDS = frozenset({"none", "no bets", "nothing", "pass", "-"})
BAR = 24


def _names(view: dict[str, Any]) -> list[str]:
    names = view.get("names")
    if isinstance(names, list) and len(names) == view["players"]:
        return [str(n) for n in names]
    return [f"Player {s + 1}" for s in range(view["players"])]


def _header(view: dict[str, Any], names: Sequence[str]) -> Text:
    state = view["state"]
    stage = STAGES.get(state["stage"], state["stage"])
    if state["stage"] == "window" and state["timing"]:
        who = names[state["priority"]] if state["priority"] is not None else ""
        stage = f"action window: {WINDOWS.get(state['timing'], state['timing'])} ({who} to act)"
    bank = "unlimited" if state["bank"] is None else f"{state['bank']:,}"
    pro = "on" if state["pro_rules"] else "off"
    return Text.assemble(
        (f"Wetten!  Race {state['race']} of {state['races']}", "bold"),
        f"  minimum stake {state['minimum_stake']:,}  bank {bank}  No chance... {pro}\n",
        (stage, "cyan"),
    )


def _track(view: dict[str, Any]) -> Table:
    state = view["state"]
    track = state["track"]
    table = Table(box=box.SIMPLE, title=f"Track: {track} fields")
    for column in ("#", "horse", "fields", "", "last move", "place"):
        table.add_column(column)
    for horse in state["horses"]:
        done = min(horse["position"], track + 1)
        filled = round(BAR * done / (track + 1))
        place = "" if horse["place"] is None else f"{horse['place']}."
        table.add_row(
            str(horse["number"]),
            horse["name"],
            f"{horse['position']}/{track}",
            "#" * filled + "." * (BAR - filled),
            str(horse["moved"]),
            place,
        )
    return table


def _players(view: dict[str, Any], names: Sequence[str]) -> Table:
    state = view["state"]
    table = Table(box=box.SIMPLE, title="Players")
    for column in ("player", "cash", "cards", "actions", "tickets", "next card", "next action"):
        table.add_column(column)
    for seat, name in enumerate(names):
        ticket = state["tickets"][seat]
        marked = " (shown)" if ticket["no_chance"] else ""
        fee = state["action_fee"][seat]
        table.add_row(
            Text(name, style="bold cyan" if seat == view["seat"] else ""),
            f"{state['cash'][seat]:,}",
            str(state["hand_sizes"][seat]),
            str(state["action_counts"][seat]),
            f"{ticket['stakes_total']:,} + {ticket['second_total']:,}{marked}",
            f"{state['card_price'][seat]:,}",
            "-" if fee is None else (f"{fee:,}" if fee else "free"),
        )
    return table


def _cells(bets: Sequence[dict[str, Any]] | None) -> str:
    if not bets:
        return "no bets"
    return ", ".join(f"{b['stake']:,} on {b['horse']} {b['place']}." for b in bets)


def _mine(view: dict[str, Any]) -> Text | None:
    state = view["state"]
    seat = view["seat"]
    if seat is None:
        return None
    horses = [h["name"] for h in state["horses"]]

    def race_card(card: dict[str, Any]) -> str:
        """A race card by what it shows (its id is a code): "(Q1 R2 L1 J2)"."""
        moves = " ".join(f"{n[0]}{v}" for n, v in zip(horses, card["values"], strict=True))
        return f"({moves})"

    text = Text("Your race cards: ", style="bold")
    text.append("  ".join(race_card(c) for c in state["hand"]) or "none")
    text.append("\nYour action cards: ", style="bold")
    text.append(
        "; ".join(
            f"{c['name']} ({', '.join(WHEN.get(w, 'any time') for w in c['when'])}): {c['text']}"
            for c in state["action_cards"]
        )
        or "none"
    )
    ticket = state["tickets"][seat]
    text.append("\nSet the Stakes: ", style="bold")
    text.append(_cells(ticket["set_the_stakes"]))
    text.append("   Second Bet: ", style="bold")
    text.append(_cells(ticket["second_bet"]))
    if state["insider_tip"]:
        tip = state["insider_tip"]
        text.append(f"\nInsider Tip on {_names(view)[tip['opponent']]}: ")
        text.append("  ".join(race_card(c) for c in tip["cards"]) or "no race cards")
    if state["looking_at"]:
        text.append("\nPaddock Tip: ")
        text.append("  ".join(race_card(c) for c in state["looking_at"]))
    return text


def _announced(view: dict[str, Any], names: Sequence[str]) -> Text | None:
    announced = view["state"]["announced"]
    if not announced:
        return None
    return Text(
        "Announced: "
        + "; ".join(
            f"{names[a['seat']]}: {a['name']}"
            + (f" on {a['horse']}" if a["horse"] else "")
            + (" (cancelled)" if a["cancelled"] else "")
            for a in announced
        )
    )


def render(view: dict[str, Any]) -> RenderableType:
    """The board as ``view``'s seat (or a spectator) may see it."""
    names = _names(view)
    parts: list[RenderableType] = [_header(view, names), _track(view), _players(view, names)]
    for part in (_announced(view, names), _mine(view)):
        if part is not None:
            parts.append(part)
    history = view["state"]["history"]
    if history:
        last = history[-1]
        order = sorted(last["places"].items(), key=lambda kv: kv[1])
        parts.append(
            Text(
                f"Race {last['race']}: "
                + ", ".join(f"{p}. {h}" for h, p in order)
                + "   cash "
                + ", ".join(f"{names[s]} {c:,}" for s, c in enumerate(last["cash"]))
            )
        )
    return Group(*parts)


def _horse(text: str, horses: Sequence[str]) -> str:
    if text.isdigit() and 1 <= int(text) <= len(horses):
        return horses[int(text) - 1]
    matches = [h for h in horses if h.lower().startswith(text.lower())]
    if len(matches) != 1:
        raise ValueError(f"which horse is {text!r}? horses: {', '.join(horses)}")
    return matches[0]


def parse_input(text: str, view: dict[str, Any]) -> dict[str, Any] | None:
    """A betting ticket typed as ``Queen 1 2000, 4 4 1000`` (``*`` marks Long Odds)."""
    text = text.strip()
    stage = view["state"]["stage"]
    if text.startswith("{") or stage not in ("set_the_stakes", "second_bet"):
        return None
    horses = [h["name"] for h in view["state"]["horses"]]
    bets = []
    marked = None
    if text.lower() not in NONE_WORDS:
        for item in text.replace(";", ",").split(","):
            words = item.split()
            if not words:
                continue
            star = words[-1].endswith("*")
            words[-1] = words[-1].rstrip("*")
            if len(words) < 3 or not words[-1].isdigit() or not words[-2].isdigit():
                raise ValueError(f"write each bet as HORSE PLACE STAKE, not {item.strip()!r}")
            horse = _horse(" ".join(words[:-2]), horses)
            bet = {"horse": horse, "place": int(words[-2]), "stake": int(words[-1])}
            bets.append(bet)
            if star:
                marked = {"horse": horse, "place": bet["place"]}
    if stage == "set_the_stakes":
        if marked:
            raise ValueError("a * (Long Odds) marks a Second Bet, not Set the Stakes")
        return {"type": "set_the_stakes", "bets": bets}
    return {"type": "second_bet", "bets": bets, "long_odds": marked}


def input_help(view: dict[str, Any]) -> str:
    state = view["state"]
    return (
        f"Write your ticket: bets as HORSE PLACE STAKE separated by commas, each at least"
        f" {state['minimum_stake']:,} in 1000s (e.g. 'Queen 1 {state['minimum_stake']},"
        f" 4 4 {state['minimum_stake']}'), or 'none'."
        + (" A * after a bet marks it for Long Odds." if state["stage"] == "second_bet" else "")
    )
