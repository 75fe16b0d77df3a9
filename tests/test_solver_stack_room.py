"""The searches run in one chunk of CPython's frame stack, with room for them (`_stack_room`).

A search that recursed across the boundaries of CPython's 16 KiB frame-stack
chunks mapped and unmapped a chunk at every crossing; under `stack_room` it
runs above one frame at the base of a chunk big enough for all of it.
"""

from __future__ import annotations

import sys

import pytest

from mexemexe import solver
from mexemexe.solver import _stack_room
from mexemexe.solver._stack_room import STACK_ROOM, stack_room
from solver_positions import ISSUE_HAND_2, ISSUE_TABLE_2

needs_chunks = pytest.mark.skipif(not STACK_ROOM, reason="frames in chunks: CPython 3.11 and later")


def _dive(depth: int) -> int:
    """Recurse ``depth`` calls deep (some 45 KiB of frames for 400)."""
    return 0 if depth == 0 else _dive(depth - 1)


def _faults_of_dives() -> int:
    """Minor page faults of this thread while it recurses 400 deep, 50 times over."""
    import resource

    before = resource.getrusage(resource.RUSAGE_THREAD).ru_minflt
    for _ in range(50):
        _dive(400)
    return resource.getrusage(resource.RUSAGE_THREAD).ru_minflt - before


def test_result_and_arguments_pass_through() -> None:
    """The wrapped function gets its arguments and its result comes back."""

    @stack_room
    def add(a: int, b: int = 0) -> int:
        return a + b

    assert add(2, b=3) == 5


def test_errors_pass_through_and_room_is_made_again() -> None:
    """An error leaves the wrapper as it is, and the next call makes its room again."""
    calls: list[int] = []
    real = _stack_room._call_in_room

    def counting(function: object, args: object, kwargs: object) -> object:
        calls.append(1)
        return real(function, args, kwargs)  # type: ignore[arg-type]

    @stack_room
    def fail() -> None:
        raise KeyError("x")

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_stack_room, "_call_in_room", counting)
        with pytest.raises(KeyError):
            fail()
        with pytest.raises(KeyError):
            fail()
    assert len(calls) == (2 if STACK_ROOM else 0)


@needs_chunks
def test_nested_search_runs_in_the_outer_room(monkeypatch: pytest.MonkeyPatch) -> None:
    """A search inside another makes no room of its own: the outer one made it."""
    calls: list[int] = []
    real = _stack_room._call_in_room

    def counting(function: object, args: object, kwargs: object) -> object:
        calls.append(1)
        return real(function, args, kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(_stack_room, "_call_in_room", counting)

    @stack_room
    def inner() -> str:
        return "in"

    @stack_room
    def outer() -> str:
        return inner() + "side"

    assert outer() == "inside"
    assert len(calls) == 1


@needs_chunks
def test_room_is_reserved_on_the_frame() -> None:
    """The frame that makes the room reserves an evaluation stack too big for a 16 KiB chunk."""
    assert _stack_room._call_in_room.__code__.co_stacksize > 16 * 1024 // 8


@needs_chunks
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="per-thread page faults: Linux")
def test_deep_recursion_faults_few_pages_in_the_room() -> None:
    """Recursing across chunk boundaries faults pages at every crossing; in the room, hardly any."""
    outside = _faults_of_dives()
    inside = stack_room(_faults_of_dives)()
    assert inside < 40
    assert outside > 4 * inside


def test_best_play_answers_the_same_in_the_room() -> None:
    """`best_play` in its room answers as the search run where it is (issue position 2)."""
    unwrapped = solver.best_play.__wrapped__  # under the collector's pause only
    if STACK_ROOM:
        unwrapped = unwrapped.__wrapped__  # type: ignore[attr-defined]
    args = {"table": ISSUE_TABLE_2, "hand": ISSUE_HAND_2, "profile": "brazilian"}
    in_room = solver.best_play(**args)  # type: ignore[arg-type]
    as_is = unwrapped(**args)
    assert (in_room.table, in_room.placed) == (as_is.table, as_is.placed)


def test_arrange_answers_in_the_room() -> None:
    """`arrange` still answers in its room."""
    assert str(solver.arrange("9D 7D JK 8D 7S 7H", "rummikub")) == "7S 7H 7D | 8D 9D JK"
