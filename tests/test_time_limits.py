"""The solver's time limits: valid answers when cut, exact ones when not (issue: hardening).

No assertion here depends on how fast the machine is: a limit of 0 cuts a
search at its first look at the clock, and a search too long to finish in a
millisecond anywhere is given one; where the point is where the cut falls,
the clock is a fake one. How closely the limits are kept is measured in
``benchmarks/bench_time_limit.py``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mexemexe as m
from mexemexe import solver
from mexemexe import strategies as mst
from tests.solver_positions import ISSUE_HAND_1, ISSUE_HAND_2, ISSUE_TABLE_1, ISSUE_TABLE_2

BR = m.get_profile("brazilian")
RK = m.get_profile("rummikub")
GA = m.get_profile("galician")
GJ = m.get_profile("galician-jokers")

#: Two Brazilian positions whose exact search takes seconds.
SLOW = [
    pytest.param(
        ISSUE_TABLE_1,
        ISSUE_HAND_1,
        id="first",
    ),
    pytest.param(
        ISSUE_TABLE_2,
        ISSUE_HAND_2,
        id="second",
    ),
]

#: A Galician hand (two jokers, 42 cards) whose search takes seconds.
BIG_GALICIAN = (
    "AH AH AD 2S 2D 2C 3H 3D 3D 4S 4H 4D 5S 5S 5H 5D 5C 6S 6H 6D 7S 7H 7D 7C 8S 8H 8D"
    " 8C 9S 9S 9H 10S JH JD QS QH KH KH KD KC JK JK"
)


def assert_valid(best: m.BestPlay, table: m.TableLike, hand: Any, profile: m.Profile) -> None:
    """``best`` is a legal answer: a valid table of every old card and hand cards, worth >= 0."""
    old = m.Table.coerce(table)
    assert profile.validate_table(best.table).ok
    assert best.table.counts() == old.counts() + Counter(best.placed)
    assert not Counter(best.placed) - Counter(
        m.parse_cards(hand) if isinstance(hand, str) else hand
    )
    assert best.value >= 0
    if not best.placed:
        assert best.table == old


class FakeClock:
    """Stands for the `time` module: the time is up after ``reads`` looks at the clock."""

    def __init__(self, reads: int) -> None:
        self.reads = reads

    def perf_counter(self) -> float:
        self.reads -= 1
        return 0.0 if self.reads >= 0 else float("inf")


@pytest.mark.parametrize(("table", "hand"), SLOW)
def test_a_zero_limit_on_a_slow_position_gives_a_valid_play(table: str, hand: str) -> None:
    """A limit of 0 on a slow Brazilian position: a valid play, not marked exact."""
    best = solver.best_play(table=table, hand=hand, profile=BR, time_limit=0)
    assert_valid(best, table, hand, BR)
    assert best.exact is False


@pytest.mark.parametrize(("table", "hand"), SLOW)
def test_a_tiny_limit_on_a_slow_position_gives_a_valid_play(table: str, hand: str) -> None:
    """A limit of a millisecond on a slow Brazilian position: a valid play, not marked exact."""
    best = solver.best_play(table=table, hand=hand, profile=BR, time_limit=0.001)
    assert_valid(best, table, hand, BR)
    assert best.exact is False


@pytest.mark.parametrize("limit", [0, 0.001])
def test_a_tiny_limit_on_a_big_galician_hand_gives_a_valid_play(limit: float) -> None:
    """A Galician hand of 42 cards under a tiny limit: valid melds and lay-offs, not exact."""
    table = "5H 6H 7H | 9C 9D 9H"
    best = solver.best_play(table=table, hand=BIG_GALICIAN, profile=GJ, time_limit=limit)
    assert_valid(best, table, BIG_GALICIAN, GJ)
    assert best.exact is False


def test_a_zero_limit_on_a_full_deck_galician_hand_gives_a_valid_play() -> None:
    """The whole Galician deck in hand under a limit of 0: a valid play."""
    hand = sorted(GA.deck())
    best = solver.best_play(table="", hand=hand, profile=GA, time_limit=0)
    assert_valid(best, "", hand, GA)


@pytest.mark.parametrize("reads", [0, 1, 2, 5, 20, 100])
def test_a_galician_search_cut_anywhere_gives_a_valid_play(
    reads: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Galician search cut after any number of looks at the clock: valid and not exact."""
    from mexemexe.solver import _fixed

    monkeypatch.setattr(_fixed, "time", FakeClock(reads))
    table = "5H 6H 7H | 9C 9D 9H"
    best = solver.best_play(table=table, hand=BIG_GALICIAN, profile=GJ, time_limit=1.0)
    assert_valid(best, table, BIG_GALICIAN, GJ)
    assert best.exact is False


def test_a_galician_search_cut_late_places_cards() -> None:
    """Cut after it has run a while, the Galician search answers with the greedy play it found."""
    from mexemexe.solver import _fixed

    # Past the listing of the hand's melds, a few looks into the search itself.
    listing = len(m.find_melds(m.parse_cards(BIG_GALICIAN), GJ)) // _fixed._CLOCK_EVERY
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_fixed, "time", FakeClock(listing + 50))
        best = solver.best_play(table="", hand=BIG_GALICIAN, profile=GJ, time_limit=1.0)
    assert_valid(best, "", BIG_GALICIAN, GJ)
    assert len(best.placed) > 30  # the search tries melds before leaving cards out


def test_a_cut_exact_search_reads_back_the_play_it_reached(monkeypatch: pytest.MonkeyPatch) -> None:
    """Cut after a few looks at the clock, the exact search answers with a play it reached."""
    from mexemexe.solver import _sweep

    table = "2H 3H 4H 5H 6H 7H | 2C 2D 2S | 7H 8H 9H"
    hand = "4C 10C JC KC 3D 6D 6D 8D 9D AH KH 4S 4S 7S 9S QS KS KS JK JK"
    must, may = solver._counts(m.parse_table(table).cards()), solver._counts(m.parse_cards(hand))
    reached = []
    for reads in (1, 4, 16, 32, 64, 128, 256):
        monkeypatch.setattr(_sweep, "time", FakeClock(reads))
        search = _sweep.new_sweep(must, may, [1.0] * 53, RK, deadline=1.0)
        try:
            search.solve()
        except _sweep.SearchCut as cut:
            found = cut.found
        else:
            break  # time enough to finish
        if found is not None:
            reached.append(found.value)
            new = m.Table(found.melds)
            assert RK.validate_table(new).ok
            placed = Counter(m.Card.from_code(c) for c in found.placed)
            assert new.counts() == m.parse_table(table).counts() + placed
            assert found.value == len(found.placed) <= 13  # the optimum places 13
    assert reached


def test_a_cut_search_answers_with_the_better_of_its_plays(monkeypatch: pytest.MonkeyPatch) -> None:
    """best_play cut short: a valid play, at least as good as placing nothing, not exact."""
    from mexemexe.solver import _sweep

    table = "2H 3H 4H 5H 6H 7H | 2C 2D 2S | 7H 8H 9H"
    hand = "4C 10C JC KC 3D 6D 6D 8D 9D AH KH 4S 4S 7S 9S QS KS KS JK JK"
    cut = 0
    for reads in (1, 4, 16, 32, 64, 128, 256):
        monkeypatch.setattr(_sweep, "time", FakeClock(reads))
        best = solver.best_play(table=table, hand=hand, profile=RK, time_limit=1.0)
        assert_valid(best, table, hand, RK)
        if best.exact:
            assert len(best.placed) == 13  # the optimum, from a search with time to finish
        else:
            cut += 1
    assert cut


def test_arrange_raises_when_the_limit_leaves_it_undecided() -> None:
    """arrange of a hard multiset under a tiny limit raises SearchTimeoutError, a ValueError."""
    table, hand = SLOW[0].values
    cards = [*m.parse_table(str(table)).cards(), *m.parse_cards(str(hand))]
    with pytest.raises(m.SearchTimeoutError, match="no answer within 0.001 s") as raised:
        solver.arrange(cards, BR, time_limit=0.001)
    assert isinstance(raised.value, m.MexeMexeError)
    assert isinstance(raised.value, ValueError)
    assert raised.value.time_limit == 0.001


def test_arrange_under_a_limit_answers_what_it_decides() -> None:
    """arrange with time to finish: the same arrangement as without a limit, or None."""
    cards = "9D 7D JK 8D 7S 7H"
    assert solver.arrange(cards, RK, time_limit=60) == solver.arrange(cards, RK)
    assert solver.arrange("7H 8H", RK, time_limit=60) is None


def test_without_a_limit_the_answer_is_exact() -> None:
    """With no limit, every answer is marked exact and is the known best play."""
    best = solver.best_play(table="5H 6H 7H | 9C 9D 9S", hand="4H 8H QS KS JS 2C", profile=GA)
    assert best.exact is True
    assert str(best.table) == "4H 5H 6H 7H 8H | 9C 9D 9S | JS QS KS"
    shared = solver.best_play(table="7H 7S 7D 7C", hand="5H 6H", profile=RK)
    assert shared.exact is True
    assert sorted(map(str, shared.placed)) == ["5H", "6H"]


@pytest.mark.parametrize("profile", [RK, BR, GA])
def test_a_generous_limit_gives_the_answer_without_a_limit(profile: m.Profile) -> None:
    """A limit the search does not reach: the same answer as no limit, marked exact."""
    state = m.deal(profile, 2, seed=3)
    view = state.view(state.current_player)
    free = solver.best_play(view)
    limited = solver.best_play(view, time_limit=60)
    assert limited == free
    assert limited.exact is True


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from([RK, BR, GA, GJ]),
    st.data(),
    st.one_of(st.just(0.0), st.floats(min_value=0, max_value=0.003)),
)
def test_any_limit_gives_a_valid_play_never_worse_than_nothing(
    profile: m.Profile, data: st.DataObject, limit: float
) -> None:
    """Random small positions and limits: a valid play, and exact ones match no limit's value."""
    table = data.draw(mst.tables(profile, max_melds=4))
    pool = Counter(profile.deck()) - table.counts()
    hand = data.draw(st.lists(st.sampled_from(sorted(pool.elements())), max_size=9))
    if Counter(hand) - pool:
        return
    best = solver.best_play(table=table, hand=hand, profile=profile, time_limit=limit)
    assert_valid(best, table, hand, profile)
    if best.exact:
        assert best.value == solver.best_play(table=table, hand=hand, profile=profile).value


def test_an_unknown_objective_is_a_library_error() -> None:
    """An unknown objective raises SolverInputError quoting it (still a ValueError)."""
    with pytest.raises(m.SolverInputError, match="'tiles'"):
        solver.best_play(table="", hand="AH", profile=RK, objective="tiles")  # type: ignore[arg-type]


@pytest.mark.parametrize("limit", [-1, float("nan")])
def test_a_negative_limit_is_a_library_error(limit: float) -> None:
    """A negative (or NaN) time limit raises SolverInputError quoting it."""
    with pytest.raises(m.SolverInputError, match="time_limit"):
        solver.best_play(table="", hand="AH", profile=RK, time_limit=limit)
    with pytest.raises(m.SolverInputError, match="time_limit"):
        solver.arrange("AH 2H 3H", RK, time_limit=limit)


def test_a_limit_that_is_not_a_number_is_a_type_error() -> None:
    """A time limit of the wrong type raises TypeError."""
    with pytest.raises(TypeError, match="time_limit"):
        solver.best_play(table="", hand="AH", profile=RK, time_limit="1")  # type: ignore[arg-type]


def test_an_impossible_shared_table_is_an_invalid_state_error() -> None:
    """A shared table no arrangement makes valid raises InvalidStateError quoting the table."""
    with pytest.raises(m.InvalidStateError, match="7H 8H"):
        solver.best_play(table="7H 8H", hand="2C", profile=RK)


def test_an_invalid_galician_table_is_an_invalid_state_error() -> None:
    """A Galician table with an invalid meld raises InvalidStateError with the table's problems."""
    with pytest.raises(m.InvalidStateError, match=r"7H 8H.*meld 0"):
        solver.best_play(table="7H 8H | 9C 9D 9S", hand="9H", profile=GA)


def test_hint_takes_a_time_limit() -> None:
    """state.hint(time_limit=0) is a legal move, on a shared table and in a discard game."""
    for profile in (BR, GA):
        state = m.deal(profile, 2, seed=5)
        if state.phase == "draw":
            state = state.apply(state.hint(time_limit=0))
        move = state.hint(time_limit=0)
        state.apply(move)  # raises if illegal


def test_greedy_bot_passes_its_time_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """GreedyBot(time_limit=...) hands its limit to every search it runs."""
    seen: list[Any] = []
    real = solver.best_play

    def spy(*args: Any, **kwargs: Any) -> m.BestPlay:
        seen.append(kwargs.get("time_limit"))
        return real(*args, **kwargs)

    monkeypatch.setattr(solver, "best_play", spy)
    state = m.deal(BR, 2, seed=2)
    bot = m.GreedyBot(time_limit=0.25)
    state.apply(bot.choose(state.view(state.current_player)))
    assert seen == [0.25]


def test_a_greedy_round_under_a_time_limit_plays_legally() -> None:
    """Greedy bots with a tiny limit play a whole Brazilian round of legal moves."""
    bots = [m.GreedyBot(time_limit=0.002), m.GreedyBot(time_limit=0)]
    final, _record = m.play_round(m.deal(BR, 2, seed=7), bots)
    assert final.result is not None


def test_arrange_refuses_more_copies_than_the_deck_holds() -> None:
    """§0: 14 aces of spades are no position of a two-deck game; refused before any search."""
    with pytest.raises(m.InvalidStateError, match="AS"):
        solver.arrange("AS " * 14, "rummikub", time_limit=0.05)


def test_best_play_refuses_more_copies_than_the_deck_holds() -> None:
    """§0: a table and hand holding a card more often than the deck are refused at once."""
    with pytest.raises(m.InvalidStateError, match="AS"):
        solver.best_play(table="AS 2S 3S|" * 12, hand="4S", profile="rummikub", time_limit=0.05)


def test_a_time_limit_past_the_floats_is_a_library_error() -> None:
    """A time limit of 10**400 seconds is a SolverInputError, not an OverflowError."""
    with pytest.raises(m.SolverInputError):
        solver.arrange("7H 8H 9H", "rummikub", time_limit=10**400)


@pytest.mark.parametrize("limit", [-1, float("nan")])
def test_hint_refuses_a_bad_time_limit_on_a_shared_table(limit: float) -> None:
    """hint(time_limit=...) on a shared table checks its limit as best_play does."""
    with pytest.raises(m.SolverInputError):
        m.deal("rummikub", players=2, seed=1).hint(time_limit=limit)
