"""Mau-Mau's profile uses the rummy Profile's words for the same things (#28 item 4, M1, M7)."""

from __future__ import annotations

import json
import warnings

import attrs
import pytest

import mexemexe as m
from mexemexe import maumau as mm

P = mm.MAUMAU


def test_hand_size_is_called_with_a_player_count_as_in_the_rummy_profile() -> None:
    """hand_size(players) gives the cards dealt to each player (M1), as Profile.hand_size does."""
    short = attrs.evolve(P, hand_sizes={n: 7 if n < 6 else 5 for n in range(2, 11)})
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert [short.hand_size(n) for n in (2, 5, 6, 10)] == [7, 7, 5, 5]
    assert m.get_profile("brazilian").hand_size(6) == 9  # the rummy method it mirrors


def test_hand_size_refuses_a_player_count_the_rules_do_not_allow() -> None:
    """hand_size(11) raises ProfileError, as the rummy Profile.hand_size does (M1)."""
    with pytest.raises(m.ProfileError, match="not 11"):
        P.hand_size(11)


def test_card_points_is_called_with_a_card_as_in_the_rummy_profile() -> None:
    """card_points(card) gives one card's hand points (M7), the same as card_value."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for text in ("AH", "7C", "JS", "QD"):
            card = m.Card.parse(text)
            assert P.card_points(card) == P.card_value(card)
    assert P.card_points(m.Card.parse("JS")) == 20


def test_the_old_uses_warn_at_the_callers_line() -> None:
    """Reading hand_size or card_points the old way warns, pointing at this file."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert int(P.hand_size) == 7
        assert tuple(P.card_points) == P.rank_points
        assert P.card_points[10] == 20
    assert caught
    assert {record.category for record in caught} == {DeprecationWarning}
    assert {record.filename for record in caught} == {__file__}


def test_the_old_hand_size_of_rules_with_several_sizes_is_an_error() -> None:
    """The old single hand size does not exist when it differs by player count."""
    short = attrs.evolve(P, hand_sizes={n: 7 if n < 6 else 5 for n in range(2, 11)})
    with (
        pytest.warns(DeprecationWarning, match="hand_size"),
        pytest.raises(m.ProfileError, match="different"),
    ):
        int(short.hand_size)


def test_the_old_values_still_serialise_and_format() -> None:
    """The old hand_size is an int and card_points a tuple: JSON, format and isinstance work."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        assert json.loads(json.dumps({"size": P.hand_size, "points": P.card_points})) == {
            "size": 7,
            "points": list(P.rank_points),
        }
        assert f"{P.hand_size:d}" == str(P.hand_size) == "7"
        assert isinstance(P.hand_size, int)
        assert P.card_points + (1,) == (*P.rank_points, 1)  # noqa: RUF005 (the old use)
