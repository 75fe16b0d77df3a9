"""Cards: `Rank`, `Suit`, `Card`, the joker, and deck builders (RULES.md §0).

The rummy games use two decks, so every natural card exists twice. The two
copies are interchangeable for every rule, so they are *equal* values here:
``Card.parse("7H") == Card.parse("7H")`` and a hand is a multiset of cards.

The spellings of cards come from the `Notation` records of `_notations`
(English, Portuguese, Galician), compiled here into exact lookups
(`Spellings`); the readers take the compiled notation, never its name.
"""

from __future__ import annotations

import enum
import operator
import re
from collections.abc import Callable, Iterable
from itertools import filterfalse, islice

import attrs

from . import _pictures
from ._errors import NotationError

# The text helpers moved to `_notation_text`; their names stay importable from here.
from ._notation_text import CARD_CHARS as CARD_CHARS
from ._notation_text import FOREIGN_CHAR as FOREIGN_CHAR
from ._notation_text import add_cases as add_cases
from ._notation_text import check_max_cards as check_max_cards
from ._notation_text import find_foreign as find_foreign
from ._notation_text import foreign_char_error as foreign_char_error
from ._notation_text import foreign_char_problem as foreign_char_problem
from ._notation_text import notation_error as notation_error
from ._notation_text import token_start as token_start
from ._notation_text import too_many_cards_error as too_many_cards_error
from ._notations import NOTATIONS, Notation, get_notation

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
    def parse(cls, text: str, *, notation: str | Notation = "en") -> Rank:
        """Parse a rank symbol or name (``"A"``, ``"10"``, ``"T"``, ``"q"``, ``"queen"`` …).

        Letters are read in either case; surrounding spaces are ignored. The
        names of the notation's ranks are accepted too (``"Valete"`` with
        ``notation="pt"``). The cost is linear in the length of ``text``.

        Args:
            text: The rank.
            notation: The notation's name (``"en"``, ``"pt"``, ``"gl"``) or a `Notation`.

        Returns:
            The rank.

        Raises:
            NotationError: If ``text`` is not a rank of the notation; the error
                points at the first character outside the notation, if any
                (RULES.md §0); or the notation is unknown.
            TypeError: If ``text`` is not a string.
        """
        if not isinstance(text, str):
            raise TypeError(f"a rank is written as text like 'Q', not {type(text).__name__}")
        sp = _COMPILED.get(notation) or spellings(notation)
        rank = sp.rank_words.get(text)
        if rank is None:
            rank = sp.rank_words.get(text.strip(" "))
            if rank is None:
                raise single_token_error(text, f"unknown rank (expected {sp.expected_ranks})", sp)
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
    def parse(cls, text: str, *, notation: str | Notation = "en") -> Suit:
        """Parse a suit letter, symbol or name (``"H"``, ``"h"``, ``"♥"``, ``"♡"``, ``"hearts"``).

        Letters are read in either case; surrounding spaces are ignored. The
        names of the notation's suits are accepted too (``"Copas"`` with
        ``notation="pt"``). The cost is linear in the length of ``text``.

        Args:
            text: The suit.
            notation: The notation's name (``"en"``, ``"pt"``, ``"gl"``) or a `Notation`.

        Returns:
            The suit.

        Raises:
            NotationError: If ``text`` is not a suit of the notation; the error
                points at the first character outside the notation, if any
                (RULES.md §0); or the notation is unknown.
            TypeError: If ``text`` is not a string.
        """
        if not isinstance(text, str):
            raise TypeError(f"a suit is written as text like 'H', not {type(text).__name__}")
        sp = _COMPILED.get(notation) or spellings(notation)
        suit = sp.suit_words.get(text)
        if suit is None:
            suit = sp.suit_words.get(text.strip(" "))
            if suit is None:
                raise single_token_error(text, f"unknown suit (expected {sp.expected_suits})", sp)
        return suit


_RANK_SYMBOLS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_SUIT_UNICODE = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_SUIT_INDEX = {"S": 0, "H": 1, "D": 2, "C": 3}
_SUITS = tuple(Suit)

#: Spellings of the joker accepted on input in English (any case is read).
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
    def parse(cls, text: str, *, notation: str | Notation = "en") -> Card:
        """Parse one card in the notation of RULES.md §0.

        Rank then suit (``"7H"``, ``"10S"``, ``"TS"``, ``"q♦"``), letters in
        either ASCII case, unicode suits accepted; the joker is ``"JK"``,
        ``"*"``, ``"JOKER"`` or ``"🃏"``. Surrounding spaces are ignored. The
        cost is linear in the length of ``text``. With ``notation="pt"`` or
        ``"gl"`` the suit letters are the Portuguese or Galician ones
        (`mexemexe.notations`).

        Args:
            text: The card.
            notation: The notation's name (``"en"``, ``"pt"``, ``"gl"``) or a `Notation`.

        Returns:
            The card.

        Raises:
            NotationError: If ``text`` is not exactly one card; the message says
                why, and a character outside the notation is named and located;
                a card of another notation is named with that notation.
            TypeError: If ``text`` is not a string.
        """
        if not isinstance(text, str):
            raise TypeError(f"a card is written as text like '7H', not {type(text).__name__}")
        sp = _COMPILED.get(notation) or spellings(notation)
        card = sp.tokens.get(text)
        if card is None:
            card = sp.tokens.get(text.strip(" "))
            if card is None:
                raise single_token_error(text, None, sp)
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


_WHITE_SUITS = "♤♡♢♧"


def _expected_ranks(notation: Notation) -> str:
    """The rank symbols of ``notation`` for messages: ``"A, 2-10, T, J, Q or K"``."""
    entries = [(1, 0, notation.rank_symbols[0]), (2, 0, "2-10")]
    entries += [(13 - i, 0, sym) for i, sym in enumerate(reversed(notation.rank_symbols[10:]))]
    entries += [(rank, 1, sym) for sym, rank in notation.rank_aliases]
    names = [name for _, _, name in sorted(entries)]
    return ", ".join(names[:-1]) + " or " + names[-1]


@attrs.frozen(eq=False)
class Spellings:
    """A `Notation` compiled into the exact lookups its readers and writers use.

    Attributes:
        notation: The notation.
        tokens: Every spelling of a card (and of the joker), in every case.
        ranks: Every rank symbol of a card, in every case.
        suits: Every suit letter and symbol of a card, in every case.
        rank_words: ``ranks`` and the ranks' names (what `Rank.parse` reads).
        suit_words: ``suits`` and the suits' names (what `Suit.parse` reads).
        text: The canonical text of each card, by ``Card.code``.
        unicode_text: The same with the suits as ``♠♥♦♣``.
        lexemes: Each token as one character (a card as ``chr(0x100 + code)``)
            and ``"|"`` as itself, for the fast table reader.
        longest: The length of the longest token.
        chars: The body of a regex character class of the card characters.
        expected_ranks: The rank symbols, for messages.
        expected_suits: The suit letters and symbols, for messages.
    """

    notation: Notation
    tokens: dict[str, Card]
    ranks: dict[str, Rank]
    suits: dict[str, Suit]
    rank_words: dict[str, Rank]
    suit_words: dict[str, Suit]
    text: tuple[str, ...]
    unicode_text: tuple[str, ...]
    lexemes: dict[str, str]
    longest: int
    chars: str
    expected_ranks: str
    expected_suits: str
    foreign_but_cr: re.Pattern[str]
    not_card_list: re.Pattern[str]

    def example(self, *texts: str) -> str:
        """English card texts (``"7H"``) written in this notation, for messages."""
        return ", ".join(self.text[_TOKENS_EN_CODES[t]] for t in texts)


def _compile(notation: Notation) -> Spellings:
    """The lookups of ``notation``.

    Raises:
        ValueError: If a spelling would mean two ranks, suits or cards.
    """
    ranks: dict[str, Rank] = {}
    for i, symbol in enumerate(notation.rank_symbols):
        add_cases(ranks, symbol, Rank(i + 1), "rank", notation.name)
    for symbol, value in notation.rank_aliases:
        add_cases(ranks, symbol, Rank(value), "rank", notation.name)
    suits: dict[str, Suit] = {}
    for suit, letter in zip(_SUITS, notation.suit_letters, strict=True):
        add_cases(suits, letter, suit, "suit", notation.name)
        add_cases(suits, _SUIT_UNICODE[suit.value], suit, "suit", notation.name)
        add_cases(suits, _WHITE_SUITS[suit.index], suit, "suit", notation.name)
    tokens: dict[str, Card] = {}
    for card in _BY_CODE[:JOKER_CODE]:
        for rank_spelling, rank in ranks.items():
            if rank == card.rank:
                for suit_spelling, suit in suits.items():
                    if suit == card.suit:
                        add_cases(
                            tokens, rank_spelling + suit_spelling, card, "card", notation.name
                        )
    for joker in notation.jokers:
        add_cases(tokens, joker, JOKER, "card", notation.name)
    rank_words = dict(ranks)
    for name, value in notation.rank_names:
        add_cases(rank_words, name, Rank(value), "rank", notation.name)
    suit_words = dict(suits)
    for suit, names in zip(_SUITS, notation.suit_names, strict=True):
        for name in names:
            add_cases(suit_words, name, suit, "suit", notation.name)
    symbols = notation.rank_symbols
    letters = notation.suit_letters
    text = tuple(
        [
            symbols[c.rank - 1] + letters[c.suit.index]
            for c in _BY_CODE[:JOKER_CODE]
            if c.rank and c.suit
        ]
        + [notation.jokers[0]]
    )
    unicode_text = tuple(
        [symbols[c.rank - 1] + c.suit.unicode for c in _BY_CODE[:JOKER_CODE] if c.rank and c.suit]
        + [notation.jokers[0]]
    )
    english = re.compile(f"[{CARD_CHARS}]")
    extra = sorted({c for token in tokens for c in token if not english.fullmatch(c)})
    chars = CARD_CHARS + "".join(re.escape(c) for c in extra)
    lexemes = {token: chr(0x100 + card.code) for token, card in tokens.items()}
    lexemes["|"] = "|"
    return Spellings(
        notation=notation,
        tokens=tokens,
        ranks=ranks,
        suits=suits,
        rank_words=rank_words,
        suit_words=suit_words,
        text=text,
        unicode_text=unicode_text,
        lexemes=lexemes,
        longest=max(map(len, tokens)),
        chars=chars,
        expected_ranks=_expected_ranks(notation),
        expected_suits=", ".join(letters[:-1]) + ", " + letters[-1] + " or ♠♥♦♣",
        foreign_but_cr=re.compile(f"[^{chars} ,|\n\r]"),
        not_card_list=re.compile(f"[^{chars} ,]"),
    )


#: The compiled notations, by `Notation` and by name.
_COMPILED: dict[object, Spellings] = {}


def spellings(notation: str | Notation) -> Spellings:
    """The compiled lookups of ``notation`` (a registered name or a `Notation`).

    Raises:
        NotationError: If no notation has that name.
        TypeError: If ``notation`` is neither a string nor a `Notation`.
        ValueError: If a spelling of the notation would mean two cards.
    """
    found = _COMPILED.get(notation)
    if found is None:
        record = get_notation(notation)
        found = _COMPILED.get(record)
        if found is None:
            found = _COMPILED[record] = _compile(record)
        if NOTATIONS.get(record.name) is record:
            _COMPILED[record.name] = found
    return found


#: English, the default notation.
ENGLISH: Spellings = spellings("en")
_TOKENS_EN_CODES = {str(card): card.code for card in _BY_CODE}

#: Every accepted English spelling of a single card, exactly as written.
_TOKENS: dict[str, Card] = ENGLISH.tokens


def single_token_error(text: str, reason: str | None, sp: Spellings = ENGLISH) -> NotationError:
    """Why ``text`` (one card, rank or suit between optional spaces) is not one.

    Args:
        text: The whole text given.
        reason: The reason to give, or ``None`` to explain it as a card.
        sp: The notation it was read in.
    """
    bad = find_foreign(text, foreign=sp.foreign_but_cr)
    if bad >= 0:
        elsewhere = _card_elsewhere(text.strip(" "), sp)
        if elsewhere:
            return notation_error(text, text.strip(" "), text.find(text.strip(" ")), elsewhere)
        return foreign_char_error(text, bad)
    start = len(text) - len(text.lstrip(" "))
    token = text.strip(" ")
    if reason is None:
        if "|" in token or "\n" in token:
            reason = "one card expected: '|' and line breaks separate melds (use parse_table)"
        elif " " in token or "," in token:
            reason = "one card expected: spaces and commas separate cards (use parse_cards)"
        else:
            reason = card_token_problem(token, sp)
    return notation_error(text, token, start, reason)


#: Sort key giving the `Card` order at C speed: ``sorted(cards, key=CODE)``.
CODE = operator.attrgetter("code")


def card_token_problem(token: str, sp: Spellings = ENGLISH) -> str:
    """Explain why ``token`` is not a card in notation ``sp`` (for `NotationError` messages).

    A token that is a card in another registered notation says so, and how
    to read in that notation: ``7E`` is no English card, but the 7 of
    spades in Portuguese. The cost is bounded: a token longer than two cards
    gets the general explanation without being examined.
    """
    if not token:
        return "expected a card, found nothing"
    if token in sp.tokens:
        return "valid card"  # pragma: no cover - only called on bad tokens
    general = (
        f"not a card: expected rank then suit (e.g. {sp.example('7H', '10S', 'QD')}) "
        f"or a joker ({sp.text[JOKER_CODE]})"
    )
    if len(token) > 2 * sp.longest:
        return general
    return _card_problem(token, sp, general) + _other_notations(token, sp)


def _card_problem(token: str, sp: Spellings, general: str) -> str:
    """What is wrong with ``token`` (at most two cards long) as a card of ``sp``."""
    rank_part, suit_part = token[:-1], token[-1:]
    if not rank_part:
        return (
            f"a card is a rank followed by a suit, e.g. {sp.example('7H')} or {sp.example('10S')}"
        )
    for cut in range(1, len(token)):
        if token[:cut] in sp.tokens and token[cut:] in sp.tokens:
            return "two cards run together: separate cards with spaces or commas"
    rank_ok = rank_part in sp.ranks
    suit_ok = suit_part in sp.suits
    if rank_ok and not suit_ok:
        return f"unknown suit {suit_part!r} (expected {sp.expected_suits})"
    if suit_ok and not rank_ok and len(rank_part) <= 2:
        if rank_part == "1":
            return f"unknown rank '1' (write the ace as {sp.notation.rank_symbols[0]})"
        return f"unknown rank {rank_part!r} (expected {sp.expected_ranks})"
    return general


def _other_notations(token: str, sp: Spellings) -> str:
    """Where ``token`` is a card in another registered notation: which, and how to read it there."""
    hints = []
    for notation in NOTATIONS.values():
        other = spellings(notation)
        card = other.tokens.get(token)
        if other is sp or card is None:
            continue
        hints.append(
            f"{notation.language} notation, where it is {describe_card(card, other)}: "
            f"pass notation={notation.name!r}"
        )
    if not hints:
        return ""
    return f"; {token!r} looks like " + "; or ".join(hints)


def _card_elsewhere(token: str, sp: Spellings) -> str:
    """Why ``token``, which holds a character outside ``sp``, is still worth a hint, or ``""``.

    A word of another notation (``comodín`` read as Portuguese) holds letters
    that are foreign here; the error names that notation rather than the letter.
    """
    if len(token) > _LONGEST_WORD:
        return ""
    hint = _other_notations(token, sp)
    return f"not a card in {sp.notation.language} notation{hint}" if hint else ""


#: No token of any notation is longer than this (a bound on the hints' cost).
_LONGEST_WORD = 16


def describe_card(card: Card, sp: Spellings = ENGLISH) -> str:
    """``card`` in words, with its suit's name in the notation: ``"the 7 of hearts (copas)"``."""
    if card.rank is None or card.suit is None:
        return "the joker"
    rank = sp.notation.rank_symbols[card.rank - 1]
    english = ENGLISH.notation.suit_names[card.suit.index][0]  # messages are in English
    native = sp.notation.suit_names[card.suit.index][0]
    named = english if native == english else f"{english} ({native})"
    return f"the {rank} of {named}"


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

# The first character that cannot be in a list of cards (outside the
# notation, or a separator of melds) is `Spellings.not_card_list`.

#: A separator of melds, which a list of cards (one meld) cannot hold. A
#: character class (scanned fast); in text without foreign characters a
#: carriage return only starts a ``\r\n``.
_MELD_SEPARATOR = re.compile(r"[|\r\n]")


def bad_token_error(text: str, start: int, end: int, sp: Spellings = ENGLISH) -> NotationError:
    """Why ``text[start:end]``, a token between separators of cards, is not a card.

    The first character outside the notation is named and located if there
    is one, then a separator of melds, else the token is explained as a card.
    """
    foreign = find_foreign(text, start, end, sp.foreign_but_cr)
    if foreign >= 0:
        elsewhere = _card_elsewhere(text[start:end], sp)
        if elsewhere:
            return notation_error(text, text[start:end], start, elsewhere)
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
    return notation_error(text, token, start, card_token_problem(token, sp))


def parse_cards_span(
    text: str,
    start: int = 0,
    end: int | None = None,
    *,
    max_cards: int | None = None,
    sp: Spellings = ENGLISH,
) -> tuple[Card, ...]:
    """Parse the cards of ``text[start:end]``, reporting positions relative to all of ``text``.

    ``sp`` is the notation to read (English by default).

    Raises:
        NotationError: On the first token that is not a card, or on the
            card beyond ``max_cards`` (the rest is then not read).
    """
    stop = len(text) if end is None else end
    tokens = sp.tokens
    if max_cards is None:
        # Up to the token holding the first character that cannot be in a
        # list of cards, the text is only ASCII letters and digits, suit
        # symbols and separators, so str methods split it at C speed.
        problem = sp.not_card_list.search(text, start, stop)
        cut = stop if problem is None else token_start(text, start, problem.start(), " ,")
        words = text[start:cut].replace(",", " ").split()
        try:
            cards = tuple(map(tokens.__getitem__, words))
        except KeyError:
            # Locate the first bad token, still without a Python loop over the text.
            bad = words.index(next(filterfalse(tokens.__contains__, words)))
            match = next(islice(_CARD_TOKEN.finditer(text, start, cut), bad, None))
            raise bad_token_error(text, match.start(), match.end(), sp) from None
        if problem is not None:
            token = _CARD_TOKEN.match(text, cut, stop)
            assert token is not None
            raise bad_token_error(text, cut, token.end(), sp)
        return cards
    # With a limit, read lazily so that nothing past the limit is looked at.
    read: list[Card] = []
    for match in _CARD_TOKEN.finditer(text, start, stop):
        card = tokens.get(match.group())
        if card is None:
            raise bad_token_error(text, match.start(), match.end(), sp)
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
