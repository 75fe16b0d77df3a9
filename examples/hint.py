"""A hint for the current player: the best play from what that player can see.

Usage: python examples/hint.py [--profile NAME] [--seed N] [--turns N]

Plays a few seeded turns with simple bots, then asks the exact solver for the
current player's best play, using only that player's view (the table and
their own hand).
"""

from __future__ import annotations

import argparse

import mexemexe as m
from mexemexe import solver


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--profile", default="rummikub")
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--turns", type=int, default=12)
    args = parser.parse_args()
    state = m.deal(args.profile, players=3, seed=args.seed)
    bot = m.SimpleBot()
    for _ in range(args.turns):
        if state.is_over:
            break
        state = state.apply(bot.choose(state.view(state.current_player)))
    view = state.view(state.current_player)
    print(f"player {view.player} to move")
    print(f"table: {view.table.unicode() or '(empty)'}")
    print(f"hand:  {m.format_cards(view.hand, unicode=True)}")
    best = solver.best_play(table=view.table, hand=view.hand, profile=view.profile)
    if not best.placed:
        print("hint: nothing can be placed, even by rearranging the table: draw")
        return
    count = len(best.placed)
    print(f"hint: place {m.format_cards(best.placed)} ({count} card{'s' if count > 1 else ''}), as")
    print(f"      {best.table.unicode()}")
    assert state.propose(best.table), "the hint is a legal play"


if __name__ == "__main__":
    main()
