"""Shared test configuration: hypothesis profiles, and the opt-in slow set.

``ci`` (the default) is derandomized and quick, so every run of the suite
sees the same examples. ``deep`` explores far more: run it locally with
``HYPOTHESIS_PROFILE=deep python -m pytest``.

Tests marked ``slow`` (the long random-play harness) are skipped unless
``--run-slow`` is given: ``python -m pytest --run-slow -m slow`` runs only them.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    derandomize=True,
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.register_profile(
    "deep",
    max_examples=2_000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--run-slow", action="store_true", default=False, help="also run the tests marked slow"
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--run-slow"):
        return
    skip = pytest.mark.skip(reason="slow: run with --run-slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
