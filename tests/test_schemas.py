"""The shipped JSON Schemas: generated from the library, and every value it writes validates (#30).

Random play of every registered game gives the states, views, moves,
problems, proposals and results checked; `tests.json_schemas` builds the
schemas the shipped files must equal.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterator
from typing import Any

import jsonschema
import pytest

import mexemexe as m
from mexemexe import schemas, solver
from mexemexe.games import game_names, get_game
from mexemexe.testing._illegal import illegal_attempts
from tests import json_schemas

VALIDATORS = {name: jsonschema.Draft202012Validator(schemas.load(name)) for name in schemas.names()}


def _check(name: str, value: Any) -> None:
    errors = sorted(VALIDATORS[name].iter_errors(value), key=str)
    assert not errors, f"{name}: {errors[0].message} at {list(errors[0].absolute_path)}"


def _played(game: str, seed: int, moves: int) -> Iterator[Any]:
    """The states of a random game of ``game``, every legal move chosen at random."""
    rng = random.Random(seed)
    rules = get_game(game).rules
    players = rng.randint(rules.min_players, min(rules.max_players, 4))
    state: Any = get_game(game).deal(players, seed=seed)
    yield state
    for _ in range(moves):
        if state.result is not None:
            return
        state = state.apply(rng.choice(state.legal_moves()))
        yield state


@pytest.mark.parametrize("name", sorted(json_schemas.BUILDERS))
def test_shipped_schema_is_the_generated_one(name: str) -> None:
    """Each shipped schema file is what the library's definitions give (no drift)."""
    want = json_schemas.text(name)
    path = json_schemas.SCHEMA_DIR / f"{name}.json"
    if os.environ.get("MEXEMEXE_WRITE_SCHEMAS"):
        path.write_text(want, encoding="utf-8")
    assert schemas.text(name) == want, "run MEXEMEXE_WRITE_SCHEMAS=1 pytest tests/test_schemas.py"


def test_names_are_the_shipped_files() -> None:
    """`schemas.names()` lists exactly the schema files in the package."""
    shipped = sorted(p.stem for p in json_schemas.SCHEMA_DIR.glob("*.json"))
    assert list(schemas.names()) == shipped == sorted(json_schemas.BUILDERS)


@pytest.mark.parametrize("name", sorted(json_schemas.BUILDERS))
def test_schema_is_valid_json_schema(name: str) -> None:
    """Each schema is itself a valid draft 2020-12 schema."""
    jsonschema.Draft202012Validator.check_schema(schemas.load(name))


def test_unknown_schema_is_refused_with_the_names() -> None:
    """An unknown name raises the library's error listing the schemas."""
    with pytest.raises(m.MexeMexeError, match="proposal"):
        schemas.load("moves")


def test_load_gives_a_fresh_copy() -> None:
    """Changing a loaded schema does not change the next one loaded."""
    schemas.load("move")["title"] = "changed"
    assert schemas.load("move")["title"] == "Move"


@pytest.mark.parametrize("game", game_names())
def test_random_play_validates(game: str) -> None:
    """States, views, moves and results of random play of every game match their schemas."""
    state_schema = "maumau_state" if game == "maumau" else "state"
    view_schema = "maumau_view" if game == "maumau" else "view"
    for seed in range(3):
        for state in _played(game, seed, 120):
            _check(state_schema, state.to_dict())
            for player in range(state.players):
                _check(view_schema, state.view(player).to_dict())
            for move in state.legal_moves()[:6]:
                _check("move", move.to_dict())
            if state.result is not None:
                _check("round_result", json.loads(state.result.to_json()))


@pytest.mark.parametrize("game", game_names())
def test_refusals_validate(game: str) -> None:
    """The problems of hostile moves in random play of every game match the problem schema."""
    rng = random.Random(7)
    seen = 0
    for state in _played(game, 5, 60):
        for _, attempt in illegal_attempts(state, rng):
            try:
                attempt()
            except m.IllegalMoveError as err:
                for problem in err.problems:
                    _check("problem", problem.to_dict())
                    seen += 1
            except m.MexeMexeError:
                pass
    assert seen > 0


@pytest.mark.parametrize("game", [g for g in game_names() if g != "maumau"])
def test_proposals_validate(game: str) -> None:
    """Legal and illegal proposals of random play match the proposal schema."""
    rng = random.Random(3)
    for state in _played(game, 2, 60):
        melds = [tuple(meld) for meld in state.table]
        hand = list(state.hand)
        for extra in ([], rng.sample(hand, min(3, len(hand)))):
            proposal = state.propose([*melds, *([tuple(extra)] if extra else [])])
            _check("proposal", proposal.to_dict())


def test_best_plays_validate() -> None:
    """Best plays of shared-table and discard states match the best-play schema."""
    for game in ("brazilian", "rummikub", "galician"):
        for state in _played(game, 4, 30):
            if state.result is None and hasattr(state, "table"):
                best = solver.best_play(state, time_limit=2)
                _check("best_play", best.to_dict())


def test_every_move_kind_validates_and_others_do_not() -> None:
    """Each move kind validates; a move with an unknown field or kind does not."""
    for text in ("draw discard", "pass", "forfeit", "play 7H 8H 9H", "meld 7H 8H 9H"):
        _check("move", m.Move.parse(text).to_dict())
    for text in ("layoff 7H 2", "swap 7H 0", "discard JH S announce", "draw"):
        _check("move", m.Move.parse(text).to_dict())
    bad = [
        {**m.Move.parse("draw").to_dict(), "extra": 1},
        {"format": 1, "kind": "jump"},
        {**m.Move.parse("layoff 7H 2").to_dict(), "card": "7X"},
    ]
    for value in bad:
        assert not VALIDATORS["move"].is_valid(value)
