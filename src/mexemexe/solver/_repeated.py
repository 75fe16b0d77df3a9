"""B5's repeated suits in the search: groups holding a suit twice (``"later_turn"``).

Under ``"later_turn"`` a group may hold a suit twice where it holds every
card of a group of its rank on the table at the start of the turn (its
*anchor*, `mexemexe._validation.repeated_verdict`). The rank sweep knows
only groups with distinct suits, and this module leaves it as it is: it
changes the position the sweep is given instead.

**Keeping an anchor.** With at most two decks and no joker in a group
(the profile checks both), a group of naturals of one rank holds each
suit at most twice; so if one group of a rank holds an anchor, every card
of that rank that no run takes can join it, and the groups of the rank are
best merged into that one. Keeping anchor ``A`` of rank ``r`` is then the
plain search of a changed position: ``A``'s cards are set aside, every
other card of rank ``r`` may be placed (table cards too) and is worth
nothing there, and afterwards every card of rank ``r`` the sweep left out
joins ``A``. The hand's cards of rank ``r`` are all placed, so their worth
is added back. (A second kept anchor of the same rank gains nothing: two
such groups merge into one.)

**Which anchors.** Per rank, keeping none of its anchors (the plain search)
or one of them; only anchors with a second copy of one of their suits in
play matter (otherwise no suit can repeat) or that already hold one, and
of two anchors of a rank where one holds the other, the smaller (keeping it
allows all that keeping the larger does). Before the choices are tried, the
search with every such rank's cards free and no anchor set aside (a
relaxation of all of them) says whether any can beat the plain best play
at all: usually it cannot, and one search settles it. Otherwise the
choices are made rank by rank, branch and bound: a choice is followed only
where its relaxation (the ranks after it free) beats the best play known.
"""

from __future__ import annotations

import operator
from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING

from .._cards import _BY_CODE, JOKER_CODE, Card
from .._table import Table
from .._validation import anchor_suits, validate_table
from ._inputs import _counts, _prune
from ._sweep import INF, NEG, SearchCut, new_sweep

if TYPE_CHECKING:
    from .._profiles import Profile

__all__ = ["Repeated", "anchors_by_rank", "best_with_repeats"]

#: Per rank, the anchors that matter, each as the sorted codes of its cards.
Anchors = dict[int, list[tuple[int, ...]]]
#: A play found: ``(worth, melds)``.
Repeated = tuple[float, list[tuple[Card, ...]]]


def anchors_by_rank(old: Table, counts: list[int], profile: Profile) -> Anchors:
    """The start-of-turn groups worth keeping, per rank (see the module docstring).

    ``counts`` are the copies of each code in play (table and hand).
    """
    found: dict[int, set[tuple[int, ...]]] = {}
    for meld in old.melds:
        if not meld or meld[0].code == JOKER_CODE:
            continue
        rank = meld[0].code >> 2
        held = anchor_suits(meld, rank, profile)
        if held is None:
            continue
        # A repetition needs two copies of some suit: one the group holds, or both of one it lacks.
        if any(counts[rank * 4 + s] >= 2 for s in range(4)):
            found.setdefault(rank, set()).add(tuple(sorted(card.code for card in meld)))
    out: Anchors = {}
    for rank, anchors in sorted(found.items()):
        # Keep the anchors that hold no other one (ties broken by their codes).
        out[rank] = [
            a for a in sorted(anchors) if not any(b != a and _holds(a, b) for b in anchors)
        ]
    return out


def _holds(big: tuple[int, ...], small: tuple[int, ...]) -> bool:
    """Whether the multiset ``big`` holds the multiset ``small``."""
    return not Counter(small) - Counter(big)


def best_with_repeats(
    old: Table,
    held: tuple[Card, ...],
    weights: list[float],
    profile: Profile,
    deadline: float,
    plain: float,
) -> tuple[Repeated | None, bool]:
    """A play with a group holding a suit twice worth more than ``plain``, if any (B5).

    Args:
        old: The table at the start of the turn (its cards must all stay).
        held: The hand.
        weights: The worth of each code placed.
        profile: The rules (``repeated_suits="later_turn"``).
        deadline: The `time.perf_counter` reading at which to stop.
        plain: The worth of the best play without such a group (``-inf`` for none).

    Returns:
        The best such play, or ``None``, and whether the search proved it
        (``False`` if the deadline cut it short).
    """
    must, hand = _counts(old.cards()), _counts(held)
    counts = list(map(operator.add, must, hand))
    anchors = anchors_by_rank(old, counts, profile)
    if not anchors:
        return None, True
    try:
        relaxed = _search(must, hand, weights, profile, deadline, dict.fromkeys(anchors), plain)
    except _Cut:
        return None, False
    if relaxed is None:
        return None, True  # not even the relaxation beats the plain play
    ranks = list(anchors)
    best: list[Repeated | None] = [None]
    position = (must, hand, weights, profile, deadline)
    try:
        _branch(position, ranks, anchors, {}, plain, best, old)
    except _Cut as cut:
        floor = plain if best[0] is None else max(plain, best[0][0])
        if cut.late is not None and cut.late[0] > floor:
            return cut.late, False
        return best[0], False
    return best[0], True


#: What every search of one `best_with_repeats` call shares:
#: ``(must, hand, weights, profile, deadline)``.
Position = tuple[list[int], list[int], list[float], "Profile", float]


def _branch(
    position: Position,
    ranks: list[int],
    anchors: Anchors,
    decided: dict[int, tuple[int, ...]],
    plain: float,
    best: list[Repeated | None],
    old: Table,
) -> None:
    """Branch and bound over the ranks' choices (none, or one anchor kept), into ``best[0]``.

    ``ranks`` are the ranks still to choose for, ``decided`` the anchors
    kept at the ranks chosen already (a rank with none kept is absent). A
    choice whose relaxation (the later ranks free, `_search` with ``None``)
    cannot beat the best play known is not followed.

    Raises:
        _Cut: At the deadline.
    """
    rank, later = ranks[0], ranks[1:]
    for option in (None, *anchors[rank]):
        kept = dict(decided)
        if option is not None:
            kept[rank] = option
        floor = plain if best[0] is None else max(plain, best[0][0])
        if later:
            relaxed: dict[int, tuple[int, ...] | None] = {**kept, **dict.fromkeys(later)}
            if _search(*position, relaxed, floor) is not None:
                _branch(position, later, anchors, kept, plain, best, old)
        elif kept:  # a leaf; none kept at all is the plain search
            found = _search(*position, kept, floor, old)
            if found is not None:
                best[0] = found


class _Cut(Exception):  # noqa: N818 - not an error: the deadline's way out
    """The deadline cut a search; ``late`` is the best play it had reached, if any."""

    def __init__(self, late: Repeated | None) -> None:
        super().__init__("the search reached its deadline")
        self.late = late


def _search(
    must: list[int],
    hand: list[int],
    weights: list[float],
    profile: Profile,
    deadline: float,
    kept: Mapping[int, tuple[int, ...] | None],
    floor: float,
    old: Table | None = None,
) -> Repeated | None:
    """The best play keeping the anchors ``kept`` (by rank), if worth more than ``floor``.

    An anchor ``None`` sets nothing aside: the relaxation (then ``old`` is
    ``None`` and the play found is not built, only its worth compared).

    Raises:
        _Cut: At the deadline, with the best play the search had reached.
    """
    must2, may2, weights2 = list(must), list(hand), list(weights)
    bonus = 0.0
    for rank, anchor in kept.items():
        for code in anchor or ():
            must2[code] -= 1
        for code in range(rank * 4, rank * 4 + 4):
            bonus += weights[code] * hand[code]
            may2[code] += must2[code]
            must2[code] = 0
            weights2[code] = 0.0
    may2 = _prune(must2, may2, profile)
    total = sum(map(operator.mul, weights2, may2))
    search = new_sweep(must2, may2, weights2, profile, deadline=deadline)
    incumbent = INF
    if search.whole and floor > NEG:
        incumbent = total - (floor - bonus)
        if incumbent < 0:
            return None  # even every card placed is worth no more than the floor
    try:
        value, melds, _placed = search.solve(incumbent=incumbent)
    except SearchCut as cut:
        late = None
        if cut.found is not None and old is not None:
            late = _built(old, must, hand, weights, kept, list(cut.found.melds), profile)
        raise _Cut(late) from None
    if value == NEG or melds is None or value + bonus <= floor:
        return None
    if old is None:
        return value + bonus, melds
    return _built(old, must, hand, weights, kept, melds, profile)


def _built(
    old: Table,
    must: list[int],
    hand: list[int],
    weights: list[float],
    kept: Mapping[int, tuple[int, ...] | None],
    melds: list[tuple[Card, ...]],
    profile: Profile,
) -> Repeated | None:
    """The play of the sweep's ``melds`` with each kept anchor's rank merged into one group.

    Checked against B5 as a turn's play is (`validate_table` with the start
    of the turn): ``None`` if it somehow fails.
    """
    used = _counts(card for meld in melds for card in meld)
    out = list(melds)
    for rank, anchor in kept.items():
        group = list(anchor or ())
        for code in range(rank * 4, rank * 4 + 4):
            left = must[code] + hand[code] - used[code] - group.count(code)
            group.extend([code] * left)
            used[code] += left
        out.append(tuple(_BY_CODE[code] for code in sorted(group)))
    on_table = _counts(old.cards())
    new = Table(out)
    after = _counts(new.cards())
    placed = list(map(operator.sub, after, on_table))
    if any(n < 0 or n > h for n, h in zip(placed, hand, strict=True)):
        return None
    if not validate_table(new, profile, start=old).ok:
        return None
    return sum(map(operator.mul, placed, weights)), out
