"""``legal_moves()`` on a shared table lists the moves that need no search (B6, B7, R3, R4).

The draw or the pass, the forfeit, every new meld from the hand and every
single-card lay-off onto one table meld; never the solver. ``best=`` is
deprecated: passing it warns, and ``best=True`` still appends the solver's play.
"""

from __future__ import annotations

import random
import warnings

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mexemexe as m
from mexemexe import Draw, Forfeit, LayDown, LayOff, Pass, Play
from mexemexe._meld_finder import find_melds

BR = m.get_profile("brazilian")
RK = m.get_profile("rummikub")
RK_OPEN = attrs.evolve(RK, name="rk-open20", min_opening_points=20)
#: The moves the listing gives for plays that need no rearranging (B6, R4).
PLAYS = (LayDown, LayOff)


def stacked(profile: m.Profile, hand: str, table: str = "", seed: int = 1) -> m.GameState:
    return m.deal(profile, hands=[hand, "KS"], table=table, seed=seed)


def shape(table: m.Table) -> tuple[tuple[int, ...], ...]:
    """A table as a multiset of melds, each a multiset of card codes."""
    return tuple(sorted(tuple(sorted(card.code for card in meld)) for meld in table.melds))


def plays(state: m.GameState) -> list[m.Table]:
    """The tables the listed melds and lay-offs make, as ``apply`` makes them."""
    return [state.apply(move).table for move in state.legal_moves() if isinstance(move, PLAYS)]


def listed(state: m.GameState, table: str) -> bool:
    want = shape(m.parse_table(table))
    return any(shape(found) == want for found in plays(state))


# -- what is listed -----------------------------------------------------------------


def test_order_draw_forfeit_melds_then_lay_offs() -> None:
    """B6: the draw, the forfeit, the new melds, then the lay-offs, in that order."""
    free_draw = attrs.evolve(BR, draw_only_without_simple_play=False)  # B6's restriction off
    state = stacked(free_draw, "9S 9D 9C 8H", table="5H 6H 7H")
    moves = state.legal_moves()
    assert moves[:2] == (Draw(), Forfeit())
    assert [str(move) for move in moves[2:]] == ["meld 9S 9D 9C", "layoff 8H 0"]
    assert [str(table) for table in plays(state)] == ["5H 6H 7H | 9S 9D 9C", "5H 6H 7H 8H"]


def test_a_card_extending_a_run_at_either_end() -> None:
    """B6: a card just past either end of a run is a lay-off; the run's other melds stay."""
    state = stacked(BR, "4H 8H 2C", table="5H 6H 7H | 9C 9D 9S")
    assert listed(state, "4H 5H 6H 7H | 9C 9D 9S")
    assert listed(state, "5H 6H 7H 8H | 9C 9D 9S")
    assert not listed(state, "5H 6H 7H | 9C 9D 9S 2C")


def test_a_card_completing_a_group() -> None:
    """§0: a group takes a suit of its rank it lacks, up to four cards."""
    state = stacked(BR, "9H 9S", table="9C 9D 9S")
    assert listed(state, "9C 9D 9S 9H")
    assert len(plays(state)) == 1  # 9S repeats a suit


def test_brazilian_joker_replaced_stays_in_its_run() -> None:
    """B7: the card takes the joker's place and the joker moves to an end of the same run."""
    state = stacked(BR, "6H 2C", table="5H JK 7H")
    assert listed(state, "5H 6H 7H JK")
    move = next(move for move in state.legal_moves() if isinstance(move, PLAYS))
    assert move == LayOff("6H", 0)  # the same cards as the table 5H 6H 7H JK
    after = state.apply(move)
    assert after.hands[0] == m.parse_cards("2C")
    assert m.get_profile("brazilian").validate_table(after.table)


def test_brazilian_lay_offs_respect_the_joker_rules() -> None:
    """B5: no joker in a group, at most one joker in a run; a natural still completes a group."""
    assert not listed(stacked(BR, "JK 2C", table="7S 7H 7D"), "7S 7H 7D JK")
    assert not listed(stacked(BR, "JK 2C", table="5H JK 7H"), "5H JK 7H JK")
    assert listed(stacked(BR, "JK 2C", table="5H 6H 7H"), "5H 6H 7H JK")
    assert listed(stacked(BR, "7C 2C", table="7S 7H 7D"), "7S 7H 7D 7C")


def test_rummikub_free_jokers_join_groups_and_move_within_them() -> None:
    """R3: a joker may join a group; a natural of a missing suit takes a group joker's place."""
    assert listed(stacked(RK, "JK 2C", table="7S 7H 7D"), "7S 7H 7D JK")
    assert listed(stacked(RK, "7D 2C", table="7S 7H JK"), "7S 7H 7D JK")


def test_a_joker_that_would_leave_its_meld_is_no_lay_off() -> None:
    """B6, R3: a joker freed from a full group needs another meld: a rearrangement, not listed."""
    state = stacked(RK, "7C 2C", table="7S 7H 7D JK")
    assert plays(state) == []
    assert not state.propose("7S 7H 7D 7C JK")


def test_each_distinct_lay_off_once_per_meld() -> None:
    """Two copies of a card give one lay-off per meld; each of two melds written alike gets one."""
    state = stacked(RK, "8H 8H 2C", table="5H 6H 7H | 5H 6H 7H")
    assert [str(move) for move in state.legal_moves()[2:]] == ["layoff 8H 0", "layoff 8H 1"]
    assert [str(table) for table in plays(state)] == [
        "5H 6H 7H 8H | 5H 6H 7H",
        "5H 6H 7H | 5H 6H 7H 8H",
    ]


def test_melds_differing_only_in_joker_places_are_one_lay_down() -> None:
    """R3: 7H 8H 9H JK as 6-9 or 7-10 is one meld of the same cards: one LayDown."""
    state = stacked(RK, "7H 8H 9H JK 2C", table="")
    downs = [move for move in state.legal_moves() if isinstance(move, LayDown)]
    assert len(downs) == len(set(downs))
    assert downs.count(LayDown("7H 8H 9H JK")) == 1


def test_no_whole_table_play_is_listed() -> None:
    """B6: the listing gives melds and lay-offs as LayDown and LayOff, never a whole table."""
    state = stacked(RK, "4H 8H 9H JK 2C QS QH", table="5H 6H 7H | 9C 9D 9S")
    moves = state.legal_moves()
    assert any(isinstance(move, LayDown) for move in moves)
    assert any(isinstance(move, LayOff) for move in moves)
    assert not any(isinstance(move, Play) for move in moves)


def test_lay_offs_onto_every_meld_a_card_extends() -> None:
    """One play per meld the card extends."""
    state = stacked(RK, "8H 2C", table="5H 6H 7H | 8S 8D 8C | 9H 10H JH")
    assert sorted(str(table) for table in plays(state)) == [
        "5H 6H 7H 8H | 8S 8D 8C | 9H 10H JH",
        "5H 6H 7H | 8S 8D 8C | 8H 9H 10H JH",
        "5H 6H 7H | 8S 8H 8D 8C | 9H 10H JH",
    ]


def test_the_opening_minimum_filters_melds_and_lay_offs() -> None:
    """An opening minimum: before a first play, only the melds and lay-offs that reach it."""
    state = stacked(RK_OPEN, "AC 2C 3C 8H KS KH KD", table="5H 6H 7H")
    assert [str(table) for table in plays(state)] == ["5H 6H 7H | KS KH KD"]
    opened = attrs.evolve(state, opened=(True, False))
    assert sorted(str(table) for table in plays(opened)) == [
        "5H 6H 7H 8H",
        "5H 6H 7H | AC 2C 3C",
        "5H 6H 7H | KS KH KD",
    ]


def test_an_empty_stock_lists_the_pass_or_the_draw() -> None:
    """R6: an empty stock under 'pass' lists the pass; B9: under 'end_round', the draw."""
    for profile, first in ((RK, Pass()), (BR, Draw())):
        state = stacked(profile, "2C", table="")
        empty = attrs.evolve(state, stock=(), hands=(state.hands[0], state.hands[1] + state.stock))
        assert empty.legal_moves()[:2] == (first, Forfeit())


def test_no_solver_is_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """Listing the moves never calls the solver."""
    from mexemexe import solver

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the solver was called")

    monkeypatch.setattr(solver, "best_play", refuse)
    state = stacked(RK, "4H 8H 9H JK 2C QS QH", table="5H 6H 7H | 9C 9D 9S")
    assert len(state.legal_moves()) > 2
    assert state.view(0).legal_moves() == state.legal_moves()


def test_not_my_turn_lists_nothing() -> None:
    state = stacked(RK, "8H 2C", table="5H 6H 7H")
    assert state.view(1).legal_moves() == ()


# -- best= is deprecated -------------------------------------------------------------


@pytest.mark.parametrize("best", [True, False])
def test_passing_best_warns(best: bool) -> None:
    """``best=`` warns on a state and on a view, and still works (True appends the best play)."""
    state = stacked(RK, "4H 8H 9H JK 2C", table="5H 6H 7H | 9C 9D 9S")
    with pytest.warns(DeprecationWarning, match=r"hint\(\)"):
        moves = state.legal_moves(best=best)
    with pytest.warns(DeprecationWarning, match="best"):
        assert state.view(0).legal_moves(best=best) == moves
    plain = state.legal_moves()
    assert moves == ((*plain, state.hint()) if best else plain)


def test_galician_best_warns_too() -> None:
    state = m.deal("galician", players=2, seed=4)
    with pytest.warns(DeprecationWarning, match="best"):
        assert state.legal_moves(best=False) == state.legal_moves()


def test_the_library_never_passes_best() -> None:
    """Bots, hints, rounds and simulations use the plain listing: no warning."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for name in ("brazilian", "rummikub", "galician-jokers"):
            state = m.deal(name, players=3, seed=5)
            state.hint()
            m.play_round(state, [m.SimpleBot(), m.RandomBot(1), m.RandomBot(2)])
        m.simulate("rummikub", ["random", "simple"], games=2, seed=3)


# -- every listed move is legal; every single-card lay-off is listed -----------------


def random_position(profile: m.Profile, players: int, seed: int, moves: int) -> m.GameState:
    """A mid-game position: ``moves`` uniformly random listed moves from a seeded deal."""
    rng = random.Random(seed)
    state = m.deal(profile, players, seed=seed)
    for _ in range(moves):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_moves()))
    return state


def accepted_lay_offs(state: m.GameState) -> dict[LayOff, tuple[tuple[int, ...], ...]]:
    """Every lay-off of a hand card onto one meld that ``propose`` accepts, with its table's shape.

    Validity never depends on the written order (§0), so adding the card at
    the end covers every order; a joker that takes another place moves
    within the meld, and one leaving the meld would change a second meld.
    """
    found = {}
    melds = state.table.melds
    for card in set(state.hand):
        for i, meld in enumerate(melds):
            table = m.Table((*melds[:i], (*meld, card), *melds[i + 1 :]))
            if state.propose(table).ok:
                found[LayOff(card, i)] = shape(table)
    return found


def accepted_lay_downs(state: m.GameState) -> dict[LayDown, tuple[tuple[int, ...], ...]]:
    """Every meld the hand can make alone that ``propose`` accepts as the play, with its shape."""
    found = {}
    for meld in find_melds(state.hand, state.profile):
        table = m.Table((*state.table.melds, meld))
        if state.propose(table).ok:
            found[LayDown(meld)] = shape(table)
    return found


def check_listing(state: m.GameState) -> None:
    """The listed melds and lay-offs are exactly the accepted ones, each applies to its table."""
    moves = state.legal_moves()
    assert len(set(moves)) == len(moves)  # no move twice
    downs = accepted_lay_downs(state)
    offs = accepted_lay_offs(state)
    assert [move for move in moves if isinstance(move, LayDown)] == list(downs)
    assert {move for move in moves if isinstance(move, LayOff)} == set(offs)
    # The tables they make: the plays of one new meld or one card the listing
    # gave as whole tables before it gave these moves.
    made = {shape(state.apply(move).table) for move in moves if isinstance(move, PLAYS)}
    assert made == {*downs.values(), *offs.values()}
    for move in moves:
        state.apply(move)


@settings(max_examples=60, deadline=None)
@given(
    profile=st.sampled_from([BR, RK, RK_OPEN]),
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32),
    moves=st.integers(0, 80),
)
def test_listed_moves_apply_and_lay_offs_are_all_listed(
    profile: m.Profile, players: int, seed: int, moves: int
) -> None:
    """Every listed move is accepted by ``apply``; every accepted meld and lay-off is listed."""
    state = random_position(profile, players, seed, moves)
    if state.is_over:
        return
    check_listing(state)


def play_heavy_positions(profile: m.Profile, seed: int, turns: int) -> list[m.GameState]:
    """The positions of a seeded round where mostly listed melds and lay-offs are played.

    A `SimpleBot` turn now and then lays down several melds at once, as a whole table.
    """
    rng = random.Random(seed)
    state = m.deal(profile, 2 + seed % 3, seed=seed)
    seen = []
    for _ in range(turns):
        if state.is_over:
            break
        seen.append(state)
        moves = state.legal_moves()
        plays = [move for move in moves if isinstance(move, PLAYS)]
        if rng.random() < 0.2:
            move = m.SimpleBot().choose(state.view(state.current_player))
        elif plays and rng.random() < 0.8:
            move = rng.choice(plays)
        else:
            move = rng.choice(moves)
        state = state.apply(move)
    return seen


SHARED = [p for p in map(m.get_profile, m.profile_names()) if p.turn_structure == "shared_table"]
B5 = attrs.evolve(BR, name="brazilian-b5", repeated_suits="later_turn")


@pytest.mark.parametrize("profile", [*SHARED, RK_OPEN, B5], ids=lambda p: p.name)
def test_listing_is_every_single_meld_and_lay_off_over_many_positions(profile: m.Profile) -> None:
    """B6, R4 (B5, B7): over many positions the listed LayDown and LayOff are the legal ones."""
    checked = 0
    for seed in range(8):
        for state in play_heavy_positions(profile, seed, 90)[::3]:
            check_listing(state)
            checked += 1
    assert checked > 100
