"""An agent's ``info`` whose ``view`` is built only when someone reads it (issue 24).

Every step of the AEC environment hands every agent a fresh ``info``, and with
``view_in_info`` (the default) each holds that seat's raw JSON view. Building every
seat's view every step cost more than the step itself, while a loop reads at most the
acting agent's. :class:`SeatInfo` is a real ``dict`` with the key ``"view"`` from the
start (``"view" in info``, ``len``, iteration and ``keys()`` are as before); the view
itself is built on the first read of its value, by any of ``info["view"]``,
``get``, ``items()``, ``values()``, ``copy()``, ``==``, ``repr``, ``json.dumps``,
``dict(info)``, ``copy.copy`` and ``pickle`` (the last three give a plain ``dict``).

The view is that of the position the info was made at: before the table changes its
state (:meth:`tote.envs.table.Table.apply`) it :meth:`~SeatInfo.freeze` s every info
still held by someone and still unread: the info takes what its view is written from
(:meth:`tote.core.state.State.view_parts`, parts that do not change with the state)
and writes the view only when it is read, or, given no way to freeze, builds its view
then. Infos nobody holds any more (the environment drops its own before the move) take
nothing: that is the saving. A loop that keeps the acting agent's info from
``last()`` and never reads it pays for the parts, not for the JSON of its legal moves.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, ItemsView, Iterator, ValuesView
from typing import Any

PENDING: Any = object()
"""The stored value of a view not yet built."""


class SeatInfo(dict[str, Any]):
    """A seat's info; ``build`` makes its view on the first read (see the module)."""

    __slots__ = ("__weakref__", "_build", "_freeze")

    def __init__(
        self,
        build: Callable[[], dict[str, Any]] | None,
        freeze: Callable[[], Callable[[], dict[str, Any]]] | None = None,
        **items: Any,
    ) -> None:
        # dict.__init__ adds nothing to an empty dict: not called (issue 24)
        self._build = build
        self._freeze = freeze
        """Gives a builder of the same view that no longer reads the live state."""
        if build is not None:
            dict.__setitem__(self, "view", PENDING)
        if items:
            dict.update(self, items)

    @property
    def pending(self) -> bool:
        """Whether the view is still to be built."""
        return self._build is not None

    def settle(self) -> None:
        """Build the view now (nothing if it is built already or was replaced)."""
        build = self._build
        if build is not None:
            self._build = None
            if dict.get(self, "view") is PENDING:
                dict.__setitem__(self, "view", build())

    def freeze(self) -> None:
        """Before the state changes: make the view independent of it, by the table's
        ``freeze`` (the view is then written when read) or else by building it now."""
        freeze = self._freeze
        if freeze is None:
            self.settle()
        elif self._build is not None:
            self._freeze = None
            self._build = freeze()

    def __getitem__(self, key: str) -> Any:
        if key == "view":
            self.settle()
        return dict.__getitem__(self, key)

    def get(self, key: str, default: Any = None) -> Any:
        if key == "view":
            self.settle()
        return dict.get(self, key, default)

    def __setitem__(self, key: str, value: Any) -> None:
        if key == "view":
            self._build = None
        dict.__setitem__(self, key, value)

    def __iter__(self) -> Iterator[str]:
        # overridden so that dict(info) and {**info} take the keys-and-__getitem__ path
        return dict.__iter__(self)

    def items(self) -> ItemsView[str, Any]:  # type: ignore[override]
        self.settle()
        return dict.items(self)

    def values(self) -> ValuesView[Any]:  # type: ignore[override]
        self.settle()
        return dict.values(self)

    def pop(self, key: str, *default: Any) -> Any:
        if key == "view":
            self.settle()
        return dict.pop(self, key, *default)

    def popitem(self) -> tuple[str, Any]:
        self.settle()
        return dict.popitem(self)

    def setdefault(self, key: str, default: Any = None) -> Any:
        if key == "view":
            self.settle()
        return dict.setdefault(self, key, default)

    def copy(self) -> dict[str, Any]:
        self.settle()
        return dict(dict.items(self))

    def __copy__(self) -> dict[str, Any]:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[str, Any]:
        import copy

        return copy.deepcopy(self.copy(), memo)

    def __reduce__(self) -> tuple[type[dict[str, Any]], tuple[dict[str, Any]]]:
        return (dict, (self.copy(),))

    def __eq__(self, other: object) -> bool:
        self.settle()
        if isinstance(other, SeatInfo):
            other.settle()
        return dict.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = None

    def __repr__(self) -> str:
        self.settle()
        return dict.__repr__(self)

    def __or__(self, other: Any) -> dict[str, Any]:  # type: ignore[override]
        return self.copy() | dict(other)

    def __ror__(self, other: Any) -> dict[str, Any]:  # type: ignore[override]
        return dict(other) | self.copy()


class Pending:
    """The infos a table has handed out whose views are not built yet."""

    __slots__ = ("refs",)

    def __init__(self) -> None:
        self.refs: list[weakref.ref[SeatInfo]] = []

    def add(self, info: SeatInfo) -> SeatInfo:
        if info.pending:
            self.refs.append(weakref.ref(info))
        return info

    def settle(self) -> None:
        """Make the view of every info still held and unread independent of the state
        (:meth:`SeatInfo.freeze`), before a change."""
        refs, self.refs = self.refs, []
        for ref in refs:
            info = ref()
            if info is not None:
                info.freeze()
