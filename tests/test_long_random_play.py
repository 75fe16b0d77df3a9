"""Long random play of every game, checked after every move by the public harness (opt-in, slow).

Each game — Brazilian, Rummikub, classic Rummikub, Galician, Galician with
jokers (the registered ``galician-jokers`` profile) and Mau-Mau — is played for a budget
of moves, seeded round after seeded round, by
`mexemexe.testing.play_random_round`: mostly uniformly random legal moves,
sometimes the simple or the random bot's. After every move: conservation of
the deck, an illegal attempt (half of the moves) that must be refused and
change nothing, a JSON round trip, every player's view
(own hand, public sizes, no hidden key, stable ``to_dict``), the old state
unchanged; every 10 moves the full leak check of every view (against a state
whose hidden cards were re-dealt) and the dict and pickle round trips; at the
end of each round its result, its refusal of every move and its record's
round trip and replay. Each round must end within a bound of moves.

The default suite runs the same checks briefly on every registered game
(`tests/test_conformance.py`). This set is marked ``slow`` and skipped
unless ``--run-slow`` is given: ``MEXEMEXE_HARNESS_MOVES`` moves per game
(default 100,000; about 150 s of CPU a game, measured on a loaded 2-core
machine)::

    PYTHONPATH=src python -m pytest --run-slow -m slow -s tests/test_long_random_play.py

``MEXEMEXE_HARNESS_SEED`` (default 0) picks another series of rounds. A
failure is a `ConformanceError` naming the game, the round's seed, the move
number and the state's JSON: ``play_random_round(name, seed=seed)`` replays it.
"""

from __future__ import annotations

import os
import time

import pytest

from mexemexe.testing import play_random_round


def _env_int(name: str, default: int) -> int:
    return int(os.environ.get(name, default))


MOVES = _env_int("MEXEMEXE_HARNESS_MOVES", 100_000)
SEED = _env_int("MEXEMEXE_HARNESS_SEED", 0)

#: The most moves a round of each game may take under random play before it
#: counts as not ending (a discard turn is a draw, melds and a discard;
#: a Mau-Mau turn a draw and a discard or pass).
MAX_MOVES = {
    "brazilian": 5_000,
    "rummikub": 5_000,
    "rummikub-classic": 5_000,
    "galician": 60_000,
    "galician-jokers": 60_000,
    "maumau": 100_000,
}


#: The bundled bots that play here: the greedy bot's exact search (about 0.2 s a
#: move) would double the run; it plays the default suite's bot games.
QUICK_BOTS = ("simple", "random")


@pytest.mark.slow
@pytest.mark.parametrize("name", list(MAX_MOVES))
def test_long_random_play_passes_every_check(name: str) -> None:
    """A long seeded run (10^5 moves by default) of the game passes every per-move check."""
    start, cpu = time.perf_counter(), time.process_time()
    moves = rounds = attempts = 0
    while moves < MOVES:
        seed = SEED * 1_000_003 + rounds
        played = play_random_round(name, seed=seed, max_moves=MAX_MOVES[name], bots=QUICK_BOTS)
        assert played.finished, f"{name} seed {seed}: no end within {MAX_MOVES[name]} moves"
        moves, rounds, attempts = (
            moves + played.moves,
            rounds + 1,
            attempts + played.illegal_attempts,
        )
    print(
        f"{name}: {moves} moves, {rounds} rounds, {attempts} illegal attempts, "
        f"{time.perf_counter() - start:.1f} s ({time.process_time() - cpu:.1f} s CPU)"
    )
