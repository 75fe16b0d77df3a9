"""Exact solver for the shared-table games: `arrange` and `best_play` (issue: solver).

``arrange(cards, profile)`` lays a multiset of cards out as valid melds, or
says that none exists; ``best_play(table=..., hand=..., profile=...)`` finds
the new table that keeps every table card and places the most hand cards
(or the most points). Both are exact: the search proves its answer optimal.
Ties are broken deterministically (the same input, the same answer).

The work is a rank-by-rank dynamic programme (``_sweep``); a plain
memoized search (``_search``) is kept as an independent reference that the
tests compare it with. `best_play` treats the table as
rearrangeable, as the shared-table games do (B6, R4); the Galician best set
of melds and lay-offs without rearranging is not here yet.

Examples:
    >>> import mexemexe as m
    >>> from mexemexe import solver
    >>> print(solver.arrange(m.parse_cards("9D 7D JK 8D 7S 7H"), m.get_profile("rummikub")))
    7S 7H 7D | 8D 9D JK
    >>> best = solver.best_play(table="5H 6H 7H JK", hand="AC 2C 3C", profile="rummikub")
    >>> len(best.placed)
    3
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

import attrs

from .._cards import Card, as_cards
from .._moves import Play
from .._profiles import Profile, get_profile
from .._table import Table, TableLike
from ._sweep import NEG, Sweep

__all__ = ["BestPlay", "arrange", "best_play"]

Objective = Literal["cards", "points"]


@attrs.frozen
class BestPlay:
    """The best play found: the new table, the hand cards it places, and its worth.

    Attributes:
        table: The new table (every old table card, plus ``placed``).
        placed: The hand cards placed, sorted.
        value: The number of cards placed, or their points, by ``objective``.
        objective: ``"cards"`` or ``"points"``.
    """

    table: Table
    placed: tuple[Card, ...]
    value: float
    objective: str

    @property
    def move(self) -> Play:
        """The play as a move (meaningful when ``placed`` is not empty)."""
        return Play(self.table)


def _counts(cards: Iterable[Card]) -> list[int]:
    counts = [0] * 53
    for card in cards:
        counts[card.code] += 1
    return counts


def arrange(cards: Iterable[Card | str] | str, profile: Profile | str) -> Table | None:
    """Partition ``cards`` into valid melds under ``profile``, or ``None`` if impossible.

    Raises:
        NotationError: If ``cards`` is text that is not valid notation.
    """
    prof = get_profile(profile)
    search = Sweep(_counts(as_cards(cards)), [0] * 53, [0.0] * 53, prof)
    value, melds, _ = search.solve()
    return None if value == NEG else Table(melds)


def best_play(
    *,
    table: TableLike,
    hand: Iterable[Card | str] | str,
    profile: Profile | str,
    objective: Objective = "cards",
) -> BestPlay:
    """The best new table from ``table`` and ``hand`` (B6, R4): exact, deterministic.

    Args:
        table: The table now (its cards must all stay).
        hand: The hand.
        profile: The rules (ace and joker policies, meld sizes).
        objective: ``"cards"`` (most hand cards) or ``"points"`` (most hand
            points by the profile's card values, B10, R7).

    Returns:
        A `BestPlay`; with nothing to place, ``placed`` is empty and ``table``
        the table as it was.

    Raises:
        ValueError: If ``objective`` is unknown, or the table itself cannot be
            laid out validly (then no play exists).
    """
    prof = get_profile(profile)
    old = Table.coerce(table)
    held = as_cards(hand)
    if objective == "cards":
        weights = [1.0] * 53
    elif objective == "points":
        weights = [float(prof.card_points(Card.from_code(c))) for c in range(53)]
    else:
        raise ValueError(f"objective must be 'cards' or 'points', not {objective!r}")
    search = Sweep(_counts(old.cards()), _counts(held), weights, prof)
    value, melds, placed = search.solve()
    if value == NEG:
        raise ValueError("the table's cards cannot be laid out as valid melds")
    if not placed:
        return BestPlay(old, (), 0.0, objective)
    return BestPlay(
        Table(melds), tuple(Card.from_code(c) for c in sorted(placed)), value, objective
    )
