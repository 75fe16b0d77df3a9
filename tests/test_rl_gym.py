"""Gymnasium single-agent environments of `mexemexe.rl` (#31): checker, bots, penalty."""

from __future__ import annotations

import warnings

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from mexemexe import MexeMexeError, game_names, rl  # noqa: E402

GAMES = game_names()


@pytest.mark.parametrize("game", GAMES)
def test_check_env_passes(game: str) -> None:
    """gymnasium.utils.env_checker.check_env passes on every game's single-agent environment."""
    with warnings.catch_warnings():
        # The observation box has no upper bound (a turn count), which the checker remarks on.
        warnings.filterwarnings("ignore", message=".*infinity.*")
        warnings.filterwarnings("ignore", message=".*spec.*")
        check_env(rl.single_agent_env(game, solver_time_limit=0.05), skip_render_check=True)


def test_unmasked_action_is_penalised_and_changes_nothing() -> None:
    """An unmasked action rewards illegal_penalty, keeps the state and says so in info."""
    env = rl.single_agent_env("galician", illegal_penalty=-0.25)
    obs, _ = env.reset(seed=1)
    before = env.aec.round_state
    illegal = int(obs["action_mask"].argmin())
    again, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info) == (-0.25, False, False, {"illegal": True})
    assert env.aec.round_state is before
    assert np.array_equal(again["observation"], obs["observation"])


def test_refused_steps_count_toward_max_steps() -> None:
    """A learner stepping only unmasked actions is truncated after max_steps steps."""
    env = rl.single_agent_env("galician", max_steps=5)
    obs, _ = env.reset(seed=1)
    illegal = int(obs["action_mask"].argmin())
    truncations = [env.step(illegal)[3] for _ in range(5 - env.aec.steps)]
    assert truncations[-1] is True
    assert not any(truncations[:-1])


def test_bool_action_is_penalised() -> None:
    """step(True) is an unmasked action (a bool is not an id), even where action 1 is legal."""
    env = rl.single_agent_env("galician")
    obs, _ = env.reset(seed=0)
    assert obs["action_mask"][1] == 1  # G4: taking the discard is legal here
    _, _, _, _, info = env.step(True)  # type: ignore[arg-type]
    assert info == {"illegal": True}


def test_step_after_the_end_warns_and_changes_nothing() -> None:
    """A step once the round is over warns and rewards 0, as Gymnasium's environments do."""
    env = rl.single_agent_env("galician", max_steps=1)
    obs, _ = env.reset(seed=1)
    illegal = int(obs["action_mask"].argmin())
    assert env.step(illegal)[3] is True
    with pytest.warns(UserWarning, match="reset"):
        _, reward, _, truncated, _ = env.step(illegal)
    assert (reward, truncated) == (0.0, True)


def test_bots_play_the_other_seats() -> None:
    """After reset and each step it is the learner's turn (or the round is over)."""
    env = rl.single_agent_env("maumau", players=4, seat=2, opponent="random")
    obs, _ = env.reset(seed=3)
    for _ in range(200):
        assert env.aec.round_state.current_player == 2
        action = int(np.flatnonzero(obs["action_mask"])[-1])
        obs, _, terminated, truncated, _ = env.step(action)
        if terminated or truncated:
            break
    assert terminated


def test_round_reward_arrives_at_the_end() -> None:
    """The step that ends the round returns the learner's round reward; others return 0."""
    env = rl.single_agent_env("maumau")
    obs, _ = env.reset(seed=4)
    rewards = []
    terminated = truncated = False
    while not (terminated or truncated):
        action = int(np.flatnonzero(obs["action_mask"])[-1])
        obs, reward, terminated, truncated, _ = env.step(action)
        rewards.append(reward)
    result = env.aec.round_state.result
    assert result is not None
    assert rewards[-1] == pytest.approx(rl.round_rewards(env.aec.game.rules, result)[0])
    assert all(r == 0 for r in rewards[:-1])


def test_same_seed_same_round() -> None:
    """reset(seed=...) deals the same round and seats the same bots."""
    first, second = rl.single_agent_env("galician"), rl.single_agent_env("galician")
    a, _ = first.reset(seed=7)
    b, _ = second.reset(seed=7)
    assert first.aec.round_state == second.aec.round_state
    assert np.array_equal(a["observation"], b["observation"])


def test_unknown_bot_is_refused() -> None:
    """An opponent name the game has no bot for is a MexeMexeError."""
    with pytest.raises(MexeMexeError, match="no bot"):
        rl.single_agent_env("galician", opponent="nobody")


def test_bad_seat_is_refused() -> None:
    """A learner seat outside the round's seats is a MexeMexeError."""
    with pytest.raises(MexeMexeError, match="seat"):
        rl.single_agent_env("galician", players=2, seat=2)


def test_bots_are_not_seeded_like_the_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """No bot gets the deal's seed (it would choose in step with the shuffle)."""
    from mexemexe.games import Game

    seeds: dict[str, list[object]] = {"deal": [], "bot": []}
    deal, bot = Game.deal, Game.bot

    def deal_spy(self: Game, players: int, *, seed: object, **kw: object) -> object:
        seeds["deal"].append(seed)
        return deal(self, players, seed=seed, **kw)  # type: ignore[arg-type]

    def bot_spy(self: Game, name: str, seed: object = None) -> object:
        seeds["bot"].append(seed)
        return bot(self, name, seed)  # type: ignore[arg-type]

    monkeypatch.setattr(Game, "deal", deal_spy)
    monkeypatch.setattr(Game, "bot", bot_spy)
    env = rl.single_agent_env("maumau", players=3, seat=1, opponent="random")
    seeds["bot"].clear()
    env.reset(seed=3)
    assert len(seeds["bot"]) == 3
    assert seeds["deal"][-1] not in seeds["bot"]
