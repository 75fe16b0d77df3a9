"""The exact search runs in one chunk of CPython's frame stack, with room for it (`_stack_room`).

A search that recursed across the edges of CPython's 16 KiB frame-stack
chunks mapped and unmapped a chunk at every crossing; in its room it runs
above one frame at the base of a chunk big enough for all of it.
"""

from __future__ import annotations

import sys
from types import FrameType, TracebackType

import pytest

import mexemexe as m
from mexemexe import solver
from mexemexe.solver import _memo, _stack_room
from mexemexe.solver._stack_room import STACK_ROOM, in_room
from solver_positions import ISSUE_HAND_2, ISSUE_TABLE_2

needs_chunks = pytest.mark.skipif(not STACK_ROOM, reason="frames in chunks: CPython 3.11 and later")

#: The bytes of a frame object far bigger than any of the library's own.
BIG_FRAME = 64 * 1024


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


def _frames_of(traceback: TracebackType | None) -> list[FrameType]:
    """Every frame a traceback holds, with the frames each links back to."""
    frames: list[FrameType] = []
    while traceback is not None:
        frame: FrameType | None = traceback.tb_frame
        while frame is not None and all(frame is not seen for seen in frames):
            frames.append(frame)
            frame = frame.f_back
        traceback = traceback.tb_next
    return frames


def test_result_comes_back() -> None:
    """The function's result comes back from its room."""
    assert in_room(lambda: 5) == 5


@pytest.fixture
def rooms_made(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the rooms made, by the calls of the frame that makes one."""
    calls: list[int] = []
    real = _stack_room._call_in_room

    def counting(function: object) -> object:
        calls.append(1)
        return real(function)  # type: ignore[arg-type]

    monkeypatch.setattr(_stack_room, "_call_in_room", counting)
    return calls


def test_errors_pass_through_and_room_is_made_again(rooms_made: list[int]) -> None:
    """An error leaves the room as it is, and the next call makes its room again."""

    def fail() -> None:
        raise KeyError("x")

    with pytest.raises(KeyError):
        in_room(fail)
    with pytest.raises(KeyError):
        in_room(fail)
    assert len(rooms_made) == (2 if STACK_ROOM else 0)


@needs_chunks
def test_nested_search_runs_in_the_outer_room(rooms_made: list[int]) -> None:
    """A search inside another makes no room of its own: the outer one made it."""
    assert in_room(lambda: in_room(lambda: "in") + "side") == "inside"
    assert len(rooms_made) == 1


@needs_chunks
def test_room_frame_gets_a_chunk_of_256_kib_with_room_to_spare() -> None:
    """The room's frame is too big for a 128 KiB chunk, and leaves over 120 KiB of a 256 KiB one."""
    code = _stack_room._call_in_room.__code__
    slots = code.co_stacksize + code.co_nlocals + 16  # and the frame's own few slots
    assert (slots + 1000) * 8 > 128 * 1024  # CPython doubles the chunk past frame + 1,000 slots
    assert 256 * 1024 - slots * 8 > 120 * 1024


@needs_chunks
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="per-thread page faults: Linux")
@pytest.mark.skipif(sys.version_info >= (3, 15), reason="checked on the chunk stacks of 3.11-3.14")
def test_deep_recursion_faults_few_pages_in_the_room() -> None:
    """Recursing across chunk edges faults pages at every crossing; in the room, hardly any."""
    outside = _faults_of_dives()
    inside = in_room(_faults_of_dives)
    assert inside < 40
    assert outside > 4 * inside


def test_best_play_answers_the_same_in_the_room(monkeypatch: pytest.MonkeyPatch) -> None:
    """`best_play` answers as the search run where it is (issue position 2, each call cold)."""
    _memo.forget_plays()
    in_its_room = solver.best_play(table=ISSUE_TABLE_2, hand=ISSUE_HAND_2, profile="brazilian")
    monkeypatch.setattr(_stack_room, "STACK_ROOM", False)
    _memo.forget_plays()
    as_is = solver.best_play(table=ISSUE_TABLE_2, hand=ISSUE_HAND_2, profile="brazilian")
    assert (in_its_room.table, in_its_room.placed) == (as_is.table, as_is.placed)


def test_timeout_error_keeps_no_big_frame() -> None:
    """A SearchTimeoutError from arrange holds no frame as big as the room's."""
    cards = [*m.parse_table(ISSUE_TABLE_2).cards(), *m.parse_cards(ISSUE_HAND_2)]
    with pytest.raises(m.SearchTimeoutError) as raised:
        solver.arrange(cards, "brazilian", time_limit=0.0)
    error: BaseException | None = raised.value
    frames: list[FrameType] = []
    while error is not None:  # the error and the exceptions it was raised from
        frames += _frames_of(error.__traceback__)
        error = error.__context__
    assert frames
    assert all(sys.getsizeof(frame) < BIG_FRAME for frame in frames)


def test_notation_error_keeps_no_big_frame() -> None:
    """A NotationError from best_play holds no frame as big as the room's."""
    with pytest.raises(m.NotationError) as raised:
        solver.best_play(table="5H 6H 7H", hand="ZZ", profile="rummikub")
    frames = _frames_of(raised.value.__traceback__)
    assert frames
    assert all(sys.getsizeof(frame) < BIG_FRAME for frame in frames)
