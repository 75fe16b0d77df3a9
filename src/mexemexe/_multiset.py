"""Multisets kept as sequences: helpers shared by the engines and the solver."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Sequence
from typing import TypeVar

from ._cards import CODE, Card

__all__ = ["card_inserted", "card_without", "cards_without", "without"]

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


def card_without(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...] | None:
    """`cards_without` for one card: the first copy of ``card`` (by code) taken out.

    Examples:
        >>> from mexemexe import parse_cards
        >>> card_without(parse_cards("7H 8H 8H"), parse_cards("8H")[0])
        (Card.parse('7H'), Card.parse('8H'))
        >>> card_without(parse_cards("7H"), parse_cards("9S")[0]) is None
        True
    """
    code = card.code
    for i, held in enumerate(cards):
        if held.code == code:
            return cards[:i] + cards[i + 1 :]
    return None


def card_inserted(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``cards`` (sorted by code) with ``card`` added in its place: a hand after a draw.

    Examples:
        >>> from mexemexe import parse_cards
        >>> card_inserted(parse_cards("7S 9S"), parse_cards("8S")[0])
        (Card.parse('7S'), Card.parse('8S'), Card.parse('9S'))
    """
    i = bisect_right(cards, card.code, key=CODE)
    return cards[:i] + (card,) + cards[i:]  # noqa: RUF005 - one copy (unpacking makes two)
