"""Cards, ranks, suits and decks (RULES.md §0, B1, R1, G1)."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest
from hypothesis import given

import mexemexe as m
from mexemexe import JOKER, Card, Rank, Suit
from mexemexe import strategies as mst


def test_two_copies_of_a_card_are_equal_and_hash_alike() -> None:
    """§0: the two copies of a card are interchangeable, so they are equal values."""
    a, b = Card.parse("7H"), Card(Rank.SEVEN, Suit.HEARTS)
    assert a == b
    assert hash(a) == hash(b)
    assert len({a, b}) == 1


def test_cards_are_totally_ordered_rank_then_suit_joker_last() -> None:
    """Sorting goes by rank, then suit ♠ ♥ ♦ ♣, with the joker last."""
    cards = m.parse_cards("JK KC 2S AH AS 10D")
    assert [str(c) for c in sorted(cards)] == ["AS", "AH", "2S", "10D", "KC", "JK"]


def test_card_is_immutable() -> None:
    """A card cannot be changed after it is made."""
    card = Card.parse("7H")
    with pytest.raises(AttributeError):
        card.rank = Rank.EIGHT  # type: ignore[misc]


def test_joker_has_neither_rank_nor_suit() -> None:
    """The joker is the card with no rank and no suit."""
    assert JOKER.is_joker
    assert JOKER.rank is None and JOKER.suit is None
    assert not Card.parse("AS").is_joker


def test_half_a_joker_is_rejected() -> None:
    """A card has both rank and suit, or neither."""
    with pytest.raises(ValueError, match="both a rank and a suit"):
        Card(Rank.ACE, None)


def test_card_codes_cover_0_to_52() -> None:
    """Codes are 0-51 for naturals (rank major) and 52 for the joker."""
    assert Card.parse("AS").code == 0
    assert Card.parse("KC").code == 51
    assert JOKER.code == 52
    assert [Card.from_code(i).code for i in range(53)] == list(range(53))


def test_from_code_rejects_out_of_range() -> None:
    """A code outside 0-52 is a clear error."""
    with pytest.raises(ValueError, match="outside 0-52"):
        Card.from_code(53)


@pytest.mark.parametrize(
    "copy_of", [copy.copy, copy.deepcopy, lambda c: pickle.loads(pickle.dumps(c))]
)
def test_copies_and_pickles_are_the_same_card_object(copy_of: Any) -> None:
    """A copied or unpickled card is the library's own object for that card, equal and identical."""
    for card in (Card.parse("10H"), JOKER):
        assert copy_of(card) is card


def test_repr_evaluates_back_to_the_card() -> None:
    """repr() can be pasted back as code."""
    for card in (Card.parse("10H"), JOKER):
        assert eval(repr(card)) == card


def test_unicode_form_uses_suit_symbols() -> None:
    """card.unicode() writes ♠♥♦♣ and parses back."""
    assert Card.parse("10H").unicode() == "10♥"
    assert Card.parse(Card.parse("QD").unicode()) == Card.parse("QD")


def test_suit_properties() -> None:
    """Suits know their symbol, colour and canonical index."""
    assert [s.unicode for s in Suit] == ["♠", "♥", "♦", "♣"]
    assert [s.index for s in Suit] == [0, 1, 2, 3]
    assert Suit.HEARTS.is_red and Suit.DIAMONDS.is_red and not Suit.SPADES.is_red


def test_rank_parse_and_symbol() -> None:
    """Ranks parse from their symbols, T meaning 10."""
    assert Rank.parse("t") is Rank.TEN
    assert Rank.parse("A").symbol == "A"
    with pytest.raises(m.NotationError, match="unknown rank"):
        Rank.parse("Z")


def test_suit_parse_accepts_letters_and_symbols() -> None:
    """Suits parse from letters and both unicode styles."""
    assert Suit.parse("h") is Suit.HEARTS
    assert Suit.parse("♣") is Suit.CLUBS
    assert Suit.parse("♡") is Suit.HEARTS
    with pytest.raises(m.NotationError, match="unknown suit"):
        Suit.parse("X")


@pytest.mark.parametrize(
    ("profile", "size", "jokers"),
    [
        ("brazilian", 108, 4),
        ("rummikub", 106, 2),
        ("galician", 104, 0),
        ("galician-jokers", 108, 4),
    ],
)
def test_profile_decks(profile: str, size: int, jokers: int) -> None:
    """B1: 104+4 jokers; R1: 104+2; G1: 104, no jokers; G12 variant: 4 jokers."""
    deck = m.get_profile(profile).deck()
    assert len(deck) == size
    assert deck.count(JOKER) == jokers
    assert all(deck.count(c) == 2 for c in set(deck) if c != JOKER)


def test_make_deck_rejects_negative_counts() -> None:
    """Negative deck counts are an error."""
    with pytest.raises(ValueError, match="non-negative"):
        m.make_deck(decks=-1)


@given(mst.cards())
def test_card_notation_round_trips(card: Card) -> None:
    """§0: str() and unicode() parse back to the same card."""
    assert Card.parse(str(card)) == card
    assert Card.parse(card.unicode()) == card


@pytest.mark.parametrize("value", [None, 7, ["7H"], b"7H"])
def test_parsing_a_card_or_suit_from_a_non_string_is_a_clear_type_error(value: object) -> None:
    """§0: notation is text; anything else is a TypeError naming the type it got."""
    with pytest.raises(
        TypeError, match=f"a card is written as text like '7H', not {type(value).__name__}"
    ):
        Card.parse(value)  # type: ignore[arg-type]
    with pytest.raises(
        TypeError, match=f"a suit is written as text like 'H', not {type(value).__name__}"
    ):
        Suit.parse(value)  # type: ignore[arg-type]
