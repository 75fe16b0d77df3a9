"""Learning environments for every registered game (PettingZoo AEC and Gymnasium).

An optional part of the package (the ``rl`` extra: numpy, gymnasium,
pettingzoo), imported only as ``import mexemexe.rl``; the rest of the package
never imports it. See docs/howto/rl.md for the action ids, the observation
fields and the rewards.
"""

from __future__ import annotations

from ..games import Game
from ._actions import ActionLayout, layout_for
from ._aec import MexeMexeEnv
from ._catalogue import meld_catalogue
from ._gym import SingleAgentEnv
from ._observe import ObservationLayout, observation_layout
from ._round import round_rewards

__all__ = [
    "ActionLayout",
    "MexeMexeEnv",
    "ObservationLayout",
    "SingleAgentEnv",
    "env",
    "layout_for",
    "meld_catalogue",
    "observation_layout",
    "round_rewards",
    "single_agent_env",
]


def env(
    game: str | Game,
    *,
    players: int = 2,
    render_mode: str | None = None,
    max_steps: int = 10_000,
    solver_time_limit: float | None = 0.5,
    **profile_settings: object,
) -> MexeMexeEnv:
    """A PettingZoo AEC environment playing one round of ``game``.

    Args:
        game: A registered game's name (``mexemexe.game_names()``) or a `Game`.
        players: How many seats (agents ``player_0`` …), within the rules' range.
        render_mode: ``"ansi"`` (text), ``"svg"`` (a picture) or ``None``.
        max_steps: Truncate the round after this many moves.
        solver_time_limit: Seconds the shared-table solver actions may search.
        **profile_settings: Rules fields to change (``min_opening_points=30`` …).

    Returns:
        The environment; call ``reset(seed=...)`` before playing.

    Raises:
        ProfileError: If the game, a setting, the player count or the render mode is unknown.

    Examples:
        >>> from mexemexe import rl
        >>> e = rl.env("galician")
        >>> e.reset(seed=1)
        >>> e.agent_selection, int(e.action_space("player_0").n)
        ('player_0', 2186)
    """
    return MexeMexeEnv(
        game,
        players=players,
        render_mode=render_mode,
        max_steps=max_steps,
        solver_time_limit=solver_time_limit,
        **profile_settings,
    )


def single_agent_env(
    game: str | Game,
    *,
    players: int = 2,
    seat: int = 0,
    opponent: str | None = None,
    illegal_penalty: float = -1.0,
    render_mode: str | None = None,
    max_steps: int = 10_000,
    solver_time_limit: float | None = 0.5,
    **profile_settings: object,
) -> SingleAgentEnv:
    """A Gymnasium environment: seat ``seat`` learns, the game's bot ``opponent`` plays the rest.

    Observations and action ids are those of `env`. An action the mask does
    not mark changes nothing and rewards ``illegal_penalty``, with
    ``info["illegal"]`` true, instead of raising.

    Args:
        game: A registered game's name or a `Game`.
        players: How many seats.
        seat: The learner's seat.
        opponent: The bundled bot playing the other seats (default: the game's default bot).
        illegal_penalty: The reward of an unmasked action.
        render_mode: ``"ansi"``, ``"svg"`` or ``None``.
        max_steps: Truncate the round after this many moves (all seats').
        solver_time_limit: Seconds the shared-table solver actions may search.
        **profile_settings: Rules fields to change.

    Raises:
        ProfileError: If the game, a setting, the seat, the bot or the render mode is unknown.
    """
    return SingleAgentEnv(
        game,
        players=players,
        seat=seat,
        opponent=opponent,
        illegal_penalty=illegal_penalty,
        render_mode=render_mode,
        max_steps=max_steps,
        solver_time_limit=solver_time_limit,
        **profile_settings,
    )
