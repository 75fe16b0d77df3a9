"""Cards: `Rank`, `Suit`, `Card`, the joker, and deck builders (RULES.md §0).

The rummy games use two decks, so every natural card exists twice. The two
copies are interchangeable for every rule, so they are *equal* values here:
``Card.parse("7H") == Card.parse("7H")`` and a hand is a multiset of cards.
"""

from __future__ import annotations

import enum
import itertools
import operator
import re
import unicodedata
from collections.abc import Callable, Iterable
from itertools import filterfalse, islice

import attrs

from . import _pictures
from ._errors import NotationError

__all__ = ["CODE", "JOKER", "Card", "Rank", "Suit", "make_deck"]


class Rank(enum.IntEnum):
    """The thirteen ranks, valued ace = 1 up to king = 13.

    A rank is an `int`, so ranks compare and subtract like numbers. Whether
    the ace may also follow the king in a run is a profile setting (``ace``).
    """

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def symbol(self) -> str:
        """Canonical notation: ``"A"``, ``"2"`` … ``"10"``, ``"J"``, ``"Q"`` or ``"K"``."""
        return _RANK_SYMBOLS[self - 1]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Parse a rank symbol (``"A"``, ``"10"``, ``"T"``, ``"q"`` …).

        Letters are read in either ASCII case; surrounding spaces are ignored.
        The cost is linear in the length of ``text``.

        Raises:
            NotationError: If ``text`` is not a rank symbol; the error points at
                the first character outside the notation, if any (RULES.md §0).
            TypeError: If ``text`` is not a string.
        """
        if not isinstance(text, str):
            raise TypeError(f"a rank is written as text like 'Q', not {type(text).__name__}")
        rank = _RANK_SPELLINGS.get(text)
        if rank is None:
            rank = _RANK_SPELLINGS.get(text.strip(" "))
            if rank is None:
                raise single_token_error(text, "unknown rank (expected A, 2-10, T, J, Q or K)")
        return rank


class Suit(enum.Enum):
    """The four French suits. Their order here (♠ ♥ ♦ ♣) is the canonical sort order."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        """The ASCII letter of the suit: ``"S"``, ``"H"``, ``"D"`` or ``"C"``."""
        return self.value

    @property
    def unicode(self) -> str:
        """The unicode symbol of the suit: ``"♠"``, ``"♥"``, ``"♦"`` or ``"♣"``."""
        return _SUIT_UNICODE[self.value]

    @property
    def index(self) -> int:
        """Position in the canonical order: spades 0, hearts 1, diamonds 2, clubs 3."""
        return _SUIT_INDEX[self.value]

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds."""
        return self.value in "HD"

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Parse a suit letter or symbol (``"H"``, ``"h"``, ``"♥"``, ``"♡"``).

        Letters are read in either ASCII case; surrounding spaces are ignored.
        The cost is linear in the length of ``text``.

        Raises:
            NotationError: If ``text`` is not a suit; the error points at the
                first character outside the notation, if any (RULES.md §0).
            TypeError: If ``text`` is not a string.
        """
        if not isinstance(text, str):
            raise TypeError(f"a suit is written as text like 'H', not {type(text).__name__}")
        suit = _SUIT_SPELLINGS.get(text)
        if suit is None:
            suit = _SUIT_SPELLINGS.get(text.strip(" "))
            if suit is None:
                raise single_token_error(text, "unknown suit (expected S, H, D, C or ♠♥♦♣)")
        return suit


_RANK_SYMBOLS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_SUIT_UNICODE = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_SUIT_INDEX = {"S": 0, "H": 1, "D": 2, "C": 3}
_SUITS = tuple(Suit)

_RANK_ALIASES: dict[str, Rank] = {sym: Rank(i + 1) for i, sym in enumerate(_RANK_SYMBOLS)}
_RANK_ALIASES["T"] = Rank.TEN
_SUIT_ALIASES: dict[str, Suit] = {}
for _suit in Suit:
    _SUIT_ALIASES[_suit.value] = _suit
    _SUIT_ALIASES[_SUIT_UNICODE[_suit.value]] = _suit
for _white, _letter in zip("♤♡♢♧", "SHDC", strict=True):
    _SUIT_ALIASES[_white] = Suit(_letter)

#: Spellings of the joker accepted on input (in upper case; any ASCII case is read).
JOKER_ALIASES = ("JK", "*", "JOKER", "🃏")

#: ``Card.code`` of the joker; naturals are 0 … 51.
JOKER_CODE = 52


def _code_of(rank: Rank | None, suit: Suit | None) -> int:
    if rank is None or suit is None:
        return JOKER_CODE  # a half-joker is rejected by Card's validator
    return (int(rank) - 1) * 4 + _SUIT_INDEX[suit.value]


def _check_joker_fields(
    instance: Card, attribute: attrs.Attribute[Suit | None], value: object
) -> None:
    if (instance.rank is None) != (instance.suit is None):
        raise ValueError(
            "a card has both a rank and a suit, or neither (the joker); got "
            f"rank={instance.rank!r}, suit={instance.suit!r}"
        )


@attrs.frozen(eq=False, order=False, repr=False)
class Card:
    """A playing card: a natural card (rank and suit) or the joker (neither).

    Cards are immutable, hashable and totally ordered (by rank, then suit in
    the order ♠ ♥ ♦ ♣, with the joker last). Two copies of the same card are
    equal.

    Build them with `Card.parse` (``Card.parse("10H")``), with
    ``Card(Rank.TEN, Suit.HEARTS)``, or use `JOKER`.

    Attributes:
        rank: The rank, or ``None`` for the joker.
        suit: The suit, or ``None`` for the joker.
        code: A small integer identifying the card: naturals 0–51 (rank major,
            suit minor), the joker 52. Useful as an array index.
    """

    rank: Rank | None = attrs.field(default=None, converter=attrs.converters.optional(Rank))
    suit: Suit | None = attrs.field(
        default=None,
        converter=attrs.converters.optional(Suit),
        validator=_check_joker_fields,
    )
    code: int = attrs.field(init=False)

    @code.default
    def _code_default(self) -> int:
        return _code_of(self.rank, self.suit)

    # -- construction -----------------------------------------------------

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse one card in the notation of RULES.md §0.

        Rank then suit (``"7H"``, ``"10S"``, ``"TS"``, ``"q♦"``), letters in
        either ASCII case, unicode suits accepted; the joker is ``"JK"``,
        ``"*"``, ``"JOKER"`` or ``"🃏"``. Surrounding spaces are ignored. The
        cost is linear in the length of ``text``.

        Raises:
            NotationError: If ``text`` is not exactly one card; the message says
                why, and a character outside the notation is named and located.
            TypeError: If ``text`` is not a string.
        """
        if not isinstance(text, str):
            raise TypeError(f"a card is written as text like '7H', not {type(text).__name__}")
        card = _TOKENS.get(text)
        if card is None:
            card = _TOKENS.get(text.strip(" "))
            if card is None:
                raise single_token_error(text, None)
        return card

    @classmethod
    def from_code(cls, code: int) -> Card:
        """Return the card whose `code` is ``code`` (0–51 naturals, 52 the joker).

        Raises:
            ValueError: If ``code`` is outside 0–52.
        """
        if not 0 <= code <= JOKER_CODE:
            raise ValueError(f"card code {code!r} is outside 0-52")
        return _BY_CODE[code]

    # -- queries ------------------------------------------------------------

    @property
    def is_joker(self) -> bool:
        """True for the joker."""
        return self.rank is None

    # -- notation -----------------------------------------------------------

    def __str__(self) -> str:
        if self.rank is None:
            return "JK"
        assert self.suit is not None
        return _RANK_SYMBOLS[self.rank - 1] + self.suit.value

    def unicode(self) -> str:
        """The card with a unicode suit symbol: ``"10♥"``; the joker stays ``"JK"``."""
        if self.rank is None:
            return "JK"
        assert self.suit is not None
        return _RANK_SYMBOLS[self.rank - 1] + _SUIT_UNICODE[self.suit.value]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def _repr_svg_(self) -> str:
        """A picture for Jupyter, drawn by `mexemexe.render.svg.card`."""
        return _pictures.svg("card", self)

    def __reduce__(self) -> tuple[Callable[[int], Card], tuple[int]]:
        # Pickles and copies are the library's own card objects again (a card
        # is immutable), which its identity caches recognise. The loader is a
        # module-level function, which every pickler (cloudpickle too) writes
        # by reference: a bound classmethod such as `Card.from_code` is copied
        # by value by cloudpickle, and then fails in a fresh process.
        return (_card_from_code, (self.code,))

    def _repr_pretty_(self, printer: _pictures.TextPrinter, cycle: bool) -> None:
        # IPython and hypothesis pretty-printers: show the pasteable repr.
        printer.text(repr(self))

    # -- identity and order --------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.code == other.code
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.code != other.code
        return NotImplemented

    def __hash__(self) -> int:
        return self.code

    def __lt__(self, other: Card) -> bool:
        if isinstance(other, Card):
            return self.code < other.code
        return NotImplemented

    def __le__(self, other: Card) -> bool:
        if isinstance(other, Card):
            return self.code <= other.code
        return NotImplemented

    def __gt__(self, other: Card) -> bool:
        if isinstance(other, Card):
            return self.code > other.code
        return NotImplemented

    def __ge__(self, other: Card) -> bool:
        if isinstance(other, Card):
            return self.code >= other.code
        return NotImplemented


_BY_CODE: tuple[Card, ...] = tuple(
    [Card(Rank(r), s) for r in range(1, 14) for s in _SUITS] + [Card()]
)

#: The joker (all jokers are alike, RULES.md §0).
JOKER: Card = _BY_CODE[JOKER_CODE]


def _card_from_code(code: int) -> Card:
    """The card of ``code``, as `Card.__reduce__` wrote it (unpickling)."""
    return _BY_CODE[code]


def _ascii_cases(spelling: str) -> set[str]:
    """Every spelling of ``spelling`` with its ASCII letters in either case.

    Case-insensitivity is ASCII only: ``str.upper`` would also fold ``"ſ"``
    to ``"S"`` or ``"ı"`` to ``"I"``, letting text outside the notation read
    as a card. Listing the ASCII variants makes every lookup an exact one.
    """
    options = [(c, c.lower()) if c.isascii() and c.isalpha() else (c,) for c in spelling]
    return {"".join(chars) for chars in itertools.product(*options)}


#: Every accepted spelling of a rank, a suit and a single card, exactly as written.
_RANK_SPELLINGS: dict[str, Rank] = {
    variant: rank for sym, rank in _RANK_ALIASES.items() for variant in _ascii_cases(sym)
}
_SUIT_SPELLINGS: dict[str, Suit] = {
    variant: suit for sym, suit in _SUIT_ALIASES.items() for variant in _ascii_cases(sym)
}
_TOKENS: dict[str, Card] = {}
for _card in _BY_CODE[:JOKER_CODE]:
    for _rsym, _rank in _RANK_SPELLINGS.items():
        if _rank != _card.rank:
            continue
        for _ssym, _s in _SUIT_SPELLINGS.items():
            if _s == _card.suit:
                _TOKENS[_rsym + _ssym] = _card
for _alias in JOKER_ALIASES:
    for _variant in _ascii_cases(_alias):
        _TOKENS[_variant] = JOKER

#: The longest spelling of one card; a longer token is never a near miss.
_LONGEST_TOKEN = max(map(len, _TOKENS))

#: The characters of a card (RULES.md §0): ASCII letters and digits, the suit
#: symbols in both styles and the joker's ``*`` and ``🃏``.
CARD_CHARS = "0-9A-Za-z♠♥♦♣♤♡♢♧*\U0001f0cf"

#: The first character outside the notation: not a card character, nor a
#: space or comma (between cards), ``|`` or a line feed (between melds); a
#: carriage return only as part of ``\r\n``. Tabs, other Unicode spaces and
#: line separators are outside on purpose: ``str.split`` and ``str.strip``
#: would treat them as separators that ``format_table`` never writes back.
FOREIGN_CHAR = re.compile(f"[^{CARD_CHARS} ,|\n\r]|\r(?!\n)")
# The same search in two steps: a character class alone is scanned several
# times faster than with the look-ahead alternative, and a carriage return
# is looked for only in text that has one.
_FOREIGN_BUT_CR = re.compile(f"[^{CARD_CHARS} ,|\n\r]")
_LONE_CR = re.compile("\r(?!\n)")


def find_foreign(text: str, start: int = 0, end: int | None = None) -> int:
    """The position of the first character of ``text[start:end]`` outside the notation, or -1.

    As ``FOREIGN_CHAR.search``, with ``end`` taken as the end of the text.
    """
    stop = len(text) if end is None else end
    match = _FOREIGN_BUT_CR.search(text, start, stop)
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


def single_token_error(text: str, reason: str | None) -> NotationError:
    """Why ``text`` (one card, rank or suit between optional spaces) is not one.

    Args:
        text: The whole text given.
        reason: The reason to give, or ``None`` to explain it as a card.
    """
    bad = find_foreign(text)
    if bad >= 0:
        return foreign_char_error(text, bad)
    start = len(text) - len(text.lstrip(" "))
    token = text.strip(" ")
    if reason is None:
        if "|" in token or "\n" in token:
            reason = "one card expected: '|' and line breaks separate melds (use parse_table)"
        elif " " in token or "," in token:
            reason = "one card expected: spaces and commas separate cards (use parse_cards)"
        else:
            reason = card_token_problem(token)
    return notation_error(text, token, start, reason)


#: Sort key giving the `Card` order at C speed: ``sorted(cards, key=CODE)``.
CODE = operator.attrgetter("code")

#: ASCII-only upper-casing (see `_ascii_cases`).
_ASCII_UPPER = str.maketrans("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")


def card_token_problem(token: str) -> str:
    """Explain why ``token`` is not a card (used in `NotationError` messages).

    The cost is bounded: a token longer than two cards gets the general
    explanation without being examined.
    """
    if not token:
        return "expected a card, found nothing"
    if token in _TOKENS:
        return "valid card"  # pragma: no cover - only called on bad tokens
    if len(token) > 2 * _LONGEST_TOKEN:
        return "not a card: expected rank then suit (e.g. 7H, 10S, QD) or a joker (JK)"
    up = token.translate(_ASCII_UPPER)
    # Split a trailing suit-looking character from the rank part.
    rank_part, suit_part = up[:-1], up[-1:]
    if not rank_part:
        return "a card is a rank followed by a suit, e.g. 7H or 10S"
    for cut in range(1, len(up)):
        if up[:cut] in _TOKENS and up[cut:] in _TOKENS:
            return "two cards run together: separate cards with spaces or commas"
    rank_ok = rank_part in _RANK_ALIASES
    suit_ok = suit_part in _SUIT_ALIASES
    if rank_ok and not suit_ok:
        return f"unknown suit {token[-1]!r} (expected S, H, D, C or ♠♥♦♣)"
    if suit_ok and not rank_ok and len(rank_part) <= 2:
        if rank_part == "1":
            return "unknown rank '1' (write the ace as A)"
        return f"unknown rank {token[:-1]!r} (expected A, 2-10, T, J, Q or K)"
    return "not a card: expected rank then suit (e.g. 7H, 10S, QD) or a joker (JK)"


# -- lists of cards ------------------------------------------------------------
#
# The reader of a list of cards lives here, beside the spellings it looks up,
# rather than in `_notation`: `as_cards` reads notation text too, and
# `_notation` is built on this module, so with the reader in `_notation` the
# two modules would import each other. `_notation.parse_cards` is the public
# entry point.

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


def make_deck(decks: int = 2, jokers: int = 0) -> tuple[Card, ...]:
    """Build a full, ordered deck: ``decks`` copies of the 52 naturals plus ``jokers`` jokers.

    Args:
        decks: How many 52-card decks (RULES.md §0: the rummy games use two).
        jokers: How many jokers in total (B1: 4, R1: 2, G1: 0).

    Returns:
        The cards sorted by `Card` order (shuffle them with a seeded
        `random.Random` to deal).

    Raises:
        ValueError: If a count is negative.
    """
    if decks < 0 or jokers < 0:
        raise ValueError(f"deck counts must be non-negative, got decks={decks}, jokers={jokers}")
    cards: list[Card] = []
    for card in _BY_CODE[:JOKER_CODE]:
        cards.extend([card] * decks)
    cards.extend([JOKER] * jokers)
    return tuple(cards)


def as_cards(cards: Iterable[Card | str] | str) -> tuple[Card, ...]:
    """Coerce cards given as `Card` objects, card strings or one notation string.

    Raises:
        NotationError: If a string is not valid notation (as `parse_cards`).
        TypeError: If an element is neither a `Card` nor a string.
    """
    if type(cards) is tuple:
        for c in cards:
            if type(c) is not Card:
                break
        else:
            return cards
    if isinstance(cards, str):
        return parse_cards_span(cards)
    out: list[Card] = []
    for c in cards:
        if isinstance(c, Card):
            out.append(c)
        elif isinstance(c, str):
            out.append(Card.parse(c))
        else:
            raise TypeError(f"expected a Card or a card string, got {c!r}")
    return tuple(out)
