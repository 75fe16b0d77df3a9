"""The PettingZoo AEC environment of one registered game: one round, every seat an agent."""

from __future__ import annotations

import random
from collections.abc import Mapping

import numpy as np
from gymnasium import logger, spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from .._errors import MexeMexeError, ProfileError, SolverInputError
from .._kinds import quote
from .._moves import Move
from ..games import Game, RoundState
from ..render import svg
from ..solver._inputs import _deadline
from ._actions import ActionLayout, Mask, layout_for
from ._observe import ObservationLayout, Vector, observation_layout
from ._round import (
    action_id,
    find_game,
    illegal_action,
    is_whole,
    legal_actions,
    resolve,
    round_rewards,
)

__all__ = ["MexeMexeEnv", "Observation"]

#: The render modes: the state's text, or the package's SVG picture of it.
RENDER_MODES = ("ansi", "svg")
#: What `MexeMexeEnv.observe` returns: ``{"observation": vector, "action_mask": mask}``.
Observation = dict[str, "Vector | Mask"]


def observation_space(observations: ObservationLayout, actions: ActionLayout) -> spaces.Dict:
    """The space of the ``{"observation", "action_mask"}`` dicts of a game."""
    return spaces.Dict(
        {
            "observation": spaces.Box(0.0, np.inf, (observations.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (actions.size,), np.int8),
        }
    )


class MexeMexeEnv(AECEnv):  # type: ignore[misc]
    """One round of a registered game as a PettingZoo AEC environment (see `mexemexe.rl.env`)."""

    # An instance attribute in PettingZoo (each instance names its game), not a ClassVar.
    metadata: dict[str, object] = {  # noqa: RUF012
        "render_modes": list(RENDER_MODES),
        "name": "mexemexe_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str | Game,
        *,
        players: int = 2,
        render_mode: str | None = None,
        max_steps: int = 10_000,
        solver_time_limit: float | None = 0.5,
        **settings: object,
    ) -> None:
        super().__init__()
        self.game = find_game(game, settings)
        problem = self.game.players_problem(players) if is_whole(players) else "not a whole number"
        if problem is not None:
            raise ProfileError(f"players {quote(players)}: {problem}")
        if render_mode not in (None, *RENDER_MODES):
            raise ProfileError(f"render_mode {quote(render_mode)}: one of None, 'ansi', 'svg'")
        if not is_whole(max_steps) or max_steps < 1:
            raise ProfileError(f"max_steps {quote(max_steps)}: a whole number of at least 1")
        try:
            _deadline(solver_time_limit)  # the solver's own check, now rather than at a step
        except (SolverInputError, TypeError) as err:
            raise ProfileError(f"solver_time_limit {quote(solver_time_limit)}: {err}") from None
        self.render_mode = render_mode
        self.players = players
        self.max_steps = max_steps
        self.solver_time_limit = solver_time_limit
        self.actions = layout_for(self.game.rules)
        self.observations = observation_layout(self.game.rules)
        self.metadata = {**self.metadata, "name": f"mexemexe_{self.game.name}_v0"}
        self.possible_agents = [f"player_{p}" for p in range(players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._obs_spaces = {
            a: observation_space(self.observations, self.actions) for a in self.possible_agents
        }
        self._act_spaces = {a: spaces.Discrete(self.actions.size) for a in self.possible_agents}
        self._rng = random.Random()
        self._legal: tuple[RoundState | None, dict[int, Move]] = (None, {})
        self.round_state: RoundState = self.game.deal(players, seed=0)
        self.steps = 0

    def seat(self, agent: str) -> int:
        """The seat (player number) of ``agent``.

        Raises:
            MexeMexeError: If ``agent`` is not one of ``possible_agents``.
        """
        seat = self._seats.get(agent) if isinstance(agent, str) else None
        if seat is None:
            raise MexeMexeError(f"agent {quote(agent)}: the agents are {self.possible_agents}")
        return seat

    def observation_space(self, agent: str) -> spaces.Dict:
        """The observation space of ``agent`` (the same object each time).

        Raises:
            MexeMexeError: If ``agent`` is not one of ``possible_agents``.
        """
        self.seat(agent)  # an unknown agent is refused here
        return self._obs_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        """The action space of ``agent``: ``Discrete(n)`` over the game's action ids.

        Raises:
            MexeMexeError: If ``agent`` is not one of ``possible_agents``.
        """
        self.seat(agent)  # an unknown agent is refused here
        return self._act_spaces[agent]

    def reset(self, seed: int | None = None, options: Mapping[str, object] | None = None) -> None:
        """Deal a new round; ``seed`` seeds this deal and the ones after it."""
        if seed is not None:
            self._rng = random.Random(seed)
        self.round_state = self.game.deal(self.players, seed=self._rng.randrange(2**32))
        self.steps = 0
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, object]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.round_state.current_player]

    def legal(self) -> dict[int, Move]:
        """The current player's legal action ids and the move each makes."""
        state, found = self._legal
        if state is not self.round_state:
            found = (
                {}
                if self.round_state.result is not None
                else legal_actions(self.actions, self.round_state)
            )
            self._legal = (self.round_state, found)
        return found

    def observe(self, agent: str) -> Observation:
        """What ``agent`` sees (its view only) and its action mask (zeros off its turn).

        Raises:
            MexeMexeError: If ``agent`` is not one of ``possible_agents``.
        """
        player = self.seat(agent)
        vector = self.observations.encode(self.round_state.view(player), self.players)
        mask = np.zeros(self.actions.size, dtype=np.int8)
        if player == self.round_state.current_player:
            for action in self.legal():  # a few ids: faster one by one than as a list
                mask[action] = 1
        return {"observation": vector, "action_mask": mask}

    def step(self, action: int | np.integer | np.ndarray | None) -> None:
        """Make ``action`` for the agent to move.

        Args:
            action: An action id: an ``int``, a NumPy integer or a 0-d NumPy
                integer array (``None`` only for an agent whose round is over,
                as PettingZoo asks).

        Raises:
            IllegalMoveError: If ``action`` is not an integer (a ``bool``
                included) or the action mask does not mark it.
            MexeMexeError: If no round is under way: before the first
                ``reset``, or once every agent has left the ended round.
        """
        if not getattr(self, "agents", None):
            raise MexeMexeError("no round is under way: call reset() first")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        move = None
        number = action_id(action)
        if number is not None:
            move = resolve(
                self.actions, self.round_state, number, self.legal(), self.solver_time_limit
            )
        if move is None:
            raise illegal_action(self.actions, action)
        self.step_move(move)

    def step_move(self, move: Move) -> None:
        """Make ``move`` (any move the state accepts, expressible by an action or not).

        The bots of the single-agent environment play through it.

        Raises:
            IllegalMoveError: If the state refuses the move.
        """
        agent = self.agent_selection
        self._cumulative_rewards[agent] = 0.0
        self.round_state = self.round_state.apply(move)
        self.count_step()
        result = self.round_state.result
        if result is not None:
            for name, reward in zip(
                self.agents, round_rewards(self.game.rules, result), strict=True
            ):
                self.rewards[name] = reward
                self.terminations[name] = True
            # Only now: every reward is 0 until the round ends, so there is nothing to add before.
            self._accumulate_rewards()
        self.agent_selection = self.possible_agents[self.round_state.current_player]

    def count_step(self) -> bool:
        """Count one step toward ``max_steps``; whether the round is now truncated.

        Every move counts, and so does each refused action of the
        single-agent environment, so a learner stuck on unmasked actions
        still reaches the truncation.
        """
        self.steps += 1
        if self.steps >= self.max_steps and self.round_state.result is None:
            self.truncations = dict.fromkeys(self.agents, True)
        return self.truncations.get(self.agent_selection, False)

    def render(self) -> str | None:
        """The round as text (``render_mode="ansi"``) or as an SVG picture (``"svg"``)."""
        if self.render_mode is None:
            logger.warn("render() called without a render_mode: pass 'ansi' or 'svg' to env()")
            return None
        if self.render_mode == "svg":
            return svg.state(self.round_state)
        return str(self.round_state)

    def close(self) -> None:
        """Nothing to release."""
