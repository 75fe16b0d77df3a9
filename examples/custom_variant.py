"""A house variant of Brazilian Mexe-Mexe built with attrs.evolve, played by bots.

Usage: python examples/custom_variant.py [--seed N]
"""

from __future__ import annotations

import argparse

import attrs

import mexemexe as m


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    house = attrs.evolve(
        m.get_profile("brazilian"),
        name="brazilian-house",
        description="Brazilian with two jokers, up to two per run, and a 3-card penalty.",
        jokers=2,
        max_jokers_per_meld=2,
        failed_play_penalty=3,
    )
    print(f"{house.name}: {house.description}")
    print("5H JK JK 8H is a run here:", house.is_valid_meld("5H JK JK 8H"))
    print("...but not in the preset:", m.get_profile("brazilian").is_valid_meld("5H JK JK 8H"))
    match, _records = m.play_match(
        m.Match.start(house, players=3, seed=args.seed), [m.SimpleBot()] * 3
    )
    for number, result in enumerate(match.results, 1):
        winners, scores = list(result.winners), list(result.scores)
        print(f"round {number}: {result.reason}, winners {winners}, scores {scores}")
    print(f"totals {list(match.totals)}: seat(s) {list(match.winners)} win the match")


if __name__ == "__main__":
    main()
