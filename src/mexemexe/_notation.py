"""Text notation for lists of cards (RULES.md §0): lenient on input, canonical on output.

A card is rank then suit (``7H``, ``10S``; ``T`` for 10; ``♠♥♦♣`` and ``♤♡♢♧``
accepted; letters in either ASCII case); the joker is ``JK`` (also ``*``,
``JOKER``, ``🃏``). A list of cards is separated by spaces and/or commas.
Tables are in `mexemexe.parse_table`.

Nothing else is notation: tabs, Unicode spaces and line separators, and
letters that only ``str.upper`` would turn into ASCII (``ſ``, ``ı``, ``ﬅ``)
are rejected, naming the character, so that whatever parses formats back to
text that parses to the same value. Parsing is linear in the length of the
text, whatever the text.

Every function takes ``notation=``: ``"en"`` (the default), ``"pt"``
(Portuguese: suits E C O P, for Espadas, Copas, Ouros, Paus) or ``"gl"``
(Galician: suits P C D T, for picas, corazóns, diamantes, trevos), or any
`Notation` registered with `register_notation` (`mexemexe.notations`). The
same letter may mean different suits in different notations (``7C`` is
clubs in English, hearts in Portuguese and Galician): a token that is a card
only in another notation is an error naming that notation.

The reader itself (`parse_cards_span`) is in `_cards`, beside the spellings
of a card, because `as_cards` there reads notation too; this module is the
public face of it.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from ._cards import (
    Card,
    card_token_problem,
    check_max_cards,
    notation_error,
    parse_cards_span,
    spellings,
)

# The reader's helpers were defined here before they moved to `_cards`; their
# names stay importable from here for code written against this module.
from ._cards import bad_token_error as bad_token_error
from ._cards import token_start as token_start
from ._cards import too_many_cards_error as too_many_cards_error
from ._notation_text import tied_by_apostrophe
from ._notations import NOTATIONS, Notation

__all__ = ["format_cards", "parse_cards", "register_notation", "translate_cards"]

#: A word of free text that may be a card or a suit: between spaces, commas,
#: bars, brackets, colons, semicolons and quotes.
_WORD = re.compile(r"[^\s,|()\[\]:;'\"]+")

#: What may separate cards in `format_cards`' output.
_CARD_SEPARATOR = re.compile(r"[ ,]+")


def parse_cards(
    text: str, *, max_cards: int | None = None, notation: str | Notation = "en"
) -> tuple[Card, ...]:
    """Parse a list of cards separated by spaces and/or commas.

    The notation (RULES.md §0) is ASCII letters and digits, the suit symbols
    ``♠♥♦♣`` (and ``♤♡♢♧``), the joker's ``*`` and ``🃏``, with spaces and
    commas between cards; letters are read in either ASCII case. Every other
    character (a tab, a non-breaking space, ``U+2028`` …) is an error. The
    cost is linear in the length of ``text``, valid or not.

    Examples:
        >>> parse_cards("7H, 8h 9♥ JK")
        (Card.parse('7H'), Card.parse('8H'), Card.parse('9H'), Card.parse('JK'))
        >>> parse_cards("7C 8c coringa", notation="pt")  # Copas: hearts
        (Card.parse('7H'), Card.parse('8H'), Card.parse('JK'))

    Args:
        text: The cards, e.g. ``"7H 8H 9H JK"``. An empty or blank string gives ``()``.
        max_cards: If given, at most this many cards are read: a server can
            cap what untrusted text costs. The text after the card beyond the
            limit is not read at all.
        notation: The notation's name (``"en"``, ``"pt"``, ``"gl"``) or a `Notation`.

    Returns:
        The cards in the order written.

    Raises:
        NotationError: If a token is not a card, a character is outside the
            notation, the text contains ``|`` or a line break (use
            `parse_table` for tables), or there are more than ``max_cards``
            cards. The error names the token and its position, and the
            notations in which the token is a card (``"7E"`` in English:
            pass ``notation="pt"``). Also if the notation is unknown.
        TypeError: If ``text`` is not a string or ``max_cards`` not an int.
        ValueError: If ``max_cards`` is negative.
    """
    if not isinstance(text, str):
        raise TypeError(f"parse_cards expects a string, got {type(text).__name__}")
    check_max_cards(max_cards)
    return parse_cards_span(text, max_cards=max_cards, sp=spellings(notation))


def format_cards(
    cards: Iterable[Card],
    *,
    unicode: bool = False,
    sep: str = " ",
    notation: str | Notation = "en",
) -> str:
    """Format cards in canonical notation: ``"7H 8H 9H JK"``.

    Examples:
        >>> format_cards(parse_cards("7H 8H JK"), notation="pt")
        '7C 8C JK'

    Args:
        cards: The cards, in the order to write them.
        unicode: Write suits as ``♠♥♦♣`` instead of letters.
        sep: The separator between cards: spaces and/or commas.
        notation: The notation's name (``"en"``, ``"pt"``, ``"gl"``) or a `Notation`.

    Returns:
        Text that `parse_cards` reads back to the same cards in the same notation.

    Raises:
        NotationError: If ``sep`` is not spaces and/or commas (the output
            would not read back as the same cards), or the notation is unknown.
        TypeError: If ``sep`` is not a string.
    """
    if sep != " ":
        if not isinstance(sep, str):
            raise TypeError(f"sep is a string, not {type(sep).__name__}")
        if not _CARD_SEPARATOR.fullmatch(sep):
            raise notation_error(sep, sep, 0, "cards are separated by spaces and/or commas")
    sp = spellings(notation)
    text = sp.unicode_text if unicode else sp.text
    return sep.join([text[card.code] for card in cards])


def register_notation(notation: Notation) -> None:
    """Register ``notation`` under its name, so ``notation="NAME"`` reads and writes it.

    Its spellings are compiled at once, so a notation in which one token
    would mean two cards is refused here rather than misread later.

    Args:
        notation: The notation to add.

    Raises:
        ValueError: If the name is taken, or a spelling would mean two cards.
        TypeError: If ``notation`` is not a `Notation`.
    """
    if not isinstance(notation, Notation):
        raise TypeError(f"register_notation takes a Notation, not {type(notation).__name__}")
    if notation.name in NOTATIONS:
        raise ValueError(f"a notation named {notation.name!r} is already registered")
    spellings(notation)
    NOTATIONS[notation.name] = notation


def translate_cards(
    text: str,
    source: str | Notation = "en",
    target: str | Notation = "en",
    *,
    strict: bool = True,
) -> str:
    """``text`` with every card and suit word in ``source`` rewritten in ``target``.

    For free text that holds cards, such as a move (``"layoff 7C 2"``,
    ``"discard JC E"``) or a description of one: the other words (``layoff``,
    ``2``) are kept as they are. A word that is a card or a suit only in
    another notation is an error, never passed on to be read otherwise.

    Text a player types (``strict=True``, the default) is read as every
    reader of ``source`` reads it: any case, the suit symbols, the suits'
    names and the joker's words (``7c``, ``7♥``, ``copas``, ``coringa``).

    Text the library wrote and a player is shown (``strict=False``: a
    problem, a move's description) holds English words, so only the words
    written as the library writes cards are rewritten: a card in
    ``source``'s canonical spelling (``7H``, ``10S``, ``AS``, ``JK``) or a
    suit letter alone in upper case (the ``S`` of ``discard JC S``), each a
    whole word: not part of a longer word, nor tied to one by an apostrophe
    (the ``s`` of ``player 0's``). Lower-case words are never cards there
    (``as``, ``joker``, ``spades``), nor are ``JOKER`` or ``T♠``. The suit
    symbols (``7♥``, ``suit ♠``) are kept as they are: they mean the same in
    every notation.

    Examples:
        >>> translate_cards("layoff 7C 2", "pt", "en")
        'layoff 7H 2'
        >>> translate_cards("player 1 played 7H 8H JK", "en", "gl")
        'player 1 played 7C 8C JK'
        >>> translate_cards("AS: not in player 0's hand", "en", "pt", strict=False)
        "AE: not in player 0's hand"

    Args:
        text: The text.
        source: The notation ``text`` is written in.
        target: The notation to write the cards in.
        strict: Read ``text`` as typed by a player, refusing a word that is a
            card only in another notation. With ``False``, ``text`` is free
            text written by the library (shown, not read): only its
            canonical cards and upper-case suit letters are rewritten, and
            every other word is kept as it is.

    Returns:
        The text with its cards and suits in ``target``.

    Raises:
        NotationError: If ``strict`` and a word is a card (or suit) in
            another notation but not in ``source``, or a notation is unknown.
        TypeError: If ``text`` is not a string.
    """
    if not isinstance(text, str):
        raise TypeError(f"translate_cards expects a string, got {type(text).__name__}")
    read, write = spellings(source), spellings(target)
    if not strict:
        return _translate_shown(text, read.notation, write.notation)
    suits_out = write.notation.suit_letters
    others = [spellings(n) for n in NOTATIONS.values()]

    def rewrite(match: re.Match[str]) -> str:
        word = match.group()
        card = read.tokens.get(word)
        if card is not None:
            return write.text[card.code]
        suit = read.suit_words.get(word)
        if suit is not None:
            return suits_out[suit.index]
        if any(word in other.tokens or word in other.suits for other in others):
            raise notation_error(text, word, match.start(), card_token_problem(word, read))
        return word

    return _WORD.sub(rewrite, text)


@functools.lru_cache(maxsize=64)
def _shown_words(source: Notation, target: Notation) -> dict[str, str]:
    """The words of library text that are cards or suits in ``source``, and their ``target`` form.

    Only the spellings the library writes: canonical cards (``format_cards``)
    and the upper-case suit letters (``Discard`` writes ``discard JC S``).
    Exact spellings, no case variants: free text is English, where ``as``
    and ``joker`` are words.
    """
    read, write = spellings(source), spellings(target)
    words = dict(zip(read.text, write.text, strict=True))
    words.update(zip(source.suit_letters, target.suit_letters, strict=True))
    return words


def _translate_shown(text: str, source: Notation, target: Notation) -> str:
    """``text``, written by the library, with its cards and suit letters in ``target``."""
    words = _shown_words(source, target)

    def rewrite(match: re.Match[str]) -> str:
        word = match.group()
        new = words.get(word)
        if new is None or tied_by_apostrophe(text, match.start(), match.end()):
            return word
        return new

    return _WORD.sub(rewrite, text)
