"""Scenario tests for Galician rummy, one or more per rule (RULES.md G1-G12)."""

from __future__ import annotations

import attrs
import pytest

import mexemexe as m
from mexemexe import Discard, Draw, IllegalMoveError, LayDown, LayOff, Match, SwapJoker
from tests.helpers import assert_conserved

GA = m.get_profile("galician")
GJ = m.get_profile("galician-jokers")
HIGH = attrs.evolve(GA, name="galician-high", ace="low_or_high")


def start(
    hands: list[str], table: str = "", pile: str = "2D", profile: m.Profile = GA
) -> m.GameState:
    """A stacked Galician position at the start of player 0's turn."""
    return m.deal(profile, hands=hands, table=table, discard_pile=pile, seed=1)


def reason(fn) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalMoveError) as info:
        fn()
    return "; ".join(str(p) for p in info.value.problems)


# -- G1, G2, G3: deck, deal, first player ----------------------------------------------------


def test_g1_two_decks_without_jokers() -> None:
    """G1: two French decks, no jokers (104 cards); 2-6 players."""
    assert len(GA.deck()) == 104
    assert m.JOKER not in GA.deck()
    assert (GA.min_players, GA.max_players) == (2, 6)


def test_g2_eleven_cards_and_a_turned_card() -> None:
    """G2: 11 cards each; the top stock card starts the discard pile."""
    state = m.deal(GA, players=4, seed=5)
    assert [len(h) for h in state.hands] == [11, 11, 11, 11]
    assert len(state.discard_pile) == 1
    assert len(state.stock) == 104 - 44 - 1
    assert state.phase == "draw"
    assert_conserved(state)


def test_g2_variant_hand_sizes() -> None:
    """G2: the variant table deals 10, 7, 7, 6, 6 cards for 2-6 players."""
    short = attrs.evolve(GA, hand_sizes=m.GALICIAN_SHORT_HAND_SIZES)
    assert [len(m.deal(short, players=n, seed=1).hands[0]) for n in range(2, 7)] == [10, 7, 7, 6, 6]


def test_g3_the_deal_passes_to_the_left_each_round() -> None:
    """G3: the first player moves one seat each round of a match."""
    match = Match.start(GA, players=3, seed=2)
    firsts = []
    for _ in range(3):
        state = match.new_round()
        firsts.append(state.current_player)
        final, _ = m.play_round(state, [m.SimpleBot()] * 3)
        match = match.record(final)
        if match.is_over:
            break
    assert firsts == [0, 1, 2][: len(firsts)]
    assert len(firsts) >= 2


# -- G4: the turn ------------------------------------------------------------------------


def test_g4_turn_starts_with_a_draw_from_stock_or_discard() -> None:
    """G4 (1): take the top card of the stock or of the discard pile."""
    state = start(["7H 8H 9H 2C", "KS"], pile="5D 6C")
    from_pile = state.draw("discard")
    assert m.Card.parse("6C") in from_pile.hands[0]
    assert from_pile.discard_pile == m.parse_cards("5D")
    assert from_pile.phase == "meld"
    from_stock = state.draw()
    assert state.stock[-1] in from_stock.hands[0]


def test_g4_moves_out_of_phase_say_which_phase() -> None:
    """G4: a move out of phase is illegal and names the phase."""
    state = start(["7H 8H 9H 2C", "KS"])
    assert "draw phase" in reason(lambda: state.meld("7H 8H 9H"))
    assert "draw phase" in reason(lambda: state.discard("2C"))
    drawn = state.draw()
    assert "meld phase" in reason(lambda: drawn.draw())


def test_g4_melds_and_lay_offs_then_discard_ends_the_turn() -> None:
    """G4 (2, 3): lay down melds and lay off cards, then discard to end the turn."""
    state = start(["7H 8H 9H 10H 2C QD", "KS QS JS"], table="5S 6S 7S").draw()
    state = state.meld("9H 7H 8H")
    assert state.table.melds[-1] == m.parse_cards("7H 8H 9H")
    state = state.lay_off("10H", 1)
    assert state.table.melds[1] == m.parse_cards("7H 8H 9H 10H")
    assert state.current_player == 0
    state = state.discard("QD")
    assert state.current_player == 1
    assert state.phase == "draw"
    assert state.discard_pile[-1] == m.Card.parse("QD")


def test_g4_lay_off_onto_another_players_meld() -> None:
    """G4: lay off onto any meld, own or others'; the table remembers who laid each card."""
    state = start(["7H 8H 9H 2C 3C", "10H 5D 6D"]).draw().meld("7H 8H 9H").discard("2C")
    state = state.draw().lay_off("10H", 0)
    assert state.table.melds[0] == m.parse_cards("7H 8H 9H 10H")
    assert state.owners[0] == (0, 0, 0, 1)


def test_g4_lay_off_must_keep_the_meld_valid() -> None:
    """G4: a lay-off that breaks the meld is illegal, with the meld's problem."""
    state = start(["JH 2C", "KS"], table="7H 8H 9H").draw()
    assert "missing 10H" in reason(lambda: state.lay_off("JH", 0))
    assert "no meld 3" in reason(lambda: state.lay_off("JH", 3))


def test_g4_no_rearranging() -> None:
    """G4: the table is never rearranged: no whole-table plays."""
    state = start(["10H 2C", "KS"], table="7H 8H 9H").draw()
    assert not state.propose("7H 8H 9H 10H")
    assert "no rearranging" in reason(lambda: state.play("7H 8H 9H 10H"))


def test_g4_meld_cards_must_be_in_hand_and_valid() -> None:
    """G4: a meld uses cards from the hand and must be valid."""
    state = start(["7H 8H 2C", "KS"]).draw()
    assert "not all of" in reason(lambda: state.meld("7H 8H 9H"))
    state = start(["7H 8H 9S 2C", "KS"]).draw()
    assert "neither a group" in reason(lambda: state.meld("7H 8H 9S"))


# -- G5 --------------------------------------------------------------------------------


def test_g5_card_taken_from_the_discard_pile_cannot_be_discarded() -> None:
    """G5: a card just taken from the discard pile may not be discarded that turn."""
    state = start(["7H 8H 2C", "KS"], pile="9D").draw("discard")
    assert "just taken from the discard pile" in reason(lambda: state.discard("9D"))
    assert Discard("9D") not in state.legal_moves()
    assert state.discard("2C").discard_pile[-1] == m.Card.parse("2C")


def test_g5_the_other_copy_can_be_discarded() -> None:
    """G5: holding the other copy, the player may discard that copy."""
    state = start(["9D 8H 2C", "KS"], pile="9D").draw("discard")
    assert state.taken is None
    after = state.discard("9D")
    assert after.hands[0] == m.parse_cards("2C 8H 9D")


# -- G6: going out ------------------------------------------------------------------------


def test_g6_going_out_by_discarding_the_last_card() -> None:
    """G6: discarding the last card wins the round."""
    state = start(["7H 8H 9H", "KS QD"], table="2S 3S 4S").draw()
    state = state.meld("7H 8H 9H")
    final = state.discard(state.hands[0][0])
    assert final.result is not None
    assert final.result.reason == "out"
    assert final.result.winners == (0,)


def test_g6_going_out_by_melding_everything() -> None:
    """G6: melding every remaining card wins with no discard."""
    state = start(["7H 8H 9H", "KS QD"], pile="10H").draw("discard")
    final = state.meld("7H 8H 9H 10H")
    assert final.result is not None
    assert final.result.winners == (0,)
    assert final.discard_pile == ()


# -- G7: ace ---------------------------------------------------------------------------------


def test_g7_ace_low_by_default() -> None:
    """G7: the ace is low by default: Q-K-A is no meld."""
    state = start(["QC KC AC 2D", "KS"]).draw()
    assert "the ace is low only" in reason(lambda: state.meld("QC KC AC"))


def test_g7_ace_high_or_low_variant() -> None:
    """G7: with ace='low_or_high' the ace goes before the 2 or after the K, never K-A-2."""
    state = start(["QC KC AC 2D", "KS"], profile=HIGH).draw()
    assert state.meld("QC KC AC").table.melds[0] == m.parse_cards("QC KC AC")
    state = start(["KC AC 2C 2D", "KS"], profile=HIGH).draw()
    assert "wraps" in reason(lambda: state.meld("KC AC 2C"))


# -- G8: empty stock -------------------------------------------------------------------------


def test_g8_pile_is_turned_over_unshuffled() -> None:
    """G8: the discard pile becomes the stock, unshuffled, and its top card starts a new pile."""
    state = _g8_state()
    pile = state.discard_pile  # bottom first, top last
    after = state.draw()
    # Turned over: the old bottom card starts the new pile; the next one is drawn.
    assert after.discard_pile == (pile[0],)
    assert pile[1] in after.hands[0]
    assert after.stock == tuple(reversed(pile[2:]))
    assert after.recycles == 1
    assert_conserved(after)


def test_g8_player_may_take_the_discard_instead() -> None:
    """G8: with an empty stock the player may take the top discard instead."""
    state = _g8_state()
    after = state.draw("discard")
    assert after.recycles == 0
    assert state.discard_pile[-1] in after.hands[0]


def test_g8_recycle_cap_ends_the_round_without_winner() -> None:
    """G8 [decision]: after max_recycles turn-overs the round ends with no winner and no score."""
    state = attrs.evolve(_g8_state(), recycles=GA.max_recycles)
    final = state.draw()
    assert final.result is not None
    assert final.result.reason == "recycles"
    assert final.result.winners == ()
    assert final.result.scores == (0, 0)


def _g8_state() -> m.GameState:
    """Player 0 to draw with an empty stock and a 6-card discard pile (player 1 holds the rest)."""
    pile = m.parse_cards("2C 5D 9S KH 4C 7D")
    rest = list(GA.deck())
    for card in (*pile, m.Card.parse("QD")):
        rest.remove(card)
    state = m.deal(GA, hands=["QD", m.format_cards(rest)], discard_pile=pile, seed=1)
    assert state.stock == ()
    return state


# -- G9, G10: scoring ------------------------------------------------------------------------


def test_g9_winner_scores_the_opponents_hand_values() -> None:
    """G9: A=1, J/Q/K=10, others pip value; the winner scores the sum of opponents' hands."""
    state = start(["7H 8H 9H 2C", "AS KD 5C", "QS 9C"], pile="10H")
    state = attrs.evolve(state, opened=(True, False, False)).draw("discard")
    final = state.meld("7H 8H 9H 10H").discard("2C")
    result = final.result
    assert result is not None
    assert result.winners == (0,)
    assert result.hand_points[1:] == (16, 19)
    assert result.scores == (35, 0, 0)


def test_g9_high_ace_is_worth_fifteen() -> None:
    """G9: with ace='low_or_high' an ace in hand is worth 15."""
    state = start(["7H 8H 9H", "AS AD"], profile=HIGH).draw()
    state = attrs.evolve(state, opened=(True, False))
    final = state.meld("7H 8H 9H")
    final = final.discard(final.hands[0][0])
    assert final.result is not None
    assert final.result.hand_points[1] == 30
    assert final.result.scores == (30, 0)


def test_g10_going_out_in_one_turn_scores_double() -> None:
    """G10: going out in one turn without having laid down before scores double."""
    state = start(["7H 8H 9H", "AS KD"], pile="10H").draw("discard")
    final = state.meld("7H 8H 9H 10H")
    assert final.result is not None
    assert final.result.multiplier == 2
    assert final.result.scores == (22, 0)


def test_g10_the_doubled_score_is_noted_citing_g10() -> None:
    """G10: the last outcome says the score was doubled, citing G10."""
    state = start(["7H 8H 9H", "AS KD"], pile="10H").draw("discard")
    final = state.meld("7H 8H 9H 10H")
    assert final.last is not None
    assert final.last.note == "went out in one turn: score x2 (G10)"


def test_g6_no_move_after_going_out_cites_g6() -> None:
    """G6: once a hand empties the round is over, and a move then says so citing G6."""
    final = start(["7H 8H 9H", "KS QD"], pile="10H").draw("discard").meld("7H 8H 9H 10H")
    assert "the round is over (G6)" in reason(lambda: final.apply(m.Draw()))


def test_g10_no_bonus_after_having_laid_down_before() -> None:
    """G10: a player who laid down earlier in the round scores single."""
    state = start(["7H 8H 9H", "AS KD"], pile="10H")
    state = attrs.evolve(state, opened=(True, False)).draw("discard")
    final = state.meld("7H 8H 9H 10H")
    assert final.result is not None
    assert final.result.multiplier == 1
    assert final.result.scores == (11, 0)


def test_g10_bonus_is_a_profile_field() -> None:
    """G10: mexe_mexe_multiplier=1 turns the bonus off."""
    plain = attrs.evolve(GA, mexe_mexe_multiplier=1)
    state = start(["7H 8H 9H", "AS KD"], pile="10H", profile=plain).draw("discard")
    result = state.meld("7H 8H 9H 10H").result
    assert result is not None
    assert result.scores == (11, 0)


# -- G11: match ---------------------------------------------------------------------------


def test_g11_match_to_a_target() -> None:
    """G11: the first player to reach the target (150) wins the match."""
    match = Match.start(GA, players=3, seed=4)
    while not match.is_over:
        final, _ = m.play_round(match.new_round(), [m.SimpleBot()] * match.next_seats_count)
        match = match.record(final)
    assert max(match.totals) >= 150
    assert match.winners == (match.totals.index(max(match.totals)),)


def test_g11_match_by_rounds() -> None:
    """G11: or most points after a configured number of rounds."""
    by_rounds = attrs.evolve(GA, match_target=None, match_rounds=2)
    match = Match.start(by_rounds, players=2, seed=4)
    while not match.is_over:
        final, _ = m.play_round(match.new_round(), [m.SimpleBot()] * 2)
        match = match.record(final)
    assert len(match.results) == 2


# -- G12: jokers ---------------------------------------------------------------------------


def test_g12_jokers_are_wild_in_runs_and_groups() -> None:
    """G12: in the joker variant jokers stand for any card in runs or groups."""
    state = start(["7H JK 9H 5S 5D JK 2C", "KS"], profile=GJ).draw()
    state = state.meld("7H JK 9H").meld("5S 5D JK")
    kinds = [GJ.classify_meld(meld).kind for meld in state.table]
    assert kinds == [m.MeldKind.RUN, m.MeldKind.GROUP]


def test_g12_swap_a_table_joker_and_use_it() -> None:
    """G12: exchange a table joker for its natural card, then meld the joker the same turn."""
    state = start(["8H 5S 5D 2C", "KS"], table="7H JK 9H", profile=GJ).draw()
    swapped = state.swap_joker("8H", 0)
    assert swapped.table.melds[0] == m.parse_cards("7H 8H 9H")
    assert m.JOKER in swapped.hands[0]
    assert swapped.jokers_owed == 1
    assert "must be used in a meld first" in reason(lambda: swapped.discard("2C"))
    used = swapped.meld("5S 5D JK")
    assert used.jokers_owed == 0
    assert used.discard("2C").current_player == 1


def test_g12_swap_needs_the_card_the_joker_stands_for() -> None:
    """G12: only the natural card the joker stands for can replace it."""
    state = start(["10H 5S 5D 2C", "KS"], table="7H JK 9H", profile=GJ).draw()
    assert "no joker standing for 10H" in reason(lambda: state.swap_joker("10H", 0))


def test_g12_no_swap_without_the_variant() -> None:
    """The base game has no joker exchange."""
    state = start(["8H 2C", "KS"]).draw()
    assert "no joker exchange" in reason(lambda: state.swap_joker("8H", 0))


def test_g12_joker_hand_value() -> None:
    """G12 [decision]: a joker left in hand is worth 25."""
    assert GJ.card_points(m.JOKER) == 25


# -- moves and legal moves ----------------------------------------------------------------


def test_legal_moves_in_each_phase() -> None:
    """Draw phase lists draws; meld phase lists melds, lay-offs and discards."""
    state = start(["7H 8H 9H 10S", "KS"], table="JS QS KS", pile="4D")
    assert set(state.legal_moves()) == {Draw(), Draw("discard")}
    drawn = attrs.evolve(state.draw("discard"))
    moves = set(drawn.legal_moves())
    assert LayDown("7H 8H 9H") in moves
    assert LayOff("10S", 0) in moves
    assert Discard("10S") in moves
    assert Discard("4D") not in moves
    assert not any(isinstance(x, SwapJoker) for x in moves)


def test_galician_state_round_trips() -> None:
    """Galician states, with phase, owners and locks, serialize exactly."""
    state = start(["7H 8H 9H 2C", "KS"], pile="9D").draw("discard").meld("7H 8H 9H")
    assert m.GameState.from_json(state.to_json()) == state


def test_discard_draw_stays_visible_to_others() -> None:
    """A card taken from the face-up discard pile is public."""
    state = start(["7H 8H 2C", "KS"], pile="9D").draw("discard")
    last = state.view(1).last
    assert last is not None
    assert last.drawn == m.parse_cards("9D")


def test_g4_a_card_that_is_not_a_card_is_a_clear_type_error() -> None:
    """G4: a discard or lay-off of something that is not a card says what it got."""
    state = start(["7H 8H 9H", "KS QD"], table="2S 3S 4S").draw()
    with pytest.raises(TypeError, match="not NoneType"):
        state.discard(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="not int"):
        state.lay_off(5, 0)  # type: ignore[arg-type]
