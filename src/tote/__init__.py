"""tote: rule-exact betting board games to play, simulate and study.

``tote.review(record, seat=None)`` reviews a finished game (issue 26, docs/review.md);
the package :mod:`tote.review` is imported only when first used, so that ``import
tote`` stays cheap.
"""

from typing import TYPE_CHECKING

__version__ = "0.2.0"

if TYPE_CHECKING:  # for type checkers: ``tote.review(...)`` is the function
    from tote.review.engine import review as review


def __getattr__(name: str) -> object:
    """``tote.review``, imported on first use (issue 26): the package, which is callable
    as :func:`tote.review.review`."""
    if name == "review":
        import importlib

        return importlib.import_module("tote.review")
    raise AttributeError(f"module 'tote' has no attribute {name!r}")
