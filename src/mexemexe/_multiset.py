"""Multisets kept as sequences: helpers shared by the engines and the solver."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeVar

from ._cards import CODE, Card

__all__ = ["cards_without", "without"]

T = TypeVar("T")


def without(items: Sequence[T], remove: Iterable[T]) -> tuple[T, ...] | None:
    """``items`` minus ``remove`` as multisets (order kept), or ``None`` if one is missing.

    Examples:
        >>> without((1, 2, 2, 3), (2, 3))
        (1, 2)
        >>> without((1, 2), (4,)) is None
        True
    """
    rest = list(items)
    for item in remove:
        try:
            rest.remove(item)
        except ValueError:
            return None
    return tuple(rest)


def cards_without(cards: Sequence[Card], remove: Iterable[Card]) -> tuple[Card, ...] | None:
    """`without` for cards, matched by code: a hand less the cards a move takes from it.

    Examples:
        >>> from mexemexe import parse_cards
        >>> cards_without(parse_cards("7H 8H 8H JK"), parse_cards("8H JK"))
        (Card.parse('7H'), Card.parse('8H'))
    """
    rest = list(cards)
    codes = list(map(CODE, rest))
    for code in map(CODE, remove):
        try:
            i = codes.index(code)
        except ValueError:
            return None
        del codes[i], rest[i]
    return tuple(rest)
