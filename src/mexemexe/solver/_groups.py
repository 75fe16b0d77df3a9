"""Groups of one value: which joker counts they can take, their share of the bound, their melds.

The sweep does not build groups as it goes. Each suit says how many of its
copies of a value go to groups (one or two: two copies of a suit sit in two
groups); once every suit has played the value, its groups are settled from
those counts alone (`group_needs`, `groups_possible`), and the rebuild
forms them (`form_groups`).

**Shares of the bound.** A group short of naturals needs jokers; each of
its naturals carries an equal share of them, counted in fractions of a
joker and taken as small as the other suits holding the value allow (a
suit's two copies sit in two groups that share those suits, and carry both
groups' shares), so the shares never add up to more jokers than the groups
truly need (`group_facts`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import combinations, product

__all__ = [
    "GIVES",
    "form_groups",
    "group_copies",
    "group_facts",
    "group_needs",
    "groups_possible",
    "pair_share",
    "share",
]

#: The copies given to one value's groups so far, in one int of the state key:
#: suits giving one copy, plus 8 for each suit giving two (`group_copies`).
#: ``GIVES[g]`` adds a suit giving ``g`` copies.
GIVES = (0, 1, 8)

#: Per suit at one value, whether 0, 1 or 2 copies could join groups (`group_facts`).
Room = tuple[bool, bool, bool]
#: Per suit at one value, the joker units 0, 1 or 2 copies in groups carry (`group_facts`).
Shares = tuple[int, int, int]


def group_copies(gcount: int) -> tuple[int, int]:
    """``(suits giving one copy, suits giving two)`` from a state's ``gcount``."""
    return gcount & 7, gcount >> 3


@lru_cache(maxsize=4096)
def group_facts(
    present: tuple[int, ...], min_group: int, max_group: int, cap: int, unit: int
) -> tuple[tuple[Room, ...], tuple[Shares, ...], tuple[int, ...]]:
    """For the bound, per suit at one value: group room and joker shares.

    ``present`` counts each suit's copies at the value. Room: could ``g``
    (0, 1 or 2) copies join groups if every other suit's copies there were
    free to join them, with up to ``cap`` jokers a group? Shares, by ``g``:
    a group of k naturals short of ``min_group`` needs ``min_group - k``
    jokers, that is ``(min_group - k) / k`` for each natural, counted in
    units of ``1 / unit`` joker and taken with k as large as the other suits
    holding the value allow, so the shares never add up to more jokers than
    the groups need. Two copies sit in two groups, which share the other
    suits' copies: their naturals k1 and k2 add up to at most N (two, plus
    up to two copies of each other suit), so the two copies carry the least
    sum of the shares of a k1 and a k2 group over those splits (with N = 5,
    the groups of 3 and 2 naturals: half a joker, where the even split of
    2.5 and 2.5 would give only two fifths). Later: for each fold position
    ``si``, how many of the suits ``si``..3 hold the value.
    """
    room: list[Room] = []
    shares: list[Shares] = []
    short = min_group - 1 - cap  # the other suits' copies a group of one copy needs
    # (Plain loops: every new sweep asks for 16 of these, and a generator per sum
    # costs more than the sums on four suits.)
    for suit in range(4):
        holding = ones = twos = 0  # over the other suits: holding the value, min(n, 1), min(n, 2)
        for t in range(4):
            n = present[t]
            if t != suit and n:
                holding += 1
                ones += 1
                twos += 2 if n > 1 else 1
        room.append((True, ones >= short, twos >= 2 * short))
        most = min(max_group, 1 + holding)  # naturals in one group
        single = share(most, min_group, unit)
        both = 2 + twos  # naturals in the two groups of two copies
        shares.append((0, single, pair_share(most, both, min_group, unit)))
    later = [0] * 5
    for si in range(3, -1, -1):
        later[si] = later[si + 1] + (1 if present[si] else 0)
    return tuple(room), tuple(shares), tuple(later)


@lru_cache(maxsize=1024)
def pair_share(most: int, both: int, min_group: int, unit: int) -> int:
    """Joker units two copies of one suit carry, in two groups of ``most`` naturals at most.

    The two groups hold ``both`` naturals at most between them; the least sum
    of the two groups' shares (`share`) over the whole-number splits.
    Remembered: a position asks for a handful of them, each many times over
    (every suit at every value, and every two copies given to groups).
    """
    return min(
        share(k1, min_group, unit) + share(k2, min_group, unit)
        for k1 in range(1, most + 1)
        for k2 in range(1, min(most, both - k1) + 1)
    )


def share(naturals: int, min_group: int, unit: int) -> int:
    """Joker units each natural of a group of ``naturals`` carries (see `group_facts`)."""
    if naturals >= min_group:
        return 0
    return unit * (min_group - naturals) // naturals


def _group_splits(
    c1: int, c2: int, min_group: int, max_group: int, cap: int, jokers: int
) -> list[tuple[int, int]]:
    """``(need, room)`` of each way to split one value's group copies into groups.

    ``c1`` suits give one copy and ``c2`` give two (the two copies go to two
    groups); ``need`` is the jokers that bring every group to the minimum,
    ``room`` the most jokers the groups can hold.
    """
    naturals = c1 + 2 * c2
    if naturals == 0:
        return [(0, 0)]
    out = []
    # Each group needs the minimum in naturals and jokers, and at most ``cap`` jokers.
    most = min(naturals, (naturals + jokers) // min_group)
    if cap < min_group:
        most = min(most, naturals // (min_group - cap))
    for k in range(2 if c2 else 1, most + 1):
        for sizes in _natural_sizes(c1, c2, k):
            if any(s < 1 or s > max_group for s in sizes):
                continue
            deficits = [max(0, min_group - s) for s in sizes]
            if any(d > cap for d in deficits) or sum(deficits) > jokers:
                continue
            out.append((sum(deficits), sum(min(cap, max_group - s) for s in sizes)))
    return out


@lru_cache(maxsize=4096)
def group_needs(
    c1: int, c2: int, min_group: int, max_group: int, cap: int, jokers: int
) -> tuple[int, ...]:
    """The joker counts that some split of the group copies needs exactly (lazy model)."""
    splits = _group_splits(c1, c2, min_group, max_group, cap, jokers)
    return tuple(sorted({need for need, _room in splits}))


@lru_cache(maxsize=4096)
def groups_possible(
    c1: int, c2: int, gj: int, min_group: int, max_group: int, cap: int, jokers: int
) -> bool:
    """Can c1 suits giving one copy, c2 suits giving two, and gj jokers form valid groups?"""
    if c1 + 2 * c2 == 0:
        return gj == 0
    splits = _group_splits(c1, c2, min_group, max_group, cap, jokers)
    return any(need <= gj <= room for need, room in splits)


def _natural_sizes(c1: int, c2: int, k: int) -> set[tuple[int, ...]]:
    """Natural counts of k groups when c2 suits give two copies (two groups) and c1 one.

    Built suit by suit over sorted size tuples, so equal splits are kept once.
    """
    if c2 and k < 2:
        return set()
    sizes: set[tuple[int, ...]] = {(0,) * k}
    for _ in range(c2):
        sizes = {
            tuple(sorted((*t[:a], t[a] + 1, *t[a + 1 : b], t[b] + 1, *t[b + 1 :])))
            for t in sizes
            for a, b in combinations(range(k), 2)
        }
    for _ in range(c1):
        sizes = {tuple(sorted((*t[:a], t[a] + 1, *t[a + 1 :]))) for t in sizes for a in range(k)}
    return sizes


def form_groups(
    copies: list[int], gj: int, min_group: int, max_group: int, cap: int, joker: Callable[[], int]
) -> list[list[int]]:
    """Split one value's group copies (and ``gj`` jokers) into valid groups, explicitly."""
    if not copies and not gj:
        return []
    naturals = len(copies)
    if naturals and len(set(copies)) == naturals <= max_group:
        # One copy a suit: the first split tried is one group of them all.
        deficit = max(0, min_group - naturals)
        if deficit <= cap and deficit <= gj <= min(cap, max_group - naturals):
            return [[*copies, *(joker() for _ in range(gj))]]
    by_suit: dict[int, int] = {}
    for code in copies:
        by_suit[code] = by_suit.get(code, 0) + 1
    twos = [c for c, k in by_suit.items() if k == 2]
    ones = [c for c, k in by_suit.items() if k == 1]
    for k in range(1, naturals + 1):
        pairs = list(combinations(range(k), 2))
        for two_places in product(pairs, repeat=len(twos)) if twos else [()]:
            for one_places in product(range(k), repeat=len(ones)) if ones else [()]:
                groups: list[list[int]] = [[] for _ in range(k)]
                for code, (a, b) in zip(twos, two_places, strict=True):
                    groups[a].append(code)
                    groups[b].append(code)
                for code, a in zip(ones, one_places, strict=True):
                    groups[a].append(code)
                if any(not g or len(g) > max_group for g in groups):
                    continue
                deficits = [max(0, min_group - len(g)) for g in groups]
                rooms = [min(cap, max_group - len(g)) for g in groups]
                if any(d > cap for d in deficits) or not sum(deficits) <= gj <= sum(rooms):
                    continue
                extra = gj - sum(deficits)
                for g, deficit, room in zip(groups, deficits, rooms, strict=True):
                    add = deficit + min(extra, room - deficit)
                    extra -= add - deficit
                    g.extend(joker() for _ in range(add))
                return groups
    raise AssertionError("groups were feasible but could not be formed")  # pragma: no cover
