"""Horse Fever in a terminal: the Blackboard, the players and the log, from a seat's view.

The game's rendering hook for front ends such as the CLI (``tote.cli.board``). It
reads only a view, never the state, so it shows a hand, Targets or face-down cards
only to their owner. Bets are typed as ``win red 300`` / ``show blue 200`` or
``skip``; every other move is picked from the numbered list.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tote.games.horse_fever.data import card_name

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
                    f"{names[c['seat']]} behind {c['stable']}: {c['card'] or 'face down'}"
                    for c in state["action_cards"]
                )
            )
        )
    if state.get("hand"):
        parts.append(Text("Your hand: " + ", ".join(card_name(c) for c in state["hand"])))
    if state.get("my_targets"):
        parts.append(Text("Your Targets: " + ", ".join(card_name(c) for c in state["my_targets"])))
    if state.get("drawn"):
        parts.append(Text("You drew: " + ", ".join(card_name(c) for c in state["drawn"])))
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


def describe_event(event: dict[str, Any], names: Sequence[str]) -> str:
    """One log entry as a sentence; private details only in their owner's log."""
    kind = event["kind"]

    def who(seat: int | None) -> str:
        if seat is None:
            return "nobody"
        return names[seat] if 0 <= seat < len(names) else f"Player {seat + 1}"

    if kind == "bet":
        return (
            f"{who(event['seat'])} bets {event['amount']} D to {event['bet']} on {event['stable']}"
        )
    if kind == "movement":
        moved = ", ".join(f"{k} {v}" for k, v in event["moved"].items())
        return f"Movement card {event['card']}: {moved}"
    if kind == "sprint":
        return f"Sprint dice {event['dice'][0]}/{event['dice'][1]}"
    if kind == "ranked":
        return f"{event['stable']} is placed {event['place']}"
    if kind == "draw":
        card = event.get("card")
        return f"{who(event['seat'])} draws a{' ' + card if card else 'n'} {event['deck']} card"
    if kind == "action_card":
        card = event.get("card")
        return f"{who(event['seat'])} plays {card or 'an Action card'} behind {event['stable']}"
    if kind == "dutch_auction":
        if event.get("seller") is None:
            return "Dutch auction: nobody sells a VP"
        return f"Dutch auction: {who(event['seller'])} sells a VP for {event['price']} D"
    if kind == "english_auction":
        if event.get("buyer") is None:
            return "English auction: nobody buys a VP"
        return f"English auction: {who(event['buyer'])} buys a VP for {event['price']} D"
    sentence = _SENTENCES.get(kind)
    if sentence is not None:
        return sentence(event, who)
    fields = ", ".join(f"{k}={v}" for k, v in event.items() if k != "kind")
    return f"{kind.replace('_', ' ')}: {fields}"


Who = Callable[[int | None], str]


def _payoff_line(line: dict[str, Any], who: Who) -> str:
    if "prize" in line:
        return f"{who(line['seat'])} {line['prize']} D for the {line['stable']} Stable"
    if "cards" in line:
        return f"{who(line['seat'])} {line['cards']} D from Assistants and Horses"
    if not line["won"]:
        return f"{who(line['seat'])}'s {line['bet']} bet on {line['stable']} loses"
    return (
        f"{who(line['seat'])}'s {line['bet']} bet on {line['stable']} wins"
        f" {line['danari']} D and {line['vp']} VP"
    )


def _final(event: dict[str, Any], who: Who) -> str:
    loans = "; ".join(
        f"{who(loan['seat'])} repays {loan['paid']} D"
        if loan["paid"] is not None
        else f"{who(loan['seat'])} cannot repay"
        for loan in event["loans"]
    )
    vp = ", ".join(f"{who(seat)} {points} VP" for seat, points in enumerate(event["vp"]))
    return f"Final stage: {loans + '; ' if loans else ''}{vp}"


_SENTENCES: dict[str, Callable[[dict[str, Any], Who], str]] = {
    "stable_token": lambda e, who: f"The {e['stable']} Stable starts at 1:{e['odds']}",
    "character": lambda e, who: (
        f"{who(e['seat'])} is {e['character']}: {e['danari']} D"
        + (f" and the {e['stable']} Stable" if e.get("stable") else ", and no Stable")
    ),
    "committed": lambda e, who: f"{who(e['seat'])} has made a secret move",
    "first_player": lambda e, who: f"{who(e['seat'])} is First Player",
    "round": lambda e, who: f"Round {e['round']} of {e['rounds']}: {who(e['first'])} is first",
    "buy": lambda e, who: f"{who(e['seat'])} buys from the {e['deck']} deck",
    "keep": lambda e, who: (
        f"{who(e['seat'])} keeps {card_name(e['card']) if e.get('card') else 'a card'}"
        f" ({e['deck']})"
    ),
    "pass": lambda e, who: f"{who(e['seat'])} passes and takes {e['received']} D",
    "buy_stable": lambda e, who: (
        f"{who(e['seat'])} buys the {e['stable']} Stable for {e['price']} D"
    ),
    "loan": lambda e, who: f"{who(e['seat'])} borrows {e['received']} D from the {e['side']}",
    "lineup": lambda e, who: f"{who(e['seat'])} lines up {card_name(e['card'])} on {e['stable']}",
    "offer": lambda e, who: (
        f"{who(e['buyer'])} offers {who(e['seller'])} {e['price']} D for {card_name(e['card'])}"
    ),
    "offer_refused": lambda e, who: f"{who(e['seller'])} refuses {who(e['buyer'])}'s offer",
    "sold": lambda e, who: (
        f"{who(e['seller'])} sells {card_name(e['card'])} to {who(e['buyer'])} for {e['price']} D"
    ),
    "skip_bet": lambda e, who: f"{who(e['seat'])} makes no second bet",
    "cannot_cover": lambda e, who: (
        f"{who(e['seat'])} cannot cover the Minimum Bet and loses {e['vp_lost']} VP"
    ),
    "eliminated": lambda e, who: f"{who(e['seat'])} is out of the game: {e['why']}",
    "cards_cancelled": lambda e, who: (
        "Cancelled: " + ", ".join(card_name(card) for card in e["cards"])
    ),
    "reveal": lambda e, who: (
        "Action cards revealed: "
        + "; ".join(f"{who(c['seat'])}'s {c['name']} on {c['stable']}" for c in e["cards"])
    ),
    "odds_change": lambda e, who: f"{e['stable']} goes from 1:{e['from']} to 1:{e['to']}",
    "new_odds": lambda e, who: (
        "New odds: " + ", ".join(f"{stable} 1:{odds}" for stable, odds in e["odds"].items())
    ),
    "eric_change": lambda e, who: (
        f"{who(e['seat'])} changes the odds of {e['stable']} to 1:{e['odds']}"
    ),
    "copy": lambda e, who: f"{who(e['seat'])} copies {card_name(e['card'])}",
    "auction": lambda e, who: (
        f"{who(e['seat'])} {'accepts' if e['accept'] else 'declines'}"
        + (f" at {e['price']} D" if e.get("price") else "")
    ),
    "payoffs": lambda e, who: (
        "Payoffs: " + "; ".join(_payoff_line(line, who) for line in e["lines"])
    ),
    "final": _final,
}


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
