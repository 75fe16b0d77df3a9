"""Hostile input on a turn: probes of `GameState.propose` learn nothing hidden (B3, B6, R4, G4)."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import mexemexe as m
from mexemexe import IllegalMoveError

BR = m.get_profile("brazilian")
RK = m.get_profile("rummikub")
GA = m.get_profile("galician")


def refusal(fn) -> IllegalMoveError:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalMoveError) as info:
        fn()
    return info.value


def test_propose_refuses_a_player_out_of_turn() -> None:
    """B3: a proposal by a player whose turn it is not is refused, as `play` refuses it."""
    state = m.deal(BR, hands=["7H 8H 9H 2C", "KS QS"], seed=1)
    probe = refusal(lambda: state.propose("7H 8H 9H", player=1))
    played = refusal(lambda: state.play("7H 8H 9H", player=1))
    assert probe.problems == played.problems
    assert str(probe) == str(played)
    assert [p.rule for p in probe.problems] == ["B3"]


def test_propose_out_of_turn_never_shows_the_current_hand() -> None:
    """B3, B6: a full-deck probe by another player is refused before the hand is looked at."""
    state = m.deal(BR, players=3, seed=4)
    probe = " ".join(map(str, BR.deck()))
    error = refusal(lambda: state.propose(probe, player=2))
    assert error.problems == (m.Problem("a player moves only on their own turn", "B3"),)
    assert not any(card in str(error) for card in map(str, state.hand))


def test_propose_by_the_current_player_is_answered() -> None:
    """B6: the current player's proposal is answered as without ``player``."""
    state = m.deal(BR, hands=["7H 8H 9H 2C", "KS QS"], seed=1)
    assert state.propose("7H 8H 9H", player=0) == state.propose("7H 8H 9H")
    assert state.propose("7H 8H 9H", player=0)


def test_propose_out_of_turn_is_refused_in_the_discard_game() -> None:
    """G4: the discard game refuses a proposal out of turn with the turn's rule."""
    state = m.deal(GA, players=2, seed=3)
    error = refusal(lambda: state.propose("7H 8H 9H", player=1))
    assert [p.rule for p in error.problems] == ["G4"]


def test_propose_reads_the_text_before_the_turn_as_play_does() -> None:
    """B3: bad notation out of turn is a `NotationError` for `propose` as for `play`."""
    state = m.deal(BR, players=2, seed=3)
    with pytest.raises(m.NotationError):
        state.propose("7H 8X", player=1)
    with pytest.raises(m.NotationError):
        state.play("7H 8X", player=1)


def _reshuffled_others(state: m.GameState, rng: random.Random) -> m.GameState:
    """``state`` with the other hands and the stock dealt afresh from their own cards.

    The proposer's hand, the table and the discard pile stay; the hidden cards
    (other hands and stock) are shuffled and split anew, sizes included.
    """
    me = state.current_player
    hidden = [c for i, h in enumerate(state.hands) if i != me for c in h] + list(state.stock)
    rng.shuffle(hidden)
    hands = list(state.hands)
    for i in range(len(hands)):
        if i != me:
            take = rng.randint(1, min(len(hidden), 14))  # an empty hand would end the round
            hands[i], hidden = tuple(hidden[:take]), hidden[take:]
    return attrs.evolve(state, hands=hands, stock=hidden)


def _probe(state: m.GameState, rng: random.Random) -> m.Table:
    """A proposal a prober might send: the table, regrouped or not, plus cards of the deck."""
    deck = list(state.profile.deck())
    melds = [list(meld) for meld in state.table.melds]
    kind = rng.randrange(4)
    if kind == 0:  # every card of the deck in one meld: the classic probe
        melds.append(deck)
    elif kind == 1:  # new melds of random deck cards
        for _ in range(rng.randint(1, 4)):
            melds.append(rng.sample(deck, rng.randint(1, 5)))
    elif kind == 2:  # deck cards added to the table's melds
        for _ in range(rng.randint(1, 4)):
            if melds:
                rng.choice(melds).append(rng.choice(deck))
            else:
                melds.append([rng.choice(deck)])
    else:  # the table's cards regrouped, some dropped, with the hand's cards
        cards = [c for meld in melds for c in meld] + list(state.hand)
        rng.shuffle(cards)
        cards = cards[: rng.randint(1, len(cards))]
        melds = [cards[i : i + 3] for i in range(0, len(cards), 3)]
    return m.Table([tuple(meld) for meld in melds if meld])


@given(
    st.sampled_from([BR, RK, GA]),
    st.integers(2, 4),
    st.integers(0, 2**32 - 1),
    st.integers(0, 6),
)
def test_a_proposal_never_depends_on_the_hidden_cards(
    profile: m.Profile, players: int, seed: int, turns: int
) -> None:
    """B6, R4: other hands and the stock, dealt anew, never change what a proposal answers."""
    rng = random.Random(seed)
    state = m.deal(profile, players=players, seed=seed)
    bots = [m.SimpleBot()] * players
    for _ in range(turns):  # a few turns, for a table to probe
        if state.is_over:
            break
        state = state.apply(bots[state.current_player].choose(state.view(state.current_player)))
    proposal = _probe(state, rng)
    answer = state.propose(proposal, player=state.current_player)
    for _ in range(3):
        other = _reshuffled_others(state, rng)
        again = other.propose(proposal, player=other.current_player)
        assert (again.placed, again.problems) == (answer.placed, answer.problems)
        assert str(again) == str(answer)


def test_a_proposal_of_a_megabyte_table_is_refused_at_once_with_one_problem() -> None:
    """§0: a proposed table holding more cards than the deck gets one problem, not one a meld."""
    state = m.deal("brazilian", players=2, seed=1)
    proposal = state.propose("AS|" * 333_333, player=0)
    assert not proposal
    assert len(proposal.problems) == 1
    with pytest.raises(m.IllegalMoveError) as err:
        state.play("AS|" * 333_333, player=0)
    assert len(str(err.value)) < 1_000


def test_an_illegal_move_message_shows_a_bounded_number_of_problems() -> None:
    """An IllegalMoveError with many problems keeps a short message and every problem."""
    problems = [m.Problem(f"problem {k}", "B6") for k in range(50)]
    err = m.IllegalMoveError("illegal play", problems)
    assert len(err.problems) == 50
    assert "and 40 more" in str(err)


def test_a_megabyte_play_in_the_discard_game_gets_a_short_message() -> None:
    """G4: refusing a huge proposed play quotes a bounded head of it, not the whole move."""
    state = m.deal("galician", players=2, seed=1)
    with pytest.raises(m.IllegalMoveError) as err:
        state.play("AS|" * 333_333, player=0)
    assert len(str(err.value)) < 2_000


def test_a_table_report_lists_a_bounded_number_of_problems() -> None:
    """str() of the report on a huge invalid table stays short; the report keeps every problem."""
    report = m.get_profile("brazilian").validate_table("AS|" * 1_000)
    assert len(report.problems) > 1_000
    assert len(str(report)) < 5_000
