"""Hostile text at every notation entry point (RULES.md §0): linear cost, one alphabet, one error.

Issue "Hardening: every public entry point is safe on hostile input". Every
text entry either returns a value that round-trips through its formatter or
raises a `MexeMexeError` (a `NotationError` for bad text) locating the
problem inside the text; a wrong Python type is a `TypeError`. The only time
bound is hypothesis's per-example deadline.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mexemexe as m
from mexemexe import Card, MexeMexeError, NotationError, Rank, Suit, Table
from mexemexe._cards import as_cards

#: A generous bound per example: the parsers take milliseconds for these
#: inputs, and minutes when a cost grows faster than the text.
DEADLINE_MS = 2000

MEGA = 10**6


@cache
def megabyte_shapes() -> dict[str, str]:
    """Hostile inputs of about 10^6 characters, made once and only when a test needs them."""
    rng = random.Random(0)
    return {
        "valid cards": ("7H 8H 9H | 7S 7D 7C\n" * MEGA)[: MEGA - 1] + "C",
        "one long token": "7" * MEGA,
        "many separators": ", " * (MEGA // 2),
        "many bars": "|" * MEGA,
        "bars and cards": ("7H|" * MEGA)[: MEGA - 1] + "C",
        "line breaks": "\r\n" * (MEGA // 2),
        "random unicode": "".join(chr(rng.randrange(0x20, 0x3_0000)) for _ in range(MEGA)),
        "card list ending in a tab": ("7H " * MEGA)[: MEGA - 1] + "\t",
        "huge meld number": "layoff 7H " + "9" * MEGA,
        "long discard": "discard 7H " + "S " * (MEGA // 2),
    }


@pytest.fixture(scope="module", autouse=True)
def _shapes_made_before_any_timed_example() -> None:
    """Make the megabyte inputs once, outside hypothesis' deadline (they take seconds)."""
    megabyte_shapes()


SHAPE_NAMES = [
    *("valid cards", "one long token", "many separators", "many bars", "bars and cards"),
    *("line breaks", "random unicode", "card list ending in a tab", "huge meld number"),
    "long discard",
]

TEXT_ENTRIES: dict[str, Callable[[str], Any]] = {
    "parse_cards": m.parse_cards,
    "parse_table": m.parse_table,
    "parse_move": m.parse_move,
    "Move.parse": m.Move.parse,
    "Table.parse": Table.parse,
    "Card.parse": Card.parse,
    "Rank.parse": Rank.parse,
    "Suit.parse": Suit.parse,
    "as_cards": as_cards,
}


def _assert_locates(err: MexeMexeError, text: str) -> None:
    """A NotationError carries the whole text and a position inside it."""
    if isinstance(err, NotationError):
        assert err.text == text
        assert 0 <= err.position <= len(text)
        assert len(str(err)) < 1000  # the message quotes an excerpt, never the whole text


# -- 1. linear cost ------------------------------------------------------------


@settings(deadline=DEADLINE_MS, max_examples=len(SHAPE_NAMES) * 4)
@given(
    st.sampled_from(SHAPE_NAMES),
    st.sampled_from(["parse_cards", "parse_table", "parse_move", "Card.parse"]),
)
def test_megabyte_hostile_inputs_are_parsed_or_rejected_within_the_deadline(
    shape: str, entry: str
) -> None:
    """A 10^6-character input of any shape is parsed or rejected, never slowly."""
    text = megabyte_shapes()[shape]
    try:
        TEXT_ENTRIES[entry](text)
    except MexeMexeError as err:
        _assert_locates(err, text)


@settings(deadline=DEADLINE_MS, max_examples=len(TEXT_ENTRIES))
@given(st.sampled_from(sorted(TEXT_ENTRIES)))
def test_a_long_run_of_sevens_is_rejected_at_every_entry(entry: str) -> None:
    """'7' * 10^6 (once quadratic in the token explanation) is a prompt NotationError."""
    text = "7" * MEGA
    with pytest.raises(NotationError) as info:
        TEXT_ENTRIES[entry](text)
    _assert_locates(info.value, text)


def test_error_message_quotes_a_bounded_excerpt_but_keeps_the_whole_text() -> None:
    """The message quotes an excerpt around the position; .text and .token stay whole."""
    text = "7H " * 10_000 + "ZZ" + " 8H" * 10_000
    with pytest.raises(NotationError) as info:
        m.parse_cards(text)
    err = info.value
    assert err.text == text
    assert (err.token, err.position) == ("ZZ", 30_000)
    assert "'ZZ' at position 30000" in str(err)
    assert "7H ZZ 8H" in str(err)
    assert len(str(err)) < 400


def test_a_long_bad_token_is_quoted_shortly() -> None:
    """A 10^5-character bad token is kept in .token but shortened in the message."""
    token = "X" * 100_000
    with pytest.raises(NotationError) as info:
        m.parse_table("7H 8H 9H | " + token)
    assert info.value.token == token
    assert len(str(info.value)) < 400


# -- 2. the alphabet -----------------------------------------------------------

FOREIGN = [
    ("\t", "U+0009"),
    ("\x0b", "U+000B"),
    ("\x0c", "U+000C"),
    ("\x1c", "U+001C"),
    ("\x85", "U+0085"),
    ("\xa0", "U+00A0"),
    ("\u2028", "U+2028"),
    ("\u2029", "U+2029"),
    ("\u3000", "U+3000"),
    ("\ufeff", "U+FEFF"),
    ("ſ", "U+017F"),
    ("ı", "U+0131"),
    ("\u212a", "U+212A"),
    ("ﬅ", "U+FB05"),
    ("²", "U+00B2"),
    ("\x00", "U+0000"),
]


@pytest.mark.parametrize(("char", "code"), FOREIGN)
def test_a_character_outside_the_notation_is_rejected_in_a_table(char: str, code: str) -> None:
    """§0: tabs, Unicode spaces and line separators, non-ASCII letters are errors naming them."""
    text = f"7H 8H{char}9H | 7S 7D 7C"
    with pytest.raises(NotationError, match=re.escape(code)) as info:
        m.parse_table(text)
    assert info.value.position == 5


@pytest.mark.parametrize(("char", "code"), FOREIGN)
def test_a_character_outside_the_notation_is_rejected_in_a_card_list(char: str, code: str) -> None:
    """§0: the same characters are errors in parse_cards, at their position."""
    with pytest.raises(NotationError, match=re.escape(code)) as info:
        m.parse_cards(f"7H 8H 9{char}H")
    assert info.value.position == 7


@pytest.mark.parametrize(("char", "code"), FOREIGN)
def test_a_character_outside_the_notation_is_rejected_in_a_move(char: str, code: str) -> None:
    """§0: the same characters are errors in parse_move, at their position."""
    with pytest.raises(NotationError, match=re.escape(code)) as info:
        m.parse_move(f"play 7H 8H{char}9H")
    assert info.value.position == 10


def test_a_line_separator_does_not_join_two_melds_into_one() -> None:
    """U+2028 used to split like a newline when parsing but not when formatting."""
    with pytest.raises(NotationError, match=r"U\+2028 LINE SEPARATOR"):
        m.parse_table("7H 8H 9H\u20287S 7D 7C")


def test_a_lone_carriage_return_is_rejected() -> None:
    """A '\\r' not followed by '\\n' is an error at its position, not one big meld."""
    with pytest.raises(NotationError, match=r"U\+000D") as info:
        m.parse_table("7H 8H 9H\r7S 7D 7C")
    assert info.value.position == 8


def test_a_carriage_return_at_the_end_is_rejected() -> None:
    """A trailing lone '\\r' is located at the end, not blamed on the card before it."""
    with pytest.raises(NotationError, match=r"U\+000D") as info:
        m.parse_table("7H 8H\r")
    assert (info.value.token, info.value.position) == ("\r", 5)


def test_crlf_is_a_line_break() -> None:
    """'\\r\\n' separates melds exactly as '\\n' does."""
    crlf = m.parse_table("7H 8H 9H\r\n7S 7D 7C\r\n\r\n")
    assert crlf == m.parse_table("7H 8H 9H\n7S 7D 7C")


@pytest.mark.parametrize(
    ("parse", "text"),
    [
        (Card.parse, "7ſ"),
        (Card.parse, "ﬅ"),
        (Card.parse, "\u212a♠"),
        (Rank.parse, "ı"),
        (Rank.parse, "\u212a"),
        (Suit.parse, "ſ"),
    ],
)
def test_unicode_case_folding_does_not_make_a_card(parse: Callable[[str], Any], text: str) -> None:
    """Case-insensitivity is ASCII only: 'ſ'.upper() == 'S' does not make a spade."""
    with pytest.raises(NotationError, match="is not card notation"):
        parse(text)


def test_letters_are_read_in_either_ascii_case() -> None:
    """§0: ASCII case-insensitivity still holds for every spelling."""
    assert Card.parse("jOkEr") == m.JOKER
    assert Card.parse("tS") == Card.parse("10s") == Card.parse("10S")
    assert Rank.parse("k") is Rank.KING
    assert Suit.parse("d") is Suit.DIAMONDS


def test_surrounding_spaces_are_still_ignored_by_single_parsers() -> None:
    """Lenient in: spaces around one card, rank or suit are ignored."""
    assert Card.parse("  QD ") == Card.parse("QD")
    assert Rank.parse(" 10 ") is Rank.TEN
    assert Suit.parse(" ♣ ") is Suit.CLUBS


def test_a_single_card_rejects_a_line_break() -> None:
    """Card.parse('7H\\n8H') is two melds' worth of text, not a card."""
    with pytest.raises(NotationError, match="line breaks separate melds"):
        Card.parse("7H\n8H")


def test_a_card_list_rejects_a_line_break() -> None:
    """A line break separates melds, so a list of cards (one meld) cannot hold one."""
    with pytest.raises(NotationError, match="parse_table") as info:
        m.parse_cards("7H 8H\n9H")
    assert info.value.position == 5


def test_an_empty_meld_between_spaced_bars_is_rejected() -> None:
    """'7H 8H 9H | | 7S 7D 7C' has an empty meld, located after the first bar."""
    with pytest.raises(NotationError, match="empty meld") as info:
        m.parse_table("7H 8H 9H | , | 7S 7D 7C")
    assert info.value.position == 10


def test_a_table_with_an_empty_meld_has_no_notation() -> None:
    """An empty meld has no notation: format_table refuses it rather than drop it."""
    table = Table([["7H", "8H", "9H"], [], ["7S"]])
    with pytest.raises(NotationError, match="empty meld has no notation") as info:
        m.format_table(table)
    assert (info.value.text, info.value.position) == ("7H 8H 9H |  | 7S", 11)


def test_a_table_with_an_empty_meld_still_has_a_pasteable_repr() -> None:
    """repr() of such a table (a proposal validation reports on) evaluates back to it."""
    table = Table(["7H 8H 9H", " "])
    assert eval(repr(table), {"Table": Table}) == table


@pytest.mark.parametrize("sep", [" ", "", "\t", " | | ", "||", ", ", "\r"])
def test_format_table_rejects_a_separator_that_would_not_read_back(sep: str) -> None:
    """format_table's output always parses back: a separator that would not is refused."""
    with pytest.raises(NotationError, match="melds are separated"):
        m.format_table("7H 8H 9H | 7S 7D 7C", sep=sep)


@pytest.mark.parametrize("sep", ["\n", "\r\n", "|", " |\n", "\n\n", " , | "])
def test_format_table_accepts_separators_that_read_back(sep: str) -> None:
    """Any separator made of one bar or line breaks, with spaces or commas, round-trips."""
    table = m.parse_table("7H 8H 9H | 7S 7D 7C")
    assert m.parse_table(m.format_table(table, sep=sep)) == table


@pytest.mark.parametrize("sep", ["", "|", "\t", "\n", ";"])
def test_format_cards_rejects_a_separator_that_would_not_read_back(sep: str) -> None:
    """format_cards' separator is spaces and/or commas, so its output parses back."""
    with pytest.raises(NotationError, match="spaces and/or commas"):
        m.format_cards(m.parse_cards("7H 8H"), sep=sep)


# -- 3. only the library's errors ----------------------------------------------


def test_a_superscript_meld_number_is_a_notation_error() -> None:
    """'layoff 7H ²' used to raise a bare ValueError from int('²')."""
    with pytest.raises(NotationError, match=r"U\+00B2") as info:
        m.parse_move("layoff 7H ²")
    assert info.value.position == 10


@pytest.mark.parametrize("digits", ["٣", "３", "𝟑"])
def test_a_meld_number_takes_ascii_digits_only(digits: str) -> None:
    """Other Unicode digits, which int() would read, are not notation."""
    with pytest.raises(NotationError, match="is not card notation"):
        m.parse_move(f"swap 7H {digits}")


def test_a_huge_meld_number_is_a_notation_error() -> None:
    """A 5,000-digit meld number is refused before int() meets Python's digit limit."""
    text = "layoff 7H " + "9" * 5000
    with pytest.raises(NotationError, match="at most 6 digits") as info:
        m.parse_move(text)
    assert info.value.position == 10


def test_a_long_meld_number_within_the_bound_is_read() -> None:
    """Leading zeros are fine as long as the number has at most six digits."""
    assert m.parse_move("layoff 7H 000012") == m.LayOff("7H", 12)


@pytest.mark.parametrize("entry", sorted(set(TEXT_ENTRIES) - {"as_cards"}))
@pytest.mark.parametrize("value", [None, 7, ["7H"], b"7H"])
def test_a_non_string_is_a_type_error_at_every_text_entry(entry: str, value: object) -> None:
    """Notation is text: None, an int, a list or bytes is a TypeError, never AttributeError."""
    with pytest.raises(TypeError):
        TEXT_ENTRIES[entry](value)  # type: ignore[arg-type]


def test_rank_parse_of_none_is_a_type_error_naming_the_type() -> None:
    """Rank.parse(None) used to raise AttributeError from None.strip()."""
    with pytest.raises(TypeError, match="a rank is written as text like 'Q', not NoneType"):
        Rank.parse(None)  # type: ignore[arg-type]


# -- 4. max_cards --------------------------------------------------------------


def test_parse_cards_stops_at_max_cards() -> None:
    """The card beyond max_cards is an error located at that card."""
    with pytest.raises(NotationError, match="more than max_cards=2") as info:
        m.parse_cards("7H 8H 9H 10H", max_cards=2)
    assert (info.value.token, info.value.position) == ("9H", 6)


def test_parse_cards_reads_nothing_past_max_cards() -> None:
    """Bad text after the card beyond the limit is never looked at."""
    with pytest.raises(NotationError, match="max_cards"):
        m.parse_cards("7H 8H 9H ZZ\t" + "7" * MEGA, max_cards=2)


def test_max_cards_allows_exactly_the_limit() -> None:
    """max_cards cards are fine; so is max_cards=0 on blank text."""
    assert len(m.parse_cards("7H, 8H, 9H", max_cards=3)) == 3
    assert m.parse_cards("  ", max_cards=0) == ()
    assert len(m.parse_table("7H 8H 9H | 7S 7D 7C", max_cards=6)) == 2


def test_parse_table_max_cards_counts_cards_over_all_melds() -> None:
    """The limit is on the table's cards, not on each meld's."""
    with pytest.raises(NotationError, match="more than max_cards=4") as info:
        m.parse_table("7H 8H 9H | 7S 7D 7C", max_cards=4)
    assert (info.value.token, info.value.position) == ("7D", 14)


def test_parse_table_reads_nothing_past_max_cards() -> None:
    """A table stops at the card beyond the limit, before a later bad meld."""
    with pytest.raises(NotationError, match="max_cards"):
        m.parse_table("7H 8H 9H\n7S 7D 7C || \u2028", max_cards=4)


def test_parse_table_with_max_cards_reads_as_without() -> None:
    """Within the limit, max_cards changes nothing, separators and errors alike."""
    text = "| 7H, 8H 9H |\r\n\n  7S 7D 7C\n|AS 2S 3S|"
    assert m.parse_table(text, max_cards=9) == m.parse_table(text)
    for bad in ("7H || 8H", "7H | , | 8H", "7H\r8H", "7H ZZ"):
        with pytest.raises(NotationError) as limited:
            m.parse_table(bad, max_cards=100)
        with pytest.raises(NotationError) as unlimited:
            m.parse_table(bad)
        assert limited.value.position == unlimited.value.position


def test_table_parse_passes_max_cards_through() -> None:
    """Table.parse takes max_cards as parse_table does."""
    with pytest.raises(NotationError, match="max_cards=1"):
        Table.parse("7H 8H", max_cards=1)


@pytest.mark.parametrize(
    ("limit", "error"), [(-1, ValueError), ("3", TypeError), (2.0, TypeError), (True, TypeError)]
)
def test_a_bad_max_cards_is_refused(limit: object, error: type[Exception]) -> None:
    """max_cards is None or an int from 0."""
    with pytest.raises(error, match="max_cards"):
        m.parse_cards("7H", max_cards=limit)  # type: ignore[arg-type]
    with pytest.raises(error, match="max_cards"):
        m.parse_table("7H", max_cards=limit)  # type: ignore[arg-type]


# -- fuzzing: a valid value that round-trips, or the library's error ------------

#: Pieces of text near the notation, so that valid inputs are common and
#: invalid ones are near misses.
PIECES = [
    *("7H", "10s", "TS", "qd", "AC", "k♠", "9♥", "2♦", "J♣", "5♡", "JK", "joker", "*", "🃏"),
    *("7", "1", "H", "x", "10", "0", "99"),
    *(" ", " ", ", ", ",", " | ", "|", "\n", "\r\n"),
    *("\r", "\t", "\xa0", "\u2028", "ſ", "ı", "²", "\x0c", "\x00"),
]
near_notation = st.lists(st.sampled_from(PIECES), max_size=16).map("".join)
any_text = st.one_of(st.text(max_size=40), near_notation)
KEYWORDS = ["draw", "pass", "forfeit", "play", "meld", "layoff", "swap", "discard", "DRAW"]
WORDS = ["stock", "discard", "announce", "3", "0", "12", "٣", "²", "S", "h"]
move_text = st.one_of(
    st.text(max_size=40),
    st.tuples(
        st.sampled_from(["", " ", "\n"]),
        st.sampled_from(KEYWORDS),
        st.lists(st.sampled_from(PIECES + WORDS), max_size=8).map("".join),
    ).map(lambda parts: parts[0] + parts[1] + " " + parts[2]),
)


@settings(deadline=DEADLINE_MS, max_examples=300)
@given(any_text)
def test_fuzz_parse_cards(text: str) -> None:
    """parse_cards gives cards that round-trip, or a located NotationError."""
    try:
        cards = m.parse_cards(text)
    except MexeMexeError as err:
        _assert_locates(err, text)
        return
    assert m.parse_cards(m.format_cards(cards)) == cards
    assert m.parse_cards(m.format_cards(cards, unicode=True, sep=", ")) == cards


@settings(deadline=DEADLINE_MS, max_examples=300)
@given(any_text)
def test_fuzz_parse_table(text: str) -> None:
    """parse_table gives a table that round-trips with either separator, or an error."""
    try:
        table = m.parse_table(text)
    except MexeMexeError as err:
        _assert_locates(err, text)
        return
    assert m.parse_table(m.format_table(table)) == table
    assert m.parse_table(m.format_table(table, sep="\n", unicode=True)) == table
    assert eval(repr(table), {"Table": Table}) == table


@settings(deadline=DEADLINE_MS, max_examples=300)
@given(move_text)
def test_fuzz_parse_move(text: str) -> None:
    """parse_move gives a move that round-trips through str, or a located error."""
    try:
        move = m.parse_move(text)
    except MexeMexeError as err:
        _assert_locates(err, text)
        return
    assert m.parse_move(str(move)) == move


@settings(deadline=DEADLINE_MS, max_examples=300)
@given(st.one_of(st.text(max_size=8), st.lists(st.sampled_from(PIECES), max_size=3).map("".join)))
def test_fuzz_card_rank_and_suit_parse(text: str) -> None:
    """Card, Rank and Suit parse to values that round-trip, or raise a located error."""
    for parse, write in (
        (Card.parse, str),
        (Rank.parse, lambda rank: rank.symbol),
        (Suit.parse, lambda suit: suit.value),
    ):
        try:
            value = parse(text)
        except MexeMexeError as err:
            _assert_locates(err, text)
            continue
        assert parse(write(value)) == value


@settings(deadline=DEADLINE_MS, max_examples=100)
@given(near_notation, st.integers(min_value=0, max_value=6))
def test_fuzz_max_cards_agrees_with_no_limit(text: str, limit: int) -> None:
    """With max_cards, the result is the unlimited one when within the limit, else an error."""
    try:
        unlimited: Table | None = m.parse_table(text)
    except NotationError:
        unlimited = None
    try:
        limited = m.parse_table(text, max_cards=limit)
    except NotationError as err:
        _assert_locates(err, text)
        assert unlimited is None or unlimited.card_count > limit
        return
    assert limited == unlimited


def test_str_of_a_table_with_an_empty_meld_never_raises() -> None:
    """str() of a proposal holding an empty meld is display text, not an exception."""
    table = m.Table([["7H", "8H", "9H"], []])
    assert str(table) == "7H 8H 9H | ()"
    with pytest.raises(m.NotationError):
        m.parse_table(str(table))


def test_an_empty_meld_played_in_the_discard_game_is_an_illegal_move() -> None:
    """G4: a play holding an empty meld is refused as a move, not as a notation error."""
    state = m.deal("galician", players=2, seed=1)
    with pytest.raises(m.IllegalMoveError):
        state.apply(m.Play(m.Table([["7H", "8H", "9H"], []])))
