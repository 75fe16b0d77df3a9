"""The `rummikub-classic` profile: the classic initial meld (cited as R4).

A player's first play must be new melds from their own hand only, worth at
least 30 points, with no table card moved and nothing added to a table meld;
from their next turn on they may rearrange freely.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

import mexemexe as m
from mexemexe import Forfeit, IllegalMoveError, LayDown, LayOff, Play
from tests.helpers import assert_conserved

CLASSIC = m.get_profile("rummikub-classic")
SRC = str(Path(__file__).resolve().parents[1] / "src")

#: Player 0 holds a 30-point run and 10H that would extend the table's run.
HANDS = ["9S 10S JS 10H 2D", "KS 3C"]
TABLE = "7H 8H 9H"


def stacked(hands: list[str] = HANDS, table: str = TABLE) -> m.GameState:
    return m.deal(CLASSIC, hands=hands, table=table, seed=1)


def reasons(proposal: m.Proposal) -> str:
    return "; ".join(str(p) for p in proposal.problems)


def test_preset_is_registered() -> None:
    """rummikub-classic is a registered preset: Rummikub with a 30-point own-hand opening."""
    assert "rummikub-classic" in m.profile_names()
    assert (
        attrs.evolve(
            m.get_profile("rummikub"),
            name="rummikub-classic",
            description=CLASSIC.description,
            min_opening_points=30,
            opening_from_own_hand=True,
        )
        == CLASSIC
    )


def test_deal_by_name() -> None:
    """deal('rummikub-classic', ...) deals a Rummikub round under the classic profile."""
    state = m.deal("rummikub-classic", players=3, seed=4)
    assert state.profile is CLASSIC
    assert [len(h) for h in state.hands] == [11, 11, 11]


def test_opening_need_is_the_minimum_until_opened() -> None:
    """Profile.opening_need: min_opening_points before the first play, 0 after."""
    assert (CLASSIC.opening_need(False), CLASSIC.opening_need(True)) == (30, 0)


def test_may_use_table_only_after_opening() -> None:
    """Profile.may_use_table: False before a classic initial meld, True after and elsewhere."""
    assert (CLASSIC.may_use_table(False), CLASSIC.may_use_table(True)) == (False, True)
    assert m.get_profile("rummikub").may_use_table(False)


def test_discard_games_refuse_the_setting() -> None:
    """opening_from_own_hand needs a shared table: a discard profile with it is refused."""
    with pytest.raises(m.ProfileError, match="opening_from_own_hand"):
        attrs.evolve(m.get_profile("galician"), opening_from_own_hand=True)


def test_first_play_that_rearranges_is_refused() -> None:
    """A first play that adds a hand card to a table meld is refused, citing R4."""
    proposal = stacked().propose("7H 8H 9H 10H | 9S 10S JS")
    assert not proposal
    assert any(p.rule == "R4" and "initial meld" in p.message for p in proposal.problems)


def test_first_play_that_moves_a_table_card_is_refused() -> None:
    """A first play that splits a table meld to use its cards is refused, citing R4."""
    state = stacked(["7S 7D 2D 9S 10S JS", "KS 3C"], table="7H 8H 9H 10H")
    proposal = state.propose("8H 9H 10H | 7H 7S 7D | 9S 10S JS")
    assert not proposal
    assert "initial meld" in reasons(proposal)


def test_first_play_of_thirty_from_hand_is_accepted() -> None:
    """A first play of new melds from the hand worth 30 points is accepted."""
    state = stacked().play("7H 8H 9H | 9S 10S JS")
    assert state.opened == (True, False)
    assert_conserved(state)


def test_first_play_in_another_order_is_accepted() -> None:
    """Table melds rewritten in another order are unchanged melds: the play is accepted."""
    assert stacked().propose("9S JS 10S | 9H 8H 7H")


def test_first_play_under_thirty_is_refused() -> None:
    """A first play from the hand worth under 30 points is refused, citing R4."""
    state = stacked(["2S 3S 4S 9D", "KS 3C"])
    proposal = state.propose("7H 8H 9H | 2S 3S 4S")
    assert "first play must be worth 30" in reasons(proposal)
    assert all(p.rule == "R4" for p in proposal.problems)


def test_rearranging_works_after_opening() -> None:
    """From the player's next turn on, a play may add to table melds."""
    state = stacked().play("7H 8H 9H | 9S 10S JS").draw()
    assert state.current_player == 0
    after = state.play("7H 8H 9H 10H | 9S 10S JS")
    assert_conserved(after)


def test_legal_moves_offer_no_lay_off_before_opening() -> None:
    """Before the initial meld the listing offers the 30-point meld and no lay-off."""
    plays = [move for move in stacked().legal_moves() if isinstance(move, (LayDown, LayOff))]
    assert [type(move) for move in plays] == [LayDown]
    assert len(stacked().apply(plays[0]).table.melds) == 2


def test_legal_moves_offer_lay_offs_after_opening() -> None:
    """After the initial meld the listing offers lay-offs again."""
    state = stacked(["9S 10S JS 10H 2D 3D", "KS 3C"])
    state = state.play("7H 8H 9H | 9S 10S JS").draw()
    assert LayOff("10H", 0) in state.legal_moves()
    assert "10H" in str(state.apply(LayOff("10H", 0)).table)


def test_hint_before_opening_keeps_the_table() -> None:
    """hint() before the initial meld adds new melds from the hand to the unchanged table."""
    move = stacked().hint()
    assert move == LayDown("9S 10S JS")  # as the listing gives it
    assert stacked().apply(move).table.melds[0] == stacked().table.melds[0]


def test_hint_draws_when_no_opening_reaches_thirty() -> None:
    """hint() draws when the hand alone cannot open with 30, even if a rearrangement could."""
    state = stacked(["2S 3S 4S 10H", "KS 3C"])
    assert state.hint() == m.Draw()


@pytest.mark.parametrize("bot", [m.SimpleBot(), m.GreedyBot()], ids=["simple", "greedy"])
def test_bots_open_from_the_hand(bot: m.Bot) -> None:
    """SimpleBot and GreedyBot open with a legal initial meld (no lay-off onto the table)."""
    state = stacked()
    move = bot.choose(state.view(0))
    assert isinstance(move, Play)
    assert state.propose(move.table)


@pytest.mark.parametrize("name", ["simple", "greedy", "random"])
def test_full_round_conserves_the_deck(name: str) -> None:
    """A full round with each bot ends with the deck conserved and no refused play."""
    bots = [m.bots.BOTS[name](seat) for seat in range(3)]
    state = m.deal(CLASSIC, players=3, seed=11)
    final, record = m.play_round(state, bots)
    assert final.is_over
    assert_conserved(final)
    if name != "random":  # a random bot may pick the listed forfeit itself
        assert not any(isinstance(move, Forfeit) for move in record.moves)


def test_simulate_runs_the_classic_profile() -> None:
    """simulate('rummikub-classic', ...) plays its rounds with every kind of bot."""
    result = m.simulate("rummikub-classic", ["greedy", "simple", "random"], games=5, seed=1)
    assert result.games == 5


def test_cli_simulates_the_classic_profile() -> None:
    """The CLI plays the classic profile: simulate --profile rummikub-classic exits 0."""
    command = [sys.executable, "-m", "mexemexe", "simulate", "--profile", "rummikub-classic"]
    done = subprocess.run(
        [*command, "--bots", "simple,random", "--games", "3"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": SRC},
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "rummikub-classic" in done.stdout


def test_play_is_refused_by_apply() -> None:
    """Committing a rearranging first play raises IllegalMoveError and changes nothing."""
    state = stacked()
    with pytest.raises(IllegalMoveError, match="initial meld"):
        state.play("7H 8H 9H 10H | 9S 10S JS")
    assert state.hands[0] == stacked().hands[0]


def test_deprecated_best_listing_keeps_to_the_initial_meld() -> None:
    """legal_moves(best=True) before the initial meld lists only legal plays."""
    state = stacked(["9S 10S JS QS 10H 2D", "KS 3C"])
    with pytest.warns(DeprecationWarning, match="best"):
        moves = state.legal_moves(best=True)
    plays = [move for move in moves if isinstance(move, (LayDown, LayOff, Play))]
    assert plays
    for play in plays:
        state.apply(play)


def test_best_play_of_an_unopened_state_keeps_to_the_initial_meld() -> None:
    """R4: the solver's best play for a player who has not opened is one the engine accepts."""
    checked = 0
    for seed in range(8):
        state = m.deal("rummikub-classic", players=4, seed=seed)
        for _ in range(12):
            if state.is_over:
                break
            if state.table.melds and not state.opened[state.current_player]:
                best = m.best_play(state, time_limit=2)
                if best.moves:
                    after = state.apply(best.moves[0])
                    assert all(meld in after.table.melds for meld in state.table.melds)
                    assert state.profile.hand_points(best.placed) >= 30
                    checked += 1
            state = state.apply(m.SimpleBot().choose(state.view(state.current_player)))
    assert checked >= 3
