"""Benchmark Mau-Mau (issue: Mau-Mau): seeded bot hands per second (target 2,000+).

Run: python benchmarks/bench_maumau.py [--hands N] [--workers W] [--pool-hands N]

First one process plays ``--hands`` seeded hands through `play_round` (the
rate one core gives). Then `simulate` plays ``--pool-hands`` hands on ``W``
worker processes (default 2, the cores of this machine; 0 skips it), timed
from the pool's start to its last result, start-up included: the rate
self-play at scale gets from the whole machine.
"""

from __future__ import annotations

import argparse
import time

from _machine import print_reference, reference_ms, throughput

import mexemexe as m
from mexemexe import maumau


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--workers", type=int, default=2, help="processes for simulate (0: skip)")
    parser.add_argument("--pool-hands", type=int, default=4000, help="hands for simulate")
    args = parser.parse_args()
    print_reference()
    for players in (4, 6):
        bots = [maumau.MauMauBot()] * players

        def play(seed: int, players: int = players, bots: list[maumau.MauMauBot] = bots) -> int:
            _final, record = maumau.play_round(maumau.deal(players, seed=seed), bots)
            return len(record.moves)

        result = throughput(play, args.hands)
        print(result.line(f"MauMauBot hands, {players} players, one process", 2000, unit="hand"))
    if args.workers < 1:
        return
    for players in (4, 6):
        before = reference_ms(repeat=1)
        start = time.perf_counter()
        done = m.simulate(
            maumau.MAUMAU, ["simple"] * players, args.pool_hands, seed=1, workers=args.workers
        )
        seconds = time.perf_counter() - start
        rate = done.games / seconds
        label = f"MauMauBot hands, {players} players, simulate on {args.workers} processes"
        print(
            f"{label:58} {rate:7.1f}/s {2000:6.0f}/s  {'ok' if rate >= 2000 else 'SLOW'}  "
            f"({done.turns / done.games:.0f} moves a hand; reference loop {before:.0f} ms before)"
        )


if __name__ == "__main__":
    main()
