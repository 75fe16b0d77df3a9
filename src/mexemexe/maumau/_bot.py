"""A simple Mau-Mau bot that sees only its player's view."""

from __future__ import annotations

from collections import Counter

import attrs

from .._moves import Discard, Draw, Move, Pass
from ._state import MauMauView

__all__ = ["MauMauBot"]


@attrs.frozen
class MauMauBot:
    """Discards its most expensive playable card, keeping Jacks for last; else draws.

    A Jack names the suit the bot holds most of (M6); the last card is always
    announced (M4).
    """

    def choose(self, view: MauMauView) -> Move:
        """Pick a move for ``view.player``."""
        legal = view.legal_moves()
        discards = [m for m in legal if isinstance(m, Discard)]
        if not discards:
            return Draw() if Draw() in legal else Pass()
        profile = view.profile
        suits = Counter(c.suit for c in view.hand if c.rank != profile.wild_rank)

        def preference(move: Discard) -> tuple[int, int, int, int]:
            card = move.card
            wild = card.rank == profile.wild_rank
            held = suits.get(move.suit, 0) if move.suit is not None else 0
            return (not wild, held, profile.card_value(card), move.announce)

        return max(discards, key=preference)
