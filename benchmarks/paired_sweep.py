"""Compare another version of the sweep with this one, side by side in one process.

Run: git show <commit>:src/mexemexe/solver/_sweep.py > /tmp/old_sweep.py
     python benchmarks/paired_sweep.py /tmp/old_sweep.py [--repeat 3] [--anchors]

The machine is shared and its speed drifts by a third between runs, so two
versions timed in separate runs cannot be compared. This loads the other
version of ``solver/_sweep.py`` next to the package's own and calls
`best_play` on each position with both in turn (cold: the remembered plays
cleared before every call), keeping the least CPU time of ``--repeat``
calls each. The positions: the rummy ones of `hard_positions.json`, or with
``--anchors`` the 240 positions of ``shared/bench/solver_instances.json``
under both objectives (``--instances``: the default is the path from the
main checkout; checked against their optima).
Prints the sum, median and maximum of each, and the ratio new / old per
position (median and geometric mean). Only the sweep is swapped: the rest
of the solver (`_fixed`, the API) is the package's own. The other version
is one file, as the sweep was before it was split into modules (its search
in ``_sweep.py``, the rest of it in the modules beside it): a version from
before the split compares with this one whole.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import pathlib
import statistics
import sys
import time
from types import ModuleType
from typing import Any

import attrs

import mexemexe as m
import mexemexe.solver as api
from mexemexe import solver
from mexemexe.solver import _memo, _sweep

HERE = pathlib.Path(__file__).resolve().parent
INSTANCES = HERE.parent.parent / "shared" / "bench" / "solver_instances.json"


def load_old(path: str) -> ModuleType:
    """The other ``_sweep.py``, as a module of the solver package (its relative imports work)."""
    name = "mexemexe.solver._sweep_other"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    module.__package__ = "mexemexe.solver"
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def positions(anchors: bool, instances: str) -> list[tuple[str, str, Any, str, float]]:
    """(table, hand, profile, objective, optimum value) of each position to time."""
    if anchors:
        profile = attrs.evolve(m.get_profile("rummikub"), name="rummikub-joker0", joker_points=0)
        found = json.loads(pathlib.Path(instances).read_text())["instances"]
        return [
            (x["table"], x["hand"], profile, objective, x["optimum"][key])
            for x in found
            for objective, key in (("cards", "cards"), ("points", "value"))
        ]
    found = json.loads((HERE / "hard_positions.json").read_text())["positions"]
    return [
        (p["table"], p["hand"], p["profile"], p["objective"], p["optimum_value"])
        for p in found
        if p["profile"] != "galician"  # the fixed-table search's: no sweep
    ]


def timed(module: ModuleType, position: tuple[str, str, Any, str, float]) -> float:
    """CPU seconds of one cold `best_play` with ``module`` as the sweep; checks the optimum."""
    if module is _sweep:
        _memo.forget_plays()
    else:  # a single-file sweep, as before the split into modules
        module._PLAYS_BY_RULES.clear()
        module._plays.cache_clear()
        module._options.cache_clear()
    api.new_sweep = module.new_sweep  # type: ignore[attr-defined]
    table, hand, profile, objective, optimum = position
    start = time.process_time()
    best = solver.best_play(table=table, hand=hand, profile=profile, objective=objective)
    spent = time.process_time() - start
    if best.value != optimum:
        raise SystemExit(f"{module.__name__}: {best.value} != {optimum} for {table} / {hand}")
    return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("old", help="the other version's _sweep.py")
    parser.add_argument("--repeat", type=int, default=3, help="calls per position and version")
    parser.add_argument("--anchors", action="store_true", help="the anchor positions instead")
    parser.add_argument("--instances", default=str(INSTANCES))
    args = parser.parse_args()
    versions = {"old": load_old(args.old), "new": _sweep}
    cases = positions(args.anchors, args.instances)
    least = {name: [float("inf")] * len(cases) for name in versions}
    try:
        for _ in range(args.repeat):
            for index, case in enumerate(cases):
                for name, module in versions.items():
                    least[name][index] = min(least[name][index], timed(module, case))
    finally:
        api.new_sweep = _sweep.new_sweep  # type: ignore[attr-defined]
    for name, times in least.items():
        print(
            f"{name}: sum {sum(times):.2f} s, median {statistics.median(times) * 1000:.2f} ms, "
            f"max {max(times) * 1000:.0f} ms"
        )
    ratios = [new / old for new, old in zip(least["new"], least["old"], strict=True)]
    print(
        f"new / old per position: median {statistics.median(ratios):.3f}, "
        f"geometric mean {statistics.geometric_mean(ratios):.3f}"
    )


if __name__ == "__main__":
    main()
