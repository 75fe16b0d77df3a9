"""Multisets kept as sequences: one helper shared by the engines and the solver."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeVar

__all__ = ["without"]

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
