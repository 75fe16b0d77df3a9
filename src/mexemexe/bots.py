"""Bots: the `Bot` interface and simple bots that see only a player's view.

A bot is any object with ``choose(view) -> Move``. It is given the view of
the player whose turn it is — never the full state — so a bot cannot cheat.
The interface is typed on `View`, the view base of every game, so a rummy
bot and a Mau-Mau bot (`mexemexe.maumau.MauMauBot`) are both a `Bot`; a bot
for one game narrows the view to its game's view type (`rummy_view` here).

Examples:
    >>> import mexemexe as m
    >>> state = m.deal("brazilian", players=2, seed=3)
    >>> move = m.SimpleBot().choose(state.view(state.current_player))
    >>> state.propose(move.table).ok if isinstance(move, m.Play) else True
    True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

import attrs

from ._cards import _BY_CODE, CODE, JOKER_CODE, Card
from ._errors import MexeMexeError
from ._meld_finder import find_melds, joins_a_meld, largest_meld
from ._melds import classify_meld, meld_extensions, remember_extensions, table_extensions
from ._moves import Discard, Draw, LayDown, LayOff, Move, Pass, Play
from ._profiles import Profile
from ._state import PlayerView
from ._table import Table
from ._turns.discard import leaves_a_way_on, pile_take_leaves_a_way, stock_drawable
from ._turns.shared_table import search_table, whole_table
from ._views import View, ViewRules

__all__ = ["BOTS", "Bot", "GreedyBot", "RandomBot", "SimpleBot", "rummy_view"]


@runtime_checkable
class Bot(Protocol):
    """Anything that picks a move from what its player can see, in any game.

    ``view`` is the `View` of the player to move: a rummy `PlayerView`, a
    `MauMauView`, or a user's game's view. A bot that plays one game only
    checks that it got that game's view (`rummy_view`).
    """

    def choose(self, view: View[ViewRules]) -> Move:
        """Return the move to make; ``view.my_turn`` is true when this is called."""
        ...


def rummy_view(view: View[ViewRules], bot: object) -> PlayerView:
    """``view``, if it is a rummy `PlayerView`: what the rummy bots play from.

    Raises:
        MexeMexeError: If it is the view of another game (``bot`` is named).
    """
    if not isinstance(view, PlayerView):
        raise MexeMexeError(
            f"{type(bot).__name__} plays the rummy games, not from a {type(view).__name__}"
        )
    return view


@attrs.frozen
class SimpleBot:
    """A quick, deterministic bot for every rummy profile.

    Shared table (B, R): it lays down every meld it can make from its hand
    alone (largest first), then lays off single cards at the ends of runs or
    into groups on the table; if it placed nothing it draws (or passes with
    an empty stock where the profile says so, R6), unless the profile's
    ``draw_only_without_simple_play`` refuses the draw (B6), or
    ``pass_only_without_simple_play`` the pass: it then plays the first
    `LayDown` or `LayOff` `legal_moves` lists (its largest new meld, else
    its first lay-off). It never rearranges.

    Discard games (G): it takes the top discard when that card joins a meld,
    else draws from the stock; then lays down its largest meld, one move at a
    time, lays off what it can, and discards its highest-scoring card. It
    never exchanges table jokers.
    """

    def choose(self, view: View[ViewRules]) -> Move:
        """Pick a move for ``view.player`` (a rummy `PlayerView`).

        Raises:
            MexeMexeError: If ``view`` is the view of another game.
        """
        view = rummy_view(view, self)
        if view.phase == "draw":
            return _choose_draw(view)
        if view.phase == "meld":
            return _choose_meld_phase(view)
        profile = view.profile
        hand = list(view.hand)
        new_melds: list[tuple[Card, ...]] = []
        while True:
            found = find_melds(hand, profile)
            if not found:
                break
            best = found[0]
            for card in best:
                hand.remove(card)
            new_melds.append(best)
        melds = [*view.table.melds, *new_melds]
        opened = view.opened[view.player]
        # Before a classic initial meld (R4) nothing is laid off: new melds only.
        use_table = profile.may_use_table(opened)
        laid_off, extensions = (
            _lay_off_all(hand, melds, view.table, profile) if use_table else ([], ())
        )
        placed = [card for meld in new_melds for card in meld] + laid_off
        if placed and profile.hand_points(placed) >= profile.opening_need(opened):
            table = Table._trusted(tuple(melds))
            if use_table and profile.repeated_suits != "later_turn":
                # The next players' bots look these up: hand them over with the table
                # (not under B5's "later_turn", where the new melds' would be too few).
                remember_extensions(table, profile, extensions)
            return Play(table)
        drawing = view.stock_size or profile.stock_exhaustion != "pass"
        if (
            profile.draw_only_without_simple_play
            if drawing
            else profile.pass_only_without_simple_play
        ):
            # B6 (R6): no draw (pass) while a simple play exists; the listing has them
            # all, as `LayDown` and `LayOff` moves, the largest new meld first.
            play = next((m for m in view.legal_moves() if isinstance(m, _PLAYS)), None)
            if play is not None:
                return play
        return _DRAW if drawing else _PASS


#: The kinds of move that put hand cards on a shared table (B6, R4).
_PLAYS = (LayDown, LayOff, Play)

#: Moves are immutable values: the bots hand out these shared ones.
_DRAW = Draw()
_TAKE = Draw("discard")
_PASS = Pass()


def _choose_draw(view: PlayerView) -> Move:
    """Discard games, draw phase: take the top discard if it joins a meld (G4).

    It is also taken when the stock cannot be drawn from (G8); with no
    discard pile the bot draws from the stock. A card that could only be
    melded in a way that leaves nothing to discard (G5) stays on the pile,
    as the engine would refuse taking it.
    """
    pile = view.discard_pile
    if not pile:
        return _DRAW
    if not stock_drawable(view):
        return _TAKE
    top = pile[-1]
    profile = view.profile
    if (
        _extension_index(view.table, profile)[top.code] >= 0
        or joins_a_meld(top, view.hand, profile)
    ) and pile_take_leaves_a_way(view):
        return _TAKE
    return _DRAW


def _choose_meld_phase(view: PlayerView) -> Move:
    """Discard games, meld phase: meld, else lay off, else discard (G4-G6).

    It lays down its largest meld, else lays off its lowest card that extends
    a table meld, else discards its highest-scoring card (the highest card
    code among equals) other than a joker and the card it may not discard (G5).
    """
    profile = view.profile
    hand = view.hand
    meld = largest_meld(hand, profile)
    # A meld or lay-off that would leave only the card taken from the pile
    # (G5) or an owed joker (G12) cannot end the turn: the engine refuses it.
    if meld is not None and leaves_a_way_on(view, LayDown(meld)):
        return LayDown(meld)
    index = _extension_index(view.table, profile)
    if max(map(index.__getitem__, map(CODE, hand)), default=-1) >= 0:
        for card in sorted(hand, key=CODE):
            if index[card.code] >= 0:
                move = LayOff(card, index[card.code])
                if leaves_a_way_on(view, move):
                    return move
    if view.jokers_owed > 0:  # G12: no discard before the owed joker is melded
        return view.legal_moves()[0]
    taken = -1 if view.taken is None else view.taken.code
    points = profile._points  # `Profile.card_points` by card code
    worst: Card | None = None
    worst_points = worst_code = -1
    for card in hand:
        code = card.code
        if code != taken and code != JOKER_CODE:
            value = points[code]
            if value > worst_points or (value == worst_points and code > worst_code):
                worst, worst_points, worst_code = card, value, code
    if worst is None:  # only jokers left to discard, besides the card taken (G5)
        worst = next((c for c in hand if c.code != taken), hand[0])
    return Discard(worst)


def _lay_off_all(
    hand: list[Card], melds: list[tuple[Card, ...]], table: Table, profile: Profile
) -> tuple[list[Card], tuple[frozenset[Card], ...]]:
    """Lay off hand cards onto ``melds`` (in place) wherever they keep a meld valid.

    ``melds`` starts with ``table``'s melds, whose extension index is memoized
    on the table; melds after them are new ones laid down this turn.

    Returns:
        The cards laid off, and the `meld_extensions` of every meld of ``melds`` after.
    """
    known = _extension_index(table, profile)
    if (
        len(melds) == len(table.melds)
        and max(map(known.__getitem__, map(CODE, hand)), default=-1) < 0
    ):
        return [], table_extensions(table, profile)  # nothing to lay off (most turns)
    extensions = list(table_extensions(table, profile))
    index = list(known)
    for i in range(len(table.melds), len(melds)):
        extensions.append(_fresh_extensions(melds[i], profile))
        _index_meld(index, extensions[i], i)
    placed: list[Card] = []
    for card in sorted(hand, key=CODE):
        i = index[card.code]
        if i < 0:
            continue
        extended = classify_meld((*melds[i], card), profile).canonical
        melds[i] = extended
        placed.append(card)
        hand.remove(card)
        # Rebuild the index: meld i now extends differently. Only the cards
        # that extended it before can point at it.
        for old in extensions[i]:
            if index[old.code] == i:
                index[old.code] = -1
        if i < len(table.melds):
            extensions[i] = meld_extensions(extended, profile)
        else:
            extensions[i] = _fresh_extensions(extended, profile)
        _index_meld(index, extensions[i], i)
    return placed, tuple(extensions)


def _fresh_extensions(meld: tuple[Card, ...], profile: Profile) -> frozenset[Card]:
    """`meld_extensions` of a meld laid down this turn: never a second copy of a suit (B5).

    Under ``repeated_suits="later_turn"`` only a group that stood on the table
    at the start of the turn may repeat a suit.
    """
    found = meld_extensions(meld, profile)
    if profile.repeated_suits != "later_turn":
        return found
    return frozenset(card for card in found if classify_meld((*meld, card), profile))


def _index_meld(index: list[int], extensions: frozenset[Card], i: int) -> None:
    """Point ``index`` at meld ``i`` for each card of ``extensions`` not yet indexed."""
    for card in extensions:
        if index[card.code] < 0:
            index[card.code] = i


def _extension_index(table: Table, profile: Profile) -> list[int]:
    """By card code, the first meld of ``table`` the card extends, or -1 (memoized; read only).

    For a table made from another by changing one meld (`Table._with_meld`),
    the other table's index is updated for that meld only.
    """
    memo = table._memo
    # Keyed by the rules' settings (as `table_extensions`), never by an id(): a
    # table outlives profiles, and a collected profile's id comes back.
    key = ("extension_index", profile._meld_rules.memo_key)
    index: list[int] | None = memo.get(key)
    if index is None:
        extensions = table_extensions(table, profile)
        known = table._from_base(key)
        before = table._from_base(("extensions", key[1]))
        if known is not None and before is not None:
            index = _reindexed(known[0], before[0], extensions, known[1])
        else:
            index = [-1] * 53
            for i, found in enumerate(extensions):
                _index_meld(index, found, i)
        memo[key] = index
    return index


def _reindexed(
    index: list[int],
    before: tuple[frozenset[Card], ...],
    after: tuple[frozenset[Card], ...],
    i: int,
) -> list[int]:
    """``index`` (by code, the first meld extended) with meld ``i``'s extensions now ``after[i]``.

    ``before`` and ``after`` are the table's extensions with the old meld ``i``
    (or without it, when it was appended) and with the new one.
    """
    index = index.copy()
    stale = [c.code for c in before[i] if index[c.code] == i] if i < len(before) else []
    for code in stale:
        index[code] = -1
    for card in after[i]:
        code = card.code
        if index[code] < 0 or index[code] > i:
            index[code] = i
    for code in stale:
        if index[code] < 0:
            card = _BY_CODE[code]
            index[code] = next((k for k in range(i + 1, len(after)) if card in after[k]), -1)
    return index


class _WithMoves(Protocol):
    """What `RandomBot` reads: any game's view (rummy, Mau-Mau, a user's game)."""

    def legal_moves(self) -> Sequence[Move]: ...


class RandomBot:
    """Plays a uniformly random legal move, from its own seeded generator.

    The generator advances with each choice, so a `RandomBot` is the one
    stateful bot here: give each game its own (``RandomBot(seed)``) to make
    games reproducible.
    """

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def choose(self, view: _WithMoves) -> Move:
        """Pick a random move among ``view.legal_moves()`` (no solver search)."""
        move: Move = self._rng.choice(view.legal_moves())
        return move

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed})"


@attrs.frozen
class GreedyBot:
    """Plays the exact best play each turn (most cards placed, B6/R4), else draws.

    Uses `mexemexe.solver.best_play` on what its player sees; in the discard
    games, and whenever the solver finds nothing, it plays like `SimpleBot`.
    The solver is exact; on a large table it takes tens of milliseconds as
    a rule and sometimes a second or more, so this bot is far slower than
    `SimpleBot` (a Brazilian round with two greedy seats takes about two
    seconds on the 2-core machine we benchmark on). ``time_limit`` bounds
    each search: when it runs out, the bot plays the best play found so far
    (a legal one, maybe not the best), so a turn takes about that long at
    most; its play then depends on the machine's speed, and is no longer
    reproducible from the seed alone.

    Attributes:
        objective: ``"cards"`` (most hand cards placed) or ``"points"``.
        time_limit: Seconds of search a turn (wall clock), or ``None`` for
            no limit (exact and reproducible plays).
    """

    objective: str = "cards"
    time_limit: float | None = None

    def choose(self, view: View[ViewRules]) -> Move:
        """Pick a move for ``view.player`` (a rummy `PlayerView`).

        Raises:
            MexeMexeError: If ``view`` is the view of another game.
        """
        view = rummy_view(view, self)
        if view.phase != "play":
            return SimpleBot().choose(view)
        from .solver import best_play

        best = best_play(
            table=search_table(view),  # the hand alone before a classic initial meld (R4)
            hand=view.hand,
            profile=view.profile,
            objective="points" if self.objective == "points" else "cards",
            time_limit=self.time_limit,
        )
        need = view.profile.opening_need(view.opened[view.player])
        if best.placed and view.profile.hand_points(best.placed) >= need:
            return Play(whole_table(view, best.table))
        return SimpleBot().choose(view)


def _simple(seed: int) -> Bot:
    return SimpleBot()


def _greedy(seed: int) -> Bot:
    return GreedyBot()


#: The rummy bots by name, for `mexemexe.simulate` and the command line (the
#: rummy games' ``bots`` in `mexemexe.games`). Module-level functions, not
#: lambdas: a game is sent to `simulate`'s worker processes, so it pickles.
BOTS: dict[str, Callable[[int], Bot]] = {"simple": _simple, "random": RandomBot, "greedy": _greedy}
