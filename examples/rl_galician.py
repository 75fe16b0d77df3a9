"""Train a linear agent to beat the random bot at two-player Galician rummy, on numpy alone.

The agent is a linear softmax policy over the legal actions of
`mexemexe.rl.single_agent_env("galician", opponent="random")`: each legal
action gets a short feature vector (what kind of move it is, and hand-shape
features read from the observation: how a card to discard or take fits the
hand's pairs and runs), and the policy picks action ``a`` with probability
proportional to ``exp(w · features(a))``. It learns ``w`` by REINFORCE with a
running-mean baseline from the round's reward (+0.5 or more for a win, -0.5
or less for a loss), playing seat 0 and seat 1 in turn. Every ``--eval-every``
training rounds it plays its greedy policy on the same held-out deals against
the random bot; the win rates over training are plotted to
``DIR/rl_galician.png`` (``--out DIR``; needs matplotlib, the ``examples``
extra). At the end it prints its win rate against the random bot and the
simple bot over ``--eval-rounds`` held-out rounds.

Usage:
    python examples/rl_galician.py [--seconds N | --episodes N] [--seed S] [--out DIR]

``--seconds`` stops training at a wall-clock budget (180 by default), so two
runs with the same seed agree up to where the clock cut them; ``--episodes N``
trains exactly N rounds instead, and the same seed then gives the same run.
Needs the ``rl`` extra (numpy, gymnasium, pettingzoo).
"""

from __future__ import annotations

import argparse
import importlib.util
import pathlib
import sys
import time
from collections.abc import Sequence

RL_NEEDS = ("numpy", "gymnasium", "pettingzoo")
MISSING = [name for name in RL_NEEDS if importlib.util.find_spec(name) is None]
if MISSING:  # the example explains itself instead of failing with a traceback
    print(f"needs {', '.join(MISSING)}: pip install 'mexemexe[rl,examples]'")
    sys.exit(1)

import numpy as np  # noqa: E402
import numpy.typing as npt  # noqa: E402

from mexemexe import rl  # noqa: E402

Floats = npt.NDArray[np.float64]

GAME = "galician"
#: The first seed of the held-out deals the agent is evaluated on (training deals come from --seed).
EVAL_SEED = 1_000_000
#: Card points (G9): ace 1, pips their value, J/Q/K 10; by rank index 0-12.
POINTS = np.array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10], dtype=np.float64)

FEATURES = (
    "draw stock",
    "take discard",
    "meld",
    "lay off",
    "discard",
    "meld size",
    "meld points",
    "lay-off points",
    "discard points",
    "discard: same rank in hand",
    "discard: run neighbours",
    "discard: run gap neighbours",
    "discard: copy in hand",
    "take: same rank in hand",
    "take: run neighbours",
    "take: points",
)


class Features:
    """Reads the observation of `mexemexe.rl` and gives each legal action its feature vector."""

    def __init__(self, env: rl.SingleAgentEnv) -> None:
        actions = env.aec.actions
        self.observations = env.aec.observations
        self.draw = actions.start("draw")
        self.take = actions.start("draw_discard")
        self.meld = actions.start("meld")
        self.layoff = actions.start("layoff")
        self.discard = actions.start("discard")
        self.melds = rl.meld_catalogue(env.aec.game.rules)

    def __call__(self, observation: Floats, legal: Sequence[int]) -> Floats:
        """One row of features per legal action id."""
        hand = self.observations.field(observation, "hand")[:52].reshape(13, 4)
        top = self.observations.field(observation, "pile_top")[:52]
        rows = np.zeros((len(legal), len(FEATURES)))
        for row, action in zip(rows, legal, strict=True):
            if action == self.draw:
                row[0] = 1.0
            elif action == self.take:
                row[1] = 1.0
                if top.any():
                    rank, suit = divmod(int(top.argmax()), 4)
                    row[13] = same_rank(hand, rank, suit)
                    row[14] = neighbours(hand, rank, suit, 1)
                    row[15] = POINTS[rank] / 10
            elif action < self.layoff:
                cards = self.melds[action - self.meld]
                row[2] = 1.0
                row[5] = len(cards) / 3
                row[6] = sum(POINTS[code // 4] for code in cards if code < 52) / 30
            elif action < self.discard:
                code = (action - self.layoff) % 53
                row[3] = 1.0
                row[7] = POINTS[code // 4] / 10 if code < 52 else 2.5
            else:
                rank, suit = divmod(action - self.discard, 4)
                row[4] = 1.0
                row[8] = POINTS[rank] / 10
                row[9] = same_rank(hand, rank, suit)
                row[10] = neighbours(hand, rank, suit, 1)
                row[11] = neighbours(hand, rank, suit, 2)
                row[12] = float(hand[rank, suit] > 1)
        return rows


def same_rank(hand: Floats, rank: int, suit: int) -> float:
    """How many other suits of ``rank`` the hand holds (a group, G1 melds, needs distinct suits)."""
    return float(np.count_nonzero(hand[rank]) - (hand[rank, suit] > 0))


def neighbours(hand: Floats, rank: int, suit: int, distance: int) -> float:
    """How many of the cards ``distance`` ranks away in the same suit the hand holds."""
    return float(sum(hand[r, suit] > 0 for r in (rank - distance, rank + distance) if 0 <= r < 13))


def softmax(scores: Floats) -> Floats:
    """Probabilities proportional to ``exp(scores)``."""
    exp = np.exp(scores - scores.max())
    return exp / exp.sum()


class Agent:
    """A linear softmax policy over the legal actions, learning by REINFORCE."""

    def __init__(self, features: Features, seed: int, learning_rate: float = 0.01) -> None:
        self.features = features
        self.weights = np.zeros(len(FEATURES))
        self.rng = np.random.default_rng(seed)
        self.learning_rate = learning_rate
        self.baseline = 0.0

    def act(
        self, observation: dict[str, npt.NDArray[np.generic]], rng: np.random.Generator
    ) -> tuple[int, Floats]:
        """An action id drawn from the policy and the gradient of its log-probability."""
        legal = np.flatnonzero(observation["action_mask"])
        rows = self.features(observation["observation"].astype(np.float64), legal.tolist())
        probabilities = softmax(rows @ self.weights)
        pick = int(rng.choice(len(legal), p=probabilities))
        return int(legal[pick]), rows[pick] - probabilities @ rows

    def play(self, env: rl.SingleAgentEnv, seed: int, learn: bool) -> float:
        """Play one round from ``env.reset(seed=seed)``; learn from it if ``learn``.

        Evaluation rounds draw the policy's choices from their own seed, so
        they do not disturb the training rounds' random numbers.
        """
        rng = self.rng if learn else np.random.default_rng(seed)
        observation, _ = env.reset(seed=seed)
        gradient = np.zeros_like(self.weights)
        reward, done = 0.0, False
        while not done:
            action, step_gradient = self.act(observation, rng)
            gradient += step_gradient
            observation, got, terminated, truncated, _ = env.step(action)
            reward, done = float(got), terminated or truncated
        if learn:
            self.weights += self.learning_rate * (reward - self.baseline) * gradient
            self.baseline += 0.05 * (reward - self.baseline)
        return reward


def win_rate(agent: Agent, envs: Sequence[rl.SingleAgentEnv], rounds: int) -> float:
    """The share of ``rounds`` held-out rounds the agent wins, taking the seats in turn."""
    wins = sum(agent.play(envs[i % 2], EVAL_SEED + i, learn=False) > 0 for i in range(rounds))
    return wins / rounds


def plot(
    history: Sequence[tuple[int, float]], rounds: int, out: pathlib.Path
) -> pathlib.Path | None:
    """Save the win rate over training as ``out/rl_galician.png``; ``None`` without matplotlib."""
    if importlib.util.find_spec("matplotlib") is None:
        return None
    import matplotlib

    matplotlib.use("Agg")  # no display needed
    from matplotlib import pyplot as plt

    figure, axes = plt.subplots(figsize=(6, 4))
    axes.plot([e for e, _ in history], [100 * w for _, w in history], marker="o")
    axes.axhline(50, color="grey", linestyle="--", label="even")
    axes.set_xlabel("training rounds")
    axes.set_ylabel(f"win rate vs random, % ({rounds} held-out rounds)")
    axes.set_title("Linear REINFORCE agent, two-player Galician rummy")
    axes.set_ylim(0, 100)
    axes.legend()
    out.mkdir(parents=True, exist_ok=True)
    path = out / "rl_galician.png"
    figure.savefig(path, dpi=100, bbox_inches="tight")
    plt.close(figure)
    return path


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--seconds", type=float, default=180.0, help="training budget (default 180)"
    )
    parser.add_argument("--episodes", type=int, help="train exactly this many rounds (no clock)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--out", type=pathlib.Path, default=pathlib.Path("."), help="where the PNG goes"
    )
    parser.add_argument(
        "--eval-every", type=int, default=200, help="training rounds between evaluations"
    )
    parser.add_argument(
        "--eval-progress", type=int, default=50, help="held-out rounds per evaluation"
    )
    parser.add_argument("--eval-rounds", type=int, default=200, help="held-out rounds at the end")
    args = parser.parse_args(argv)

    envs = [rl.single_agent_env(GAME, seat=seat, opponent="random") for seat in (0, 1)]
    agent = Agent(Features(envs[0]), args.seed)
    deals = np.random.default_rng(args.seed)
    history = [(0, win_rate(agent, envs, args.eval_progress))]
    print(f"round     0: win rate vs random {history[-1][1]:.0%}")
    deadline = time.monotonic() + args.seconds
    episode = 0
    while (episode < args.episodes) if args.episodes is not None else time.monotonic() < deadline:
        agent.play(envs[episode % 2], int(deals.integers(2**31)), learn=True)
        episode += 1
        if episode % args.eval_every == 0:
            history.append((episode, win_rate(agent, envs, args.eval_progress)))
            print(f"round {episode:5}: win rate vs random {history[-1][1]:.0%}", flush=True)
    if history[-1][0] != episode:
        history.append((episode, win_rate(agent, envs, args.eval_progress)))

    against_random = win_rate(agent, envs, args.eval_rounds)
    simple = [rl.single_agent_env(GAME, seat=seat, opponent="simple") for seat in (0, 1)]
    against_simple = win_rate(agent, simple, args.eval_rounds)
    print(
        "weights:", ", ".join(f"{n} {w:+.2f}" for n, w in zip(FEATURES, agent.weights, strict=True))
    )
    path = plot(history, args.eval_progress, args.out)
    print(
        f"plot: {path}"
        if path
        else "plot: skipped (pip install 'mexemexe[examples]' for matplotlib)"
    )
    print(
        f"after {episode} training rounds, over {args.eval_rounds} held-out rounds: "
        f"win rate vs random {against_random:.1%}, vs simple {against_simple:.1%}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
