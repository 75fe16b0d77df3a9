"""Count the CPU instructions of seeded bot games or best moves: a measure noise cannot move.

Run: python benchmarks/instructions.py brazilian [--games 20]
     python benchmarks/instructions.py maumau --players 4
     python benchmarks/instructions.py solver --games 8   (positions per class)
     python benchmarks/instructions.py solver --games 20 --warm --classes T24-H20

Times on this machine swing by half again within seconds; instruction counts
(valgrind's callgrind) are the same run after run for the same code, so they
show what a change to the engines or bots saves. The game is played twice
under valgrind, once with ``--games`` seeded games after one warm-up game and
once with the warm-up alone; the difference, per game, is printed. Needs
valgrind (Debian's ``valgrind`` package) and takes about a minute.

``solver --warm`` counts a second pass over the same best moves instead (run
once, then again, less the run that stops after the first pass): what
`bench_solver.py` times, as it takes the median of repeated calls, with the
remembered plays of `mexemexe.solver` already made.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys

#: The benchmark classes where the solver is furthest from its target (issue: solver).
SOLVER_CLASSES = ("T12-H11", "T12-H20", "T24-H5", "T24-H11", "T24-H20")


def solve(instances: int, classes: tuple[str, ...], passes: int) -> None:
    """One warm-up best move, then both objectives on ``instances`` positions per class.

    ``passes`` times over the same best moves.
    """
    import json
    import pathlib

    import attrs

    import mexemexe as m
    from mexemexe import solver

    path = (
        pathlib.Path(__file__).resolve().parents[2] / "shared" / "bench" / "solver_instances.json"
    )
    data = json.loads(path.read_text(encoding="utf-8"))  # read in the warm-up run too
    profile = attrs.evolve(m.get_profile("rummikub"), name="rummikub-joker0", joker_points=0)
    solver.best_play(table="5H 6H 7H | 9C 9D 9S", hand="4H 8H 9H QS", profile=profile)
    chosen = []
    taken: dict[str, int] = {}
    for inst in data["instances"]:
        name = f"T{inst['T']}-H{inst['H']}"
        if name in classes and taken.get(name, 0) < instances:
            taken[name] = taken.get(name, 0) + 1
            chosen.append(inst)
    for _ in range(passes):
        for inst in chosen:
            for objective in ("cards", "points"):
                solver.best_play(
                    table=inst["table"], hand=inst["hand"], profile=profile, objective=objective
                )


def play(game: str, games: int, players: int, classes: tuple[str, ...], passes: int) -> None:
    """Play one warm-up game, then ``games`` seeded games (run under valgrind)."""
    if game == "solver":
        solve(games, classes, passes)
        return
    if game == "maumau":
        from mexemexe import maumau

        mm_bots = [maumau.MauMauBot()] * players
        maumau.play_round(maumau.deal(players, seed=1000), mm_bots)
        for seed in range(games):
            maumau.play_round(maumau.deal(players, seed=seed), mm_bots)
        return
    import mexemexe as m

    bots = [m.SimpleBot()] * players
    m.play_round(m.deal(game, players, seed=1000), bots)
    for seed in range(games):
        m.play_round(m.deal(game, players, seed=seed), bots)


def count(game: str, games: int, players: int, classes: str = "", passes: int = 1) -> int:
    """Instructions of a process that plays the warm-up game and ``games`` more."""
    command = [
        "valgrind",
        "--tool=callgrind",
        "--callgrind-out-file=/dev/null",
        sys.executable,
        __file__,
        game,
        "--games",
        str(games),
        "--players",
        str(players),
        "--classes",
        classes,
        "--passes",
        str(passes),
        "--play",
    ]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"valgrind exited with {done.returncode}:\n{done.stderr[-2000:]}")
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise SystemExit(f"no instruction count in valgrind's output:\n{done.stderr}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "game",
        help="a rummy profile name (SimpleBot), 'maumau' (MauMauBot) or 'solver' "
        "(best moves on the benchmark positions of the classes furthest from target)",
    )
    parser.add_argument(
        "--games", type=int, default=20, help="games; for 'solver', positions per class"
    )
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument(
        "--classes",
        default="",
        help="for 'solver', comma-separated classes (default: " + ",".join(SOLVER_CLASSES) + ")",
    )
    parser.add_argument(
        "--warm", action="store_true", help="for 'solver', count a second pass over the answers"
    )
    parser.add_argument("--passes", type=int, default=1, help=argparse.SUPPRESS)
    parser.add_argument("--play", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    classes = tuple(filter(None, args.classes.split(","))) or SOLVER_CLASSES
    if args.play:
        play(args.game, args.games, args.players, classes, args.passes)
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    names = ",".join(classes)
    if args.game == "solver" and args.warm:
        total = count(args.game, args.games, args.players, names, passes=2)
        base = count(args.game, args.games, args.players, names, passes=1)
    else:
        total = count(args.game, args.games, args.players, names)
        base = count(args.game, 0, args.players, names)
    if args.game == "solver":
        answers = 2 * args.games * len(classes)
        print(
            f"solver: {(total - base) / answers / 1e6:.2f}M instructions a best move"
            f"{' (warm: a second pass)' if args.warm else ''} (over {answers} answers: both "
            f"objectives, {args.games} positions of each of {', '.join(classes)})"
        )
        return
    unit = "hand" if args.game == "maumau" else "round"
    per_game = (total - base) / args.games
    print(
        f"{args.game}, {args.players} players: {per_game / 1e6:.2f}M instructions a {unit} "
        f"(over {args.games} seeded games after a warm-up)"
    )


if __name__ == "__main__":
    main()
