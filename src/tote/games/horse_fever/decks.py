"""HF 0.4 the face-down stacks, and HF 1.1 draw four keep one (cards put back under a
stack, in order). Used by the state (``decks``, ``movement_deck``) and every phase that
draws; next in reading order: ``setup.py``."""

from __future__ import annotations

from collections.abc import Sequence

DECKS = ("action", "target", "assistant", "horse")


class Deck:
    """A face-down stack: ``top`` in unknown order (every draw is a chance move) and
    ``bottom``, the cards put back under it, in order (HF 1.1 draw four keep one)."""

    __slots__ = ("bottom", "top")

    def __init__(self, cards: Sequence[str]) -> None:
        self.top: list[str] = sorted(cards)
        self.bottom: list[str] = []

    def __len__(self) -> int:
        return len(self.top) + len(self.bottom)

    def outcomes(self) -> list[tuple[str, float]]:
        if self.top:
            p = 1.0 / len(self.top)
            return [(c, p) for c in self.top]
        return [(self.bottom[0], 1.0)] if self.bottom else []

    def sample(self, x: float) -> str:
        return self.top[int(x * len(self.top))] if self.top else self.bottom[0]

    def can_draw(self, card: str) -> bool:
        return card in self.top if self.top else bool(self.bottom) and self.bottom[0] == card

    def draw(self, card: str) -> None:
        if self.top:
            self.top.remove(card)
        else:
            self.bottom.pop(0)

    def put_under(self, cards: Sequence[str]) -> None:
        self.bottom.extend(cards)

    def shuffle_in(self, cards: Sequence[str]) -> None:
        self.top = sorted(self.top + list(cards))

    def copy(self) -> Deck:
        new = object.__new__(Deck)
        new.top = list(self.top)
        new.bottom = list(self.bottom)
        return new
