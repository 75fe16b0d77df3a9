"""Scenario tests for the shared-table games, one or more per rule (RULES.md B and R)."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mexemexe as m
from mexemexe import Draw, Forfeit, IllegalMoveError, LayDown, Pass, Play
from tests.helpers import assert_conserved

BR = m.get_profile("brazilian")
RK = m.get_profile("rummikub")
#: Brazilian with B6's draw restriction off: these tests draw whatever the hand holds.
BR_DRAW = attrs.evolve(BR, name="brazilian-draw", draw_only_without_simple_play=False)


def stacked(profile: m.Profile, hands: list[str], table: str = "", seed: int = 1) -> m.GameState:
    return m.deal(profile, hands=hands, table=table, seed=seed)


def problems(state: m.GameState, table: str) -> str:
    proposal = state.propose(table)
    assert not proposal, f"{table} should be illegal"
    return "; ".join(str(p) for p in proposal.problems)


# -- B3: turn order ----------------------------------------------------------------


def test_b3_play_passes_in_index_order() -> None:
    """B3: player 0 starts and play passes to the next player in index order."""
    state = m.deal(BR_DRAW, players=3, seed=2)
    order = []
    for _ in range(4):
        order.append(state.current_player)
        state = state.draw()
    assert order == [0, 1, 2, 0]


# -- B6: play or draw ----------------------------------------------------------------


def test_b6_laying_down_a_new_meld() -> None:
    """B6a: a new table = old table plus cards from the hand, every meld valid."""
    state = stacked(BR, ["7H 8H 9H 2C", "KS"])
    after = state.play("7H 8H 9H")
    assert after.hands[0] == m.parse_cards("2C")
    assert after.table == m.parse_table("7H 8H 9H")
    assert after.current_player == 1
    assert after.last is not None
    assert after.last.placed == m.parse_cards("7H 8H 9H")


def test_b6_regrouping_the_table_freely() -> None:
    """B6a: table cards may be regrouped freely into new valid melds."""
    state = stacked(BR, ["6S 6D 2C", "KS"], table="3H 4H 5H 6H 7H 8H 9H")
    proposal = state.propose("3H 4H 5H | 6S 6H 6D | 7H 8H 9H")
    assert proposal
    assert proposal.placed == m.parse_cards("6S 6D")
    assert state.play(proposal.table).hands[0] == m.parse_cards("2C")


def test_b6_no_table_card_returns_to_the_hand() -> None:
    """B6 (rules 12, 13): dropping a table card is illegal."""
    state = stacked(BR, ["9H 2C", "KS"], table="5H 6H 7H 8H")
    text = problems(state, "6H 7H 8H 9H")
    assert "table cards taken off the table" in text
    assert "(B6)" in text


def test_b6_a_play_adds_at_least_one_card() -> None:
    """B6 (rule 10): a play must add a card from the hand."""
    state = stacked(BR, ["9H 2C", "KS"], table="5H 6H 7H 8H")
    assert "no card from the hand is added" in problems(state, "5H 6H | 7H 8H")


def test_b6_cards_must_come_from_the_hand() -> None:
    """B6: a card not in the player's hand cannot be played."""
    state = stacked(BR, ["9H 2C", "KS"], table="5H 6H 7H 8H")
    assert "10H: not in player 0's hand" in problems(state, "5H 6H 7H 8H 9H 10H")


def test_b6_every_meld_must_be_valid() -> None:
    """B6/rule 10: all melds on the table stay valid (3+ cards)."""
    state = stacked(BR, ["9H 2C", "KS"], table="5H 6H 7H 8H")
    text = problems(state, "5H 6H | 7H 8H 9H")
    assert "meld 0 (5H 6H): run of 2 cards" in text


def test_b6_draw_takes_one_card_and_ends_the_turn() -> None:
    """B6b: a draw takes the top stock card into the hand; the turn ends."""
    state = m.deal(BR_DRAW, players=2, seed=3)
    top = state.stock[-1]
    after = state.draw()
    assert top in after.hands[0]
    assert len(after.hands[0]) == 12
    assert len(after.stock) == len(state.stock) - 1
    assert after.current_player == 1
    assert after.table == state.table


# -- B7: table jokers ----------------------------------------------------------------


def test_b7_a_table_joker_cannot_move_into_a_group() -> None:
    """B7 (rules 14-16): a joker on the table must stay in a valid run."""
    state = stacked(BR, ["5S 5D 2C", "KS"], table="4H 5H 6H JK")
    text = problems(state, "4H 5H 6H | 5S 5D JK")
    assert "meld 1 (5S 5D JK): joker not allowed in a group (B5)" in text
    assert "a joker already on the table must stay in a valid run (B7)" in text
    state = stacked(BR, ["5S 5D 2C", "KS"], table="4H 5H JK 7H")
    text = problems(state, "4H 5H | JK 7H 5S 5D")
    assert "a joker already on the table must stay in a valid run (B7)" in text


def test_b7_is_cited_while_a_joker_lies_in_a_kept_meld() -> None:
    """B7: an invalid meld with a joker is flagged while jokers lie on the table, even untouched."""
    state = stacked(BR, ["5S 5D JK", "KS"], table="4H 5H JK 7H")
    kept = state.table.melds[0]
    proposal = state.propose(m.Table([kept, m.parse_cards("5S 5D JK")]))
    assert not proposal
    text = "; ".join(str(p) for p in proposal.problems)
    assert "a joker already on the table must stay in a valid run (B7)" in text


def test_b7_a_table_joker_may_move_to_another_run() -> None:
    """B7: a table joker may move, as long as it stays in a valid run."""
    state = stacked(BR, ["6H 9C 10C", "KS"], table="4H 5H JK 7H")
    assert state.propose("4H 5H 6H 7H | 9C 10C JK")


def test_b7_a_table_joker_cannot_return_to_the_hand() -> None:
    """B7/B6: a joker cannot be taken off the table."""
    state = stacked(BR, ["6H", "KS"], table="4H 5H JK 7H")
    assert "taken off the table" in problems(state, "4H 5H 6H 7H")


# -- B8: failed plays ----------------------------------------------------------------


def test_b8_illegal_play_raises_and_changes_nothing() -> None:
    """B8: an invalid proposal is refused with its reasons; the state is untouched."""
    state = stacked(BR, ["7S 7H 2C", "KS"])
    before = state.to_dict()
    with pytest.raises(IllegalMoveError, match="joker") as info:
        state.play("7S 7H JK")
    assert info.value.problems
    assert isinstance(info.value, ValueError)
    assert state.to_dict() == before


def test_b8_propose_validates_without_committing() -> None:
    """B8: the engine can validate a play without committing it."""
    state = stacked(BR, ["7H 8H 9H", "KS"])
    proposal = state.propose("7H 8H 9H")
    assert proposal.ok
    assert state.table == m.Table()
    assert "legal play placing 7H 8H 9H" in str(proposal)


def test_b8_forfeit_draws_one_penalty_card_and_ends_the_turn() -> None:
    """B8 (rule 18): after a failed play the player draws one penalty card."""
    state = m.deal(BR, players=2, seed=3)
    after = state.forfeit_turn()
    assert len(after.hands[0]) == 12
    assert after.current_player == 1
    assert after.last is not None
    assert after.last.penalty


# -- B9: end of the round ------------------------------------------------------------


def test_b9_going_out_wins_the_round() -> None:
    """B9: the player who empties the hand ('bater') wins the round."""
    state = stacked(BR, ["7H 8H 9H", "KS QS 2C"])
    after = state.play("7H 8H 9H")
    assert after.is_over
    assert after.result is not None
    assert after.result.reason == "out"
    assert after.result.winners == (0,)
    with pytest.raises(IllegalMoveError, match="the round is over"):
        after.draw()


def test_b9_empty_stock_ends_the_round_when_a_player_must_draw() -> None:
    """B9 [decision]: the round ends as soon as a player would draw from the empty stock."""
    state = empty_stock(BR_DRAW, ["KS QS", "4C 8D"])
    after = state.draw()
    assert after.result is not None
    assert after.result.reason == "stock"
    assert after.result.winners == (1,)
    assert after.hands == state.hands


def test_b9_lowest_hand_tie_is_shared() -> None:
    """B9 [decision]: a tie for the lowest hand is a shared win."""
    state = empty_stock(BR_DRAW, ["KS", "KD", "KC QC"])
    result = state.draw().result
    assert result is not None
    assert result.winners == (0, 1)


def test_b9_unshared_ties_leave_no_winner() -> None:
    """share_tied_wins=False: a tie for the lowest hand wins nothing."""
    variant = attrs.evolve(BR_DRAW, share_tied_wins=False)
    result = empty_stock(variant, ["KS", "KD"]).draw().result
    assert result is not None
    assert result.winners == ()


def test_b9_forfeit_with_too_few_cards_ends_the_round() -> None:
    """B9: a penalty that would draw from the empty stock ends the round."""
    state = empty_stock(BR, ["KS QS", "4C 8D"])
    result = state.forfeit_turn().result
    assert result is not None
    assert result.reason == "stock"


# -- B10, B11 ------------------------------------------------------------------------


def test_b10_penalty_points_left_in_hand() -> None:
    """B10: every player scores the points left in hand (A=1 … K=13, joker=30)."""
    state = empty_stock(BR_DRAW, ["KS 9H JK", "4C 8D"])
    result = state.draw().result
    assert result is not None
    assert result.hand_points == (52, 12)
    assert result.scores == (52, 12)


def test_b10_provisional_score_during_a_round() -> None:
    """score() during a round gives the standing if it ended now."""
    state = stacked(BR, ["AS KS", "2C 3D"])
    score = state.score()
    assert not score.final
    assert score.hand_points == (14, 5)
    assert score.winners == (1,)


def test_b11_no_discard_pile() -> None:
    """B11: the shared-table games have no discard, so no drawing from it."""
    state = m.deal(BR, players=2, seed=1)
    assert state.discard_pile == ()
    with pytest.raises(IllegalMoveError, match="no discard pile"):
        state.draw("discard")


# -- R: Rummikub-style ---------------------------------------------------------------


def test_r3_jokers_move_freely_between_melds_and_into_groups() -> None:
    """R3: a joker may be moved freely, into a run or a group, without replacement."""
    state = stacked(RK, ["5S 5D 2C", "KS"], table="4H 5H JK 7H 8H")
    assert not state.propose("4H 5H | JK 7H 8H | 5S 5D").ok  # 4H 5H too short
    state = stacked(RK, ["6H 5S 5D", "KS"], table="4H 5H JK 7H 8H")
    assert state.propose("4H 5H 6H 7H 8H | 5S 5D JK")


def test_r4_no_minimum_opening() -> None:
    """R4: there is no minimum opening value; any valid meld may open."""
    assert RK.min_opening_points == 0
    assert stacked(RK, ["AS 2S 3S 9D", "KS"]).propose("AS 2S 3S")


def test_r4_minimum_opening_when_a_variant_sets_it() -> None:
    """min_opening_points is enforced on a player's first play only."""
    variant = attrs.evolve(RK, min_opening_points=30)
    state = stacked(variant, ["AS 2S 3S QD QH QC 9D", "KS"])
    assert "first play must be worth 30" in problems(state, "AS 2S 3S")
    opened = state.play("QD QH QC").draw()
    assert opened.propose("QD QH QC | AS 2S 3S")


def test_r4_draw_leaves_the_table_untouched() -> None:
    """R4: a draw takes one card with the table untouched."""
    state = stacked(RK, ["AS", "KS"], table="7H 8H 9H")
    assert state.draw().table is state.table


def test_r5_failed_turn_draws_three() -> None:
    """R5: a failed or timed-out turn draws 3 penalty cards."""
    state = m.deal(RK, players=2, seed=3)
    assert len(state.forfeit_turn().hands[0]) == 14


def test_r5_penalty_of_one_by_setting() -> None:
    """R5: the room setting may make the penalty 1 card."""
    variant = attrs.evolve(RK, failed_play_penalty=1)
    assert len(m.deal(variant, players=2, seed=3).forfeit_turn().hands[0]) == 12


def test_r6_empty_stock_means_pass_not_draw() -> None:
    """R6: with an empty stock play goes on without drawing; a player passes."""
    state = empty_stock(RK, ["KS QS", "4C 8D"])
    with pytest.raises(IllegalMoveError, match="pass instead"):
        state.draw()
    after = state.pass_turn()
    assert after.current_player == 1
    assert after.passes == 1
    assert Pass() in state.legal_moves()
    assert Draw() not in state.legal_moves()


def test_r6_pass_needs_an_empty_stock() -> None:
    """R6: passing is not allowed while the stock has cards."""
    with pytest.raises(IllegalMoveError, match="draw instead"):
        m.deal(RK, players=2, seed=1).pass_turn()


def test_r6_everyone_passing_blocks_the_round() -> None:
    """R6 [decision]: every player passing in a row with an empty stock blocks the round."""
    state = empty_stock(RK, ["KS QS", "4C 8D", "4H"])
    state = state.pass_turn().pass_turn()
    assert not state.is_over
    state = state.pass_turn()
    assert state.result is not None
    assert state.result.reason == "blocked"
    assert state.result.winners == (2,)


def test_r6_a_play_resets_the_pass_count() -> None:
    """R6: the blocked count is of passes in a row."""
    state = empty_stock(RK, ["KS QS", "4C 8D"]).pass_turn()
    assert state.passes == 1
    five = m.Card.parse("5C")
    melds = [(m.Card.parse("4C"), *meld) if meld[0] == five else meld for meld in state.table]
    after = state.play(melds)
    assert after.passes == 0
    assert not after.is_over


def test_r6_forfeit_with_empty_stock_counts_as_a_pass() -> None:
    """R6: a forfeit that can draw nothing is a pass, so the round still terminates."""
    state = empty_stock(RK, ["KS", "KD"])
    state = state.forfeit_turn().forfeit_turn()
    assert state.result is not None
    assert state.result.reason == "blocked"


def test_r8_zero_sum_scoring() -> None:
    """R8: the winner gets the opponents' hand points; each loser minus their own."""
    state = stacked(RK, ["7H 8H 9H", "KS QS", "JK 2C"])
    result = state.play("7H 8H 9H").result
    assert result is not None
    assert result.hand_points == (0, 25, 32)
    assert result.scores == (57, -25, -32)
    assert sum(result.scores) == 0


# -- moves, legal moves, players ---------------------------------------------------------


def test_apply_accepts_move_objects_and_text() -> None:
    """apply takes Move values or their text form."""
    state = stacked(BR_DRAW, ["7H 8H 9H 2C", "KS"])
    assert state.apply(Play("7H 8H 9H")) == state.apply("play 7H 8H 9H") == state.play("7H 8H 9H")
    assert state.apply(Draw()) == state.apply("draw") == state.draw()
    assert state.apply(Forfeit()) == state.forfeit_turn()


def test_a_move_by_the_wrong_player_is_illegal() -> None:
    """A move made out of turn is refused and changes nothing."""
    state = m.deal(BR_DRAW, players=2, seed=1)
    with pytest.raises(IllegalMoveError, match="player 0's turn, not player 1's"):
        state.draw(player=1)
    assert state.draw(player=0).current_player == 1


def test_legal_moves_are_all_legal() -> None:
    """Every listed move applies without error."""
    state = stacked(BR_DRAW, ["7H 8H 9H 9S 9D JK 2C", "KS"])
    moves = state.legal_moves()
    assert Draw() in moves
    assert Forfeit() in moves
    assert LayDown("7H 8H 9H") in moves
    assert LayDown("9S 9D JK") not in moves  # B5: no joker in a Brazilian group
    for move in moves:
        assert_conserved(state.apply(move))


def test_custom_variant_plays_with_no_code_change() -> None:
    """A Brazilian variant with 2 jokers and a 3-card penalty plays by its fields."""
    variant = attrs.evolve(BR, name="br-2j-3p", jokers=2, failed_play_penalty=3)
    state = m.deal(variant, players=4, seed=11)
    assert len(state.stock) == 106 - 44
    after = state.forfeit_turn()
    assert len(after.hands[0]) == 14
    final, record = m.play_round(state, [m.SimpleBot()] * 4)
    assert final.is_over
    assert record.replay() == final


def empty_stock(profile: m.Profile, hands: list[str]) -> m.GameState:
    """A stacked position whose stock is empty: every card not in a hand is on the table.

    The deck is laid out as runs A-3, 4-8 and 9-K of each suit and copy, with
    the jokers extending the A-3 runs; each hand card is taken from a meld
    that stays valid without it.
    """
    melds: list[list[m.Card]] = []
    for suit in m.Suit:
        for _copy in range(profile.decks):
            for lo, hi in ((1, 3), (4, 8), (9, 13)):
                melds.append([m.Card(m.Rank(v), suit) for v in range(lo, hi + 1)])
    for k in range(profile.jokers):
        melds[3 * k].append(m.JOKER)
    for hand in hands:
        for card in m.parse_cards(hand):
            for meld in melds:
                rest = list(meld)
                if card in rest:
                    rest.remove(card)
                    if profile.is_valid_meld(rest):
                        meld[:] = rest
                        break
            else:
                raise AssertionError(f"cannot take {card} off the layout")
    state = m.deal(profile, hands=hands, table=m.Table(melds), seed=1)
    assert state.stock == ()
    return state


# -- propose: shared meld objects and equal copies ------------------------------------


@settings(max_examples=60, deadline=None)
@given(
    profile=st.sampled_from([BR, RK]),
    seed=st.integers(0, 10_000),
    turns=st.integers(0, 40),
    data=st.data(),
)
def test_propose_does_not_depend_on_meld_identity(
    profile: m.Profile, seed: int, turns: int, data: st.DataObject
) -> None:
    """B6-B8, R3-R4: a proposal's verdict is the same for kept meld objects and equal copies."""
    state = m.deal(profile, 3, seed=seed)
    bots = [m.SimpleBot()] * 3
    for _ in range(turns):
        if state.is_over:
            break
        state = state.apply(bots[state.current_player].choose(state.view(state.current_player)))
    if state.is_over:
        return
    melds = list(state.table.melds)
    hand = list(state.hand)
    # Random edits: drop melds, move a table card, lay hand cards into melds or alone.
    for _ in range(data.draw(st.integers(0, 4), label="edits")):
        kind = data.draw(st.sampled_from(["drop", "move", "lay"]), label="kind")
        if kind == "drop" and melds:
            melds.pop(data.draw(st.integers(0, len(melds) - 1)))
        elif kind == "move" and len(melds) > 1:
            src = data.draw(st.integers(0, len(melds) - 1))
            dst = data.draw(st.integers(0, len(melds) - 1))
            card, *rest = melds[src]
            melds[src] = tuple(rest)
            melds[dst] = (*melds[dst], card)
        elif kind == "lay" and hand:
            card = hand.pop(data.draw(st.integers(0, len(hand) - 1)))
            if melds and data.draw(st.booleans()):
                i = data.draw(st.integers(0, len(melds) - 1))
                melds[i] = (*melds[i], card)
            else:
                melds.append((card,))
    melds = [meld for meld in melds if meld]
    shared = state.propose(m.Table(melds))
    copied = state.propose(m.Table([(*meld,) for meld in melds]))  # new tuple objects
    assert shared.ok == copied.ok
    assert shared.placed == copied.placed
    assert shared.problems == copied.problems
    # What a play places is the new table minus the old one, as multisets (B6).
    before, after = Counter(state.table.cards()), Counter(c for meld in melds for c in meld)
    assert shared.placed == tuple(sorted((after - before).elements()))


def test_an_invalid_meld_kept_from_the_table_is_still_reported() -> None:
    """§0, B6: keeping a table meld that was never valid leaves the proposal illegal."""
    deck = list(BR.deck())
    bad = (deck[0], deck[1], deck[2])  # two copies of one card and another suit: no meld
    assert not BR.is_valid_meld(bad)
    rest = deck[3:]
    with pytest.raises(m.InvalidStateError):  # the public constructor refuses such a state
        m.GameState(BR, hands=[rest[:11], rest[11:22]], table=[bad], stock=rest[22:])
    # The engines' unchecked successor can still hold one: the proposal check must not trust it.
    state = m.deal(BR, 2, seed=1)._successor(
        hands=(tuple(rest[:11]), tuple(rest[11:22])), table=m.Table([bad]), stock=tuple(rest[22:])
    )
    run = m.find_melds(state.hand, BR)[0]
    proposal = state.propose(m.Table([state.table.melds[0], run]))
    assert not proposal
    assert any(problem.meld_index == 0 for problem in proposal.problems)
    again = state.propose(m.Table([state.table.melds[0], run]))
    assert not again
