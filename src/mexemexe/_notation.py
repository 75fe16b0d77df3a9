"""Text notation for lists of cards (RULES.md §0): lenient on input, canonical on output.

A card is rank then suit (``7H``, ``10S``; ``T`` for 10; ``♠♥♦♣`` accepted;
case-insensitive); the joker is ``JK`` (also ``*``, ``JOKER``). A list of cards
is separated by spaces and/or commas. Tables are in `mexemexe.parse_table`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from ._cards import _TOKENS, Card, card_token_problem
from ._errors import NotationError

__all__ = ["format_cards", "parse_cards"]

_TOKEN_RE = re.compile(r"[^\s,|]+")


def iter_tokens(text: str, start: int = 0, end: int | None = None) -> Iterator[tuple[str, int]]:
    """Yield ``(token, position)`` for each card token of ``text[start:end]``."""
    pattern = _TOKEN_RE
    stop = len(text) if end is None else end
    for match in pattern.finditer(text, start, stop):
        yield match.group(), match.start()


def parse_cards_span(text: str, start: int = 0, end: int | None = None) -> tuple[Card, ...]:
    """Parse the cards of ``text[start:end]``, reporting positions relative to all of ``text``.

    Raises:
        NotationError: On the first token that is not a card.
    """
    tokens = _TOKENS
    cards: list[Card] = []
    for token, pos in iter_tokens(text, start, end):
        card = tokens.get(token.upper())
        if card is None:
            raise NotationError(text, token, pos, card_token_problem(token))
        cards.append(card)
    return tuple(cards)


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse a list of cards separated by spaces and/or commas.

    Examples:
        >>> parse_cards("7H, 8h 9♥ JK")
        (Card.parse('7H'), Card.parse('8H'), Card.parse('9H'), Card.parse('JK'))

    Args:
        text: The cards, e.g. ``"7H 8H 9H JK"``. An empty or blank string gives ``()``.

    Returns:
        The cards in the order written.

    Raises:
        NotationError: If a token is not a card, or the text contains ``|``
            (use `parse_table` for tables). The error names the token and
            its position.
    """
    if not isinstance(text, str):
        raise TypeError(f"parse_cards expects a string, got {type(text).__name__}")
    bar = text.find("|")
    if bar >= 0:
        raise NotationError(text, "|", bar, "'|' separates melds: use parse_table for a table")
    return parse_cards_span(text)


def format_cards(cards: Iterable[Card], *, unicode: bool = False, sep: str = " ") -> str:
    """Format cards in canonical notation: ``"7H 8H 9H JK"``.

    Args:
        cards: The cards, in the order to write them.
        unicode: Write suits as ``♠♥♦♣`` instead of ``SHDC``.
        sep: The separator between cards.

    Returns:
        Text that `parse_cards` reads back to the same cards.
    """
    if unicode:
        return sep.join(card.unicode() for card in cards)
    return sep.join(str(card) for card in cards)
