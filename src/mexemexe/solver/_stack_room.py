"""A search run in one chunk of CPython's frame stack, with room for all of it (`stack_room`).

Since 3.11, CPython keeps the frames of Python calls on a stack of its own
per thread, made of chunks of 16 KiB: a call that does not fit in the
chunk in use gets a new one (``mmap``), and when the frame at the base of a
chunk returns, the chunk is given back (``munmap``). A search recurses some
fifty kilobytes deep and goes up and down across several chunk boundaries
thousands of times: each crossing maps a chunk, faults its pages in afresh
and unmaps it again (CPython issue gh-142183; later 3.13 and 3.14 releases
keep one spare chunk per thread, which spares a search that goes back and
forth across one boundary, not several).

So the public searches (`mexemexe.solver.arrange`,
`mexemexe.solver.best_play`) run under one frame whose code reserves a
large evaluation stack that it never uses (``co_stacksize``, set with
`types.CodeType.replace`). No chunk in use has room for that frame, so
CPython gives it a new chunk sized to hold it with as much again to spare
(256 KiB, rounded up to a power of two), and the whole search runs above it
in that chunk: one ``mmap`` per call, and only the pages the search touches
are ever faulted in. A search nested in another runs where it is (the
outer one made the room). On other Python implementations, and before
3.11 (where frames are objects of their own), the searches run as they are.
"""

from __future__ import annotations

import functools
import sys
import threading
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

__all__ = ["STACK_ROOM", "stack_room"]

_P = ParamSpec("_P")
_R = TypeVar("_R")

#: Slots of 8 bytes that the frame making the room reserves: its frame must not
#: fit in a 16 KiB chunk, and CPython sizes the chunk for it at the first power of
#: two above the frame plus 1,000 slots, so about 15,400 slots and more get a
#: 256 KiB chunk; these leave some 130 KiB above the frame, twice the deepest
#: search of the hard positions (`benchmarks/hard_positions.json`).
_ROOM_SLOTS = 16_000

#: Whether this Python keeps frames in chunks, and so whether `stack_room` makes room.
STACK_ROOM = sys.implementation.name == "cpython" and sys.version_info >= (3, 11)

_making_room = threading.local()


def _call_in_room(function: Callable[..., Any], args: Any, kwargs: Any) -> Any:
    """``function(*args, **kwargs)``, called from a frame that reserves room (see below)."""
    return function(*args, **kwargs)


if STACK_ROOM:
    _code = _call_in_room.__code__
    _call_in_room.__code__ = _code.replace(co_stacksize=_code.co_stacksize + _ROOM_SLOTS)


def stack_room(function: Callable[_P, _R]) -> Callable[_P, _R]:
    """``function``, run at the base of a frame-stack chunk with room for it (module docstring)."""
    if not STACK_ROOM:
        return function

    @functools.wraps(function)
    def in_room(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        if getattr(_making_room, "active", False):
            return function(*args, **kwargs)  # nested: the outer search made the room
        _making_room.active = True
        try:
            result: _R = _call_in_room(function, args, kwargs)
            return result
        finally:
            _making_room.active = False

    return in_room
