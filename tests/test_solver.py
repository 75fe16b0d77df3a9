"""The exact solver against a brute force on small instances, and known answers (issue: solver)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mexemexe as m
from mexemexe import solver
from mexemexe import strategies as mst

RK = m.get_profile("rummikub")
BR = m.get_profile("brazilian")
GA = m.get_profile("galician")
PROFILES = [
    RK,
    BR,
    attrs.evolve(GA, name="galician-high", ace="low_or_high"),
    m.get_profile("galician-jokers"),
]


def brute_arrangeable(cards: list[m.Card], profile: m.Profile) -> bool:
    """Plain brute force: the first card's meld is some subset holding it; recurse on the rest."""
    if not cards:
        return True
    first, rest = cards[0], cards[1:]
    for size in range(2, min(len(rest), 12) + 1):
        for others in combinations(range(len(rest)), size):
            meld = [first, *(rest[i] for i in others)]
            if profile.is_valid_meld(meld):
                left = [c for i, c in enumerate(rest) if i not in others]
                if brute_arrangeable(left, profile):
                    return True
    return False


def brute_best(table: list[m.Card], hand: list[m.Card], profile: m.Profile) -> int:
    for size in range(len(hand), -1, -1):
        for chosen in combinations(hand, size):
            if brute_arrangeable(sorted([*table, *chosen]), profile):
                return size
    return -1


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(PROFILES), st.data())
def test_best_play_matches_brute_force(profile: m.Profile, data: st.DataObject) -> None:
    """best_play places as many cards as the brute force finds, and its table is valid."""
    table = data.draw(mst.tables(profile, max_melds=2))
    pool = Counter(profile.deck()) - table.counts()
    hand = data.draw(st.lists(st.sampled_from(sorted(pool.elements())), max_size=5))
    if Counter(hand) - pool:
        return
    if table.card_count + len(hand) > 12:
        return
    best = solver.best_play(table=table, hand=hand, profile=profile)
    assert len(best.placed) == brute_best(list(table.cards()), hand, profile)
    assert profile.validate_table(best.table)
    assert sorted(best.table.cards()) == sorted([*table.cards(), *best.placed])
    assert not Counter(best.placed) - Counter(hand)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(PROFILES), mst.card_lists(min_size=1, max_size=9))
def test_arrange_matches_brute_force(profile: m.Profile, cards: tuple[m.Card, ...]) -> None:
    """arrange finds a layout exactly when one exists, and the layout is valid."""
    if Counter(cards) - Counter(profile.deck()):
        return
    table = solver.arrange(cards, profile)
    assert (table is not None) == brute_arrangeable(sorted(cards), profile)
    if table is not None:
        assert profile.validate_table(table)
        assert sorted(table.cards()) == sorted(cards)


def test_known_answers_the_ilp_anchor_gets_wrong() -> None:
    """shared/bench README: jokers at the ends of runs and value-optimal plays."""
    assert len(solver.best_play(table="", hand="JK 5H 6H 7H", profile=RK).placed) == 4
    assert len(solver.best_play(table="5H 6H 7H JK", hand="AC 2C 3C", profile=RK).placed) == 3
    zero = attrs.evolve(RK, name="rk-joker0", joker_points=0)
    best = solver.best_play(table="", hand="JK AC 3C 4C KD KH", profile=zero, objective="points")
    assert best.value == 26
    assert sorted(map(str, best.placed)) == ["JK", "KD", "KH"]


def test_brazilian_rules_in_the_solver() -> None:
    """B4/B5: ace high, no joker in groups, one joker per run."""
    assert str(solver.arrange("QS KS AS", BR)) == "QS KS AS"
    assert solver.arrange("QS KS AS", RK) is None
    assert solver.arrange("7S 7H JK", BR) is None
    assert solver.arrange("5H JK JK 8H", BR) is None
    assert solver.arrange("5H JK JK 8H", RK) is not None


def test_nothing_to_place_keeps_the_table() -> None:
    """With no playable card, the table stays as it was."""
    best = solver.best_play(table="7H 8H 9H", hand="2C", profile=RK)
    assert best.placed == ()
    assert best.table == m.parse_table("7H 8H 9H")


def test_an_impossible_table_is_an_error() -> None:
    """A table that cannot be laid out has no play."""
    with pytest.raises(ValueError, match="cannot be laid out"):
        solver.best_play(table="7H 8H", hand="2C", profile=RK)


def test_answers_are_deterministic() -> None:
    """The same input gives the same answer."""
    a = solver.best_play(table="5H 6H 7H | 9C 9D 9S", hand="8H 9H 4H 9H", profile=RK)
    b = solver.best_play(table="5H 6H 7H | 9C 9D 9S", hand="8H 9H 4H 9H", profile=RK)
    assert a == b
    assert len(a.placed) == 4


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(PROFILES), st.data())
def test_sweep_matches_the_reference_search(profile: m.Profile, data: st.DataObject) -> None:
    """The rank-by-rank programme and the plain memoized search agree on larger positions."""
    from mexemexe.solver._search import Search
    from mexemexe.solver._sweep import Sweep

    table = data.draw(mst.tables(profile, max_melds=4))
    pool = Counter(profile.deck()) - table.counts()
    hand = data.draw(st.lists(st.sampled_from(sorted(pool.elements())), max_size=6))
    if Counter(hand) - pool:
        return
    must, may = [0] * 53, [0] * 53
    for card in table.cards():
        must[card.code] += 1
    for card in hand:
        may[card.code] += 1
    weights = [float(profile.card_points(m.Card.from_code(c))) for c in range(53)]
    expected = Search(must, may, weights, profile).solve()[0]
    value, melds, placed = Sweep(must, may, weights, profile).solve()
    assert value == expected
    layout = m.Table(melds)
    assert profile.validate_table(layout)
    assert sorted(layout.cards()) == sorted(
        [*table.cards(), *(m.Card.from_code(c) for c in placed)]
    )


@pytest.mark.parametrize("seed", range(12))
def test_sweep_matches_the_reference_search_on_dealt_positions(seed: int) -> None:
    """Seeded positions of up to 24 table cards and 8 hand cards: both solvers agree."""
    import random

    from mexemexe.solver._search import Search
    from mexemexe.solver._sweep import Sweep

    rng = random.Random(seed)
    profile = PROFILES[seed % len(PROFILES)]
    deck = list(profile.deck())
    rng.shuffle(deck)
    left = deck[: rng.randint(6, 24)]
    table = []
    while found := m.find_melds(left, profile):
        meld = rng.choice(found)
        for card in meld:
            left.remove(card)
        table.append(meld)
    hand = deck[30 : 30 + rng.randint(0, 8)]
    must, may = [0] * 53, [0] * 53
    for meld in table:
        for card in meld:
            must[card.code] += 1
    for card in hand:
        may[card.code] += 1
    weights = [1.0] * 53
    assert (
        Sweep(must, may, weights, profile).solve()[0]
        == Search(must, may, weights, profile).solve()[0]
    )
