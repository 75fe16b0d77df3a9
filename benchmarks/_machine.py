"""A reference loop timed before each benchmark, to compare runs on a noisy machine.

This machine's speed drifts by half again from one minute to the next (other
work shares it). Each benchmark prints how long this fixed loop takes just
before it runs: figures taken when the loop is slow were taken on a slow
machine, and runs are best compared at similar reference times.
"""

from __future__ import annotations

import time


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
    """Print the reference loop's time (about 75 ms on this machine when it runs fast)."""
    print(
        f"machine: reference loop {reference_ms():.0f} ms (about 75 ms when the machine is quiet)"
    )
