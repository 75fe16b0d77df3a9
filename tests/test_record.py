"""Game records: replay, JSON round trip, tampering (DESIGN: a record is a deal plus moves)."""

from __future__ import annotations

import functools

import pytest

import mexemexe as m
from mexemexe import GameRecord, InvalidStateError


def played(seed: int = 5, profile: str = "brazilian") -> tuple[m.GameState, GameRecord]:
    return m.play_round(m.deal(profile, players=4, seed=seed), [m.SimpleBot()] * 4)


@pytest.mark.parametrize("profile", ["brazilian", "rummikub"])
def test_record_replays_to_the_final_state(profile: str) -> None:
    """replay() is functools.reduce(apply, moves, initial) and reaches the same final state."""
    final, record = played(profile=profile)
    assert record.replay() == final
    assert functools.reduce(m.GameState.apply, record.moves, record.initial) == final


def test_record_round_trips_through_json() -> None:
    """A record saved as JSON loads and replays to the same final state."""
    final, record = played()
    loaded = GameRecord.from_json(record.to_json())
    assert loaded == record
    assert loaded.replay() == final


def test_states_walks_every_state() -> None:
    """states() yields the initial state, then one per move."""
    final, record = played()
    states = list(record.states())
    assert len(states) == len(record.moves) + 1
    assert states[0] == record.initial
    assert states[-1] == final


def test_append_builds_a_record_move_by_move() -> None:
    """append adds a move (text accepted)."""
    state = m.deal("brazilian", players=2, seed=1)
    record = GameRecord(state).append("draw").append(m.Draw())
    assert record.replay() == state.draw().draw()


def test_a_record_with_an_illegal_move_is_rejected() -> None:
    """A tampered record (an illegal move) is an InvalidStateError on load."""
    _, record = played()
    data = record.to_dict()
    data["moves"][0] = "play 7H 8H 9H"
    with pytest.raises(InvalidStateError, match="illegal move"):
        GameRecord.from_dict(data)


def test_a_record_with_bad_move_text_is_rejected() -> None:
    """Unreadable move text in a record is an InvalidStateError."""
    _, record = played()
    data = record.to_dict()
    data["moves"][1] = "jump"
    with pytest.raises(InvalidStateError, match="unknown move"):
        GameRecord.from_dict(data)


def test_a_record_with_the_wrong_schema_is_rejected() -> None:
    """The schema tag is checked."""
    with pytest.raises(InvalidStateError, match="unknown record schema"):
        GameRecord.from_dict({"schema": "x", "initial": {}, "moves": []})
