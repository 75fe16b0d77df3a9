"""Scenario tests for Galician rummy, one or more per rule (RULES.md G1-G12)."""

from __future__ import annotations

import json
import random
from collections import Counter
from itertools import combinations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

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


def test_g5_the_other_copy_cannot_be_discarded_either() -> None:
    """G5: having taken 9D, the player may not discard the other deck's 9D either."""
    state = start(["9D 8H 2C", "KS"], pile="9D").draw("discard")
    assert state.taken == m.Card.parse("9D")
    assert "just taken from the discard pile" in reason(lambda: state.discard("9D"))
    assert Discard("9D") not in state.legal_moves()


def test_g5_the_lock_shown_to_others_does_not_depend_on_the_hand() -> None:
    """G5: another player sees the same lock whether or not the mover already held a copy."""
    locks = set()
    for hand in ("9D 2C 5S KH", "3D 2C 5S KH"):
        state = start([hand, "KS QS JS 4C"], pile="9D").draw("discard", player=0)
        locks.add(json.loads(state.view(1).to_json())["taken"])
    assert locks == {"9D"}


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


def test_g12_a_group_joker_takes_any_suit_the_group_lacks() -> None:
    """G12: in ``7S 7H JK`` the joker stands for 7D or 7C, so 7C may take its place."""
    state = start(["7C 5S 5D 2C", "KS"], table="7S 7H JK", profile=GJ).draw()
    swapped = state.swap_joker("7C", 0)
    assert swapped.table.melds[0] == m.parse_cards("7S 7H 7C")
    assert m.JOKER in swapped.hands[0]
    assert swapped.jokers_owed == 1


def test_g12_a_group_joker_is_not_exchanged_for_a_suit_the_group_holds() -> None:
    """G12: the joker of ``7S 7H JK`` does not stand for the 7H the group already holds."""
    state = start(["7H 5S 5D 2C", "KS"], table="7S 7H JK", profile=GJ).draw()
    assert "no joker standing for 7H" in reason(lambda: state.swap_joker("7H", 0))


def test_g12_the_card_exchanged_into_a_group_is_credited_to_its_player() -> None:
    """G4, G12: the natural that replaced a group's joker is the swapper's, in canonical order."""
    state = start(["7C 5S 5D 2C", "KS"], table="7S 7H JK", profile=GJ).draw()
    swapped = state.swap_joker("7C", 0)
    assert swapped.owners[0] == (-1, -1, 0)


def test_g12_legal_moves_list_every_suit_a_group_joker_stands_for() -> None:
    """G12: legal_moves lists the exchange of a group's joker for each suit the group lacks."""
    state = start(["7C 7D 5S 5D 2C", "KS"], table="7S 7H JK", profile=GJ).draw()
    moves = set(state.legal_moves())
    assert {SwapJoker("7C", 0), SwapJoker("7D", 0)} <= moves


def test_g12_a_joker_exchange_is_a_way_to_end_the_turn() -> None:
    """G5, G12: a lay-off leaving only the taken card is legal when an exchange frees it."""
    table = "7S 7H 7D JK | 3H 4H 5H | 9S 9H 9C"
    state = start(["9D", "KS"], table=table, pile="2D 7C", profile=GJ).draw("discard")
    after = state.lay_off("9D", 2)  # 7C is locked (G5), but it can replace the joker
    assert after.hands[0] == m.parse_cards("7C")
    final = after.swap_joker("7C", 0).lay_off("JK", 1)
    assert final.result is not None and final.result.winners == (0,)


def test_g12_legal_moves_list_the_lay_off_an_exchange_makes_possible() -> None:
    """G5, G12: legal_moves lists the lay-off whose turn ends only through a joker exchange."""
    table = "7S 7H 7D JK | 3H 4H 5H | 9S 9H 9C"
    state = start(["9D", "KS"], table=table, pile="2D 7C", profile=GJ).draw("discard")
    assert LayOff("9D", 2) in state.legal_moves()


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


def _random_meld(rng: random.Random, pool: Counter[m.Card]) -> list[m.Card] | None:
    """A group or run of the joker variant, often with jokers, from the cards left in ``pool``."""
    if rng.random() < 0.5:  # a group: two or three suits of a rank, jokers to 3 or 4 cards
        rank = rng.randrange(13)
        suits = rng.sample(range(4), rng.randint(2, 3))
        meld = [m.Card.from_code(rank * 4 + s) for s in suits]
        meld += [m.JOKER] * rng.randint(3 - len(meld) if len(meld) < 3 else 0, 4 - len(meld))
    else:  # a run of 3-5 cards with up to two jokers in it
        suit, length = rng.randrange(4), rng.randint(3, 5)
        low = rng.randint(1, 14 - length)
        meld = [m.Card.from_code((v - 1) * 4 + suit) for v in range(low, low + length)]
        for i in rng.sample(range(length), rng.randint(0, 2)):
            meld[i] = m.JOKER
    need = Counter(meld)
    if not GJ.is_valid_meld(meld) or any(pool[c] < k for c, k in need.items()):
        return None
    pool.subtract(need)
    return meld


def _tempting_hand(
    rng: random.Random, pool: Counter[m.Card], table: list[list[m.Card]]
) -> list[m.Card]:
    """A small hand rich in cards that replace the table's jokers or extend its melds."""
    wanted: list[m.Card] = []
    for meld in table:
        wanted += m.meld_extensions(tuple(meld), GJ)
        result = GJ.classify_meld(meld)
        wanted += [r for c, r in zip(meld, result.resolved, strict=True) if c == m.JOKER]
        if result.kind is m.MeldKind.GROUP:
            rank = result.resolved[0].code & ~3
            wanted += [m.Card.from_code(rank + s) for s in range(4)]
    hand: list[m.Card] = []
    for _ in range(rng.randint(1, 6)):
        choices = wanted if wanted and rng.random() < 0.6 else list(pool.elements())
        card = rng.choice(choices)
        if pool[card] > 0:
            pool[card] -= 1
            hand.append(card)
    return hand


def _meld_phase_state(seed: int) -> m.GameState:
    """A random Galician-with-jokers position in player 0's meld phase (G4, G5, G12)."""
    rng = random.Random(seed)
    pool: Counter[m.Card] = Counter(GJ.deck())
    table = [meld for _ in range(rng.randint(1, 4)) if (meld := _random_meld(rng, pool))]
    hand = _tempting_hand(rng, pool, table)
    pile = _tempting_hand(rng, pool, table) or [_take(rng, pool)]
    if pool[pile[-1]] and rng.random() < 0.5:
        pool[pile[-1]] -= 1
        hand.append(pile[-1])  # the other copy of the card to be taken (G5)
    other = [_take(rng, pool) for _ in range(rng.randint(1, 3))]
    state = m.deal(GJ, hands=[hand, other], table=table, discard_pile=pile, seed=seed)
    return state.draw("discard" if rng.random() < 0.7 else "stock")


def _take(rng: random.Random, pool: Counter[m.Card]) -> m.Card:
    """A random card of ``pool``, taken out of it."""
    card = rng.choice(list(pool.elements()))
    pool[card] -= 1
    return card


def _by_brute_force(state: m.GameState) -> set[m.Move]:
    """Every candidate move that `apply` accepts: any cards of the hand, any meld, any card."""
    hand, melds = state.hands[state.current_player], range(len(state.table))
    distinct = sorted(set(hand), key=lambda c: c.code)
    candidates: list[m.Move] = [Draw(), Draw("discard")]
    for size in range(1, len(hand) + 1):
        candidates += {LayDown(cards) for cards in combinations(hand, size)}
    for card in distinct:
        candidates += [LayOff(card, i) for i in melds] + [SwapJoker(card, i) for i in melds]
        candidates.append(Discard(card))
    legal = set()
    for move in candidates:
        try:
            state.apply(move)
        except IllegalMoveError:
            continue
        legal.add(move)
    return legal


def _turn_can_end(state: m.GameState, seen: dict[m.GameState, bool]) -> bool:
    """Whether some sequence of listed moves ends the turn: a discard, or going out (G4, G6)."""
    if state.is_over or state.phase != "meld":
        return True
    if state not in seen:
        seen[state] = False  # a position met again on the same path ends nothing new
        seen[state] = any(_turn_can_end(state.apply(x), seen) for x in state.legal_moves())
    return seen[state]


def _stands_for(meld: tuple[m.Card, ...], card: m.Card) -> bool:
    """G12 as written: a run's joker stands for its place's card, a group's for a suit it lacks."""
    result = GJ.classify_meld(meld)
    if card == m.JOKER or m.JOKER not in meld:
        return False
    if result.kind is m.MeldKind.GROUP:
        suits = {c.suit for c in meld if c != m.JOKER}
        return card.rank == result.resolved[0].rank and card.suit not in suits
    return any(c == m.JOKER and r == card for c, r in zip(meld, result.resolved, strict=True))


@given(st.integers(0, 2**32 - 1))
def test_g12_an_exchange_is_refused_only_for_a_card_no_joker_stands_for(seed: int) -> None:
    """G12: every exchange of a joker for a card it stands for is legal or refused for G5/G12."""
    state = _meld_phase_state(seed)
    for i, meld in enumerate(state.table):
        for card in set(state.hands[0]):
            try:
                state.apply(SwapJoker(card, i))
            except IllegalMoveError as err:
                if _stands_for(meld, card):  # only because the joker could not then be melded
                    assert "the joker could not be used in a meld this turn" in str(err)
                continue
            assert _stands_for(meld, card)


@given(st.integers(0, 2**32 - 1), st.integers(0, 4))
def test_g12_every_listed_move_leaves_a_way_to_end_the_turn(seed: int, steps: int) -> None:
    """G4-G6, G12: after any listed move the turn can still be ended, through listed moves."""
    state = _meld_phase_state(seed)
    rng = random.Random(seed)
    for _ in range(steps + 1):
        assert _turn_can_end(state, {})
        listed = state.legal_moves()
        if state.is_over or state.phase != "meld":
            break
        state = state.apply(rng.choice(listed))


@given(st.integers(0, 2**32 - 1), st.integers(0, 4))
def test_g12_legal_moves_are_exactly_the_moves_apply_accepts(seed: int, steps: int) -> None:
    """G4-G6, G12: in the joker variant every listed move is legal and every legal move listed."""
    state = _meld_phase_state(seed)
    rng = random.Random(seed)
    for _ in range(steps + 1):
        listed = state.legal_moves()
        assert len(listed) == len(set(listed)), "no move is listed twice"
        assert set(listed) == _by_brute_force(state)
        if state.is_over or state.phase != "meld" or not listed:
            break
        state = state.apply(rng.choice(listed))


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


def test_g5_taking_the_twin_of_the_only_card_held_is_refused() -> None:
    """G5: holding only 9D, taking the other 9D would leave nothing to discard, so it is refused."""
    state = start(["9D", "KS QS JS 4C"], pile="9D")
    assert Draw("discard") not in state.legal_moves()
    assert "no card could be discarded" in reason(lambda: state.draw("discard"))
