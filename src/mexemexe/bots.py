"""Bots: the `Bot` interface and simple bots that see only a `PlayerView`.

A bot is any object with ``choose(view) -> Move``. It is given the view of
the player whose turn it is — never the full state — so a bot cannot cheat.

>>> import mexemexe as m
>>> state = m.deal("brazilian", players=2, seed=3)
>>> move = m.SimpleBot().choose(state.view(state.current_player))
>>> state.propose(move.table).ok if isinstance(move, m.Play) else True
True
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import attrs

from ._cards import Card
from ._meld_finder import find_melds
from ._melds import meld_extensions
from ._moves import Draw, Move, Pass, Play
from ._profiles import Profile
from ._state import PlayerView
from ._table import Table

__all__ = ["Bot", "SimpleBot"]


@runtime_checkable
class Bot(Protocol):
    """Anything that picks a move from what its player can see."""

    def choose(self, view: PlayerView) -> Move:
        """Return the move to make; ``view.my_turn`` is true when this is called."""
        ...


@attrs.frozen
class SimpleBot:
    """A quick, deterministic bot for the shared-table games (B, R).

    On its turn it lays down every meld it can make from its hand alone
    (largest first), then lays off single cards at the ends of runs or into
    groups on the table; if it placed nothing it draws (or passes with an
    empty stock where the profile says so, R6). It never rearranges the table.
    """

    def choose(self, view: PlayerView) -> Move:
        """Pick a move for ``view.player``."""
        profile = view.profile
        hand = list(view.hand)
        melds = [list(meld) for meld in view.table.melds]
        placed: list[Card] = []
        while True:
            found = find_melds(hand, profile)
            if not found:
                break
            best = found[0]
            for card in best:
                hand.remove(card)
            melds.append(list(best))
            placed.extend(best)
        placed.extend(_lay_off_all(hand, melds, profile))
        need = 0 if view.opened[view.player] else profile.min_opening_points
        if placed and profile.hand_points(placed) >= need:
            return Play(Table(melds))
        if view.stock_size or profile.stock_exhaustion != "pass":
            return Draw()
        return Pass()


def _lay_off_all(hand: list[Card], melds: list[list[Card]], profile: Profile) -> list[Card]:
    """Lay off hand cards onto ``melds`` (in place) wherever they keep a meld valid."""
    targets = [meld_extensions(tuple(meld), profile) for meld in melds]
    placed: list[Card] = []
    for card in sorted(hand):
        for i, extensions in enumerate(targets):
            if card in extensions:
                extended = (*melds[i], card)
                canonical = profile.classify_meld(extended).canonical
                melds[i] = list(canonical)
                targets[i] = meld_extensions(canonical, profile)
                placed.append(card)
                hand.remove(card)
                break
    return placed
