"""Scenario tests for Mau-Mau, one or more per rule (RULES.md M1-M8)."""

from __future__ import annotations

import attrs
import pytest

import mexemexe as m
from mexemexe import Discard, Draw, IllegalMoveError, InvalidStateError, Pass
from mexemexe import maumau as mm

P = mm.MAUMAU


def start(hands: list[str], pile: str, **changes: object) -> mm.MauMauState:
    state = mm.deal(hands=hands, discard_pile=pile, seed=1)
    return attrs.evolve(state, **changes) if changes else state


def reason(fn) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalMoveError) as info:
        fn()
    return "; ".join(str(p) for p in info.value.problems)


def conserved(state: mm.MauMauState) -> bool:
    cards = [c for h in state.hands for c in h] + list(state.stock) + list(state.discard_pile)
    return sorted(cards) == sorted(P.deck())


# -- M1 -----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 5, 10])
def test_m1_seven_cards_each_and_a_turned_card(players: int) -> None:
    """M1: two decks without jokers, 7 cards each, the top stock card turned."""
    state = mm.deal(mm.MAUMAU, players, seed=3)
    assert [len(h) for h in state.hands] == [7] * players
    assert len(state.discard_pile) == 1
    assert len(state.stock) == 104 - 7 * players - 1
    assert conserved(state)


def test_m1_player_count_is_2_to_10() -> None:
    """M1 [decision]: 2-10 players."""
    with pytest.raises(InvalidStateError, match="2-10 players, not 11"):
        mm.deal(mm.MAUMAU, 11, seed=1)


def test_m1_a_variant_player_range_is_the_one_deals_and_matches_name() -> None:
    """M1: a profile allowing 2-4 players refuses 5 at the deal and the match, saying 2-4."""
    small = attrs.evolve(mm.MAUMAU, name="four-seats", max_players=4)
    assert small.players_problem(4) is None
    assert small.players_problem(5) == "Mau-Mau is for 2-4 players, not 5"
    with pytest.raises(InvalidStateError, match="2-4 players, not 5"):
        mm.deal(small, 5, seed=1)
    with pytest.raises(InvalidStateError, match="2-4 players, not 5"):
        mm.MauMauMatch.start(small, 5, 1)


def test_m1_special_starting_card_has_no_effect() -> None:
    """M1 [decision]: a special starting card does nothing."""
    state = start(["5S 6S", "7S 8S"], pile="2H")
    assert state.current_player == 0
    assert [len(h) for h in state.hands] == [2, 2]
    effect = attrs.evolve(P, special_start_card=True)
    stacked = mm.deal(hands=["5S 6S", "7S 8S"], discard_pile="2H", seed=1, profile=effect)
    assert stacked.current_player == 1
    assert len(stacked.hands[0]) == 5


@pytest.mark.parametrize(("players", "seed"), [(2, 0), (4, 9), (10, 3)])
def test_m1_a_shuffled_deal_passes_the_full_state_check(players: int, seed: int) -> None:
    """M1: a shuffled deal is the state the checked constructor builds from the same fields."""
    state = mm.deal(mm.MAUMAU, players, seed=seed)
    fields = {f.name: getattr(state, f.name) for f in attrs.fields(mm.MauMauState)}
    assert mm.MauMauState(**fields) == state
    assert all(list(h) == sorted(h) for h in state.hands)


@pytest.mark.parametrize("seed", [0, 5, 11])
def test_m2_plain_draws_and_discards_pass_the_full_state_check(seed: int) -> None:
    """M2: the unguarded plain draw and discard build the states the checked constructor builds."""
    state = mm.deal(mm.MAUMAU, 4, seed=seed)
    bot = mm.MauMauBot()
    seen = set()
    while state.result is None:
        move = bot.choose(state.view(state.current_player))
        after = state.apply(move)
        fields = {f.name: getattr(after, f.name) for f in attrs.fields(mm.MauMauState)}
        assert mm.MauMauState(**fields) == after
        seen.add(type(move))
        state = after
    assert seen >= {Draw, Discard}


def test_deal_is_reproducible() -> None:
    """The same seed gives the same deal."""
    assert mm.deal(mm.MAUMAU, 4, seed=9) == mm.deal(mm.MAUMAU, 4, seed=9)
    assert mm.deal(mm.MAUMAU, 4, seed=9) != mm.deal(mm.MAUMAU, 4, seed=10)


# -- M2 -----------------------------------------------------------------------------------


def test_m2_discard_must_match_suit_or_rank() -> None:
    """M2: the discard matches the top card's suit or rank."""
    state = start(["5H 9S 9C 3D", "KS KD"], pile="9H")
    assert state.discard("5H").discard_pile[-1] == m.Card.parse("5H")
    assert state.discard("9S").current_player == 1
    assert "3D does not match the suit or rank of 9H" in reason(lambda: state.discard("3D"))
    assert "KS is not in the hand" in reason(lambda: state.discard("KS"))


def test_m2_draw_any_number_then_discard() -> None:
    """M2: draw even with a playable card, again and again; only a discard ends the turn."""
    state = start(["5H 3D", "KS KD"], pile="9H")
    state = state.draw().draw()
    assert state.current_player == 0
    assert state.drawn == 2
    assert len(state.hands[0]) == 4
    after = state.discard("5H")
    assert after.current_player == 1
    assert after.drawn == 0


def test_m2_pass_only_when_nothing_can_be_done() -> None:
    """M2 [decision]: with an empty stock and no playable card the player passes."""
    state = start(["3D 4D", "KS KD"], pile="9H")
    assert "draw a card instead" in reason(state.pass_turn)
    rest = list(state.stock)
    stuck = attrs.evolve(state, hands=(state.hands[0], (*state.hands[1], *rest)), stock=())
    assert stuck.legal_moves() == (Pass(),)
    passed = stuck.pass_turn()
    assert passed.current_player == 1


def test_m2_everyone_passing_blocks_the_hand() -> None:
    """A hand where every player passes in a row ends with no winner and no score."""
    state = start(["3D 4D", "KS KD"], pile="9H")
    stuck = attrs.evolve(
        state, hands=(state.hands[0], (*state.hands[1], *state.stock)), stock=(), passes=1
    )
    final = stuck.pass_turn()
    assert final.result is not None
    assert final.result.reason == "blocked"
    assert final.result.winners == ()
    assert final.result.scores == (0, 0)


# -- M3 -----------------------------------------------------------------------------------


def test_m3_empty_stock_reshuffles_the_pile_under_the_top_card() -> None:
    """M3: the discard pile except its top card is shuffled into a new stock (seeded)."""
    state = start(["3D 4D", "KS KD"], pile="2C 5C 7C 9H")
    rest = state.stock
    state = attrs.evolve(state, hands=(state.hands[0], (*state.hands[1], *rest)), stock=())
    after = state.draw()
    assert after.discard_pile == m.parse_cards("9H")
    assert after.reshuffles == 1
    assert len(after.stock) == 2
    assert sorted((*after.stock, *after.hands[0])) == sorted(m.parse_cards("2C 5C 7C 3D 4D"))
    assert state.draw() == after  # seeded: the same every time
    assert conserved(after)


# -- M4 -----------------------------------------------------------------------------------


def test_m4_announcing_the_last_card() -> None:
    """M4: discarding down to one card with the announcement: no penalty."""
    state = start(["5H 3D", "KS KD"], pile="9H")
    after = state.discard("5H", announce=True)
    assert len(after.hands[0]) == 1


def test_m4_forgetting_the_announcement_draws_two() -> None:
    """M4: otherwise the player draws 2 penalty cards."""
    state = start(["5H 3D", "KS KD"], pile="9H")
    after = state.discard("5H")
    assert len(after.hands[0]) == 3
    assert after.last is not None
    assert "not announced" in after.last.note


def test_m4_announcement_only_with_one_card_left() -> None:
    """M4: there is nothing to announce with more than one card left."""
    state = start(["5H 3D 4D", "KS KD"], pile="9H")
    assert "announced when one is left" in reason(lambda: state.discard("5H", announce=True))


# -- M5 -----------------------------------------------------------------------------------


def test_m5_ten_reverses_direction() -> None:
    """M5: a 10 reverses the direction of play."""
    state = start(["10H 3D 4D", "KS KD", "QS QD"], pile="9H")
    after = state.discard("10H")
    assert after.direction == -1
    assert after.current_player == 2


def test_m5_ace_skips_the_next_player() -> None:
    """M5: an ace skips the next player."""
    state = start(["AH 3D 4D", "KS KD", "QS QD"], pile="9H")
    assert state.discard("AH").current_player == 2


def test_m5_two_makes_the_next_player_draw_three_and_lose_the_turn() -> None:
    """M5: a 2 makes the next player draw 3 cards and lose the turn."""
    state = start(["2H 3D 4D", "KS KD", "QS QD"], pile="9H")
    after = state.discard("2H")
    assert len(after.hands[1]) == 5
    assert after.current_player == 2


def test_m5_skip_with_two_players_plays_again() -> None:
    """M5: with two players an ace gives the same player another turn."""
    state = start(["AH 3D 4D", "KS KD"], pile="9H")
    assert state.discard("AH").current_player == 0


# -- M6 -----------------------------------------------------------------------------------


def test_m6_jack_is_wild_and_names_the_suit() -> None:
    """M6: a Jack may be played on any card and names the suit to follow."""
    state = start(["JC 3D 4D", "KS 5D", "QS QD"], pile="9H")
    after = state.discard("JC", suit="S")
    assert after.requested_suit is m.Suit.SPADES
    assert "5D does not match the named suit ♠ (M6)" in reason(lambda: after.discard("5D"))
    follow = after.discard("KS")
    assert follow.requested_suit is None


def test_m6_only_a_jack_may_name_a_suit() -> None:
    """M6: a Jack may name a suit; other cards do not."""
    state = start(["JC 9D 4D", "KS 5S"], pile="9H")
    assert state.discard("JC").requested_suit is None
    assert "only a Jack names a suit" in reason(lambda: state.discard("9D", suit="S"))


def test_m6_legal_moves_list_every_named_suit_and_none() -> None:
    """M6: legal_moves offers a Jack with each of the four suits, and with none (last)."""
    state = start(["JC 3D 4D", "KS"], pile="9H")
    jacks = [x for x in state.legal_moves() if isinstance(x, Discard) and x.card.rank == 11]
    assert [x.suit for x in jacks] == [*m.Suit, None]


# -- M7 -----------------------------------------------------------------------------------


def test_m7_going_out_ends_the_hand_with_card_values() -> None:
    """M7: J=20, A=1, Q/K=10, others pip; the winner scores 0."""
    state = start(["5H", "JS AS QD 7C", "KH 9D"], pile="9H")
    result = state.discard("5H").result
    assert result is not None
    assert result.winners == (0,)
    assert result.hand_points == (0, 38, 19)
    assert result.scores == (0, 38, 19)


def test_m7_last_card_jack_doubles_everyones_points() -> None:
    """M7: if the last card was a J, everyone's points count double."""
    state = start(["JH", "AS QD", "KH 9D"], pile="9H")
    result = state.discard("JH", suit="C").result
    assert result is not None
    assert result.multiplier == 2
    assert result.scores == (0, 22, 38)


def test_m7_last_card_two_makes_everyone_draw_three() -> None:
    """M7: if the last card was a 2, every other player draws 3 before counting."""
    state = start(["2H", "AS", "KH"], pile="9H")
    final = state.discard("2H")
    assert [len(h) for h in final.hands] == [0, 4, 4]


def test_m7_held_twos_draw_three_each() -> None:
    """M7: a player holding 2s draws 3 cards per 2 held, before counting."""
    state = start(["5H", "2S 2D", "KH"], pile="9H")
    final = state.discard("5H")
    assert [len(h) for h in final.hands] == [0, 8, 1]


# -- M8 -----------------------------------------------------------------------------------


def test_m8_everyone_pays_into_the_pot() -> None:
    """M8 [decision]: every player pays one chip to start."""
    assert mm.MauMauMatch.start(mm.MAUMAU, 5, 1).pot == 5


def finished(hands: list[str], pile: str, last: str) -> mm.MauMauState:
    """A stacked hand that the last player ends at once with the move ``last`` (M7)."""
    state = mm.deal(hands=hands, discard_pile=pile, seed=1, first_player=len(hands) - 1)
    final = state.apply(last)
    assert final.result is not None
    return final


def test_m8_burst_and_reentry() -> None:
    """M8 [decision]: with max_reentries=1 a burst player re-enters once, at the highest score."""
    once = attrs.evolve(mm.MAUMAU, max_reentries=1)
    hand = finished(["KS KH KD KC KS KH KD KC QS QH 4S", "QD QC 10S 10H", "5H"], "9H", "discard 5H")
    hand = attrs.evolve(hand, profile=once)
    match = mm.MauMauMatch.start(once, 3, 1).record(hand)
    assert match.scores == (104, 40, 0)
    assert match.burst(0)
    assert match.active() == (1, 2)
    assert match.can_reenter(0)
    back = match.reenter(0)
    assert back.scores == (40, 40, 0)
    assert back.pot == 4
    assert back.reentries == (1, 0, 0)
    second = attrs.evolve(
        finished(["KS KH KD KC QS QH", "3D", "5H"], "9H", "discard 5H"), profile=once
    )
    again = back.record(second)
    assert again.scores == (100, 43, 0)
    assert not again.can_reenter(0)
    with pytest.raises(InvalidStateError, match="may not re-enter"):
        again.reenter(0)


def test_m8_no_reentry_when_only_one_player_is_left() -> None:
    """M8: re-entry needs at least two players still under 100."""
    hand = finished(
        ["KS KH KD KC QS AS AH", "KS KH KD KC QH QD QC", "JD"], "9H", "discard JD S"
    )  # going out on a Jack doubles the 52 and 70 points in hand (M7)
    match = mm.MauMauMatch.start(mm.MAUMAU, 3, 1).record(hand)
    assert match.scores == (104, 140, 0)
    assert not match.can_reenter(0)
    assert match.is_over
    assert match.winner == 2


def test_m8_a_seeded_six_player_match_ends_and_replays() -> None:
    """A seeded 6-player match with bots plays to its end and replays identically."""
    start_match = mm.MauMauMatch.start(mm.MAUMAU, 6, 11)
    final, records = m.play_match(start_match, [mm.MauMauBot()] * 6)
    assert final.is_over
    assert final.winner is not None
    assert sum(1 for s in final.scores if s < 100) == 1
    loaded = [m.GameRecord.from_json(record.to_json()) for record in records]
    assert m.replay_match(start_match, loaded) == final
    again, _ = m.play_match(start_match, [mm.MauMauBot()] * 6)
    assert again == final


def test_m8_a_replay_stops_part_way_at_the_match_so_far() -> None:
    """M8: the first hands' records rebuild the match as it stood after them."""
    start_match = mm.MauMauMatch.start(mm.MAUMAU, 3, 4)
    final, records = m.play_match(start_match, [mm.MauMauBot()] * 3)
    after_one = m.replay_match(start_match, records[:1])
    assert after_one.results == (records[0].replay().result,)
    assert m.replay_match(after_one, records[1:]) == final


def test_m8_a_replay_refuses_records_out_of_order() -> None:
    """M8: a hand's record must start from the deal the match makes next."""
    start_match = mm.MauMauMatch.start(mm.MAUMAU, 3, 4)
    _final, records = m.play_match(start_match, [mm.MauMauBot()] * 3)
    assert len(records) > 1
    with pytest.raises(InvalidStateError, match="round 0's record does not start"):
        m.replay_match(start_match, records[1:])


def test_m8_a_replay_refuses_records_past_the_match_end() -> None:
    """M8: no hand is played once the match is over."""
    start_match = mm.MauMauMatch.start(mm.MAUMAU, 3, 4)
    _final, records = m.play_match(start_match, [mm.MauMauBot()] * 3)
    with pytest.raises(InvalidStateError, match="the match is over"):
        m.replay_match(start_match, (*records, records[-1]))


def test_m8_a_replay_without_reentry_differs_once_someone_reentered() -> None:
    """M8: a replay follows the re-entry policy the match was played with."""
    start_match = mm.MauMauMatch.start(mm.MAUMAU, 6, 11)
    final, records = m.play_match(start_match, [mm.MauMauBot()] * 6)
    assert any(final.reentries)
    with pytest.deprecated_call(), pytest.raises(InvalidStateError):
        mm.replay_maumau_match(start_match, records, reenter=False)


# -- moves, serialization, views ----------------------------------------------------------


def test_moves_have_text_forms() -> None:
    """Mau-Mau discards round-trip through text."""
    for text in ("discard JH S", "discard 7H announce", "discard JC D announce", "draw", "pass"):
        assert str(m.parse_move(text)) == text
    state = start(["JC 3D", "KS"], pile="9H")
    assert state.apply("discard JC S announce").requested_suit is m.Suit.SPADES


def test_state_round_trips_and_rejects_tampering() -> None:
    """JSON round trip; a duplicated card is rejected."""
    state = mm.deal(mm.MAUMAU, 4, seed=2).draw()
    assert mm.MauMauState.from_json(state.to_json()) == state
    data = state.to_dict()
    data["hands"][0] += " " + data["hands"][0].split()[0]
    with pytest.raises(InvalidStateError, match="conservation"):
        mm.MauMauState.from_dict(data)


@pytest.mark.parametrize("data", [[1, 2], "state", None])
def test_from_dict_refuses_what_is_not_a_mapping(data: object) -> None:
    """Data that is not a mapping is an InvalidStateError saying so, not an AttributeError."""
    with pytest.raises(InvalidStateError, match="a state is a mapping"):
        mm.MauMauState.from_dict(data)  # type: ignore[arg-type]


def test_views_hide_the_seed_and_other_hands() -> None:
    """A view has no other hand, no stock order and no seed."""
    state = mm.deal(mm.MAUMAU, 3, seed=4)
    text = state.view(0).to_json()
    assert "seed" not in text
    assert m.format_cards(state.hands[1]) not in text
    other = attrs.evolve(state, seed=state.seed + 1)
    assert other.view(0) == state.view(0)


def test_illegal_moves_change_nothing() -> None:
    """An illegal move raises and leaves the state as it was."""
    state = start(["5H 3D", "KS KD"], pile="9H")
    before = state.to_dict()
    with pytest.raises(IllegalMoveError):
        state.discard("3D")
    with pytest.raises(IllegalMoveError, match="player 0's turn"):
        state.draw(player=1)
    assert state.to_dict() == before


def test_rummy_moves_are_not_maumau_moves() -> None:
    """A rummy move is refused with a reason."""
    state = start(["5H 3D", "KS KD"], pile="9H")
    with pytest.raises(IllegalMoveError, match="not a Mau-Mau move"):
        state.apply("meld 5H 6H 7H")
    assert "drawn from the stock only" in reason(lambda: state.apply(Draw("discard")))


# -- the bot ----------------------------------------------------------------------------


def _preferred(view: mm.MauMauView) -> m.Move:
    """The bot's documented choice, from the full list of legal moves."""
    legal = view.legal_moves()
    discards = [move for move in legal if isinstance(move, Discard)]
    if not discards:
        return Draw() if Draw() in legal else Pass()
    profile = view.profile
    held = dict.fromkeys(m.Suit, 0)
    for card in view.hand:
        if card.rank != profile.wild_rank:
            assert card.suit is not None
            held[card.suit] += 1

    def preference(move: Discard) -> tuple[bool, int, int, bool]:
        wild = move.card.rank == profile.wild_rank
        suit_held = held[move.suit] if move.suit is not None else 0
        return (not wild, suit_held, profile.card_value(move.card), move.announce)

    return max(discards, key=preference)


@pytest.mark.parametrize("players", [2, 4, 7])
def test_bot_plays_its_best_legal_move(players: int) -> None:
    """M2-M6: the bot's move is the best legal move by its stated preferences, every turn."""
    bot = mm.MauMauBot()
    for seed in range(5):
        state = mm.deal(mm.MAUMAU, players, seed=seed)
        while not state.is_over:
            view = state.view(state.current_player)
            move = bot.choose(view)
            assert move == _preferred(view)
            state = state.apply(move)


def test_m1_a_profile_with_huge_decks_is_refused() -> None:
    """M1: a profile (perhaps from tampered JSON) cannot make the library build a huge deck."""
    with pytest.raises(m.ProfileError, match="decks=1000000000: from 1 to 16"):
        attrs.evolve(P, decks=10**9)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"decks": "two"}, "decks='two': a whole number"),
        ({"rotate_first_player": "yes"}, "rotate_first_player='yes': True or False"),
        ({"rank_points": ["J"] * 13}, "rank_points: expected whole numbers, got 'J'"),
        ({"rule_sections": ["7H"]}, r"rule_sections: expected \(key, value\) pairs, got '7H'"),
    ],
)
def test_tampered_mau_mau_profile_settings_are_profile_errors(
    changes: dict[str, object], message: str
) -> None:
    """Mau-Mau profile data of the wrong kind is a ProfileError naming the setting."""
    with pytest.raises(m.ProfileError, match=message):
        mm.MauMauProfile.from_dict({**P.to_dict(), **changes})
    with pytest.raises(m.ProfileError, match="a mapping of settings"):
        mm.MauMauProfile.from_dict([1, 2])  # type: ignore[arg-type]


def test_a_state_with_no_mau_mau_profile_is_invalid() -> None:
    """A Mau-Mau state built by hand needs a MauMauProfile and whole-number counters."""
    state = mm.deal(mm.MAUMAU, 3, seed=1)
    with pytest.raises(InvalidStateError, match="profile=None: a MauMauProfile"):
        attrs.evolve(state, profile=None)
    with pytest.raises(InvalidStateError, match="direction='up': a whole number"):
        attrs.evolve(state, direction="up")


# -- the old names and argument orders (deprecated) -------------------------------------------


def test_deal_takes_the_rules_first_as_the_rummy_deal_does() -> None:
    """maumau.deal(profile, players, seed=...) is the order of mexemexe.deal."""
    small = attrs.evolve(mm.MAUMAU, name="four-seats", max_players=4)
    assert mm.deal(small, 4, seed=3).profile == small
    assert mm.deal(profile=small, players=4, seed=3) == mm.deal(small, 4, seed=3)


def test_deal_with_a_player_count_first_still_deals_but_warns() -> None:
    """The old order maumau.deal(..., players, seed=...) deals the same, deprecated."""
    with pytest.deprecated_call(match="pass the rules first"):
        old = mm.deal(4, seed=3)
    assert old == mm.deal(mm.MAUMAU, 4, seed=3)


def test_match_start_takes_the_rules_first_as_match_start_does() -> None:
    """MauMauMatch.start(profile, players, seed) is the order of Match.start."""
    assert mm.MauMauMatch.start(mm.MAUMAU, 3, 5).players == 3


def test_match_start_with_a_player_count_first_still_starts_but_warns() -> None:
    """The old order MauMauMatch.start(players, seed, profile) starts the same match, deprecated."""
    with pytest.deprecated_call(match="pass the rules first"):
        old = mm.MauMauMatch.start(3, 5, mm.MAUMAU)
    assert old == mm.MauMauMatch.start(mm.MAUMAU, 3, 5)


def test_play_maumau_match_still_plays_but_warns() -> None:
    """play_maumau_match gives play_match's result, with a DeprecationWarning pointing to it."""
    start_match = mm.MauMauMatch.start(mm.MAUMAU, 3, 4)
    bots = [mm.MauMauBot()] * 3
    with pytest.deprecated_call(match="use mexemexe.play_match"):
        old = mm.play_maumau_match(start_match, bots)
    assert old == m.play_match(start_match, bots)


def test_replay_maumau_match_still_replays_but_warns() -> None:
    """replay_maumau_match gives replay_match's result, with a DeprecationWarning pointing to it."""
    start_match = mm.MauMauMatch.start(mm.MAUMAU, 3, 4)
    final, records = m.play_match(start_match, [mm.MauMauBot()] * 3)
    with pytest.deprecated_call(match="use mexemexe.replay_match"):
        assert mm.replay_maumau_match(start_match, records) == final


def test_new_hand_is_new_round_under_its_mau_mau_name() -> None:
    """MauMauMatch.new_hand deals what new_round deals (a hand is a round)."""
    start_match = mm.MauMauMatch.start(mm.MAUMAU, 3, 4)
    assert start_match.new_hand() == start_match.new_round()


def test_profile_fields_are_named_as_the_rummy_profile_s() -> None:
    """hand_sizes (by player count) and rank_points name the same things as in Profile."""
    assert dict(P.hand_sizes)[4] == 7
    assert P.rank_points == (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20, 10, 10)
    assert P.hand_points(m.parse_cards("JH KS")) == 30


def test_hand_sizes_may_differ_by_player_count() -> None:
    """A variant deals fewer cards to more players, as a rummy profile may (M1)."""
    variant = attrs.evolve(P, hand_sizes={n: 7 if n < 6 else 5 for n in range(2, 11)})
    assert {len(h) for h in mm.deal(variant, 3, seed=1).hands} == {7}
    assert {len(h) for h in mm.deal(variant, 8, seed=1).hands} == {5}


def test_hand_sizes_must_cover_every_player_count() -> None:
    """A profile without a hand size for a player count it allows is refused."""
    with pytest.raises(m.ProfileError, match="no hand size for 10 players"):
        attrs.evolve(P, hand_sizes=dict.fromkeys(range(2, 10), 7))


def test_the_old_hand_size_keyword_still_works_but_warns() -> None:
    """hand_size=N gives every player count N cards, with a DeprecationWarning."""
    with pytest.deprecated_call(match="give hand_sizes"):
        old = attrs.evolve(P, hand_size=5)
    assert old == attrs.evolve(P, hand_sizes=dict.fromkeys(range(2, 11), 5))


def test_the_old_card_points_keyword_still_works_but_warns() -> None:
    """card_points=... sets rank_points, with a DeprecationWarning."""
    with pytest.deprecated_call(match="give rank_points"):
        old = mm.MauMauProfile(card_points=[1] * 13)
    assert old.rank_points == (1,) * 13


def test_the_old_names_read_back_but_warn() -> None:
    """MAUMAU.hand_size and MAUMAU.card_points still read, with a DeprecationWarning."""
    with pytest.deprecated_call(match="read hand_sizes"):
        assert P.hand_size == 7
    with pytest.deprecated_call(match="read rank_points"):
        assert P.card_points == P.rank_points


def test_old_profile_json_still_loads_but_warns() -> None:
    """A profile written with hand_size and card_points reads back, deprecated."""
    data = P.to_dict()
    data["hand_size"], data["card_points"] = 7, data.pop("rank_points")
    del data["hand_sizes"]
    with pytest.deprecated_call():
        assert mm.MauMauProfile.from_dict(data) == P
