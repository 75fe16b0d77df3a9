"""The shared random-play harness on Galician rummy, and exactness of legal_moves (G4-G12)."""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mexemexe as m
from mexemexe import Discard, Draw, LayDown, LayOff, SwapJoker
from mexemexe import strategies as mst
from tests.harness import assert_terminates, make_machine
from tests.helpers import assert_conserved

GA = m.get_profile("galician")
GJ = m.get_profile("galician-jokers")
PROFILES = [GA, GJ, attrs.evolve(GA, name="galician-high", ace="low_or_high", max_recycles=1)]


def deal(profile: m.Profile, players: int, seed: int) -> m.GameState:
    return m.deal(profile, players=players, seed=seed, first_player=seed % players)


def check(state: m.GameState) -> None:
    assert_conserved(state)
    assert state.profile.validate_table(state.table), "the table is always valid"
    assert [len(o) for o in state.owners] == [len(x) for x in state.table]
    assert state.phase in ("draw", "meld")
    if state.phase == "draw":
        assert state.taken is None
        assert state.jokers_owed == 0


def illegal_move(state: m.GameState, data: st.DataObject) -> Any:
    """Moves of every kind with random arguments: mostly illegal."""
    card = data.draw(mst.cards(state.profile))
    index = data.draw(st.integers(0, len(state.table) + 1))
    kind = data.draw(st.sampled_from(["discard", "layoff", "meld", "swap", "draw", "play", "pass"]))
    if kind == "discard":
        return Discard(card)
    if kind == "layoff":
        return LayOff(card, index)
    if kind == "meld":
        cards = data.draw(st.lists(mst.cards(state.profile), min_size=1, max_size=4))
        return LayDown(cards)
    if kind == "swap":
        return SwapJoker(card, index)
    if kind == "draw":
        return Draw(data.draw(st.sampled_from(["stock", "discard"])))
    if kind == "play":
        return m.Play([*state.table.melds, (card,)])
    return m.Pass()


GameMachine = make_machine(PROFILES, [2, 3, 4, 6], deal, check, illegal_move, m.SimpleBot())
TestGalicianHarness = GameMachine.TestCase
TestGalicianHarness.settings = settings(
    TestGalicianHarness.settings, stateful_step_count=50, max_examples=40
)


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_random_legal_play_always_terminates(profile: m.Profile) -> None:
    """G6/G8: rounds end by going out or by the recycle cap under random legal moves."""
    assert_terminates(deal, profile, 4, range(8), max_turns=20_000)


# -- exactness of legal_moves -------------------------------------------------------------


def candidates(state: m.GameState) -> set[m.Move]:
    """Every move worth trying: all draws, and moves built from every card and meld."""
    moves: set[m.Move] = {Draw(), Draw("discard"), m.Pass(), m.Forfeit()}
    hand = state.hand
    kinds = sorted(set(hand), key=lambda c: c.code)
    for card in m.Card.from_code(0), m.JOKER, *kinds:
        moves.add(Discard(card))
        for i in range(len(state.table) + 1):
            moves.add(LayOff(card, i))
            if card != m.JOKER:
                moves.add(SwapJoker(card, i))
    for size in range(1, len(hand) + 1):
        for subset in combinations(hand, size):
            moves.add(LayDown(subset))
    return moves


def random_state(profile: m.Profile, seed: int, steps: int) -> m.GameState:
    rng = random.Random(seed)
    state = deal(profile, 3, seed)
    for _ in range(steps):
        if state.result is not None:
            break
        state = state.apply(rng.choice(state.legal_moves()))
    return state


@settings(max_examples=25)
@given(st.sampled_from(PROFILES), st.integers(0, 10_000), st.integers(0, 60))
def test_legal_moves_are_exactly_the_applicable_moves(
    profile: m.Profile, seed: int, steps: int
) -> None:
    """Every listed move applies, and every move that applies is listed."""
    state = random_state(profile, seed, steps)
    if state.result is not None or len(state.hand) > 12:
        return
    legal = set(state.legal_moves())
    assert len(legal) == len(state.legal_moves()), "no duplicates"
    for move in candidates(state) | legal:
        try:
            state.apply(move)
            applies = True
        except m.IllegalMoveError:
            applies = False
        assert applies == (move in legal), move


def test_bots_play_full_rounds_on_both_profiles() -> None:
    """Seeded 4-player rounds with simple bots end and replay exactly (G6)."""
    for profile in (GA, GJ):
        for seed in range(4):
            final, record = m.play_round(deal(profile, 4, seed), [m.SimpleBot()] * 4)
            assert final.result is not None
            assert record.replay() == final
