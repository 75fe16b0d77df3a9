"""A search run in one chunk of CPython's frame stack, with room for all of it (`in_room`).

Since 3.11, CPython keeps the frames of Python calls on a stack of its own
per thread, made of chunks of 16 KiB: a call that does not fit in the
chunk in use gets a new one (``mmap``), and when the frame at the base of a
chunk returns, the chunk is given back (``munmap``). A search recurses some
fifty kilobytes deep and goes up and down across several chunk boundaries
thousands of times: each crossing maps a chunk, faults its pages in afresh
and unmaps it again (CPython issue gh-142183; newer releases keep one spare
chunk per thread, which spares a search that goes back and forth across one
boundary, not several).

So the exact search (`mexemexe.solver._sweep.Sweep.solve`) runs under one
frame whose code reserves a large evaluation stack that it never uses
(``co_stacksize``, set with `types.CodeType.replace`). No chunk in use has
room for that frame, so CPython gives it a new chunk sized to hold it with
as much again to spare (256 KiB, rounded up to a power of two), and the
whole search runs above it in that chunk: one ``mmap`` per search, and only
the pages the search touches are ever faulted in. A search nested in
another runs where it is (the outer one made the room). On other Python
implementations, and before 3.11 (where frames are objects of their own),
the searches run as they are.

An exception that leaves the room makes CPython build a frame object for
the frame that made it, and a frame object holds the frame's whole
evaluation stack (128 KiB here) for as long as the exception's traceback is
kept. So the room holds the search alone: the inputs are checked before it,
errors for callers are raised after it, and the search's own cut at its
deadline comes out of the room as a value (`Sweep.solve` raises it again
outside). Only an unexpected error (a bug, ``KeyboardInterrupt``,
``MemoryError``) leaves it as an exception.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from typing import TypeVar

__all__ = ["STACK_ROOM", "in_room"]

_R = TypeVar("_R")

#: Slots of 8 bytes that the frame making the room reserves: its frame must not
#: fit in a 16 KiB chunk, and CPython sizes the chunk for it at the first power of
#: two above the frame plus 1,000 slots, so about 15,400 slots and more get a
#: 256 KiB chunk; these leave some 130 KiB above the frame, twice the deepest
#: search of the hard positions (`benchmarks/hard_positions.json`).
_ROOM_SLOTS = 16_000

#: Whether this Python keeps frames in chunks, and so whether `in_room` makes room.
STACK_ROOM = sys.implementation.name == "cpython" and sys.version_info >= (3, 11)

_making_room = threading.local()


def _call_in_room(function: Callable[[], _R]) -> _R:
    """``function()``, called from a frame that reserves room (see below)."""
    return function()


if STACK_ROOM:
    _code = _call_in_room.__code__
    _call_in_room.__code__ = _code.replace(co_stacksize=_code.co_stacksize + _ROOM_SLOTS)


def in_room(function: Callable[[], _R]) -> _R:
    """``function()``, run at the base of a frame-stack chunk with room for it (module docstring).

    An exception ``function`` raises passes through as it is; the module
    docstring says why the searches raise none in the ordinary way.
    """
    if not STACK_ROOM or getattr(_making_room, "active", False):
        return function()  # nothing to gain here, or nested: the outer search made the room
    try:
        _making_room.active = True
        return _call_in_room(function)
    finally:
        _making_room.active = False
