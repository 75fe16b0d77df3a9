"""find_melds: every meld it returns is valid and makeable, and it misses none (brute force)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import mexemexe as m
from mexemexe import _meld_finder
from mexemexe import strategies as mst

PROFILES = [
    m.get_profile("brazilian"),
    m.get_profile("rummikub"),
    m.get_profile("galician"),
    m.get_profile("galician-jokers"),
    attrs.evolve(m.get_profile("galician"), name="galician-ace-high", ace="low_or_high"),
    # Other meld sizes take the general branch of the finder's no-meld test.
    attrs.evolve(m.get_profile("galician"), name="g44", min_run_size=4, min_group_size=4),
    attrs.evolve(m.get_profile("brazilian"), name="b52", min_run_size=5, min_group_size=2),
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


@given(st.sampled_from(PROFILES), mst.card_lists(min_size=0, max_size=14))
def test_joker_free_hands_agree_with_the_uncached_search(
    profile: m.Profile, hand: tuple[m.Card, ...]
) -> None:
    """The finder's bit test rules out no hand that holds a meld of naturals (§0 meld sizes)."""
    naturals = [c for c in hand if c != m.JOKER]
    masks = [0, 0, 0, 0]
    for card in naturals:
        masks[card.code & 3] |= 1 << (card.code >> 2)
    rules = profile._meld_rules
    expected = [tuple(x) for x in _meld_finder._find(masks, 0, rules)]
    assert [tuple(x) for x in m.find_melds(naturals, profile)] == expected
    if not _meld_finder._may_hold_natural_meld(masks, rules):
        assert expected == []


@pytest.mark.parametrize(
    ("profile", "hand", "melds"),
    [
        ("galician", "7S 7H 7D 2C", ["7S 7H 7D"]),  # a group alone
        *(("galician", f"5{s} 6{s} 7{s} KS", [f"5{s} 6{s} 7{s}"]) for s in "SHDC"),  # a run alone
        ("galician", "7S 7H 5C 6D 9H", []),
        ("galician", "QH KH AH", []),  # G7: the ace is low by default
        ("brazilian", "QH KH AH", ["QH KH AH"]),  # B4: Q-K-A
        ("brazilian", "KH AH 2H", []),  # never K-A-2
        ("g44", "7S 7H 7D 8S 9S", []),
        ("g44", "7S 7H 7D 7C", ["7S 7H 7D 7C"]),
        ("b52", "7S 7H", ["7S 7H"]),
    ],
)
def test_no_meld_test_on_chosen_hands(profile: str, hand: str, melds: list[str]) -> None:
    """Chosen hands: each branch of the finder's no-meld test, and what the finder returns."""
    rules = {p.name: p for p in PROFILES}[profile]
    found = [m.format_cards(x) for x in m.find_melds(m.parse_cards(hand), rules)]
    assert found[: len(melds)] == melds
    assert bool(found) == bool(melds)


def test_melds_are_sorted_largest_first() -> None:
    """The longest melds come first."""
    melds = m.find_melds(m.parse_cards("5H 6H 7H 8H 7S 7D"), m.get_profile("rummikub"))
    assert [len(x) for x in melds] == sorted((len(x) for x in melds), reverse=True)
    assert m.format_cards(melds[0]) == "5H 6H 7H 8H"


@pytest.mark.parametrize(
    ("jokers", "top", "min_run"), [(0, 13, 3), (0, 14, 4), (1, 13, 3), (1, 14, 3), (2, 13, 4)]
)
def test_run_values_keep_every_run_of_every_suit_mask(jokers: int, top: int, min_run: int) -> None:
    """Dropping the values no run can use leaves a suit's runs the same, for every mask (§0)."""
    runs = _meld_finder._suit_runs.__wrapped__
    for mask in range(1 << 13):
        kept = _meld_finder._run_values(mask, jokers, top, min_run)
        assert kept & ~mask == 0
        assert (runs(kept, 0, jokers, top, min_run) if kept else {}) == runs(
            mask, 0, jokers, top, min_run
        ), bin(mask)


@given(st.sampled_from(PROFILES), mst.card_lists(min_size=0, max_size=11), mst.cards())
def test_joins_a_meld_agrees_with_the_melds_found(
    profile: m.Profile, hand: tuple[m.Card, ...], card: m.Card
) -> None:
    """A card joins a meld exactly when some meld found in the hand plus the card holds it."""
    found = m.find_melds([*hand, card], profile)
    assert _meld_finder.joins_a_meld(card, hand, profile) == any(card in x for x in found)


@pytest.mark.parametrize(
    ("profile", "hand", "card", "joins"),
    [
        ("galician", "7H 7D 2C", "7S", True),  # G4: a group of three
        ("galician", "7H 2C 9S", "7S", False),
        ("galician", "5S 6S KD", "7S", True),  # a run
        ("galician", "5S 8S KD", "7S", False),
        ("galician-jokers", "5S JK KD", "7S", True),  # G12: the joker fills 6S
        ("galician-jokers", "7H JK KD", "7S", True),  # G12: 7S 7H JK
        ("galician", "QS KS 2D", "AS", False),  # G7: the ace is low
        ("brazilian", "QS KS 2D", "AS", True),  # B4: Q-K-A
    ],
)
def test_joins_a_meld_on_chosen_hands(profile: str, hand: str, card: str, joins: bool) -> None:
    """Chosen hands: groups, runs, jokers and the ace's place."""
    rules = m.get_profile(profile)
    assert _meld_finder.joins_a_meld(m.Card.parse(card), m.parse_cards(hand), rules) is joins


@given(st.sampled_from(PROFILES), mst.card_lists(min_size=0, max_size=12))
def test_largest_meld_is_the_first_meld_found(profile: m.Profile, hand: tuple[m.Card, ...]) -> None:
    """The largest meld is find_melds' first (most cards, lowest codes), cached or not."""
    profile._meld_rules.finder_cache.clear()
    searched = _meld_finder.largest_meld(hand, profile)
    found = m.find_melds(hand, profile)
    expected = found[0] if found else None
    assert searched == expected
    assert _meld_finder.largest_meld(hand, profile) == expected  # now from the cache


def test_run_values_cache_is_bounded_by_the_settings_not_the_joker_count() -> None:
    """Any joker count past the minimum run shares one cache entry (the cache stays bounded)."""
    before = set(_meld_finder._RUN_VALUES)
    for jokers in range(3, 400):
        assert _meld_finder._run_values(0b101, jokers, 13, 3) == 0b101
    assert len(set(_meld_finder._RUN_VALUES) - before) <= 1
