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
part of the play. Hand cards that no meld and no lay-off holds are left
out from the start: they can only stay in the hand, and each would double
the states the search tells apart.

A hand bigger than a meld phase's on an empty table has no lay-off to
make: its play is new melds only, the rank sweep's problem (`_sweep`, no
card that must be placed), which packs big hands exactly in milliseconds
where packing by exhaustion grows exponentially (`_SWEEP_HAND`).

**Anytime.** With a deadline, the clock is read every few steps; at the
deadline each state on the search's path passes up the best play below it
that it knows, so the answer is a valid play, marked not exact. To make
that play a good one, a state tries a hand card's melds before leaving the
card out, and a table meld's largest lay-offs first: the first complete
play is a greedy one. The order of trial does not change the answer: ties
still go to the play that the order "leave the card out, then each meld
in turn" meets first. A state that places all its cards tries nothing
more (no play can place more).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from .._cards import CODE, Card
from .._meld_finder import find_melds
from .._melds import classify_meld, meld_extensions
from .._multiset import without
from ._sweep import SearchCut, new_sweep

if TYPE_CHECKING:
    from .._profiles import Profile
    from .._table import Table

__all__ = ["FixedPlay", "best_fixed_play"]

#: The most hand cards this search packs into new melds itself where the table has
#: no meld (a meld phase holds at most 12). With more, the play is new melds only,
#: which the rank sweep (`_sweep`) packs exactly: this search's packing grows
#: exponentially with the hand, the more so with jokers (their melds run to
#: thousands), while the sweep's states grow with the runs open at one value.
_SWEEP_HAND = 12

#: Steps of the search between two looks at the clock: a step (a meld or a
#: lay-off tried, a state entered, a lay-off found) costs little, and a look
#: not much more, so this keeps the deadline close.
_CLOCK_EVERY = 16


@attrs.frozen
class FixedPlay:
    """A play that keeps the table's melds: lay-offs and new melds.

    Attributes:
        value: The weight of the hand cards placed.
        melds: The new table: the table's melds (grown by the lay-offs), then the new melds.
        placed: The hand cards placed, sorted.
        layoffs: The lay-offs as ``(card, table meld index)``, in an order that applies.
        new_melds: The new melds.
        exact: Whether the search proved the play best (``False`` if the deadline cut it).
    """

    value: float
    melds: tuple[tuple[Card, ...], ...]
    placed: tuple[Card, ...]
    layoffs: tuple[tuple[Card, int], ...]
    new_melds: tuple[tuple[Card, ...], ...]
    exact: bool = True


class _Cut(Exception):  # noqa: N818 - not an error: the anytime search's way out
    """The deadline, on its way up the search (while the melds and lay-offs are listed)."""

    def __init__(self) -> None:
        super().__init__("the search reached its deadline")


class _PackCut(_Cut):
    """The deadline, on its way up the packing of new melds.

    ``partial`` is the best packing below the state it leaves (``None`` when
    it leaves between two trials, where the state knows all it has tried).
    """

    def __init__(self, partial: _Packing | None) -> None:
        super().__init__()
        self.partial = partial


class _LayCut(_Cut):
    """The deadline, on its way up the lay-offs: `_PackCut`, for the lay-offs and packing."""

    def __init__(self, partial: _Laying | None) -> None:
        super().__init__()
        self.partial = partial


@attrs.define
class _Clock:
    """Reads the clock every `_CLOCK_EVERY` calls of `due`, which says if the deadline is past."""

    deadline: float
    countdown: int = _CLOCK_EVERY

    def due(self) -> bool:
        self.countdown -= 1
        if self.countdown > 0:
            return False
        self.countdown = _CLOCK_EVERY
        return time.perf_counter() >= self.deadline


def _growths(
    meld: tuple[Card, ...],
    hand: tuple[Card, ...],
    profile: Profile,
    held: frozenset[Card] | None = None,
    clock: _Clock | None = None,
) -> dict[tuple[int, ...], tuple[Card, ...]]:
    """Every multiset of hand cards ``meld`` can take by lay-offs, with an order that works.

    ``held`` is the set of the hand's cards, where the caller has it.

    Raises:
        _Cut: If ``clock`` says the deadline is past.
    """
    found: dict[tuple[int, ...], tuple[Card, ...]] = {(): ()}
    if not meld_extensions(meld, profile) & (frozenset(hand) if held is None else held):
        return found  # most melds take no card of the hand: no counting needed
    frontier: list[tuple[tuple[Card, ...], tuple[Card, ...], Counter[Card]]] = [
        ((), meld, Counter(hand))
    ]
    while frontier:
        if clock is not None and clock.due():
            raise _Cut
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


#: Best packing of some hand codes into new melds: (weight, the melds' codes).
_Packing = tuple[float, tuple[tuple[int, ...], ...]]
#: Best lay-offs and packing: (weight, (table meld index, cards in order) pairs, new melds).
_Laying = tuple[float, tuple[tuple[int, tuple[Card, ...]], ...], tuple[tuple[int, ...], ...]]

_NOTHING_PACKED: _Packing = (0.0, ())
_NOTHING_LAID: _Laying = (0.0, (), ())


def best_fixed_play(
    table: Table,
    hand: Sequence[Card],
    weights: Sequence[float],
    profile: Profile,
    deadline: float = float("inf"),
) -> FixedPlay:
    """The most weight of hand cards placed by new melds and lay-offs, and how.

    Ties go to the first found in a fixed order (deterministic). A hand of more
    than `_SWEEP_HAND` cards on an empty table is packed by the rank sweep
    (`_swept_play`), whose ties are its own (deterministic too).

    Args:
        table: The table, whose melds stay.
        hand: The hand.
        weights: The worth of placing one card, by code.
        profile: The rules.
        deadline: The `time.perf_counter` reading at which to stop and return
            the best play found so far (``exact`` false); ``inf`` for none.
    """
    cards = tuple(sorted(hand))
    by_code = {c.code: c for c in cards}
    if not table.melds and len(cards) > _SWEEP_HAND:
        return _swept_play(table, by_code, cards, weights, profile, deadline)
    # Without a deadline no clock is read, and the states pay nothing for it.
    clock = _Clock(deadline) if deadline < float("inf") else None
    melds: list[tuple[int, ...]] = []
    options = []
    held = frozenset(cards)
    try:
        # A hand with jokers has thousands of melds: even listing them is watched.
        for listed in find_melds(cards, profile):
            if clock is not None and clock.due():
                raise _Cut
            melds.append(tuple(sorted(map(CODE, listed))))
        for index, meld in enumerate(table.melds):
            growths = _growths(tuple(meld), cards, profile, held, clock)
            if len(growths) > 1:
                options.append(
                    (index, sorted(growths.items(), key=lambda kv: (-len(kv[0]), kv[0])))
                )
    except _Cut:
        return _play(table, by_code, _NOTHING_LAID, profile, exact=False)
    # The melds holding each card first (``left`` is sorted, so a meld of its
    # cards holding its first card starts with it), in `find_melds`'s order.
    starting: dict[int, list[tuple[int, ...]]] = {}
    for codes in melds:
        starting.setdefault(codes[0], []).append(codes)
    usable = {code for meld in melds for code in meld}
    usable.update(
        code for _index, growths in options for codes, _order in growths for code in codes
    )
    pool = tuple(c.code for c in cards if c.code in usable)

    def worth(codes: Sequence[int]) -> float:
        return sum(weights[c] for c in codes)

    # Remembered in plain dicts: a cache decorator made anew for every call costs more.
    packed: dict[tuple[int, ...], _Packing] = {(): _NOTHING_PACKED}
    laid: dict[tuple[int, tuple[int, ...]], _Laying] = {}

    def pack(left: tuple[int, ...]) -> _Packing:
        """Best packing of ``left`` into new melds: the first card is placed in one, or not."""
        found = packed.get(left)
        if found is not None:
            return found
        if clock is not None and clock.due():
            raise _PackCut(_NOTHING_PACKED)
        first = left[0]
        most = worth(left)
        best: _Packing | None = None
        meld: tuple[int, ...] = ()  # the meld being tried; none while the card is left out
        try:
            for meld in starting.get(first, ()):
                if clock is not None and clock.due():
                    raise _PackCut(None)  # between two melds: none in progress
                rest = without(left, meld)
                if rest is None:
                    continue
                value, chosen = pack(rest)
                value += worth(meld)
                if best is None or value > best[0]:
                    best = (value, (meld, *chosen))
                    if value >= most:
                        break  # every card placed: no later meld does better
            meld = ()
            if best is None or best[0] < most or not weights[first]:
                # Leaving the card out wins ties (it comes first in the order of trial).
                skip = pack(left[1:])
                if best is None or skip[0] >= best[0]:
                    best = skip
        except _PackCut as cut:
            below: _Packing | None = cut.partial  # the best play below the meld being tried
            if below is not None:
                value, chosen = below[0] + worth(meld), ((meld, *below[1]) if meld else below[1])
                if best is None or value > best[0]:
                    best = (value, chosen)
            cut.partial = _NOTHING_PACKED if best is None else best
            raise
        packed[left] = best
        return best

    def lay(i: int, left: tuple[int, ...]) -> _Laying:
        """Best over lay-offs onto the table melds ``options[i:]``, then new melds."""
        if i == len(options):
            try:
                value, news = pack(left)
            except _PackCut as cut:
                # A packing's cut leaves its best so far (``None`` only inside `pack`).
                done = _NOTHING_PACKED if cut.partial is None else cut.partial
                raise _LayCut((done[0], (), done[1])) from cut
            return value, (), news
        found = laid.get((i, left))
        if found is not None:
            return found
        if clock is not None and clock.due():
            raise _LayCut(_NOTHING_LAID)
        most = worth(left)
        index, growths = options[i]
        best: _Laying | None = None
        codes: tuple[int, ...] = ()
        order: tuple[Card, ...] = ()
        try:
            for codes, order in growths:
                if clock is not None and clock.due():
                    raise _LayCut(None)  # between two lay-offs: none in progress
                rest = without(left, codes)
                if rest is None:
                    continue
                value, offs, news = lay(i + 1, rest)
                value += worth(codes)
                if best is None or value > best[0]:
                    best = (value, ((index, order), *offs) if codes else offs, news)
                    if value >= most:
                        break  # every card placed: no later lay-off does better
        except _LayCut as cut:
            below: _Laying | None = cut.partial  # the best play below the lay-off being tried
            if below is not None:
                value = below[0] + worth(codes)
                if best is None or value > best[0]:
                    best = (value, ((index, order), *below[1]) if codes else below[1], below[2])
            cut.partial = _NOTHING_LAID if best is None else best
            raise
        assert best is not None  # the empty growth always fits
        laid[i, left] = best
        return best

    try:
        found = lay(0, pool)
    except _LayCut as cut:
        # A lay-off's cut leaves its best so far (``None`` only inside `lay`).
        done = _NOTHING_LAID if cut.partial is None else cut.partial
        return _play(table, by_code, done, profile, exact=False)
    return _play(table, by_code, found, profile, exact=True)


def _swept_play(
    table: Table,
    by_code: dict[int, Card],
    cards: Sequence[Card],
    weights: Sequence[float],
    profile: Profile,
    deadline: float,
) -> FixedPlay:
    """`best_fixed_play` with no table meld: the best new melds, found by the rank sweep.

    The sweep's problem exactly: no card must be placed, each hand card may
    be. At the deadline, the best play the sweep had reached (or none).
    """
    may = [0] * 53
    for card in cards:
        may[card.code] += 1
    search = new_sweep([0] * 53, may, weights, profile, deadline=deadline)
    try:
        value, melds, _placed = search.solve()
    except SearchCut as cut:
        if cut.found is None:
            return _play(table, by_code, _NOTHING_LAID, profile, exact=False)
        value, found, exact = cut.found.value, cut.found.melds, False
    else:
        # Nothing to place is always a play, so the search finds one (melds, not None).
        assert melds is not None
        found, exact = tuple(melds), True
    news = tuple(tuple(card.code for card in meld) for meld in found)
    return _play(table, by_code, (value, (), news), profile, exact=exact)


def _play(
    table: Table, by_code: dict[int, Card], found: _Laying, profile: Profile, *, exact: bool
) -> FixedPlay:
    """The `FixedPlay` of the lay-offs and new melds ``found``."""
    value, offs, new_codes = found
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
    return FixedPlay(value, (*table_melds, *new_melds), placed, layoffs, new_melds, exact)
