"""Count the CPU instructions of seeded bot games: a measure the machine's noise cannot move.

Run: python benchmarks/instructions.py brazilian [--games 20]
     python benchmarks/instructions.py maumau --players 4

Times on this machine swing by half again within seconds; instruction counts
(valgrind's callgrind) are the same run after run for the same code, so they
show what a change to the engines or bots saves. The game is played twice
under valgrind, once with ``--games`` seeded games after one warm-up game and
once with the warm-up alone; the difference, per game, is printed. Needs
valgrind (Debian's ``valgrind`` package) and takes about a minute.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys


def play(game: str, games: int, players: int) -> None:
    """Play one warm-up game, then ``games`` seeded games (run under valgrind)."""
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


def count(game: str, games: int, players: int) -> int:
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
    parser.add_argument("game", help="a rummy profile name (SimpleBot) or 'maumau' (MauMauBot)")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--play", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.play:
        play(args.game, args.games, args.players)
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    total = count(args.game, args.games, args.players)
    base = count(args.game, 0, args.players)
    unit = "hand" if args.game == "maumau" else "round"
    per_game = (total - base) / args.games
    print(
        f"{args.game}, {args.players} players: {per_game / 1e6:.2f}M instructions a {unit} "
        f"(over {args.games} seeded games after a warm-up)"
    )


if __name__ == "__main__":
    main()
