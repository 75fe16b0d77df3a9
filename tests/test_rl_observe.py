"""Observations of `mexemexe.rl` hold only the player's view; rewards rank winners first (#31)."""

from __future__ import annotations

import random
import warnings

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from mexemexe import RoundResult, game_names, get_game, rl  # noqa: E402
from mexemexe.testing import redeal_hidden  # noqa: E402

GAMES = game_names()


def _played(game: str, seed: int, moves: int):  # type: ignore[no-untyped-def]
    """An environment of ``game`` after ``moves`` random masked actions from ``seed``."""
    env = rl.env(game, players=3, solver_time_limit=0.05)
    env.reset(seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if env.round_state.result is not None:
            break
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(rng.choice(mask.nonzero()[0].tolist()))
    return env


@pytest.mark.parametrize("game", GAMES)
def test_hidden_cards_do_not_change_the_observation(game: str) -> None:
    """Re-dealing the cards hidden from a player (others' hands, stock) keeps its observation."""
    checked = 0
    for seed in range(6):
        env = _played(game, seed, moves=5 + 7 * seed)
        for player, agent in enumerate(env.possible_agents):
            other = redeal_hidden(env.round_state, player, seed=seed)
            if other is None or other == env.round_state:
                continue
            before = env.observe(agent)
            env.round_state, kept = other, env.round_state
            after = env.observe(agent)
            env.round_state = kept
            assert np.array_equal(before["observation"], after["observation"])
            assert np.array_equal(before["action_mask"], after["action_mask"])
            checked += 1
    assert checked


@pytest.mark.parametrize("game", GAMES)
def test_observation_fits_its_space(game: str) -> None:
    """Observations are float32 vectors of the layout's size, inside the observation space."""
    env = _played(game, 1, moves=10)
    for agent in env.possible_agents:
        seen = env.observe(agent)
        assert seen["observation"].dtype == np.float32
        assert seen["observation"].shape == (env.observations.size,)
        assert env.observation_space(agent).contains(seen)


def test_hand_field_counts_the_hand() -> None:
    """The "hand" field counts each card code of the player's own hand."""
    env = _played("galician", 2, moves=3)
    for player, agent in enumerate(env.possible_agents):
        hand = env.observations.field(env.observe(agent)["observation"], "hand")
        assert hand.sum() == len(env.round_state.hands[player])
        for card in env.round_state.hands[player]:
            assert hand[card.code] >= 1


def test_seats_are_counted_from_the_player() -> None:
    """hand_sizes starts with the observing player's own hand size."""
    env = _played("maumau", 3, moves=4)
    for player, agent in enumerate(env.possible_agents):
        sizes = env.observations.field(env.observe(agent)["observation"], "hand_sizes")
        assert sizes[0] == len(env.round_state.hands[player])
        assert sizes[1] == len(env.round_state.hands[(player + 1) % 3])


def test_fields_are_documented() -> None:
    """Every field has a name, a positive size and a description, and the sizes add up."""
    layout = rl.observation_layout(get_game("brazilian").rules)
    assert all(name and size > 0 and text for name, size, text in layout.fields)
    assert sum(size for _, size, _ in layout.fields) == layout.size


@pytest.mark.parametrize("game", GAMES)
def test_winners_never_get_less_than_losers(game: str) -> None:
    """Round rewards: each winner's reward is at least every loser's, all within [-1, 1]."""
    for seed in range(3):
        env = _played(game, seed, moves=3_000)
        result = env.round_state.result
        if result is None:
            continue
        rewards = rl.round_rewards(env.game.rules, result)
        assert all(-1 <= r <= 1 for r in rewards)
        losers = [r for p, r in enumerate(rewards) if p not in result.winners]
        for winner in result.winners:
            assert all(rewards[winner] >= r for r in losers)


def test_penalty_scores_are_negated() -> None:
    """Brazilian scores are penalties (B10): fewer points left gives the higher reward."""
    rules = get_game("brazilian").rules
    result = RoundResult("stock", (0,), (5, 40), (5, 40))
    low, high = rl.round_rewards(rules, result)
    assert low > high


def test_winner_failed_plays_still_rank_first() -> None:
    """A winner charged for failed plays (B8) still gets more than a loser with fewer points."""
    rules = get_game("brazilian").rules
    result = RoundResult("out", (0,), (0, 5), (60, 5), failed_plays=(2, 0))
    winner, loser = rl.round_rewards(rules, result)
    assert winner > loser


def test_round_without_winner_is_near_zero() -> None:
    """G8's recycling cap (no winner, no score) rewards everyone 0."""
    rules = get_game("galician").rules
    result = RoundResult("recycles", (), (10, 20), (0, 0))
    assert rl.round_rewards(rules, result) == [0.0, 0.0]


def test_terminal_rewards_reach_every_agent() -> None:
    """At the end of a round the accumulated rewards are the round rewards."""
    warnings.filterwarnings("ignore", module="pettingzoo")
    env = _played("maumau", 5, moves=5_000)
    assert env.round_state.result is not None
    expected = rl.round_rewards(env.game.rules, env.round_state.result)
    got = [env._cumulative_rewards[a] for a in env.possible_agents]
    assert got == pytest.approx(expected)
