"""The values layer after #28: pictures through installed drawers, notation read in `_cards`."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import mexemexe as m
from mexemexe import _pictures
from mexemexe._cards import as_cards
from mexemexe.render import svg

SRC = Path(__file__).resolve().parent.parent / "src"


def test_card_and_table_pictures_are_the_renderers() -> None:
    """`_repr_svg_` of a card and a table is what `mexemexe.render.svg` draws."""
    card, table = m.Card.parse("QD"), m.parse_table("7H 8H 9H | JK 7S 7D")
    assert card._repr_svg_() == svg.card(card) == _pictures.svg("card", card)
    assert table._repr_svg_() == svg.table(table) == _pictures.svg("table", table)


def test_an_unknown_kind_of_picture_is_a_lookup_error() -> None:
    """Asking for a drawer nobody installed names the kind."""
    with pytest.raises(LookupError, match="'hand-fan'"):
        _pictures.svg("hand-fan", ())


def test_pictures_work_without_importing_the_renderer() -> None:
    """Importing only the card module still gives a card its picture."""
    code = (
        "from mexemexe._cards import Card\n"
        "print(Card.parse('7H')._repr_svg_().startswith('<svg'))\n"
    )
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")]),
    }
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    assert proc.stdout.strip() == "True"


def test_pretty_printers_get_the_pasteable_repr() -> None:
    """`_repr_pretty_` writes the repr to any object with a ``text`` method."""
    written: list[str] = []

    class Printer:
        def text(self, obj: str) -> None:
            written.append(obj)

    for value in (m.Card.parse("7H"), m.parse_table("AS 2S 3S"), m.parse_move("draw")):
        value._repr_pretty_(Printer(), False)
    assert written == ["Card.parse('7H')", "Table.parse('AS 2S 3S')", "Move.parse('draw')"]


@pytest.mark.parametrize("value", [5, None, 2.5])
def test_a_table_of_a_non_iterable_is_a_type_error(value: object) -> None:
    """A table built from something that holds no melds is refused, naming its type."""
    with pytest.raises(TypeError, match=type(value).__name__):
        m.Table(value)


@given(st.text(alphabet="7HSJK10AQ *|,\n\t♥🃏ſ", max_size=20))
def test_as_cards_reads_text_as_parse_cards_does(text: str) -> None:
    """`as_cards` on text gives the cards, or the very error, of `parse_cards`."""
    try:
        expected: tuple[m.Card, ...] | m.NotationError = m.parse_cards(text)
    except m.NotationError as err:
        expected = err
    try:
        got: tuple[m.Card, ...] | m.NotationError = as_cards(text)
    except m.NotationError as err:
        got = err
    if isinstance(expected, m.NotationError):
        assert isinstance(got, m.NotationError)
        assert (got.position, got.token, got.reason) == (
            expected.position,
            expected.token,
            expected.reason,
        )
    else:
        assert got == expected
