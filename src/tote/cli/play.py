"""A game in the terminal: humans sharing one keyboard, and bots.

Humans see only their own seat's view (``state.view(seat)``); bots read only
their :class:`~tote.core.bot.Observation`. Whatever is printed between
turns (bots' moves, chance events) comes from the public view, so nothing a
seat may not know reaches the shared screen, and a pass-the-keyboard screen
clears one human's board before the next human's turn.

What a human types is read, in this order, as a command (``help``, ``board``,
``odds``, ``quit``), the number of a listed legal move, a listed move's name
(:mod:`tote.cli.move_names`), the game's own notation (its render module's
``parse_input``, see :mod:`tote.cli.board`), or a move as JSON, which works in every
game.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from typing import Any

from rich.columns import Columns
from rich.console import Console
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tote.cli.board import Renderer
from tote.cli.move_names import NotOneMove, close_matches, move_by_name
from tote.cli.odds import PLAY_SECONDS, board_for, render_board
from tote.cli.terms import glossary_table, standings_table
from tote.core.bot import Bot, Observation
from tote.core.errors import IllegalMove, ToteError
from tote.core.match import Match
from tote.core.moves import Move
from tote.core.narration import seat_names
from tote.core.record import PlayerEntry
from tote.core.result import Result
from tote.core.state import Turn

ReadLine = Callable[[Text], str]
"""Reads one line after showing a prompt; raises EOFError when input has ended."""

QUIT_WORDS = frozenset({"quit", "q", "exit"})
HELP_WORDS = frozenset({"help", "h", "?"})
BOARD_WORDS = frozenset({"board", "b"})
ODDS_WORDS = frozenset({"odds", "o"})
TERMS_WORDS = frozenset({"terms", "glossary"})


class InputEnded(Exception):
    """The keyboard (or the pipe feeding it) closed before the game ended."""


class Outcome(Enum):
    FINISHED = "finished"
    QUIT = "quit"


def display_names(entries: Sequence[PlayerEntry]) -> list[str]:
    """What the terminal calls the seats: the tables' rule
    (:func:`tote.core.narration.seat_names`): a human's name, "Odds bot" for a bot
    without one of its own ("Odds bot 2" when several play)."""
    return seat_names([(e.name, e.bot) for e in entries])


def result_table(result: Result, names: Sequence[str]) -> Table:
    """Final scores and ranks, best first; winners starred."""
    table = Table(title="Result", title_justify="left")
    table.add_column("Rank", justify="right")
    table.add_column("Player")
    table.add_column("Score", justify="right")
    table.add_column("")
    order = sorted(range(len(names)), key=lambda s: (result.ranking[s], s))
    for seat in order:
        won = seat in result.winners
        table.add_row(
            str(result.ranking[seat]),
            Text(names[seat], style="bold" if won else ""),
            str(result.scores[seat]),
            Text("winner", style="bold green") if won else "",
        )
    return table


def winners_line(result: Result, names: Sequence[str]) -> Text:
    who = [names[s] for s in result.winners]
    if len(who) == 1:
        return Text(f"{who[0]} wins.", style="bold green")
    return Text(f"Shared win: {', '.join(who)}.", style="bold green")


class PlaySession:
    """Runs one match to its end (or until a human quits), printing as it goes."""

    def __init__(
        self,
        match: Match,
        bots: Mapping[int, Bot],
        renderer: Renderer,
        console: Console,
        read_line: ReadLine,
    ) -> None:
        self.match = match
        self.game = match.game
        self.bots = dict(bots)
        self.renderer = renderer
        self.console = console
        self.read_line = read_line
        self.names = display_names(match.players)
        self.humans = [s for s in range(len(self.names)) if s not in self.bots]
        self.shown = 0
        self.last_human: int | None = None

    # ---------------------------------------------------------------- loop
    def run(self) -> Outcome:
        self.print_new_log()
        while True:
            turn = self.match.state.turn()
            if not turn.seats:
                break
            seat = self.next_seat(turn)
            if seat in self.bots:
                self.bot_turn(seat)
            elif not self.human_turn(seat):
                return Outcome.QUIT
            self.print_new_log()
        self.show_end()
        return Outcome.FINISHED

    def next_seat(self, turn: Turn) -> int:
        """Who is asked next. When several seats may act one after the other as
        they like (not a secret simultaneous turn), bots go first, so humans see
        the bots' moves before making theirs; otherwise the lowest seat."""
        if not turn.simultaneous:
            for seat in turn.seats:
                if seat in self.bots:
                    return seat
        return turn.seats[0]

    def print_new_log(self) -> None:
        """Log lines since the last call, from the public view (no seat's secrets)."""
        log = self.match.state.view(None)["log"]
        for event in log[self.shown :]:
            self.console.print(Text(f"  {self.renderer.event(event, self.names)}", style="dim"))
        self.shown = len(log)

    def bot_turn(self, seat: int) -> None:
        bot = self.bots[seat]
        try:
            move = bot.choose(Observation(self.match.state, seat))
            self.match.play(seat, move)
        except IllegalMove as exc:
            raise ToteError(f"{self.names[seat]} made an illegal move: {exc}") from None

    # --------------------------------------------------------------- humans
    def human_turn(self, seat: int) -> bool:
        """Prompt ``seat`` until it makes a legal move (True) or quits (False)."""
        if self.last_human is not None and self.last_human != seat:
            self.pass_screen(seat)
        self.last_human = seat
        self.show_board(seat)
        while True:
            legal = self.match.state.legal_moves(seat)
            try:
                raw = self.read_line(self.prompt(seat, legal)).strip()
            except EOFError:
                raise InputEnded from None
            word = raw.lower()
            if word in QUIT_WORDS:
                return False
            if word in HELP_WORDS:
                self.show_help(seat, legal)
                continue
            if word in BOARD_WORDS:
                self.show_board(seat)
                continue
            if word in ODDS_WORDS:
                self.show_odds(seat)
                continue
            if word in TERMS_WORDS:
                self.show_terms()
                continue
            move = self.read_move(seat, raw, legal)
            if move is None:
                continue
            try:
                self.match.play(seat, move)
            except IllegalMove as exc:
                self.complain(f"Not allowed: {exc}")
                continue
            return True

    def read_move(self, seat: int, raw: str, legal: Sequence[Move] | None) -> Move | None:
        """A move from a number, the game's own notation or JSON; on bad input, says
        why and returns None."""
        if not raw:
            self.complain(f"Type {self.what_to_type(seat, legal)}, 'help' or 'quit'.")
            return None
        if raw.isdigit() and legal:
            number = int(raw)
            if not 1 <= number <= len(legal):
                self.complain(f"There is no move {number}: choose 1 to {len(legal)}.")
                return None
            return legal[number - 1]
        if legal:
            try:
                named = move_by_name(raw, legal, self.move_names(legal))
            except NotOneMove as exc:
                self.complain(f"{exc}.")
                return None
            if named is not None:
                return named
        try:
            data = self.renderer.parse_input(raw, self.input_view(seat), self.names)
        except ValueError as exc:
            self.complain(str(exc) or f"{raw!r} cannot be played now.")
            return None
        if data is not None:
            try:
                return self.match.state.parse(data)
            except IllegalMove as exc:
                self.complain(f"Not a move: {exc}")
                return None
        if raw.isdigit():
            self.complain("There is no numbered list here: type your move as JSON.")
            return None
        if raw.startswith("{"):
            try:
                data = json.loads(raw)
            except json.JSONDecodeError as exc:
                self.complain(f"That is not valid JSON ({exc.msg} at column {exc.colno}).")
                return None
            try:
                return self.match.state.parse(data)
            except IllegalMove as exc:
                self.complain(f"Not a move: {exc}")
                return None
        near = close_matches(raw, self.move_names(legal)) if legal else []
        hint = f" Did you mean: {'; '.join(near)}?" if near else ""
        self.complain(
            f"I don't understand {raw!r}: type {self.what_to_type(seat, legal)}, 'help' or"
            f" 'quit'.{hint}"
        )
        return None

    def move_names(self, legal: Sequence[Move]) -> list[str]:
        """How the list shows each legal move, which is also what may be typed."""
        return [self.game.describe_move(move) for move in legal]

    def input_view(self, seat: int) -> dict[str, Any]:
        """What the game's input hooks read: the seat's view, without the log."""
        return self.match.state.view(seat, log=False)

    def input_help(self, seat: int) -> str | None:
        return self.renderer.input_help(self.input_view(seat), self.names)

    def what_to_type(self, seat: int, legal: Sequence[Move] | None) -> str:
        if legal:
            return "a move number or name, a move as JSON"
        if self.renderer.has_input_hook:
            return "your move (see above), a move as JSON"
        return "a move as JSON"

    def complain(self, message: str) -> None:
        self.console.print(Text(" ".join(message.split()), style="bold red"))

    def prompt(self, seat: int, legal: Sequence[Move] | None) -> Text:
        if legal:
            choices = f"1-{len(legal)}, "
        elif self.renderer.has_input_hook:
            choices = ""
        else:
            choices = "a move as JSON, "
        odds = "odds, " if self.game.markets is not None else ""
        return Text.assemble(
            (self.names[seat], "bold cyan"), f", your move [{choices}{odds}help, quit]: "
        )

    def show_board(self, seat: int) -> None:
        state = self.match.state
        view = state.view(seat)
        self.console.print()
        self.console.rule(Text(f"{self.names[seat]}'s turn", style="bold cyan"))
        self.console.print(self.renderer.board(view, self.names))
        if view["turn"]["simultaneous"]:
            self.console.print(
                Text("Secret move: the others will only see that you have committed.")
            )
        self.show_moves(seat, state.legal_moves(seat))

    def show_moves(self, seat: int, legal: Sequence[Move] | None) -> None:
        if legal is None:
            help_text = self.input_help(seat)
            if help_text:
                self.console.print(Text(help_text, style="bold"))
                return
            kinds = ", ".join(self.match.state.codec.kinds)
            self.console.print(f"Type your move as JSON; this game's move types: {kinds}.")
            return
        items = [
            Text.assemble((f"{i:>2}", "bold"), f". {self.game.describe_move(move)}")
            for i, move in enumerate(legal, start=1)
        ]
        self.console.print(Text("Your legal moves:", style="bold"))
        self.console.print(Columns(items, column_first=True, padding=(0, 3)))

    def show_help(self, seat: int, legal: Sequence[Move] | None) -> None:
        self.console.print(
            Text("'terms' explains the game's words (pace horse, Show...).", style="dim")
        )
        if not legal and self.renderer.has_input_hook:
            self.console.print(
                Text(
                    "Type your move as shown below (a move as JSON works too). "
                    "'board' shows the board again; 'odds' the tote board; "
                    "'quit' stops the game (with --save, the record so far is kept)."
                )
            )
            self.show_moves(seat, legal)
            return
        example = (
            json.dumps(legal[0].to_json())
            if legal
            else json.dumps({"type": self.match.state.codec.kinds[0]})
        )
        self.console.print(
            Text(
                "Type the number of a move from the list, its name (or the start of it), or"
                " the move as JSON, e.g. "
                f"{example}. 'board' shows the board again; 'odds' the tote board (each bet's"
                " chances and value from what you know); 'quit' stops the game "
                "(with --save, the record so far is kept)."
            )
        )
        self.show_moves(seat, legal)

    def show_terms(self) -> None:
        """The game's terms explained (``terms`` at the prompt, issue 15)."""
        self.console.print(glossary_table(self.game.glossary(), self.game.title))

    def show_odds(self, seat: int) -> None:
        """The tote board of ``seat``, from what it knows (``odds`` at the prompt)."""
        if self.game.markets is None:
            self.complain(f"{self.game.title} has no tote board.")
            return
        with self.console.status("Working out the odds..."):
            board = board_for(
                self.game,
                self.match.state,
                seat,
                seed=len(self.match.moves),
                seconds=PLAY_SECONDS,
            )
        self.console.print(render_board(board, self.names))

    def pass_screen(self, seat: int) -> None:
        """Hide the previous human's board, and wait until the next human is at the keys."""
        self.clear()
        self.console.print(
            Panel(Text(f"Pass to {self.names[seat]} — press Enter", style="bold"), expand=False)
        )
        try:
            self.read_line(Text(""))
        except EOFError:
            raise InputEnded from None
        self.clear()

    def clear(self) -> None:
        """Clear the screen and, where the terminal supports it, its scrollback."""
        if self.console.is_terminal:
            self.console.clear()
            self.console.file.write("\x1b[3J")
            self.console.file.flush()
        else:
            self.console.print()

    # ------------------------------------------------------------------ end
    def show_end(self) -> None:
        state = self.match.state
        self.console.print()
        self.console.rule(Text("Final board", style="bold"))
        self.console.print(self.renderer.board(state.view(None), self.names))
        result = state.result()
        if result is None:  # pragma: no cover - the turn said the game is over
            return
        standings = self.game.standings(state)
        if standings is None:  # pragma: no cover - the game is over
            self.console.print(result_table(result, self.names))
        else:
            self.console.print(standings_table(standings, self.names))
        self.console.print(winners_line(result, self.names))
