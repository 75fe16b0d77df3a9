"""Time the exact Galician best play on big hands (issue: fast in the worst case, item 3).

Run: python benchmarks/bench_galician_hands.py [--repeat 3]

The hands of `bench_time_limit.py`, searched without a limit on an empty
table: the whole Galician deck (two decks), 4 jokers and 14 cards, and
2 jokers and 40 cards (``galician-jokers``). Prints the cards placed,
whether the answer is exact, and the CPU time (`time.process_time`) of the
first call and the least of ``--repeat`` calls. The target: each exact in
under a second.
"""

from __future__ import annotations

import argparse
import time

from _machine import print_reference
from bench_time_limit import JOKERS_18, JOKERS_40

import mexemexe as m
from mexemexe import solver


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3, help="calls per hand (least and first)")
    args = parser.parse_args()
    print_reference()
    whole = " ".join(str(card) for card in m.get_profile("galician").deck())
    cases = (
        ("galician, the whole deck", whole, "galician"),
        ("galician-jokers, 4 jokers + 14 cards", JOKERS_18, "galician-jokers"),
        ("galician-jokers, 2 jokers + 40 cards", JOKERS_40, "galician-jokers"),
    )
    print(f"{'hand':40} {'placed':>6} {'exact':>6} {'first':>9} {'least':>9}")
    for name, hand, profile in cases:
        times = []
        for _ in range(args.repeat):
            start = time.process_time()
            best = solver.best_play(table="", hand=hand, profile=profile)
            times.append(time.process_time() - start)
        print(
            f"{name:40} {len(best.placed):6} {best.exact!s:>6} "
            f"{times[0] * 1000:7.1f}ms {min(times) * 1000:7.1f}ms"
        )


if __name__ == "__main__":
    main()
