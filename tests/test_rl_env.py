"""The PettingZoo environments of `mexemexe.rl` pass PettingZoo's own checks (#31)."""

from __future__ import annotations

import warnings

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402
from pettingzoo.utils.conversions import aec_to_parallel  # noqa: E402

from mexemexe import IllegalMoveError, MexeMexeError, game_names, get_game, rl  # noqa: E402

GAMES = game_names()


@pytest.fixture(autouse=True)
def _quiet() -> None:
    # PettingZoo warns about every dict observation (as for its own classic games).
    warnings.filterwarnings("ignore", module="pettingzoo")


@pytest.mark.parametrize("game", GAMES)
def test_api_test_passes(game: str) -> None:
    """pettingzoo.test.api_test passes on every registered game's environment."""
    api_test(rl.env(game, solver_time_limit=0.05), num_cycles=20)


@pytest.mark.parametrize("game", GAMES)
def test_seed_test_passes(game: str) -> None:
    """pettingzoo.test.seed_test: the same seed plays the same round."""
    seed_test(lambda: rl.env(game, solver_time_limit=None), num_cycles=15)


@pytest.mark.parametrize("game", GAMES)
def test_parallel_api_does_not_apply(game: str) -> None:
    """A turn-based round is not parallelizable: PettingZoo's wrapper refuses it."""
    env = rl.env(game)
    assert env.metadata["is_parallelizable"] is False
    with pytest.raises(AssertionError):
        aec_to_parallel(env)


def test_every_seat_is_an_agent() -> None:
    """Agents are player_0 … player_{n-1}, all seated at reset."""
    env = rl.env("maumau", players=4)
    env.reset(seed=1)
    assert env.agents == env.possible_agents == [f"player_{p}" for p in range(4)]


def test_unmasked_action_raises() -> None:
    """An action the mask does not mark raises IllegalMoveError (PettingZoo convention, G4)."""
    env = rl.env("galician")
    env.reset(seed=2)
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(mask.argmin())
    assert mask[illegal] == 0
    with pytest.raises(IllegalMoveError, match="action_mask"):
        env.step(illegal)


def test_unmasked_action_has_its_code() -> None:
    """The refusal of an unmasked action carries the problem code action_not_masked (G4)."""
    env = rl.env("galician")
    env.reset(seed=2)
    with pytest.raises(IllegalMoveError) as refused:
        env.step(env.actions.size)
    assert [p.code for p in refused.value.problems] == ["action_not_masked"]


def test_bool_action_is_refused() -> None:
    """step(True) is refused, not read as action 1: a bool is not an action id."""
    env = rl.env("maumau")
    env.reset(seed=5)
    before = env.round_state
    with pytest.raises(IllegalMoveError, match="action True"):
        env.step(True)
    assert env.round_state is before


@pytest.mark.parametrize("wrap", [int, np.int64, np.array], ids=["int", "np.int64", "0-d array"])
def test_integer_actions_are_accepted(wrap: object) -> None:
    """An int, a NumPy integer and a 0-d integer array all play the same legal action."""
    env = rl.env("maumau")
    env.reset(seed=5)
    legal = int(env.observe(env.agent_selection)["action_mask"].nonzero()[0][0])
    env.step(wrap(legal))  # type: ignore[operator]
    assert env.steps == 1


def test_too_many_players_is_refused() -> None:
    """A player count outside the rules' range is a MexeMexeError (B2, M1)."""
    with pytest.raises(MexeMexeError, match="players"):
        rl.env("galician", players=get_game("galician").rules.max_players + 1)


def test_profile_settings_change_the_rules() -> None:
    """Keyword settings evolve the registered rules (here R4's opening minimum)."""
    env = rl.env("rummikub", min_opening_points=30)
    assert env.game.rules.min_opening_points == 30


def test_unknown_setting_is_refused() -> None:
    """A setting that is not a field of the rules is a MexeMexeError."""
    with pytest.raises(MexeMexeError, match="no_such_setting"):
        rl.env("galician", no_such_setting=1)


@pytest.mark.parametrize("mode", ["ansi", "svg"])
def test_render_modes(mode: str) -> None:
    """render() gives the state's text ("ansi") or the package's SVG picture ("svg")."""
    env = rl.env("brazilian", render_mode=mode)
    env.reset(seed=3)
    picture = env.render()
    assert isinstance(picture, str)
    assert picture.startswith("<svg") if mode == "svg" else picture == str(env.round_state)


def test_round_ends_with_every_agent_terminated() -> None:
    """Playing masked actions to the end terminates every agent and then empties agents."""
    env = rl.env("maumau", players=3)
    env.reset(seed=4)
    for agent in env.agent_iter(max_iter=5_000):
        _, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        mask = env.observe(agent)["action_mask"]
        env.step(int(mask.nonzero()[0][-1]))
    assert env.agents == []
    assert env.round_state.result is not None


def test_unknown_agent_is_refused() -> None:
    """observe() of an agent that is not seated is a MexeMexeError, not a KeyError."""
    env = rl.env("galician")
    env.reset(seed=1)
    with pytest.raises(MexeMexeError, match="'player_9'"):
        env.observe("player_9")


def test_step_before_reset_is_refused() -> None:
    """step() before the first reset() is a MexeMexeError that says to reset."""
    with pytest.raises(MexeMexeError, match="reset"):
        rl.env("maumau").step(0)


@pytest.mark.parametrize(
    "setting",
    [{"max_steps": 0}, {"max_steps": "9"}, {"solver_time_limit": -1}, {"players": "2"}],
    ids=["max_steps=0", "max_steps='9'", "solver_time_limit=-1", "players='2'"],
)
def test_bad_environment_argument_is_refused(setting: dict[str, object]) -> None:
    """A bad player count, step cap or solver limit fails when the environment is built."""
    with pytest.raises(MexeMexeError, match=next(iter(setting))):
        rl.env("brazilian", **setting)  # type: ignore[arg-type]


def test_observation_field_unknown_name_is_refused() -> None:
    """layout.field(vector, name) of a name it lacks is a MexeMexeError naming the fields."""
    env = rl.env("maumau")
    env.reset(seed=1)
    vector = env.observe("player_0")["observation"]
    with pytest.raises(MexeMexeError, match="'nope'"):
        env.observations.field(vector, "nope")


def test_state_method_is_left_to_pettingzoo() -> None:
    """The round is env.round_state, so PettingZoo's state() is its own (not implemented)."""
    env = rl.env("galician")
    env.reset(seed=1)
    assert env.round_state.current_player == 0
    with pytest.raises(NotImplementedError):
        env.state()
