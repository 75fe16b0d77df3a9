"""The move helpers' rules: a meld or a lay-off as a whole new table, and the playable cards.

An app on a shared table (B6, R4) should not have to send the whole new
table to lay down one meld or add one card to a meld: `table_after` turns a
`LayDown` or a `LayOff` into the table the equivalent `Play` proposes (the
old table's melds kept as they are, the new meld appended or meld ``i``
grown), and the shared-table engine checks that play exactly as any other.

`playable_without_rearranging` answers, without any search, which hand
cards some play that keeps every table meld (growing some, adding new ones)
can put on the table this turn, under the opening rules (R4) and, in a
discard game, the end-of-turn rules (G5, G12). The search for the cards that
only a rearrangement places lives above the state layer (`mexemexe._hints`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from .._cards import _BY_CODE, CODE, JOKER, Card
from .._errors import IllegalMoveError, Problem
from .._meld_finder import find_melds
from .._melds import classify_meld
from .._moves import LayDown, LayOff, SwapJoker
from .._multiset import cards_without
from .._table import Meld, Table
from .discard import can_finish

if TYPE_CHECKING:
    from .._profiles import Profile
    from .._state import GameState, PlayerView

__all__ = ["cards_of", "needs_search", "playable_without_rearranging", "table_after"]


def table_after(state: GameState, move: LayDown | LayOff) -> Table:
    """The whole new table a `LayDown` or `LayOff` proposes on a shared table (B6, R4).

    The old melds stay as they are (the very objects); a new meld is
    appended, or the card joins meld ``move.meld_index``. A valid meld is
    written in its canonical order; an invalid one as given, so that the
    check of the play names its problem at its place.

    Raises:
        IllegalMoveError: If the lay-off names a meld the table does not have.
    """
    table = state.table
    rules = state.profile
    if isinstance(move, LayDown):
        return table._with_meld(len(table.melds), _written(move.cards, rules))
    index = move.meld_index
    if index >= len(table.melds):
        raise IllegalMoveError(
            f"cannot {move}",
            [
                Problem(
                    f"there is no meld {index} (the table has {len(table.melds)}, counted from 0)",
                    rules.section("play"),
                )
            ],
        )
    return table._with_meld(index, _written((*table.melds[index], move.card), rules))


def _written(cards: tuple[Card, ...], profile: Profile) -> Meld:
    """``cards`` in their canonical order if they are a valid meld, else as given."""
    result = classify_meld(cards, profile)
    return result.canonical if result.kind is not None else cards


def playable_without_rearranging(view: PlayerView) -> frozenset[int]:
    """The codes of the hand cards a play keeping every table meld can place this turn.

    Such a play lays down new melds from the hand and grows table melds with
    hand cards (B6, R4, G4). A card counts if one such play holds it:

    * a new meld from the hand that holds it (`find_melds`);
    * a table meld grown by hand cards, one of them this card (only where the
      player may use the table: `Profile.may_use_table`);
    * under an opening minimum (`Profile.opening_need`), only a play worth
      it: before a classic initial meld (new melds only) the richest set of
      new melds holding the card is weighed exactly; with the table usable
      too, one meld or one grown meld must reach the minimum by itself, and
      `mexemexe._hints` searches for the rest;
    * in a discard game (G4) the turn must still be able to end after the
      card is placed (G5, G12: `can_finish`), and a joker exchange places
      its natural card (the cards a won joker would place are left to no
      one: see `needs_search`).

    In a discard game's draw phase the answer is about the hand as it
    stands (a draw only adds cards).
    """
    profile = view.profile
    hand = view.hand
    opened = view.opened[view.player]
    need = profile.opening_need(opened)
    use_table = profile.may_use_table(opened)
    discard = view.phase != "play"
    if need and not use_table:
        return frozenset(_opening_cards(hand, profile, need))
    found: set[int] = set()
    for placed, table in _placements(view, use_table):
        codes = set(map(CODE, placed))
        if codes <= found:
            continue
        if need and profile.hand_points(placed) < need:
            continue
        if discard and not _can_end(view, placed, table):
            continue
        found |= codes
    if discard and view.phase == "meld":
        for move in view.legal_moves():
            if isinstance(move, SwapJoker):
                found.add(move.card.code)
    return frozenset(found)


def needs_search(view: PlayerView, found: frozenset[int]) -> bool:
    """Whether cards the hand holds beyond ``found`` might still be placed by another play.

    On a shared table a rearrangement might (B6, R4), unless the player may
    only lay down new melds from the hand (the classic initial meld), which
    `playable_without_rearranging` weighs exactly. In a discard game no play
    rearranges, but a joker won by an exchange (G12) might meld other cards.
    """
    if all(card.code in found for card in view.hand):
        return False
    profile = view.profile
    if view.phase == "play":
        return profile.may_use_table(view.opened[view.player])
    return view.phase == "meld" and any(isinstance(m, SwapJoker) for m in view.legal_moves())


def _placements(view: PlayerView, use_table: bool) -> Iterable[tuple[tuple[Card, ...], Table]]:
    """Each set of hand cards one new meld or one grown meld places, with the table after."""
    profile = view.profile
    hand = view.hand
    table = view.table
    for meld in find_melds(hand, profile):
        yield meld, table._with_meld(len(table.melds), meld)
    if not use_table:
        return
    for index, meld in enumerate(table.melds):
        for added, grown in _growths(meld, hand, profile):
            yield added, table._with_meld(index, grown)


def _growths(
    meld: Meld, hand: tuple[Card, ...], profile: Profile
) -> Iterable[tuple[tuple[Card, ...], Meld]]:
    """Every way hand cards grow ``meld`` one card at a time, each step a valid meld.

    Yields the hand cards added (sorted) and the grown meld, each multiset
    once. A meld only grows by cards of its suit or rank, or jokers, so
    only those are tried.
    """
    naturals = [card for card in meld if card != JOKER]
    suits = {card.suit for card in naturals}
    ranks = {card.rank for card in naturals}
    useful = tuple(c for c in hand if c == JOKER or c.suit in suits or c.rank in ranks)
    seen: set[tuple[int, ...]] = set()
    todo: list[tuple[tuple[Card, ...], tuple[Card, ...], Meld]] = [((), useful, meld)]
    while todo:
        added, left, current = todo.pop()
        tried: set[int] = set()
        for i, card in enumerate(left):
            if card.code in tried:
                continue
            tried.add(card.code)
            result = classify_meld((*current, card), profile)
            if result.kind is None:
                continue
            now = tuple(sorted((*added, card), key=CODE))
            key = tuple(map(CODE, now))
            if key in seen:
                continue
            seen.add(key)
            grown = result.canonical
            yield now, grown
            todo.append((now, (*left[:i], *left[i + 1 :]), grown))


def _can_end(view: PlayerView, placed: tuple[Card, ...], table: Table) -> bool:
    """Whether a discard turn can still end once ``placed`` is on ``table`` (G4, G5, G12)."""
    rest = cards_without(view.hand, placed)
    assert rest is not None  # the placements take hand cards only
    owed = max(0, view.jokers_owed - placed.count(JOKER))
    return not rest or can_finish(rest, table, owed, view.taken, view.profile)


def _opening_cards(hand: tuple[Card, ...], profile: Profile, need: int) -> set[int]:
    """The codes of the cards some set of new melds worth ``need`` points holds (R4).

    For each meld the hand can make, the richest set of other melds from
    what is left (`_richest`) tells whether a play holding it reaches the
    minimum.
    """
    found: set[int] = set()
    memo: dict[tuple[int, ...], int] = {}
    for meld in find_melds(hand, profile):
        codes = set(map(CODE, meld))
        if codes <= found:
            continue
        rest = cards_without(hand, meld)
        assert rest is not None
        if profile.hand_points(meld) + _richest(rest, profile, memo) >= need:
            found |= codes
    return found


def _richest(cards: tuple[Card, ...], profile: Profile, memo: dict[tuple[int, ...], int]) -> int:
    """The most points a set of disjoint new melds from ``cards`` holds (memoized)."""
    key = tuple(map(CODE, cards))
    known = memo.get(key)
    if known is not None:
        return known
    best = 0
    melds = find_melds(cards, profile)
    if melds:
        # The first card of any meld is either in the set or not.
        first = melds[-1][0] if melds[-1][0] != JOKER else melds[-1][-1]
        without = cards_without(cards, (first,))
        assert without is not None
        best = _richest(without, profile, memo)
        for meld in melds:
            if first in meld:
                rest = cards_without(cards, meld)
                assert rest is not None
                best = max(best, profile.hand_points(meld) + _richest(rest, profile, memo))
    memo[key] = best
    return best


def cards_of(codes: Iterable[int]) -> tuple[Card, ...]:
    """Cards of ``codes``, sorted."""
    return tuple(_BY_CODE[code] for code in sorted(codes))
