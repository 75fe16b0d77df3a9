"""The engines' fast builders of frozen values: real, frozen instances of the class."""

from __future__ import annotations

import pickle

import attrs
import pytest

import mexemexe as m
from mexemexe._fastcopy import changer, copier, maker


@attrs.frozen(weakref_slot=False)
class Point:
    x: int
    y: int = 0
    label: str = ""


def test_maker_builds_a_frozen_instance_of_the_class_itself() -> None:
    """A built value is of the class (not its builder twin), equal to one attrs builds, frozen."""
    point = maker(Point)(1, 2, "a")
    assert type(point) is Point
    assert point == Point(1, 2, "a")
    assert hash(point) == hash(Point(1, 2, "a"))
    assert repr(point) == "Point(x=1, y=2, label='a')"
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        point.x = 5  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(point)) == point


def test_copier_and_changer_change_only_the_named_fields() -> None:
    """A copy takes the changes and keeps every other field, sharing the unchanged values."""
    label = "shared"
    point = Point(1, 2, label)
    assert copier(Point)(point, {"y": 7, "other": 0}) == Point(1, 7, label)
    changed = changer(Point, ["label", "x"])(point, "b", 9)
    assert changed == Point(9, 2, "b")
    assert copier(Point)(point, {}).label is label


def test_changer_passes_the_new_value_through_its_check() -> None:
    """The check sees the finished value and its answer is returned."""
    seen: list[Point] = []

    def check(new: Point) -> Point:
        seen.append(new)
        return new

    result = changer(Point, ["y"], check)(Point(1), 4)
    assert seen == [result] and type(result) is Point


def test_builders_refuse_a_class_with_a_weak_reference_slot() -> None:
    """A class whose slot layout a twin cannot share is a TypeError when the builder is made."""

    @attrs.frozen
    class Weak:
        x: int

    with pytest.raises(TypeError, match="Weak is not a frozen attrs class of plain slots"):
        maker(Weak)


def test_engine_values_are_the_public_classes() -> None:
    """States, views and outcomes the engines build are the library's classes, frozen."""
    state = m.deal("galician", players=2, seed=3).draw()
    view = state.view(0)
    for value, cls in ((state, m.DiscardState), (view, m.DiscardView), (state.last, m.Outcome)):
        assert type(value) is cls
        first = attrs.fields(cls)[0].name
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(value, first, getattr(value, first))
