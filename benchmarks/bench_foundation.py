"""Benchmark the foundation: meld classification and table validation (issue: foundation).

Run: python benchmarks/bench_foundation.py

Targets on the project's 2-core machine: a 13-card run under 20 µs, a
100-card table under 1 ms. Prints the median of several timeit repeats. The
profile's meld cache is emptied before every call ("cold"), so the figures
are the cost of real classification; the last row shows the warm cache.
"""

from __future__ import annotations

import statistics
import timeit
from collections.abc import Callable

import mexemexe as m
from mexemexe import JOKER, Card, Suit


def per_call_us(fn: Callable[[], object], number: int, repeat: int = 7) -> float:
    timeit.timeit(fn, number=number)  # warm up caches and the CPU clock
    times = timeit.repeat(fn, number=number, repeat=repeat)
    return statistics.median(times) / number * 1e6


def hundred_card_table() -> m.Table:
    """31 melds, 100 cards: 24 three-card runs (4 with a joker) and 7 four-card groups."""
    melds: list[list[Card]] = []
    for suit in Suit:
        for _copy in range(2):
            for start in (1, 4, 7):
                melds.append([m.Card(m.Rank(r), suit) for r in range(start, start + 3)])
    for rank in (10, 11, 12, 13):
        for _copy in range(2):
            melds.append([m.Card(m.Rank(rank), s) for s in Suit])
    melds.pop()  # 100 cards
    for i in (0, 5, 10, 15):
        melds[i][1] = JOKER
    return m.Table(melds)


def main() -> None:
    brazilian = m.get_profile("brazilian")
    rummikub = m.get_profile("rummikub")
    run = m.parse_cards("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")
    run_joker = m.parse_cards("AH 2H 3H 4H 5H 6H JK 8H 9H 10H JH QH KH")
    run_shuffled = m.parse_cards("KH 2H 9H 4H QH 6H JK 8H AH 10H JH 3H 5H")
    table = hundred_card_table()
    assert table.card_count == 100
    assert brazilian.validate_table(table), brazilian.validate_table(table)
    assert all(brazilian.is_valid_meld(x) for x in (run, run_joker, run_shuffled))

    def cold(profile: m.Profile, fn: Callable[[], object]) -> Callable[[], object]:
        """``fn`` with the profile's meld cache emptied first: the uncached cost."""
        cache = profile._meld_rules.cache

        def run_cold() -> object:
            cache.clear()
            return fn()

        return run_cold

    br, rk = brazilian, rummikub
    rows = [
        ("13-card run, in order (brazilian)", cold(br, lambda: m.classify_meld(run, br)), 20_000),
        (
            "13-card run with joker (brazilian)",
            cold(br, lambda: m.classify_meld(run_joker, br)),
            20_000,
        ),
        (
            "13-card run, shuffled (brazilian)",
            cold(br, lambda: m.classify_meld(run_shuffled, br)),
            20_000,
        ),
        ("13-card run, in order (rummikub)", cold(rk, lambda: m.classify_meld(run, rk)), 20_000),
        ("100-card table, 31 melds (brazilian)", cold(br, lambda: br.validate_table(table)), 500),
        ("100-card table, 31 melds (rummikub)", cold(rk, lambda: rk.validate_table(table)), 500),
        ("100-card table, warm meld cache (brazilian)", lambda: br.validate_table(table), 500),
    ]
    targets = [20.0] * 4 + [1000.0] * 3
    print(f"{'case':46} {'median':>10} {'target':>10}")
    for (name, fn, number), target in zip(rows, targets, strict=True):
        t = per_call_us(fn, number)
        flag = "ok" if t < target else "SLOW"
        print(f"{name:46} {t:8.1f}µs {target:8.0f}µs  {flag}")


if __name__ == "__main__":
    main()
