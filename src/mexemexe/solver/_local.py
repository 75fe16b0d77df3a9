"""A better known play from a small part of the table, solved exactly (B6, R4).

Where a small hand's play that keeps the table's melds (``_fixed``) leaves
cards in the hand, the exact search (`_sweep`) can spend most of a hard
position's states *finding* the better plays before it proves the best one.
Rearranging a few table melds near the hand often finds them for far less:
take the melds that hold a card of a hand card's value (a group it could
join, or a copy a group of it could take), of its suit within a distance
(a run it could extend or split; `_RULES`), or a joker (one a play may
move), and those the known play lays off onto; solve those melds and the
hand exactly with the sweep itself, every meld card placed and the hand
cards optional, while every other meld stays as it lies. That play with
the rest of the table is a valid play of the whole position, so its worth
is a known play for the exact search to beat (`Sweep.solve`'s
``improve``): the search then proves it rather than finding it, and the
answer stays exact.

Each sub-search goes one way (no race) and is capped in states
(`_STATES`), so a part that is slow to solve costs little and is skipped;
a deadline cut (`SearchCut`) skips it too. The neighbourhoods of `_RULES`
are tried in turn, each looking only for a play better than the best known
so far.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import attrs

from .._cards import JOKER_CODE, Card
from ._inputs import _counts, _prune
from ._sweep import INF, SearchCut, Sweep, new_sweep

if TYPE_CHECKING:
    from .._profiles import Profile

__all__ = ["LocalPlay", "local_play"]

#: The neighbourhoods tried in turn: ``(distance, jokers)`` takes the melds
#: holding a card of a hand card's value, or of its suit within ``distance``
#: values of it, and with ``jokers`` every meld holding a joker. Wider ones
#: found more better plays, but cost more states than they spared (see
#: benchmarks/README.md).
_RULES: tuple[tuple[int, bool], ...] = ((0, True),)

#: The most states one sub-search may expand before it is given up: a small
#: part is quick to solve, and one that is not costs little more than this.
_STATES = 150


@attrs.frozen
class LocalPlay:
    """A play that rearranges some of the table's melds and keeps the others.

    Attributes:
        value: The weight of the hand cards placed.
        melds: The whole new table: the melds kept, then the rearranged part.
        placed: The codes of the hand cards placed, sorted.
    """

    value: float
    melds: tuple[tuple[Card, ...], ...]
    placed: tuple[int, ...]


def local_play(
    melds: Sequence[tuple[Card, ...]],
    may: Sequence[int],
    weights: Sequence[float],
    profile: Profile,
    known: float,
    touched: Iterable[int],
    deadline: float = INF,
) -> LocalPlay | None:
    """A play of more weight than ``known`` found by solving melds near the hand, if any.

    Args:
        melds: The table's melds, each valid as it stands.
        may: Counts by code of the hand cards that may be placed.
        weights: The worth of placing one card of each code (whole numbers).
        profile: The rules.
        known: The weight of the best play known.
        touched: Indices of melds the known play grows: always part of the
            neighbourhood, so that its play is one of the sub-table's.
        deadline: The `time.perf_counter` reading at which to give up.

    Returns:
        The best play found, or ``None`` if none beats ``known``.
    """
    found: LocalPlay | None = None
    keep = set(touched)
    for distance, jokers in _RULES:
        chosen = keep | _near(melds, may, profile, distance, jokers)
        better = _solve_part(melds, sorted(chosen), may, weights, profile, known, deadline)
        if better is not None:
            found, known = better, better.value
            if known >= sum(map(operator.mul, weights, may)):
                break  # every hand card placed
    return found


def _near(
    melds: Sequence[tuple[Card, ...]],
    may: Sequence[int],
    profile: Profile,
    distance: int,
    jokers: bool,
) -> set[int]:
    """The indices of the melds near the hand cards (`_RULES`)."""
    values = set()
    places = set()  # (suit, value) within the distance of a hand card
    top = 14 if profile._meld_rules.ace_high else 13
    for code in range(52):
        if may[code]:
            suit, value = code & 3, (code >> 2) + 1
            values.add(value)
            for v in range(value - distance, value + distance + 1):
                places.add((suit, v))
                if value == 1 and top == 14:
                    places.add((suit, 14 + v - 1))
    chosen = set()
    for index, meld in enumerate(melds):
        for card in meld:
            code = card.code
            if code == JOKER_CODE:
                if jokers:
                    chosen.add(index)
                    break
                continue
            suit, value = code & 3, (code >> 2) + 1
            if value in values or (suit, value) in places or (value == 1 and (suit, 14) in places):
                chosen.add(index)
                break
    return chosen


def _solve_part(
    melds: Sequence[tuple[Card, ...]],
    chosen: Sequence[int],
    may: Sequence[int],
    weights: Sequence[float],
    profile: Profile,
    known: float,
    deadline: float,
) -> LocalPlay | None:
    """The best play of the melds ``chosen`` and the hand, if it beats ``known`` in time."""
    must = _counts(card for index in chosen for card in melds[index])
    part_may = _prune(must, list(may), profile)
    total = sum(map(operator.mul, weights, part_may))
    if total <= known:
        return None  # the hand cards this part could take are worth no more
    sub = new_sweep(must, part_may, weights, profile, deadline=deadline)
    sub.cap = total - known - 1  # whole losses: only a better play
    loss = _capped(sub)
    if loss is None or loss > sub.cap:
        return None
    got, placed = sub._rebuild()
    if got is None:
        return None  # the lazy model's spare jokers found no room: not worth a redo
    inside = set(chosen)
    kept = [meld for index, meld in enumerate(melds) if index not in inside]
    return LocalPlay(total - loss, (*kept, *got), tuple(sorted(placed)))


def _capped(sub: Sweep) -> float | None:
    """The least loss of ``sub``, searched one way; ``None`` past `_STATES` or the deadline."""
    slices = sub._slices(sub._start())
    next(slices)
    try:
        slices.send(_STATES)
    except StopIteration as done:
        loss: float = done.value
        return loss
    except SearchCut:
        return None
    slices.close()
    return None
