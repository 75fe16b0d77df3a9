"""Rule profiles: presets, registry, variants and consistency (RULES.md B, R, G)."""

from __future__ import annotations

import attrs
import pytest

import mexemexe as m
from mexemexe import ProfileError

BR = m.get_profile("brazilian")
RK = m.get_profile("rummikub")
GA = m.get_profile("galician")


def test_known_profiles() -> None:
    """The three rummy presets and the Galician joker variant are registered."""
    assert set(m.profile_names()) >= {"brazilian", "rummikub", "galician", "galician-jokers"}


def test_get_profile_is_case_insensitive_and_passes_profiles_through() -> None:
    """Names are matched ignoring case; a Profile is returned as is."""
    assert m.get_profile(" Brazilian ") is BR
    assert m.get_profile(BR) is BR


def test_unknown_profile_lists_the_known_ones() -> None:
    """An unknown name is a ProfileError (a ValueError) listing the known names."""
    with pytest.raises(ProfileError, match="unknown profile 'chess'.*brazilian.*rummikub"):
        m.get_profile("chess")
    assert issubclass(ProfileError, ValueError)


def test_brazilian_settings() -> None:
    """B1-B12 as fields."""
    assert (BR.jokers, BR.ace, BR.joker_policy, BR.max_jokers_per_meld) == (
        4,
        "low_or_high",
        "runs",
        1,
    )
    assert [BR.hand_size(n) for n in range(2, 7)] == [11, 11, 11, 11, 9]
    assert BR.failed_play_penalty == 1
    assert BR.stock_exhaustion == "end_round"
    assert BR.share_tied_wins is True
    assert BR.scoring == "penalty"
    assert BR.match_rounds == "players"
    assert BR.turn_structure == "shared_table"


def test_rummikub_settings() -> None:
    """R1-R9 as fields."""
    assert (RK.jokers, RK.ace, RK.joker_policy, RK.max_jokers_per_meld) == (2, "low", "free", None)
    assert RK.failed_play_penalty == 3
    assert RK.stock_exhaustion == "pass"
    assert RK.scoring == "zero_sum"
    assert RK.tie_break_rounds is True
    assert RK.min_opening_points == 0


def test_galician_settings() -> None:
    """G1-G12 as fields."""
    assert (GA.jokers, GA.ace, GA.turn_structure) == (0, "low", "discard")
    assert GA.can_discard_taken_card is False
    assert GA.stock_exhaustion == "recycle_discard" and GA.max_recycles == 3
    assert GA.mexe_mexe_multiplier == 2
    assert GA.match_target == 150
    assert GA.rotate_first_player is True
    joker = m.get_profile("galician-jokers")
    assert (joker.jokers, joker.joker_policy, joker.joker_swap, joker.joker_points) == (
        4,
        "free",
        True,
        25,
    )


def test_galician_short_hand_sizes_variant() -> None:
    """G2: the variant table of hand sizes is a profile field."""
    short = attrs.evolve(GA, hand_sizes=m.GALICIAN_SHORT_HAND_SIZES)
    assert [short.hand_size(n) for n in range(2, 7)] == [10, 7, 7, 6, 6]


@pytest.mark.parametrize(
    ("profile", "card", "points"),
    [
        ("brazilian", "AS", 1),
        ("brazilian", "KH", 13),
        ("brazilian", "JK", 30),
        ("rummikub", "QD", 12),
        ("rummikub", "JK", 30),
        ("rummikub", "7C", 7),
        ("galician", "AS", 1),
        ("galician", "KH", 10),
        ("galician", "JC", 10),
        ("galician", "9D", 9),
        ("galician-jokers", "JK", 25),
    ],
)
def test_card_points(profile: str, card: str, points: int) -> None:
    """B10, R7, G9, G12: hand points per card."""
    assert m.get_profile(profile).card_points(m.Card.parse(card)) == points


def test_galician_high_ace_is_worth_fifteen() -> None:
    """G9: the ace is worth 15 when it may be high or low."""
    high = attrs.evolve(GA, ace="low_or_high")
    assert high.card_points(m.Card.parse("AH")) == 15
    assert high.hand_points(m.parse_cards("AH KH 5C")) == 30


def test_variant_with_evolve_changes_behaviour() -> None:
    """A variant is attrs.evolve of a preset; its fields drive the rules."""
    two_jokers = attrs.evolve(BR, name="br2", jokers=2, max_jokers_per_meld=2)
    assert two_jokers.is_valid_meld("5H JK JK 8H")
    assert not BR.is_valid_meld("5H JK JK 8H")
    assert len(two_jokers.deck()) == 106


def test_ace_field_accepts_the_two_strings_only() -> None:
    """ace is 'low' or 'low_or_high'; anything else is a ProfileError."""
    assert attrs.evolve(GA, ace="low_or_high").ace == "low_or_high"
    with pytest.raises(ProfileError, match="ace='high'"):
        attrs.evolve(GA, ace="high")


def test_too_many_cards_dealt_is_rejected() -> None:
    """An inconsistent variant (hand size x players > deck) is rejected at construction."""
    with pytest.raises(ProfileError, match="6 players x 20 cards.*more than the 104-card deck"):
        attrs.evolve(GA, hand_sizes=dict.fromkeys(range(2, 7), 20))


def test_jokers_without_a_joker_policy_are_rejected() -> None:
    """Jokers that could never be melded are a contradiction."""
    with pytest.raises(ProfileError, match="joker_policy='none'"):
        attrs.evolve(GA, jokers=2)


def test_missing_hand_size_is_rejected() -> None:
    """Every allowed player count needs a hand size."""
    with pytest.raises(ProfileError, match="no hand size for 6 players"):
        attrs.evolve(BR, hand_sizes={2: 11, 3: 11, 4: 11, 5: 11})


def test_endless_match_is_rejected() -> None:
    """A match needs a round limit or a target."""
    with pytest.raises(ProfileError, match="never ends"):
        attrs.evolve(GA, match_target=None)


def test_recycling_needs_a_discard_pile() -> None:
    """G8's recycling only makes sense with a discard pile."""
    with pytest.raises(ProfileError, match="needs a discard pile"):
        attrs.evolve(BR, stock_exhaustion="recycle_discard")


def test_bad_group_sizes_are_rejected() -> None:
    """Groups cannot exceed one card per suit."""
    with pytest.raises(ProfileError, match="group sizes"):
        attrs.evolve(RK, max_group_size=5)


def test_hand_size_outside_player_range() -> None:
    """Asking for a player count the profile does not allow is a ProfileError."""
    with pytest.raises(ProfileError, match="2-6 players, not 7"):
        BR.hand_size(7)


def test_profiles_are_hashable_values() -> None:
    """Profiles are frozen values: equal fields, equal profiles."""
    assert attrs.evolve(BR) == BR
    assert hash(attrs.evolve(BR)) == hash(BR)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        BR.jokers = 3  # type: ignore[misc]


def test_register_profile() -> None:
    """A user's variant can be registered and looked up by name."""
    variant = attrs.evolve(RK, name="test-variant-rk1", failed_play_penalty=1)
    m.register_profile(variant)
    assert m.get_profile("TEST-variant-rk1") is variant
    with pytest.raises(ProfileError, match="already registered"):
        m.register_profile(attrs.evolve(variant, failed_play_penalty=2))
    m.register_profile(attrs.evolve(variant, failed_play_penalty=2), replace=True)
    assert m.get_profile("test-variant-rk1").failed_play_penalty == 2


def test_rule_sections_are_cited() -> None:
    """Each preset cites its own RULES.md sections."""
    assert (BR.section("jokers"), RK.section("jokers"), GA.section("ace")) == ("B5", "R3", "G7")
    assert BR.section("no-such-key") == "§0"


def test_no_profile_name_branches_in_the_source() -> None:
    """Behaviour comes from fields: the package never tests a profile's name."""
    import pathlib
    import re

    src = pathlib.Path(m.__file__).parent
    pattern = re.compile(r"(profile|self|p)\.name\s*(==|!=|in)\s")
    offenders = [
        f"{path.name}:{i}"
        for path in src.rglob("*.py")
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if pattern.search(line)
    ]
    assert offenders == []


@pytest.mark.parametrize(
    ("profile", "sections"),
    [
        (BR, {"turn": "B3", "out": "B9", "stock": "B9"}),
        (RK, {"turn": "R4", "out": "R8", "stock": "R6"}),
        (GA, {"turn": "G4", "out": "G6", "stock": "G8", "bonus": "G10", "discard": "G5"}),
    ],
)
def test_turn_round_end_and_bonus_cite_their_own_sections(
    profile: m.Profile, sections: dict[str, str]
) -> None:
    """Whose turn it is, how a round ended and the G10 bonus cite the preset's own sections."""
    assert {key: profile.section(key) for key in sections} == sections


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"decks": 10**9}, "decks=1000000000: from 1 to 16"),
        ({"jokers": 10**9}, "jokers=1000000000: from 0 to 64"),
        ({"max_players": 10**9}, "max_players=1000000000: more players than"),
        ({"min_run_size": 14}, "min_run_size=14: from 2 to 13"),
        ({"min_players": -(10**9)}, "players -1000000000-6: not a valid range"),
    ],
)
def test_huge_counts_are_refused_before_anything_is_built(
    changes: dict[str, int], message: str
) -> None:
    """§0: a profile (perhaps from tampered JSON) cannot make the library build a huge deck."""
    with pytest.raises(ProfileError, match=message):
        attrs.evolve(GA, **changes)
    data = {**GA.to_dict(), **changes}
    with pytest.raises(ProfileError, match=message):
        m.Profile.from_dict(data)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"decks": "XX"}, "decks='XX': a whole number"),
        ({"jokers": True}, "jokers=True: a whole number"),
        ({"max_jokers_per_meld": "one"}, "max_jokers_per_meld='one': a whole number or None"),
        ({"joker_swap": 1}, "joker_swap=1: True or False"),
        ({"name": 7}, "name=7: text"),
        ({"rank_points": ["J"] * 13}, "rank_points: expected whole numbers, got 'J'"),
        ({"hand_sizes": {"two": 11}}, "hand_sizes key=.two.: a whole number"),
        ({"rule_sections": [["ace"]]}, r"rule_sections: expected \(key, value\) pairs"),
        ({"rule_sections": ["AB"]}, r"rule_sections: expected \(key, value\) pairs, got 'AB'"),
        ({"rule_sections": [["ace", "G7"], ["ace", "G1"]]}, "rule_sections: a key appears twice"),
        ({"hand_sizes": [[2, "11"]]}, "hand_sizes: expected pairs of int and int"),
    ],
)
def test_settings_of_the_wrong_kind_are_profile_errors(
    changes: dict[str, object], message: str
) -> None:
    """Tampered profile data is a ProfileError naming the setting, never a bare TypeError."""
    with pytest.raises(ProfileError, match=message):
        m.Profile.from_dict({**GA.to_dict(), **changes})


def test_profile_from_dict_refuses_deeply_nested_settings() -> None:
    """A setting nested past the recursion limit is a ProfileError, not a RecursionError."""
    nested: object = "x"
    for _ in range(50_000):
        nested = [nested]
    data = m.get_profile("galician").to_dict()
    for key in ("name", "hand_sizes", "rank_points"):
        with pytest.raises(m.ProfileError):
            m.Profile.from_dict({**data, key: nested})


def test_get_profile_refuses_what_is_not_a_name() -> None:
    """get_profile of a value that is neither a Profile nor text is a ProfileError quoting it."""
    with pytest.raises(m.ProfileError, match="not"):
        m.get_profile([["brazilian"]])  # type: ignore[arg-type]


def test_a_hand_size_of_infinity_in_json_is_a_profile_error() -> None:
    """JSON 1e400 (read as infinity) or 11.9 for a hand size is a ProfileError, never coerced."""
    data = m.get_profile("galician").to_dict()
    for bad in (float("inf"), 11.9):
        with pytest.raises(m.ProfileError):
            m.Profile.from_dict({**data, "hand_sizes": {"2": bad}})


@pytest.mark.parametrize(
    "changes",
    [{"rank_points": [-1] * 13}, {"joker_points": -5}, {"rank_points": [2**60] * 13}],
    ids=["negative ranks", "negative joker", "huge ranks"],
)
def test_card_points_out_of_range_are_refused(changes: dict[str, object]) -> None:
    """B10, R7, G9: card points from 0 to MAX_POINTS; others could not end or reload a round."""
    with pytest.raises(m.ProfileError, match="card points"):
        attrs.evolve(m.get_profile("brazilian"), name="bad-points", **changes)
