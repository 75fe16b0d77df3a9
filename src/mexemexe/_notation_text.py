"""The text side of card notation (RULES.md §0): alphabet, case variants, errors that quote.

Nothing here knows a card: these are the helpers of the readers in `_cards`
and `_table` that only look at text, whatever the notation (the bounded
excerpts of `NotationError` messages, the characters outside the notation,
the ``max_cards`` checks, where a word of free text is tied to the next).
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from typing import TypeVar

from ._errors import NotationError

_V = TypeVar("_V")


def cases(spelling: str) -> set[str]:
    """Every spelling of ``spelling`` with each of its letters in either case.

    Case-insensitivity is spelled out, never folded: ``str.upper`` would also
    fold ``"ſ"`` to ``"S"`` or ``"ı"`` to ``"I"``, letting text outside the
    notation read as a card. Listing the variants of the notation's own
    letters (ASCII, and accented ones such as the ``í`` of ``comodín``)
    makes every lookup an exact one.
    """
    options = [
        {c, c.lower(), c.upper()} if len(c.lower()) == len(c.upper()) == 1 else {c}
        for c in spelling
    ]
    return {"".join(chars) for chars in itertools.product(*options)}


#: The characters of a card in English (RULES.md §0): ASCII letters and
#: digits, the suit symbols in both styles and the joker's ``*`` and ``🃏``.
#: A notation whose words hold other letters (``comodín``) adds them.
CARD_CHARS = "0-9A-Za-z♠♥♦♣♤♡♢♧*\U0001f0cf"


def add_cases(table: dict[str, _V], spelling: str, value: _V, what: str, notation: str) -> None:
    """Add every case of ``spelling`` to ``table``, refusing one that would mean two things."""
    for variant in cases(spelling):
        old = table.setdefault(variant, value)
        if old != value:
            raise ValueError(
                f"notation {notation!r}: {variant!r} would be two {what}s, {old!r} and {value!r}"
            )


#: The first character outside the English notation: not a card character,
#: nor a space or comma (between cards), ``|`` or a line feed (between
#: melds); a carriage return only as part of ``\r\n``. Tabs, other Unicode
#: spaces and line separators are outside on purpose: ``str.split`` and
#: ``str.strip`` would treat them as separators that ``format_table`` never
#: writes back.
FOREIGN_CHAR = re.compile(f"[^{CARD_CHARS} ,|\n\r]|\r(?!\n)")
# `find_foreign` does the same search in two steps: a character class alone is
# scanned several times faster than with the look-ahead alternative, and a
# carriage return is looked for only in text that has one.
_LONE_CR = re.compile("\r(?!\n)")
_ENGLISH_FOREIGN = re.compile(f"[^{CARD_CHARS} ,|\n\r]")


def find_foreign(
    text: str, start: int = 0, end: int | None = None, foreign: re.Pattern[str] = _ENGLISH_FOREIGN
) -> int:
    """The position of the first character of ``text[start:end]`` outside the notation, or -1.

    As ``FOREIGN_CHAR.search`` (for English), with ``end`` taken as the end of
    the text. ``foreign`` finds the first character outside the notation but
    a carriage return (`Spellings.foreign_but_cr` of another notation).
    """
    stop = len(text) if end is None else end
    match = foreign.search(text, start, stop)
    before = stop if match is None else match.start()
    if text.find("\r", start, before) >= 0:
        lone = _LONE_CR.search(text, start, before)
        if lone is not None:
            return lone.start()
    return -1 if match is None else before


def foreign_char_problem(char: str) -> str:
    """Name a character outside the notation (used in `NotationError` messages)."""
    code = f"U+{ord(char):04X}"
    if char == "\r":
        return f"carriage return ({code}) not followed by a line feed: write line breaks as \\n"
    name = unicodedata.name(char, "")
    described = f"{char!r} ({code} {name})" if name else f"{char!r} ({code})"
    return (
        f"character {described} is not card notation (§0: letters, digits and ♠♥♦♣; "
        "spaces or commas between cards; '|' or line breaks between melds)"
    )


#: How much of the text, and of a token, a `NotationError` message quotes.
_EXCERPT_BEFORE = 30
_EXCERPT_LENGTH = 80
_TOKEN_QUOTE = 40


def notation_error(text: str, token: str, position: int, reason: str) -> NotationError:
    """A `NotationError` whose message quotes a bounded excerpt of ``text`` around ``position``.

    The error's ``text`` and ``token`` attributes keep the whole text and
    token; only the message is bounded, so a megabyte of hostile input does
    not become a megabyte of log line.
    """
    excerpt = text
    if len(text) > _EXCERPT_LENGTH:
        start = max(0, min(position - _EXCERPT_BEFORE, len(text) - _EXCERPT_LENGTH))
        end = start + _EXCERPT_LENGTH
        excerpt = ("…" if start else "") + text[start:end] + ("…" if end < len(text) else "")
    quoted = token if len(token) <= _TOKEN_QUOTE else token[:_TOKEN_QUOTE] + "…"
    err = NotationError(excerpt, quoted, position, reason)
    err.text = text
    err.token = token
    return err


def foreign_char_error(text: str, position: int) -> NotationError:
    """The error for the character at ``position``, which is outside the notation."""
    char = text[position]
    return notation_error(text, char, position, foreign_char_problem(char))


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


def tied_by_apostrophe(text: str, start: int, end: int) -> bool:
    """Whether the word ``text[start:end]`` is part of a longer word through an apostrophe.

    ``s`` in ``player 0's`` and ``t`` in ``don't`` are the tails of words,
    not words of their own: an apostrophe with a letter or digit on both
    sides joins. An apostrophe after a space (``'7H'``, a quoted card)
    does not.
    """
    before = start >= 2 and text[start - 1] == "'" and text[start - 2].isalnum()
    after = end + 1 < len(text) and text[end] == "'" and text[end + 1].isalnum()
    return before or after
