"""How closely the solver keeps its time limit (issue: hardening, item 11).

Run: python benchmarks/bench_time_limit.py [--runs N] [--limits 0.01,0.05,...]

For each case and limit, prints the limit, the wall time of ``--runs`` calls
(min / median / max), the worst overshoot past the limit, the bound the
limit must be kept within (the limit plus 20 % plus 10 ms), whether every
call kept it, and what the answers placed (``exact`` if the search finished
in time, else ``cut``). The cases: two Brazilian positions whose exact
search takes seconds, a Galician hand of the whole deck (two decks), a
Galician hand of 4 jokers and 18 cards and one of 2 jokers and 40 cards,
and `arrange` of a hard multiset (the first Brazilian position's cards,
which have no arrangement: `SearchTimeoutError` when the limit cuts it).
Each case runs once without a limit first (untimed) so that the solver's
remembered plays are warm, as in a game.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

import attrs
from _machine import print_reference

import mexemexe as m
from mexemexe import solver

SLOW_1 = (
    "AD JK 3D 4D | AH 2H 3H 4H 5H | AS 2S 3S | 2C 3C 4C 5C | 2S 2D 2C | 3S 3H 3D | 4S 4D 4C"
    " | 5C 6C JK 8C 9C | 5H 6H JK | 6S 6H 6C | 8H 9H 10H | 10H JH QH | 10S JS QS KS"
    " | JH JD JC | JS JD JC | QH QD QC | KS KH KD | AS AH AC | 9S 9H 9D | 7S 7D 7C",
    "5S 7S 9D",
)
SLOW_2 = (
    "AD JK 3D 4D | AH 2H 3H 4H 5H 6H | AS 2S 3S | 2C 3C 4C 5C 6C | 2S 2D 2C | 3S 3H 3D"
    " | 4S 4D 4C | 5C 6C 7C 8C | 5H 6H JK | 5S 6S 7S | 7D JK 9D | 8H 9H 10H"
    " | 9S 10S JS QS KS | 9H 9D 9C | 10H JH QH | JH JD JC | JS JD JC | QH QD QC"
    " | KS KH KD | AS AH AC",
    "7D 8H 8C 10S",
)
JOKERS_18 = "JK JK JK JK AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 5S"
JOKERS_40 = (
    "AH AH AD 2S 2D 2C 3H 3D 3D 4S 4H 4D 5S 5S 5H 5D 5C 6S 6H 6D 7S 7H 7D 7C 8S 8H 8D"
    " 8C 9S 9S 9H 10S JH JD QS QH KH KH KD KC JK JK"
)


@attrs.frozen
class Case:
    """One search to time: ``run(limit)`` answers with a short description of the result."""

    name: str
    run: Callable[[float | None], str]


def _best(table: str, hand: str | list[m.Card], profile: str) -> Callable[[float | None], str]:
    def run(limit: float | None) -> str:
        best = solver.best_play(table=table, hand=hand, profile=profile, time_limit=limit)
        return f"{'exact' if best.exact else 'cut'} {len(best.placed)}"

    return run


def _arrange(cards: list[m.Card], profile: str) -> Callable[[float | None], str]:
    def run(limit: float | None) -> str:
        try:
            found = solver.arrange(cards, profile, time_limit=limit)
        except m.SearchTimeoutError:
            return "timeout"
        return "none" if found is None else "arranged"

    return run


def cases() -> list[Case]:
    """The positions timed, as described in the module docstring."""
    whole = sorted(m.get_profile("galician").deck())
    hard = [*m.parse_table(SLOW_1[0]).cards(), *m.parse_cards(SLOW_1[1])]
    return [
        Case("brazilian, 20 melds, hand of 3", _best(*SLOW_1, "brazilian")),
        Case("brazilian, 20 melds, hand of 4", _best(*SLOW_2, "brazilian")),
        Case("galician, the whole deck in hand", _best("", whole, "galician")),
        Case("galician-jokers, 4 jokers + 14 cards", _best("", JOKERS_18, "galician-jokers")),
        Case("galician-jokers, 2 jokers + 40 cards", _best("", JOKERS_40, "galician-jokers")),
        Case("arrange, 65 cards without an arrangement", _arrange(hard, "brazilian")),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5, help="timed calls per case and limit")
    parser.add_argument("--limits", default="0.01,0.05,0.1,0.5", help="comma-separated seconds")
    parser.add_argument(
        "--unlimited", action="store_true", help="also time each case without a limit"
    )
    args = parser.parse_args()
    limits = [float(x) for x in args.limits.split(",")]
    print_reference()
    print(
        f"{'case':42} {'limit':>6} {'min':>8} {'median':>8} {'max':>8} "
        f"{'overshoot':>9} {'bound':>8}  kept  answers"
    )
    for case in cases():
        start = time.perf_counter()
        answer = case.run(None)  # warm the remembered plays
        if args.unlimited:
            took = (time.perf_counter() - start) * 1000
            print(f"{case.name:42} {'none':>6} {took:7.1f}ms {'':46}{answer}")
        for limit in limits:
            times = []
            answers = []
            for _ in range(args.runs):
                start = time.perf_counter()
                answers.append(case.run(limit))
                times.append(time.perf_counter() - start)
            bound = limit * 1.2 + 0.010
            over = max(times) - limit
            kept = "yes" if max(times) <= bound else "NO"
            shown = ", ".join(sorted(set(answers)))
            print(
                f"{case.name:42} {limit:6.2f} {min(times) * 1000:6.1f}ms "
                f"{statistics.median(times) * 1000:6.1f}ms {max(times) * 1000:6.1f}ms "
                f"{over * 1000:+7.1f}ms {bound * 1000:6.1f}ms  {kept:4}  {shown}"
            )


if __name__ == "__main__":
    main()
