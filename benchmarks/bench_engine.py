"""Benchmark the shared-table engine (issue: shared-table engine).

Run: python benchmarks/bench_engine.py [--rounds N]

Reports:
* ``propose`` on a 60-card table with a 21-card rearrangement (target < 0.5 ms),
  with the meld caches cleared before every call ("cold") and kept ("warm");
* ``deal`` of a 4-player Brazilian round (target < 1 ms);
* full seeded 4-player Brazilian rounds per second with `SimpleBot` (target 200+).
"""

from __future__ import annotations

import argparse
import statistics
import timeit
from collections.abc import Callable

from _machine import print_reference, throughput

import mexemexe as m

TABLE = (
    "3H 4H 5H 6H 7H 8H 9H | 3S 4S 5S 6S 7S 8S 9S | 3D 4D 5D 6D 7D 8D 9D | 3C 4C 5C 6C 7C 8C 9C"
    " | 10S JS QS KS | 10H JH QH KH | 10D JD QD KD | 10C JC QC KC | AS AH AD AC | 2S 2H 2D 2C"
    " | 4H 5H 6H 7H 8H | KC KD KH"
)
REARRANGED = (
    "3H 4H 5H | 4H 5H 6H 7H 8H 9H | 6H 7H 8H | 6S 6D 6C | 3C 4C 5C | 7C 8C 9C"
    " | 3S 4S 5S 6S 7S 8S 9S | 3D 4D 5D 6D 7D 8D 9D | 10S JS QS KS | 10H JH QH KH"
    " | 10D JD QD KD | 10C JC QC KC | AS AH AD AC | 2S 2H 2D 2C | KC KD KH"
)


def per_call_us(fn: Callable[[], object], number: int, repeat: int = 7) -> float:
    timeit.timeit(fn, number=number)  # warm up
    return statistics.median(timeit.repeat(fn, number=number, repeat=repeat)) / number * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=200, help="bot rounds to time")
    args = parser.parse_args()
    print_reference()
    brazilian = m.get_profile("brazilian")
    state = m.deal(brazilian, hands=["6S 6D 2C", "KS"], table=TABLE, seed=1)
    assert state.table.card_count == 60
    proposal = state.propose(REARRANGED)
    assert proposal.ok, proposal
    moved = sum(len(x) for x in m.parse_table(REARRANGED) if x not in state.table.melds)
    rules = brazilian._meld_rules

    def cold() -> object:
        rules.clear_caches()
        return state.propose(REARRANGED)

    rows = [
        (f"propose, 60-card table, {moved} cards regrouped (cold)", per_call_us(cold, 500), 500.0),
        (
            f"propose, 60-card table, {moved} cards regrouped (warm)",
            per_call_us(lambda: state.propose(REARRANGED), 500),
            500.0,
        ),
        (
            "deal, brazilian, 4 players",
            per_call_us(lambda: m.deal(brazilian, 4, seed=7), 1000),
            1000.0,
        ),
    ]
    print(f"{'case':58} {'median':>10} {'target':>10}")
    for name, t, target in rows:
        print(f"{name:58} {t:8.1f}µs {target:8.0f}µs  {'ok' if t < target else 'SLOW'}")

    bots = [m.SimpleBot()] * 4
    m.play_round(m.deal(brazilian, 4, seed=0), bots)  # warm up

    def play(seed: int) -> int:
        _final, record = m.play_round(m.deal(brazilian, 4, seed=seed), bots)
        return len(record.moves)

    print(throughput(play, args.rounds).line("SimpleBot rounds, brazilian, 4 players", 200))


if __name__ == "__main__":
    main()
