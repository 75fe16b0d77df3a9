"""A simple Mau-Mau bot that sees only its player's view."""

from __future__ import annotations

from collections.abc import Callable

import attrs

from .._cards import Card, Rank, Suit
from .._errors import MexeMexeError
from .._moves import Discard, Draw, Move, Pass
from .._views import View, ViewRules
from ..bots import Bot, RandomBot
from ._state import MauMauView

__all__ = ["MAUMAU_BOTS", "MauMauBot"]


@attrs.frozen
class MauMauBot:
    """Discards its most expensive playable card, keeping Jacks for last; else draws.

    A Jack names the suit the bot holds most of (M6: naming is optional, the
    bot always names); the last card is always announced (M4).
    """

    def choose(self, view: View[ViewRules]) -> Move:
        """Pick a move for ``view.player`` (a `MauMauView`).

        The same choice as the best of ``view.legal_moves()`` under the order
        above (the first in their listed order among equals), worked out
        without building every move.

        Raises:
            MexeMexeError: If ``view`` is the view of another game.
        """
        if not isinstance(view, MauMauView):
            raise MexeMexeError(f"MauMauBot plays Mau-Mau, not from a {type(view).__name__}")
        profile = view.profile
        # Ranks and suits are enum members, so this hot loop compares them by
        # identity (`is`), which is faster than `==` on an `IntEnum`.
        wild_rank = _RANKS[profile.wild_rank]
        top, requested = view.discard_pile[-1], view.requested_suit  # `view.top`, inlined
        best: Card | None = None
        best_value = -1
        wild: Card | None = None
        wild_value = -1
        # What `_playable` says (M2, M6), spelled out for this hot loop.
        follow = requested if requested is not None else top.suit
        top_rank = top.rank if requested is None else None
        values = profile._values  # `card_value` by card code
        for card in view.hand:
            if card.rank is wild_rank:
                value = values[card.code]
                if value > wild_value:
                    wild, wild_value = card, value
            elif card.suit is follow or card.rank is top_rank:
                value = values[card.code]
                if value > best_value:
                    best, best_value = card, value
        announce = len(view.hand) == 2
        if best is not None:
            return _discard(best, None, announce)
        if wild is not None:
            # Name the suit held most outside the Jacks (the first such in suit order).
            held = [0, 0, 0, 0]
            for card in view.hand:
                if card.rank is not wild_rank:
                    held[card.code & 3] += 1
            return _discard(wild, _SUITS[held.index(max(held))], announce)
        if view.stock_size or len(view.discard_pile) > 1:
            return _DRAW
        return _PASS


_SUITS = tuple(Suit)
#: The rank of each number 0-13, 0 (a profile's "no such rank") being ``None``.
_RANKS: tuple[Rank | None, ...] = (None, *Rank)
# Moves are immutable values, so the bot hands out the same ones again.
_DRAW = Draw()
_PASS = Pass()
_DISCARDS: dict[tuple[int, Suit | None, bool], Discard] = {}


def _discard(card: Card, suit: Suit | None, announce: bool) -> Discard:
    """``Discard(card, suit, announce)``, made once (kept by card code: ints hash fastest)."""
    key = (card.code, suit, announce)
    move = _DISCARDS.get(key)
    if move is None:
        move = _DISCARDS[key] = Discard(card, suit, announce)
    return move


def _simple(seed: int) -> Bot:
    return MauMauBot()


#: Mau-Mau's bots by name, for `mexemexe.simulate` and the command line
#: (`RandomBot` plays any game from its view's ``legal_moves``).
MAUMAU_BOTS: dict[str, Callable[[int], Bot]] = {"simple": _simple, "random": RandomBot}
