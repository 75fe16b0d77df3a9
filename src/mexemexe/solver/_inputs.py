"""What a search starts from: hand and table as counts, the objective's weights, the deadline.

The checks and reductions made before any search runs: a position no deal
can reach is refused (`_within_deck`), hand cards that can join no meld are
left out (`_prune`), and a time limit becomes a `time.perf_counter` reading.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable, Sequence
from functools import lru_cache

from .._cards import _BY_CODE, JOKER_CODE, Card
from .._errors import InvalidStateError, SolverInputError
from .._kinds import quote
from .._profiles import Profile
from .._validation import count_problems
from ._sweep import INF

__all__ = ["_counts", "_deadline", "_point_weights", "_prune", "_within_deck"]


@lru_cache(maxsize=64)
def _point_weights(profile: Profile) -> tuple[float, ...]:
    """Each card's points under ``profile`` (B10, R7, G9), by code: the points objective."""
    return tuple(float(profile.card_points(Card.from_code(c))) for c in range(53))


def _counts(cards: Iterable[Card]) -> list[int]:
    counts = [0] * 53
    for card in cards:
        counts[card.code] += 1
    return counts


def _within_deck(counts: Sequence[int], profile: Profile) -> None:
    """Refuse more copies of a card than ``profile``'s deck holds (§0).

    The search grows exponentially with the copies of a card (each copy may
    open a run of its own), so a position no deal can reach must not be able
    to make it run for minutes.

    Raises:
        InvalidStateError: Naming the cards with too many copies.
    """
    problems = count_problems({_BY_CODE[c]: k for c, k in enumerate(counts) if k}, profile)
    if problems:
        raise InvalidStateError("; ".join(map(str, problems)))


def _meldable(code: int, held: list[int], run_j: int, others_needed: int, top: int) -> bool:
    """Whether natural ``code`` could sit in some meld of the cards ``held``.

    ``held`` has, per suit, bit w set where the suit holds value w (and bit
    14 for the ace where ``top`` is 14, the ace also ending runs). A meld
    holding the card holds a 3-card window of its suit around it (with up to
    ``run_j`` jokers filling the gaps), or its rank in ``others_needed``
    other suits (jokers aside).
    """
    rank, suit = code >> 2, code & 3
    value = rank + 1
    mask = held[suit]
    for v in (value, 14) if value == 1 and top == 14 else (value,):
        gaps = ~mask & ~(1 << v)
        for lo in range(max(1, v - 2), min(v, top - 2) + 1):
            if (gaps & 7 << lo).bit_count() <= run_j:
                return True
    bit = 1 << value
    others = sum(1 for s in range(4) if s != suit and held[s] & bit)
    return others >= others_needed


@lru_cache(maxsize=2)
def _value_bits(top: int) -> tuple[int, ...]:
    """The bit of each rank's value (`_meldable`): the ace's also at 14 where it ends runs."""
    ace = 1 << 14 if top == 14 else 0
    return tuple(1 << (rank + 1) | (ace if rank == 0 else 0) for rank in range(13))


def _prune(must: list[int], may: list[int], profile: Profile) -> list[int]:
    """``may`` without the hand cards that can join no meld (repeated until nothing changes).

    Removing a card only takes chances from the others, so the cards kept are
    the same in whatever order they are checked.
    """
    rules = profile._meld_rules
    jokers = must[JOKER_CODE] + may[JOKER_CODE]
    run_j = min(jokers, rules.max_jokers) if rules.jokers_in_runs else 0
    if run_j >= 2:
        return list(may)  # two jokers fill any 3-card window: every card can join a run
    group_j = min(jokers, rules.max_jokers) if rules.jokers_in_groups else 0
    others_needed = rules.min_group - 1 - group_j
    top = 14 if rules.ace_high else 13
    bits = _value_bits(top)
    may = list(may)
    held = [0, 0, 0, 0]
    candidates = []
    for code, (on_table, in_hand) in enumerate(zip(must[:52], may[:52], strict=True)):
        if on_table or in_hand:
            held[code & 3] |= bits[code >> 2]
            if not on_table:
                candidates.append(code)
    changed = True
    while changed:
        changed = False
        for code in candidates:
            if may[code] and not _meldable(code, held, run_j, others_needed, top):
                may[code] = 0
                held[code & 3] &= ~bits[code >> 2]
                changed = True
    return may


def _deadline(time_limit: float | None) -> float:
    """The `time.perf_counter` reading at which a search given ``time_limit`` stops.

    Raises:
        TypeError: If ``time_limit`` is not a number.
        SolverInputError: If ``time_limit`` is negative or not a number (NaN).
    """
    if time_limit is None:
        return INF
    if isinstance(time_limit, bool) or not isinstance(time_limit, int | float):
        raise TypeError(f"time_limit must be a number of seconds, not {type(time_limit).__name__}")
    try:
        seconds = float(time_limit)
    except OverflowError:  # an int past the floats: as good as no limit, but say so
        raise SolverInputError(
            f"time_limit must be a number of seconds a float can hold, not {quote(time_limit)}"
        ) from None
    if math.isnan(seconds) or seconds < 0:
        raise SolverInputError(f"time_limit must be at least 0 seconds, not {time_limit!r}")
    return time.perf_counter() + seconds
