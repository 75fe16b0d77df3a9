"""A conformance harness: does a game, the library's or your variant, keep the invariants?

`check_game` plays seeded games (random legal moves, the bundled bots,
illegal attempts) and checks after every move the invariants every game of
the library keeps; each check is also a function of its own, to call on a
state you built. A broken invariant raises `ConformanceError`, an
`AssertionError` (so pytest reports it as a failure) naming the game, the
seed, the move number and the state.

The harness needs no test framework. It works on any registered game whose
states follow `ConformingState` (the library's rummy and Mau-Mau states do).

Examples:
    >>> from mexemexe.testing import check_game
    >>> report = check_game("maumau", seeds=[1], moves=40, bots=())
    >>> report.games, report.moves
    (1, 40)
"""

from ._checks import (
    HIDDEN_KEYS,
    check_deck_conserved,
    check_move,
    check_round_trips,
    check_terminal,
    check_view,
    check_view_hides,
    deck_count,
    redeal_hidden,
)
from ._failure import ConformanceError
from ._illegal import JUNK, check_illegal_moves_change_nothing, illegal_attempts
from ._play import (
    ConformanceReport,
    PlayedRound,
    check_game,
    check_replay,
    check_same_seed,
    play_random_round,
)
from ._protocol import ConformingState, ConformingView, DeckRules

__all__ = [
    "HIDDEN_KEYS",
    "JUNK",
    "ConformanceError",
    "ConformanceReport",
    "ConformingState",
    "ConformingView",
    "DeckRules",
    "PlayedRound",
    "check_deck_conserved",
    "check_game",
    "check_illegal_moves_change_nothing",
    "check_move",
    "check_replay",
    "check_round_trips",
    "check_same_seed",
    "check_terminal",
    "check_view",
    "check_view_hides",
    "deck_count",
    "illegal_attempts",
    "play_random_round",
    "redeal_hidden",
]
