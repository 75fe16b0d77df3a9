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
    """Draw only from the stock or the discard pile."""
    with pytest.raises(ValueError, match="source"):
        Draw("deck")  # type: ignore[arg-type]


def test_moves_are_hashable_values() -> None:
    """Moves compare and hash by value."""
    assert {Draw(), Draw(), Play("7H 8H 9H"), Play("7H 8H 9H")} == {Draw(), Play("7H 8H 9H")}


@given(mst.tables(m.get_profile("rummikub"), min_melds=1))
def test_play_text_round_trips(table: m.Table) -> None:
    """Play moves round-trip through their text form."""
    move = Play(table)
    assert m.parse_move(str(move)) == move
