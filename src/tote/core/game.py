"""A game's description: id, player counts, variants, options, bots, and how to start it."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Annotated, Any, ClassVar

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PlainSerializer,
    ValidationError,
    field_validator,
)
from pydantic.json_schema import SkipJsonSchema

from tote import __version__
from tote.core.bot import BotFactory
from tote.core.data_changes import DataChanges, as_mapping, changes_of, file_of, for_file
from tote.core.errors import OptionsError
from tote.core.glossary import Glossary, load_glossary
from tote.core.moves import Move
from tote.core.narration import join_words, neutral
from tote.core.result import Result
from tote.core.standings import Standings, plain_standings
from tote.core.state import State
from tote.core.tote_board import Markets


def engine_before(version: str, other: str) -> bool:
    """Whether engine ``version`` is older than ``other`` (``"0.1.0"`` before ``"0.2.0"``);
    a version that is not dotted numbers counts as older than any."""
    try:
        return tuple(int(p) for p in version.split(".")) < tuple(int(p) for p in other.split("."))
    except ValueError:
        return True


class GameOptions(BaseModel):
    """Base of every game's options: unknown keys are refused, values validated."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    data_changes: SkipJsonSchema[
        Annotated[DataChanges, PlainSerializer(as_mapping, return_type=dict[str, Any])]
    ] = Field(default=(), exclude_if=lambda changes: not changes)
    """What-if on the data (issue 29): values of the game's data files changed for this
    game, ``{"payouts.show[2]": 300}`` (:mod:`tote.core.data_changes`). Left out of the
    options' JSON when empty, so records and digests without changes stay as they were;
    a record with changes replays with the same changes, on an engine that knows them."""

    @field_validator("data_changes", mode="before")
    @classmethod
    def _data_changes(cls, raw: Any) -> DataChanges:
        """Paths canonical, each in a data file this game reads through a ``<file>_file``
        option (a change to any other file would never reach the game)."""
        files = data_files(cls)
        try:
            if not isinstance(raw, Mapping | tuple | list):
                raise ValueError("give the changes as {path: value}")
            changes = changes_of(raw if isinstance(raw, Mapping) else tuple(raw))
        except OptionsError as exc:
            raise ValueError(str(exc)) from None
        for path, _ in changes:
            if file_of(path) not in files:
                known = ", ".join(files) or "none"
                raise ValueError(f"{path}: no data file {file_of(path)!r} (data files: {known})")
        return changes

    def changes_to(self, stem: str) -> DataChanges:
        """The changes to the data file ``stem`` (``payouts`` for ``payouts.json``), for
        the game's loader."""
        return for_file(self.data_changes, stem)


def data_files(options_model: type[GameOptions]) -> dict[str, str]:
    """The data files a game's options can replace, by name without ``.json``: every
    option ``<name>_file`` (``payouts_file`` replaces ``payouts.json``) -> its option."""
    return {
        name.removesuffix("_file"): name
        for name in options_model.model_fields
        if name.endswith("_file")
    }


class Game(ABC):
    """One game plugged into tote through the ``tote.games`` entry point group."""

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options_model: ClassVar[type[GameOptions]]
    variants: ClassVar[Mapping[str, tuple[str, Mapping[str, Any]]]] = {}
    """Variant name -> (description, the options it sets)."""
    bots: ClassVar[Mapping[str, BotFactory]] = {}
    """Game-specific bots by name (the generic ``random`` bot works everywhere)."""
    players_note: ClassVar[str | None] = None
    """How people map to seats, where that is not one person a seat (e.g. teams)."""
    default_bot: ClassVar[str] = "random"
    """The bot that fills a seat when none is named: the game's strongest."""
    markets: ClassVar[Markets | None] = None
    """The game's betting markets, for the tote board (:mod:`tote.core.tote_board`)."""

    def options(
        self,
        raw: Mapping[str, Any] | None = None,
        variants: Sequence[str] = (),
        *,
        written_by: str | None = None,
    ) -> GameOptions:
        """Validate options, with ``variants`` applied on top; a bad value is one clear line.

        ``written_by`` is the engine version that wrote ``raw`` (a record's ``engine``, a
        stored table's): options an older engine accepted are first upgraded to what they
        mean now (:meth:`upgrade_options`), so that old records keep replaying."""
        data: dict[str, Any] = dict(raw or {})
        if written_by is not None and engine_before(written_by, __version__):
            data = self.upgrade_options(data, written_by)
        for name in variants:
            if name not in self.variants:
                known = ", ".join(self.variants) or "none"
                raise OptionsError(f"{self.id} has no variant {name!r} (variants: {known})")
            data.update(self.variants[name][1])
        try:
            return self.options_model.model_validate(data)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            message = first["msg"].removeprefix("Value error, ")
            if first["type"] == "extra_forbidden":
                known = ", ".join(sorted(self.options_model.model_fields)) or "none"
                message = f"no such option (options: {known})"
            if not where:
                raise OptionsError(f"{self.id} options: {message}") from None
            raise OptionsError(f"{self.id} option {where!r}: {message}") from None

    def upgrade_options(self, options: dict[str, Any], written_by: str) -> dict[str, Any]:
        """``options`` written by the older engine ``written_by``, as this engine names the
        same game. Games whose options changed meaning override it; by default nothing
        changed."""
        return options

    def check_players(self, num_players: int) -> None:
        if not self.min_players <= num_players <= self.max_players:
            raise OptionsError(
                f"{self.title} takes {self.min_players} to {self.max_players} players,"
                f" not {num_players}"
            )

    def new_state(self, options: GameOptions | Mapping[str, Any] | None, num_players: int) -> State:
        """A new game at its very start (usually a chance event: shuffling, dealing)."""
        self.check_players(num_players)
        opts = options if isinstance(options, GameOptions) else self.options(options)
        return self._new_state(opts, num_players)

    @abstractmethod
    def _new_state(self, options: Any, num_players: int) -> State: ...

    def describe_move(self, move: Move) -> str:
        """A short phrase for a move, in words (buttons, the terminal's list and what a
        player may type there, issue 15). Games override it; this fallback names the
        move's kind and its values without field names."""
        values = [str(v) for k, v in move.to_json().items() if k != "type"]
        what = move.kind.replace("_", " ")
        return f"{what} {join_words(values)}".strip()

    def describe_event(self, event: dict[str, Any], names: Sequence[str]) -> str:
        """One entry of a view's log (``view["log"]``) as sentences, seats called by
        ``names`` (issue 15). It reads only the entry, so it tells exactly what that view
        may know. Games override it (their ``narration`` module); this fallback says
        only whose it is."""
        return neutral(event, names)

    def standings(self, state: State) -> Standings | None:
        """How the finished game ``state`` ended for every seat: rank, score and the
        lines the score came from (issue 15); ``None`` while the game goes on. Built
        from the state and its log only, so it can be asked of any finished game."""
        result = state.result()
        if result is None:
            return None
        return self._standings(state, result)

    def _standings(self, state: Any, result: Result) -> Standings:
        """The game's own breakdown of ``result``; by default the final score alone."""
        return plain_standings(result)

    def glossary(self, path: str | None = None) -> Glossary:
        """The game's terms explained (issue 15): the ``data/glossary.json`` of the
        game's package, or a user's replacement file ``path``."""
        if path is None:
            return _shipped_glossary(type(self).__module__)
        return load_glossary(type(self).__module__, path)

    def active_variants(self, options: GameOptions) -> list[str]:
        """The variant names whose settings ``options`` carries."""
        data = options.model_dump()
        return [
            name
            for name, (_, patch) in self.variants.items()
            if all(data.get(k) == v for k, v in patch.items())
        ]


@cache
def _shipped_glossary(package: str) -> Glossary:
    return load_glossary(package)
