"""The exact solver against a brute force on small instances, and known answers (issue: solver)."""

from __future__ import annotations

import math
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from itertools import combinations
from typing import Any, TypeVar

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mexemexe as m
from mexemexe import maumau, solver
from mexemexe import strategies as mst
from tests.solver_positions import melds_among, objective_weights

T = TypeVar("T")

RK = m.get_profile("rummikub")
BR = m.get_profile("brazilian")
GA = m.get_profile("galician")


def shared(profile: m.Profile, **changes: object) -> m.Profile:
    """A discard game's meld rules on a rearrangeable table (what the sweep solves)."""
    return attrs.evolve(
        profile,
        name=f"{profile.name}-shared",
        turn_structure="shared_table",
        stock_exhaustion="end_round",
        **changes,
    )


PROFILES = [
    RK,
    BR,
    shared(GA, ace="low_or_high"),
    shared(m.get_profile("galician-jokers")),
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


def test_a_rearrangement_beats_what_lay_offs_can_place() -> None:
    """5H 6H fit only by taking the 7H out of the group: the search finds it past lay-offs."""
    best = solver.best_play(table="7H 7S 7D 7C", hand="5H 6H", profile=RK)
    assert sorted(map(str, best.placed)) == ["5H", "6H"]
    assert RK.validate_table(best.table)


def test_when_lay_offs_are_best_the_table_keeps_its_melds() -> None:
    """A small hand best placed by a lay-off and a new meld: every old meld stays together."""
    table = m.Table.coerce("3S 4S 5S | 9C 9D 9H")
    best = solver.best_play(table=table, hand="6S QH QD QC 2D", profile=RK)
    assert sorted(map(str, best.placed)) == ["6S", "QC", "QD", "QH"]
    kept = [Counter(meld) for meld in best.table.melds]
    assert all(any(not Counter(old) - new for new in kept) for old in table.melds)


@pytest.mark.parametrize("seed", range(48))
def test_best_play_with_lay_offs_known_matches_the_plain_search(seed: int) -> None:
    """A small hand's best play (lay-offs known first) is worth what the search alone finds."""
    from mexemexe.solver._sweep import Sweep

    # 7 cards beside 30-card tables: now and then a rearrangement beats the lay-offs.
    profile, melds, hand = seeded_deal(seed, table_cards=30, hand_cards=7)
    table = m.Table(melds)
    must, may = solver._counts(table.cards()), solver._counts(hand)
    for objective in ("cards", "points"):
        best = solver.best_play(table=table, hand=hand, profile=profile, objective=objective)
        weights = (
            [1.0] * 53
            if objective == "cards"
            else [float(profile.card_points(m.Card.from_code(c))) for c in range(53)]
        )
        pruned = solver._prune(must, may, profile)
        assert best.value == Sweep(must, pruned, weights, profile).solve()[0]
        assert profile.validate_table(best.table)
        assert sorted(best.table.cards()) == sorted([*table.cards(), *best.placed])


def _pruned(table: str, hand: str, profile: str) -> list[str]:
    must = solver._counts(m.parse_cards(table))
    may = solver._prune(must, solver._counts(m.parse_cards(hand)), m.get_profile(profile))
    return sorted(str(m.Card.from_code(code)) for code in range(53) if may[code])


def test_pruning_drops_hand_cards_no_meld_can_hold() -> None:
    """Hand cards with no run window and no group partners are dropped before the search."""
    # 9S has no neighbours and no other nine; 5H and 6H need each other and 4H or 7H.
    assert _pruned("2C 3C 4C", "9S 5H 6H 7H", "brazilian") == ["5H", "6H", "7H"]
    assert _pruned("2C 3C 4C", "9S 5H 6H", "brazilian") == []


def test_pruning_keeps_the_ace_after_the_king_where_the_ace_is_high() -> None:
    """Under B3's high ace, Q K A is a run, so a hand ace beside a queen and king is kept."""
    assert _pruned("QD KD", "AD", "brazilian") == ["AD"]
    assert _pruned("QD KD", "AD", "rummikub") == []  # R: the ace is low only


def test_pruning_counts_jokers_as_gap_fillers() -> None:
    """With a joker in play, two cards one gap apart can still form a run (R3)."""
    assert _pruned("7S 9S", "JK 5H 6H", "rummikub") == ["5H", "6H", "JK"]
    assert _pruned("7S 9S", "5H 6H", "rummikub") == []
    # Two jokers make a run of any card; B5's one joker a run does not.
    assert _pruned("7S 9S", "JK JK 5H", "rummikub") == ["5H", "JK"]
    assert _pruned("7S 9S", "JK JK 5H", "brazilian") == ["JK"]


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


def test_a_run_may_hold_more_than_seven_jokers_under_its_cap() -> None:
    """§0, B5-style caps: a run of one natural and up to its cap of jokers, never more."""
    many = attrs.evolve(
        RK, name="rk-many-jokers", jokers=12, max_jokers_per_meld=9, joker_policy="runs"
    )
    best = solver.best_play(table="", hand="AS " + " ".join(["JK"] * 10), profile=many)
    assert len(best.placed) == 10  # AS and nine jokers: the tenth joker has no room
    assert many.validate_table(best.table)


def test_the_package_offers_the_solver_entry_points() -> None:
    """mexemexe.arrange, best_play and BestPlay are the solver's own, imported on first use."""
    assert (m.arrange, m.best_play, m.BestPlay) == (
        solver.arrange,
        solver.best_play,
        solver.BestPlay,
    )
    assert {"arrange", "best_play", "BestPlay"} <= set(m.__all__) & set(dir(m))
    with pytest.raises(AttributeError, match="no attribute 'not_a_name'"):
        m.not_a_name  # noqa: B018


@pytest.mark.parametrize("profile", ["brazilian", "rummikub", "galician"])
def test_best_play_of_a_state_is_that_of_its_player(profile: str) -> None:
    """best_play(state) and best_play(view) answer for the player to move, as the keyword form."""
    state = m.deal(profile, 3, seed=11)
    if state.phase == "draw":
        state = state.draw()
    keywords = solver.best_play(table=state.table, hand=state.hand, profile=state.profile)
    assert solver.best_play(state) == keywords
    assert solver.best_play(state.view(state.current_player)) == keywords
    assert solver.best_play(state, objective="points") == solver.best_play(
        table=state.table, hand=state.hand, profile=state.profile, objective="points"
    )


def test_best_play_wants_a_state_or_all_three_keywords() -> None:
    """A state with keywords, missing keywords, or a game without a table is a TypeError."""
    state = m.deal("rummikub", 2, seed=1)
    with pytest.raises(TypeError, match="not both"):
        solver.best_play(state, profile="rummikub")
    with pytest.raises(TypeError, match="all of table=, hand= and profile="):
        solver.best_play(table=state.table, hand=state.hand)
    with pytest.raises(TypeError, match="not MauMauState"):
        solver.best_play(maumau.deal(maumau.MAUMAU, 2, seed=1))  # type: ignore[arg-type]


def test_importing_the_package_leaves_the_solver_for_later() -> None:
    """`import mexemexe` does not import the exact search until it is first used."""
    code = "import sys, mexemexe as m; a = 'mexemexe.solver' in sys.modules; m.best_play; "
    code += "print(a, 'mexemexe.solver' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "True"]


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
    with pytest.MonkeyPatch.context() as patch:
        # The windows' bounds too, on every search (see _sweep's module docstring).
        patch.setattr("mexemexe.solver._sweep._EASY", 3)
        assert Sweep(must, may, weights, profile).solve()[0] == expected
    value, melds, placed = Sweep(must, may, weights, profile).solve()
    assert value == expected
    layout = m.Table(melds)
    assert profile.validate_table(layout)
    assert sorted(layout.cards()) == sorted(
        [*table.cards(), *(m.Card.from_code(c) for c in placed)]
    )


def dealt_position(seed: int) -> tuple[m.Profile, list[int], list[int]]:
    """A seeded position of up to 24 table cards and 8 hand cards, as must/may counts."""
    import random

    rng = random.Random(seed)
    profile = PROFILES[seed % len(PROFILES)]
    deck = list(profile.deck())
    rng.shuffle(deck)
    table = melds_among(deck[: rng.randint(6, 24)], profile, rng)
    hand = deck[30 : 30 + rng.randint(0, 8)]
    must, may = [0] * 53, [0] * 53
    for meld in table:
        for card in meld:
            must[card.code] += 1
    for card in hand:
        may[card.code] += 1
    return profile, must, may


@pytest.mark.parametrize("seed", range(12))
def test_sweep_matches_the_reference_search_on_dealt_positions(seed: int) -> None:
    """Seeded positions of up to 24 table cards and 8 hand cards: both solvers agree."""
    from mexemexe.solver._search import Search
    from mexemexe.solver._sweep import Sweep

    profile, must, may = dealt_position(seed)
    weights = [1.0] * 53
    assert (
        Sweep(must, may, weights, profile).solve()[0]
        == Search(must, may, weights, profile).solve()[0]
    )


@pytest.mark.parametrize("seed", range(12, 36))
def test_window_bounds_keep_the_sweep_exact(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """With the top-value windows bounding every search (a tiny limit), the answers stay exact."""
    from mexemexe.solver import _sweep
    from mexemexe.solver._search import Search

    monkeypatch.setattr(_sweep, "_EASY", 5)
    profile, must, may = dealt_position(seed)
    for weights in objective_weights(profile):
        assert (
            _sweep.Sweep(must, may, weights, profile).solve()[0]
            == Search(must, may, weights, profile).solve()[0]
        )


def seeded_deal(
    seed: int, table_cards: int, hand_cards: int
) -> tuple[m.Profile, list[tuple[m.Card, ...]], list[m.Card]]:
    """A seeded deal: melds found among a shuffled deck's first cards, and a hand after them.

    The table is laid out from the first ``table_cards`` cards, the hand is
    ``hand_cards`` cards from the 31st on; the profile cycles with the seed.
    """
    import random

    rng = random.Random(seed)
    profile = PROFILES[seed % len(PROFILES)]
    deck = list(profile.deck())
    rng.shuffle(deck)
    melds = melds_among(deck[:table_cards], profile, rng)
    return profile, melds, deck[30 : 30 + hand_cards]


def larger_position(seed: int) -> tuple[m.Profile, list[int], list[int]]:
    """A seeded position of up to 24 table cards and 14 hand cards, as must/may counts.

    Larger than `dealt_position`: enough for searches of hundreds of states.
    """
    profile, melds, hand = seeded_deal(seed, table_cards=24, hand_cards=14)
    return profile, solver._counts(card for meld in melds for card in meld), solver._counts(hand)


@pytest.mark.parametrize("seed", range(16))
def test_states_with_longer_runs_bound_the_sweep_exactly(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bounding a state by the same state with longer open runs changes no answer."""
    from mexemexe.solver import _dfs, _sweep

    monkeypatch.setattr(_dfs, "_LONGER_AFTER", 0)  # from the first state on
    profile, must, may = larger_position(seed)
    for weights in objective_weights(profile):
        with_longer = _sweep.Sweep(must, may, weights, profile)
        value = with_longer.solve()[0]
        with monkeypatch.context() as patch:
            patch.setattr(_sweep.Sweep, "_longer_runs", lambda self, runs: ())
            assert _sweep.Sweep(must, may, weights, profile).solve()[0] == value


def test_longer_runs_are_lengthened_up_to_the_minimum_only() -> None:
    """One suit's runs, each lengthened by 0.. up to the minimum run, never as given."""
    from mexemexe.solver._runs import desc, length, pack, unpack
    from mexemexe.solver._sweep import Sweep

    sweep = Sweep([0] * 53, [0] * 53, [1.0] * 53, RK)
    short, two, full = desc(1, 0, 1, 0), desc(2, 0, 1, 0), desc(3, 0, 1, 0)

    def longer(*runs: int) -> set[tuple[int, ...]]:
        return {unpack(packed) for packed in sweep._longer_runs(pack(runs))}

    assert longer(short) == {(two,), (full,)}
    assert longer(full) == set()
    assert longer(short, full) == {(two, full), (full, full)}
    lengthened = longer(short, two)
    assert lengthened == {(short, full), (two, two), (two, full), (full, full)}
    assert all(length(d) <= sweep.min_run for runs in lengthened for d in runs)


def test_a_play_another_play_dominates_is_dropped() -> None:
    """Closing a run to start a new one with the copy that could extend it is never tried."""
    from mexemexe.solver._runs import desc, pack, unpack
    from mexemexe.solver._suit_plays import options, undominated

    full, single = desc(3, 0, 1, 0), desc(1, 0, 1, 0)
    # One table copy meets an open run of three: extend it, close it and start a
    # run, or close it and give the copy to a group (no jokers, ace low).
    plays = options(pack([full]), 1, 0, 1.0, 0, 2, 0, 3, False, 13, True)
    ends = {(unpack(p[0]), p[1]) for p in plays}
    assert ends == {((full,), 0), ((single,), 0), ((), 1)}
    kept = {(unpack(p[0]), p[1]) for p in undominated(plays)}
    assert kept == {((full,), 0), ((), 1)}  # the run of one is weaker than the run of three


def test_forced_steps_are_played_in_passing() -> None:
    """A run of one that its copies must extend, then close, is no state of the search."""
    from mexemexe.solver._runs import NO_ACES, desc, pack
    from mexemexe.solver._sweep import Sweep

    sweep = Sweep(solver._counts(m.parse_cards("5H 6H 7H")), [0] * 53, [1.0] * 53, RK)
    hearts = 1  # suits are S, H, D, C by code
    runs = (0, pack([desc(1, 0, 1, 0)]), 0, 0)  # 5H has started a run
    forced: list[tuple[int, int, Any]] = []
    key = sweep._advance(6, hearts, runs, 0, 0, NO_ACES, forced)
    assert key[0] > sweep.top  # past the last value: nothing was left to choose
    assert [(v, si, play[5][0]) for v, si, play in forced] == [
        (6, hearts, ("nat",)),
        (7, hearts, ("nat",)),
        (8, hearts, ("close",)),
    ]


def test_groups_with_one_joker_count_are_settled_in_passing() -> None:
    """5S 5H 5D given to groups fit with no joker: that groups step is no state either."""
    from mexemexe.solver._groups import GIVES
    from mexemexe.solver._runs import NO_ACES
    from mexemexe.solver._suit_plays import group_play
    from mexemexe.solver._sweep import Sweep

    sweep = Sweep(solver._counts(m.parse_cards("5S 5H 5D JK")), [0] * 53, [1.0] * 53, RK)
    forced: list[tuple[int, int, Any]] = []
    key = sweep._advance(5, 4, (0, 0, 0, 0), 0, 3 * GIVES[1], NO_ACES, forced)
    assert key[0] > sweep.top
    assert forced == [(5, 4, group_play(0))]  # the spare joker is placed at the end
    # Four copies and two jokers make one group of four, or two groups of two with a
    # joker each: two plays, so that step stays a state.
    two = Sweep(solver._counts(m.parse_cards("5S 5H 5D 5C JK JK")), [0] * 53, [1.0] * 53, RK)
    assert two._group_jokers(0, 4 * GIVES[1]) == [0, 2]
    state = (5, 4, (0, 0, 0, 0), 0, 4 * GIVES[1], NO_ACES)
    assert two._advance(*state) == state


def test_a_run_not_begun_on_the_low_ace_is_the_stronger() -> None:
    """Of two runs alike but for the low ace, the one not begun on it may reach the high ace."""
    from mexemexe.solver._runs import desc, pack, runs_stronger, stronger

    low_ace, plain = desc(3, 0, 1, 1), desc(3, 0, 1, 0)
    assert stronger(plain, low_ace)
    assert not stronger(low_ace, plain)
    assert not stronger(plain, desc(3, 1, 1, 0))  # a joker more in it is another run
    assert not runs_stronger(pack([plain]), pack([plain, plain]))  # one run more or less


@pytest.mark.parametrize("seed", range(8))
def test_dropping_dominated_plays_changes_no_answer(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The least loss is the same when every play, dominated or not, is tried."""
    from mexemexe.solver import _bounds, _memo, _suit_plays, _sweep
    from mexemexe.solver._runs import most_jokers

    def every_play(
        runs: int, must_n: int, may_n: int, value: int, *rules: Any
    ) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
        min_run = rules[1]
        made = _suit_plays._lazy_options(
            runs, must_n, may_n, 1.0, most_jokers(runs, min_run), value, *rules[:4]
        )
        return tuple(made), tuple(sorted(made, key=lambda play: play[3]))

    profile, must, may = larger_position(seed)
    weights = [float(profile.card_points(m.Card.from_code(c))) for c in range(53)]
    value = _sweep.Sweep(must, may, weights, profile).solve()[0]
    with monkeypatch.context() as patch:
        patch.setattr(_memo, "plays", _suit_plays.plays.__wrapped__)  # not the remembered plays
        patch.setattr(_suit_plays, "ranked", every_play)  # the search's plays
        patch.setattr(_bounds, "ranked", every_play)  # the bound's
        assert _sweep.Sweep(must, may, weights, profile).solve()[0] == value


def test_a_run_waiting_for_a_natural_is_bounded_by_one_free_to_close() -> None:
    """A run that ends on a joker is looked up as longer, and as no longer waiting."""
    from mexemexe.solver._runs import desc, pack, unpack
    from mexemexe.solver._sweep import Sweep

    sweep = Sweep([0] * 53, [0] * 53, [1.0] * 53, RK)
    waiting, free = desc(2, 0, 1, 0, pending=1), desc(2, 0, 1, 0)
    stronger = {unpack(packed) for packed in sweep._longer_runs(pack([waiting]))}
    assert stronger == {(free,), (desc(3, 0, 1, 0, pending=1),), (desc(3, 0, 1, 0),)}
    assert sweep._longer_runs(pack([free])) == (pack([desc(3, 0, 1, 0)]),)


def test_copies_only_a_group_can_take_are_located() -> None:
    """Copies with no run in their suit, high or low, weigh on the side they lie."""
    from mexemexe.solver._sweep import Sweep

    def high(cards: str, profile: m.Profile = RK) -> bool:
        counts = solver._counts(m.parse_cards(cards))
        return Sweep(counts, [0] * 53, [0.0] * 53, profile)._high_constraints()

    runs = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
    assert high(f"{runs} QS QD QC")
    assert not high(f"{runs} 2S 2D 2C")
    assert not high(runs)  # every copy has a run
    # The fewer suits hold a value, the more its lone copies weigh: the two
    # kings (two suits) outweigh the three 3s (four suits), though as far from
    # the middle they would balance.
    assert high(f"{runs} 3S 3D 3C KD KD")
    # Ace high: the ace sits at both ends, so it does not count.
    assert not high(f"{runs} AS AD AC", BR)
    assert high(f"{runs} AS AD AC QS QD QC", BR)  # counted low, the aces would outweigh
    assert not high(f"{runs} AS AD AC QS QD QC")  # as they do where the ace is low
    # Where runs take four, the spades' two runs of three are no runs: all six are
    # lone, and the high three (held by two suits only) outweigh the low ones.
    four = attrs.evolve(RK, name="rk-run4", min_run_size=4)
    assert not high(f"{runs} 2S 3S 4S JS QS KS 2D 2C")
    assert high(f"{runs} 2S 3S 4S JS QS KS 2D 2C", four)


def answered_by(call: Callable[[], T]) -> tuple[T, list[tuple[object, ...]]]:
    """``call()``, and the symmetric variants (mirror, flip) whose answers were read back."""
    from mexemexe.solver import _sweep

    answered = []
    read_back = _sweep.Sweep._read_back

    def spy(self: _sweep.Sweep, *args: object) -> object:
        answered.append(args[2:])
        return read_back(self, *args)  # type: ignore[arg-type]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_sweep.Sweep, "_read_back", spy)
        result = call()
    return result, answered


def test_a_search_starts_from_the_end_its_lone_copies_lie_at() -> None:
    """The mirror image answers first when the copies only groups can take are high."""
    high, answered = answered_by(lambda: solver.arrange("AH 2H 3H 4H 5H QS QD QC KS KD KC", RK))
    low, also = answered_by(lambda: solver.arrange("9H 10H JH QH KH 2S 2D 2C AS AD AC", RK))
    assert answered + also == [(True, False)]  # the high one only: the low one is swept as given
    assert high is not None and low is not None
    assert str(high) == "AH 2H 3H 4H 5H | QS QD QC | KS KD KC"
    assert str(low) == "AS AD AC | 2S 2D 2C | 9H 10H JH QH KH"


def test_packed_runs_read_back_in_ascending_order() -> None:
    """A suit's open runs pack into one int and read back sorted, whatever their order."""
    from mexemexe.solver._runs import desc, pack, unpack

    runs = [desc(3, 1, 1, 0, 1), desc(1, 0, 1, 1), desc(13, 12, 1, 1, 1), desc(2, 0, 1, 0)]
    assert unpack(pack(runs)) == tuple(sorted(runs))
    assert pack(runs) == pack(list(reversed(runs)))
    assert pack([]) == 0 and unpack(0) == ()


@pytest.mark.parametrize("ace_high", [False, True])
def test_the_mirror_image_reverses_values_and_is_its_own_inverse(ace_high: bool) -> None:
    """Values read backwards (A..K as K..A, or 2..K as K..2 with the ace at both ends)."""
    from mexemexe.solver._symmetry import relabel

    mirror = relabel(ace_high, mirror=True, flip=False)
    assert all(mirror[mirror[code]] == code for code in range(53))
    assert mirror[m.JOKER.code] == m.JOKER.code
    ace, two, queen, king = (m.Card.parse(text).code for text in ("AH", "2H", "QH", "KH"))
    if ace_high:
        assert (mirror[ace], mirror[two]) == (ace, king)
    else:
        assert (mirror[ace], mirror[two]) == (king, queen)


@pytest.mark.parametrize("ace_high", [False, True])
def test_flipping_the_suits_keeps_the_values_and_is_its_own_inverse(ace_high: bool) -> None:
    """Suits taken in reverse order, values kept; combined with the mirror, still an involution."""
    from mexemexe.solver._symmetry import relabel

    flip = relabel(ace_high, mirror=False, flip=True)
    both = relabel(ace_high, mirror=True, flip=True)
    assert all(flip[flip[code]] == code and both[both[code]] == code for code in range(53))
    cards = [m.Card.from_code(code) for code in range(52)]
    assert all(m.Card.from_code(flip[c.code]).rank == c.rank for c in cards)
    assert len({m.Card.from_code(flip[c.code]).suit for c in cards}) == 4


@pytest.mark.parametrize("seed", range(36, 60))
def test_the_race_of_symmetric_searches_gives_valid_optimal_layouts(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With every symmetric search racing (a tiny limit), layouts stay valid and optimal."""
    from mexemexe.solver import _sweep
    from mexemexe.solver._search import Search

    monkeypatch.setattr(_sweep, "_EASY", 1)
    profile, must, may = dealt_position(seed)
    for weights in objective_weights(profile):
        value, melds, placed = _sweep.Sweep(must, may, weights, profile).solve()
        assert value == Search(must, may, weights, profile).solve()[0]
        if melds:
            layout = m.Table(melds)
            assert profile.validate_table(layout)
            table_cards = [m.Card.from_code(c) for c in range(53) for _ in range(must[c])]
            assert sorted(layout.cards()) == sorted(
                [*table_cards, *(m.Card.from_code(c) for c in placed)]
            )
            assert sum(weights[c] for c in placed) == value


@pytest.mark.parametrize("seed", range(36, 48))
def test_a_proof_race_with_a_small_second_share_stays_exact(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """B6: racing a proof against a known play, the second racer's smaller slices keep it exact."""
    from mexemexe.solver import _sweep
    from mexemexe.solver._search import Search

    monkeypatch.setattr(_sweep, "_EASY", 1)
    monkeypatch.setattr(_sweep, "_PROOF_SHARE", 0.01)
    profile, must, may = dealt_position(seed)
    for weights in objective_weights(profile):
        # Placing nothing is the known play: its loss is every hand card's weight.
        nothing = sum(w * k for w, k in zip(weights, may, strict=True))
        value, _, _ = _sweep.Sweep(must, may, weights, profile).solve(incumbent=nothing)
        assert value == Search(must, may, weights, profile).solve()[0]


def test_a_hard_position_is_answered_by_a_symmetric_search() -> None:
    """B5, ace high: a position whose search meets its dead ends late, and its mirror's early."""
    table = (
        "2C 3C 4C 5C 6C 7C JK 9C 10C JC QC KC AC | AD 2D 3D JK 5D 6D 7D 8D 9D 10D JD QD KD"
        " | 3S 3H 3D | 4S 4H 4D 4C | AS 2S 3S JK 5S 6S 7S 8S 9S 10S JS QS KS | 10H 10D 10C"
        " | JK 6H 7H 8H 9H 10H JH QH KH AH | AH 2H 3H 4H 5H | 8S 9S 10S JS | 7S 7H 7D 7C"
    )
    best, answered = answered_by(
        lambda: solver.best_play(table=table, hand="AS AC 4D 9C KC", profile=BR)
    )
    assert answered == [(True, False)]
    assert len(best.placed) == 5
    assert BR.validate_table(best.table)


def test_two_copies_in_groups_carry_the_jokers_their_two_groups_need() -> None:
    """R3: 4S 4S 4H 4D make two groups of two at best, one joker each; the 4Ss carry both."""
    from mexemexe.solver._groups import group_facts

    # Suits S H D C: two 4S, one 4H, one 4D; groups of 3-4; 1 joker a group; half units.
    _room, shares, _later = group_facts((2, 1, 1, 0), 3, 4, 1, 2)
    assert shares[0] == (0, 0, 2)  # one copy: a group of three, no joker; two: one joker
    assert shares[1][:2] == (0, 0)


def test_two_copies_with_five_naturals_carry_half_a_joker() -> None:
    """R3: 4S 4S 4H 4H 4D make groups of three and two at best: the 4Ss carry half a joker."""
    from mexemexe.solver._groups import group_facts

    # Five naturals in two groups need a joker: the split 3 + 2 puts the least on the
    # 4Ss (nothing in the three, half of one joker in the two), counted in half units.
    _room, shares, _later = group_facts((2, 2, 1, 0), 3, 4, 1, 2)
    assert shares[0] == (0, 0, 1)
    assert shares[1] == (0, 0, 1)
    assert shares[2] == (0, 0, 0)  # a group of three with a 4S and a 4H; no second copy


def test_two_copies_given_to_groups_carry_their_least_share() -> None:
    """R3: once the 4Ss are given to groups, the 4Hs and the 4D can make them 3 + 2 at best."""
    from mexemexe.solver._groups import GIVES
    from mexemexe.solver._sweep import Sweep

    sweep = Sweep(solver._counts(m.parse_cards("4S 4S 4H 4H 4D JK")), [0] * 53, [1.0] * 53, RK)
    assert sweep.unit == 2  # half jokers
    # Spades (suit 0) gave both copies; hearts and diamonds are still to come.
    assert sweep._pending(4, 1, GIVES[2]) == 1  # half a joker: groups of three and two
    assert sweep._pending(4, 1, GIVES[1]) == 0  # one copy: a group of three, no joker


# -- lazy jokers (the fast model) and its exact fallback ------------------------------


def test_a_spare_joker_with_no_room_is_not_placed() -> None:
    """B5: the run holds its one joker already, so the hand's joker has nowhere to go."""
    assert solver.best_play(table="5H JK 7H", hand="JK", profile=BR).placed == ()


def test_a_spare_joker_that_needs_a_split_is_placed() -> None:
    """B5: one joker per run, so placing the second joker means splitting the run."""
    best = solver.best_play(table="5H 6H 7H 8H 9H JK", hand="JK", profile=BR)
    assert [str(c) for c in best.placed] == ["JK"]
    assert BR.validate_table(best.table)


def test_runs_longer_than_three_as_the_minimum() -> None:
    """A profile with min_run_size=4: four cards make a run, three do not."""
    four = attrs.evolve(RK, name="rk-run4", min_run_size=4)
    assert str(solver.arrange("5H 6H 7H 8H", four)) == "5H 6H 7H 8H"
    assert solver.arrange("5H 6H 7H", four) is None
    assert solver.arrange("5H 6H JK 8H", four) is not None


# -- discard games: melds and lay-offs, no rearranging (G4) -----------------------------


def engine_best(state: m.GameState) -> int:
    """Brute force through the engine: the most cards any sequence of melds and lay-offs places."""
    start = len(state.hand)
    best = 0
    seen: set[tuple[str, ...]] = set()

    def walk(s: m.GameState) -> None:
        nonlocal best
        best = max(best, start - (len(s.hands[state.current_player])))
        if s.result is not None:
            return
        key = tuple(sorted(str(meld) for meld in s.table.melds)) + tuple(map(str, s.hand))
        if key in seen:
            return
        seen.add(key)
        for move in s.legal_moves():
            if isinstance(move, (m.LayDown, m.LayOff)):
                walk(s.apply(move))

    walk(state)
    return best


@settings(max_examples=25, deadline=None)
@given(st.sampled_from([GA, m.get_profile("galician-jokers")]), st.data())
def test_galician_best_play_matches_the_engine(profile: m.Profile, data: st.DataObject) -> None:
    """G4: best_play places as many cards as any sequence of legal melds and lay-offs."""
    table = data.draw(mst.tables(profile, max_melds=3))
    pool = sorted((Counter(profile.deck()) - table.counts()).elements())
    cards = data.draw(st.lists(st.sampled_from(pool), min_size=4, max_size=8))
    if Counter(cards) - Counter(pool):
        return
    hand, other = cards[:-2], cards[-2:]  # the opponent holds two cards
    state = m.deal(profile, hands=[hand, other], table=table, seed=1)
    state = state.draw()  # the meld phase, with the top stock card in hand
    best = solver.best_play(table=state.table, hand=state.hand, profile=profile)
    assert len(best.placed) == engine_best(state)
    after = state
    for move in best.moves:
        after = after.apply(move)
    assert sorted(after.table.cards()) == sorted([*state.table.cards(), *best.placed])
    assert after.table == best.table


def test_galician_best_play_lays_off_and_melds() -> None:
    """G4: lay-offs onto a run at both ends, then a new meld; the table's melds stay."""
    best = solver.best_play(table="5H 6H 7H | 9C 9D 9S", hand="4H 8H QS KS JS 2C", profile=GA)
    assert str(best.table) == "4H 5H 6H 7H 8H | 9C 9D 9S | JS QS KS"
    assert [str(move) for move in best.moves] == [
        "layoff 8H 0",
        "layoff 4H 0",
        "meld JS QS KS",
    ]


# -- legal_moves lists the best play (shared table) -----------------------------------


def test_legal_moves_end_with_the_best_play() -> None:
    """B6: the deprecated best=True lists the solver's best play, legal; the default does not."""
    state = m.deal(RK, hands=["4H 8H 9H JK 2C", "3D 4D"], table="5H 6H 7H | 9C 9D 9S", seed=2)
    best = solver.best_play(table=state.table, hand=state.hand, profile=RK)
    with pytest.warns(DeprecationWarning, match="best"):
        moves = state.legal_moves(best=True)
    assert moves[-1] == best.move
    assert best.move not in state.legal_moves()
    assert len(moves) == len(state.legal_moves()) + 1
    assert state.propose(best.table).ok


def test_legal_moves_skip_a_best_play_already_listed() -> None:
    """A best play that is one new meld on the table as it stands is listed once."""
    state = m.deal(RK, hands=["7C 8C 9C", "3D 4D"], table="5H 6H 7H", seed=2)
    with pytest.warns(DeprecationWarning, match="best"):
        moves = state.legal_moves(best=True)
    assert moves == state.legal_moves()  # no whole-table Play appended
    assert m.LayDown("7C 8C 9C") in moves


def test_legal_moves_best_play_meets_the_opening_minimum() -> None:
    """An opening minimum: the best play listed reaches it, by points if cards fall short."""
    opening = attrs.evolve(RK, name="rk-open30", min_opening_points=30)
    state = m.deal(opening, hands=["AC 2C 3C KD KH KS", "3D 4D"], table="", seed=2)
    with pytest.warns(DeprecationWarning, match="best"):
        plays = [move for move in state.legal_moves(best=True) if isinstance(move, m.Play)]
    assert plays and all(state.propose(move.table).ok for move in plays)
    poor = m.deal(opening, hands=["AC 2C 3C 4C", "3D 4D"], table="", seed=2)
    with pytest.warns(DeprecationWarning, match="best"):
        assert not [move for move in poor.legal_moves(best=True) if isinstance(move, m.Play)]


def test_best_play_by_points_stands_in_under_an_opening_minimum() -> None:
    """Most cards (AC 2C JK 4C, 7 points) falls short of 25; the 26-point KD KH JK is chosen."""
    opening = attrs.evolve(RK, name="rk-open25", min_opening_points=25, joker_points=0)
    state = m.deal(opening, hands=["JK AC 2C 4C KD KH", "3D 4D"], table="", seed=2)
    by_cards = solver.best_play(table="", hand=state.hand, profile=opening)
    assert sorted(map(str, by_cards.placed)) == ["2C", "4C", "AC", "JK"]
    hint = state.hint()
    assert hint == m.LayDown("KD KH JK")  # the meld as the listing gives it
    assert hint in state.legal_moves()
    assert sorted(map(str, state.apply(hint).table.cards())) == ["JK", "KD", "KH"]


def test_group_copies_of_distinct_suits_form_one_group() -> None:
    """One copy a suit and a joker make one group (R3); two copies of a suit need two groups."""
    from mexemexe.solver._groups import form_groups

    jokers: list[int] = []

    def joker() -> int:
        jokers.append(52)
        return 52

    nines = [m.Card.parse(c).code for c in ("9C", "9D")]
    assert form_groups(nines, 1, 3, 4, 4, joker) == [[*nines, 52]]
    assert len(jokers) == 1
    pair = [m.Card.parse(c).code for c in ("9C", "9C", "9D", "9D", "9H", "9S")]
    groups = form_groups(pair, 0, 3, 4, 4, joker)
    assert len(groups) == 2 and all(len(set(g)) == len(g) >= 3 for g in groups)
    assert sorted(c for g in groups for c in g) == sorted(pair)


@pytest.mark.parametrize("seed", [0, 1, 4, 5, 7])  # positions with jokers
def test_a_suits_row_of_bounds_matches_each_count_of_units_alone(seed: int) -> None:
    """A suit's bounds by joker units, worked out at once, match each worked out alone."""
    from functools import cache

    from mexemexe.solver._runs import unpack
    from mexemexe.solver._sweep import Sweep

    profile, must, may = larger_position(seed)
    search = Sweep(must, may, [1.0] * 53, profile)
    most = search.jokers * search.unit
    assert most

    @cache
    def alone(v: int, suit: int, runs: int, kept: int, units: int) -> float:
        if v > search.top:
            return 0.0 if search._closing_need(unpack(runs)) * search.unit <= units else math.inf
        best = math.inf
        for new_runs, g, jokers, loss, res, _ in search._suit_options(v, suit, runs, 0, kept):
            cost = jokers * search.unit + search.group_share[v][suit][g]
            if (not g or search.group_room[v][suit][g]) and cost <= units:
                best = min(best, loss + alone(v + 1, suit, new_runs, res, units - cost))
        return best

    for suit in range(4):
        row = search._suit_row(1, suit, 0, 0)
        assert row == [alone(1, suit, 0, 0, units) for units in range(most + 1)]
        assert row == sorted(row, reverse=True)  # more units never raise a bound


def test_fixed_play_lay_offs_only_where_a_meld_takes_a_hand_card() -> None:
    """A table meld no hand card extends offers no lay-off; one a card extends offers it (G4)."""
    from mexemexe.solver._fixed import _growths

    profile = m.get_profile("rummikub")
    run = tuple(m.parse_cards("5H 6H 7H"))
    assert _growths(run, tuple(m.parse_cards("2C KD")), profile) == {(): ()}
    found = _growths(run, tuple(m.parse_cards("8H 2C")), profile)
    assert set(found) == {(), (m.Card.parse("8H").code,)}


def test_the_remembered_plays_are_emptied_past_their_limit() -> None:
    """A full dict of remembered plays is emptied and refilled, and the answers stay the same."""
    from mexemexe.solver import _memo, _sweep

    profile, must, may = larger_position(0)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_memo, "_PLAYS_BY_RULES", {})
        search = _sweep.Sweep(must, may, [1.0] * 53, profile)
        expected = search.solve()[0]
        assert len(search.known_plays) > 6  # more than the limit below
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_memo, "_PLAYS_BY_RULES", {})
        patch.setattr(_memo, "_KNOWN_PLAYS", 5)
        search = _sweep.Sweep(must, may, [1.0] * 53, profile)
        assert search.solve()[0] == expected
        assert len(search.known_plays) <= 6


def test_the_plays_memo_stays_bounded_over_many_profiles() -> None:
    """Profiles with ever new run settings never grow the solver's plays memo past its bound."""
    from mexemexe.solver import _memo

    base = m.get_profile("rummikub")
    for jokers in range(1, 80):
        profile = attrs.evolve(base, name=f"r{jokers}", jokers=2, max_jokers_per_meld=jokers)
        solver.arrange("7H 8H JK", profile)
        assert len(_memo._PLAYS_BY_RULES) <= _memo._KNOWN_RULES
