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
from .._moves import LayDown, LayOff
from .._multiset import cards_without
from .._table import Meld, Table
from .._validation import repeated_verdict
from .discard import can_finish, joker_exchanges

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
                    f"there is no meld {index} (the table has {len(table.melds)})",
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
      card is placed (G5, G12: `can_finish`); a joker exchange places its
      natural card, and the joker it wins may place more (G12).

    In a discard game's draw phase the answer is about the hand as it
    stands (a draw only adds cards).
    """
    profile = view.profile
    hand = view.hand
    if view.phase != "play":
        held = {card.code for card in hand}
        found = _discard_playable(hand, view.table, view.jokers_owed, view.taken, profile)
        return frozenset(found & held)
    opened = view.opened[view.player]
    need = profile.opening_need(opened)
    use_table = profile.may_use_table(opened)
    if need and not use_table:
        return frozenset(_opening_cards(hand, profile, need))
    placed_codes: set[int] = set()
    for placed, _ in _placements(hand, view.table, profile, use_table):
        codes = set(map(CODE, placed))
        if codes <= placed_codes or (need and profile.hand_points(placed) < need):
            continue
        placed_codes |= codes
    return frozenset(placed_codes)


def needs_search(view: PlayerView, found: frozenset[int]) -> bool:
    """Whether cards the hand holds beyond ``found`` might still be placed by another play.

    On a shared table a rearrangement might (B6, R4), unless the player may
    only lay down new melds from the hand (the classic initial meld), which
    `playable_without_rearranging` weighs exactly. A discard game never
    rearranges (G4): its answer is exact.
    """
    if view.phase != "play" or all(card.code in found for card in view.hand):
        return False
    return view.profile.may_use_table(view.opened[view.player])


def _placements(
    hand: tuple[Card, ...], table: Table, profile: Profile, use_table: bool
) -> Iterable[tuple[tuple[Card, ...], Table]]:
    """Each set of hand cards one new meld or one grown meld places, with the table after."""
    for meld in find_melds(hand, profile):
        yield meld, table._with_meld(len(table.melds), meld)
    if not use_table:
        return
    for index, meld in enumerate(table.melds):
        for added, grown in _growths(meld, hand, profile, table):
            yield added, table._with_meld(index, grown)


def _discard_playable(
    hand: tuple[Card, ...], table: Table, owed: int, taken: Card | None, profile: Profile
) -> set[int]:
    """The codes a discard turn's melds, lay-offs and joker exchanges can place (G4, G12).

    A placement counts if the turn can still end after it (`can_finish`); an
    exchange places its natural card, and the position after it (the joker
    in the hand, owed) is searched in turn, so a won joker's melds count.
    """
    found: set[int] = set()
    for placed, after in _placements(hand, table, profile, True):
        codes = set(map(CODE, placed))
        if codes <= found:
            continue
        rest = cards_without(hand, placed)
        assert rest is not None  # the placements take hand cards only
        left = max(0, owed - placed.count(JOKER))
        if not rest or can_finish(rest, after, left, taken, profile):
            found |= codes
    if not profile.joker_swap:
        return found
    for swap in joker_exchanges(hand, table.melds, profile):
        after = table._with_meld(swap.meld_index, swap.meld)
        if can_finish(swap.hand, after, owed + 1, taken, profile):
            found.add(swap.card.code)
            found |= _discard_playable(swap.hand, after, owed + 1, taken, profile)
    return found


def _growths(
    meld: Meld, hand: tuple[Card, ...], profile: Profile, start: Table
) -> Iterable[tuple[tuple[Card, ...], Meld]]:
    """Every way hand cards grow ``meld`` one card at a time, each step a valid meld.

    Yields the hand cards added (sorted) and the grown meld, each multiset
    once. A meld only grows by cards of its suit or rank, or jokers, so
    only those are tried. ``start`` is the table at the start of the turn:
    under B5 ``"later_turn"`` a group of it may grow by a suit it holds.
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
            if result.kind is None and profile.repeated_suits == "later_turn":
                result = repeated_verdict((*current, card), profile, start) or result
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
