"""Benchmark Galician rummy (issue: Galician discard rummy).

Run: python benchmarks/bench_galician.py [--rounds N]

Reports ``legal_moves()`` on an 11-card hand (in the meld phase) with a
30-card table (target < 2 ms), cold and warm meld caches, and seeded
4-player SimpleBot rounds per second on both Galician profiles (target 500+).
"""

from __future__ import annotations

import argparse
import statistics
import timeit

from _machine import print_reference, throughput

import mexemexe as m

TABLE = (
    "AC 2C 3C 4C | 7S 7H 7D | 9D 10D JD QD KD | 5H 6H 7H 8H | QS QH QC | 2S 3S 4S 5S 6S"
    " | 8C 9C 10C | AS AH AD"
)
HAND = "4D 5D 6D 8S 8D 9H 10H 2H KS KH"  # plus the card drawn: 11 in the meld phase


def position(profile: m.Profile) -> m.GameState:
    state = m.deal(profile, hands=[HAND, "AS", "AD"], table=TABLE, discard_pile="JH", seed=1)
    state = state.draw("discard")
    assert len(state.hand) == 11
    assert state.table.card_count == 30
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=200, help="bot rounds to time, per profile")
    args = parser.parse_args()
    print_reference()
    print(f"{'case':56} {'median':>10} {'target':>10}")
    for name in ("galician", "galician-jokers"):
        profile = m.get_profile(name)
        state = position(profile)

        def cold(state: m.GameState = state, profile: m.Profile = profile) -> object:
            profile._meld_rules.clear_caches()
            return state.legal_moves()

        for label, fn in (("cold", cold), ("warm", state.legal_moves)):
            fn()
            t = statistics.median(timeit.repeat(fn, number=200, repeat=5)) / 200 * 1e6
            n = len(state.legal_moves())
            print(
                f"{f'legal_moves, {name}, 11 cards, 30-card table ({label})':56} "
                f"{t:8.1f}µs {2000:8d}µs  {'ok' if t < 2000 else 'SLOW'}  ({n} moves)"
            )
    for name in ("galician", "galician-jokers"):
        bots = [m.SimpleBot()] * 4

        def play(seed: int, name: str = name, bots: list[m.SimpleBot] = bots) -> int:
            _final, record = m.play_round(m.deal(name, 4, seed=seed), bots)
            return len(record.moves)

        print(throughput(play, args.rounds).line(f"SimpleBot rounds, {name}, 4 players", 500))


if __name__ == "__main__":
    main()
