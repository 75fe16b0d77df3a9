"""The solver's cuts against its heavy tail stay exact (issue: fast in the worst case, item 2).

Each cut is forced on from the first state (its threshold patched to 0) and
the answers compared with the plain memoized search (`mexemexe.solver._search`)
on seeded positions of the ace-high profiles (B5: the ace after the king),
under both objectives (cards and points, B10, R7).
"""

from __future__ import annotations

import math
import random

import attrs
import pytest

import mexemexe as m
from mexemexe import solver
from tests.solver_positions import ISSUE_HAND_1, ISSUE_TABLE_1, melds_among, objective_weights

BR = m.get_profile("brazilian")
#: Galician's melds on a rearrangeable table with the ace also high.
GA_HIGH = attrs.evolve(
    m.get_profile("galician"),
    name="galician-shared-high",
    turn_structure="shared_table",
    stock_exhaustion="end_round",
    ace="low_or_high",
)
ACE_HIGH = [BR, GA_HIGH]


def seeded_position(
    seed: int, table_cards: int, hand_cards: int
) -> tuple[m.Profile, list[int], list[int]]:
    """A seeded position of an ace-high profile as must/may counts, its aces made common.

    The table is melds found among a shuffled deck's first ``table_cards``
    cards with some aces moved to the front (so that aces are kept back for
    the top); the hand is ``hand_cards`` cards after them.
    """
    rng = random.Random(seed)
    profile = ACE_HIGH[seed % len(ACE_HIGH)]
    deck = list(profile.deck())
    rng.shuffle(deck)
    aces = [card for card in deck if not card.is_joker and card.rank == m.Rank.ACE]
    for card in aces[: rng.randint(2, 6)]:
        deck.remove(card)
        deck.insert(rng.randint(0, table_cards), card)
    melds = melds_among(deck[:table_cards], profile, rng)
    hand = deck[table_cards + 6 : table_cards + 6 + hand_cards]
    return profile, solver._counts(c for meld in melds for c in meld), solver._counts(hand)


@pytest.mark.parametrize("seed", range(24))
def test_states_bounded_by_their_relaxed_aces_keep_the_sweep_exact(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every state cut by its relaxed aces (B5, ace high): the reference search's optimum."""
    from mexemexe.solver import _dfs, _need, _sweep
    from mexemexe.solver._search import Search

    monkeypatch.setattr(_dfs, "_RELAX_AFTER", 0)
    monkeypatch.setattr(_need, "_NEED_AFTER", math.inf)  # else no relaxed aces (B5)
    profile, must, may = seeded_position(seed, table_cards=24, hand_cards=8)
    for weights in objective_weights(profile):
        assert (
            _sweep.Sweep(must, may, weights, profile).solve()[0]
            == Search(must, may, weights, profile).solve()[0]
        )


def test_relaxed_aces_at_the_top_are_optional_and_free(monkeypatch: pytest.MonkeyPatch) -> None:
    """A relaxed state's aces at the top (B5) may be left out at no loss."""
    from mexemexe.solver import _need
    from mexemexe.solver._memo import FREE_ACES

    monkeypatch.setattr(_need, "_NEED_AFTER", math.inf)  # else no relaxed aces (B5)
    from mexemexe.solver._sweep import Sweep

    must = solver._counts(m.parse_cards("AS AS 2S 3S"))
    sweep = Sweep(must, [0] * 53, [1.0] * 53, BR)
    assert sweep.free_aces == (FREE_ACES | 2, FREE_ACES, FREE_ACES, FREE_ACES)
    plays = sweep._suit_options(14, 0, 0, 0, FREE_ACES | 2)
    assert min(play[3] for play in plays) == 0.0
    kept = sweep._suit_options(14, 0, 0, 0, 2 << 2)  # two table aces kept back: must be placed
    assert kept == ()


@pytest.mark.slow
def test_the_relaxed_aces_cut_the_search_of_the_issue_position() -> None:
    """The issue's first position (B5) expands fewer states with its relaxed aces than without."""
    from mexemexe.solver import _dfs, _need, _sweep

    must = solver._counts(m.parse_cards(ISSUE_TABLE_1.replace("|", " ")))
    may = solver._counts(m.parse_cards(ISSUE_HAND_1))
    counts = []
    for after in (_dfs._RELAX_AFTER, 10**9):
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(_dfs, "_RELAX_AFTER", after)
            patch.setattr(_need, "_NEED_AFTER", math.inf)  # else no relaxed aces (B5)
            sweep = _sweep.Sweep(must, may, [1.0] * 53, BR)
            assert sweep.solve(incumbent=3.0)[0] == 2.0
            counts.append(sweep.expanded)
    assert counts[0] < counts[1]


@pytest.mark.parametrize("incumbent", [None, 2.0])
def test_a_proof_that_nothing_beats_a_known_play_starts_from_the_other_end(
    incumbent: float | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a play known (R4), the search starts at the end its lone copies do not lie at."""
    from mexemexe.solver import _sweep

    must = solver._counts(m.parse_cards("9H 10H JH QH KH 2S 2D 2C AS AD AC"))
    may = solver._counts(m.parse_cards("5S 7D"))
    rk = m.get_profile("rummikub")
    sweep = _sweep.Sweep(must, may, [1.0] * 53, rk)
    assert not sweep._high_constraints()  # the lone copies lie low: swept as given to find a play
    first: list[bool] = []
    slices = _sweep.Sweep._slices

    def spy(self: _sweep.Sweep, start: _sweep.StateKey) -> object:
        first.append(self is sweep)
        return slices(self, start)

    monkeypatch.setattr(_sweep.Sweep, "_slices", spy)
    if incumbent is None:
        assert sweep.solve()[0] == 0.0
    else:
        assert sweep.solve(incumbent=incumbent)[1] is None  # nothing beats placing none
    assert first[0] is (incumbent is None)


@pytest.mark.parametrize("seed", range(24, 48))
def test_best_play_with_every_cut_on_matches_the_reference_search(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A small hand's best play (R4: a known play, proofs from the other end, relaxed aces on)."""
    from mexemexe.solver import _dfs, _need
    from mexemexe.solver._search import Search

    monkeypatch.setattr(_dfs, "_RELAX_AFTER", 0)
    monkeypatch.setattr(_need, "_NEED_AFTER", math.inf)  # else no relaxed aces (B5)
    profile, must, may = seeded_position(seed, table_cards=27, hand_cards=5)
    table = solver.arrange(
        [m.Card.from_code(c) for c in range(53) for _ in range(must[c])], profile
    )
    assert table is not None
    hand = [m.Card.from_code(c) for c in range(53) for _ in range(may[c])]
    for objective, weights in zip(("cards", "points"), objective_weights(profile), strict=True):
        best = solver.best_play(table=table, hand=hand, profile=profile, objective=objective)
        assert best.value == Search(must, may, weights, profile).solve()[0]
        assert profile.validate_table(best.table)
