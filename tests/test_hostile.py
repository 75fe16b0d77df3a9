"""Hostile input to every loader of the package: a library error or a valid value, fast.

A game server passes JSON from untrusted clients straight to these loaders.
Whatever arrives — arbitrary text, arbitrary JSON, a valid document with one
field changed — the only outcomes allowed are a `MexeMexeError` (most often
`InvalidStateError`) or a value that passes every invariant and round-trips.
The per-example deadline is the time bound: no input may take long.

The parsers of card, table and move notation have their own fuzzing in
``test_hostile_notation.py``; the per-field mutations of each state in
``test_invariants.py`` and ``test_maumau_invariants.py``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mexemexe as m
from mexemexe import maumau

#: A generous bound per example: hostile input must be refused quickly.
HOSTILE = settings(deadline=2_000, max_examples=80)

JSON_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(10**40), max_value=10**40)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20)
    | st.sampled_from(["7H", "JK", "7H 8H 9H", "draw", "meld", "play", "", "-1", "1e400"])
)
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner),
    max_leaves=25,
)


def _round_trip(value: Any) -> None:
    """``value`` rebuilds to itself from its own dict (a loaded value is canonical)."""
    assert type(value).from_dict(value.to_dict()) == value


def _sample_rummy(profile: str, moves: int) -> m.GameState:
    state = m.deal(profile, players=3, seed=11)
    bot = m.SimpleBot()
    for _ in range(moves):
        if state.result is not None:
            break
        state = state.apply(bot.choose(state.view(state.current_player)))
    return state


def _sample_record() -> m.GameRecord:
    _, record = m.play_round(m.deal("galician", players=2, seed=5), [m.SimpleBot()] * 2)
    return record


def _sample_maumau() -> maumau.MauMauState:
    state = maumau.deal(maumau.MAUMAU, 3, seed=4)
    bot = maumau.MauMauBot()
    for _ in range(9):
        if state.result is not None:
            break
        state = state.apply(bot.choose(state.view(state.current_player)))
    return state


def _sample_match() -> m.Match:
    match = m.Match.start("rummikub", players=2, seed=2)
    final, _ = m.play_round(match.new_round(), [m.SimpleBot()] * 2)
    return match.record(final)


#: Every loader of a whole document, with a valid document it reads.
LOADERS: dict[str, tuple[Callable[[Any], Any], Callable[[], Any]]] = {
    "GameState": (m.GameState.from_dict, lambda: _sample_rummy("brazilian", 7)),
    "GameState-galician": (m.GameState.from_dict, lambda: _sample_rummy("galician", 9)),
    "GameRecord": (m.GameRecord.from_dict, _sample_record),
    "Match": (m.Match.from_dict, _sample_match),
    "MauMauState": (maumau.MauMauState.from_dict, _sample_maumau),
    "MauMauMatch": (
        maumau.MauMauMatch.from_dict,
        lambda: maumau.MauMauMatch.start(maumau.MAUMAU, 3, seed=1),
    ),
    "Profile": (m.Profile.from_dict, lambda: m.get_profile("galician")),
    "MauMauProfile": (maumau.MauMauProfile.from_dict, lambda: maumau.MAUMAU),
}

_SAMPLES: dict[str, Any] = {}


def _sample(name: str) -> Any:
    if name not in _SAMPLES:
        _SAMPLES[name] = LOADERS[name][1]()
    return _SAMPLES[name]


def _load_or_refuse(load: Callable[[Any], Any], data: Any) -> None:
    """``load(data)`` raises a library error, or gives a value that round-trips."""
    try:
        value = load(data)
    except m.MexeMexeError:
        return
    _round_trip(value)


@pytest.mark.parametrize("name", sorted(LOADERS))
@HOSTILE
@given(data=JSON_VALUES)
def test_arbitrary_json_is_refused_or_loaded(name: str, data: Any) -> None:
    """Any JSON value given to a loader is refused with a library error or loads validly."""
    _load_or_refuse(LOADERS[name][0], data)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a sub-value of a JSON document (keys and list indices)."""
    found = [prefix] if prefix else []
    if isinstance(value, Mapping):
        for key, item in value.items():
            found.extend(_paths(item, (*prefix, key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found.extend(_paths(item, (*prefix, index)))
    return found


def _replaced(document: Any, path: tuple[Any, ...], new: Any) -> Any:
    """A deep copy of ``document`` with the value at ``path`` replaced by ``new``."""
    copy = json.loads(json.dumps(document))
    target = copy
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = new
    return copy


@pytest.mark.parametrize("name", sorted(LOADERS))
@HOSTILE
@given(data=st.data())
def test_one_changed_field_is_refused_or_valid(name: str, data: st.DataObject) -> None:
    """A valid document with any one sub-value replaced is refused or loads validly."""
    document = _sample(name).to_dict()
    path = data.draw(st.sampled_from(_paths(document)))
    new = data.draw(JSON_VALUES)
    _load_or_refuse(LOADERS[name][0], _replaced(document, path, new))


@pytest.mark.parametrize("name", sorted(LOADERS))
@HOSTILE
@given(data=st.data())
def test_one_removed_key_is_refused_or_valid(name: str, data: st.DataObject) -> None:
    """A valid document with any one key removed is refused or loads validly."""
    document = json.loads(json.dumps(_sample(name).to_dict()))
    paths = [p for p in _paths(document) if isinstance(p[-1], str)]
    path = data.draw(st.sampled_from(paths))
    target = document
    for step in path[:-1]:
        target = target[step]
    del target[path[-1]]
    _load_or_refuse(LOADERS[name][0], document)


#: Every ``from_json`` of the package.
JSON_LOADERS: dict[str, Callable[[str], Any]] = {
    "GameState": m.GameState.from_json,
    "GameRecord": m.GameRecord.from_json,
    "MauMauState": maumau.MauMauState.from_json,
}


@pytest.mark.parametrize("name", sorted(JSON_LOADERS))
@HOSTILE
@given(text=st.text())
def test_arbitrary_text_is_refused_as_json(name: str, text: str) -> None:
    """Arbitrary text given to ``from_json`` is refused with a library error (or loads)."""
    _load_or_refuse(JSON_LOADERS[name], text)


HOSTILE_TEXTS = {
    "deep list": "[" * 100_000 + "]" * 100_000,
    "deep object": '{"a":' * 100_000 + "1" + "}" * 100_000,
    "unclosed deep list": "[" * 1_000_000,
    "huge integer": '{"schema": "mexemexe.state/1", "turn": ' + "9" * 5_000 + "}",
    "huge exponent": '{"schema": "mexemexe.state/1", "turn": 1e999999}',
    "nan": '{"schema": "mexemexe.state/1", "turn": NaN}',
    "long string": '{"schema": "' + "x" * 1_000_000 + '"}',
    "not an object": "[1, 2, 3]",
    "empty": "",
}


@pytest.mark.parametrize("name", sorted(JSON_LOADERS))
@pytest.mark.parametrize("kind", sorted(HOSTILE_TEXTS))
def test_hostile_json_text_is_refused(name: str, kind: str) -> None:
    """Deep nesting, huge numbers and other hostile JSON text raise InvalidStateError."""
    with pytest.raises(m.InvalidStateError):
        JSON_LOADERS[name](HOSTILE_TEXTS[kind])


@pytest.mark.parametrize("name", sorted(LOADERS))
def test_deeply_nested_data_is_refused(name: str) -> None:
    """Python data nested past the recursion limit raises a library error, not RecursionError."""
    nested: Any = "7H"
    for _ in range(50_000):
        nested = [nested]
    document = json.loads(json.dumps(_sample(name).to_dict()))
    for path in _paths(document)[:20]:
        with pytest.raises(m.MexeMexeError):
            LOADERS[name][0](_replaced_shallow(document, path, nested))


def _replaced_shallow(document: Any, path: tuple[Any, ...], new: Any) -> Any:
    """``document`` with the value at ``path`` replaced (copying only along the path)."""
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(document, Mapping):
        return {**document, head: _replaced_shallow(document[head], rest, new)}
    copy = list(document)
    copy[head] = _replaced_shallow(document[head], rest, new)
    return copy


def test_loaded_state_is_the_state_that_was_saved() -> None:
    """The sample documents load back to the values that wrote them (the fuzzing's baseline)."""
    for name, (load, make) in LOADERS.items():
        value = make()
        assert load(value.to_dict()) == value, name
        if attrs.has(type(value)):
            assert attrs.evolve(value) == value, name
