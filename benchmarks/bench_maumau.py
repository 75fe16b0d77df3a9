"""Benchmark Mau-Mau (issue: Mau-Mau): seeded bot hands per second (target 2,000+).

Run: python benchmarks/bench_maumau.py [--hands N]
"""

from __future__ import annotations

import argparse

from _machine import print_reference, throughput

from mexemexe import maumau


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=300)
    args = parser.parse_args()
    print_reference()
    for players in (4, 6):
        bots = [maumau.MauMauBot()] * players

        def play(seed: int, players: int = players, bots: list[maumau.MauMauBot] = bots) -> int:
            _final, record = maumau.play_round(maumau.deal(players, seed=seed), bots)
            return len(record.moves)

        result = throughput(play, args.hands)
        print(result.line(f"MauMauBot hands, {players} players", 2000, unit="hand"))


if __name__ == "__main__":
    main()
