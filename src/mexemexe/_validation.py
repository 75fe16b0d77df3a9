"""Table validation with reasons: every meld valid, no card more often than the deck holds."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import attrs

from ._cards import Card
from ._errors import Problem
from ._melds import MeldResult, classify_meld
from ._table import Table, TableLike

if TYPE_CHECKING:
    from ._profiles import Profile

__all__ = ["TableReport", "count_problems", "validate_table"]

#: The most problems `str(TableReport)` lists.
_SHOWN_PROBLEMS = 20


@attrs.frozen(repr=False)
class TableReport:
    """The verdict on a table: truthy iff valid, with every problem found.

    Attributes:
        table: The table checked.
        profile_name: The name of the profile it was checked against.
        melds: One `MeldResult` per meld, in table order.
        problems: Every problem, meld problems carrying their ``meld_index``,
            then card-count problems (``meld_index`` ``None``).
    """

    table: Table
    profile_name: str
    melds: tuple[MeldResult, ...]
    problems: tuple[Problem, ...]

    @property
    def ok(self) -> bool:
        """True iff the table is valid."""
        return not self.problems

    def __bool__(self) -> bool:
        return not self.problems

    def __str__(self) -> str:
        if not self.problems:
            return f"valid {self.profile_name} table: {len(self.melds)} melds, " + (
                "; ".join(str(m) for m in self.melds) if self.melds else "empty"
            )
        count = len(self.problems)
        lines = [f"invalid {self.profile_name} table ({count} problem{'s' if count > 1 else ''}):"]
        # Bounded whatever the table's size; `problems` holds them all.
        lines.extend(f"  - {p}" for p in self.problems[:_SHOWN_PROBLEMS])
        if count > _SHOWN_PROBLEMS:
            lines.append(f"  - and {count - _SHOWN_PROBLEMS} more")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return (
            f"<TableReport {self.profile_name} ok={self.ok} melds={len(self.melds)} "
            f"problems={len(self.problems)}>"
        )


def validate_table(table: TableLike, profile: Profile) -> TableReport:
    """Validate ``table`` under ``profile``: every meld valid and card counts within the deck.

    Args:
        table: A `Table`, table notation, or a sequence of melds.
        profile: The rules.

    Returns:
        A `TableReport`; never raises for an invalid table.

    Raises:
        NotationError: If ``table`` is text that is not valid notation.
    """
    table = Table.coerce(table)
    results = tuple(classify_meld(meld, profile) for meld in table.melds)
    problems: list[Problem] = []
    for i, result in enumerate(results):
        if result.kind is None:
            problems.extend(p.at(i) for p in result.problems)
    problems.extend(count_problems(table.counts(), profile))
    return TableReport(table, profile.name, results, tuple(problems))


def count_problems(counts: Mapping[Card, int], profile: Profile) -> list[Problem]:
    """Problems for cards appearing more often than ``profile``'s deck holds (§0, B1, R1, G1).

    Args:
        counts: A multiset of cards (e.g. a `collections.Counter`).
        profile: The rules, which say how many copies of each card exist.

    Returns:
        One problem per card that has too many copies, in card order.
    """
    out: list[Problem] = []
    decks, jokers = profile.decks, profile.jokers
    over = [c for c, k in counts.items() if k > (jokers if c.rank is None else decks)]
    if not over:
        return out
    rule = profile.section("deck")
    for card in sorted(over):
        have = counts[card]
        allowed = profile.copies(card)
        what = "jokers" if card.rank is None else f"copies of {card}"
        out.append(Problem(f"{have} {what} but the deck holds {allowed}", rule, None, (card,)))
    return out
