"""simulate's retries on any executor: a failed task is submitted again, each round counted once."""

from __future__ import annotations

import concurrent.futures as cf
import pathlib

import pytest

import mexemexe as m
from tests.selfplay_faults import RaisesOnce


def totals(result: m.SimulationResult) -> tuple[object, ...]:
    """What the rounds gave (a seat's name holds the marker's path, so it is left out)."""
    return (result.profile_name, result.games, result.wins, result.scores, result.turns)


def test_a_task_that_fails_once_is_retried_with_the_same_totals(tmp_path: pathlib.Path) -> None:
    """With ``retries=1`` a failed chunk runs again, and the totals are the local run's."""
    seats = [RaisesOnce(str(tmp_path / "failed")), "simple"]
    local = m.simulate("galician", [m.RandomBot, "simple"], games=9, seed=4)
    seen: list[tuple[int, int]] = []
    with cf.ThreadPoolExecutor(max_workers=2) as pool:
        retried = m.simulate(
            "galician",
            seats,
            games=9,
            seed=4,
            executor=pool,
            chunksize=2,
            retries=1,
            progress=lambda done, total: seen.append((done, total)),
        )
    assert (tmp_path / "failed").exists()  # it did fail once
    assert totals(retried) == totals(local)
    assert seen == [(done, 9) for done in range(1, 10)]  # each round counted once


def test_without_retries_a_failed_task_raises(tmp_path: pathlib.Path) -> None:
    """By default (``retries=0``) the first failure is raised, as before."""
    seats = [RaisesOnce(str(tmp_path / "failed")), "simple"]
    with (
        cf.ThreadPoolExecutor(max_workers=2) as pool,
        pytest.raises(RuntimeError, match="transient"),
    ):
        m.simulate("galician", seats, games=4, seed=4, executor=pool, chunksize=2)


def test_retries_on_worker_processes(tmp_path: pathlib.Path) -> None:
    """A chunk that failed in a worker process is retried there, with the local run's totals."""
    seats = [RaisesOnce(str(tmp_path / "failed")), "simple"]
    local = m.simulate("maumau", [m.RandomBot, "simple"], games=6, seed=2)
    retried = m.simulate("maumau", seats, games=6, seed=2, workers=2, chunksize=3, retries=2)
    assert totals(retried) == totals(local)


@pytest.mark.parametrize("retries", [-1, 1.5, True, "2"])
def test_simulate_rejects_retries_that_are_no_count(retries: object) -> None:
    """``retries`` is a whole number of at least 0."""
    with pytest.raises(ValueError, match="retries must be a whole number"):
        m.simulate("maumau", ["simple", "simple"], games=1, retries=retries)  # type: ignore[arg-type]
