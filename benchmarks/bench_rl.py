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
        env.step(int(rng.choice(mask.nonzero()[0])))  # the ids the mask marks, in order
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
    return rates([step], seconds)[0]


def rates(steps: list[Callable[[], int]], seconds: float) -> list[float]:
    """Steps per CPU second of each of ``steps``, timed in turns of 0.1 s for about ``seconds``.

    Taking turns keeps a drift of the shared machine's speed out of the ratios.
    """
    for step in steps:
        for _ in range(50):  # warm the caches (the meld catalogue, the solver's tables)
            step()
    done = [0] * len(steps)
    spent = [0.0] * len(steps)
    while min(spent) < seconds:
        for i, step in enumerate(steps):
            start = time.process_time()
            while (lap := time.process_time() - start) < 0.1:
                for _ in range(20):
                    done[i] += step()
            spent[i] += lap
    return [count / time for count, time in zip(done, spent, strict=True)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per game")
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    pairs = {"galician": "gin-rummy", "maumau": "uno"}
    missing = False
    for game in m.game_names():
        other = theirs(pairs[game], seed=1) if game in pairs else None
        if other is None:
            missing = missing or game in pairs
            alone = rate(ours(game, args.players, 1), args.seconds)
            print(f"mexemexe {game:18} {alone:10,.0f} steps/s")
            continue
        mine, them = rates([ours(game, args.players, 1), other], args.seconds)
        print(f"mexemexe {game:18} {mine:10,.0f} steps/s")
        print(f"rlcard   {pairs[game]:18} {them:10,.0f} steps/s")
        print(f"ratio    {game} / {pairs[game]}: {mine / them:.2f}")
    if missing:
        print("RLCard 1.2.0 is not installed (pip install rlcard==1.2.0): ours alone, no ratios")


if __name__ == "__main__":
    main()
