"""The garbage collector paused while a search runs, in a process of one thread (`_collector`).

Reference counting frees nearly all a search makes, so the collections
CPython would run inside it find next to nothing and only add their pause
to the call's time.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator

import pytest

import mexemexe as m
from mexemexe import solver
from mexemexe.solver import _sweep
from mexemexe.solver._collector import collector_paused
from solver_positions import ISSUE_HAND_2, ISSUE_TABLE_2

TABLE = "5H 6H 7H JK | 9S 9D 9C"
HAND = "AC 2C 3C 8H"


@pytest.fixture(autouse=True)
def collector_enabled() -> Iterator[None]:
    """Each test starts with the collector enabled, and leaves it so."""
    gc.enable()
    yield
    gc.enable()


@pytest.fixture
def one_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    """A process of one thread, as the pause asks, whatever threads other tests left running."""
    monkeypatch.setattr(threading, "active_count", lambda: 1)


def spy_on_solve(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Record, at each exact search, whether the collector is enabled."""
    seen: list[bool] = []
    real = _sweep.Sweep.solve

    def solve(self: _sweep.Sweep, *args: object, **kwargs: object) -> object:
        seen.append(gc.isenabled())
        return real(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(_sweep.Sweep, "solve", solve)
    return seen


@pytest.mark.usefixtures("one_thread")
def test_best_play_searches_with_the_collector_paused(monkeypatch: pytest.MonkeyPatch) -> None:
    """best_play's exact search runs with the collector off, and it is on again after."""
    seen = spy_on_solve(monkeypatch)
    solver.best_play(table=TABLE, hand=HAND, profile="rummikub")
    assert seen and not any(seen)
    assert gc.isenabled()


@pytest.mark.usefixtures("one_thread")
def test_arrange_searches_with_the_collector_paused(monkeypatch: pytest.MonkeyPatch) -> None:
    """arrange's search runs with the collector off, and it is on again after."""
    seen = spy_on_solve(monkeypatch)
    assert solver.arrange("9D 7D JK 8D 7S 7H", "rummikub") is not None
    assert seen == [False]
    assert gc.isenabled()


@pytest.mark.usefixtures("one_thread")
def test_a_discard_games_best_play_searches_with_the_collector_paused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Galician's best play (G4: melds and lay-offs, no rearranging) runs with the collector off."""
    seen: list[bool] = []
    real = solver.best_fixed_play

    def spied(*args: object, **kwargs: object) -> object:
        seen.append(gc.isenabled())
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(solver, "best_fixed_play", spied)
    best = solver.best_play(table="5H 6H 7H", hand="8H 9S 9D 9C", profile="galician")
    assert len(best.placed) == 4
    assert seen and not any(seen)
    assert gc.isenabled()


@pytest.mark.usefixtures("one_thread")
def test_a_disabled_collector_stays_disabled() -> None:
    """A caller that disabled the collector finds it disabled after a search."""
    gc.disable()
    solver.best_play(table=TABLE, hand=HAND, profile="rummikub")
    assert not gc.isenabled()


@pytest.mark.usefixtures("one_thread")
def test_the_collector_resumes_after_an_error() -> None:
    """A search that raises still resumes the collector."""
    with pytest.raises(m.SolverInputError):
        solver.best_play(table=TABLE, hand=HAND, profile="rummikub", objective="most")
    assert gc.isenabled()


@pytest.mark.usefixtures("one_thread")
def test_the_collector_resumes_after_a_time_limit() -> None:
    """A search cut by its time limit resumes the collector."""
    best = solver.best_play(
        table=ISSUE_TABLE_2, hand=ISSUE_HAND_2, profile="brazilian", time_limit=0.001
    )
    assert not best.exact
    assert gc.isenabled()


@pytest.mark.usefixtures("one_thread")
def test_a_nested_search_leaves_the_pause_to_the_outer_one() -> None:
    """An inner search's end leaves the collector paused until the outer search ends."""
    during: list[bool] = []

    @collector_paused
    def outer() -> None:
        solver.arrange("9D 7D JK 8D 7S 7H", "rummikub")
        during.append(gc.isenabled())

    outer()
    assert during == [False]
    assert gc.isenabled()


def test_searches_leave_the_collector_alone_with_other_threads(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With another thread alive the collector stays on: a pause would hold back its garbage."""
    seen = spy_on_solve(monkeypatch)
    release = threading.Event()
    other = threading.Thread(target=release.wait)
    other.start()
    try:
        solver.best_play(table=TABLE, hand=HAND, profile="rummikub")
    finally:
        release.set()
        other.join()
    assert seen and all(seen)
    assert gc.isenabled()


def test_searches_in_several_threads_end_with_the_collector_enabled() -> None:
    """Searches in several threads at once leave the collector enabled when all end."""
    start = threading.Barrier(4)
    errors: list[BaseException] = []

    def search() -> None:
        try:
            start.wait()
            for _ in range(5):
                solver.best_play(table=TABLE, hand=HAND, profile="rummikub")
        except BaseException as error:  # reported by the assertion below
            errors.append(error)

    threads = [threading.Thread(target=search) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert gc.isenabled()


@pytest.mark.usefixtures("one_thread")
def test_the_collector_resumes_after_an_interrupt(monkeypatch: pytest.MonkeyPatch) -> None:
    """A KeyboardInterrupt inside the search still resumes the collector."""

    def interrupted(self: _sweep.Sweep, *args: object, **kwargs: object) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr(_sweep.Sweep, "solve", interrupted)
    with pytest.raises(KeyboardInterrupt):
        solver.arrange("9D 7D JK 8D 7S 7H", "rummikub")
    assert gc.isenabled()
