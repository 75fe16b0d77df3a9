"""Tampered JSON data: every loader answers with the library's own errors, never another."""

from __future__ import annotations

import copy
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import mexemexe as m
from mexemexe import maumau

#: Values JSON can carry, chosen to hit every kind of setting, count and card field.
JUNK = st.sampled_from(
    [
        *(None, 0, -1, 7, 10**9, -(10**9), 1.5, True, False),
        *("", "XX", "7H", "JK", "schema", "draw", "lay off 7H 0"),
        *([], [1, 2], ["7H"], ["7H", "ZZ"], {}, {"a": 1}),
    ]
)


@cache
def samples() -> dict[str, tuple[Callable[[Any], Any], dict[str, Any]]]:
    """A valid dict of each kind, from seeded games, with the loader that reads it back."""
    out: dict[str, tuple[Callable[[Any], Any], dict[str, Any]]] = {}
    for name in ("brazilian", "galician-jokers"):
        final, record = m.play_round(m.deal(name, 3, seed=3), [m.SimpleBot()] * 3)
        middle = record.initial
        for move in record.moves[:7]:
            middle = middle.apply(move)
        out[f"{name} state"] = (m.GameState.from_dict, middle.to_dict())
        out[f"{name} record"] = (m.GameRecord.from_dict, record.to_dict())
        out[f"{name} match"] = (m.Match.from_dict, m.Match.start(name, 3, seed=1).to_dict())
        out[f"{name} profile"] = (m.Profile.from_dict, m.get_profile(name).to_dict())
    final, record = m.play_round(maumau.deal(maumau.MAUMAU, 4, seed=2), [maumau.MauMauBot()] * 4)
    out["maumau state"] = (maumau.MauMauState.from_dict, final.to_dict())
    out["maumau record"] = (m.GameRecord.from_dict, record.to_dict())
    out["maumau match"] = (
        maumau.MauMauMatch.from_dict,
        maumau.MauMauMatch.start(maumau.MAUMAU, 4, 1).to_dict(),
    )
    out["maumau profile"] = (maumau.MauMauProfile.from_dict, maumau.MAUMAU.to_dict())
    return out


def tamper(data: Any, draw: st.DrawFn) -> None:
    """Replace, drop or duplicate one value somewhere inside ``data`` (in place)."""
    while True:
        keys = list(data) if isinstance(data, dict) else list(range(len(data)))
        if not keys:
            return
        key = draw(st.sampled_from(keys))
        inner = data[key]
        if isinstance(inner, (dict, list)) and inner and draw(st.booleans()):
            data = inner  # go deeper
            continue
        action = draw(st.sampled_from(["replace", "drop", "copy"]))
        if action == "drop":
            del data[key]
        elif action == "copy" and isinstance(data, list):
            data.append(copy.deepcopy(inner))
        else:
            data[key] = copy.deepcopy(draw(JUNK))  # the strategy's own values stay as they are
        return


@pytest.mark.parametrize("kind", sorted(samples()))
@given(data=st.data())
def test_tampered_data_gives_library_errors_only(kind: str, data: st.DataObject) -> None:
    """§0 and DESIGN: a loader refuses tampered data with a MexeMexeError, or reads a sound value.

    What it reads is a consistent value: written out and read again, it is the same.
    """
    load, valid = samples()[kind]
    tampered = copy.deepcopy(valid)
    for _ in range(data.draw(st.integers(1, 3))):
        tamper(tampered, data.draw)
    try:
        value = load(tampered)
    except m.MexeMexeError as err:
        assert str(err)  # says what is wrong
    else:
        assert load(value.to_dict()) == value
