"""Horse Fever in a terminal: the Blackboard, the players and the log, from a seat's view.

The game's rendering hook for front ends such as the CLI (``tote.cli.board``). It
reads only a view, never the state, so it shows a hand, Targets or face-down cards
only to their owner. Bets are typed as ``win red 300`` / ``show blue 200`` or
``skip``; every other move is picked from the numbered list.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tote.games.horse_fever.narration import card_words
from tote.games.horse_fever.narration import describe_event as describe_event

STYLES = {
    "black": "bold bright_black",
    "blue": "bold blue",
    "green": "bold green",
    "red": "bold red",
    "yellow": "bold yellow",
    "white": "bold white",
}
PHASES = {
    "setup_stables": "Preparation: Stable tokens",
    "setup_characters": "Preparation: Characters",
    "setup_first_player": "Preparation: First Player",
    "copy_assistant": "Purchase Phase: Cédric Copieur",
    "purchase": "1 Purchase Phase",
    "draw": "1 Purchase Phase (drawing)",
    "keep": "1 Purchase Phase (keep one card)",
    "offer": "1 Purchase Phase (an offer)",
    "lineup": "1.3 Starting Lineup",
    "first_bet": "2.1 First bet",
    "race_fixing": "2.2 Race-fixing",
    "second_bet": "2.3 Second bet",
    "secret_bet": "Party Game: secret bets",
    "change_odds": "3.1 Eric Change",
    "movement": "3.2 Race",
    "sprint": "3.2 Race (sprint)",
    "photo_finish": "3.2 Photo Finish",
    "dutch_auction": "4.1 Dutch auction (sell 1 VP)",
    "english_auction": "4.2 English auction (buy 1 VP)",
    "over": "Final Stage: game over",
}
BETTING = ("first_bet", "second_bet", "secret_bet")


def _names(view: dict[str, Any], names: Sequence[str] | None = None) -> list[str]:
    given = list(names or view.get("names") or [])
    if len(given) == view["players"]:
        return [str(n) for n in given]
    return [f"Player {s + 1}" for s in range(view["players"])]


def _stable(name: str) -> Text:
    return Text(name, style=STYLES.get(name, "bold"))


def _players(state: dict[str, Any], names: list[str]) -> Table:
    players = Table(box=box.SIMPLE, title="Players")
    for column in ("player", "character", "Danari", "VP", "min bet", "stables", "cards", "loans"):
        players.add_column(column)
    for p in state["players"]:
        cards = f"{len(p['assistants'])} asst, {len(p['horses'])} horse, {p['targets']} target"
        cards += f", {p['action_cards']} action"
        players.add_row(
            names[p["seat"]] + (" (out)" if p["eliminated"] else ""),
            p["character"] or "",
            str(p["danari"]),
            str(p["vp"]),
            str(p["minimum_bet"]),
            ", ".join(p["stables"]),
            cards,
            ", ".join(p["loans"]),
        )
    return players


def _party_players(state: dict[str, Any], names: list[str]) -> Table:
    """PG 0.1: the Party Game's players hold only chips (and an Action card, PG 0.3)."""
    players = Table(box=box.SIMPLE, title="Players")
    for column in ("player", "Danari", "action cards"):
        players.add_column(column)
    for p in state["players"]:
        players.add_row(names[p["seat"]], str(p["danari"]), str(p["action_cards"]))
    return players


def render(view: dict[str, Any]) -> RenderableType:
    """The board as ``view``'s seat (or a spectator) may see it."""
    state = view["state"]
    names = _names(view)
    header = Text(
        f"Horse Fever, round {state['round']} of {state['rounds']} - "
        f"{PHASES.get(state['phase'], state['phase'])} - First Player: "
        f"{names[state['first_player']]}",
        style="bold",
    )
    board = Table(box=box.SIMPLE, title="Blackboard and track")
    for column in ("stable", "odds", "price", "owner", "horse", "square", "place", "tokens"):
        board.add_column(column)
    finish = state["race"]["finish_line"]
    for s in state["stables"]:
        board.add_row(
            _stable(s["stable"]),
            "-" if s["odds"] is None else f"1:{s['odds']}",
            "-" if s["price"] is None else f"{s['price']} D",
            "" if s["owner"] is None else names[s["owner"]],
            s["horse"] or "",
            f"{s['position']}/{finish}",
            "" if s["place"] is None else str(s["place"]),
            str(s["bet_tokens_left"]),
        )
    if state["mode"] == "party":
        parts: list[RenderableType] = [header, board, _party_players(state, names)]
    else:
        parts = [header, board, _players(state, names)]
    if state["bets"]:
        parts.append(
            Text(
                "Bets: "
                + "; ".join(
                    f"{names[b['seat']]} {b['amount']} D to {b['bet']} on {b['stable']}"
                    for b in state["bets"]
                )
            )
        )
    if state["phase"] == "secret_bet" and view.get("committed"):
        parts.append(Text("Secret bets in: " + ", ".join(names[s] for s in view["committed"])))
    if state["action_cards"]:
        parts.append(
            Text(
                "Action cards: "
                + "; ".join(
                    f"{names[c['seat']]} behind {c['stable']}:"
                    f" {card_words(c['card']) if c['card'] else 'face down'}"
                    for c in state["action_cards"]
                )
            )
        )
    if state.get("hand"):
        parts.append(Text("Your hand: " + ", ".join(card_words(c) for c in state["hand"])))
    if state.get("my_targets"):
        parts.append(Text("Your Targets: " + ", ".join(card_words(c) for c in state["my_targets"])))
    if state.get("drawn"):
        parts.append(Text("You drew: " + ", ".join(card_words(c) for c in state["drawn"])))
    race = state["race"]
    if race["movement_card"]:
        parts.append(
            Text(f"Race unit {race['unit']}: card {race['movement_card']}, dice {race['dice']}")
        )
    if state["auction"]:
        a = state["auction"]
        parts.append(Text(f"Auction: {a['price']} D asked; still in: {a['active']}"))
    if view.get("result"):
        winners = ", ".join(names[s] for s in view["result"]["winners"]) or "nobody"
        parts.append(Text(f"Winner: {winners}", style="bold green"))
    return Group(*parts)


def parse_input(text: str, view: dict[str, Any]) -> dict[str, Any] | None:
    """A bet typed as ``win red 300`` (or ``show``), or ``skip``; ``None`` otherwise."""
    raw = " ".join(text.lower().split())
    state = view.get("state") or {}
    if state.get("phase") not in BETTING or raw.startswith(("{", "[")):
        return None
    if raw == "skip":
        return {"type": "skip_bet"}
    words = raw.split()
    if len(words) != 3 or words[0] not in ("win", "show"):
        raise ValueError("type e.g. 'win red 300', 'show blue 200' or 'skip'")
    try:
        amount = int(words[2])
    except ValueError:
        raise ValueError(f"{words[2]!r} is not an amount of Danari") from None
    return {"type": "place_bet", "stable": words[1], "bet": words[0], "amount": amount}


def input_help(view: dict[str, Any]) -> str:
    state = view["state"]
    if state.get("phase") in BETTING:
        me = view.get("seat")
        minimum = state["players"][me]["minimum_bet"] if me is not None else 100
        extra = {"second_bet": " or 'skip'", "secret_bet": " (secret, mandatory)"}.get(
            state["phase"], " (mandatory)"
        )
        return (
            f"Bet: 'win <horse> <Danari>' or 'show <horse> <Danari>', at least {minimum} D{extra}."
        )
    return "Pick a move by its number."
