"""A Gymnasium single-agent environment: one seat learns, the game's bundled bots play the rest."""

from __future__ import annotations

from collections.abc import Mapping
from typing import SupportsFloat, cast

import gymnasium
import numpy as np
from gymnasium import logger

from .._errors import ProfileError
from .._kinds import quote
from ..bots import Bot
from ..games import Game
from ._aec import MexeMexeEnv, Observation
from ._round import action_id, is_whole

__all__ = ["SingleAgentEnv"]

#: What `SingleAgentEnv.step` returns: observation, reward, terminated, truncated, info.
StepResult = tuple[Observation, SupportsFloat, bool, bool, dict[str, object]]


class SingleAgentEnv(gymnasium.Env[Observation, np.int64]):
    """One round of a game for one learning seat; see `mexemexe.rl.single_agent_env`.

    An action the mask does not mark is not played: the state stays as it
    was, the step rewards ``illegal_penalty`` and its info says
    ``{"illegal": True}`` (Gymnasium's checker steps unmasked random actions).
    Refused steps count toward ``max_steps`` like played ones, so the
    episode is truncated even if the learner never plays a legal action.

    ``render()`` draws the whole round, every hand included: it is for a
    person watching the game, not an observation (the learner's
    observation holds only its own view).
    """

    # Gymnasium declares it an instance attribute, so it cannot be a ClassVar here.
    metadata: dict[str, object] = {"render_modes": ["ansi", "svg"]}  # noqa: RUF012

    def __init__(
        self,
        game: str | Game,
        *,
        players: int = 2,
        seat: int = 0,
        opponent: str | None = None,
        illegal_penalty: float = -1.0,
        render_mode: str | None = None,
        max_steps: int = 10_000,
        solver_time_limit: float | None = 0.5,
        **settings: object,
    ) -> None:
        self.aec = MexeMexeEnv(
            game,
            players=players,
            render_mode=render_mode,
            max_steps=max_steps,
            solver_time_limit=solver_time_limit,
            **settings,
        )
        if not is_whole(seat) or not 0 <= seat < players:
            raise ProfileError(f"seat {quote(seat)}: the seats are 0-{players - 1}")
        self.seat = seat
        self.agent = self.aec.possible_agents[seat]
        self.opponent = self.aec.game.default_bot if opponent is None else opponent
        self.aec.game.bot(self.opponent)  # an unknown bot name fails here, not at reset
        self.illegal_penalty = illegal_penalty
        self.render_mode = render_mode
        self.observation_space = cast(
            "gymnasium.spaces.Space[Observation]", self.aec.observation_space(self.agent)
        )
        self.action_space = cast(
            "gymnasium.spaces.Space[np.int64]", self.aec.action_space(self.agent)
        )
        self._bots: list[Bot] = []

    def reset(
        self, *, seed: int | None = None, options: Mapping[str, object] | None = None
    ) -> tuple[Observation, dict[str, object]]:
        """Deal a new round and play the bots up to the learner's first turn."""
        super().reset(seed=seed)
        # Each bot draws its own seed from the episode's generator: a bot seeded like the
        # deal would choose in step with the shuffle.
        seeds = self.np_random.integers(2**32, size=1 + len(self.aec.possible_agents))
        self.aec.reset(seed=int(seeds[0]))
        self._bots = [self.aec.game.bot(self.opponent, int(seed)) for seed in seeds[1:]]
        self._play_bots()
        return self.aec.observe(self.agent), {}

    def _play_bots(self) -> None:
        """Let the bots move until it is the learner's turn or the round ends."""
        aec = self.aec
        while not aec.terminations[self.agent] and not aec.truncations[self.agent]:
            current = aec.round_state.current_player
            if current == self.seat:
                return
            move = self._bots[current].choose(aec.round_state.view(current))
            aec.step_move(move)

    def step(self, action: np.int64 | int) -> StepResult:
        """Play ``action`` for the learner, then the bots; an unmasked action is penalised.

        A step after the round ended (call ``reset``) changes nothing: it
        warns, as Gymnasium's own environments do, and rewards 0.
        """
        aec = self.aec
        terminated = aec.terminations[self.agent]
        truncated = aec.truncations[self.agent]
        if terminated or truncated:
            logger.warn("step() called after the round ended: call reset() first")
            return aec.observe(self.agent), 0.0, terminated, truncated, {}
        number = action_id(action)
        if number is None or number not in aec.legal():
            truncated = aec.count_step()
            info: dict[str, object] = {"illegal": True}
            return aec.observe(self.agent), self.illegal_penalty, False, truncated, info
        aec.step(number)
        self._play_bots()
        reward = aec._cumulative_rewards[self.agent]
        terminated = aec.terminations[self.agent]
        truncated = aec.truncations[self.agent]
        return aec.observe(self.agent), reward, terminated, truncated, {}

    def render(self) -> str | None:
        """The whole round, every hand shown, as text (``"ansi"``) or SVG (``"svg"``)."""
        return self.aec.render()
