"""The notations of cards in the players' languages, as data (RULES.md §0).

A `Notation` is a record of spellings: one letter per suit, the rank
symbols, the names of suits and ranks, and the joker's spellings. The
readers and writers of `_cards`, `_notation` and `_table` compile a record
into lookup tables; nothing tests a notation's name. Three are registered:

* ``en``: suits S H D C; ranks A 2-10 J Q K (``T`` for 10); joker ``JK``.
* ``pt``: suits E C O P (Espadas, Copas, Ouros, Paus); joker ``JK``, ``CORINGA``.
* ``gl``: suits P C D T (picas, corazóns, diamantes, trevos); joker ``JK``, ``COMODÍN``.

The same letter can mean different suits in different notations: ``7C`` is
the 7 of clubs in English but the 7 of hearts (Copas, corazóns) in
Portuguese and Galician, and ``7P`` is clubs (Paus) in Portuguese but spades
(picas) in Galician. Text is always read in one notation, English unless
told otherwise; a token that is a card only in another notation is an error
that names that notation.
"""

from __future__ import annotations

import attrs

from ._notation_text import notation_error

__all__ = ["NOTATIONS", "Notation", "get_notation", "notation_names"]

#: The canonical order of the suits in a `Notation`'s tuples: ♠ ♥ ♦ ♣.
SUIT_ORDER = ("spades", "hearts", "diamonds", "clubs")

#: The symbols of the ranks that every notation shares: the numbers.
_NUMBERS = ("2", "3", "4", "5", "6", "7", "8", "9", "10")


def _check_letters(
    instance: Notation, attribute: attrs.Attribute[tuple[str, ...]], value: tuple[str, ...]
) -> None:
    if len(value) != len(SUIT_ORDER) or len({v.upper() for v in value}) != len(value):
        raise ValueError(f"{attribute.name}: four distinct suit letters (♠ ♥ ♦ ♣), got {value!r}")
    for letter in value:
        if len(letter) != 1 or not letter.isascii() or not letter.isalpha():
            raise ValueError(f"{attribute.name}: a suit letter is one ASCII letter, got {letter!r}")


def _check_ranks(
    instance: Notation, attribute: attrs.Attribute[tuple[str, ...]], value: tuple[str, ...]
) -> None:
    if len(value) != 13 or value[1:10] != _NUMBERS:
        raise ValueError(
            f"{attribute.name}: 13 rank symbols from the ace to the king, the numbers 2-10 "
            f"as written, got {value!r}"
        )


def _check_names(
    instance: Notation, attribute: attrs.Attribute[tuple[tuple[str, ...], ...]], value: object
) -> None:
    if not isinstance(value, tuple) or len(value) != len(SUIT_ORDER):
        raise ValueError(f"{attribute.name}: the names of the four suits (♠ ♥ ♦ ♣), got {value!r}")


@attrs.frozen
class Notation:
    """How cards are written in one language: suit letters, rank symbols, names, joker.

    Input is read case-insensitively (every spelling in either case); output
    uses the first spelling of each list. Build one and pass it to
    `mexemexe.notations.register_notation` to add a language.

    Examples:
        >>> get_notation("pt").suit_letters
        ('E', 'C', 'O', 'P')

    Attributes:
        name: The short name passed as ``notation=`` (``"en"``, ``"pt"``, ``"gl"``).
        language: The language, for messages (``"Portuguese"``).
        suit_letters: The letter of each suit, in the order ♠ ♥ ♦ ♣; one
            ASCII letter each, all distinct.
        suit_names: The names of each suit (♠ ♥ ♦ ♣), accepted where one
            suit is read (`Suit.parse`); the first is the one messages use.
        rank_symbols: The canonical symbol of each rank from the ace to the
            king (the numbers are ``"2"`` … ``"10"`` in every notation).
        rank_aliases: Other symbols accepted in cards, with their rank
            (1 = ace … 13 = king), e.g. ``("T", 10)`` in English.
        rank_names: Names of ranks accepted where one rank is read
            (`Rank.parse`), with their rank.
        jokers: The joker's spellings; the first is written on output.
    """

    name: str
    language: str
    suit_letters: tuple[str, ...] = attrs.field(validator=_check_letters)
    suit_names: tuple[tuple[str, ...], ...] = attrs.field(validator=_check_names)
    rank_symbols: tuple[str, ...] = attrs.field(validator=_check_ranks)
    rank_aliases: tuple[tuple[str, int], ...] = ()
    rank_names: tuple[tuple[str, int], ...] = ()
    jokers: tuple[str, ...] = attrs.field(
        default=("JK", "*", "\U0001f0cf"), validator=attrs.validators.min_len(1)
    )


_RANKS = ("A", *_NUMBERS, "J", "Q", "K")

ENGLISH = Notation(
    name="en",
    language="English",
    suit_letters=("S", "H", "D", "C"),
    suit_names=(("spades",), ("hearts",), ("diamonds",), ("clubs",)),
    rank_symbols=_RANKS,
    rank_aliases=(("T", 10),),
    rank_names=(("ace", 1), ("jack", 11), ("queen", 12), ("king", 13)),
    jokers=("JK", "*", "JOKER", "\U0001f0cf"),
)

PORTUGUESE = Notation(
    name="pt",
    language="Portuguese",
    suit_letters=("E", "C", "O", "P"),
    suit_names=(("espadas",), ("copas",), ("ouros",), ("paus",)),
    rank_symbols=_RANKS,
    rank_names=(("ás", 1), ("as", 1), ("valete", 11), ("dama", 12), ("rei", 13)),
    jokers=("JK", "*", "CORINGA", "CURINGA", "\U0001f0cf"),
)

GALICIAN = Notation(
    name="gl",
    language="Galician",
    suit_letters=("P", "C", "D", "T"),
    suit_names=(("picas",), ("corazóns", "corazons"), ("diamantes",), ("trevos",)),
    rank_symbols=_RANKS,
    rank_names=(
        ("as", 1),
        ("valete", 11),
        ("raíña", 12),
        ("raina", 12),
        ("dama", 12),
        ("rei", 13),
    ),
    jokers=("JK", "*", "COMODÍN", "COMODIN", "\U0001f0cf"),
)

#: The registered notations by name (English, Portuguese and Galician shipped).
NOTATIONS: dict[str, Notation] = {n.name: n for n in (ENGLISH, PORTUGUESE, GALICIAN)}


def notation_names() -> tuple[str, ...]:
    """The names of the registered notations: ``("en", "pt", "gl")`` and any registered since."""
    return tuple(NOTATIONS)


def get_notation(notation: str | Notation) -> Notation:
    """The registered notation ``notation`` names (a `Notation` is returned as is).

    Raises:
        NotationError: If no notation has that name (§0).
        TypeError: If ``notation`` is neither a string nor a `Notation`.
    """
    if isinstance(notation, Notation):
        return notation
    if not isinstance(notation, str):
        raise TypeError(
            f"a notation is a name like 'pt' or a Notation, not {type(notation).__name__}"
        )
    found = NOTATIONS.get(notation)
    if found is None:
        raise notation_error(
            notation,
            notation,
            0,
            f"unknown notation (§0): the notations are {', '.join(NOTATIONS)}",
        )
    return found
