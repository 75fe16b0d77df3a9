"""Move values and their text forms."""

from __future__ import annotations

import pytest
from hypothesis import given

import mexemexe as m
from mexemexe import Draw, Forfeit, Move, NotationError, Pass, Play
from mexemexe import strategies as mst


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("draw", Draw()),
        ("DRAW stock", Draw()),
        ("draw discard", Draw("discard")),
        ("  pass ", Pass()),
        ("forfeit", Forfeit()),
        ("play 7h 8h 9h | 7s 7d 7c", Play("7H 8H 9H | 7S 7D 7C")),
    ],
)
def test_parse_move(text: str, move: Move) -> None:
    """Move text is read leniently."""
    assert m.parse_move(text) == move
    assert Move.parse(text) == move


def test_str_is_canonical_and_repr_round_trips() -> None:
    """str() writes canonical text; repr() pastes back as code."""
    move = m.parse_move("PLAY 7h 8h 9h")
    assert str(move) == "play 7H 8H 9H"
    assert eval(repr(move), {"Move": Move}) == move
    assert str(Draw("discard")) == "draw discard"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("jump", "unknown move"),
        ("pass now", "'pass' takes nothing after it"),
        ("draw deck", "draw from 'stock' or 'discard'"),
        ("play", "needs the new table"),
        ("play 7H XX", "bad token 'XX' at position 8"),
    ],
)
def test_bad_moves_say_why(text: str, reason: str) -> None:
    """Bad move text raises NotationError naming the problem."""
    with pytest.raises(NotationError, match=reason):
        m.parse_move(text)


def test_draw_source_is_validated() -> None:
    """G4: draw only from the stock or the discard pile; another source is an IllegalMoveError."""
    with pytest.raises(m.IllegalMoveError, match=r"draw from 'deck': .* discard pile \(G4\)"):
        Draw("deck")  # type: ignore[arg-type]


@pytest.mark.parametrize("index", [-1, 1.5, True, "0"])
def test_meld_indexes_are_whole_numbers_from_zero(index: object) -> None:
    """G4, G12: a lay-off or joker swap names a meld counted from 0, quoting a bad index."""
    with pytest.raises(m.IllegalMoveError, match=f"layoff onto meld {index!r}: .*counted from 0"):
        m.LayOff("7H", index)  # type: ignore[arg-type]
    with pytest.raises(m.IllegalMoveError, match=r"\(G12\)"):
        m.SwapJoker("7H", index)  # type: ignore[arg-type]


def test_a_negative_lay_off_changes_nothing() -> None:
    """G4: state.lay_off onto meld -1 is refused with the library's error, the state unchanged."""
    state = m.deal("galician", hands=["7H 8H 9H 2C", "KS"], table="4S 5S 6S", seed=1).draw()
    before = state.to_dict()
    with pytest.raises(m.IllegalMoveError, match="counted from 0"):
        state.lay_off("7H", -1)
    assert state.to_dict() == before


def test_moves_are_hashable_values() -> None:
    """Moves compare and hash by value."""
    assert {Draw(), Draw(), Play("7H 8H 9H"), Play("7H 8H 9H")} == {Draw(), Play("7H 8H 9H")}


@given(mst.tables(m.get_profile("rummikub"), min_melds=1))
def test_play_text_round_trips(table: m.Table) -> None:
    """Play moves round-trip through their text form."""
    move = Play(table)
    assert m.parse_move(str(move)) == move


@pytest.mark.parametrize("index", [10**6, 10**5000, -1], ids=["million", "huge", "negative"])
def test_a_meld_index_the_notation_cannot_write_is_refused(index: int) -> None:
    """A lay-off built in code onto a meld number past the notation's digits is refused."""
    with pytest.raises(m.IllegalMoveError):
        m.LayOff("7H", index)
