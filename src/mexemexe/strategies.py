"""Hypothesis strategies for cards, melds and tables, so apps can property-test too.

This module imports `hypothesis`, a test-time extra (``pip install
"mexemexe[test]"``); the rest of the library never imports it.

Examples:
    >>> from hypothesis import given
    >>> import mexemexe as m
    >>> from mexemexe import strategies as mst
    >>> brazilian = m.get_profile("brazilian")
    >>> @given(mst.melds(brazilian))
    ... def test_generated_melds_are_valid(meld):
    ...     assert brazilian.is_valid_meld(meld)
    >>> test_generated_melds_are_valid()

Every strategy takes the `Profile` whose rules the values must follow (its
ace policy, joker policy, meld sizes and deck).
"""

from __future__ import annotations

from collections import Counter

try:
    from hypothesis import strategies as st
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise ImportError('mexemexe.strategies needs hypothesis: pip install "mexemexe[test]"') from exc

from ._cards import _BY_CODE, JOKER, Card, Suit
from ._profiles import Profile
from ._table import Meld, Table

__all__ = [
    "card_lists",
    "cards",
    "groups",
    "invalid_melds",
    "melds",
    "naturals",
    "runs",
    "tables",
]


def naturals() -> st.SearchStrategy[Card]:
    """A natural (non-joker) card, of any rank and suit."""
    return st.sampled_from(_BY_CODE[:52])


def cards(profile: Profile | None = None) -> st.SearchStrategy[Card]:
    """A card of ``profile``'s deck: naturals, plus the joker if the deck has jokers.

    With no profile, any card including the joker.
    """
    if profile is not None and not profile.jokers:
        return naturals()
    return st.one_of(naturals(), st.just(JOKER))


def card_lists(
    profile: Profile | None = None, *, min_size: int = 0, max_size: int = 8
) -> st.SearchStrategy[tuple[Card, ...]]:
    """Arbitrary lists of cards of ``profile``'s deck (valid or not, any order)."""
    return st.lists(cards(profile), min_size=min_size, max_size=max_size).map(tuple)


def _max_jokers(profile: Profile, size: int) -> int:
    limit = size - 1  # a meld needs one natural card (§0)
    if profile.max_jokers_per_meld is not None:
        limit = min(limit, profile.max_jokers_per_meld)
    return max(0, min(limit, profile.jokers))


@st.composite
def _with_jokers(
    draw: st.DrawFn, meld: list[Card], allowed: bool, profile: Profile, shuffle: bool
) -> Meld:
    if allowed:
        k = draw(st.integers(0, _max_jokers(profile, len(meld))))
        if k:
            positions = draw(
                st.lists(st.integers(0, len(meld) - 1), min_size=k, max_size=k, unique=True)
            )
            for p in positions:
                meld[p] = JOKER
    if shuffle:
        meld = list(draw(st.permutations(meld)))
    return tuple(meld)


@st.composite
def runs(draw: st.DrawFn, profile: Profile, *, shuffle: bool = True) -> Meld:
    """Valid runs under ``profile``: one suit, consecutive ranks, jokers where allowed (§0, B5, R3).

    Args:
        draw: Supplied by hypothesis.
        profile: The rules (ace policy, joker policy, minimum run size).
        shuffle: Write the cards in any order (validity never depends on it).
    """
    suit = draw(st.sampled_from(list(Suit)))
    length = draw(st.integers(profile.min_run_size, 13))
    top = 14 if profile.ace == "low_or_high" else 13
    start = draw(st.integers(1, top - length + 1))
    meld = [_BY_CODE[((v - 1) % 13) * 4 + suit.index] for v in range(start, start + length)]
    allowed = profile.joker_policy in ("runs", "free")
    return draw(_with_jokers(meld, allowed, profile, shuffle))


@st.composite
def groups(draw: st.DrawFn, profile: Profile, *, shuffle: bool = True) -> Meld:
    """Valid groups under ``profile``: one rank, distinct suits, jokers if allowed (§0, B5, R3).

    Args:
        draw: Supplied by hypothesis.
        profile: The rules (joker policy, group sizes).
        shuffle: Write the cards in any order.
    """
    rank = draw(st.integers(1, 13))
    size = draw(st.integers(profile.min_group_size, profile.max_group_size))
    suits = draw(st.lists(st.sampled_from(list(Suit)), min_size=size, max_size=size, unique=True))
    meld = [_BY_CODE[(rank - 1) * 4 + s.index] for s in suits]
    return draw(_with_jokers(meld, profile.joker_policy == "free", profile, shuffle))


def melds(profile: Profile, *, shuffle: bool = True) -> st.SearchStrategy[Meld]:
    """Valid melds (runs or groups) under ``profile``."""
    return st.one_of(runs(profile, shuffle=shuffle), groups(profile, shuffle=shuffle))


@st.composite
def tables(draw: st.DrawFn, profile: Profile, *, min_melds: int = 0, max_melds: int = 8) -> Table:
    """Valid tables under ``profile``: valid melds using no card more often than the deck holds.

    Args:
        draw: Supplied by hypothesis.
        profile: The rules and the deck.
        min_melds: The fewest melds (at most what the deck can hold).
        max_melds: The most melds.
    """
    used: Counter[Card] = Counter()
    out: list[Meld] = []
    target = draw(st.integers(min_melds, max_melds))
    attempts = 0
    while len(out) < target and attempts < 4 * target + 8:
        attempts += 1
        meld = draw(melds(profile))
        need = Counter(meld)
        if all(used[c] + k <= profile.copies(c) for c, k in need.items()):
            used.update(need)
            out.append(meld)
    return Table(out)


def _broken_run(profile: Profile) -> st.SearchStrategy[Meld]:
    # A jokerless run of 4+ cards with an inner card removed leaves a gap.
    def remove_inner(data: tuple[Meld, int]) -> Meld:
        meld, k = data
        ordered = sorted(meld, key=lambda c: c.code)
        inner = 1 + k % (len(ordered) - 2)
        return tuple(ordered[:inner] + ordered[inner + 1 :])

    plain = runs(profile, shuffle=False).filter(lambda m: JOKER not in m and len(m) >= 4)
    return st.tuples(plain, st.integers(0, 100)).map(remove_inner)


def _repeat_a_natural(meld: Meld) -> Meld:
    # A second copy of a card already in a group repeats its suit.
    natural = next(c for c in meld if c != JOKER)
    return (*meld, natural)


def invalid_melds(profile: Profile) -> st.SearchStrategy[Meld]:
    """Card lists that are *not* a valid meld under ``profile``, of several kinds.

    Broken runs, groups with a repeated suit, valid melds with a stray card,
    melds too short, all-joker melds and random lists — each checked invalid.
    """
    candidates = st.one_of(
        _broken_run(profile),
        groups(profile).map(_repeat_a_natural),
        st.tuples(melds(profile), naturals()).map(lambda t: (*t[0], t[1])),
        st.lists(cards(profile), min_size=0, max_size=2).map(tuple),
        st.integers(1, 4).map(lambda k: (JOKER,) * k),
        card_lists(profile, min_size=3, max_size=6),
    )
    return candidates.filter(lambda m: not profile.is_valid_meld(m))
