"""B8 rule 21: each failed play costs ``failed_play_points`` when the round is scored (#29)."""

from __future__ import annotations

import pickle

import attrs
import pytest

import mexemexe as m
from mexemexe import InvalidStateError, ProfileError

BR = m.get_profile("brazilian")
RK = m.get_profile("rummikub")


def stacked(profile: m.Profile, hands: list[str], table: str = "") -> m.GameState:
    return m.deal(profile, hands=hands, table=table, seed=1)


def twice_forfeited(profile: m.Profile = BR) -> m.GameState:
    """Player 0 forfeits twice; player 1 lays down 7H 8H 9H, then goes out with 10H."""
    state = stacked(profile, ["2C 5S 9D", "7H 8H 9H 10H"])
    state = state.forfeit_turn().play("7H 8H 9H").forfeit_turn()
    return state.play("7H 8H 9H 10H")


def test_b8_failed_play_points_is_the_jokers_value_in_brazilian_only() -> None:
    """B8 rule 21: brazilian charges the joker's value (30) a failed play; the others nothing."""
    assert BR.failed_play_points == BR.joker_points == 30
    others = [m.get_profile(name) for name in ("rummikub", "rummikub-classic", "galician")]
    others.append(m.get_profile("galician-jokers"))
    assert all(profile.failed_play_points == 0 for profile in others)


def test_b8_each_failed_play_is_counted() -> None:
    """B8: the state counts each player's failed plays (forfeits) in the round."""
    state = stacked(BR, ["2C 5S 9D", "7H 8H 9H 10H"])
    assert state.failed_plays == ()
    assert state.forfeit_turn().failed_plays == (1, 0)


def test_b8_two_failed_plays_cost_twice_the_points_in_the_round_score() -> None:
    """B8 rule 21, B10: two forfeits add 2 x 30 to the player's penalty score, not to the hand."""
    final = twice_forfeited()
    result = final.result
    assert result is not None
    assert (result.reason, result.winners) == ("out", (1,))
    assert result.failed_plays == (2, 0)
    points = BR.hand_points(final.hands[0])
    assert result.hand_points == (points, 0)
    assert result.scores == (points + 60, 0)


def test_b8_the_provisional_score_charges_the_failed_plays() -> None:
    """B8: score() during the round already charges the failed plays."""
    state = stacked(BR, ["2C 5S 9D", "7H 8H 9H 10H"]).forfeit_turn()
    score = state.score()
    assert score.scores[0] == score.hand_points[0] + 30


def test_b8_failed_plays_never_change_the_round_winner() -> None:
    """B8, B9: the lowest hand wins an ended round whatever its failed plays cost."""
    state = stacked(BR, ["AC 2D", "KS KD QS QD"]).forfeit_turn()  # 3 + one card, against 50
    score = state.score()
    assert score.winners == (0,)
    assert score.failed_plays == (1, 0)


def test_b8_zero_points_counts_the_failed_plays_but_charges_nothing() -> None:
    """R5: rummikub counts failed plays (failed_play_points=0): the scores are R8's alone."""
    final = twice_forfeited(RK)
    result = final.result
    assert result is not None
    assert result.failed_plays == (2, 0)
    assert result.scores == (-result.hand_points[0], result.hand_points[0])


def test_b8_other_scorings_take_the_points_from_the_score() -> None:
    """B8 under R8's zero-sum scoring: a failed play's points are taken from the player's score."""
    variant = attrs.evolve(RK, name="rummikub-b8", failed_play_points=30)
    result = twice_forfeited(variant).result
    assert result is not None
    assert result.scores == (-result.hand_points[0] - 60, result.hand_points[0])


@pytest.mark.parametrize("forfeits", [1, 2])
def test_b8_failed_plays_survive_json(forfeits: int) -> None:
    """B8: states and results with failed plays come back equal from JSON (mid-round and final)."""
    state = stacked(BR, ["2C 5S 9D", "7H 8H 9H 10H"]).forfeit_turn()
    if forfeits == 2:
        state = twice_forfeited()
    again = m.GameState.from_json(state.to_json())
    assert again == state
    assert again.failed_plays == state.failed_plays
    assert pickle.loads(pickle.dumps(state)) == state


def test_b8_a_record_replays_the_failed_plays() -> None:
    """B8: a round record with forfeits replays to the same scores, through JSON."""
    start = stacked(BR, ["2C 5S 9D", "7H 8H 9H 10H"])
    record = m.GameRecord(start)
    for move in ("forfeit", "play 7H 8H 9H", "forfeit", "play 7H 8H 9H 10H"):
        record = record.append(move)
    final = record.replay()
    assert final == twice_forfeited()
    assert m.GameRecord.from_json(record.to_json()).replay() == final


def test_b8_a_result_with_other_failed_plays_than_the_round_is_refused() -> None:
    """B8: a result whose failed plays differ from the state's count is refused."""
    data = twice_forfeited().to_dict()
    data["result"]["failed_plays"] = [1, 0]
    data["result"]["scores"][0] -= 30
    with pytest.raises(InvalidStateError, match="failed_plays"):
        m.GameState.from_dict(data)


def test_b8_scores_without_the_failed_play_points_are_refused() -> None:
    """B8: a result whose scores leave out the failed plays' points is refused."""
    data = twice_forfeited().to_dict()
    data["result"]["scores"][0] -= 60
    with pytest.raises(InvalidStateError, match="scores"):
        m.GameState.from_dict(data)


def test_b8_bad_failed_play_counts_are_refused() -> None:
    """B8: failed plays are a count from 0 per player; anything else is refused, named."""
    data = stacked(BR, ["2C 5S 9D", "7H 8H 9H 10H"]).forfeit_turn().to_dict()
    data["failed_plays"] = [1, 0, 0]
    with pytest.raises(InvalidStateError, match="failed_plays"):
        m.GameState.from_dict(data)
    data["failed_plays"] = [-1, 2]
    with pytest.raises(InvalidStateError, match="failed_plays"):
        m.GameState.from_dict(data)


def test_b8_a_discard_game_has_no_failed_plays() -> None:
    """G4: a Galician state reads failed_plays as () and refuses any other value."""
    state = m.deal("galician", players=2, seed=1)
    assert state.failed_plays == ()
    data = state.to_dict()
    data["failed_plays"] = [1, 0]
    with pytest.raises(InvalidStateError, match="failed_plays"):
        m.GameState.from_dict(data)


def test_b8_negative_failed_play_points_are_refused() -> None:
    """B8: failed_play_points is a number of points from 0."""
    with pytest.raises(ProfileError, match="failed_play_points=-1"):
        attrs.evolve(BR, failed_play_points=-1)


def test_b8_more_failed_plays_than_turns_taken_is_refused() -> None:
    """B8: a state counting more failed plays than turns taken does not load."""
    data = m.deal("brazilian", players=2, seed=1).to_dict()
    data["failed_plays"] = [2**52, 0]
    with pytest.raises(InvalidStateError, match="more failed plays than turns taken"):
        m.GameState.from_dict(data)


def test_b8_one_player_cannot_fail_more_often_than_they_moved() -> None:
    """B8: after three turns of two players, no one has failed three times."""
    state = m.deal("brazilian", players=2, seed=1)
    for _ in range(3):
        state = state.apply("forfeit")
    data = state.to_dict()
    data["failed_plays"] = [3, 0]
    with pytest.raises(InvalidStateError, match="failed_plays"):
        m.GameState.from_dict(data)
    assert m.GameState.from_dict(state.to_dict()) == state
