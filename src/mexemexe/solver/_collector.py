"""Python's cyclic garbage collector paused while a search runs (`collector_paused`).

A search makes tens of thousands of small containers (memo keys, rows of
bounds, plays) and reference counting frees all but a few dozen of them
(the cycles of a few nested functions that call each other). CPython still
runs a collection every few hundred new containers, which finds next to
nothing here but walks the young objects, and every so often an older
generation too: all of it inside the call, against its time limit. So the
public searches (`mexemexe.solver.arrange`, `mexemexe.solver.best_play`)
pause the collector while they run and resume it when they end, as the
standard library's `timeit` does around what it times.

Only in a process of one thread (as `threading` counts them), though: the
collector is one per process, and a pause would also hold back the garbage
of every other thread, for as long as searches overlap there. A collector
already disabled (by the caller, or by a search further up the stack) is
left as it is.
"""

from __future__ import annotations

import functools
import gc
import threading
from collections.abc import Callable
from typing import ParamSpec, TypeVar

__all__ = ["collector_paused"]

_P = ParamSpec("_P")
_R = TypeVar("_R")


def collector_paused(function: Callable[_P, _R]) -> Callable[_P, _R]:
    """``function``, run with the cyclic garbage collector paused (see the module docstring)."""

    @functools.wraps(function)
    def paused(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        if not gc.isenabled() or threading.active_count() > 1:
            return function(*args, **kwargs)
        try:
            gc.disable()  # within the try, so that the collector resumes however this ends
            return function(*args, **kwargs)
        finally:
            gc.enable()

    return paused
