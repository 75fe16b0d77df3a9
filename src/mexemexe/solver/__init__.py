"""Exact solver for the shared-table games: `arrange` and `best_play` (issue: solver).

``arrange(cards, profile)`` lays a multiset of cards out as valid melds, or
says that none exists; ``best_play(table=..., hand=..., profile=...)`` finds
the new table that keeps every table card and places the most hand cards
(or the most points); ``best_play(state)`` does the same for the player to
move. Both are exact: the search proves its answer optimal.
Ties are broken deterministically (the same input, the same answer).

**Time limits.** Every search takes ``time_limit`` (seconds of wall clock).
The searches are *anytime*: they read the clock every few steps, and
at the limit `best_play` returns the best valid play it knows, marked
``exact=False`` — at worst placing nothing. It knows a play that keeps the
table's melds (``_fixed``, itself bounded by the limit and searched greedy
first), and any complete play the exact search has reached: at the limit
each state on the search's path keeps the best play below it, so the play
is read back from the start. `arrange` returns an arrangement if the
search reached one, `None` if it proved there is none, and otherwise
raises `SearchTimeoutError`.

The work is a rank-by-rank search (``_sweep``); a plain memoized search
(``_search``) is kept as an independent reference that the tests compare it
with. For a small hand, `best_play` first finds the best play that keeps the
table's melds as they are (lay-offs and new melds, ``_fixed``), which is
quick; the search then only looks for a better one, and if there is none
that play is the answer (the table changes the least). A search that is not
quick asks once for a better play to beat: the table melds near the hand,
solved exactly with it while the other melds stay (``_local``). In the
shared-table games (B6, R4) `best_play` treats the table as rearrangeable;
in the discard games (G4) the table's melds stay as they are and the play
is new melds plus lay-offs (``_fixed``).

Examples:
    >>> import mexemexe as m
    >>> from mexemexe import solver
    >>> print(solver.arrange(m.parse_cards("9D 7D JK 8D 7S 7H"), m.get_profile("rummikub")))
    7S 7H 7D | 8D 9D JK
    >>> best = solver.best_play(table="5H 6H 7H JK", hand="AC 2C 3C", profile="rummikub")
    >>> len(best.placed)
    3
    >>> solver.best_play(m.deal("rummikub", hands=["7H 8H 9H", "KS"], seed=1)).placed
    (Card.parse('7H'), Card.parse('8H'), Card.parse('9H'))
"""

from __future__ import annotations

import operator
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Literal

import attrs

from .._cards import Card, as_cards
from .._errors import InvalidStateError, SearchTimeoutError, SolverInputError
from .._melds import classify_meld
from .._moves import LayDown, LayOff, Move, Play
from .._profiles import Profile, get_profile
from .._table import Table, TableLike
from .._validation import validate_table
from ._collector import collector_paused
from ._fixed import FixedPlay, best_fixed_play
from ._inputs import _counts, _deadline, _point_weights, _prune, _within_deck
from ._json import BestPlayJSON
from ._local import LocalPlay, local_play
from ._repeated import best_with_repeats
from ._sweep import INF, NEG, Found, SearchCut, new_sweep

if TYPE_CHECKING:
    from .._state import GameState, PlayerView

__all__ = ["BestPlay", "arrange", "best_play"]

Objective = Literal["cards", "points"]

#: The most hand cards for which `best_play` first finds the best play that
#: keeps the table's melds (quick for a small hand), so that the search only
#: looks for a better one.
_FIXED_HAND = 8

#: With a time limit and a larger hand, the share of the limit that the play
#: keeping the table's melds may take (it is then only a fallback, should the
#: exact search not finish): the rest is left to the exact search.
_FALLBACK_SHARE = 0.25


@attrs.frozen
class BestPlay(BestPlayJSON):
    """The best play found: the new table, the hand cards it places, and its worth.

    Attributes:
        table: The new table (every old table card, plus ``placed``).
        placed: The hand cards placed, sorted.
        value: The number of cards placed, or their points, by ``objective``.
        objective: ``"cards"`` or ``"points"``.
        moves: The moves that make the play, in an order that applies: one
            `Play` of the new table on a shared table; on a discard game's
            table (G4) the `LayOff` moves, then the `LayDown` moves. Empty
            when nothing is placed.
        exact: Whether the search proved the play best: always without a
            time limit; ``False`` when the limit cut the search (the play is
            then valid and places at least nothing, but may not be best).

    `to_dict`/`to_json` and `from_dict`/`from_json` give its JSON form.
    """

    table: Table
    placed: tuple[Card, ...]
    value: float
    objective: str
    moves: tuple[Move, ...] = ()
    exact: bool = True

    @property
    def move(self) -> Play:
        """The play as one `Play` of the new table (meaningful when ``placed`` is not empty)."""
        return Play(self.table)


@collector_paused
def arrange(
    cards: Iterable[Card | str] | str, profile: Profile | str, *, time_limit: float | None = None
) -> Table | None:
    """Partition ``cards`` into valid melds under ``profile``, or ``None`` if impossible.

    There is no start of a turn here, so no group holds a suit twice, even
    under ``repeated_suits="later_turn"`` (B5).

    Args:
        cards: The cards to lay out, all of them.
        profile: The rules.
        time_limit: At most this many seconds of search (wall clock), or
            ``None`` for no limit.

    Returns:
        The melds, or ``None`` if the search proved that no arrangement exists.

    Raises:
        NotationError: If ``cards`` is text that is not valid notation.
        InvalidStateError: If ``cards`` holds a card more often than the
            profile's deck does.
        SearchTimeoutError: If the time limit ran out before the search found
            an arrangement or proved there is none.
        SolverInputError: If ``time_limit`` is negative.
    """
    deadline = _deadline(time_limit)
    prof = get_profile(profile)
    held = as_cards(cards)
    counts = _counts(held)
    _within_deck(counts, prof)
    search = new_sweep(counts, [0] * 53, [0.0] * 53, prof, deadline=deadline)
    try:
        value, melds, _ = search.solve()
    except SearchCut as cut:
        if cut.found is not None:  # any complete play lays out every card: an answer
            return Table(cut.found.melds)
        text = " ".join(map(str, held))
        raise SearchTimeoutError(
            f"arrange({text!r}, {prof.name!r}) found no answer within {time_limit} s",
            float(time_limit or 0.0),
        ) from None
    return None if value == NEG else Table(melds)


@collector_paused
def best_play(
    state: GameState | PlayerView | None = None,
    *,
    table: TableLike | None = None,
    hand: Iterable[Card | str] | str | None = None,
    profile: Profile | str | None = None,
    objective: Objective = "cards",
    time_limit: float | None = None,
) -> BestPlay:
    """The best new table from a table and a hand: exact, deterministic.

    Either ``best_play(state)``, for the player to move in a `GameState` (or
    the player of a `PlayerView`: a hint that uses only what they see), or
    ``best_play(table=..., hand=..., profile=...)``.

    Shared-table profiles (B6, R4): the table may be rearranged freely.
    Given a state, the player's opening rules hold too (R4): before their
    first play a play short of ``min_opening_points`` is no play, and under
    ``opening_from_own_hand`` only new melds from the hand join the table
    unchanged. Given ``table=``/``hand=``/``profile=``, the player counts as
    opened. Discard profiles (G4): the table's melds stay; the play is new melds
    from the hand and lay-offs onto the melds there (no joker exchange).
    Under ``repeated_suits="later_turn"`` (B5) the table given is the start
    of the turn: a group of the play may hold a suit twice where it holds
    every card of one of its groups (`_repeated`).

    Args:
        state: A rummy state or player view, giving the table, the hand and
            the profile.
        table: The table now (its cards must all stay).
        hand: The hand.
        profile: The rules (turn structure, ace and joker policies, meld sizes).
        objective: ``"cards"`` (most hand cards) or ``"points"`` (most hand
            points by the profile's card values, B10, R7, G9).
        time_limit: At most this many seconds of search (wall clock), or
            ``None`` for no limit. When the limit cuts the search, the answer
            is the best valid play found so far, with ``exact`` false; with
            time to finish, the answer is the exact one.

    Returns:
        A `BestPlay`; with nothing to place, ``placed`` and ``moves`` are
        empty and ``table`` is the table as it was.

    Raises:
        TypeError: If both a state and ``table``/``hand``/``profile`` are
            given, or neither a state nor all three, or ``state`` has no table,
            or ``time_limit`` is not a number.
        SolverInputError: If ``objective`` is unknown or ``time_limit`` negative.
        InvalidStateError: If the table itself cannot be laid out validly
            (then no play exists): on a shared table, in any arrangement; on
            a discard game's table, as its melds stand; or the table and the
            hand hold a card more often than the profile's deck does.
        SearchTimeoutError: If the time limit ran out before any valid play
            was known: only for a shared table whose melds are not valid as
            they stand (so that placing nothing is not a valid play either).
    """
    deadline = _deadline(time_limit)
    if state is not None:
        if table is not None or hand is not None or profile is not None:
            raise TypeError("best_play takes a state, or table=, hand= and profile=, not both")
        try:
            table, hand, profile = state.table, state.hand, state.profile
            # A view answers for its own player; a state for the player to move.
            seat = getattr(state, "player", state.current_player)
            opened = bool(state.opened[seat])
        except (AttributeError, IndexError, TypeError):
            raise TypeError(
                f"best_play needs a rummy GameState or PlayerView, not {type(state).__name__}"
            ) from None
        prof = get_profile(profile)
        if prof.turn_structure != "discard" and (
            not prof.may_use_table(opened) or prof.opening_need(opened)
        ):
            return _opening_play(
                Table.coerce(table), as_cards(hand), prof, opened, objective, deadline
            )
    elif table is None or hand is None or profile is None:
        raise TypeError("best_play needs a state, or all of table=, hand= and profile=")
    prof = get_profile(profile)
    old = Table.coerce(table)
    held = as_cards(hand)
    if objective == "cards":
        weights = [1.0] * 53
    elif objective == "points":
        weights = list(_point_weights(prof))
    else:
        raise SolverInputError(f"objective must be 'cards' or 'points', not {objective!r}")
    if prof.turn_structure == "discard":
        return _best_fixed(old, held, weights, prof, objective, deadline)
    if prof.repeated_suits == "later_turn":
        return _with_repeats(old, held, weights, prof, objective, (deadline, time_limit))
    return _shared_best(old, held, weights, prof, objective, (deadline, time_limit))


def _shared_best(
    old: Table,
    held: tuple[Card, ...],
    weights: list[float],
    prof: Profile,
    objective: Objective,
    limit: tuple[float, float | None],
) -> BestPlay:
    """`best_play` on a shared table (B6, R4), with no group holding a suit twice.

    ``limit`` is the deadline (a `time.perf_counter` reading) and the time limit it came from.

    Raises:
        InvalidStateError: As `best_play`.
        SearchTimeoutError: As `best_play`.
    """
    deadline, time_limit = limit
    must = _counts(old.cards())
    hand_counts = _counts(held)
    _within_deck(list(map(operator.add, must, hand_counts)), prof)
    may = _prune(must, hand_counts, prof)
    search = new_sweep(must, may, weights, prof, deadline=deadline)
    fixed = None
    incumbent = INF
    total = sum(map(operator.mul, weights, may))
    local: list[LocalPlay] = []  # a better play than ``fixed``, if the search asked for one

    def improve(loss: float) -> float:
        # The search is not quick: look for a better known play near the hand.
        assert fixed is not None
        touched = {index for _, index in fixed.layoffs}
        found = local_play(old.melds, may, weights, prof, total - loss, touched, deadline)
        if found is None:
            return loss
        local.append(found)
        return total - found.value

    if len(held) <= _FIXED_HAND and search.whole and _melds_valid(old, prof):
        # A small hand: the best play that keeps the table's melds (lay-offs and
        # new melds) is quick to find; the search then looks only for better.
        fixed = best_fixed_play(old, held, weights, prof, deadline)
        incumbent = total - fixed.value
    elif deadline < INF and _melds_valid(old, prof):
        # Something valid to answer with should the search not finish in time;
        # not an incumbent, so that a search that finishes answers as without
        # a limit.
        now = time.perf_counter()
        share = now + _FALLBACK_SHARE * max(0.0, deadline - now)
        fixed = best_fixed_play(old, held, weights, prof, share)
    try:
        value, melds, placed = search.solve(
            incumbent=incumbent, improve=improve if 0 < incumbent < INF else None
        )
    except SearchCut as cut:
        known = _known(old, fixed, local, objective)
        return _cut_short(old, prof, objective, known, cut.found, time_limit)
    if value == NEG:
        raise _unplayable(old, prof)
    if melds is None:  # no rearrangement beats the play known
        known = _known(old, fixed, local, objective)
        assert known is not None
        return known
    if not placed:
        return BestPlay(old, (), 0.0, objective)
    return _rearranged(melds, placed, value, objective)


def _with_repeats(
    old: Table,
    held: tuple[Card, ...],
    weights: list[float],
    prof: Profile,
    objective: Objective,
    limit: tuple[float, float | None],
) -> BestPlay:
    """`best_play` under ``repeated_suits="later_turn"`` (B5): ``old`` is the start of the turn.

    The plain best play, or a better one with a group that holds a suit
    twice and every card of a group of ``old`` (`_repeated`). A table whose
    own such groups no plain arrangement can lay out has no plain play.

    Raises:
        InvalidStateError: As `best_play`.
        SearchTimeoutError: As `best_play`.
    """
    _within_deck(list(map(operator.add, _counts(old.cards()), _counts(held))), prof)
    try:
        plain: BestPlay | None = _shared_best(old, held, weights, prof, objective, limit)
    except (InvalidStateError, SearchTimeoutError):
        plain = None
    if plain is not None and not plain.exact:
        return plain  # the deadline has passed
    found, exact = best_with_repeats(
        old, held, weights, prof, limit[0], NEG if plain is None else plain.value
    )
    if found is None:
        if plain is not None:
            return attrs.evolve(plain, exact=exact)
        if validate_table(old, prof, start=old).ok:
            return BestPlay(old, (), 0.0, objective, exact=exact)  # nothing placed
        raise _unplayable(old, prof)
    value, melds = found
    new = Table(melds)
    cards = tuple(sorted((new.counts() - old.counts()).elements()))
    if not cards:
        return BestPlay(old, (), 0.0, objective, exact=exact)
    return BestPlay(new, cards, value, objective, (Play(new),), exact)


def _opening_play(
    old: Table,
    held: tuple[Card, ...],
    prof: Profile,
    opened: bool,
    objective: Objective,
    deadline: float,
) -> BestPlay:
    """The best play a player who has not opened may make (R4, the classic initial meld).

    Under ``opening_from_own_hand`` the hand alone is searched and its melds
    join the table unchanged; a play short of the opening minimum is no play,
    so the best by points stands in when the best by cards falls short.
    """
    own = not prof.may_use_table(opened)
    need = prof.opening_need(opened)
    found = None
    goals: tuple[Objective, ...] = (objective,) if objective == "points" else (objective, "points")
    for goal in goals:
        left = None if deadline == INF else max(0.0, deadline - time.perf_counter())
        found = best_play(
            table=Table() if own else old, hand=held, profile=prof, objective=goal, time_limit=left
        )
        if prof.hand_points(found.placed) >= need:
            break
    assert found is not None
    if not found.placed or prof.hand_points(found.placed) < need:
        return BestPlay(old, (), 0.0, objective, exact=found.exact)
    new = Table((*old.melds, *found.table.melds)) if own else found.table
    # Found by points when the best by cards fell short: its worth by cards is its count.
    value = found.value if found.objective == objective else float(len(found.placed))
    return BestPlay(new, found.placed, value, objective, (Play(new),), found.exact)


def _melds_valid(table: Table, prof: Profile) -> bool:
    """Whether the table's melds are valid as they stand (so that they may stay)."""
    return all(classify_meld(meld, prof).ok for meld in table.melds)


def _unplayable(old: Table, prof: Profile) -> InvalidStateError:
    """The error for a table whose cards cannot be laid out as valid melds."""
    return InvalidStateError(
        f"the table's cards cannot be laid out as valid {prof.name} melds: {old}"
    )


def _from_fixed(old: Table, fixed: FixedPlay, objective: str, *, exact: bool) -> BestPlay:
    """A shared table's `BestPlay` from a play that keeps the table's melds."""
    if not fixed.placed:
        return BestPlay(old, (), 0.0, objective, exact=exact)
    table_now = Table(fixed.melds)
    return BestPlay(table_now, fixed.placed, fixed.value, objective, (Play(table_now),), exact)


def _known(
    old: Table, fixed: FixedPlay | None, local: list[LocalPlay], objective: str
) -> BestPlay | None:
    """The best play known before the exact search's answer: ``local``'s last, else ``fixed``."""
    if local:
        best = local[-1]
        return _rearranged(best.melds, best.placed, best.value, objective)
    return None if fixed is None else _from_fixed(old, fixed, objective, exact=True)


def _rearranged(
    melds: Sequence[tuple[Card, ...]], placed: Iterable[int], value: float, objective: str
) -> BestPlay:
    """The exact play that lays out ``melds``, placing the hand codes ``placed``."""
    new = Table(melds)
    cards = tuple(Card.from_code(c) for c in sorted(placed))
    return BestPlay(new, cards, value, objective, (Play(new),))


def _cut_short(
    old: Table,
    prof: Profile,
    objective: str,
    known: BestPlay | None,
    found: Found | None,
    time_limit: float | None,
) -> BestPlay:
    """A shared table's best play known when the time limit cut the search (not exact).

    Raises:
        SearchTimeoutError: If no valid play is known (the table's melds are
            not valid as they stand, and the search reached no play).
    """
    best = None if known is None else attrs.evolve(known, exact=False)
    if found is not None and (best is None or found.value > best.value):
        new = Table(found.melds)
        cards = tuple(Card.from_code(c) for c in sorted(found.placed))
        # Read back from an unfinished search: checked, as it costs little
        # next to the search and an invalid answer would cost a turn.
        if validate_table(new, prof).ok and new.counts() == old.counts() + Counter(cards):
            moves = (Play(new),) if cards else ()
            best = BestPlay(new if cards else old, cards, found.value, objective, moves, False)
    if best is None:
        raise SearchTimeoutError(
            f"best_play found no valid play within {time_limit} s: the table's melds "
            f"are not valid as they stand ({old})",
            float(time_limit or 0.0),
        )
    return best


def _best_fixed(
    old: Table,
    held: tuple[Card, ...],
    weights: list[float],
    prof: Profile,
    objective: str,
    deadline: float,
) -> BestPlay:
    """`best_play` on a discard game's table: new melds and lay-offs (G4).

    Raises:
        InvalidStateError: If the table is not valid as it stands.
    """
    report = validate_table(old, prof)
    if not report.ok:
        problems = "; ".join(map(str, report.problems))
        raise InvalidStateError(f"the table {old} is not a valid {prof.name} table: {problems}")
    fixed = best_fixed_play(old, held, weights, prof, deadline)
    if not fixed.placed:
        return BestPlay(old, (), 0.0, objective, exact=fixed.exact)
    moves: list[Move] = [LayOff(card, index) for card, index in fixed.layoffs]
    moves.extend(LayDown(meld) for meld in fixed.new_melds)
    return BestPlay(
        Table(fixed.melds), fixed.placed, fixed.value, objective, tuple(moves), fixed.exact
    )
