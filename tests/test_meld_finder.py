"""find_melds: every meld it returns is valid and makeable, and it misses none (brute force)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import attrs
from hypothesis import given
from hypothesis import strategies as st

import mexemexe as m
from mexemexe import strategies as mst

PROFILES = [
    m.get_profile("brazilian"),
    m.get_profile("rummikub"),
    m.get_profile("galician"),
    m.get_profile("galician-jokers"),
    attrs.evolve(m.get_profile("galician"), ace="low_or_high"),
]


def canonical(meld: tuple[m.Card, ...]) -> tuple[int, ...]:
    return tuple(sorted(c.code for c in meld))


@given(st.sampled_from(PROFILES), mst.card_lists(min_size=0, max_size=11))
def test_found_melds_are_valid_and_makeable(profile: m.Profile, hand: tuple[m.Card, ...]) -> None:
    """Every meld returned validates and uses only cards of the hand."""
    have = Counter(hand)
    for meld in m.find_melds(hand, profile):
        assert profile.is_valid_meld(meld), meld
        assert not Counter(meld) - have


@given(st.sampled_from(PROFILES), mst.card_lists(min_size=0, max_size=8))
def test_no_meld_is_missed(profile: m.Profile, hand: tuple[m.Card, ...]) -> None:
    """Brute force: every valid meld of distinct naturals of the hand plus its jokers is found."""
    naturals = sorted({c for c in hand if c != m.JOKER}, key=lambda c: c.code)
    jokers = hand.count(m.JOKER)
    found = {canonical(x) for x in m.find_melds(hand, profile)}
    for size in range(1, len(naturals) + 1):
        for subset in combinations(naturals, size):
            for j in range(jokers + 1):
                meld = (*subset, *([m.JOKER] * j))
                result = profile.classify_meld(meld)
                if not result:
                    continue
                # find_melds uses a held natural wherever a run has one; a joker
                # standing for a card the hand holds is a different choice.
                stands_for_held = any(
                    c == m.JOKER and r in naturals
                    for c, r in zip(meld, result.resolved, strict=True)
                )
                if result.kind is m.MeldKind.RUN and stands_for_held:
                    continue
                assert canonical(meld) in found, m.format_cards(meld)


def test_melds_are_sorted_largest_first() -> None:
    """The longest melds come first."""
    melds = m.find_melds(m.parse_cards("5H 6H 7H 8H 7S 7D"), m.get_profile("rummikub"))
    assert [len(x) for x in melds] == sorted((len(x) for x in melds), reverse=True)
    assert m.format_cards(melds[0]) == "5H 6H 7H 8H"
