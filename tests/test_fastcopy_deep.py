"""Fast builders for classes below more than one slotted parent (the view types' line)."""

from __future__ import annotations

from typing import Generic, TypeVar

import attrs
import pytest

import mexemexe as m
from mexemexe._fastcopy import copier, maker

T = TypeVar("T")


@attrs.frozen(weakref_slot=False)
class Top(Generic[T]):
    a: int
    rules: T


@attrs.frozen(weakref_slot=False)
class Middle(Top[str]):
    b: int


@attrs.frozen(weakref_slot=False)
class Bottom(Middle):
    c: int = 0


def test_maker_builds_a_class_three_levels_down() -> None:
    """A class under two slotted parents (and Generic) is built frozen, equal to attrs' own."""
    built = maker(Bottom)(1, "r", 2, 3)
    assert type(built) is Bottom and built == Bottom(1, "r", 2, 3)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        built.a = 5  # type: ignore[misc]


def test_copier_changes_fields_of_every_level() -> None:
    """A copy may change a field of the top class, the middle one and its own."""
    copy = copier(Bottom)(Bottom(1, "r", 2, 3), {"a": 9, "b": 8, "c": 7})
    assert copy == Bottom(9, "r", 8, 7) and type(copy) is Bottom


def test_a_parent_without_slots_is_refused() -> None:
    """A class whose line has a parent with a __dict__ is a TypeError when the builder is made."""

    class Loose:
        pass

    @attrs.frozen(weakref_slot=False)
    class Under(Loose):
        x: int

    with pytest.raises(TypeError, match="single line of slotted classes"):
        maker(Under)


def test_rummy_views_are_built_two_levels_below_the_common_view() -> None:
    """A SharedTableView (under PlayerView, under View) from state.view is a real, frozen one."""
    view = m.deal("brazilian", players=2, seed=1).view(0)
    assert type(view) is m.SharedTableView and isinstance(view, m.View)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        view.passes = 1  # type: ignore[misc]
