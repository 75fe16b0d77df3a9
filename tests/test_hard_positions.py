"""Hard self-play positions for the exact solver (issue: fast in the worst case, item 2).

Each position is one of the slowest `best_play` calls of seeded GreedyBot
rounds (`benchmarks/collect_hard_positions.py`, recorded in
`benchmarks/hard_positions.json` with their optima); the last two are the
positions the issue quotes. The answer must keep its value: these are the
positions where the search proves, over a large table, that no better play
exists, which is where a faster proof could go wrong. The ones that take
more than a second are marked slow (``--run-slow``).
"""

from __future__ import annotations

from collections import Counter

import pytest

import mexemexe as m
from mexemexe import solver
from tests.solver_positions import ISSUE_HAND_1, ISSUE_HAND_2, ISSUE_TABLE_1, ISSUE_TABLE_2

#: (profile, table, hand, cards placed in the optimum).
HARD = [
    pytest.param(
        "brazilian",
        "AD 2D JK | AS JK 3S 4S 5S | 2D 3D 4D | 2H 3H 4H 5H 6H | 4H 5H 6H | 4S 4D 4C | "
        "3C 4C 5C 6C JK 8C 9C | 6D 7D 8D | 7D 8D 9D | 7S 8S 9S 10S JS | 8H 9H JK JH | "
        "10S 10H 10D | JD QD KD | QC KC AC | QS QH QD QC",
        "3C KC",
        0,
        id="brazilian-nothing-fits",
    ),
    pytest.param(
        "brazilian",
        "AH 2H 3H | 4S 4H 4C | 2D 3D 4D | AC 2C 3C 4C | 5S 5H 5D | 2D 3D 4D JK 6D | "
        "7S 7H 7C | 8S 8D 8C | 6D 7D 8D | 9S 9D 9H | 9S 9D 9C | 7H 8H 9H 10H | KS KD KC | "
        "JD QD KD | JS JK KS AS | QH KH AH | AS AD AC",
        "5S 5H 6C JC QD JK",
        3,
        id="brazilian-half-the-hand",
    ),
    pytest.param(
        "brazilian",
        "AD 2D 3D 4D | AH 2H 3H | AS 2S 3S 4S 5S 6S 7S 8S | 4H 4D 4C | 5S 5H 5C | "
        "6H 7H 8H 9H 10H JH QH | 7D JK 9D 10D JD | 8C 9C 10C JK QC KC | 8S 9S JK JS QS | "
        "9S 9H 9D | KS KH KC | AS AD AC | 5D 6D 7D",
        "2C 3H 5C",
        2,
        id="brazilian-two-of-three",
    ),
    pytest.param(
        "rummikub",
        "AS AH AD | 2S 2H 2D 2C | 3S 3D 3C | 4S 4D 4C | 4S 4D 4C | 5H 5D 5C | 3H 4H 5H | "
        "6S 6H 6C | 6C JK 8C | 9H 10H JK | 8C 9C 10C | QS QH QC | 7S 8S 9S 10S JS QS | "
        "9H 10H JH QH | 7D 8D 9D 10D JD QD | KS KD KC | 10C JC QC KC",
        "2S 7S",
        0,
        id="rummikub-nothing-fits",
    ),
    pytest.param(
        "rummikub",
        "AD 2D 3D | AH 2H 3H 4H 5H | AS 2S 3S 4S | 2C 3C 4C | 4S 4D 4C | 5H 5D 5C | "
        "6C JK 8C | 6S 6H 6C | 7S JK 7D | 8S 8D 8C | 9D 10D JD | 9H 10H JH | 9S 9H 9C | "
        "10S 10H 10C | QS QH QC | QS QH QD | KS KD KC | 10C JC QC",
        "2S 7S KC",
        1,
        id="rummikub-one-of-three",
    ),
    pytest.param(
        "galician",
        "KS KH KD | 8H 9H 10H JH | 8D 9D 10D JD QD | 4D 5D 6D 7D",
        "2S 2D 4C 5S 7H 8S",
        1,
        id="galician-lay-off",
    ),
    pytest.param(
        "brazilian",
        ISSUE_TABLE_1,
        ISSUE_HAND_1,
        2,
        id="issue-position-1",
        marks=pytest.mark.slow,
    ),
    pytest.param(
        "brazilian",
        ISSUE_TABLE_2,
        ISSUE_HAND_2,
        2,
        id="issue-position-2",
        marks=pytest.mark.slow,
    ),
]


@pytest.mark.parametrize(("profile", "table", "hand", "optimum"), HARD)
def test_hard_position_keeps_its_recorded_optimum(
    profile: str, table: str, hand: str, optimum: int
) -> None:
    best = solver.best_play(table=table, hand=hand, profile=profile)
    assert best.exact
    assert len(best.placed) == optimum
    assert best.value == optimum
    old = m.Table.coerce(table)
    assert best.table.counts() == old.counts() + Counter(best.placed)
    assert Counter(best.placed) <= Counter(m.parse_cards(hand))
    assert m.get_profile(profile).validate_table(best.table)
