"""Best play without rearranging the table: new melds and lay-offs (Galician, G4-G6).

In the discard games the melds on the table stay as they are: a turn adds
new melds from the hand and lays hand cards off onto melds already there
(extending a run at either end, completing a group). So a play is, for each
table meld, a set of hand cards it can take one by one while staying valid,
and a packing of the rest of the hand into new melds.

Exact by exhaustion, memoized: for each table meld every set of hand cards
it can take (found by laying cards off one at a time, as the rules do), and
for what is left of the hand the best packing into the melds that
`find_melds` lists — long runs included, so a lay-off onto a meld laid down
the same turn is covered by the longer meld. Joker exchanges (G12) are not
part of the play.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .._cards import Card
from .._meld_finder import find_melds
from .._melds import classify_meld, meld_extensions
from .._multiset import without

if TYPE_CHECKING:
    from .._profiles import Profile
    from .._table import Table

__all__ = ["FixedPlay", "best_fixed_play"]

#: (new table melds, the hand cards placed, the lay-offs as (card, meld index), new melds)
FixedPlay = tuple[
    tuple[tuple[Card, ...], ...],
    tuple[Card, ...],
    tuple[tuple[Card, int], ...],
    tuple[tuple[Card, ...], ...],
]


def _growths(
    meld: tuple[Card, ...],
    hand: tuple[Card, ...],
    profile: Profile,
    held: frozenset[Card] | None = None,
) -> dict[tuple[int, ...], tuple[Card, ...]]:
    """Every multiset of hand cards ``meld`` can take by lay-offs, with an order that works.

    ``held`` is the set of the hand's cards, where the caller has it.
    """
    found: dict[tuple[int, ...], tuple[Card, ...]] = {(): ()}
    if not meld_extensions(meld, profile) & (frozenset(hand) if held is None else held):
        return found  # most melds take no card of the hand: no counting needed
    frontier: list[tuple[tuple[Card, ...], tuple[Card, ...], Counter[Card]]] = [
        ((), meld, Counter(hand))
    ]
    while frontier:
        added, current, left = frontier.pop()
        for card in sorted(meld_extensions(current, profile) & set(left)):
            key = tuple(sorted(c.code for c in (*added, card)))
            if key in found:
                continue
            order = (*added, card)
            found[key] = order
            rest = left.copy()
            rest[card] -= 1
            rest += Counter()  # drop zero counts
            grown = classify_meld((*current, card), profile).canonical
            frontier.append((order, grown, rest))
    return found


def best_fixed_play(
    table: Table, hand: Sequence[Card], weights: Sequence[float], profile: Profile
) -> tuple[float, FixedPlay]:
    """The most weight of hand cards placed by new melds and lay-offs, and how.

    Ties go to the first found in a fixed order (deterministic).
    """
    cards = tuple(sorted(hand))
    by_code = {c.code: c for c in cards}
    pool = tuple(c.code for c in cards)
    melds = [tuple(sorted(c.code for c in meld)) for meld in find_melds(cards, profile)]
    options = []
    held = frozenset(cards)
    for index, meld in enumerate(table.melds):
        growths = _growths(tuple(meld), cards, profile, held)
        if len(growths) > 1:
            options.append((index, sorted(growths.items(), key=lambda kv: (-len(kv[0]), kv[0]))))

    def worth(codes: Sequence[int]) -> float:
        return sum(weights[c] for c in codes)

    # Remembered in plain dicts: a cache decorator made anew for every call costs more.
    packed: dict[tuple[int, ...], tuple[float, tuple[tuple[int, ...], ...]]] = {(): (0.0, ())}
    laid: dict[tuple[int, tuple[int, ...]], tuple[float, tuple[tuple[int, tuple[Card, ...]], ...]]]
    laid = {}

    def pack(left: tuple[int, ...]) -> tuple[float, tuple[tuple[int, ...], ...]]:
        """Best packing of ``left`` into new melds: the first card is placed in one, or not."""
        found = packed.get(left)
        if found is not None:
            return found
        first = left[0]
        best = pack(left[1:])
        for meld in melds:
            # ``left`` is sorted, so a meld of its cards holding ``first`` starts with it.
            if meld[0] != first:
                continue
            rest = without(left, meld)
            if rest is None:
                continue
            value, chosen = pack(rest)
            value += worth(meld)
            if value > best[0]:
                best = (value, (meld, *chosen))
        packed[left] = best
        return best

    def lay(
        i: int, left: tuple[int, ...]
    ) -> tuple[float, tuple[tuple[int, tuple[Card, ...]], ...]]:
        """Best over lay-offs onto the table melds ``options[i:]``, then new melds."""
        found = laid.get((i, left))
        if found is not None:
            return found
        if i == len(options):
            return pack(left)[0], ()
        index, growths = options[i]
        best: tuple[float, tuple[tuple[int, tuple[Card, ...]], ...]] = (-1.0, ())
        for codes, order in growths:
            rest = without(left, codes)
            if rest is None:
                continue
            value, chosen = lay(i + 1, rest)
            value += worth(codes)
            if value > best[0]:
                best = (value, ((index, order), *chosen) if codes else chosen)
        laid[i, left] = best
        return best

    value, offs = lay(0, pool)
    left = pool
    for _index, order in offs:
        taken = without(left, [c.code for c in order])
        assert taken is not None
        left = taken
    _packed, new_codes = pack(left)
    new_melds = tuple(
        classify_meld(tuple(by_code[c] for c in meld), profile).canonical for meld in new_codes
    )
    grown = dict(offs)
    table_melds = []
    for index, meld in enumerate(table.melds):
        current = tuple(meld)
        for card in grown.get(index, ()):
            current = classify_meld((*current, card), profile).canonical
        table_melds.append(current)
    placed = tuple(
        sorted([c for _i, order in offs for c in order] + [c for m in new_melds for c in m])
    )
    layoffs = tuple((card, index) for index, order in offs for card in order)
    return value, ((*table_melds, *new_melds), placed, layoffs, new_melds)
