"""Table validation with reasons: every meld valid, no card more often than the deck holds.

Under ``repeated_suits="later_turn"`` (B5, rule 20) a group may hold a suit
twice where it extends a group of the table at the start of the turn
(`repeated_verdict`): the one rule whose verdict depends on more than the
meld itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import attrs

from ._cards import _SUITS, JOKER_CODE, Card
from ._errors import Problem
from ._melds import MeldKind, MeldResult, classify_meld
from ._table import Table, TableLike

if TYPE_CHECKING:
    from ._profiles import Profile

__all__ = [
    "REPEAT_RULE",
    "TableReport",
    "anchor_suits",
    "count_problems",
    "repeated_verdict",
    "validate_table",
]

#: The section of the repeated suit's rule (rule 20 of the Brazilian seed).
REPEAT_RULE = "B5"

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


def validate_table(
    table: TableLike, profile: Profile, *, start: TableLike | None = None
) -> TableReport:
    """Validate ``table`` under ``profile``: every meld valid and card counts within the deck.

    Under ``repeated_suits="later_turn"`` (B5) a group of naturals of one
    rank holding a suit twice (each suit at most twice, so at most 8 cards)
    is valid:

    * with ``start`` (the table at the start of the turn), iff ``start``
      has a group of that rank, with distinct suits or itself holding a suit
      twice, all of whose cards (by value: the two copies of a card are
      alike) are in it: the strict rule that a turn's play follows;
    * with ``start=None`` (a table on its own, say one read from JSON), iff
      it holds at least ``min_group_size`` (3) distinct suits: it could have
      grown from a group laid down on an earlier turn.

    Under ``"never"`` ``start`` changes nothing.

    Args:
        table: A `Table`, table notation, or a sequence of melds.
        profile: The rules.
        start: The table at the start of the turn (a `Table`, notation, or
            melds), or ``None``.

    Returns:
        A `TableReport`; never raises for an invalid table.

    Raises:
        NotationError: If ``table`` or ``start`` is text that is not valid notation.
    """
    table = Table.coerce(table)
    results = tuple(classify_meld(meld, profile) for meld in table.melds)
    if profile.repeated_suits == "later_turn" and not all(results):
        before = None if start is None else Table.coerce(start)
        results = tuple(
            result if result else _or(repeated_verdict(meld, profile, before), result)
            for meld, result in zip(table.melds, results, strict=True)
        )
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


def _or(verdict: MeldResult | None, result: MeldResult) -> MeldResult:
    """``verdict``, or ``result`` where there is none (a `MeldResult` is falsy when invalid)."""
    return result if verdict is None else verdict


def _suit_counts(cards: tuple[Card, ...]) -> tuple[int, list[int]] | None:
    """``(rank, copies per suit)`` of naturals of one rank, else ``None``."""
    if not cards:
        return None
    rank = cards[0].code >> 2
    held = [0, 0, 0, 0]
    for card in cards:
        code = card.code
        if code == JOKER_CODE or code >> 2 != rank:
            return None
        held[code & 3] += 1
    return rank, held


def _standalone(held: list[int], profile: Profile) -> bool:
    """Whether suit counts ``held`` make a group holding a suit twice valid on its own (B5)."""
    suits = 4 - held.count(0)
    return max(held) <= 2 and suits >= profile.min_group_size


def anchor_suits(meld: tuple[Card, ...], rank: int, profile: Profile) -> list[int] | None:
    """A start-of-turn meld's suit counts if it is a group of ``rank`` (B5's anchor), else None.

    A valid group (distinct suits), or one holding a suit twice that is
    valid on its own (`_standalone`).
    """
    found = _suit_counts(meld)
    if found is None or found[0] != rank:
        return None
    held = found[1]
    if max(held) == 1 and classify_meld(meld, profile):
        return held
    if max(held) == 2 and _standalone(held, profile):
        return held
    return None


def repeated_verdict(
    meld: tuple[Card, ...], profile: Profile, start: Table | None
) -> MeldResult | None:
    """B5 ``"later_turn"``: the verdict on a group holding a suit twice, or ``None`` if it is none.

    ``None`` unless ``meld`` is naturals of one rank holding a suit twice
    (`classify_meld`'s verdict then stands). Otherwise a valid `MeldResult`
    (a group, sorted by code) when `validate_table`'s rule accepts it
    against ``start`` (``None``: the table on its own), else an invalid one
    whose problem cites B5.
    """
    found = _suit_counts(meld)
    if found is None or max(found[1]) < 2:
        return None
    rank, held = found
    twice = " ".join(_SUITS[s].unicode for s in range(4) if held[s] >= 2)
    if max(held) > 2:
        why = "a group holds a suit at most twice (two decks)"
    elif start is None:
        if _standalone(held, profile):
            return _accepted(meld)
        why = (
            f"a group holding a suit twice needs at least {profile.min_group_size} distinct "
            "suits (it extends a group laid down on an earlier turn)"
        )
    else:
        for other in start.melds:
            anchor = anchor_suits(other, rank, profile)
            if anchor is not None and all(map(int.__le__, anchor, held)):
                return _accepted(meld)
        why = (
            "a suit may repeat only in a group that holds every card of a group of its rank "
            "on the table at the start of the turn"
        )
    problem = Problem(f"group repeats suit {twice}: {why}", REPEAT_RULE, None, meld)
    return MeldResult(meld, None, problems=(problem,))


def _accepted(meld: tuple[Card, ...]) -> MeldResult:
    """The valid verdict on a group holding a suit twice: its cards as they are, sorted by code."""
    order = tuple(sorted(range(len(meld)), key=lambda i: meld[i].code))
    return MeldResult(meld, MeldKind.GROUP, meld, order)
