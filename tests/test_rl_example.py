"""The training example examples/rl_galician.py (issue 31, item 5): short runs of its main."""

from __future__ import annotations

import importlib.util
import pathlib
from types import ModuleType

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import numpy as np

SCRIPT = pathlib.Path(__file__).resolve().parent.parent / "examples" / "rl_galician.py"
#: A run of a few rounds: 4 training rounds, evaluations of 2 held-out rounds.
TINY = ["--eval-every", "2", "--eval-progress", "2", "--eval-rounds", "2"]


def load() -> ModuleType:
    """The example as a module (examples/ is not a package)."""
    spec = importlib.util.spec_from_file_location("rl_galician", SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def example() -> ModuleType:
    return load()


def test_prints_the_win_rates_against_random_and_simple(
    example: ModuleType, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The run ends with one line giving the win rate vs the random and the simple bot."""
    assert example.main(["--episodes", "4", "--out", str(tmp_path), *TINY]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert last.startswith("after 4 training rounds, over 2 held-out rounds: win rate vs random ")
    assert ", vs simple " in last


def test_writes_the_plot(example: ModuleType, tmp_path: pathlib.Path) -> None:
    """With matplotlib, the win rate over training is saved as DIR/rl_galician.png."""
    pytest.importorskip("matplotlib")
    example.main(["--episodes", "2", "--out", str(tmp_path / "plots"), *TINY])
    png = tmp_path / "plots" / "rl_galician.png"
    assert png.read_bytes().startswith(b"\x89PNG")


def test_same_seed_same_run(
    example: ModuleType, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--episodes with the same --seed prints the same run, weights and win rates alike."""
    runs = []
    for _ in range(2):
        example.main(["--episodes", "2", "--seed", "3", "--out", str(tmp_path), *TINY])
        runs.append(capsys.readouterr().out)
    assert runs[0] == runs[1]
    assert "weights: draw stock " in runs[0]


def test_seconds_stop_training(
    example: ModuleType, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--seconds 0 trains no round: the wall clock bounds training."""
    example.main(["--seconds", "0", "--out", str(tmp_path), *TINY])
    assert "after 0 training rounds" in capsys.readouterr().out


def test_discard_features_see_pairs_and_runs(example: ModuleType) -> None:
    """A discard's features count the hand's other suits of its rank and its run neighbours."""
    hand = np.zeros((13, 4))
    for rank, suit in ((6, 0), (6, 1), (5, 0), (4, 0)):  # 7S 7H 6S 5S
        hand[rank, suit] = 1
    assert example.same_rank(hand, 6, 0) == 1.0
    assert example.neighbours(hand, 6, 0, 1) == 1.0
    assert example.neighbours(hand, 6, 0, 2) == 1.0
    assert example.neighbours(hand, 6, 1, 1) == 0.0
