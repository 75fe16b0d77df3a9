"""Open runs as the sweep keeps them: descriptors packed in ints, and how they grow.

A run still open between two values is described by one int (its
*descriptor*): its length capped at the minimum run, the jokers in it where
the per-run cap can bind, whether it holds a natural, whether it began on a
low ace, and whether it ends on a joker that a natural must follow
(*pending*). A suit's open runs are their descriptors packed in one int. The
state keys of the search hold these ints, not tuples: an int hashes far
faster, and the runs of every suit are part of each key.

Here too: the rules a run follows (`RunRules`), what closing or extending a
run does, and when one run can do all that another can (`stronger`), which
the search's dominance checks rest on.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

__all__ = [
    "NO_ACES",
    "RunRules",
    "ace",
    "aces",
    "deficit",
    "desc",
    "extend",
    "jokers",
    "length",
    "most_jokers",
    "natural",
    "pack",
    "pending",
    "runs_stronger",
    "stronger",
    "unpack",
]

# A run descriptor packed in an int: length (capped at the minimum run, at
# most 13) | jokers << 4 (a run of 13 holds at most 12) | natural << 8 |
# low ace << 9 | pending << 10.
J, N, A, P = 4, 8, 9, 10

#: A suit's open runs packed in one int: their descriptors in ascending order,
#: 11 bits each, the smallest in the lowest bits (a descriptor is never 0, so
#: the packing reads back unambiguously; no runs is 0).
RUN_BITS = 11
RUN_MASK = (1 << RUN_BITS) - 1

#: A 1 in the lowest bit of each of the first 64 runs' places: times a field's
#: mask, that field of every run, whose sum an int's remainder by `RUN_MASK`
#: gives (as a number's remainder by 9 sums its digits) while it stays below it.
_EACH_RUN = sum(1 << RUN_BITS * i for i in range(64))
#: The jokers and natural of each run, shifted down by `J` (`runs_stronger`).
_CORES = _EACH_RUN * 31
#: The length of each run (`runs_stronger`).
_LENGTHS = _EACH_RUN * 15

#: No suit keeps an ace back (an int per suit hashes faster than a pair of counts).
NO_ACES = (0, 0, 0, 0)


#: The rules a run follows, as the plays of a suit take them (and the key of
#: their memo): ``(run_cap, min_run, track, top, lazy)`` — the most jokers a
#: run may hold (0 where runs take none), the fewest cards in a run, whether
#: descriptors count their jokers (only where the cap can bind), the last
#: value of the sweep (14 where the ace is also high), and whether jokers are
#: placed lazily. A plain tuple, not a NamedTuple: it is passed on with ``*``
#: to the functions that take the rules, and Python spreads only exact tuples
#: on its fast path.
RunRules = tuple[int, int, bool, int, bool]


def pack(descriptors: Sequence[int]) -> int:
    """Runs packed as above, from their descriptors in any order."""
    packed = 0
    for d in sorted(descriptors, reverse=True):
        packed = packed << RUN_BITS | d
    return packed


@lru_cache(maxsize=65_536)
def unpack(packed: int) -> tuple[int, ...]:
    """The descriptors of packed runs, in ascending order."""
    out = []
    while packed:
        out.append(packed & RUN_MASK)
        packed >>= RUN_BITS
    return tuple(out)


def aces(must: int, may: int) -> int:
    """The aces a suit keeps back for the top (ace high), table and hand copies, in one int."""
    return must << 2 | may


def desc(length: int, jokers: int, natural: int, ace: int, pending: int = 0) -> int:
    """A run's descriptor from its parts."""
    return length | (jokers << J) | (natural << N) | (ace << A) | (pending << P)


def length(d: int) -> int:
    """A run's length, capped at the minimum run."""
    return d & 15


def jokers(d: int) -> int:
    """The jokers in a run (0 where they are not tracked)."""
    return (d >> J) & 15


def natural(d: int) -> int:
    """1 if the run holds a natural."""
    return (d >> N) & 1


def ace(d: int) -> int:
    """1 if the run began on the low ace."""
    return (d >> A) & 1


def pending(d: int) -> int:
    """1 if the run ends on a joker that a natural must follow (lazy model)."""
    return (d >> P) & 1


def deficit(d: int, run_cap: int, min_run: int, track: bool, top: int, lazy: bool) -> int:
    """Jokers a run needs to close now (``-1`` if it cannot): the lazy model's deficit."""
    if pending(d) or not natural(d):
        return -1
    short = max(0, min_run - length(d))
    if short and (short > run_cap or (track and jokers(d) + short > run_cap)):
        return -1
    return short


@lru_cache(maxsize=16_384)  # a pure function of few inputs, asked for at every play made
def extend(
    d: int, is_natural: bool, run_cap: int, min_run: int, track: bool, top: int, lazy: bool
) -> int:
    """A run's descriptor once a natural (or else a joker) extends it."""
    grown = min(length(d) + 1, min_run)
    held = jokers(d) + (0 if is_natural or not track else 1)
    waits = int(lazy and not is_natural)
    return desc(grown, held, natural(d) | int(is_natural), ace(d), waits)


@lru_cache(maxsize=4096)
def most_jokers(runs: int, min_run: int) -> int:
    """The most jokers a lazy play of a suit with open ``runs`` can place.

    A lazy play places jokers only on its open runs: one to continue a run,
    or a run's deficit to close it. Any count of jokers left from this one
    up allows the same plays, so counted up to it, the plays of many counts
    are worked out once: working out plays is a large share of a first
    search's time.
    """
    return sum(max(1, min_run - length(d)) for d in unpack(runs))


def stronger(a: int, b: int) -> bool:
    """Whether open run ``a`` can do all that run ``b`` can (lazy model).

    The same but longer, no longer waiting for a natural after a joker, or
    not begun on the low ace (which keeps a run from reaching the high ace).
    """
    loose = 15 | 1 << P | 1 << A  # the length, the pending flag and the low-ace flag
    return (
        a & ~loose == b & ~loose
        and a & 15 >= b & 15
        and a >> P & 1 <= b >> P & 1
        and a >> A & 1 <= b >> A & 1
    )


@lru_cache(maxsize=65_536)  # asked for every pair of plays compared (`undominated`)
def runs_stronger(a: int, b: int) -> bool:
    """Whether packed runs ``a`` match packed runs ``b`` one for one, each as strong or stronger."""
    if a == b:
        return True
    if a <= RUN_MASK and b <= RUN_MASK:  # one run each (the usual case): no orders to try
        return bool(a and b) and stronger(a, b)
    # Runs matched one for one hold the same jokers and naturals in all, and no
    # fewer cards: their sums, read off the packed ints at once, rule most pairs out.
    if (a >> J & _CORES) % RUN_MASK != (b >> J & _CORES) % RUN_MASK:
        return False
    if (a & _LENGTHS) % RUN_MASK < (b & _LENGTHS) % RUN_MASK:
        return False
    runs_a, runs_b = unpack(a), unpack(b)
    if len(runs_a) != len(runs_b):
        return False
    if len(runs_a) == 2:  # the two ways to match two runs, without making them
        a0, a1 = runs_a
        b0, b1 = runs_b
        return (stronger(a0, b0) and stronger(a1, b1)) or (stronger(a1, b0) and stronger(a0, b1))
    return _matched(runs_a, runs_b)


def _matched(runs_a: tuple[int, ...], runs_b: tuple[int, ...]) -> bool:
    """Whether each run of ``runs_b`` can have its own run of ``runs_a``, as strong or stronger.

    Backtracking, each run of ``runs_b`` in turn: of three runs or more, most
    pairs fail at the first (every order tried, as before, cost far more).
    """
    b = runs_b[0]
    for i, a in enumerate(runs_a):
        if i and a == runs_a[i - 1]:
            continue  # the same run as the one just tried
        if stronger(a, b) and (
            len(runs_b) == 1 or _matched(runs_a[:i] + runs_a[i + 1 :], runs_b[1:])
        ):
            return True
    return False
