"""Bot factories that fail once, for the retry tests of `simulate` (threads, processes, Dask).

They live in a module of their own (not a test module) so that worker
processes import them by name, and each fails only the first time it is
called anywhere: the first caller creates a marker file, atomically.
"""

from __future__ import annotations

import os
import signal

import attrs

import mexemexe as m


def first_call(marker: str) -> bool:
    """Whether this is the first call to ask about ``marker`` (in any process)."""
    try:
        with open(marker, "x", encoding="utf-8") as file:
            file.write(str(os.getpid()))
    except FileExistsError:
        return False
    return True


@attrs.frozen
class RaisesOnce:
    """A seat that raises the first time a round is dealt to it, then plays randomly."""

    marker: str

    def __call__(self, seed: int) -> m.Bot:
        if first_call(self.marker):
            raise RuntimeError("a transient failure (the first call only)")
        return m.RandomBot(seed)


@attrs.frozen
class KillsItsWorkerOnce:
    """A seat that kills its worker process the first time, then plays randomly."""

    marker: str

    def __call__(self, seed: int) -> m.Bot:
        if first_call(self.marker):
            os.kill(os.getpid(), signal.SIGKILL)
        return m.RandomBot(seed)
