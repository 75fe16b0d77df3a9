"""B6: a draw only without a simple play (``draw_only_without_simple_play``, issue #29 item 1)."""

from __future__ import annotations

from itertools import combinations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mexemexe as m
from mexemexe import (
    Draw,
    Forfeit,
    GreedyBot,
    IllegalMoveError,
    LayDown,
    Pass,
    Play,
    RandomBot,
    SimpleBot,
)

BR = m.get_profile("brazilian")
RK = m.get_profile("rummikub")
#: The built-in presets (other tests register more profiles).
PRESETS = ("brazilian", "rummikub", "rummikub-classic", "galician", "galician-jokers")
#: The classic initial meld (R4) with B6's restriction on.
CLASSIC_B6 = attrs.evolve(
    m.get_profile("rummikub-classic"), name="classic-b6", draw_only_without_simple_play=True
)


def stacked(profile: m.Profile, hands: list[str], table: str = "") -> m.GameState:
    return m.deal(profile, hands=hands, table=table, seed=1)


def refusal(state: m.GameState) -> m.Problem:
    with pytest.raises(IllegalMoveError) as info:
        state.draw()
    (problem,) = info.value.problems
    return problem


def test_b6_the_setting_is_on_for_brazilian_only() -> None:
    """B6: draw_only_without_simple_play is true for brazilian and false for the other presets."""
    on = {name for name in PRESETS if m.get_profile(name).draw_only_without_simple_play}
    assert on == {"brazilian"}


def test_b6_no_draw_while_the_hand_holds_a_meld() -> None:
    """B6: holding a valid meld by itself, the player may not draw; the problem cites B6."""
    problem = refusal(stacked(BR, ["7H 8H 9H 2C", "KS"]))
    assert problem.rule == "B6"
    assert "7H 8H 9H" in problem.message


def test_b6_no_draw_while_a_card_extends_a_table_meld() -> None:
    """B6: holding a card that extends one table meld as it stands, the player may not draw."""
    problem = refusal(stacked(BR, ["8D 2C 5S", "KS"], table="5D 6D 7D"))
    assert problem.rule == "B6"
    assert "8D" in problem.message


def test_b6_no_draw_while_a_card_takes_a_jokers_place() -> None:
    """B6: a card that takes a table joker's place, the joker moving within the meld, is simple."""
    state = stacked(BR, ["6H 2C 9S", "KS"], table="5H JK 7H")
    assert refusal(state).rule == "B6"


def test_b6_a_draw_without_any_simple_play_is_accepted() -> None:
    """B6b: with no meld in hand and no card to add, the player draws."""
    state = stacked(BR, ["2C 5S 9D", "KS"], table="5H 6H 7H")
    assert len(state.draw().hands[0]) == 4


def test_b6_a_rearrangement_never_forces_a_play() -> None:
    """B6: a play that needs table cards moved (5H out of the run) leaves the draw allowed."""
    state = stacked(BR, ["5S 5D KC", "KS"], table="5H 6H 7H 8H")
    assert state.propose("6H 7H 8H | 5H 5S 5D").ok
    assert Draw() in state.legal_moves()
    assert len(state.draw().hands[0]) == 4


def test_b6_legal_moves_leave_out_the_draw_while_a_simple_play_exists() -> None:
    """B6: legal_moves lists the forfeit and the plays, no draw, while a simple play exists."""
    moves = stacked(BR, ["7H 8H 9H 2C", "KS"]).legal_moves()
    assert Draw() not in moves
    assert moves[0] == Forfeit()
    assert LayDown("7H 8H 9H") in moves


def test_b6_forfeit_stays_allowed() -> None:
    """B6, B8: a player with a simple play may still forfeit the turn."""
    state = stacked(BR, ["7H 8H 9H 2C", "KS"])
    assert state.forfeit_turn().current_player == 1


def test_b6_the_setting_off_lets_the_draw_through() -> None:
    """B6: with draw_only_without_simple_play=False a player holding a meld may draw."""
    free = attrs.evolve(BR, name="brazilian-free", draw_only_without_simple_play=False)
    state = stacked(free, ["7H 8H 9H 2C", "KS"])
    assert Draw() in state.legal_moves()
    assert len(state.draw().hands[0]) == 5


def test_b6_no_draw_from_an_empty_stock_while_a_simple_play_exists() -> None:
    """B6, B9: the draw that would end the round on an empty stock is refused like any draw."""
    state = stacked(BR, ["7H 8H 9H 2C", "KS"])
    empty = _stock_to_player_1(state)
    assert Draw() not in empty.legal_moves()
    assert refusal(empty).rule == "B6"


def _stock_to_player_1(state: m.GameState) -> m.GameState:
    """``state`` with the whole stock in player 1's hand: the stock is empty."""
    rest = tuple(sorted((*state.hands[1], *state.stock), key=lambda card: card.code))
    return attrs.evolve(state, stock=(), hands=(state.hands[0], rest))


def test_b6_passing_on_an_empty_stock_is_not_a_draw() -> None:
    """B6, R6 [decision]: with the setting on, a pass on an empty stock stays allowed."""
    profile = attrs.evolve(RK, name="rummikub-b6", draw_only_without_simple_play=True)
    empty = _stock_to_player_1(stacked(profile, ["7H 8H 9H 2C", "KS"]))
    assert Pass() in empty.legal_moves()
    assert empty.pass_turn().passes == 1


def test_b6_before_the_initial_meld_a_meld_short_of_the_minimum_is_no_simple_play() -> None:
    """B6, R4: before opening, a meld worth less than the opening minimum does not block a draw."""
    state = stacked(CLASSIC_B6, ["2C 3C 4C KS", "KD"])
    assert len(state.draw().hands[0]) == 5


def test_b6_before_the_initial_meld_a_lay_off_is_no_simple_play() -> None:
    """B6, R4: before a classic initial meld nothing is laid off, so a lay-off blocks no draw."""
    state = stacked(CLASSIC_B6, ["KH 2C 5S", "KD"], table="10H JH QH")
    assert len(state.draw().hands[0]) == 4


def test_b6_before_the_initial_meld_a_meld_reaching_the_minimum_blocks_the_draw() -> None:
    """B6, R4: before opening, a meld from the hand worth the opening minimum is a simple play."""
    state = stacked(CLASSIC_B6, ["10H JH QH 2C", "KD"])
    assert refusal(state).rule == "B6"
    assert Draw() not in state.legal_moves()


def _never_a_refused_move(bot: m.Bot, seed: int, players: int = 2, turns: int = 400) -> None:
    state = m.deal(BR, players=players, seed=seed)
    for _ in range(turns):
        if state.result is not None:
            return
        move = bot.choose(state.view(state.current_player))
        state = state.apply(move)  # an IllegalMoveError here fails the test


@pytest.mark.parametrize("seed", range(6))
def test_b6_simple_bot_never_chooses_a_refused_draw(seed: int) -> None:
    """B6: SimpleBot's every move in Brazilian rounds is accepted: it never draws with a play."""
    _never_a_refused_move(SimpleBot(), seed, players=3)


@pytest.mark.parametrize("seed", range(6))
def test_b6_random_bot_never_chooses_a_refused_draw(seed: int) -> None:
    """B6: RandomBot picks among legal_moves, which leave the refused draw out."""
    _never_a_refused_move(RandomBot(seed), seed)


@pytest.mark.parametrize("seed", range(2))
def test_b6_greedy_bot_never_chooses_a_refused_draw(seed: int) -> None:
    """B6: GreedyBot (and the SimpleBot it falls back to) never draws with a play."""
    _never_a_refused_move(GreedyBot(time_limit=0.05), seed, turns=40)


def _brute_force_simple_play(state: m.GameState) -> bool:
    """B6 by brute force: some 3 hand cards make a meld, or one hand card extends a table meld."""
    profile, hand = state.profile, state.hand
    # A valid meld of 3 or more cards holds a valid meld of 3 (§0, at most one joker a run, B5).
    if any(profile.is_valid_meld(three) for three in combinations(hand, 3)):
        return True
    return any(profile.is_valid_meld((*meld, card)) for meld in state.table for card in hand)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), moves=st.integers(0, 40))
def test_b6_no_draw_is_accepted_while_a_simple_play_exists(seed: int, moves: int) -> None:
    """B6 (property): a draw is accepted, and listed, exactly when no simple play exists."""
    state = m.deal(BR, players=2, seed=seed)
    bot = RandomBot(seed)
    for _ in range(moves):
        if state.result is not None:
            return
        simple = _brute_force_simple_play(state)
        listed = Draw() in state.legal_moves()
        try:
            state.draw()
            accepted = True
        except IllegalMoveError:
            accepted = False
        assert accepted == listed == (not simple)
        state = state.apply(bot.choose(state.view(state.current_player)))


def test_r6_presets_let_a_player_pass_with_a_play() -> None:
    """R6 [decision]: pass_only_without_simple_play is false in every preset."""
    assert not any(m.get_profile(name).pass_only_without_simple_play for name in PRESETS)


def test_r6_the_decision_as_a_setting_refuses_a_pass_with_a_simple_play() -> None:
    """R6: with pass_only_without_simple_play a pass on an empty stock needs no simple play."""
    profile = attrs.evolve(RK, name="rummikub-no-idle-pass", pass_only_without_simple_play=True)
    empty = _stock_to_player_1(stacked(profile, ["7H 8H 9H 2C", "KS"]))
    with pytest.raises(IllegalMoveError) as info:
        empty.pass_turn()
    assert info.value.problems[0].rule == "R6"
    assert Pass() not in empty.legal_moves()
    assert isinstance(SimpleBot().choose(empty.view(0)), Play)


def test_r6_the_setting_lets_a_player_without_a_simple_play_pass() -> None:
    """R6: with pass_only_without_simple_play, a hand with no simple play still passes."""
    profile = attrs.evolve(RK, name="rummikub-no-idle-pass", pass_only_without_simple_play=True)
    empty = _stock_to_player_1(stacked(profile, ["2C 5S 9D", "KS"]))
    assert empty.pass_turn().passes == 1
