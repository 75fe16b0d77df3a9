"""Action ids and masks of `mexemexe.rl` (#31): fixed ids, masks equal to the legal moves."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from mexemexe import Forfeit, Play, deal, game_names, get_game, rl
from mexemexe.rl._actions import BEST_BY_CARDS, BEST_BY_POINTS
from mexemexe.rl._round import legal_actions

GAMES = game_names()


def _primitive(game: str) -> bool:
    """Whether the game's layout gives every legal move an id (not a shared table)."""
    return rl.layout_for(get_game(game).rules).start(BEST_BY_CARDS) < 0


def _random_states(game: str, rounds: int = 4, moves: int = 120):  # type: ignore[no-untyped-def]
    """States of seeded random rounds of ``game`` (2-4 players)."""
    the_game = get_game(game)
    for seed in range(rounds):
        rng = random.Random(seed)
        state = the_game.deal(2 + seed % 3, seed=seed)
        for _ in range(moves):
            if state.result is not None:
                break
            yield state
            state = state.apply(rng.choice(state.legal_moves()))


@pytest.mark.parametrize("game", [g for g in GAMES if _primitive(g)])
def test_mask_is_exactly_the_legal_moves(game: str) -> None:
    """Discard games and Mau-Mau (G4, M2): one id per legal move, and the mask is those ids."""
    envs = {n: rl.env(game, players=n) for n in (2, 3, 4)}
    for state in _random_states(game):
        env = envs[state.players]
        env.round_state = state
        legal = state.legal_moves()
        mask = env.observe(env.possible_agents[state.current_player])["action_mask"]
        ids = {env.actions.encode(move, getattr(state, "table", ())) for move in legal}
        assert None not in ids
        assert len(ids) == len(legal), "two legal moves share an id"
        assert set(mask.nonzero()[0].tolist()) == ids


@pytest.mark.parametrize("game", [g for g in GAMES if _primitive(g)])
def test_each_id_makes_its_move(game: str) -> None:
    """Stepping a masked id makes exactly the move that id encodes."""
    env = rl.env(game)
    for state in _random_states(game, rounds=2, moves=40):
        for action, move in legal_actions(env.actions, state).items():
            table = getattr(state, "table", None)
            assert env.actions.encode(move, table.melds if table is not None else ()) == action


@pytest.mark.parametrize("game", [g for g in GAMES if not _primitive(g)])
def test_shared_table_mask_is_the_listed_moves_and_the_solver(game: str) -> None:
    """Shared table (B6, R4): the mask is every listed move's id plus the two solver actions."""
    envs = {n: rl.env(game, players=n) for n in (2, 3, 4)}
    layout = envs[2].actions
    for state in _random_states(game, rounds=2, moves=60):
        env = envs[state.players]
        env.round_state = state
        mask = env.observe(env.possible_agents[state.current_player])["action_mask"]
        ids = {layout.encode(move, state.table.melds) for move in state.legal_moves()}
        assert None not in ids
        solver = {layout.start(BEST_BY_CARDS), layout.start(BEST_BY_POINTS)}
        assert set(mask.nonzero()[0].tolist()) == ids | solver


def test_a_rearranging_play_has_no_id() -> None:
    """A play that moves table cards between melds is not one of the simple actions (B6)."""
    state = deal("brazilian", 2, seed=1, hands=["7H 7D 2C 3C", "4S 5S 6S 9D"], table="7S 8S 9S 10S")
    layout = rl.layout_for(state.profile)
    move = Play("7S 7H 7D | 8S 9S 10S")
    state.apply(move)  # legal
    assert layout.encode(move, state.table.melds) is None


def test_best_by_cards_places_what_the_solver_finds() -> None:
    """The solver action plays `best_play`'s table (here the rearrangement of B6)."""
    env = rl.env("brazilian")
    env.reset(seed=0)
    env.round_state = deal(
        "brazilian", 2, seed=1, hands=["7H 7D 2C 3C", "4S 5S 6S 9D"], table="7S 8S 9S 10S"
    )
    env.step(env.actions.start(BEST_BY_CARDS))
    assert sorted(map(str, env.round_state.table.melds)) != ["(7S, 8S, 9S, 10S)"]
    assert len(env.round_state.hands[0]) == 2


def test_solver_action_without_a_play_draws() -> None:
    """With nothing to place, a solver action makes the draw instead (B3)."""
    state = deal("brazilian", 2, seed=1, hands=["2C 9D", "4S 5S 6S 9D"], table="")
    env = rl.env("brazilian")
    env.reset(seed=0)
    env.round_state = state
    env.step(env.actions.start(BEST_BY_POINTS))
    assert len(env.round_state.hands[0]) == 3


@pytest.mark.parametrize("game", GAMES)
def test_layout_is_fixed(game: str) -> None:
    """The same rules always give the same ids: two layouts are equal."""
    rules = get_game(game).rules
    assert rl.layout_for(rules) == rl.layout_for(rules)


def test_catalogue_holds_only_valid_melds() -> None:
    """Every catalogue entry is a meld the profile accepts (§0, G12)."""
    from mexemexe import Card

    profile = get_game("galician-jokers").rules
    melds = rl.meld_catalogue(profile)
    assert len(set(melds)) == len(melds)
    for codes in melds[::97]:
        assert profile.classify_meld([Card.from_code(c) for c in codes])


def test_describe_names_the_move() -> None:
    """describe() says what an id does, as the move's text reads."""
    layout = rl.layout_for(get_game("maumau").rules)
    action = layout.encode(get_game("maumau").read_move("discard JH S announce"))
    assert action is not None
    assert layout.describe(action) == "discard JH S announce"
    assert layout.encode(Forfeit()) is None
