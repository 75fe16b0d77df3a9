"""Table validation with reasons (RULES.md §0, B1, B5, R1, R3)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import mexemexe as m
from mexemexe import strategies as mst

BR = m.get_profile("brazilian")
RK = m.get_profile("rummikub")
GA = m.get_profile("galician")
ALL = [BR, RK, GA, m.get_profile("galician-jokers")]


def test_valid_brazilian_table() -> None:
    """B4/B5: a run with a joker and a group of distinct suits is a valid table."""
    report = BR.validate_table(m.parse_table("5H JK 7H | 7S 7H 7D"))
    assert report
    assert report.ok
    assert report.problems == ()
    assert str(report).startswith("valid brazilian table: 2 melds")


def test_joker_in_group_reported_with_meld_index_and_rule() -> None:
    """B5: the report names the meld, its cards and the rule."""
    report = BR.validate_table(m.parse_table("5H JK 7H | 7S 7H JK"))
    assert not report
    (problem,) = report.problems
    assert problem.meld_index == 1
    assert problem.rule == "B5"
    assert str(problem) == "meld 1 (7S 7H JK): joker not allowed in a group (B5)"
    assert "joker not allowed in a group (B5)" in str(report)


def test_every_problem_is_listed() -> None:
    """All invalid melds are reported, not just the first."""
    report = RK.validate_table("7H 8H | 9S 9S 9D | 4C 5C 6C | QH KH AH")
    assert [p.meld_index for p in report.problems] == [0, 1, 3]
    assert [bool(r) for r in report.melds] == [False, False, True, False]


def test_third_joker_on_a_two_joker_table_is_invalid() -> None:
    """R1: the Rummikub-style deck holds 2 jokers."""
    report = RK.validate_table("5H JK 7H | JK 9C 10C | 3D 4D JK")
    assert not report
    assert any(
        p.meld_index is None and "3 jokers but the deck holds 2" in p.message
        for p in report.problems
    )
    assert report.problems[-1].rule == "R1"


def test_third_copy_of_a_card_is_invalid() -> None:
    """§0/B1: every natural card exists twice."""
    report = BR.validate_table("7H 8H 9H | 7H 8H 9H | 6H 7H 8H")
    assert [p.message for p in report.problems] == [
        "3 copies of 7H but the deck holds 2",
        "3 copies of 8H but the deck holds 2",
    ]


def test_galician_rejects_any_joker() -> None:
    """G1: no jokers in the base Galician deck, so a joker is both a bad meld and a bad count."""
    report = GA.validate_table("5H JK 7H")
    rules = {p.rule for p in report.problems}
    assert rules == {"G12", "G1"}


def test_validate_table_accepts_notation_and_sequences() -> None:
    """Tables may be given as text, Table or lists of cards."""
    text = "7H 8H 9H | 7S 7D 7C"
    assert BR.validate_table(text) == BR.validate_table(m.parse_table(text))
    assert BR.validate_table([["7H", "8H", "9H"], ["7S", "7D", "7C"]]).ok


def test_validate_table_raises_notation_error_on_bad_text() -> None:
    """Bad notation is a NotationError, not an invalid report."""
    with pytest.raises(m.NotationError):
        BR.validate_table("7H 8H XX")


def test_empty_table_is_valid() -> None:
    """A table with no melds is valid."""
    assert BR.validate_table("")


def test_module_level_validate_table_matches_method() -> None:
    """validate_table(table, profile) is the function behind profile.validate_table."""
    assert m.validate_table("7S 7H JK", BR) == BR.validate_table("7S 7H JK")


def test_report_repr_is_short() -> None:
    """The report repr summarises."""
    assert (
        repr(BR.validate_table("7S 7H JK")) == "<TableReport brazilian ok=False melds=1 problems=1>"
    )


@given(st.data())
def test_generated_tables_are_valid(data: st.DataObject) -> None:
    """Generated valid tables validate under their profile."""
    profile = data.draw(st.sampled_from(ALL))
    table = data.draw(mst.tables(profile))
    report = profile.validate_table(table)
    assert report, str(report)


@given(st.sampled_from(ALL), st.lists(mst.card_lists(max_size=7), max_size=8))
def test_validation_never_raises(profile: m.Profile, melds: list[tuple[m.Card, ...]]) -> None:
    """Any table gets a report; problems exist iff it is invalid, each with a rule."""
    report = profile.validate_table(melds)
    assert bool(report) == (not report.problems)
    assert len(report.melds) == len(melds)
    for problem in report.problems:
        assert problem.rule
        assert problem.meld_index is None or 0 <= problem.meld_index < len(melds)


@given(st.data())
def test_a_table_is_valid_iff_every_meld_is_and_counts_fit(data: st.DataObject) -> None:
    """Table validity is exactly: every meld valid and no card beyond the deck's copies."""
    profile = data.draw(st.sampled_from(ALL))
    melds = data.draw(
        st.lists(st.one_of(mst.melds(profile), mst.invalid_melds(profile)), max_size=5)
    )
    table = m.Table(melds)
    counts = table.counts()
    expected = all(profile.is_valid_meld(x) for x in melds) and all(
        counts[c] <= profile.copies(c) for c in counts
    )
    assert bool(profile.validate_table(table)) == expected
