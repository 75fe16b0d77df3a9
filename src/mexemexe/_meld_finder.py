"""Find the melds that can be made from a multiset of cards (a hand).

Used by `GameState.legal_moves` (the "lay down one new meld" plays) and by
the bots. Each run uses the hand's own natural card wherever it has one and a
joker only for a missing card; each group is a set of distinct suits of one
rank plus jokers. Every meld returned is valid under the profile (by
construction; ``tests/test_meld_finder.py`` checks it against `classify_meld`
and against a brute-force search).
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations

from ._cards import _BY_CODE, JOKER, JOKER_CODE, Card
from ._melds import _RUN_CARDS
from ._profiles import Profile

__all__ = ["find_melds"]


def find_melds(cards: Iterable[Card], profile: Profile) -> list[tuple[Card, ...]]:
    """Every distinct valid meld that can be laid down from ``cards`` alone.

    Args:
        cards: The available cards (a hand), as a multiset.
        profile: The rules (ace and joker policies, meld sizes).

    Returns:
        Melds as tuples of cards in canonical order (jokers in their places),
        sorted by (more cards first, then card codes), without duplicates.
    """
    rules = profile._meld_rules
    jokers = 0
    by_suit: list[list[int]] = [[], [], [], []]  # values held, per suit
    by_rank: dict[int, set[int]] = {}  # suits held, per rank (0-12)
    for card in cards:
        code = card.code
        if code == JOKER_CODE:
            jokers += 1
            continue
        by_suit[code & 3].append((code >> 2) + 1)
        by_rank.setdefault(code >> 2, set()).add(code & 3)
    max_j = min(jokers, rules.max_jokers)
    found: set[tuple[Card, ...]] = set()
    run_j = max_j if rules.jokers_in_runs else 0
    top = 14 if rules.ace_high else 13
    for suit in range(4):
        if len(by_suit[suit]) + run_j >= rules.min_run:
            _runs_in_suit(set(by_suit[suit]), suit, run_j, top, rules.min_run, found)
    group_j = max_j if rules.jokers_in_groups else 0
    for rank, suit_set in by_rank.items():
        if len(suit_set) + group_j < rules.min_group:
            continue
        suits = sorted(suit_set)
        for size in range(1, len(suits) + 1):
            for chosen in combinations(suits, size):
                for j in range(group_j + 1):
                    if rules.min_group <= size + j <= rules.max_group:
                        found.add(tuple(_BY_CODE[rank * 4 + s] for s in chosen) + (JOKER,) * j)
    # Valid by construction (sizes, joker limits, ace windows); a property
    # test checks every meld returned against classify_meld.
    melds = list(found)
    melds.sort(key=_order)
    return melds


def _order(meld: tuple[Card, ...]) -> tuple[int, list[int]]:
    return -len(meld), [c.code for c in meld]


def _runs_in_suit(
    held: set[int], suit: int, jokers: int, top: int, min_run: int, found: set[tuple[Card, ...]]
) -> None:
    """Add every run of ``suit`` from the ``held`` values plus up to ``jokers`` jokers to ``found``.

    A run spans from one held value to another (or to itself), with jokers
    filling its gaps and, with jokers to spare, extending either end.
    """
    if top == 14 and 1 in held:
        held = held | {14}
    values = sorted(held)
    if len(values) + jokers < min_run:
        return
    cards = _RUN_CARDS[suit]
    joker = JOKER
    for i, first in enumerate(values):
        for j in range(i, len(values)):
            last = values[j]
            span = last - first + 1
            if span > 13:
                break
            spare = jokers - (span - (j - i + 1))
            if spare < 0:
                break
            for below in range(spare + 1):
                lo = first - below
                if lo < 1:
                    break
                for above in range(spare - below + 1):
                    hi = last + above
                    if hi > top or hi - lo + 1 > 13:
                        break
                    if hi - lo + 1 >= min_run:
                        found.add(
                            tuple(cards[v] if v in held else joker for v in range(lo, hi + 1))
                        )
