"""Meld classification and joker resolution (RULES.md §0, B4, B5, R2, R3, G7, G12)."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import mexemexe as m
from mexemexe import JOKER, Card, MeldKind
from mexemexe import strategies as mst

BR = m.get_profile("brazilian")
RK = m.get_profile("rummikub")
GA = m.get_profile("galician")
GJ = m.get_profile("galician-jokers")
ALL = [BR, RK, GA, GJ, attrs.evolve(GA, ace="low_or_high")]


def cards(text: str) -> tuple[Card, ...]:
    return m.parse_cards(text)


def reasons(profile: m.Profile, text: str) -> str:
    result = profile.classify_meld(text)
    assert not result, f"{text} should be invalid under {profile.name}"
    return "; ".join(f"{p.message} ({p.rule})" for p in result.problems)


# -- §0 groups -------------------------------------------------------------------


@pytest.mark.parametrize("profile", ALL, ids=lambda p: p.name)
@pytest.mark.parametrize("text", ["7S 7H 7D", "7S 7H 7D 7C", "KC AS AH AD"[3:]])
def test_groups_of_three_or_four_distinct_suits_are_valid(profile: m.Profile, text: str) -> None:
    """§0: a group is 3 or 4 cards of one rank, all suits distinct."""
    result = profile.classify_meld(text)
    assert result.kind is MeldKind.GROUP


def test_group_with_repeated_suit_is_invalid() -> None:
    """§0: two copies of the same card never sit in one group."""
    assert "group repeats suit ♠ (§0)" in reasons(RK, "7S 7H 7S")


def test_group_of_five_is_invalid() -> None:
    """§0: a group has at most 4 cards, one per suit."""
    assert "at most 4" in reasons(RK, "7S 7H 7D 7C JK")


def test_group_of_two_is_invalid() -> None:
    """§0: a group has at least 3 cards."""
    assert "at least 3" in reasons(GA, "7S 7H")


def test_same_card_repeated_is_explained() -> None:
    """The same card repeated is neither a group nor a run."""
    assert "7H appears 3 times" in reasons(RK, "7H 7H 7H")


def test_mixed_ranks_and_suits_is_explained() -> None:
    """Cards of several ranks and suits are neither kind of meld."""
    assert "neither a group (one rank) nor a run (one suit)" in reasons(RK, "7H 8S 9H")


# -- §0 runs ---------------------------------------------------------------------


@pytest.mark.parametrize("profile", ALL, ids=lambda p: p.name)
def test_runs_of_consecutive_ranks_in_one_suit_are_valid(profile: m.Profile) -> None:
    """§0: a run is 3+ cards of one suit with consecutive ranks."""
    for text in ["7H 8H 9H", "AS 2S 3S", "JC QC KC", "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"]:
        assert profile.classify_meld(text).kind is MeldKind.RUN, text


def test_run_order_does_not_matter() -> None:
    """§0: validity never depends on the written order."""
    assert RK.is_valid_meld("9D 7D 8D")
    assert RK.is_valid_meld("9D JK 7D 8D")


def test_run_with_gap_is_invalid() -> None:
    """§0: ranks must be consecutive."""
    assert "missing 8H" in reasons(GA, "7H 9H 10H")


def test_run_with_repeated_rank_is_invalid() -> None:
    """§0: each rank appears at most once in a run."""
    assert "run repeats rank 8" in reasons(GA, "7H 8H 8H 9H")


def test_short_run_is_invalid() -> None:
    """§0: a run has at least 3 cards."""
    assert "at least 3" in reasons(GA, "7H 8H")


@pytest.mark.parametrize("profile", ALL, ids=lambda p: p.name)
def test_runs_never_wrap(profile: m.Profile) -> None:
    """§0, B4, G7: K-A-2 is never valid, whatever the ace policy."""
    text = reasons(profile, "KH AH 2H")
    assert "wraps" in text
    assert profile.section("ace") in text


def test_ace_low_profile_rejects_q_k_a() -> None:
    """R2: the ace cannot follow the king in the Rummikub-style game."""
    assert reasons(RK, "QH KH AH") == "the ace is low only: it cannot follow the king (R2)"


def test_ace_low_or_high_accepts_both_ends() -> None:
    """B4: A-2-3 and Q-K-A are both runs."""
    assert BR.classify_meld("AS 2S 3S").low == 1
    result = BR.classify_meld("QS KS AS")
    assert (result.low, result.high) == (12, 14)


def test_ace_low_or_high_never_in_the_middle() -> None:
    """B4/G7: the ace is only at one end of a run."""
    galician_high = attrs.evolve(GA, ace="low_or_high")
    assert "wraps" in reasons(galician_high, "QH KH AH 2H 3H")


def test_removing_the_two_from_a_full_run_lets_the_ace_go_high() -> None:
    """B4: A 3 4 … K is the run 3 … K A when the ace may be high."""
    result = BR.classify_meld("AS 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")
    assert (result.low, result.high) == (3, 14)
    assert not RK.is_valid_meld("AS 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")


def test_galician_ace_policy_follows_the_field() -> None:
    """G7: ace low by default, low_or_high as a variant."""
    assert not GA.is_valid_meld("QC KC AC")
    assert attrs.evolve(GA, ace="low_or_high").is_valid_meld("QC KC AC")


# -- jokers ----------------------------------------------------------------------


def test_joker_takes_the_card_its_position_implies() -> None:
    """§0: in a written run, a joker is the card its position implies."""
    assert RK.classify_meld("5H JK 7H").jokers == (Card.parse("6H"),)
    assert RK.classify_meld("JK 8C 9C").jokers == (Card.parse("7C"),)
    assert BR.classify_meld("QH KH JK").jokers == (Card.parse("AH"),)


def test_joker_assignment_is_deterministic_when_order_is_not_a_run() -> None:
    """§0: otherwise the library picks one assignment deterministically."""
    result = RK.classify_meld("9D JK 7D 8D")
    assert result.jokers == (Card.parse("10D"),)
    assert m.format_cards(result.canonical) == "7D 8D 9D JK"


def test_canonical_form_puts_each_joker_in_its_place() -> None:
    """§0: the canonical form sorts a run by rank with each joker in its place."""
    result = RK.classify_meld("9D 5D JK 6D 8D")
    assert m.format_cards(result.canonical) == "5D 6D JK 8D 9D"
    assert result.jokers == (Card.parse("7D"),)


def test_joker_in_group_takes_a_missing_suit() -> None:
    """R3: a joker in a group stands for a missing suit."""
    result = RK.classify_meld("7S JK 7D")
    assert result.kind is MeldKind.GROUP
    assert result.jokers == (Card.parse("7H"),)


def test_brazilian_joker_not_allowed_in_group() -> None:
    """B5: jokers are never in a group."""
    assert reasons(BR, "7S 7H JK") == "joker not allowed in a group (B5)"


def test_brazilian_one_joker_per_run() -> None:
    """B5: at most one joker per run."""
    assert BR.is_valid_meld("5H JK 7H 8H")
    assert "at most 1 joker per run, found 2 (B5)" in reasons(BR, "5H JK 7H JK")


def test_rummikub_jokers_are_free() -> None:
    """R3: any number of jokers in runs or groups, as long as one natural card is in it."""
    assert RK.is_valid_meld("5H JK JK")
    assert RK.is_valid_meld("JK 7S JK")
    assert RK.is_valid_meld("JK JK JK 9C")


def test_galician_base_has_no_jokers() -> None:
    """G1: the base Galician game has no jokers in melds."""
    assert "joker not allowed in a run (G12)" in reasons(GA, "5H JK 7H")


def test_galician_joker_variant_allows_jokers_in_runs_and_groups() -> None:
    """G12: in the joker variant jokers are wild in runs and groups."""
    assert GJ.is_valid_meld("5H JK 7H")
    assert GJ.is_valid_meld("7S 7H JK")


@pytest.mark.parametrize("profile", ALL, ids=lambda p: p.name)
@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_all_joker_melds_are_never_valid(profile: m.Profile, count: int) -> None:
    """§0: a meld made only of jokers is never valid."""
    assert not profile.is_valid_meld([JOKER] * count)


def test_joker_extends_run_past_the_ace_only_where_allowed() -> None:
    """B4/R2: a joker after K stands for the high ace only where the ace may be high."""
    assert BR.classify_meld("QH KH JK").high == 14
    assert RK.classify_meld("QH KH JK").jokers == (Card.parse("JH"),)


def test_empty_meld_is_invalid() -> None:
    """An empty meld is reported, not raised."""
    assert "empty meld" in reasons(RK, "")


def test_meld_result_str_and_repr() -> None:
    """A result reads well as text."""
    assert str(BR.classify_meld("5H JK 7H")) == "run 5H JK 7H"
    assert str(BR.classify_meld("7S 7H JK")).startswith("invalid meld 7S 7H JK")
    assert "kind=run" in repr(BR.classify_meld("5H JK 7H"))


def test_group_and_run_low_high_are_none_for_groups() -> None:
    """low/high are defined for runs only."""
    result = RK.classify_meld("7S 7H 7D")
    assert result.low is None and result.high is None


def test_classify_meld_accepts_cards_or_text() -> None:
    """The shortcut accepts notation, card strings or Card objects."""
    assert BR.is_valid_meld("7H 8H 9H")
    assert BR.is_valid_meld(["7H", "8H", "9H"])
    assert m.classify_meld(cards("7H 8H 9H"), BR)


# -- properties ------------------------------------------------------------------

PROFILES = st.sampled_from(ALL)


@given(st.data())
def test_generated_melds_are_valid(data: st.DataObject) -> None:
    """Generated valid runs and groups validate under their profile."""
    profile = data.draw(PROFILES)
    meld = data.draw(mst.melds(profile))
    assert profile.is_valid_meld(meld)


@given(st.data())
def test_any_order_of_a_valid_meld_is_valid(data: st.DataObject) -> None:
    """§0: validity never depends on the order the cards are written in."""
    profile = data.draw(PROFILES)
    meld = data.draw(mst.melds(profile))
    shuffled = data.draw(st.permutations(meld))
    assert profile.classify_meld(shuffled).kind == profile.classify_meld(meld).kind


@given(st.data())
def test_resolved_jokers_make_a_valid_natural_meld(data: st.DataObject) -> None:
    """Replacing each joker by the card it stands for gives a valid joker-free meld."""
    profile = data.draw(PROFILES)
    result = profile.classify_meld(data.draw(mst.melds(profile)))
    natural = attrs.evolve(profile, jokers=0, joker_policy="none", joker_swap=False)
    assert natural.classify_meld(result.resolved).kind == result.kind
    assert all(c == r for c, r in zip(result.cards, result.resolved, strict=True) if c != JOKER)


@given(st.data())
def test_removing_an_inner_card_breaks_a_run(data: st.DataObject) -> None:
    """§0: a jokerless run with an inner card removed is not a run (ace kept low)."""
    profile = data.draw(PROFILES)
    plain = mst.runs(profile, shuffle=False).filter(lambda r: JOKER not in r)
    if profile.ace == "low_or_high":  # A 2 3 … K minus 2 is the run 3 … K A
        plain = plain.filter(lambda r: all(c.rank != m.Rank.ACE for c in r))
    run = sorted(data.draw(plain))
    result = profile.classify_meld(run)
    order = [run[i] for i in result.order]
    if len(order) < 4:
        return
    inner = data.draw(st.integers(1, len(order) - 2))
    assert not profile.is_valid_meld(order[:inner] + order[inner + 1 :])


@given(st.data())
def test_a_joker_may_replace_any_single_card_where_allowed(data: st.DataObject) -> None:
    """B5/R3/G12: a joker can replace any one card of a meld exactly where the profile allows."""
    profile = data.draw(PROFILES)
    meld = list(data.draw(mst.melds(profile).filter(lambda x: JOKER not in x)))
    kind = profile.classify_meld(meld).kind
    i = data.draw(st.integers(0, len(meld) - 1))
    meld[i] = JOKER
    allowed = profile.joker_policy == "free" or (
        profile.joker_policy == "runs" and kind is MeldKind.RUN
    )
    assert profile.is_valid_meld(meld) == allowed


@given(st.data())
def test_invalid_melds_are_invalid_and_explained(data: st.DataObject) -> None:
    """Generated invalid melds never validate and always carry a reason with a rule section."""
    profile = data.draw(PROFILES)
    result = profile.classify_meld(data.draw(mst.invalid_melds(profile)))
    assert not result
    assert result.problems
    assert all(p.rule for p in result.problems)


@given(PROFILES, mst.card_lists(max_size=16))
def test_classification_never_raises(profile: m.Profile, meld: tuple[Card, ...]) -> None:
    """Any list of cards gets a verdict: a kind, or problems — never an exception."""
    result = profile.classify_meld(meld)
    assert bool(result) != bool(result.problems)


@given(st.data())
def test_meld_extensions_are_exact(data: st.DataObject) -> None:
    """meld_extensions lists exactly the cards whose addition keeps the meld valid (G4)."""
    profile = data.draw(PROFILES)
    meld = data.draw(mst.melds(profile))
    extensions = m.meld_extensions(meld, profile)
    for card in [*(m.Card.from_code(i) for i in range(52)), JOKER]:
        assert (card in extensions) == profile.is_valid_meld((*meld, card)), card


@given(st.data())
def test_fast_validity_agrees_with_classification(data: st.DataObject) -> None:
    """The yes/no validity of the hot paths gives classify_meld's verdict (§0, B5, R3)."""
    from mexemexe._melds import _is_valid

    profile = data.draw(PROFILES)
    meld = data.draw(
        st.one_of(mst.melds(profile), mst.invalid_melds(profile), mst.card_lists(max_size=8))
    )
    naturals = [c.code for c in meld if c != JOKER]
    verdict = _is_valid(naturals, len(meld) - len(naturals), profile._meld_rules)
    assert verdict == profile.is_valid_meld(meld)


WINDOW_PROFILES = [
    *(m.get_profile(name) for name in ("brazilian", "rummikub", "galician", "galician-jokers")),
    # B5 with two jokers a run: a lone natural may carry two, but never in a group.
    attrs.evolve(m.get_profile("brazilian"), name="brazilian-2j", max_jokers_per_meld=2),
]


@pytest.mark.parametrize("profile", WINDOW_PROFILES, ids=lambda p: p.name)
def test_meld_extensions_agree_with_validity_on_every_window(profile: m.Profile) -> None:
    """Every run window of a suit (gaps and all) and every group, with 0-3 jokers (G4, B5, R3).

    The extensions are the cards whose addition `_is_valid` accepts, card by card.
    """
    from mexemexe._melds import _extension_codes, _is_valid

    rules = profile._meld_rules
    melds = [[r * 4 + s for s in suits] for r in range(13) for suits in _subsets(4)]
    for lo in range(1, 14):
        for hi in range(lo, 14):
            window = [(v - 1) * 4 + 2 for v in range(lo, hi + 1)]
            melds.extend([window, window[1:], window[:1] + window[2:], [*window[:-1], 2]])
    for codes in melds:
        for jokers in range(4):
            expected = []
            if _is_valid(codes, jokers, rules):
                expected = [
                    x for x in range(52) if x not in codes and _is_valid([*codes, x], jokers, rules)
                ]
                expected += [JOKER.code] * _is_valid(codes, jokers + 1, rules)
            assert _extension_codes(codes, jokers, rules) == expected, (codes, jokers)


def _subsets(n: int) -> list[tuple[int, ...]]:
    return [tuple(i for i in range(n) if mask >> i & 1) for mask in range(1, 1 << n)]


def test_a_card_a_joker_stands_for_extends_the_meld() -> None:
    """A joker gives way to its natural card and moves to an end (R3, G12)."""
    assert Card.parse("QS") in m.meld_extensions(m.parse_cards("10S JS JK"), RK)
    assert Card.parse("7D") in m.meld_extensions(m.parse_cards("7S 7H JK"), RK)
