"""Pickles load in a fresh process, with pickle and with cloudpickle (as Dask sends tasks).

cloudpickle copies by value whatever it cannot find by module and name (a
bound classmethod, a class of the caller's script), so a card pickled with
it used to fail to load in a process that had not imported the library yet
(issue #31 item 4). Each test here loads in a new ``python`` process that
has not imported `mexemexe` before unpickling.
"""

from __future__ import annotations

import os
import pathlib
import pickle
import subprocess
import sys
import textwrap
from collections.abc import Callable

import pytest

import mexemexe as m
from mexemexe import games

SRC = pathlib.Path(m.__file__).resolve().parent.parent

#: Loads a pickle from stdin with plain `pickle` and writes it back, pickled again.
ROUND_TRIP = (
    "import pickle, sys; "
    "sys.stdout.buffer.write(pickle.dumps(pickle.loads(sys.stdin.buffer.read())))"
)


def fresh_env() -> dict[str, str]:
    """The environment of a fresh process that imports this checkout's `mexemexe`."""
    return {**os.environ, "PYTHONPATH": str(SRC)}


def in_fresh_process(data: bytes) -> object:
    """``data`` unpickled in a new process, pickled back and unpickled here."""
    proc = subprocess.run(
        [sys.executable, "-c", ROUND_TRIP],
        input=data,
        capture_output=True,
        env=fresh_env(),
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr.decode()
    return pickle.loads(proc.stdout)


def cloudpickle_dumps(value: object) -> bytes:
    cloudpickle = pytest.importorskip("cloudpickle")
    data: bytes = cloudpickle.dumps(value)
    return data


PICKLERS: list[Callable[[object], bytes]] = [pickle.dumps, cloudpickle_dumps]


def states_of_every_game() -> dict[str, object]:
    """For every registered game: a state a few moves into a round, and a finished round's."""
    found: dict[str, object] = {}
    for name in games.game_names():
        game = games.get_game(name)
        players = max(2, game.rules.min_players)
        state = game.deal(players, seed=11)
        bots = [game.bot(game.default_bot, seat) for seat in range(players)]
        for _ in range(6):
            if state.result is not None:
                break
            state = state.apply(bots[state.current_player].choose(state.view(state.current_player)))
        found[f"{name} mid-round"] = state
        found[f"{name} view"] = state.view(0)
        found[f"{name} over"] = m.play_round(state, bots)[0]
        found[f"{name} rules"] = game.rules
        found[f"{name} game"] = game
    return found


@pytest.mark.parametrize("dumps", PICKLERS, ids=["pickle", "cloudpickle"])
def test_every_card_loads_in_a_fresh_process_as_the_same_card(
    dumps: Callable[[object], bytes],
) -> None:
    """All 53 cards come back equal from a process that had not imported the library (§0)."""
    cards = tuple(map(m.Card.from_code, range(53)))
    again = in_fresh_process(dumps(cards))
    assert isinstance(again, tuple)
    assert again == cards
    assert all(a is b for a, b in zip(again, cards, strict=True))


@pytest.mark.parametrize("dumps", PICKLERS, ids=["pickle", "cloudpickle"])
def test_a_table_loads_in_a_fresh_process(dumps: Callable[[object], bytes]) -> None:
    """A table with a joker comes back with the same melds from a fresh process."""
    table = m.Table.parse("7H 8H 9H | JK 5S 5D | QC QD QS QH")
    again = in_fresh_process(dumps(table))
    assert isinstance(again, m.Table)
    assert again == table


@pytest.mark.parametrize("dumps", PICKLERS, ids=["pickle", "cloudpickle"])
def test_states_views_rules_and_games_of_every_game_load_in_a_fresh_process(
    dumps: Callable[[object], bytes],
) -> None:
    """Every registered game's states, views, rules and `Game` come back equal."""
    values = states_of_every_game()
    again = in_fresh_process(dumps(values))
    assert isinstance(again, dict)
    assert again.keys() == values.keys()
    unequal = [key for key, value in values.items() if again[key] != value]
    assert unequal == []


@pytest.mark.parametrize("dumps", PICKLERS, ids=["pickle", "cloudpickle"])
def test_moves_load_in_a_fresh_process(dumps: Callable[[object], bytes]) -> None:
    """The legal moves of a rummy and a Mau-Mau state come back equal."""
    moves = [
        *m.deal("galician", players=2, seed=3).legal_moves(),
        *games.get_game("maumau").deal(3, seed=3).legal_moves(),
    ]
    assert moves
    assert in_fresh_process(dumps(moves)) == moves


SCRIPT = '''
import sys

import cloudpickle

import mexemexe as m


class FirstMoveBot:
    """A bot of the user's own script: it plays the first legal move."""

    def choose(self, view):
        return view.legal_moves()[0]


seats = [FirstMoveBot, "random"]
here = m.simulate("galician", seats, games=3, seed=7)
sys.stdout.buffer.write(cloudpickle.dumps((seats, here)))
'''

RUN_SEATS = """
import pickle, sys
import mexemexe as m
seats, here = pickle.loads(sys.stdin.buffer.read())
there = m.simulate("galician", seats, games=3, seed=7)
print(type(seats[0]).__name__, seats[0].__module__, there == here)
"""


def test_a_bot_class_of_the_users_script_plays_in_a_fresh_process(
    tmp_path: pathlib.Path,
) -> None:
    """A bot defined in ``__main__``, sent by value with cloudpickle, plays the same rounds."""
    pytest.importorskip("cloudpickle")
    script = tmp_path / "my_bots.py"
    script.write_text(textwrap.dedent(SCRIPT), encoding="utf-8")
    made = subprocess.run(
        [sys.executable, str(script)],
        capture_output=True,
        env=fresh_env(),
        timeout=120,
        check=False,
    )
    assert made.returncode == 0, made.stderr.decode()
    ran = subprocess.run(
        [sys.executable, "-c", RUN_SEATS],
        input=made.stdout,
        capture_output=True,
        env=fresh_env(),
        timeout=120,
        check=False,
    )
    assert ran.returncode == 0, ran.stderr.decode()
    assert ran.stdout.decode().split() == ["type", "__main__", "True"]
