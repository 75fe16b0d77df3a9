"""Compare two source trees of the package on the hard positions, side by side in one process.

Run: python benchmarks/paired_trees.py /work/main/src src [--repeat 3] [--positions 210,211]

The machine is shared and its speed drifts between runs, so two versions
timed in separate runs compare badly. `paired_sweep.py` swaps one file; this
copies each tree's whole ``mexemexe`` package under a name of its own (the
package imports itself only relatively), loads both, and calls `best_play`
on each position of `hard_positions.json` with each in turn (cold: the
remembered plays cleared before every call), keeping the least CPU time of
``--repeat`` calls each. Prints each tree's median, 90th percentile,
maximum and sum, and the geometric mean of the ratio second / first per
position (positions under half a millisecond left out). Every answer is
checked against the recorded optimum.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import pathlib
import shutil
import statistics
import sys
import tempfile
import time
from types import ModuleType
from typing import Any

PATH = pathlib.Path(__file__).resolve().parent / "hard_positions.json"


def load(tree: pathlib.Path, name: str, into: pathlib.Path) -> ModuleType:
    """The package of ``tree`` (a ``src`` directory) imported as ``name``."""
    shutil.copytree(tree / "mexemexe", into / name)
    module = importlib.import_module(name)
    importlib.import_module(f"{name}.solver._memo")
    return module


def cold_call(package: ModuleType, position: dict[str, Any]) -> tuple[float, Any]:
    """One cold `best_play` of ``position``: its CPU time in ms and its answer."""
    package.solver._memo.forget_plays()
    start = time.process_time()
    best = package.solver.best_play(
        table=position["table"],
        hand=position["hand"],
        profile=position["profile"],
        objective=position["objective"],
    )
    return (time.process_time() - start) * 1000, best


def percentile(times: list[float], q: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("first", type=pathlib.Path, help="a src directory (say, main's)")
    parser.add_argument("second", type=pathlib.Path, help="another src directory")
    parser.add_argument("--repeat", type=int, default=3, help="calls per position (least)")
    parser.add_argument("--positions", default="", help="comma-separated indices (default: all)")
    args = parser.parse_args()
    data = json.loads(PATH.read_text(encoding="utf-8"))["positions"]
    wanted = [int(i) for i in args.positions.split(",") if i] or range(len(data))
    with tempfile.TemporaryDirectory() as scratch:
        sys.path.insert(0, scratch)
        trees = [args.first, args.second]
        packages = [
            load(tree, f"paired_{k}", pathlib.Path(scratch)) for k, tree in enumerate(trees)
        ]
        times: list[list[float]] = [[], []]
        wrong = 0
        for index in wanted:
            position = data[index]
            least = [math.inf, math.inf]
            for _ in range(args.repeat):
                for k, package in enumerate(packages):
                    ms, best = cold_call(package, position)
                    least[k] = min(least[k], ms)
                    got = (len(best.placed), best.value)
                    if got != (position["optimum_cards"], position["optimum_value"]):
                        wrong += 1
                        print(f"MISMATCH #{index} in {trees[k]}: got {got}")
            for k in range(2):
                times[k].append(least[k])
    for tree, spent in zip(trees, times, strict=True):
        print(
            f"{tree!s:>30}: median {statistics.median(spent):7.2f} ms, "
            f"p90 {percentile(spent, 0.9):7.1f} ms, max {max(spent):7.1f} ms, "
            f"sum {sum(spent) / 1000:6.2f} s"
        )
    ratios = [b / a for a, b in zip(*times, strict=True) if a > 0.5]
    if ratios:
        mean = math.exp(statistics.mean(map(math.log, ratios)))
        print(f"second / first per position: geometric mean {mean:.3f} ({len(ratios)} positions)")
    if wrong:
        sys.exit(1)


if __name__ == "__main__":
    main()
