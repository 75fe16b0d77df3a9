"""Collect the slowest `best_play` calls of seeded GreedyBot rounds (issue: fast in the worst case).

Run: python benchmarks/collect_hard_positions.py [--rounds 150] [--keep 130,60,20]
     [--first-seed 0] [--out benchmarks/hard_positions.json]

Plays ``--rounds`` seeded rounds of each rummy profile (brazilian, rummikub,
galician) with two `GreedyBot` seats, a `SimpleBot` and a `RandomBot` (their
order turns with the seed), records every `best_play` call the greedy seats
make (table, hand, profile, objective) with its CPU time
(`time.process_time`), and keeps the slowest ``--keep`` calls of each
profile. Each kept position is then solved once more, and its answer (cards
placed and value) is recorded as its optimum: `bench_hard_positions.py`
checks later solvers against it. In Galician, where GreedyBot plays like
SimpleBot, the greedy seats also ask `best_play` at each meld phase. The
rounds are reproducible from their seeds (the exact solver is
deterministic), so the same positions come back; which of them count as
slowest depends on the solver and machine that ran the collector, and the
file records both the seeds and the times it saw.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys
import time
from typing import Any

import mexemexe as m
from mexemexe import solver

PROFILES = ("brazilian", "rummikub", "galician")
OUT = pathlib.Path(__file__).resolve().parent / "hard_positions.json"


class Probe:
    """A `GreedyBot` that, in a discard game (where it plays like `SimpleBot`),
    still asks `best_play` at each meld phase: the call a solver-guided bot makes.
    """

    def __init__(self) -> None:
        self.inner = m.GreedyBot()

    def choose(self, view: Any) -> Any:
        if view.profile.turn_structure == "discard" and view.phase == "meld":
            solver.best_play(table=view.table, hand=view.hand, profile=view.profile)
        return self.inner.choose(view)


def seats(seed: int) -> list[Any]:
    """Two greedy seats, a simple one and a random one, turned by ``seed``."""
    bots: list[Any] = [Probe(), m.SimpleBot(), Probe(), m.RandomBot(seed)]
    turn = seed % 4
    return bots[turn:] + bots[:turn]


def collect(profile: str, rounds: int, first: int = 0) -> list[dict[str, Any]]:
    """Every `best_play` call of ``rounds`` rounds of ``profile`` from seed ``first``, timed."""
    calls: list[dict[str, Any]] = []
    real = solver.best_play

    def recorded(*args: Any, **kwargs: Any) -> Any:
        start = time.process_time()
        best = real(*args, **kwargs)
        spent = time.process_time() - start
        calls.append(
            {
                "profile": profile,
                "table": str(m.Table.coerce(kwargs["table"])),
                "hand": " ".join(map(str, kwargs["hand"])),
                "objective": kwargs.get("objective", "cards"),
                "seen_ms": round(spent * 1000, 2),
            }
        )
        return best

    solver.best_play = recorded  # GreedyBot imports it at each call
    try:
        for seed in range(first, first + rounds):
            before = len(calls)
            start = time.process_time()
            state = m.deal(profile, players=4, seed=seed)
            m.play_round(state, seats(seed))
            for call in calls[before:]:
                call["seed"] = seed
            print(
                f"{profile} seed {seed}: {len(calls) - before} calls, "
                f"{time.process_time() - start:.1f} s",
                file=sys.stderr,
                flush=True,
            )
    finally:
        solver.best_play = real
    return calls


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=150, help="seeded rounds per profile")
    parser.add_argument(
        "--keep", default="130,60,20", help="slowest calls kept per profile, in PROFILES order"
    )
    parser.add_argument(
        "--first-seed", type=int, default=0, help="the first round's seed (a held-out set: 1000)"
    )
    parser.add_argument("--out", type=pathlib.Path, default=OUT)
    args = parser.parse_args()
    keep = dict(zip(PROFILES, map(int, args.keep.split(",")), strict=True))
    positions: list[dict[str, Any]] = []
    for profile in PROFILES:
        calls = collect(profile, args.rounds, args.first_seed)
        seen: set[tuple[str, str, str]] = set()
        kept = []
        for call in sorted(calls, key=lambda c: -c["seen_ms"]):
            if len(kept) >= keep[profile]:
                break  # (a keep of 0 keeps none of the profile's calls)
            key = (call["table"], call["hand"], call["objective"])
            if key not in seen:
                seen.add(key)
                kept.append(call)
        for call in kept:
            best = solver.best_play(
                table=call["table"],
                hand=call["hand"],
                profile=profile,
                objective=call["objective"],
            )
            call["optimum_cards"] = len(best.placed)
            call["optimum_value"] = best.value
        positions.extend(kept)
        print(f"{profile}: {len(calls)} calls, kept {len(kept)}", file=sys.stderr)
    data = {
        "about": (
            "The slowest best_play calls of seeded GreedyBot rounds "
            "(benchmarks/collect_hard_positions.py), with the optimum the exact solver found."
        ),
        "command": " ".join(["python", "benchmarks/collect_hard_positions.py", *sys.argv[1:]]),
        "rounds": args.rounds,
        "seats": "Probe (GreedyBot), SimpleBot, Probe, RandomBot(seed), turned by seed % 4",
        "positions": positions,
    }
    args.out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"{len(positions)} positions written to {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
