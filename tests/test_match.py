"""Matches: rounds, totals, end and tie-breaks (RULES.md B10, B12, R8, R9)."""

from __future__ import annotations

import attrs
import pytest

import mexemexe as m
from mexemexe import InvalidStateError, Match, RoundResult
from mexemexe._scoring import _scored

BR = m.get_profile("brazilian")
RK = m.get_profile("rummikub")


def play_match(match: Match) -> Match:
    while not match.is_over:
        final, _ = m.play_round(match.new_round(), [m.SimpleBot()] * match.next_seats_count)
        match = match.record(final)
    return match


def result(profile: m.Profile, points: tuple[int, ...], out: int | None = None) -> RoundResult:
    """The result the profile scores for these hand points (B10, R8): won by ``out``, or by the
    lowest hands when the stock ended the round (B9, R6)."""
    reason = (
        "out" if out is not None else ("blocked" if profile.stock_exhaustion == "pass" else "stock")
    )
    return _scored(profile, points, reason, out, 1)


def test_b12_a_brazilian_match_has_one_round_per_player() -> None:
    """B12 [decision]: as many rounds as players."""
    match = play_match(Match.start(BR, players=3, seed=1))
    assert len(match.results) == 3
    assert match.planned_rounds == 3


def test_b10_lowest_penalty_total_wins() -> None:
    """B10: totals add each round's hand points; the lowest total wins the match."""
    match = Match(BR, 2, 0, [result(BR, (10, 4)), result(BR, (3, 20))], [(0, 1), (0, 1)])
    assert match.totals == (13, 24)
    assert match.is_over
    assert match.winners == (0,)


def test_b12_rounds_are_configurable() -> None:
    """B12: the number of rounds is a profile setting."""
    match = play_match(Match.start(attrs.evolve(BR, match_rounds=1), players=4, seed=2))
    assert len(match.results) == 1


def test_r9_highest_total_wins() -> None:
    """R9: most points wins the Rummikub-style match."""
    match = Match(RK, 2, 0, [result(RK, (0, 10), out=0), result(RK, (3, 0), out=1)], [(0, 1)] * 2)
    assert match.totals == (7, -7)
    assert match.is_over
    assert match.winners == (0,)


def test_r9_tie_starts_an_extra_round_among_the_tied_only() -> None:
    """R9: a tie at the end starts an extra round among the tied players only."""
    rounds = [result(RK, (2, 2, 10)), result(RK, (0, 0, 0)), result(RK, (0, 0, 0))]
    match = Match(RK, 3, 4, rounds, [(0, 1, 2)] * 3)
    assert match.totals == (5, 5, -10)
    assert not match.is_over
    assert match.next_seats() == (0, 1)
    state = match.new_round()
    assert state.players == 2
    final, _ = m.play_round(state, [m.SimpleBot()] * 2)
    after = match.record(final)
    assert after.seats[-1] == (0, 1)
    assert after.totals[2] == -10


def test_tie_without_tie_breaks_is_shared() -> None:
    """Without tie_break_rounds a tied match ends with several winners."""
    match = Match(BR, 2, 0, [result(BR, (5, 5))], [(0, 1)])
    match = attrs.evolve(match, profile=attrs.evolve(BR, match_rounds=1))
    assert match.is_over
    assert match.winners == (0, 1)


def test_rounds_are_seeded_from_the_match_seed() -> None:
    """Each round's deal is derived from the match seed and its number."""
    a, b = Match.start(BR, 4, seed=9), Match.start(BR, 4, seed=9)
    assert a.new_round() == b.new_round()
    assert m.round_seed(9, 0) != m.round_seed(9, 1)
    assert m.round_seed(9, 0) == m.round_seed(9, 0)


def test_recording_an_unfinished_round_is_an_error() -> None:
    """Only a finished round can be recorded."""
    match = Match.start(BR, 2, seed=1)
    with pytest.raises(InvalidStateError, match="not over"):
        match.record(match.new_round())


def test_a_finished_match_deals_no_more_rounds() -> None:
    """new_round after the end is an error."""
    match = play_match(Match.start(attrs.evolve(BR, match_rounds=1), players=2, seed=1))
    with pytest.raises(InvalidStateError, match="the match is over"):
        match.new_round()


def test_match_round_trips_through_dict() -> None:
    """A match serializes with its profile and results."""
    match = play_match(Match.start(BR, players=2, seed=3))
    assert Match.from_dict(match.to_dict()) == match


def test_match_rejects_bad_player_count() -> None:
    """A match has a player count the profile allows."""
    with pytest.raises(InvalidStateError, match="is for 2-6"):
        Match.start(BR, players=9, seed=1)


@pytest.mark.parametrize("profile", ["galician", "galician-jokers", "brazilian", "rummikub"])
def test_a_full_match_replays_identically(profile: str) -> None:
    """A seeded 4-player match with simple bots ends, and its round records replay to it."""
    start = Match.start(profile, players=4, seed=21)
    final, records = m.play_match(start, [m.SimpleBot()] * 4)
    assert final.is_over
    assert len(records) == len(final.results)
    assert m.replay_match(start, records) == final
    loaded = [m.GameRecord.from_json(r.to_json()) for r in records]
    assert m.replay_match(start, loaded) == final


def test_replay_rejects_a_record_from_another_deal() -> None:
    """A round record must start from the deal the match makes."""
    start = Match.start("brazilian", players=2, seed=1)
    _, records = m.play_match(Match.start("brazilian", players=2, seed=2), [m.SimpleBot()] * 2)
    with pytest.raises(InvalidStateError, match="does not start from the match's deal"):
        m.replay_match(start, records)


def test_play_and_replay_match_play_a_maumau_match_too() -> None:
    """play_match and replay_match play any registered game's match, Mau-Mau's included."""
    from mexemexe import maumau

    start = maumau.MauMauMatch.start(maumau.MAUMAU, 3, 1)
    final, records = m.play_match(start, [maumau.MauMauBot()] * 3)
    assert final.is_over
    assert m.replay_match(start, records) == final


def test_play_and_replay_match_refuse_what_is_no_match() -> None:
    """A profile's name given as a match is a TypeError naming what it got."""
    with pytest.raises(TypeError, match="expected a match .*, got str$"):
        m.replay_match("brazilian", [])  # type: ignore[arg-type]


# -- hostile matches and rounds (hardening) ---------------------------------------------


def test_record_refuses_a_made_up_result() -> None:
    """B10: a round whose result has winner 7 of 2 players is refused, not booked as (1000, -1000).

    The state is built the way an engine builds one, skipping the constructor's check.
    """
    match = Match.start(RK, players=2, seed=1)
    final, _ = m.play_round(match.new_round(), [m.SimpleBot()] * 2)
    assert final.result is not None
    fake = object.__new__(RoundResult)
    for name, value in attrs.asdict(final.result, recurse=False).items():
        object.__setattr__(fake, name, value)
    object.__setattr__(fake, "winners", (7,))
    object.__setattr__(fake, "scores", (1000, -1000))
    with pytest.raises(InvalidStateError, match="winners"):
        match.record(final._successor(result=fake))


def test_record_refuses_a_round_of_another_profile() -> None:
    """B12: a match records only rounds played by its own profile."""
    final, _ = m.play_round(m.deal(RK, players=2, seed=1), [m.SimpleBot()] * 2)
    with pytest.raises(InvalidStateError, match="played by 'rummikub', the match by 'brazilian'"):
        Match.start(BR, players=2, seed=1).record(final)


def test_record_refuses_something_that_is_not_a_state() -> None:
    """B12: recording anything but a finished GameState is the library's error."""
    with pytest.raises(InvalidStateError, match="records a finished GameState"):
        Match.start(BR, players=2, seed=1).record("final")  # type: ignore[arg-type]


def test_from_dict_with_bad_seats_is_refused() -> None:
    """B12: seats outside the match are refused on load (found: IndexError later on .totals)."""
    data = play_match(Match.start(BR, players=2, seed=3)).to_dict()
    data["seats"][0] = [0, 5]
    with pytest.raises(InvalidStateError, match=r"seats\[0\]"):
        Match.from_dict(data)


def test_a_result_inconsistent_with_its_hand_points_is_refused() -> None:
    """R8: a round's scores are those the profile gives its hand points."""
    bad = RoundResult("out", (0,), (0, 10), (50, -10))
    with pytest.raises(InvalidStateError, match=r"results\[0\]: result scores \(50, -10\)"):
        Match(RK, 2, 0, [bad], [(0, 1)])


def test_a_round_after_the_end_of_the_match_is_refused() -> None:
    """B12: no round is played once the match is over."""
    rounds = [result(BR, (10, 4))] * 3
    with pytest.raises(InvalidStateError, match="round 2 was played after the match ended"):
        Match(BR, 2, 0, rounds, [(0, 1)] * 3)


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("players", 2.0),
        ("seed", 10**5000),
        ("seed", "1"),
    ],
    ids=["float-players", "huge-seed", "text-seed"],
)
def test_from_dict_refuses_numbers_of_the_wrong_kind(key: str, value: object) -> None:
    """B12: bools, floats, text and huge numbers are InvalidStateError, never coerced."""
    data = play_match(Match.start(BR, players=2, seed=3)).to_dict()
    data[key] = value
    with pytest.raises(InvalidStateError):
        Match.from_dict(data)
