"""Moves typed by name at the terminal's prompt (issue 15).

Besides a move's number, a player may type the move as the list shows it, the text of
:meth:`Game.describe_move <tote.core.game.Game.describe_move>`: case and punctuation
do not matter, nor extra spaces; a prefix of at least :data:`MIN_PREFIX` letters that
only one legal move starts with selects it too, and so do a few of its words, in any
order, that only one legal move's name holds ("2-chip blue" for "bet a 2-chip on the
blue horse"). Seat names for ``--names`` are checked
here as well.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence

from tote.core.moves import Move

MIN_PREFIX = 3
"""Letters a prefix needs before it may select a move."""
MAX_NAME = 40
"""Longest seat name, in characters (as at the server's tables)."""
SHOWN = 5
"""Close matches listed when a typed name selects no move."""


class NotOneMove(ValueError):
    """Typed text names several legal moves, or none (the message says which, and lists
    close matches); nothing was played."""


def normalise(text: str) -> str:
    """Lower case, punctuation dropped, one space between words: "Bet $1,300 Danari!"
    -> "bet 1300 danari"."""
    return " ".join(re.sub(r"[^\w\s]", "", text.lower()).split())


def move_by_name(text: str, legal: Sequence[Move], names: Sequence[str]) -> Move | None:
    """The legal move ``text`` names (``names[i]`` is how ``legal[i]`` is shown); ``None``
    when ``text`` names none of them at all. Raises :class:`NotOneMove` when it names
    several (an ambiguous prefix, or moves shown alike)."""
    typed = normalise(text)
    if not typed:
        return None
    shown = [normalise(n) for n in names]
    exact = [i for i, n in enumerate(shown) if n == typed]
    if len(exact) == 1:
        return legal[exact[0]]
    if len(exact) > 1:
        raise NotOneMove(
            f"{text.strip()!r} is the name of {len(exact)} moves here; type the number of"
            f" the one you mean ({', '.join(str(i + 1) for i in exact[:SHOWN])})"
        )
    if sum(c.isalpha() for c in typed) < MIN_PREFIX:
        return None
    starting = [i for i, n in enumerate(shown) if n.startswith(typed)]
    if len(starting) == 1:
        return legal[starting[0]]
    if len(starting) > 1:
        listed = "; ".join(f"{i + 1}. {names[i]}" for i in starting[:SHOWN])
        more = f" and {len(starting) - SHOWN} more" if len(starting) > SHOWN else ""
        raise NotOneMove(f"{text.strip()!r} could be several moves: {listed}{more}")
    words = set(typed.split())
    holding = [i for i, n in enumerate(shown) if words <= set(n.split())]
    if len(holding) == 1:
        return legal[holding[0]]
    if len(holding) > 1:
        listed = "; ".join(f"{i + 1}. {names[i]}" for i in holding[:SHOWN])
        more = f" and {len(holding) - SHOWN} more" if len(holding) > SHOWN else ""
        raise NotOneMove(f"{text.strip()!r} could be several moves: {listed}{more}")
    return None


def close_matches(text: str, names: Sequence[str]) -> list[str]:
    """Up to :data:`SHOWN` move names that look like ``text`` (for a "did you mean")."""
    typed = normalise(text)
    shown = {normalise(n): n for n in names}
    return [shown[m] for m in difflib.get_close_matches(typed, list(shown), SHOWN, 0.5)]


def parse_seat_names(raw: str, seats: int) -> list[str]:
    """``--names Ann,Bob``: names for the first seats, in order; refused (``ValueError``,
    one line) when there are more names than seats, or a name is empty, too long, not
    printable or given twice."""
    names = [n.strip() for n in raw.split(",")]
    if len(names) > seats:
        raise ValueError(f"--names gives {len(names)} names for {seats} seats")
    seen: set[str] = set()
    for i, name in enumerate(names, start=1):
        if not name:
            raise ValueError(f"--names: name {i} is empty")
        if len(name) > MAX_NAME:
            raise ValueError(f"--names: {name[:12]!r}... is longer than {MAX_NAME} characters")
        if not name.isprintable():
            raise ValueError(f"--names: name {i} has characters that cannot be shown")
        if name.casefold() in seen:
            raise ValueError(f"--names: {name!r} is given twice")
        seen.add(name.casefold())
    return names
