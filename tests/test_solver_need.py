"""The jokers-needed cut keeps the solver exact (issue: fast in the worst case, item 2).

`mexemexe.solver._need` cuts a state whose Lagrangian bound on the jokers it
still needs (groups tied across suits, B5: no joker in a group) exceeds the
jokers left. Forced on from the first state (`_NEED_AFTER` patched to 0),
the answers are compared with the plain memoized search
(`mexemexe.solver._search`), under both objectives (cards and points, B10,
R7), with and without a known play (R4), and through `best_play` with the
cut off, for Brazilian, Rummikub (where the cut is off: jokers in groups)
and B5's repeated suits (``"later_turn"``).
"""

from __future__ import annotations

import random

import attrs
import pytest

import mexemexe as m
from mexemexe import solver
from tests.solver_positions import ISSUE_HAND_1, ISSUE_TABLE_1, melds_among, objective_weights

BR = m.get_profile("brazilian")
RK = m.get_profile("rummikub")
#: B5's repeated suits (the seed's reading of rule 20).
LATER = attrs.evolve(BR, name="brazilian-b5", repeated_suits="later_turn")


def seeded_position(
    seed: int, profile: m.Profile, table_cards: int, hand_cards: int
) -> tuple[list[list[m.Card]], list[m.Card]]:
    """A seeded table of melds found among a shuffled deck's first cards, and a hand after them."""
    rng = random.Random(seed)
    deck = list(profile.deck())
    rng.shuffle(deck)
    melds = melds_among(deck[:table_cards], profile, rng)
    hand = deck[table_cards + 4 : table_cards + 4 + hand_cards]
    return [list(meld) for meld in melds], hand


@pytest.mark.parametrize("seed", range(30))
def test_the_jokers_needed_cut_keeps_the_sweep_exact(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every state checked for the jokers it needs (B5): the reference search's optimum."""
    from mexemexe.solver import _need, _sweep
    from mexemexe.solver._search import Search

    monkeypatch.setattr(_need, "_NEED_AFTER", 0)
    table, hand = seeded_position(seed, BR, table_cards=20 + seed % 16, hand_cards=3 + seed % 6)
    must, may = solver._counts(c for meld in table for c in meld), solver._counts(hand)
    for weights in objective_weights(BR):
        want = Search(must, may, weights, BR).solve()[0]
        assert _sweep.Sweep(must, may, weights, BR).solve()[0] == want


@pytest.mark.parametrize("seed", range(20))
def test_the_jokers_needed_cut_keeps_a_proof_below_a_known_play_exact(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Below a known play (R4) every hand card must be placed: the cut keeps the optimum."""
    from mexemexe.solver import _need, _sweep
    from mexemexe.solver._search import Search

    monkeypatch.setattr(_need, "_NEED_AFTER", 0)
    table, hand = seeded_position(1000 + seed, BR, table_cards=30, hand_cards=3 + seed % 4)
    must, may = solver._counts(c for meld in table for c in meld), solver._counts(hand)
    weights = [1.0] * 53
    best = Search(must, may, weights, BR).solve()[0]
    if best == float("-inf"):
        pytest.skip("the table cannot be laid out")
    total = float(sum(may))
    # A known play one card short of the optimum: the search finds the optimum.
    value, melds, _placed = _sweep.Sweep(must, may, weights, BR).solve(incumbent=total - best + 1)
    assert (value, melds is not None) == (best, True)
    # A known play as good as the optimum: the search proves nothing beats it.
    assert _sweep.Sweep(must, may, weights, BR).solve(incumbent=total - best)[1] is None


@pytest.mark.parametrize("profile", [BR, RK, LATER], ids=lambda p: p.name)
@pytest.mark.parametrize("seed", range(8))
def test_best_play_is_the_same_with_and_without_the_jokers_needed_cut(
    profile: m.Profile, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`best_play` places as much with the cut on from the first state as with it off (B5, R4)."""
    from mexemexe.solver import _need

    table, hand = seeded_position(2000 + seed, profile, table_cards=36, hand_cards=2 + seed % 5)
    answers = []
    for after in (0, 10**9):
        monkeypatch.setattr(_need, "_NEED_AFTER", after)
        for objective in ("cards", "points"):
            best = solver.best_play(table=table, hand=hand, profile=profile, objective=objective)
            answers.append((len(best.placed), best.value, best.exact))
    assert answers[:2] == answers[2:]


def test_the_cut_is_off_where_groups_hold_jokers() -> None:
    """Rummikub's groups may hold jokers (R3): the group constraints would miss them, so no cut."""
    from mexemexe.solver._sweep import Sweep

    must = solver._counts(m.parse_cards("JK 5H 6H 7H 2S 2D 2C"))
    assert not Sweep(must, [0] * 53, [1.0] * 53, RK).need_on
    assert Sweep(must, [0] * 53, [1.0] * 53, BR).need_on


def test_the_cut_replaces_the_relaxed_aces() -> None:
    """Where the cut is on (B5, ace high), no state is relaxed: the cut proves what they did."""
    from mexemexe.solver._sweep import Sweep

    must = solver._counts(m.parse_cards("JK AS 2S 3S AH AD AC"))
    assert Sweep(must, [0] * 53, [1.0] * 53, BR).free_aces is None


@pytest.mark.slow
def test_the_cut_shortens_the_proof_of_the_issue_position() -> None:
    """The issue's first position (B5) expands fewer states with the cut than without."""
    from mexemexe.solver import _need, _sweep

    must = solver._counts(m.parse_cards(ISSUE_TABLE_1.replace("|", " ")))
    may = solver._counts(m.parse_cards(ISSUE_HAND_1))
    counts = []
    for after in (_need._NEED_AFTER, 10**9):
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(_need, "_NEED_AFTER", after)
            sweep = _sweep.Sweep(must, may, [1.0] * 53, BR)
            assert sweep.solve(incumbent=3.0)[0] == 2.0
            counts.append(sweep.expanded)
    assert counts[0] < counts[1]


@pytest.mark.parametrize("profile", [BR, m.get_profile("galician")], ids=lambda p: p.name)
def test_the_mirror_images_terms_read_back_to_the_positions(profile: m.Profile) -> None:
    """The terms shared with the mirror image (ace high or low, B5) relabel both ways alike."""
    from mexemexe.solver._sweep import Sweep

    sweep = Sweep([0] * 53, [0] * 53, [1.0] * 53, profile)
    sweep.need_mirror = True
    coef = [[float(10 * v + s) for s in range(4)] for v in range(16)]
    assert sweep._relabelled(sweep._relabelled(coef))[1:14] == coef[1:14]
