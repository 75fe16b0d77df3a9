"""simulate on Dask: a LocalCluster's executor gives the local run's totals, survives lost workers.

Needs the ``distributed`` extra (``pip install "mexemexe[distributed]"``);
skipped without it. The clusters are small (two worker processes of one
thread) and the runs short.
"""

from __future__ import annotations

import logging
import os
import pathlib
import subprocess
import sys
import textwrap
from collections.abc import Iterator

import pytest

import mexemexe as m
from tests.selfplay_faults import KillsItsWorkerOnce, RaisesOnce

distributed = pytest.importorskip("distributed")
dask = pytest.importorskip("dask")

SRC = pathlib.Path(m.__file__).resolve().parent.parent


def start_cluster() -> distributed.LocalCluster:
    return distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=":0",
        silence_logs=logging.CRITICAL,
    )


@pytest.fixture(scope="module")
def client() -> Iterator[distributed.Client]:
    with start_cluster() as cluster, distributed.Client(cluster) as dask_client:
        yield dask_client


def totals(result: m.SimulationResult) -> tuple[object, ...]:
    """What the rounds gave (a seat's name holds a marker's path, so it is left out)."""
    return (result.profile_name, result.games, result.wins, result.scores, result.turns)


@pytest.mark.parametrize("game", ["galician", "maumau"])
def test_dask_gives_the_local_runs_totals(client: distributed.Client, game: str) -> None:
    """The same seed on a Dask cluster gives exactly the totals of a run in this process."""
    seats = ["simple", "random", m.RandomBot]
    local = m.simulate(game, seats, games=12, seed=21)
    on_dask = m.simulate(game, seats, games=12, seed=21, executor=client.get_executor())
    assert on_dask == local


def test_dask_reports_progress_once_a_round(client: distributed.Client) -> None:
    """The progress callback counts every round once, in order, up to the total."""
    seen: list[tuple[int, int]] = []
    m.simulate(
        "maumau",
        ["simple", "simple"],
        games=10,
        executor=client.get_executor(),
        chunksize=3,
        progress=lambda done, total: seen.append((done, total)),
    )
    assert seen == [(done, 10) for done in range(1, 11)]


def test_dask_retries_a_task_that_failed(
    client: distributed.Client, tmp_path: pathlib.Path
) -> None:
    """A task that raised is submitted again: a new key, though Dask's tasks are pure by default."""
    seats = [RaisesOnce(str(tmp_path / "failed")), "simple"]
    local = m.simulate("galician", [m.RandomBot, "simple"], games=8, seed=5)
    retried = m.simulate(
        "galician", seats, games=8, seed=5, executor=client.get_executor(), chunksize=2, retries=1
    )
    assert (tmp_path / "failed").exists()
    assert totals(retried) == totals(local)


#: A bot class as a user's script or notebook defines it: its module cannot be
#: imported on the workers, so cloudpickle sends the class itself.
USERS_BOT = """
class FirstMoveBot:
    def choose(self, view):
        return view.legal_moves()[0]
"""


def test_a_bot_class_from_no_importable_module_plays_on_dask(client: distributed.Client) -> None:
    """A bot class whose module the workers cannot import reaches them by value."""
    namespace: dict[str, object] = {"__name__": "users_notebook"}
    exec(USERS_BOT, namespace)
    seats = [namespace["FirstMoveBot"], "random"]
    local = m.simulate("galician", seats, games=6, seed=3)  # type: ignore[arg-type]
    on_dask = m.simulate(
        "galician",
        seats,  # type: ignore[arg-type]
        games=6,
        seed=3,
        executor=client.get_executor(),
    )
    assert on_dask == local


SCRIPT = '''
import sys

from distributed import Client, LocalCluster

import mexemexe as m


class FirstMoveBot:
    """A bot of the user's own script: it plays the first legal move."""

    def choose(self, view):
        return view.legal_moves()[0]


if __name__ == "__main__":
    seats = [FirstMoveBot, "random"]
    local = m.simulate("galician", seats, games=6, seed=3)
    with LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=":0") as cluster:
        with Client(cluster) as client:
            on_dask = m.simulate("galician", seats, games=6, seed=3, executor=client.get_executor())
    print(on_dask == local, on_dask.bots[0])
'''


@pytest.mark.slow
def test_a_bot_class_of_the_users_script_plays_on_dask(tmp_path: pathlib.Path) -> None:
    """A bot defined in the script that starts the cluster reaches the workers by value."""
    script = tmp_path / "my_run.py"
    script.write_text(textwrap.dedent(SCRIPT), encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, str(script)],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(SRC)},
        timeout=300,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["True", "FirstMoveBot"]


def test_a_worker_killed_mid_run_is_replaced_and_nothing_counts_twice(
    client: distributed.Client, tmp_path: pathlib.Path
) -> None:
    """A worker process killed in a task: Dask runs its tasks again, each round counted once."""
    marker = tmp_path / "killed"
    seats = [KillsItsWorkerOnce(str(marker)), "simple"]
    local = m.simulate("maumau", [m.RandomBot, "simple"], games=12, seed=8)
    seen: list[int] = []
    survived = m.simulate(
        "maumau",
        seats,
        games=12,
        seed=8,
        executor=client.get_executor(),
        chunksize=3,
        progress=lambda done, total: seen.append(done),
    )
    assert marker.read_text(encoding="utf-8") != str(os.getpid())  # a worker died, not this
    assert totals(survived) == totals(local)
    assert seen == list(range(1, 13))


@pytest.mark.slow
def test_a_lost_worker_dask_gave_up_on_is_resubmitted_by_simulate(
    tmp_path: pathlib.Path,
) -> None:
    """With no failures allowed, Dask raises KilledWorker and simulate's ``retries`` resubmit."""
    marker = tmp_path / "killed"
    seats = [KillsItsWorkerOnce(str(marker)), "simple"]
    local = m.simulate("maumau", [m.RandomBot, "simple"], games=12, seed=8)
    seen: list[int] = []
    with (
        dask.config.set({"distributed.scheduler.allowed-failures": 0}),
        start_cluster() as cluster,
        distributed.Client(cluster) as dask_client,
    ):
        survived = m.simulate(
            "maumau",
            seats,
            games=12,
            seed=8,
            executor=dask_client.get_executor(),
            chunksize=3,
            retries=1,
            progress=lambda done, total: seen.append(done),
        )
    assert marker.read_text(encoding="utf-8") != str(os.getpid())  # a worker died, not this
    assert totals(survived) == totals(local)
    assert seen == list(range(1, 13))
