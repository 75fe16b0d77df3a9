"""A small bot tournament: SimpleBot against a random bot over seeded rounds.

Usage: python examples/bot_tournament.py [--profile NAME] [--rounds N]
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

import mexemexe as m


class RandomBot:
    """Plays a random legal move (seeded, so tournaments are reproducible)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: m.PlayerView) -> m.Move:
        return self.rng.choice(view.legal_moves())  # no solver search: fast


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--profile", default="rummikub")
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    wins: Counter[str] = Counter()
    points: Counter[str] = Counter()
    for seed in range(args.rounds):
        # Alternate seats so neither bot always starts.
        names = ["simple", "random"] if seed % 2 == 0 else ["random", "simple"]
        bots = [m.SimpleBot() if n == "simple" else RandomBot(seed) for n in names]
        final, _ = m.play_round(m.deal(args.profile, players=2, seed=seed), bots)
        assert final.result is not None
        for player in final.result.winners:
            wins[names[player]] += 1
        for player, score in enumerate(final.result.scores):
            points[names[player]] += score
    print(f"{args.rounds} rounds of {args.profile}, two players")
    for name in ("simple", "random"):
        print(f"  {name:7} wins {wins[name]:3}   total score {points[name]:5}")


if __name__ == "__main__":
    main()
