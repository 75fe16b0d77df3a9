"""What running a search in one roomy frame-stack chunk saves (`mexemexe.solver._stack_room`).

Run: python benchmarks/bench_stack_room.py [--positions 210,211,6,31,1] [--repeat 7]

On CPython 3.11 and later, `solver.best_play` runs its exact search at the
base of a 256 KiB chunk of the interpreter's frame stack. This calls each
hard position (`hard_positions.json`, by index) cold both ways in turn, in
one process: as published, and with the room switched off
(`_stack_room.STACK_ROOM` set false for the call).
For each it prints the least CPU time of ``--repeat`` calls and the minor
page faults of the last call (`resource.getrusage`): without the room, a
deep search maps, faults in and unmaps a 16 KiB chunk every time it
recurses across a chunk's edge (CPython issue gh-142183), which
``strace -e trace=mmap,munmap`` shows as hundreds of pairs per call. Every
answer is checked against the recorded optimum.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import resource
import sys
import time
from collections.abc import Callable
from typing import Any

from _machine import print_reference

from mexemexe import solver
from mexemexe.solver import _memo, _stack_room

PATH = pathlib.Path(__file__).resolve().parent / "hard_positions.json"


def _as_is(*args: Any, **kwargs: Any) -> solver.BestPlay:
    """`best_play` with the searches run where they are, as before the room."""
    _stack_room.STACK_ROOM = False
    try:
        return solver.best_play(*args, **kwargs)
    finally:
        _stack_room.STACK_ROOM = True


def _cold(
    call: Callable[..., solver.BestPlay], position: dict[str, Any]
) -> tuple[float, int, solver.BestPlay]:
    """One cold call: its CPU time in ms, its minor page faults, and its answer."""
    _memo.forget_plays()
    faults = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    start = time.process_time()
    best = call(
        table=position["table"],
        hand=position["hand"],
        profile=position["profile"],
        objective=position["objective"],
    )
    spent = (time.process_time() - start) * 1000
    return spent, resource.getrusage(resource.RUSAGE_SELF).ru_minflt - faults, best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", default="210,211,6,31,1", help="indices into the set")
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    if not _stack_room.STACK_ROOM:
        print(f"{sys.implementation.name} {sys.version.split()[0]}: frames are not kept in chunks")
        return 0
    print_reference()
    positions = json.loads(PATH.read_text())["positions"]
    ways = {"in room": solver.best_play, "as is": _as_is}
    wrong = 0
    print(f"{'position':>9} {'in room':>10} {'faults':>7} {'as is':>10} {'faults':>7} {'ratio':>6}")
    for index in (int(text) for text in args.positions.split(",")):
        position = positions[index]
        least = dict.fromkeys(ways, float("inf"))
        faults = dict.fromkeys(ways, 0)
        for turn in range(args.repeat):
            order = list(ways) if turn % 2 == 0 else list(reversed(ways))
            for name in order:
                spent, faulted, best = _cold(ways[name], position)
                least[name] = min(least[name], spent)
                faults[name] = faulted
                expected = (position["optimum_cards"], position["optimum_value"])
                if (len(best.placed), best.value) != expected:
                    wrong += 1
        ratio = least["in room"] / least["as is"]
        print(
            f"{'#' + str(index):>9} {least['in room']:8.1f} ms {faults['in room']:7d}"
            f" {least['as is']:8.1f} ms {faults['as is']:7d} {ratio:6.3f}"
        )
    if wrong:
        print(f"{wrong} answers differ from the recorded optima")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
