"""The shortcuts `ranked` takes keep the reference's plays, in its order (issue: solver).

`ranked` makes a value-14 way's one play without a loop over copies, counts
the copies that may be placed from a way's naturals, shares one order when no
copy may be left out, tests two plays alike inline and the rest with
`undominated`; `runs_stronger` rules pairs out on their fields' sums before
matching runs. Each is checked here against the plain way of making the plays
(`tests.test_solver_plays.reference`): runs as section 0, jokers as B5 or R3.
"""

from __future__ import annotations

import random

import pytest

from mexemexe.solver import _suit_plays
from mexemexe.solver._runs import desc, pack, runs_stronger
from mexemexe.solver._suit_plays import Option, ranked
from tests.test_solver_plays import RULES, matched_some_order, random_arguments, reference


def many_runs_arguments(rng: random.Random) -> tuple[int, int, int, int, int, int, bool, int]:
    """A suit step with three or four open runs: many ways, so plays alike often (B4, R3)."""
    run_cap, min_run, track, top = rng.choice(RULES)
    runs = [
        desc(rng.randint(1, min_run), rng.randint(0, 1) if track else 0, 1, 0, rng.randint(0, 1))
        for _ in range(rng.randint(3, 4))
    ]
    value = rng.choice([2, 2, 13, 14] if top == 14 else [2, 2, 13])
    return (pack(runs), rng.randint(0, 3), rng.randint(0, 3), value, run_cap, min_run, track, top)


def test_plays_at_the_ace_after_the_king_match_the_reference() -> None:
    """At value 14 (ace high, B4) each way's one play is the reference's, in its order."""
    rng = random.Random(41)
    tried = 0
    while tried < 800:
        arguments = random_arguments(rng)
        if arguments[7] != 14:
            continue
        arguments = (*arguments[:3], 14, *arguments[4:])
        tried += 1
        assert ranked.__wrapped__(*arguments) == reference(*arguments), arguments


def test_with_no_copy_that_may_be_left_out_both_orders_are_one() -> None:
    """With no hand copy, every play leaves none out: the order by loss is the order found."""
    rng = random.Random(43)
    for _ in range(300):
        arguments = random_arguments(rng)
        arguments = (*arguments[:2], 0, *arguments[3:])
        as_found, by_loss = ranked.__wrapped__(*arguments)
        assert by_loss is as_found
        assert (as_found, by_loss) == reference(*arguments), arguments


def test_plays_alike_in_threes_keep_the_reference_s(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where three plays or more are alike, the plays kept are the reference's (R3, B5)."""
    groups: list[int] = []
    plain = _suit_plays.undominated

    def counted(found: list[Option]) -> list[Option]:
        groups.append(len(found))
        return plain(found)

    monkeypatch.setattr(_suit_plays, "undominated", counted)
    rng = random.Random(47)
    for _ in range(600):
        arguments = many_runs_arguments(rng)
        got = ranked.__wrapped__(*arguments)
        monkeypatch.setattr(_suit_plays, "undominated", plain)
        assert got == reference(*arguments), arguments
        monkeypatch.setattr(_suit_plays, "undominated", counted)
    assert any(size >= 3 for size in groups)  # the long path was taken


def test_runs_with_other_jokers_in_all_are_never_stronger() -> None:
    """Longer runs holding other jokers in all do not match shorter ones (B5), as by every order."""
    plain = desc(3, 0, 1, 0)
    joker = desc(3, 1, 1, 0)
    short = desc(2, 0, 1, 0)
    assert not runs_stronger.__wrapped__(pack([joker, plain]), pack([short, short]))
    assert not matched_some_order(pack([joker, plain]), pack([short, short]))
    assert matched_some_order(pack([plain, plain]), pack([short, short]))
    assert runs_stronger.__wrapped__(pack([plain, plain]), pack([short, short]))
