"""Side by side with outside anchors, in one run (issue: fast in the worst case, item 7).

Run: pip install -e '.[anchors]'   (open_spiel 2.0.2 and rummikub-solver 1.0.0)
     python benchmarks/vs_anchors.py                 (both parts)
     python benchmarks/vs_anchors.py --part play     (random play only)
     python benchmarks/vs_anchors.py --part solver --limit 10

Part ``play``: uniformly random legal moves, seeded, in each of our four
games (``legal_moves()`` then ``apply``, a new seeded deal when a round
ends) against OpenSpiel's C++ ``gin_rummy`` driven from Python the way a
search agent drives it: at each decision the state is cloned once (the
agent's cached copy of the root), the legal actions are listed and a random
one is applied; chance nodes (the deal, the card drawn from the stock) are
sampled by their probabilities and not counted as actions, as our draws deal
their card inside the move. Our states are immutable, so they need no clone.
A stricter bar is printed beside it: the same anchor without the clone (a
bare random rollout, the fastest way to drive it from Python). The games run
in short blocks of CPU time, each of ours between a block of each anchor, so
the machine's drift cancels; the ratio is our actions per CPU second over
the anchor's.

Part ``solver``: rummikub-solver 1.0.0 (an integer programme through cvxpy)
against `mexemexe.solver` on the 240 positions of
``shared/bench/solver_instances.json`` (Rummikub rules, a joker worth 0 as
in `bench_solver.py`): the best move by tile count (theirs: ``solve`` in
``TILE_COUNT`` mode; ours: `best_play`) and the arrangement of the table's
cards (theirs: ``arrange_table``; ours: `arrange`). Each position is timed
ours, theirs, theirs, ours (CPU time, after a warm-up call of each), so drift
cancels (ours is timed on its first call for a position and again, with what
it remembered: the mean of the two); printed per class: the medians, their
ratio (anchor over ours: above 1 means we are faster), and how often each
finds the recorded optimum (the most tiles placed).

Neither anchor is imported by the package or the tests.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import platform
import random
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from typing import Any

import attrs

import mexemexe as m
from mexemexe import solver


def _instances() -> pathlib.Path:
    """``shared/bench/solver_instances.json`` in the nearest folder above that has one."""
    here = pathlib.Path(__file__).resolve()
    for folder in here.parents:
        found = folder / "shared" / "bench" / "solver_instances.json"
        if found.exists():
            return found
    return here.parents[2] / "shared" / "bench" / "solver_instances.json"


INSTANCES = _instances()
#: Our games, by the name the report prints, and the profile each deals.
GAMES = ("brazilian", "rummikub", "galician", "maumau")
#: The anchor's rules in ours: Rummikub-style, a joker worth 0 (as its value optimum counts).
RUMMIKUB0 = attrs.evolve(m.get_profile("rummikub"), name="rummikub-joker0", joker_points=0)
_cpu = time.process_time


def machine() -> str:
    """The machine, for the record: cores, CPU model, Python."""
    model = "unknown CPU"
    try:
        for line in pathlib.Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        cores = subprocess.run(["nproc"], capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        cores = "?"
    return f"nproc {cores}, {model}, Python {platform.python_version()} ({sys.platform})"


# -- part 1: random play ---------------------------------------------------------------


class OurGame:
    """Random legal moves in one of our games, a new seeded round whenever one ends."""

    def __init__(self, game: str, players: int, seed: int) -> None:
        self.game = game
        self.players = players
        self.rng = random.Random(seed)
        self.rounds = 0
        self.state = self._deal()

    def _deal(self) -> Any:
        seed = self.rng.randrange(2**32)
        self.rounds += 1
        return m.get_game(self.game).deal(self.players, seed=seed)

    def run(self, budget: float) -> int:
        """Play for ``budget`` CPU seconds; return the moves made."""
        rng, state = self.rng, self.state
        choice = rng.choice
        moves = 0
        end = _cpu() + budget
        while True:
            for _ in range(16):
                if state.result is not None:
                    self.state = state
                    state = self._deal()
                state = state.apply(choice(state.legal_moves()))
            moves += 16
            if _cpu() >= end:
                self.state = state
                return moves


class GinRummy:
    """OpenSpiel's ``gin_rummy``, random legal actions, one clone per decision (or none)."""

    def __init__(self, seed: int, clone: bool = True) -> None:
        import pyspiel

        self.game = pyspiel.load_game("gin_rummy")
        self.rng = random.Random(seed)
        self.clone = clone
        self.rounds = 0
        self.state = self._new()
        self.cached: Any = None

    def _new(self) -> Any:
        self.rounds += 1
        return self.game.new_initial_state()

    def run(self, budget: float) -> int:
        """Play for ``budget`` CPU seconds; return the player actions taken."""
        rng, state, clone = self.rng, self.state, self.clone
        choice, random_ = rng.choice, rng.random
        actions = 0
        end = _cpu() + budget
        while True:
            for _ in range(16):
                while True:
                    if state.is_terminal():
                        state = self._new()
                    elif state.is_chance_node():
                        # Sampled by their probabilities (uniform over the unseen cards).
                        point, total = random_(), 0.0
                        outcomes = state.chance_outcomes()
                        action = outcomes[-1][0]
                        for outcome, p in outcomes:
                            total += p
                            if point < total:
                                action = outcome
                                break
                        state.apply_action(action)
                    else:
                        break
                if clone:
                    self.cached = state.clone()  # the search agent's cached copy of its root
                state.apply_action(choice(state.legal_actions()))
            actions += 16
            if _cpu() >= end:
                self.state = state
                return actions


def random_play(games: tuple[str, ...], players: int, rounds: int, block: float) -> None:
    """Each of our games between a block of each anchor; print the ratios.

    The anchor as specified clones its state once per decision; the same
    game without the clone (a bare random rollout, the fastest way to drive
    it from Python) is timed beside it as a stricter bar.
    """
    ours = {g: OurGame(g, players, seed=1000 + i) for i, g in enumerate(games)}
    cloned, bare = GinRummy(seed=7), GinRummy(seed=8, clone=False)
    for game in (*ours.values(), cloned, bare):  # warm up the caches of the rules
        game.run(block / 4)
    totals: dict[str, list[float]] = {}  # name -> [actions, CPU seconds]
    for _ in range(rounds):
        for g in games:
            for name, game in ((f"clone {g}", cloned), (g, ours[g]), (f"bare {g}", bare)):
                start = _cpu()
                n = game.run(block)
                spent = _cpu() - start
                total = totals.setdefault(name, [0, 0.0])
                total[0] += n
                total[1] += spent
    print(
        f"random play, {players} players, {rounds} blocks of {block:.2f} CPU s per game, each "
        "between a block of the anchor with one clone per decision and one without"
    )
    print(
        f"{'game':10} {'actions/s':>10} {'anchor/s':>9} {'ratio':>6}  "
        f"{'bare anchor/s':>13} {'ratio':>6} {'rounds':>7}"
    )
    rate = {name: n / t for name, (n, t) in totals.items()}
    for g in games:
        ours_rate, with_clone, without = rate[g], rate[f"clone {g}"], rate[f"bare {g}"]
        print(
            f"{g:10} {ours_rate:10.0f} {with_clone:9.0f} {ours_rate / with_clone:5.2f}x  "
            f"{without:13.0f} {ours_rate / without:5.2f}x {ours[g].rounds:7}"
        )


# -- part 2: the solver ----------------------------------------------------------------


def _tiles(cards: list[m.Card], rules: Any) -> list[Any]:
    """Our cards as the anchor's tiles: suits S H D C as its colours 1-4, numbers 1-13."""
    tiles = rules.tiles  # colour by colour, numbers 1..13, the joker last
    suits = "SHDC"
    out = []
    for card in cards:
        if card.is_joker:
            out.append(tiles[-1])
        else:
            out.append(tiles[suits.index(card.suit.value) * 13 + card.rank - 1])
    return out


def _timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = _cpu()
    out = fn()
    return (_cpu() - start) * 1000, out


def solver_duel(path: pathlib.Path, limit: int) -> None:
    """Best move and arrangement, ours against rummikub-solver, per class (interleaved)."""
    import rummikub_solver as rs

    rules = rs.RuleSet(numbers=13, repeats=2, colours=4, jokers=2, min_len=3, min_initial_value=1)
    data = json.loads(path.read_text(encoding="utf-8"))
    by_class: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for inst in data["instances"]:
        name = f"T{inst['T']}-H{inst['H']}"
        if not limit or len(by_class[name]) < limit:
            by_class[name].append(inst)

    def theirs_best(inst: dict[str, Any]) -> Callable[[], int]:
        table = _tiles(list(m.parse_table(inst["table"]).cards()), rules)
        hand = _tiles(list(m.parse_cards(inst["hand"])), rules)

        def run() -> int:
            state = rules.new_game()
            state.add_table(*table)
            state.add_rack(*hand)
            state.initial = False
            found = rules.solve(state, rs.SolverMode.TILE_COUNT)
            return 0 if found is None else len(found.tiles)

        return run

    def theirs_arrange(inst: dict[str, Any]) -> Callable[[], bool]:
        table = _tiles(list(m.parse_table(inst["table"]).cards()), rules)

        def run() -> bool:
            state = rules.new_game()
            state.add_table(*table)
            return rules.arrange_table(state) is not None

        return run

    def ours_best(inst: dict[str, Any]) -> Callable[[], int]:
        table, hand = m.parse_table(inst["table"]), m.parse_cards(inst["hand"])
        return lambda: len(solver.best_play(table=table, hand=hand, profile=RUMMIKUB0).placed)

    def ours_arrange(inst: dict[str, Any]) -> Callable[[], bool]:
        cards = list(m.parse_table(inst["table"]).cards())
        random.Random(inst["id"]).shuffle(cards)
        return lambda: solver.arrange(cards, RUMMIKUB0) is not None

    first = data["instances"][0]
    for make in (theirs_best, ours_best, theirs_arrange, ours_arrange):
        make(first)()  # warm up: imports, the anchor's set list, our caches
    print(
        "solver, CPU ms per call (median over the class; each position timed ours, theirs, "
        "theirs, ours); ratio = anchor / ours"
    )
    print(
        f"{'class':9} {'n':>3} | {'best: ours':>10} {'anchor':>8} {'ratio':>7} "
        f"{'optimal: ours anchor':>20} | {'arrange: ours':>13} {'anchor':>8} {'ratio':>7}"
    )
    totals: dict[str, list[float]] = defaultdict(list)
    for name in sorted(by_class, key=lambda n: tuple(int(x[1:]) for x in n.split("-"))):
        times: dict[str, list[float]] = defaultdict(list)
        ok_ours = ok_theirs = 0
        for inst in by_class[name]:
            want = inst["optimum"]["cards"]
            for kind, ours, theirs in (
                ("best", ours_best(inst), theirs_best(inst)),
                ("arrange", ours_arrange(inst), theirs_arrange(inst)),
            ):
                a, got_ours = _timed(ours)
                b, got_theirs = _timed(theirs)
                c, _ = _timed(theirs)
                d, _ = _timed(ours)
                times[f"{kind} ours"].append((a + d) / 2)
                times[f"{kind} theirs"].append((b + c) / 2)
                if kind == "best":
                    ok_ours += got_ours == want
                    ok_theirs += got_theirs == want
                else:
                    assert got_ours, inst["id"]
                    assert got_theirs, inst["id"]
        med = {k: statistics.median(v) for k, v in times.items()}
        for k, v in times.items():
            totals[k].extend(v)
        n = len(by_class[name])
        print(
            f"{name:9} {n:3} | {med['best ours']:8.2f}ms {med['best theirs']:6.1f}ms "
            f"{med['best theirs'] / med['best ours']:6.1f}x "
            f"{ok_ours:>12}/{n:<3} {ok_theirs:3}/{n:<3} | "
            f"{med['arrange ours']:11.2f}ms {med['arrange theirs']:6.1f}ms "
            f"{med['arrange theirs'] / med['arrange ours']:6.1f}x"
        )
    med = {k: statistics.median(v) for k, v in totals.items()}
    print(
        f"{'all':9} {len(totals['best ours']):3} | {med['best ours']:8.2f}ms "
        f"{med['best theirs']:6.1f}ms {med['best theirs'] / med['best ours']:6.1f}x "
        f"{'':>21}| {med['arrange ours']:11.2f}ms {med['arrange theirs']:6.1f}ms "
        f"{med['arrange theirs'] / med['arrange ours']:6.1f}x"
    )
    print(
        f"slowest best move: ours {max(totals['best ours']):.1f} ms, "
        f"anchor {max(totals['best theirs']):.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--part", choices=("play", "solver", "both"), default="both")
    parser.add_argument(
        "--games", default=",".join(GAMES), help="our games to play (comma-separated)"
    )
    parser.add_argument(
        "--players", type=int, default=2, help="seats in our games (the anchor is 2-player)"
    )
    parser.add_argument("--blocks", type=int, default=8, help="blocks of play per game")
    parser.add_argument("--block", type=float, default=0.5, help="CPU seconds a block")
    parser.add_argument("--instances", type=pathlib.Path, default=INSTANCES)
    parser.add_argument("--limit", type=int, default=0, help="solver positions a class (0: all)")
    args = parser.parse_args()
    print(f"machine: {machine()}; {time.strftime('%Y-%m-%d')}")
    print(f"mexemexe {m.__version__}")
    if args.part in ("play", "both"):
        games = tuple(filter(None, args.games.split(",")))
        unknown = set(games) - set(GAMES)
        if unknown:
            parser.error(f"unknown games {sorted(unknown)}; known: {', '.join(GAMES)}")
        random_play(games, args.players, args.blocks, args.block)
    if args.part in ("solver", "both"):
        solver_duel(args.instances, args.limit)


if __name__ == "__main__":
    main()
