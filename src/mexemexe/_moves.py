"""Moves as values, each with a text form, so a game record is a deal plus a list of moves.

The move says *what* is done; whether it is legal is a question for the
state (`GameState.apply`). Text forms:

=====================  ==========================================
``draw``               `Draw` from the stock
``draw discard``       `Draw` the top of the discard pile (G4)
``pass``               `Pass` (empty stock, R6)
``forfeit``            `Forfeit`: give up the turn, take the penalty (B8, R5)
``play <table>``       `Play`: propose the whole new table (B6, R4)
``meld <cards>``       `LayDown` a new meld from the hand (G4)
``layoff <card> <i>``  `LayOff` a card onto meld ``i`` (G4)
``swap <card> <i>``    `SwapJoker`: take meld ``i``'s joker for the card (G12)
``discard <card>``     `Discard`, ending the turn (G4)
=====================  ==========================================

`Move.parse` reads them (keywords in either ASCII case, extra spaces and
surrounding line breaks allowed; the alphabet of RULES.md §0) and
``str(move)`` writes them canonically.

For clients in other languages a move also has a JSON form (`Move.to_dict`):
``{"format": 1, "kind": "layoff", "card": "7H", "meld_index": 2}``, the kind
being the text form's keyword and each field the move's own, cards in
notation (the package's ``move`` JSON Schema describes it).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from itertools import islice
from typing import ClassVar, Literal

import attrs

from ._cards import (
    CODE,
    Card,
    Suit,
    as_cards,
    find_foreign,
    foreign_char_error,
    notation_error,
    parse_cards_span,
)
from ._errors import IllegalMoveError, NotationError, Problem
from ._kinds import quote
from ._movejson import MoveJSON
from ._notation import format_cards
from ._pictures import TextPrinter
from ._table import Table, TableLike, parse_melds_span

__all__ = [
    "Discard",
    "Draw",
    "Forfeit",
    "LayDown",
    "LayOff",
    "Move",
    "Pass",
    "Play",
    "SwapJoker",
    "parse_move",
]


class Move(MoveJSON):
    """Base class of every move. Moves are immutable values with a text form and a JSON form.

    `to_dict`/`to_json` write a move's JSON, `from_dict`/`from_json` read it
    (see `MoveJSON`).
    """

    __slots__ = ()

    #: The keyword that starts this move's text form.
    keyword: ClassVar[str] = ""
    _registry: ClassVar[dict[str, type[Move]]] = {}

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if cls.keyword:
            Move._registry[cls.keyword] = cls

    @classmethod
    def parse(cls, text: str) -> Move:
        """Parse a move from its text form (``"draw"``, ``"play 7H 8H 9H | 7S 7D 7C"`` …).

        Raises:
            NotationError: If the text is not a move; the message names the bad part.
            TypeError: If ``text`` is not a string.
        """
        return parse_move(text)

    @classmethod
    def _from_args(cls, text: str, args: str, offset: int) -> Move:
        """Build the move from ``args``, the text after the keyword.

        ``args`` is ``text[offset:end]``, with the trailing spaces and line
        breaks of ``text`` left out; errors give positions in ``text``.
        """
        raise NotImplementedError  # pragma: no cover

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    def _repr_pretty_(self, printer: TextPrinter, cycle: bool) -> None:
        printer.text(repr(self))

    def to_text(self) -> str:
        """The canonical text form (same as ``str(move)``)."""
        return str(self)

    @classmethod
    def _kinds(cls) -> Mapping[str, type[MoveJSON]]:
        return Move._registry


#: A word of a move: what lies between spaces and line breaks.
_WORD = re.compile(r"[^ \r\n]+")

#: A meld number: ASCII digits only (``"²".isdigit()`` is true, but ``int``
#: refuses it), and few of them, so ``int`` never meets Python's limit on
#: the digits it converts and the number stays a sane index.
MAX_MELD_NUMBER_DIGITS = 6
_MELD_NUMBER = re.compile(f"[0-9]{{1,{MAX_MELD_NUMBER_DIGITS}}}")


def parse_move(text: str) -> Move:
    """Parse a move from its text form; see `Move` for the forms.

    Keywords are read in either ASCII case; spaces and line breaks around the
    move are ignored. The characters are those of the card notation
    (RULES.md §0); anything else is an error naming it. The cost is linear in
    the length of ``text``.

    Examples:
        >>> parse_move("PLAY 7h 8h 9h")
        Move.parse('play 7H 8H 9H')

    Raises:
        NotationError: If the text is not a move; the message names the bad
            part and its position.
        TypeError: If ``text`` is not a string.
    """
    if not isinstance(text, str):
        raise TypeError(f"parse_move expects a string, got {type(text).__name__}")
    # Checked once for the whole text, so every later step (lower-casing
    # keywords, reading digits) only ever sees ASCII and the suit symbols.
    foreign = find_foreign(text)
    if foreign >= 0:
        raise foreign_char_error(text, foreign)
    end = len(text.rstrip(" \r\n"))
    first = _WORD.search(text, 0, end)
    keyword = first.group() if first is not None else ""
    cls = Move._registry.get(keyword.lower())
    if cls is None:
        known = ", ".join(sorted(Move._registry))
        position = first.start() if first is not None else end
        raise notation_error(text, keyword, position, f"unknown move (expected one of: {known})")
    assert first is not None
    return cls._from_args(text, text[first.end() : end], first.end())


def _words(args: str, offset: int, most: int) -> list[tuple[str, int]]:
    """The first ``most`` words of ``args`` with their positions in the whole text.

    Only as many words as a move can take (plus one, to report it) are
    looked at, so a long tail costs nothing.
    """
    return [(m.group(), offset + m.start()) for m in islice(_WORD.finditer(args), most)]


def _table(value: TableLike) -> Table:
    return Table.coerce(value)


def _no_args(text: str, args: str, offset: int, keyword: str) -> None:
    for word, position in _words(args, offset, 1):
        raise notation_error(text, word, position, f"'{keyword}' takes nothing after it")


def _card_at(text: str, word: str, position: int) -> Card:
    """``word`` (at ``position`` in ``text``) as a card, errors located in ``text``."""
    try:
        return Card.parse(word)
    except NotationError as err:
        raise notation_error(text, err.token, position + err.position, err.reason) from None


def _meld_index(rule: str) -> Callable[[Move, attrs.Attribute[int], object], None]:
    """A validator: a meld index counts from 0, else an `IllegalMoveError` citing ``rule``.

    It is also at most what the notation can write (`MAX_MELD_NUMBER_DIGITS`),
    so that every move has a text form that reads back.
    """

    def check(instance: Move, attribute: attrs.Attribute[int], value: object) -> None:
        if (
            isinstance(value, bool)
            or not isinstance(value, int)
            or not 0 <= value < 10**MAX_MELD_NUMBER_DIGITS
        ):
            raise IllegalMoveError(
                f"{instance.keyword} onto meld {quote(value)}",
                [
                    Problem(
                        "melds on the table are counted from 0, "
                        f"with at most {MAX_MELD_NUMBER_DIGITS} digits",
                        rule,
                    )
                ],
            )

    return check


def _draw_source(instance: Move, attribute: attrs.Attribute[str], value: object) -> None:
    if value not in ("stock", "discard"):
        raise IllegalMoveError(
            f"draw from {value!r}",
            [Problem("cards are drawn from the stock or the discard pile", "G4")],
        )


@attrs.frozen(repr=False)
class Draw(Move):
    """Draw one card: from the stock, or (discard games, G4) the top of the discard pile.

    Attributes:
        source: ``"stock"`` or ``"discard"``.
    """

    keyword: ClassVar[str] = "draw"
    _json_fields: ClassVar[dict[str, type | tuple[type, ...]]] = {"source": str}
    source: Literal["stock", "discard"] = attrs.field(default="stock", validator=_draw_source)

    @classmethod
    def _from_args(cls, text: str, args: str, offset: int) -> Move:
        words = _words(args, offset, 2)
        if not words:
            return cls()
        word, position = words[0]
        if len(words) > 1 or word.lower() not in ("stock", "discard"):
            raise notation_error(
                text, args.strip(" \r\n"), position, "draw from 'stock' or 'discard'"
            )
        return cls("stock" if word.lower() == "stock" else "discard")

    def __str__(self) -> str:
        return "draw" if self.source == "stock" else "draw discard"


@attrs.frozen(repr=False)
class Pass(Move):
    """Pass the turn without drawing: only with an empty stock where the profile allows it (R6)."""

    keyword: ClassVar[str] = "pass"

    @classmethod
    def _from_args(cls, text: str, args: str, offset: int) -> Move:
        _no_args(text, args, offset, "pass")
        return cls()

    def __str__(self) -> str:
        return "pass"


@attrs.frozen(repr=False)
class Forfeit(Move):
    """Give up the turn (a failed or timed-out play): draw the profile's penalty cards (B8, R5)."""

    keyword: ClassVar[str] = "forfeit"

    @classmethod
    def _from_args(cls, text: str, args: str, offset: int) -> Move:
        _no_args(text, args, offset, "forfeit")
        return cls()

    def __str__(self) -> str:
        return "forfeit"


@attrs.frozen(repr=False)
class Play(Move):
    """Propose a whole new table: the old table's cards plus at least one from the hand (B6, R4).

    Attributes:
        table: The proposed table (anything `Table.coerce` accepts).
    """

    keyword: ClassVar[str] = "play"
    _json_fields: ClassVar[dict[str, type | tuple[type, ...]]] = {"table": list}
    table: Table = attrs.field(converter=_table)

    @classmethod
    def _from_args(cls, text: str, args: str, offset: int) -> Move:
        melds = parse_melds_span(text, offset, offset + len(args))
        if not melds:
            raise notation_error(text, "", offset, "'play' needs the new table after it")
        return cls(Table._trusted(melds))

    def __str__(self) -> str:
        return f"play {self.table}"


def _sorted_cards(value: Iterable[Card | str] | str) -> tuple[Card, ...]:
    return tuple(sorted(as_cards(value), key=CODE))


def _card(value: Card | str) -> Card:
    return value if isinstance(value, Card) else Card.parse(value)


def _card_and_index(text: str, args: str, offset: int, keyword: str) -> tuple[Card, int]:
    words = _words(args, offset, 3)
    if len(words) != 2:
        position = words[0][1] if words else offset
        raise notation_error(
            text, args.strip(" \r\n"), position, f"'{keyword}' takes a card and a meld number"
        )
    (card_word, card_at), (number, number_at) = words
    card = _card_at(text, card_word, card_at)
    if not _MELD_NUMBER.fullmatch(number):
        foreign = re.search(r"[^0-9]", number)
        reason = (
            f"a meld number has at most {MAX_MELD_NUMBER_DIGITS} digits"
            if foreign is None
            else "a meld number is 0, 1, 2 … (ASCII digits)"
        )
        raise notation_error(text, number, number_at, reason)
    return card, int(number)


@attrs.frozen(repr=False)
class LayDown(Move):
    """Lay down a new meld from the hand (G4 step 2). Text: ``meld 7H 8H 9H``.

    The cards are kept sorted, so two moves laying down the same cards are equal;
    the meld goes on the table in its canonical order.

    Attributes:
        cards: The meld's cards.
    """

    keyword: ClassVar[str] = "meld"
    _json_fields: ClassVar[dict[str, type | tuple[type, ...]]] = {"cards": str}
    cards: tuple[Card, ...] = attrs.field(converter=_sorted_cards)

    @classmethod
    def _from_args(cls, text: str, args: str, offset: int) -> Move:
        cards = parse_cards_span(text, offset, offset + len(args))
        if not cards:
            raise notation_error(text, "", offset, "'meld' needs the meld's cards after it")
        return cls(cards)

    def __str__(self) -> str:
        return "meld " + format_cards(self.cards)


@attrs.frozen(repr=False)
class LayOff(Move):
    """Add one card from the hand to a meld on the table (G4 step 2). Text: ``layoff 7H 2``.

    Attributes:
        card: The card.
        meld_index: The meld on the table, counted from 0.
    """

    keyword: ClassVar[str] = "layoff"
    _json_fields: ClassVar[dict[str, type | tuple[type, ...]]] = {"card": str, "meld_index": int}
    card: Card = attrs.field(converter=_card)
    meld_index: int = attrs.field(validator=_meld_index("G4"))

    @classmethod
    def _from_args(cls, text: str, args: str, offset: int) -> Move:
        return cls(*_card_and_index(text, args, offset, "layoff"))

    def __str__(self) -> str:
        return f"layoff {self.card} {self.meld_index}"


@attrs.frozen(repr=False)
class SwapJoker(Move):
    """Exchange a table joker for the natural card it stands for (G12). Text: ``swap 7H 2``.

    Attributes:
        card: The natural card from the hand, the one the joker stands for.
        meld_index: The meld holding the joker.
    """

    keyword: ClassVar[str] = "swap"
    _json_fields: ClassVar[dict[str, type | tuple[type, ...]]] = {"card": str, "meld_index": int}
    card: Card = attrs.field(converter=_card)
    meld_index: int = attrs.field(validator=_meld_index("G12"))

    @classmethod
    def _from_args(cls, text: str, args: str, offset: int) -> Move:
        return cls(*_card_and_index(text, args, offset, "swap"))

    def __str__(self) -> str:
        return f"swap {self.card} {self.meld_index}"


def _optional_suit(value: Suit | str | None) -> Suit | None:
    if value is None or isinstance(value, Suit):
        return value
    return Suit.parse(value)


@attrs.frozen(repr=False)
class Discard(Move):
    """Discard one card, ending the turn (G4 step 3; M2).

    Text: ``discard 7H``; in Mau-Mau also ``discard JH S`` (a Jack naming the
    suit to follow, M6) and ``discard 7H announce`` (the last-card
    announcement, M4).

    Attributes:
        card: The card to discard.
        suit: The suit a Jack names (Mau-Mau, M6), else ``None``.
        announce: Whether the player announces the last card (Mau-Mau, M4).
    """

    keyword: ClassVar[str] = "discard"
    _json_fields: ClassVar[dict[str, type | tuple[type, ...]]] = {
        "card": str,
        "suit": (str, type(None)),
        "announce": bool,
    }
    card: Card = attrs.field(converter=_card)
    suit: Suit | None = attrs.field(default=None, converter=_optional_suit)
    announce: bool = False

    @classmethod
    def _from_args(cls, text: str, args: str, offset: int) -> Move:
        words = _words(args, offset, 4)
        if not words:
            raise notation_error(text, "", offset, "'discard' needs a card")
        card = _card_at(text, *words[0])
        suit: Suit | None = None
        announce = False
        for word, where in words[1:]:
            if word.lower() == "announce" and not announce:
                announce = True
            elif suit is None and not announce:
                try:
                    suit = Suit.parse(word)
                except NotationError:
                    raise notation_error(
                        text,
                        word,
                        where,
                        "after the card: a suit to name (S, H, D, C) or 'announce'",
                    ) from None
            else:
                raise notation_error(text, word, where, "unexpected word after the discard")
        return cls(card, suit, announce)

    def __str__(self) -> str:
        text = f"discard {self.card}"
        if self.suit is not None:
            text += f" {self.suit.value}"
        if self.announce:
            text += " announce"
        return text
