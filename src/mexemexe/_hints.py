"""Hints: the search lent to the state layer (agents layer, above the solver).

`GameState.hint` and the deprecated ``legal_moves(best=True)`` need the
exact search of `mexemexe.solver`, which builds on the states. So the state
layer never imports it: it calls the `SearchHook` in `_state._search_hook`,
which the package (`mexemexe/__init__.py`) sets to `SEARCH`. The solver is
imported on first use, as it takes a noticeable part of the import time.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from ._errors import InvalidStateError, SearchTimeoutError
from ._moves import Discard, Draw, LayDown, LayOff, Move, Pass, Play
from ._multiset import card_without
from ._state import PlayableCards
from ._table import Table
from ._turns.discard import leaves_a_way_on
from ._turns.move_helpers import cards_of, needs_search, playable_without_rearranging
from ._turns.shared_table import play_table, search_table, shape, whole_table

if TYPE_CHECKING:
    from ._state import GameState, PlayerView
    from ._table import Table

__all__ = ["SEARCH", "Search", "best_shared_play"]

#: The kinds of move that put hand cards on a shared table (B6, R4).
_PLAYS = (LayDown, LayOff, Play)


def best_shared_play(view: PlayerView, need: int, time_limit: float | None = None) -> Table | None:
    """The solver's best play on a shared table if it places cards and meets the opening minimum.

    The most hand cards placed; under an opening minimum (``need``,
    `Profile.opening_need`) the best play by points stands in when the best
    by cards falls short. Before a classic initial meld only the hand is
    searched (`search_table`), and the melds found join the unchanged table.
    ``time_limit`` (seconds, or ``None``) bounds both searches together: the
    search by points gets what the search by cards left.

    Raises:
        SolverInputError: If ``time_limit`` is negative.
    """
    from .solver import best_play
    from .solver._inputs import _deadline

    profile = view.profile
    end = _deadline(time_limit)
    table = search_table(view)
    for objective in ("cards", "points") if need else ("cards",):
        left = None if time_limit is None else max(0.0, end - time.perf_counter())
        found = best_play(
            table=table,
            hand=view.hand,
            profile=profile,
            objective=objective,
            time_limit=left,
        )
        if found.placed and profile.hand_points(found.placed) >= need:
            return whole_table(view, found.table)
    return None


def _size(move: Move) -> tuple[int, int] | None:
    """The melds a listed move adds to a shared table and the cards it places, if it plays."""
    if isinstance(move, LayDown):
        return 1, len(move.cards)
    if isinstance(move, LayOff):
        return 0, 1
    return None


class Search:
    """The `SearchHook` of this library: hints and best plays from the solver."""

    def hint(self, state: GameState, time_limit: float | None) -> Move:
        """The move `GameState.hint` returns (see there); the round is not over.

        Raises:
            SolverInputError: If ``time_limit`` is negative.
        """
        view = state.view(state.current_player)
        profile = state.profile
        if state.phase == "play":
            need = profile.opening_need(view.opened[view.player])
            found = best_shared_play(view, need, time_limit)
            if found is None:
                exhausted = profile.stock_exhaustion
                drawing = bool(state.stock) or exhausted == "end_round"
                move: Move = Draw() if drawing else Pass()
                if (
                    profile.draw_only_without_simple_play
                    if drawing
                    else profile.pass_only_without_simple_play
                ):
                    # B6 (R6): no draw (pass) while a simple play exists (a search cut short).
                    listed = view.legal_moves()
                    return next((m for m in listed if isinstance(m, _PLAYS)), move)
                return move
            if time_limit is not None:
                # Under a limit, the search's own play: finding it again among
                # every listed move can cost more than a short limit allows.
                return Play(found)
            # The move as `legal_moves` lists it (a `LayDown` or a `LayOff`), if
            # one makes the same melds, in whatever order their cards are written.
            found_shape = shape(found)
            size = (
                len(found.melds) - len(view.table.melds),
                found.card_count - view.table.card_count,
            )
            for move in view.legal_moves():
                if _size(move) == size:
                    made = play_table(view, move)
                    if made is not None and shape(made) == found_shape:
                        return move
            return Play(found)
        if state.phase != "draw":
            from .solver import best_play

            best = best_play(
                table=view.table, hand=view.hand, profile=profile, time_limit=time_limit
            )
            if best.moves and leaves_a_way_on(view, best.moves[0]):
                return best.moves[0]
        legal = view.legal_moves()
        melds = [move for move in legal if isinstance(move, LayDown)]
        if melds:
            return max(melds, key=lambda move: (len(move.cards), [-c.code for c in move.cards]))
        offs = [move for move in legal if isinstance(move, LayOff)]
        if offs:
            return offs[0]
        if Draw() in legal:
            return Draw()
        discards = [move for move in legal if isinstance(move, Discard)]
        if discards:
            return max(discards, key=lambda move: (profile.card_points(move.card), move.card.code))
        return legal[0]

    def with_best_play(self, view: PlayerView, moves: tuple[Move, ...]) -> tuple[Move, ...]:
        """``moves`` and, on a shared table, the solver's best play unless already listed.

        For the deprecated ``legal_moves(best=True)``; a discard turn's listing
        is already every legal move.
        """
        if view.phase != "play":
            return moves
        made = (play_table(view, move) for move in moves)
        seen = {shape(table) for table in made if table is not None}
        found = best_shared_play(view, view.profile.opening_need(view.opened[view.player]))
        if found is not None and shape(found) not in seen:
            return (*moves, Play(found))
        return moves

    def playable_cards(self, view: PlayerView, time_limit: float | None) -> PlayableCards:
        """The answer of `GameState.playable_cards` (see there) for ``view``'s player.

        The cards a play keeping the table's melds places come without a
        search (`playable_without_rearranging`). Each other card is then
        asked of the solver: put on the table as a meld of its own, can the
        table's cards, it and some hand cards be laid out as valid melds
        (B6, R4)? Under an opening minimum the search weighs points, and the
        play it finds must reach the minimum with the card. Every hand card
        a found play places is playable too, so it is not asked again.

        Raises:
            SolverInputError: If ``time_limit`` is negative.
        """
        from .solver import best_play
        from .solver._inputs import _deadline

        end = _deadline(time_limit)
        found = set(playable_without_rearranging(view))
        exact = True
        if needs_search(view, frozenset(found)):
            profile = view.profile
            need = profile.opening_need(view.opened[view.player])
            melds = view.table.melds
            for card in dict.fromkeys(view.hand):
                if card.code in found:
                    continue
                left = None if time_limit is None else max(0.0, end - time.perf_counter())
                if left == 0.0:
                    exact = False
                    break
                rest = card_without(view.hand, card)
                assert rest is not None
                try:
                    best = best_play(
                        table=Table._trusted((*melds, (card,))),
                        hand=rest,
                        profile=profile,
                        objective="points" if need else "cards",
                        time_limit=left,
                    )
                except InvalidStateError:
                    continue  # no layout of the table holds the card (B6, R4)
                except SearchTimeoutError:
                    exact = False
                    continue
                placed = (card, *best.placed)
                if profile.hand_points(placed) >= need:
                    found.update(c.code for c in placed)
                elif not best.exact:
                    exact = False
        return PlayableCards(cards_of(found), exact)


#: The hook `mexemexe/__init__.py` puts in `_state._search_hook`.
SEARCH = Search()
