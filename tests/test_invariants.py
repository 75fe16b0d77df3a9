"""Mutation tests: one field of a valid state, match or record changed to something hostile.

Every loader either refuses the changed data with `InvalidStateError`, or
returns a value that passes every invariant: rebuilt by its own constructor
and read back from its own ``to_dict``, it is the same value (§0, B, R, G).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from functools import cache
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mexemexe as m
from mexemexe import InvalidStateError

PROFILES = ("brazilian", "rummikub", "galician", "galician-jokers")

deep: list[Any] = []
for _ in range(5_000):
    deep = [deep]

#: Hostile replacements: other and negative numbers, huge ones, the wrong kinds, deep nesting.
HOSTILE = st.sampled_from(
    [
        *(0, 1, 2, 3, 7, -1, -(2**70), 2**53 + 1, 10**40, 10**5000, 1.0, 2.5, True, False),
        *(None, "", "x", "7H", "JK", "AS 2S", "draw", "meld", "play", "out", "blocked"),
        *([], [0], [-1], [7], [True], [[0]], [[5, 5, 5]], ["7H"], [None], {}, {"a": 1}, {1: 2}),
        deep,
    ]
)


def states_of(name: str) -> list[m.GameState]:
    """A seeded round of ``name`` played by SimpleBots: its start, two middles and its end."""
    final, record = m.play_round(m.deal(name, 3, seed=11), [m.SimpleBot()] * 3)
    states = list(record.states())
    return [states[0], states[len(states) // 3], states[len(states) // 2 + 1], final]


@cache
def samples() -> dict[str, tuple[Callable[[Any], Any], dict[str, Any]]]:
    """Valid dicts with the loader that reads them back, by name."""
    out: dict[str, tuple[Callable[[Any], Any], dict[str, Any]]] = {}
    for name in PROFILES:
        for k, state in enumerate(states_of(name)):
            out[f"{name} state {k}"] = (m.GameState.from_dict, state.to_dict())
        start = m.Match.start(name, players=3, seed=5)
        match, records = m.play_match(start, [m.SimpleBot()] * 3)
        out[f"{name} match"] = (m.Match.from_dict, match.to_dict())
        out[f"{name} record"] = (m.GameRecord.from_dict, records[0].to_dict())
    return out


def sound(value: Any) -> None:
    """``value`` passes every invariant: its own constructor and a dict round trip keep it."""
    if isinstance(value, m.GameRecord):
        sound(value.initial)
        assert value.deal_problem() is None
        assert m.GameRecord.from_dict(value.to_dict(), check=False) == value
        return
    fields = {f.name: getattr(value, f.name) for f in attrs.fields(type(value)) if f.init}
    assert type(value)(**fields) == value
    assert type(value).from_dict(value.to_dict()) == value


def swap_hands(data: dict[str, Any], draw: st.DrawFn) -> None:
    hands = data["hands"]
    i, j = draw(st.permutations(range(len(hands))))[:2]
    hands[i], hands[j] = hands[j], hands[i]


def move_card(data: dict[str, Any], draw: st.DrawFn) -> None:
    """Move one card from one place (a hand, the stock, the pile, a meld) to another."""
    places: list[tuple[Any, Any]] = [(data["hands"], i) for i in range(len(data["hands"]))]
    places += [(data, "stock"), (data, "discard_pile")]
    places += [(data["table"], i) for i in range(len(data["table"]))]
    source = draw(st.sampled_from([p for p in places if p[0][p[1]]]))
    target = draw(st.sampled_from(places))
    cards = source[0][source[1]].split()
    card = cards.pop(draw(st.integers(0, len(cards) - 1)))
    source[0][source[1]] = " ".join(cards)
    target[0][target[1]] = (target[0][target[1]] + " " + card).strip()


def mutate(data: dict[str, Any], draw: st.DrawFn) -> None:
    """Change one field of ``data`` (a state's, a match's or a record's), in place."""
    if "initial" in data and draw(st.booleans()):
        data = data["initial"]
    kind = draw(st.sampled_from(["replace", "swap", "move", "inner"]))
    if kind == "swap" and "hands" in data:
        swap_hands(data, draw)
    elif kind == "move" and "hands" in data:
        move_card(data, draw)
    elif kind == "inner":
        containers = [k for k, v in data.items() if isinstance(v, (dict, list)) and v]
        if not containers:
            data[draw(st.sampled_from(sorted(data)))] = copy.copy(draw(HOSTILE))
            return
        inner = data[draw(st.sampled_from(sorted(containers)))]
        keys = sorted(inner) if isinstance(inner, dict) else list(range(len(inner)))
        inner[draw(st.sampled_from(keys))] = copy.copy(draw(HOSTILE))
    else:
        data[draw(st.sampled_from(sorted(data)))] = copy.copy(draw(HOSTILE))


@pytest.mark.parametrize("kind", sorted(samples()))
@settings(max_examples=max(settings.default.max_examples // 2, 1))  # 24 samples: keep it quick
@given(data=st.data())
def test_a_mutated_value_is_refused_or_sound(kind: str, data: st.DataObject) -> None:
    """§0: one hostile change gives InvalidStateError, or a value passing every invariant."""
    load, valid = samples()[kind]
    changed = copy.deepcopy(valid)
    mutate(changed, data.draw)
    try:
        value = load(changed)
    except InvalidStateError as err:
        assert str(err)
    else:
        sound(value)


@pytest.mark.parametrize("name", PROFILES)
def test_every_state_of_a_seeded_round_is_sound(name: str) -> None:
    """§0: the states a real round goes through pass every invariant, and only those do."""
    final, record = m.play_round(m.deal(name, 2, seed=2), [m.SimpleBot()] * 2)
    for state in record.states():
        assert not state._consistency_problems()
    assert final.is_over


def test_an_outcome_with_numbers_for_cards_is_an_invalid_state() -> None:
    """Outcome.from_dict of cards drawn given as numbers raises InvalidStateError, not TypeError."""
    with pytest.raises(m.InvalidStateError, match="outcome"):
        m.Outcome.from_dict({"player": 0, "move": "draw", "drawn": [5]})
