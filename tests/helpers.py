"""Helpers shared by the tests: a full, independent conservation count."""

from __future__ import annotations

from collections import Counter

import mexemexe as m


def all_cards(state: m.GameState) -> Counter[m.Card]:
    """Every card of a state, counted independently of the library's own check."""
    counts: Counter[m.Card] = Counter()
    for hand in state.hands:
        counts.update(hand)
    for meld in state.table:
        counts.update(meld)
    counts.update(state.stock)
    counts.update(state.discard_pile)
    return counts


def assert_conserved(state: m.GameState) -> None:
    """§0: stock + discard pile + hands + table is exactly the profile's deck."""
    assert all_cards(state) == Counter(state.profile.deck())
