"""Colourful cards for terminals: unicode suits, hearts and diamonds in red.

Colour is used only when asked for, typically when the output is a terminal
(`wants_colour`); otherwise the plain unicode or ASCII notation is written.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import TextIO

from .._cards import Card
from .._table import Table, TableLike

__all__ = ["card", "cards", "table", "wants_colour"]

_RED, _BOLD, _RESET = "\x1b[31m", "\x1b[1m", "\x1b[0m"


def wants_colour(stream: TextIO) -> bool:
    """True if ``stream`` is a terminal and ``NO_COLOR`` is not set (https://no-color.org)."""
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty()) and "NO_COLOR" not in os.environ


def card(c: Card, *, colour: bool = True) -> str:
    """``c`` with a unicode suit, red for ♥ and ♦ when ``colour``."""
    text = c.unicode()
    if not colour:
        return text
    if c.suit is not None and c.suit.is_red:
        return f"{_RED}{text}{_RESET}"
    if c.rank is None:
        return f"{_BOLD}{text}{_RESET}"
    return text


def cards(cs: Iterable[Card], *, colour: bool = True) -> str:
    """Cards separated by spaces."""
    return " ".join(card(c, colour=colour) for c in cs)


def table(t: TableLike, *, colour: bool = True) -> str:
    """Melds separated by `` | ``."""
    return " | ".join(cards(meld, colour=colour) for meld in Table.coerce(t).melds) or "(empty)"
