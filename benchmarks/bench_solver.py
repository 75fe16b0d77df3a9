"""Benchmark the exact solver on the 240 instances of shared/bench (issue: solver).

Run: python benchmarks/bench_solver.py [--instances PATH] [--limit N] [--classes T12-H5,...]
     python benchmarks/bench_solver.py --cold   (import + first answer in fresh processes)
     python benchmarks/bench_solver.py --selfplay brazilian   (positions from bot games)
     python benchmarks/bench_solver.py --states   (search states per position, time per state)
     python benchmarks/bench_solver.py --directions   (states sweeping up, down, and as chosen)

For each (T, H) class prints our median and max best-move time (warm: the
median of --repeat calls per instance, five by default, as the anchor was
timed) for both objectives against the anchor's median (rummikub-solver
1.0.0, ILP), and how many instances match the recorded optimum (tile count,
and value with a joker worth 0).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import pathlib
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import Iterator

import attrs
from _machine import print_reference

import mexemexe as m
from mexemexe import solver
from mexemexe.solver._sweep import Sweep

DEFAULT = pathlib.Path(__file__).resolve().parents[2] / "shared" / "bench" / "solver_instances.json"

#: The anchor's rules: Rummikub-style, with a joker worth 0 (as its value optimum counts).
PROFILE = attrs.evolve(m.get_profile("rummikub"), name="rummikub-joker0", joker_points=0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--instances", type=pathlib.Path, default=DEFAULT)
    parser.add_argument("--limit", type=int, default=0, help="instances per class (0: all)")
    parser.add_argument("--classes", default="", help="comma-separated classes, e.g. T12-H5")
    parser.add_argument(
        "--repeat", type=int, default=5, help="calls per instance (median; the anchor's were 5)"
    )
    parser.add_argument(
        "--cold", action="store_true", help="time import + first answer in fresh processes"
    )
    parser.add_argument(
        "--selfplay",
        metavar="PROFILE",
        help="time the best play in positions of seeded SimpleBot games of PROFILE instead",
    )
    parser.add_argument(
        "--states",
        action="store_true",
        help="count the search states each best move expands, and the time per state",
    )
    parser.add_argument(
        "--directions",
        action="store_true",
        help="count the states of one search sweeping the values up and one sweeping them down",
    )
    args = parser.parse_args()
    if args.cold:
        cold_start()
        return
    if args.selfplay:
        selfplay(args.selfplay)
        return
    print_reference()
    by_class = load_classes(args.instances, args.classes, args.limit)
    if args.states:
        states(by_class)
        return
    if args.directions:
        directions(by_class)
        return
    print(
        f"{'class':10} {'n':>3} {'ours med':>9} {'ours max':>9} {'anchor med':>10} "
        f"{'speed-up':>8}  {'cards ok':>8} {'value ok':>8}"
    )
    worst = 0.0
    for (t, h), instances in sorted(by_class.items()):
        times, anchor = [], []
        cards_ok = value_ok = 0
        for inst in instances:
            # Warm median of --repeat calls per objective, as the anchor was timed.
            for objective in ("cards", "points"):
                runs = []
                for _ in range(args.repeat):
                    start = time.perf_counter()
                    best = solver.best_play(
                        table=inst["table"], hand=inst["hand"], profile=PROFILE, objective=objective
                    )
                    runs.append((time.perf_counter() - start) * 1000)
                times.append(statistics.median(runs))
                if objective == "cards":
                    cards_ok += len(best.placed) == inst["optimum"]["cards"]
                    assert PROFILE.validate_table(best.table), inst["id"]
                else:
                    value_ok += best.value == inst["optimum"]["value"]
            anchor.append(min(inst["anchor_ms"].values()))
        med, top = statistics.median(times), max(times)
        worst = max(worst, top)
        amed = statistics.median(anchor)
        print(
            f"T{t}-H{h:<6} {len(instances):3} {med:8.2f}ms {top:8.1f}ms {amed:9.2f}ms "
            f"{amed / med:7.1f}x  {cards_ok:5}/{len(instances):<3} {value_ok:5}/{len(instances):<3}"
        )
    print(f"slowest single best-move: {worst:.1f} ms (target <= 100 ms)")


def load_classes(
    path: pathlib.Path, classes: str = "", limit: int = 0
) -> dict[tuple[int, int], list[dict]]:
    """The benchmark positions by (T, H) class: only ``classes`` (comma-separated) if given,
    and at most ``limit`` a class if not 0."""
    data = json.loads(path.read_text(encoding="utf-8"))
    wanted = set(filter(None, classes.split(",")))
    by_class: dict[tuple[int, int], list[dict]] = defaultdict(list)
    for inst in data["instances"]:
        key = (inst["T"], inst["H"])
        if wanted and f"T{key[0]}-H{key[1]}" not in wanted:
            continue
        if not limit or len(by_class[key]) < limit:
            by_class[key].append(inst)
    return by_class


@contextlib.contextmanager
def searches_made() -> Iterator[list[Sweep]]:
    """The searches (`Sweep`) constructed inside the block, in order, by wrapping the constructor.

    Every search a best move runs: the position's own (first), its symmetric
    variant (the mirror image) when they race.
    """
    made: list[Sweep] = []
    init = Sweep.__init__

    def recorded(self: Sweep, *args: object, **kwargs: object) -> None:
        init(self, *args, **kwargs)  # type: ignore[arg-type]
        made.append(self)

    Sweep.__init__ = recorded  # type: ignore[method-assign]
    try:
        yield made
    finally:
        Sweep.__init__ = init  # type: ignore[method-assign]


def states(by_class: dict[tuple[int, int], list[dict]]) -> None:
    """Per class: the search states a best move expands, and the time each costs.

    Counts the states of every search a best move runs (`searches_made`).
    Time per state is the total time over the total states: what a faster
    state (say, a compiled core) would buy, against what fewer states (a
    stronger bound) would.
    """
    print(
        f"{'class':10} {'ours med':>9} {'ours max':>9} {'states med':>10} {'states max':>10} "
        f"{'µs/state':>8}"
    )
    for (t, h), instances in sorted(by_class.items()):
        times, counts = [], []
        for inst in instances:
            for objective in ("cards", "points"):
                with searches_made() as searches:
                    start = time.perf_counter()
                    solver.best_play(
                        table=inst["table"], hand=inst["hand"], profile=PROFILE, objective=objective
                    )
                    times.append((time.perf_counter() - start) * 1000)
                counts.append(sum(search.expanded for search in searches))
        per_state = sum(times) / max(1, sum(counts)) * 1000
        print(
            f"T{t}-H{h:<6} {statistics.median(times):8.2f}ms {max(times):8.1f}ms "
            f"{statistics.median(counts):10.0f} {max(counts):10d} {per_state:8.1f}"
        )


def directions(by_class: dict[tuple[int, int], list[dict]]) -> None:
    """Per class: the states of one search sweeping the values up, one sweeping them down.

    The solver sweeps first in the direction `Sweep._high_constraints`
    picks, and races the other only once a search is hard. The proof of
    an optimum can take several times as many states one way as the other:
    the column "fewer" is what a perfect choice of direction would reach,
    the headroom for a better rule than the chosen one. Both searches start
    from the inputs of the search `best_play` makes (its first `Sweep`).
    """
    print(f"{'class':10} {'states: up':>10} {'down':>6} {'chosen':>6} {'fewer':>6}  (median; sum)")
    for (t, h), instances in sorted(by_class.items()):
        counts: list[list[int]] = [[], [], [], []]
        for inst in instances:
            for objective in ("cards", "points"):
                with searches_made() as searches:
                    solver.best_play(
                        table=inst["table"], hand=inst["hand"], profile=PROFILE, objective=objective
                    )
                first = searches[0]
                up = Sweep(first.must, first.may, first.weights, PROFILE)
                down = up._variant(mirror=True, flip=False)
                for search in (up, down):
                    search._least_loss(search._start())
                found = [up.expanded, down.expanded]
                chosen = found[up._high_constraints()]
                for column, n in zip(counts, (*found, chosen, min(found)), strict=True):
                    column.append(n)
        print(
            f"T{t}-H{h:<6} "
            + " ".join(f"{statistics.median(c):>6.0f}" for c in counts)
            + "  ("
            + " / ".join(str(sum(c)) for c in counts)
            + ")"
        )


def selfplay_positions(profile: str, games: int = 6) -> list[tuple[m.Table, tuple[m.Card, ...]]]:
    """The table and hand every third turn once 45+ cards are down, in seeded SimpleBot games.

    Late positions of real games: large tables, with the jokers, groups and
    long runs that bots leave, which the random benchmark tables lack.
    """
    bot = m.SimpleBot()
    positions = []
    for seed in range(games):
        state = m.deal(profile, players=4, seed=seed)
        for turn in range(300):
            if state.result is not None:
                break
            view = state.view(state.current_player)
            if len(view.table.cards()) >= 45 and turn % 3 == 0:
                positions.append((view.table, view.hand))
            state = state.apply(bot.choose(view))
    return positions


def selfplay(profile: str) -> None:
    """Median, 90th percentile and maximum best-play time over `selfplay_positions`."""
    print_reference()
    positions = selfplay_positions(profile)
    times = []
    for table, hand in positions:
        start = time.perf_counter()
        best = solver.best_play(table=table, hand=hand, profile=profile)
        times.append((time.perf_counter() - start) * 1000)
        assert m.get_profile(profile).validate_table(best.table)
    times.sort()
    print(
        f"{len(times)} positions from {profile} SimpleBot games: "
        f"median {statistics.median(times):.1f} ms, "
        f"90th percentile {times[int(0.9 * len(times))]:.0f} ms, max {times[-1]:.0f} ms, "
        f"total {sum(times) / 1000:.1f} s"
    )


COLD = (
    "import mexemexe as m; from mexemexe import solver; "
    "solver.best_play(table='2S 3S 4S 5S 6S | 9C 9D 9H 9S | 7D 8D 9D', "
    "hand='3D 5H 7S 9S QS', profile='rummikub')"
)


def cold_start(runs: int = 7) -> None:
    """Wall time of a fresh interpreter that imports the library and answers once.

    Measure on an installed wheel (``pip install .``): an editable install
    under ``PYTHONDONTWRITEBYTECODE`` recompiles every module each time.
    """
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", COLD], check=True)
        times.append(time.perf_counter() - start)
    med = statistics.median(times)
    print(
        f"cold start (process + import + first answer): median {med:.3f} s "
        f"of {runs} (target < 0.2 s)"
    )


if __name__ == "__main__":
    main()
