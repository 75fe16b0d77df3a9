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

`Move.parse` reads them (case-insensitive, extra spaces allowed) and
``str(move)`` writes them canonically.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

import attrs

from ._cards import CODE, Card, Suit, as_cards
from ._errors import IllegalMoveError, NotationError, Problem
from ._notation import format_cards, parse_cards_span
from ._table import Table

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


class Move:
    """Base class of every move. Moves are immutable values with a text form."""

    __slots__ = ()

    #: The keyword that starts this move's text form.
    keyword: ClassVar[str] = ""
    _registry: ClassVar[dict[str, type[Move]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.keyword:
            Move._registry[cls.keyword] = cls

    @classmethod
    def parse(cls, text: str) -> Move:
        """Parse a move from its text form (``"draw"``, ``"play 7H 8H 9H | 7S 7D 7C"`` …).

        Raises:
            NotationError: If the text is not a move; the message names the bad part.
        """
        return parse_move(text)

    @classmethod
    def _from_args(cls, text: str, args: str, offset: int) -> Move:
        raise NotImplementedError  # pragma: no cover

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(repr(self))

    def to_text(self) -> str:
        """The canonical text form (same as ``str(move)``)."""
        return str(self)


def parse_move(text: str) -> Move:
    """Parse a move from its text form; see `Move` for the forms.

    Examples:
        >>> parse_move("PLAY 7h 8h 9h")
        Move.parse('play 7H 8H 9H')

    Raises:
        NotationError: If the text is not a move.
    """
    if not isinstance(text, str):
        raise TypeError(f"parse_move expects a string, got {type(text).__name__}")
    stripped = text.lstrip()
    offset = len(text) - len(stripped)
    keyword, _, rest = stripped.partition(" ")
    cls = Move._registry.get(keyword.lower())
    if cls is None:
        known = ", ".join(sorted(Move._registry))
        raise NotationError(text, keyword, offset, f"unknown move (expected one of: {known})")
    return cls._from_args(text, rest, offset + len(keyword) + 1)


def _table(value: Any) -> Table:
    return Table.coerce(value)


def _no_args(text: str, args: str, offset: int, keyword: str) -> None:
    if args.strip():
        raise NotationError(
            text,
            args.strip(),
            offset + args.find(args.strip()),
            f"'{keyword}' takes nothing after it",
        )


def _meld_index(rule: str) -> Any:
    """A validator: a meld index counts from 0, else an `IllegalMoveError` citing ``rule``."""

    def check(instance: Any, attribute: attrs.Attribute[int], value: Any) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise IllegalMoveError(
                f"{instance.keyword} onto meld {value!r}",
                [Problem("melds on the table are counted from 0", rule)],
            )

    return check


def _draw_source(instance: Any, attribute: attrs.Attribute[str], value: Any) -> None:
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
    source: Literal["stock", "discard"] = attrs.field(default="stock", validator=_draw_source)

    @classmethod
    def _from_args(cls, text: str, args: str, offset: int) -> Move:
        word = args.strip().lower()
        if word in ("", "stock"):
            return cls()
        if word == "discard":
            return cls("discard")
        raise NotationError(text, args.strip(), offset, "draw from 'stock' or 'discard'")

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
    table: Table = attrs.field(converter=_table)

    @classmethod
    def _from_args(cls, text: str, args: str, offset: int) -> Move:
        try:
            table = Table.parse(args)
        except NotationError as err:
            raise NotationError(text, err.token, offset + err.position, err.reason) from None
        if not table:
            raise NotationError(text, "", offset, "'play' needs the new table after it")
        return cls(table)

    def __str__(self) -> str:
        return f"play {self.table}"


def _sorted_cards(value: Any) -> tuple[Card, ...]:
    return tuple(sorted(as_cards(value), key=CODE))


def _card(value: Any) -> Card:
    return value if isinstance(value, Card) else Card.parse(value)


def _card_and_index(text: str, args: str, offset: int, keyword: str) -> tuple[Card, int]:
    parts = args.split()
    if len(parts) != 2:
        raise NotationError(
            text, args.strip(), offset, f"'{keyword}' takes a card and a meld number"
        )
    try:
        card = Card.parse(parts[0])
    except NotationError as err:
        raise NotationError(text, parts[0], offset + args.find(parts[0]), err.reason) from None
    if not parts[1].isdigit():
        raise NotationError(
            text, parts[1], offset + args.rfind(parts[1]), "a meld number is 0, 1, 2 …"
        )
    return card, int(parts[1])


@attrs.frozen(repr=False)
class LayDown(Move):
    """Lay down a new meld from the hand (G4 step 2). Text: ``meld 7H 8H 9H``.

    The cards are kept sorted, so two moves laying down the same cards are equal;
    the meld goes on the table in its canonical order.

    Attributes:
        cards: The meld's cards.
    """

    keyword: ClassVar[str] = "meld"
    cards: tuple[Card, ...] = attrs.field(converter=_sorted_cards)

    @classmethod
    def _from_args(cls, text: str, args: str, offset: int) -> Move:
        cards = parse_cards_span(text, offset) if args.strip() else ()
        if not cards:
            raise NotationError(text, "", offset, "'meld' needs the meld's cards after it")
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
    card: Card = attrs.field(converter=_card)
    meld_index: int = attrs.field(validator=_meld_index("G12"))

    @classmethod
    def _from_args(cls, text: str, args: str, offset: int) -> Move:
        return cls(*_card_and_index(text, args, offset, "swap"))

    def __str__(self) -> str:
        return f"swap {self.card} {self.meld_index}"


def _optional_suit(value: Any) -> Suit | None:
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
    card: Card = attrs.field(converter=_card)
    suit: Suit | None = attrs.field(default=None, converter=_optional_suit)
    announce: bool = False

    @classmethod
    def _from_args(cls, text: str, args: str, offset: int) -> Move:
        words = args.split()
        if not words:
            raise NotationError(text, "", offset, "'discard' needs a card")
        try:
            card = Card.parse(words[0])
        except NotationError as err:
            raise NotationError(text, words[0], offset + args.find(words[0]), err.reason) from None
        suit: Suit | None = None
        announce = False
        for word in words[1:]:
            where = offset + args.find(word)
            if word.lower() == "announce" and not announce:
                announce = True
            elif suit is None and not announce:
                try:
                    suit = Suit.parse(word)
                except NotationError:
                    raise NotationError(
                        text,
                        word,
                        where,
                        "after the card: a suit to name (S, H, D, C) or 'announce'",
                    ) from None
            else:
                raise NotationError(text, word, where, "unexpected word after the discard")
        return cls(card, suit, announce)

    def __str__(self) -> str:
        text = f"discard {self.card}"
        if self.suit is not None:
            text += f" {self.suit.value}"
        if self.announce:
            text += " announce"
        return text
