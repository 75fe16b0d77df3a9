"""Helpers shared by the tests: a full, independent conservation count."""

from __future__ import annotations

import mexemexe as m
from mexemexe.testing import check_deck_conserved


def assert_conserved(state: m.GameState) -> None:
    """§0: stock + discard pile + hands + table is exactly the profile's deck.

    The count is the public harness's own, independent of the state's checks.
    """
    check_deck_conserved(state)
