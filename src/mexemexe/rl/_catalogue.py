"""The fixed catalogue of melds a hand could lay down under a rummy profile (§0, B5, R3, G12).

A learning agent needs one action id per meld, the same in every state. The
catalogue lists every multiset of cards that the profile accepts as one meld
(`Profile.classify_meld`), built from the profile's data alone:

* **runs**: for each suit, each window of consecutive ranks (the ace after the
  king too, where the ace policy allows it, B4, R2, G7) of each length, with
  any choice of positions left to jokers (at most the profile's jokers per
  meld and the deck's jokers, never every position);
* **groups**: for each rank, each multiset of suits (duplicates as the deck
  allows) with any number of jokers, of a size between the group limits.

A meld is identified by its sorted card codes, so melds whose jokers could
stand in different places are one entry, as `LayDown` makes them one move.
The order (runs by suit, start and length, then groups by rank) is fixed:
the same profile always gives the same ids.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import combinations, combinations_with_replacement

from .._cards import JOKER_CODE, Card
from .._profiles import Profile

__all__ = ["meld_catalogue", "meld_index"]

#: Rank numbers a run window may start at: ace (1) to king (13); 14 stands for a high ace.
_RANKS = range(1, 14)
_SUITS = range(4)


def _code(rank: int, suit: int) -> int:
    """The card code of ``rank`` (14 is the ace again) in ``suit``."""
    return ((rank - 1) % 13) * 4 + suit


def _joker_limit(profile: Profile) -> int:
    if profile.max_jokers_per_meld is None:
        return profile.jokers
    return min(profile.jokers, profile.max_jokers_per_meld)


def _runs(profile: Profile, jokers: int) -> Iterator[tuple[int, ...]]:
    for suit in _SUITS:
        for start in _RANKS:
            for length in range(profile.min_run_size, 16 - start):
                naturals = [_code(rank, suit) for rank in range(start, start + length)]
                for count in range(min(jokers, length - 1) + 1):
                    for holes in combinations(range(length), count):
                        kept = [c for i, c in enumerate(naturals) if i not in holes]
                        yield tuple(sorted(kept)) + (JOKER_CODE,) * count


def _groups(profile: Profile, jokers: int) -> Iterator[tuple[int, ...]]:
    for rank in _RANKS:
        for size in range(1, profile.max_group_size + 1):
            for suits in combinations_with_replacement(_SUITS, size):
                for count in range(jokers + 1):
                    if profile.min_group_size <= size + count <= profile.max_group_size:
                        codes = sorted(_code(rank, suit) for suit in suits)
                        yield (*codes, *(JOKER_CODE,) * count)


@lru_cache(maxsize=32)
def meld_catalogue(profile: Profile) -> tuple[tuple[int, ...], ...]:
    """Every meld ``profile`` accepts, as sorted card-code tuples, in the catalogue's fixed order.

    Examples:
        >>> from mexemexe import get_profile
        >>> melds = meld_catalogue(get_profile("galician"))
        >>> len(melds), melds[0]
        (329, (0, 4, 8))
    """
    jokers = _joker_limit(profile)
    found: dict[tuple[int, ...], None] = {}
    for codes in (*_runs(profile, jokers), *_groups(profile, jokers)):
        if codes in found:
            continue
        if profile.classify_meld([Card.from_code(code) for code in codes]):
            found[codes] = None
    return tuple(found)


@lru_cache(maxsize=32)
def meld_index(profile: Profile) -> dict[tuple[int, ...], int]:
    """Each catalogue meld's position in `meld_catalogue` (do not change the dict)."""
    return {codes: i for i, codes in enumerate(meld_catalogue(profile))}
