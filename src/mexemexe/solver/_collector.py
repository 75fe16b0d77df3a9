"""Python's cyclic garbage collector paused while a search runs (`collector_paused`).

A search makes tens of thousands of small containers (memo keys, rows of
bounds, plays) and reference counting frees all but a few dozen of them
(the cycles of a few nested functions that call each other). CPython still
runs a collection every few hundred new containers, which finds next to
nothing here but walks the young objects, and every so often an older
generation too; a full collection walks every object the
process holds, which in a server holding millions of them takes tens of
milliseconds. Each lands inside the call, against its time limit. So the
public searches (`mexemexe.solver.arrange`, `mexemexe.solver.best_play`)
pause the collector while they run and resume it when they end, as it was:
it then finds those few cycles, and whatever the rest of the process made
meanwhile.

The collector is one per process: nested and concurrent searches share one
pause, which ends when the last of them does. A collector the caller had
disabled stays disabled.
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

_lock = threading.Lock()
_searches = 0  # searches running now, in any thread
_resume = False  # whether the first of them found the collector enabled


def collector_paused(function: Callable[_P, _R]) -> Callable[_P, _R]:
    """``function``, run with the cyclic garbage collector paused (see the module docstring)."""

    @functools.wraps(function)
    def paused(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        _pause()
        try:
            return function(*args, **kwargs)
        finally:
            _end_pause()

    return paused


def _pause() -> None:
    """Count a search in; the first pauses the collector if it is enabled."""
    global _searches, _resume
    with _lock:
        if not _searches:
            _resume = gc.isenabled()
            if _resume:
                gc.disable()
        _searches += 1


def _end_pause() -> None:
    """Count a search out; the last resumes the collector if the first paused it."""
    global _searches
    with _lock:
        _searches -= 1
        if not _searches and _resume:
            gc.enable()
