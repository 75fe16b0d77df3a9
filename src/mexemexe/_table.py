"""The `Table` value: the melds lying face up, and its notation (RULES.md §0).

A table is written as melds separated by ``|`` or newlines:
``"7H 8H 9H | 7S 7D 7C"``. Whether a table is *valid* depends on the rules, so
that lives on the profile (`Profile.validate_table`); a `Table` only holds cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import chain
from typing import Any, SupportsIndex, overload

import attrs

from ._cards import Card, as_cards
from ._errors import NotationError
from ._notation import format_cards, parse_cards_span

__all__ = ["Meld", "Table", "TableLike", "format_table", "parse_table"]

#: A meld as held in a `Table`: a tuple of cards in the order written.
Meld = tuple[Card, ...]

#: What functions accept as a table: a `Table`, table notation, or a sequence
#: of melds (each a sequence of `Card` or card strings, or a notation string).
TableLike = Any


def _to_melds(value: Any) -> tuple[Meld, ...]:
    if isinstance(value, Table):
        return value.melds
    if isinstance(value, str):
        return parse_table(value).melds
    melds: list[Meld] = []
    for meld in value:
        melds.append(as_cards(meld))
    return tuple(melds)


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
    #: Derived data memoized by the library (a table never changes).
    _memo: dict[Any, Any] = attrs.field(init=False, factory=dict, eq=False, hash=False, repr=False)

    @classmethod
    def parse(cls, text: str) -> Table:
        """Parse table notation; same as `parse_table`.

        Raises:
            NotationError: As `parse_table`.
        """
        return parse_table(text)

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

    def _from_base(self, key: Any) -> tuple[Any, int] | None:
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

    def __reduce__(self) -> tuple[Any, tuple[tuple[Meld, ...]]]:
        # Pickle and copy the melds only: the memo holds object ids, which
        # mean nothing in another process.
        return (Table._trusted, (self.melds,))

    @classmethod
    def coerce(cls, table: TableLike) -> Table:
        """Return ``table`` as a `Table`: accepts a `Table`, notation text or a sequence of melds.

        Raises:
            NotationError: If text in it is not valid notation.
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
        return format_table(self)

    def __repr__(self) -> str:
        return f"Table.parse({format_table(self)!r})"

    def _repr_svg_(self) -> str:
        """A picture for Jupyter (see `mexemexe.render.svg`)."""
        from .render import svg

        return svg.table(self)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        # IPython and hypothesis pretty-printers: show the pasteable repr.
        printer.text(repr(self))


def parse_table(text: str) -> Table:
    """Parse a table: melds separated by ``|`` or newlines, cards as in `parse_cards`.

    Blank lines and a ``|`` at the start or end of a line are ignored; an
    empty meld between two ``|`` is an error.

    Examples:
        >>> parse_table("7H 8H 9H | 7S 7D 7C").melds[1]
        (Card.parse('7S'), Card.parse('7D'), Card.parse('7C'))

    Args:
        text: The table notation. ``""`` is the empty table.

    Returns:
        The `Table`, melds and cards in the order written.

    Raises:
        NotationError: If a token is not a card or a meld between bars is
            empty; the error names the token and its position.
    """
    if not isinstance(text, str):
        raise TypeError(f"parse_table expects a string, got {type(text).__name__}")
    melds: list[Meld] = []
    line_start = 0
    for line in text.split("\n"):
        line_end = line_start + len(line)
        if line.strip():
            seg_start = line_start
            pieces = line.split("|")
            for i, piece in enumerate(pieces):
                seg_end = seg_start + len(piece)
                cards = parse_cards_span(text, seg_start, seg_end)
                if not cards:
                    # A bar at the start or end of a line is tolerated ("| 7H 8H 9H |").
                    if 0 < i < len(pieces) - 1:
                        raise NotationError(
                            text, "", seg_start, "empty meld between '|' separators"
                        )
                else:
                    melds.append(cards)
                seg_start = seg_end + 1
        line_start = line_end + 1
    return Table(melds)


def format_table(table: TableLike, *, unicode: bool = False, sep: str = " | ") -> str:
    r"""Format a table in canonical notation: ``"7H 8H 9H | 7S 7D 7C"``.

    Args:
        table: A `Table` or anything `Table.coerce` accepts.
        unicode: Write suits as ``♠♥♦♣``.
        sep: The separator between melds (``"\n"`` gives one meld per line).

    Returns:
        Text that `parse_table` reads back to an equal table.
    """
    melds = Table.coerce(table).melds
    return sep.join(format_cards(meld, unicode=unicode) for meld in melds)
