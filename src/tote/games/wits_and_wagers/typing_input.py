"""What a human types at the Wits & Wagers terminal: :func:`parse_input` reads it
into a move and :func:`input_help` explains it; ``render.py`` hands both to front
ends such as the CLI (``tote.cli.board``). Like the board, it reads only a view.

* Step 1 (answer): the guess itself (``1969``, ``3.5``, ``1,200``, ``3/4``);
  ``blank`` or ``pass`` leaves the answer card blank. The rules refuse what is
  not a number.
* Step 3 (bet): slot numbers 0-7, one per betting chip: ``4`` (one chip on
  slot 4), ``4 4`` (both chips on 4), ``4 0`` (split); ``4+5 0`` or ``4:5 0``
  puts 5 points of poker chips under the chip on slot 4; ``none`` for no bets;
  ``lock`` or ``done`` (open betting) when the bets are final.
"""

from __future__ import annotations

import re
from typing import Any

from tote.games.wits_and_wagers.setup import BETTING_CHIPS

BLANK_WORDS = frozenset({"blank", "pass", "none", "no guess", "skip"})
NONE_WORDS = frozenset({"none", "no bets", "no bet", "pass", "nothing"})
LOCK_WORDS = frozenset({"lock", "done", "lock bets", "locked"})
_BET = re.compile(r"^(\d+)(?:[+:](\d+))?$")


def my_bets(view: dict[str, Any]) -> list[dict[str, Any]] | None:
    """This seat's bets: open ones from the state, secret ones from its commitment."""
    seat = view.get("seat")
    if seat is None:
        return None
    mine = view.get("my_commitment")
    if isinstance(mine, dict) and mine.get("type") == "place_bets":
        return list(mine.get("bets", []))
    bets = view["state"].get("bets", {}).get(str(seat))
    return None if bets is None else list(bets)


def parse_input(text: str, view: dict[str, Any]) -> dict[str, Any] | None:
    """What a human typed, as a move (see the module docstring for the notation).

    ``None`` for what this notation does not cover (JSON, or a step with nothing
    to type); ``ValueError`` with a one-line reason for a malformed bet.
    """
    raw = text.strip()
    if not raw or raw.startswith(("{", "[")):
        return None
    state = view.get("state") or {}
    phase = state.get("phase")
    word = " ".join(raw.lower().split())
    if phase == "answer":
        if word in BLANK_WORDS:
            return {"type": "no_guess"}
        if word in LOCK_WORDS:
            raise ValueError(
                "There are no bets to lock yet: write your guess (a number), or 'blank'."
            )
        return {"type": "guess", "value": raw}
    if phase != "bet":
        return None
    if word in LOCK_WORDS:
        if state.get("betting") == "secret":
            raise ValueError(
                "In secret betting your bets are final once placed: type them, e.g. '4 0',"
                " or 'none'."
            )
        return {"type": "lock_bets"}
    if word in NONE_WORDS:
        return {"type": "place_bets", "bets": []}
    word = re.sub(r"\s*([+:])\s*", r"\1", word)
    if word.startswith("bet "):
        word = word[4:]
    tokens = [t for t in re.split(r"[\s,;]+", word) if t and t not in ("and", "&")]
    bets = []
    for token in tokens:
        found = _BET.match(token)
        if found is None:
            raise ValueError(
                f"{token!r} is not a bet: type slot numbers 0-7 like '4 0', with poker"
                " chips like '4+5 0'; or 'none', or 'lock' when done."
            )
        bets.append({"slot": int(found[1]), "chips": int(found[2] or 0)})
    if len(bets) > BETTING_CHIPS:
        raise ValueError(
            f"You have {BETTING_CHIPS} betting chips, so at most {BETTING_CHIPS} bets"
            f" (e.g. '4 0'), not {len(bets)}."
        )
    return {"type": "place_bets", "bets": bets}


def input_help(view: dict[str, Any]) -> str:
    """One or two lines: what to type at this step."""
    state = view["state"]
    phase = state.get("phase")
    if phase == "answer":
        question = state.get("question") or {}
        unit = question.get("unit") or ""
        unit = f" ({unit})" if unit and unit not in ("count", "number") else ""
        return (
            f"Type your guess as a number{unit}, e.g. 1969, 3.5, 1,200 or 3/4;"
            " or 'blank' to leave your answer card empty."
        )
    if phase == "bet":
        seat = view.get("seat")
        points = state["points"][seat] if seat is not None else 0
        first = (
            "Bet your 2 chips by slot number: '4' (one chip on slot 4), '4 4' (both on 4),"
            " '4 0' (split)."
        )
        if points > 0:
            first += f" '4+5 0' puts 5 of your {points} points under the chip on 4."
        else:
            first += " (No points yet to put under a chip: '4+5 0' later.)"
        if state.get("betting") == "secret":
            return first + "\n'none' for no bets. Bets are final once placed."
        mine = my_bets(view)
        if mine is None:
            return first + "\n'none' for no bets; then 'lock' when your bets are final."
        return first + "\nType new bets to move yours, 'none' to take them back, or 'lock'."
    return "Nothing to type now."
