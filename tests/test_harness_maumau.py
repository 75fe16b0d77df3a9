"""The shared random-play harness on Mau-Mau (RULES.md M), and exactness of legal_moves."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mexemexe as m
from mexemexe import Discard, Draw, Pass
from mexemexe import maumau as mm
from mexemexe import strategies as mst
from mexemexe.testing import check_deck_conserved
from tests.harness import assert_terminates, make_machine

PROFILES = [mm.MAUMAU, attrs.evolve(mm.MAUMAU, name="maumau-start", special_start_card=True)]


def deal(profile: mm.MauMauProfile, players: int, seed: int) -> mm.MauMauState:
    return mm.deal(profile, players, seed=seed, first_player=seed % players)


def check(state: mm.MauMauState) -> None:
    check_deck_conserved(state)
    assert state.discard_pile


def illegal_move(state: mm.MauMauState, data: st.DataObject) -> Any:
    card = data.draw(mst.naturals())
    suit = data.draw(st.sampled_from([None, *m.Suit]))
    kind = data.draw(st.sampled_from(["discard", "pass", "draw", "meld"]))
    if kind == "discard":
        return Discard(card, suit, data.draw(st.booleans()))
    if kind == "pass":
        return Pass()
    if kind == "draw":
        return Draw("discard")
    return m.LayDown([card])


GameMachine = make_machine(PROFILES, [2, 3, 6, 10], deal, check, illegal_move, mm.MauMauBot())
TestMauMauHarness = GameMachine.TestCase
TestMauMauHarness.settings = settings(
    TestMauMauHarness.settings, stateful_step_count=60, max_examples=40
)


@pytest.mark.parametrize("players", [2, 4, 10])
def test_random_legal_play_always_terminates(players: int) -> None:
    """M7: hands end when a player goes out, under random legal moves."""
    assert_terminates(deal, mm.MAUMAU, players, range(10), max_turns=50_000)


@settings(max_examples=40)
@given(st.integers(0, 10_000), st.integers(0, 80))
def test_legal_moves_are_exactly_the_applicable_moves(seed: int, steps: int) -> None:
    """Every listed move applies, and every move that applies is listed."""
    import random

    rng = random.Random(seed)
    state = deal(mm.MAUMAU, 3, seed)
    for _ in range(steps):
        if state.result is not None:
            return
        state = state.apply(rng.choice(state.legal_moves()))
    if state.result is not None:
        return
    legal = set(state.legal_moves())
    candidates = {Draw(), Draw("discard"), Pass()}
    for card in set(state.hand) | {m.Card.parse("AS")}:
        for suit in (None, *m.Suit):
            for announce in (False, True):
                candidates.add(Discard(card, suit, announce))
    for move in candidates | legal:
        try:
            state.apply(move)
            applies = True
        except m.IllegalMoveError:
            applies = False
        assert applies == (move in legal), move
