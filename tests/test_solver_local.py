"""A better known play from the melds near the hand keeps `best_play` exact (B6, R4).

`mexemexe.solver._local` solves the table melds near a small hand's cards
with the hand, every other meld kept as it lies, and hands the play to the
exact search as the one to beat (`Sweep.solve`'s ``improve``). Checked here:
that play is a valid table holding every old table card; the search proves
it rather than finding it (fewer states) and answers with it; the search
asks once the jokers-needed cut has had its chance, and issue position 1's
proof then ends before its mirror image races; with the
probe forced to the first state (`_sweep._PROBE` patched to 0), `best_play`
answers as the plain memoized search (`mexemexe.solver._search`) on seeded
Brazilian and Rummikub positions under both objectives; and a time-limited
call still answers with a valid play.
"""

from __future__ import annotations

import operator
from collections import Counter

import pytest

import mexemexe as m
from mexemexe import solver
from mexemexe._validation import validate_table
from mexemexe.solver import _local, _need, _sweep
from mexemexe.solver._fixed import best_fixed_play
from mexemexe.solver._inputs import _prune
from mexemexe.solver._search import Search
from tests.solver_positions import ISSUE_HAND_1, ISSUE_TABLE_1, melds_among, objective_weights

BR = m.get_profile("brazilian")
RK = m.get_profile("rummikub")


def _issue_local() -> tuple[m.Table, _local.LocalPlay | None]:
    """The issue's first position and the play `local_play` finds near its hand."""
    table, hand = m.Table.coerce(ISSUE_TABLE_1), m.parse_cards(ISSUE_HAND_1)
    weights = [1.0] * 53
    fixed = best_fixed_play(table, hand, weights, BR, float("inf"))
    must = solver._counts(table.cards())
    may = _prune(must, solver._counts(hand), BR)
    touched = {index for _, index in fixed.layoffs}
    return table, _local.local_play(table.melds, may, weights, BR, fixed.value, touched)


def _states(monkeypatch: pytest.MonkeyPatch) -> list[_sweep.Sweep]:
    """Every search made from now on, recorded (to count their states)."""
    made: list[_sweep.Sweep] = []
    real = _sweep.Sweep.__init__

    def recorded(self: _sweep.Sweep, *args: object, **kwargs: object) -> None:
        real(self, *args, **kwargs)  # type: ignore[arg-type]
        made.append(self)

    monkeypatch.setattr(_sweep.Sweep, "__init__", recorded)
    return made


def test_the_neighbourhood_play_is_a_valid_table_with_every_old_card() -> None:
    """The play near the hand of the issue's first position is valid (B6) and keeps the table."""
    table, found = _issue_local()
    assert found is not None
    new = m.Table(found.melds)
    placed = [m.Card.from_code(code) for code in found.placed]
    assert validate_table(new, BR).ok
    assert new.counts() == table.counts() + Counter(placed)
    assert found.value == len(placed) == 2  # the recorded optimum


def test_the_neighbourhood_play_is_the_answer_the_search_proves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Asked from the first state, the search proves the play near the hand best and returns it."""
    monkeypatch.setattr(_sweep, "_PROBE", 0)
    _table, found = _issue_local()
    assert found is not None
    best = solver.best_play(table=ISSUE_TABLE_1, hand=ISSUE_HAND_1, profile=BR)
    assert (best.table.melds, best.exact) == (m.Table(found.melds).melds, True)


def test_the_neighbourhood_play_spares_the_search_its_finding(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With the play near the hand known (R4), the issue's first position takes fewer states."""
    counts = []
    for rules in ((), _local._RULES):
        monkeypatch.setattr(_local, "_RULES", rules)
        made = _states(monkeypatch)
        solver.best_play(table=ISSUE_TABLE_1, hand=ISSUE_HAND_1, profile=BR)
        counts.append(sum(search.expanded for search in made))
        monkeypatch.undo()
    assert counts[1] < counts[0]


def test_the_probe_comes_after_the_jokers_needed_cut_starts() -> None:
    """Proofs the jokers-needed cut ends when it starts are not asked for a better play (R4)."""
    assert _need._NEED_AFTER < _sweep._PROBE < _sweep._EASY


def test_the_better_play_found_at_the_probe_ends_the_proof_within_its_first_slice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue position 1 asks at the probe, and its proof then ends before the mirror races (R4)."""
    asked: list[float] = []
    mirrored: list[tuple[bool, bool]] = []
    real_local, real_variant = solver.local_play, _sweep.Sweep._variant

    def local(*args: object, **kwargs: object) -> _local.LocalPlay | None:
        found = real_local(*args, **kwargs)  # type: ignore[arg-type]
        asked.append(-1.0 if found is None else found.value)
        return found

    def variant(self: _sweep.Sweep, mirror: bool, flip: bool) -> _sweep.Sweep:
        mirrored.append((mirror, flip))
        return real_variant(self, mirror, flip)

    monkeypatch.setattr(solver, "local_play", local)
    monkeypatch.setattr(_sweep.Sweep, "_variant", variant)
    best = solver.best_play(table=ISSUE_TABLE_1, hand=ISSUE_HAND_1, profile=BR)
    assert (asked, mirrored, len(best.placed)) == ([2.0], [], 2)


def _seeded(seed: int, profile: m.Profile) -> tuple[list[tuple[m.Card, ...]], list[m.Card]]:
    """A seeded table of melds among a shuffled deck's first cards, and a small hand after them."""
    import random

    rng = random.Random(seed)
    deck = list(profile.deck())
    rng.shuffle(deck)
    size = 36 + seed % 13
    return melds_among(deck[:size], profile, rng), deck[size + 2 : size + 5 + seed % 4]


@pytest.mark.parametrize("profile", [BR, RK], ids=lambda p: p.name)
@pytest.mark.parametrize("seed", range(10))
def test_every_neighbourhood_play_on_seeded_tables_is_valid(profile: m.Profile, seed: int) -> None:
    """What the neighbourhood finds on a seeded table is a valid table (B6, R4) with its cards."""
    table, hand = _seeded(3000 + seed, profile)
    must = solver._counts(c for meld in table for c in meld)
    may = _prune(must, solver._counts(hand), profile)
    for weights in objective_weights(profile):
        found = _local.local_play(table, may, weights, profile, 0.0, ())
        if found is None:
            continue
        new = m.Table(found.melds)
        placed = Counter(m.Card.from_code(code) for code in found.placed)
        assert validate_table(new, profile).ok
        assert new.counts() == m.Table(table).counts() + placed
        assert found.value == sum(weights[card.code] * k for card, k in placed.items())


@pytest.mark.parametrize("profile", [BR, RK], ids=lambda p: p.name)
@pytest.mark.parametrize("seed", range(10))
def test_best_play_with_the_neighbourhood_asked_first_is_the_plain_searchs_optimum(
    profile: m.Profile, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Asked before any state, the play near the hand leaves the optimum exact (B10, R7)."""
    monkeypatch.setattr(_sweep, "_PROBE", 0)
    table, hand = _seeded(3000 + seed, profile)
    must = solver._counts(c for meld in table for c in meld)
    may = _prune(must, solver._counts(hand), profile)
    for objective, weights in zip(("cards", "points"), objective_weights(profile), strict=True):
        want = Search(must, may, weights, profile).solve()[0]
        best = solver.best_play(table=table, hand=hand, profile=profile, objective=objective)
        assert best.value == want
        assert validate_table(best.table, profile).ok
        assert best.value == sum(map(operator.mul, weights, solver._counts(best.placed)))


def test_a_time_limited_call_answers_with_a_valid_play(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under a time limit the answer is a valid table holding the old one (B6), exact or not."""
    monkeypatch.setattr(_sweep, "_PROBE", 0)
    for limit in (0.0, 0.005, 0.02):
        best = solver.best_play(
            table=ISSUE_TABLE_1, hand=ISSUE_HAND_1, profile=BR, time_limit=limit
        )
        assert validate_table(best.table, BR).ok
        old = m.Table.coerce(ISSUE_TABLE_1)
        assert best.table.counts() == old.counts() + Counter(best.placed)
