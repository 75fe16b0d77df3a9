"""Benchmark Mau-Mau (issue: Mau-Mau): seeded bot hands per second (target 2,000+).

Run: python benchmarks/bench_maumau.py [--hands N]
"""

from __future__ import annotations

import argparse
import time

from _machine import print_reference

from mexemexe import maumau


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=300)
    args = parser.parse_args()
    print_reference()
    for players in (4, 6):
        bots = [maumau.MauMauBot()] * players
        moves = 0
        start = time.perf_counter()
        for seed in range(args.hands):
            _final, record = maumau.play_round(maumau.deal(players, seed=seed), bots)
            moves += len(record.moves)
        elapsed = time.perf_counter() - start
        rate = args.hands / elapsed
        print(
            f"MauMauBot hands, {players} players: {rate:7.1f}/s (target 2000/s, "
            f"{'ok' if rate >= 2000 else 'SLOW'}; {moves / args.hands:.0f} moves a hand, "
            f"{elapsed / moves * 1e6:.0f}µs a move)"
        )


if __name__ == "__main__":
    main()
