"""JSON for what an app sends or receives (#30 item 2): moves, problems, proposals, results.

Each round-trips exactly through ``to_dict``/``from_dict`` and
``to_json``/``from_json``, carries ``"format": 1``, and its reader refuses
tampered input with the library's errors only.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mexemexe as m
from mexemexe import solver
from mexemexe.games import game_names, get_game

MOVES = [
    "draw",
    "draw discard",
    "pass",
    "forfeit",
    "play 7H 8H 9H | 7S 7D 7C",
    "meld 7H 8H 9H",
    "layoff 7H 2",
    "swap JK 0",
    "discard 7H",
    "discard JH S",
    "discard 7H announce",
    "discard JC D announce",
]

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False)
    | st.text(max_size=12)
    | st.sampled_from(["7H", "JK", "7H 8H", "draw", "layoff", "play", "stock", "S", "B5"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=20,
)


@pytest.mark.parametrize("text", MOVES)
def test_move_round_trips(text: str) -> None:
    """Each kind of move rebuilds equal from its dict and JSON, by the base class or its own."""
    move = m.Move.parse(text)
    assert m.Move.from_dict(move.to_dict()) == move
    assert m.Move.from_json(move.to_json()) == move
    assert type(move).from_dict(move.to_dict()) == move
    assert move.to_dict()["format"] == 1


def test_move_dict_fields() -> None:
    """A move's dict names its kind by keyword and writes cards in notation."""
    assert m.Move.parse("discard JH S").to_dict() == {
        "format": 1,
        "kind": "discard",
        "card": "JH",
        "suit": "S",
        "announce": False,
    }
    assert m.Move.parse("play 7H 8H 9H").to_dict()["table"] == ["7H 8H 9H"]


def test_move_defaults_may_be_left_out() -> None:
    """A client may leave out fields with defaults: a draw is from the stock, a discard plain."""
    assert m.Move.from_dict({"format": 1, "kind": "draw"}) == m.Draw()
    assert m.Move.from_dict({"format": 1, "kind": "discard", "card": "7H"}) == m.Discard("7H")


@pytest.mark.parametrize(
    "data",
    [
        {"format": 1, "kind": "draw", "source": "sideways"},
        {"format": 1, "kind": "draw", "extra": True},
        {"format": 2, "kind": "draw"},
        {"kind": "draw"},
        {"format": 1, "kind": "jump"},
        {"format": 1, "kind": "layoff", "card": "7H"},
        {"format": 1, "kind": "layoff", "card": "7H", "meld_index": -1},
        {"format": 1, "kind": "layoff", "card": "7H", "meld_index": True},
        {"format": 1, "kind": "layoff", "card": "7H", "meld_index": 2.0},
        {"format": 1, "kind": "layoff", "card": "7X", "meld_index": 2},
        {"format": 1, "kind": "play", "table": "7H 8H 9H"},
        {"format": 1, "kind": "play", "table": [7]},
        {"format": 1, "kind": "play", "table": [""]},
        {"format": 1, "kind": "meld", "cards": ["7H"]},
        {"format": 1, "kind": "discard", "card": "7H", "suit": "X"},
        {"format": 1, "kind": "discard", "card": "7H", "announce": "yes"},
        ["draw"],
        "draw",
    ],
)
def test_tampered_move_is_refused(data: Any) -> None:
    """A tampered move raises InvalidStateError, never KeyError or TypeError."""
    with pytest.raises(m.InvalidStateError):
        m.Move.from_dict(data)


def test_subclass_reads_only_its_kind() -> None:
    """`LayOff.from_dict` refuses a draw's dict."""
    with pytest.raises(m.InvalidStateError, match="LayOff"):
        m.LayOff.from_dict(m.Draw().to_dict())


@settings(deadline=2_000, max_examples=150)
@given(JSON_VALUES)
def test_any_json_is_a_move_or_refused(data: Any) -> None:
    """Arbitrary JSON gives a move that round-trips, or the library's error."""
    for reader in (m.Move.from_dict, m.Problem.from_dict, m.Proposal.from_dict):
        try:
            value = reader(data)
        except m.MexeMexeError:
            continue
        assert type(value).from_dict(value.to_dict()) == value


@settings(deadline=2_000, max_examples=100)
@given(
    st.dictionaries(
        st.sampled_from(
            ["format", "kind", "card", "meld_index", "suit", "announce", "source", "table", "cards"]
        ),
        JSON_VALUES,
    )
)
def test_move_shaped_json_is_a_move_or_refused(data: dict[str, Any]) -> None:
    """Dicts with a move's keys and random values give a move or InvalidStateError."""
    data = {"format": 1, "kind": random.Random(str(data)).choice(list(m.Move._registry)), **data}
    try:
        move = m.Move.from_dict(data)
    except m.InvalidStateError:
        return
    assert m.Move.from_dict(move.to_dict()) == move


def test_problem_round_trips() -> None:
    """A problem with a meld and cards rebuilds equal from its dict and JSON, code included."""
    problem = m.Problem("joker not allowed in a group", "B5", 2, m.parse_cards("7H 7S JK"))
    data = problem.to_dict()
    assert data == {
        "format": 1,
        "code": "joker_in_group",
        "message": "joker not allowed in a group",
        "rule": "B5",
        "meld_index": 2,
        "cards": "7H 7S JK",
    }
    assert m.Problem.from_dict(data) == problem
    assert m.Problem.from_json(problem.to_json()) == problem


@pytest.mark.parametrize(
    "change",
    [
        {"code": "empty_meld"},
        {"meld_index": -1},
        {"meld_index": "2"},
        {"cards": ["7H"]},
        {"cards": "7X"},
        {"message": None},
        {"rule": 5},
        {"format": "1"},
        {"surprise": 1},
    ],
)
def test_tampered_problem_is_refused(change: dict[str, Any]) -> None:
    """A problem with one field tampered with raises the library's error."""
    data = {**m.Problem("7H is not in the hand", "G4", None, "7H").to_dict(), **change}
    with pytest.raises(m.MexeMexeError):
        m.Problem.from_dict(data)


def test_problem_json_text_is_checked() -> None:
    """Text that is not JSON of an object raises InvalidStateError."""
    for text in ("", "[]", "{", '{"format": 1e999}', "[" * 5000):
        with pytest.raises(m.InvalidStateError):
            m.Problem.from_json(text)


def _states(game: str, seed: int, moves: int) -> list[Any]:
    rng = random.Random(seed)
    state: Any = get_game(game).deal(2, seed=seed)
    out = [state]
    for _ in range(moves):
        if state.result is not None:
            break
        state = state.apply(rng.choice(state.legal_moves()))
        out.append(state)
    return out


@pytest.mark.parametrize("game", [g for g in game_names() if g != "maumau"])
def test_proposals_round_trip(game: str) -> None:
    """Legal and illegal proposals along random play rebuild equal."""
    rng = random.Random(1)
    checked = 0
    for state in _states(game, 3, 40):
        hand = list(state.hand)
        melds = [tuple(meld) for meld in state.table]
        for extra in ((), tuple(rng.sample(hand, min(3, len(hand))))):
            proposal = state.propose([*melds, extra] if extra else melds)
            assert m.Proposal.from_dict(proposal.to_dict()) == proposal
            assert m.Proposal.from_json(proposal.to_json()) == proposal
            checked += 1
    assert checked


def test_proposal_ok_must_agree_with_problems() -> None:
    """A proposal whose ``ok`` contradicts its problems is refused."""
    state = m.deal("brazilian", hands=["7H 8H 9H", "KS"], seed=1)
    data = state.propose("7H 8H 9H").to_dict()
    assert data["ok"] is True
    with pytest.raises(m.InvalidStateError, match="ok"):
        m.Proposal.from_dict({**data, "ok": False})


@pytest.mark.parametrize("game", game_names())
def test_round_results_round_trip(game: str) -> None:
    """A finished round's result rebuilds equal from its JSON, which has ``format`` 1."""
    state = _states(game, 2, 2_000)[-1]
    result = state.result if state.result is not None else state.standing()
    data = json.loads(result.to_json())
    assert data["format"] == 1
    assert m.RoundResult.from_json(result.to_json()) == result
    assert m.RoundResult.from_dict(result.to_dict()) == result


def test_round_result_other_format_is_refused() -> None:
    """A round result of another format raises InvalidStateError."""
    data = {**m.RoundResult("out", (0,), (0, 5), (5, -5)).to_dict(), "format": 2}
    with pytest.raises(m.InvalidStateError):
        m.RoundResult.from_dict(data)


@pytest.mark.parametrize("game", ["brazilian", "rummikub", "galician"])
def test_best_play_round_trips(game: str) -> None:
    """Best plays along random play rebuild equal, moves and all."""
    for state in _states(game, 5, 20)[::4]:
        if state.result is None:
            best = solver.best_play(state, time_limit=2)
            assert solver.BestPlay.from_dict(best.to_dict()) == best
            assert solver.BestPlay.from_json(best.to_json()) == best


def test_tampered_best_play_is_refused() -> None:
    """A best play with a bad objective, move or table raises InvalidStateError."""
    data = solver.best_play(table="5H 6H 7H", hand="8H KS", profile="rummikub").to_dict()
    for change in ({"objective": "fun"}, {"moves": [{"kind": "x"}]}, {"table": [""]}, {"exact": 1}):
        with pytest.raises(m.InvalidStateError):
            solver.BestPlay.from_dict({**data, **change})
