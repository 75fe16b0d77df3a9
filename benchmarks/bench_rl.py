"""Benchmark the learning environments (issue #31 item 3): random masked play, steps per second.

Run: python benchmarks/bench_rl.py [--seconds S] [--players N]
(needs the ``rl`` extra; RLCard 1.2.0 for the comparison: pip install rlcard==1.2.0)

For every registered game, `mexemexe.rl.env` is played for about ``--seconds``
of CPU time: at each step the agent to move reads its observation and mask and
makes a uniformly random masked action (rounds are re-dealt as they end). A
step is one action, observation and mask included. When RLCard 1.2.0 is
installed, its gin-rummy and UNO environments are played the same way in the
same run (random legal action from ``state["legal_actions"]``, the state
RLCard builds each step included), and the ratios of Galician to gin rummy and
Mau-Mau to UNO are printed. CPU time (`time.process_time`) is used because the
machine is shared.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import numpy as np

import mexemexe as m
from mexemexe import rl


def ours(game: str, players: int, seed: int) -> Callable[[], int]:
    """One step of random masked play in ``game``; returns 1 per step."""
    env = rl.env(game, players=players, solver_time_limit=0.05)
    env.reset(seed=seed)
    rng = random.Random(seed)

    def step() -> int:
        if env.terminations[env.agent_selection] or env.truncations[env.agent_selection]:
            env.reset()
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))
        return 1

    return step


def theirs(name: str, seed: int) -> Callable[[], int] | None:
    """One step of random legal play in RLCard's ``name`` environment, or None without RLCard."""
    try:
        import rlcard  # type: ignore[import-not-found]
    except ImportError:
        return None
    env = rlcard.make(name, config={"seed": seed})
    rng = random.Random(seed)
    state, _ = env.reset()

    def step() -> int:
        nonlocal state
        if env.is_over():
            state, _ = env.reset()
            return 0
        state, _ = env.step(rng.choice(list(state["legal_actions"])))
        return 1

    return step


def rate(step: Callable[[], int], seconds: float) -> float:
    """Steps per CPU second of ``step`` over about ``seconds``."""
    for _ in range(50):  # warm the caches (the meld catalogue, the solver's tables)
        step()
    steps = 0
    start = time.process_time()
    while (spent := time.process_time() - start) < seconds:
        for _ in range(100):
            steps += step()
    return steps / spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per game")
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    rates: dict[str, float] = {}
    for game in m.game_names():
        rates[game] = rate(ours(game, args.players, seed=1), args.seconds)
        print(f"mexemexe {game:18} {rates[game]:10,.0f} steps/s")
    pairs = (("galician", "gin-rummy"), ("maumau", "uno"))
    for game, name in pairs:
        step = theirs(name, seed=1)
        if step is None:
            print("RLCard is not installed (pip install rlcard==1.2.0): no comparison printed")
            return
        theirs_rate = rate(step, args.seconds)
        print(f"rlcard   {name:18} {theirs_rate:10,.0f} steps/s")
        print(f"ratio    {game} / {name}: {rates[game] / theirs_rate:.2f}")


if __name__ == "__main__":
    main()
