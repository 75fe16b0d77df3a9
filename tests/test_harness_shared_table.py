"""The shared random-play harness on the shared-table profiles (§0, B, R)."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import settings
from hypothesis import strategies as st

import mexemexe as m
from mexemexe import strategies as mst
from tests.harness import assert_terminates, make_machine
from tests.helpers import assert_conserved

BR = m.get_profile("brazilian")
RK = m.get_profile("rummikub")
PROFILES = [
    BR,
    RK,
    attrs.evolve(BR, name="br-2j-3p", jokers=2, failed_play_penalty=3),
    attrs.evolve(RK, name="rk-open30", failed_play_penalty=1, min_opening_points=30),
    m.get_profile("rummikub-classic"),
]


def deal(profile: m.Profile, players: int, seed: int) -> m.GameState:
    return m.deal(profile, players=players, seed=seed)


def check(state: m.GameState) -> None:
    assert_conserved(state)
    assert state.profile.validate_table(state.table), "the table is always valid"
    assert len(state.hands) == len(state.opened)
    if state.result is not None:
        assert len(state.result.scores) == state.players


def illegal_move(state: m.GameState, data: st.DataObject) -> Any:
    """Moves that are usually illegal: bad tables, passes with stock, a discard draw."""
    melds = list(state.table.melds)
    kind = data.draw(st.sampled_from(["foreign", "drop", "lonely", "extend", "pass", "discard"]))
    if kind == "foreign":
        card = data.draw(mst.cards(state.profile))
        return m.Play([*melds, (card,)])
    if kind == "drop" and melds:
        i = data.draw(st.integers(0, len(melds) - 1))
        hand = state.hand[:1]
        return m.Play([*melds[:i], *melds[i + 1 :], hand] if hand else melds[:i] + melds[i + 1 :])
    if kind in ("lonely", "extend") and state.hand:
        card = data.draw(st.sampled_from(state.hand))
        if kind == "lonely" or not melds:
            return m.Play([*melds, (card,)])
        i = data.draw(st.integers(0, len(melds) - 1))
        return m.Play([*melds[:i], (*melds[i], card), *melds[i + 1 :]])
    if kind == "pass":
        return m.Pass()
    return m.Draw("discard")


GameMachine = make_machine(PROFILES, [2, 3, 4, 6], deal, check, illegal_move, m.SimpleBot())
TestSharedTableHarness = GameMachine.TestCase
TestSharedTableHarness.settings = settings(
    TestSharedTableHarness.settings, stateful_step_count=40, max_examples=40
)


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_random_legal_play_always_terminates(profile: m.Profile) -> None:
    """Rounds end (out, stock or blocked) under random legal moves (B9, R6)."""
    assert_terminates(deal, profile, 4, range(12))


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_bot_rounds_end_and_replay(profile: m.Profile) -> None:
    """Bots play whole rounds to an end, and each record replays exactly."""
    for seed in range(3):
        final, record = m.play_round(deal(profile, 4, seed), [m.SimpleBot()] * 4)
        assert final.result is not None
        assert record.replay() == final
