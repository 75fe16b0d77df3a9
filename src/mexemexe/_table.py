"""The `Table` value: the melds lying face up, and its notation (RULES.md §0).

A table is written as melds separated by ``|`` or newlines:
``"7H 8H 9H | 7S 7D 7C"``. Whether a table is *valid* depends on the rules, so
that lives on the profile (`Profile.validate_table`); a `Table` only holds cards.

Parsing and formatting are symmetric: a parsed table never holds an empty
meld, and `format_table` refuses a `Table` built with one (an empty meld has
no notation), so ``parse_table(format_table(t)) == t`` whenever
``format_table(t)`` returns.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import chain, filterfalse, islice
from typing import Any, SupportsIndex, TypeAlias, overload

import attrs

from . import _pictures
from ._cards import (
    ENGLISH,
    Card,
    Spellings,
    as_cards,
    bad_token_error,
    check_max_cards,
    find_foreign,
    notation_error,
    spellings,
    token_start,
    too_many_cards_error,
)
from ._errors import NotationError
from ._notation import format_cards
from ._notations import Notation

__all__ = ["Meld", "Table", "TableLike", "format_table", "parse_table"]

#: A meld as held in a `Table`: a tuple of cards in the order written.
Meld = tuple[Card, ...]
#: A value of a table's memo. Several modules (the turn rules, the meld
#: extensions, the bots) keep values of their own kinds there under their own
#: keys, and each reads back, annotated, what it stored: one heterogeneous
#: memo per table, so no one type fits its values.
Memoized: TypeAlias = Any


def _to_melds(value: object) -> tuple[Meld, ...]:
    # The constructor takes any object and checks it here at run time, as
    # `as_cards` checks each meld: callers hand it what they hold, which the
    # type checker cannot always narrow to a `TableLike` first.
    if isinstance(value, Table):
        return value.melds
    if isinstance(value, str):
        return parse_table(value).melds
    if not isinstance(value, Iterable):
        raise TypeError(
            f"a table is a Table, notation text or a sequence of melds, not {type(value).__name__}"
        )
    # An empty meld is kept: the profile's validation reports it as a
    # problem of the proposed table. It has no notation, so `format_table`
    # refuses such a table rather than write text that reads back otherwise.
    return tuple(as_cards(meld) for meld in value)


def _empty_meld_error(melds: Sequence[Meld]) -> NotationError:
    """The error for a table given with an empty meld, quoting the text it would have."""
    written = [format_cards(meld) for meld in melds]
    empty = written.index("")
    position = sum(len(w) + len(" | ") for w in written[:empty])
    return notation_error(
        " | ".join(written),
        "",
        position,
        "a meld holds at least one card: an empty meld has no notation",
    )


@attrs.frozen(repr=False)
class Table(Sequence[Meld]):
    """The melds on the table, each a tuple of `Card` in the order written.

    A `Table` is a sequence of melds: it has a length, can be indexed and iterated.
    It is immutable and hashable; equality compares melds in order.

    Examples:
        >>> t = Table.parse("7H 8H 9H | 7S 7D 7C")
        >>> len(t), str(t[1][0])
        (2, '7S')
        >>> str(t)
        '7H 8H 9H | 7S 7D 7C'

    Attributes:
        melds: The melds, as tuples of cards.
    """

    melds: tuple[Meld, ...] = attrs.field(default=(), converter=_to_melds)
    #: Derived data memoized by the library (a table never changes), by keys
    #: of each module's own (text, or tuples of text and a rules key).
    _memo: dict[object, Memoized] = attrs.field(
        init=False, factory=dict, eq=False, hash=False, repr=False
    )

    @classmethod
    def parse(
        cls, text: str, *, max_cards: int | None = None, notation: str | Notation = "en"
    ) -> Table:
        """Parse table notation; same as `parse_table`.

        Returns:
            The table.

        Raises:
            NotationError: As `parse_table`.
            TypeError: As `parse_table`.
            ValueError: As `parse_table`.
        """
        return parse_table(text, max_cards=max_cards, notation=notation)

    @classmethod
    def _trusted(cls, melds: tuple[Meld, ...]) -> Table:
        """A table from melds that are already tuples of `Card` (no conversion)."""
        table = object.__new__(cls)
        object.__setattr__(table, "melds", melds)
        object.__setattr__(table, "_memo", {})
        return table

    def _with_meld(self, index: int, meld: Meld) -> Table:
        """This table with meld ``index`` replaced by ``meld``, or ``meld`` appended at the length.

        The engines' lay-downs and lay-offs change one meld at a time. The new
        table keeps a link to this one's memo (``memo["base"] = (memo, index)``)
        so data memoized per meld, such as the lay-off extensions, can be
        carried over with only meld ``index`` worked out again. The link is
        one step long: this table's own link is dropped.
        """
        melds = self.melds
        table = Table._trusted((*melds[:index], meld, *melds[index + 1 :]))
        memo = self._memo
        memo.pop("base", None)
        table._memo["base"] = (memo, index)
        return table

    def _from_base(self, key: object) -> tuple[Memoized, int] | None:
        """What the table this one was made from (`_with_meld`) memoized under ``key``.

        Returns:
            That value and the index of the meld that changed, or ``None`` if
            this table was not made so or the other table had no such value.
        """
        base = self._memo.get("base")
        if base is None:
            return None
        found = base[0].get(key)
        return None if found is None else (found, base[1])

    def __reduce__(self) -> tuple[Callable[[tuple[Meld, ...]], Table], tuple[tuple[Meld, ...]]]:
        # Pickle and copy the melds only: the memo holds object ids, which
        # mean nothing in another process. The loader is a module-level
        # function, written by reference by every pickler (cloudpickle copies
        # a bound classmethod by value, which then fails in a fresh process).
        return (_table_from_melds, (self.melds,))

    @classmethod
    def coerce(cls, table: TableLike) -> Table:
        """Return ``table`` as a `Table`: accepts a `Table`, notation text or a sequence of melds.

        Raises:
            NotationError: If text in it is not valid notation, or a meld is empty.
            TypeError: If an element is neither a card nor a string.
        """
        if isinstance(table, Table):
            return table
        return cls(table)

    def cards(self) -> tuple[Card, ...]:
        """Every card on the table, meld after meld."""
        found: tuple[Card, ...] | None = self._memo.get("cards")
        if found is None:
            found = self._memo["cards"] = tuple(chain.from_iterable(self.melds))
        return found

    def counts(self) -> Counter[Card]:
        """The table's cards as a multiset."""
        counts: Counter[Card] = Counter()
        for meld in self.melds:
            counts.update(meld)
        return counts

    @property
    def card_count(self) -> int:
        """How many cards lie on the table (memoized: a table never changes)."""
        count: int | None = self._memo.get("card_count")
        if count is None:
            count = self._memo["card_count"] = sum(map(len, self.melds))
        return count

    def unicode(self) -> str:
        """The table with unicode suits: ``"7♥ 8♥ 9♥ | 7♠ 7♦ 7♣"``."""
        return format_table(self, unicode=True)

    def __len__(self) -> int:
        return len(self.melds)

    @overload
    def __getitem__(self, index: SupportsIndex) -> Meld: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Meld]: ...
    def __getitem__(self, index: SupportsIndex | slice) -> Meld | Sequence[Meld]:
        return self.melds[index]

    def __iter__(self) -> Iterator[Meld]:
        return iter(self.melds)

    def __bool__(self) -> bool:
        return bool(self.melds)

    def __str__(self) -> str:
        if all(self.melds):
            return format_table(self)
        # Display only, so it never raises: an empty meld shows as "()", which
        # `parse_table` refuses (`format_table` refuses to write it at all).
        return " | ".join(format_cards(meld) if meld else "()" for meld in self.melds)

    def __repr__(self) -> str:
        if all(self.melds):
            return f"Table.parse({format_table(self)!r})"
        # An empty meld has no notation: still pasteable, as card strings.
        return f"Table({[tuple(map(str, meld)) for meld in self.melds]!r})"

    def _repr_svg_(self) -> str:
        """A picture for Jupyter, drawn by `mexemexe.render.svg.table`."""
        return _pictures.svg("table", self)

    def _repr_pretty_(self, printer: _pictures.TextPrinter, cycle: bool) -> None:
        # IPython and hypothesis pretty-printers: show the pasteable repr.
        printer.text(repr(self))


def _table_from_melds(melds: tuple[Meld, ...]) -> Table:
    """A table from its melds, as `Table.__reduce__` wrote them (unpickling)."""
    return Table._trusted(melds)


#: What functions accept as a table: a `Table`, table notation, or a sequence
#: of melds (each a sequence of `Card` or card strings, or a notation string).
TableLike: TypeAlias = Table | str | Iterable[Iterable[Card | str] | str]


#: A lexeme of a table: a token (everything between separators), a bar or a
#: line break. Spaces and commas are skipped; a lone carriage return is a
#: lexeme of its own, which is not a card and so is reported. Used to
#: locate errors: on text without foreign characters it gives the lexemes
#: of the fast split in `parse_melds_span`, in the same order.
_TABLE_LEXEME = re.compile(r"[^ ,|\r\n]+|\||\r?\n|\r")

# Each lexeme of a valid table is one character in `Spellings.lexemes`: a
# card as ``chr(0x100 + code)``, a separator of melds as ``"|"``. Mapping the
# lexemes through that dict and joining them runs at C speed, and the
# resulting string has one character per lexeme, so the table's melds are cut
# out of it with string methods instead of a Python loop over the text.
_CARD_OF_CODE: dict[str, Card] = {
    chr(0x100 + card.code): card for card in set(ENGLISH.tokens.values())
}

#: With ``max_cards``, the table is read lexeme by lexeme; then a run of
#: separators is one lexeme, so the lexemes read are bounded by the cards read.
_TABLE_RUN_LEXEME = re.compile(r"[^ ,|\r\n]+|(?:[ ,|]|\r?\n)+|\r")
#: Two bars with nothing but spaces and commas between them: an empty meld.
_EMPTY_MELD = re.compile(r"\|[ ,]*\|")


class _MeldsOfCodes(dict[str, Meld]):
    """The meld of each string of card codes, made once per distinct string."""

    def __missing__(self, codes: str) -> Meld:
        meld = self[codes] = tuple(map(_CARD_OF_CODE.__getitem__, codes))
        return meld


def _lexeme_at(text: str, start: int, end: int, index: int) -> re.Match[str]:
    """The ``index``-th lexeme of ``text[start:end]`` (to locate an error)."""
    return next(islice(_TABLE_LEXEME.finditer(text, start, end), index, None))


def _empty_meld_at(text: str, position: int) -> NotationError:
    return notation_error(
        text,
        "",
        position,
        "empty meld between '|' separators (a meld holds at least one card)",
    )


def parse_melds_span(
    text: str,
    start: int = 0,
    end: int | None = None,
    *,
    max_cards: int | None = None,
    sp: Spellings = ENGLISH,
) -> tuple[Meld, ...]:
    """Parse the melds of ``text[start:end]``, reporting positions relative to all of ``text``.

    ``sp`` is the notation to read (English by default).

    The cost is linear whatever the text: without ``max_cards`` no Python
    code runs per character or per lexeme; with it, the work is bounded by
    the cards read. Positions are found again only to report an error.

    Raises:
        NotationError: As `parse_table`.
    """
    stop = len(text) if end is None else end
    if max_cards is not None:
        return _parse_melds_lazily(text, start, stop, max_cards, sp)
    # Find the first problem that needs no card lookup: a character outside
    # the notation (its whole token is reported) or an empty meld. Before it
    # the text is only ASCII letters and digits, suit symbols and separators,
    # so str methods split it into lexemes at C speed; it is still parsed,
    # to report a bad card there first.
    foreign = find_foreign(text, start, stop, sp.foreign_but_cr)
    if foreign < 0:
        cut = stop
    elif text[foreign] == "\r":
        cut = foreign  # a lone carriage return is a lexeme of its own
    else:
        cut = token_start(text, start, foreign, " ,|\n")
    empty = _EMPTY_MELD.search(text, start, cut)
    if empty is not None:
        cut = empty.start()
    # With empty melds ruled out, a line break separates melds as a bar does
    # ("\r" is whitespace to str.split, and here only ever before "\n").
    spaced = text[start:cut].replace(",", " ").replace("|", " | ").replace("\n", " | ")
    lexemes = spaced.split()
    codes = sp.lexemes
    try:
        structure = "".join(map(codes.__getitem__, lexemes))
    except KeyError:
        bad = lexemes.index(next(filterfalse(codes.__contains__, lexemes)))
        where = _lexeme_at(text, start, cut, bad)
        raise bad_token_error(text, where.start(), where.end(), sp) from None
    if empty is not None:
        raise _empty_meld_at(text, empty.start() + 1)
    if foreign >= 0:
        token = _TABLE_LEXEME.match(text, cut, stop)
        assert token is not None
        raise bad_token_error(text, cut, token.end(), sp)
    melds = _MeldsOfCodes()
    return tuple(map(melds.__getitem__, filter(None, structure.split("|"))))


def _parse_melds_lazily(
    text: str, start: int, stop: int, max_cards: int, sp: Spellings
) -> tuple[Meld, ...]:
    """`parse_melds_span` reading no further than the card beyond ``max_cards``."""
    tokens = sp.tokens
    melds: list[Meld] = []
    meld: list[Card] = []
    count = 0
    for match in _TABLE_RUN_LEXEME.finditer(text, start, stop):
        lexeme = match.group()
        card = tokens.get(lexeme)
        if card is not None:
            if count == max_cards:
                raise too_many_cards_error(text, lexeme, match.start(), max_cards)
            count += 1
            meld.append(card)
        elif lexeme[0] in " ,|\n" or lexeme.startswith("\r\n"):
            if "|" in lexeme or "\n" in lexeme:
                empty = _EMPTY_MELD.search(lexeme)
                if empty is not None:
                    raise _empty_meld_at(text, match.start() + empty.start() + 1)
                if meld:
                    melds.append(tuple(meld))
                    meld = []
        else:
            raise bad_token_error(text, match.start(), match.end(), sp)
    if meld:
        melds.append(tuple(meld))
    return tuple(melds)


def parse_table(
    text: str, *, max_cards: int | None = None, notation: str | Notation = "en"
) -> Table:
    r"""Parse a table: melds separated by ``|`` or newlines, cards as in `parse_cards`.

    Blank lines and a ``|`` at the start or end of a line are ignored; an
    empty meld between two ``|`` is an error. A line break is ``\n`` or
    ``\r\n``; any character outside the notation (a tab, a lone ``\r``,
    ``U+2028`` …) is an error naming it. The cost is linear in the length
    of ``text``, valid or not.

    Examples:
        >>> parse_table("7H 8H 9H | 7S 7D 7C").melds[1]
        (Card.parse('7S'), Card.parse('7D'), Card.parse('7C'))
        >>> parse_table("7C 8C 9C | 7E 7O 7P", notation="pt").melds[1]
        (Card.parse('7S'), Card.parse('7D'), Card.parse('7C'))

    Args:
        text: The table notation. ``""`` is the empty table.
        max_cards: If given, at most this many cards (over all melds) are
            read: a server can cap what untrusted text costs. The text after
            the card beyond the limit is not read at all.
        notation: The notation's name (``"en"``, ``"pt"``, ``"gl"``) or a `Notation`.

    Returns:
        The `Table`, melds and cards in the order written.

    Raises:
        NotationError: If a token is not a card, a character is outside the
            notation, a meld between bars is empty, or there are more than
            ``max_cards`` cards; the error names the token and its position,
            and the notations in which the token is a card. Also if the
            notation is unknown.
        TypeError: If ``text`` is not a string or ``max_cards`` not an int.
        ValueError: If ``max_cards`` is negative.
    """
    if not isinstance(text, str):
        raise TypeError(f"parse_table expects a string, got {type(text).__name__}")
    check_max_cards(max_cards)
    sp = spellings(notation)
    return Table._trusted(parse_melds_span(text, max_cards=max_cards, sp=sp))


def format_table(
    table: TableLike,
    *,
    unicode: bool = False,
    sep: str = " | ",
    notation: str | Notation = "en",
) -> str:
    r"""Format a table in canonical notation: ``"7H 8H 9H | 7S 7D 7C"``.

    Examples:
        >>> format_table("7H 8H 9H | 7S 7D 7C", notation="gl")
        '7C 8C 9C | 7P 7D 7T'

    Args:
        table: A `Table` or anything `Table.coerce` accepts (text in it is
            read as English notation).
        unicode: Write suits as ``♠♥♦♣``.
        sep: The separator between melds (``"\n"`` gives one meld per line):
            spaces and commas around one ``|`` or line breaks.
        notation: The notation to write: ``"en"``, ``"pt"``, ``"gl"`` or a `Notation`.

    Returns:
        Text that `parse_table` reads back to an equal table in the same notation.

    Raises:
        NotationError: If the table has an empty meld (it has no notation:
            a proposal may hold one, which validation reports), ``sep``
            does not separate two melds (the output would not read back as
            the same table), or the notation is unknown.
        TypeError: If ``sep`` is not a string.
    """
    melds = Table.coerce(table).melds
    if sep != " | ":
        _check_meld_separator(sep)
    if not all(melds):
        raise _empty_meld_error(melds)
    return sep.join(format_cards(meld, unicode=unicode, notation=notation) for meld in melds)


def _check_meld_separator(sep: str) -> None:
    if not isinstance(sep, str):
        raise TypeError(f"sep is a string, not {type(sep).__name__}")
    # The separator is right when two melds written with it read back as two.
    try:
        ok = len(parse_melds_span("AS" + sep + "AS")) == 2
    except NotationError:
        ok = False
    if not ok:
        raise notation_error(
            sep, sep, 0, "melds are separated by one '|' or line breaks, with spaces or commas"
        )
