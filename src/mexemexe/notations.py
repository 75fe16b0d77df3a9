"""Card notation in the players' languages: English, Portuguese and Galician (RULES.md §0).

Every reader and writer of cards takes ``notation=``: `mexemexe.parse_cards`,
`mexemexe.parse_table`, `mexemexe.format_cards`, `mexemexe.format_table`,
``Card.parse``, ``Rank.parse``, ``Suit.parse`` and ``Table.parse``; the
command line takes ``--notation``. English (``"en"``) is the default.

* ``en``: suits S H D C (spades, hearts, diamonds, clubs); ranks A 2-10 J Q K,
  T for 10; joker JK, ``*``, JOKER, 🃏.
* ``pt``: suits E C O P (Espadas, Copas, Ouros, Paus); ranks A (Ás) 2-10
  J (Valete) Q (Dama) K (Rei); joker JK, ``*``, CORINGA, CURINGA, 🃏.
* ``gl``: suits P C D T (picas, corazóns, diamantes, trevos); ranks A (As) 2-10
  J (Valete) Q (Raíña) K (Rei); joker JK, ``*``, COMODÍN, COMODIN, 🃏.

The first joker spelling is the one written.

`translate_cards` rewrites the cards of free text (a move such as
``"layoff 7C 2"``, a description) from one notation to another.

Letters are read in either case; the suit symbols ``♠♥♦♣`` (and ``♤♡♢♧``)
are read in every notation. Output in a notation is canonical in it and
reads back to the same cards. The names of suits and ranks (``"Copas"``,
``"Valete"``) are read where one suit or rank is read (``Suit.parse``,
``Rank.parse``), not inside a card.

The pitfall: ``7C`` is a card in every notation, the 7 of clubs in English
and the 7 of hearts (Copas, corazóns) in Portuguese and Galician, and ``7P``
is clubs (Paus) in Portuguese but spades (picas) in Galician. Text is read
in the one notation asked for; a token that is a card only in another
notation (``7E`` read as English) is a `NotationError` naming that notation
and the ``notation=`` to pass.

Examples:
    >>> import mexemexe as m
    >>> m.format_cards(m.parse_cards("7C 8C 9C", notation="pt"))
    '7H 8H 9H'
    >>> try:
    ...     m.parse_cards("7H 7E")
    ... except m.NotationError as err:
    ...     print(err.reason.split("; ")[1])
    '7E' looks like Portuguese notation, where it is the 7 of spades (espadas): pass notation='pt'
"""

from __future__ import annotations

from ._cards import Card as _Card
from ._cards import describe_card as _describe_card
from ._cards import spellings as _spellings
from ._notation import register_notation, translate_cards
from ._notations import NOTATIONS, Notation, get_notation, notation_names

__all__ = [
    "NOTATIONS",
    "Notation",
    "card_name",
    "get_notation",
    "notation_names",
    "register_notation",
    "translate_cards",
]


def card_name(card: object, notation: str | Notation = "en") -> str:
    """A card in words, its suit named in the notation: ``"the 7 of hearts (copas)"``.

    Args:
        card: The card (a `mexemexe.Card`).
        notation: The notation's name or a `Notation`.

    Returns:
        The words.

    Raises:
        NotationError: If the notation is unknown.
        TypeError: If ``card`` is not a card.
    """
    if not isinstance(card, _Card):
        raise TypeError(f"card_name takes a Card, not {type(card).__name__}")
    return _describe_card(card, _spellings(notation))
