"""A reference loop timed beside each benchmark, to compare runs on a noisy machine.

This machine's speed changes by half again within seconds (other work shares
it: in one session the reference loop below read about 85 ms for a while,
then 125 ms; on the machine of December 2026 it reads 45-55 ms).
Each benchmark prints how long this fixed loop takes just before it runs,
and the throughput benchmarks also time it before every batch of their work
(`timed_batches`), so each batch can be scaled to the quiet machine: a rough
guide to what the same code does when it has the machine to itself.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable

#: The reference loop's time, in milliseconds, when the machine is quiet: the
#: fastest readings of December 2026 (45-48 ms; it was 75 ms on the slower
#: machine of the earlier sessions, which made the scaled rates read low).
QUIET_MS = 48.0


def _loop() -> int:
    total = 0
    for i in range(1_000_000):
        total += i * i % 7
    return total


def reference_ms(repeat: int = 5) -> float:
    """The best of ``repeat`` timings of a fixed pure-Python loop, in milliseconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        _loop()
        best = min(best, time.perf_counter() - start)
    return best * 1000


def print_reference() -> None:
    """Print the reference loop's time (about `QUIET_MS` on this machine when it runs fast)."""
    print(
        f"machine: reference loop {reference_ms():.0f} ms "
        f"(about {QUIET_MS:.0f} ms when the machine is quiet)"
    )


@dataclasses.dataclass(frozen=True)
class Throughput:
    """Seeded games played per second, timed in batches between reference readings."""

    games: int
    moves: int
    seconds: float
    #: The seconds with each batch scaled to the quiet reference.
    quiet_seconds: float
    references: tuple[float, ...]

    def line(self, label: str, target: float, unit: str = "round") -> str:
        """The measured rate against ``target``, then the rate scaled to a quiet machine."""
        rate = self.games / self.seconds
        quiet = self.games / self.quiet_seconds
        return (
            f"{label:58} {rate:7.1f}/s {target:6.0f}/s  {'ok' if rate >= target else 'SLOW'}  "
            f"({self.moves / self.games:.0f} moves a {unit}, "
            f"{self.seconds / self.moves * 1e6:.0f}µs a move)\n"
            f"{'':58} {quiet:7.1f}/s scaled to the quiet machine (reference loop "
            f"{min(self.references):.0f}-{max(self.references):.0f} ms between batches)"
        )


def throughput(play: Callable[[int], int], games: int, batch: int = 20) -> Throughput:
    """Time ``play(seed)`` (returning the moves it made) for seeds ``0 .. games - 1``.

    The seeds run in batches of ``batch``, with the reference loop timed once
    before each batch, so each batch can also be scaled to the quiet machine
    (its time × ``QUIET_MS`` / its reference reading).
    """
    moves = 0
    seconds = quiet = 0.0
    references = []
    for first in range(0, games, batch):
        reference = reference_ms(repeat=1)
        references.append(reference)
        start = time.perf_counter()
        for seed in range(first, min(games, first + batch)):
            moves += play(seed)
        took = time.perf_counter() - start
        seconds += took
        quiet += took * QUIET_MS / reference
    return Throughput(games, moves, seconds, quiet, tuple(references))
