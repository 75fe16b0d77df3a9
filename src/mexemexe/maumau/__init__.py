"""Mau-Mau: the shedding game on the same two decks (RULES.md section M).

Its own state and turns, reusing the library's cards, notation, errors,
seeded dealing, moves (`Draw`, `Discard`, `Pass`), records, matches and
bots. It is registered as the game ``"maumau"`` (`mexemexe.games`), so
`mexemexe.play_match`, `mexemexe.simulate`, records and the command line
play it as they play the rummy games.

Examples:
    >>> from mexemexe import maumau
    >>> state = maumau.deal(maumau.MAUMAU, 3, seed=1)
    >>> final, record = maumau.play_round(state, [maumau.MauMauBot()] * 3)
    >>> final.is_over and record.replay() == final
    True
"""

from typing import TYPE_CHECKING

from ._bot import MAUMAU_BOTS, MauMauBot
from ._match import MauMauMatch
from ._profile import MAUMAU, MauMauProfile
from ._state import SCHEMA, MauMauState, MauMauView, deal

if TYPE_CHECKING:
    from ._compat import play_maumau_match, play_round, replay_maumau_match

#: Names of the play layer also offered here, imported on first use: the game
#: registry (`mexemexe.games`) imports this package's modules, and the play
#: layer imports the registry, so importing it here would close a loop.
_PLAY_NAMES = ("play_maumau_match", "play_round", "replay_maumau_match")


# Type checkers read the lazily loaded names from the TYPE_CHECKING imports
# above; any other name raises, so the return type need say no more.
def __getattr__(name: str) -> object:
    if name not in _PLAY_NAMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from . import _compat  # the play layer, on first use (see `_PLAY_NAMES`)

    return getattr(_compat, name)


__all__ = [
    "MAUMAU",
    "MAUMAU_BOTS",
    "SCHEMA",
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
