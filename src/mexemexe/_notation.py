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
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from itertools import filterfalse, islice

from ._cards import (
    _TOKENS,
    CARD_CHARS,
    Card,
    card_token_problem,
    find_foreign,
    foreign_char_error,
    notation_error,
)
from ._errors import NotationError

__all__ = ["format_cards", "parse_cards"]

#: A token of a card list: everything between spaces and commas. Anything
#: that is not a card, separators of melds included, ends up in some token
#: and fails the exact lookup in ``_TOKENS``, so valid text costs one
#: ``findall`` and one lookup per card, and only bad text is examined further.
_CARD_TOKEN = re.compile(r"[^ ,]+")

#: The first character that cannot be in a list of cards: outside the
#: notation, or a separator of melds.
_NOT_CARD_LIST = re.compile(f"[^{CARD_CHARS} ,]")

#: A separator of melds, which a list of cards (one meld) cannot hold. A
#: character class (scanned fast); in text without foreign characters a
#: carriage return only starts a ``\r\n``.
_MELD_SEPARATOR = re.compile(r"[|\r\n]")

#: What may separate cards in `format_cards`' output.
_CARD_SEPARATOR = re.compile(r"[ ,]+")


def check_max_cards(max_cards: int | None) -> None:
    """Check a ``max_cards`` argument.

    Raises:
        TypeError: If it is neither ``None`` nor an `int`.
        ValueError: If it is negative.
    """
    if max_cards is None:
        return
    if isinstance(max_cards, bool) or not isinstance(max_cards, int):
        raise TypeError(f"max_cards is an int or None, not {type(max_cards).__name__}")
    if max_cards < 0:
        raise ValueError(f"max_cards must be at least 0, got {max_cards}")


def too_many_cards_error(text: str, token: str, position: int, max_cards: int) -> NotationError:
    """The error for the card at ``position``, the first beyond ``max_cards``."""
    return notation_error(
        text, token, position, f"more than max_cards={max_cards} cards: the rest is not read"
    )


def token_start(text: str, start: int, position: int, separators: str) -> int:
    """Where the token holding ``position`` starts: after the last separator before it."""
    return max(start, *(text.rfind(sep, start, position) + 1 for sep in separators))


def bad_token_error(text: str, start: int, end: int) -> NotationError:
    """Why ``text[start:end]``, a token between separators of cards, is not a card.

    The first character outside the notation is named and located if there
    is one, then a separator of melds, else the token is explained as a card.
    """
    foreign = find_foreign(text, start, end)
    if foreign >= 0:
        return foreign_char_error(text, foreign)
    separator = _MELD_SEPARATOR.search(text, start, end)
    if separator is not None:
        position = separator.start()
        return notation_error(
            text,
            "\r\n" if text[position] == "\r" else text[position],
            position,
            "'|' and line breaks separate melds, and a list of cards is one meld "
            "(use parse_table for a table)",
        )
    token = text[start:end]
    return notation_error(text, token, start, card_token_problem(token))


def parse_cards_span(
    text: str, start: int = 0, end: int | None = None, *, max_cards: int | None = None
) -> tuple[Card, ...]:
    """Parse the cards of ``text[start:end]``, reporting positions relative to all of ``text``.

    Raises:
        NotationError: On the first token that is not a card, or on the
            card beyond ``max_cards`` (the rest is then not read).
    """
    stop = len(text) if end is None else end
    tokens = _TOKENS
    if max_cards is None:
        # Up to the token holding the first character that cannot be in a
        # list of cards, the text is only ASCII letters and digits, suit
        # symbols and separators, so str methods split it at C speed.
        problem = _NOT_CARD_LIST.search(text, start, stop)
        cut = stop if problem is None else token_start(text, start, problem.start(), " ,")
        words = text[start:cut].replace(",", " ").split()
        try:
            cards = tuple(map(tokens.__getitem__, words))
        except KeyError:
            # Locate the first bad token, still without a Python loop over the text.
            bad = words.index(next(filterfalse(tokens.__contains__, words)))
            match = next(islice(_CARD_TOKEN.finditer(text, start, cut), bad, None))
            raise bad_token_error(text, match.start(), match.end()) from None
        if problem is not None:
            token = _CARD_TOKEN.match(text, cut, stop)
            assert token is not None
            raise bad_token_error(text, cut, token.end())
        return cards
    # With a limit, read lazily so that nothing past the limit is looked at.
    read: list[Card] = []
    for match in _CARD_TOKEN.finditer(text, start, stop):
        card = tokens.get(match.group())
        if card is None:
            raise bad_token_error(text, match.start(), match.end())
        if len(read) == max_cards:
            raise too_many_cards_error(text, match.group(), match.start(), max_cards)
        read.append(card)
    return tuple(read)


def parse_cards(text: str, *, max_cards: int | None = None) -> tuple[Card, ...]:
    """Parse a list of cards separated by spaces and/or commas.

    The notation (RULES.md §0) is ASCII letters and digits, the suit symbols
    ``♠♥♦♣`` (and ``♤♡♢♧``), the joker's ``*`` and ``🃏``, with spaces and
    commas between cards; letters are read in either ASCII case. Any other
    character (a tab, a non-breaking space, ``U+2028`` …) is an error. The
    cost is linear in the length of ``text``, valid or not.

    Examples:
        >>> parse_cards("7H, 8h 9♥ JK")
        (Card.parse('7H'), Card.parse('8H'), Card.parse('9H'), Card.parse('JK'))

    Args:
        text: The cards, e.g. ``"7H 8H 9H JK"``. An empty or blank string gives ``()``.
        max_cards: If given, at most this many cards are read: a server can
            cap what untrusted text costs. The text after the card beyond the
            limit is not read at all.

    Returns:
        The cards in the order written.

    Raises:
        NotationError: If a token is not a card, a character is outside the
            notation, the text contains ``|`` or a line break (use
            `parse_table` for tables), or there are more than ``max_cards``
            cards. The error names the token and its position.
        TypeError: If ``text`` is not a string or ``max_cards`` not an int.
        ValueError: If ``max_cards`` is negative.
    """
    if not isinstance(text, str):
        raise TypeError(f"parse_cards expects a string, got {type(text).__name__}")
    check_max_cards(max_cards)
    return parse_cards_span(text, max_cards=max_cards)


def format_cards(cards: Iterable[Card], *, unicode: bool = False, sep: str = " ") -> str:
    """Format cards in canonical notation: ``"7H 8H 9H JK"``.

    Args:
        cards: The cards, in the order to write them.
        unicode: Write suits as ``♠♥♦♣`` instead of ``SHDC``.
        sep: The separator between cards: spaces and/or commas.

    Returns:
        Text that `parse_cards` reads back to the same cards.

    Raises:
        NotationError: If ``sep`` is not spaces and/or commas (the output
            would not read back as the same cards).
        TypeError: If ``sep`` is not a string.
    """
    if sep != " ":
        if not isinstance(sep, str):
            raise TypeError(f"sep is a string, not {type(sep).__name__}")
        if not _CARD_SEPARATOR.fullmatch(sep):
            raise notation_error(sep, sep, 0, "cards are separated by spaces and/or commas")
    if unicode:
        return sep.join(card.unicode() for card in cards)
    return sep.join(str(card) for card in cards)
