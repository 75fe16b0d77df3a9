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
    state = m.deal("rummikub", players=2, seed=1)
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


# -- loading hostile records (hardening) ------------------------------------------------


def match_records() -> tuple[m.Match, tuple[GameRecord, ...]]:
    start = m.Match.start("brazilian", players=2, seed=3)
    return start, m.play_match(start, [m.SimpleBot()] * 2)[1]


def test_play_match_records_carry_their_deal_seed() -> None:
    """B12: each round record of a match keeps the seed of its deal, through JSON."""
    _, records = match_records()
    assert [r.seed for r in records] == [m.round_seed(3, k) for k in range(len(records))]
    assert GameRecord.from_json(records[0].to_json()).seed == records[0].seed


def test_a_record_whose_initial_hands_were_swapped_is_refused_at_load() -> None:
    """§0, B2: a seeded record must start from its seed's deal, even without replaying it."""
    _, records = match_records()
    data = records[0].to_dict()
    hands = data["initial"]["hands"]
    hands[0], hands[1] = hands[1], hands[0]
    with pytest.raises(InvalidStateError, match="not the deal of the record's seed"):
        GameRecord.from_dict(data, check=False)


def test_a_maumau_record_loads_without_importing_maumau_first() -> None:
    """M1: the record loader finds the state class of a schema tag by itself."""
    import os
    import pathlib
    import subprocess
    import sys

    from mexemexe import maumau

    _, record = m.play_round(maumau.deal(maumau.MAUMAU, 3, seed=2), [maumau.MauMauBot()] * 3)
    code = (
        "import sys, mexemexe as m; r = m.GameRecord.from_json(sys.stdin.read()); "
        "print(type(r.initial).__name__)"
    )
    # The child imports this tree's package, not another one installed in the environment.
    env = {**os.environ, "PYTHONPATH": str(pathlib.Path(m.__file__).parents[1])}
    out = subprocess.run(
        [sys.executable, "-c", code],
        input=record.to_json(),
        capture_output=True,
        text=True,
        env=env,
    )
    assert out.stdout.strip() == "MauMauState", out.stderr


def test_an_unknown_state_schema_is_refused() -> None:
    """A record's initial state of an unknown game is an InvalidStateError naming the tag."""
    _, record = played()
    data = record.to_dict()
    data["initial"]["schema"] = "mexemexe.chess/1"
    with pytest.raises(InvalidStateError, match="unknown state schema 'mexemexe.chess/1'"):
        GameRecord.from_dict(data)


@pytest.mark.parametrize(
    "moves", [[{"a": 1}], "draw", [7]], ids=["mapping-move", "text-not-list", "number-move"]
)
def test_moves_of_the_wrong_kind_are_refused(moves: object) -> None:
    """A record's moves are a list of move texts; anything else is an InvalidStateError."""
    _, record = played()
    data = record.to_dict()
    data["moves"] = moves
    with pytest.raises(InvalidStateError, match="moves"):
        GameRecord.from_dict(data, check=False)


def test_a_record_seed_of_the_wrong_kind_is_refused() -> None:
    """A record's seed is a bounded integer or absent."""
    _, records = match_records()
    for seed in (True, 1.5, 10**5000, "7"):
        data = records[0].to_dict()
        data["seed"] = seed
        with pytest.raises(InvalidStateError, match="seed"):
            GameRecord.from_dict(data, check=False)


def test_a_seeded_record_loads_when_the_start_card_moved_the_turn() -> None:
    """M5: a turned ace or 2 moves the first turn on; the deal check still finds the deal."""
    import attrs

    from mexemexe import games

    game = games.get_game("maumau")
    game = game.with_rules(attrs.evolve(game.rules, name="maumau-started", special_start_card=True))
    moved = 0
    for seed in range(12):
        state = game.deal(3, seed=seed)
        moved += state.current_player != 0
        record = GameRecord(state, [], seed=seed)
        assert GameRecord.from_json(record.to_json()) == record
    assert moved  # some of these deals turned an ace or a 2
