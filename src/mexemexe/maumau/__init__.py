"""Mau-Mau: the shedding game on the same two decks (RULES.md section M).

Its own state and turns, reusing the library's cards, notation, errors,
seeded dealing, moves (`Draw`, `Discard`, `Pass`), records and bots.

Examples:
    >>> from mexemexe import maumau
    >>> state = maumau.deal(3, seed=1)
    >>> final, record = maumau.play_round(state, [maumau.MauMauBot()] * 3)
    >>> final.is_over and record.replay() == final
    True
"""

from .._record import STATE_CLASSES
from .._rounds import play_round
from ._bot import MauMauBot
from ._match import MauMauMatch, play_maumau_match, replay_maumau_match
from ._profile import MAUMAU, MauMauProfile
from ._state import SCHEMA, MauMauState, MauMauView, deal

STATE_CLASSES[SCHEMA] = MauMauState

__all__ = [
    "MAUMAU",
    "MauMauBot",
    "MauMauMatch",
    "MauMauProfile",
    "MauMauState",
    "MauMauView",
    "deal",
    "play_maumau_match",
    "play_round",
    "replay_maumau_match",
]
