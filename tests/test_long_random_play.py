"""Long random play of every game, checked after every move (see `tests/longplay.py`).

Each game — Brazilian, Rummikub, Galician, Galician with jokers (the
registered ``galician-jokers`` profile) and Mau-Mau — is played for a budget
of moves, seeded round after seeded round: mostly uniformly random legal
moves, sometimes the bot's. After every move: conservation of the deck, an
illegal attempt (half of the moves) that must be refused and change nothing,
a JSON round trip, every player's view (own hand, public sizes, no hidden
key, stable ``to_dict``) and the round's end within a bound. The full leak
check of views (each view against that of a state whose hidden cards were
redealt) runs every 10 moves, to keep a move cheap.

Two sets:

* the smoke set, in the default suite: ``MEXEMEXE_HARNESS_SMOKE_MOVES`` moves
  per game (default 2,000; a few seconds a game);
* the slow set, marked ``slow`` and skipped unless ``--run-slow`` is given:
  ``MEXEMEXE_HARNESS_MOVES`` moves per game (default 100,000; 65-115 s of CPU
  a game, about 8 minutes of CPU for the set, measured on a 2-core machine)::

      PYTHONPATH=src python -m pytest --run-slow -m slow -s tests/test_long_random_play.py

``MEXEMEXE_HARNESS_SEED`` (default 0) picks another series of rounds. A
failure's message lists every distinct failure with its round seed, the move
and the state JSON before it: ``GameState.from_json(text).apply(move)`` (or
``MauMauState``) reproduces it.
"""

from __future__ import annotations

import os
import random
from types import SimpleNamespace

import attrs
import pytest

import mexemexe as m
from tests.longplay import GAMES, Game, conservation_problem, leak_problems, run_game


def _env_int(name: str, default: int) -> int:
    return int(os.environ.get(name, default))


SMOKE_MOVES = _env_int("MEXEMEXE_HARNESS_SMOKE_MOVES", 2_000)
MOVES = _env_int("MEXEMEXE_HARNESS_MOVES", 100_000)
SEED = _env_int("MEXEMEXE_HARNESS_SEED", 0)


def _play(name: str, moves: int) -> None:
    report = run_game(GAMES[name], moves, seed=SEED)
    print(report.summary())
    if report.failures:
        pytest.fail(report.summary(), pytrace=False)
    assert report.moves == moves
    assert report.rounds >= 1


@pytest.mark.parametrize("name", list(GAMES))
def test_smoke_random_play_passes_every_check(name: str) -> None:
    """A short seeded run of the game passes every per-move check."""
    _play(name, SMOKE_MOVES)


@pytest.mark.slow
@pytest.mark.parametrize("name", list(GAMES))
def test_long_random_play_passes_every_check(name: str) -> None:
    """A long seeded run (10^5 moves by default) of the game passes every per-move check."""
    _play(name, MOVES)


# -- the harness's own checks can fail ------------------------------------------------------


def test_conservation_check_flags_a_lost_card() -> None:
    """The independent count notices a card missing from the stock."""
    state = m.deal("brazilian", players=2, seed=1)
    assert conservation_problem(state) is None
    lossy = SimpleNamespace(
        hands=state.hands,
        table=state.table,
        stock=state.stock[1:],
        discard_pile=(),
        profile=state.profile,
    )
    assert "missing" in (conservation_problem(lossy) or "")


def test_leak_check_flags_a_view_showing_the_stock(monkeypatch: pytest.MonkeyPatch) -> None:
    """A view that shows the stock's top card differs once the hidden cards are redealt."""
    state = m.deal("galician", players=3, seed=4)
    assert leak_problems(state, 0, random.Random(0)) == []
    honest = m.GameState.view

    def leaky(self: m.GameState, player: int) -> m.PlayerView:
        return attrs.evolve(honest(self, player), discard_pile=self.stock[-1:])

    monkeypatch.setattr(m.GameState, "view", leaky)
    found = [leak_problems(state, 0, random.Random(seed)) for seed in range(5)]
    assert any(found), "the redealt stock never changed the leaky view"


def test_run_records_a_refused_bot_move_and_goes_on() -> None:
    """A bot whose move is illegal is recorded as a failure, and play continues."""

    class Cheat:
        def choose(self, view: m.PlayerView) -> m.Move:
            return m.Discard(view.hand[0])  # no discard in a shared-table game (B11)

    base = GAMES["brazilian"]
    game = Game("cheat", base.deal, Cheat(), base.max_turns, bot_share=1.0)
    report = run_game(game, 20)
    assert report.moves == 20
    assert {f.check for f in report.failures} == {"bot move refused"}
