"""The jokers-needed cut keeps the solver exact (issue: fast in the worst case, item 2).

`mexemexe.solver._need` cuts a state whose Lagrangian bound on the jokers it
still needs (groups tied across suits, B5: no joker in a group) exceeds the
jokers left. Forced on from the first state (`_NEED_AFTER` patched to 0),
the answers are compared with the plain memoized search
(`mexemexe.solver._search`), under both objectives (cards and points, B10,
R7), with and without a known play (R4), and through `best_play` with the
cut off, for Brazilian, Rummikub (where the cut is off: jokers in groups)
and B5's repeated suits (``"later_turn"``). The loose mode's price on the loss
(`_LOSS_PRICE`) is checked at none and at a dear one, and the flattened
program that fits the multipliers (`mexemexe.solver._need_graph`) against the
graph it flattens. The bound itself is checked sound under random
multipliers: at the start of a laid-out table it stays within the table's
jokers, and of a seeded position within its jokers and best loss priced.
"""

from __future__ import annotations

import random

import attrs
import pytest

import mexemexe as m
from mexemexe import solver
from mexemexe.solver._need_graph import _Graph
from tests.solver_positions import (
    ISSUE_HAND_1,
    ISSUE_HAND_2,
    ISSUE_TABLE_1,
    ISSUE_TABLE_2,
    melds_among,
    objective_weights,
)

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
        monkeypatch.setattr(_need, "_STRICT_AFTER", after)
        for objective in ("cards", "points"):
            best = solver.best_play(table=table, hand=hand, profile=profile, objective=objective)
            answers.append((len(best.placed), best.value, best.exact))
    assert answers[:2] == answers[2:]


def test_a_strict_proof_checks_the_jokers_needed_from_the_first_state() -> None:
    """A lone hand card that fits nowhere (B5): refuted before any state is expanded."""
    from mexemexe.solver._sweep import Sweep

    # A self-play table (benchmarks/hard_positions.json) where a second QS fits nowhere.
    table = (
        "AS AH AD 2S 2D 2C 3S 3H 3D AH 2H 3H 5S 5H 5D 6S 6H 6D 4C JK 6C 4C JK 6C 7S 7H 7C "
        "4D 5D 6D 7D 8H 8D 8C 3S 4S 5S 6S 7S 8S 9S 9D 9C 10H 10D 10S 10H 10D 10C JS JD JC "
        "KH KD KC JS QS KS AS QC KC AC"
    )
    sweep = Sweep(
        solver._counts(m.parse_cards(table)), solver._counts([m.Card.parse("QS")]), [1.0] * 53, BR
    )
    value, melds, _placed = sweep.solve(incumbent=1.0)
    assert (value, melds, sweep.expanded) == (0.0, None, 0)


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
            patch.setattr(_need, "_STRICT_AFTER", after)
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


@pytest.mark.parametrize("price", [0.0, 3.0])
@pytest.mark.parametrize("seed", range(8))
def test_any_price_of_a_loss_keeps_the_cut_exact(
    seed: int, price: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The loose mode's price on the loss (none, or dear) keeps the optimum (B10, R7)."""
    from mexemexe.solver import _need, _sweep
    from mexemexe.solver._search import Search

    monkeypatch.setattr(_need, "_NEED_AFTER", 0)
    monkeypatch.setattr(_need, "_LOSS_PRICE", price)
    table, hand = seeded_position(3000 + seed, BR, table_cards=30, hand_cards=3 + seed % 5)
    must, may = solver._counts(c for meld in table for c in meld), solver._counts(hand)
    for weights in objective_weights(BR):
        want = Search(must, may, weights, BR).solve()[0]
        assert _sweep.Sweep(must, may, weights, BR).solve()[0] == want


def test_the_loss_a_priced_cut_proves_keeps_a_self_play_optimum(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A self-play position whose optimum hangs on the loss the loose mode's cut proves (B5)."""
    from mexemexe.solver import _need

    monkeypatch.setattr(_need, "_NEED_AFTER", 0)
    best = solver.best_play(
        table="2H 2D 2C | AS 2S JK | 3S 3H 3D | 5S 5H 5D 5C | 6H 6D 6C | 9S 9H 9C | "
        "5S 6S 7S 8S 9S | 7D 8D 9D 10D | 8C 9C 10C | AS AD AC | 7H 8H JK 10H",
        hand="AD 4H 5C 8H 8C 10C JH QH QD",
        profile=BR,
    )
    assert (len(best.placed), best.exact) == (6, True)


def _weighed_plainly(
    graph: _Graph, coef: list[list[float]], strict: bool, price: float
) -> list[float]:
    """Each state's least cost in the graph, every play tried (what the program must match)."""
    values: list[float] = []
    inf = float("inf")
    for (v, suit, _runs, _kept, bare), edges, end in zip(
        graph.keys, graph.edges, graph.ends, strict=True
    ):
        if edges is None:
            values.append(end)
            continue
        c = 0.0 if bare else coef[v][suit]
        costs = [
            jokers + price * loss + g * c + values[child]
            for jokers, g, child, loss in edges
            if not (strict and loss)
        ]
        values.append(min(costs, default=inf))
    return values


@pytest.mark.parametrize("strict", [True, False])
def test_the_flattened_program_weighs_the_suits_sweeps_as_the_graph(strict: bool) -> None:
    """Dead states and dominated plays left out, the program's costs are the graph's (B5)."""
    from mexemexe.solver._sweep import Sweep

    must = solver._counts(m.parse_cards(ISSUE_TABLE_1.replace("|", " ")))
    sweep = Sweep(must, solver._counts(m.parse_cards(ISSUE_HAND_1)), [1.0] * 53, BR)
    graph = _Graph()
    v0, si, runs, _used, _gcount, kept = sweep._start()
    for suit in range(4):
        graph.node(sweep, v0 + (suit < si), suit, runs[suit], kept[suit], suit >= si)
    rng = random.Random(5)
    coef = [[rng.uniform(-1.0, 1.0) for _ in range(4)] for _ in range(16)]
    got = graph.weigh(coef, strict, 0.5)
    assert got == pytest.approx(_weighed_plainly(graph, coef, strict, 0.5))
    assert any(value == float("inf") for value in got)  # some state cannot be finished


def test_a_strict_proof_stops_fitting_once_the_start_is_cut(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A lone hand card no arrangement takes (B5): the fit stops at the step that refutes it."""
    from mexemexe.solver import _need

    weighed: list[int] = []
    real = _Graph.weigh

    def counted(graph: _Graph, *args: object, **kwargs: object) -> list[float]:
        weighed.append(1)
        return real(graph, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(_Graph, "weigh", counted)
    best = solver.best_play(
        table="AS AH AD | 2S 2H 2D | 2D 3D 4D | 6S 6D 6C | 4H JK 6H | 3C 4C JK 6C | "
        "5S 6S 7S | 4D 5D JK 7D | 4H 5H 6H 7H 8H | 10S 10D 10C | 8H 9H 10H | 8C 9C 10C | "
        "7S 8S 9S 10S JS | 9S JK JS QS | JD QD KD | JD QD KD",
        hand="QH",
        profile=BR,
    )
    assert (best.placed, best.exact) == ((), True)
    assert 0 < len(weighed) < _need._FIT_STEPS


def _fitted_modes(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Record each fit of the joker-need terms by its mode (strict or loose)."""
    from mexemexe.solver import _need

    modes: list[bool] = []
    real = _need.NeedSearch._fit

    def recorded(search: _need.NeedSearch) -> object:
        modes.append(search.need_most == 0)
        return real(search)

    monkeypatch.setattr(_need.NeedSearch, "_fit", recorded)
    return modes


@pytest.mark.parametrize(
    ("table", "hand", "fitted"),
    [(ISSUE_TABLE_2, ISSUE_HAND_2, [False]), (ISSUE_TABLE_1, ISSUE_HAND_1, [True, False])],
    ids=["loose-first", "strict-first"],
)
def test_a_strict_mode_entered_after_a_loose_fit_reuses_its_terms(
    table: str, hand: str, fitted: list[bool], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The issue positions (B5): a loose fit serves the strict states; a strict fit does not."""
    modes = _fitted_modes(monkeypatch)
    best = solver.best_play(table=table, hand=hand, profile=BR)
    assert (best.value, best.exact) == (2.0, True)
    assert modes == fitted


def _issue_graph(skip: bool, monkeypatch: pytest.MonkeyPatch) -> tuple[_Graph, list[int]]:
    """Issue position 1's graph from its start, states with stuck runs left out or not."""
    from mexemexe.solver import _need_graph
    from mexemexe.solver._sweep import Sweep

    if not skip:
        monkeypatch.setattr(_need_graph, "_waiting", lambda runs, cap: 0)
    must = solver._counts(m.parse_cards(ISSUE_TABLE_1.replace("|", " ")))
    sweep = Sweep(must, solver._counts(m.parse_cards(ISSUE_HAND_1)), [1.0] * 53, BR)
    graph = _Graph()
    v0, si, runs, _used, _gcount, kept = sweep._start()
    roots = [
        graph.node(sweep, v0 + (suit < si), suit, runs[suit], kept[suit], suit >= si)
        for suit in range(4)
    ]
    return graph, roots


@pytest.mark.parametrize("strict", [True, False])
def test_states_left_out_for_stuck_runs_cannot_be_finished(
    strict: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """More runs that only a natural can extend than copies (B5): no play, as if made."""
    lean, _ = _issue_graph(True, monkeypatch)
    full, _ = _issue_graph(False, monkeypatch)
    assert len(lean.keys) < len(full.keys)
    rng = random.Random(11)
    coef = [[rng.uniform(-1.0, 1.0) for _ in range(4)] for _ in range(16)]
    got = dict(zip(lean.keys, lean.weigh(coef, strict, 0.5), strict=True))
    want = dict(zip(full.keys, full.weigh(coef, strict, 0.5), strict=True))
    for key, value in want.items():
        assert got.get(key, float("inf")) == value


def test_the_program_writes_out_states_of_every_count_of_plays(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue position 1 (B5) has states of one to four plays and more: each case is weighed."""
    from mexemexe.solver._need_graph import _Program

    graph, _roots = _issue_graph(True, monkeypatch)
    program = _Program(graph, False, 0.5)
    assert all(any(layer[kind] for layer in program.layers) for kind in range(5))


def _start_bound(sweep: object, lam: list[list[float]], strict: bool) -> float:
    """The jokers-needed bound at ``sweep``'s start under ``lam``, less its jokers left there."""
    from mexemexe.solver._sweep import Sweep

    assert isinstance(sweep, Sweep)
    sweep.need_coef = sweep._terms(lam)
    sweep.need_most = 0.0 if strict else float("inf")
    sweep.need_memo, sweep.need_totals = {}, {}
    start = sweep._start()
    return sweep._need(start) - (sweep.jokers - start[3])


def _random_multipliers(rng: random.Random) -> list[list[float]]:
    """Multipliers of at least zero, about half of them zero."""
    return [
        [rng.uniform(0.0, 2.0) if rng.random() < 0.5 else 0.0 for _ in range(4)] for _ in range(16)
    ]


@pytest.mark.parametrize("seed", range(12))
def test_a_laid_out_table_needs_no_more_jokers_than_it_holds_under_any_multipliers(
    seed: int,
) -> None:
    """A table is an arrangement (B5): any multipliers keep its start's bound within its jokers."""
    from mexemexe.solver._sweep import Sweep

    table, _hand = seeded_position(3000 + seed, BR, table_cards=30 + seed % 16, hand_cards=0)
    sweep = Sweep(solver._counts(c for meld in table for c in meld), [0] * 53, [1.0] * 53, BR)
    if not sweep.need_on:
        pytest.skip("no joker on the table: nothing to bound")
    rng = random.Random(seed)
    for _ in range(10):
        lam = _random_multipliers(rng)
        for strict in (True, False):
            assert _start_bound(sweep, lam, strict) <= 1e-9


@pytest.mark.parametrize("seed", range(12))
def test_the_bound_never_exceeds_the_jokers_plus_the_best_plays_loss_priced(seed: int) -> None:
    """Any multipliers (B5, R4): the loose bound is within the jokers and the least loss priced."""
    from mexemexe.solver._search import Search
    from mexemexe.solver._sweep import Sweep

    table, hand = seeded_position(4000 + seed, BR, table_cards=30, hand_cards=2 + seed % 4)
    must, may = solver._counts(c for meld in table for c in meld), solver._counts(hand)
    weights = [1.0] * 53
    best = Search(must, may, weights, BR).solve()[0]
    sweep = Sweep(must, may, weights, BR)
    if best == float("-inf") or not sweep.need_on:
        pytest.skip("the table cannot be laid out, or no joker to bound")
    loss = float(sum(may)) - best
    rng = random.Random(seed)
    for _ in range(10):
        lam = _random_multipliers(rng)
        assert _start_bound(sweep, lam, False) <= sweep.need_price * loss + 1e-9
        if loss == 0:
            assert _start_bound(sweep, lam, True) <= 1e-9
