"""Find the melds that can be made from a multiset of cards (a hand).

Used by `GameState.legal_moves` (exactly the melds a hand can lay down) and
by the bots. Runs are every window of consecutive values in one suit, each
position filled by the hand's natural card or by a joker; groups are every
set of distinct suits of one rank held, plus jokers. Every meld returned is
valid under the profile by construction; ``tests/test_meld_finder.py``
checks it against `classify_meld` and against a brute-force search.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING

from ._cards import _BY_CODE, JOKER, JOKER_CODE, Card
from ._melds import _RUN_CARDS
from ._profiles import Profile

if TYPE_CHECKING:
    from ._melds import MeldRules

__all__ = ["find_melds"]

#: By card code, the card's value bit in its suit's mask (none for the joker,
#: whose code 52 would otherwise land in the spades mask).
_VALUE_BIT = (*(1 << (code >> 2) for code in range(JOKER_CODE)), 0)

#: Melds by their sort key: (minus the length, the card codes).
_Keyed = dict[tuple[int, tuple[int, ...]], tuple[Card, ...]]


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
    masks, jokers = _held(cards)
    if not jokers and not _may_hold_natural_meld(masks, rules):
        return []  # most hands: answered by bit tests, without the cache
    key = (*masks, jokers)
    cache = rules.finder_cache
    melds = cache.get(key)
    if melds is None:
        if len(cache) >= 1 << 16:
            cache.clear()
        melds = cache[key] = _find(masks, jokers, rules)
    return list(melds)


def _held(cards: Iterable[Card]) -> tuple[list[int], int]:
    """Per suit, the values held (bit v - 1 for value v), and the number of jokers."""
    codes = [card.code for card in cards]
    masks = [0, 0, 0, 0]
    for code in codes:
        masks[code & 3] |= _VALUE_BIT[code]
    return masks, codes.count(JOKER_CODE)


def largest_meld(cards: Iterable[Card], profile: Profile) -> tuple[Card, ...] | None:
    """The first meld `find_melds` lists (the most cards, then the lowest codes), or ``None``.

    Found without listing every meld: the first of each suit's runs and
    each rank's groups, whose lists are remembered.
    """
    rules = profile._meld_rules
    masks, jokers = _held(cards)
    if not jokers and not _may_hold_natural_meld(masks, rules):
        return None
    melds = rules.finder_cache.get((*masks, jokers))
    if melds is not None:
        return melds[0] if melds else None
    best: tuple[int, tuple[int, ...]] | None = None
    meld: tuple[Card, ...] | None = None
    for part in _parts(masks, jokers, rules):
        first = min(part)
        if best is None or first < best:
            best, meld = first, part[first]
    return meld


def joins_a_meld(card: Card, cards: Iterable[Card], profile: Profile) -> bool:
    """Whether some meld of ``find_melds([*cards, card], profile)`` holds ``card``.

    Answered without listing the melds, for a natural ``card``: a group holds
    it if its rank is held in enough suits (jokers making up the rest where
    they may), and a run if its value is one `_run_values` keeps in its suit.
    """
    code = card.code
    if code == JOKER_CODE:
        return any(JOKER in meld for meld in find_melds([*cards, card], profile))
    rules = profile._meld_rules
    suit, rank = code & 3, code >> 2
    mask = 1 << rank  # the values held in the card's suit
    suits = 1 << suit  # the suits holding the card's rank
    jokers = 0
    for other in cards:
        x = other.code
        if x == JOKER_CODE:
            jokers += 1
        elif x & 3 == suit:
            mask |= 1 << (x >> 2)
        elif x >> 2 == rank:
            suits |= 1 << (x & 3)
    max_j = min(jokers, rules.max_jokers)
    group_j = max_j if rules.jokers_in_groups else 0
    if rules.min_group <= rules.max_group and bin(suits).count("1") + group_j >= rules.min_group:
        return True
    run_j = max_j if rules.jokers_in_runs else 0
    top = 14 if rules.ace_high else 13
    return _run_values(mask, run_j, top, rules.min_run) >> rank & 1 == 1


def _may_hold_natural_meld(masks: list[int], rules: MeldRules) -> bool:
    """False only if no meld of natural cards can be made from ``masks``.

    A run needs ``min_run`` consecutive values held in one suit (the ace also
    above the king where it may be high); a group needs a value held in
    ``min_group`` suits. A true answer may still find nothing. Written out
    for the usual sizes of 3: this test answers most hands of every turn.
    """
    m0, m1, m2, m3 = masks
    if rules.ace_high:
        m0 |= (m0 & 1) << 13
        m1 |= (m1 & 1) << 13
        m2 |= (m2 & 1) << 13
        m3 |= (m3 & 1) << 13
    min_run = rules.min_run
    if min_run == 3:
        if (
            m0 & m0 >> 1 & m0 >> 2
            or m1 & m1 >> 1 & m1 >> 2
            or m2 & m2 >> 1 & m2 >> 2
            or m3 & m3 >> 1 & m3 >> 2
        ):
            return True
    else:
        for mask in (m0, m1, m2, m3):
            for _ in range(min_run - 1):
                mask &= mask >> 1
            if mask:
                return True
    need = max(rules.min_group, 1)
    if need == 3:  # a value held in at least three of the four suits
        return (m0 & m1 & (m2 | m3) | m2 & m3 & (m0 | m1)) != 0
    return need <= 4 and _held_in_suits((m0, m1, m2, m3))[need - 1] != 0


def _held_in_suits(masks: Sequence[int]) -> list[int]:
    """Per k, the values (bit v - 1) that at least k + 1 of the suits' ``masks`` hold."""
    at_least = [0, 0, 0, 0]
    for mask in masks:
        at_least[3] |= at_least[2] & mask
        at_least[2] |= at_least[1] & mask
        at_least[1] |= at_least[0] & mask
        at_least[0] |= mask
    return at_least


def _find(masks: list[int], jokers: int, rules: MeldRules) -> tuple[tuple[Card, ...], ...]:
    """`find_melds` from the values held per suit (bit masks) and the jokers, uncached."""
    found: _Keyed = {}  # by sort key
    for part in _parts(masks, jokers, rules):
        found.update(part)
    return tuple(found[key] for key in sorted(found))


def _parts(masks: list[int], jokers: int, rules: MeldRules) -> Iterator[_Keyed]:
    """The melds of `find_melds`, from the values held per suit (bit masks) and the jokers.

    Yields each suit's runs and each rank's groups (none empty), by sort key.
    Every meld is valid by construction (sizes, joker limits, ace windows);
    a property test checks every meld against `classify_meld`.
    """
    max_j = min(jokers, rules.max_jokers)
    run_j = max_j if rules.jokers_in_runs else 0
    top = 14 if rules.ace_high else 13
    min_run = rules.min_run
    for suit in range(4):
        held = _run_values(masks[suit], run_j, top, min_run)
        if held:
            runs = _suit_runs(held, suit, run_j, top, min_run)
            if runs:
                yield runs
    group_j = max_j if rules.jokers_in_groups else 0
    need = rules.min_group - group_j  # suits a rank must hold
    ranks = _held_in_suits(masks)[max(need, 1) - 1] if need <= 4 else 0
    while ranks:
        low = ranks & -ranks
        rank = low.bit_length() - 1
        ranks ^= low
        suits = tuple(s for s in range(4) if masks[s] >> rank & 1)
        groups = _rank_groups(rank, suits, group_j, rules.min_group, rules.max_group)
        if groups:
            yield groups


def _run_values(mask: int, jokers: int, top: int, min_run: int) -> int:
    """The values of ``mask`` that lie in some run of its suit with ``jokers`` jokers.

    A value lies in a run exactly when some window of ``min_run`` values
    around it holds at least ``min_run - jokers`` naturals (a sub-window of
    a longer run has no more gaps than the run). Dropping the other values
    leaves the runs unchanged and lets `_suit_runs` answer more hands from
    its cache. Remembered by mask, per setting, in `_RUN_VALUES`.
    """
    # Past ``min_run`` jokers every window is covered alike, so clamping keeps
    # the answers and bounds the cache by the settings, not by a caller's count.
    jokers = min(jokers, min_run)
    known = _RUN_VALUES.get((jokers, top, min_run))
    if known is None:
        known = _RUN_VALUES[jokers, top, min_run] = [-1] * (1 << 13)
    found = known[mask]
    if found < 0:
        need = min_run - jokers
        ext = mask | (mask & 1) << 13 if top == 14 else mask  # the ace also above the king
        covered = 0
        window = (1 << min_run) - 1
        for low in range(top - min_run + 1):
            inside = ext & window << low
            if inside.bit_count() >= need:
                covered |= inside
        found = known[mask] = covered & 0x1FFF | covered >> 13 & 1
    return found


#: `_run_values` by (jokers, top value, minimum run), then by mask (-1: not yet known).
_RUN_VALUES: dict[tuple[int, int, int], list[int]] = {}


def _keyed(
    melds: Iterable[tuple[Card, ...]],
) -> _Keyed:
    """``melds`` by their sort key: more cards first, then the card codes."""
    return {(-len(meld), tuple(c.code for c in meld)): meld for meld in melds}


# The hand's cards of one suit (or one rank) recur from turn to turn and game
# to game, so the melds each allows are worked out once and remembered.


@lru_cache(maxsize=1 << 16)
def _suit_runs(mask: int, suit: int, jokers: int, top: int, min_run: int) -> _Keyed:
    """Every run of ``suit`` from the values in ``mask`` (bit v - 1 for value v) and jokers."""
    held = {v + 1 for v in range(13) if mask >> v & 1}
    found: set[tuple[Card, ...]] = set()
    if len(held) + jokers >= min_run:
        _runs_in_suit(held, suit, jokers, top, min_run, found)
    return _keyed(found)


@lru_cache(maxsize=1 << 12)
def _rank_groups(
    rank: int, suits: tuple[int, ...], jokers: int, min_group: int, max_group: int
) -> _Keyed:
    """Every group of ``rank`` from the ``suits`` held and up to ``jokers`` jokers."""
    found = []
    for size in range(1, len(suits) + 1):
        for chosen in combinations(suits, size):
            for j in range(jokers + 1):
                if min_group <= size + j <= max_group:
                    found.append(tuple(_BY_CODE[rank * 4 + s] for s in chosen) + (JOKER,) * j)
    return _keyed(found)


def _runs_in_suit(
    held: set[int], suit: int, jokers: int, top: int, min_run: int, found: set[tuple[Card, ...]]
) -> None:
    """Add every run of ``suit`` from the ``held`` values and up to ``jokers`` jokers to ``found``.

    Every window of consecutive values, each position filled by its natural
    card (where held) or by a joker, with at least one natural card.
    """
    if top == 14 and 1 in held:
        held = held | {14}
    if len(held) + jokers < min_run:
        return
    cards = _RUN_CARDS[suit]
    joker = JOKER
    last = top - min_run + 1
    # A window has at most `jokers` gaps, so a natural lies within its first
    # jokers + 1 positions: it starts at most `jokers` below a value held.
    starts = sorted({v - k for v in held for k in range(jokers + 1) if 1 <= v - k <= last})
    for lo in starts:
        row: list[Card] = []  # the window's cards, a joker in each gap
        have: list[int] = []  # the window's positions holding a natural
        gaps = 0
        for hi in range(lo, min(top, lo + 12) + 1):
            if hi in held:
                have.append(hi - lo)
                row.append(cards[hi])
            else:
                gaps += 1
                if gaps > jokers:
                    break  # a longer window has at least these gaps
                row.append(joker)
            if hi - lo + 1 < min_run or not have:
                continue
            found.add(tuple(row))
            spare = jokers - gaps
            # Each choice of `extra` held naturals may be replaced by jokers too.
            for extra in range(1, min(spare, len(have) - 1) + 1):
                for replaced in combinations(have, extra):
                    trial = row.copy()
                    for i in replaced:
                        trial[i] = joker
                    found.add(tuple(trial))
