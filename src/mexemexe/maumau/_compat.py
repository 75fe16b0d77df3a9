"""The Mau-Mau match functions that `play_match` and `replay_match` replaced (deprecated).

They live apart from the match itself because they play rounds: they import
the play layer (`mexemexe._rounds`), which reaches the Mau-Mau types through
the game registry, so the match module must not import it back.
"""

from __future__ import annotations

from collections.abc import Sequence

from .._record import GameRecord
from .._rounds import _play_match, _replay_match, play_round
from ..bots import Bot
from ._checks import deprecated
from ._match import MauMauMatch

# `play_round` is offered as `mexemexe.maumau.play_round` too, from here.
__all__ = ["play_maumau_match", "play_round", "replay_maumau_match"]


def play_maumau_match(
    match: MauMauMatch, bots: Sequence[Bot], *, reenter: bool = True
) -> tuple[MauMauMatch, tuple[GameRecord, ...]]:
    """Deprecated: `mexemexe.play_match` plays a Mau-Mau match, re-entries included (M8).

    ``reenter=False`` lets no burst player re-enter, a policy `play_match`
    does not offer (re-entry is the rule, M8).

    Returns:
        The finished match and every hand's record (with its deal seed).

    Raises:
        ValueError: If the number of bots differs from the number of seats.
    """
    deprecated("play_maumau_match is deprecated: use mexemexe.play_match")
    return _play_match(match, bots, between_rounds=reenter)


def replay_maumau_match(
    start: MauMauMatch, records: Sequence[GameRecord], *, reenter: bool = True
) -> MauMauMatch:
    """Deprecated: `mexemexe.replay_match` rebuilds a Mau-Mau match from its records (M8).

    ``reenter`` must be what the match was played with.

    Raises:
        InvalidStateError: If the match is over before the records are, or a
            record does not start from the hand the match deals next or does
            not end its hand.
        IllegalMoveError: If a record holds an illegal move.
    """
    deprecated("replay_maumau_match is deprecated: use mexemexe.replay_match")
    return _replay_match(start, records, between_rounds=reenter)
