"""mexemexe: a rules engine for the Mexe-Mexe family of card games.

Brazilian Mexe-Mexe, the Rummikub-style online variant, Galician discard rummy
and Mau-Mau, on two French decks. The rulebook of record is RULES.md; its
section numbers (B5, R3, G7, M4 …) are cited throughout.

Examples:
    >>> import mexemexe as m
    >>> bool(m.get_profile("brazilian").validate_table(m.parse_table("5H JK 7H | 7S 7H 7D")))
    True
"""

from typing import TYPE_CHECKING

from . import (
    _hints,
    _state,
    _turns,  # noqa: F401  (importing it registers the turn rules with the state layer)
    games,
)

# The pictures of cards, tables and states (``_repr_svg_``) are drawn by the
# render layer, which those values cannot import; importing it installs them.
from . import render as render
from ._cards import JOKER, Card, Rank, Suit, make_deck
from ._errors import (
    IllegalMoveError,
    InvalidStateError,
    MexeMexeError,
    NotationError,
    Problem,
    ProfileError,
    SearchTimeoutError,
    SolverInputError,
)
from ._match import Match, round_seed
from ._meld_finder import find_melds
from ._melds import MeldKind, MeldResult, classify_meld, meld_extensions
from ._moves import (
    Discard,
    Draw,
    Forfeit,
    LayDown,
    LayOff,
    Move,
    Pass,
    Play,
    SwapJoker,
    parse_move,
)
from ._notation import format_cards, parse_cards
from ._outcomes import Outcome, Proposal, RoundResult
from ._profiles import (
    GALICIAN_SHORT_HAND_SIZES,
    MAX_DECKS,
    MAX_JOKERS,
    Profile,
    get_profile,
    profile_names,
    register_profile,
)
from ._record import GameRecord
from ._rounds import play_match, play_round, replay_match
from ._scoring import round_result
from ._selfplay import SimulationResult, simulate
from ._state import GameState, PlayableCards, PlayerView, deal
from ._table import Table, format_table, parse_table
from ._turns.discard import DiscardState, DiscardView
from ._turns.shared_table import SharedTableState, SharedTableView
from ._validation import TableReport, validate_table
from ._version import __version__
from ._views import View, ViewRules
from .bots import Bot, GreedyBot, RandomBot, SimpleBot
from .games import Game, MatchLike, game_names, get_game, register_game

if TYPE_CHECKING:
    from .solver import BestPlay, arrange, best_play

# The state layer reaches the search (hints, legal_moves(best=True)) only
# through this hook: the package sits above both and wires them together.
# `_hints` imports the solver on first use. `_turns` registers the turn rules.
_state._search_hook = _hints.SEARCH

#: Names of `mexemexe.solver` also offered here, imported on first use (the
#: exact search takes a noticeable part of the import time).
_SOLVER_NAMES = ("BestPlay", "arrange", "best_play")


# Type checkers read the lazily loaded names from the TYPE_CHECKING imports
# above; any other name raises, so the return type need say no more.
def __getattr__(name: str) -> object:
    if name in _SOLVER_NAMES:
        from . import solver

        return getattr(solver, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *_SOLVER_NAMES})


__all__ = [
    "GALICIAN_SHORT_HAND_SIZES",
    "JOKER",
    "MAX_DECKS",
    "MAX_JOKERS",
    "BestPlay",
    "Bot",
    "Card",
    "Discard",
    "DiscardState",
    "DiscardView",
    "Draw",
    "Forfeit",
    "Game",
    "GameRecord",
    "GameState",
    "GreedyBot",
    "IllegalMoveError",
    "InvalidStateError",
    "LayDown",
    "LayOff",
    "Match",
    "MatchLike",
    "MeldKind",
    "MeldResult",
    "MexeMexeError",
    "Move",
    "NotationError",
    "Outcome",
    "Pass",
    "Play",
    "PlayableCards",
    "PlayerView",
    "Problem",
    "Profile",
    "ProfileError",
    "Proposal",
    "RandomBot",
    "Rank",
    "RoundResult",
    "SearchTimeoutError",
    "SharedTableState",
    "SharedTableView",
    "SimpleBot",
    "SimulationResult",
    "SolverInputError",
    "Suit",
    "SwapJoker",
    "Table",
    "TableReport",
    "View",
    "ViewRules",
    "__version__",
    "arrange",
    "best_play",
    "classify_meld",
    "deal",
    "find_melds",
    "format_cards",
    "format_table",
    "game_names",
    "games",
    "get_game",
    "get_profile",
    "make_deck",
    "meld_extensions",
    "parse_cards",
    "parse_move",
    "parse_table",
    "play_match",
    "play_round",
    "profile_names",
    "register_game",
    "register_profile",
    "replay_match",
    "round_result",
    "round_seed",
    "simulate",
    "validate_table",
]
