"""Mau-Mau rules corrected by issue #29: M6 (naming a suit is optional), M8 (re-entries)
and every section-M [decision] as a profile setting (M1, M2, M8), with termination."""

from __future__ import annotations

import attrs
import pytest

import mexemexe as m
from mexemexe import Discard, IllegalMoveError, InvalidStateError, ProfileError
from mexemexe import maumau as mm
from mexemexe.bots import RandomBot
from mexemexe.games import get_game


def start(hands: list[str], pile: str, profile: mm.MauMauProfile = mm.MAUMAU) -> mm.MauMauState:
    return mm.deal(profile, hands=hands, discard_pile=pile, seed=1)


def reason(fn) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalMoveError) as info:
        fn()
    return "; ".join(str(p) for p in info.value.problems)


def finished(hands: list[str], pile: str, last: str, profile: mm.MauMauProfile) -> mm.MauMauState:
    """A stacked hand that the last player ends at once with the move ``last`` (M7)."""
    state = mm.deal(profile, hands=hands, discard_pile=pile, seed=1, first_player=len(hands) - 1)
    final = state.apply(last)
    assert final.result is not None
    return final


# -- M6 -----------------------------------------------------------------------------------


def test_m6_a_jack_naming_no_suit_is_followed_by_its_own_suit() -> None:
    """M6: with no suit named, the Jack's own suit is followed (a Jack still matches)."""
    state = start(["JC 3D 4D", "5D 5C JH", "QS QD"], pile="9H")
    after = state.apply("discard JC")
    assert after.requested_suit is None
    assert "5D does not match the suit or rank of JC (M2)" in reason(lambda: after.discard("5D"))
    assert after.discard("5C").top == m.Card.parse("5C")
    assert after.discard("JH").top == m.Card.parse("JH")


def test_m6_naming_none_and_naming_the_jacks_own_suit_allow_the_same_cards() -> None:
    """M6: ``discard JC`` and ``discard JC C`` are two moves leaving the same cards playable."""
    state = start(["JC 3D 4D", "5D 5C JH 9C KS", "QS QD"], pile="9H")
    unnamed, named = state.apply("discard JC"), state.apply("discard JC C")
    assert named.requested_suit is m.Suit.CLUBS and unnamed.requested_suit is None
    assert unnamed.legal_moves() == named.legal_moves()


def test_m6_the_text_form_of_an_unnamed_jack_round_trips() -> None:
    """M6: ``discard JH`` is a Jack that names no suit; with ``announce`` too (M4)."""
    for text in ("discard JH", "discard JH announce"):
        move = m.parse_move(text)
        assert isinstance(move, Discard) and move.suit is None
        assert str(move) == text
    state = start(["JC 3D", "KS"], pile="9H")
    assert state.apply("discard JC announce").requested_suit is None


def test_m6_the_bot_still_names_a_suit() -> None:
    """M6: MauMauBot names the suit it holds most (naming stays allowed)."""
    state = start(["JC 3D 4D", "KS"], pile="9H")
    move = mm.MauMauBot().choose(state.view(0))
    assert isinstance(move, Discard) and move.suit is m.Suit.DIAMONDS


# -- M2 [decision]: the stuck turn ---------------------------------------------------------


def stuck(profile: mm.MauMauProfile) -> mm.MauMauState:
    """Player 0 cannot discard and has nothing to draw: the stock is empty (M2, M3)."""
    state = start(["3D 4D", "KS KD"], pile="9H", profile=profile)
    return attrs.evolve(state, hands=(state.hands[0], (*state.hands[1], *state.stock)), stock=())


def test_m2_a_stuck_player_passes_by_default() -> None:
    """M2 [decision]: stuck_turn="pass": the stuck player passes and the hand goes on."""
    assert mm.MAUMAU.stuck_turn == "pass"
    after = stuck(mm.MAUMAU).pass_turn()
    assert after.result is None and after.current_player == 1 and after.passes == 1


def test_m2_stuck_turn_block_ends_the_hand_at_the_first_stuck_pass() -> None:
    """M2 [decision]: stuck_turn="block": the stuck player's pass blocks the hand, no score."""
    profile = attrs.evolve(mm.MAUMAU, stuck_turn="block")
    after = stuck(profile).pass_turn()
    assert after.result is not None and after.result.reason == "blocked"
    assert not any(after.result.scores)
    assert mm.MauMauState.from_dict(after.to_dict()) == after
    data = after.to_dict()
    data["profile"] = mm.MAUMAU.to_dict()  # one pass does not block under "pass"
    with pytest.raises(InvalidStateError, match="blocked"):
        mm.MauMauState.from_dict(data)


def test_m2_stuck_turn_takes_only_its_words() -> None:
    """M2: stuck_turn is "pass" or "block"."""
    with pytest.raises(ProfileError, match="stuck_turn='wait'"):
        attrs.evolve(mm.MAUMAU, stuck_turn="wait")


# -- M8 -----------------------------------------------------------------------------------


def bursting(profile: mm.MauMauProfile) -> mm.MauMauState:
    """A 3-player hand after which seat 0 has 104 points, seat 1 has 40 (M7)."""
    return finished(
        ["KS KH KD KC KS KH KD KC QS QH 4S", "QD QC 10S 10H", "5H"], "9H", "discard 5H", profile
    )


def test_m8_the_decisions_default_to_the_rulebook() -> None:
    """M8: no re-entry limit; [decision]s: highest score not burst, two players under 100."""
    assert mm.MAUMAU.max_reentries is None
    assert mm.MAUMAU.reentry_score == "highest_not_burst"
    assert mm.MAUMAU.reentry_needs_players_under == 2
    assert mm.MAUMAU.entry_chips == 1  # M8 [decision]
    assert (mm.MAUMAU.min_players, mm.MAUMAU.max_players) == (2, 10)  # M1 [decision]
    assert mm.MAUMAU.special_start_card is False  # M1 [decision]


def test_m8_re_entries_are_unlimited_by_default() -> None:
    """M8: a player bursting again re-enters again (the seed sets no limit)."""
    match = mm.MauMauMatch.start(mm.MAUMAU, 3, 1).record(bursting(mm.MAUMAU)).reenter(0)
    assert match.scores == (40, 40, 0)
    again = match.record(finished(["KS KH KD KC QS QH", "3D", "5H"], "9H", "discard 5H", mm.MAUMAU))
    assert again.scores == (100, 43, 0)
    back = again.between_rounds()
    assert back.scores == (43, 43, 0) and back.reentries == (2, 0, 0) and back.pot == 5
    assert mm.MauMauMatch.from_dict(back.to_dict()) == back


def test_m8_reentry_score_zero_starts_again_from_nothing() -> None:
    """M8 [decision]: reentry_score="zero": the re-entering player's score becomes 0."""
    profile = attrs.evolve(mm.MAUMAU, reentry_score="zero")
    match = mm.MauMauMatch.start(profile, 3, 1).record(bursting(profile)).between_rounds()
    assert match.scores == (0, 40, 0) and match.reentries == (1, 0, 0)
    assert mm.MauMauMatch.from_dict(match.to_dict()) == match
    with pytest.raises(InvalidStateError, match="scores"):  # the default's score is refused
        attrs.evolve(match, scores=(40, 40, 0))


def test_m8_reentry_needs_players_under_is_a_setting() -> None:
    """M8 [decision]: with reentry_needs_players_under=3, two players under 100 are too few."""
    profile = attrs.evolve(mm.MAUMAU, reentry_needs_players_under=3)
    match = mm.MauMauMatch.start(profile, 3, 1).record(bursting(profile))
    assert not match.can_reenter(0)
    assert match.between_rounds() == match
    with pytest.raises(InvalidStateError, match="reentries"):  # a re-entry it could not make
        attrs.evolve(match, reentries=(1, 0, 0), pot=4, scores=(40, 40, 0))


def test_m8_one_player_under_may_suffice_with_a_limit() -> None:
    """M8: reentry_needs_players_under=1 lets players back after all others burst (a limit)."""
    profile = attrs.evolve(mm.MAUMAU, reentry_needs_players_under=1, max_reentries=1)
    hand = finished(
        ["KS KH KD KC QS AS AH", "KS KH KD KC QH QD QC", "JD"], "9H", "discard JD S", profile
    )
    match = mm.MauMauMatch.start(profile, 3, 1).record(hand)
    assert match.is_over  # before the re-entries
    back = match.between_rounds()
    assert not back.is_over and back.scores == (0, 0, 0) and back.reentries == (1, 1, 0)
    final, records = m.play_match(back, [mm.MauMauBot()] * 3)
    assert final.is_over
    assert m.replay_match(back, records) == final
    assert mm.MauMauMatch.from_dict(final.to_dict()) == final


def test_m8_one_player_under_without_a_limit_is_refused() -> None:
    """M8: re-entry with one player under and no limit would never end the match: refused."""
    with pytest.raises(ProfileError, match="never end"):
        attrs.evolve(mm.MAUMAU, reentry_needs_players_under=1)
    with pytest.raises(ProfileError, match="at least 1"):
        attrs.evolve(mm.MAUMAU, reentry_needs_players_under=0, max_reentries=1)
    with pytest.raises(ProfileError, match="reentry_score='lowest'"):
        attrs.evolve(mm.MAUMAU, reentry_score="lowest")
    with pytest.raises(ProfileError, match="max_reentries"):
        attrs.evolve(mm.MAUMAU, max_reentries="many")


def test_m8_old_json_with_one_reentry_still_loads() -> None:
    """M8: a profile and a match saved with max_reentries=1 and no new keys load as before."""
    once = attrs.evolve(mm.MAUMAU, max_reentries=1)
    data = once.to_dict()
    for key in ("reentry_score", "reentry_needs_players_under", "stuck_turn"):
        del data[key]
    assert mm.MauMauProfile.from_dict(data) == once
    start_match = mm.MauMauMatch.start(once, 6, 11)
    final, _records = m.play_match(start_match, [mm.MauMauBot()] * 6)
    assert all(r <= 1 for r in final.reentries) and any(final.reentries)
    saved = final.to_dict()
    saved["profile"] = data
    assert mm.MauMauMatch.from_dict(saved) == final


# -- M8 termination (issue #29 item 9) -----------------------------------------------------

#: The most hands a seeded match below may take: far above what they take (at
#: most 8), far below a match that does not end.
MAX_HANDS = 200


def capped_match(match: mm.MauMauMatch, bots: list[m.bots.Bot]) -> tuple[mm.MauMauMatch, int]:
    """`play_match`'s loop, failing after `MAX_HANDS` hands instead of running on."""
    for hands in range(MAX_HANDS + 1):
        if match.is_over:
            return match, hands
        seats = match.next_seats()
        final, _record = m.play_round(match.new_round(), [bots[s] for s in seats])
        match = match.record(final).between_rounds()
    raise AssertionError(f"the match did not end within {MAX_HANDS} hands (M8)")


def mixed_bots(seed: int, players: int) -> list[m.bots.Bot]:
    return [
        mm.MauMauBot() if k % 2 == 0 else RandomBot(seed * 10 + k)  # type: ignore[misc]
        for k in range(players)
    ]


def test_m8_matches_with_unlimited_reentries_end() -> None:
    """M8: 200 seeded matches, 2-6 players, MauMauBot and RandomBot, all end (no limit)."""
    game = get_game("maumau")
    reentered = 0
    for seed in range(200):
        players = 2 + seed % 5
        start_match = game.start_match(players, seed=seed)
        assert isinstance(start_match, mm.MauMauMatch)
        assert start_match.profile.max_reentries is None
        final, hands = capped_match(start_match, mixed_bots(seed, players))
        assert final.is_over and final.winner is not None
        assert sum(1 for s in final.scores if s < final.profile.burst_score) == 1
        reentered += max(final.reentries) > 1
        if seed % 20 == 0:  # play_match itself agrees
            played, records = m.play_match(start_match, mixed_bots(seed, players))
            assert played == final and len(records) == hands
    assert reentered  # some player re-entered more than once: the limit is really gone


def test_m7_a_final_jack_s_factor_is_bounded() -> None:
    """M7: a wild-finish factor so large that scores leave the JSON-safe range is refused."""
    with pytest.raises(ProfileError, match="wild_finish_multiplier is at most"):
        attrs.evolve(mm.MAUMAU, wild_finish_multiplier=2**62)
