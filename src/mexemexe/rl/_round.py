"""What both environments share: the game from a name and settings, legal actions, rewards.

Rewards (higher is better in every game): at the end of a round each player
gets ``u = clip(sign * score / scale, -1, 1)`` from the round's score
(`RoundResult.scores`), where ``sign`` is -1 for penalty scores (a rummy
profile with ``scoring="penalty"``, B10, and rules without a ``scoring``
setting, such as Mau-Mau's, M7-M8) and +1 otherwise (R8, G9), and
``scale`` is the points of the whole deck. A winner receives
``0.5 + 0.5 * u`` (in [0, 1]), a loser ``-0.5 + 0.5 * u`` (in [-1, 0]), so
a winner never gets less than a loser; in a round nobody wins (G8's
recycling cap, a blocked round without a winner) everyone gets ``0.5 * u``.
Every other step rewards 0.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeGuard

import attrs
import numpy as np

from .._errors import IllegalMoveError, Problem, ProfileError
from .._kinds import quote
from .._moves import Draw, Forfeit, LayDown, LayOff, Move, Pass, Play
from .._outcomes import RoundResult
from ..games import Game, GameRules, RoundState, get_game
from ..solver import best_play
from ._actions import BEST_BY_CARDS, BEST_BY_POINTS, ActionLayout
from ._rules import SHEDDING, card_rules, penalty_scores

__all__ = [
    "action_id",
    "find_game",
    "illegal_action",
    "is_whole",
    "legal_actions",
    "resolve",
    "round_rewards",
]


def find_game(game: str | Game, settings: Mapping[str, object]) -> Game:
    """The registered ``game``, its rules changed by ``settings`` (profile fields) if any.

    Raises:
        ProfileError: If the game is unknown or a setting is not one of its rules' fields.
    """
    found = get_game(game)
    if not settings:
        return found
    try:
        rules = attrs.evolve(found.rules, **settings)  # type: ignore[misc]
    except TypeError as err:
        raise ProfileError(f"settings {sorted(settings)} for {found.name}: {err}") from None
    return found.with_rules(rules)


def is_whole(value: object) -> TypeGuard[int]:
    """Whether ``value`` is an ``int`` and not a ``bool`` (a count or a seat)."""
    return isinstance(value, int) and not isinstance(value, bool)


def action_id(action: object) -> int | None:
    """``action`` as an action id, or ``None`` if it is not an integer.

    A Python ``int``, a NumPy integer scalar (what ``argmax`` gives) and a
    0-d NumPy integer array (what some agents' code hands back) are ids; a ``bool`` is
    not, though Python counts it an ``int``, so ``step(True)`` is refused
    rather than read as action 1.
    """
    if isinstance(action, np.ndarray) and action.ndim == 0:
        action = action[()]
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
        return None
    return int(action)


def legal_actions(layout: ActionLayout, state: RoundState) -> dict[int, Move]:
    """The current player's legal actions and the move each one makes.

    Every move of ``legal_moves()`` that the layout can express has its id
    (when two share one — plays that differ only in where a joker stands —
    the first listed is kept); a shared-table layout adds its two solver
    actions whenever a move is possible.
    """
    # A shedding game has no table (and looking up a missing attribute raises inside getattr).
    table = None if layout.structure == SHEDDING else getattr(state, "table", None)
    melds = table.melds if table is not None else ()
    found = layout.encode_moves(state.legal_moves(), melds)  # type: ignore[attr-defined]
    if found:
        for action in layout.solver_actions:
            found.setdefault(action, Forfeit())  # resolved by `resolve`
    return found


def resolve(
    layout: ActionLayout,
    state: RoundState,
    action: int,
    legal: Mapping[int, Move],
    time_limit: float | None,
) -> Move | None:
    """The move ``action`` makes in ``state``, or ``None`` if it is not legal there.

    The solver actions run `mexemexe.solver.best_play` (by cards or by points)
    within ``time_limit`` seconds; when it places nothing, they make the draw
    or the pass (whichever is legal), else the first listed play, else the forfeit.
    """
    move = legal.get(action)
    if move is None or action not in layout.solver_actions:
        return move
    for name, objective in ((BEST_BY_CARDS, "cards"), (BEST_BY_POINTS, "points")):
        if action == layout.start(name):
            best = best_play(state, objective=objective, time_limit=time_limit)  # type: ignore[arg-type]
            if best.placed:
                return best.move
            listed = list(legal.values())
            return next(
                (m for m in listed if isinstance(m, (Draw, Pass))),
                next((m for m in listed if isinstance(m, (LayDown, LayOff, Play))), Forfeit()),
            )
    return move


def illegal_action(layout: ActionLayout, action: object) -> IllegalMoveError:
    """The error for an action the mask does not mark, citing the turn's rule section."""
    rules = card_rules(layout.rules)
    what = f"action {quote(action)}"
    number = action_id(action)
    if number is not None and 0 <= number < layout.size:
        what += f" ({layout.describe(number)})"
    return IllegalMoveError(
        what, [Problem("only the actions the action_mask marks are legal", rules.section("turn"))]
    )


def deck_points(rules: GameRules) -> int:
    """The points of the rules' whole deck: the rewards' scale."""
    card = card_rules(rules)
    return max(1, card.hand_points(card.deck()))


def round_rewards(rules: GameRules, result: RoundResult) -> list[float]:
    """Each player's reward for the round ``result`` under ``rules`` (see the module's note)."""
    sign = -1.0 if penalty_scores(rules) else 1.0
    scale = deck_points(rules)
    winners = set(result.winners)
    rewards = []
    for player, score in enumerate(result.scores):
        u = max(-1.0, min(1.0, sign * score / scale))
        if not winners:
            rewards.append(0.5 * u)
        else:
            rewards.append((0.5 if player in winners else -0.5) + 0.5 * u)
    return rewards
