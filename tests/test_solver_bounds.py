"""The lower bounds of the sweep's states (`mexemexe.solver._bounds`): the plain and the shared.

The shared bound deals the jokers left (as joker units, B5's jokers in runs
and groups) out among the suits; the plain bound lets each suit use all of
them. Both are settled in one pass (`Bounds._bound_sum`); these tests check
them against their definitions on states a search of the issue's first
slow position reaches.
"""

from __future__ import annotations

import math
from itertools import product

import pytest

import mexemexe as m
from mexemexe import solver
from mexemexe.solver._dfs import LimitError
from mexemexe.solver._sweep import Sweep
from solver_positions import ISSUE_HAND_1, ISSUE_TABLE_1

#: States the search expands before the bounds it asked for are checked.
_STATES = 300
#: Keys checked per kind (the sharing binding or not): each is a sum over every split.
_KEYS = 25


@pytest.fixture(scope="module")
def searched() -> Sweep:
    """A search of the issue's first position (3 jokers in play), stopped after a few states."""
    profile = m.get_profile("brazilian")
    table = [card for meld in m.parse_table(ISSUE_TABLE_1) for card in meld]
    must, may = solver._counts(table), solver._counts(m.parse_cards(ISSUE_HAND_1))
    search = Sweep(must, may, [1.0] * 53, profile)
    search.limit = float(_STATES)
    with pytest.raises(LimitError):
        search._least_loss(search._start())
    return search


def _rows(
    search: Sweep, key: tuple[int, int, tuple[int, ...], tuple[int, ...], int]
) -> list[list[float]]:
    v, si, runs, reserved, _left = key
    return [
        search._suit_row(v + (suit < si), suit, runs[suit], reserved[suit]) for suit in range(4)
    ]


def test_the_plain_bound_is_each_suits_part_with_every_unit_left(searched: Sweep) -> None:
    """The plain bound sums each suit's row at all the units left, in suit order (B5)."""
    assert searched.bounds
    for key, plain in searched.bounds.items():
        left = key[4]
        expected = math.inf if left < 0 else sum(row[left] for row in _rows(searched, key))
        assert plain == expected


def test_the_shared_bound_is_the_least_sum_over_every_split_of_the_units(searched: Sweep) -> None:
    """The shared bound is the least sum of the suits' rows over every split of the units (B5)."""
    binding = [key for key, shared in searched.shared.items() if shared > searched.bounds[key]]
    loose = [key for key, shared in searched.shared.items() if shared == searched.bounds[key]]
    assert binding and loose  # the position makes the sharing bind, and not everywhere
    for key in binding[:_KEYS] + loose[:_KEYS]:
        left = key[4]
        rows = _rows(searched, key)
        least = min(
            sum(row[units] for row, units in zip(rows, split, strict=True))
            for split in product(range(left + 1), repeat=4)
            if sum(split) <= left
        )
        assert searched.shared[key] == least


def test_every_plain_bound_the_search_asked_for_has_its_sharing_settled(searched: Sweep) -> None:
    """A plain bound worked out settles its sharing too: never below it, none left to work out."""
    assert set(searched.bounds) <= set(searched.shared)
    assert all(searched.shared[key] >= plain for key, plain in searched.bounds.items())
