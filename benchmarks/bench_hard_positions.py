"""Time `best_play` on the hard self-play positions (issue: fast in the worst case, item 2).

Run: python benchmarks/bench_hard_positions.py [--repeat 3] [--profiles brazilian,rummikub]
     [--slowest 20] [--all] [--states] [--server [--warmup PATH] [--seed 0]]

For each position of `hard_positions.json` (collected by
`collect_hard_positions.py`: the slowest `best_play` calls of seeded
GreedyBot rounds) prints its time if asked (``--all``), then per profile and
overall the median, 90th and 99th percentiles and maximum CPU time
(`time.process_time`, the median of ``--repeat`` calls; the plays the solver
remembers across calls are cleared before each call, so each is timed as a
first call), and the slowest positions. Every answer is checked against the
recorded optimum (cards placed and value); a mismatch is printed and makes
the script exit with status 1.

``--server`` times the calls as a long-running process meets them instead:
what the solver remembers across calls is kept. Each of ``--repeat``
passes starts cold, calls every position of ``--warmup`` once (self-play
positions of other seeds than the set's: `warmup_positions.json`, collected
by `collect_hard_positions.py --first-seed 1000`), then each position of
the set once, in an order shuffled by ``--seed`` and the pass, so that no
position is timed after itself; a position's time is the median of its
passes. The plays the solver remembers are a function of one suit's cards
and runs at one value, not of the position (`mexemexe.solver._suit_plays`),
so a server that has answered other positions has most of them already.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import random
import statistics
import sys
import time
from typing import Any

from _machine import print_reference

from mexemexe import solver
from mexemexe.solver import _memo, _sweep

PATH = pathlib.Path(__file__).resolve().parent / "hard_positions.json"
WARMUP = pathlib.Path(__file__).resolve().parent / "warmup_positions.json"


def forget() -> None:
    """Clear what the solver remembers across calls, so that each call is timed cold."""
    _memo.forget_plays()


def expanded_states(position: dict[str, Any]) -> int:
    """The search states a `best_play` of ``position`` expands (every search it makes)."""
    made: list[_sweep.Sweep] = []
    real = _sweep.Sweep.__init__

    def recorded(self: _sweep.Sweep, *args: Any, **kwargs: Any) -> None:
        real(self, *args, **kwargs)
        made.append(self)

    _sweep.Sweep.__init__ = recorded  # type: ignore[method-assign]
    try:
        call(position)
    finally:
        _sweep.Sweep.__init__ = real  # type: ignore[method-assign]
    return sum(sweep.expanded for sweep in made)


def call(position: dict[str, Any]) -> solver.BestPlay:
    return solver.best_play(
        table=position["table"],
        hand=position["hand"],
        profile=position["profile"],
        objective=position["objective"],
    )


def cold_times(position: dict[str, Any], repeat: int) -> tuple[list[float], solver.BestPlay]:
    """``repeat`` cold calls of ``position``: their CPU times in ms, and the last answer."""
    times = []
    for _ in range(repeat):
        forget()
        start = time.process_time()
        best = call(position)
        times.append((time.process_time() - start) * 1000)
    return times, best


def server_times(
    positions: list[dict[str, Any]], warmup: list[dict[str, Any]], passes: int, seed: int
) -> list[tuple[list[float], solver.BestPlay]]:
    """Each position's CPU times in ms over ``passes`` server passes (see above), and an answer."""
    times: list[list[float]] = [[] for _ in positions]
    answers: list[solver.BestPlay | None] = [None] * len(positions)
    for turn in range(passes):
        forget()
        for position in warmup:
            call(position)
        order = list(range(len(positions)))
        random.Random(seed * 1000 + turn).shuffle(order)
        for index in order:
            start = time.process_time()
            answers[index] = call(positions[index])
            times[index].append((time.process_time() - start) * 1000)
    return [(t, a) for t, a in zip(times, answers, strict=True) if a is not None]


def percentile(times: list[float], q: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summary(label: str, times: list[float]) -> str:
    return (
        f"{label:>10}: {len(times):4} positions, median {statistics.median(times):7.1f} ms, "
        f"p90 {percentile(times, 0.9):7.1f} ms, p99 {percentile(times, 0.99):7.1f} ms, "
        f"max {max(times):7.1f} ms, total {sum(times) / 1000:6.2f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--path", type=pathlib.Path, default=PATH)
    parser.add_argument("--repeat", type=int, default=3, help="calls per position (median)")
    parser.add_argument("--profiles", default="", help="comma-separated profiles (default: all)")
    parser.add_argument("--slowest", type=int, default=15, help="slowest positions to list")
    parser.add_argument("--all", action="store_true", help="list every position's time")
    parser.add_argument("--states", action="store_true", help="also count the states expanded")
    parser.add_argument(
        "--server", action="store_true", help="keep what the solver remembers (see above)"
    )
    parser.add_argument("--warmup", type=pathlib.Path, default=WARMUP)
    parser.add_argument("--seed", type=int, default=0, help="shuffles the order (--server)")
    args = parser.parse_args()
    print_reference()
    data = json.loads(args.path.read_text(encoding="utf-8"))
    wanted = set(filter(None, args.profiles.split(",")))
    positions = [p for p in data["positions"] if not wanted or p["profile"] in wanted]
    if args.server:
        warmup = json.loads(args.warmup.read_text(encoding="utf-8"))["positions"]
        timed = server_times(positions, warmup, args.repeat, args.seed)
    else:
        timed = [cold_times(position, args.repeat) for position in positions]
    rows = []
    wrong = 0
    for index, (position, (times, best)) in enumerate(zip(positions, timed, strict=True)):
        ms = statistics.median(times)
        got = (len(best.placed), best.value)
        want = (position["optimum_cards"], position["optimum_value"])
        if got != want or not best.exact:
            wrong += 1
            print(f"MISMATCH #{index} {position['profile']}: got {got}, recorded {want}")
        states = expanded_states(position) if args.states else None
        rows.append((ms, index, position, states))
        if args.all:
            extra = f", {states} states" if states is not None else ""
            print(f"#{index:3} {position['profile']:>9} {ms:8.1f} ms{extra}")
    by_profile: dict[str, list[float]] = {}
    for ms, _index, position, _states in rows:
        by_profile.setdefault(position["profile"], []).append(ms)
    for profile, times in by_profile.items():
        print(summary(profile, times))
    print(summary("all", [row[0] for row in rows]))
    if args.states:
        counts = [row[3] for row in rows]
        print(f"states: median {statistics.median(counts)}, max {max(counts)}")
    print(f"slowest {args.slowest}:")
    for ms, index, position, states in sorted(rows, key=lambda r: -r[0])[: args.slowest]:
        extra = f" {states:7} states" if states is not None else ""
        hand = position["hand"]
        print(f"  #{index:3} {position['profile']:>9} {ms:8.1f} ms{extra}  hand {hand}")
    print(f"answers: {len(rows) - wrong}/{len(rows)} match the recorded optima")
    if wrong:
        sys.exit(1)


if __name__ == "__main__":
    main()
