"""Card, list and table notation (RULES.md §0): lenient input, canonical output, round trips."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import mexemexe as m
from mexemexe import JOKER, Card, NotationError, Table
from mexemexe import strategies as mst


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("7H", "7H"),
        ("10s", "10S"),
        ("TS", "10S"),
        ("t♠", "10S"),
        ("q♦", "QD"),
        ("A♡", "AH"),
        ("jk", "JK"),
        ("*", "JK"),
        ("Joker", "JK"),
        ("🃏", "JK"),
        (" KC ", "KC"),
    ],
)
def test_card_input_is_lenient_output_canonical(text: str, canonical: str) -> None:
    """§0: T for 10, unicode suits, any case, joker aliases; output is ASCII canonical."""
    assert str(Card.parse(text)) == canonical


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("ZH", "unknown rank 'Z'"),
        ("7X", "unknown suit 'X'"),
        ("1H", "write the ace as A"),
        ("H", "rank followed by a suit"),
        ("", "found nothing"),
        ("7H8H", "two cards run together"),
        ("XYZ", "not a card"),
    ],
)
def test_bad_card_says_why(text: str, reason: str) -> None:
    """§0: bad text raises NotationError naming the problem."""
    with pytest.raises(NotationError, match=reason):
        Card.parse(text)


def test_notation_error_is_a_value_error_with_details() -> None:
    """NotationError is a ValueError that carries the token and its position."""
    with pytest.raises(ValueError) as info:
        m.parse_cards("7H 8H ZZ 9H")
    err = info.value
    assert isinstance(err, NotationError)
    assert (err.token, err.position) == ("ZZ", 6)
    assert "'ZZ' at position 6" in str(err)


def test_parse_cards_accepts_spaces_and_commas() -> None:
    """§0: a list of cards is separated by spaces and/or commas."""
    cards = m.parse_cards("7H,8H , 9H  JK")
    assert m.format_cards(cards) == "7H 8H 9H JK"
    assert m.parse_cards("   ") == ()


def test_parse_cards_rejects_a_table() -> None:
    """A '|' in a card list points the user to parse_table."""
    with pytest.raises(NotationError, match="parse_table"):
        m.parse_cards("7H 8H 9H | 7S 7D 7C")


def test_format_cards_unicode() -> None:
    """format_cards can write unicode suits."""
    assert m.format_cards(m.parse_cards("7H 10S JK"), unicode=True) == "7♥ 10♠ JK"


def test_parse_table_bars_and_newlines() -> None:
    """§0: melds are separated by '|' or newlines; blank lines are ignored."""
    table = m.parse_table("7H 8H 9H | 7S 7D 7C\n\n  AS 2S 3S\n")
    assert len(table) == 3
    assert m.format_table(table) == "7H 8H 9H | 7S 7D 7C | AS 2S 3S"


def test_parse_table_tolerates_bars_at_line_ends() -> None:
    """A boxed meld '| 7H 8H 9H |' is read as one meld."""
    assert m.parse_table("| 7H 8H 9H |") == m.parse_table("7H 8H 9H")


def test_parse_table_rejects_an_empty_meld() -> None:
    """An empty meld between two bars is an error at its position."""
    with pytest.raises(NotationError, match="empty meld") as info:
        m.parse_table("7H 8H 9H || 7S 7D 7C")
    assert info.value.position == 10


def test_parse_table_reports_position_in_whole_text() -> None:
    """A bad token in a later meld is located in the whole text."""
    with pytest.raises(NotationError) as info:
        m.parse_table("7H 8H 9H\n7S 7Q 7C")
    assert info.value.token == "7Q"
    assert info.value.position == 12


def test_empty_table() -> None:
    """'' is the empty table and formats back to ''."""
    assert m.parse_table("") == Table()
    assert m.format_table(Table()) == ""
    assert not Table()


def test_table_is_a_sequence_of_melds() -> None:
    """A Table supports len, indexing, iteration and cards()."""
    table = m.parse_table("7H 8H 9H | 7S 7D 7C")
    assert len(table) == 2
    assert table[1] == m.parse_cards("7S 7D 7C")
    assert [len(meld) for meld in table] == [3, 3]
    assert table.card_count == 6
    assert table.cards() == m.parse_cards("7H 8H 9H 7S 7D 7C")


def test_table_accepts_sequences_and_strings() -> None:
    """Tables can be built from notation, card strings or Card objects."""
    a = Table([["7H", "8H", "9H"], m.parse_cards("7S 7D 7C")])
    b = Table(["7H 8H 9H", "7S 7D 7C"])
    assert a == b == m.parse_table("7H 8H 9H | 7S 7D 7C")


def test_table_rejects_non_cards() -> None:
    """A meld element that is neither a Card nor a string is a TypeError."""
    with pytest.raises(TypeError, match="expected a Card"):
        Table([[1, 2, 3]])


def test_table_repr_round_trips() -> None:
    """repr(table) can be pasted back as code."""
    table = m.parse_table("7H 8H 9H | 7S JK 7C")
    assert eval(repr(table), {"Table": Table}) == table


def test_table_unicode() -> None:
    """A table can be written with unicode suits, and read back."""
    table = m.parse_table("7H 8H 9H | 7S 7D 7C")
    assert table.unicode() == "7♥ 8♥ 9♥ | 7♠ 7♦ 7♣"
    assert m.parse_table(table.unicode()) == table


@given(mst.card_lists(max_size=12))
def test_card_lists_round_trip(cards: tuple[Card, ...]) -> None:
    """§0: format_cards then parse_cards gives the same cards, ASCII or unicode."""
    assert m.parse_cards(m.format_cards(cards)) == cards
    assert m.parse_cards(m.format_cards(cards, unicode=True)) == cards


@given(st.lists(mst.card_lists(min_size=1, max_size=6), max_size=6))
def test_tables_round_trip(melds: list[tuple[Card, ...]]) -> None:
    """§0: format_table then parse_table gives an equal table, with either separator."""
    table = Table(melds)
    assert m.parse_table(m.format_table(table)) == table
    assert m.parse_table(m.format_table(table, sep="\n")) == table


@given(st.text(max_size=20))
def test_parse_table_never_raises_anything_but_notation_error(text: str) -> None:
    """Arbitrary text either parses or raises NotationError, never anything else."""
    try:
        table = m.parse_table(text)
    except NotationError:
        return
    assert m.parse_table(m.format_table(table)) == table


def test_joker_constant_parses() -> None:
    """JOKER is the parsed joker."""
    assert Card.parse("JK") is JOKER
