"""Notation in the players' languages (RULES.md §0, issue #30 item 4): en, pt and gl as data."""

from __future__ import annotations

import functools
import itertools
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mexemexe as m
from mexemexe import JOKER, Card, NotationError, Rank, Suit, Table
from mexemexe import strategies as mst
from mexemexe._notation import translate_cards
from mexemexe.games import game_names, get_game
from mexemexe.notations import (
    NOTATIONS,
    Notation,
    card_name,
    get_notation,
    notation_names,
    register_notation,
)
from mexemexe.testing._illegal import illegal_attempts

NAMES = ("en", "pt", "gl")
DEADLINE_MS = 2000
MEGA = 10**6


def test_the_three_notations_are_registered() -> None:
    """en, pt and gl are registered, English first (the default)."""
    assert notation_names()[:3] == NAMES


@pytest.mark.parametrize(
    ("notation", "text", "english"),
    [
        ("pt", "7C 7E 7O 7P", "7H 7S 7D 7C"),
        ("pt", "AC JE QO KP 10C", "AH JS QD KC 10H"),
        ("gl", "7C 7P 7D 7T", "7H 7S 7D 7C"),
        ("gl", "ac jp qd kt 10t", "AH JS QD KC 10C"),
        ("pt", "7♥ 7♠", "7H 7S"),
        ("gl", "7♡ 7♤", "7H 7S"),
    ],
)
def test_suit_letters_of_each_notation(notation: str, text: str, english: str) -> None:
    """pt: Copas, Espadas, Ouros, Paus; gl: corazóns, picas, diamantes, trevos; symbols too."""
    assert m.parse_cards(text, notation=notation) == m.parse_cards(english)


@pytest.mark.parametrize(
    ("notation", "spelling"),
    [
        ("pt", "coringa"),
        ("pt", "CURINGA"),
        ("pt", "JK"),
        ("gl", "comodín"),
        ("gl", "COMODÍN"),
        ("gl", "comodin"),
        ("en", "joker"),
        ("gl", "*"),
    ],
)
def test_joker_spellings_of_each_notation(notation: str, spelling: str) -> None:
    """Each notation reads its own joker words, in either case."""
    assert m.parse_cards(spelling, notation=notation) == (JOKER,)


@pytest.mark.parametrize(
    ("notation", "written"), [("en", "7H 10S JK"), ("pt", "7C 10E JK"), ("gl", "7C 10P JK")]
)
def test_output_is_canonical_in_the_notation(notation: str, written: str) -> None:
    """format_cards writes the notation's own letters and its first joker spelling."""
    assert m.format_cards(m.parse_cards("7h t♠ *"), notation=notation) == written


def test_unicode_output_in_a_notation_uses_the_suit_symbols() -> None:
    """With unicode=True the suits are ♠♥♦♣ whatever the notation."""
    assert m.format_cards(m.parse_cards("QH KS"), unicode=True, notation="pt") == "Q♥ K♠"


def test_english_stays_the_default() -> None:
    """Without notation=, '7C' is the 7 of clubs (the documented pitfall of pt and gl)."""
    assert m.parse_cards("7C") == (Card(Rank.SEVEN, Suit.CLUBS),)
    assert m.parse_cards("7C", notation="pt") == (Card(Rank.SEVEN, Suit.HEARTS),)


@pytest.mark.parametrize("token", ["7E", "7O", "10e", "KO"])
def test_a_portuguese_token_read_as_english_names_portuguese(token: str) -> None:
    """A token that is a card only in pt is an error that says to pass notation='pt'."""
    with pytest.raises(NotationError, match=r"looks like Portuguese notation.*notation='pt'"):
        m.parse_cards("7H " + token)


def test_a_galician_token_read_as_english_names_galician() -> None:
    """'7T' (trevos) read as English says to pass notation='gl'."""
    with pytest.raises(NotationError, match=r"Galician notation, where it is the 7 of clubs"):
        m.parse_table("7H 8H 9H | 7T")


def test_a_token_of_two_other_notations_names_both() -> None:
    """'7P' is clubs in pt and spades in gl: the English error names both meanings."""
    with pytest.raises(NotationError) as info:
        Card.parse("7P")
    assert "clubs (paus): pass notation='pt'" in info.value.reason
    assert "spades (picas): pass notation='gl'" in info.value.reason


def test_an_english_token_read_as_portuguese_names_english() -> None:
    """'7S' read as pt is an error pointing back to English."""
    with pytest.raises(
        NotationError, match=r"unknown suit 'S' \(expected E, C, O, P.*notation='en'"
    ):
        m.parse_cards("7C 7S", notation="pt")


def test_a_galician_token_read_as_portuguese_names_galician() -> None:
    """'7T' read as pt is a gl card (trevos); 'comodín' is the gl joker."""
    with pytest.raises(NotationError, match="notation='gl'"):
        m.parse_cards("7T", notation="pt")
    with pytest.raises(NotationError, match="Galician notation, where it is the joker"):
        m.parse_cards("comodín", notation="pt")


def test_the_english_ten_alias_is_english_only() -> None:
    """'T' for 10 is English: 'TC' read as pt is an error naming English."""
    with pytest.raises(NotationError, match="English notation, where it is the 10 of clubs"):
        m.parse_cards("TC", notation="pt")


def test_a_token_of_no_notation_gets_no_hint() -> None:
    """A token that is a card nowhere names no notation."""
    with pytest.raises(NotationError) as info:
        m.parse_cards("7X", notation="gl")
    assert "looks like" not in info.value.reason
    assert "expected P, C, D, T or ♠♥♦♣" in info.value.reason


def test_the_error_keeps_the_token_and_position() -> None:
    """The error of a token of another notation still locates it."""
    with pytest.raises(NotationError) as info:
        m.parse_table("7H 8H 9H | 7O", notation="en")
    assert (info.value.token, info.value.position) == ("7O", 11)


def test_an_unknown_notation_is_a_notation_error() -> None:
    """notation='es' names the registered notations."""
    with pytest.raises(NotationError, match="unknown notation.*en, pt, gl"):
        m.parse_cards("7H", notation="es")


def test_a_notation_of_the_wrong_type_is_a_type_error() -> None:
    """notation=3 is a TypeError."""
    with pytest.raises(TypeError, match="int"):
        m.format_cards((), notation=3)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("notation", "text", "suit"),
    [
        ("pt", "Copas", Suit.HEARTS),
        ("pt", "paus", Suit.CLUBS),
        ("gl", "CORAZÓNS", Suit.HEARTS),
        ("gl", "trevos", Suit.CLUBS),
        ("en", "Spades", Suit.SPADES),
        ("pt", "O", Suit.DIAMONDS),
    ],
)
def test_suit_names_are_read_where_one_suit_is_read(notation: str, text: str, suit: Suit) -> None:
    """Suit.parse reads the notation's suit names, case-insensitively."""
    assert Suit.parse(text, notation=notation) is suit


@pytest.mark.parametrize(
    ("notation", "text", "rank"),
    [
        ("pt", "Ás", Rank.ACE),
        ("pt", "valete", Rank.JACK),
        ("pt", "Dama", Rank.QUEEN),
        ("pt", "REI", Rank.KING),
        ("gl", "Raíña", Rank.QUEEN),
        ("en", "queen", Rank.QUEEN),
    ],
)
def test_rank_names_are_read_where_one_rank_is_read(notation: str, text: str, rank: Rank) -> None:
    """Rank.parse reads the notation's rank names, case-insensitively."""
    assert Rank.parse(text, notation=notation) is rank


def test_a_suit_name_is_not_a_card_suffix() -> None:
    """Names are for one suit alone: '7copas' is not a card."""
    with pytest.raises(NotationError):
        Card.parse("7copas", notation="pt")


def test_table_parse_and_format_table_take_a_notation() -> None:
    """Table.parse and format_table read and write a notation."""
    table = Table.parse("7C 8C 9C | 7E 7O 7P", notation="pt")
    assert table == Table.parse("7H 8H 9H | 7S 7D 7C")
    assert m.format_table(table, notation="gl") == "7C 8C 9C | 7P 7D 7T"


def test_card_name_names_the_suit_in_the_notation() -> None:
    """card_name: 'the 7 of hearts (copas)'."""
    assert card_name(Card.parse("7H"), "pt") == "the 7 of hearts (copas)"


# -- round trips -----------------------------------------------------------------


@settings(max_examples=60)
@given(st.sampled_from(NAMES), mst.card_lists(max_size=12), st.booleans())
def test_card_lists_round_trip_in_every_notation(
    notation: str, cards: tuple[Card, ...], unicode: bool
) -> None:
    """format_cards then parse_cards in the same notation gives the cards back."""
    text = m.format_cards(cards, notation=notation, unicode=unicode)
    assert m.parse_cards(text, notation=notation) == cards


@settings(max_examples=60)
@given(st.sampled_from(NAMES), st.lists(mst.card_lists(min_size=1, max_size=6), max_size=6))
def test_tables_round_trip_in_every_notation(notation: str, melds: list[tuple[Card, ...]]) -> None:
    """format_table then parse_table in the same notation gives the table back."""
    table = Table(melds)
    text = m.format_table(table, notation=notation, sep="\n")
    assert m.parse_table(text, notation=notation) == table


@settings(max_examples=60)
@given(st.sampled_from(NAMES), mst.cards())
def test_single_cards_round_trip_in_every_notation(notation: str, card: Card) -> None:
    """Card.parse reads back what format_cards writes for one card, in either case."""
    text = m.format_cards([card], notation=notation)
    assert Card.parse(text, notation=notation) == card
    assert Card.parse(text.lower(), notation=notation) == card


@settings(max_examples=100)
@given(st.sampled_from(NAMES), st.text(alphabet="0123456789AJQKTECOPSHDjkíÍó*| ,\n", max_size=30))
def test_every_notation_reads_or_refuses_with_a_notation_error(notation: str, text: str) -> None:
    """Any text in the notations' alphabet is read (and round-trips) or is a NotationError."""
    try:
        table = m.parse_table(text, notation=notation)
    except NotationError as err:
        assert 0 <= err.position <= len(text)
        return
    assert m.parse_table(m.format_table(table, notation=notation), notation=notation) == table


# -- hostile input: the bounds hold in every notation ------------------------------


@functools.cache
def _long_texts() -> dict[str, str]:
    return {
        "one long token": "7" * MEGA,
        "valid cards": ("7C 8C 9C | 7E 7O 7P\n" * MEGA)[:MEGA],
        "accented letters": "í" * MEGA,
        "many bars": "|" * MEGA,
    }


@settings(deadline=DEADLINE_MS, max_examples=24)
@given(
    st.sampled_from(NAMES),
    st.sampled_from(["one long token", "valid cards", "accented letters", "many bars"]),
    st.sampled_from(["cards", "table", "card"]),
)
def test_megabyte_inputs_are_parsed_or_refused_promptly_in_every_notation(
    notation: str, shape: str, entry: str
) -> None:
    """10^6 characters are read or refused within the deadline whatever the notation."""
    parse = {
        "cards": functools.partial(m.parse_cards, notation=notation),
        "table": functools.partial(m.parse_table, notation=notation),
        "card": functools.partial(Card.parse, notation=notation),
    }[entry]
    text = _long_texts()[shape]
    try:
        parse(text)
    except NotationError as err:
        assert err.text == text
        assert len(str(err)) < 1000


@pytest.mark.parametrize("notation", NAMES)
def test_max_cards_holds_in_every_notation(notation: str) -> None:
    """max_cards stops the reader at the card beyond the limit, in every notation."""
    text = m.format_cards(m.parse_cards("7H 8H 9H 10H"), notation=notation) + " ??"
    with pytest.raises(NotationError, match="max_cards=2"):
        m.parse_cards(text, max_cards=2, notation=notation)
    with pytest.raises(NotationError, match="max_cards=2"):
        m.parse_table(text, max_cards=2, notation=notation)


def test_an_accented_letter_is_a_card_character_only_where_a_word_holds_it() -> None:
    """'í' is foreign to English (named as such) but part of the gl joker word."""
    with pytest.raises(NotationError, match="U\\+00ED"):
        m.parse_cards("7H í")
    with pytest.raises(NotationError, match="a rank followed by a suit"):
        m.parse_cards("7C í", notation="gl")


def test_unicode_case_folding_still_makes_no_card_in_a_notation() -> None:
    """'ſ' is no letter of any notation: only the notation's own letters change case."""
    with pytest.raises(NotationError, match="U\\+017F"):
        m.parse_cards("7ſ", notation="gl")


# -- the registry ------------------------------------------------------------------


def test_get_notation_returns_a_notation_as_is() -> None:
    """A Notation passed where a name is expected is used as is."""
    pt = get_notation("pt")
    assert get_notation(pt) is pt
    assert m.parse_cards("7C", notation=pt) == m.parse_cards("7H")


def test_a_notation_whose_tokens_clash_is_refused() -> None:
    """A notation with a suit letter K would read 'JK' as two things: refused."""
    clash = Notation(
        name="clash",
        language="Clash",
        suit_letters=("K", "H", "D", "C"),
        suit_names=(("k",), ("h",), ("d",), ("c",)),
        rank_symbols=get_notation("en").rank_symbols,
    )
    with pytest.raises(ValueError, match="(?i)'JK' would be two cards"):
        register_notation(clash)
    assert "clash" not in NOTATIONS


def test_a_notation_with_repeated_suit_letters_is_refused() -> None:
    """Suit letters are four distinct letters."""
    with pytest.raises(ValueError, match="four distinct"):
        Notation(
            name="bad",
            language="Bad",
            suit_letters=("S", "S", "D", "C"),
            suit_names=((), (), (), ()),
            rank_symbols=get_notation("en").rank_symbols,
        )


def test_a_registered_notation_is_read_and_written_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    """register_notation adds a language that every reader and writer then knows by name."""
    monkeypatch.setattr("mexemexe._notations.NOTATIONS", dict(NOTATIONS))
    from mexemexe import _notations

    spanish = Notation(
        name="es",
        language="Spanish",
        suit_letters=("P", "C", "D", "T"),
        suit_names=(("picas",), ("corazones",), ("diamantes",), ("tréboles",)),
        rank_symbols=get_notation("en").rank_symbols,
        jokers=("JK", "*", "COMODÍN"),
    )
    monkeypatch.setattr("mexemexe._notation.NOTATIONS", _notations.NOTATIONS)
    monkeypatch.setattr("mexemexe._cards.NOTATIONS", _notations.NOTATIONS)
    register_notation(spanish)
    assert m.format_cards(m.parse_cards("7T", notation="es")) == "7C"
    with pytest.raises(ValueError, match="already registered"):
        register_notation(spanish)


# -- free text holding cards: moves and descriptions -------------------------------


def test_translate_cards_rewrites_cards_and_suits_of_a_move() -> None:
    """A pt move reads as the English move: cards and a named suit rewritten, other words kept."""
    assert translate_cards("discard JC E announce", "pt") == "discard JH S announce"
    assert translate_cards("layoff 7C 2", "pt", "en") == "layoff 7H 2"


def test_translate_cards_writes_english_text_in_a_notation() -> None:
    """English library text (a move, a description) can be shown in gl."""
    assert translate_cards("player 1 played 7H, 8H JK", "en", "gl") == "player 1 played 7C, 8C JK"


def test_translate_cards_refuses_a_card_of_another_notation() -> None:
    """A pt move holding an English card is an error naming English, never passed on."""
    with pytest.raises(NotationError, match="English notation") as info:
        translate_cards("meld 7H 8H 9H", "pt")
    assert (info.value.token, info.value.position) == ("7H", 5)


def test_translate_cards_keeps_foreign_words_when_not_strict() -> None:
    """With strict=False (text shown, not read) a word of another notation stays as it is."""
    assert translate_cards("7E 7H", "en", "pt", strict=False) == "7E 7C"


# -- free text the library writes (strict=False): only its cards are rewritten ----------

#: The words of text, split where translate_cards splits them and at apostrophes.
_WORDS = re.compile(r"[^\s,|()\[\]:;'\"]+")

#: A card or suit letter as the library writes it in English (§0): what may change.
_ENGLISH_CARD_WORD = re.compile(r"(?:10|[2-9AJQK])[SHDC]|JK|[SHDC]")


@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("not in player 0's hand", "pt"),
        ("the discard pile was turned over as the new stock", "gl"),
        ("joker not allowed in a group", "pt"),
    ],
)
def test_shown_text_keeps_english_words(text: str, target: str) -> None:
    """'s' after an apostrophe, 'as' and 'joker' are English words, not cards, in library text."""
    assert translate_cards(text, "en", target, strict=False) == text


def test_shown_text_rewrites_canonical_cards_and_suit_letters() -> None:
    """Cards as format_cards writes them, quoted or not, and a lone suit letter are rewritten."""
    text = "AS 10S JK: discard JC S; '7H' (QD)"
    assert translate_cards(text, "en", "pt", strict=False) == "AE 10E JK: discard JP E; '7C' (QO)"


def test_shown_text_keeps_words_that_only_players_write_as_cards() -> None:
    """Lower case, the joker's other words and T for 10 are not how the library writes cards."""
    text = "as 7h Joker JOKER TS spades s"
    assert translate_cards(text, "en", "gl", strict=False) == text


def test_shown_text_keeps_a_card_inside_a_word() -> None:
    """A card spelling tied to a word by an apostrophe or a hyphen is part of that word."""
    text = "player 0'S hand, JK's turn, Q-K-AS"
    assert translate_cards(text, "en", "pt", strict=False) == text


def test_shown_text_keeps_suit_symbols() -> None:
    """Suit symbols mean the same in every notation: 7♥ and 'suit ♠' are shown as written (§0)."""
    text = "top card 7♥, suit to follow: ♠ (group repeats suit ♦ ♣)"
    assert translate_cards(text, "en", "gl", strict=False) == text


def test_player_text_is_still_read_in_any_case() -> None:
    """strict=True reads a player's move as parse_cards does: '7c' and 'as' are cards."""
    assert translate_cards("layoff 7c 2", "pt") == "layoff 7H 2"
    assert translate_cards("discard as", "en", "pt") == "discard AE"


@settings(max_examples=200, deadline=DEADLINE_MS)
@given(
    text=st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789 ',.:;()|-!?♠♥♦♣\n", max_size=60),
    source=st.sampled_from(NAMES),
    target=st.sampled_from(NAMES),
)
def test_shown_text_without_a_card_word_is_unchanged(text: str, source: str, target: str) -> None:
    """Lower-case words, digits, punctuation and suit symbols are never rewritten in shown text."""
    assert translate_cards(text, source, target, strict=False) == text


def _library_texts(game: str, seed: int) -> Iterator[str]:
    """The problems of hostile moves and the descriptions of the moves of a random game."""
    rng = random.Random(seed)
    rules = get_game(game).rules
    state: Any = get_game(game).deal(rng.randint(rules.min_players, 4), seed=seed)
    for _ in range(40):
        for _, attempt in illegal_attempts(state, rng):
            try:
                attempt()
            except m.IllegalMoveError as err:
                yield from (str(problem) for problem in err.problems)
            except m.MexeMexeError:
                pass
        if state.result is not None:
            return
        move = rng.choice(state.legal_moves())
        yield str(move)
        state = state.apply(move)
        last = state.view(0).last
        if last is not None:
            yield last.describe()


@pytest.mark.parametrize("game", game_names())
def test_library_text_keeps_its_words_in_every_notation(game: str) -> None:
    """Every word of a problem or description that is not a card is kept; each card is the same."""
    texts = set(itertools.chain.from_iterable(_library_texts(game, seed) for seed in range(2)))
    assert len(texts) > 20
    for text in texts:
        words = _WORDS.findall(text)
        for target in NAMES:
            shown = _WORDS.findall(translate_cards(text, "en", target, strict=False))
            assert len(shown) == len(words), (text, target)
            for word, new in zip(words, shown, strict=True):
                if not _ENGLISH_CARD_WORD.fullmatch(word):
                    assert new == word, (text, target)
                elif len(word) == 1:
                    assert Suit.parse(new, notation=target) == Suit.parse(word), (text, target)
                else:
                    assert Card.parse(new, notation=target) == Card.parse(word), (text, target)


def test_an_unknown_notation_name_is_quoted_briefly() -> None:
    """A megabyte notation name gets a short message; the error keeps the whole name (§0)."""
    with pytest.raises(m.NotationError) as caught:
        m.parse_cards("7H", notation="x" * 10**6)
    assert len(str(caught.value)) < 500
    assert len(caught.value.text) == 10**6
